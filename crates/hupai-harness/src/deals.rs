//! The fixed-seed random deals that `hupai bench` and the criterion benches (`hupai-benches`) time:
//! one generator, so the CLI table and the criterion figures are measured on the same hands.

use hupai_tiles::{Hand, TileCounts};

/// The seed of every benchmark corpus (`hupai bench` without `--seed` uses it too).
pub const SEED: u64 = 0x6265_6e63_6820_2024; // "bench 2024"

/// Stream tag of [`deal`], so deals and other generated hands of the same index are unrelated.
const DEAL_STREAM: u64 = 0x6465_616c; // "deal"

/// SplitMix64: tiny, dependency-free, and the same numbers on every platform and release.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator of hand `index` in stream `stream` of `seed`, independent of every other index.
    pub fn for_case(seed: u64, stream: u64, index: u64) -> Rng {
        let mut r = Rng(seed ^ stream.rotate_left(32) ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`); the modulo bias is far below anything a benchmark notices.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Deal number `index`: `tiles` tiles (at most 136) drawn from a shuffled 136-tile wall, the first
/// `wildcards` of them (at most `tiles`) turned into wildcards. Concealed, no declared melds.
pub fn deal(seed: u64, index: u64, tiles: usize, wildcards: u8) -> Hand {
    let tiles = tiles.min(136);
    let wildcards = (wildcards as usize).min(tiles);
    let mut rng = Rng::for_case(seed, DEAL_STREAM, index);
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
