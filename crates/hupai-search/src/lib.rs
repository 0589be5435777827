//! `hupai-search`: win checks by search, with no tables to build or load.
//!
//! - [`Backtrack`] (`"backtrack"`) is the reference: plain backtracking over tile counts (S002's
//!   baseline), every rule of [`Rules`](hupai_tiles::Rules), any number of wildcards, and every decomposition. Every
//!   other hupai algorithm is tested against it. Use it when you need decompositions, or an
//!   answer you can check by reading the code.
//! - [`Matrix`] (`"matrix"`) is S004's suit matrix: one padded row per suit, a pair, then the
//!   lowest tile of each row taken as a triplet or a sequence. Without wildcards that greedy is
//!   exact; with wildcards a small dynamic programme over each row decides how many wildcards
//!   fill each rank. It answers every hand [`Backtrack`] does except decompositions, fast and
//!   without allocating. Use it for win checks and waits when no lookup table is at hand.
//!
//! Both implement [`Algorithm`](hupai_tiles::Algorithm); `docs/search.md` explains the methods and why they are exact.
//!
//! ```
//! use hupai_search::{Backtrack, Matrix};
//! use hupai_tiles::{Algorithm, Hand, Rules};
//!
//! let rules = Rules::STANDARD;
//! let hand: Hand = "123m456p789s11z1z**".parse()?; // two wildcards
//! assert!(Matrix.is_win(&hand, &rules)?);
//! assert!(Backtrack.is_win(&hand, &rules)?);
//!
//! // Every way to read it: 111z and a pair of wildcards, or 11z and a triplet of wildcards, ...
//! let all = Backtrack.decompositions(&hand, &rules)?;
//! assert_eq!(all[0].to_string(), "11m 123m 456p 789s 111z");
//! assert!(all.iter().all(|d| d.is_valid_for(&hand, &rules)));
//!
//! // A hand one tile short: the nine gates wait on every character tile.
//! let gates: Hand = "1112345678999m".parse()?;
//! assert_eq!(Matrix.waits(&gates, &rules)?.len(), 9);
//! assert_eq!(Matrix.waits(&gates, &rules)?, Backtrack.waits(&gates, &rules)?);
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! # Tests
//!
//! The crate's tests compare the two algorithms on every one-suit and every honors-only hand of
//! 2, 5, 8, 11 and 14 concealed tiles and wildcards. In a debug build they check a deterministic
//! sample; set `HUPAI_FULL=1` to check every hand (best with `--release`):
//! `HUPAI_FULL=1 cargo test --release -p hupai-search`.

mod backtrack;
mod matrix;

pub use backtrack::Backtrack;
pub use matrix::Matrix;

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
