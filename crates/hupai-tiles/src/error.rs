//! The one error type of hupai: bad notation, impossible hands, sizes that do not fit the rules, and
//! hands an algorithm cannot answer.

use std::fmt;

use crate::{Tile, TileSupply};

/// What an algorithm may be unable to handle; carried by [`Error::Unsupported`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// Any wildcard at all.
    Wildcards,
    /// More wildcards than the algorithm handles (the number it was given).
    TooManyWildcards(u8),
    /// The rule that lets a wildcard be a fifth copy of a kind.
    WildcardFifthCopy,
    /// Seven pairs under rules that allow it.
    SevenPairs,
    /// Thirteen orphans under rules that allow it.
    ThirteenOrphans,
    /// Declared (exposed) melds.
    DeclaredMelds,
    /// Hands of this many tiles when complete (17 for the 16-tile rules).
    HandSize(u8),
    /// Listing decompositions rather than only deciding the win.
    Decompositions,
    /// The 2-5-8 pair (二五八将).
    Pair258,
    /// A void suit (缺一门 / 定缺).
    VoidSuit,
    /// Wildcards under a tile set without all 34 kinds (108 or 112 tiles): they may stand only for
    /// kinds of the set.
    TileSupply(u16),
    /// The GB knitted forms (全不靠, 组合龙).
    KnittedForms,
    /// Rule options the algorithm does not know (any beyond the meld count, seven pairs, thirteen
    /// orphans and the fifth-copy option): refused rather than ignored.
    RuleOptions,
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Feature::Wildcards => f.write_str("wildcards"),
            Feature::TooManyWildcards(n) => write!(f, "{n} wildcards"),
            Feature::WildcardFifthCopy => f.write_str("wildcards as a fifth copy"),
            Feature::SevenPairs => f.write_str("seven pairs"),
            Feature::ThirteenOrphans => f.write_str("thirteen orphans"),
            Feature::DeclaredMelds => f.write_str("declared melds"),
            Feature::HandSize(n) => write!(f, "{n}-tile hands"),
            Feature::Decompositions => f.write_str("decompositions"),
            Feature::Pair258 => f.write_str("the 2-5-8 pair"),
            Feature::VoidSuit => f.write_str("a void suit"),
            Feature::TileSupply(n) => write!(f, "wildcards in a {n}-tile set"),
            Feature::KnittedForms => f.write_str("the knitted forms"),
            Feature::RuleOptions => f.write_str("these rule options"),
        }
    }
}

/// Everything that can go wrong in hupai. Each message names what is wrong and where:
/// positions are 1-based character positions in the notation that was parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A character that has no meaning at that place in hand notation.
    #[error("unexpected {found:?} at position {position}: expected {expected}")]
    UnexpectedChar {
        /// 1-based character position.
        position: usize,
        /// The character found.
        found: char,
        /// What would have been valid there.
        expected: &'static str,
    },
    /// Digits with no suit letter after them.
    #[error("digits ending at position {position} have no suit letter (m, p, s, z or f) after them")]
    MissingSuit {
        /// 1-based position of the last digit.
        position: usize,
    },
    /// A digit that is not a rank of the suit it belongs to (`8z`, `0z`, `9f`).
    #[error("'{digit}{suit}' at position {position} is not a tile")]
    BadRank {
        /// 1-based position of the digit.
        position: usize,
        /// The digit.
        digit: char,
        /// The suit letter.
        suit: char,
    },
    /// A `[` with no matching `]`, or a `(` with no matching `)`.
    #[error("'{bracket}' at position {position} is never closed")]
    UnclosedMeld {
        /// 1-based position of the bracket.
        position: usize,
        /// The bracket: `[` (a declared meld) or `(` (a concealed kan).
        bracket: char,
    },
    /// A bracketed declared meld that is not a chi, pon or kan.
    #[error("declared meld '{text}' at position {position} is not a chi, pon or kan")]
    NotAMeld {
        /// 1-based position of the `[`.
        position: usize,
        /// The meld as written, brackets included.
        text: String,
    },
    /// More than four copies of a kind, counting concealed tiles and declared melds.
    #[error("{count} copies of {tile}, counting concealed tiles and declared melds; there are only 4")]
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// How many the hand holds (the true count, however many were written).
        count: usize,
    },
    /// More declared melds than the rules' hand has room for.
    #[error("{found} declared melds; the rules allow at most {max}")]
    TooManyMelds {
        /// Declared melds in the hand.
        found: usize,
        /// Melds a complete hand has under the rules.
        max: usize,
    },
    /// More wildcards than a hand can count (255), e.g. after `Hand::with_wildcard_tile`.
    #[error("{found} wildcards; a hand holds at most {max}")]
    TooManyWildcards {
        /// Wildcards the hand would hold.
        found: usize,
        /// Most wildcards a hand holds.
        max: usize,
    },
    /// A hand whose size is neither complete nor one tile short under the rules.
    #[error(
        "hand has {} (concealed + wildcards + 3 per declared meld); the rules need {expected} to win, or {} to ask for waits",
        tiles(*found),
        expected - 1
    )]
    HandSize {
        /// Tiles the hand counts.
        found: usize,
        /// Size of a complete hand under the rules.
        expected: usize,
    },
    /// The operation needs a complete hand and got one that is one tile short, or the other way round.
    #[error("{operation} needs a hand of {expected} tiles; this one has {found}")]
    WrongShape {
        /// What was asked: "a win check", "waits", "decompositions".
        operation: &'static str,
        /// The size that operation needs.
        expected: usize,
        /// Tiles the hand counts.
        found: usize,
    },
    /// A lookup table an algorithm reads is damaged or unreadable, so the algorithm cannot answer
    /// anything; no answer is guessed.
    #[error(
        "the {table} table is unusable: {reason}; reinstall hupai or regenerate the tables with `cargo xtask tables`"
    )]
    Table {
        /// The table's file name (`index.bin`, `suit.bin`).
        table: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A tile (`1z`, or a bonus tile `1f`) outside the tile set the rules play with.
    #[error("{tile} is not a tile of the rules' set of {}", supply.describe())]
    NotInTileSet {
        /// The tile as written in notation.
        tile: String,
        /// The rules' tile set.
        supply: TileSupply,
    },
    /// Tiles given as seen outside the hand (discards, other players' melds, indicators) that, with
    /// the hand's own copies (concealed, declared, turned into wildcards), make more copies of a
    /// kind than the tiles played with hold: never answered as "0 unseen".
    #[error(
        "visible tiles: {tile} is seen {} (the hand's {held} and {visible} visible); {}",
        times(u16::from(*held) + u16::from(*visible)),
        copies_played(*limit)
    )]
    TooManySeen {
        /// The kind.
        tile: Tile,
        /// Copies the hand holds (concealed, declared, wildcard-tile copies).
        held: u8,
        /// Copies among the visible tiles.
        visible: u8,
        /// Copies of the kind among the tiles played with: 4, or 0 for a kind outside the set.
        limit: u8,
    },
    /// A hand no shanten question fits: its size is a multiple of 3, or above the rules' hand.
    /// Shanten takes any hand of 3k + 1 or 3k + 2 tiles up to a complete one.
    #[error(
        "hand has {} (concealed + wildcards + 3 per declared meld); shanten needs 3k + 1 or 3k + 2 tiles, at most {max}",
        tiles(*found)
    )]
    ShantenSize {
        /// Tiles the hand counts.
        found: usize,
        /// Size of a complete hand under the rules.
        max: usize,
    },
    /// No winning hand can be reached from this hand under the rules (a declared meld holds a
    /// tile of the void suit), so it has no shanten: no number of draws makes it win.
    #[error("the hand can never win under these rules: {reason}")]
    NeverWins {
        /// Why, naming the meld and the rule.
        reason: String,
    },
    /// A tile (or wildcard) to take out of a hand that holds none.
    #[error("the hand holds no concealed {tile} to remove")]
    NotHeld {
        /// The tile asked for, or `*` for a wildcard.
        tile: String,
    },
    /// The algorithm cannot answer this hand; it never guesses.
    #[error("unsupported: {algorithm} does not handle {feature}")]
    Unsupported {
        /// The algorithm's stable name.
        algorithm: &'static str,
        /// What it lacks.
        feature: Feature,
    },
}

impl Error {
    /// True for [`Error::Unsupported`].
    pub fn is_unsupported(&self) -> bool {
        matches!(self, Error::Unsupported { .. })
    }
}

/// "once", "5 times".
fn times(n: u16) -> String {
    if n == 1 { "once".to_string() } else { format!("{n} times") }
}

/// How many copies of a kind the tiles played with hold, in words.
fn copies_played(limit: u8) -> String {
    match limit {
        0 => "the tiles played with have none".to_string(),
        n => format!("there are only {n}"),
    }
}

/// "1 tile", "2 tiles": a count of tiles in words.
fn tiles(n: usize) -> String {
    if n == 1 { "1 tile".to_string() } else { format!("{n} tiles") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_counted_in_words() {
        assert!(Error::HandSize { found: 1, expected: 14 }.to_string().starts_with("hand has 1 tile ("));
        assert!(Error::HandSize { found: 12, expected: 14 }.to_string().starts_with("hand has 12 tiles ("));
        assert!(Error::ShantenSize { found: 1, max: 14 }.to_string().starts_with("hand has 1 tile ("));
    }
}
