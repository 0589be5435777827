//! Wildcards: S003's edge rule with stand-ins. Without wildcards the carry at each edge is
//! forced; with them it becomes a choice, so each suit is scanned edge to edge keeping, for every
//! choice still open, the fewest stand-ins it needs.

/// More stand-ins than any hand has: "impossible".
const INF: u16 = u16::MAX / 2;

/// Fewest stand-ins that turn one numbered suit's tiles into melds, without and with the pair.
///
/// At rank j the choice is how many sequences start there (`s`, 0–2: three equal sequences are
/// the same tiles as three triplets), how many triplets (`t`, 0–2: a third would hold no real
/// tile, and such a group can sit on any empty kind instead) and whether the pair sits there.
/// Rank j then holds `s(j-2) + s(j-1) + s + 3t + 2·pair` tiles; what its real tiles lack is
/// stand-ins, at most `cap[j]`. With no wildcards and every cap 0 the only choice left at each
/// edge is S003's carry (1 → 111, 2 → 222, 3 → 3, 4 → 411).
// The loop indices are the DP state (pending sequences, pair placed), clearer than iterators.
#[allow(clippy::needless_range_loop)]
pub(crate) fn suit_costs(real: &[u8], cap: &[u8]) -> [u16; 2] {
    let n = real.len();
    if real.iter().all(|&c| c == 0) {
        return [0, if cap.iter().any(|&c| c >= 2) { 2 } else { INF }];
    }
    // dp[a][b][p]: sequences started two ranks back (a) and one rank back (b), pair placed (p).
    let mut dp = [[[INF; 2]; 3]; 3];
    dp[0][0][0] = 0;
    for j in 0..n {
        let mut next = [[[INF; 2]; 3]; 3];
        let max_s = if j + 2 < n { 2 } else { 0 };
        for a in 0..3 {
            for b in 0..3 {
                for p in 0..2 {
                    let cost = dp[a][b][p];
                    if cost >= INF {
                        continue;
                    }
                    for s in 0..=max_s {
                        for t in 0..3 {
                            for q in 0..(2 - p) {
                                let total = (a + b + s + 3 * t + 2 * q) as u16;
                                let Some(stand_ins) = total.checked_sub(real[j] as u16) else { continue };
                                if stand_ins > cap[j] as u16 {
                                    continue;
                                }
                                let slot = &mut next[b][s][p + q];
                                *slot = (*slot).min(cost + stand_ins);
                            }
                        }
                    }
                }
            }
        }
        dp = next;
    }
    [dp[0][0][0], dp[0][0][1]]
}

/// The same for honors, where every kind stands alone: triplets and the pair only.
pub(crate) fn honor_costs(real: &[u8], cap: &[u8]) -> [u16; 2] {
    // Per kind: fewest stand-ins without and with the pair in that kind.
    let mut kinds = [[INF; 2]; 7];
    for ((best, &c), &cap) in kinds.iter_mut().zip(real).zip(cap) {
        for t in 0..3u16 {
            for q in 0..2u16 {
                let total = 3 * t + 2 * q;
                if let Some(stand_ins) = total.checked_sub(c as u16)
                    && stand_ins <= cap as u16
                {
                    best[q as usize] = best[q as usize].min(stand_ins);
                }
            }
        }
    }
    let kinds = &kinds[..real.len().min(7)];
    let melds = kinds.iter().try_fold(0u16, |sum, k| (k[0] < INF).then(|| sum + k[0])).unwrap_or(INF);
    let mut pair = INF;
    for (i, k) in kinds.iter().enumerate() {
        let others = kinds
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .try_fold(0u16, |sum, (_, o)| (o[0] < INF).then(|| sum + o[0]));
        if let Some(others) = others
            && k[1] < INF
        {
            pair = pair.min(others + k[1]);
        }
    }
    [melds, pair]
}

/// Does the hand split into melds and a pair with `wild` wildcards, no kind getting more
/// stand-ins than `caps` allows? Wildcards left over after the cheapest split form whole melds
/// on kinds nobody uses (the caller makes sure such kinds exist).
pub(crate) fn melds_win(counts: &[u8; 34], caps: &[u8; 34], wild: u32) -> bool {
    let mut costs = [[INF; 2]; 4];
    for (s, cost) in costs.iter_mut().enumerate().take(3) {
        *cost = suit_costs(&counts[9 * s..9 * s + 9], &caps[9 * s..9 * s + 9]);
    }
    costs[3] = honor_costs(&counts[27..], &caps[27..]);
    let mut best = u32::MAX;
    for pair_suit in 0..4 {
        let mut sum = 0u32;
        for (s, c) in costs.iter().enumerate() {
            let cost = c[(s == pair_suit) as usize];
            if cost >= INF {
                sum = u32::MAX;
                break;
            }
            sum += cost as u32;
        }
        best = best.min(sum);
    }
    best <= wild
}
