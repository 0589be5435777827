//! `hupai score`: one situation per stdin line as JSON, one answer per stdout line, in order,
//! on every core. The situation keys and the answers are those of `hupai_score` (docs/scoring.md).

use std::io::{self, BufRead, Write};

use clap::Args;
use hupai_score::{ScoreError, Scorer};
use rayon::prelude::*;

/// Lines answered together: enough to keep every core busy, few enough to answer promptly.
const CHUNK: usize = 4096;

/// Arguments of `hupai score`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ScoreArgs {
    /// The rule set: riichi, sanma (three-player riichi), gb, sichuan, changsha or hongzhong.
    #[arg(long, value_name = "RULES", default_value = "riichi")]
    pub(crate) rules: String,

    /// A regional fan table (JSON) replacing the preset's (sichuan, changsha, hongzhong).
    #[arg(long, value_name = "FILE")]
    pub(crate) table: Option<std::path::PathBuf>,
}

/// The scorer the arguments name.
pub(crate) fn scorer(args: &ScoreArgs) -> Result<Scorer, String> {
    let scorer = Scorer::by_name(&args.rules).map_err(|e| e.to_string())?;
    match (&args.table, scorer) {
        (None, scorer) => Ok(scorer),
        (Some(path), Scorer::Regional(_)) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("--table: cannot read {}: {e}", path.display()))?;
            hupai_score::regional::Table::from_json_text(&text)
                .map(Scorer::Regional)
                .map_err(|e| format!("--table {}: {e}", path.display()))
        }
        (Some(_), _) => Err(format!("--table applies to the regional rule sets, not to '{}'", args.rules)),
    }
}

/// Answers every line of `input`; true if any line was an error.
pub(crate) fn run(scorer: &Scorer, input: impl BufRead, output: &mut impl Write) -> io::Result<bool> {
    let mut any_error = false;
    let mut lines: Vec<Vec<u8>> = Vec::with_capacity(CHUNK);
    let mut first = true;
    let answer = |lines: &mut Vec<Vec<u8>>, output: &mut dyn Write| -> io::Result<bool> {
        let answers: Vec<(String, bool)> = lines.par_iter().map(|line| answer_line(scorer, line)).collect();
        lines.clear();
        let mut errors = false;
        for (text, is_error) in answers {
            errors |= is_error;
            output.write_all(text.as_bytes())?;
            output.write_all(b"\n")?;
        }
        Ok(errors)
    };
    for line in input.split(b'\n') {
        let mut line = line?;
        if first {
            // A byte-order mark at the start of the input is no part of the first line.
            if line.starts_with(b"\xef\xbb\xbf") {
                line.drain(..3);
            }
            first = false;
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        lines.push(line);
        if lines.len() == CHUNK {
            any_error |= answer(&mut lines, output)?;
        }
    }
    any_error |= answer(&mut lines, output)?;
    output.flush()?;
    Ok(any_error)
}

/// One line's answer as JSON text, and whether it is an error.
fn answer_line(scorer: &Scorer, line: &[u8]) -> (String, bool) {
    let value = match std::str::from_utf8(line) {
        Ok(text) if text.trim().is_empty() => hupai_score::error_value(&ScoreError::Input("empty line".into())),
        Ok(text) => scorer.score_line(text),
        Err(e) => hupai_score::error_value(&ScoreError::Input(format!("the line is not UTF-8: {e}"))),
    };
    let is_error = value.get("error").is_some();
    (value.to_string(), is_error)
}
