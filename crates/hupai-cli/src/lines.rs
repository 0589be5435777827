//! Cutting `hupai batch`'s input into lines with bounded memory, whatever the input.
//!
//! A hand is at most a few hundred bytes, so a line is capped at [`MAX_LINE`] bytes, not counting
//! a trailing `\r` or the `\n`: the cutter's cap counts the `\r`, so `batch` gives it one byte
//! more. The cutter passes whole lines on as they arrive; a line that breaks its cap is passed on
//! as its first `cap + 1` bytes and a `\n` (the answering side knows a line that long is an
//! over-long line, and echoes only its start), and the rest of it is skipped up to the next `\n`
//! without being kept. So the cutter holds at most `cap` bytes of an unfinished line, however
//! long the input's lines are. A UTF-8 byte-order mark at the very
//! start of the input is dropped (editors on Windows write one).
//!
//! This file uses nothing but `std`, so the fuzz target `fuzz/fuzz_targets/batch_lines.rs`
//! includes it as it is and checks it against [`expected_cut`].

/// Most bytes a line may have before it is an over-long line.
pub(crate) const MAX_LINE: usize = 4096;

/// The UTF-8 byte-order mark.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// True for a line (without its `\n`) that is longer than the cap: an over-long line, or the
/// start of one standing for it.
#[inline]
pub(crate) fn is_over_long(line: &[u8], cap: usize) -> bool {
    line.len() > cap
}

/// The line cutter's state between reads.
pub(crate) struct LineCutter {
    cap: usize,
    /// The start of a line still being read, at most `cap` bytes.
    carry: Vec<u8>,
    /// The line being read broke the cap and its start was passed on: drop bytes up to the next `\n`.
    skipping: bool,
    /// The first bytes of the input, held until there are three to compare with the BOM.
    head: [u8; 3],
    head_len: usize,
    head_done: bool,
}

impl Default for LineCutter {
    fn default() -> Self {
        LineCutter::with_cap(MAX_LINE)
    }
}

impl LineCutter {
    /// A cutter with another cap (tests use small ones to reach the over-long path cheaply).
    pub(crate) fn with_cap(cap: usize) -> LineCutter {
        LineCutter { cap, carry: Vec::new(), skipping: false, head: [0; 3], head_len: 0, head_done: false }
    }

    /// Bytes of an unfinished line held: never more than the cap.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn held(&self) -> usize {
        self.carry.len()
    }

    /// Takes the next bytes of the input. Whole lines go to `emit` as a few slices to append, in
    /// order; `emit` returns false to stop, and then so does `feed`.
    pub(crate) fn feed(&mut self, mut new: &[u8], emit: &mut impl FnMut(&[&[u8]]) -> bool) -> bool {
        if !self.head_done {
            let take = (BOM.len() - self.head_len).min(new.len());
            self.head[self.head_len..self.head_len + take].copy_from_slice(&new[..take]);
            self.head_len += take;
            new = &new[take..];
            if self.head_len < BOM.len() {
                return true;
            }
            self.head_done = true;
            if self.head != BOM {
                let head = self.head;
                if !self.cut(&head, emit) {
                    return false;
                }
            }
        }
        self.cut(new, emit)
    }

    /// The input ended: passes on its last line if it had no `\n`. False if `emit` said stop.
    pub(crate) fn finish(&mut self, emit: &mut impl FnMut(&[&[u8]]) -> bool) -> bool {
        if !self.head_done {
            self.head_done = true;
            let (head, n) = (self.head, self.head_len);
            if !self.cut(&head[..n], emit) {
                return false;
            }
        }
        if self.carry.is_empty() {
            return true;
        }
        let ok = emit(&[&self.carry]);
        self.carry.clear();
        ok
    }

    fn cut(&mut self, mut rest: &[u8], emit: &mut impl FnMut(&[&[u8]]) -> bool) -> bool {
        loop {
            if self.skipping {
                match rest.iter().position(|&b| b == b'\n') {
                    None => return true,
                    Some(i) => {
                        self.skipping = false;
                        rest = &rest[i + 1..];
                    }
                }
            }
            // `rest[..done]` is whole lines within the cap (the first continuing `carry`); `pre`
            // is how much of the line starting at `done` came before it.
            let mut done = 0;
            let mut pre = self.carry.len();
            loop {
                // That line fits if its '\n' comes within `cap - pre` bytes. Looking for the last
                // '\n' of that window from its end skips every short line in between at once, so
                // the search reads only a few bytes per window, not every byte of the input.
                let window_end = done + (self.cap - pre) + 1;
                let window = &rest[done..window_end.min(rest.len())];
                match window.iter().rposition(|&b| b == b'\n') {
                    Some(k) => {
                        done += k + 1;
                        pre = 0;
                    }
                    None if window_end > rest.len() => {
                        // The line goes on past `rest` and is still within the cap.
                        if done > 0 {
                            if !emit(&[&self.carry, &rest[..done]]) {
                                return false;
                            }
                            self.carry.clear();
                        }
                        self.carry.extend_from_slice(&rest[done..]);
                        return true;
                    }
                    None => {
                        // Over-long: its first cap + 1 bytes stand for it, and the rest is skipped.
                        if !emit(&[&self.carry, &rest[..window_end], b"\n"]) {
                            return false;
                        }
                        self.carry.clear();
                        self.skipping = true;
                        rest = &rest[window_end..];
                        break;
                    }
                }
            }
        }
    }
}

/// What the cutter passes on for the whole `input` with this cap, computed the plain way (split
/// at every `\n`): the reference the tests and the fuzz target compare the cutter with.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn expected_cut(input: &[u8], cap: usize) -> Vec<u8> {
    let body = input.strip_prefix(&BOM[..]).unwrap_or(input);
    let mut out = Vec::new();
    let mut pieces: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let last = pieces.pop().unwrap_or(&[]);
    for line in pieces {
        out.extend_from_slice(&line[..line.len().min(cap + 1)]);
        out.push(b'\n');
    }
    if is_over_long(last, cap) {
        out.extend_from_slice(&last[..cap + 1]);
        out.push(b'\n');
    } else {
        out.extend_from_slice(last);
    }
    out
}

/// Runs the cutter over `input` fed in reads of the given sizes (cycled; zero counts as one) and
/// returns what it passed on, checking after every read that it holds at most `cap` bytes.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn cut_in_reads(input: &[u8], cap: usize, reads: &[usize]) -> Vec<u8> {
    let mut cutter = LineCutter::with_cap(cap);
    let mut out = Vec::new();
    let mut emit = |parts: &[&[u8]]| {
        for p in parts {
            out.extend_from_slice(p);
        }
        true
    };
    let mut rest = input;
    let mut i = 0;
    while !rest.is_empty() {
        let n = reads.get(i % reads.len().max(1)).copied().unwrap_or(rest.len()).clamp(1, rest.len());
        cutter.feed(&rest[..n], &mut emit);
        assert!(cutter.held() <= cap, "the cutter holds {} bytes, more than the cap {cap}", cutter.held());
        rest = &rest[n..];
        i += 1;
    }
    cutter.finish(&mut emit);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_pass_unchanged() {
        let input = b"11m\n2222m\r\n\n3m\n44m";
        for reads in [&[1usize][..], &[2, 3], &[100]] {
            assert_eq!(cut_in_reads(input, 8, reads), input.to_vec());
        }
    }

    #[test]
    fn over_long_lines_become_their_start() {
        let input = b"123456789abc\n12\n123456789\n12345678";
        assert_eq!(cut_in_reads(input, 8, &[1]), b"123456789\n12\n123456789\n12345678".to_vec());
        assert_eq!(cut_in_reads(input, 8, &[5, 7]), expected_cut(input, 8));
        // The last line breaking the cap without a '\n' still gets one.
        assert_eq!(cut_in_reads(b"1234567890", 8, &[3]), b"123456789\n".to_vec());
    }

    #[test]
    fn a_bom_is_dropped_only_at_the_start() {
        let bom = "\u{feff}";
        let input = format!("{bom}11m\n{bom}22m\n");
        assert_eq!(cut_in_reads(input.as_bytes(), 64, &[1]), format!("11m\n{bom}22m\n").into_bytes());
        assert_eq!(cut_in_reads(&BOM[..2], 64, &[1]), BOM[..2].to_vec());
        assert_eq!(cut_in_reads(&BOM, 64, &[1]), Vec::<u8>::new());
    }

    proptest::proptest! {
        #[test]
        fn any_input_cut_any_way_matches_the_plain_split(
            input in proptest::collection::vec(proptest::sample::select(b"ab\n\r\xef\xbb\xbf".to_vec()), 0..300),
            cap in 1usize..20,
            reads in proptest::collection::vec(1usize..40, 1..5),
        ) {
            proptest::prop_assert_eq!(cut_in_reads(&input, cap, &reads), expected_cut(&input, cap));
        }
    }

    #[test]
    fn the_default_cap_is_the_documented_one() {
        let long = vec![b'1'; MAX_LINE + 1];
        let mut input = vec![b'1'; MAX_LINE];
        input.push(b'\n');
        input.extend_from_slice(&long);
        input.extend_from_slice(b"23\n");
        let mut expected = input[..=MAX_LINE].to_vec();
        expected.extend_from_slice(&long);
        expected.push(b'\n');
        assert_eq!(cut_in_reads(&input, MAX_LINE, &[4000]), expected);
    }
}
