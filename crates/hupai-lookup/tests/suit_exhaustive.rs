//! `suit-table` against `backtrack` and the tests' own reference search on every one-suit hand
//! (ranks of one numbered suit) and every honors-only hand, with 0–8 wildcards: win verdicts, waits
//! and decompositions, under the rule sets that differ on such hands, with and without the
//! fifth-copy rule.
//!
//! Debug builds check a deterministic sample; `HUPAI_FULL=1` checks every hand (use `--release`).

mod suit_common;

use hupai_lookup::SuitTable;
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Hand, Rules};
use suit_common::{full, hand_of, patterns, reference_decompositions, reference_waits, reference_win};

fn rule_sets() -> Vec<Rules> {
    let mut v = Vec::new();
    for r in [Rules::STANDARD, Rules::RIICHI, Rules::CHINESE] {
        v.push(r);
        v.push(r.with_wildcard_fifth_copy(true));
    }
    v
}

/// Every `stride`-th hand of `kinds` kinds at `offset` with `tiles + wildcards` = `size`, for
/// 0–8 wildcards (the stride is 1 with `HUPAI_FULL=1`).
fn sweep(kinds: usize, offset: usize, size: u32, stride: usize, mut check: impl FnMut(&Hand)) -> usize {
    let stride = if full() { 1 } else { stride };
    let mut n = 0;
    for w in 0..=8u8 {
        for (i, p) in patterns(kinds, size - w as u32).iter().enumerate() {
            // Offset the sample by the wildcard count so different wildcard counts see different hands.
            if (i + w as usize).is_multiple_of(stride) {
                check(&hand_of(p, offset, w));
                n += 1;
            }
        }
    }
    n
}

#[test]
fn one_suit_wins() {
    let rules = rule_sets();
    let n = sweep(9, 0, 14, 97, |h| {
        for r in &rules {
            let got = SuitTable.is_win(h, r).unwrap();
            assert_eq!(got, Backtrack.is_win(h, r).unwrap(), "{h} under {r}");
            assert_eq!(got, reference_win(h, r), "{h} under {r}");
        }
    });
    assert!(n > 1000);
}

#[test]
fn one_suit_waits() {
    let rules = rule_sets();
    let n = sweep(9, 9, 13, 131, |h| {
        for r in &rules {
            let got = SuitTable.waits(h, r).unwrap();
            assert_eq!(got, Backtrack.waits(h, r).unwrap(), "{h} under {r}");
            assert_eq!(got, reference_waits(h, r), "{h} under {r}");
        }
    });
    assert!(n > 500);
}

#[test]
fn one_suit_decompositions() {
    let rules = rule_sets();
    let n = sweep(9, 18, 14, 251, |h| {
        for r in &rules {
            let got = SuitTable.decompositions(h, r).unwrap();
            assert_eq!(got, Backtrack.decompositions(h, r).unwrap(), "{h} under {r}");
            let want: Vec<_> = reference_decompositions(h, r, false).into_iter().collect();
            assert_eq!(got, want, "{h} under {r}");
        }
    });
    assert!(n > 300);
}

#[test]
fn honors_wins_waits_and_decompositions() {
    let rules = rule_sets();
    let n = sweep(7, 27, 14, 29, |h| {
        for r in &rules {
            let win = SuitTable.is_win(h, r).unwrap();
            assert_eq!(win, Backtrack.is_win(h, r).unwrap(), "{h} under {r}");
            assert_eq!(win, reference_win(h, r), "{h} under {r}");
            let got = SuitTable.decompositions(h, r).unwrap();
            assert_eq!(got, Backtrack.decompositions(h, r).unwrap(), "{h} under {r}");
            let want: Vec<_> = reference_decompositions(h, r, false).into_iter().collect();
            assert_eq!(got, want, "{h} under {r}");
        }
    });
    let m = sweep(7, 27, 13, 29, |h| {
        for r in &rules {
            let got = SuitTable.waits(h, r).unwrap();
            assert_eq!(got, Backtrack.waits(h, r).unwrap(), "{h} under {r}");
            assert_eq!(got, reference_waits(h, r), "{h} under {r}");
        }
    });
    assert!(n > 300 && m > 300);
}
