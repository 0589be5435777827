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

use hupai::{Hand, HandShape, Rules, Tile, TileCounts, VoidSuit};
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
    check_situation(situation, &hand, &rules)?;

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

/// Refuses situations that cannot happen: the flags that cannot hold together (each named), and
/// tiles the game cannot show (birds outside the tile set, a fifth copy counting the birds).
///
/// Two pairs of flags can hold together, since these games draw a kong's replacement from the wall
/// itself (there is no dead wall): `haitei` with `rinshan` (the replacement is the wall's last
/// tile) and `houtei` with `after_kong_discard` (that last tile discarded). `houtei` with `chankan`
/// cannot: a kong declared on the last tile has no replacement to draw, and a robbed kong is no
/// discard.
fn check_situation(s: &Situation, hand: &Hand, rules: &Rules) -> Result<(), ScoreError> {
    let kongs = hand.melds().iter().any(|m| m.is_kan());
    let first_turn = s.tenhou || s.chiihou;
    let flags = [
        (s.rinshan && !s.tsumo, "rinshan (杠上开花) with ron: the replacement tile is drawn, set tsumo"),
        (s.rinshan && !kongs, "rinshan (杠上开花) without a declared kong in the hand"),
        (s.chankan && s.tsumo, "chankan (抢杠胡) with tsumo: a robbed kong is a win on another player's tile"),
        (s.houtei && s.tsumo, "houtei (海底炮) with tsumo: it is a win on the last discard"),
        (
            s.after_kong_discard && s.tsumo,
            "after_kong_discard (杠上炮) with tsumo: it is a win on another player's discard",
        ),
        (s.haitei && !s.tsumo, "haitei (海底捞月) with ron: the wall's last tile is drawn, set tsumo"),
        (s.chankan && s.after_kong_discard, "chankan with after_kong_discard: a robbed kong's tile is no discard"),
        (
            s.chankan && s.houtei,
            "chankan with houtei: no kong is declared on the wall's last tile (there is no replacement to draw)",
        ),
        (
            first_turn && (!s.tsumo || !hand.melds().is_empty()),
            "tenhou / chiihou (天胡 / 地胡) are wins by drawing with no declared meld",
        ),
        (s.tenhou && s.chiihou, "tenhou with chiihou: the dealer's win on the deal, or a non-dealer's first draw"),
        (first_turn && s.haitei, "tenhou / chiihou with haitei: a first draw is not the wall's last tile"),
    ];
    if let Some((_, what)) = flags.iter().find(|(bad, _)| *bad) {
        return Err(ScoreError::Impossible((*what).to_string()));
    }
    let kinds = rules.tiles.kinds();
    if let Some((i, t)) = s.birds.iter().enumerate().find(|(_, t)| !kinds.contains(**t)) {
        return Err(ScoreError::key(
            format!("birds[{i}]"),
            format!("{t} is not in the tile set the rules play with, {}", rules.tiles.describe()),
        ));
    }
    let mut shown = hand.held_counts();
    let win = s.win;
    if s.chankan {
        // The kong robbed holds the winning tile's other three copies.
        if shown[win] > 1 {
            return Err(ScoreError::Impossible(format!(
                "chankan on {win} with another {win} in the hand (the kong being robbed holds the other three)"
            )));
        }
        shown[win] = 4;
    }
    for &t in &s.birds {
        shown[t] = shown[t].saturating_add(1);
    }
    if let Some(t) = Tile::ALL.into_iter().find(|&t| shown[t] > 4) {
        return Err(ScoreError::Impossible(format!(
            "a fifth copy of {t}: {} counting the hand, its melds{} and the birds",
            shown[t],
            if s.chankan && t == win { ", the kong robbed" } else { "" }
        )));
    }
    Ok(())
}
