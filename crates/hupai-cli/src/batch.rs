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
use std::sync::mpsc::{self, Receiver, SyncSender};

use clap::Args;
use hupai_tiles::{Algorithm, Answer, Error, Rules};
use rayon::prelude::*;

use crate::json;
use crate::options::{self, RuleArgs};
use crate::plain;

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
///
/// Three stages overlap: a reader thread cuts the input into chunks of whole lines, the calling
/// thread answers each chunk on the rayon pool, and a writer thread writes the answers in order.
/// Buffers travel back to the stage that fills them, so a long run allocates nothing per chunk.
pub(crate) fn run(args: &BatchArgs, input: impl Read + Send, output: impl Write + Send) -> io::Result<Tally> {
    let ctx = Context { rule_args: &args.rule_args, rules: args.rule_args.rules(), algorithm: args.algorithm };
    let pieces_per_chunk = rayon::current_num_threads().max(1) * 4;
    std::thread::scope(|scope| {
        // Bounded queues keep memory to a few chunks however fast one stage runs ahead.
        let (chunk_tx, chunk_rx) = mpsc::sync_channel::<io::Result<Vec<u8>>>(2);
        let (spare_chunk_tx, spare_chunk_rx) = mpsc::channel::<Vec<u8>>();
        let (answers_tx, answers_rx) = mpsc::sync_channel::<Vec<Vec<u8>>>(2);
        let (spare_answers_tx, spare_answers_rx) = mpsc::channel::<Vec<Vec<u8>>>();
        let reader = scope.spawn(move || read_chunks(input, &chunk_tx, &spare_chunk_rx));
        let writer = scope.spawn(move || write_answers(output, &answers_rx, &spare_answers_tx));

        let mut tally = Tally::default();
        let mut read_error = None;
        for chunk in chunk_rx {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            };
            let mut answers = spare_answers_rx.try_recv().unwrap_or_default();
            let pieces = split_at_lines(&chunk, pieces_per_chunk);
            answers.resize_with(pieces.len(), Vec::new);
            tally = tally
                + pieces
                    .par_iter()
                    .zip(answers.par_iter_mut())
                    .map(|(&(start, end), out)| answer_lines(&chunk[start..end], &ctx, out))
                    .reduce(Tally::default, |a, b| a + b);
            // The reader may be gone (end of input); then the buffer is simply dropped.
            let _ = spare_chunk_tx.send(chunk);
            if answers_tx.send(answers).is_err() {
                break; // the writer stopped on an error, reported below
            }
        }
        drop(answers_tx);
        let written = writer.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        // Dropping the chunk queue above (end of the loop) lets a reader blocked on it finish.
        reader.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        written?;
        match read_error {
            Some(e) => Err(e),
            None => Ok(tally),
        }
    })
}

/// Reads `input` into chunks of whole lines of about `CHUNK_BYTES` (more if one line is longer)
/// and sends them in order; an error is sent as the last item.
fn read_chunks(mut input: impl Read, chunks: &SyncSender<io::Result<Vec<u8>>>, spare: &Receiver<Vec<u8>>) {
    let mut carry: Vec<u8> = Vec::new();
    loop {
        let mut buf = spare.try_recv().unwrap_or_else(|_| Vec::with_capacity(CHUNK_BYTES));
        buf.clear();
        buf.extend_from_slice(&carry);
        carry.clear();
        let mut target = CHUNK_BYTES.max(buf.len() * 2);
        let mut searched = 0;
        let (cut, eof) = loop {
            let want = target.saturating_sub(buf.len()) as u64;
            let n = match (&mut input).take(want).read_to_end(&mut buf) {
                Ok(n) => n,
                Err(e) => {
                    let _ = chunks.send(Err(e));
                    return;
                }
            };
            let eof = (n as u64) < want;
            if eof {
                break (buf.len(), true); // the last line needs no '\n'
            }
            match buf[searched..].iter().rposition(|&b| b == b'\n') {
                Some(i) => break (searched + i + 1, false),
                // One line longer than the chunk so far: read on.
                None => {
                    searched = buf.len();
                    target *= 2;
                }
            }
        };
        carry.extend_from_slice(&buf[cut..]);
        buf.truncate(cut);
        if !buf.is_empty() && chunks.send(Ok(buf)).is_err() {
            return; // the answering stage stopped
        }
        if eof {
            return;
        }
    }
}

/// Writes each chunk's answers in order, then hands the emptied buffers back.
fn write_answers(
    mut output: impl Write,
    answers: &Receiver<Vec<Vec<u8>>>,
    spare: &mpsc::Sender<Vec<Vec<u8>>>,
) -> io::Result<()> {
    for mut chunk in answers {
        for out in &mut chunk {
            output.write_all(out)?;
            out.clear();
        }
        let _ = spare.send(chunk);
    }
    output.flush()
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
        tally.lines += 1;
        let ok = match plain::scan(rest) {
            // The common case: plain ASCII mpsz, nothing to validate or escape.
            plain::Scan::Hand { hand, line, consumed } => {
                out.extend_from_slice(b"{\"hand\": \"");
                out.extend_from_slice(&rest[..line]);
                out.extend_from_slice(b"\", ");
                rest = &rest[consumed..];
                let hand = ctx.rule_args.apply_wildcard_tile(hand);
                write_answer(out, options::answer(&hand, &ctx.rules, ctx.algorithm).map_err(Some))
            }
            plain::Scan::Other => {
                let (line, next) = match rest.iter().position(|&b| b == b'\n') {
                    Some(i) => (&rest[..i], &rest[i + 1..]),
                    None => (rest, &rest[rest.len()..]),
                };
                rest = next;
                answer_line(line, ctx, out)
            }
        };
        if !ok {
            tally.errors += 1;
        }
    }
    tally
}

/// Writes one line's JSON object by the general parser; false if it is an error line.
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
    write_answer(out, result)
}

/// Writes the answer part of a line and closes it; false for an error (`None`: empty line).
#[inline]
fn write_answer(out: &mut Vec<u8>, result: Result<(&'static dyn Algorithm, Answer), Option<Error>>) -> bool {
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
