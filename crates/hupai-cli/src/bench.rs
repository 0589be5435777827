//! `hupai bench`: every registered algorithm timed on the same fixed-seed random deals in one run,
//! at 0, 1, 2, 4 and 8 wildcards (win checks, or with `--waits` the waits of deals one tile short);
//! `--batch` times `hupai batch` end to end instead; `--shanten` and `--advice` time what
//! `hupai batch --shanten` and `--advice` answer under every preset beside `standard`, and
//! `--presets` every question of `hupai batch` so ([`shanten`]).
//!
//! The corpus is [`deal`]: hands drawn from a shuffled 136-tile wall, the first K drawn tiles
//! turned into wildcards, so every wildcard count times the same deals. It is the corpus of the
//! criterion benches (`hupai_benches::deal`; `tests/bench.rs` checks that `--corpus` prints exactly
//! those hands). Algorithms take turns in short chunks of hands, so a change in machine load
//! between two algorithms' turns shows up in both, and the ratios of one run stay comparable.
//! Time is the thread's CPU time (where the platform has a thread clock; wall time otherwise), so a
//! busy machine taking the core away between hands does not count as time spent on them.
//!
//! Without `--hands`, each algorithm and wildcard count gets up to [`DEFAULT_HANDS`] hands within
//! [`TIME_BOX`] of wall time (slow algorithms time fewer hands), so the whole run takes about half a
//! minute however loaded the machine is.
//!
//! With `--waits`, the facade (`hupai`) is also timed on hands one tile short of a win at each
//! wildcard count ([`one_short`], the criterion benches' `one_short` corpus): a random 13-tile
//! deal without wildcards is almost never ready, so its waits stop at the first bound, while with 8
//! wildcards nearly every deal is ready; only hands that are ready at every wildcard count compare
//! what the wildcards cost like for like.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use cpu_time::{ProcessTime, ThreadTime};

use clap::Args;
use hupai_harness::deals::{SEED, deal, one_short};
use hupai_tiles::{Algorithm, Hand, Rules};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::batch::{self, BatchArgs};
use crate::json;
use crate::options::{Preset, RuleArgs};

mod shanten;

/// The wildcard counts every wildcard-capable algorithm is timed at.
pub(crate) const WILDCARDS: [u8; 5] = [0, 1, 2, 4, 8];

/// Hands per algorithm and wildcard count without `--hands`.
const DEFAULT_HANDS: u64 = 1_000_000;

/// Wall time per algorithm and wildcard count without `--hands` (31 rows: at most about 25 s).
const TIME_BOX: Duration = Duration::from_millis(800);

/// Most distinct hands per wildcard count; a longer run cycles through them.
const MAX_CORPUS: usize = 1 << 16;

/// Lines `--batch` feeds `hupai batch` without `--hands`.
const DEFAULT_BATCH_LINES: u64 = 1_000_000;

/// The time each turn of an algorithm aims at: long enough that reading the clock (a system call
/// for the thread clock) costs nothing, short enough that the algorithms alternate often.
const TURN: Duration = Duration::from_millis(2);

/// The thread's CPU clock, or the wall clock where there is none.
#[derive(Clone, Copy)]
enum Clock {
    Thread,
    Wall,
}

/// A reading of a [`Clock`].
#[derive(Clone, Copy)]
enum Stamp {
    Thread(ThreadTime),
    Wall(Instant),
}

impl Clock {
    fn detect() -> Clock {
        if ThreadTime::try_now().is_ok() { Clock::Thread } else { Clock::Wall }
    }

    fn name(self) -> &'static str {
        match self {
            Clock::Thread => "thread CPU time",
            Clock::Wall => "wall time",
        }
    }

    #[inline]
    fn now(self) -> Stamp {
        match self {
            Clock::Thread => match ThreadTime::try_now() {
                Ok(t) => Stamp::Thread(t),
                Err(_) => Stamp::Wall(Instant::now()),
            },
            Clock::Wall => Stamp::Wall(Instant::now()),
        }
    }
}

impl Stamp {
    #[inline]
    fn elapsed(self) -> Duration {
        match self {
            Stamp::Thread(t) => t.try_elapsed().unwrap_or_default(),
            Stamp::Wall(t) => t.elapsed(),
        }
    }
}

/// Arguments of `hupai bench`.
#[derive(Debug, Clone, Args)]
pub(crate) struct BenchArgs {
    /// Hands timed per algorithm and wildcard count (exactly N, no time box). Default: up to
    /// 1,000,000 within 0.8 s each. With --batch: lines fed to the batch (default 1,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) hands: Option<u64>,

    /// One JSON object per algorithm and wildcard count per line: {"algorithm", "wildcards",
    /// "ns_per_hand", "hands"}, plus "unsupported" (corpus hands it declined, not timed) if any. An
    /// algorithm that declines every hand (index under taiwan) gets no row.
    #[arg(long)]
    pub(crate) json: bool,

    /// Seed of the random deals, decimal or 0x-hexadecimal [default: 0x62656e6368202024].
    #[arg(long, value_name = "S", default_value_t = SEED, hide_default_value = true, value_parser = parse_seed)]
    pub(crate) seed: u64,

    /// Rule preset the hands are judged under (taiwan: 17-tile deals).
    #[arg(long, value_enum, value_name = "RULES", default_value_t = Preset::Standard)]
    pub(crate) rules: Preset,

    /// Time `hupai batch` instead: N lines of random deals through parsing, checking (with the
    /// default algorithm choice) and JSON output, on every core.
    #[arg(long, conflicts_with = "corpus")]
    pub(crate) batch: bool,

    /// Time waits instead of win checks: the deals are one tile short (13 tiles, or 16 under taiwan).
    #[arg(long, conflicts_with = "batch")]
    pub(crate) waits: bool,

    /// Time shanten with effective tiles (as `hupai batch --shanten` answers a line one tile short)
    /// under every preset and option whose path differs, each beside `standard` on the same 13-tile
    /// deals, at 0, 2 and 4 wildcards (`--rules` is not used). JSON rows: {"shanten" (the rules),
    /// "wildcards", "ns_per_hand", "hands", "standard_ns_per_hand", "vs_standard"}.
    #[arg(long, conflicts_with_all = ["batch", "waits", "corpus"])]
    pub(crate) shanten: bool,

    /// Time discard advice (as `hupai batch --advice` answers a complete hand: the win check, the
    /// shanten and every discard's effective tiles) under the same rule sets as `--shanten`, each
    /// beside `standard` on the same 14-tile deals, at 0, 2 and 4 wildcards. JSON rows: {"advice"
    /// (the rules), "wildcards", "ns_per_hand", "hands", "standard_ns_per_hand", "vs_standard"}.
    #[arg(long, conflicts_with_all = ["batch", "waits", "corpus", "shanten"])]
    pub(crate) advice: bool,

    /// Time every question `hupai batch` answers under the same rule sets as `--shanten`, each
    /// beside `standard` on the same deals, at 0, 2 and 4 wildcards: the win check of 14-tile
    /// deals and the waits of 13-tile deals (no option), then `--shanten` and `--advice`; one
    /// table per question. JSON rows as `--shanten` and `--advice`, the win check's and the
    /// waits' naming the rules by {"win"} and {"waits"}.
    #[arg(long, conflicts_with_all = ["batch", "waits", "corpus", "shanten", "advice"])]
    pub(crate) presets: bool,

    /// Print the corpus instead of timing it: the first N hands (default 16) with K wildcards, in
    /// notation, one per line (`hupai bench --corpus 0 --hands 1000000 | hupai batch`).
    #[arg(long, value_name = "K")]
    pub(crate) corpus: Option<u8>,
}

/// A seed in decimal or, with `0x`, in hexadecimal (as the table prints it).
fn parse_seed(text: &str) -> Result<u64, String> {
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|e| format!("not a 64-bit seed ({e}): {text}"))
}

impl BenchArgs {
    fn rules(&self) -> Rules {
        RuleArgs::preset(self.rules).rules()
    }
}

/// One timed algorithm at one wildcard count; the field names are part of the CLI's contract.
#[derive(Debug, Clone, Serialize)]
struct Row {
    algorithm: &'static str,
    wildcards: u8,
    ns_per_hand: f64,
    /// Hands answered and timed (the corpus is cycled when this exceeds it).
    hands: u64,
    /// Distinct corpus hands the algorithm declined (`Error::Unsupported`); not timed, not counted.
    #[serde(skip_serializing_if = "is_zero")]
    unsupported: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The facade's waits on hands one tile short at one wildcard count (`--waits` only); the field
/// names are part of the CLI's contract. A row of its own shape, so that rows keyed by
/// `algorithm` stay one per algorithm and wildcard count.
#[derive(Debug, Clone, Serialize)]
struct OneShortRow {
    /// The algorithm timed: always `hupai`, the facade.
    one_short: &'static str,
    wildcards: u8,
    ns_per_hand: f64,
    hands: u64,
}

/// Runs `hupai bench`. Returns whether anything went wrong that the exit status should show.
pub(crate) fn run(args: &BenchArgs, out: &mut impl Write) -> io::Result<bool> {
    let rules = args.rules();
    if let Some(k) = args.corpus {
        let n = args.hands.unwrap_or(16);
        for i in 0..n {
            writeln!(out, "{}", deal(args.seed, i, rules.hand_size(), k))?;
        }
        return out.flush().map(|()| false);
    }
    if args.batch {
        return run_batch(args, rules, out);
    }
    let clock = Clock::detect();
    if args.shanten || args.advice || args.presets {
        let questions: &[shanten::Question] = match (args.presets, args.advice) {
            (true, _) => &shanten::Question::ALL,
            (false, true) => &[shanten::Question::Advice],
            (false, false) => &[shanten::Question::Shanten],
        };
        for (i, &question) in questions.iter().enumerate() {
            if i > 0 && !args.json {
                writeln!(out)?;
            }
            let rows = shanten::measure(question, args.seed, args.hands, clock);
            shanten::write(question, &rows, args.seed, clock, args.json, out)?;
        }
        return out.flush().map(|()| hupai_shanten::tables().is_err());
    }
    // Before anything else touches them: the one-off validation of the embedded tables.
    let startup = table_startup();
    let rows = measure(args, rules, clock)?;
    let short = if args.waits { measure_one_short(args, rules, clock) } else { Vec::new() };
    if args.json {
        for row in &rows {
            out.write_all(&json::line(row))?;
        }
        for row in &short {
            out.write_all(&json::line(row))?;
        }
    } else {
        write_table(args, &rules, clock, &rows, out)?;
        write_one_short(&short, out)?;
        writeln!(
            out,
            "Start-up: validating the embedded tables on first use took {:.1} ms (index) and {:.1} ms (suit), wall.",
            startup[0].as_secs_f64() * 1e3,
            startup[1].as_secs_f64() * 1e3
        )?;
    }
    let failed = hupai_lookup::index::table().is_err() || hupai_lookup::suit_table::tables().is_err();
    out.flush().map(|()| failed)
}

/// Wall time of the first use of each embedded table (its validation), index then suit.
fn table_startup() -> [Duration; 2] {
    let start = Instant::now();
    let index = hupai_lookup::index::table();
    let index_time = start.elapsed();
    let start = Instant::now();
    let suit = hupai_lookup::suit_table::tables();
    let suit_time = start.elapsed();
    for error in [index.err(), suit.err()].into_iter().flatten() {
        eprintln!("hupai bench: {error}");
    }
    [index_time, suit_time]
}

/// One algorithm's state while the algorithms of a wildcard count take turns.
struct Runner {
    algorithm: &'static dyn Algorithm,
    /// Time waits rather than win checks.
    waits: bool,
    /// Indices into the corpus of the hands it answers.
    hands: Vec<u32>,
    unsupported: u64,
    target: u64,
    done: u64,
    elapsed: Duration,
    /// Wall time of its turns, for the time box.
    wall: Duration,
    /// Hands per turn, adjusted so that a turn takes about [`TURN`].
    chunk: u64,
    /// Where in `hands` the next turn starts.
    next: usize,
    finished: bool,
}

fn measure(args: &BenchArgs, rules: Rules, clock: Clock) -> io::Result<Vec<Row>> {
    let algorithms = hupai_harness::algorithms();
    let (target, time_box) = match args.hands {
        Some(n) => (n, None),
        None => (DEFAULT_HANDS, Some(TIME_BOX)),
    };
    let corpus_size = target.min(MAX_CORPUS as u64) as usize;
    let plan: Vec<(u8, Vec<&'static dyn Algorithm>)> = WILDCARDS
        .iter()
        .map(|&k| (k, algorithms.iter().copied().filter(|a| k == 0 || a.capabilities().wildcards).collect()))
        .collect();
    let bar = progress_bar(plan.iter().map(|(_, list)| list.len() as u64).sum());
    let mut rows = Vec::new();
    for (k, list) in plan {
        bar.set_message(format!("{k} wildcards"));
        let size = rules.hand_size() - args.waits as usize;
        let corpus: Vec<Hand> = (0..corpus_size as u64).map(|i| deal(args.seed, i, size, k)).collect();
        let mut runners: Vec<Runner> =
            list.into_iter().map(|a| Runner::new(a, &corpus, &rules, target, args.waits)).collect();
        for r in runners.iter_mut().filter(|r| r.hands.is_empty()) {
            r.finished = true;
            bar.inc(1);
            eprintln!("hupai bench: {} declines every hand at K = {k} under these rules (no row)", r.algorithm.name());
        }
        while runners.iter().any(|r| !r.finished) {
            for r in runners.iter_mut().filter(|r| !r.finished) {
                r.turn(&corpus, &rules, clock);
                if r.done >= r.target || time_box.is_some_and(|t| r.wall >= t) {
                    r.finished = true;
                    bar.inc(1);
                }
            }
        }
        rows.extend(runners.iter().filter(|r| r.done > 0).map(|r| Row {
            algorithm: r.algorithm.name(),
            wildcards: k,
            ns_per_hand: r.elapsed.as_nanos() as f64 / r.done as f64,
            hands: r.done,
            unsupported: r.unsupported,
        }));
    }
    bar.finish_and_clear();
    Ok(rows)
}

/// The facade's waits on [`one_short`] hands at every wildcard count, one row per count, with the
/// same turns, clock and time box as [`measure`].
fn measure_one_short(args: &BenchArgs, rules: Rules, clock: Clock) -> Vec<OneShortRow> {
    let Some(&facade) = hupai_harness::algorithms().iter().find(|a| a.name() == "hupai") else {
        return Vec::new();
    };
    let (target, time_box) = match args.hands {
        Some(n) => (n, None),
        None => (DEFAULT_HANDS, Some(TIME_BOX)),
    };
    let corpus_size = target.min(MAX_CORPUS as u64) as usize;
    let mut rows = Vec::new();
    for k in WILDCARDS {
        let corpus: Vec<Hand> =
            (0..corpus_size as u64).map(|i| one_short(args.seed, i, rules.melds as usize, k)).collect();
        let mut runner = Runner::new(facade, &corpus, &rules, target, true);
        while !runner.hands.is_empty() && runner.done < runner.target && time_box.is_none_or(|t| runner.wall < t) {
            runner.turn(&corpus, &rules, clock);
        }
        if runner.done > 0 {
            rows.push(OneShortRow {
                one_short: facade.name(),
                wildcards: k,
                ns_per_hand: runner.elapsed.as_nanos() as f64 / runner.done as f64,
                hands: runner.done,
            });
        }
    }
    rows
}

/// The table of [`measure_one_short`], with the 8-wildcard time against the 0-wildcard one.
fn write_one_short(rows: &[OneShortRow], out: &mut impl Write) -> io::Result<()> {
    let Some(first) = rows.first() else { return Ok(()) };
    writeln!(
        out,
        "\nWaits of hands one tile short (a winning deal less one tile, so every hand has waits), {}:\n",
        first.one_short
    )?;
    writeln!(out, "{:9}  {:>2}  {:>8}  {:>11}", "algorithm", "K", "hands", "ns/hand")?;
    for r in rows {
        writeln!(out, "{:9}  {:>2}  {:>8}  {:>11.1}", r.one_short, r.wildcards, r.hands, r.ns_per_hand)?;
    }
    let at = |k: u8| rows.iter().find(|r| r.wildcards == k).map(|r| r.ns_per_hand);
    if let (Some(zero), Some(eight)) = (at(0), at(8)) {
        writeln!(
            out,
            "  {} waits at 8 wildcards on hands one tile short: {:.2}× its 0-wildcard time (target ≤ 1.5×)",
            first.one_short,
            eight / zero
        )?;
    }
    Ok(())
}

impl Runner {
    fn new(algorithm: &'static dyn Algorithm, corpus: &[Hand], rules: &Rules, target: u64, waits: bool) -> Runner {
        let hands: Vec<u32> = (0..corpus.len() as u32)
            .filter(|&i| {
                let hand = &corpus[i as usize];
                hand.shape(rules).is_ok() && algorithm.supports(hand, rules).is_ok()
            })
            .collect();
        let unsupported = (corpus.len() - hands.len()) as u64;
        // Warm up (first use validates tables, fills caches) on a few hands, untimed.
        let runner = Runner {
            algorithm,
            waits,
            hands,
            unsupported,
            target,
            done: 0,
            elapsed: Duration::ZERO,
            wall: Duration::ZERO,
            chunk: 16,
            next: 0,
            finished: false,
        };
        for &i in runner.hands.iter().take(64) {
            let _ = std::hint::black_box(runner.ask(&corpus[i as usize], rules));
        }
        runner
    }

    /// The timed question: false if the algorithm returned an error.
    #[inline]
    fn ask(&self, hand: &Hand, rules: &Rules) -> bool {
        if self.waits {
            std::hint::black_box(self.algorithm.waits(std::hint::black_box(hand), rules)).is_ok()
        } else {
            std::hint::black_box(self.algorithm.is_win(std::hint::black_box(hand), rules)).is_ok()
        }
    }

    /// Answers one chunk of hands and adds its time.
    fn turn(&mut self, corpus: &[Hand], rules: &Rules, clock: Clock) {
        let n = self.chunk.min(self.target - self.done);
        let mut declined = 0u64;
        let wall_start = Instant::now();
        let start = clock.now();
        for _ in 0..n {
            let hand = &corpus[self.hands[self.next] as usize];
            self.next += 1;
            if self.next == self.hands.len() {
                self.next = 0;
            }
            declined += !self.ask(hand, rules) as u64;
        }
        let took = start.elapsed();
        self.wall += wall_start.elapsed();
        // Every hand here passed `supports`; an error now would be a bug in the algorithm, and its
        // hand would be timed as if answered. Say so rather than report a figure that hides it.
        if declined > 0 {
            eprintln!("hupai bench: {} returned an error on {declined} supported hands", self.algorithm.name());
        }
        self.elapsed += took;
        self.done += n;
        let per_hand = took.as_nanos().max(1) as f64 / n.max(1) as f64;
        let wanted = (TURN.as_nanos() as f64 / per_hand).clamp(1.0, 1_000_000.0) as u64;
        self.chunk = wanted.min(self.chunk.saturating_mul(4));
    }
}

fn progress_bar(len: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{msg:14} [{bar:40}] {pos}/{len} algorithms timed")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}

fn write_table(args: &BenchArgs, rules: &Rules, clock: Clock, rows: &[Row], out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "Random {}-tile deals (seed {:#x}), {} rules, {}; K of the tiles are wildcards. One thread, {}.",
        rules.hand_size() - args.waits as usize,
        args.seed,
        rules.preset_name().unwrap_or("custom"),
        if args.waits { "waits" } else { "win checks" },
        clock.name(),
    )?;
    writeln!(out, "×backtrack: backtrack's time / this one's (higher is faster); ×fastest: this / the fastest.\n")?;
    let width = rows.iter().map(|r| r.algorithm.len()).max().unwrap_or(0).max("algorithm".len());
    writeln!(
        out,
        "{:width$}  {:>2}  {:>8}  {:>11}  {:>10}  {:>8}",
        "algorithm", "K", "hands", "ns/hand", "×backtrack", "×fastest"
    )?;
    for k in WILDCARDS {
        let at_k: Vec<&Row> = rows.iter().filter(|r| r.wildcards == k).collect();
        let Some(fastest) = at_k.iter().map(|r| r.ns_per_hand).min_by(f64::total_cmp) else { continue };
        let backtrack = at_k.iter().find(|r| r.algorithm == "backtrack").map(|r| r.ns_per_hand);
        for r in &at_k {
            let vs_backtrack = backtrack.map_or("-".to_owned(), |b| format!("{:.1}×", b / r.ns_per_hand));
            write!(
                out,
                "{:width$}  {:>2}  {:>8}  {:>11.1}  {:>10}  {:>7.1}×",
                r.algorithm,
                k,
                r.hands,
                r.ns_per_hand,
                vs_backtrack,
                r.ns_per_hand / fastest
            )?;
            if r.unsupported > 0 {
                write!(out, "  ({} of the corpus declined, not counted)", r.unsupported)?;
            }
            writeln!(out)?;
        }
        writeln!(out)?;
    }
    write_targets(rows, out)
}

/// The project's speed targets for the algorithms, when the algorithms they name were timed.
fn write_targets(rows: &[Row], out: &mut impl Write) -> io::Result<()> {
    let ns = |name: &str, k: u8| rows.iter().find(|r| r.algorithm == name && r.wildcards == k).map(|r| r.ns_per_hand);
    let mut lines = Vec::new();
    if let (Some(b), Some(i)) = (ns("backtrack", 0), ns("index", 0)) {
        lines.push(format!("index vs backtrack at 0 wildcards: {:.1}× faster (target ≥ 45×)", b / i));
    }
    if let (Some(zero), Some(eight)) = (ns("suit-table", 0), ns("suit-table", 8)) {
        lines.push(format!("suit-table at 8 wildcards: {:.2}× its 0-wildcard time (target ≤ 1.5×)", eight / zero));
    }
    if let (Some(s), Some(t)) = (ns("substitute", 4), ns("suit-table", 4)) {
        lines.push(format!("suit-table vs substitute at 4 wildcards: {:.1}× faster (target ≥ 100×)", s / t));
    }
    if !lines.is_empty() {
        writeln!(out, "Targets:")?;
        for l in lines {
            writeln!(out, "  {l}")?;
        }
    }
    Ok(())
}

/// A writer that counts and drops what it is given.
#[derive(Default)]
struct Sink {
    bytes: u64,
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What `--batch` measured; the field names are part of the CLI's contract.
#[derive(Debug, Serialize)]
struct BatchRow {
    batch: &'static str,
    hands: u64,
    seconds: f64,
    hands_per_second: f64,
    /// Process CPU time (every thread, reading and writing included) per hand; absent where the
    /// platform has no process clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    cpu_ns_per_hand: Option<f64>,
    threads: usize,
    output_bytes: u64,
}

fn run_batch(args: &BenchArgs, rules: Rules, out: &mut impl Write) -> io::Result<bool> {
    let lines = args.hands.unwrap_or(DEFAULT_BATCH_LINES);
    let mut input = Vec::with_capacity(lines as usize * 20);
    for i in 0..lines {
        // 0 wildcards: deals of the corpus, written as a user would (mpsz notation).
        writeln!(input, "{}", deal(args.seed, i, rules.hand_size(), 0))?;
    }
    let input_bytes = input.len();
    let batch_args = BatchArgs {
        rule_args: RuleArgs::preset(args.rules),
        algorithm: None,
        shanten: false,
        advice: false,
        visible: None,
        ev: false,
        ev_args: crate::ev::EvArgs::default(),
    };
    let mut sink = Sink::default();
    let cpu_before = ProcessTime::try_now().ok();
    let start = Instant::now();
    let tally = batch::run(&batch_args, io::Cursor::new(input), &mut sink)?;
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_before.and_then(|t| t.try_elapsed().ok());
    let row = BatchRow {
        batch: "default",
        hands: tally.lines,
        seconds,
        hands_per_second: tally.lines as f64 / seconds,
        cpu_ns_per_hand: cpu.map(|c| c.as_nanos() as f64 / tally.lines.max(1) as f64),
        threads: rayon::current_num_threads(),
        output_bytes: sink.bytes,
    };
    if args.json {
        out.write_all(&json::line(&row))?;
    } else {
        writeln!(
            out,
            "hupai batch: {} lines ({:.1} MB in, {:.1} MB out) in {:.3} s: {:.2}M hands/s on {} threads",
            row.hands,
            input_bytes as f64 / 1e6,
            row.output_bytes as f64 / 1e6,
            row.seconds,
            row.hands_per_second / 1e6,
            row.threads
        )?;
        if let Some(c) = row.cpu_ns_per_hand {
            writeln!(out, "CPU time (every thread): {c:.0} ns per hand")?;
        }
    }
    if tally.errors > 0 {
        eprintln!("hupai bench: {} of the generated lines were errors", tally.errors);
    }
    out.flush().map(|()| tally.errors > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_have_the_asked_size_and_wildcards() {
        for i in 0..200 {
            for k in WILDCARDS {
                let h = deal(SEED, i, 14, k);
                assert_eq!((h.tile_count(), h.wildcards()), (14, k));
                assert!(h.check_copies().is_ok());
            }
        }
    }

    #[test]
    fn one_short_hands_are_pinned_and_have_waits() {
        // The first hands of the shared generator, pinned: the criterion benches time the same ones.
        let expected: [(usize, u8, [&str; 3]); 4] = [
            (4, 0, ["4488p999s555666z", "66678m222p99s555z", "222333p11188s44z"]),
            (4, 4, ["488p999s666z****", "6678m22p99s5z****", "233p1118s44z****"]),
            (4, 8, ["48p99s6z********", "68m2p9s5z********", "233p11s********"]),
            (5, 2, ["8m44888p999s55566z**", "66678888m22p9s555z**", "666m22233p1118s44z**"]),
        ];
        for (melds, k, hands) in expected {
            for (i, want) in hands.iter().enumerate() {
                assert_eq!(
                    one_short(SEED, i as u64, melds, k).to_string(),
                    *want,
                    "{melds} melds, {k} wildcards, #{i}"
                );
            }
        }
        let rules = Rules::STANDARD;
        for i in 0..300 {
            for k in WILDCARDS {
                let hand = one_short(SEED, i, 4, k);
                assert_eq!((hand.tile_count(), hand.wildcards()), (13, k));
                let waits = hupai::waits(&hand, &rules).expect("a 13-tile hand");
                assert!(!waits.is_empty(), "{hand} has waits");
            }
        }
    }

    #[test]
    fn seeds_in_decimal_and_hex() {
        assert_eq!(parse_seed("0x62656e6368202024"), Ok(SEED));
        assert_eq!(parse_seed(&SEED.to_string()), Ok(SEED));
        assert!(parse_seed("0x").is_err() && parse_seed("-1").is_err() && parse_seed("seed").is_err());
    }

    #[test]
    fn every_registered_algorithm_gets_rows() {
        let args = BenchArgs {
            hands: Some(40),
            json: true,
            seed: 1,
            rules: Preset::Standard,
            batch: false,
            waits: false,
            shanten: false,
            advice: false,
            presets: false,
            corpus: None,
        };
        for clock in [Clock::detect(), Clock::Wall] {
            let rows = measure(&args, args.rules(), clock).unwrap();
            for a in hupai_harness::algorithms() {
                let ks: Vec<u8> = rows.iter().filter(|r| r.algorithm == a.name()).map(|r| r.wildcards).collect();
                let want: &[u8] = if a.capabilities().wildcards { &WILDCARDS } else { &[0] };
                assert_eq!(ks, want, "{}", a.name());
            }
            assert!(rows.iter().all(|r| r.hands == 40 && r.ns_per_hand.is_finite() && r.ns_per_hand >= 0.0));
        }
    }
}
