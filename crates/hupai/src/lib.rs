//! `hupai` decides whether a mahjong hand wins (胡牌 / 和了), how it wins, which tiles it waits on
//! and what a draw is worth, with wildcards (癞子), declared melds, seven pairs, thirteen orphans
//! and 17-tile hands. This crate is the front door: one `use`, free functions that answer with the
//! fastest exact engine underneath, and [`PackedHand`] for game loops and batches.
//!
//! ```
//! use hupai::{Hand, Rules};
//!
//! let hand: Hand = "11m234p***[789s][5555z]".parse()?; // three wildcards, two declared melds
//! let analysis = hupai::analyze(&hand, &Rules::STANDARD)?;
//! assert_eq!(analysis.win, Some(true));
//! assert_eq!(analysis.decompositions.len(), 91); // each shows what the wildcards became
//!
//! let waits = hupai::waits(&"1112345678999m".parse()?, &Rules::STANDARD)?; // nine gates
//! assert_eq!(waits.len(), 9);
//! # Ok::<(), hupai::Error>(())
//! ```
//!
//! # What is here
//!
//! - The model, re-exported from `hupai-tiles`: [`Hand`] (parsed from mpsz notation: `123m`,
//!   `*` for a wildcard, `[789s]` for a declared meld), [`Rules`] and its presets, [`Tile`],
//!   [`TileSet`], [`Decomposition`] and the one [`Error`] type.
//! - Questions about a [`Hand`]: [`is_win`], [`waits`], [`decompositions`], [`answer`] (whichever
//!   its size asks for) and [`analyze`] (everything at once); for hands with millions of
//!   decompositions, [`decompositions_up_to`], [`for_each_decomposition`] and
//!   [`count_decompositions`] keep memory bounded. They validate the hand's size and
//!   answer through the per-suit tables of `hupai-lookup`, which handle every hand and rule.
//! - [`PackedHand`]: a hand kept ready for checking. `add` / `remove` / `add_meld` update its
//!   table keys in O(1), so a check after a draw is a handful of table reads. [`batch`] runs
//!   slices of counts or packed hands.
//! - How far from a win, with wildcards: [`shanten`], [`effective_tiles`] and [`discard_advice`]
//!   (`hupai-shanten`'s tables).
//! - [`odds`] (`hupai-odds`): exact win probabilities of random deals counted from the tables, and
//!   for every discard of a hand the tenpai and win probability over the remaining draws
//!   ([`odds::discard_ev`]).
//! - [`Hupai`]: the same fast path behind the [`Algorithm`] interface, so the differential harness
//!   checks it against every other engine.
//!
//! # When to pick a lower crate
//!
//! | you want | depend on |
//! | --- | --- |
//! | parse, validate and print hands; implement your own check | `hupai-tiles` |
//! | one specific published method (S002's index, S000's substitution, the suit tables) | `hupai-lookup` |
//! | shanten, effective tiles and discard advice alone | `hupai-shanten` |
//! | a readable reference, or S004's matrix method | `hupai-search` |
//! | S003's segment splitter | `hupai-split` |
//! | pluggable groupings (your own combiners), wait types | `hupai-combine` |
//! | every algorithm in one registry, corpora, cross-checks | `hupai-harness` |

mod analysis;
pub mod batch;
mod listing;
mod packed;

pub use analysis::{Analysis, analyze};
pub use listing::{Limited, count_decompositions, decompositions_up_to, for_each_decomposition};
pub use packed::PackedHand;

pub use hupai_odds as odds;
pub use hupai_shanten::{Discard, DiscardOption, Effective, EffectiveTile, EffectiveTiles, Form, Shanten};
pub use hupai_tiles::{
    Algorithm, Answer, BonusTile, Capabilities, Decomposition, Error, Feature, Group, Hand, HandShape, MAX_MELDS, Meld,
    Rules, SevenPairs, Suit, Tile, TileCounts, TileSet, TileSupply, UnknownRules, VoidSuit, knitted, notation,
    wildcard_kind,
};

use hupai_lookup::SuitTable;

// The workspace README's Rust examples run as doctests of the front door, so they cannot drift.
// Only inside the workspace (`build.rs`): a published package does not ship the README.
#[cfg(all(doctest, hupai_workspace_readme))]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

// This crate's own README ships with it; its example runs everywhere.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;

/// Reads a hand in notation (as [`str::parse`]) for these rules: the errors are the parser's,
/// except that too many declared melds names these rules' own limit (the parser alone knows
/// only the most any rules allow), and the concealed copies of the rules' wildcard tile
/// ([`Rules::wildcard_tile`], `7z` under `hongzhong`) become wildcards. The command line and the
/// language bindings read hands so.
///
/// ```
/// let e = hupai::parse_hand("[123m][456p][789s][111z][222z][333z]", &hupai::Rules::STANDARD).unwrap_err();
/// assert_eq!(e.to_string(), "6 declared melds; the rules allow at most 4");
/// let hand = hupai::parse_hand("123m456p789s19m777z", &hupai::Rules::HONGZHONG)?;
/// assert_eq!(hand.wildcards(), 3);
/// assert!(hupai::is_win(&hand, &hupai::Rules::HONGZHONG)?);
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn parse_hand(text: &str, rules: &Rules) -> Result<Hand, Error> {
    let hand: Hand = text.parse().map_err(|e| match e {
        Error::TooManyMelds { found, max } => Error::TooManyMelds { found, max: max.min(usize::from(rules.melds)) },
        e => e,
    })?;
    match rules.wildcard_tile {
        Some(t) if hand.concealed()[t] > 0 => hand.with_wildcard_tile(t),
        _ => Ok(hand),
    }
}

/// Does this complete hand win under the rules? Errors if the hand is not complete (see
/// [`Rules::hand_size`]).
///
/// ```
/// let hand: hupai::Hand = "123m456p789s11122z".parse()?;
/// assert!(hupai::is_win(&hand, &hupai::Rules::STANDARD)?);
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn is_win(hand: &Hand, rules: &Rules) -> Result<bool, Error> {
    Hupai.is_win(hand, rules)
}

/// The verdict of a complete concealed hand given as 34 counts in tile order and a number of
/// wildcards, without building a [`Hand`], when the per-suit keys answer it exactly: every count
/// at most four, counts plus wildcards the rules' hand size, each suit within the tables, and
/// rules with nothing beyond melds, seven pairs, thirteen orphans and the fifth-copy option.
/// `None` otherwise; then build the [`Hand`] and ask [`is_win`], which answers every hand and
/// names what is wrong with a bad one. For front ends that read plain notation in one pass
/// ([`notation::plain_counts`]) and batches of count rows.
///
/// ```
/// let (counts, wildcards) = hupai::notation::plain_counts("123m456p789s1122z*").unwrap();
/// assert_eq!(hupai::is_win_concealed(&counts, wildcards, &hupai::Rules::STANDARD), Some(true));
/// let (short, _) = hupai::notation::plain_counts("123m456p789s1122z").unwrap();
/// assert_eq!(hupai::is_win_concealed(&short, 0, &hupai::Rules::STANDARD), None); // 13 tiles
/// ```
#[inline]
pub fn is_win_concealed(counts: &TileCounts, wildcards: u8, rules: &Rules) -> Option<bool> {
    if !packed::keys_cover(rules) {
        return None;
    }
    packed::win_once_complete(&counts.0, wildcards, rules)
}

/// The kinds that complete this hand one tile short, in tile order (never a kind the hand
/// already holds four of). Errors if the hand is not one tile short.
pub fn waits(hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
    Hupai.waits(hand, rules)
}

/// The win verdict of a complete hand, or the waits of a hand one tile short.
pub fn answer(hand: &Hand, rules: &Rules) -> Result<Answer, Error> {
    Hupai.answer(hand, rules)
}

/// Every decomposition of a complete hand, each once, in ascending order (empty if it does not
/// win); wildcards appear as the tiles they became. Errors if the hand is not complete. A hand with
/// many wildcards can have millions (fourteen: 11.6 million), all built here: to bound memory use
/// [`decompositions_up_to`], [`for_each_decomposition`] or [`count_decompositions`].
pub fn decompositions(hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
    Hupai.decompositions(hand, rules)
}

/// How far a hand of 3k + 1 or 3k + 2 tiles (up to the rules' complete size) is from winning:
/// −1 wins, 0 is ready, 1, 2, …, and the form that gets there. Wildcards, declared melds, seven
/// pairs, thirteen orphans and the regional options count; errors on a size no question fits, and
/// with [`Error::NeverWins`] for a hand no draw can make win (a declared meld of the void suit).
///
/// ```
/// let hand: hupai::Hand = "123m456p789s1134z".parse()?;
/// assert_eq!(hupai::shanten(&hand, &hupai::Rules::RIICHI)?.number, 1);
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn shanten(hand: &Hand, rules: &Rules) -> Result<Shanten, Error> {
    hupai_shanten::shanten(hand, rules)
}

/// The effective tiles of a hand of 3k + 1 tiles: every kind whose draw lowers its shanten, with
/// the copies still unseen given the tiles the player can see (`visible`: discards, other players'
/// melds, indicators; the hand's own tiles always count as seen). A ready hand's effective tiles
/// are its waits.
pub fn effective_tiles(hand: &Hand, rules: &Rules, visible: &TileCounts) -> Result<Effective, Error> {
    hupai_shanten::effective_tiles(hand, rules, visible)
}

/// Discard advice for a hand of 3k + 2 tiles: every distinct discard (wildcards last) with the
/// shanten after it and its effective tiles, best first (lowest shanten, then most unseen
/// effective tiles, then tile order). A winning hand gets its advice too.
pub fn discard_advice(hand: &Hand, rules: &Rules, visible: &TileCounts) -> Result<Vec<DiscardOption>, Error> {
    hupai_shanten::discard_advice(hand, rules, visible)
}

/// The facade's engine: [`PackedHand`]'s keyed lookups for verdicts and waits, the suit tables
/// for decompositions and for every hand the keys do not cover. Named `hupai` in the registry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Hupai;

impl Algorithm for Hupai {
    fn name(&self) -> &'static str {
        "hupai"
    }

    fn capabilities(&self) -> Capabilities {
        SuitTable.capabilities()
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        // Rules the keys do not cover: no pack to build, the hand as it is to the general path.
        if !packed::keys_cover(rules) {
            return packed::general_win(hand, rules);
        }
        // One check of a hand that is not kept: look its suits up once rather than pack it.
        if hand.melds().is_empty()
            && let Some(win) = packed::win_once(&hand.concealed().0, hand.wildcards(), rules)
        {
            return Ok(win);
        }
        PackedHand::for_check(hand).check_win(rules)
    }

    fn check_waits(&self, hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
        // Rules the keys do not cover: no pack to build, the hand as it is to the general path.
        let waits = if packed::keys_cover(rules) {
            PackedHand::for_check(hand).check_waits(rules)?
        } else {
            packed::general_waits(hand, rules)?
        };
        // A pack knows physical copies only; wildcards that are copies of a wildcard tile
        // (`Hand::with_wildcard_tile`) also use up their kind.
        if hand.wildcard_copies() == &hupai_tiles::TileCounts::EMPTY {
            return Ok(waits);
        }
        Ok(TileSet::from_bits(waits.bits() & !hand.exhausted_kinds().bits()))
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        SuitTable.check_decompositions(hand, rules)
    }
}
