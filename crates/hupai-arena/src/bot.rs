//! A built-in policy behind the seat protocol: [`Bot`] reads the events its seat is sent,
//! rebuilds the table from them ([`crate::rebuild`]) whenever it may have a decision, asks its
//! policy among the engine's legal actions, and answers.
//!
//! ```
//! use hupai_arena::{Bot, protocol};
//! use hupai_player::PlayerKind;
//! use hupai_game::{Game, GameRules};
//!
//! // A game where seat 0 is played through the protocol, the others directly.
//! let rules = GameRules::TENHOU;
//! let mut game = Game::new(rules, 1);
//! let mut bot = Bot::new(rules, PlayerKind::Efficiency, None);
//! let mut sent = 0;
//! while let Some(seat) = game.next_seat() {
//!     let legal = game.legal_actions(seat);
//!     let action = if seat == 0 {
//!         let line = protocol::seat_line(&game, 0, sent);
//!         sent = game.events().len();
//!         let answer = bot.react(&line).map_err(|e| e.to_string())?;
//!         protocol::read_action(&answer, 0)?
//!     } else {
//!         hupai_arena::protocol::default_action(&legal)
//!     };
//!     assert!(legal.contains(&action));
//!     game.apply(seat, action).map_err(|e| e.to_string())?;
//! }
//! # Ok::<(), String>(())
//! ```

use hupai_game::policy::Policy;
use hupai_game::{Action, Event, GameRules, Seat};
use hupai_player::PlayerKind;

use crate::protocol::{self, Received};
use crate::rebuild::{self, Census};

/// A built-in policy playing one seat through the protocol.
pub struct Bot {
    rules: GameRules,
    kind: PlayerKind,
    policy: Box<dyn Policy + Send>,
    seat: Option<Seat>,
    /// Told with `--seat`: `start_game`'s `id` must agree.
    fixed_seat: Option<Seat>,
    full: Census,
    started: bool,
    /// The hand being played, from its `start_kyoku`.
    hand: Vec<Event>,
    /// The seat's own answers not yet shown in an event (a pass, Sichuan's tiles passed one at
    /// a time, its void suit): played again on the table rebuilt.
    pending: Vec<Action>,
    /// Events read, for errors.
    read: usize,
    /// Whether each answer carries the hupai player's explanation of the decision as `meta`.
    explain: bool,
    /// The explanation of the last decision, when asked for.
    explanation: Option<hupai_player::Explanation>,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bot").field("policy", &self.kind).field("seat", &self.seat).finish_non_exhaustive()
    }
}

/// A line the bot cannot answer: bad JSON, an event out of order, events the rules cannot have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("event {event}: {message}")]
#[non_exhaustive]
pub struct BotError {
    /// The index of the event (counted from the first line) where it went wrong.
    pub event: usize,
    /// What went wrong.
    pub message: String,
}

impl Bot {
    /// A bot playing `kind` under `rules`; `seat`, if given, must be `start_game`'s `id`.
    pub fn new(rules: GameRules, kind: PlayerKind, seat: Option<Seat>) -> Bot {
        Bot {
            rules,
            kind,
            policy: kind.build(0),
            seat,
            fixed_seat: seat,
            full: rebuild::full_set(&rules),
            started: false,
            hand: Vec::new(),
            pending: Vec::new(),
            read: 0,
            explain: false,
            explanation: None,
        }
    }

    /// Adds to each answer with a decision the hupai player's explanation of it, as `meta`
    /// (mjai readers ignore the key; Mortal's bots put their own figures there): each candidate's
    /// shanten, tenpai and win odds, expected score, danger and value, the choice and the reason.
    /// Under the `hupai` policy the explanation's choice is the answer; under another policy it
    /// is what the hupai player would have chosen.
    pub fn explain(mut self, on: bool) -> Bot {
        self.explain = on;
        self
    }

    /// The seat played, once known.
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// Reads one line of events and answers it with one line (an mjai action).
    pub fn react(&mut self, line: &str) -> Result<String, BotError> {
        let events = protocol::read_events(line).map_err(|message| BotError { event: self.read, message })?;
        self.explanation = None;
        let action = self.react_events(&events)?;
        let seat = self.seat.unwrap_or(0);
        // A win's target: whoever made the last draw, discard or kan (the winner itself on a
        // self-drawn win).
        let target = self.hand.iter().rev().find_map(|e| match *e {
            Event::Tsumo { actor, .. }
            | Event::Dahai { actor, .. }
            | Event::Kakan { actor, .. }
            | Event::Ankan { actor, .. } => Some(actor),
            _ => None,
        });
        let line = protocol::action_line(seat, target.unwrap_or(seat), &action);
        match self.explanation.take() {
            Some(why) => {
                let mut answer: serde_json::Value =
                    serde_json::from_str(&line).map_err(|e| BotError { event: self.read, message: e.to_string() })?;
                answer["meta"] =
                    serde_json::to_value(&why).map_err(|e| BotError { event: self.read, message: e.to_string() })?;
                Ok(answer.to_string())
            }
            None => Ok(line),
        }
    }

    /// Takes in the events since the last answer and answers: the policy's choice among the
    /// legal actions, or [`Action::None`] when the seat has nothing to decide.
    pub fn react_events(&mut self, events: &[Received]) -> Result<Action, BotError> {
        if !events.is_empty() {
            self.pending.clear();
        }
        for r in events {
            let at = self.read;
            self.read += 1;
            let fail = |message: String| BotError { event: at, message };
            let players = self.rules.players;
            if let Some(actor) = r.event.actor()
                && actor >= players
            {
                return Err(fail(format!("{}'s actor {actor} in a {players}-player game", r.event.kind())));
            }
            match r.event {
                Event::StartGame { rules, .. } => {
                    if let Some(rules) = rules
                        && rules != self.rules
                    {
                        self.rules = rules;
                        self.full = rebuild::full_set(&rules);
                    }
                    match (r.id, self.fixed_seat) {
                        (Some(id), Some(fixed)) if id != fixed => {
                            return Err(fail(format!("start_game's id is {id}; the bot was started for seat {fixed}")));
                        }
                        (Some(id), _) if id >= self.rules.players => {
                            return Err(fail(format!("start_game's id {id} in a {}-player game", self.rules.players)));
                        }
                        (Some(id), _) => self.seat = Some(id),
                        (None, Some(fixed)) => self.seat = Some(fixed),
                        (None, None) => return Err(fail("start_game has no \"id\" and no seat was given".into())),
                    }
                    self.started = true;
                    self.hand.clear();
                }
                _ if !self.started => {
                    return Err(fail(format!("{} before start_game", r.event.kind())));
                }
                Event::StartKyoku { .. } => {
                    self.hand.clear();
                    self.hand.push(r.event);
                }
                Event::EndGame { .. } => {
                    self.started = false;
                    self.hand.clear();
                }
                _ if self.hand.is_empty() && !matches!(r.event, Event::EndKyoku) => {
                    return Err(fail(format!("{} before start_kyoku", r.event.kind())));
                }
                Event::Dahai { actor, pai, .. } if !r.recorded => {
                    // Whether it was the tile just drawn: as the table shows it.
                    let tsumogiri =
                        matches!(self.hand.last(), Some(Event::Tsumo { actor: a, pai: p }) if *a == actor && *p == pai);
                    self.hand.push(Event::Dahai { actor, pai, tsumogiri });
                }
                _ => self.hand.push(r.event),
            }
        }
        self.decide()
    }

    fn decide(&mut self) -> Result<Action, BotError> {
        let Some(seat) = self.seat else { return Ok(Action::None) };
        let at = self.read.saturating_sub(1);
        // Nothing to decide after a hand or a game ends.
        // Nor, when every event is sent (mjai's server, mjai.app), after events that never leave
        // this seat a decision: another seat's draw (but under Changsha, whose offers follow
        // draws), its own discard, a riichi standing, a dora turned.
        let changsha = self.rules.family == hupai_game::Family::Changsha;
        match self.hand.last() {
            None | Some(Event::EndKyoku | Event::Ryukyoku { .. } | Event::Niao { .. }) => return Ok(Action::None),
            Some(Event::Hora { .. }) if self.rules.family != hupai_game::Family::Sichuan => return Ok(Action::None),
            Some(Event::Tsumo { actor, .. }) if *actor != seat && !changsha && self.pending.is_empty() => {
                return Ok(Action::None);
            }
            Some(Event::Dahai { actor, .. }) if *actor == seat && !changsha && self.pending.is_empty() => {
                return Ok(Action::None);
            }
            Some(Event::ReachAccepted { .. } | Event::Dora { .. }) if self.pending.is_empty() => {
                return Ok(Action::None);
            }
            _ => {}
        }
        let mut game = rebuild::rebuild(&self.hand, seat, &self.rules, &self.full, self.read as u64)
            .map_err(|message| BotError { event: at, message })?;
        // The seat's own answers that left no event yet (a pass, Sichuan's tiles passed one at
        // a time), played again.
        for &a in &self.pending {
            pass_others(&mut game, seat);
            game.apply(seat, a)
                .map_err(|e| BotError { event: at, message: format!("own answer {}: {e}", a.kind()) })?;
        }
        pass_others(&mut game, seat);
        let legal = game.legal_actions(seat);
        if legal.is_empty() || legal.as_slice() == [Action::None] {
            return Ok(Action::None);
        }
        let action = self.policy.choose(&game, seat, &legal);
        if self.explain {
            self.explanation = hupai_player::Hupai::new().explain(&game, seat);
        }
        self.pending.push(action);
        Ok(action)
    }
}

/// Declines the offers to other seats that come before `seat`'s decision and leave no event
/// when declined (Changsha's small wins of the deal, its last tile): the table asked `seat`
/// only after them.
fn pass_others(game: &mut hupai_game::Game, seat: Seat) {
    while game.to_act() & (1 << seat) == 0 {
        match game.next_seat() {
            Some(other) if game.legal_actions(other).contains(&Action::None) => {
                if game.apply(other, Action::None).is_err() {
                    return;
                }
            }
            _ => return,
        }
    }
}
