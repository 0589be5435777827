//! Win odds of random deals: the exact probability, counted from the per-suit tables, that `K`
//! wildcards plus `hand size − K` tiles drawn from the wall win, and a Monte Carlo estimate to set
//! beside it.
//!
//! # Method
//!
//! A deal of `n` tiles from the 136-tile wall is a count pattern `c` over the 34 kinds, dealt in
//! `Π C(4, c_i)` ways out of `C(136, n)`. Whether it wins with `K` wildcards depends on each unit (the
//! three numbered suits and the seven honor kinds) only through a few figures: its tile count, the
//! fewest wildcards completing it into melds only and into melds plus the pair (from
//! [`SuitTables::fewest_wildcards`] for numbered suits, with and without the four-copy cap), and
//! what seven pairs and thirteen orphans need (kinds held, odd counts, doubles, triples, terminals
//! only). So each unit's patterns are grouped by those figures, summing their ways, and the units
//! are convolved over a small joint state (`count` module docs); the winning deals are read off
//! the final states. Each kind belongs to one unit, so the copy limit composes across units
//! exactly; leftover wildcards always come in threes and form fresh groups (a hand of at most 17
//! tiles leaves plenty of empty kinds).
//!
//! The grouped classes of the full wall are computed once per hand size and cached; a question
//! (rules, `K`) then costs a convolution of a few thousand states. `docs/odds.md` has the method
//! in full, the figures for every preset and how S000's sampled counts compare.
//!
//! Tests (`tests/deal_*.rs`) check the figures against an independent count without wildcards, a
//! brute force with `hupai_search::Backtrack` over small walls, and the Monte Carlo estimate; set
//! `HUPAI_FULL=1` (with `--release`) for the larger walls.
//!
//! ```
//! use hupai_odds::deal;
//! use hupai_tiles::Rules;
//!
//! let exact = deal::exact(&Rules::STANDARD, 0)?;
//! assert_eq!(exact.deals, 4_250_305_029_168_216_000); // C(136, 14)
//! let (num, den) = exact.fraction();
//! assert!(num > 0 && num < den);
//! // Wildcards help: three of them win far more often than none.
//! assert!(deal::exact(&Rules::STANDARD, 3)?.probability() > 100.0 * exact.probability());
//!
//! let mc = deal::estimate(&Rules::STANDARD, 3, 20_000, 1)?;
//! let (low, high) = mc.wilson(deal::Estimate::Z99);
//! assert!(low <= mc.p_hat() && mc.p_hat() <= high);
//! # Ok::<(), deal::OddsError>(())
//! ```

mod classify;
mod count;
mod sample;

use std::sync::{LazyLock, OnceLock};

use hupai_tiles::{Rules, Tile, TileSupply, VoidSuit};

use classify::UnitClasses;
use hupai_lookup::format::{self, FormatError};
use hupai_lookup::suit_table::SuitTables;
use hupai_lookup::tables::Table;
pub use sample::Rng;

/// Most melds the odds handle: 17-tile hands.
const MAX_MELDS: u8 = 5;

/// Why odds cannot be computed for a question.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OddsError {
    /// More wildcards than the hand holds.
    #[error("{wildcards} wildcards do not fit a {hand_size}-tile hand")]
    TooManyWildcards {
        /// Wildcards asked for.
        wildcards: u8,
        /// Tiles in a complete hand under the rules.
        hand_size: usize,
    },
    /// Rules with more melds than a 17-tile hand.
    #[error("rules with {melds} melds are not supported (0 to 5: hands of 2 to 17 tiles)")]
    UnsupportedMelds {
        /// Melds the rules ask for.
        melds: u8,
    },
    /// A wall with a fifth copy of a kind.
    #[error("a wall holds at most 4 copies of a kind; {copies} of {tile} given")]
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// Copies given.
        copies: u8,
    },
    /// A wall with fewer tiles than a deal draws.
    #[error("the wall holds {wall} tiles, fewer than the {drawn} a deal draws")]
    WallTooSmall {
        /// Tiles in the wall.
        wall: u32,
        /// Tiles a deal draws.
        drawn: usize,
    },
    /// The embedded suit tables failed validation (a corrupted build).
    #[error("the suit tables are unusable: {0}")]
    Tables(FormatError),
    /// A dealt hand was refused by the win check (not expected: deals respect the copy limit).
    #[error("a dealt hand was refused: {0}")]
    Check(String),
    /// A rule the exact count does not model; the Monte Carlo estimate ([`estimate`]) handles it.
    #[error("exact odds do not handle {0}; the Monte Carlo estimate does")]
    UnsupportedRule(&'static str),
}

/// The tiles deals are drawn from: up to four copies of each kind. [`Wall::FULL`] is the usual
/// 136-tile wall; smaller walls serve checks against brute force, or odds given tiles known gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wall {
    copies: [u8; 34],
}

impl Wall {
    /// Four copies of each of the 34 kinds.
    pub const FULL: Wall = Wall { copies: [4; 34] };

    /// A wall with `copies[t]` copies of kind `t`; fails on more than four.
    pub fn new(copies: [u8; 34]) -> Result<Wall, OddsError> {
        match Tile::ALL.into_iter().find(|t| copies[t.index()] > 4) {
            Some(tile) => Err(OddsError::TooManyCopies { tile, copies: copies[tile.index()] }),
            None => Ok(Wall { copies }),
        }
    }

    /// Four copies of each kind of a tile set: the 108, 112 or 136 tiles (the bonus tiles of the
    /// 144 are replaced by another draw when drawn, so they never change which tiles a hand holds).
    pub fn of(supply: TileSupply) -> Wall {
        let kinds = supply.kinds();
        Wall { copies: std::array::from_fn(|t| if Tile::new(t).is_some_and(|k| kinds.contains(k)) { 4 } else { 0 }) }
    }

    /// Copies of each kind.
    pub fn copies(&self) -> &[u8; 34] {
        &self.copies
    }

    /// Tiles in the wall.
    pub fn tiles(&self) -> u32 {
        self.copies.iter().map(|&c| c as u32).sum()
    }
}

/// The exact odds for one question: `winning_deals` of the `C(wall, drawn)` equally likely deals
/// win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Odds {
    /// The rules asked about.
    pub rules: Rules,
    /// Wildcards in every hand.
    pub wildcards: u8,
    /// Tiles drawn from the wall (hand size − wildcards).
    pub drawn: u8,
    /// Deals that win: sets of `drawn` physical tiles (copies told apart).
    pub winning_deals: u128,
    /// All deals: `C(wall tiles, drawn)`.
    pub deals: u128,
}

impl Odds {
    /// The probability as a reduced fraction `(numerator, denominator)`.
    pub fn fraction(&self) -> (u128, u128) {
        let g = gcd(self.winning_deals, self.deals).max(1);
        (self.winning_deals / g, self.deals / g)
    }

    /// The probability as an `f64` (the reduced numerator and denominator each rounded to `f64`,
    /// so within a few units in the last place).
    pub fn probability(&self) -> f64 {
        let (n, d) = self.fraction();
        n as f64 / d as f64
    }
}

/// A Monte Carlo estimate: `wins` of `samples` random deals won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Estimate {
    /// Deals that won.
    pub wins: u64,
    /// Deals drawn.
    pub samples: u64,
}

impl Estimate {
    /// The normal quantile for a two-sided 95% interval.
    pub const Z95: f64 = 1.959_963_984_540_054;
    /// The normal quantile for a two-sided 99% interval.
    pub const Z99: f64 = 2.575_829_303_548_901;

    /// The observed frequency `wins / samples` (0 when nothing was sampled).
    pub fn p_hat(&self) -> f64 {
        if self.samples == 0 { 0.0 } else { self.wins as f64 / self.samples as f64 }
    }

    /// The Wilson score interval for the true probability at normal quantile `z` (e.g.
    /// [`Estimate::Z95`]); `(0, 1)` when nothing was sampled. Unlike `p̂ ± z·se` it stays inside
    /// `[0, 1]` and is sound for rare events, even with no wins at all.
    pub fn wilson(&self, z: f64) -> (f64, f64) {
        if self.samples == 0 {
            return (0.0, 1.0);
        }
        let n = self.samples as f64;
        let p = self.p_hat();
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        // With no wins (or no losses) the bound is exactly 0 (or 1); rounding would leave a hair.
        let low = if self.wins == 0 { 0.0 } else { (centre - half).max(0.0) };
        let high = if self.wins == self.samples { 1.0 } else { (centre + half).min(1.0) };
        (low, high)
    }
}

/// Greatest common divisor.
fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `C(n, k)` exactly; every intermediate `C(n − k + i, i)·(n − k + i + 1)` fits a `u128` for walls
/// of at most 136 tiles and deals of at most 17.
fn binomial(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c = 1u128;
    for i in 0..k {
        c = c * (n - k + i + 1) as u128 / (i + 1) as u128;
    }
    c
}

/// The suit tables, decoded from the same embedded artifact `suit-table` uses. (`suit_table` keeps
/// its decoded form private; this copy costs the few hundred KiB of one decode, made on first use.)
static TABLES: LazyLock<Result<SuitTables, FormatError>> =
    LazyLock::new(|| format::decode::<SuitTables>(hupai_lookup::tables::bytes(Table::Suit)));

fn tables() -> Result<&'static SuitTables, OddsError> {
    TABLES.as_ref().map_err(|e| OddsError::Tables(e.clone()))
}

/// Each unit's classes: the three numbered suits, then the seven honor kinds.
struct Units {
    units: Vec<UnitClasses>,
}

impl Units {
    fn build(wall: &Wall, limit: u8) -> Result<Units, OddsError> {
        let tables = tables()?;
        let mut units: Vec<UnitClasses> = Vec::with_capacity(10);
        for s in 0..3 {
            let mut copies = [0u8; 9];
            copies.copy_from_slice(&wall.copies[s * 9..s * 9 + 9]);
            // Suits with the same copies have the same classes: build once.
            let same = (0..s).find(|&r| wall.copies[r * 9..r * 9 + 9] == copies);
            units.push(match same {
                Some(r) => units[r].clone(),
                None => classify::suit_classes(tables, copies, limit),
            });
        }
        for h in 27..34 {
            units.push(classify::honor_classes(wall.copies[h], limit));
        }
        Ok(Units { units })
    }

    /// The units in convolution order: honors first (few classes), numbered suits last, so the
    /// last and largest unit only contributes the classes that complete the tile count.
    fn ordered(&self) -> Vec<&UnitClasses> {
        self.units[3..].iter().chain(self.units[..3].iter()).collect()
    }
}

/// The full wall's classes per hand size (index = melds), built on first use.
static FULL: [OnceLock<Result<Units, OddsError>>; MAX_MELDS as usize + 1] =
    [const { OnceLock::new() }; MAX_MELDS as usize + 1];

/// Checks the question; returns the tiles drawn.
fn drawn(rules: &Rules, wildcards: u8, wall: &Wall) -> Result<u8, OddsError> {
    if rules.melds > MAX_MELDS {
        return Err(OddsError::UnsupportedMelds { melds: rules.melds });
    }
    let hand_size = rules.hand_size();
    if wildcards as usize > hand_size {
        return Err(OddsError::TooManyWildcards { wildcards, hand_size });
    }
    let drawn = hand_size - wildcards as usize;
    if drawn as u32 > wall.tiles() {
        return Err(OddsError::WallTooSmall { wall: wall.tiles(), drawn });
    }
    Ok(drawn as u8)
}

/// The exact odds that `wildcards` wildcards plus `hand size − wildcards` tiles drawn from the
/// wall of the rules' tile set ([`Wall::of`]) win under `rules` (every form the rules allow, each
/// winning deal counted once).
pub fn exact(rules: &Rules, wildcards: u8) -> Result<Odds, OddsError> {
    exact_in(rules, wildcards, &Wall::of(rules.tiles))
}

/// The rule options the exact count does not model: the 2-5-8 pair, a void suit, the knitted
/// forms, and wildcards under thirteen orphans in a tile set without all terminals and honors
/// (a wildcard there may only be a kind of the set).
fn unsupported_rule(rules: &Rules, wildcards: u8) -> Option<&'static str> {
    if rules.pair_258 {
        Some("the 2-5-8 pair")
    } else if rules.void != VoidSuit::Off {
        Some("a void suit")
    } else if rules.knitted {
        Some("the knitted forms")
    } else if wildcards > 0 && rules.thirteen_orphans && rules.tiles.kinds().len() < 34 {
        Some("wildcards under thirteen orphans in a tile set without honors")
    } else {
        None
    }
}

/// [`exact`] for deals from another wall. The full wall's classes are cached; another wall's are
/// built for the call (tens of milliseconds).
pub fn exact_in(rules: &Rules, wildcards: u8, wall: &Wall) -> Result<Odds, OddsError> {
    if let Some(rule) = unsupported_rule(rules, wildcards) {
        return Err(OddsError::UnsupportedRule(rule));
    }
    let drawn = drawn(rules, wildcards, wall)?;
    let limit = rules.hand_size() as u8;
    let built;
    let units = if *wall == Wall::FULL {
        match FULL[rules.melds as usize].get_or_init(|| Units::build(wall, limit)) {
            Ok(u) => u,
            Err(e) => return Err(e.clone()),
        }
    } else {
        built = Units::build(wall, limit)?;
        &built
    };
    let question = count::Question::new(rules, wildcards, drawn);
    let winning_deals = count::winning_deals(&units.ordered(), &question);
    Ok(Odds { rules: *rules, wildcards, drawn, winning_deals, deals: binomial(wall.tiles(), drawn as u32) })
}

/// [`exact`] when every drawn copy of `tile` is a wildcard too (as in 红中癞子): `wildcards`
/// wildcards plus `hand size − wildcards` tiles drawn from the wall of the rules' tile set, each
/// copy of `tile` among them a wildcard (`Hand::with_wildcard_tile`). Those wildcards may stand for `tile` itself
/// like any other.
///
/// ```
/// use hupai_odds::deal;
/// use hupai_tiles::{Rules, Tile};
/// let plain = deal::exact(&Rules::STANDARD, 0)?;
/// let red_wild = deal::exact_with_wildcard_tile(&Rules::STANDARD, 0, Tile::RED)?;
/// assert_eq!(red_wild.deals, plain.deals); // the same 14-tile deals from the same wall
/// assert!(red_wild.probability() > 5.0 * plain.probability());
/// # Ok::<(), deal::OddsError>(())
/// ```
pub fn exact_with_wildcard_tile(rules: &Rules, wildcards: u8, tile: Tile) -> Result<Odds, OddsError> {
    exact_with_wildcard_tile_in(rules, wildcards, tile, &Wall::of(rules.tiles))
}

/// [`exact_with_wildcard_tile`] for deals from another wall (its copies of `tile` are the wild ones).
///
/// A deal draws `j` of the wall's copies of `tile` (in `C(copies, j)` ways) and the rest from the
/// wall without `tile`; it wins as `wildcards + j` wildcards plus those, which [`exact_in`] counts.
pub fn exact_with_wildcard_tile_in(rules: &Rules, wildcards: u8, tile: Tile, wall: &Wall) -> Result<Odds, OddsError> {
    if let Some(rule) = unsupported_rule(rules, wildcards) {
        return Err(OddsError::UnsupportedRule(rule));
    }
    let total = drawn(rules, wildcards, wall)?;
    let wild = wall.copies[tile.index()];
    let mut rest = *wall;
    rest.copies[tile.index()] = 0;
    let limit = rules.hand_size() as u8;
    let units = Units::build(&rest, limit)?;
    let ordered = units.ordered();
    let mut winning_deals = 0u128;
    for j in 0..=wild.min(total) {
        let drawn = total - j;
        if u32::from(drawn) > rest.tiles() {
            continue;
        }
        let question = count::Question::new(rules, wildcards + j, drawn);
        winning_deals += binomial(u32::from(wild), u32::from(j)) * count::winning_deals(&ordered, &question);
    }
    Ok(Odds { rules: *rules, wildcards, drawn: total, winning_deals, deals: binomial(wall.tiles(), u32::from(total)) })
}

/// A Monte Carlo estimate of [`exact_with_wildcard_tile`]: `samples` deals from the wall of the
/// rules' tile set (seeded by `seed`), each copy of `tile` in a deal turned into a wildcard, each checked by
/// [`hupai_lookup::SuitTable`].
pub fn estimate_with_wildcard_tile(
    rules: &Rules,
    wildcards: u8,
    tile: Tile,
    samples: u64,
    seed: u64,
) -> Result<Estimate, OddsError> {
    let wall = Wall::of(rules.tiles);
    let drawn = drawn(rules, wildcards, &wall)? as usize;
    let mut tiles: Vec<u8> = (0..34u8).flat_map(|t| std::iter::repeat_n(t, wall.copies[t as usize] as usize)).collect();
    let wins = sample::count_wins(rules, wildcards, Some(tile), drawn, &mut tiles, samples, seed)
        .map_err(|e| OddsError::Check(e.to_string()))?;
    Ok(Estimate { wins, samples })
}

/// A Monte Carlo estimate of [`exact`]: `samples` deals from the wall of the rules' tile set with
/// the generator seeded by `seed` (the same seed gives the same deals), each checked by
/// [`hupai_lookup::SuitTable`], which follows every rule option.
pub fn estimate(rules: &Rules, wildcards: u8, samples: u64, seed: u64) -> Result<Estimate, OddsError> {
    estimate_in(rules, wildcards, &Wall::of(rules.tiles), samples, seed)
}

/// [`estimate`] for deals from another wall.
pub fn estimate_in(rules: &Rules, wildcards: u8, wall: &Wall, samples: u64, seed: u64) -> Result<Estimate, OddsError> {
    let drawn = drawn(rules, wildcards, wall)? as usize;
    let mut tiles: Vec<u8> = (0..34u8).flat_map(|t| std::iter::repeat_n(t, wall.copies[t as usize] as usize)).collect();
    let wins = sample::count_wins(rules, wildcards, None, drawn, &mut tiles, samples, seed)
        .map_err(|e| OddsError::Check(e.to_string()))?;
    Ok(Estimate { wins, samples })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(136, 14), 4_250_305_029_168_216_000);
        assert_eq!(binomial(136, 17), 1_845_382_436_487_682_488_000);
        assert_eq!(binomial(5, 0), 1);
        assert_eq!(binomial(3, 4), 0);
        assert_eq!(gcd(12, 18), 6);
    }

    #[test]
    fn wilson_interval_brackets_the_frequency() {
        let e = Estimate { wins: 30, samples: 10_000_000 };
        let (lo, hi) = e.wilson(Estimate::Z95);
        assert!(lo < 3e-6 && 3e-6 < hi && lo > 1.5e-6 && hi < 5e-6, "{lo} {hi}");
        let none = Estimate { wins: 0, samples: 100 };
        let (lo, hi) = none.wilson(Estimate::Z95);
        assert!(lo == 0.0 && hi > 0.0 && hi < 0.05);
    }
}
