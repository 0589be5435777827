//! `hupai`, the command line of hupai: decide whether mahjong hands win, list their decompositions
//! and waits, answer millions of hands from stdin, and show which algorithms exist.
//!
//! Subcommands (their output is a contract scripts rely on):
//! - `check HAND…`: a readable report per hand (or `--json`, one object per hand per line);
//!   `--algorithm all` puts every registered algorithm's answer side by side;
//! - `batch`: one hand per stdin line, one JSON object per stdout line, same order, every core;
//! - `algorithms`: the registry with capabilities (`--json`: one object per line).
//! - `bench`: every algorithm timed on the same fixed-seed deals (`docs/performance.md`);
//!   `--batch` times `batch` end to end.
//! - `odds`: exact win odds of random deals beside a Monte Carlo estimate (`docs/odds.md`).
//! - `diff`: the differential harness: every algorithm on the same corpora, disagreements listed
//!   (`docs/harness.md`); exit 2 if any.
//!
//! Exit status: 0 when every hand was answered, 2 when any hand (or line) was an error, the
//! command line was wrong or a lookup table is damaged, 1 on an I/O error.
//!
//! `HUPAI_TABLE_DIR=DIR` makes the run read `DIR/index.bin` and `DIR/suit.bin` (those present)
//! instead of the embedded tables, to see what a rebuilt or damaged table does.

mod batch;
mod bench;
mod check;
mod diff;
mod ev;
mod json;
mod lines;
mod list;
mod odds;
mod options;
mod plain;

use std::io;
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
  printf '12x\\n123m456p789s1122z\\n' | hupai batch
  hupai algorithms --json";

const CHECK_EXAMPLES: &str = "\
Examples:
  hupai check 123m456p789s11122z 1112345678999m
  hupai check '11m234p**[789s][5555z]'        wildcards and declared melds
  hupai check 11223344556677z --rules riichi --algorithm all
  hupai check 123m456p789s12z777z --wildcard-tile 7z --json";

const BATCH_EXAMPLES: &str = "\
Output, one line per input line, same order:
  {\"hand\": \"123m456p789s11122z\", \"win\": true}                   a complete hand
  {\"hand\": \"123m456p789s1122z\", \"waits\": [\"1z\", \"2z\"]}           a hand one tile short
  {\"hand\": \"12x\", \"error\": \"unexpected 'x' at position 3: ...\"}  a line that is not a hand
Empty lines, lines that are not UTF-8 and lines over 4096 bytes (echoed only in part) are
error lines; a trailing \\r is dropped, and so is a byte-order mark at the start of the input.
Exit status 0 if every line was answered, 2 if any line was an error.

Examples:
  printf '12x\\n123m456p789s1122z\\n' | hupai batch
  hupai batch --rules chinese --wildcard-tile 7z < hands.txt > answers.jsonl";

/// Decide mahjong wins, decompositions and waits, wildcards (癞子) included.
#[derive(Parser)]
#[command(name = "hupai", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Show each hand in tiles, whether it wins, its decompositions, or its waits if one tile short.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(check::CheckArgs),
    /// Answer one hand per stdin line with one JSON object per stdout line, in order, on every core.
    #[command(after_help = BATCH_EXAMPLES)]
    Batch(batch::BatchArgs),
    /// List the registered algorithms, fastest first, with what each can handle.
    Algorithms(list::ListArgs),
    /// Exact odds that K wildcards plus tiles drawn from the wall win, beside a Monte Carlo estimate.
    Odds(odds::OddsArgs),
    /// Time every algorithm on the same random deals at 0-8 wildcards (or `--batch`: the batch end to end).
    Bench(bench::BenchArgs),
    /// Run every algorithm on the same corpora and compare (exit 2 on any disagreement).
    Diff(diff::DiffArgs),
}

/// Environment variable naming a directory whose `index.bin` / `suit.bin` replace the embedded
/// tables (each file present replaces its table): to see what a rebuilt or damaged table does.
const TABLE_DIR_VAR: &str = "HUPAI_TABLE_DIR";

/// Applies `HUPAI_TABLE_DIR`, if set.
fn replace_tables() -> Result<(), String> {
    let Some(dir) = std::env::var_os(TABLE_DIR_VAR) else { return Ok(()) };
    let dir = std::path::PathBuf::from(dir);
    let mut found = false;
    for table in hupai_lookup::tables::Table::ALL {
        let path = dir.join(table.file());
        match std::fs::read(&path) {
            Ok(bytes) => {
                hupai_lookup::tables::replace(table, bytes).map_err(|e| e.to_string())?;
                found = true;
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("{TABLE_DIR_VAR}: cannot read {}: {e}", path.display())),
        }
    }
    if !found {
        return Err(format!("{TABLE_DIR_VAR}: {} holds neither index.bin nor suit.bin", dir.display()));
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = replace_tables() {
        eprintln!("hupai: {e}");
        return ExitCode::from(2);
    }
    let stdout = io::stdout();
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &mut stdout.lock()),
        Command::Batch(args) => batch::run(args, io::stdin(), io::stdout()).map(|tally| tally.errors > 0),
        Command::Algorithms(args) => list::run(args, &mut stdout.lock()).map(|()| false),
        Command::Odds(args) => odds::run(args, &mut stdout.lock()),
        Command::Bench(args) => bench::run(args, &mut stdout.lock()),
        Command::Diff(args) => diff::run(args, &mut stdout.lock()),
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
