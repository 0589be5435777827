//! `hupai arena --listen ADDR`: a TCP mjai server as the original mjai ran one. Each game waits
//! for the clients that fill the seats the `--policy` players leave (`hello` sent, `join`
//! answered), then sends every client every event as its seat sees it, one JSON object a line,
//! and reads one answer to each; a seat's answer to the last event before its decision is its
//! action. An answer that is not a legal action, or a client that leaves, loses the decision to
//! the default action (counted in `illegal` and said on standard error) and the game goes on.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};

use hupai_arena::protocol;
use hupai_game::{Game, GameRules};
use hupai_player::PlayerKind;

/// One joined client.
struct Client {
    name: String,
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    /// Its answer to the last event it was sent.
    last: Option<String>,
    gone: bool,
}

impl Client {
    fn send(&mut self, line: &str) -> Option<String> {
        if self.gone {
            return None;
        }
        let mut answer = String::new();
        let ok = writeln!(self.writer, "{line}").is_ok() && self.reader.read_line(&mut answer).is_ok_and(|n| n > 0);
        if !ok {
            self.gone = true;
            return None;
        }
        Some(answer.trim().to_string())
    }
}

fn join(listener: &TcpListener) -> Result<Client, String> {
    let (stream, peer) = listener.accept().map_err(|e| format!("--listen: {e}"))?;
    let _ = stream.set_nodelay(true);
    let writer = stream.try_clone().map_err(|e| format!("--listen: {e}"))?;
    let mut client = Client { name: peer.to_string(), reader: BufReader::new(stream), writer, last: None, gone: false };
    let hello = serde_json::json!({"type": "hello", "protocol": "mjsonp", "protocol_version": 3}).to_string();
    let answer = client.send(&hello).ok_or_else(|| format!("--listen: {peer} left before joining"))?;
    let value: serde_json::Value =
        serde_json::from_str(&answer).map_err(|e| format!("--listen: {peer} answered hello with {answer}: {e}"))?;
    if value.get("type").and_then(serde_json::Value::as_str) != Some("join") {
        return Err(format!("--listen: {peer} answered hello with {answer}, not join"));
    }
    if let Some(name) = value.get("name").and_then(serde_json::Value::as_str) {
        client.name = name.to_string();
    }
    Ok(client)
}

/// Plays `games` games (game i dealt from `seed + i`), the clients at the first seats in the
/// order they join, the policies after them; one JSON line a game on `out`.
pub(crate) fn serve(
    address: &str,
    rules: GameRules,
    policies: &[PlayerKind],
    games: u64,
    seed: u64,
    out: &mut impl Write,
) -> Result<(), String> {
    let n = usize::from(rules.players);
    if policies.len() >= n {
        return Err(format!(
            "--listen: {} policies fill the {n} seats; leave at least one to the clients",
            policies.len()
        ));
    }
    let listener = TcpListener::bind(address).map_err(|e| format!("--listen {address}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| format!("--listen {address}: {e}"))?;
    eprintln!("hupai arena: listening on {bound} for {} mjai client(s) a game", n - policies.len());
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let mut clients = Vec::new();
        for _ in policies.len()..n {
            clients.push(join(&listener)?);
        }
        let mut seats: Vec<Option<Box<dyn hupai_game::policy::Policy + Send>>> = (0..n)
            .map(|s| {
                s.checked_sub(clients.len())
                    .map(|p| policies[p].build(game_seed.wrapping_mul(31).wrapping_add(s as u64)))
            })
            .collect();
        let mut game = Game::new(rules, game_seed);
        let mut sent = 0usize;
        let mut illegal = vec![0u64; n];
        loop {
            for event in &game.events()[sent..] {
                for (s, c) in clients.iter_mut().enumerate() {
                    let line = protocol::event_value(event, s as u8, rules.players).to_string();
                    c.last = c.send(&line);
                }
            }
            sent = game.events().len();
            let Some(seat) = game.next_seat() else { break };
            let s = usize::from(seat);
            let legal = game.legal_actions(seat);
            let action = match seats[s].as_mut() {
                Some(policy) => policy.choose(&game, seat, &legal),
                None => {
                    let c = &mut clients[s];
                    let answer = c.last.take().unwrap_or_else(|| r#"{"type":"none"}"#.to_string());
                    match protocol::read_action(&answer, seat).ok().and_then(|a| protocol::match_legal(&legal, &a)) {
                        Some(a) => a,
                        None => {
                            illegal[s] += 1;
                            eprintln!(
                                "hupai arena: game {g}, seat {seat} ({}), {}: {} is not a legal action",
                                c.name,
                                game.kyoku_name(),
                                if c.gone { "no answer (the client left)".to_string() } else { answer }
                            );
                            protocol::default_action(&legal)
                        }
                    }
                }
            };
            game.apply(seat, action).map_err(|e| format!("game {g}: the engine refused {action:?}: {e}"))?;
        }
        let names: Vec<String> = (0..n)
            .map(|s| clients.get(s).map_or_else(|| policies[s - clients.len()].name().to_string(), |c| c.name.clone()))
            .collect();
        let line = serde_json::json!({
            "game": g,
            "seed": game_seed,
            "names": names,
            "scores": &game.scores()[..n],
            "illegal": illegal,
            "decisions": game.decisions(),
        });
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}
