//! `hupai`, the command line of hupai: decide whether mahjong hands win, list their decompositions
//! and waits, answer millions of hands from stdin, and show which algorithms exist.
//!
//! Subcommands (their output is a contract scripts rely on):
//! - `check HAND…`: a readable report per hand (or `--json`, one object per hand per line);
//!   `--algorithm all` puts every registered algorithm's answer side by side;
//! - `shanten HAND…`: shanten, and effective tiles for a hand one short (`--json` as `check`);
//! - `advice HAND…`: every discard best first, with the draw odds under `--turns`;
//! - `batch`: one hand per stdin line, one JSON object per stdout line, same order, every core
//!   (`--shanten`, `--advice`, `--ev` add fields; docs/cli.md lists every one);
//! - `score`: winning situations in, scores out (JSON lines);
//! - `algorithms`: the registry with capabilities (`--json`: one object per line).
//! - `bench`: every algorithm timed on the same fixed-seed deals (`docs/performance.md`);
//!   `--batch` times `batch` end to end.
//! - `odds`: exact win odds of random deals beside a Monte Carlo estimate (`docs/odds.md`).
//! - `play`: self-play with the built-in policies, mjai logs written (`--bench`: decisions per second);
//! - `replay FILE…`: game logs (mjai, tenhou.net/6, mjlog) replayed through the game engine, every
//!   decision and result checked (one JSON line per game; `--legal` adds each decision's legal
//!   actions); `convert --to mjai|tenhou6|majiang FILE` writes a log again; `wall --tenhou SEED` prints
//!   Tenhou's walls.
//! - `diff`: the differential harness: every algorithm on the same corpora, disagreements listed
//!   (`docs/harness.md`); exit 2 if any.
//!
//! Exit status: 0 when every hand was answered, 2 when any hand (or line) was an error, the
//! command line was wrong (options that contradict each other included) or a lookup table is
//! damaged, 1 on an I/O error (output that cannot be written, a closed stdout, `--help` included).
//!
//! `HUPAI_TABLE_DIR=DIR` makes the run read `DIR/index.bin` and `DIR/suit.bin` (those present)
//! instead of the embedded tables, to see what a rebuilt or damaged table does: they are
//! validated before anything runs.

/// mimalloc keeps the memory a thread frees for its next allocations: a replay builds and drops
/// lists of about a thousand events a game (the log's, the engine's), which the system allocator
/// hands back to the kernel and faults in again (fresh zeroed pages) game after game.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod arena;
mod batch;
mod bench;
mod bot;
mod check;
mod diff;
mod ev;
mod game_logs;
mod json;
mod lines;
mod list;
mod odds;
mod options;
mod plain;
mod play;
mod review;
mod score;
mod shanten;

use std::io::{self, Write as _};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

const EXAMPLES: &str = "\
Examples:
  hupai check 123m456p789s11122z             does it win, and how it splits
  hupai check 123m456p789s1122z              13 tiles: what it waits on
  hupai check '111z222z333z44z***'           * is a wildcard
  hupai check 123m456p789s12z777z --wildcard-tile 7z
                                             red dragons are wildcards (红中癞子)
  hupai check 11223344556677z --rules riichi --algorithm all
  hupai shanten 1469m258p37s1257z            how far from ready, what helps
  hupai advice 1469m258p37s12577z --turns 10 what to discard, with the draw odds
  echo '{\"hand\": \"123m456p789s1122z\", \"win\": \"2z\"}' | hupai score --rules riichi
  printf '12x\\n123m456p789s1122z\\n' | hupai batch --shanten
  hupai odds --wildcards 2
  hupai algorithms --json";

const CHECK_EXAMPLES: &str = "\
Examples:
  hupai check 123m456p789s11122z 1112345678999m
  hupai check '11m234p**[789s][5555z]'        wildcards and declared melds
  hupai check 11223344556677z --rules riichi --algorithm all
  hupai check 123m456p789s12z777z --wildcard-tile 7z --json";

const SHANTEN_EXAMPLES: &str = "\
Examples:
  hupai shanten 123m456p789s1234z            13 tiles: shanten and effective tiles
  hupai shanten 1469m258p37s1257z --rules riichi --visible 1m2z
  hupai shanten '12m456p**' --json           any 3k + 1 or 3k + 2 tiles, wildcards included";

const ADVICE_EXAMPLES: &str = "\
Examples:
  hupai advice 123m456p789s12345z            every discard, best first
  hupai advice 1469m258p37s12577z --rules riichi --visible 1m2z --json
  hupai advice 123m456p789s12345z --turns 10 with the odds of tenpai and a win in 10 draws";

const BATCH_EXAMPLES: &str = "\
Output, one line per input line, same order:
  {\"hand\": \"123m456p789s11122z\", \"win\": true}                   a complete hand
  {\"hand\": \"123m456p789s1122z\", \"waits\": [\"1z\", \"2z\"]}           a hand one tile short
  {\"hand\": \"12x\", \"error\": \"unexpected 'x' at position 3: ...\"}  a line that is not a hand
Empty lines, lines that are not UTF-8 and lines over 4096 bytes (echoed only in part) are
error lines; a trailing \\r is dropped, and so is a byte-order mark at the start of the input.
Exit status 0 if every line was answered, 2 if any line was an error.
--shanten, --advice and --ev add fields to answered lines; docs/cli.md lists every field.

Examples:
  printf '12x\\n123m456p789s1122z\\n' | hupai batch
  printf '123m456p789s11345z\\n' | hupai batch --advice --visible 1z
  hupai batch --rules chinese --wildcard-tile 7z < hands.txt > answers.jsonl";

/// Mahjong hand analysis, wildcards (癞子) included.
///
/// Questions answered: does a hand win (check, batch); its waits and wait types (check, batch);
/// its decompositions (check); its shanten and effective tiles (shanten, check, batch --shanten);
/// discard advice (advice, check, batch --advice); the odds of tenpai and of a win over the
/// remaining draws per discard (advice --turns, check --turns, batch --ev); the score of a won hand
/// (score, check --win); the odds that random deals win (odds); speed (bench); agreement of the
/// algorithms (diff, check --algorithm all). Field by field: docs/cli.md.
#[derive(Parser)]
#[command(name = "hupai", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Show each hand in tiles, whether it wins, its decompositions, or its waits if one tile short
    /// (and, for a hand that does neither, its shanten with effective tiles or discard advice).
    #[command(after_help = CHECK_EXAMPLES)]
    Check(check::CheckArgs),
    /// Shanten (−1 wins, 0 ready, …) of hands of any size up to a complete one, with the
    /// effective tiles (kinds whose draw lowers it) of a hand one tile short of 3k + 2.
    #[command(after_help = SHANTEN_EXAMPLES)]
    Shanten(shanten::ShantenArgs),
    /// Discard advice: every discard of a hand of 3k + 2 tiles, best first, with the shanten
    /// after it and its effective tiles (`--turns T`: also the odds of tenpai and of a win).
    #[command(after_help = ADVICE_EXAMPLES)]
    Advice(shanten::AdviceArgs),
    /// Answer one hand per stdin line with one JSON object per stdout line, in order, on every core.
    #[command(after_help = BATCH_EXAMPLES)]
    Batch(batch::BatchArgs),
    /// List the registered algorithms, fastest first, with what each can handle.
    Algorithms(list::ListArgs),
    /// Exact odds that K wildcards plus tiles drawn from the wall win, beside a Monte Carlo estimate.
    Odds(odds::OddsArgs),
    /// Replay game logs (mjai, tenhou.net/6, mjlog; `-` is stdin) through the game engine, checking
    /// every decision is legal and every result equals the log's: one JSON line per game.
    Replay(game_logs::ReplayArgs),
    /// Write a game log again as mjai JSON lines or tenhou.net/6 JSON (from the engine's replay of it).
    Convert(game_logs::ConvertArgs),
    /// Tenhou's walls and dice from a log's shuffle seed: one JSON line per hand.
    Wall(game_logs::WallArgs),
    /// Time every algorithm on the same random deals at 0-8 wildcards (or `--batch`: the batch end to end).
    Bench(bench::BenchArgs),
    /// Run every algorithm on the same corpora and compare (exit 2 on any disagreement).
    Diff(diff::DiffArgs),
    /// Score winning situations (JSON lines on stdin): riichi, sanma, gb, sichuan, changsha, hongzhong.
    #[command(after_help = SCORE_EXAMPLES)]
    Score(score::ScoreArgs),
    /// Self-play with built-in policies: every game's mjai log, or `--bench` one JSON line of speed.
    #[command(after_help = PLAY_EXAMPLES)]
    Play(play::PlayArgs),
    /// One built-in policy as an mjai bot on stdin/stdout (one JSON array of events a line in,
    /// one action a line out), as mjai.app's submissions speak.
    Bot(bot::BotArgs),
    /// Seat built-in policies and external bots (`--player CMD`, `--policy NAME`, one per seat) in
    /// duplicate sets; the results with 95 % intervals on the paired differences.
    #[command(after_help = ARENA_EXAMPLES)]
    Arena(arena::ArenaArgs),
    /// Review a game log decision by decision: what was played beside what the hupai player
    /// chooses, each candidate's odds, expected score and danger, the expected value given up.
    #[command(after_help = REVIEW_EXAMPLES)]
    Review(review::ReviewArgs),
}

const REVIEW_EXAMPLES: &str = "\
Examples:
  hupai review game.mjson --seat 0                    one JSON object: decisions and summary
  hupai review game.json --format html > review.html  one self-contained page
  hupai review game.xml --no-odds                     without each turn's draw odds (faster)";

const ARENA_EXAMPLES: &str = "\
Examples:
  hupai arena --rules tenhou --games 200 --seed 1 --policy efficiency --policy random --policy random --policy random
  hupai arena --rules tenhou --games 50 --player 'python3 mybot.py' --policy efficiency --policy efficiency --policy efficiency --out logs --json
  hupai arena --rules tenhou --games 200 --bench";

fn closed_stdout() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "standard output is closed; nothing could be written")
}

const SCORE_EXAMPLES: &str = "\
One situation per stdin line, a JSON object with the keys hand, win, tsumo, riichi, double_riichi,
ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou, renhou, seat, round, dora, ura, honba,
kyotaku, nuki, last_copy, flowers, birds, after_kong_discard and options (docs/scoring.md); an omitted
key is false, 0, empty or east. One JSON answer per stdout line, in order; a line that cannot be
scored gets {\"error\": \"...\"} and the batch goes on. Exit status 2 if any line was an error.

Examples:
  echo '{\"hand\": \"123m456p789s1122z\", \"win\": \"2z\", \"tsumo\": true}' | hupai score
  hupai score --rules gb < situations.jsonl";

const PLAY_EXAMPLES: &str = "\
Game i is dealt and played from the seed S + i: the same log on every machine, with any threads.

Examples:
  hupai play --rules tenhou --seed 7 > game.mjson       one game's mjai log
  hupai play --rules tenhou-3p --games 100 --policy efficiency --out logs
  hupai play --rules '{\"preset\": \"tenhou\", \"length\": \"east\"}' --bench --games 5000";

/// Environment variable naming a directory whose `index.bin` / `suit.bin` replace the embedded
/// tables (each file present replaces its table): to see what a rebuilt or damaged table does.
const TABLE_DIR_VAR: &str = "HUPAI_TABLE_DIR";

/// Applies `HUPAI_TABLE_DIR`, if set: each table file present replaces its table, and is
/// validated at once, so a damaged one stops every command with its error (whether or not the
/// command would read it).
fn replace_tables() -> Result<(), String> {
    use hupai_lookup::tables::{self, Table};
    let Some(dir) = std::env::var_os(TABLE_DIR_VAR) else { return Ok(()) };
    if dir.is_empty() {
        return Err(format!("{TABLE_DIR_VAR} is set but empty; name a folder, or unset it for the built-in tables"));
    }
    let dir = std::path::PathBuf::from(dir);
    match std::fs::metadata(&dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(format!("{TABLE_DIR_VAR}: {} is not a folder", dir.display())),
        Err(e) => return Err(format!("{TABLE_DIR_VAR}: cannot open the folder {}: {e}", dir.display())),
    }
    let mut replaced = Vec::new();
    for table in Table::ALL {
        let path = dir.join(table.file());
        let Some(bytes) = read_table(&path, table.embedded().len())? else { continue };
        tables::replace(table, bytes).map_err(|e| e.to_string())?;
        replaced.push(table);
    }
    if replaced.is_empty() {
        return Err(format!("{TABLE_DIR_VAR}: {} holds neither index.bin nor suit.bin", dir.display()));
    }
    for table in replaced {
        tables::check(table).map_err(|e| format!("{TABLE_DIR_VAR}: {e}"))?;
    }
    Ok(())
}

/// Reads a table file of at most twice `expected` bytes; `None` if there is none. Anything but a
/// regular file (a FIFO would block, a device never end) and anything larger is refused unread.
fn read_table(path: &std::path::Path, expected: usize) -> Result<Option<Vec<u8>>, String> {
    use std::io::Read;
    let metadata = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{TABLE_DIR_VAR}: cannot read {}: {e}", path.display())),
    };
    if !metadata.is_file() {
        return Err(format!("{TABLE_DIR_VAR}: {} is not a regular file", path.display()));
    }
    let most = 2 * expected as u64;
    let too_big = |size: u64| format!("{TABLE_DIR_VAR}: {} is {size} bytes; the table is {expected}", path.display());
    if metadata.len() > most {
        return Err(too_big(metadata.len()));
    }
    let mut bytes = Vec::with_capacity(expected);
    let read = std::fs::File::open(path).and_then(|f| f.take(most + 1).read_to_end(&mut bytes));
    read.map_err(|e| format!("{TABLE_DIR_VAR}: cannot read {}: {e}", path.display()))?;
    // The file may have grown since its size was read.
    if bytes.len() as u64 > most {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(Some(bytes))
}

/// Can anything be written to stdout? When a program starts with stdout closed, Rust's runtime
/// opens `/dev/null` in its place (read-write, which a shell's `> /dev/null` never is), so a run
/// would look successful having written nothing. Linux shows both facts under `/proc`.
#[cfg(target_os = "linux")]
fn stdout_is_open() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else { return true };
    if target != std::path::Path::new("/dev/null") {
        return true;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else { return true };
    let flags = info.lines().find_map(|l| l.strip_prefix("flags:")).map(str::trim);
    // O_ACCMODE is 3 and O_RDWR 2; the flags are octal.
    !matches!(flags.and_then(|f| u32::from_str_radix(f, 8).ok()), Some(f) if f & 3 == 2)
}

#[cfg(not(target_os = "linux"))]
fn stdout_is_open() -> bool {
    true
}

/// Options that contradict each other: refused with a message before anything runs.
fn conflicts(command: &Command) -> Result<(), String> {
    match command {
        Command::Check(args) => args.rule_args.conflicts(),
        Command::Batch(args) => args.conflicts(),
        Command::Shanten(args) => args.rule_args.conflicts(),
        Command::Advice(args) => args.rule_args.conflicts(),
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // `--help` and `--version` print to stdout: a failed write there fails the run too.
            let mut printed = e.print().and_then(|()| io::stdout().flush());
            if printed.is_ok() && !e.use_stderr() && !stdout_is_open() {
                printed = Err(closed_stdout());
            }
            if let Err(w) = printed {
                eprintln!("hupai: cannot write the message: {w}");
                return ExitCode::from(1);
            }
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    if let Err(e) = conflicts(&cli.command) {
        eprintln!("hupai: {e}");
        return ExitCode::from(2);
    }
    if !stdout_is_open() {
        eprintln!("hupai: {}", closed_stdout());
        return ExitCode::from(1);
    }
    if let Err(e) = replace_tables() {
        eprintln!("hupai: {e}");
        return ExitCode::from(2);
    }
    let stdout = io::stdout();
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &mut stdout.lock()),
        Command::Shanten(args) => shanten::run_shanten(args, &mut stdout.lock()),
        Command::Advice(args) => shanten::run_advice(args, &mut stdout.lock()),
        Command::Batch(args) => batch::run(args, io::stdin(), io::stdout()).map(|tally| tally.errors > 0),
        Command::Algorithms(args) => list::run(args, &mut stdout.lock()).map(|()| false),
        Command::Odds(args) => odds::run(args, &mut stdout.lock()),
        Command::Bench(args) => bench::run(args, &mut stdout.lock()),
        Command::Diff(args) => diff::run(args, &mut stdout.lock()),
        Command::Play(args) => match play::setup(args) {
            Ok(setup) => play::run(args, &setup, &mut io::BufWriter::new(stdout.lock())),
            Err(e) => {
                eprintln!("hupai play: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Bot(args) => match bot::run(args) {
            Ok(()) => Ok(false),
            Err(e) => {
                eprintln!("hupai bot: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Review(args) => match review::run(args, &mut io::BufWriter::new(stdout.lock())) {
            Ok(failed) => Ok(failed),
            Err(e) => {
                eprintln!("hupai review: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Arena(args) => match arena::run(args, &mut io::BufWriter::new(stdout.lock())) {
            Ok(failed) => Ok(failed),
            Err(e) => {
                eprintln!("hupai arena: {e}");
                return ExitCode::from(2);
            }
        },
        Command::Replay(args) => game_logs::run_replay(args, &mut io::BufWriter::new(stdout.lock())),
        Command::Convert(args) => game_logs::run_convert(args, &mut io::BufWriter::new(stdout.lock())),
        Command::Wall(args) => game_logs::run_wall(args, &mut stdout.lock()),
        Command::Score(args) => match score::scorer(args) {
            Ok(scorer) => score::run(&scorer, io::stdin().lock(), &mut io::BufWriter::new(stdout.lock())),
            Err(e) => {
                eprintln!("hupai score: {e}");
                return ExitCode::from(2);
            }
        },
    };
    match result {
        Ok(false) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::from(2),
        // A closed pipe (`hupai batch | head`) is the reader's choice, not a failure to report.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("hupai: {e}");
            ExitCode::from(1)
        }
    }
}
