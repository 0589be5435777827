//! The exhaustive corpus: every one-suit hand and every honors-only hand of 1–14 concealed tiles
//! and wildcards (complete or one short: 1, 2, 4, 5, 7, 8, 10, 11, 13, 14), each with 0–8
//! wildcards, padded with declared melds to each rule set's size. Numbered hands rotate through
//! m, p and s, so every suit gets swept. This is the sweep that exposes wrong "no win" answers of
//! split algorithms on a single busy suit.

use hupai_tiles::{Rules, Suit, TileCounts};

use super::{Case, Cases, Size, padded};

/// Most wildcards per hand.
pub(crate) const MAX_WILDCARDS: usize = 8;

/// Base hands kept by [`Size::Sampled`]: one in this many (a prime, so the sample does not
/// lock onto the enumeration's periods).
const SAMPLE_STEP: u64 = 211;

/// Every way to put `n` tiles on `kinds` kinds, at most four of each, lexicographically.
pub(crate) fn patterns(kinds: usize, n: usize) -> Vec<Vec<u8>> {
    fn go(pattern: &mut Vec<u8>, kinds: usize, left: usize, out: &mut Vec<Vec<u8>>) {
        let i = pattern.len();
        if i == kinds {
            if left == 0 {
                out.push(pattern.clone());
            }
            return;
        }
        let room_after = 4 * (kinds - i - 1);
        for c in 0..=left.min(4) {
            if left - c <= room_after {
                pattern.push(c as u8);
                go(pattern, kinds, left - c, out);
                pattern.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::with_capacity(kinds), kinds, n, &mut out);
    out
}

/// One family of base hands: (numbered or honors, concealed size, wildcards).
#[derive(Clone, Copy)]
struct Family {
    honors: bool,
    size: usize,
    wildcards: usize,
}

fn families() -> Vec<Family> {
    let mut out = Vec::new();
    for honors in [false, true] {
        for size in (1..=14usize).filter(|s| s % 3 != 0) {
            for wildcards in 0..=MAX_WILDCARDS.min(size) {
                out.push(Family { honors, size, wildcards });
            }
        }
    }
    out
}

pub(crate) fn cases(rules: Vec<Rules>, size: Size) -> Cases {
    let mut index = 0u64;
    Box::new(families().into_iter().flat_map(move |family| {
        let kinds = if family.honors { 7 } else { 9 };
        let all = patterns(kinds, family.size - family.wildcards);
        // Indices are assigned to every base hand, kept or not, so a sample is a fixed subset.
        let first = index;
        index += all.len() as u64;
        let rules = rules.clone();
        all.into_iter().enumerate().filter(move |&(i, _)| size.keeps(first + i as u64, SAMPLE_STEP)).flat_map(
            move |(i, pattern)| {
                let n = first + i as u64;
                let suit = if family.honors { Suit::Honor } else { [Suit::Man, Suit::Pin, Suit::Sou][n as usize % 3] };
                let mut counts = TileCounts::EMPTY;
                counts.0[suit.offset()..suit.offset() + kinds].copy_from_slice(&pattern);
                let wildcards = family.wildcards as u8;
                rules
                    .clone()
                    .into_iter()
                    .filter_map(move |r| padded(&counts, wildcards, &r, n as usize).map(|hand| Case::new(hand, r)))
            },
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_counts_match_the_closed_form() {
        // Coefficients of (1 + x + x^2 + x^3 + x^4)^9: 1, 9, 45, 165, 495, 1278, ...
        let counts: Vec<usize> = (0..=6).map(|n| patterns(9, n).len()).collect();
        assert_eq!(counts, [1, 9, 45, 165, 495, 1278, 2922]);
        assert_eq!(patterns(9, 14).len(), 118_800);
        assert_eq!(patterns(7, 28).len(), 1);
        assert!(patterns(9, 2).iter().all(|p| p.iter().map(|&c| c as usize).sum::<usize>() == 2));
    }
}
