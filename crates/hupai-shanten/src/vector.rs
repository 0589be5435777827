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

pub(crate) use crate::lanes::LaneBits;
use crate::lanes::Lanes;

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

/// [`INF`] in the lanes set in `lanes`, 0 in the others: or-ed into a vector, then clamped, they
/// make those lanes exactly [`INF`].
const fn inf_in(lanes: u16) -> Vector {
    let mut out = [0; 16];
    let mut i = 0;
    while i < 16 {
        if lanes >> i & 1 != 0 {
            out[i] = INF;
        }
        i += 1;
    }
    out
}

/// Per `m`: the lanes of each half from `m` melds on (the lanes a hand of fewer melds leaves
/// impossible).
const ABOVE: [Vector; 8] = {
    let mut out = [[0; 16]; 8];
    let mut m = 0;
    while m < 8 {
        out[m] = inf_in((0xff << m & 0xff) * 0x0101);
        m += 1;
    }
    out
};

/// Per `k`: the lanes of each half below `k` melds, what a shift by `k` lanes within the halves must
/// fill (a negative meld count is impossible).
const BELOW: [Vector; MAX_M + 1] = {
    let mut out = [[0; 16]; MAX_M + 1];
    let mut k = 0;
    while k <= MAX_M {
        out[k] = inf_in(((1 << k) - 1) * 0x0101);
        k += 1;
    }
    out
};

/// Per `k`: the lanes without the pair and the pair lanes below `k` melds, what moving a vector's
/// lanes without the pair onto the pair lanes, `k` melds up, must fill.
const CROSS_BELOW: [Vector; MAX_M + 1] = {
    let mut out = [[0; 16]; MAX_M + 1];
    let mut k = 0;
    while k <= MAX_M {
        out[k] = inf_in((1 << (8 + k)) - 1);
        k += 1;
    }
    out
};

/// Min-plus convolution of two vectors of disjoint suits, for `M` melds in all at most (lanes
/// above `M` are [`INF`]).
#[inline(always)]
pub(crate) fn combine_to<const M: usize>(a: &Vector, b: &Vector) -> Vector {
    clamp_above(combine_unclamped::<M>(a, b), M).to_array()
}

/// Lanes above `m` melds to [`INF`], and every value above [`INF`] back to it.
#[inline(always)]
fn clamp_above(x: Lanes, m: usize) -> Lanes {
    x.or(Lanes::load(&ABOVE[(m + 1).min(7)])).min(Lanes::splat(INF))
}

/// [`combine_to`] before the clamp: lanes up to `M` hold the right values, or something above
/// [`INF`] where the answer is [`INF`]; lanes above `M` hold anything below 128. For callers that
/// clamp or ignore those lanes themselves.
///
/// Per `m1`, `b` moved up by `m1` melds plus `a`'s value at `(m1, 0)`, and `b`'s lanes without the
/// pair moved onto the pair lanes plus `a`'s value at `(m1, 1)`, folded in by a lane-wise minimum.
/// Filled lanes hold 60–63 ([`INF`] or-ed in), so sums stay below 128.
#[inline(always)]
fn combine_unclamped<const M: usize>(a: &Vector, b: &Vector) -> Lanes {
    let (a, b) = (Lanes::load(a), Lanes::load(b));
    let mut out = Lanes::splat(INF);
    // Written out per m1, so every shift and broadcast is a constant: `b` moved up by m1 lanes
    // (lane (m, p) holding b(m − m1, p)) and its lanes without the pair moved onto the pair lanes
    // (lane (m, 1) holding b(m − m1, 0)), filled with at least INF where m < m1.
    macro_rules! fold {
        ($m1:literal, $pair:literal) => {
            if $m1 < M + 1 {
                let same = b.shift_up::<$m1>().or(Lanes::load(&BELOW[$m1]));
                let cross = b.shift_up::<$pair>().or(Lanes::load(&CROSS_BELOW[$m1]));
                out = out.min(same.add(a.broadcast::<$m1>())).min(cross.add(a.broadcast::<$pair>()));
            }
        };
    }
    fold!(0, 8);
    fold!(1, 9);
    fold!(2, 10);
    fold!(3, 11);
    fold!(4, 12);
    fold!(5, 13);
    out
}

/// [`combine_to`] for every meld count up to [`MAX_M`].
#[inline(always)]
pub(crate) fn combine(a: &Vector, b: &Vector) -> Vector {
    combine_to::<MAX_M>(a, b)
}

/// The fewest tiles to add for `M` melds and the pair over four suits' vectors.
#[inline(always)]
fn four_suits<const M: usize>(v: &[Vector; 4]) -> u8 {
    // Unclamped: `reversed_lanes` clamps every lane it keeps.
    let a = combine_unclamped::<M>(&v[0], &v[1]);
    let b = combine_unclamped::<M>(&v[2], &v[3]);
    finish_lanes(reversed_lanes(a, M), b)
}

/// The fewest tiles to add for `melds` melds and the pair over four suits' vectors.
#[inline(always)]
pub(crate) fn four_suits_distance(v: &[Vector; 4], melds: usize) -> u8 {
    match melds {
        0 => four_suits::<0>(v),
        1 => four_suits::<1>(v),
        2 => four_suits::<2>(v),
        3 => four_suits::<3>(v),
        4 => four_suits::<4>(v),
        _ => four_suits::<MAX_M>(v),
    }
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
    reversed_lanes(Lanes::load(a), melds).to_array()
}

/// [`reversed`] on lanes whose values may exceed [`INF`] (clamped back to it).
#[inline(always)]
fn reversed_lanes(a: Lanes, melds: usize) -> Lanes {
    // Reversed, lane i holds a(15 − i): lane (m, p) holds a(7 − m, 1 − p). Moved down by
    // 7 − melds lanes it holds a(melds − m, 1 − p); the lanes above `melds` read the other half
    // or zeros and are set to INF.
    let r = a.reverse();
    let r = match melds {
        0 => r.shift_down::<7>(),
        1 => r.shift_down::<6>(),
        2 => r.shift_down::<5>(),
        3 => r.shift_down::<4>(),
        4 => r.shift_down::<3>(),
        _ => r.shift_down::<2>(),
    };
    clamp_above(r, melds.min(MAX_M))
}

/// [`finish`] against a vector prepared by [`reversed`]: one lane-wise add and a minimum.
#[inline(always)]
pub(crate) fn finish_reversed(rev: &Vector, b: &Vector) -> u8 {
    finish_lanes(Lanes::load(rev), Lanes::load(b))
}

/// [`finish_reversed`] on lanes (values up to 127; the sums clamped at [`INF`]).
#[inline(always)]
fn finish_lanes(rev: Lanes, b: Lanes) -> u8 {
    let inf = Lanes::splat(INF);
    rev.min(inf).add(b.min(inf)).min_lane().min(INF)
}

/// Lanes where `a + b` equals `target` (every value at most [`INF`]).
#[inline(always)]
pub(crate) fn lanes_summing_to(a: &Vector, b: &Vector, target: u8) -> LaneBits {
    Lanes::load(a).add(Lanes::load(b)).equal(Lanes::splat(target))
}

/// Lanes where `a` is below `b` (every value at most [`INF`]).
#[inline(always)]
pub(crate) fn lanes_below(a: &Vector, b: &Vector) -> LaneBits {
    Lanes::load(a).below(Lanes::load(b))
}

/// The lanes `l` (at most `c`) where `v` at `l` plus `rest` at `c − l` equals `target`: for a
/// product of `v` and `rest` whose lane `c` is `target`, the lanes of `v` in a split reaching it.
/// `rest` comes [`byte_reversed`]; every value at most [`INF`].
#[inline(always)]
pub(crate) fn split_lanes(v: &Vector, rest_reversed: &Vector, c: usize, target: u8) -> LaneBits {
    let (mc, pc) = ((c % 8).min(7), c / 8);
    // Reversed, lane (m, p) holds rest(7 − m, 1 − p); moved down by 7 − mc lanes within each half
    // it holds rest(mc − m, 1 − p), what a pair lane c needs. Without the pair, v's lanes without
    // it read rest's lanes without it (the reversed pair half, moved down a half first). Lanes
    // past c read zeros and are masked off.
    let r = Lanes::load(rest_reversed);
    let r = if pc == 1 { r } else { r.shift_down::<8>() };
    let sums = Lanes::load(v).add(r.halves_down(7 - mc as u32));
    let valid: LaneBits = ((1 << (mc + 1)) - 1) * if pc == 1 { 0x0101 } else { 0x0001 };
    sums.equal(Lanes::splat(target)) & valid
}

/// `v` with its lanes in reverse order (lane `i` holding lane `15 − i`).
#[inline(always)]
pub(crate) fn byte_reversed(v: &Vector) -> Vector {
    Lanes::load(v).reverse().to_array()
}

/// The lane `reversed` pairs with lane `l` around `(melds, 1)`: `(melds − m, 1 − p)`, if any.
#[inline(always)]
pub(crate) fn complement(l: usize, melds: usize) -> Option<usize> {
    let (m, p) = (l % 8, l / 8);
    (m <= melds && p <= 1).then(|| lane(melds - m, 1 - p))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`combine_to`] for up to `melds` melds: the lanes a hand of `melds` melds can use.
    fn combine_up_to(a: &Vector, b: &Vector, melds: usize) -> Vector {
        match melds {
            0 => combine_to::<0>(a, b),
            1 => combine_to::<1>(a, b),
            2 => combine_to::<2>(a, b),
            3 => combine_to::<3>(a, b),
            4 => combine_to::<4>(a, b),
            _ => combine_to::<MAX_M>(a, b),
        }
    }

    /// A seeded generator of small values for the randomised checks.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: u64) -> u8 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n) as u8
        }
    }

    #[test]
    fn empty_suits_combine_to_empty() {
        let two = combine(&EMPTY, &EMPTY);
        assert_eq!(two, EMPTY);
        assert_eq!(finish(&EMPTY, &EMPTY, 4), 14);
        assert_eq!(finish_reversed(&reversed(&EMPTY, 4), &EMPTY), 14);
    }

    #[test]
    fn bounded_combines_agree_on_their_lanes() {
        let mut a = EMPTY;
        a[lane(1, 0)] = 0;
        a[lane(2, 1)] = 3;
        let mut b = EMPTY;
        b[lane(0, 1)] = 0;
        b[lane(3, 0)] = 5;
        let full = combine(&a, &b);
        for melds in 0..=MAX_M {
            let part = combine_up_to(&a, &b, melds);
            for m in 0..=melds {
                assert_eq!((part[lane(m, 0)], part[lane(m, 1)]), (full[lane(m, 0)], full[lane(m, 1)]));
            }
            let v = [a, b, EMPTY, a];
            assert_eq!(four_suits_distance(&v, melds), finish(&combine(&v[0], &v[1]), &combine(&v[2], &v[3]), melds));
        }
    }

    #[test]
    fn combine_matches_a_plain_min_plus() {
        let mut rng = Lcg(11);
        for _ in 0..5000 {
            let mut next = || rng.below(INF as u64 + 1);
            let a: Vector = std::array::from_fn(|_| next());
            let b: Vector = std::array::from_fn(|_| next());
            let mut plain = IMPOSSIBLE;
            for m1 in 0..=MAX_M {
                for m2 in 0..=MAX_M - m1 {
                    let m = m1 + m2;
                    plain[m] = plain[m].min(a[m1] + b[m2]);
                    plain[8 + m] = plain[8 + m].min((a[m1] + b[8 + m2]).min(a[8 + m1] + b[m2]));
                }
            }
            let plain = plain.map(|v| v.min(INF));
            assert_eq!(combine(&a, &b), plain, "{a:?} {b:?}");
            for melds in 0..=MAX_M {
                let part = combine_up_to(&a, &b, melds);
                for (i, &v) in part.iter().enumerate() {
                    assert_eq!(v, if i % 8 <= melds { plain[i] } else { INF }, "{a:?} {b:?} {melds}");
                }
            }
        }
    }

    #[test]
    fn lane_masks_match_plain_compares() {
        let mut rng = Lcg(7);
        for _ in 0..2000 {
            let mut next = || rng.below(INF as u64 + 1);
            let a: Vector = std::array::from_fn(|_| next());
            let b: Vector = std::array::from_fn(|_| next());
            let target = next();
            for i in 0..16 {
                let bit = 1 << i;
                assert_eq!(lanes_below(&a, &b) & bit != 0, a[i] < b[i]);
                assert_eq!(lanes_summing_to(&a, &b, target) & bit != 0, a[i] + b[i] == target);
            }
        }
    }

    #[test]
    fn split_lanes_match_a_plain_search() {
        let mut rng = Lcg(5);
        for _ in 0..3000 {
            let mut next = || rng.below(12);
            let v: Vector = std::array::from_fn(|i| if i % 8 <= MAX_M { next() } else { INF });
            let rest: Vector = std::array::from_fn(|i| if i % 8 <= MAX_M { next() } else { INF });
            let product = combine(&v, &rest);
            for c in (0..16).filter(|c| c % 8 <= MAX_M) {
                let (mc, pc) = (c % 8, c / 8);
                let mut want = 0;
                for l in (0..16).filter(|l| l % 8 <= mc && l / 8 <= pc) {
                    if v[l] + rest[lane(mc - l % 8, pc - l / 8)] == product[c] {
                        want |= 1 << l;
                    }
                }
                assert_eq!(split_lanes(&v, &byte_reversed(&rest), c, product[c]), want, "{v:?} {rest:?} lane {c}");
                assert_ne!(want, 0, "the minimum is reached somewhere");
            }
        }
    }

    #[test]
    fn finish_is_a_lane_of_combine() {
        let mut a = EMPTY;
        a[lane(1, 0)] = 0;
        a[lane(0, 1)] = 1;
        let mut b = EMPTY;
        b[lane(2, 1)] = 2;
        for melds in 0..=MAX_M {
            let full = combine(&a, &b)[lane(melds, 1)];
            assert_eq!(finish(&a, &b, melds), full);
            assert_eq!(finish_reversed(&reversed(&a, melds), &b), full);
        }
    }
}
