//! `hupai-combine`: S001's recursive combiner framework, made sound and bounded.
//!
//! A [`Combiner`] names a group shape (pair, triplet, sequence, the partials, or one of your own);
//! a search covers a hand with them, filling missing tiles with wildcards. Use this crate when you
//! want every grouping of a hand (for scoring, display or hints), pluggable shapes such as knitted
//! straights, or the type of each wait (两面 / 边张 / 嵌张 / 单钓 / 双碰). For raw win-check speed
//! prefer `hupai-lookup`.
//!
//! - [`hu_groups`] / [`Search`]: every distinct covering (S001's GetHuGroups, with special
//!   combiners used at most once: GetSpecialHuGroups), their count, or any one;
//!   [`priority_groups`]: the greedy priority mode (GetPriorityGroups).
//! - [`Combine`]: the shared [`hupai_tiles::Algorithm`] (`combine`): win checks, waits and
//!   decompositions under every rule set, any number of wildcards, declared melds, 14 or 17 tiles.
//! - [`typed_waits`]: waits with their kinds ([`WaitKind`]).
//!
//! Each covering is produced once, by construction: groups are chosen in one canonical order (by
//! lowest tile, then combiner order), and boundary states are memoized, so the work is bounded by
//! the number of coverings times the groups per covering plus the number of distinct states. See
//! `docs/combine.md` for what changed from S001 and why.
//!
//! ```
//! use hupai_combine::{Combine, Combiners, hu_groups, typed_waits};
//! use hupai_tiles::{Algorithm, Hand, Rules};
//!
//! // Every covering by pair + melds; the wildcard is shown as the tile it became.
//! let hand: Hand = "11123m456p789s55z*".parse()?;
//! let listed: Vec<String> = hu_groups(&hand, &Combiners::standard()).iter().map(|c| c.to_string()).collect();
//! assert_eq!(listed, ["11m 123m 456p 789s 555z", "111m 123m 456p 789s 55z", "111m 234m 456p 789s 55z"]);
//!
//! // The shared interface.
//! assert!(Combine.is_win(&hand, &Rules::STANDARD)?);
//!
//! // Waits with their kinds.
//! let waits = typed_waits(&"123m456p789s23s11z".parse()?, &Rules::STANDARD)?;
//! assert_eq!(waits.iter().map(|w| w.to_string()).collect::<Vec<_>>(), ["1s (two-sided)", "4s (two-sided)"]);
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! Tests compare decompositions against `hupai_search::Backtrack`; the exhaustive one-suit sweep
//! runs a sample by default and every hand with `HUPAI_FULL=1`.

mod algorithm;
mod combiner;
mod search;
mod waits;

pub use algorithm::Combine;
pub use combiner::{BianShun, Combiner, Combiners, Dan, JiaShun, Jiang, Ke, Limits, ShiSanYao, Shun};
pub use search::{Covering, CoveringRef, FormedGroup, Search, hu_groups, priority_groups};
pub use waits::{TypedWait, WaitKind, WaitKinds, typed_waits};

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
