//! The forms that are not four sets and a pair: seven pairs (七对, 连七对), thirteen orphans
//! (十三幺), honors and knitted tiles (全不靠, 七星不靠), and the knitted straight with a set and a
//! pair (组合龙), each scored as the reference calculator scores it.

use super::Context;
use super::divide;
use super::exclusions;
use super::fan::{Fan, FanTable};
use super::kinds::{Kind, Set, Shape, dragon, honor, numbered, terminal, terminal_or_honor, wind};
use super::standard::{rank_range_fans, suit_fans, tile_hog, tile_trait_fans, wait_fan, win_flag_fans, wind_fans};

/// The six knitted straights in the reference's order (characters, bamboo, dots ranks).
pub(crate) const KNITTED: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The nine kinds of a knitted straight: 1-4-7 of the suit at position `order[0]`, … (each entry
/// of `order` is the offset 0, 1, 2 of the ranks the suit takes).
pub(crate) fn knitted_kinds(order: [u8; 3]) -> [Kind; 9] {
    let mut out = [0; 9];
    for (s, &offset) in order.iter().enumerate() {
        for j in 0..3 {
            out[s * 3 + j] = (s as u8) * 9 + offset + 3 * j as u8;
        }
    }
    out
}

/// What a special form read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SpecialForm {
    SevenPairs,
    NineGates,
    ThirteenOrphans,
    HonorsAndKnitted,
    /// The knitted straight (an index into [`KNITTED`]), its fourth set (declared or not) and pair.
    KnittedStraight {
        order: usize,
        set: Set,
        pair: Kind,
    },
}

/// The knitted straight with a set and a pair, if the hand (concealed, or with one declared set)
/// reads so. Its fans are few and come from the fourth set and the pair alone.
pub(crate) fn knitted_straight(ctx: &Context) -> Option<(FanTable, SpecialForm)> {
    let hand = ctx.hand;
    if hand.declared.len() > 1 {
        return None;
    }
    let mut c = hand.concealed;
    let order = KNITTED.iter().position(|&o| knitted_kinds(o).iter().all(|&k| c[usize::from(k)] > 0))?;
    let body = knitted_kinds(KNITTED[order]);
    for k in body {
        c[usize::from(k)] -= 1;
    }
    let rest = divide::divisions(&c, 1 - hand.declared.len());
    if rest.len() != 1 {
        return None;
    }
    let d = rest[0];
    let set = hand.declared.first().copied().unwrap_or(d.sets[0]);
    let pair = d.pair;
    let total = |k: Kind| ctx.all_tiles[usize::from(k)];

    let mut t = FanTable::EMPTY;
    t.set(Fan::KnittedStraight, 1);
    if set.shape == Shape::Chow {
        if numbered(pair) {
            t.set(Fan::AllChows, 1);
        }
        if total(pair) == 4 {
            t.set(Fan::TileHog, 1);
        }
    } else if wind(set.tile) {
        t.set(Fan::PungOfTerminalsOrHonors, 1);
        wind_fans(ctx, set.tile, &mut t);
        if dragon(pair) {
            t.set(Fan::AllTypes, 1);
        }
    } else if dragon(set.tile) {
        t.set(Fan::DragonPung, 1);
        if wind(pair) {
            t.set(Fan::AllTypes, 1);
        }
    } else {
        if terminal(set.tile) {
            t.set(Fan::PungOfTerminalsOrHonors, 1);
        }
        if numbered(pair) {
            t.set(Fan::NoHonors, 1);
        }
        if set.shape != Shape::Kong && total(set.tile) == 4 {
            t.set(Fan::TileHog, 1);
        }
    }
    win_flag_fans(ctx, &mut t);
    if set.open {
        if set.shape == Shape::Kong {
            t.set(Fan::MeldedKong, 1);
        }
    } else {
        if set.shape == Shape::Kong {
            t.set(Fan::ConcealedKong, 1);
        }
        if ctx.tsumo {
            t.set(Fan::FullyConcealedHand, 1);
            t.clear(Fan::SelfDrawn);
        } else {
            t.set(Fan::ConcealedHand, 1);
        }
    }
    if hand.declared.is_empty() {
        let concealed_chow = (set.shape == Shape::Chow).then_some(&set);
        if let Some(f) = wait_fan(ctx, concealed_chow.into_iter(), Some(pair), || ctx.knitted_wait(&c)) {
            t.set(f, 1);
        }
    } else if pair == hand.win {
        // With the fourth set declared, a win on the pair is the only way to wait on one tile.
        t.set(Fan::SingleWait, 1);
    }
    exclusions::apply(&mut t);
    Some((t, SpecialForm::KnittedStraight { order, set, pair }))
}

/// 九莲宝灯: the thirteen tiles before the win are 1112345678999 of one suit. Scored whole: with
/// what the winning tile adds (on 1 or 9: 清龙 and 四归一; on 2 or 8: 双暗刻, 连六 and 幺九刻; on
/// 5: 双暗刻 and 幺九刻; on 3, 4, 6, 7: 连六), and how it won.
pub(crate) fn nine_gates(ctx: &Context) -> Option<(FanTable, SpecialForm)> {
    let hand = ctx.hand;
    let win = hand.win;
    if !hand.declared.is_empty() || !numbered(win) {
        return None;
    }
    let s = usize::from(super::kinds::suit(win)) * 9;
    let mut before = hand.concealed;
    before[usize::from(win)] -= 1;
    let pattern = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    if before[s..s + 9] != pattern || before.iter().map(|&n| u32::from(n)).sum::<u32>() != 13 {
        return None;
    }
    let mut t = FanTable::EMPTY;
    t.set(Fan::NineGates, 1);
    match super::kinds::rank(win) {
        1 | 9 => {
            t.set(Fan::PureStraight, 1);
            t.set(Fan::TileHog, 1);
        }
        2 | 8 => {
            t.set(Fan::TwoConcealedPungs, 1);
            t.set(Fan::ShortStraight, 1);
            t.set(Fan::PungOfTerminalsOrHonors, 1);
        }
        5 => {
            t.set(Fan::TwoConcealedPungs, 1);
            t.set(Fan::PungOfTerminalsOrHonors, 1);
        }
        _ => t.set(Fan::ShortStraight, 1),
    }
    win_flag_fans(ctx, &mut t);
    Some((t, SpecialForm::NineGates))
}

/// Seven pairs, thirteen orphans or honors and knitted tiles, for a concealed hand.
pub(crate) fn special_forms(ctx: &Context) -> Option<(FanTable, SpecialForm)> {
    let hand = ctx.hand;
    if !hand.declared.is_empty() {
        return None;
    }
    let c = &hand.concealed;
    let mut t = FanTable::EMPTY;
    let form;
    if c.iter().all(|&n| n % 2 == 0) {
        form = SpecialForm::SevenPairs;
        let first = c.iter().position(|&n| n > 0).unwrap_or(0);
        let shifted = first < 27 && first % 9 <= 2 && c[first..first + 7].iter().all(|&n| n == 2);
        if shifted {
            t.set(Fan::SevenShiftedPairs, 1);
            tile_trait_fans(ctx.held, &mut t);
        } else {
            t.set(Fan::SevenPairs, 1);
            suit_fans(ctx.held, &mut t);
            tile_trait_fans(ctx.held, &mut t);
            rank_range_fans(ctx.held, &mut t);
            tile_hog(c, 0, &mut t);
        }
    } else if (0..34u8).all(|k| (c[usize::from(k)] > 0) == terminal_or_honor(k)) {
        form = SpecialForm::ThirteenOrphans;
        t.set(Fan::ThirteenOrphans, 1);
    } else if let Some(numbered_count) = honors_and_knitted(c) {
        form = SpecialForm::HonorsAndKnitted;
        let all_honors = (27..34).all(|k| c[k] == 1);
        if numbered_count == 7 && all_honors {
            t.set(Fan::GreaterHonorsAndKnittedTiles, 1);
        } else {
            t.set(Fan::LesserHonorsAndKnittedTiles, 1);
            if numbered_count == 9 {
                t.set(Fan::KnittedStraight, 1);
            }
        }
    } else {
        return None;
    }
    win_flag_fans(ctx, &mut t);
    exclusions::apply(&mut t);
    Some((t, form))
}

/// The number of numbered tiles of an honors-and-knitted hand (fourteen single tiles: honors and
/// tiles of one knitted straight), if it is one.
fn honors_and_knitted(c: &[u8; 34]) -> Option<usize> {
    if c.iter().any(|&n| n > 1) {
        return None;
    }
    let numbered_count = (0..27).filter(|&k| c[k] == 1).count();
    if !(7..=9).contains(&numbered_count) {
        return None;
    }
    let fits = KNITTED.iter().any(|&o| {
        let kinds = knitted_kinds(o);
        (0..27u8).filter(|&k| c[usize::from(k)] == 1).all(|k| kinds.contains(&k))
    });
    let honors = (27..34u8).filter(|&k| honor(k) && c[usize::from(k)] == 1).count();
    (fits && numbered_count + honors == 14).then_some(numbered_count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knitted_orders() {
        // 147m 258s 369p first, as the reference lists them.
        assert_eq!(knitted_kinds(KNITTED[0]), [0, 3, 6, 10, 13, 16, 20, 23, 26]);
        let mut c = [0u8; 34];
        for k in knitted_kinds(KNITTED[3]) {
            c[usize::from(k)] = 1;
        }
        c[27..32].fill(1);
        assert_eq!(honors_and_knitted(&c), Some(9));
        c[27] = 2;
        assert_eq!(honors_and_knitted(&c), None);
    }
}
