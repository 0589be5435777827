//! The fans made by sets among themselves: chows (一般高, 喜相逢, 连六, 老少副, the three- and
//! four-chow fans, 双龙会) and pungs (双同刻 … 大四喜), with the combination rules: a set that has
//! formed a fan with others may form each kind of fan only once (不得相同), an unused set may
//! combine once with a used one (套算一次), and a hand of four chows counts at most three
//! chow fans, three chows at most two.

use super::fan::{Fan, FanTable};
use super::kinds::{EAST, Kind, RED, dragon, numbered, rank, suit};

/// Chows and pungs are named here by their lowest tile.
fn same_suit(a: Kind, b: Kind) -> bool {
    suit(a) == suit(b)
}

fn mixed(a: Kind, b: Kind, c: Kind) -> bool {
    suit(a) != suit(b) && suit(a) != suit(c) && suit(b) != suit(c)
}

/// Ranks `a b c` (in any order) step by one.
fn shifted_by_one_unordered(a: u8, b: u8, c: u8) -> bool {
    let mut r = [a, b, c];
    r.sort_unstable();
    r[0] + 1 == r[1] && r[1] + 1 == r[2]
}

/// The fan of four chows as a whole (given in order).
fn four_chows(t: [Kind; 4]) -> Option<Fan> {
    let all_same_suit = t.iter().all(|&x| same_suit(x, t[0]));
    if all_same_suit {
        let step = |d: u8| t[0] + d == t[1] && t[1] + d == t[2] && t[2] + d == t[3];
        if step(1) || step(2) {
            return Some(Fan::FourPureShiftedChows);
        }
        if step(0) {
            return Some(Fan::QuadrupleChow);
        }
    }
    None
}

/// The fan of three chows (given in order).
fn three_chows(a: Kind, b: Kind, c: Kind) -> Option<Fan> {
    let (ra, rb, rc) = (rank(a), rank(b), rank(c));
    if mixed(a, b, c) {
        if shifted_by_one_unordered(ra, rb, rc) {
            return Some(Fan::MixedShiftedChows);
        }
        if ra == rb && rb == rc {
            return Some(Fan::MixedTripleChow);
        }
        let mut r = [ra, rb, rc];
        r.sort_unstable();
        if r == [1, 4, 7] {
            return Some(Fan::MixedStraight);
        }
    } else if same_suit(a, b) && same_suit(b, c) {
        if a + 3 == b && b + 3 == c {
            return Some(Fan::PureStraight);
        }
        if (a + 1 == b && b + 1 == c) || (a + 2 == b && b + 2 == c) {
            return Some(Fan::PureShiftedChows);
        }
        if a == b && b == c {
            return Some(Fan::PureTripleChow);
        }
    }
    None
}

/// The fan two chows make together, if any.
fn two_chows(a: Kind, b: Kind) -> Option<Fan> {
    if !same_suit(a, b) {
        return (rank(a) == rank(b)).then_some(Fan::MixedDoubleChow);
    }
    if a + 3 == b || b + 3 == a {
        return Some(Fan::ShortStraight);
    }
    let (ra, rb) = (rank(a), rank(b));
    if (ra == 1 && rb == 7) || (ra == 7 && rb == 1) {
        return Some(Fan::TwoTerminalChows);
    }
    (a == b).then_some(Fan::PureDoubleChow)
}

/// The one-fan pair fans in the order they are cut back when there are too many.
const PAIR_FANS: [Fan; 4] = [Fan::PureDoubleChow, Fan::MixedDoubleChow, Fan::ShortStraight, Fan::TwoTerminalChows];

/// The fourth chow beside a three-chow fan combines once: the first of 一般高, 喜相逢, 连六, 老少副
/// it makes with any of the three.
fn extra_chow(three: [Kind; 3], extra: Kind) -> Option<Fan> {
    let found: [Option<Fan>; 3] = three.map(|t| two_chows(t, extra));
    PAIR_FANS.into_iter().find(|f| found.contains(&Some(*f)))
}

/// Keeps at most `max` of the pairwise chow fans found: duplicates go first (老少副 first, then
/// 连六, 喜相逢, 一般高), down to one of each, then whole kinds in the same order.
fn limit_pairs(found: &[Option<Fan>], max: usize, table: &mut FanTable) {
    let mut counts = [0usize; 4];
    let mut total = 0;
    for f in found.iter().flatten() {
        if let Some(i) = PAIR_FANS.iter().position(|p| p == f) {
            counts[i] += 1;
            total += 1;
        }
    }
    for keep in [1usize, 0] {
        for i in (0..4).rev() {
            while counts[i] > keep && total > max {
                counts[i] -= 1;
                total -= 1;
            }
        }
    }
    for (i, f) in PAIR_FANS.iter().enumerate() {
        table.set(*f, counts[i] as u8);
    }
}

/// Fans of four chows (sorted).
pub(crate) fn fans_of_four_chows(t: [Kind; 4], table: &mut FanTable) {
    if let Some(f) = four_chows(t) {
        table.set(f, 1);
        return;
    }
    for (a, b, c, rest) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_chows(t[a], t[b], t[c]) {
            table.set(f, 1);
            if let Some(e) = extra_chow([t[a], t[b], t[c]], t[rest]) {
                table.set(e, 1);
            }
            return;
        }
    }
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let found = pairs.map(|(a, b)| two_chows(t[a], t[b]));
    // A chow related to none of the others adds nothing; the rest make at most three fans.
    let unrelated = (0..4)
        .filter(|&i| !pairs.iter().zip(found.iter()).any(|(&(a, b), f)| (a == i || b == i) && f.is_some()))
        .count();
    if unrelated < 3 {
        limit_pairs(&found, 3 - unrelated, table);
    }
}

/// Fans of three chows (sorted).
pub(crate) fn fans_of_three_chows(t: [Kind; 3], table: &mut FanTable) {
    if let Some(f) = three_chows(t[0], t[1], t[2]) {
        table.set(f, 1);
        return;
    }
    let found = [two_chows(t[0], t[1]), two_chows(t[0], t[2]), two_chows(t[1], t[2])];
    limit_pairs(&found, 2, table);
}

/// Fans of two chows.
pub(crate) fn fans_of_two_chows(a: Kind, b: Kind, table: &mut FanTable) {
    if let Some(f) = two_chows(a, b) {
        table.add(f);
    }
}

/// 一色双龙会: two 123 and two 789 of one suit around a pair of its 5.
pub(crate) fn pure_terminal_chows(chows: [Kind; 4], pair: Kind) -> bool {
    if !numbered(pair) || rank(pair) != 5 {
        return false;
    }
    let in_suit = chows.iter().all(|&c| suit(c) == suit(pair));
    let low = chows.iter().filter(|&&c| rank(c) == 1).count();
    let high = chows.iter().filter(|&&c| rank(c) == 7).count();
    in_suit && low == 2 && high == 2
}

/// 三色双龙会: 123 and 789 in each of the two suits that are not the pair's, the pair a 5.
pub(crate) fn three_suited_terminal_chows(chows: [Kind; 4], pair: Kind) -> bool {
    if !numbered(pair) || rank(pair) != 5 {
        return false;
    }
    let mut low = [false; 3];
    let mut high = [false; 3];
    for &c in &chows {
        if suit(c) == suit(pair) {
            return false;
        }
        match rank(c) {
            1 => low[usize::from(suit(c))] = true,
            7 => high[usize::from(suit(c))] = true,
            _ => return false,
        }
    }
    (0..3).filter(|&s| s != suit(pair)).all(|s| low[usize::from(s)] && high[usize::from(s)])
}

/// The fan of four pungs as a whole (sorted).
fn four_pungs(t: [Kind; 4]) -> Option<Fan> {
    if numbered(t[0]) && same_suit(t[0], t[3]) && t[0] + 1 == t[1] && t[1] + 1 == t[2] && t[2] + 1 == t[3] {
        return Some(Fan::FourPureShiftedPungs);
    }
    (t == [EAST, EAST + 1, EAST + 2, EAST + 3]).then_some(Fan::BigFourWinds)
}

/// The fan of three pungs (sorted).
fn three_pungs(a: Kind, b: Kind, c: Kind) -> Option<Fan> {
    if numbered(a) && numbered(b) && numbered(c) {
        if mixed(a, b, c) {
            if shifted_by_one_unordered(rank(a), rank(b), rank(c)) {
                return Some(Fan::MixedShiftedPungs);
            }
            if rank(a) == rank(b) && rank(b) == rank(c) {
                return Some(Fan::TriplePung);
            }
        } else if same_suit(a, b) && same_suit(b, c) && a + 1 == b && b + 1 == c {
            return Some(Fan::PureShiftedPungs);
        }
        return None;
    }
    let winds = [a, b, c].iter().all(|&k| (EAST..EAST + 4).contains(&k));
    if winds && a != b && b != c {
        return Some(Fan::BigThreeWinds);
    }
    ([a, b, c] == [RED, RED + 1, RED + 2]).then_some(Fan::BigThreeDragons)
}

/// The fan two pungs make together, if any.
fn two_pungs(a: Kind, b: Kind) -> Option<Fan> {
    if numbered(a) && numbered(b) {
        return (rank(a) == rank(b)).then_some(Fan::DoublePung);
    }
    (dragon(a) && dragon(b)).then_some(Fan::TwoDragonsPungs)
}

/// Fans of four pungs (sorted).
pub(crate) fn fans_of_four_pungs(t: [Kind; 4], table: &mut FanTable) {
    if let Some(f) = four_pungs(t) {
        table.set(f, 1);
        return;
    }
    for (a, b, c, free) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_pungs(t[a], t[b], t[c]) {
            table.set(f, 1);
            // The fourth pung combines once, with the first of the three it makes a fan with.
            for i in (0..4).filter(|&i| i != free) {
                if let Some(f) = two_pungs(t[i], t[free]) {
                    table.add(f);
                    break;
                }
            }
            return;
        }
    }
    for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(f) = two_pungs(t[a], t[b]) {
            table.add(f);
        }
    }
}

/// Fans of three pungs (sorted).
pub(crate) fn fans_of_three_pungs(t: [Kind; 3], table: &mut FanTable) {
    if let Some(f) = three_pungs(t[0], t[1], t[2]) {
        table.set(f, 1);
        return;
    }
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(f) = two_pungs(t[a], t[b]) {
            table.add(f);
        }
    }
}

/// Fans of two pungs.
pub(crate) fn fans_of_two_pungs(a: Kind, b: Kind, table: &mut FanTable) {
    if let Some(f) = two_pungs(a, b) {
        table.add(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_chows_of_each_kind() {
        // 123m 123m; 123m 123s; 123m 456m; 123m 789m; 123m 567m.
        assert_eq!(two_chows(0, 0), Some(Fan::PureDoubleChow));
        assert_eq!(two_chows(0, 9), Some(Fan::MixedDoubleChow));
        assert_eq!(two_chows(0, 3), Some(Fan::ShortStraight));
        assert_eq!(two_chows(0, 6), Some(Fan::TwoTerminalChows));
        assert_eq!(two_chows(0, 4), None);
        // 789m and 123s are not a short straight across suits.
        assert_eq!(two_chows(6, 9), None);
    }

    #[test]
    fn combining_once() {
        // 234567s 234567p: two 喜相逢 and one 连六, or one and two: three fans, never four.
        let mut t = FanTable::EMPTY;
        fans_of_four_chows([10, 13, 19, 22], &mut t);
        assert_eq!(t.get(Fan::MixedDoubleChow) + t.get(Fan::ShortStraight), 3);
        assert_eq!(t.get(Fan::MixedDoubleChow), 2);
        // 234s 234p 234p 567p (223344567p 234s): 一般高, 喜相逢 and 连六, not two 喜相逢.
        let mut t = FanTable::EMPTY;
        fans_of_four_chows([10, 19, 19, 22], &mut t);
        assert_eq!(t.get(Fan::PureDoubleChow), 1);
        assert_eq!(t.get(Fan::MixedDoubleChow), 1);
        assert_eq!(t.get(Fan::ShortStraight), 1);
    }
}
