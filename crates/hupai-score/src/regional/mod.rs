//! Regional Chinese scoring with wildcards (Sichuan 血战到底, Changsha 长沙麻将, Hongzhong
//! 红中麻将), with the fans as data: a [`Table`] a server loads from JSON and changes.
//!
//! Each fan is a predicate over a reading (the decomposition, what each wildcard stood for, the
//! declared melds, the winning tile and the situation), written in a closed vocabulary of
//! [`Condition`]s, with a value and the fans it replaces. The scorer walks every decomposition
//! with every wildcard assignment and answers the one that scores most, naming the fans, the
//! reading and what each wildcard became.
//!
//! ```
//! use hupai_score::{Situation, regional};
//!
//! let table = regional::Table::preset("sichuan").unwrap();
//! let situation = Situation::new("11122233345556m".parse()?, "6m".parse()?);
//! let score = regional::score(&situation, &table)?;
//! assert_eq!(score.fans[0].name, "清一色");
//! assert_eq!(score.fan, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bound;
mod compiled;
mod condition;
mod evaluate;
mod search;
mod table;
#[cfg(test)]
mod tests;

pub use condition::Condition;
pub use table::{Adds, Birds, CapWord, Fan, FanValue, Loose, PRESETS, Per, Points, PointsKind, Replaced, Table};

use hupai::{Hand, HandShape, Tile, TileCounts, VoidSuit};
use serde::Serialize;

use crate::reading::declared_groups;
use crate::{ScoreError, Situation};
use condition::{Facts, bit};
use search::{HandInput, Search, Shape};

/// A regional score: the `hupai score` answer line for `sichuan`, `changsha` and `hongzhong`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Score {
    /// The table's name.
    pub table: String,
    /// The fan total after the cap (Changsha: the count of big wins, 0 for a small win).
    pub fan: u32,
    /// True if the cap cut the total, or a fan worth the cap counted.
    pub capped: bool,
    /// The hand's points from its fan (Sichuan `base × 2^fan`, Changsha's units, …), before birds.
    pub points: u64,
    /// The fans that count, in table order.
    pub fans: Vec<FanScore>,
    /// What each wildcard stood for, in tile order.
    pub wildcards: Vec<String>,
    /// The birds that hit, and their points.
    pub birds: BirdScore,
    /// `points` plus the birds' points.
    pub total: u64,
    /// The reading's form: `melds`, `seven_pairs` or `loose`.
    pub form: &'static str,
    /// The reading: the concealed groups with wildcards as they stood, then the declared melds.
    pub reading: String,
}

/// A fan that counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct FanScore {
    /// Its name in the table.
    pub name: String,
    /// Its value per count.
    pub value: u32,
    /// How many times it counts (written only when not 1: 根 per four of a kind).
    #[serde(skip_serializing_if = "is_one")]
    pub count: u32,
    /// `base` when its value adds bases to the points instead of fan (written only then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adds: Option<&'static str>,
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// The birds' part of a score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct BirdScore {
    /// The bird tiles that hit.
    pub hits: Vec<String>,
    /// Their points.
    pub points: u64,
}

/// Scores a situation under a regional table: the reading and wildcard assignment that score most.
pub fn score(situation: &Situation, table: &Table) -> Result<Score, ScoreError> {
    score_with(situation, table, true)
}

/// [`score`], with the search's shortcuts (dropping partial readings that cannot beat the best,
/// trying interchangeable kinds once) on or off: off, every reading is walked, which the tests
/// compare the answers against.
fn score_with(situation: &Situation, table: &Table, prune: bool) -> Result<Score, ScoreError> {
    let rules = table.shape_rules()?;
    let mut hand = situation.hand.clone();
    if let Some(w) = table.wildcard
        && hand.concealed()[w] > 0
    {
        hand = hand.with_wildcard_tile(w)?;
    }
    match hand.shape(&rules)? {
        HandShape::Complete => {}
        HandShape::OneShort => {
            return Err(ScoreError::NoWin(format!(
                "{hand} is one tile short; the hand to score includes the winning tile"
            )));
        }
    }
    let win = situation.win;
    let win_wild = table.wildcard == Some(win) && hand.wildcard_copies()[win] > 0;
    if !win_wild && hand.concealed()[win] == 0 {
        return Err(ScoreError::Impossible(format!("the winning tile {win} is not among the hand's concealed tiles")));
    }
    check_situation(situation, &hand)?;

    let mut declared = TileCounts::EMPTY;
    for m in hand.melds() {
        for t in m.tiles() {
            declared[t] += 1;
        }
    }
    let declared_sets: Vec<_> = declared_groups(&hand).map(|(_, g)| g).collect();
    let void = match rules.void {
        VoidSuit::Declared(s) => Some(s),
        _ => None,
    };
    let allowed_set = rules.allowed_kinds(void);
    let input = HandInput {
        real: hand.concealed().0,
        wildcards: hand.wildcards(),
        declared: declared.0,
        declared_sets,
        copies: hand.wildcard_copies().0,
        allowed: std::array::from_fn(|k| allowed_set.contains(Tile::ALL[k])),
        any_void: rules.void == VoidSuit::AnyOne,
        pair_258: rules.pair_258,
        seven_pairs: rules.seven_pairs,
        win,
        win_wild,
        hand_facts: hand_facts(situation, &hand, table.wildcard),
    };
    let search = Search::new(table, input);
    let best = if prune { search } else { search.unpruned() }
        .run()
        .ok_or_else(|| ScoreError::NoWin(format!("{} does not win under table '{}'", situation.hand, table.name)))?;

    let e = &best.evaluation;
    let fans = e
        .fans
        .iter()
        .map(|c| {
            let fan = &table.fans[c.fan];
            FanScore {
                name: fan.name.clone(),
                value: c.value,
                count: c.count,
                adds: (fan.adds == Adds::Base).then_some("base"),
            }
        })
        .collect();
    let real = hand.concealed();
    let mut wildcards = Vec::new();
    for t in Tile::ALL {
        for _ in real[t]..best.counts[t.index()] {
            wildcards.push(t.to_string());
        }
    }
    let (hits, bird_points) = match &table.birds {
        Some(b) => {
            let hits: Vec<String> =
                situation.birds.iter().filter(|&&t| b.hits.contains(t)).map(|t| t.to_string()).collect();
            let points = b.points.saturating_mul(hits.len() as u64);
            (hits, points)
        }
        None => (Vec::new(), 0),
    };
    let melds_text: String = hand.melds().iter().map(|m| format!(" {m}")).collect();
    let (form, reading) = match (&best.shape, best.decomposition()) {
        (Shape::Loose, _) | (_, None) => {
            let standing = Hand::from_counts(TileCounts(best.counts), 0).map(|h| h.to_string()).unwrap_or_default();
            ("loose", format!("{standing}{melds_text} (no shape)"))
        }
        (Shape::SevenPairs { .. }, Some(d)) => ("seven_pairs", format!("{d}")),
        (Shape::Melds { .. }, Some(d)) => ("melds", format!("{d}{melds_text}")),
    };
    Ok(Score {
        table: table.name.clone(),
        fan: e.fan,
        capped: e.capped,
        points: e.points,
        fans,
        wildcards,
        birds: BirdScore { hits, points: bird_points },
        total: e.points.saturating_add(bird_points),
        form,
        reading,
    })
}

/// The facts every reading of the hand shares: the situation and the declared melds.
fn hand_facts(s: &Situation, hand: &Hand, wildcard: Option<Tile>) -> Facts {
    let mut bits = 0;
    for (on, b) in [
        (hand.is_closed(), bit::CLOSED),
        (s.tsumo, bit::TSUMO),
        (s.rinshan, bit::RINSHAN),
        (s.after_kong_discard, bit::AFTER_KONG_DISCARD),
        (s.chankan, bit::CHANKAN),
        (s.haitei, bit::HAITEI),
        (s.houtei, bit::HOUTEI),
        (s.tenhou, bit::TENHOU),
        (s.chiihou, bit::CHIIHOU),
    ] {
        if on {
            bits |= b;
        }
    }
    let count = |n: usize| u8::try_from(n).unwrap_or(u8::MAX);
    Facts {
        bits,
        quads: 0,
        declared: count(hand.melds().len()),
        open: count(hand.melds().iter().filter(|m| m.is_open()).count()),
        wildcard_tiles: wildcard.map_or(0, |w| hand.wildcard_copies()[w]),
    }
}

/// Refuses situations that cannot happen.
fn check_situation(s: &Situation, hand: &Hand) -> Result<(), ScoreError> {
    let impossible = |what: &str| Err(ScoreError::Impossible(what.to_string()));
    let kongs = hand.melds().iter().filter(|m| m.is_kan()).count();
    if s.rinshan && !s.tsumo {
        return impossible("rinshan (杠上开花) is a win by drawing: set tsumo");
    }
    if s.rinshan && kongs == 0 {
        return impossible("rinshan (杠上开花) needs a declared kong in the hand");
    }
    for (flag, name) in [
        (s.chankan, "chankan (抢杠胡)"),
        (s.houtei, "houtei (海底炮)"),
        (s.after_kong_discard, "after_kong_discard (杠上炮)"),
    ] {
        if flag && s.tsumo {
            return Err(ScoreError::Impossible(format!("{name} is a win on another player's tile, not tsumo")));
        }
    }
    if s.haitei && !s.tsumo {
        return impossible("haitei (海底捞月) is a win by drawing: set tsumo");
    }
    if s.haitei && s.houtei {
        return impossible("haitei and houtei cannot both hold");
    }
    if (s.tenhou || s.chiihou) && (!s.tsumo || !hand.melds().is_empty()) {
        return impossible("tenhou / chiihou (天胡 / 地胡) are wins by drawing with no declared meld");
    }
    if s.tenhou && s.chiihou {
        return impossible("tenhou (the dealer) and chiihou (a non-dealer) cannot both hold");
    }
    Ok(())
}
