//! Fewest wildcards per suit: the table lookup for numbered suits, per-kind arithmetic for honors,
//! and the exact rank-by-rank minimisation used when a suit's caps are not the plain four copies.
//!
//! A suit's cost is a pair `(melds, delta)`: the fewest wildcards that complete the suit into melds
//! only, and how many more (possibly fewer, so `delta` may be negative) completing it into melds and
//! the pair takes. Impossible completions count [`INF`]; the arithmetic stays linear so a suit that
//! can only hold the pair (`melds = INF`, `melds + delta` finite) still combines correctly.

/// The cost of an impossible completion. Large enough that four of them and a delta never reach a
/// real wildcard count, small enough that sums never overflow an `i32`.
pub(crate) const INF: i32 = 1000;

/// Fewest wildcards for one suit: melds only, and the extra (or saving) for holding the pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cost {
    /// Fewest wildcards completing the suit into melds only (1000, the crate's stand-in for infinity, if impossible).
    pub melds: i32,
    /// Fewest wildcards completing it into melds and the pair, minus `melds`.
    pub delta: i32,
}

impl Cost {
    /// From the two fewest-wildcard counts, either of which may be 1000 (impossible).
    #[inline(always)]
    pub(crate) const fn new(melds: i32, pair: i32) -> Cost {
        Cost { melds, delta: pair - melds }
    }

    /// Fewest wildcards completing the suit into melds and the pair.
    #[inline(always)]
    pub fn pair(self) -> i32 {
        self.melds + self.delta
    }
}

/// Room sentinel for "no cap" (the fifth-copy rule is on).
pub(crate) const NO_CAP: u8 = u8::MAX;

/// The cost of one honor kind holding `count` tiles with room for `cap` (concealed plus stand-ins):
/// honors form no sequences, so each kind completes alone into triplets, or triplets and the pair.
pub(crate) const fn honor_kind(count: u8, cap: u8) -> Cost {
    let melds = kind_min(count, cap, 0);
    let pair = kind_min(count, cap, 2);
    Cost::new(melds, pair)
}

/// Fewest stand-ins `x` with `count + x ≡ residue (mod 3)`, at least 2 when the pair is wanted,
/// and within `cap`.
const fn kind_min(count: u8, cap: u8, residue: u8) -> i32 {
    let mut x = 0u8;
    while x <= 3 {
        let total = count as u16 + x as u16;
        if total % 3 == residue as u16 && (residue == 0 || total >= 2) {
            return if total <= cap as u16 { x as i32 } else { INF };
        }
        x += 1;
    }
    INF
}

/// Per-count honor costs with the plain four-copy cap and with no cap, for the fast path.
pub(crate) const HONOR_CAPPED: [Cost; 5] =
    [honor_kind(0, 4), honor_kind(1, 4), honor_kind(2, 4), honor_kind(3, 4), honor_kind(4, 4)];
/// See [`HONOR_CAPPED`].
pub(crate) const HONOR_FREE: [Cost; 5] =
    [honor_kind(0, NO_CAP), honor_kind(1, NO_CAP), honor_kind(2, NO_CAP), honor_kind(3, NO_CAP), honor_kind(4, NO_CAP)];

/// The honors' cost from the seven counts, each kind looked up in `per_count` (counts above 4
/// are impossible).
#[inline(always)]
pub(crate) fn honors(c: &[u8], per_count: &[Cost; 5]) -> Cost {
    let mut melds = 0;
    let mut delta = INF;
    for &n in c {
        let k = match per_count.get(n as usize) {
            Some(k) => *k,
            None => Cost { melds: INF, delta: 0 },
        };
        melds += k.melds;
        delta = delta.min(k.delta);
    }
    Cost { melds, delta }
}

/// The honors' cost under the plain cap (four copies, or none when `capped` is false), byte-parallel:
/// one flag byte per kind for "at least k copies", combined lane-wise and summed with one multiply.
#[inline(always)]
pub(crate) fn honors_fast(counts: &[u8; 34], capped: bool) -> Cost {
    // One load of the last eight counts; shifting out 9s leaves the seven honors, top byte zero.
    let x = match counts.last_chunk::<8>() {
        Some(last) => u64::from_le_bytes(*last) >> 8,
        None => HIGH,
    };
    honors_word(x, capped)
}

const LOW: u64 = 0x0001_0101_0101_0101;
const HIGH: u64 = 0x0080_8080_8080_8080;

/// [`honors_fast`] on the seven honor counts packed one per byte (1z in the low byte, top byte zero).
#[inline(always)]
pub(crate) fn honors_word(x: u64, capped: bool) -> Cost {
    if x & (HIGH | 0xff00_0000_0000_0000) != 0 {
        // A count of 128 or more, or an eighth byte: impossible in a hand; keep the arithmetic honest.
        let bytes = x.to_le_bytes();
        let per_count = if capped { &HONOR_CAPPED } else { &HONOR_FREE };
        let mut cost = honors(&bytes[..7], per_count);
        if bytes[7] != 0 {
            cost.melds = INF;
        }
        return cost;
    }
    // 1 in each kind's byte holding at least `k` copies (no carries: every byte is below 128).
    let at_least = |k: u64| ((x + (0x80 - k) * LOW) & HIGH) >> 7;
    let (one, two, three, four) = (at_least(1), at_least(2), at_least(3), at_least(4));
    if at_least(5) != 0 {
        return Cost { melds: INF, delta: 0 };
    }
    // Per kind: a single takes two stand-ins, a pair one, a triplet none (2·[≥1] − [≥2] − [≥3], never
    // negative in a byte); four copies take two more without the cap and are hopeless with it.
    let extra = if capped { 0 } else { four << 1 };
    let per_kind = (one << 1) + extra - two - three;
    let mut melds = (per_kind.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32;
    if capped && four != 0 {
        melds += INF;
    }
    // The pair goes where it saves a stand-in (a single or a pair, or four copies without the cap);
    // else on an empty kind (two stand-ins), or on a triplet without the cap (two, making five).
    let saves = (one & !three) != 0 || (!capped && four != 0);
    let delta = if saves {
        -1
    } else if one != LOW || !capped {
        2
    } else {
        INF
    };
    Cost { melds, delta }
}

/// The honors' cost with a room per kind (four minus declared copies, or [`NO_CAP`]).
pub(crate) fn honors_capped(c: &[u8], caps: &[u8]) -> Cost {
    let mut melds = 0;
    let mut delta = INF;
    for (&n, &cap) in c.iter().zip(caps) {
        let k = honor_kind(n, cap);
        melds += k.melds;
        delta = delta.min(k.delta);
    }
    Cost { melds, delta }
}

/// Exact fewest wildcards for a numbered suit with a room per rank (concealed plus stand-ins at
/// most `caps[i]`; [`NO_CAP`] for none), by dynamic programming over the ranks.
///
/// State after a rank: whether the pair is placed, sequences started one rank back and sequences
/// started at this rank. At most two sequences start at one rank and at most two triplets sit on
/// one rank in some cheapest completion: three equal sequences hold the same tiles as three
/// triplets, and a triplet not needed to cover real tiles can be dropped, saving three wildcards.
/// Both exchanges keep every rank's total or lower it, so caps stay respected.
pub(crate) fn numbered_exact(c: &[u8; 9], caps: &[u8; 9]) -> Cost {
    numbered_exact_pairs(c, caps, ANY_RANK)
}

/// The pair may sit on any rank.
pub(crate) const ANY_RANK: u16 = 0x1ff;
/// The pair may sit only on ranks 2, 5 and 8 (the 2-5-8 pair).
pub(crate) const RANKS_258: u16 = 1 << 1 | 1 << 4 | 1 << 7;

/// [`numbered_exact`] with the pair allowed only on the ranks (bit `i` for rank `i + 1`) of `pair_ranks`.
pub(crate) fn numbered_exact_pairs(c: &[u8; 9], caps: &[u8; 9], pair_ranks: u16) -> Cost {
    // Index: pair_used * 9 + started_two_back * 3 + started_one_back.
    let mut state = [INF; 18];
    state[0] = 0;
    for rank in 0..9 {
        let mut next = [INF; 18];
        let have = c[rank] as i32;
        let cap = caps[rank] as i32;
        let new_max = if rank <= 6 { 2 } else { 0 };
        for pair_used in 0..2 {
            for back2 in 0..3 {
                for back1 in 0..3 {
                    let v = state[pair_used * 9 + back2 * 3 + back1];
                    if v >= INF {
                        continue;
                    }
                    let carried = (back2 + back1) as i32;
                    for new in 0..=new_max {
                        let pair_here = usize::from(pair_ranks >> rank & 1 == 1);
                        for pair in 0..=(1 - pair_used).min(pair_here) {
                            for triplets in 0..=2 {
                                let total = carried + new as i32 + 3 * triplets + 2 * pair as i32;
                                if total > cap {
                                    break;
                                }
                                if total < have {
                                    continue;
                                }
                                let slot = &mut next[(pair_used + pair) * 9 + back1 * 3 + new];
                                *slot = (*slot).min(v + total - have);
                            }
                        }
                    }
                }
            }
        }
        state = next;
    }
    Cost::new(state[0], state[9])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn honor_kinds_follow_the_copy_limit() {
        // Three East: a triplet; as the pair it needs two more (a fifth copy).
        assert_eq!(honor_kind(3, 4), Cost::new(0, INF));
        assert_eq!(honor_kind(3, NO_CAP), Cost::new(0, 2));
        // Four East never fit melds under the cap; without it they are a triplet and a pair plus one.
        assert_eq!(honor_kind(4, 4).melds, INF);
        assert_eq!(honor_kind(4, NO_CAP), Cost::new(2, 1));
        // After a declared pon of East, one more East can join nothing.
        assert_eq!(honor_kind(1, 1), Cost::new(INF, INF));
        assert_eq!(honor_kind(0, 1), Cost::new(0, INF));
    }

    #[test]
    fn honors_fast_matches_per_kind_sums() {
        for code in 0..5u32.pow(7) {
            let mut c = [0u8; 7];
            let mut x = code;
            for d in c.iter_mut() {
                *d = (x % 5) as u8;
                x /= 5;
            }
            let mut counts = [0u8; 34];
            counts[27..].copy_from_slice(&c);
            // The ninth rank of the third suit sits in the same word; it must not leak in.
            counts[26] = (code % 5) as u8;
            for (capped, table) in [(true, &HONOR_CAPPED), (false, &HONOR_FREE)] {
                let (fast, slow) = (honors_fast(&counts, capped), honors(&c, table));
                // Only the verdicts matter once a suit is hopeless; otherwise the numbers must agree.
                if slow.melds < INF / 2 || slow.pair() < INF / 2 {
                    assert_eq!(fast.melds.min(INF), slow.melds.min(INF), "{c:?} capped={capped}");
                    assert_eq!(fast.pair().min(INF), slow.pair().min(INF), "{c:?} capped={capped}");
                } else {
                    assert!(fast.melds >= INF / 2 && fast.pair() >= INF / 2, "{c:?} capped={capped}");
                }
            }
        }
    }

    #[test]
    fn numbered_exact_small_cases() {
        let four = [4u8; 9];
        let free = [NO_CAP; 9];
        // 1111m: 111 + 1(23) as melds; the pair forces 11 + 1(23) + 1(23).
        let c = [4, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(numbered_exact(&c, &four), Cost::new(2, 4));
        // Without the cap, 11 + 111 is one stand-in away.
        assert_eq!(numbered_exact(&c, &free), Cost::new(2, 1));
        // 23m after a declared pon of 1m (one more 1m fits): 123 melds; the pair needs three more.
        let c = [0, 1, 1, 0, 0, 0, 0, 0, 0];
        let mut caps = four;
        caps[0] = 1;
        assert_eq!(numbered_exact(&c, &caps), Cost::new(1, 3));
        assert_eq!(numbered_exact(&[0; 9], &four), Cost::new(0, 2));
    }
}
