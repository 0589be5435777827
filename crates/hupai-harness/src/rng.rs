//! A tiny deterministic random number generator (SplitMix64) for the random corpus and the
//! deliberately broken adapters: no dependency, the same numbers on every platform and release.

/// SplitMix64: good enough statistics for test data, trivially seedable per case so that a
/// sampled run draws exactly the same hands as the full one.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator for stream `index` of `seed`: independent of every other index, so case `i`
    /// of a corpus does not depend on which earlier cases were generated.
    pub fn for_case(seed: u64, index: u64) -> Rng {
        let mut r = Rng(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
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

    /// A number in `0..n` (`n > 0`); the tiny modulo bias does not matter for test data.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_deterministic_and_distinct() {
        let a: Vec<u64> = (0..4).map(|i| Rng::for_case(7, i).next_u64()).collect();
        let b: Vec<u64> = (0..4).map(|i| Rng::for_case(7, i).next_u64()).collect();
        assert_eq!(a, b);
        for i in 1..a.len() {
            assert!(!a[..i].contains(&a[i]), "streams {i} repeats an earlier one");
        }
        let mut r = Rng::for_case(1, 2);
        assert!((0..1000).all(|_| r.below(34) < 34));
    }
}
