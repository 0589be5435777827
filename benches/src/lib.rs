//! `hupai-benches`: the fixed-seed hands every hupai benchmark runs on, and the criterion benches
//! themselves (in `benches/benches/`: `algorithms`, `tables`, and `peers` against other crates).
//!
//! Use this library when you time an algorithm and want the numbers to be comparable with
//! `docs/performance.md`: [`deal`] draws hands from a shuffled 136-tile wall, and the hand with
//! `k` wildcards is the same deal with its first `k` drawn tiles turned into wildcards, so the
//! wildcard counts 0, 1, 2, 4 and 8 ([`WILDCARDS`]) are measured on the same hands. [`winning`]
//! builds hands that win (a pair and melds from the wall), for decompositions and for checking
//! that algorithms agree on hands where the answer is not almost always "no". Hand `i` depends
//! only on the seed and `i`, on every platform and run.
//!
//! `hupai bench` (in `hupai-cli`) generates the same hands with the same seed; a test there
//! compares its `--corpus` output with this crate, so the CLI table and the criterion benches
//! time the same corpus.
//!
//! ```
//! use hupai_benches::{SEED, deal, winning};
//! use hupai_tiles::{Algorithm, Rules};
//!
//! let plain = deal(SEED, 7, 14, 0);
//! let wild = deal(SEED, 7, 14, 4);
//! assert_eq!((plain.tile_count(), wild.tile_count(), wild.wildcards()), (14, 14, 4));
//! // The same deal: the wildcard hand keeps ten of the plain hand's tiles.
//! assert!(hupai_tiles::Tile::ALL.iter().all(|&t| wild.concealed()[t] <= plain.concealed()[t]));
//!
//! let win = winning(SEED, 7, 4, 2);
//! assert!(hupai_search::Backtrack.is_win(&win, &Rules::STANDARD)?);
//! # Ok::<(), hupai_tiles::Error>(())
//! ```

pub use hupai_harness::deals::{Rng, SEED, deal};
use hupai_tiles::{Hand, Tile, TileCounts};

/// The wildcard counts every wildcard-capable algorithm is timed at.
pub const WILDCARDS: [u8; 5] = [0, 1, 2, 4, 8];

/// Stream tag of winning hands, unrelated to [`deal`]'s stream.
const WIN_STREAM: u64 = 0x0077_696e; // "win"

/// Winning hand number `index`: a pair and `melds` melds (at most five; sequences and triplets, at most four
/// copies of a kind), then `wildcards` of its tiles, chosen at random, turned into wildcards. It
/// wins under every preset with `melds` melds (the wildcards stand for the tiles they replaced).
pub fn winning(seed: u64, index: u64, melds: usize, wildcards: u8) -> Hand {
    let melds = melds.min(hupai_tiles::MAX_MELDS);
    let mut rng = Rng::for_case(seed ^ WIN_STREAM.rotate_left(32), index);
    let mut counts = TileCounts::EMPTY;
    counts.0[rng.below(Tile::COUNT)] = 2;
    let mut placed = 0;
    while placed < melds {
        let t = rng.below(Tile::COUNT);
        let sequence = rng.below(2) == 0 && Tile::ALL[t].starts_sequence();
        let group: &[usize] = if sequence { &[t, t + 1, t + 2] } else { &[t, t, t] };
        let mut next = counts;
        for &x in group {
            next.0[x] += 1;
        }
        if next.0.iter().all(|&n| n <= 4) {
            counts = next;
            placed += 1;
        }
    }
    let mut wild = 0u8;
    while wild < wildcards && counts.total() > 0 {
        let mut pick = rng.below(counts.total() as usize);
        for n in counts.0.iter_mut() {
            if pick < *n as usize {
                *n -= 1;
                wild += 1;
                break;
            }
            pick -= *n as usize;
        }
    }
    Hand::from_counts(counts, wild).unwrap_or_default()
}

/// A hand one tile short of winning: [`winning`] hand number `index` without one of its concealed
/// tiles (or a wildcard, if it has no other). Its waits are never empty.
pub fn one_short(seed: u64, index: u64, melds: usize, wildcards: u8) -> Hand {
    let hand = winning(seed, index, melds, wildcards);
    let mut counts = *hand.concealed();
    let mut rng = Rng::for_case(seed ^ (WIN_STREAM ^ 1).rotate_left(32), index);
    let total = counts.total() as usize;
    if total == 0 {
        return Hand::from_counts(counts, hand.wildcards().saturating_sub(1)).unwrap_or_default();
    }
    let mut pick = rng.below(total);
    for n in counts.0.iter_mut() {
        if pick < *n as usize {
            *n -= 1;
            break;
        }
        pick -= *n as usize;
    }
    Hand::from_counts(counts, hand.wildcards()).unwrap_or_default()
}

/// Deals `0..count` (see [`deal`]).
pub fn deals(seed: u64, count: usize, tiles: usize, wildcards: u8) -> Vec<Hand> {
    (0..count as u64).map(|i| deal(seed, i, tiles, wildcards)).collect()
}

/// Winning hands `0..count` (see [`winning`]).
pub fn winning_hands(seed: u64, count: usize, melds: usize, wildcards: u8) -> Vec<Hand> {
    (0..count as u64).map(|i| winning(seed, i, melds, wildcards)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_search::Backtrack;
    use hupai_tiles::{Algorithm, Rules};

    #[test]
    fn deals_have_the_asked_size_and_share_tiles_across_wildcard_counts() {
        for i in 0..500 {
            let plain = deal(SEED, i, 14, 0);
            assert_eq!(plain.tile_count(), 14);
            assert!(plain.check_copies().is_ok());
            for k in WILDCARDS {
                let wild = deal(SEED, i, 14, k);
                assert_eq!((wild.tile_count(), wild.wildcards()), (14, k));
                assert!(Tile::ALL.iter().all(|&t| wild.concealed()[t] <= plain.concealed()[t]), "deal {i}, {k}");
            }
            assert_eq!(deal(SEED, i, 17, 0).tile_count(), 17);
            assert_eq!(deal(SEED, i, 13, 2).tile_count(), 13);
        }
    }

    #[test]
    fn deals_are_deterministic_and_vary() {
        let a = deals(SEED, 200, 14, 0);
        assert_eq!(a, deals(SEED, 200, 14, 0));
        let distinct = a.iter().enumerate().filter(|(i, h)| !a[..*i].contains(h)).count();
        assert!(distinct > 190, "{distinct} distinct deals of 200");
        assert_ne!(deals(SEED ^ 1, 50, 14, 0), a[..50]);
    }

    #[test]
    fn winning_hands_win_and_one_short_hands_wait() {
        for (melds, rules) in [(4, Rules::STANDARD), (5, Rules::TAIWAN)] {
            for i in 0..200 {
                for k in [0, 2, 8] {
                    let w = winning(SEED, i, melds, k);
                    assert_eq!(w.wildcards(), k);
                    assert!(Backtrack.is_win(&w, &rules).unwrap(), "{w}");
                    let s = one_short(SEED, i, melds, k);
                    assert!(!Backtrack.waits(&s, &rules).unwrap().is_empty(), "{s}");
                }
            }
        }
    }
}
