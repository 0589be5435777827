//! Scoring one reading of a four-sets-and-a-pair hand: the sets' own fans, their combinations,
//! how the hand was won, its pair, its suits and ranks, its waits, then the exclusions and the
//! wind fans.

use super::Context;
use super::exclusions;
use super::fan::{Fan, FanTable};
use super::kinds::{Kind, Set, Shape, dragon, honor, numbered, rank, terminal_or_honor, wind};
use super::sets;
use super::waits::Wait;

/// The fans of one reading: `sets` are the four sets (declared first), `pair` the pair.
pub(crate) fn score(ctx: &Context, sets_in: [Set; 4], pair: Kind) -> FanTable {
    let mut t = FanTable::EMPTY;
    let hand = ctx.hand;
    let win = hand.win;
    let mut sets = sets_in;
    win_flag_fans(ctx, &mut t);

    // On a discard, a concealed pung of the winning tile is exposed, unless the tile can be read
    // as part of a concealed chow instead.
    if !ctx.tsumo {
        let in_chow = sets.iter().any(|s| !s.declared && s.shape == Shape::Chow && s.holds(win));
        if !in_chow {
            for s in sets.iter_mut() {
                if !s.declared && s.shape == Shape::Pung && s.tile == win {
                    s.open = true;
                }
            }
        }
    }

    let mut chows = [0 as Kind; 4];
    let mut pungs = [0 as Kind; 4];
    let (mut nc, mut np) = (0, 0);
    for s in &sets {
        if s.shape == Shape::Chow {
            chows[nc] = s.tile;
            nc += 1;
        } else {
            pungs[np] = s.tile;
            np += 1;
        }
    }
    if np > 0 {
        kong_and_pung_fans(ctx, sets.iter().filter(|s| s.is_pung()), np, &mut t);
    }
    match nc {
        4 => {
            if sets::three_suited_terminal_chows(chows, pair) {
                t.set(Fan::ThreeSuitedTerminalChows, 1);
            } else if sets::pure_terminal_chows(chows, pair) {
                t.set(Fan::PureTerminalChows, 1);
            } else {
                chows.sort_unstable();
                sets::fans_of_four_chows(chows, &mut t);
            }
        }
        3 => {
            let mut c = [chows[0], chows[1], chows[2]];
            c.sort_unstable();
            sets::fans_of_three_chows(c, &mut t);
        }
        2 => {
            sets::fans_of_two_chows(chows[0], chows[1], &mut t);
            sets::fans_of_two_pungs(pungs[0], pungs[1], &mut t);
        }
        1 => {
            let mut p = [pungs[0], pungs[1], pungs[2]];
            p.sort_unstable();
            sets::fans_of_three_pungs(p, &mut t);
        }
        _ => {
            pungs.sort_unstable();
            sets::fans_of_four_pungs(pungs, &mut t);
        }
    }

    concealment_fans(ctx, &mut t);
    // The pair: 平和, or 小三元 / 小四喜 from 双箭刻 / 三风刻.
    if nc == 4 {
        if numbered(pair) {
            t.set(Fan::AllChows, 1);
        }
    } else if t.has(Fan::TwoDragonsPungs) {
        if dragon(pair) {
            t.set(Fan::LittleThreeDragons, 1);
            t.clear(Fan::TwoDragonsPungs);
        }
    } else if t.has(Fan::BigThreeWinds) && wind(pair) {
        t.set(Fan::LittleFourWinds, 1);
        t.clear(Fan::BigThreeWinds);
    }
    outside_five_even(&sets, pair, &mut t);

    let tiles = &ctx.all_tiles;
    suit_fans(ctx.held, &mut t);
    tile_trait_fans(ctx.held, &mut t);
    rank_range_fans(ctx.held, &mut t);
    if !t.has(Fan::QuadrupleChow) {
        let kongs = hand.declared.iter().filter(|s| s.shape == Shape::Kong).count();
        tile_hog(tiles, kongs, &mut t);
    }

    if !t.has(Fan::MeldedHand) && !t.has(Fan::FourKongs) {
        let concealed_chows = sets.iter().filter(|s| !s.declared && s.shape == Shape::Chow);
        if let Some(f) = wait_fan(ctx, concealed_chows, Some(pair), || ctx.wait()) {
            t.set(f, 1);
        }
    }
    exclusions::apply(&mut t);
    if !t.has(Fan::BigFourWinds) {
        for s in sets.iter().filter(|s| s.is_pung() && wind(s.tile)) {
            wind_fans(ctx, s.tile, &mut t);
        }
    }
    if t.is_empty() {
        t.set(Fan::ChickenHand, 1);
    }
    t
}

/// 和绝张, 妙手回春 / 海底捞月, 杠上开花 / 抢杠和 and 自摸, from how the hand won.
pub(crate) fn win_flag_fans(ctx: &Context, t: &mut FanTable) {
    // 妙手回春 and 杠上开花 include 自摸; 抢杠和 includes 和绝张.
    if ctx.last_copy && (ctx.tsumo || !ctx.kong) {
        t.set(Fan::LastTile, 1);
    }
    if ctx.last_tile {
        t.set(if ctx.tsumo { Fan::LastTileDraw } else { Fan::LastTileClaim }, 1);
    }
    if ctx.kong {
        t.set(if ctx.tsumo { Fan::OutWithReplacementTile } else { Fan::RobbingTheKong }, 1);
    }
    if ctx.tsumo && !ctx.last_tile && !ctx.kong {
        t.set(Fan::SelfDrawn, 1);
    }
}

/// Kong fans, concealed-pung fans, 碰碰和 and each pung's own fan (箭刻, 幺九刻).
pub(crate) fn kong_and_pung_fans<'a>(
    ctx: &Context,
    pungs: impl Iterator<Item = &'a Set> + Clone,
    count: usize,
    t: &mut FanTable,
) {
    let (mut open_kongs, mut closed_kongs, mut closed_pungs) = (0, 0, 0);
    for s in pungs.clone() {
        match (s.shape, s.open) {
            (Shape::Kong, true) => open_kongs += 1,
            (Shape::Kong, false) => closed_kongs += 1,
            (_, false) => closed_pungs += 1,
            _ => {}
        }
    }
    let kongs = open_kongs + closed_kongs;
    // Concealed pungs count concealed kongs too.
    let concealed = closed_pungs + closed_kongs;
    // Two concealed kongs are 双暗杠 alone, not also 双暗刻.
    let concealed_fan = match concealed {
        2 if kongs == 2 && closed_kongs == 2 => None,
        2 => Some(Fan::TwoConcealedPungs),
        3 => Some(Fan::ThreeConcealedPungs),
        4 => Some(Fan::FourConcealedPungs),
        _ => None,
    };
    if let Some(f) = concealed_fan {
        t.set(f, 1);
    }
    match (kongs, closed_kongs) {
        (1, 0) => t.set(Fan::MeldedKong, 1),
        (1, 1) => t.set(Fan::ConcealedKong, 1),
        (2, 0) => t.set(Fan::TwoMeldedKongs, 1),
        (2, 1) => {
            if ctx.options.kongs_as_book {
                t.set(Fan::MeldedKong, 1);
                t.set(Fan::ConcealedKong, 1);
            } else {
                t.set(Fan::ConcealedKongAndMeldedKong, 1);
            }
        }
        (2, 2) => t.set(Fan::TwoConcealedKongs, 1),
        (3, _) => t.set(Fan::ThreeKongs, 1),
        (4, _) => t.set(Fan::FourKongs, 1),
        _ => {}
    }
    if count == 4 && !t.has(Fan::FourKongs) && !t.has(Fan::FourConcealedPungs) {
        t.set(Fan::AllPungs, 1);
    }
    for s in pungs {
        if dragon(s.tile) {
            t.add(Fan::DragonPung);
        } else if terminal_or_honor(s.tile) {
            t.add(Fan::PungOfTerminalsOrHonors);
        }
    }
}

/// 门前清 / 不求人, 全求人, and 自摸 with some melds exposed.
pub(crate) fn concealment_fans(ctx: &Context, t: &mut FanTable) {
    match ctx.hand.open_melds() {
        0 => t.set(if ctx.tsumo { Fan::FullyConcealedHand } else { Fan::ConcealedHand }, 1),
        4 => t.set(if ctx.tsumo { Fan::SelfDrawn } else { Fan::MeldedHand }, 1),
        _ => {
            if ctx.tsumo {
                t.set(Fan::SelfDrawn, 1);
            }
        }
    }
}

/// 全带幺, 全带五, 全双刻: a trait of every set and the pair.
fn outside_five_even(sets: &[Set; 4], pair: Kind, t: &mut FanTable) {
    let (mut outside, mut five, mut even) = (0, 0, 0);
    let pair_set = Set::concealed(Shape::Pung, pair);
    for s in sets.iter().chain(std::iter::once(&pair_set)) {
        let k = s.tile;
        if honor(k) {
            outside += 1;
            continue;
        }
        let r = rank(k);
        if s.shape == Shape::Chow {
            match r {
                1 | 7 => outside += 1,
                3..=5 => five += 1,
                _ => {}
            }
        } else {
            match r {
                1 | 9 => outside += 1,
                5 => five += 1,
                2 | 4 | 6 | 8 => even += 1,
                _ => {}
            }
        }
    }
    if outside == 5 {
        t.set(Fan::OutsideHand, 1);
    } else if five == 5 {
        t.set(Fan::AllFive, 1);
    } else if even == 5 {
        t.set(Fan::AllEvenPungs, 1);
    }
}

/// The kinds a hand holds, one bit per kind (bit `k` for kind `k`).
pub(crate) fn presence(tiles: &[u8; 34]) -> u64 {
    tiles.iter().enumerate().fold(0, |m, (k, &n)| if n > 0 { m | 1 << k } else { m })
}

const fn mask_of(kinds: &[Kind]) -> u64 {
    let mut m = 0;
    let mut i = 0;
    while i < kinds.len() {
        m |= 1 << kinds[i];
        i += 1;
    }
    m
}

const SUIT: u64 = 0x1FF;
const HONORS: u64 = 0x7F << 27;
const WINDS: u64 = 0xF << 27;
const DRAGONS: u64 = 0x7 << 31;
const TERMINALS: u64 = mask_of(&[0, 8, 9, 17, 18, 26]);
const GREEN: u64 = mask_of(&[10, 11, 12, 14, 16, 32]);
const REVERSIBLE: u64 = mask_of(&[18, 19, 20, 21, 22, 25, 26, 10, 12, 13, 14, 16, 17, 33]);

/// 无字, 缺一门, 混一色, 清一色, 五门齐 from the suits present (`held`: [`presence`]).
pub(crate) fn suit_fans(held: u64, t: &mut FanTable) {
    let honors = held & HONORS != 0;
    if !honors {
        t.set(Fan::NoHonors, 1);
    }
    let missing = (0..3).filter(|&s| held >> (9 * s) & SUIT == 0).count() as u8;
    match missing {
        2 if honors => t.set(Fan::HalfFlush, 1),
        2 => {
            t.set(Fan::FullFlush, 1);
            t.clear(Fan::NoHonors);
        }
        0 => {
            if held & WINDS != 0 && held & DRAGONS != 0 {
                t.set(Fan::AllTypes, 1);
            }
        }
        n => t.set(Fan::OneVoidedSuit, n),
    }
}

/// 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 from which kinds the hand holds.
pub(crate) fn tile_trait_fans(held: u64, t: &mut FanTable) {
    let simples = held & (HONORS | TERMINALS) == 0;
    if simples {
        t.set(Fan::AllSimples, 1);
    }
    if held & !REVERSIBLE == 0 {
        t.set(Fan::ReversibleTiles, 1);
    }
    if held & !GREEN == 0 {
        t.set(Fan::AllGreen, 1);
    }
    if simples {
        return;
    }
    if held & !HONORS == 0 {
        t.set(Fan::AllHonors, 1);
    } else if held & !TERMINALS == 0 {
        t.set(Fan::AllTerminals, 1);
    } else if held & !(TERMINALS | HONORS) == 0 {
        t.set(Fan::AllTerminalsAndHonors, 1);
    }
}

/// 小于五 / 全小, 大于五 / 全大, 全中: a hand of numbered tiles within a range of ranks.
pub(crate) fn rank_range_fans(held: u64, t: &mut FanTable) {
    if held & HONORS != 0 {
        return;
    }
    // Bit r for rank r (1–9), as the reference tests them.
    let ranks = ((held | held >> 9 | held >> 18) & SUIT) << 1;
    if ranks & !0b11110 == 0 {
        t.set(if ranks & (1 << 4) != 0 { Fan::LowerFour } else { Fan::LowerTiles }, 1);
    } else if ranks & !0b11_1100_0000 == 0 {
        t.set(if ranks & (1 << 6) != 0 { Fan::UpperFour } else { Fan::UpperTiles }, 1);
    } else if ranks & !0b111_0000 == 0 {
        t.set(Fan::MiddleTiles, 1);
    }
}

/// 四归一: each kind whose four tiles the hand holds, not as a kong.
pub(crate) fn tile_hog(tiles: &[u8; 34], kongs: usize, t: &mut FanTable) {
    let fours = tiles.iter().filter(|&&n| n == 4).count();
    t.set(Fan::TileHog, fours.saturating_sub(kongs) as u8);
}

/// 边张, 嵌张 or 单钓将: only when the hand waited on the winning tile alone, and the winning tile
/// sits at the end of a concealed chow (edge), in its middle (closed) or in the pair (single),
/// in that order of preference.
pub(crate) fn wait_fan<'a>(
    ctx: &Context,
    chows: impl Iterator<Item = &'a Set>,
    pair: Option<Kind>,
    wait: impl FnOnce() -> Wait,
) -> Option<Fan> {
    let win = ctx.hand.win;
    let (mut edge, mut closed) = (false, false);
    for s in chows {
        if s.holds(win) {
            if win == s.tile + 1 {
                closed = true;
            } else {
                edge = true;
            }
        }
    }
    let single = pair == Some(win);
    if !(edge || closed || single) || wait() != Wait::Unique {
        return None;
    }
    Some(if edge {
        Fan::EdgeWait
    } else if closed {
        Fan::ClosedWait
    } else {
        Fan::SingleWait
    })
}

/// 圈风刻 and 门风刻 for a pung of winds, taking back the 幺九刻 it was counted as (unless a fan
/// that already excludes 幺九刻 is present).
pub(crate) fn wind_fans(ctx: &Context, k: Kind, t: &mut FanTable) {
    let deducted = t.has(Fan::BigThreeWinds)
        || t.has(Fan::AllTerminalsAndHonors)
        || t.has(Fan::AllHonors)
        || t.has(Fan::LittleFourWinds);
    if k == ctx.round {
        t.set(Fan::PrevalentWind, 1);
        if !deducted {
            t.take(Fan::PungOfTerminalsOrHonors, 1);
        }
    }
    if k == ctx.seat {
        t.set(Fan::SeatWind, 1);
        if ctx.seat != ctx.round && !deducted {
            t.take(Fan::PungOfTerminalsOrHonors, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gb::kinds::kind;

    fn bit(t: &str) -> u64 {
        1 << kind(t.parse().unwrap())
    }

    #[test]
    fn tile_classes() {
        // 绿一色: 23468s and green; 推不倒: 1234589p, 245689s, white.
        for t in ["2s", "3s", "4s", "6s", "8s", "6z"] {
            assert_ne!(GREEN & bit(t), 0, "{t}");
        }
        assert_eq!(GREEN & (bit("8p") | bit("5s") | bit("7z")), 0);
        for t in ["1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "5z"] {
            assert_ne!(REVERSIBLE & bit(t), 0, "{t}");
        }
        assert_eq!(REVERSIBLE & (bit("6p") | bit("7p") | bit("3s") | bit("1m") | bit("6z")), 0);
        assert_eq!(TERMINALS.count_ones(), 6);
        let mut t = FanTable::EMPTY;
        rank_range_fans(bit("1m") | bit("4p") | bit("3s"), &mut t);
        assert!(t.has(Fan::LowerFour));
    }
}
