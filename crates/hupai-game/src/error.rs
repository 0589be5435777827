//! Why the engine refused something: [`GameError`].

use crate::action::Action;
use crate::event::Seat;

/// An action the game refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No such seat at this table.
    #[error("seat {seat} does not exist: the table has {players} players (seats 0-{})", players - 1)]
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// Players at the table.
        players: u8,
    },
    /// The seat has nothing to decide now.
    #[error("seat {seat} has nothing to decide now (waiting for seat{} {})", if to_act.count_ones() > 1 { "s" } else { "" }, seats(*to_act))]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seats that must decide (a bit per seat).
        to_act: u8,
    },
    /// The action is not legal for this seat now.
    #[error("seat {seat} may not {}: {reason}", crate::action::action_text(*seat, action))]
    Illegal {
        /// The seat.
        seat: Seat,
        /// The action refused.
        action: Action,
        /// Why, in words.
        reason: String,
    },
}

fn seats(bits: u8) -> String {
    (0..4).filter(|s| bits & (1 << s) != 0).map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}
