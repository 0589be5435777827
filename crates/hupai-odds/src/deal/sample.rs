//! Random deals for the Monte Carlo estimate: a seeded xoshiro256** generator and a partial
//! Fisher–Yates shuffle of the wall, each deal checked by [`SuitTable`].

use hupai_tiles::{Algorithm, Hand, Rules, Tile, TileCounts};

use hupai_lookup::SuitTable;

/// xoshiro256** (Blackman and Vigna), seeded through SplitMix64: small, fast, and the same
/// sequence on every platform, so a seed names one run.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut split = || {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Rng { s: [split(), split(), split(), split()] }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias (Lemire's multiply-and-reject).
    pub fn below(&mut self, n: u32) -> u32 {
        let n = n.max(1) as u64;
        let threshold = (u32::MAX as u64 + 1 - n) % n;
        loop {
            let m = (self.next_u64() >> 32) * n;
            if (m & 0xffff_ffff) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }
}

/// Deals `samples` hands of `drawn` tiles from `wall` (one entry per physical tile, by kind) plus
/// `wildcards` wildcards, the copies of `wildcard_tile` dealt turned into wildcards, and counts
/// the winners.
pub(crate) fn count_wins(
    rules: &Rules,
    wildcards: u8,
    wildcard_tile: Option<Tile>,
    drawn: usize,
    wall: &mut [u8],
    samples: u64,
    seed: u64,
) -> Result<u64, hupai_tiles::Error> {
    let mut rng = Rng::new(seed);
    let mut wins = 0;
    for _ in 0..samples {
        let mut counts = [0u8; 34];
        for i in 0..drawn {
            let j = i + rng.below((wall.len() - i) as u32) as usize;
            wall.swap(i, j);
            counts[wall[i] as usize] += 1;
        }
        let mut hand = Hand::from_counts(TileCounts(counts), wildcards)?;
        if let Some(t) = wildcard_tile {
            hand = hand.with_wildcard_tile(t)?;
        }
        wins += u64::from(SuitTable.is_win(&hand, rules)?);
    }
    Ok(wins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[rng.below(5) as usize] += 1;
        }
        // Each value near 1000; a broken generator (stuck, or biased to one end) fails this.
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
    }

    #[test]
    fn same_seed_same_sequence() {
        let (mut a, mut b, mut c) = (Rng::new(1), Rng::new(1), Rng::new(2));
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }
}
