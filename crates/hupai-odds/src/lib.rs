//! `hupai-odds`: mahjong odds, exact, with wildcards.
//!
//! - [`deal`]: the probability that a random deal (`K` wildcards plus tiles drawn from the wall)
//!   wins, counted exactly from the per-suit tables, beside a seeded Monte Carlo estimate
//!   (`hupai odds`). Its functions are re-exported here.
//! - [`ev`]: for every discard of a hand, the probability of being ready and of winning over the
//!   remaining draws, and the expected score with a pluggable scorer, exact for a policy class
//!   (`hupai check --turns`, `hupai batch --ev`).
//!
//! ```
//! use hupai_odds::ev::{self, EvOptions};
//! use hupai_tiles::{Hand, Rules};
//!
//! // Deals: three wildcards win far more often than none.
//! let plain = hupai_odds::exact(&Rules::STANDARD, 0)?.probability();
//! assert!(hupai_odds::exact(&Rules::STANDARD, 3)?.probability() > 100.0 * plain);
//!
//! // A hand: discarding 9p leaves it ready on 1z and 2z.
//! let hand: Hand = "123m456p789s1122z9p".parse()?;
//! let table = ev::discard_ev(&hand, &Rules::STANDARD, &EvOptions::default())?;
//! let first = &table[0];
//! assert_eq!((first.discard, first.shanten), (hupai_shanten::Discard::Tile("9p".parse()?), 0));
//! let p: f64 = 4.0 / 122.0; // 4 of the 136 − 14 unseen tiles win, every draw
//! assert!((first.win() - (1.0 - (1.0 - p).powi(17))).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod deal;
pub mod ev;

pub use deal::{
    Estimate, Odds, OddsError, Rng, Wall, estimate, estimate_in, estimate_with_wildcard_tile, exact, exact_in,
    exact_with_wildcard_tile, exact_with_wildcard_tile_in,
};
pub use ev::{Calls, DiscardEv, EvError, EvOptions, Evaluator, Figures, Policy, WinValue, discard_ev, hand_ev};

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
