//! The fixed-seed hands shared by `benches/split.rs` and `examples/split_timing.rs`, so both time the same hands.

use hupai_tiles::{Hand, Tile, TileCounts};

/// Hands per corpus.
pub(crate) const HANDS: usize = 4096;

/// SplitMix64: small, fixed, and the same in the bench and the example.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `n` tiles from a shuffled 136-tile wall.
pub(crate) fn deal(rng: &mut Rng, n: usize) -> Hand {
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
    let mut c = TileCounts::EMPTY;
    for i in 0..n {
        let j = i + rng.below(136 - i);
        wall.swap(i, j);
        c.0[wall[i]] += 1;
    }
    Hand::from_counts(c, 0).expect("a deal has at most four copies")
}

/// A pair and `melds` random melds (retrying fifth copies).
pub(crate) fn winning(rng: &mut Rng, melds: usize) -> Hand {
    loop {
        let mut c = TileCounts::EMPTY;
        c.0[rng.below(34)] += 2;
        for _ in 0..melds {
            let t = rng.below(34);
            if rng.below(2) == 0 && Tile::ALL[t].starts_sequence() {
                (0..3).for_each(|k| c.0[t + k] += 1);
            } else {
                c.0[t] += 3;
            }
        }
        if let Ok(h) = Hand::from_counts(c, 0) {
            return h;
        }
    }
}
