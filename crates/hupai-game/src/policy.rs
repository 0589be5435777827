//! Built-in players for self-play: [`Random`] (uniform over the legal actions, seeded) and
//! [`Efficiency`] (a fast greedy player on hupai's shanten and discard advice). The CLI's
//! `hupai play`, the benches and the Python environments use these same ones, so their figures
//! and games compare.
//!
//! ```
//! use hupai_game::policy::{self, Policy, Random};
//! use hupai_game::{Game, GameRules};
//!
//! let mut game = Game::new(GameRules::TENHOU, 7);
//! game.set_recording(false);
//! let mut players = Random::new(7);
//! let decisions = policy::play_out(&mut game, &mut players);
//! assert!(game.is_over() && decisions > 0);
//! ```

use std::fmt;
use std::str::FromStr;

use hupai::{Discard, Hand, Meld, TileCounts};

use crate::action::{Action, Actions};
use crate::event::Seat;
use crate::game::Game;
use crate::wall::SplitMix64;

/// A player: chooses one of the legal actions of a seat.
pub trait Policy {
    /// One of `legal` (never empty) for `seat` in `game`.
    fn choose(&mut self, game: &Game, seat: Seat, legal: &Actions) -> Action;
}

/// Plays `game` to its end with `policy` at every seat; returns the decisions made.
///
/// Each decision asks the seat [`Game::next_seat`] names, so the order is the same on every
/// machine, and the same policy state gives the same game.
pub fn play_out<P: Policy + ?Sized>(game: &mut Game, policy: &mut P) -> u64 {
    let mut decisions = 0;
    while let Some(seat) = game.next_seat() {
        let legal = game.legal_actions(seat);
        let action = policy.choose(game, seat, &legal);
        // A policy chooses among the legal actions, so apply accepts it; a refusal would be an
        // engine bug, and stopping is safer than looping on it.
        if game.apply(seat, action).is_err() {
            break;
        }
        decisions += 1;
    }
    decisions
}

/// The legal discard of a tile of `kind` a player prefers: the plain tile before the red five, the
/// drawn tile (tsumogiri) before one from the hand. `None` if no tile of that kind may be discarded.
pub fn discard_of_kind(legal: &Actions, kind: hupai::Tile) -> Option<Action> {
    let mut found: Option<Action> = None;
    for &a in legal {
        if let Action::Dahai { pai, tsumogiri } = a
            && pai.kind() == Some(kind)
        {
            let better = match found {
                None => true,
                Some(Action::Dahai { pai: f, tsumogiri: ft }) => {
                    (f.is_red() && !pai.is_red()) || (f == pai && tsumogiri && !ft)
                }
                Some(_) => false,
            };
            if better {
                found = Some(a);
            }
        }
    }
    found
}

/// Uniform over the legal actions, from a seeded SplitMix64: the same seed, the same choices.
#[derive(Debug, Clone)]
pub struct Random {
    rng: SplitMix64,
}

impl Random {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> Random {
        Random { rng: SplitMix64(seed ^ 0x005E_ED0F_9A3E) }
    }
}

impl Policy for Random {
    fn choose(&mut self, _game: &Game, _seat: Seat, legal: &Actions) -> Action {
        legal[self.rng.below(legal.len() as u64) as usize]
    }
}

/// A fast greedy player: wins whenever it can, declares riichi when it can, sets north aside,
/// declares the small wins of a Changsha deal and takes the last tile when ready,
/// calls a pon or chi only when the call lowers its shanten, and discards the tile hupai's
/// discard advice puts first (a plain five before a red one). Never kans, never aborts.
#[derive(Debug, Clone, Copy, Default)]
pub struct Efficiency;

impl Efficiency {
    /// The efficiency player.
    pub fn new() -> Efficiency {
        Efficiency
    }
}

impl Policy for Efficiency {
    fn choose(&mut self, game: &Game, seat: Seat, legal: &Actions) -> Action {
        if let Some(a) = crate::family::own_phase_choice(game, seat, legal) {
            return a;
        }
        for wanted in [Action::Hora, Action::Reach, Action::Kita, Action::Qishouhu] {
            if legal.contains(&wanted) {
                return wanted;
            }
        }
        let p = &game.players[usize::from(seat)];
        if legal.contains(&Action::Haidi) {
            // The last tile (Changsha): taken by a ready hand, which may win on it.
            return if p.waits.is_empty() { Action::None } else { Action::Haidi };
        }
        let melds: arrayvec::ArrayVec<Meld, 4> = p.melds.iter().map(|m| m.meld()).collect();
        let rules = &game.hand_rules;
        if legal.iter().any(|a| matches!(a, Action::Dahai { .. })) {
            return discard(game, seat, legal);
        }
        // Answering a discard: a chi or pon that lowers shanten, else pass.
        let shanten_of = |counts: &[u8; 34], melds: &[Meld]| {
            hand_of(game.wait_rules.wildcard_tile, counts, melds)
                .and_then(|h| hupai::shanten(&h, rules).ok())
                .map(|s| s.number)
        };
        let Some(now) = shanten_of(&p.hand.kinds, &melds) else { return Action::None };
        let mut best: Option<(i8, Action)> = None;
        for &action in legal {
            let (pai, consumed, meld) = match action {
                Action::Pon { pai, consumed } => (pai, consumed, pai.kind().map(Meld::Pon)),
                Action::Chi { pai, consumed } => {
                    let low = [pai, consumed[0], consumed[1]].iter().filter_map(|t| t.kind()).min();
                    (pai, consumed, low.map(Meld::Chi))
                }
                _ => continue,
            };
            let (Some(meld), Some(_)) = (meld, pai.kind()) else { continue };
            let mut counts = p.hand.kinds;
            for c in consumed {
                counts[c.kind_index()] -= 1;
            }
            let mut with = melds.clone();
            with.push(meld);
            if let Some(after) = shanten_of(&counts, &with)
                && after < now
                && best.is_none_or(|(b, _)| after < b)
            {
                best = Some((after, action));
            }
        }
        best.map_or(Action::None, |(_, a)| a)
    }
}

/// A seat's hand as hupai reads it: the copies of a wild kind (Hongzhong's red dragon) as
/// wildcards.
fn hand_of(wildcard: Option<hupai::Tile>, counts: &[u8; 34], melds: &[Meld]) -> Option<Hand> {
    let hand = Hand::new(TileCounts(*counts), 0, melds).ok()?;
    match wildcard {
        Some(w) if counts[w.index()] > 0 => hand.with_wildcard_tile(w).ok(),
        _ => Some(hand),
    }
}

/// The legal discard hupai's advice puts first.
fn discard(game: &Game, seat: Seat, legal: &Actions) -> Action {
    let p = &game.players[usize::from(seat)];
    let dahai = |kind: hupai::Tile| discard_of_kind(legal, kind);
    let melds: arrayvec::ArrayVec<Meld, 4> = p.melds.iter().map(|m| m.meld()).collect();
    if let Some(hand) = hand_of(game.wait_rules.wildcard_tile, &p.hand.kinds, &melds)
        && let Ok(advice) = hupai::discard_advice(&hand, &game.hand_rules, &TileCounts([0; 34]))
    {
        for option in advice {
            if let Discard::Tile(kind) = option.discard
                && let Some(a) = dahai(kind)
            {
                return a;
            }
        }
    }
    // No advice applies (every advised tile barred): the first legal discard.
    legal.iter().copied().find(|a| matches!(a, Action::Dahai { .. })).unwrap_or(legal[0])
}

/// The built-in policies by name, for command lines and bindings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PolicyKind {
    /// [`Random`].
    Random,
    /// [`Efficiency`].
    Efficiency,
}

impl PolicyKind {
    /// Every policy's name.
    pub const NAMES: [&'static str; 2] = ["random", "efficiency"];

    /// A player of this kind; `seed` seeds the random one.
    pub fn build(self, seed: u64) -> Box<dyn Policy + Send> {
        match self {
            PolicyKind::Random => Box::new(Random::new(seed)),
            PolicyKind::Efficiency => Box::new(Efficiency),
        }
    }

    /// The policy's name.
    pub const fn name(self) -> &'static str {
        match self {
            PolicyKind::Random => "random",
            PolicyKind::Efficiency => "efficiency",
        }
    }
}

impl fmt::Display for PolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A policy name that is not one of [`PolicyKind::NAMES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a policy (random, efficiency)")]
pub struct PolicyError(pub String);

impl FromStr for PolicyKind {
    type Err = PolicyError;

    fn from_str(s: &str) -> Result<PolicyKind, PolicyError> {
        match s {
            "random" => Ok(PolicyKind::Random),
            "efficiency" => Ok(PolicyKind::Efficiency),
            _ => Err(PolicyError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameRules;
    use crate::event::Event;

    #[test]
    fn random_is_seeded() {
        let play = |seed| {
            let mut game = Game::new(GameRules::TENHOU, 3);
            let mut p = Random::new(seed);
            play_out(&mut game, &mut p);
            game.events().to_vec()
        };
        assert_eq!(play(1), play(1));
        assert_ne!(play(1), play(2));
    }

    #[test]
    fn efficiency_wins_hands() {
        for rules in [GameRules::TENHOU, GameRules::preset("tenhou-3p").unwrap()] {
            let mut wins = 0;
            let mut riichi = 0;
            let mut calls = 0;
            for seed in 0..4 {
                let mut game = Game::new(rules, seed);
                play_out(&mut game, &mut Efficiency);
                assert!(game.is_over());
                for e in game.events() {
                    match e {
                        Event::Hora { .. } => wins += 1,
                        Event::ReachAccepted { .. } => riichi += 1,
                        Event::Pon { .. } | Event::Chi { .. } => calls += 1,
                        _ => {}
                    }
                }
            }
            // Uniform random play almost never wins; a player on the advice wins most hands.
            assert!(wins >= 10, "{wins} wins");
            assert!(riichi > 0 && calls > 0, "{riichi} riichi, {calls} calls");
        }
    }
}
