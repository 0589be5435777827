//! A table read once for one hand: each fan that can count for the hand, with its conditions
//! as bit masks where they are plain (a fact that must hold, one that must not, a least and a
//! most count of fours of a kind), so the search tests a reading's facts against a fan in a few
//! instructions and bounds what partial readings can still score (`bound.rs`). The conditions
//! every reading of the hand answers alike (the situation, the declared melds, the wildcard
//! tiles held) are decided here once: a fan one of them refuses is left out.

use super::condition::{Condition, Facts, bit};
use arrayvec::ArrayVec;

use super::evaluate::{Counted, Evaluation, settle};
use super::table::{Adds, FanValue, Per, Table};

/// No group.
pub(crate) const NO_GROUP: u16 = u16::MAX;

/// One fan as the search reads it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Term {
    /// The fan's index in the table.
    pub(crate) fan: usize,
    /// Fact bits that must be set, and bits that must not.
    pub(crate) need: u32,
    pub(crate) refuse: u32,
    /// Fours of a kind: at least `quads_min`, fewer than `quads_below`.
    pub(crate) quads_min: u8,
    pub(crate) quads_below: u8,
    /// True if some condition is not plain: the fan's conditions are asked in full.
    pub(crate) general: bool,
    /// Its value per count (the cap's value for a fan worth the cap).
    pub(crate) value: u32,
    pub(crate) per_quad: bool,
    /// Worth the cap.
    pub(crate) at_cap: bool,
    pub(crate) adds_base: bool,
    /// Its group, numbered from 0 in table order, or [`NO_GROUP`].
    pub(crate) group: u16,
}

/// A table read for one hand.
pub(crate) struct Compiled<'a> {
    pub(crate) table: &'a Table,
    /// The facts every reading of the hand shares (its counts decide conditions once).
    pub(crate) hand: Facts,
    /// The enabled fans whose conditions on the hand's counts hold, in table order.
    pub(crate) terms: Vec<Term>,
    /// Groups among the terms.
    pub(crate) groups: usize,
    /// The fact bits the terms read, and whether they read the fours of a kind: readings that
    /// differ only elsewhere score the same.
    pub(crate) read_bits: u32,
    pub(crate) reads_quads: bool,
}

impl<'a> Compiled<'a> {
    pub(crate) fn new(table: &'a Table, hand: Facts) -> Compiled<'a> {
        let limit = table.cap.unwrap_or(table.uncapped_limit);
        let mut terms = Vec::with_capacity(table.fans.len());
        // The group names met so far; their positions number the groups (past the first few,
        // which cover every table seen so far, in a list that allocates).
        let mut group_names: ArrayVec<&str, 8> = ArrayVec::new();
        let mut more_group_names: Vec<&str> = Vec::new();
        let (mut read_bits, mut reads_quads) = (0, false);
        'fans: for (i, fan) in table.fans.iter().enumerate() {
            if !fan.enabled {
                continue;
            }
            let mut t = Term {
                fan: i,
                need: 0,
                refuse: 0,
                quads_min: 0,
                quads_below: u8::MAX,
                general: false,
                value: match fan.value {
                    FanValue::Fan(n) => n,
                    FanValue::Cap(_) => limit,
                },
                per_quad: fan.per == Some(Per::Quad),
                at_cap: matches!(fan.value, FanValue::Cap(_)),
                adds_base: fan.adds == Adds::Base,
                group: NO_GROUP,
            };
            for c in &fan.when {
                // The plain conditions first, the common case: a hand fact is decided now.
                if let Some(b) = c.plain_bit() {
                    if b & bit::HAND == 0 {
                        t.need |= b;
                    } else if hand.bits & b == 0 {
                        continue 'fans;
                    }
                    continue;
                }
                match c {
                    Condition::QuadsAtLeast(n) => t.quads_min = t.quads_min.max(*n),
                    Condition::Not(inner) if !inner.on_hand() => match (inner.plain_bit(), &**inner) {
                        (Some(b), _) => t.refuse |= b,
                        (None, Condition::QuadsAtLeast(n)) => t.quads_below = t.quads_below.min(*n),
                        _ => t.general = true,
                    },
                    _ if c.on_hand() => {
                        if !c.holds(hand) {
                            continue 'fans;
                        }
                    }
                    _ => t.general = true,
                }
            }
            read_bits |= t.need | t.refuse;
            reads_quads |= t.per_quad || t.quads_min > 0 || t.quads_below != u8::MAX;
            if t.general {
                // A general fan is asked in full: whatever its conditions read matters.
                for c in &fan.when {
                    let (b, q) = c.reads();
                    read_bits |= b;
                    reads_quads |= q;
                }
            }
            if let Some(g) = &fan.group {
                let n = match group_names.iter().chain(&more_group_names).position(|name| *name == g.as_str()) {
                    Some(n) => n,
                    None => {
                        if group_names.try_push(g).is_err() {
                            more_group_names.push(g);
                        }
                        group_names.len() + more_group_names.len() - 1
                    }
                };
                // More groups than fans cannot be.
                t.group = u16::try_from(n).unwrap_or(NO_GROUP - 1);
            }
            terms.push(t);
        }
        let groups = group_names.len() + more_group_names.len();
        Compiled { table, hand, terms, groups, read_bits, reads_quads }
    }

    /// What the table makes of a reading with these facts (the fans that count, the fan total
    /// and the points); `None` if it does not win.
    pub(crate) fn evaluation(&self, f: Facts) -> Option<Evaluation> {
        let mut fans = Vec::new();
        self.held(f, &mut fans);
        let (points, fan, capped) = settle(self.table, &mut fans)?;
        Some(Evaluation { fans, fan, capped, points })
    }

    /// The points and fan of [`Compiled::evaluation`], listing the fans in `scratch` (which
    /// stops allocating once it has grown).
    pub(crate) fn points_and_fan(&self, f: Facts, scratch: &mut Vec<Counted>) -> Option<(u64, u32)> {
        self.held(f, scratch);
        settle(self.table, scratch).map(|(points, fan, _)| (points, fan))
    }

    /// The fans whose conditions hold, in table order, into `fans`.
    fn held(&self, f: Facts, fans: &mut Vec<Counted>) {
        fans.clear();
        for t in &self.terms {
            let holds = t.need & !f.bits == 0
                && t.refuse & f.bits == 0
                && f.quads >= t.quads_min
                && f.quads < t.quads_below
                && (!t.general || self.table.fans[t.fan].when.iter().all(|c| c.holds(f)));
            let count = if t.per_quad { u32::from(f.quads) } else { 1 };
            if holds && count > 0 {
                fans.push(Counted { fan: t.fan, count, value: t.value, beaten: false });
            }
        }
    }
}
