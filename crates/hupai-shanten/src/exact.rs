//! The exact per-suit programs: what the tables hold, computed rank by rank for any pattern, any
//! room per kind (declared melds take copies) and, with the fifth-copy option, any number of
//! stand-ins forced past the four-copy limit. Used for suits the tables do not cover (more than 14
//! tiles, lowered caps), for honors with declared melds, and for the fifth-copy option.
//!
//! State after a rank: whether the pair is placed, sequences started two ranks back and one rank
//! back, and melds so far. Two sequences per starting rank suffice: three equal sequences hold the
//! same tiles as three triplets (the same melds count, the same per-rank totals, so the same caps).
//! A rank's group total beyond its real tiles is what must be added; real tiles beyond the total
//! are dropped (cost nothing).

use std::sync::LazyLock;

use crate::vector::{INF, MAX_M, Vector, lane};

const STATES: usize = 2 * 3 * 3 * (MAX_M + 1);

#[inline(always)]
const fn state(pair: usize, back2: usize, back1: usize, melds: usize) -> usize {
    ((pair * 3 + back2) * 3 + back1) * (MAX_M + 1) + melds
}

/// The exact vector of one suit: `counts` per rank, room `caps` per rank (concealed plus added
/// tiles), sequences allowed or not (honors). Caps above 4 are treated as 4 (a suit never needs
/// more without the fifth-copy option, see [`suit_fifth`]).
// The rank indexes counts, caps and the sequence-start rule together.
pub(crate) fn suit_exact(counts: &[u8], caps: &[u8], sequences: bool) -> Vector {
    suit_exact_in(counts, caps, Ranks::ALL, sequences)
}

/// [`suit_exact`] under the regional options' rank limits (see [`suit_layers`], of which this is
/// the budget-0 case on the stack: the regional path's common one).
#[allow(clippy::needless_range_loop)]
pub(crate) fn suit_exact_in(counts: &[u8], caps: &[u8], limits: Ranks, sequences: bool) -> Vector {
    let mut cur = [INF; STATES];
    cur[state(0, 0, 0, 0)] = 0;
    let ranks = counts.len();
    for rank in 0..ranks {
        let have = counts[rank];
        // A rank outside the allowed ones holds no group tile at all.
        let cap = if limits.allowed >> rank & 1 == 1 { caps.get(rank).copied().unwrap_or(4).min(4) } else { 0 };
        let pairs = if limits.pair >> rank & 1 == 1 { 2 } else { 1 };
        let starts = if sequences && rank + 2 < ranks { 2 } else { 0 };
        let mut next = [INF; STATES];
        for pair_used in 0..2 {
            for back2 in 0..3 {
                for back1 in 0..3 {
                    for melds in 0..=MAX_M {
                        let spent = cur[state(pair_used, back2, back1, melds)];
                        if spent >= INF {
                            continue;
                        }
                        for start in 0..=starts {
                            for pair in 0..pairs.min(2 - pair_used) {
                                for triplet in 0..2 {
                                    let m = melds + start + triplet;
                                    let total = (back2 + back1 + start + 3 * triplet + 2 * pair) as u8;
                                    if m > MAX_M || total > cap {
                                        continue;
                                    }
                                    let cost = spent + total.saturating_sub(have);
                                    let slot = &mut next[state(pair_used + pair, back1, start, m)];
                                    *slot = (*slot).min(cost);
                                }
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    let mut out = [INF; 16];
    for m in 0..=MAX_M {
        out[lane(m, 0)] = cur[state(0, 0, 0, m)].min(INF);
        out[lane(m, 1)] = cur[state(1, 0, 0, m)].min(INF);
    }
    out
}

/// The fifth-copy option: vectors by the number of stand-ins `f` (0 to `budget`) forced past the
/// caps. A rank holding `total > cap` tiles needs `total − cap` of them to be wildcards, since
/// neither the hand's real tiles nor drawn tiles can exceed the physical limit.
///
/// Out: `budget + 1` vectors; entry `f` is the fewest tiles to add with exactly `f` forced
/// stand-ins (never more than the budget, which is the hand's wildcards).
pub(crate) fn suit_fifth(counts: &[u8], caps: &[u8], sequences: bool, budget: usize) -> Vec<Vector> {
    suit_layers(counts, caps, Ranks::ALL, sequences, budget)
}

/// Which ranks of a suit a target may use, and which may hold its pair (the regional options: a
/// void suit or a smaller tile set takes kinds out, the 2-5-8 pair narrows the pair). Bit `r` is
/// rank `r + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Ranks {
    pub(crate) allowed: u16,
    pub(crate) pair: u16,
}

impl Ranks {
    pub(crate) const ALL: Ranks = Ranks { allowed: 0x1ff, pair: 0x1ff };
}

/// [`suit_fifth`] under the regional options: a rank outside `ranks.allowed` holds no group tile
/// at all (not even a stand-in: a wildcard stands only for kinds the rules allow), and the pair
/// goes only on a rank of `ranks.pair`. With `budget` 0 this is [`suit_exact`] with those limits.
#[allow(clippy::needless_range_loop)]
pub(crate) fn suit_layers(counts: &[u8], caps: &[u8], ranks: Ranks, sequences: bool, budget: usize) -> Vec<Vector> {
    let layers = budget + 1;
    let mut cur = vec![INF; STATES * layers];
    cur[state(0, 0, 0, 0)] = 0;
    let len = counts.len();
    for rank in 0..len {
        let have = counts[rank] as usize;
        let cap = caps.get(rank).copied().unwrap_or(4) as usize;
        let allowed = ranks.allowed >> rank & 1 == 1;
        let pairs = if ranks.pair >> rank & 1 == 1 { 2 } else { 1 };
        let starts = if sequences && rank + 2 < len { 2 } else { 0 };
        let mut next = vec![INF; STATES * layers];
        for f in 0..layers {
            for pair_used in 0..2 {
                for back2 in 0..3 {
                    for back1 in 0..3 {
                        for melds in 0..=MAX_M {
                            let spent = cur[f * STATES + state(pair_used, back2, back1, melds)];
                            if spent >= INF {
                                continue;
                            }
                            for start in 0..=starts {
                                for pair in 0..pairs.min(2 - pair_used) {
                                    // Without a cap any number of triplets may share a rank.
                                    for triplet in 0..=MAX_M - melds {
                                        let m = melds + start + triplet;
                                        if m > MAX_M {
                                            break;
                                        }
                                        let total = back2 + back1 + start + 3 * triplet + 2 * pair;
                                        if total > 0 && !allowed {
                                            break;
                                        }
                                        let forced = f + total.saturating_sub(cap);
                                        if forced >= layers {
                                            break;
                                        }
                                        let cost = spent as usize + total.saturating_sub(have);
                                        let slot =
                                            &mut next[forced * STATES + state(pair_used + pair, back1, start, m)];
                                        *slot = (*slot).min(cost.min(INF as usize) as u8);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    (0..layers)
        .map(|f| {
            let mut out = [INF; 16];
            for m in 0..=MAX_M {
                out[lane(m, 0)] = cur[f * STATES + state(0, 0, 0, m)].min(INF);
                out[lane(m, 1)] = cur[f * STATES + state(1, 0, 0, m)].min(INF);
            }
            out
        })
        .collect()
}

/// The honors' vector by per-kind arithmetic: honors form no sequences and, within the four-copy
/// cap, a kind holds at most one group (a triplet and a pair would be five copies). So `m` melds
/// and `p` pairs take the `m` cheapest triplets and, for the pair, the best kind outside them.
pub(crate) fn honors(counts: &[u8], caps: &[u8]) -> Vector {
    let mut triplet = [INF as u16; 7];
    let mut pair = [INF as u16; 7];
    for k in 0..7 {
        let have = counts.get(k).copied().unwrap_or(0) as u16;
        let cap = caps.get(k).copied().unwrap_or(4);
        if cap >= 3 {
            triplet[k] = 3u16.saturating_sub(have);
        }
        if cap >= 2 {
            pair[k] = 2u16.saturating_sub(have);
        }
    }
    // Kinds by triplet cost (stable, so ties keep kind order), and prefix sums.
    let mut order = [0usize, 1, 2, 3, 4, 5, 6];
    order.sort_by_key(|&k| triplet[k]);
    let mut position = [0usize; 7];
    for (i, &k) in order.iter().enumerate() {
        position[k] = i;
    }
    let mut prefix = [0u16; 8];
    for i in 0..7 {
        prefix[i + 1] = prefix[i] + triplet[order[i]];
    }
    let mut out = [INF; 16];
    let clamp = |x: u16| x.min(INF as u16) as u8;
    for m in 0..=MAX_M.min(7) {
        out[lane(m, 0)] = clamp(prefix[m]);
        let mut best = INF as u16;
        if m < 7 {
            for k in 0..7 {
                let others = if position[k] < m { prefix[m + 1] - triplet[k] } else { prefix[m] };
                best = best.min(pair[k] + others);
            }
        }
        out[lane(m, 1)] = clamp(best);
    }
    out
}

/// A suit of up to nine kinds none of which a sequence can join (honors, or a numbered suit with
/// no three consecutive ranks a target may hold), by per-kind arithmetic as [`honors`]: a kind of
/// cap `caps[k]` (0 for a kind no target may hold: its real tiles are dropped) holds at most one
/// group, the pair only on a kind of `pair` (bit `k`). Equal to the exact program on such a suit.
pub(crate) fn separate(counts: &[u8], caps: &[u8], pair: u16) -> Vector {
    // Only the kinds a target may hold take part (sanma's man suit has two): per such kind, by
    // its place among them, the cost of its triplet and of its pair; the places past them cost
    // INF, as a kind of cap 0 would.
    let mut triplet = [INF as u16; 9];
    let mut pairs = [INF as u16; 9];
    let mut live = 0;
    for (k, &have) in counts.iter().enumerate().take(9) {
        let cap = caps.get(k).copied().unwrap_or(0);
        if cap == 0 {
            continue;
        }
        if cap >= 3 {
            triplet[live] = 3u16.saturating_sub(u16::from(have));
        }
        if cap >= 2 && pair >> k & 1 == 1 {
            pairs[live] = 2u16.saturating_sub(u16::from(have));
        }
        live += 1;
    }
    // Places by triplet cost, and prefix sums; an impossible triplet costs INF, so any sum holding
    // one is clamped back to INF.
    let mut order = [0usize, 1, 2, 3, 4, 5, 6, 7, 8];
    order[..live].sort_by_key(|&k| triplet[k]);
    let mut position = [0usize; 9];
    for (i, &k) in order.iter().enumerate() {
        position[k] = i;
    }
    let mut prefix = [0u16; 10];
    for i in 0..9 {
        prefix[i + 1] = prefix[i] + triplet[order[i]];
    }
    let mut out = [INF; 16];
    let clamp = |x: u16| x.min(INF as u16) as u8;
    for m in 0..=MAX_M {
        out[lane(m, 0)] = clamp(prefix[m]);
        let mut best = INF as u16;
        for k in 0..live {
            let others = if position[k] < m { prefix[m + 1] - triplet[k] } else { prefix[m] };
            best = best.min(pairs[k] + others);
        }
        out[lane(m, 1)] = clamp(best);
    }
    out
}

/// Honors with the plain four-copy cap depend only on how many kinds hold 1, 2, 3 and 4 copies:
/// one vector per such histogram (8⁴ slots, most unused), built once from [`honors`].
static HONORS_BY_HISTOGRAM: LazyLock<Box<[Vector; 4096]>> = LazyLock::new(|| {
    let mut table = Box::new([[INF; 16]; 4096]);
    for (key, slot) in table.iter_mut().enumerate() {
        let n = [key % 8, key / 8 % 8, key / 64 % 8, key / 512];
        if n.iter().sum::<usize>() > 7 {
            continue;
        }
        let mut counts = [0u8; 7];
        let mut k = 0;
        for (c, &how_many) in n.iter().enumerate() {
            for _ in 0..how_many {
                counts[k] = c as u8 + 1;
                k += 1;
            }
        }
        *slot = honors(&counts, &[4; 7]);
    }
    table
});

/// [`honors`] with the plain cap, by one lookup of the counts' histogram.
#[inline(always)]
pub(crate) fn honors_plain(counts: &[u8]) -> Vector {
    honors_by_key(honors_key(counts))
}

/// Where a kind holding `c` copies (0–4) counts in the histogram key: three bits per count 1–4;
/// count 0 lands in bits 12+ and is masked off at the lookup.
const HONORS_SHIFT: [usize; 5] = [12, 0, 3, 6, 9];

/// The histogram key of honors counts (counts above 4 cannot occur in a hand; they count as 4).
#[inline(always)]
pub(crate) fn honors_key(counts: &[u8]) -> usize {
    let mut key = 0usize;
    for &c in counts.iter().take(7) {
        key += 1 << HONORS_SHIFT[(c as usize).min(4)];
    }
    key
}

/// The key after one kind's count goes from `from` to `to` (0–4 both).
#[inline(always)]
pub(crate) fn honors_key_moved(key: usize, from: u8, to: u8) -> usize {
    (key + (1 << HONORS_SHIFT[(to as usize).min(4)])).wrapping_sub(1 << HONORS_SHIFT[(from as usize).min(4)])
}

/// [`honors`] with the plain cap by its histogram key.
#[inline(always)]
pub(crate) fn honors_by_key(key: usize) -> Vector {
    HONORS_BY_HISTOGRAM[key & 4095]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stack program under rank limits is the budget-0 layer of the general one.
    #[test]
    fn limited_program_matches_the_layered_one() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let counts: Vec<u8> = (0..9).map(|r| (x >> (3 * r) & 7).min(4) as u8).collect();
            let caps: Vec<u8> =
                (0..9).map(|r| if x >> (40 + r) & 1 == 1 { 4 } else { 2 + (x >> (50 + r % 4) & 1) as u8 }).collect();
            let limits = match i % 4 {
                0 => Ranks::ALL,
                1 => Ranks { allowed: 0x1ff, pair: 0b0_1001_0010 },
                2 => Ranks { allowed: 0, pair: 0 },
                _ => Ranks { allowed: (x >> 20) as u16 & 0x1ff, pair: (x >> 30) as u16 & 0x1ff },
            };
            let sequences = i % 7 != 0;
            assert_eq!(
                suit_exact_in(&counts, &caps, limits, sequences),
                suit_layers(&counts, &caps, limits, sequences, 0)[0],
                "{counts:?} {caps:?} {limits:?}"
            );
        }
    }

    /// Per-kind arithmetic equals the program wherever no sequence fits.
    #[test]
    fn separate_kinds_match_the_program() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let honors = i % 3 == 0;
            let len = if honors { 7 } else { 9 };
            // Allowed ranks with no three in a row: drop every third of a run.
            let mut allowed = (x >> 40) as u16 & ((1 << len) - 1);
            for r in 2..len {
                if allowed >> r & 1 == 1 && allowed >> (r - 1) & 1 == 1 && allowed >> (r - 2) & 1 == 1 {
                    allowed &= !(1 << r);
                }
            }
            let pair = (x >> 20) as u16 & allowed;
            let caps: Vec<u8> = (0..len)
                .map(|r| if allowed >> r & 1 == 1 { [4, 4, 3, 1, 0][(x >> (3 * r) & 7) as usize % 5] } else { 0 })
                .collect();
            let counts: Vec<u8> = (0..len).map(|r| (x >> (30 + 2 * r) & 7).min(caps[r] as u64) as u8).collect();
            let want = suit_exact_in(&counts, &caps, Ranks { allowed, pair }, !honors);
            assert_eq!(separate(&counts, &caps, pair), want, "{counts:?} {caps:?} {allowed:b} {pair:b}");
        }
    }

    /// The vector without any copy limit.
    fn uncapped(counts: &[u8], sequences: bool) -> Vector {
        uncapped_in(counts, Ranks::ALL, sequences)
    }

    /// [`uncapped`] under rank limits.
    fn uncapped_in(counts: &[u8], ranks: Ranks, sequences: bool) -> Vector {
        suit_layers(counts, &[3 * MAX_M as u8 + 2; 9][..counts.len()], ranks, sequences, 0)[0]
    }

    /// What the fifth-copy path's shortcut rests on: a suit holding no kind four times has the same
    /// vector without any copy limit as with four copies (so stand-ins forced past the limit never
    /// help it). Every such numbered pattern and every such honors pattern.
    #[test]
    fn no_copy_limit_changes_a_suit_without_a_kind_held_four_times() {
        let digits = |mut x: usize, n: usize| -> Vec<u8> {
            (0..n)
                .map(|_| {
                    let d = (x % 4) as u8;
                    x /= 4;
                    d
                })
                .collect()
        };
        for code in 0..4usize.pow(9) {
            let c = digits(code, 9);
            assert_eq!(uncapped(&c, true), suit_exact(&c, &[4; 9], true), "{c:?}");
        }
        for code in 0..4usize.pow(7) {
            let c = digits(code, 7);
            assert_eq!(uncapped(&c, false), suit_exact(&c, &[4; 7], false), "{c:?}");
            // The honors with no pair on them (the 2-5-8 pair).
            let none = Ranks { allowed: 0x7f, pair: 0 };
            assert_eq!(uncapped_in(&c, none, false), suit_exact_in(&c, &[4; 7], none, false), "{c:?}");
        }
        // The numbered suits with the pair on 2, 5 or 8, on a stride (all with HUPAI_FULL=1).
        let stride = if std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1") { 1 } else { 7 };
        let pair_258 = Ranks { allowed: 0x1ff, pair: 0b0_1001_0010 };
        for code in (0..4usize.pow(9)).step_by(stride) {
            let c = digits(code, 9);
            assert_eq!(uncapped_in(&c, pair_258, true), suit_exact_in(&c, &[4; 9], pair_258, true), "{c:?}");
        }
        // A kind held four times is where it stops: 1111m with a triplet and a pair.
        let four = [4, 0, 0, 0, 0, 0, 0, 0, 0];
        assert!(uncapped(&four, true)[lane(1, 1)] < suit_exact(&four, &[4; 9], true)[lane(1, 1)]);
    }

    #[test]
    fn small_suits() {
        let four = [4u8; 9];
        // 1112345678999m: nine gates holds four melds and a pair minus one tile.
        let v = suit_exact(&[3, 1, 1, 1, 1, 1, 1, 1, 3], &four, true);
        assert_eq!(v[lane(4, 1)], 1);
        assert_eq!(v[lane(4, 0)], 0);
        assert_eq!(v[lane(0, 0)], 0);
        assert_eq!(v[lane(5, 1)], 4);
        // 1111m: 111 + 123 needs 2m 3m; one meld and the pair (11 + 123, or 111 + 22) needs two
        // (111 + 11 would be a fifth copy); 11 + 123 + 123 needs four.
        let v = suit_exact(&[4, 0, 0, 0, 0, 0, 0, 0, 0], &four, true);
        assert_eq!((v[lane(2, 0)], v[lane(1, 1)], v[lane(2, 1)]), (2, 2, 4));
    }

    #[test]
    fn honors_match_the_program() {
        for code in 0..5u32.pow(7) {
            let mut c = [0u8; 7];
            let mut x = code;
            for d in c.iter_mut() {
                *d = (x % 5) as u8;
                x /= 5;
            }
            let caps = [4, 4, 1, 4, 0, 4, 2];
            for caps in [[4u8; 7], caps] {
                let c: [u8; 7] = std::array::from_fn(|k| c[k].min(caps[k]));
                assert_eq!(honors(&c, &caps), suit_exact(&c, &caps, false), "{c:?} {caps:?}");
            }
        }
    }

    #[test]
    fn honors_plain_matches_honors() {
        for code in 0..5u32.pow(7) {
            let mut c = [0u8; 7];
            let mut x = code;
            for d in c.iter_mut() {
                *d = (x % 5) as u8;
                x /= 5;
            }
            assert_eq!(honors_plain(&c), honors(&c, &[4; 7]), "{c:?}");
            for k in 0..7 {
                let mut d = c;
                if c[k] < 4 {
                    d[k] += 1;
                    assert_eq!(honors_key_moved(honors_key(&c), c[k], c[k] + 1), honors_key(&d), "{c:?}");
                }
            }
        }
    }

    #[test]
    fn fifth_layers_agree_with_the_capped_program_at_zero() {
        let c = [2, 0, 3, 1, 0, 0, 4, 1, 1];
        let capped = suit_exact(&c, &[4; 9], true);
        let layers = suit_fifth(&c, &[4; 9], true, 3);
        assert_eq!(layers[0], capped);
        // 4444z as a triplet and a pair: one forced stand-in.
        let h = suit_fifth(&[4, 0, 0, 0, 0, 0, 0], &[4; 7], false, 2);
        assert_eq!(h[1][lane(1, 1)], 1);
        assert_eq!(h[0][lane(1, 1)], 2);
    }
}
