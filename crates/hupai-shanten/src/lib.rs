//! `hupai-shanten`: shanten (向听数 / シャンテン), effective tiles (有效牌 / 受け入れ) and discard
//! advice (打哪张) for mahjong hands **with wildcards** (癞子), declared melds, 17-tile hands, seven
//! pairs and thirteen orphans, and under the regional rules (the 2-5-8 pair, void suits, 108/112-tile
//! sets, the GB knitted forms). Exact, and at table speed under every preset and mostly under the
//! wildcard-fifth-copy option (where stand-ins past the four copies could help, an exact program
//! answers instead: slower, the same semantics).
//!
//! - [`shanten`](shanten()): how far a hand of 3k + 1 or 3k + 2 tiles is from winning: −1 wins, 0 is ready, …
//! - [`effective_tiles`]: for a hand one tile short (3k + 1), the kinds whose draw lowers its
//!   shanten, each with how many copies are still unseen.
//! - [`waits`]: for a hand one tile short, the kinds that complete it (the effective tiles of a
//!   ready hand), found without looking at any draw when it is not ready.
//! - [`is_win`]: whether a complete hand wins (shanten −1, asked no further).
//! - [`melds_distance`]: the tiles to add to any counts for a number of melds and a pair (the
//!   melds form alone): a hand's distance to a win that does without some kinds (a player's yaku
//!   routes: all simples, one suit).
//! - [`discard_advice`]: for a complete-sized hand (3k + 2), every distinct discard with the shanten
//!   after it and its effective tiles, best first.
//!
//! ```
//! use hupai_shanten::{Discard, Form, discard_advice, effective_tiles, shanten};
//! use hupai_tiles::{Hand, Rules, TileCounts};
//!
//! // Thirteen orphans completed by a wildcard: it wins.
//! let hand: Hand = "19m19p19s1234567z*".parse()?;
//! let s = shanten(&hand, &Rules::RIICHI)?;
//! assert_eq!((s.number, s.form), (-1, Form::ThirteenOrphans));
//!
//! // One short and not ready (shanten 1): a second honor of a kind held makes it ready.
//! let hand: Hand = "123m456p789s157z*".parse()?;
//! let e = effective_tiles(&hand, &Rules::STANDARD, &TileCounts::EMPTY)?;
//! assert_eq!(e.shanten, 1);
//! let kinds: Vec<String> = e.tiles.iter().map(|t| t.tile.to_string()).collect();
//! assert_eq!(kinds, ["1z", "5z", "7z"]);
//! assert_eq!(e.unseen(), 9);
//!
//! // A complete hand: which discard keeps it closest to a win.
//! let hand: Hand = "11m234p678s3z***5z6z".parse()?;
//! let advice = discard_advice(&hand, &Rules::STANDARD, &TileCounts::EMPTY)?;
//! assert_eq!(advice[0].shanten(), 0);
//! assert!(matches!(advice.last().map(|o| o.discard), Some(Discard::Wildcard)));
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! # When to reach for it
//!
//! For a program that only asks how far hands are from winning and what to discard: it depends on
//! the tile model and the table format alone. The `hupai` crate answers the same questions at its
//! front door beside win checks, waits and odds, and `hupai batch --shanten` from the command line.
//!
//! # Semantics
//!
//! The **replacement number** r of a hand is the fewest tiles that must be drawn, each in exchange
//! for one of its tiles, to make it a winning hand (same declared melds). Its **shanten** is r − 1.
//! Equivalently r = min over winning hands C of |C \ R| − w, with R the hand's real concealed
//! tiles and w its wildcards (a wildcard covers any tile of C). C obeys the four-copy limit exactly
//! as a win does (concealed, declared and stand-ins together; with the wildcard-fifth-copy option
//! only wildcards may be fifth copies, never a drawn tile), so a ready hand's effective tiles are
//! exactly its waits. A hand smaller than the rules' (3k + 1 or 3k + 2 tiles) is measured against
//! k melds and a pair, as if the missing melds were declared. `docs/semantics.md` has checked
//! examples.
//!
//! # How
//!
//! Per numbered suit an embedded table ([`table`]) gives, for every count pattern of at most 14
//! tiles, the fewest tiles to add for `m` melds and `p` pairs of that suit; honors are per-kind
//! arithmetic; the suits combine by a min-plus convolution over the meld count and the pair's
//! suit. A second table holds the pair halves with the pair on a 2, 5 or 8. Under the regional
//! options each way to win (one per suit that may be void) picks a source per suit: either table,
//! the honors histogram, nothing for a suit no target may hold, or per-kind arithmetic where no
//! sequence fits (sanma's man suit). Suits the tables do not cover (more than 14 tiles, copies
//! taken by declared melds in a suit with sequences) go through an exact rank-by-rank program: same
//! answers, slower; it is also the reference the table path is tested against. The fifth-copy
//! option couples the suits through the wildcards that must stand in past the four copies, but a
//! suit holding no kind four times never needs one, so the tables answer it unless two suits hold
//! a kind four times (then a layered program). Seven pairs and
//! thirteen orphans are closed forms. Effective tiles and advice never recompute a whole hand: a
//! drawn tile lowers each lane of its suit's vector by at most one, so a draw is effective exactly
//! when it lowers a lane at which the best split of the hand is reached (an argmin lane). Which
//! lanes each draw lowers is one lookup per kind; the argmin lanes after each discard come from
//! products of the other suits computed once per hand.

mod advice;
mod changes;
mod effective;
mod exact;
mod fifth;
mod lanes;
mod prepared;
mod regional;
mod shanten;
mod sources;
mod special;
pub mod table;
mod vector;

pub use advice::{Discard, DiscardOption, discard_advice};
pub use effective::{Effective, EffectiveTile, EffectiveTiles, effective_tiles, waits};
pub use prepared::check_rules;
pub use shanten::{Form, Shanten, is_win, melds_distance, shanten};
pub use table::tables;

/// The name this crate's errors give as the algorithm.
pub const NAME: &str = "shanten";

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
