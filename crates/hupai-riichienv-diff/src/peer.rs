//! riichienv's two game states (four players: `GameState`, three: `GameState3P`) behind one
//! trait, [`Peer`], with only what the lockstep reads and does.

use std::collections::HashMap;

use riichienv_core::action::{Action as RAction, Phase};
use riichienv_core::rule::GameRule;
use riichienv_core::state::GameState;
use riichienv_core::state::legal_actions::GameStateLegalActions;
use riichienv_core::state_3p::GameState3P;
use riichienv_core::state_3p::legal_actions::GameState3PLegalActions;
use riichienv_core::types::Meld;

/// One riichienv game, four or three players.
pub trait Peer {
    /// The legal actions of `seat` now (empty when it has nothing to decide).
    fn legal(&self, seat: u8) -> Vec<RAction>;
    /// Applies every deciding seat's action at once (riichienv's step).
    fn step(&mut self, actions: &HashMap<u8, RAction>);
    /// True while the seat to move decides (not the answers to a discard or a kan).
    fn own_turn(&self) -> bool;
    /// The seats that decide now.
    fn deciding(&self) -> Vec<u8>;
    /// True when the game is over.
    fn is_done(&self) -> bool;
    /// The tile just drawn by the seat to move.
    fn drawn(&self) -> Option<u8>;
    /// Round wind, dealer and counters of the hand being played.
    fn kyoku(&self) -> (u8, u8, u8);
    /// The scores in seat order.
    fn scores(&self) -> Vec<i32>;
    /// A seat's concealed tiles.
    fn hand(&self, seat: u8) -> &[u8];
    /// A seat's declared melds.
    fn melds(&self, seat: u8) -> &[Meld];
    /// Replacement draws so far this hand, and dora indicators shown.
    fn dead_wall_use(&self) -> (u8, usize);
    /// Why riichienv refused the last step, if it did.
    fn last_error(&self) -> Option<&str>;
    /// The last `n` events of its mjai log (when it keeps one).
    fn log_tail(&self, n: usize) -> String;
    /// Riichi sticks on the table.
    fn riichi_sticks(&self) -> u32;
}

/// riichienv's game mode number for a hanchan: 2 with four players, 5 with three.
/// With `log`, riichienv keeps its mjai log (for the states of differences).
pub fn new_peer(players: u8, seed: u64, rule: GameRule, log: bool) -> Box<dyn Peer> {
    if players == 4 {
        Box::new(GameState::new(2, !log, Some(seed), 0, rule))
    } else {
        Box::new(GameState3P::new(5, !log, Some(seed), 0, rule))
    }
}

macro_rules! peer {
    ($state:ty) => {
        impl Peer for $state {
            fn legal(&self, seat: u8) -> Vec<RAction> {
                self._get_legal_actions_internal(seat)
            }
            fn step(&mut self, actions: &HashMap<u8, RAction>) {
                <$state>::step(self, actions)
            }
            fn own_turn(&self) -> bool {
                self.phase == Phase::WaitAct
            }
            fn deciding(&self) -> Vec<u8> {
                if self.is_done {
                    Vec::new()
                } else if self.phase == Phase::WaitAct {
                    vec![self.current_player]
                } else {
                    let mut seats = self.active_players.clone();
                    seats.sort();
                    seats
                }
            }
            fn is_done(&self) -> bool {
                self.is_done
            }
            fn drawn(&self) -> Option<u8> {
                self.drawn_tile
            }
            fn kyoku(&self) -> (u8, u8, u8) {
                (self.round_wind, self.oya, self.honba)
            }
            fn scores(&self) -> Vec<i32> {
                self.players.iter().map(|p| p.score).collect()
            }
            fn hand(&self, seat: u8) -> &[u8] {
                &self.players[usize::from(seat)].hand
            }
            fn melds(&self, seat: u8) -> &[Meld] {
                &self.players[usize::from(seat)].melds
            }
            fn dead_wall_use(&self) -> (u8, usize) {
                (self.wall.rinshan_draw_count, self.wall.dora_indicators.len())
            }
            fn last_error(&self) -> Option<&str> {
                self.last_error.as_deref()
            }
            fn log_tail(&self, n: usize) -> String {
                self.mjai_log[self.mjai_log.len().saturating_sub(n)..].join(" ")
            }
            fn riichi_sticks(&self) -> u32 {
                self.riichi_sticks
            }
        }
    };
}

peer!(GameState);
peer!(GameState3P);
