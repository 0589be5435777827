//! The hot path for hands without wildcards: pack each suit into 3-bit digits, check segment
//! sizes, enumerate pair candidates, and reduce every suit with the carry map.

use crate::carry::reduce;

/// A hand's concealed counts, one packed word per numbered suit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Packed {
    /// m, p, s: 3 bits per rank, rank 1 in the low bits.
    pub(crate) suits: [u32; 3],
    /// Honor counts (East .. Red).
    pub(crate) honors: [u8; 7],
    /// Tiles per suit, honors last.
    pub(crate) totals: [u32; 4],
    /// Σ rank·count per numbered suit (ranks from 0), for the pair-rank filter.
    pub(crate) rank_sums: [u32; 3],
    /// Concealed tiles.
    pub(crate) total: u32,
    /// Some count is above 4 (only reachable through `Hand::with_tile_unchecked`).
    pub(crate) over_four: bool,
}

#[inline(always)]
pub(crate) fn pack(counts: &[u8; 34]) -> Packed {
    let mut suits = [0u32; 3];
    let mut totals = [0u32; 4];
    let mut rank_sums = [0u32; 3];
    let mut over = 0u8;
    for s in 0..3 {
        let mut v = 0u32;
        let mut t = 0u32;
        let mut rs = 0u32;
        for r in 0..9 {
            let c = counts[9 * s + r];
            over |= (c > 4) as u8;
            v |= ((c & 7) as u32) << (3 * r);
            t += c as u32;
            rs += r as u32 * c as u32;
        }
        suits[s] = v;
        totals[s] = t;
        rank_sums[s] = rs;
    }
    let mut honors = [0u8; 7];
    honors.copy_from_slice(&counts[27..34]);
    let mut t = 0u32;
    for &c in &honors {
        over |= (c > 4) as u8;
        t += c as u32;
    }
    totals[3] = t;
    Packed { suits, honors, totals, rank_sums, total: totals.iter().sum(), over_four: over != 0 }
}

/// Honors never connect: every honor kind is a one-kind segment, and the carry map reduces a
/// lone digit only when it is 3 (`[3] = 3`; `[4] = 3` leaves a 1 that nothing takes).
#[inline(always)]
fn honors_ok(honors: &[u8; 7], holds_pair: bool) -> bool {
    let mut pairs = 0;
    for &c in honors {
        match c {
            0 | 3 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    pairs == holds_pair as u32
}

/// Does a hand with these concealed counts and no wildcards split into melds and one pair?
/// Any number of melds: the size check lives with the caller.
#[inline(always)]
pub(crate) fn melds_win(p: &Packed, window: &[u16; 512]) -> bool {
    // S003 step 1: every suit holds 3n tiles except the one with the pair (3n+2). Checking suits
    // rather than segments is weaker but free; segments that break 3n fail in the reduction.
    let mut pair_suit = usize::MAX;
    for (s, &t) in p.totals.iter().enumerate() {
        match t % 3 {
            0 => {}
            2 if pair_suit == usize::MAX => pair_suit = s,
            _ => return false,
        }
    }
    if pair_suit == usize::MAX || !honors_ok(&p.honors, pair_suit == 3) {
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
    let mut r = pair_rank_residue(p.rank_sums[pair_suit]);
    while r < 9 {
        if (v >> (3 * r)) & 7 >= 2 && reduce(v - (2 << (3 * r)), window) {
            return true;
        }
        r += 3;
    }
    false
}

/// The pair-rank filter (not in S003, which tries every pair): a triplet of rank r adds 3r to
/// Σ rank·count and a sequence 3r + 3, both 0 mod 3, so a pair of rank p leaves
/// Σ ≡ 2p (mod 3), i.e. p ≡ 2Σ (mod 3). Only ranks p, p + 3, p + 6 can hold the pair.
#[inline(always)]
pub(crate) const fn pair_rank_residue(rank_sum: u32) -> u32 {
    (2 * rank_sum) % 3
}
