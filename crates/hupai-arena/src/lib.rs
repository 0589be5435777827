//! `hupai-arena`: hupai's players as mjai bots, and an arena to measure any bot against any
//! other.
//!
//! - [`protocol`]: what a bot is sent (one JSON array a line: the events since its last answer
//!   as its seat saw them, the other seats' hidden tiles as `?`, its seat as `start_game`'s `id`,
//!   as mjai.app sends them) and how its one-line answer is read back into an engine
//!   [`hupai_game::Action`].
//! - [`Bot`]: a built-in policy ([`hupai_player::PlayerKind`]) behind that protocol. It
//!   sees only its seat's events, so it rebuilds the table from them: the hidden tiles dealt so
//!   that every event it saw stays possible, the hand replayed through the engine to the decision
//!   pending, whose legal actions the policy chooses among.
//! - [`Arena`]: built-in policies and external bots (commands, one process per table) seated
//!   in duplicate sets (each set's walls at every seat rotation), tables in parallel; a bot that
//!   crashes, times out or answers an illegal action loses the decision to a default action,
//!   recorded and reported. Its [`Report`]: per player ranks, points, Tenhou's stable rank and
//!   rates; per pair the 95 % intervals of the paired per-set differences.

pub mod arena;
mod bot;
mod external;
pub mod protocol;
mod rebuild;
pub mod stats;

pub use arena::{Arena, ArenaError, Player};
pub use bot::{Bot, BotError};
pub use external::Fault;
pub use stats::{Interval, PairResult, PlayerResult, Report, TableRecord};
