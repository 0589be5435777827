//! `hupai bot`: one of hupai's built-in policies as an mjai bot on standard input and output, as
//! mjai.app's submissions speak: one JSON array of events a line in, one action a line out.

use std::io::{self, BufRead, Write};

use clap::Args;
use hupai_arena::Bot;
use hupai_player::PlayerKind;

use crate::arena::parse_rules;

#[derive(Args)]
pub(crate) struct BotArgs {
    /// The built-in policy playing (random, efficiency, and any other `hupai play` knows).
    #[arg(long, default_value = "efficiency")]
    policy: String,
    /// The rules: any preset (tenhou, mahjong-soul, m-league, wrc, tenhou-3p, mahjong-soul-3p, gb,
    /// gb-single, sichuan, hongzhong, changsha), a JSON object or a file holding one.
    /// `start_game`'s `rules`, when it names them, take precedence.
    #[arg(long, default_value = "tenhou")]
    rules: String,
    /// The seat played; `start_game`'s `id` must agree. Without it, `start_game`'s `id` names it.
    #[arg(long)]
    seat: Option<u8>,
    /// The seat as a last argument (how the arena starts a bot); the same as `--seat`.
    #[arg(value_name = "SEAT")]
    seat_arg: Option<u8>,
    /// Play on an mjai server instead (the original TCP protocol: `hello`, then `join`, then one
    /// event a line, each answered with one action a line).
    #[arg(long, value_name = "HOST:PORT")]
    connect: Option<String>,
    /// The name `join` gives (with `--connect`).
    #[arg(long, default_value = "hupai")]
    name: String,
    /// The room `join` asks for (with `--connect`).
    #[arg(long, default_value = "default")]
    room: String,
    /// Add to each answer with a decision the hupai player's explanation of it as `meta` (each
    /// candidate's odds, expected score, danger and value, the choice and the reason), as Mortal
    /// adds its own figures; mjai readers ignore the key.
    #[arg(long)]
    explain: bool,
}

/// Answers every line of standard input; an error ends the process with status 2.
pub(crate) fn run(args: &BotArgs) -> Result<(), String> {
    let rules = parse_rules(&args.rules)?;
    let kind: PlayerKind = args.policy.parse().map_err(|e: hupai_player::PlayerError| format!("--policy: {e}"))?;
    let seat = args.seat.or(args.seat_arg);
    if let Some(s) = seat
        && s >= rules.players
    {
        return Err(format!("--seat {s}: the rules seat {} players (0-{})", rules.players, rules.players - 1));
    }
    let mut bot = Bot::new(rules, kind, seat).explain(args.explain);
    if let Some(address) = &args.connect {
        return play_tcp(&mut bot, address, &args.name, &args.room);
    }
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read standard input: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = bot.react(&line).map_err(|e| format!("line {}: {e}", n + 1))?;
        writeln!(stdout, "{answer}").and_then(|()| stdout.flush()).map_err(|e| format!("cannot write: {e}"))?;
    }
    Ok(())
}

/// The original mjai client: `hello` answered with `join`, then every event (one a line) answered
/// with one action, until `end_game` or the server closes the connection.
fn play_tcp(bot: &mut Bot, address: &str, name: &str, room: &str) -> Result<(), String> {
    let stream = std::net::TcpStream::connect(address).map_err(|e| format!("--connect {address}: {e}"))?;
    // One short line each way per event: without this, Nagle's algorithm and delayed
    // acknowledgements hold every answer back tens of milliseconds.
    let _ = stream.set_nodelay(true);
    let mut writer = stream.try_clone().map_err(|e| format!("--connect {address}: {e}"))?;
    let reader = io::BufReader::new(stream);
    for (n, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| format!("{address}: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(&line).map_err(|e| format!("{address}, line {}: not JSON: {e}", n + 1))?;
        let answer = match value.get("type").and_then(serde_json::Value::as_str) {
            Some("hello") => serde_json::json!({"type": "join", "name": name, "room": room}).to_string(),
            Some("error") => return Err(format!("{address}: the server says {line}")),
            _ => bot.react(&line).map_err(|e| format!("{address}, line {}: {e}", n + 1))?,
        };
        writeln!(writer, "{answer}").map_err(|e| format!("{address}: {e}"))?;
        if value.get("type").and_then(serde_json::Value::as_str) == Some("end_game") {
            break;
        }
    }
    Ok(())
}
