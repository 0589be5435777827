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
use hupai_game::policy;
use hupai_game::{Event, Game, GameRules};
use hupai_player::{PlayerError, PlayerKind};
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
    /// The rules: a preset (tenhou, mahjong-soul, m-league, wrc, tenhou-3p, mahjong-soul-3p, majiang, gb,
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
    /// Who plays: random (uniform over the legal actions), efficiency (wins, riichi, calls that
    /// lower shanten, the discard advice's first tile) or hupai (expected value by the exact draw
    /// odds, defence by each tile's danger, push or fold); one name for every seat, or one per player
    /// separated by commas (`efficiency,random,random,random`: player 1 sits at seat 0).
    #[arg(long, default_value = "random", value_parser = parse_players)]
    policy: Players,
    /// Duplicate play: each game is played at one table per seat rotation with the same walls,
    /// player p at seat (p + k) mod the players at table k, so that every player plays every
    /// seat's tiles (how Botzone and the GB competitions rank bots). Logs are written table by
    /// table (`game-<seed>-<k>` with `--out`); `--summary` totals each player over the tables.
    #[arg(long)]
    duplicate: bool,
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

/// Who plays each player's part: one policy for every seat, or one per player.
#[derive(Clone, Debug)]
pub(crate) struct Players(Vec<PlayerKind>);

fn parse_players(text: &str) -> Result<Players, String> {
    let kinds = text
        .split(',')
        .map(|name| name.trim().parse().map_err(|e: PlayerError| e.to_string()))
        .collect::<Result<Vec<PlayerKind>, String>>()?;
    Ok(Players(kinds))
}

impl Players {
    /// The policy of player `player`.
    fn kind(&self, player: usize) -> PlayerKind {
        if self.0.len() == 1 { self.0[0] } else { self.0[player] }
    }
}

/// The players of one table: player `(seat + players - shift) % players` at each seat, each with
/// its own policy seeded from the game's seed.
struct Table {
    policies: Vec<Box<dyn policy::Policy + Send>>,
    shift: usize,
}

impl Table {
    fn new(players: &Players, seats: u8, seed: u64, shift: usize) -> Table {
        let n = usize::from(seats);
        let policies = (0..n).map(|p| players.kind(p).build(seed.wrapping_add(p as u64 * 0x9E37_79B9))).collect();
        Table { policies, shift }
    }

    /// The player at `seat`.
    fn player(&self, seat: u8) -> usize {
        let n = self.policies.len();
        (usize::from(seat) + n - self.shift % n) % n
    }
}

impl policy::Policy for Table {
    fn choose(&mut self, game: &Game, seat: u8, legal: &hupai_game::Actions) -> hupai_game::Action {
        let player = self.player(seat);
        self.policies[player].choose(game, seat, legal)
    }
}

/// Plays one game of the run: seed `seed`, table `shift` (0 unless duplicate), every seat's
/// player from `players`. One policy for every seat plays exactly as it always has (one
/// policy object seeded with the game's seed), so logs of earlier runs stay reproducible.
fn play_one(game: &mut Game, players: &Players, seed: u64, shift: usize) -> u64 {
    if players.0.len() == 1 && shift == 0 {
        return policy::play_out(game, &mut *players.0[0].build(seed));
    }
    let mut table = Table::new(players, game.players(), seed, shift);
    policy::play_out(game, &mut table)
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
    let n = usize::from(rules.players);
    if args.policy.0.len() != 1 && args.policy.0.len() != n {
        return Err(format!(
            "--policy: {} policies for {n} players: give one for every seat or one per player",
            args.policy.0.len()
        ));
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

/// One played table as written: its seed, table, log, decisions and final scores.
type PlayedLog = (u64, usize, Vec<u8>, u64, Vec<i32>);

#[derive(Serialize)]
struct GameLine {
    game: u64,
    /// The table of a duplicate game (the seat rotation).
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<usize>,
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
    /// Each player's totals (player p of `--policy`; at seat p unless `--duplicate` moved it).
    players: Vec<PlayerTotals>,
}

/// One player's part of a run: its policy, the points it ended its games with (summed), its wins,
/// the wins it dealt into, and the games it finished first in alone.
#[derive(Serialize, Default, Clone)]
struct PlayerTotals {
    policy: String,
    points: i64,
    wins: u64,
    dealt_in: u64,
    first_places: u64,
}

impl Summary {
    /// Adds a finished game; `player` names the player at each seat.
    fn add_game(&mut self, game: &Game, player: impl Fn(u8) -> usize, players: &Players) {
        let n = game.players();
        if self.players.is_empty() {
            self.players = (0..usize::from(n))
                .map(|p| PlayerTotals { policy: players.kind(p).name().into(), ..PlayerTotals::default() })
                .collect();
        }
        let scores = game.scores();
        let top = (0..n).map(|s| scores[usize::from(s)]).max().unwrap_or(0);
        let alone = (0..n).filter(|&s| scores[usize::from(s)] == top).count() == 1;
        for seat in 0..n {
            let totals = &mut self.players[player(seat)];
            totals.points += i64::from(scores[usize::from(seat)]);
            totals.first_places += u64::from(alone && scores[usize::from(seat)] == top);
        }
        self.games += 1;
        for e in game.events() {
            *self.events.entry(e.kind()).or_default() += 1;
            match e {
                Event::StartKyoku { .. } => self.hands += 1,
                Event::Hora { actor, target, score, .. } => {
                    self.wins += 1;
                    self.self_drawn += u64::from(actor == target);
                    *self.wins_by_fan.entry(u32::from(score.han)).or_default() += 1;
                    self.players[player(*actor)].wins += 1;
                    if actor != target {
                        self.players[player(*target)].dealt_in += 1;
                    }
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
        if self.players.is_empty() {
            self.players = other.players;
        } else {
            for (mine, theirs) in self.players.iter_mut().zip(other.players) {
                mine.points += theirs.points;
                mine.wins += theirs.wins;
                mine.dealt_in += theirs.dealt_in;
                mine.first_places += theirs.first_places;
            }
        }
        self
    }
}

/// Plays the games; true if any game could not be written.
pub(crate) fn run(args: &PlayArgs, setup: &Setup, out: &mut impl Write) -> io::Result<bool> {
    // A job is one table of one game: `tables` per seed (the seat rotations under `--duplicate`).
    let tables = if args.duplicate { u64::from(setup.rules.players) } else { 1 };
    let games = args.games.unwrap_or(if args.bench { BENCH_GAMES } else { 1 }).saturating_mul(tables);
    let job = |i: u64| (args.seed.wrapping_add(i / tables), (i % tables) as usize);
    let bar = progress_bar(games);
    if args.summary {
        let mut summary = setup.pool.install(|| {
            (0..games)
                .into_par_iter()
                .map(|i| {
                    let (seed, shift) = job(i);
                    let mut game = Game::new(setup.rules, seed);
                    play_one(&mut game, &args.policy, seed, shift);
                    let mut one = Summary::default();
                    let n = usize::from(game.players());
                    one.add_game(&game, |seat| (usize::from(seat) + n - shift % n) % n, &args.policy);
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
                    let (seed, shift) = job(i);
                    let mut game = Game::new(setup.rules, seed);
                    game.set_recording(false);
                    let n = play_one(&mut game, &args.policy, seed, shift);
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
        let logs: Vec<PlayedLog> = setup.pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let (seed, shift) = job(i);
                    let mut game = Game::new(setup.rules, seed);
                    let decisions = play_one(&mut game, &args.policy, seed, shift);
                    let players = game.players();
                    let log = match args.format {
                        // The rules named in start_game unless they are the default's, so that
                        // the log replays under them.
                        Format::Mjai => hupai_game::mjai::write_with_rules(game.events(), game.rules()),
                        // One JSON object a game, a line each.
                        Format::Tenhou6 => hupai_game::formats::tenhou6::write(game.events(), game.rules(), &[]) + "\n",
                    }
                    .into_bytes();
                    bar.inc(1);
                    let scores = game.scores()[..usize::from(players)].to_vec();
                    (seed, shift, log, decisions, scores)
                })
                .collect()
        });
        for (seed, shift, log, decisions, scores) in logs {
            match &args.out {
                None => out.write_all(&log)?,
                Some(dir) => {
                    let extension = if args.format == Format::Mjai { "mjson" } else { "json" };
                    let name = if args.duplicate { format!("game-{seed}-{shift}") } else { format!("game-{seed}") };
                    let path = dir.join(format!("{name}.{extension}"));
                    fs::write(&path, &log)
                        .map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))?;
                    let table = args.duplicate.then_some(shift);
                    let line = GameLine { game: seed, table, file: path.display().to_string(), decisions, scores };
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
