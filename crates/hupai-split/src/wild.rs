//! Wildcards: S003's edge rule with stand-ins. Without wildcards the carry at each edge is
//! forced; with them it becomes a choice, so each suit is scanned edge to edge keeping, for every
//! choice still open, the fewest stand-ins it needs.

use crate::carry::{WINDOWS, reduce};

/// More stand-ins than any hand has: "impossible".
const INF: u16 = u16::MAX / 2;

/// Fewest stand-ins that turn one numbered suit's tiles into melds, with the pair if `pair`;
/// anything over `budget` counts as impossible ([`INF`]).
///
/// At rank j the choice is how many sequences start there (`s`, 0–2: three equal sequences are
/// the same tiles as three triplets), how many triplets (`t`) and whether the pair sits there.
/// Rank j then holds `s(j-2) + s(j-1) + s + 3t + 2·pair` tiles; what its real tiles lack is
/// stand-ins, at most `cap[j]`. The next state does not depend on `t`, so only the fewest
/// triplets that cover the real tiles is worth trying (one more costs three more stand-ins). With
/// no wildcards and every cap 0 the only choice left at each edge is S003's carry (1 → 111,
/// 2 → 222, 3 → 3, 4 → 411).
pub(crate) fn suit_cost(real: &[u8], cap: &[u8], budget: u16, pair: bool) -> u16 {
    let n = real.len().min(cap.len());
    // Groups of stand-ins alone are left out: leftover wildcards form them on free kinds (and
    // a pair of them is the caller's "two to spare" case). So only ranks within two of a real
    // tile matter, sequences start at most at the last real rank, and the pair needs a real tile.
    let Some(first) = real[..n].iter().position(|&c| c > 0) else {
        return if pair { INF } else { 0 };
    };
    let last = real[..n].iter().rposition(|&c| c > 0).unwrap_or(first);
    // dp[3a + b][p]: sequences started two ranks back (a) and one rank back (b), pair placed (p);
    // `live` marks the states within budget (bit 2·(3a + b) + p), usually a handful.
    let mut dp = [[INF; 2]; 9];
    dp[0][0] = 0;
    let mut live = 1u32;
    for j in first.saturating_sub(2)..n.min(last + 3) {
        let (r, cap) = (real[j] as u16, cap[j] as u16);
        let max_s = if j <= last && j + 2 < n { 2 } else { 0 };
        let mut next = [[INF; 2]; 9];
        let mut next_live = 0u32;
        while live != 0 {
            let bit = live.trailing_zeros() as usize;
            live &= live - 1;
            let (ab, p) = (bit / 2, bit % 2);
            let (a, b, cost) = (ab / 3, ab % 3, dp[ab][p]);
            let max_q = (pair && p == 0 && r > 0) as usize;
            for s in 0..=max_s {
                for q in 0..=max_q {
                    let base = (a + b + s + 2 * q) as u16;
                    let t = r.saturating_sub(base).div_ceil(3);
                    let stand_ins = base + 3 * t - r;
                    if stand_ins <= cap && cost + stand_ins <= budget {
                        let slot = &mut next[3 * b + s][p + q];
                        *slot = (*slot).min(cost + stand_ins);
                        next_live |= 1 << (2 * (3 * b + s) + p + q);
                    }
                }
            }
        }
        dp = next;
        live = next_live;
    }
    dp[0][pair as usize]
}

/// The same for honors, where every kind stands alone (triplets and the pair only): the fewest
/// stand-ins for melds, and for melds with the pair in some kind.
pub(crate) fn honor_costs(real: &[u8], cap: &[u8]) -> [u16; 2] {
    // Per kind: fewest stand-ins without and with the pair in that kind.
    let mut kinds = [[INF; 2]; 7];
    for ((best, &c), &cap) in kinds.iter_mut().zip(real).zip(cap) {
        for q in 0..2u16 {
            let t = (c as u16).saturating_sub(2 * q).div_ceil(3);
            let stand_ins = 3 * t + 2 * q - c as u16;
            if stand_ins <= cap as u16 {
                best[q as usize] = stand_ins;
            }
        }
    }
    let kinds = &kinds[..real.len().min(7)];
    let sum = |skip: usize| {
        kinds.iter().enumerate().filter(|&(j, _)| j != skip).try_fold(0u16, |s, (_, k)| (k[0] < INF).then(|| s + k[0]))
    };
    let melds = sum(usize::MAX).unwrap_or(INF);
    let mut pair = INF;
    for (i, k) in kinds.iter().enumerate() {
        if let Some(others) = sum(i)
            && k[1] < INF
        {
            pair = pair.min(others + k[1]);
        }
    }
    [melds, pair]
}

/// Does the hand split into melds and a pair with `wild` wildcards, no kind getting more
/// stand-ins than `caps` allows? `suits` are the numbered suits packed for the carry map, whose
/// zero-cost answers are reused. Wildcards left over after the cheapest split form whole melds
/// on kinds nobody holds (the caller makes sure such kinds exist), so the question is only
/// whether the cheapest split costs at most `wild`: the count works out mod 3 by itself.
pub(crate) fn melds_win(
    counts: &[u8; 34],
    caps: &[u8; 34],
    wild: u32,
    suits: &[u64; 3],
    totals: &[u32; 4],
    window: &[u16; WINDOWS],
) -> bool {
    let budget = wild.min(INF as u32 - 1) as u16;
    let honors = honor_costs(&counts[27..], &caps[27..]);
    // Melds alone per suit: S003's reduction says whether it is free; otherwise the edge rule
    // with stand-ins. A suit's tiles plus stand-ins come to 3n (3n + 2 with the pair), so the
    // stand-ins are ≡ −tiles (2 − tiles) mod 3: a budget below that needs no search.
    let mut melds = [INF; 4];
    for s in 0..3 {
        let least = (3 - totals[s] % 3) % 3;
        melds[s] = if least == 0 && reduce(suits[s], window) {
            0
        } else if least > wild || least == 0 && wild < 3 {
            // (With no stand-ins needed mod 3 and no free split, it takes at least three.)
            INF
        } else {
            suit_cost(&counts[9 * s..9 * s + 9], &caps[9 * s..9 * s + 9], budget, false)
        };
    }
    melds[3] = honors[0];
    let all: u32 = melds.iter().map(|&m| m as u32).sum();
    // Two wildcards to spare: they pair up on a kind nobody holds.
    if all + 2 <= wild {
        return true;
    }
    for (pair_suit, &tiles) in totals.iter().enumerate() {
        let others: u32 = (0..4).filter(|&s| s != pair_suit).map(|s| melds[s] as u32).sum();
        let Some(left) = wild.checked_sub(others) else { continue };
        if (5 - tiles % 3) % 3 > left {
            continue;
        }
        let left = left.min(budget as u32) as u16;
        let cost = match pair_suit {
            3 => honors[1],
            // No stand-ins to give: S003's pair loop answers.
            s if left == 0 => {
                let v = suits[s];
                let free = (0..9).any(|r| (v >> (4 * r)) & 15 >= 2 && reduce(v - (2 << (4 * r)), window));
                if free { 0 } else { INF }
            }
            s => suit_cost(&counts[9 * s..9 * s + 9], &caps[9 * s..9 * s + 9], left, true),
        };
        if cost <= left {
            return true;
        }
    }
    false
}
