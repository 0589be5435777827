//! The wildcard-fifth-copy option: vectors layered by the stand-ins forced past the four-copy limit
//! (which couple the suits through the wildcards), combined within the wildcard budget.
//!
//! Most hands need none of that. A suit holding no kind four times has the same vector without any
//! copy limit as with four copies (checked exhaustively: `exact`'s test
//! `no_copy_limit_changes_a_suit_without_a_kind_held_four_times`), so forced stand-ins never help it,
//! and a hand whose suits all hold at most three of a kind is answered by the tables. With one
//! suit holding a kind four times (the hand's, or after a draw), only that suit can use stand-ins:
//! its vector is the lane-wise minimum of its layers within the budget ([`budgeted`]), and the
//! suits combine as usual. Only when two suits could both use stand-ins do the layers couple them,
//! and the layered program answers.

use crate::changes::{Changes, Draws, Plain};
use crate::effective::effective_from;
use crate::exact;
use crate::prepared::{Prepared, suit_of_kind, suit_range};
use crate::special::Stats;
use crate::vector::{self, IMPOSSIBLE, INF, MAX_M, Vector, combine, finish};

/// A suit's vector when it alone may force stand-ins past the four copies, at most `budget`: the
/// lane-wise minimum of its layers.
pub(crate) fn budgeted(counts: &[u8], sequences: bool, budget: usize) -> Vector {
    if counts.len() > 9 || counts.iter().any(|&x| x > 7) {
        return budgeted_uncached(counts, sequences, budget);
    }
    // Batches ask the same suits again and again: the answers are kept per thread, bounded.
    let key = (counts.iter().rev().fold(0u32, |a, &x| a << 3 | u32::from(x)), sequences, budget as u8);
    if let Some(hit) = BUDGETED.with_borrow(|m| m.get(&key).copied()) {
        return hit;
    }
    let out = budgeted_uncached(counts, sequences, budget);
    BUDGETED.with_borrow_mut(|m| {
        if m.len() >= 1 << 14 {
            m.clear();
        }
        m.insert(key, out);
    });
    out
}

thread_local! {
    /// [`budgeted`]'s answers by (pattern in octal, sequences, budget).
    static BUDGETED: std::cell::RefCell<std::collections::HashMap<(u32, bool, u8), Vector>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// [`budgeted`] without the cache.
fn budgeted_uncached(counts: &[u8], sequences: bool, budget: usize) -> Vector {
    let mut out = IMPOSSIBLE;
    for layer in exact::suit_fifth(counts, &[4; 9][..counts.len()], sequences, budget) {
        for (slot, x) in out.iter_mut().zip(layer) {
            *slot = (*slot).min(x);
        }
    }
    out
}

/// The suits (bits 0–3) holding some kind four times (or more) in `counts`.
fn suits_with_four(counts: &[u8; 34]) -> u8 {
    (0..34).filter(|&k| counts[k] >= 4).fold(0, |bits, k| bits | 1 << suit_of_kind(k))
}

/// [`Changes`] on the fifth-copy path when at most one suit holds a kind four times: a suit with
/// at most three of each kind from the tables, the other by [`budgeted`].
struct OneSuitForced<'a> {
    plain: Plain<'a>,
    counts: &'a [u8; 34],
    budget: usize,
}

impl OneSuitForced<'_> {
    /// Suit `s` with the rank changes `moved` (rank, ±1): the tables' vector by `table` while no
    /// kind reaches four, else [`budgeted`].
    #[inline(always)]
    fn suit(&self, s: usize, moved: &[(usize, i8)], table: impl FnOnce() -> Vector) -> Vector {
        let range = suit_range(s);
        let mut c = [0u8; 9];
        c[..range.len()].copy_from_slice(&self.counts[range.clone()]);
        for &(r, d) in moved {
            c[r] = c[r].wrapping_add_signed(d);
        }
        if c.iter().all(|&x| x <= 3) { table() } else { budgeted(&c[..range.len()], s < 3, self.budget) }
    }
}

impl Changes for OneSuitForced<'_> {
    fn full(&self, s: usize) -> Vector {
        self.suit(s, &[], || self.plain.full(s))
    }

    fn plus(&self, s: usize, r: usize) -> Vector {
        self.suit(s, &[(r, 1)], || self.plain.plus(s, r))
    }

    fn minus(&self, s: usize, r: usize) -> Vector {
        self.suit(s, &[(r, -1)], || self.plain.minus(s, r))
    }

    fn swap(&self, s: usize, from: usize, to: usize) -> Vector {
        self.suit(s, &[(from, -1), (to, 1)], || self.plain.swap(s, from, to))
    }
}

/// The best distance of `counts` (3k + 1 with the wildcards) on the fifth-copy path and the kinds
/// of `room` (bits) whose draw lowers it, without the layered program where one suit at most can
/// force stand-ins; `None` for declared melds (copies below four) or two suits holding a kind four
/// times, which take the layered program.
pub(crate) fn effective_one_suit_forced(
    p: &Prepared,
    counts: &[u8; 34],
    room: u64,
    stats: &Stats,
) -> Option<(u8, u64)> {
    if p.caps.is_some() {
        return None;
    }
    let four = suits_with_four(counts);
    if four.count_ones() > 1 {
        return None;
    }
    let changes = OneSuitForced { plain: Plain::new(counts)?, counts, budget: p.budget() };
    // A draw bringing a kind to four in another suit than one already holding four would let two
    // suits force stand-ins: those draws are answered by the layered program below.
    let coupled: u64 = if four == 0 {
        0
    } else {
        (0..34).filter(|&k| counts[k] == 3 && four >> suit_of_kind(k) & 1 == 0).fold(0, |b, k| b | 1 << k)
    };
    let draws = Draws::new(&changes, p.melds, room & !coupled);
    let (base, mut kinds) = effective_from(p, &draws, counts, stats);
    kinds &= room & !coupled;
    let mut left = room & coupled;
    if left != 0 {
        let mut cache = None;
        let mut c = *counts;
        while left != 0 {
            let t = left.trailing_zeros() as usize;
            left &= left - 1;
            let s = suit_of_kind(t);
            c[t] += 1;
            let (_, others) = fifth_layered(p, counts, &mut cache);
            let melds = p.fifth_finish(&others[s], &p.fifth_layers(&c, s));
            if p.best(melds, &stats.with(counts[t], t, 1)) < base {
                kinds |= 1 << t;
            }
            c[t] -= 1;
        }
    }
    Some((base, kinds))
}

/// The best distance of `counts` and the kinds with room (fewer than four physical copies in
/// `room`) whose draw lowers it, by the layered program: the reference of
/// [`effective_one_suit_forced`], and the path where it does not answer. The program runs only
/// where the tables' four-copy answer is above the floor (no completion can do better than it).
pub(crate) fn effective_layered(p: &Prepared, counts: &[u8; 34], room: &[u8; 34], stats: &Stats) -> (u8, u64) {
    let mut layered = None;
    let capped = p.melds_capped(counts);
    let melds = if capped <= p.floor(counts) {
        capped
    } else {
        let (layers, others) = fifth_layered(p, counts, &mut layered);
        p.fifth_finish(&others[0], &layers[0])
    };
    let base = p.best(melds, stats);
    let mut kinds = 0u64;
    let mut c = *counts;
    for t in 0..34 {
        if room[t] >= 4 {
            continue;
        }
        let s = suit_of_kind(t);
        c[t] += 1;
        let capped = p.melds_capped(&c);
        let melds = if capped <= p.floor(&c) {
            capped
        } else {
            let (_, others) = fifth_layered(p, counts, &mut layered);
            p.fifth_finish(&others[s], &p.fifth_layers(&c, s))
        };
        let d = p.best(melds, &stats.with(counts[t], t, 1));
        c[t] -= 1;
        if d < base {
            kinds |= 1 << t;
        }
    }
    (base, kinds)
}

/// The melds distance on the fifth-copy path when at most one suit holds a kind four times (see
/// [`effective_one_suit_forced`]); `None` otherwise.
pub(crate) fn melds_one_suit_forced(p: &Prepared, counts: &[u8; 34]) -> Option<u8> {
    if p.caps.is_some() || suits_with_four(counts).count_ones() > 1 {
        return None;
    }
    let changes = OneSuitForced { plain: Plain::new(counts)?, counts, budget: p.budget() };
    let v = [changes.full(0), changes.full(1), changes.full(2), changes.full(3)];
    Some(vector::four_suits_distance(&v, p.melds))
}

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
        if let Some(d) = melds_one_suit_forced(self, counts) {
            return d;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::changes::room_bits;
    use crate::prepared::prepare;
    use hupai_tiles::{Hand, Rules, TileCounts};

    /// The shortcut equals the layered program on random hands with wildcards, many holding a kind
    /// three or four times (in one suit or two), under the fifth-copy option.
    #[test]
    fn one_suit_forced_equals_the_layered_program() {
        let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
        let mut x = 0x0123_4567_89ab_cdefu64;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let mut checked = (0, 0);
        for i in 0..if full { 20_000 } else { 1_500 } {
            let rules = [Rules::STANDARD, Rules::CHINESE, Rules::TAIWAN][i % 3].with_wildcard_fifth_copy(true);
            let wildcards = 1 + next(5) as u8;
            let size = rules.hand_size() - 1 - wildcards as usize;
            let mut counts = TileCounts::EMPTY;
            // A quad or a triplet or two first, then random tiles.
            let mut placed = 0;
            for _ in 0..next(3) {
                let k = next(34);
                let n = 3 + next(2) as u8;
                if counts.0[k] == 0 && placed + n as usize <= size {
                    counts.0[k] = n;
                    placed += n as usize;
                }
            }
            while placed < size {
                let k = next(34);
                if counts.0[k] < 4 {
                    counts.0[k] += 1;
                    placed += 1;
                }
            }
            let Ok(hand) = Hand::from_counts(counts, wildcards) else { continue };
            let Ok(p) = prepare(&hand, &rules) else { continue };
            let physical = hand.held_counts().0;
            let stats = Stats::new(p.counts);
            let want = effective_layered(&p, p.counts, &physical, &stats);
            if let Some(got) = effective_one_suit_forced(&p, p.counts, room_bits(&physical), &stats) {
                assert_eq!(got, want, "{hand} under {rules}");
                checked.0 += 1;
            } else {
                checked.1 += 1;
            }
            if let Some(d) = melds_one_suit_forced(&p, p.counts) {
                let (layers, others) = fifth_layered(&p, p.counts, &mut None).clone();
                assert_eq!(d, p.fifth_finish(&others[0], &layers[0]), "{hand} under {rules}");
            }
        }
        assert!(checked.0 >= 1_000 && checked.1 > 0, "{checked:?}");
    }
}
