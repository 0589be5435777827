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

use arrayvec::ArrayVec;

use crate::advice::{self, AdviceLine, Discard};
use crate::changes::{Changes, Draws, Plain, room_bits};
use crate::effective::{effective_bits, effective_from};
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
    /// [`suits_with_four`] of `counts`.
    four: u8,
}

impl OneSuitForced<'_> {
    /// Suit `s` with the rank changes `moved` (rank, ±1): the tables' vector by `table` while no
    /// kind reaches four, else [`budgeted`].
    #[inline(always)]
    fn suit(&self, s: usize, moved: &[(usize, i8)], table: impl FnOnce() -> Vector) -> Vector {
        let range = suit_range(s);
        // A suit holding no kind four times reaches four only where a change adds to a three.
        if self.four >> s & 1 == 0 && moved.iter().all(|&(r, d)| d < 0 || self.counts[range.start + r] < 3) {
            return table();
        }
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
    let changes = OneSuitForced { plain: Plain::new(counts)?, counts, budget: p.budget(), four };
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

/// Every discard's advice line at once on the fifth-copy path ([`advice::advice_lines`]), for a
/// hand without declared melds holding a kind four times in one suit at most; `None` otherwise
/// (then each discard is asked on its own).
///
/// [`OneSuitForced`] answers each suit exactly, and its vectors obey what the shared advice needs
/// (a tile more lowers each lane by at most one and raises none, a tile less the reverse: the
/// completions and their forced stand-ins do not depend on the real tiles). Their min-plus product
/// is exact where at most one suit of the hand asked about holds a kind four times, as in
/// [`effective_one_suit_forced`]: after any discard of a hand holding no kind four times, and any
/// draw. Where the hand after a discard still holds one in a suit, a draw bringing a kind of
/// another suit to four couples the two: those draws are asked of the layered program, line by
/// line, as [`effective_one_suit_forced`] asks them. Discarding a wildcard shrinks the stand-in
/// budget, so that line is asked on its own with one wildcard fewer.
pub(crate) fn advice_lines_with_one_suit_forced(p: &Prepared, physical: &[u8; 34]) -> Option<ArrayVec<AdviceLine, 35>> {
    let counts = p.counts;
    if p.caps.is_some() || suits_with_four(counts).count_ones() > 1 {
        return None;
    }
    let changes =
        OneSuitForced { plain: Plain::new(counts)?, counts, budget: p.budget(), four: suits_with_four(counts) };
    let mut lines = advice::advice_with(p, &changes, physical);
    let room = room_bits(physical);
    for line in lines.iter_mut() {
        let Discard::Tile(tile) = line.discard else {
            (line.shanten, line.distance, line.kinds) = effective_bits(p, counts, physical, p.wildcards - 1);
            continue;
        };
        let mut c = *counts;
        c[tile.index()] -= 1;
        let four = suits_with_four(&c);
        if four == 0 {
            continue;
        }
        // Kinds held three times outside the suit holding four, drawable after the discard.
        let mut coupled =
            (0..34).filter(|&k| c[k] == 3 && four >> suit_of_kind(k) & 1 == 0).fold(0u64, |b, k| b | 1 << k) & room;
        line.kinds &= !coupled;
        let stats = Stats::new(&c);
        let mut cache = None;
        while coupled != 0 {
            let t = coupled.trailing_zeros() as usize;
            coupled &= coupled - 1;
            let s = suit_of_kind(t);
            let (_, others) = fifth_layered(p, &c, &mut cache);
            let mut drawn = c;
            drawn[t] += 1;
            let melds = p.fifth_finish(&others[s], &p.fifth_layers(&drawn, s));
            if p.best(melds, &stats.with(c[t], t, 1)) < line.distance {
                line.kinds |= 1 << t;
            }
        }
    }
    Some(lines)
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
    let changes =
        OneSuitForced { plain: Plain::new(counts)?, counts, budget: p.budget(), four: suits_with_four(counts) };
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
    /// Advice of every discard at once (where the hand declares no meld and holds a kind four
    /// times in one suit at most) equals each discard's effective tiles asked on their own, then
    /// sorted, on random hands with 0 to 5 wildcards under the fifth-copy option: many holding a kind three or four times
    /// (so that draws and discards cross the four copies), some with declared melds, every complete
    /// hand size, some tiles seen elsewhere.
    #[test]
    fn advice_of_all_discards_equals_advice_discard_by_discard() {
        use crate::advice::{Discard, DiscardOption, advice_slow, discard_advice, options_of, sort_advice};
        use crate::effective::effective_of;
        use hupai_tiles::{Meld, Tile};
        let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
        let mut x = 0x5eed_fee7_2026_1127u64;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let (mut shared, mut each) = (0, 0);
        for i in 0..if full { 40_000 } else { 3_000 } {
            let rules = [Rules::STANDARD, Rules::CHINESE, Rules::TAIWAN][i % 3].with_wildcard_fifth_copy(true);
            let wildcards = (i / 3 % 6) as u8;
            let mut left = [4u8; 34];
            let mut melds = Vec::new();
            if i % 7 == 0 {
                // A declared meld: a triplet, a kan or a sequence.
                let k = next(34);
                let shape: Vec<usize> = match next(3) {
                    0 if k < 27 && k % 9 < 7 => vec![k, k + 1, k + 2],
                    1 => vec![k; 4],
                    _ => vec![k; 3],
                };
                for &t in &shape {
                    left[t] -= 1;
                }
                melds.push(Meld::from_tiles(&shape.iter().map(|&t| Tile::ALL[t]).collect::<Vec<_>>()).unwrap());
            }
            let tiles = [rules.hand_size(), rules.hand_size(), 11, 8, 5][i / 18 % 5];
            let Some(size) = tiles.checked_sub(3 * melds.len() + wildcards as usize) else { continue };
            let mut counts = TileCounts::EMPTY;
            let mut placed = 0;
            // A triplet or a quad or two first on most hands, then random tiles.
            for _ in 0..next(3) {
                let k = next(34);
                let n = (3 + next(2) as u8).min(left[k]);
                if counts.0[k] == 0 && placed + n as usize <= size {
                    counts.0[k] = n;
                    left[k] -= n;
                    placed += n as usize;
                }
            }
            while placed < size {
                let k = next(34);
                if left[k] > 0 {
                    counts.0[k] += 1;
                    left[k] -= 1;
                    placed += 1;
                }
            }
            let Ok(hand) = Hand::new(counts, wildcards, &melds) else { continue };
            let Ok(p) = prepare(&hand, &rules) else { continue };
            assert!(p.complete, "{hand}");
            let physical = hand.held_counts().0;
            let mut visible = TileCounts::EMPTY;
            for _ in 0..next(6) {
                let k = next(34);
                if physical[k] + visible.0[k] < 4 {
                    visible.0[k] += 1;
                }
            }
            // Discard by discard: each kind held, then a wildcard with one wildcard fewer.
            let mut want = Vec::new();
            advice_slow(&p, &physical, &visible, &mut want);
            if wildcards > 0 {
                let after = effective_of(&p, p.counts, &physical, &physical, wildcards - 1, &visible);
                want.push(DiscardOption { discard: Discard::Wildcard, after });
            }
            sort_advice(&mut want);
            assert_eq!(discard_advice(&hand, &rules, &visible).unwrap(), want, "{hand} under {rules}");
            match advice_lines_with_one_suit_forced(&p, &physical) {
                Some(lines) => {
                    assert_eq!(options_of(&lines, &physical, &visible), want, "{hand} under {rules}");
                    shared += 1;
                }
                None => each += 1,
            }
        }
        // Most hands take the shared path; declared melds (and quads in two suits) the other.
        assert!(shared >= 1_000 && each >= 250, "{shared} shared, {each} discard by discard");
    }
}
