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

pub use hupai_harness::deals::{Rng, SEED, deal, one_short, winning};
use hupai_tiles::Hand;

/// The wildcard counts every wildcard-capable algorithm is timed at.
pub const WILDCARDS: [u8; 5] = [0, 1, 2, 4, 8];

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
    use hupai_tiles::{Algorithm, Rules, Tile};

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
