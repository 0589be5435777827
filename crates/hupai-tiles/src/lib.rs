//! `hupai-tiles`: the tile model, hand notation, rule presets and the [`Algorithm`] interface
//! shared by every hupai algorithm crate.
//!
//! Use this crate alone when you need to parse, validate and print hands, or to implement your
//! own win check behind the common interface. Pick an algorithm crate (`hupai-lookup` for speed,
//! `hupai-search` for a reference, `hupai-combine` for pluggable groupings) to answer hands.
//!
//! ```
//! use hupai_tiles::{Hand, Rules, HandShape, Tile};
//!
//! let hand: Hand = "11m234p**[789s][5555z]".parse()?;
//! assert_eq!(hand.shape(&Rules::STANDARD)?, HandShape::OneShort); // 13 tiles: ask for waits
//! assert_eq!(hand.to_unicode(), "🀇🀇🀚🀛🀜🀪🀪[🀖🀗🀘][🀆🀆🀆🀆]");
//!
//! let bad = "1111m1m".parse::<Hand>().unwrap_err();
//! assert_eq!(bad.to_string(), "5 copies of 1m, counting concealed tiles and declared melds; there are only 4");
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! Encodings used by the seed articles (S000's hex codes, S003's, S001's and S004's card ids)
//! live in [`encoding`].

mod algorithm;
mod decomposition;
pub mod encoding;
mod error;
mod hand;
pub mod knitted;
pub mod notation;
mod rules;
mod tile;

pub use algorithm::{Algorithm, Answer, Capabilities};
pub use decomposition::{Decomposition, Group};
pub use error::{Error, Feature};
pub use hand::{Hand, HandShape, MAX_MELDS, Meld};
pub use rules::{Rules, SevenPairs, TileSupply, UnknownRules, UnknownTileSupply, VoidSuit, wildcard_kind};
pub use tile::{BonusTile, Suit, Tile, TileCounts, TileSet};

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
