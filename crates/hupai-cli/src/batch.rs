//! `hupai batch`: one hand per stdin line, one JSON object per stdout line, in input order.
//!
//! Stdin is read in chunks of whole lines; each chunk is cut into one piece per task at line
//! boundaries, the pieces are answered in parallel (rayon) into per-piece buffers that are reused
//! from chunk to chunk, and the buffers are written in order. Memory stays bounded by the chunk
//! size however long the input is, and a line costs no allocation unless it is an error.
//!
//! Line rules: a trailing `\r` is dropped (CRLF input) and not echoed; an empty or blank line is
//! an error line `"empty hand"`; a line that is not UTF-8 is an error line and its `"hand"` echoes
//! it with U+FFFD in place of the bad bytes; a last line without `\n` is still a line.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

use clap::Args;
use hupai_tiles::{Algorithm, Answer, Error, Rules};
use rayon::prelude::*;

use crate::json;
use crate::options::{self, RuleArgs};

/// Arguments of `hupai batch`.
#[derive(Clone, Args)]
pub(crate) struct BatchArgs {
    #[command(flatten)]
    pub(crate) rule_args: RuleArgs,

    /// Answer every line with this algorithm (see `hupai algorithms`); lines it cannot handle get an
    /// "unsupported" error. Default: per line, the fastest algorithm that supports the hand.
    #[arg(long, value_name = "NAME", value_parser = options::parse_algorithm)]
    pub(crate) algorithm: Option<&'static dyn Algorithm>,
}

/// Bytes read per chunk before answering (grown if one line is longer). About 50K typical lines:
/// large enough that the parallel split costs nothing, small enough to stay in cache-friendly memory.
const CHUNK_BYTES: usize = 1 << 20;

/// Everything a line needs to be answered, shared by the workers.
struct Context<'a> {
    rule_args: &'a RuleArgs,
    rules: Rules,
    algorithm: Option<&'static dyn Algorithm>,
}

/// What a run did: lines answered and lines that were errors.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) lines: u64,
    pub(crate) errors: u64,
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, o: Tally) -> Tally {
        Tally { lines: self.lines + o.lines, errors: self.errors + o.errors }
    }
}

/// Runs the batch from `input` to `output`.
pub(crate) fn run(args: &BatchArgs, input: &mut impl Read, output: &mut impl Write) -> io::Result<Tally> {
    let ctx = Context { rule_args: &args.rule_args, rules: args.rule_args.rules(), algorithm: args.algorithm };
    let pieces_per_chunk = rayon::current_num_threads().max(1) * 4;
    let mut buf = vec![0u8; CHUNK_BYTES];
    let mut filled = 0;
    let mut outputs: Vec<Vec<u8>> = vec![Vec::new(); pieces_per_chunk];
    let mut tally = Tally::default();
    loop {
        let eof = fill(input, &mut buf, &mut filled)?;
        let cut = if eof {
            filled
        } else {
            match buf[..filled].iter().rposition(|&b| b == b'\n') {
                Some(i) => i + 1,
                None => {
                    // One line longer than the buffer: grow and read on.
                    buf.resize(buf.len() * 2, 0);
                    continue;
                }
            }
        };
        let pieces = split_at_lines(&buf[..cut], pieces_per_chunk);
        let chunk = &buf[..cut];
        tally = tally
            + pieces
                .par_iter()
                .zip(outputs.par_iter_mut())
                .map(|(&(start, end), out)| {
                    out.clear();
                    answer_lines(&chunk[start..end], &ctx, out)
                })
                .reduce(Tally::default, |a, b| a + b);
        for out in &outputs[..pieces.len()] {
            output.write_all(out)?;
        }
        buf.copy_within(cut..filled, 0);
        filled -= cut;
        if eof {
            break;
        }
    }
    output.flush()?;
    Ok(tally)
}

/// Reads until the buffer is full or the input ends; true at end of input.
fn fill(input: &mut impl Read, buf: &mut [u8], filled: &mut usize) -> io::Result<bool> {
    while *filled < buf.len() {
        match input.read(&mut buf[*filled..]) {
            Ok(0) => return Ok(true),
            Ok(n) => *filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(false)
}

/// Cuts `chunk` into at most `n` byte ranges of similar size, each ending just after a `\n` (the
/// last may end at the chunk's end).
fn split_at_lines(chunk: &[u8], n: usize) -> Vec<(usize, usize)> {
    let mut ranges = Vec::with_capacity(n);
    let step = chunk.len().div_ceil(n).max(1);
    let mut start = 0;
    while start < chunk.len() {
        let mut end = (start + step).min(chunk.len());
        if end < chunk.len() {
            end = match chunk[end - 1..].iter().position(|&b| b == b'\n') {
                Some(i) => end + i,
                None => chunk.len(),
            };
        }
        ranges.push((start, end));
        start = end;
    }
    ranges
}

/// Answers every line of `piece` into `out`.
fn answer_lines(piece: &[u8], ctx: &Context<'_>, out: &mut Vec<u8>) -> Tally {
    let mut tally = Tally::default();
    let mut rest = piece;
    while !rest.is_empty() {
        let (line, next) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = next;
        tally.lines += 1;
        if !answer_line(line, ctx, out) {
            tally.errors += 1;
        }
    }
    tally
}

/// Writes one line's JSON object; false if it is an error line.
fn answer_line(line: &[u8], ctx: &Context<'_>, out: &mut Vec<u8>) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    out.extend_from_slice(b"{\"hand\": \"");
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            json::escape_into(out, &String::from_utf8_lossy(line));
            out.extend_from_slice(b"\", \"error\": \"");
            let _ = write!(
                json::Escaped(out),
                "invalid UTF-8: byte 0x{:02x} at byte {} of the line",
                line[e.valid_up_to()],
                e.valid_up_to() + 1
            );
            out.extend_from_slice(b"\"}\n");
            return false;
        }
    };
    json::escape_into(out, text);
    out.extend_from_slice(b"\", ");
    let result = if text.trim().is_empty() {
        Err(None)
    } else {
        ctx.rule_args.parse_hand(text).and_then(|hand| options::answer(&hand, &ctx.rules, ctx.algorithm)).map_err(Some)
    };
    match result {
        Ok((_, Answer::Win(true))) => out.extend_from_slice(b"\"win\": true}\n"),
        Ok((_, Answer::Win(false))) => out.extend_from_slice(b"\"win\": false}\n"),
        Ok((_, Answer::Waits(waits))) => {
            out.extend_from_slice(b"\"waits\": ");
            json::write_tiles(out, waits);
            out.extend_from_slice(b"}\n");
        }
        Err(error) => {
            out.extend_from_slice(b"\"error\": \"");
            write_error(out, error.as_ref());
            out.extend_from_slice(b"\"}\n");
            return false;
        }
    }
    true
}

fn write_error(out: &mut Vec<u8>, error: Option<&Error>) {
    match error {
        Some(e) => {
            let _ = write!(json::Escaped(out), "{e}");
        }
        None => out.extend_from_slice(b"empty hand"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_end_at_line_ends_and_cover_everything() {
        let text = b"11m\n2222m\n\n3m\n44m";
        for n in 1..8 {
            let ranges = split_at_lines(text, n);
            assert!(ranges.len() <= n, "{ranges:?}");
            let mut at = 0;
            for &(s, e) in &ranges {
                assert_eq!(s, at);
                assert!(e > s);
                assert!(e == text.len() || text[e - 1] == b'\n', "{n}: {ranges:?}");
                at = e;
            }
            assert_eq!(at, text.len());
        }
        assert!(split_at_lines(b"", 4).is_empty());
    }
}
