//! The batch's fast path: reads one line of plain mpsz (digits 1–9, each run closed by `m`, `p`,
//! `s` or `z`, and `*` for wildcards) and finds its end in the same single pass.
//!
//! Anything else (red fives, declared melds, Unicode, spaces, every error) is declined and goes
//! to the general parser, so answers and error messages are exactly `hupai_tiles`'s; a test
//! checks the two agree on every short string over the notation's bytes.

use hupai_tiles::{Hand, TileCounts};

/// What the scanner found at the start of the input.
pub(crate) enum Scan {
    /// A plain hand. `line` is its length (without `\r\n` / `\n`), `consumed` includes the
    /// line ending.
    Hand { hand: Hand, line: usize, consumed: usize },
    /// Not plain mpsz (or not a valid hand): use the general parser on the line.
    Other,
}

const OTHER: u8 = 0;
const SUIT_M: u8 = 10;
const SUIT_P: u8 = 11;
const SUIT_S: u8 = 12;
const SUIT_Z: u8 = 13;
const STAR: u8 = 14;

/// Byte classes: 1–9 for digits, then the constants above.
const CLASS: [u8; 256] = {
    let mut c = [OTHER; 256];
    let mut d = 1;
    while d <= 9 {
        c[b'0' as usize + d] = d as u8;
        d += 1;
    }
    c[b'm' as usize] = SUIT_M;
    c[b'p' as usize] = SUIT_P;
    c[b's' as usize] = SUIT_S;
    c[b'z' as usize] = SUIT_Z;
    c[b'*' as usize] = STAR;
    c
};

/// Digits one run may hold before the scanner declines (the general parser's own limit is 64).
const MAX_RUN: u8 = 64;

/// Scans the line at the start of `input`.
///
/// The line is read backwards: a run's suit letter comes after its digits, so reading from the
/// end each digit lands in its count at once, with no pending run to replay.
#[inline]
pub(crate) fn scan(input: &[u8]) -> Scan {
    let (end, consumed) = match input.iter().position(|&b| b == b'\n') {
        Some(i) => (i, i + 1),
        None => (input.len(), input.len()),
    };
    let line = match input[..end] {
        [ref rest @ .., b'\r'] => rest,
        ref all => all,
    };
    if line.is_empty() {
        return Scan::Other;
    }
    let mut counts = TileCounts::EMPTY;
    // The suit of the run being read (offset of rank 1, ranks in the suit), if any.
    let mut suit: Option<(usize, u8)> = None;
    let mut run: u8 = 0;
    // A '*' between this run's digits and its suit letter: the general parser rejects digits
    // left pending across a '*', so decline.
    let mut star_in_run = false;
    let mut wildcards: u8 = 0;
    for &b in line.iter().rev() {
        let class = CLASS[b as usize];
        match class {
            1..=9 => {
                let Some((offset, ranks)) = suit else { return Scan::Other };
                if class > ranks || star_in_run || run == MAX_RUN {
                    return Scan::Other;
                }
                run += 1;
                let c = &mut counts.0[offset + class as usize - 1];
                *c += 1;
                if *c > 4 {
                    return Scan::Other;
                }
            }
            SUIT_M | SUIT_P | SUIT_S | SUIT_Z => {
                if suit.is_some() && run == 0 {
                    return Scan::Other;
                }
                suit = Some(match class {
                    SUIT_M => (0, 9),
                    SUIT_P => (9, 9),
                    SUIT_S => (18, 9),
                    _ => (27, 7),
                });
                run = 0;
                star_in_run = false;
            }
            STAR => {
                star_in_run = true;
                match wildcards.checked_add(1) {
                    Some(w) => wildcards = w,
                    None => return Scan::Other,
                }
            }
            _ => return Scan::Other,
        }
    }
    if suit.is_some() && run == 0 {
        return Scan::Other;
    }
    match Hand::from_counts(counts, wildcards) {
        Ok(hand) => Scan::Hand { hand, line: line.len(), consumed },
        Err(_) => Scan::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string over the notation's bytes (and a few others) up to length 5, plus longer
    /// samples: the scanner either declines or agrees with the general parser exactly, and finds
    /// the line's end.
    #[test]
    fn agrees_with_the_general_parser() {
        let alphabet = b"0189mpsz*[] x\r\n";
        let mut accepted = 0;
        let mut checked = 0;
        let mut check = |s: &[u8]| {
            checked += 1;
            let Scan::Hand { hand, line, consumed } = scan(s) else { return };
            accepted += 1;
            let end = s.iter().position(|&b| b == b'\n').map_or(s.len(), |i| i + 1);
            assert_eq!(consumed, end, "{s:?}");
            let text = std::str::from_utf8(&s[..end]).unwrap();
            let text = text.strip_suffix('\n').unwrap_or(text);
            let text = text.strip_suffix('\r').unwrap_or(text);
            assert_eq!(line, text.len(), "{s:?}");
            assert_eq!(Ok(&hand), text.parse::<Hand>().as_ref(), "{text}");
        };
        let mut word = Vec::new();
        for len in 0..=5u32 {
            for mut n in 0..alphabet.len().pow(len) {
                word.clear();
                for _ in 0..len {
                    word.push(alphabet[n % alphabet.len()]);
                    n /= alphabet.len();
                }
                check(&word);
            }
        }
        for long in ["123m456p789s11122z\nx", "11112m", "123456789m1234567z**", "99999p", "1m*2p*3s*\r\n"] {
            check(long.as_bytes());
        }
        let long_run = "1".repeat(70) + "m";
        check(long_run.as_bytes());
        assert!(accepted > 1000 && checked > accepted, "{accepted} of {checked}");
    }
}
