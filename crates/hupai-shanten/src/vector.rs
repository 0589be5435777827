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

/// Min-plus convolution of two vectors of disjoint suits, for `M` melds in all at most (lanes
/// above `M` are [`INF`]). Byte-parallel on each half as a `u64` (every value is below 128, so no
/// byte carries into the next): per `m1`, `b` shifted up by `m1` lanes (the lanes shifted in filled
/// with [`INF`]) plus `a`'s two values at `m1`, folded in by a lane-wise minimum. Sums stay below
/// 2 × [`INF`] and are clamped at the end.
#[inline(always)]
fn combine_to<const M: usize>(a: &Vector, b: &Vector) -> Vector {
    let (lo, hi) = combine_unclamped::<M>(a, b);
    // Lanes above M, and every value above INF, back to INF.
    let keep = if M + 1 >= 8 { u64::MAX } else { u64::MAX >> (64 - 8 * (M + 1)) };
    let clamp = |w: u64| min_bytes(w, INF_WORD) & keep | INF_WORD & !keep;
    let out = ((clamp(hi) as u128) << 64) | clamp(lo) as u128;
    out.to_le_bytes()
}

/// [`combine_to`] before the clamp, as two words: lanes up to `M` hold the right values or
/// something above [`INF`] where the answer is [`INF`]; lanes above `M` hold anything below 128.
/// For callers that clamp or ignore those lanes themselves.
#[inline(always)]
fn combine_unclamped<const M: usize>(a: &Vector, b: &Vector) -> (u64, u64) {
    let (b_lo, b_hi) = halves(b);
    // m1 = 0: nothing to fold into yet.
    let (x, y) = (BYTES * a[0] as u64, BYTES * a[8] as u64);
    let (mut out_lo, mut out_hi) = (b_lo + x, min_bytes(b_hi + x, b_lo + y));
    for m1 in 1..=M {
        // Lanes below m1 would read b at a negative meld count: INF.
        let fill = INF_WORD >> (64 - 8 * m1);
        let lo = (b_lo << (8 * m1)) | fill;
        let hi = (b_hi << (8 * m1)) | fill;
        let (x, y) = (BYTES * a[m1] as u64, BYTES * a[8 + m1] as u64);
        out_lo = min_bytes(out_lo, lo + x);
        out_hi = min_bytes(out_hi, min_bytes(hi + x, lo + y));
    }
    (out_lo, out_hi)
}

/// One in every byte of a word.
const BYTES: u64 = u64::MAX / 255;
/// [`INF`] in every byte of a word.
const INF_WORD: u64 = BYTES * INF as u64;

/// Byte-wise minimum of two words whose bytes are all below 128.
#[inline(always)]
fn min_bytes(x: u64, y: u64) -> u64 {
    const HIGH: u64 = BYTES * 0x80;
    // Per byte 128 + y − x: its top bit is set exactly when y ≥ x; spread it over the byte.
    let y_ge_x = ((y | HIGH) - x) & HIGH;
    // 0x80 → 0xff per byte without a multiply: 0x80 − 0x01 borrows within the byte only.
    let take_x = y_ge_x | (y_ge_x - (y_ge_x >> 7));
    y ^ ((x ^ y) & take_x)
}

/// The two halves of a vector (without and with the pair) as little-endian words.
#[inline(always)]
fn halves(v: &Vector) -> (u64, u64) {
    let x = u128::from_le_bytes(*v);
    (x as u64, (x >> 64) as u64)
}

/// [`combine_to`] for every meld count up to [`MAX_M`].
#[inline(always)]
pub(crate) fn combine(a: &Vector, b: &Vector) -> Vector {
    combine_to::<MAX_M>(a, b)
}

/// [`combine_to`] for up to `melds` melds: the lanes a hand of `melds` melds can use.
#[inline(always)]
pub(crate) fn combine_up_to(a: &Vector, b: &Vector, melds: usize) -> Vector {
    match melds {
        0 => combine_to::<0>(a, b),
        1 => combine_to::<1>(a, b),
        2 => combine_to::<2>(a, b),
        3 => combine_to::<3>(a, b),
        4 => combine_to::<4>(a, b),
        _ => combine_to::<MAX_M>(a, b),
    }
}

/// The fewest tiles to add for `M` melds and the pair over four suits' vectors.
#[inline(always)]
fn four_suits<const M: usize>(v: &[Vector; 4]) -> u8 {
    // Unclamped: `reversed` reads lanes up to M only and `finish_reversed` clamps every lane.
    let join = |(lo, hi): (u64, u64)| (((hi as u128) << 64) | lo as u128).to_le_bytes();
    let a = join(combine_unclamped::<M>(&v[0], &v[1]));
    let b = join(combine_unclamped::<M>(&v[2], &v[3]));
    finish_reversed(&reversed(&a, M), &b)
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
    // Both at most INF, so the sums fit; a plain loop the compiler turns into SIMD.
    let mut sums = [0u8; 16];
    for i in 0..16 {
        sums[i] = rev[i].min(INF) + b[i].min(INF);
    }
    let mut best = INF;
    for s in sums {
        best = best.min(s);
    }
    best
}

/// One bit per lane: bit `i` for lane `i`.
pub(crate) type LaneBits = u16;

// The lane tests work on the 16 lanes as one `u128`, byte-parallel: every value is below 128
// ([`INF`] + [`INF`] included), so no lane borrows from or carries into another.
const LOW: u128 = u128::from_le_bytes([1; 16]);
const HIGH: u128 = u128::from_le_bytes([0x80; 16]);
const SEVEN: u128 = u128::from_le_bytes([0x7f; 16]);

/// Flags at bit 7 of each byte as one bit per lane.
#[inline(always)]
fn flag_bits(mask: u128) -> LaneBits {
    // One multiply gathers a word's eight flags into its top byte.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let half = |w: u64| ((w >> 7).wrapping_mul(GATHER) >> 56) as u16;
    half(mask as u64) | half((mask >> 64) as u64) << 8
}

/// Lanes of `x` that are zero (exact for any byte values).
#[inline(always)]
fn lanes_zero(x: u128) -> LaneBits {
    // The top bit of (low seven bits + 0x7f) | x is clear only for a zero byte.
    flag_bits(!(((x & SEVEN) + SEVEN) | x | SEVEN))
}

/// Lanes where `a + b` equals `target` (every value at most [`INF`]).
#[inline(always)]
pub(crate) fn lanes_summing_to(a: &Vector, b: &Vector, target: u8) -> LaneBits {
    lanes_zero((u128::from_le_bytes(*a) + u128::from_le_bytes(*b)) ^ (LOW * target as u128))
}

/// Lanes where `a` is below `b` (every value at most [`INF`]).
#[inline(always)]
pub(crate) fn lanes_below(a: &Vector, b: &Vector) -> LaneBits {
    // Per lane 128 + a − b: below 128 exactly when a < b.
    flag_bits(!((u128::from_le_bytes(*a) | HIGH) - u128::from_le_bytes(*b)) & HIGH)
}

/// The lanes `l` (at most `c`) where `v` at `l` plus `rest` at `c − l` equals `target`: for a
/// product of `v` and `rest` whose lane `c` is `target`, the lanes of `v` in a split reaching it.
/// Every value at most [`INF`].
#[inline(always)]
pub(crate) fn split_lanes(v: &Vector, rest: &Vector, c: usize, target: u8) -> LaneBits {
    let (mc, pc) = ((c % 8).min(7), c / 8);
    // Byte-reversed, lane (m, p) holds rest(7 − m, 1 − p); shifted down by 7 − mc lanes within each
    // half it holds rest(mc − m, 1 − p), what a pair lane c needs. Without the pair, v's lanes
    // without it read rest's lanes without it (the reversed high half). Lanes past c read zeros
    // and are masked off.
    let fr = u128::from_le_bytes(*rest).swap_bytes();
    let k = 8 * (7 - mc) as u32;
    let (lo, hi) = if pc == 1 { ((fr as u64) >> k, ((fr >> 64) as u64) >> k) } else { (((fr >> 64) as u64) >> k, 0) };
    let rev = ((hi as u128) << 64) | lo as u128;
    let sums = u128::from_le_bytes(*v) + rev;
    let valid: LaneBits = ((1 << (mc + 1)) - 1) * if pc == 1 { 0x0101 } else { 0x0001 };
    lanes_zero(sums ^ (LOW * target as u128)) & valid
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
                assert_eq!(split_lanes(&v, &rest, c, product[c]), want, "{v:?} {rest:?} lane {c}");
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
