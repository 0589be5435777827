//! `hupai play`: self-play with the built-in policies of `hupai_game::policy`, every game's log
//! written (mjai JSON lines), or with `--bench` one JSON line of speed instead, or with
//! `--summary` one JSON line of what happened (wins, draws, fans, events).
//!
//! Game `i` of a run is dealt from the seed `S + i` and played by a policy seeded with the same
//! number, so a game's log depends only on the rules, the policy and that number: the same on
//! every machine and with any number of threads. Games are played in parallel (rayon) and
//! written in order.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, ValueEnum};
use hupai_game::policy::{self, PolicyKind};
use hupai_game::{Event, Game, GameRules};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use crate::json;

/// Games played (and held in memory) per parallel round when logs are written.
const ROUND: u64 = 256;
/// Games `--bench` plays when `--games` is not given.
const BENCH_GAMES: u64 = 2000;
/// Runs of at least this many games show a progress bar (on a terminal).
const PROGRESS_FROM: u64 = 64;

/// Log formats `play` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// mjai JSON lines: one event per line.
    Mjai,
    /// tenhou.net/6 JSON: one game per line.
    Tenhou6,
}

#[derive(Args)]
pub(crate) struct PlayArgs {
    /// The rules: a preset (tenhou, mahjong-soul, m-league, wrc, tenhou-3p, mahjong-soul-3p, gb,
    /// gb-single, gb-botzone, hongzhong, changsha, sichuan), a JSON object (`{"preset": "tenhou", "length": "east"}`) or a file
    /// holding one.
    #[arg(long, default_value = "tenhou")]
    rules: String,
    /// Games to play (default 1; 2000 with `--bench`).
    #[arg(long)]
    games: Option<u64>,
    /// Game i is dealt and played from the seed S + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Who plays every seat: random (uniform over the legal actions) or efficiency (wins, riichi,
    /// calls that lower shanten, the discard advice's first tile).
    #[arg(long, default_value = "random", value_parser = parse_policy)]
    policy: PolicyKind,
    /// Log format (tenhou6 holds riichi games only).
    #[arg(long, value_enum, default_value_t = Format::Mjai)]
    format: Format,
    /// Write each game's log to DIR/game-<seed>.<ext> (one line per game on stdout says where)
    /// instead of every log to stdout.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print one JSON line of speed instead of logs: {"rules", "games", "decisions", "seconds",
    /// "decisions_per_second", "threads"}.
    #[arg(long)]
    bench: bool,
    /// Print one JSON line of what happened instead of logs: hands, wins (self-drawn and on a
    /// discard), drawn hands, the wins by fan (han under riichi; the count of big wins under
    /// Changsha), and every event kind's count.
    #[arg(long, conflicts_with = "bench")]
    summary: bool,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

fn parse_policy(text: &str) -> Result<PolicyKind, String> {
    text.parse().map_err(|e: policy::PolicyError| e.to_string())
}

/// What `play` is asked, checked before anything runs.
pub(crate) struct Setup {
    rules: GameRules,
    rules_name: String,
    pool: rayon::ThreadPool,
}

/// Reads `--rules` (a preset, JSON, or a file of JSON) and builds the thread pool.
pub(crate) fn setup(args: &PlayArgs) -> Result<Setup, String> {
    let text = args.rules.trim();
    let rules = if GameRules::preset(text).is_some() || text.starts_with('{') {
        GameRules::from_json(text).map_err(|e| format!("--rules: {e}"))?
    } else if Path::new(text).is_file() {
        let json = fs::read_to_string(text).map_err(|e| format!("--rules: cannot read {text}: {e}"))?;
        GameRules::from_json(&json).map_err(|e| format!("--rules {text}: {e}"))?
    } else {
        GameRules::from_json(text).map_err(|e| format!("--rules: {e} (or a JSON object, or a file holding one)"))?
    };
    if args.format == Format::Tenhou6 && !args.bench {
        hupai_game::formats::tenhou6::check_rules(&rules).map_err(|e| format!("--format tenhou6: {e}"))?;
    }
    if args.threads == Some(0) {
        return Err("--threads must be at least 1".into());
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        pool = pool.num_threads(n);
    }
    let pool = pool.build().map_err(|e| format!("cannot start the threads: {e}"))?;
    let rules_name = if GameRules::preset(text).is_some() { text.to_string() } else { rules.to_json().to_string() };
    Ok(Setup { rules, rules_name, pool })
}

#[derive(Serialize)]
struct BenchLine<'a> {
    rules: &'a str,
    games: u64,
    decisions: u64,
    seconds: f64,
    decisions_per_second: f64,
    threads: usize,
}

#[derive(Serialize)]
struct GameLine {
    game: u64,
    file: String,
    decisions: u64,
    scores: Vec<i32>,
}

/// What a run of games came to: `--summary`'s line.
#[derive(Serialize, Default)]
struct Summary {
    rules: String,
    games: u64,
    hands: u64,
    wins: u64,
    self_drawn: u64,
    drawn_hands: u64,
    wins_per_hand: f64,
    /// Wins by fan (han), keyed by the number.
    wins_by_fan: BTreeMap<u32, u64>,
    /// Every event kind's count.
    events: BTreeMap<&'static str, u64>,
}

impl Summary {
    fn add_game(&mut self, events: &[Event]) {
        self.games += 1;
        for e in events {
            *self.events.entry(e.kind()).or_default() += 1;
            match e {
                Event::StartKyoku { .. } => self.hands += 1,
                Event::Hora { actor, target, score, .. } => {
                    self.wins += 1;
                    self.self_drawn += u64::from(actor == target);
                    *self.wins_by_fan.entry(u32::from(score.han)).or_default() += 1;
                }
                Event::Ryukyoku { .. } => self.drawn_hands += 1,
                _ => {}
            }
        }
    }

    fn merge(mut self, other: Summary) -> Summary {
        self.games += other.games;
        self.hands += other.hands;
        self.wins += other.wins;
        self.self_drawn += other.self_drawn;
        self.drawn_hands += other.drawn_hands;
        for (k, n) in other.wins_by_fan {
            *self.wins_by_fan.entry(k).or_default() += n;
        }
        for (k, n) in other.events {
            *self.events.entry(k).or_default() += n;
        }
        self
    }
}

/// Plays the games; true if any game could not be written.
pub(crate) fn run(args: &PlayArgs, setup: &Setup, out: &mut impl Write) -> io::Result<bool> {
    let games = args.games.unwrap_or(if args.bench { BENCH_GAMES } else { 1 });
    let bar = progress_bar(games);
    if args.summary {
        let mut summary = setup.pool.install(|| {
            (0..games)
                .into_par_iter()
                .map(|i| {
                    let seed = args.seed.wrapping_add(i);
                    let mut game = Game::new(setup.rules, seed);
                    policy::play_out(&mut game, &mut *args.policy.build(seed));
                    let mut one = Summary::default();
                    one.add_game(game.events());
                    bar.inc(1);
                    one
                })
                .reduce(Summary::default, Summary::merge)
        });
        bar.finish_and_clear();
        summary.rules = setup.rules_name.clone();
        summary.wins_per_hand = summary.wins as f64 / summary.hands.max(1) as f64;
        out.write_all(&json::line(&summary))?;
        return Ok(false);
    }
    if args.bench {
        let start = Instant::now();
        let decisions: u64 = setup.pool.install(|| {
            (0..games)
                .into_par_iter()
                .map(|i| {
                    let seed = args.seed.wrapping_add(i);
                    let mut game = Game::new(setup.rules, seed);
                    game.set_recording(false);
                    let n = policy::play_out(&mut game, &mut *args.policy.build(seed));
                    bar.inc(1);
                    n
                })
                .sum()
        });
        let seconds = start.elapsed().as_secs_f64();
        bar.finish_and_clear();
        let line = BenchLine {
            rules: &setup.rules_name,
            games,
            decisions,
            seconds,
            decisions_per_second: decisions as f64 / seconds,
            threads: setup.pool.current_num_threads(),
        };
        out.write_all(&json::line(&line))?;
        return Ok(false);
    }
    if let Some(dir) = &args.out {
        fs::create_dir_all(dir)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut start = 0;
    while start < games {
        let end = games.min(start + ROUND);
        let logs: Vec<(u64, Vec<u8>, u64, Vec<i32>)> = setup.pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let seed = args.seed.wrapping_add(i);
                    let mut game = Game::new(setup.rules, seed);
                    let decisions = policy::play_out(&mut game, &mut *args.policy.build(seed));
                    let players = game.players();
                    let log = match args.format {
                        Format::Mjai => hupai_game::mjai::write(game.events(), players),
                        // One JSON object a game, a line each.
                        Format::Tenhou6 => hupai_game::formats::tenhou6::write(game.events(), game.rules(), &[]) + "\n",
                    }
                    .into_bytes();
                    bar.inc(1);
                    let scores = game.scores()[..usize::from(players)].to_vec();
                    (seed, log, decisions, scores)
                })
                .collect()
        });
        for (seed, log, decisions, scores) in logs {
            match &args.out {
                None => out.write_all(&log)?,
                Some(dir) => {
                    let extension = if args.format == Format::Mjai { "mjson" } else { "json" };
                    let path = dir.join(format!("game-{seed}.{extension}"));
                    fs::write(&path, &log)
                        .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))?;
                    let line = GameLine { game: seed, file: path.display().to_string(), decisions, scores };
                    out.write_all(&json::line(&line))?;
                }
            }
        }
        start = end;
    }
    bar.finish_and_clear();
    out.flush()?;
    Ok(false)
}

fn progress_bar(games: u64) -> ProgressBar {
    if games < PROGRESS_FROM || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("[{bar:40}] {pos}/{len} games ({per_sec}, {eta} left)")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}
