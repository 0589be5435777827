//! The yaku of one reading: the yakuman (which stand alone when present), else every ordinary
//! yaku with its closed or open han, then dora, ura-dora and red fives (only when the hand has a
//! yaku).

use arrayvec::ArrayVec;
use hupai::Tile;

use super::Options;
use super::fu::{self, Fu, FuContext};
use super::hand::{Facts, Set, kinds};
use super::yaku::Yaku;
use crate::Situation;
use crate::reading::Wait;

/// The yaku a reading scores, each with its han.
pub(super) type YakuList = ArrayVec<(Yaku, u32), 32>;

/// A reading scored: its yaku, han (yakuman 13 each), fu, and whether the han are yakuman.
pub(super) struct Outcome {
    /// The yaku with their han.
    pub yaku: YakuList,
    /// Total han, dora included; 13 a yakuman.
    pub han: u32,
    /// The fu.
    pub fu: Fu,
    /// The han are yakuman.
    pub yakuman: bool,
}

/// What a reading is.
pub(super) enum Shape<'a> {
    /// A pair and four sets (declared first; a triplet finished by ron already counted open).
    Standard {
        /// The pair.
        pair: Tile,
        /// The four sets.
        sets: &'a [Set],
        /// How the winning tile completed the hand.
        wait: Wait,
    },
    /// Seven pairs.
    Chiitoitsu,
    /// Thirteen orphans; `thirteen_sided` when the winning tile completed the pair.
    Kokushi {
        /// Won on the thirteen-sided wait.
        thirteen_sided: bool,
    },
}

/// Scores a reading. `with_parts` asks for the fu parts (the best reading's only).
pub(super) fn evaluate(shape: &Shape<'_>, s: &Situation, f: &Facts, o: &Options, with_parts: bool) -> Outcome {
    let double = if o.has_double_yakuman { 26 } else { 13 };
    let mut yakuman = YakuList::new();
    let first_turn = |list: &mut YakuList| {
        if s.tenhou {
            list.push((Yaku::Tenhou, 13));
        }
        if s.chiihou {
            list.push((Yaku::Chiihou, 13));
        }
        if s.renhou && o.renhou_as_yakuman {
            list.push((Yaku::Renhou, 13));
        }
    };
    let fu_context = FuContext {
        closed: f.closed,
        tsumo: s.tsumo,
        seat: s.seat,
        round: s.round,
        fu_for_open_pinfu: o.fu_for_open_pinfu,
        fu_for_pinfu_tsumo: o.fu_for_pinfu_tsumo,
    };
    let fu = match shape {
        Shape::Kokushi { thirteen_sided } => {
            first_turn(&mut yakuman);
            if *thirteen_sided {
                yakuman.push((Yaku::Kokushi13, double));
            } else {
                yakuman.push((Yaku::Kokushi, 13));
            }
            Fu { total: 0, raw: 0, parts: Vec::new(), pinfu: false }
        }
        Shape::Chiitoitsu => {
            first_turn(&mut yakuman);
            if f.honors && f.suits == 0 {
                yakuman.push((Yaku::Tsuuiisou, 13));
            }
            fu::chiitoitsu()
        }
        Shape::Standard { pair, sets, wait } => {
            first_turn(&mut yakuman);
            standard_yakuman(*pair, sets, *wait, f, &mut yakuman, double);
            fu::standard(*pair, sets, *wait, &fu_context, with_parts)
        }
    };
    if !yakuman.is_empty() {
        let mut han: u32 = yakuman.iter().map(|y| y.1).sum();
        if o.limit_to_sextuple_yakuman {
            han = han.min(78);
        }
        return Outcome { yaku: yakuman, han, fu, yakuman: true };
    }
    let mut list = YakuList::new();
    let closed = f.closed;
    let mut push = |list: &mut YakuList, y: Yaku| {
        let (c, op) = y.han();
        let han = if closed { c } else { op };
        if han > 0 {
            list.push((y, u32::from(han)));
        }
    };
    if s.tsumo && closed {
        push(&mut list, Yaku::MenzenTsumo);
    }
    if s.double_riichi {
        push(&mut list, Yaku::DoubleRiichi);
    } else if s.riichi {
        push(&mut list, Yaku::Riichi);
    }
    for (on, y) in [
        (s.ippatsu, Yaku::Ippatsu),
        (s.chankan, Yaku::Chankan),
        (s.rinshan, Yaku::Rinshan),
        (s.haitei, Yaku::Haitei),
        (s.houtei, Yaku::Houtei),
        (s.renhou, Yaku::Renhou),
        (fu.pinfu && matches!(shape, Shape::Standard { .. }), Yaku::Pinfu),
        (f.all_simples && (closed || o.has_open_tanyao), Yaku::Tanyao),
        (matches!(shape, Shape::Chiitoitsu), Yaku::Chiitoitsu),
        (f.all_terminals_and_honors, Yaku::Honroutou),
    ] {
        if on {
            push(&mut list, y);
        }
    }
    if f.suits.count_ones() == 1 {
        push(&mut list, if f.honors { Yaku::Honitsu } else { Yaku::Chinitsu });
    }
    if let Shape::Standard { pair, sets, .. } = shape {
        standard_yaku(*pair, sets, s, f, &mut list, &mut push);
    }
    let mut han: u32 = list.iter().map(|y| y.1).sum();
    if han > 0 {
        for (n, y) in [(f.dora, Yaku::Dora), (f.aka, Yaku::AkaDora), (f.ura, Yaku::UraDora)] {
            if n > 0 {
                list.push((y, n));
                han += n;
            }
        }
    }
    list.sort_unstable_by_key(|y| y.0);
    Outcome { yaku: list, han, fu, yakuman: false }
}

/// The yakuman a pair-and-sets reading has, appended to `out`.
fn standard_yakuman(pair: Tile, sets: &[Set], wait: Wait, f: &Facts, out: &mut YakuList, double: u32) {
    let dragons = sets.iter().filter(|x| x.is_triplet() && kinds::is(x.tile, kinds::DRAGONS)).count();
    let winds = sets.iter().filter(|x| x.is_triplet() && kinds::is(x.tile, kinds::WINDS)).count();
    let concealed = sets.iter().filter(|x| x.concealed).count();
    if dragons == 3 {
        out.push((Yaku::Daisangen, 13));
    }
    if concealed == 4 {
        if wait == Wait::Single {
            out.push((Yaku::SuuankouTanki, double));
        } else {
            out.push((Yaku::Suuankou, 13));
        }
    }
    if f.suits == 0 {
        out.push((Yaku::Tsuuiisou, 13));
    }
    if f.all_green {
        out.push((Yaku::Ryuuiisou, 13));
    }
    if f.all_terminals_and_honors && !f.honors {
        out.push((Yaku::Chinroutou, 13));
    }
    match f.chuuren {
        Some(true) => out.push((Yaku::JunseiChuurenPoutou, double)),
        Some(false) => out.push((Yaku::ChuurenPoutou, 13)),
        None => {}
    }
    if winds == 4 {
        out.push((Yaku::Daisuushii, double));
    } else if winds == 3 && kinds::is(pair, kinds::WINDS) {
        out.push((Yaku::Shousuushii, 13));
    }
    if f.kans == 4 {
        out.push((Yaku::Suukantsu, 13));
    }
}

/// The ordinary yaku that depend on how a hand reads as a pair and four sets.
fn standard_yaku(
    pair: Tile,
    sets: &[Set],
    s: &Situation,
    f: &Facts,
    list: &mut YakuList,
    push: &mut impl FnMut(&mut YakuList, Yaku),
) {
    let mut sequences: ArrayVec<Tile, 4> = ArrayVec::new();
    let mut triplets: ArrayVec<Tile, 4> = ArrayVec::new();
    let mut concealed = 0;
    let mut dragons = 0;
    for x in sets {
        if x.is_triplet() {
            triplets.push(x.tile);
            concealed += usize::from(x.concealed);
            dragons += usize::from(kinds::is(x.tile, kinds::DRAGONS));
            let wind_yaku = |base: u8, wind: Tile| Yaku::from_id(base + (wind.index() - Tile::EAST.index()) as u8);
            if x.tile == s.seat
                && let Some(y) = wind_yaku(Yaku::SeatEast.id(), s.seat)
            {
                push(list, y);
            }
            if x.tile == s.round
                && let Some(y) = wind_yaku(Yaku::RoundEast.id(), s.round)
            {
                push(list, y);
            }
            match x.tile {
                Tile::WHITE => push(list, Yaku::Haku),
                Tile::GREEN => push(list, Yaku::Hatsu),
                Tile::RED => push(list, Yaku::Chun),
                _ => {}
            }
        } else {
            sequences.push(x.tile);
        }
    }
    if f.closed {
        let mut twins = 0;
        let mut seen: ArrayVec<Tile, 4> = ArrayVec::new();
        for &t in &sequences {
            if seen.contains(&t) {
                continue;
            }
            seen.push(t);
            twins += sequences.iter().filter(|&&u| u == t).count() / 2;
        }
        match twins {
            0 => {}
            1 => push(list, Yaku::Iipeikou),
            _ => push(list, Yaku::Ryanpeikou),
        }
    }
    if !sequences.is_empty()
        && kinds::is(pair, kinds::TERMINALS_AND_HONORS)
        && sets.iter().all(Set::has_terminal_or_honor)
    {
        push(list, if f.honors { Yaku::Chanta } else { Yaku::Junchan });
    }
    let has_sequence = |t: Tile| sequences.contains(&t);
    let in_suits = |rank: u8, has: &dyn Fn(Tile) -> bool| {
        [hupai::Suit::Man, hupai::Suit::Pin, hupai::Suit::Sou]
            .into_iter()
            .all(|suit| Tile::from_suit_rank(suit, rank).is_some_and(has))
    };
    if [hupai::Suit::Man, hupai::Suit::Pin, hupai::Suit::Sou]
        .into_iter()
        .any(|suit| [1, 4, 7].into_iter().all(|r| Tile::from_suit_rank(suit, r).is_some_and(has_sequence)))
    {
        push(list, Yaku::Ittsu);
    }
    if (1..=7).any(|r| in_suits(r, &has_sequence)) {
        push(list, Yaku::SanshokuDoujun);
    }
    let has_triplet = |t: Tile| triplets.contains(&t);
    if (1..=9).any(|r| in_suits(r, &has_triplet)) {
        push(list, Yaku::SanshokuDoukou);
    }
    if f.kans == 3 {
        push(list, Yaku::Sankantsu);
    }
    if triplets.len() == 4 {
        push(list, Yaku::Toitoi);
    }
    if concealed == 3 {
        push(list, Yaku::Sanankou);
    }
    if dragons == 2 && kinds::is(pair, kinds::DRAGONS) {
        push(list, Yaku::Shousangen);
    }
}
