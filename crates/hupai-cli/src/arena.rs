//! `hupai arena`: built-in policies and external bots seated in duplicate sets, the results as a
//! table with 95 % intervals (or `--json`), every game's mjai log with `--out`; `--bench` times
//! the arena beside `hupai play`'s loop on the same games.

use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use hupai_arena::{Arena, Player};
use hupai_game::policy;
use hupai_game::{Game, GameRules};
use hupai_player::{PlayerError, PlayerKind};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

#[derive(Args)]
pub(crate) struct ArenaArgs {
    /// The rules: any preset (tenhou, mahjong-soul, m-league, wrc, tenhou-3p, mahjong-soul-3p, gb,
    /// gb-single, sichuan, hongzhong, changsha), a JSON object or a file holding one.
    #[arg(long, default_value = "tenhou")]
    rules: String,
    /// Sets to play: each a sequence of walls, played at every seat rotation.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Set i is dealt from the seed S + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// An external bot: a command speaking the mjai protocol on stdin/stdout, started for each
    /// table with its seat as the last argument. Repeat `--player` and `--policy` once per seat,
    /// in the first table's seat order.
    #[arg(long, value_name = "CMD")]
    player: Vec<String>,
    /// A built-in policy (random, efficiency, …) for the next seat.
    #[arg(long, value_name = "NAME")]
    policy: Vec<String>,
    /// Write every game's mjai log to DIR/set-<i>-<table>.mjson.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print the results as one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// How long an external bot may take over one answer, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// One table a set (no seat rotation).
    #[arg(long)]
    single: bool,
    /// Play each distinct seating once: a rotation seating the same players (the same policy or
    /// command) at every seat as an earlier one is counted as that table's game, not played again
    /// (halves a run of two players seated two and two). Only for bots that answer the same
    /// events the same way; no log is written for a repeated table.
    #[arg(long, conflicts_with = "single")]
    distinct_seatings: bool,
    /// Print one JSON line of speed: the arena's decisions a second beside `hupai play`'s loop
    /// on the same games (built-in players), and the external bots' time per decision.
    #[arg(long)]
    bench: bool,
    /// Merge the results of earlier runs (each `--json`'s object, in files, `-` for standard
    /// input; objects one after another) into one, printed as a table or with `--json`: runs of
    /// other sets, say on other machines, with the same players and rules.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["player", "policy", "bench", "out"])]
    merge: Vec<PathBuf>,
    /// Serve games on ADDR (HOST:PORT) as an mjai TCP server: clients (`hello` answered with
    /// `join`, then one answer an event) take the seats the `--policy` players leave, in the
    /// order they join; one JSON line a game.
    #[arg(long, value_name = "ADDR", conflicts_with_all = ["player", "bench", "merge", "out", "single", "distinct_seatings"])]
    listen: Option<String>,
}

/// `--rules`: a preset, a JSON object, or a file holding one.
pub(crate) fn parse_rules(text: &str) -> Result<GameRules, String> {
    let text = text.trim();
    if GameRules::preset(text).is_some() || text.starts_with('{') {
        GameRules::from_json(text).map_err(|e| format!("--rules: {e}"))
    } else if Path::new(text).is_file() {
        let json = fs::read_to_string(text).map_err(|e| format!("--rules: cannot read {text}: {e}"))?;
        GameRules::from_json(&json).map_err(|e| format!("--rules {text}: {e}"))
    } else {
        GameRules::from_json(text).map_err(|e| format!("--rules: {e} (or a JSON object, or a file holding one)"))
    }
}

/// The players in the command line's order: `--player` and `--policy` as they were given.
fn players_in_order(args: &ArenaArgs) -> Result<Vec<Player>, String> {
    let mut commands = args.player.iter();
    let mut policies = args.policy.iter();
    let mut out = Vec::new();
    let argv: Vec<String> = std::env::args().collect();
    for a in &argv {
        let which = if a == "--player" || a.starts_with("--player=") {
            Some(true)
        } else if a == "--policy" || a.starts_with("--policy=") {
            Some(false)
        } else {
            None
        };
        match which {
            Some(true) => {
                if let Some(c) = commands.next() {
                    out.push(Player::Command(c.clone()));
                }
            }
            Some(false) => {
                if let Some(p) = policies.next() {
                    let kind: PlayerKind = p.parse().map_err(|e: PlayerError| format!("--policy: {e}"))?;
                    out.push(Player::Policy(kind));
                }
            }
            None => {}
        }
    }
    // Whatever the scan missed (a caller building the arguments otherwise): commands, then policies.
    out.extend(commands.map(|c| Player::Command(c.clone())));
    for p in policies {
        let kind: PlayerKind = p.parse().map_err(|e: PlayerError| format!("--policy: {e}"))?;
        out.push(Player::Policy(kind));
    }
    Ok(out)
}

/// `--merge`: every JSON object of the files, in order.
fn read_reports(files: &[PathBuf]) -> Result<Vec<serde_json::Value>, String> {
    let mut reports = Vec::new();
    for file in files {
        let (name, text) = if file.as_os_str() == "-" {
            let mut text = String::new();
            io::Read::read_to_string(&mut io::stdin(), &mut text).map_err(|e| format!("--merge -: {e}"))?;
            ("standard input".to_string(), text)
        } else {
            let text = fs::read_to_string(file).map_err(|e| format!("--merge {}: {e}", file.display()))?;
            (file.display().to_string(), text)
        };
        for (k, value) in serde_json::Deserializer::from_str(&text).into_iter::<serde_json::Value>().enumerate() {
            reports.push(value.map_err(|e| format!("--merge {name}, object {}: {e}", k + 1))?);
        }
    }
    Ok(reports)
}

pub(crate) fn run(args: &ArenaArgs, out: &mut impl Write) -> Result<bool, String> {
    if !args.merge.is_empty() {
        let report = hupai_arena::Report::merge(&read_reports(&args.merge)?).map_err(|e| format!("--merge: {e}"))?;
        if args.json {
            writeln!(out, "{}", report.to_json()).map_err(|e| e.to_string())?;
        } else {
            write!(out, "{report}").map_err(|e| e.to_string())?;
        }
        return Ok(false);
    }
    let rules = parse_rules(&args.rules)?;
    if let Some(address) = &args.listen {
        let policies: Vec<PlayerKind> = players_in_order(args)?
            .into_iter()
            .filter_map(|p| match p {
                Player::Policy(kind) => Some(kind),
                _ => None,
            })
            .collect();
        crate::listen::serve(address, rules, &policies, args.games, args.seed, out)?;
        return Ok(false);
    }
    let mut players = players_in_order(args)?;
    if players.is_empty() && args.bench {
        players = vec![Player::Policy(PlayerKind::Efficiency); usize::from(rules.players)];
    }
    if args.threads == Some(0) {
        return Err("--threads must be at least 1".into());
    }
    let mut arena = Arena::new(rules, players, args.games);
    arena.seed = args.seed;
    arena.duplicate = !args.single;
    arena.distinct_seatings = args.distinct_seatings;
    arena.timeout = Duration::from_millis(args.timeout_ms.max(1));
    arena.threads = args.threads;
    arena.out = args.out.clone();
    let tables = args.games * arena.repeats().iter().filter(|r| r.is_none()).count() as u64;
    let bar = if tables >= 16 && io::stderr().is_terminal() {
        let bar = ProgressBar::new(tables);
        bar.set_style(
            ProgressStyle::with_template("[{bar:40}] {pos}/{len} games ({per_sec}, {eta} left)")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let report = arena.run(&|| bar.inc(1)).map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if args.bench {
        // `hupai play`'s loop on the same games: the same walls, the built-in players, no
        // events recorded (as `play --bench` plays).
        let builtin: Vec<PlayerKind> = arena
            .players
            .iter()
            .map(|p| match p {
                Player::Policy(k) => *k,
                _ => PlayerKind::Efficiency,
            })
            .collect();
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = args.threads {
            pool = pool.num_threads(t);
        }
        let pool = pool.build().map_err(|e| format!("cannot start the threads: {e}"))?;
        let n = usize::from(rules.players);
        let start = Instant::now();
        let decisions: u64 = pool.install(|| {
            (0..tables)
                .into_par_iter()
                .map(|job| {
                    let set = job / arena.tables() as u64;
                    let mut game = Game::new(rules, args.seed.wrapping_add(set));
                    game.set_recording(false);
                    let mut seats: Vec<Box<dyn policy::Policy + Send>> =
                        (0..n).map(|p| builtin[p].build(set.wrapping_mul(31).wrapping_add(p as u64))).collect();
                    let mut d = 0;
                    while let Some(seat) = game.next_seat() {
                        let legal = game.legal_actions(seat);
                        let a = seats[usize::from(seat)].choose(&game, seat, &legal);
                        if game.apply(seat, a).is_err() {
                            break;
                        }
                        d += 1;
                    }
                    d
                })
                .sum()
        });
        let play_seconds = start.elapsed().as_secs_f64();
        let arena_rate = report.decisions as f64 / report.seconds;
        let play_rate = decisions as f64 / play_seconds;
        let line = serde_json::json!({
            "rules": report.rules,
            "games": report.games,
            "threads": report.threads,
            "arena_decisions": report.decisions,
            "arena_seconds": report.seconds,
            "arena_decisions_per_second": arena_rate,
            "play_decisions": decisions,
            "play_seconds": play_seconds,
            "play_decisions_per_second": play_rate,
            "arena_over_play": arena_rate / play_rate,
            "external_decisions": report.external_decisions,
            "external_microseconds_per_decision": report.external_microseconds_per_decision,
        });
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
        return Ok(false);
    }
    if args.json {
        writeln!(out, "{}", report.to_json()).map_err(|e| e.to_string())?;
    } else {
        write!(out, "{report}").map_err(|e| e.to_string())?;
    }
    let faults: u64 = report.players.iter().map(|p| p.faults.crash + p.faults.timeout + p.faults.illegal).sum();
    if faults > 0 {
        eprintln!("hupai arena: {faults} faults of external bots (decisions lost to the default action; see faults)");
    }
    Ok(false)
}
