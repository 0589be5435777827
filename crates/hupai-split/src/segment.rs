//! The hot path for hands without wildcards: pack each suit into nibbles, check suit sizes,
//! enumerate pair candidates, and reduce every suit with the carry map. Word-at-a-time, no
//! allocation, no loop over the 34 kinds.

use crate::carry::{WINDOWS, reduce};

/// A hand's concealed counts, one packed word per numbered suit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Packed {
    /// m, p, s: a nibble per rank, rank 1 in the low bits.
    pub(crate) suits: [u64; 3],
    /// m, p, s: the counts of ranks 1–8 as bytes (rank 9 is the ninth nibble of `suits`).
    bytes: [u64; 3],
    /// Honor counts as bytes, East in the low byte.
    honors: u64,
    /// Tiles per suit, honors last.
    pub(crate) totals: [u32; 4],
    /// Concealed tiles.
    pub(crate) total: u32,
    /// Some count is above 4 (only reachable through `Hand::with_tile_unchecked`); nothing
    /// else here is meaningful then.
    pub(crate) over_four: bool,
}

const LOW_BYTES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

#[inline(always)]
fn le8(c: &[u8; 34], i: usize) -> u64 {
    u64::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7]])
}

/// Eight byte counts (each ≤ 15) to eight nibbles, the low byte to the low nibble.
#[inline(always)]
const fn nibbles(x: u64) -> u64 {
    let x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    let x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0xFFFF_FFFF
}

/// Sum of eight byte counts (exact while the sum stays below 256).
#[inline(always)]
const fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(LOW_BYTES) >> 56) as u32
}

/// 0x80 in every byte of `x` that is zero, exactly.
#[inline(always)]
const fn zero_bytes(x: u64) -> u64 {
    !(((x & !HIGH_BITS) + !HIGH_BITS) | x) & HIGH_BITS
}

/// 0x80 in every byte above 4.
#[inline(always)]
const fn over_four(x: u64) -> u64 {
    // Bytes 5–127 reach the high bit when 123 is added; larger ones have it already. A carry
    // out of a byte ≥ 133 may mark its neighbour too, but only when a byte is bad anyway.
    ((x & !HIGH_BITS).wrapping_add(0x7B * LOW_BYTES) | x) & HIGH_BITS
}

#[inline(always)]
pub(crate) fn pack(c: &[u8; 34]) -> Packed {
    let bytes = [le8(c, 0), le8(c, 9), le8(c, 18)];
    let ninth = [c[8], c[17], c[26]];
    let honors = le8(c, 26) >> 8;
    let ninth_word = u64::from_le_bytes([ninth[0], ninth[1], ninth[2], 0, 0, 0, 0, 0]);
    let over =
        (over_four(bytes[0]) | over_four(bytes[1]) | over_four(bytes[2]) | over_four(honors) | over_four(ninth_word))
            != 0;
    let mut suits = [0u64; 3];
    let mut totals = [0u32; 4];
    for s in 0..3 {
        suits[s] = nibbles(bytes[s]) | (ninth[s] as u64 & 15) << 32;
        totals[s] = byte_sum(bytes[s]) + ninth[s] as u32;
    }
    totals[3] = byte_sum(honors);
    Packed { suits, bytes, honors, totals, total: totals[0] + totals[1] + totals[2] + totals[3], over_four: over }
}

/// Honors never connect: every honor kind is a one-kind segment, and the carry map reduces a
/// lone digit only when it is 3 (`[3] = 3`; `[4] = 3` leaves a 1 that nothing takes). So every
/// honor count is 0 or 3, except one 2 when the pair is an honor.
#[inline(always)]
fn honors_ok(h: u64, holds_pair: bool) -> bool {
    const SEVEN: u64 = 0x00FF_FFFF_FFFF_FFFF;
    let ok = zero_bytes(h) | zero_bytes(h ^ ((0x03 * LOW_BYTES) & SEVEN));
    let pairs = zero_bytes(h ^ ((0x02 * LOW_BYTES) & SEVEN)) & SEVEN;
    (ok | pairs) == HIGH_BITS && pairs.count_ones() == holds_pair as u32
}

/// Does a hand with these concealed counts and no wildcards split into melds and one pair?
/// Any number of melds: the size check lives with the caller.
#[inline(always)]
pub(crate) fn melds_win(p: &Packed, window: &[u16; WINDOWS]) -> bool {
    // S003 step 1: every suit holds 3n tiles except the one with the pair (3n+2). Checking suits
    // rather than segments is weaker but nearly free; a segment that breaks 3n fails in the
    // reduction. Residues packed two bits per suit: exactly one 2 and three 0s.
    let code = (p.totals[0] % 3) | ((p.totals[1] % 3) << 2) | ((p.totals[2] % 3) << 4) | ((p.totals[3] % 3) << 6);
    if !matches!(code, 0b10 | 0b1000 | 0b10_0000 | 0b1000_0000) {
        return false;
    }
    let pair_suit = (code.trailing_zeros() / 2) as usize;
    if !honors_ok(p.honors, pair_suit == 3) {
        return false;
    }
    // S003 step 2: the 3n suits must reduce as they are.
    for s in 0..3 {
        if s != pair_suit && !reduce(p.suits[s], window) {
            return false;
        }
    }
    if pair_suit == 3 {
        return true;
    }
    // S003 steps 3–4: try each pair candidate in the 3n+2 suit, reduce what is left.
    let v = p.suits[pair_suit];
    let mut r = pair_rank_residue(rank_sum(p.bytes[pair_suit], (v >> 32) as u32));
    while r < 9 {
        if (v >> (4 * r)) & 15 >= 2 && reduce(v - (2 << (4 * r)), window) {
            return true;
        }
        r += 3;
    }
    false
}

/// Σ rank·count with ranks from 0, from the bytes of ranks 1–8 and the count of rank 9.
#[inline(always)]
const fn rank_sum(bytes: u64, ninth: u32) -> u32 {
    // The top byte of the product collects count(i)·i; no lower byte exceeds 4·28, so no carry.
    ((bytes.wrapping_mul(0x0001_0203_0405_0607) >> 56) as u32) + 8 * ninth
}

/// The pair-rank filter (not in S003, which tries every pair): a triplet of rank r adds 3r to
/// Σ rank·count and a sequence 3r + 3, both 0 mod 3, so a pair of rank p leaves
/// Σ ≡ 2p (mod 3), i.e. p ≡ 2Σ (mod 3). Only ranks p, p + 3, p + 6 can hold the pair.
#[inline(always)]
const fn pair_rank_residue(rank_sum: u32) -> u32 {
    (2 * rank_sum) % 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_tricks_match_loops() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut c = [0u8; 34];
            for (i, x) in c.iter_mut().enumerate() {
                *x = ((seed >> (i % 21 * 3)) % 5) as u8;
            }
            if seed.is_multiple_of(7) {
                c[(seed % 34) as usize] = (seed >> 40) as u8;
            }
            let p = pack(&c);
            assert_eq!(p.over_four, c.iter().any(|&x| x > 4), "{c:?}");
            if p.over_four {
                continue;
            }
            for s in 0..3 {
                let suit = &c[9 * s..9 * s + 9];
                assert_eq!(p.totals[s], suit.iter().map(|&x| x as u32).sum::<u32>());
                assert_eq!(p.suits[s], crate::carry::pack(suit));
                let rs: u32 = suit.iter().enumerate().map(|(r, &x)| r as u32 * x as u32).sum();
                assert_eq!(rank_sum(p.bytes[s], suit[8] as u32), rs);
            }
            let h = &c[27..];
            assert_eq!(p.totals[3], h.iter().map(|&x| x as u32).sum::<u32>());
            for holds_pair in [false, true] {
                let twos = h.iter().filter(|&&x| x == 2).count();
                let expect = h.iter().all(|&x| matches!(x, 0 | 2 | 3)) && twos == holds_pair as usize;
                assert_eq!(honors_ok(p.honors, holds_pair), expect, "{h:?}");
            }
        }
    }
}
