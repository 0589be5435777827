//! The exclusion rules (不重复原则, 不计 lists): a fan that implies another leaves it out. Applied
//! once to a reading's table, in this order, which matters where one rule changes a fan that a
//! later rule reads (四暗刻 and 九莲宝灯 turn 不求人 into 自摸, and 不求人 leaves out 自摸).
//! The wind fans come after these rules (see `standard::wind_fans`).

use super::fan::{Fan, FanTable, mask};

use Fan::*;

/// `(fan, fans it leaves out)`, in the order the rules are applied.
const RULES: &[(Fan, &[Fan])] = &[
    (BigFourWinds, &[BigThreeWinds, AllPungs, PungOfTerminalsOrHonors]),
    (BigThreeDragons, &[TwoDragonsPungs, DragonPung]),
    (AllGreen, &[HalfFlush, OneVoidedSuit]),
    (NineGates, &[FullFlush, ConcealedHand, OneVoidedSuit, NoHonors]),
    (FourKongs, &[SingleWait]),
    (SevenShiftedPairs, &[SevenPairs, FullFlush, ConcealedHand, OneVoidedSuit, NoHonors]),
    (ThirteenOrphans, &[AllTypes, ConcealedHand, SingleWait]),
    (AllTerminals, &[AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, NoHonors, DoublePung]),
    (LittleFourWinds, &[BigThreeWinds, PungOfTerminalsOrHonors]),
    (LittleThreeDragons, &[TwoDragonsPungs, DragonPung]),
    (AllHonors, &[AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, OneVoidedSuit]),
    (FourConcealedPungs, &[AllPungs, ConcealedHand]),
    (PureTerminalChows, &[SevenPairs, FullFlush, AllChows, PureDoubleChow, TwoTerminalChows, OneVoidedSuit, NoHonors]),
    (QuadrupleChow, &[PureTripleChow, TileHog, PureDoubleChow]),
    (FourPureShiftedPungs, &[PureShiftedPungs, AllPungs]),
    (FourPureShiftedChows, &[PureShiftedChows, TwoTerminalChows, ShortStraight]),
    (AllTerminalsAndHonors, &[AllPungs, OutsideHand, PungOfTerminalsOrHonors]),
    (SevenPairs, &[ConcealedHand, SingleWait]),
    (GreaterHonorsAndKnittedTiles, &[AllTypes, ConcealedHand]),
    (AllEvenPungs, &[AllPungs, AllSimples, NoHonors]),
    (FullFlush, &[OneVoidedSuit, NoHonors]),
    (PureTripleChow, &[PureShiftedPungs, PureDoubleChow]),
    (PureShiftedPungs, &[PureTripleChow]),
    (UpperTiles, &[UpperFour, NoHonors]),
    (MiddleTiles, &[AllSimples, NoHonors]),
    (LowerTiles, &[LowerFour, NoHonors]),
    (ThreeSuitedTerminalChows, &[AllChows, NoHonors, MixedDoubleChow, TwoTerminalChows]),
    (AllFive, &[AllSimples, NoHonors]),
    (LesserHonorsAndKnittedTiles, &[AllTypes, ConcealedHand]),
    (UpperFour, &[NoHonors]),
    (LowerFour, &[NoHonors]),
];

/// A rule list as `(fan, bits of the fans it leaves out)`.
const fn masks<const N: usize>(rules: &[(Fan, &[Fan])]) -> [(Fan, u128); N] {
    let mut out = [(ChickenHand, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = (rules[i].0, mask(rules[i].1));
        i += 1;
    }
    out
}

const RULE_MASKS: [(Fan, u128); RULES.len()] = masks(RULES);

/// Every fan that leaves others out: a table with none of them skips the rules.
const HEADS: u128 = {
    let mut m = 0;
    let mut i = 0;
    while i < RULES.len() {
        m |= 1 << (RULES[i].0 as u32);
        i += 1;
    }
    m
};

/// Rules applied after 三风刻's correction, in this order.
const LATE: &[(Fan, &[Fan])] = &[
    (ReversibleTiles, &[OneVoidedSuit]),
    (LastTileDraw, &[SelfDrawn]),
    (OutWithReplacementTile, &[SelfDrawn]),
    (RobbingTheKong, &[LastTile]),
    (TwoConcealedKongs, &[ConcealedKong]),
    (HalfFlush, &[OneVoidedSuit]),
    (MeldedHand, &[SingleWait]),
    (TwoDragonsPungs, &[DragonPung]),
    (FullyConcealedHand, &[SelfDrawn]),
    (TwoMeldedKongs, &[MeldedKong]),
    (AllChows, &[NoHonors]),
    (AllSimples, &[NoHonors]),
];

const LATE_MASKS: [(Fan, u128); LATE.len()] = masks(LATE);

/// Applies every exclusion to a reading's table.
pub(crate) fn apply(t: &mut FanTable) {
    if t.has_any(HEADS) {
        for &(fan, excluded) in &RULE_MASKS {
            if !t.has(fan) {
                continue;
            }
            t.clear_all(excluded);
            // 九莲宝灯 counts one of its pungs of 1 or 9 as part of itself; 四暗刻 and 九莲宝灯 are
            // concealed by nature, so 不求人 becomes plain 自摸.
            match fan {
                NineGates => {
                    t.take(PungOfTerminalsOrHonors, 1);
                    turn_fully_concealed_into_self_drawn(t);
                }
                FourConcealedPungs => turn_fully_concealed_into_self_drawn(t),
                _ => {}
            }
        }
    }
    // 三风刻's three pungs are not also 幺九刻 (字一色 and 混幺九 have taken them all already).
    if t.has(BigThreeWinds) && !t.has(AllHonors) && !t.has(AllTerminalsAndHonors) {
        t.take(PungOfTerminalsOrHonors, 3);
    }
    for &(fan, excluded) in &LATE_MASKS {
        if t.has(fan) {
            t.clear_all(excluded);
        }
    }
}

fn turn_fully_concealed_into_self_drawn(t: &mut FanTable) {
    if t.has(FullyConcealedHand) {
        t.clear(FullyConcealedHand);
        t.set(SelfDrawn, 1);
    }
}
