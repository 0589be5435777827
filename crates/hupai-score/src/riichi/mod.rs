//! Riichi (Japanese) scoring: yaku, fu, han, limits and payments, four- and three-player.
//!
//! [`score`] refuses a situation that cannot happen ([`ScoreError::Impossible`], naming it), reads
//! the hand every way it decomposes with every place the winning tile can sit, scores each
//! reading (the yakuman alone when it has any, else every yaku, then dora), and reports the
//! reading worth most: the most points, then a real yakuman over counted han, then more han, then
//! more fu. The options are `mahjong`'s `OptionalRules` ([`Options`]) with platform presets.
//!
//! ```
//! use hupai_score::riichi::{self, Options};
//! use hupai_score::Situation;
//!
//! // Riichi, tsumo, pinfu, tanyao, non-dealer: 4 han 20 fu, 1,300 / 2,600.
//! let mut s = Situation::new("234m456p678s34566p".parse()?, "6p".parse()?);
//! s.tsumo = true;
//! s.riichi = true;
//! s.seat = "2z".parse()?;
//! let score = riichi::score(&s, &Options::default())?;
//! assert_eq!((score.han, score.fu, score.points.total), (4, 20, 5200));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod check;
mod decompose;
mod evaluate;
mod fu;
mod hand;
mod options;
mod points;
mod yaku;

use arrayvec::ArrayVec;
use std::fmt;

use hupai::{Decomposition, Hand, Rules, Tile};
use serde::Serialize;

pub use fu::{FuPart, FuPartKind};
pub use hand::dora_of;
pub use options::{KazoeLimit, OPTION_KEYS, Options, PRESETS, SanmaTsumo};
pub use points::{Limit, Points, basic_points, payments};
pub use yaku::Yaku;

use crate::reading::{Reading, Wait, group_wait};
use crate::{ScoreError, Situation};
use evaluate::{Outcome, Shape, evaluate};
use hand::{Facts, Set};

/// One yaku of a score: its Tenhou id, name and han (13 a yakuman, 26 a double).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct YakuHan {
    /// The Tenhou id (0–54).
    pub id: u8,
    /// The name, as `mahjong` prints it.
    pub name: &'static str,
    /// Its han; for dora, ura-dora and red fives, how many.
    pub han: u32,
}

/// A riichi score, serialized as the `hupai score` answer line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Score {
    /// Total han, dora included; each yakuman counts 13 (a double 26), as `mahjong` reports.
    pub han: u32,
    /// Fu, rounded (25 for seven pairs; 0 for thirteen orphans).
    pub fu: u32,
    /// The fu's parts, summing to `fu`.
    pub fu_parts: Vec<FuPart>,
    /// The yaku by Tenhou id.
    pub yaku: Vec<YakuHan>,
    /// The limit reached, or none.
    pub limit: Option<Limit>,
    /// The payments.
    pub points: Points,
    /// The reading scored (in words when printed or serialized).
    pub reading: ScoredReading,
}

/// The reading a score was counted on: the decomposition and where the winning tile sits, with
/// the hand's declared melds. Printed and serialized in words, e.g.
/// `11z 123m 456p 789s [555z], 3m in 123m (edge)`; the words are made only when asked for, so
/// scoring never formats text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredReading {
    /// The decomposition and the winning tile's place.
    pub reading: Reading,
    hand: Hand,
    win: Tile,
}

impl fmt::Display for ScoredReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reading.describe(&self.hand, self.win))
    }
}

impl Serialize for ScoredReading {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What makes one reading better than another: points, a real yakuman, han, fu, fu before
/// rounding.
type Rank = (u32, bool, u32, u32, u32);

/// A reading by where it is: the decomposition's index, the group holding the winning tile
/// (`None`: the pair or a special form), and the wait.
#[derive(Clone, Copy)]
struct Place {
    decomposition: usize,
    group: Option<usize>,
    wait: Wait,
}

/// Scores a situation under riichi rules.
pub fn score(s: &Situation, o: &Options) -> Result<Score, ScoreError> {
    check::situation(s, o)?;
    let decompositions = decompositions(s, if o.sanma { &Rules::SANMA } else { &Rules::RIICHI })?;
    if decompositions.is_empty() {
        return Err(ScoreError::NoWin(format!("{} is not a complete winning hand", s.hand)));
    }
    let facts = Facts::of(s, o);
    let declared: ArrayVec<Set, 4> = s.hand.melds().iter().map(|&m| Set::of_meld(m)).collect();
    let mut best: Option<(Rank, Place)> = None;
    let mut any_reading = false;
    for (index, d) in decompositions.iter().enumerate() {
        for_each_place(d, s, |group, wait| {
            any_reading = true;
            let place = Place { decomposition: index, group, wait };
            let outcome = with_shape(d, &declared, place, s, |shape| evaluate(shape, s, &facts, o, false));
            if outcome.han == 0 {
                return;
            }
            let rank = rank_of(&outcome, s, o);
            if best.as_ref().is_none_or(|(r, _)| rank > *r) {
                best = Some((rank, place));
            }
        });
    }
    let Some((_, place)) = best else {
        return Err(if any_reading {
            ScoreError::NoYaku
        } else {
            ScoreError::NoWin(format!("no reading of {} holds the winning tile {} in a concealed group", s.hand, s.win))
        });
    };
    let d = &decompositions[place.decomposition];
    let outcome = with_shape(d, &declared, place, s, |shape| evaluate(shape, s, &facts, o, true));
    let (base, limit) = basic_points(outcome.han, outcome.fu.total, outcome.yakuman, o);
    let points = payments(base, s.is_dealer(), s.tsumo, s.honba, s.kyotaku, o);
    let reading = Reading { decomposition: d.clone(), group: place.group, wait: place.wait };
    Ok(Score {
        han: outcome.han,
        fu: outcome.fu.total,
        fu_parts: outcome.fu.parts,
        yaku: outcome.yaku.iter().map(|&(y, han)| YakuHan { id: y.id(), name: y.name(), han }).collect(),
        limit,
        points,
        reading: ScoredReading { reading, hand: s.hand.clone(), win: s.win },
    })
}

/// Whether the situation scores at all: `score(s, o).is_ok()`, without the score. A game asks it
/// of every win it offers (a win needs a yaku) and scores only the wins taken; here the readings
/// are tried until the first with a yaku, and nothing of the score is built.
pub fn scores(s: &Situation, o: &Options) -> bool {
    if check::situation(s, o).is_err() {
        return false;
    }
    let Ok(decompositions) = decompositions(s, if o.sanma { &Rules::SANMA } else { &Rules::RIICHI }) else {
        return false;
    };
    let facts = Facts::of(s, o);
    let declared: ArrayVec<Set, 4> = s.hand.melds().iter().map(|&m| Set::of_meld(m)).collect();
    let mut found = false;
    for (index, d) in decompositions.iter().enumerate() {
        for_each_place(d, s, |group, wait| {
            if found {
                return;
            }
            let place = Place { decomposition: index, group, wait };
            found = with_shape(d, &declared, place, s, |shape| evaluate(shape, s, &facts, o, false)).han != 0;
        });
        if found {
            return true;
        }
    }
    false
}

/// The decompositions of a complete hand: straight from the counts, or through `hupai` in the
/// rare case the fast path has no room (more than `decompose::MOST`).
fn decompositions(s: &Situation, rules: &Rules) -> Result<ArrayVec<Decomposition, { decompose::MOST }>, ScoreError> {
    let hand = &s.hand;
    if hand.tile_count() != rules.hand_size() {
        return Err(ScoreError::key(
            "hand",
            format!(
                "a complete hand has {} tiles, the winning tile included (a kan counts as 3); this one has {}",
                rules.hand_size(),
                hand.tile_count()
            ),
        ));
    }
    if hand.melds().len() <= 4
        && let Some(d) = decompose::decompositions(hand.concealed(), 4 - hand.melds().len())
    {
        return Ok(d);
    }
    let all = hupai::decompositions(hand, rules).map_err(|e| ScoreError::key("hand", e.to_string()))?;
    if all.len() > decompose::MOST {
        return Err(ScoreError::Unsupported(format!("{hand} reads more than {} ways", decompose::MOST)));
    }
    Ok(all.into_iter().collect())
}

/// The rank of a scored reading.
fn rank_of(outcome: &Outcome, s: &Situation, o: &Options) -> Rank {
    let (base, _) = basic_points(outcome.han, outcome.fu.total, outcome.yakuman, o);
    let total = payments(base, s.is_dealer(), s.tsumo, 0, 0, o).total;
    (total, outcome.yakuman, outcome.han, outcome.fu.total, outcome.fu.raw)
}

/// Calls `f` with every place the winning tile can sit in decomposition `d`: the group's index
/// (`None` for the pair or a special form) and the wait.
fn for_each_place(d: &Decomposition, s: &Situation, mut f: impl FnMut(Option<usize>, Wait)) {
    let win = s.win;
    match d {
        Decomposition::Melds { pair, melds } => {
            if *pair == win {
                f(None, Wait::Single);
            }
            for (i, &g) in melds.iter().enumerate() {
                if melds[..i].contains(&g) {
                    continue;
                }
                if let Some(wait) = group_wait(g, win) {
                    f(Some(i), wait);
                }
            }
        }
        Decomposition::SevenPairs { pairs } => {
            if pairs.contains(&win) {
                f(None, Wait::Single);
            }
        }
        Decomposition::ThirteenOrphans { pair } => {
            f(None, if *pair == win { Wait::ThirteenSided } else { Wait::OrphanSingle });
        }
        // The knitted forms are GB's; riichi rules never produce them.
        Decomposition::HonorsAndKnitted { .. } | Decomposition::KnittedStraight { .. } => {}
    }
}

/// Runs `f` on the shape of a reading: its four sets (declared first) for a pair-and-sets
/// decomposition, the triplet a ron completed counted as open.
fn with_shape<T>(
    d: &Decomposition,
    declared: &[Set],
    place: Place,
    s: &Situation,
    f: impl FnOnce(&Shape<'_>) -> T,
) -> T {
    match d {
        Decomposition::Melds { pair, melds } => {
            let mut sets: ArrayVec<Set, 5> = declared.iter().copied().collect();
            for (i, &g) in melds.iter().enumerate() {
                let ron_completed = !s.tsumo && place.group == Some(i);
                sets.push(Set::of_group(g, ron_completed));
            }
            f(&Shape::Standard { pair: *pair, sets: &sets, wait: place.wait })
        }
        Decomposition::SevenPairs { .. } => f(&Shape::Chiitoitsu),
        _ => f(&Shape::Kokushi { thirteen_sided: place.wait == Wait::ThirteenSided }),
    }
}
