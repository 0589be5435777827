//! `hupai-player`: a mahjong player for `hupai-game` worth playing against (riichi and the
//! Chinese families), and the players by name for every door.
//!
//! [`Hupai`] decides from the seat's view alone (its hand, every river and meld, the dora, the
//! scores), never from another seat's concealed tiles or the wall:
//!
//! - **attack**: each discard's win and tenpai probability and expected score over the draws left,
//!   exact from `hupai::odds` (the rules' scorer with the seat's winds, dora, red fives and the
//!   sticks) when the hand is at most one from ready, estimated from shanten and effective tiles
//!   further out; riichi or dama by expected value; calls weighed by the exact odds near ready,
//!   further out only when they bring a win with a yaku nearer (value honors, all simples, one
//!   suit, triplets); kans that keep the shanten; every legal win;
//! - **defence**: per tile and opponent, the chance of dealing in from what the table shows
//!   (genbutsu and the passes after a riichi, suji, kabe and one chance, honors seen, early outside
//!   discards, riichi, calls showing a flush or value honors, dora) times what the win would cost;
//! - **push or fold**: the best discard's value less its expected loss (now, and the discards
//!   pushing on would need) against the safest discard's;
//! - **the standings**: in the hand that ends the game, wins and deal-ins also count the places
//!   they gain or lose, and a win the risk of being passed that it saves.
//!
//! Under the Chinese families (GB, Sichuan, Hongzhong, Changsha) the same player ranks discards by
//! expected points with the family's own scorer (a GB hand short of 8 fans is worth nothing),
//! plans toward the family's valuable hands, makes kongs for their payments, and chooses
//! Sichuan's three tiles and void suit by what the hand keeps. [`Hupai::explain`] gives every
//! candidate with its figures and the reason ([`Explanation`], serializable).
//!
//! ```
//! use hupai_game::policy::{self, Policy};
//! use hupai_game::{Game, GameLength, GameRules};
//! use hupai_player::{Hupai, PlayerKind};
//!
//! let mut rules = GameRules::TENHOU;
//! rules.length = GameLength::Single;
//! let mut game = Game::new(rules, 7);
//! let seat = game.next_seat().unwrap();
//! let why = Hupai::new().explain(&game, seat).unwrap();
//! assert!(!why.candidates.is_empty());
//! let mut player = "hupai".parse::<PlayerKind>()?.build(7);
//! policy::play_out(&mut game, &mut *player);
//! assert!(game.is_over());
//! # Ok::<(), hupai_player::PlayerError>(())
//! ```

mod chinese;
mod player;
pub mod review;
mod table;
mod yaku;

use std::fmt;
use std::str::FromStr;

use hupai_game::policy::{Policy, PolicyKind};

pub use player::{Candidate, Explanation, Hupai, Mode};

/// Every built-in player by name: `hupai-game`'s [`PolicyKind`]s and [`Hupai`]. What the CLI,
/// Python, C and wasm doors name players with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlayerKind {
    /// Uniform over the legal actions ([`hupai_game::policy::Random`]).
    Random,
    /// The greedy efficiency player ([`hupai_game::policy::Efficiency`]).
    Efficiency,
    /// This crate's [`Hupai`].
    Hupai,
}

impl PlayerKind {
    /// Every player's name.
    pub const NAMES: [&'static str; 3] = ["random", "efficiency", "hupai"];

    /// A player of this kind; `seed` seeds the random one (the others are deterministic).
    pub fn build(self, seed: u64) -> Box<dyn Policy + Send> {
        match self {
            PlayerKind::Random => PolicyKind::Random.build(seed),
            PlayerKind::Efficiency => PolicyKind::Efficiency.build(seed),
            PlayerKind::Hupai => Box::new(Hupai::new()),
        }
    }

    /// The player's name.
    pub const fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Efficiency => "efficiency",
            PlayerKind::Hupai => "hupai",
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A player name that is not one of [`PlayerKind::NAMES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a player (random, efficiency, hupai)")]
#[non_exhaustive]
pub struct PlayerError(pub String);

impl FromStr for PlayerKind {
    type Err = PlayerError;

    fn from_str(s: &str) -> Result<PlayerKind, PlayerError> {
        match s {
            "random" => Ok(PlayerKind::Random),
            "efficiency" => Ok(PlayerKind::Efficiency),
            "hupai" => Ok(PlayerKind::Hupai),
            _ => Err(PlayerError(s.to_string())),
        }
    }
}
