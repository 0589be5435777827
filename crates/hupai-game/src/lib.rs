//! `hupai-game` plays mahjong: a deterministic game engine over `hupai` (hands) and
//! `hupai-score` (what wins are worth). Riichi for four and three players today; the turn loop is
//! laid out so that other rule families plug into it (what differs between them is which claims a
//! discard allows, what a win is and who pays).
//!
//! One [`Game`] value holds the whole state. [`Game::legal_actions`] lists what a seat may do,
//! [`Game::apply`] does it or refuses it with a [`GameError`] naming why, and leaves the game
//! unchanged; draws, dora, payments and the next deal happen inside `apply`. The same rules, the
//! same walls and the same actions give the same [`Event`]s on every machine.
//!
//! ```
//! use hupai_game::{Action, Game, GameRules};
//!
//! let mut game = Game::new(GameRules::TENHOU, 42);
//! // Everyone plays the first legal action (a discard, or a pass) until the game ends.
//! while let Some(seat) = game.next_seat() {
//!     let action = game.legal_actions(seat)[0];
//!     game.apply(seat, action)?;
//! }
//! assert!(game.is_over());
//! let total: i32 = game.scores().iter().sum();
//! assert_eq!(total, 4 * 25000); // points are conserved (no sticks left: they go to first place)
//! # Ok::<(), hupai_game::GameError>(())
//! ```
//!
//! Reach lower for the parts: [`rules`] (the flags and presets), [`wall`] (walls and the seeded
//! shuffle), [`event`] and [`action`] (mjai's names), [`mjai`] (JSON).

pub mod action;
pub mod error;
pub mod event;
#[cfg(test)]
mod fast_paths;
mod game;
mod legal;
pub mod mjai;
pub mod pai;
pub mod policy;
pub mod rules;
mod settle;
pub mod tenhou_shuffle;
pub mod wall;

pub use action::{Action, Actions};
pub use error::GameError;
pub use event::{DrawReason, Event, Seat};
pub use game::{Game, MeldKind, MeldRecord, RiverTile, WallSource};
pub use pai::{Pai, PaiId};
pub use rules::{GameLength, GameRules, RulesError};
pub use wall::Wall;
