//! Per-suit distance vectors and their min-plus combination.
//!
//! For one suit (or several suits combined) a [`Vector`] holds, for `m` melds (0–5) and `p` pairs
//! (0 or 1), the fewest tiles that must be added to the suit's real tiles to hold exactly `m` melds
//! and `p` pairs of that suit (tiles of the suit beyond those groups are dropped, so they cost
//! nothing). Lane `p * 8 + m`; lanes with `m` above 5 stay [`INF`].
//!
//! Two vectors of disjoint suits combine by min-plus convolution over `m` and `p` (`p` at most 1 in
//! all: a hand has one pair), because a winning shape is a union of per-suit shapes and the tiles
//! to add are a sum over suits.

/// Most melds one vector tracks: five (the 16-tile rules).
pub(crate) const MAX_M: usize = 5;

/// An impossible shape. `INF + INF` still fits a `u8`; every result is clamped back to `INF`.
pub(crate) const INF: u8 = 60;

/// Tiles to add, by lane `p * 8 + m`.
pub(crate) type Vector = [u8; 16];

/// Every shape impossible.
pub(crate) const IMPOSSIBLE: Vector = [INF; 16];

/// The vector of an empty suit: `m` melds and `p` pairs need `3m + 2p` new tiles.
pub(crate) const EMPTY: Vector = {
    let mut v = [INF; 16];
    let mut m = 0;
    while m <= MAX_M {
        v[m] = 3 * m as u8;
        v[8 + m] = 3 * m as u8 + 2;
        m += 1;
    }
    v
};

/// The lane of `m` melds and `p` pairs.
#[inline(always)]
pub(crate) const fn lane(m: usize, p: usize) -> usize {
    p * 8 + m
}

/// Min-plus convolution of two vectors of disjoint suits, for up to `max_m` melds in all.
#[inline(always)]
pub(crate) fn combine(a: &Vector, b: &Vector, max_m: usize) -> Vector {
    let mut out = IMPOSSIBLE;
    let max_m = max_m.min(MAX_M);
    for m1 in 0..=max_m {
        for p1 in 0..2 {
            let x = a[lane(m1, p1)];
            if x >= INF {
                continue;
            }
            for m2 in 0..=max_m - m1 {
                for p2 in 0..2 - p1 {
                    let y = b[lane(m2, p2)];
                    let slot = &mut out[lane(m1 + m2, p1 + p2)];
                    *slot = (*slot).min(x + y);
                }
            }
        }
    }
    for x in out.iter_mut() {
        *x = (*x).min(INF);
    }
    out
}

/// The fewest tiles to add for `melds` melds and the pair, combining `a` and `b` (disjoint suits):
/// the one lane of [`combine`] a hand needs.
#[inline(always)]
pub(crate) fn finish(a: &Vector, b: &Vector, melds: usize) -> u8 {
    let mut best = INF;
    let melds = melds.min(MAX_M);
    for m in 0..=melds {
        best = best.min(a[lane(m, 0)] + b[lane(melds - m, 1)]).min(a[lane(m, 1)] + b[lane(melds - m, 0)]);
    }
    best.min(INF)
}

/// `a` reversed around the target `(melds, 1)`: lane `(m, p)` holds `a(melds − m, 1 − p)` (or
/// [`INF`]), so that [`finish`] with `b` is the lane-wise minimum of `reversed + b`.
#[inline(always)]
pub(crate) fn reversed(a: &Vector, melds: usize) -> Vector {
    let mut out = IMPOSSIBLE;
    let melds = melds.min(MAX_M);
    for m in 0..=melds {
        out[lane(m, 0)] = a[lane(melds - m, 1)];
        out[lane(m, 1)] = a[lane(melds - m, 0)];
    }
    out
}

/// [`finish`] against a vector prepared by [`reversed`]: one lane-wise add and a minimum.
#[inline(always)]
pub(crate) fn finish_reversed(rev: &Vector, b: &Vector) -> u8 {
    let mut best = u8::MAX;
    for i in 0..16 {
        best = best.min(rev[i].saturating_add(b[i]));
    }
    best.min(INF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_suits_combine_to_empty() {
        let two = combine(&EMPTY, &EMPTY, MAX_M);
        assert_eq!(two, EMPTY);
        assert_eq!(finish(&EMPTY, &EMPTY, 4), 14);
        assert_eq!(finish_reversed(&reversed(&EMPTY, 4), &EMPTY), 14);
    }

    #[test]
    fn finish_is_a_lane_of_combine() {
        let mut a = EMPTY;
        a[lane(1, 0)] = 0;
        a[lane(0, 1)] = 1;
        let mut b = EMPTY;
        b[lane(2, 1)] = 2;
        for melds in 0..=MAX_M {
            let full = combine(&a, &b, MAX_M)[lane(melds, 1)];
            assert_eq!(finish(&a, &b, melds), full);
            assert_eq!(finish_reversed(&reversed(&a, melds), &b), full);
        }
    }
}
