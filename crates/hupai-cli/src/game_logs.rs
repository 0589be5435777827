//! Game logs on the command line: `replay` (every game of mjai, tenhou.net/6 or mjlog logs driven
//! through the engine, each result checked), `convert` (a log written again as mjai or
//! tenhou.net/6, from the engine's own replay of it) and `wall` (Tenhou's shuffle from a seed).

use std::io::{self, Read as _, Write};

use clap::{Args, ValueEnum};
use hupai_game::formats::{self, GameLog, LogError};
use hupai_game::replay::{self, Decision, Replayed};
use hupai_game::tenhou_shuffle::TenhouShuffle;
use hupai_game::{GameRules, mjai};
use rayon::prelude::*;
use serde_json::{Value, json};

/// `hupai replay`.
#[derive(Args)]
pub(crate) struct ReplayArgs {
    /// The rules to replay under: a preset name or a JSON object of flags (default: the rules the
    /// log names; an mjai log: tenhou, or tenhou-3p with three players).
    #[arg(long)]
    rules: Option<String>,
    /// Also print, for every decision where a seat could do more than pass, its legal actions and
    /// the one the log records.
    #[arg(long)]
    legal: bool,
    /// Log files (`-` reads stdin); the format of each is detected.
    #[arg(required = true)]
    files: Vec<String>,
}

/// The formats `convert` writes.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum To {
    /// mjai JSON lines.
    Mjai,
    /// tenhou.net/6 JSON, one game a line.
    Tenhou6,
}

/// `hupai convert`.
#[derive(Args)]
pub(crate) struct ConvertArgs {
    /// The format to write.
    #[arg(long, value_enum)]
    to: To,
    /// The rules the log is replayed under (as for `replay`).
    #[arg(long)]
    rules: Option<String>,
    /// The log (`-` reads stdin).
    file: String,
}

/// `hupai wall`.
#[derive(Args)]
pub(crate) struct WallArgs {
    /// A Tenhou log's shuffle seed (`mt19937ar-sha512-n288-base64,…`).
    #[arg(long)]
    tenhou: String,
    /// How many hands' walls to print.
    #[arg(long, default_value_t = 1)]
    hands: u32,
    /// Players: 4, or 3 (108 tiles).
    #[arg(long, default_value_t = 4)]
    players: u8,
}

fn read_text(file: &str) -> io::Result<String> {
    if file == "-" {
        let mut s = String::new();
        io::stdin().read_to_string(&mut s)?;
        Ok(s)
    } else {
        std::fs::read_to_string(file)
    }
}

fn rules_arg(rules: &Option<String>) -> Result<Option<GameRules>, String> {
    rules.as_deref().map(|r| GameRules::from_json(r).map_err(|e| e.to_string())).transpose()
}

fn replay_one(
    log: &GameLog,
    game: usize,
    rules: Option<GameRules>,
    on: &mut dyn FnMut(&Decision),
) -> Result<Replayed, LogError> {
    let rules = rules.unwrap_or_else(|| replay::default_rules(log));
    replay::replay(log, game, rules, on)
}

fn failure(file: &str, e: &LogError) -> Value {
    json!({"file": file, "game": e.game, "ok": false, "kyoku": e.kyoku, "event": e.event, "error": e.message})
}

/// One game to replay, or a file that could not be read.
enum Job {
    Game { file: String, game: usize, log: Result<GameLog, LogError> },
    Unreadable { file: String, error: String },
}

/// `hupai replay`: one line per game (the games replayed in parallel, printed in order); true if
/// any failed.
pub(crate) fn run_replay(args: &ReplayArgs, out: &mut dyn Write) -> io::Result<bool> {
    let rules = match rules_arg(&args.rules) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("hupai replay: {e}");
            return Ok(true);
        }
    };
    let mut jobs = Vec::new();
    for file in &args.files {
        match read_text(file).map_err(|e| e.to_string()).and_then(|text| formats::read(&text)) {
            Ok(games) => jobs.extend(games.into_iter().enumerate().map(|(game, log)| Job::Game {
                file: file.clone(),
                game,
                log,
            })),
            Err(error) => jobs.push(Job::Unreadable { file: file.clone(), error }),
        }
    }
    let results: Vec<(Vec<Value>, bool)> = jobs
        .par_iter()
        .map(|job| match job {
            Job::Unreadable { file, error } => {
                (vec![json!({"file": file, "game": 0, "ok": false, "kyoku": "start", "event": 0, "error": error})], true)
            }
            Job::Game { file, game, log } => {
                let mut lines: Vec<Value> = Vec::new();
                let result = match log {
                    Ok(log) => {
                        let mut on = |d: &Decision| {
                            if args.legal {
                                let legal: Vec<Value> = d.legal.iter().map(|a| mjai::action_json(d.seat, d.target, a)).collect();
                                lines.push(json!({"game": game, "event": d.event, "seat": d.seat, "legal": legal,
                                    "chosen": mjai::action_json(d.seat, d.target, &d.chosen)}));
                            }
                        };
                        replay_one(log, *game, rules, &mut on)
                    }
                    Err(e) => Err(e.clone()),
                };
                match result {
                    Ok(r) => {
                        lines.push(json!({"file": file, "game": game, "ok": true, "kyoku": r.kyoku, "decisions": r.decisions, "scores": r.scores}));
                        (lines, false)
                    }
                    Err(e) => {
                        lines.push(failure(file, &e));
                        (lines, true)
                    }
                }
            }
        })
        .collect();
    let mut failed = false;
    for (lines, bad) in results {
        failed |= bad;
        for l in lines {
            writeln!(out, "{l}")?;
        }
    }
    Ok(failed)
}

/// `hupai convert`: the engine's events of each game, in the chosen format; true if any failed.
pub(crate) fn run_convert(args: &ConvertArgs, out: &mut dyn Write) -> io::Result<bool> {
    let rules = match rules_arg(&args.rules) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("hupai convert: {e}");
            return Ok(true);
        }
    };
    let text = match read_text(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("hupai convert: {}: {e}", args.file);
            return Ok(true);
        }
    };
    let games = match formats::read(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("hupai convert: {}: {e}", args.file);
            return Ok(true);
        }
    };
    let mut failed = false;
    for (game, log) in games.iter().enumerate() {
        let replayed = log
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|log| replay_one(log, game, rules, &mut |_| {}).map(|r| (log, r)));
        match replayed {
            Ok((log, r)) => match args.to {
                To::Mjai => out.write_all(mjai::write(&r.events, r.rules.players).as_bytes())?,
                To::Tenhou6 => match formats::tenhou6::check_rules(&r.rules) {
                    Ok(()) => writeln!(out, "{}", formats::tenhou6::write(&r.events, &r.rules, &log.header.names))?,
                    Err(e) => {
                        failed = true;
                        eprintln!("hupai convert: {}: game {game}: {e}", args.file);
                    }
                },
            },
            Err(e) => {
                failed = true;
                eprintln!("hupai convert: {}: {e}", args.file);
            }
        }
    }
    Ok(failed)
}

/// `hupai wall --tenhou SEED`: each hand's tile ids and dice, one JSON line a hand.
pub(crate) fn run_wall(args: &WallArgs, out: &mut dyn Write) -> io::Result<bool> {
    if !matches!(args.players, 3 | 4) {
        eprintln!("hupai wall: --players must be 3 or 4");
        return Ok(true);
    }
    let mut shuffle = match TenhouShuffle::from_seed(&args.tenhou) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hupai wall: {e}");
            return Ok(true);
        }
    };
    for hand in 0..args.hands {
        let wall = shuffle.next_wall(args.players);
        let ids: Vec<u8> = wall.ids().iter().map(|id| id.0).collect();
        writeln!(out, "{}", json!({"hand": hand, "yama": ids, "dice": wall.dice}))?;
    }
    Ok(false)
}
