//! The differential of `hupai-game` against riichienv (`riichienv-core`, Apache-2.0, used as a
//! peer through its published crate, never copied): both engines are dealt the same walls
//! (riichienv's seeded shuffle, converted to hupai's layout by [`convert::wall`]), a seeded
//! [`lockstep::Policy`] chooses one action among those both list, and at every decision the two
//! legal-action sets are compared, as well as the scores at every hand's start and the game's end.
//!
//! ```no_run
//! let report = hupai_riichienv_diff::lockstep::play(4, 7);
//! // Every difference found carries its reason, when one is known.
//! assert!(report.differences.iter().all(|d| d.explained().is_some()), "{:?}", report.differences);
//! ```
//!
//! `cargo run --release -p hupai-riichienv-diff -- --players 4 --games 10000` plays many games
//! and prints every difference with its state (a test tool: this crate is not published).

pub mod convert;
pub mod lockstep;
pub mod peer;
