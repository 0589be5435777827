//! Duplicate play: the same walls played at several tables with the players moved round the
//! seats, so that luck of the deal cancels out (how Botzone and the GB competitions rank bots).
//! At table `k`, player `p` sits at seat `(p + k) % players`: every player plays every seat's
//! tiles once.

use crate::error::GameError;
use crate::event::Seat;
use crate::game::{Game, WallSource};
use crate::rules::GameRules;

/// The tables of one duplicate set: one game per seat rotation, all dealt the same walls.
#[derive(Debug, Clone)]
pub struct Duplicate {
    /// The games, table `k` with the players moved `k` seats on.
    pub tables: Vec<Game>,
}

impl Duplicate {
    /// One table per seat rotation (four for GB), each a game under `rules` with walls from
    /// `walls` (the same at every table: [`WallSource::Seeded`] seeds, or walls given).
    pub fn new(rules: GameRules, walls: WallSource) -> Duplicate {
        let tables = (0..rules.players).map(|_| Game::with_walls(rules, walls.clone())).collect();
        Duplicate { tables }
    }

    /// The seat player `player` takes at table `table`.
    pub fn seat(&self, table: usize, player: u8) -> Seat {
        let n = self.players();
        ((usize::from(player) + table) % usize::from(n)) as Seat
    }

    /// The player sitting at `seat` of table `table`.
    pub fn player(&self, table: usize, seat: Seat) -> u8 {
        let n = usize::from(self.players());
        ((usize::from(seat) + n - table % n) % n) as u8
    }

    /// Player `player` plays `action` at table `table`, at the seat it has there.
    pub fn apply(&mut self, table: usize, player: u8, action: crate::Action) -> Result<(), GameError> {
        let seat = self.seat(table, player);
        match self.tables.get_mut(table) {
            Some(game) => game.apply(seat, action),
            None => Err(GameError::GameOver),
        }
    }

    /// Each player's total over the tables (scores less the starting points), in player order.
    pub fn totals(&self) -> [i32; 4] {
        let mut totals = [0; 4];
        for (table, game) in self.tables.iter().enumerate() {
            for seat in 0..self.players() {
                let player = usize::from(self.player(table, seat));
                totals[player] += game.scores()[usize::from(seat)] - game.rules().starting_points;
            }
        }
        totals
    }

    /// True when every table's game is over.
    pub fn is_over(&self) -> bool {
        self.tables.iter().all(Game::is_over)
    }

    fn players(&self) -> u8 {
        self.tables.first().map_or(4, Game::players)
    }
}
