//! `hupai-lookup`: O(1) mahjong win checks over tables built offline and embedded in the binary.
//!
//! Use it when you answer many hands and want the fastest check: the tables are validated once, on
//! first use, then shared read-only by every thread. Three algorithms implement
//! [`hupai_tiles::Algorithm`]:
//!
//! - [`Index`] (`"index"`): S002's index method. The run-length key of the concealed counts is
//!   probed in a perfect hash; the value holds every decomposition and S002's flags. No wildcards.
//! - [`Substitute`] (`"substitute"`): S000's wildcard method over the same table: each wildcard is
//!   substituted by a candidate kind and the result looked up, with a candidate pruning that is
//!   provably complete (`docs/substitute.md`), including the four-copy limit.
//! - [`SuitTable`] (`"suit-table"`): per-suit fewest-wildcards tables.
//!
//! The tables live in `tables/*.bin`, written by `cargo xtask tables` in the container described in
//! [`format`](mod@format) (magic, banner, versions, length, checksum, postcard payload).
//!
//! ```
//! use hupai_lookup::{Index, Substitute};
//! use hupai_tiles::{Algorithm, Hand, Rules};
//!
//! let hand: Hand = "123m456p789s11122z".parse()?;
//! assert!(Index.is_win(&hand, &Rules::STANDARD)?);
//! // S000's pruning (tiles equal or next to tiles held) misses this one: the wildcards must become
//! // a fresh triplet, because three more of 1z, 2z or 3z would be a fifth copy.
//! let hand: Hand = "111z222z333z44z***".parse()?;
//! assert!(Substitute.is_win(&hand, &Rules::STANDARD)?);
//! assert!(Index.is_win(&hand, &Rules::STANDARD).unwrap_err().is_unsupported());
//! let stats = hupai_lookup::index::table().expect("embedded table").stats();
//! assert_eq!((stats.hands, stats.keys_four_melds, stats.keys_real), (11_498_658, 8_185, 9_362));
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! Tests compare every algorithm with `hupai_search::Backtrack` on samples of the exhaustive
//! one-suit and honors sweeps and on random deals; set `HUPAI_FULL=1` to run the sweeps in full
//! (best with `--release`).

mod digest;
pub mod format;
pub mod index;
pub mod substitute;
pub mod suit_table;
pub mod tables;
pub use suit_table::SuitTable;

pub use index::{Index, IndexData, IndexTable};
pub use substitute::Substitute;

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
