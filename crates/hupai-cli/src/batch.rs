//! `hupai batch`: one hand per stdin line, one JSON object per stdout line, in input order.
//!
//! Stdin is read in chunks of whole lines; each chunk is cut into a few pieces per core at line
//! boundaries, the pieces are answered in parallel (rayon) into per-piece buffers that are reused
//! from chunk to chunk, and the buffers are written in order. Reading, answering and writing
//! overlap (see [`run`]). Memory stays bounded by the chunk size however long the input is, and a
//! plain line costs no allocation unless it is an error.
//!
//! Line rules: a trailing `\r` is dropped (CRLF input) and not echoed; an empty or blank line is
//! an error line `"empty hand"`; a line that is not UTF-8 is an error line and its `"hand"` echoes
//! it with U+FFFD in place of the bad bytes; a last line without `\n` is still a line; a UTF-8
//! byte-order mark at the start of the input is dropped; a line longer than [`MAX_LINE`] bytes is
//! one error line whose `"hand"` echoes only its start, and is never held in memory whole
//! ([`crate::lines`]).

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use clap::Args;
use hupai_tiles::{Algorithm, Answer, Error, Hand, Rules, TileCounts};
use rayon::prelude::*;

use crate::json;
use crate::lines::{self, LineCutter, MAX_LINE};
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

    /// Add `"shanten": N` to every answered line (−1 wins, 0 ready, …) and, to lines of hands one
    /// tile short, `"effective": [...]` (the kinds whose draw lowers the shanten, in tile order) and
    /// `"unseen"` (their unseen copies in all).
    #[arg(long)]
    pub(crate) shanten: bool,

    /// Add `"shanten"` to every answered line as `--shanten` does and, to lines of hands of
    /// 3k + 2 tiles, `"advice"`: every discard best first, each with the shanten after it, its
    /// effective tiles and their unseen copies.
    #[arg(long)]
    pub(crate) advice: bool,

    /// With `--shanten`, `--advice` or `--ev`: tiles seen outside the hands (discards, melds,
    /// indicators), in hand notation; they lower `"unseen"`. A line whose hand holds so many of a
    /// kind that the visible ones make more than four is an error line naming the kind.
    #[arg(long, value_name = "TILES", value_parser = options::parse_visible)]
    pub(crate) visible: Option<TileCounts>,

    /// Add `"ev"` to every answered line: for a complete hand every discard best first with the
    /// probability of being ready (`"tenpai"`) and of winning (`"win"`) by the last of `--turns`
    /// draws (17 by default); for a hand one short its own (docs/odds.md).
    #[arg(long)]
    pub(crate) ev: bool,

    #[command(flatten)]
    pub(crate) ev_args: crate::ev::EvArgs,
}

impl BatchArgs {
    /// Options that contradict each other or do nothing: the rules' conflicts, and `--visible`
    /// without a question that counts unseen tiles.
    pub(crate) fn conflicts(&self) -> Result<(), String> {
        self.rule_args.conflicts()?;
        if self.visible.is_some() && !(self.shanten || self.advice || self.ev) {
            return Err("--visible counts unseen tiles: use it with --shanten, --advice or --ev".to_owned());
        }
        Ok(())
    }
}

/// Bytes of whole lines the reader collects before it waits for the answering side: about 50K
/// typical lines, enough that splitting a chunk across the pool costs nothing, while memory stays
/// at a few MiB however long the input is.
const CHUNK_BYTES: usize = 1 << 20;

/// Everything a line needs to be answered, shared by the workers.
struct Context<'a> {
    rule_args: &'a RuleArgs,
    rules: Rules,
    algorithm: Option<&'static dyn Algorithm>,
    /// `--shanten` (or `--advice`), with the `--visible` tiles.
    shanten: Option<TileCounts>,
    /// `--advice`.
    advice: bool,
    /// `--visible`: checked against each line's hand.
    visible: Option<TileCounts>,
    /// `--ev`: the draw odds' options (horizon, policy, visible tiles, wildcard tile).
    ev: Option<hupai_odds::ev::EvOptions<'static>>,
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
/// Three stages overlap: a reader thread collects whole lines in an [`Inbox`], the calling
/// thread takes everything collected so far as one chunk and answers it on the rayon pool, and a
/// writer thread writes the answers in order. While answering is busy the inbox fills up to
/// `CHUNK_BYTES`, so big inputs go in big chunks; when it is idle a single line is answered (and
/// written) at once, so a script can feed the batch a line at a time and wait for each answer.
/// Buffers travel back to the stage that fills them, so a long run allocates nothing per chunk.
pub(crate) fn run(args: &BatchArgs, input: impl Read + Send + 'static, output: impl Write + Send) -> io::Result<Tally> {
    let ctx = Context {
        rule_args: &args.rule_args,
        rules: args.rule_args.rules(),
        algorithm: args.algorithm,
        shanten: (args.shanten || args.advice).then(|| args.visible.unwrap_or(TileCounts::EMPTY)),
        advice: args.advice,
        visible: args.visible,
        ev: args.ev.then(|| {
            let turns = args.ev_args.turns.unwrap_or(hupai_odds::ev::DEFAULT_TURNS);
            let visible = args.visible.unwrap_or(TileCounts::EMPTY);
            args.ev_args.options(turns, &visible, args.rule_args.wildcard_tile(), &args.rule_args.rules())
        }),
    };
    let pieces_per_chunk = rayon::current_num_threads().max(1) * 4;
    let inbox = Arc::new(Inbox::default());
    // Not scoped: a reader blocked on a terminal must not keep the batch from ending on an error.
    std::thread::spawn({
        let inbox = Arc::clone(&inbox);
        move || read_lines(input, &inbox)
    });
    let result = std::thread::scope(|scope| {
        let (answers_tx, answers_rx) = mpsc::sync_channel::<Vec<Vec<u8>>>(2);
        let (spare_answers_tx, spare_answers_rx) = mpsc::channel::<Vec<Vec<u8>>>();
        let writer = scope.spawn(move || write_answers(output, &answers_rx, &spare_answers_tx));

        let mut tally = Tally::default();
        let mut chunk = Vec::new();
        let read = loop {
            match inbox.take(&mut chunk) {
                Ok(true) => {}
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
            let mut answers = spare_answers_rx.try_recv().unwrap_or_default();
            let pieces = split_at_lines(&chunk, pieces_per_chunk);
            answers.resize_with(pieces.len(), Vec::new);
            tally = tally
                + pieces
                    .par_iter()
                    .zip(answers.par_iter_mut())
                    .map(|(&(start, end), out)| answer_lines(&chunk[start..end], &ctx, out))
                    .reduce(Tally::default, |a, b| a + b);
            chunk.clear();
            if answers_tx.send(answers).is_err() {
                break Ok(()); // the writer stopped on an error, reported below
            }
        };
        drop(answers_tx);
        let written = writer.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        written.and(read).map(|()| tally)
    });
    inbox.close();
    result
}

/// Whole lines read but not yet answered, shared by the reader thread and the answering thread.
#[derive(Default)]
struct Inbox {
    state: Mutex<InboxState>,
    changed: Condvar,
}

#[derive(Default)]
struct InboxState {
    /// Whole lines (the last line of the input may lack its '\n').
    lines: Vec<u8>,
    /// The reader is done: `Some(Ok)` at end of input, `Some(Err)` on a read error.
    end: Option<io::Result<()>>,
    /// The answering side is gone; the reader should stop.
    closed: bool,
}

impl Inbox {
    fn lock(&self) -> MutexGuard<'_, InboxState> {
        // A panic elsewhere is reported by its own thread; the lines stay usable.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Appends `parts` in order, waiting while a full chunk is waiting. False once closed.
    fn push(&self, parts: &[&[u8]]) -> bool {
        let mut state = self.lock();
        while state.lines.len() >= CHUNK_BYTES && !state.closed {
            state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
        if state.closed {
            return false;
        }
        for part in parts {
            state.lines.extend_from_slice(part);
        }
        self.changed.notify_all();
        true
    }

    fn finish(&self, end: io::Result<()>) {
        self.lock().end = Some(end);
        self.changed.notify_all();
    }

    fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// Swaps everything waiting into `chunk` (which must be empty), waiting for lines if there
    /// are none: true with lines, false at the end of input, or the read error.
    fn take(&self, chunk: &mut Vec<u8>) -> io::Result<bool> {
        let mut state = self.lock();
        loop {
            if !state.lines.is_empty() {
                std::mem::swap(&mut state.lines, chunk);
                self.changed.notify_all();
                return Ok(true);
            }
            match state.end.take() {
                Some(Ok(())) => {
                    state.end = Some(Ok(()));
                    return Ok(false);
                }
                Some(Err(e)) => return Err(e),
                None => state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner),
            }
        }
    }
}

/// Bytes asked of the input per read.
const READ_BYTES: usize = 256 << 10;

/// Reads `input` to its end, passing whole lines to the inbox as soon as they arrive. Lines are
/// cut by [`LineCutter`]: an over-long line arrives as its start only, so memory stays bounded
/// whatever the input.
fn read_lines(mut input: impl Read, inbox: &Inbox) {
    let mut buf = vec![0u8; READ_BYTES];
    // Room for a trailing `\r` beyond the cap: CRLF input has the same limit as LF input.
    let mut cutter = LineCutter::with_cap(MAX_LINE + 1);
    let mut emit = |parts: &[&[u8]]| inbox.push(parts);
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return inbox.finish(Err(e)),
        };
        if !cutter.feed(&buf[..n], &mut emit) {
            return;
        }
    }
    if cutter.finish(&mut emit) {
        inbox.finish(Ok(()));
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
        // Flushed per chunk so a line fed on its own is answered at once.
        output.flush()?;
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
                match ctx.rule_args.apply_wildcard_tile(hand) {
                    Ok(hand) => write_answer(
                        out,
                        options::answer(&hand, &ctx.rules, ctx.algorithm).map_err(Some),
                        Some(&hand),
                        ctx,
                    ),
                    Err(e) => write_answer(out, Err(Some(e)), None, ctx),
                }
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

/// Characters of an over-long line echoed in its error line.
const ECHOED: usize = 32;

/// Writes one line's JSON object by the general parser; false if it is an error line.
fn answer_line(line: &[u8], ctx: &Context<'_>, out: &mut Vec<u8>) -> bool {
    if lines::is_over_long(line.strip_suffix(b"\r").unwrap_or(line), MAX_LINE) {
        write_over_long(line, out);
        return false;
    }
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
    let hand =
        if text.trim().is_empty() { Err(None) } else { ctx.rule_args.parse_hand_under(text, &ctx.rules).map_err(Some) };
    match hand {
        Ok(hand) => {
            write_answer(out, options::answer(&hand, &ctx.rules, ctx.algorithm).map_err(Some), Some(&hand), ctx)
        }
        Err(e) => write_answer(out, Err(e), None, ctx),
    }
}

/// The error line of an over-long line: its first [`ECHOED`] characters (bad UTF-8 shown as
/// U+FFFD) and an ellipsis, and why it was skipped.
fn write_over_long(line: &[u8], out: &mut Vec<u8>) {
    let start = String::from_utf8_lossy(&line[..line.len().min(4 * ECHOED)]);
    let echoed: String = start.chars().take(ECHOED).collect();
    out.extend_from_slice(b"{\"hand\": \"");
    json::escape_into(out, &echoed);
    out.extend_from_slice("…\", \"error\": \"".as_bytes());
    let _ = write!(
        json::Escaped(out),
        "line longer than {MAX_LINE} bytes (a hand takes a few hundred at most); skipped to the next line"
    );
    out.extend_from_slice(b"\"}\n");
}

/// Writes the answer part of a line and closes it; false for an error (`None`: empty line).
/// With `--shanten`, an answered line also gets the hand's shanten (and effective tiles).
#[inline]
fn write_answer(
    out: &mut Vec<u8>,
    result: Result<(&'static dyn Algorithm, Answer), Option<Error>>,
    hand: Option<&Hand>,
    ctx: &Context<'_>,
) -> bool {
    // Visible tiles that make too many copies with the hand's own: the line is wrong.
    let result = match (result, hand, &ctx.visible) {
        (Ok(answer), Some(hand), Some(visible)) => {
            hand.check_visible(&ctx.rules, visible).map(|()| answer).map_err(Some)
        }
        (result, ..) => result,
    };
    match result {
        Ok((_, answer)) => {
            write_plain(out, answer);
            if let (Some(visible), Some(hand)) = (&ctx.shanten, hand) {
                write_shanten(out, hand, &ctx.rules, visible, ctx.advice);
            }
            if let (Some(options), Some(hand)) = (&ctx.ev, hand) {
                crate::ev::write_batch(out, hand, &ctx.rules, options);
            }
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

/// `"win": B` or `"waits": [...]`: what a line gets without `--shanten` or `--advice`.
#[inline]
pub(crate) fn write_plain(out: &mut Vec<u8>, answer: Answer) {
    match answer {
        Answer::Win(true) => out.extend_from_slice(b"\"win\": true"),
        Answer::Win(false) => out.extend_from_slice(b"\"win\": false"),
        Answer::Waits(waits) => {
            out.extend_from_slice(b"\"waits\": ");
            json::write_tiles(out, waits);
        }
    }
}

/// `, "shanten": N` and, for a hand one short, `, "effective": [...], "unseen": N`; with
/// `advice`, for a hand of 3k + 2 tiles, `, "advice": [{"discard": ..., "shanten": ...,
/// "effective": [...], "unseen": N}, ...]`; or `, "shanten_error": "..."` when shanten has no
/// number (a hand that can never win, such as one with a declared meld of the void suit).
pub(crate) fn write_shanten(out: &mut Vec<u8>, hand: &Hand, rules: &Rules, visible: &TileCounts, advice: bool) {
    let answered = if hand.tile_count() % 3 == 1 {
        hupai_shanten::effective_tiles(hand, rules, visible).map(|e| (e.shanten, Some(e), None))
    } else if advice {
        let shanten = hupai_shanten::shanten(hand, rules);
        shanten.and_then(|s| hupai_shanten::discard_advice(hand, rules, visible).map(|a| (s.number, None, Some(a))))
    } else {
        hupai_shanten::shanten(hand, rules).map(|s| (s.number, None, None))
    };
    match answered {
        Ok((n, e, a)) => {
            let _ = write!(out, ", \"shanten\": {n}");
            if let Some(e) = e {
                write_effective(out, &e);
            }
            if let Some(a) = a {
                out.extend_from_slice(b", \"advice\": [");
                for (i, option) in a.iter().enumerate() {
                    if i > 0 {
                        out.extend_from_slice(b", ");
                    }
                    let discard = crate::ev::discard_name(option.discard);
                    let _ = write!(out, "{{\"discard\": \"{discard}\", \"shanten\": {}", option.shanten());
                    write_effective(out, &option.after);
                    out.push(b'}');
                }
                out.push(b']');
            }
        }
        Err(e) => {
            out.extend_from_slice(b", \"shanten_error\": \"");
            let _ = write!(json::Escaped(out), "{e}");
            out.push(b'"');
        }
    }
}

/// `, "effective": [...], "unseen": N`: the effective kinds in tile order, their unseen copies in all.
fn write_effective(out: &mut Vec<u8>, e: &hupai_shanten::Effective) {
    out.extend_from_slice(b", \"effective\": ");
    json::write_tiles(out, e.tiles.iter().map(|t| t.tile).collect());
    let _ = write!(out, ", \"unseen\": {}", e.unseen());
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
