//! The fixed-seed random deals that `hupai bench` and the criterion benches (`hupai-benches`) time:
//! one generator, so the CLI table and the criterion figures are measured on the same hands.

pub use crate::rng::Rng;
use hupai_tiles::{Hand, TileCounts};

/// The seed of every benchmark corpus (`hupai bench` without `--seed` uses it too).
pub const SEED: u64 = 0x6265_6e63_6820_2024; // "bench 2024"

/// Stream tag of [`deal`], so deals and other generated hands of the same index are unrelated.
const DEAL_STREAM: u64 = 0x6465_616c; // "deal"

/// Deal number `index`: `tiles` tiles (at most 136) drawn from a shuffled 136-tile wall, the first
/// `wildcards` of them (at most `tiles`) turned into wildcards. Concealed, no declared melds.
pub fn deal(seed: u64, index: u64, tiles: usize, wildcards: u8) -> Hand {
    let tiles = tiles.min(136);
    let wildcards = (wildcards as usize).min(tiles);
    let mut rng = Rng::for_case(seed ^ DEAL_STREAM.rotate_left(32), index);
    let mut wall: [u8; 136] = std::array::from_fn(|i| (i / 4) as u8);
    let mut counts = TileCounts::EMPTY;
    for i in 0..tiles {
        let j = i + rng.below(136 - i);
        wall.swap(i, j);
        if i >= wildcards {
            counts.0[wall[i] as usize] += 1;
        }
    }
    // A wall holds four copies of each kind, so the counts are always a valid hand.
    Hand::from_counts(counts, wildcards as u8).unwrap_or_default()
}
