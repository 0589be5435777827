//! `hupai-game` plays mahjong: a deterministic game engine over `hupai` (hands) and
//! `hupai-score` (what wins are worth): riichi for four and three players, and the Chinese
//! Official rules (GB: flowers, the 8-fan minimum, one winner per discard, the 16-hand match,
//! duplicate play). Rule families share the turn loop; what differs between them (the wall,
//! which claims a discard allows, what a win needs and pays, how the match goes on) is the
//! family's ([`Family`], `GameRules::family`).
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
//! A GB match is the same loop under other rules: `Game::new(GameRules::GB, seed)`.
//!
//! Logs: [`formats::read`] reads mjai JSON lines, tenhou.net/6 JSON and Tenhou's mjlog XML into
//! games of [`Event`]s; [`replay::replay`] drives the engine with a log's decisions on walls
//! rebuilt from it (or made by Tenhou's shuffle from the log's seed, [`tenhou_shuffle`]),
//! checking every decision legal and every result equal; [`mjai::write`] and
//! [`formats::tenhou6::write`] write a game's events.
//!
//! Reach lower for the parts: [`rules`] (the family, the flags and presets), [`wall`] (walls and
//! the seeded shuffle), [`event`] and [`action`] (mjai's names), [`mjai`] (JSON), [`duplicate`]
//! (the same walls at several tables).

pub mod action;
pub mod duplicate;
pub mod error;
pub mod event;
mod family;
#[cfg(test)]
mod fast_paths;
pub mod formats;
mod game;
mod legal;
pub mod mjai;
mod offer;
pub mod pai;
pub mod policy;
pub mod replay;
pub mod rules;
pub mod tenhou_shuffle;
mod view;
pub mod wall;

pub use action::{Action, Actions};
pub use duplicate::Duplicate;
pub use error::GameError;
pub use event::{DrawReason, Event, Seat};
pub use game::{Game, MeldKind, MeldRecord, RiverTile, WallSource};
pub use pai::{Pai, PaiId};
pub use rules::{Family, GameLength, GameRules, PaoHonba, RulesError};
pub use view::View;
pub use wall::{ChineseWall, Wall};
