//! A table applied to one reading's facts: which fans count, how many times, and the fan total
//! and points they make. [`settle`] turns the fans whose conditions hold into the fans that
//! count (groups, replacements) and the points; the search finds the fans whose conditions hold
//! from bit masks (`compiled.rs`), which the tests check against `evaluate`, the table read
//! condition by condition.

#[cfg(test)]
use super::condition::Facts;
#[cfg(test)]
use super::table::Per;
use super::table::{Adds, FanValue, PointsKind, Replaced, Table};

/// One fan that counts in a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counted {
    /// Its index in the table.
    pub(crate) fan: usize,
    /// How many times it counts (1 unless counted per something).
    pub(crate) count: u32,
    /// Its value per count (the cap's value for a fan worth the cap).
    pub(crate) value: u32,
    /// Another fan of its group is worth more.
    pub(crate) beaten: bool,
}

/// What a table makes of one reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Evaluation {
    /// The fans that count, in table order.
    pub(crate) fans: Vec<Counted>,
    /// The fan total after the cap.
    pub(crate) fan: u32,
    /// True if the cap cut the total or a fan worth the cap counted.
    pub(crate) capped: bool,
    /// Points before birds.
    pub(crate) points: u64,
}

/// Evaluates the table on a reading's facts, condition by condition; `None` when no fan applies
/// (the reading does not win).
#[cfg(test)]
pub(crate) fn evaluate(table: &Table, facts: Facts) -> Option<Evaluation> {
    let mut fans = Vec::new();
    let limit = table.cap.unwrap_or(table.uncapped_limit);
    // Fans whose conditions hold.
    for (i, fan) in table.fans.iter().enumerate() {
        if !fan.enabled || !fan.when.iter().all(|c| c.holds(facts)) {
            continue;
        }
        let count = match fan.per {
            Some(Per::Quad) => u32::from(facts.quads),
            None => 1,
        };
        if count > 0 {
            let value = match fan.value {
                FanValue::Fan(n) => n,
                FanValue::Cap(_) => limit,
            };
            fans.push(Counted { fan: i, count, value, beaten: false });
        }
    }
    let (points, fan, capped) = settle(table, &mut fans)?;
    Some(Evaluation { fans, fan, capped, points })
}

/// From the fans whose conditions hold (in table order, with their counts and values) to the
/// fans that count, and their points, fan total and whether the cap counted; `None` if no fan
/// counts.
pub(crate) fn settle(table: &Table, fans: &mut Vec<Counted>) -> Option<(u64, u32, bool)> {
    // In a group only the most valuable counts (the first on a tie).
    let worth =
        |c: &Counted| (matches!(table.fans[c.fan].value, FanValue::Cap(_)), u64::from(c.value) * u64::from(c.count));
    for i in 0..fans.len() {
        let c = fans[i];
        let Some(group) = &table.fans[c.fan].group else { continue };
        fans[i].beaten = fans.iter().any(|o| {
            o.fan != c.fan
                && table.fans[o.fan].group.as_ref() == Some(group)
                && (worth(o) > worth(&c) || (worth(o) == worth(&c) && o.fan < c.fan))
        });
    }
    fans.retain(|c| !c.beaten);
    // Every fan kept exerts its replacements (also one whose own count another replaced).
    for i in 0..fans.len() {
        for r in &table.fans[fans[i].fan].replaces {
            let Some(target) = fans.iter_mut().find(|f| table.fans[f.fan].name == r.name()) else { continue };
            match r {
                Replaced::All(_) => target.count = 0,
                Replaced::Count { count, .. } => target.count = target.count.saturating_sub(*count),
            }
        }
    }
    fans.retain(|c| c.count > 0);
    if fans.is_empty() {
        return None;
    }
    let limit = table.cap.unwrap_or(table.uncapped_limit);
    let mut sum: u64 = 0;
    let mut bases: u64 = 0;
    let mut at_cap = false;
    for c in fans.iter() {
        let fan = &table.fans[c.fan];
        if matches!(fan.value, FanValue::Cap(_)) {
            at_cap = true;
        }
        let amount = u64::from(c.value) * u64::from(c.count);
        match fan.adds {
            Adds::Fan => sum = sum.saturating_add(amount),
            Adds::Base => bases = bases.saturating_add(amount),
        }
    }
    let (fan, capped) = match table.cap {
        _ if at_cap => (limit, true),
        Some(cap) if sum > u64::from(cap) => (cap, true),
        _ => (u32::try_from(sum).unwrap_or(u32::MAX), false),
    };
    let p = table.points;
    let points = match p.kind {
        PointsKind::Doubling => p.base.saturating_mul(1u64.checked_shl(fan).filter(|_| fan < 63).unwrap_or(u64::MAX)),
        PointsKind::Linear if fan == 0 => p.zero.unwrap_or(0),
        PointsKind::Linear => p.base.saturating_mul(u64::from(fan)),
        PointsKind::Additive => p.base.saturating_add(u64::from(fan)),
    };
    Some((points.saturating_add(p.base.saturating_mul(bases)), fan, capped))
}
