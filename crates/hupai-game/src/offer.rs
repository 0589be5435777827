//! The tile on offer: what the seats answering a claim are asked about, for observers (feature
//! encoders, bots) that read the table between decisions rather than from the event log.

use crate::event::Seat;
use crate::game::{Game, Phase};
use crate::pai::Pai;

impl Game {
    /// While seats answer a discard, an added kan (chankan) or a concealed kan: the seat that
    /// offered the tile and the tile; otherwise `None`.
    pub fn tile_on_offer(&self) -> Option<(Seat, Pai)> {
        match self.phase {
            Phase::Claims { from, pai, .. } => Some((from, pai)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Game, GameRules};

    #[test]
    fn the_offer_is_the_discard_being_answered() {
        let mut game = Game::new(GameRules::TENHOU, 7);
        assert_eq!(game.tile_on_offer(), None);
        let seat = game.next_seat().unwrap();
        let discard = game.legal_actions(seat).iter().copied().find(|a| matches!(a, Action::Dahai { .. })).unwrap();
        let Action::Dahai { pai, .. } = discard else { unreachable!() };
        game.apply(seat, discard).unwrap();
        // Either the others are asked about the discard, or nobody could claim and the next seat drew.
        match game.tile_on_offer() {
            Some(offer) => assert_eq!(offer, (seat, pai)),
            None => assert_eq!(game.to_act().count_ones(), 1),
        }
    }
}
