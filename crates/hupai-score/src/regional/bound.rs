//! The most a table can award any reading a partial reading leads to, worked out from the
//! table's own fans (never from what a preset is known to hold), so the search drops partial
//! readings that cannot beat the best found so far.
//!
//! A partial reading knows some facts for sure (a tile placed in a second suit rules out one
//! suit for good), leaves others open (every set so far a triplet: all triplets may still hold)
//! and bounds the fours of a kind. A fan may count if each of its conditions may hold; the bound
//! adds what every fan that may count could be worth, keeping the most valuable of each group and
//! ignoring replacements (they only take away), then applies the cap (the cap's value if a fan
//! worth the cap may count) and the points formula. No reading below the partial one scores more,
//! whatever the table says.

use super::compiled::{Compiled, NO_GROUP};
use super::condition::{Condition, Facts, bit};
use super::table::PointsKind;

/// What a partial reading knows of the facts its complete readings will have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Known {
    /// Fact bits every complete reading below has.
    pub(crate) yes: u32,
    /// Fact bits some complete reading below may have (`yes` included).
    pub(crate) maybe: u32,
    /// The fewest and the most fours of a kind a complete reading below can hold.
    pub(crate) quads: (u8, u8),
}

impl Known {
    fn key(self) -> u64 {
        u64::from(self.yes)
            | u64::from(self.maybe) << 24
            | u64::from(self.quads.0) << 48
            | u64::from(self.quads.1) << 56
    }
}

impl Condition {
    /// True if the condition may hold for some reading with these known facts (`hand`: the
    /// counts every reading of the hand shares).
    fn may_hold(&self, k: Known, hand: Facts) -> bool {
        use Condition::*;
        match self {
            Ron => k.yes & bit::TSUMO == 0,
            QuadsAtLeast(n) => k.quads.1 >= *n,
            DeclaredMeldsAtLeast(_) | OpenMeldsAtLeast(_) | WildcardTilesAtLeast(_) => self.holds(hand),
            Not(c) => !c.must_hold(k, hand),
            Any(cs) => cs.iter().any(|c| c.may_hold(k, hand)),
            _ => self.plain_bit().is_some_and(|b| k.maybe & b != 0),
        }
    }

    /// True if the condition holds for every reading with these known facts.
    fn must_hold(&self, k: Known, hand: Facts) -> bool {
        use Condition::*;
        match self {
            Ron => k.maybe & bit::TSUMO == 0,
            QuadsAtLeast(n) => k.quads.0 >= *n,
            DeclaredMeldsAtLeast(_) | OpenMeldsAtLeast(_) | WildcardTilesAtLeast(_) => self.holds(hand),
            Not(c) => !c.may_hold(k, hand),
            Any(cs) => cs.iter().any(|c| c.must_hold(k, hand)),
            _ => self.plain_bit().is_some_and(|b| k.yes & b != 0),
        }
    }
}

/// Slots of the bound cache (a power of two), and its index bits.
const MEMO_BITS: u32 = 5;
const MEMO_SLOTS: usize = 1 << MEMO_BITS;
/// A slot never filled (no key has every bit set).
const EMPTY: u64 = u64::MAX;

/// The bounds of one table for one hand, worked out as they are asked for.
pub(crate) struct Bound {
    /// The known facts the terms read (the rest is cleared, so that partial readings the
    /// terms cannot tell apart share one bound): bits they need, bits they refuse, whether they
    /// read the fewest fours of a kind, and the most fours of a kind they tell apart.
    maybe_read: u32,
    yes_read: u32,
    reads_fewest_quads: bool,
    most_quads_read: u8,
    slots: [(u64, (u64, u32)); MEMO_SLOTS],
    /// The most fan and bases of each group (only one of its fans counts).
    groups: Vec<(u64, u64)>,
}

impl Bound {
    pub(crate) fn new(c: &Compiled) -> Bound {
        let (mut maybe_read, mut yes_read, mut reads_fewest_quads, mut most_quads_read) = (0, 0, false, 0);
        for t in &c.terms {
            maybe_read |= t.need;
            yes_read |= t.refuse;
            most_quads_read = most_quads_read.max(t.quads_min);
            if t.quads_below != u8::MAX {
                reads_fewest_quads = true;
            }
            if t.per_quad {
                most_quads_read = u8::MAX;
            }
            if t.general {
                // A general condition may read anything.
                (maybe_read, yes_read, reads_fewest_quads, most_quads_read) = (u32::MAX, u32::MAX, true, u8::MAX);
            }
        }
        Bound {
            maybe_read,
            yes_read,
            reads_fewest_quads,
            most_quads_read,
            slots: [(EMPTY, (0, 0)); MEMO_SLOTS],
            groups: vec![(0, 0); c.groups],
        }
    }

    /// The most points and fan a reading with these known facts can score: no reading scores
    /// more points, nor as many points with more fan.
    pub(crate) fn most(&mut self, c: &Compiled, mut k: Known) -> (u64, u32) {
        k.yes &= self.yes_read;
        k.maybe &= self.maybe_read;
        if !self.reads_fewest_quads {
            k.quads.0 = 0;
        }
        k.quads.1 = k.quads.1.min(self.most_quads_read);
        let key = k.key();
        let slot = ((key ^ key >> 31).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - MEMO_BITS)) as usize;
        if self.slots[slot].0 == key {
            return self.slots[slot].1;
        }
        let most = self.work_out(c, k);
        self.slots[slot] = (key, most);
        most
    }

    fn work_out(&mut self, c: &Compiled, k: Known) -> (u64, u32) {
        let (mut sum, mut bases, mut at_cap) = (0u64, 0u64, false);
        self.groups.fill((0, 0));
        for t in &c.terms {
            let may = t.need & !k.maybe == 0
                && t.refuse & k.yes == 0
                && t.quads_min <= k.quads.1
                && k.quads.0 < t.quads_below
                && (!t.general || c.table.fans[t.fan].when.iter().all(|x| x.may_hold(k, c.hand)));
            let count = if t.per_quad { k.quads.1 } else { 1 };
            if !may || count == 0 {
                continue;
            }
            let amount = u64::from(t.value) * u64::from(count);
            at_cap |= t.at_cap;
            if t.group == NO_GROUP {
                if t.adds_base {
                    bases = bases.saturating_add(amount);
                } else {
                    sum = sum.saturating_add(amount);
                }
            } else {
                let g = &mut self.groups[usize::from(t.group)];
                if t.adds_base {
                    g.1 = g.1.max(amount);
                } else {
                    g.0 = g.0.max(amount);
                }
            }
        }
        for &(g_sum, g_bases) in &self.groups {
            sum = sum.saturating_add(g_sum);
            bases = bases.saturating_add(g_bases);
        }
        let table = c.table;
        let limit = u64::from(table.cap.unwrap_or(table.uncapped_limit));
        let mut fan = match table.cap {
            Some(cap) => sum.min(u64::from(cap)),
            None => sum,
        };
        if at_cap {
            fan = fan.max(limit);
        }
        let fan = u32::try_from(fan).unwrap_or(u32::MAX);
        let p = table.points;
        let points = match p.kind {
            PointsKind::Doubling => {
                p.base.saturating_mul(1u64.checked_shl(fan).filter(|_| fan < 63).unwrap_or(u64::MAX))
            }
            PointsKind::Linear => p.zero.unwrap_or(0).max(p.base.saturating_mul(u64::from(fan))),
            PointsKind::Additive => p.base.saturating_add(u64::from(fan)),
        };
        (points.saturating_add(p.base.saturating_mul(bases)), fan)
    }
}
