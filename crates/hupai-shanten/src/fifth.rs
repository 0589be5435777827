//! The wildcard-fifth-copy option: vectors layered by the stand-ins forced past the four-copy limit
//! (which couple the suits through the wildcards), combined within the wildcard budget.

use crate::exact;
use crate::prepared::{Prepared, suit_range};
use crate::vector::{self, INF, MAX_M, Vector, combine, finish};

impl Prepared<'_> {
    /// The stand-in budget of the fifth-copy path: the wildcards, at most a whole hand.
    pub(crate) fn budget(&self) -> usize {
        (self.wildcards as usize).min(3 * MAX_M + 2)
    }

    /// Suit `s`'s vectors by forced stand-ins (fifth-copy path).
    pub(crate) fn fifth_layers(&self, counts: &[u8; 34], s: usize) -> Vec<Vector> {
        let caps = self.caps.unwrap_or([4; 34]);
        let range = suit_range(s);
        exact::suit_fifth(&counts[range.clone()], &caps[range], s < 3, self.budget())
    }

    /// Layered min-plus product: forced stand-ins add up, within the budget.
    pub(crate) fn fifth_combine(&self, a: &[Vector], b: &[Vector]) -> Vec<Vector> {
        let budget = self.budget();
        let mut out = vec![vector::IMPOSSIBLE; budget + 1];
        for (f1, x) in a.iter().enumerate() {
            for (f2, y) in b.iter().enumerate().take((budget + 1).saturating_sub(f1)) {
                let c = combine(x, y);
                for (slot, v) in out[f1 + f2].iter_mut().zip(c) {
                    *slot = (*slot).min(v);
                }
            }
        }
        out
    }

    /// The fewest tiles to add over every split of the budget between `a` and `b`.
    pub(crate) fn fifth_finish(&self, a: &[Vector], b: &[Vector]) -> u8 {
        let budget = self.budget();
        let mut best = INF;
        for (f1, x) in a.iter().enumerate() {
            for y in b.iter().take((budget + 1).saturating_sub(f1)) {
                best = best.min(finish(x, y, self.melds));
            }
        }
        best
    }

    /// For each suit, the other three suits' layered product (fifth-copy path).
    pub(crate) fn fifth_others(&self, layers: &[Vec<Vector>; 4]) -> [Vec<Vector>; 4] {
        let p01 = self.fifth_combine(&layers[0], &layers[1]);
        let p23 = self.fifth_combine(&layers[2], &layers[3]);
        [
            self.fifth_combine(&layers[1], &p23),
            self.fifth_combine(&layers[0], &p23),
            self.fifth_combine(&p01, &layers[3]),
            self.fifth_combine(&p01, &layers[2]),
        ]
    }

    /// Fewest tiles to add for the melds form, exactly, on the fifth-copy path.
    pub(crate) fn melds_fifth(&self, counts: &[u8; 34]) -> u8 {
        let layers: [Vec<Vector>; 4] = std::array::from_fn(|s| self.fifth_layers(counts, s));
        let p01 = self.fifth_combine(&layers[0], &layers[1]);
        let p23 = self.fifth_combine(&layers[2], &layers[3]);
        self.fifth_finish(&p01, &p23)
    }
}

/// Per suit, the fifth-copy path's layers of a hand, and the other three suits' product.
pub(crate) type FifthLayers = ([Vec<Vector>; 4], [Vec<Vector>; 4]);

/// The [`FifthLayers`] of `counts`, computed on first need and kept in `cache`.
pub(crate) fn fifth_layered<'c>(
    p: &Prepared,
    counts: &[u8; 34],
    cache: &'c mut Option<FifthLayers>,
) -> &'c FifthLayers {
    cache.get_or_insert_with(|| {
        let layers: [Vec<Vector>; 4] = std::array::from_fn(|s| p.fifth_layers(counts, s));
        let others = p.fifth_others(&layers);
        (layers, others)
    })
}
