//! Replaying a log through the engine: each hand's wall is rebuilt from what the log shows (the
//! deal in the dealt positions, the draws in the draw positions in order, the replacement draws,
//! the dora and ura-dora indicators; every other position holds the tiles left over), the game
//! is played with [`WallSource::Given`], every decision the log records is checked to be among
//! the engine's legal actions, and every result (the deltas of each win and draw, the scores at
//! the start of each hand, the final scores) is checked to equal the log's.
//!
//! The Chinese families' walls (GB's 144 tiles with the flowers, Hongzhong's 112, Changsha's 108)
//! are rebuilt the same way in their own layout: the deal, the draws from the front (and the
//! birds turned over after them), the replacements for kongs and flowers and Changsha's `kaigang`
//! tiles from the back; every `hua`, `tsumo` and `kaigang` of the log must equal the engine's, and
//! a `cuohu` (a false win) is played as the `hora` it was. Changsha's offers on a seat's turn
//! (the small wins of the deal, the last tile, a win on its `kaigang` tiles) are passes unless the
//! log shows them taken (`qishouhu`, `haidi`, `hora`).
//!
//! Passes are not written in logs: a seat asked to answer a discard that the log shows it did
//! not claim passed. A decision is reported to the caller (`on_decision`) whenever the seat had a
//! legal action other than passing, with the legal actions and the one taken.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::action::{Action, Actions};
use crate::event::{DrawReason, Event, Seat};
use crate::formats::{GameLog, LogError, LogEvent, kyoku_name};
use crate::game::{Game, Phase, WallSource};
use crate::pai::{Pai, PaiId};
use crate::rules::{Family, GameRules};
use crate::tenhou_shuffle::TenhouShuffle;
use crate::wall::{ChineseWall, Wall, gb_tile_ids, hongzhong_tile_ids, numbered_tile_ids, tile_ids};

/// What a replay tells of each decision: the game before the action, and the decision.
type OnDecision<'a> = dyn FnMut(&Game, &Decision) + 'a;

/// One decision of a replayed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The index of the last event of the file before the decision.
    pub event: usize,
    /// The seat deciding.
    pub seat: Seat,
    /// The seat whose discard or kan it answers (itself on its own turn).
    pub target: Seat,
    /// Every legal action of the seat.
    pub legal: Actions,
    /// The action the log records (a pass when it records none).
    pub chosen: Action,
}

/// A game replayed to its end with every check passed.
#[derive(Debug, Clone, PartialEq)]
pub struct Replayed {
    /// The last hand played.
    pub kyoku: String,
    /// Decisions applied (passes included).
    pub decisions: u64,
    /// The final scores, one a seat.
    pub scores: Vec<i32>,
    /// The engine's own events of the game (what `convert` writes).
    pub events: Vec<Event>,
    /// The rules it was replayed under.
    pub rules: GameRules,
}

/// The rules a log is replayed under when none are given: the rules its header names, else
/// `tenhou` (four players) or `tenhou-3p`.
pub fn default_rules(log: &GameLog) -> GameRules {
    log.header.rules.unwrap_or(if log.header.players == 3 { GameRules::TENHOU_3P } else { GameRules::TENHOU })
}

/// `rules` with the starting points of the log's game: a riichi game whose first hand is East 1
/// with no counters or sticks and every seat at the same score other than the rules' starting
/// points (a 30,000-point lobby, a 1,000-point one) starts from that score, and its target
/// points are that score too (Tenhou's custom lobbies return what they start with: `csrule`
/// 30000, 30000), so that the first hand is the game's start rather than a restart. The
/// replay's [`Replayed::rules`] says what it used.
pub fn with_the_logs_start(log: &GameLog, rules: GameRules) -> GameRules {
    if rules.family != Family::Riichi || (rules.start_wind, rules.start_dealer) != (0, 0) {
        return rules;
    }
    let n = usize::from(rules.players);
    let first = log.events.iter().find_map(|e| match e.event {
        Event::StartKyoku { bakaze, kyoku, honba, kyotaku, scores, .. } => {
            Some((bakaze.kind_index() == 27 && (kyoku, honba, kyotaku) == (1, 0, 0), scores))
        }
        _ => None,
    });
    let Some((true, scores)) = first else { return rules };
    let start = scores[0];
    if start <= 0 || start == rules.starting_points || scores[..n].iter().any(|&s| s != start) {
        return rules;
    }
    GameRules { starting_points: start, target_points: start, ..rules }
}

/// Replays game number `game` of a file (its index, for errors) under `rules`, reporting every
/// decision with the seat's legal actions.
pub fn replay(
    log: &GameLog,
    game: usize,
    rules: GameRules,
    on_decision: &mut dyn FnMut(&Decision),
) -> Result<Replayed, LogError> {
    drive(log, game, rules, Some(&mut |_: &Game, d: &Decision| on_decision(d)))
}

/// Replays like [`replay`], showing each decision together with the game as it stands before
/// the action is applied (what the deciding seat sees through [`Game::view`]): for readers that
/// turn a log into training data.
pub fn replay_with_game(
    log: &GameLog,
    game: usize,
    rules: GameRules,
    on_decision: &mut dyn FnMut(&Game, &Decision),
) -> Result<Replayed, LogError> {
    drive(log, game, rules, Some(on_decision))
}

/// Replays like [`replay`] with the same checks and the same answer, without listing every
/// seat's legal actions at every decision: each logged action is checked on its own (the engine's
/// `apply` refuses an illegal one), which is what a replay that reports no decisions needs.
pub fn check(log: &GameLog, game: usize, rules: GameRules) -> Result<Replayed, LogError> {
    drive(log, game, rules, None)
}

/// Drives the engine with a log that may stop anywhere, even in the middle of a hand, and gives
/// the game as it stands after the last event, the decision it waits for still pending. The same
/// checks as [`check`], less the end's: a bot rebuilding its table from the events one seat saw
/// (with the hidden tiles dealt to fit) asks this game for its legal actions.
pub fn resume(log: &GameLog, rules: GameRules) -> Result<Game, LogError> {
    let fail =
        |kyoku: &str, at: usize, message: String| LogError { game: 0, kyoku: kyoku.to_string(), event: at, message };
    let mut d = driver(log, 0, rules, None)?;
    let mut kyoku = String::from("start");
    for (i, le) in log.events.iter().enumerate() {
        if let Event::StartKyoku { bakaze, kyoku: k, honba, .. } = le.event {
            kyoku = kyoku_name(bakaze.kind_index().saturating_sub(27) as u8, k, honba);
        }
        d.step(&log.events, i).map_err(|m| fail(&kyoku, le.at, m))?;
        d.last_at = le.at;
    }
    Ok(d.game)
}

fn drive<'a>(
    log: &GameLog,
    game: usize,
    rules: GameRules,
    on_decision: Option<&'a mut OnDecision<'a>>,
) -> Result<Replayed, LogError> {
    let fail =
        |kyoku: &str, at: usize, message: String| LogError { game, kyoku: kyoku.to_string(), event: at, message };
    // Looked for from the end, where a log that has it writes it: the whole list is a game's
    // thousand or more events of 128 bytes, read back from memory for this one question.
    let ends = log.events.iter().rev().any(|e| matches!(e.event, Event::EndGame { .. }));
    let mut d = driver(log, game, rules, on_decision)?;
    // The rules the log's start chose (its starting points, say), which the result reports.
    let rules = *d.game.rules();
    // The hand being played (its wind, number and counter), named only for an error and the
    // result: formatting a name at every hand cost more than the rest of reading its start.
    let mut hand: Option<(u8, u8, u8)> = None;
    let name = |hand: Option<(u8, u8, u8)>| hand.map_or_else(|| String::from("start"), |(w, k, h)| kyoku_name(w, k, h));
    for (i, le) in log.events.iter().enumerate() {
        if let Event::StartKyoku { bakaze, kyoku: k, honba, .. } = le.event {
            hand = Some((bakaze.kind_index().saturating_sub(27) as u8, k, honba));
        }
        d.step(&log.events, i).map_err(|m| fail(&name(hand), le.at, m))?;
        d.last_at = le.at;
    }
    // The log's last event (every event was stepped through above): read here rather than
    // copied at every step.
    let last = log.events.last().map(|e| &e.event);
    let kyoku = name(hand);
    let at = log.events.last().map_or(0, |e| e.at);
    if let Some(e) = d.results.front() {
        return Err(fail(&kyoku, at, format!("the log ends; the engine's hand ended with {} not in it", describe(e))));
    }
    if !d.game.is_over()
        && !matches!(
            last,
            None | Some(Event::EndKyoku | Event::EndGame { .. } | Event::Hora { .. } | Event::Ryukyoku { .. })
        )
    {
        return Err(fail(&kyoku, at, "the log ends in the middle of a hand".into()));
    }
    let n = usize::from(rules.players);
    let mut events = std::mem::take(&mut d.game.events);
    if !ends && !d.game.is_over() {
        // The log stops before the game's end: the engine's events stop with it.
        let last_end = events.iter().rposition(|e| *e == Event::EndKyoku).map_or(events.len(), |i| i + 1);
        events.truncate(last_end);
    }
    Ok(Replayed { kyoku, decisions: d.game.decisions(), scores: d.game.scores()[..n].to_vec(), events, rules })
}

/// The driver at the start of a log: the walls rebuilt from it, the game dealt.
fn driver<'a>(
    log: &GameLog,
    game: usize,
    rules: GameRules,
    on_decision: Option<&'a mut OnDecision<'a>>,
) -> Result<Driver<'a>, LogError> {
    let fail =
        |kyoku: &str, at: usize, message: String| LogError { game, kyoku: kyoku.to_string(), event: at, message };
    if rules.players != log.header.players {
        return Err(fail(
            "start",
            0,
            format!("a {}-player log cannot be replayed under {}-player rules", log.header.players, rules.players),
        ));
    }
    let rules = with_the_logs_start(log, rules);
    let chinese = rules.family != Family::Riichi;
    // One more wall: if the engine deals again where the log ends the game, it is caught; a log
    // that stops before the game's end does not end the engine's game by running out of walls.
    let (walls, chinese_walls) = if chinese {
        let mut walls = build_chinese_walls(&log.events, &rules).map_err(|(k, at, m)| fail(&k, at, m))?;
        walls.push(ChineseWall::seeded_from(0, walls.len() as u32, set_ids(&rules)));
        (Vec::new(), walls)
    } else {
        let mut walls = build_walls(&log.events, &rules).map_err(|(k, at, m)| fail(&k, at, m))?;
        walls.push(Wall::seeded(0, walls.len() as u32, rules.players));
        (walls, Vec::new())
    };
    // A four-player Tenhou log with its shuffle seed is replayed on the walls the seed makes, so
    // every deal, draw and indicator checks the shuffle and the wall layout too.
    let from_the_start = log.events.iter().find_map(|e| match e.event {
        Event::StartKyoku { bakaze, kyoku, honba, kyotaku, .. } => {
            Some(bakaze.kind_index() == 27 && (kyoku, honba, kyotaku) == (1, 0, 0))
        }
        _ => None,
    });
    let source = match log.header.seed.as_deref().map(TenhouShuffle::from_seed) {
        Some(Ok(shuffle)) if !chinese && rules.players == 4 && from_the_start == Some(true) => {
            WallSource::Tenhou(Box::new(shuffle))
        }
        _ if chinese => WallSource::GivenChinese(Arc::from(chinese_walls)),
        _ => WallSource::Given(Arc::from(walls)),
    };
    // The engine writes about as many events as the log holds: room for them at once, rather
    // than the list copied each time it doubles (or made small and grown before the first deal).
    let game = Game::with_walls_and_room(rules, source, log.events.len() + 19);
    let mut d = Driver {
        game,
        seen: 0,
        results: VecDeque::new(),
        draws: VecDeque::new(),
        chinese,
        last_start: None,
        last_at: 0,
        first: true,
        hands_seen: u32::MAX,
        wanted: None,
        on_decision,
        decision: Decision { event: 0, seat: 0, target: 0, legal: Actions::new(), chosen: Action::None },
    };
    d.collect();
    Ok(d)
}

struct Driver<'a> {
    game: Game,
    /// Engine events already looked at.
    seen: usize,
    /// The engine's wins and draws not yet matched with the log's.
    results: VecDeque<Event>,
    /// A Chinese family's `hua` and `tsumo` events not yet matched with the log's, and its wins
    /// and draws among them (where the engine's draws stop).
    draws: VecDeque<Event>,
    /// The rules are a Chinese family's: draws and flowers are matched event for event.
    chinese: bool,
    last_start: Option<Event>,
    last_at: usize,
    /// No hand started yet.
    first: bool,
    /// The engine's count of hands dealt when its events were last looked at (`u32::MAX`: look
    /// at them all).
    hands_seen: u32,
    /// The turn decision the log's current event records (a Changsha offer it answers is not
    /// passed).
    wanted: Option<(Seat, Action)>,
    /// Told every decision with the legal actions; none: each action is checked on its own.
    on_decision: Option<&'a mut OnDecision<'a>>,
    /// The decision being reported, its list of legal actions written in place.
    decision: Decision,
}

fn mjai_text(e: &Event) -> String {
    crate::mjai::event_json(e, 4).to_string()
}

fn describe(e: &Event) -> String {
    match *e {
        Event::Hora { actor, target, deltas, .. } if actor == target => {
            format!("a tsumo by seat {actor} (deltas {deltas:?})")
        }
        Event::Hora { actor, target, deltas, .. } => {
            format!("a ron by seat {actor} on seat {target} (deltas {deltas:?})")
        }
        Event::Ryukyoku { reason, deltas, .. } => format!("a draw ({}, deltas {deltas:?})", reason.mjai()),
        other => other.kind().to_string(),
    }
}

/// True if two actions are the same decision (consumed tiles in any order).
fn same(a: &Action, b: &Action) -> bool {
    fn sorted<const N: usize>(mut x: [Pai; N]) -> [Pai; N] {
        x.sort();
        x
    }
    match (*a, *b) {
        (Action::Chi { pai: p, consumed: c }, Action::Chi { pai: q, consumed: d })
        | (Action::Pon { pai: p, consumed: c }, Action::Pon { pai: q, consumed: d }) => {
            p == q && sorted(c) == sorted(d)
        }
        (Action::Daiminkan { pai: p, consumed: c }, Action::Daiminkan { pai: q, consumed: d }) => {
            p == q && sorted(c) == sorted(d)
        }
        (Action::Ankan { consumed: c }, Action::Ankan { consumed: d }) => sorted(c) == sorted(d),
        _ => a == b,
    }
}

/// The legal action that is the decision `wanted` (consumed tiles in any order), if any. A
/// discard or a pass, most decisions, is looked for by its own fields (the derived comparison is
/// a call per action listed).
fn find(legal: &Actions, wanted: &Action) -> Option<Action> {
    match *wanted {
        Action::Dahai { pai, tsumogiri } => legal
            .iter()
            .find(|a| matches!(a, Action::Dahai { pai: p, tsumogiri: t } if *p == pai && *t == tsumogiri))
            .copied(),
        Action::None => legal.iter().rev().find(|a| matches!(a, Action::None)).copied(),
        _ => legal.iter().find(|a| same(a, wanted)).copied(),
    }
}

/// Why `wanted` is not among `seat`'s legal actions, asked of a copy of the game. Out of line
/// and cold: the copy (a whole `Game`, kilobytes) would otherwise sit in `Driver::decide`'s
/// frame, and every decision would pay for the large frame (a stack probe) that a log's rare
/// illegal action needs.
#[cold]
#[inline(never)]
fn illegal(game: &Game, seat: Seat, wanted: Action) -> String {
    let why = match game.clone().apply(seat, wanted) {
        Err(e) => e.to_string(),
        Ok(()) => "not among the legal actions".into(),
    };
    format!("illegal: {why}")
}

impl Driver<'_> {
    /// Moves the engine's new wins, draws and deals into view.
    #[inline]
    fn collect(&mut self) {
        // Under riichi's family a win or a draw ends the hand within the step that makes it: the
        // next hand is dealt (one more deal counted) or the game is over. So while no hand was
        // dealt since the last look and the game goes on, the new events (a discard, a draw)
        // hold no result and no deal, and are not read one by one (asked after every decision).
        if !self.chinese && self.game.hands_dealt == self.hands_seen && !self.game.is_over() {
            debug_assert!(
                self.game.events()[self.seen..]
                    .iter()
                    .all(|e| !matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. } | Event::StartKyoku { .. }))
            );
            self.seen = self.game.events().len();
            return;
        }
        self.collect_new_events();
    }

    /// [`Driver::collect`]'s look at each new event.
    #[inline(never)]
    fn collect_new_events(&mut self) {
        self.hands_seen = self.game.hands_dealt;
        for e in &self.game.events()[self.seen..] {
            match e {
                Event::Hora { .. } | Event::Ryukyoku { .. } => {
                    self.results.push_back(*e);
                    if self.chinese {
                        self.draws.push_back(*e);
                    }
                }
                Event::Hua { .. } | Event::Tsumo { .. } | Event::Kaigang { .. } if self.chinese => {
                    self.draws.push_back(*e)
                }
                Event::StartKyoku { .. } => self.last_start = Some(*e),
                _ => {}
            }
        }
        self.seen = self.game.events().len();
    }

    fn claims(&self) -> Option<Seat> {
        match self.game.phase {
            Phase::Claims { from, .. } => Some(from),
            _ => None,
        }
    }

    /// `seat` takes `wanted` (matched among its legal actions).
    fn decide(&mut self, seat: Seat, wanted: Action) -> Result<(), String> {
        if self.on_decision.is_none() {
            // `apply` checks the one action against the legal actions of its kind only. A call
            // or kan may name its consumed tiles in another order than the engine's: then it is
            // matched among the legal actions as below.
            match self.game.apply(seat, wanted) {
                Ok(()) => {
                    self.collect();
                    return Ok(());
                }
                Err(e)
                    if !matches!(
                        wanted,
                        Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan { .. } | Action::Ankan { .. }
                    ) =>
                {
                    return Err(format!("illegal: {e}"));
                }
                Err(_) => {}
            }
        }
        // The decision's list is written in place (a list of 48 actions, copied into each
        // `Decision` otherwise).
        let target = self.claims().unwrap_or(seat);
        let decision = &mut self.decision;
        decision.legal.clear();
        crate::legal::fill(&self.game, seat, crate::legal::ALL, &mut decision.legal);
        let Some(chosen) = find(&decision.legal, &wanted) else {
            return Err(illegal(&self.game, seat, wanted));
        };
        if let Some(on) = self.on_decision.as_mut()
            && decision.legal.iter().any(|a| !matches!(a, Action::None))
        {
            decision.event = self.last_at;
            decision.seat = seat;
            decision.target = target;
            decision.chosen = chosen;
            on(&self.game, decision);
        }
        // `chosen` is one of the legal actions just listed for this very state.
        self.game.apply_listed(seat, chosen);
        self.collect();
        Ok(())
    }

    /// Every seat still to answer a discard or kan passes.
    fn pass_claims(&mut self) -> Result<(), String> {
        while self.claims().is_some() {
            let Some(seat) = self.game.next_seat() else { break };
            self.decide(seat, Action::None)?;
        }
        Ok(())
    }

    /// Every seat still to answer a discard or kan passes, and so does every seat offered one of
    /// Changsha's turn decisions (not written in logs when declined) other than the one the log's
    /// event records.
    fn pass_all(&mut self) -> Result<(), String> {
        loop {
            self.pass_claims()?;
            if !self.pass_offer()? {
                return Ok(());
            }
        }
    }

    /// The seat offered one of Changsha's turn decisions passes, unless the log's event records
    /// it taking one; true if it passed. An offer made after a draw of the engine's the log has
    /// not shown yet (the small wins of the deal, after the dealer's draw) waits for that draw.
    #[inline]
    fn pass_offer(&mut self) -> Result<bool, String> {
        // Asked at every turn and answer of every family, and only Changsha offers such decisions:
        // answered here, without entering the rest (a large function, whose entry and exit cost
        // more than the question).
        if !crate::family::has_own_decisions(self.game.rules().family) {
            return Ok(false);
        }
        self.pass_own_offer()
    }

    /// [`Driver::pass_offer`] under a family with decisions of its own.
    #[inline(never)]
    fn pass_own_offer(&mut self) -> Result<bool, String> {
        if !self.draws.is_empty() || !crate::family::own_offer(&self.game) {
            return Ok(false);
        }
        let Some(seat) = self.game.next_seat() else { return Ok(false) };
        if let Some((s, a)) = self.wanted
            && s == seat
            && self.game.legal_actions(seat).contains(&a)
        {
            return Ok(false);
        }
        self.decide(seat, Action::None)?;
        Ok(true)
    }

    /// A Changsha 开杠's two tiles: the engine's must be the same.
    fn kaigang(&mut self, logged: Event) -> Result<(), String> {
        // The kong may still be open to a robbing win (an added kong), which the log passed by
        // opening it; once opened, the claims on its two tiles are the log's next events' to
        // answer (a win on one of them), not passed here.
        if !matches!(self.draws.front(), Some(Event::Kaigang { .. })) {
            self.pass_claims()?;
        }
        match self.draws.pop_front() {
            Some(e) if e == logged => Ok(()),
            Some(e) => Err(format!("the log has {}; the engine {}", mjai_text(&logged), mjai_text(&e))),
            None => Err(format!("the log has {}; the engine opens no kong here", mjai_text(&logged))),
        }
    }

    /// The kong the log records, opened (开杠) if the log's next event turns its two tiles.
    fn kong(events: &[LogEvent], i: usize, pai: Pai, kong: Action) -> Action {
        match events.get(i + 1).map(|e| e.event) {
            Some(Event::Kaigang { .. }) => Action::Kaigang { pai: pai.kind().map_or(pai, Pai::of) },
            _ => kong,
        }
    }

    /// The seats asked about a discard or kan answer: `answer(seat)` for each, a pass otherwise.
    fn answer(&mut self, from: Seat, answer: &dyn Fn(Seat) -> Option<Action>, what: &str) -> Result<(), String> {
        while self.pass_offer()? {}
        match self.claims() {
            Some(f) if f == from => {}
            _ => return Err(format!("{what}: nothing of seat {from}'s is open to claims now")),
        }
        for seat in 0..self.game.players() {
            if let Some(a) = answer(seat)
                && self.game.to_act() & (1 << seat) == 0
            {
                return Err(format!("{what}: seat {seat} may not {} here", a.kind()));
            }
        }
        // Only this window: a kong called on the discard and opened (Changsha) opens claims on
        // its two tiles, which the log's next events answer.
        while self.claims() == Some(from) {
            let Some(seat) = self.game.next_seat() else { break };
            self.decide(seat, answer(seat).unwrap_or(Action::None))?;
        }
        Ok(())
    }

    /// A seat's choice before play (Sichuan's tiles passed and void suit declared).
    fn before_play(&mut self, actor: Seat, action: Action) -> Result<(), String> {
        if !matches!(self.game.phase, Phase::Own(_)) {
            return Err(format!("seat {actor}'s {}: the engine is not before play", action.kind()));
        }
        self.decide(actor, action)
    }

    /// A kong's payments the log records: the engine's last ones by that seat must be the same.
    fn kong_paid(&mut self, actor: Seat, deltas: [i32; 4], recorded: bool) -> Result<(), String> {
        // An added kong is paid as it is declared, before the others may rob it: its payments
        // leave that window open (a robbing win follows in the log, or the claims pass later).
        if self.claims() != Some(actor) {
            self.pass_all()?;
        }
        let n = usize::from(self.game.players());
        let engine = self.game.events()[..self.seen].iter().rev().find_map(|e| match *e {
            Event::Gangfen { actor: a, deltas: d } if a == actor => Some(d),
            _ => None,
        });
        match engine {
            Some(d) if !recorded || d[..n] == deltas[..n] => Ok(()),
            Some(d) => {
                Err(format!("seat {actor}'s kong payments: the log {:?}, the engine {:?}", &deltas[..n], &d[..n]))
            }
            None => Err(format!("seat {actor}'s kong payments: the engine has no kong paid")),
        }
    }

    /// Asked at every turn: inline, the error's words made apart.
    #[inline]
    fn no_result_pending(&self) -> Result<(), String> {
        match self.results.front() {
            Some(e) => Err(Driver::result_pending(e)),
            None => Ok(()),
        }
    }

    #[cold]
    #[inline(never)]
    fn result_pending(e: &Event) -> String {
        format!("the engine's hand ended with {}; the log goes on", describe(e))
    }

    fn own_turn(&mut self, actor: Seat, action: Action) -> Result<(), String> {
        // At the seat's own turn (most events) there is nothing to pass: no claims are open, and
        // only Changsha offers decisions of its own.
        if matches!(self.game.phase, Phase::Turn { seat, .. } if seat == actor)
            && !crate::family::has_own_decisions(self.game.rules().family)
        {
            self.no_result_pending()?;
            return self.decide(actor, action);
        }
        self.pass_all()?;
        self.no_result_pending()?;
        match self.game.phase {
            Phase::Turn { seat, .. } if seat == actor => self.decide(actor, action),
            _ => Err(format!("seat {actor} acts out of turn (the engine waits for seats {:04b})", self.game.to_act())),
        }
    }

    /// A Chinese family's `hua` or `tsumo`: the engine's next one must be the same.
    fn drawn(&mut self, logged: Event) -> Result<(), String> {
        self.pass_all()?;
        let what = |e: &Event| match *e {
            Event::Hua { actor, pai } => format!("seat {actor} set {pai} aside"),
            Event::Tsumo { actor, pai } => format!("seat {actor} draw {pai}"),
            _ => e.kind().to_string(),
        };
        match self.draws.pop_front() {
            Some(e) if e == logged => Ok(()),
            Some(e @ (Event::Hora { .. } | Event::Ryukyoku { .. })) => {
                Err(format!("the engine's hand ended with {}; the log goes on", describe(&e)))
            }
            Some(e) => Err(format!("the log has {}; the engine {}", what(&logged), what(&e))),
            None => Err(format!("the log has {}; the engine has no draw here", what(&logged))),
        }
    }

    /// A false win (错和) the log records: the `hora` the seat claimed, which the rules play as
    /// the penalty; the deltas must equal the engine's.
    fn false_win(&mut self, actor: Seat, deltas: [i32; 4], recorded: bool) -> Result<(), String> {
        let asked = self.claims().is_some() && self.game.to_act() & (1 << actor) != 0;
        if !asked {
            self.pass_all()?;
            self.no_result_pending()?;
            if !matches!(self.game.phase, Phase::Turn { seat, .. } if seat == actor) {
                return Err(format!("a false win by seat {actor}, who has nothing to decide here"));
            }
        }
        let target = self.claims().unwrap_or(actor);
        if let Some(on) = self.on_decision.as_mut() {
            let legal = self.game.legal_actions(actor);
            on(&self.game, &Decision { event: self.last_at, seat: actor, target, legal, chosen: Action::Hora });
        }
        self.game.apply(actor, Action::Hora).map_err(|e| format!("illegal: {e}"))?;
        let n = usize::from(self.game.players());
        match self.game.events()[self.seen..].iter().find(|e| matches!(e, Event::Cuohu { .. })) {
            Some(&Event::Cuohu { deltas: e, .. }) if !recorded || e[..n] == deltas[..n] => {}
            Some(&Event::Cuohu { deltas: e, .. }) => {
                return Err(format!(
                    "a false win by seat {actor}: the log's deltas {:?}, the engine's {:?}",
                    &deltas[..n],
                    &e[..n]
                ));
            }
            _ => return Err(format!("seat {actor}'s hora is a win, not a false win")),
        }
        self.collect();
        Ok(())
    }

    fn compare(&mut self, logged: &LogEvent) -> Result<(), String> {
        let Some(engine) = self.results.pop_front() else {
            return Err(format!("the log ends the hand ({}); the engine does not", describe(&logged.event)));
        };
        if self.chinese {
            // Every draw before the engine's result was in the log.
            match self.draws.pop_front() {
                Some(Event::Hora { .. } | Event::Ryukyoku { .. }) | None => {}
                Some(e) => {
                    return Err(format!("the log ends the hand; the engine first has {}", mjai_text(&e)));
                }
            }
        }
        let n = usize::from(self.game.players());
        match (logged.event, engine) {
            (
                Event::Hora { actor: a, target: t, deltas: d, .. },
                Event::Hora { actor: b, target: u, deltas: e, .. },
            ) => {
                if (a, t) != (b, u) || (logged.recorded && d[..n] != e[..n]) {
                    return Err(format!("the log has {}; the engine {}", describe(&logged.event), describe(&engine)));
                }
                // A Chinese family's log may carry each win's score (fans and points): checked
                // when there.
                if let (Event::Hora { score: l, .. }, Event::Hora { score: m, .. }) = (logged.event, engine)
                    && self.chinese
                    && (l.points > 0 || l.yaku_len > 0)
                    && (l.han, l.points, l.yakuman, l.yaku()) != (m.han, m.points, m.yakuman, m.yaku())
                {
                    let (l, m) = (crate::mjai::score_json(&l), crate::mjai::score_json(&m));
                    return Err(format!("the log scores seat {b}'s win {l}; the engine {m}"));
                }
            }
            (Event::Ryukyoku { deltas: d, .. }, Event::Ryukyoku { deltas: e, .. }) => {
                if logged.recorded && d[..n] != e[..n] {
                    return Err(format!("the log has {}; the engine {}", describe(&logged.event), describe(&engine)));
                }
            }
            _ => return Err(format!("the log has {}; the engine {}", describe(&logged.event), describe(&engine))),
        }
        Ok(())
    }

    fn step(&mut self, events: &[LogEvent], i: usize) -> Result<(), String> {
        let le = &events[i];
        // Read only where the family has decisions of its own (`pass_own_offer`): elsewhere it
        // stays `None`, not written again at every event.
        if crate::family::has_own_decisions(self.game.rules().family) {
            self.wanted = match le.event {
                Event::Qishouhu { actor, .. } => Some((actor, Action::Qishouhu)),
                Event::Haidi { actor } => Some((actor, Action::Haidi)),
                Event::Hora { actor, target, .. } if actor == target => Some((actor, Action::Hora)),
                _ => None,
            };
        }
        let n = usize::from(self.game.players());
        match le.event {
            // Birds the engine turns over itself; the results that follow are compared.
            Event::StartGame { .. } | Event::Dora { .. } | Event::ReachAccepted { .. } | Event::Niao { .. } => Ok(()),
            // Sichuan: the tiles each seat passes and the suit it declares are its choices before
            // play; a kong's payments must be the engine's.
            Event::Huansanzhang { actor, pais, .. } => {
                pais.iter().try_for_each(|&pai| self.before_play(actor, Action::Exchange { pai }))
            }
            Event::Dingque { actor, suit } => self.before_play(actor, Action::Dingque { suit }),
            Event::Gangfen { actor, deltas } => self.kong_paid(actor, deltas, le.recorded),
            // A Chinese family's draws and flowers: the engine's, event for event.
            Event::Hua { .. } | Event::Tsumo { .. } if self.chinese => self.drawn(le.event),
            Event::Hua { .. } => Err("a flower (hua) under rules without flowers".into()),
            Event::Cuohu { actor, deltas } => self.false_win(actor, deltas, le.recorded),
            Event::Kaigang { .. } => self.kaigang(le.event),
            Event::Haidi { actor } => self.own_turn(actor, Action::Haidi),
            Event::Qishouhu { actor, deltas, .. } => {
                self.own_turn(actor, Action::Qishouhu)?;
                let n = usize::from(self.game.players());
                match self.game.events().iter().rev().find(|e| matches!(e, Event::Qishouhu { .. })) {
                    Some(&Event::Qishouhu { actor: a, deltas: e, .. })
                        if a == actor && (!le.recorded || e[..n] == deltas[..n]) =>
                    {
                        Ok(())
                    }
                    Some(e) => Err(format!("the log has {}; the engine {}", mjai_text(&le.event), mjai_text(e))),
                    None => Err(format!("the log has {}; the engine none", mjai_text(&le.event))),
                }
            }
            Event::StartKyoku { bakaze, kyoku, honba, kyotaku, oya, scores, .. } => {
                self.pass_all()?;
                self.no_result_pending()?;
                if self.game.is_over() {
                    return Err("the log deals another hand; under these rules the game is over".into());
                }
                if kyoku == 0 || usize::from(kyoku) > n || usize::from(oya) >= n {
                    return Err(format!("hand {kyoku} with dealer {oya} in a {n}-player game"));
                }
                let same_start = |e: Option<Event>| {
                    matches!(e, Some(Event::StartKyoku { bakaze: b, kyoku: k, honba: h, kyotaku: t, scores: s, .. })
                        if (b, k, h, t) == (bakaze, kyoku, honba, kyotaku) && s[..n] == scores[..n])
                };
                if std::mem::take(&mut self.first) && !same_start(self.last_start) {
                    // A log that begins mid-game: the engine starts where it starts.
                    let wind = bakaze.kind_index().saturating_sub(27) as u8;
                    self.game.restart_at(wind, kyoku.saturating_sub(1), honba, kyotaku, scores);
                    self.seen = 0;
                    self.hands_seen = u32::MAX;
                    self.results.clear();
                    self.draws.clear();
                    self.collect();
                }
                if let Some(Event::StartKyoku {
                    bakaze: b, kyoku: k, honba: h, kyotaku: t, oya: o, scores: s, ..
                }) = self.last_start
                {
                    if (b, k, h, t, o) != (bakaze, kyoku, honba, kyotaku, oya) {
                        return Err(format!(
                            "the log deals {} (dealer {oya}, {kyotaku} sticks); the engine {} (dealer {o}, {t} sticks)",
                            kyoku_name(bakaze.kind_index().saturating_sub(27) as u8, kyoku, honba),
                            kyoku_name(b.kind_index().saturating_sub(27) as u8, k, h)
                        ));
                    }
                    if s[..n] != scores[..n] {
                        return Err(format!(
                            "scores at the start of the hand: the log {:?}, the engine {:?}",
                            &scores[..n],
                            &s[..n]
                        ));
                    }
                }
                // The engine deals the next hand itself; the next start_kyoku is compared with it.
                self.last_start = None;
                Ok(())
            }
            Event::Tsumo { actor, pai } => {
                self.pass_all()?;
                self.no_result_pending()?;
                match self.game.phase {
                    Phase::Turn { seat, drawn: Some(d), .. } if seat == actor && d == pai => Ok(()),
                    Phase::Turn { seat, drawn: Some(d), .. } => {
                        Err(format!("the log has seat {actor} draw {pai}; the engine seat {seat} draw {d}"))
                    }
                    _ => Err(format!("the log has seat {actor} draw {pai}; the engine has no draw here")),
                }
            }
            Event::Dahai { actor, pai, tsumogiri } => {
                let tsumogiri = if le.recorded {
                    tsumogiri
                } else {
                    self.pass_all()?;
                    matches!(self.game.phase, Phase::Turn { drawn: Some(d), .. } if d == pai)
                };
                self.own_turn(actor, Action::Dahai { pai, tsumogiri })
            }
            Event::Reach { actor } => self.own_turn(actor, Action::Reach),
            Event::Ankan { actor, consumed } => {
                self.own_turn(actor, Self::kong(events, i, consumed[0], Action::Ankan { consumed }))
            }
            Event::Kakan { actor, pai, .. } => self.own_turn(actor, Self::kong(events, i, pai, Action::Kakan { pai })),
            Event::Kita { actor, .. } => self.own_turn(actor, Action::Kita),
            Event::Chi { actor, target, pai, consumed } => {
                self.answer(target, &|s| (s == actor).then_some(Action::Chi { pai, consumed }), "chi")
            }
            Event::Pon { actor, target, pai, consumed } => {
                self.answer(target, &|s| (s == actor).then_some(Action::Pon { pai, consumed }), "pon")
            }
            Event::Daiminkan { actor, target, pai, consumed } => {
                let kong = Self::kong(events, i, pai, Action::Daiminkan { pai, consumed });
                self.answer(target, &|s| (s == actor).then_some(kong), "daiminkan")
            }
            Event::Hora { actor, target, .. } => {
                if self.results.is_empty() {
                    if actor == target {
                        self.own_turn(actor, Action::Hora)?;
                    } else {
                        // Every win on this tile: the hora events that follow with the same target.
                        let mut winners = 0u8;
                        for e in &events[i..] {
                            match e.event {
                                Event::Hora { actor: a, target: t, .. } if t == target && a != t => winners |= 1 << a,
                                _ => break,
                            }
                        }
                        self.answer(target, &|s| (winners & (1 << s) != 0).then_some(Action::Hora), "ron")?;
                    }
                }
                self.compare(le)
            }
            Event::Ryukyoku { reason, .. } => {
                if self.results.is_empty() {
                    let turn = matches!(self.game.phase, Phase::Turn { .. });
                    let seat = self.game.next_seat().unwrap_or(0);
                    // A log that gives no reason: nine terminals if the seat to move may declare it.
                    let nine = reason == DrawReason::NineTerminals
                        || (turn
                            && reason == DrawReason::Exhaustive
                            && self.game.tiles_left() > 0
                            && self.game.legal_actions(seat).contains(&Action::Ryukyoku));
                    if nine {
                        self.pass_all()?;
                        let seat = self.game.next_seat().unwrap_or(0);
                        self.decide(seat, Action::Ryukyoku)?;
                    } else if let (DrawReason::TripleRon, Some(from)) = (reason, self.claims()) {
                        // Three wins on one discard: each claims it, and the rules abort the hand.
                        let game = &self.game;
                        let winners = (0..game.players())
                            .filter(|&s| game.to_act() & (1 << s) != 0 && game.legal_actions(s).contains(&Action::Hora))
                            .fold(0u8, |b, s| b | 1 << s);
                        self.answer(from, &|s| (winners & (1 << s) != 0).then_some(Action::Hora), "triple ron")?;
                    } else {
                        self.pass_all()?;
                    }
                }
                self.compare(le)
            }
            Event::EndKyoku => {
                self.pass_all()?;
                self.no_result_pending()
            }
            Event::EndGame { scores } => {
                self.pass_all()?;
                self.no_result_pending()?;
                if !self.game.is_over() {
                    return Err("the log ends the game here; under these rules it goes on".into());
                }
                let s = self.game.scores();
                if le.recorded && s[..n] != scores[..n] {
                    return Err(format!("final scores: the log {:?}, the engine {:?}", &scores[..n], &s[..n]));
                }
                Ok(())
            }
        }
    }
}

/// What a log shows of one hand's wall.
struct HandTiles {
    /// The hand's wind, number and counter, named only should its wall fail.
    kyoku: (u8, u8, u8),
    at: usize,
    oya: Seat,
    tehais: [[Pai; 13]; 4],
    dora: Vec<(Pai, usize)>,
    draws: Vec<(Pai, usize)>,
    replacements: Vec<(Pai, usize)>,
    ura: Vec<(Pai, usize)>,
}

/// Each hand's wall, rebuilt from the log's events. Errors carry the hand, the event and why.
///
/// Each hand's wall is made as soon as its events are read (at the next hand's start, or the
/// log's end), in the one record of the hand's tiles, its lists emptied with their room kept for
/// the next hand: a hand's wall depends on its own events alone, so the first hand whose wall
/// fails is the one named, as when every hand was gathered first.
pub(crate) fn build_walls(events: &[LogEvent], rules: &GameRules) -> Result<Vec<Wall>, (String, usize, String)> {
    let free = free_ids(rules);
    let wall_of = |h: &HandTiles| {
        let (wind, kyoku, honba) = h.kyoku;
        hand_wall(h, rules, &free).map_err(|(at, m)| (kyoku_name(wind, kyoku, honba), at, m))
    };
    // A hanchan deals about a dozen hands; the caller adds one wall more.
    let mut walls = Vec::with_capacity(20);
    let mut hand: Option<HandTiles> = None;
    let mut after_kan = false;
    for le in events {
        // Read in place: an event is 120 bytes, and most are draws and discards this reads the
        // kind and the tile of.
        let e = &le.event;
        if let &Event::StartKyoku { bakaze, kyoku, honba, oya, tehais, dora_marker, .. } = e {
            let kyoku = (bakaze.kind_index().saturating_sub(27) as u8, kyoku, honba);
            match &mut hand {
                Some(h) => {
                    walls.push(wall_of(h)?);
                    h.kyoku = kyoku;
                    h.at = le.at;
                    h.oya = oya;
                    h.tehais = tehais;
                    h.dora.clear();
                    h.dora.push((dora_marker, le.at));
                    h.draws.clear();
                    h.replacements.clear();
                    h.ura.clear();
                }
                None => {
                    hand = Some(HandTiles {
                        kyoku,
                        at: le.at,
                        oya,
                        tehais,
                        dora: vec![(dora_marker, le.at)],
                        // A hand draws up to 70 tiles from the live wall: room for them at once.
                        draws: Vec::with_capacity(72),
                        replacements: Vec::new(),
                        ura: Vec::new(),
                    })
                }
            }
            after_kan = false;
            continue;
        }
        let Some(h) = &mut hand else { continue };
        match *e {
            Event::Tsumo { pai, .. } => {
                if after_kan {
                    h.replacements.push((pai, le.at))
                } else {
                    h.draws.push((pai, le.at))
                }
                after_kan = false;
            }
            Event::Daiminkan { .. } | Event::Ankan { .. } | Event::Kakan { .. } | Event::Kita { .. } => {
                after_kan = true
            }
            Event::Dora { dora_marker } => h.dora.push((dora_marker, le.at)),
            Event::Hora { ura_markers, ura_len, .. } => {
                for (k, &u) in ura_markers[..usize::from(ura_len)].iter().enumerate() {
                    if k >= h.ura.len() {
                        h.ura.push((u, le.at));
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(h) = &hand {
        walls.push(wall_of(h)?);
    }
    Ok(walls)
}

/// Each tile's ids in the set, in order (at most four: one kind's copies), and how many: red
/// fives take the first copies, as the rules number them. The same for every hand of a log.
type FreeIds = [([u8; 4], u8); 38];

fn free_ids(rules: &GameRules) -> FreeIds {
    let mut free = [([0u8; 4], 0u8); 38];
    for id in tile_ids(rules.players) {
        let (list, n) = &mut free[usize::from(id.pai(rules.red_fives).index())];
        if let Some(slot) = list.get_mut(usize::from(*n)) {
            *slot = id.0;
            *n += 1;
        }
    }
    free
}

fn hand_wall(h: &HandTiles, rules: &GameRules, free: &FreeIds) -> Result<Wall, (usize, String)> {
    let players = rules.players;
    let len = rules.tile_count();
    let frame = Wall { yama: [PaiId(0); 136], len: len as u8, dice: [1, 1] };
    // Each position's tile as the log shows it, `Pai::UNKNOWN` where the log shows none (a
    // hidden tile is refused before it is placed), and apart the event showing it (read only
    // for an error: the pass over the positions below reads a byte a position).
    let mut shown = [Pai::UNKNOWN; 136];
    let mut shown_at = [0usize; 136];
    let mut place = |index: usize, pai: Pai, at: usize| -> Result<(), (usize, String)> {
        if pai.is_unknown() {
            return Err((at, "a hidden tile '?': a replay needs every tile the log shows".into()));
        }
        let slot = &mut shown[index];
        if !slot.is_unknown() && *slot != pai {
            let other = *slot;
            return Err((
                at,
                format!("{pai} and {other} fall on one wall position (more replacement draws than the layout holds)"),
            ));
        }
        *slot = pai;
        shown_at[index] = at;
        Ok(())
    };
    for seat in 0..players {
        let offset = (seat + players - h.oya % players) % players;
        for (i, &pai) in h.tehais[usize::from(seat)].iter().enumerate() {
            place(frame.dealt_index(players, offset, i), pai, h.at)?;
        }
    }
    if h.draws.len() > frame.live(players) {
        return Err((
            h.draws[frame.live(players)].1,
            format!("more than {} draws from the live wall", frame.live(players)),
        ));
    }
    for (k, &(pai, at)) in h.draws.iter().enumerate() {
        place(frame.draw_index(players, k), pai, at)?;
    }
    for (k, &(pai, at)) in h.replacements.iter().enumerate() {
        if k >= 8 {
            return Err((at, "more than eight replacement draws".into()));
        }
        place(Wall::replacement_index(k), pai, at)?;
    }
    for (k, &(pai, at)) in h.dora.iter().enumerate().take(5) {
        place(Wall::dora_index(k), pai, at)?;
    }
    for (k, &(pai, at)) in h.ura.iter().enumerate().take(5) {
        place(Wall::ura_index(k), pai, at)?;
    }
    // Each position the log shows takes the first id of its tile not yet taken; the other
    // positions the rest, tile by tile, the last ids first.
    let mut taken = [0u8; 38];
    let mut yama = [PaiId(0); 136];
    // The positions the log shows nothing at, in order.
    let mut unknown = [0u8; 136];
    let mut unknowns = 0;
    for (i, &pai) in shown[..len].iter().enumerate() {
        if pai.is_unknown() {
            unknown[unknowns] = i as u8;
            unknowns += 1;
            continue;
        }
        let k = usize::from(pai.index());
        match free.get(k) {
            Some((list, n)) if taken[k] < *n => {
                yama[i] = PaiId(list[usize::from(taken[k])]);
                taken[k] += 1;
            }
            _ => {
                let at = shown_at[i];
                let why = if pai.is_flower() {
                    format!("{pai}: a flower, which these rules do not have")
                } else if pai.is_red() && rules.red_fives.iter().all(|&r| r == 0) {
                    "the log has red fives; the rules have none".to_string()
                } else {
                    format!("more copies of {pai} than the {len}-tile set holds")
                };
                return Err((at, why));
            }
        }
    }
    let mut left = 0;
    for ((list, n), &t) in free.iter().zip(&taken) {
        for &id in list[usize::from(t)..usize::from(*n)].iter().rev() {
            if let Some(&i) = unknown[..unknowns].get(left) {
                yama[usize::from(i)] = PaiId(id);
            }
            left += 1;
        }
    }
    // Every id above came from the set's free list once, and the set's ids fill the `len`
    // positions exactly (`len` is the set's size, and the ids left over are as many as the
    // positions the log shows nothing at), so the wall is the set's tiles each once: what
    // `Wall::from_ids` checks. Should the ids left over fall short (the positions past them
    // given id 0), it checks and says why.
    if unknowns > left {
        let mut ids = [0u8; 136];
        for (id, slot) in ids.iter_mut().zip(&yama[..len]) {
            *id = slot.0;
        }
        for &i in &unknown[left..unknowns] {
            ids[usize::from(i)] = 0;
        }
        return Wall::from_ids(&ids[..len], players, [1, 1]).map_err(|m| (h.at, m));
    }
    let wall = Wall { yama, len: len as u8, dice: [1, 1] };
    debug_assert_eq!(
        Wall::from_ids(&wall.yama.iter().map(|id| id.0).collect::<Vec<_>>()[..len], players, [1, 1]).as_ref(),
        Ok(&wall)
    );
    Ok(wall)
}

/// The ids of a Chinese family's set.
fn set_ids(rules: &GameRules) -> Vec<crate::pai::PaiId> {
    match rules.family {
        Family::Hongzhong => hongzhong_tile_ids().collect(),
        Family::Sichuan => (0..108u8).map(crate::pai::PaiId).collect(),
        Family::Changsha => numbered_tile_ids().collect(),
        _ => gb_tile_ids().collect(),
    }
}

/// What a log shows of one hand of a Chinese family: each tile it shows at its position in the
/// order the wall is taken.
struct ChineseHand {
    kyoku: String,
    /// The tiles at their positions (front 0.., back from the end), with the event showing them.
    front: Vec<(Pai, usize)>,
    back: Vec<(Pai, usize)>,
    dealt: Vec<(usize, Pai, usize)>,
    /// With `per_player_walls`: each seat's place after the dealer, and the tiles it took from
    /// its own wall after its 13 dealt ones.
    offsets: [u8; 4],
    own: [Vec<(Pai, usize)>; 4],
    /// The dice, where the log shows them (through Sichuan's exchange direction).
    dice: [u8; 2],
}

/// Each hand's wall under a Chinese family, rebuilt from the log: the deal at its positions, the
/// draws and flowers from the front (after a kong or a flower, from the back; Changsha's 开杠
/// tiles from the back), the birds after the draws.
pub(crate) fn build_chinese_walls(
    events: &[LogEvent],
    rules: &GameRules,
) -> Result<Vec<ChineseWall>, (String, usize, String)> {
    let mut hands: Vec<ChineseHand> = Vec::new();
    let mut back_next = false;
    let mut tehais = [[Pai::UNKNOWN; 13]; 4];
    for le in events {
        let e = le.event;
        if let Event::StartKyoku { bakaze, kyoku, honba, oya, tehais: t, .. } = e {
            let round = (bakaze.kind_index().saturating_sub(27) as u8).wrapping_sub(rules.start_wind) & 3;
            let place = crate::family::places(rules.family, round);
            let mut dealt = Vec::new();
            let mut offsets = [0; 4];
            for seat in 0..4u8 {
                let offset = (place[usize::from(seat)] + 4 - place[usize::from(oya & 3)]) % 4;
                offsets[usize::from(seat)] = offset;
                for (i, &pai) in t[usize::from(seat)].iter().enumerate() {
                    let position = if rules.per_player_walls {
                        // The deal too is taken from the end of each seat's own wall.
                        (rules.tile_count() / 4) * (usize::from(offset) + 1) - 1 - i
                    } else {
                        ChineseWall::dealt_position(offset, i)
                    };
                    dealt.push((position, pai, le.at));
                }
            }
            tehais = t;
            hands.push(ChineseHand {
                kyoku: kyoku_name(bakaze.kind_index().saturating_sub(27) as u8, kyoku, honba),
                front: Vec::new(),
                back: Vec::new(),
                dealt,
                offsets,
                own: Default::default(),
                dice: [1, 1],
            });
            back_next = false;
            continue;
        }
        let Some(h) = hands.last_mut() else { continue };
        let take = |h: &mut ChineseHand, pai: Pai, back: bool| {
            if back { h.back.push((pai, le.at)) } else { h.front.push((pai, le.at)) }
        };
        match e {
            // Each seat takes from its own wall, whatever it draws for.
            Event::Hua { actor, pai } if rules.per_player_walls && !tehais[usize::from(actor & 3)].contains(&pai) => {
                h.own[usize::from(actor & 3)].push((pai, le.at))
            }
            // A flower dealt is set aside from the hand, not taken.
            Event::Hua { .. } if rules.per_player_walls => {}
            Event::Tsumo { actor, pai } if rules.per_player_walls => h.own[usize::from(actor & 3)].push((pai, le.at)),
            // A flower dealt is set aside from the hand; one drawn was taken from the wall.
            Event::Hua { actor, pai } => {
                if !tehais[usize::from(actor & 3)].contains(&pai) {
                    take(h, pai, back_next);
                }
                back_next = true;
            }
            Event::Tsumo { pai, .. } => {
                take(h, pai, back_next);
                back_next = false;
            }
            Event::Daiminkan { .. } | Event::Ankan { .. } | Event::Kakan { .. } => back_next = true,
            // A kong robbed (Sichuan plays on after the win) is never made: no replacement tile.
            Event::Hora { actor, target, .. } if actor != target => back_next = false,
            // Sichuan's exchange: its direction is the dice's (see `sichuan::exchange_offset`).
            Event::Huansanzhang { actor, target, .. } => {
                h.dice = match (target + 4 - actor) % 4 {
                    1 => [1, 3],
                    2 => [1, 2],
                    _ => [1, 1],
                };
            }
            // Changsha's 开杠: its two tiles are turned from the back; the next draw is from the
            // front.
            Event::Kaigang { pais, .. } => {
                for pai in pais {
                    take(h, pai, true);
                }
                back_next = false;
            }
            Event::Niao { pais, len, .. } => {
                for &pai in &pais[..usize::from(len)] {
                    take(h, pai, false);
                }
            }
            _ => {}
        }
    }
    hands.iter().map(|h| chinese_wall(h, rules).map_err(|(at, m)| (h.kyoku.clone(), at, m))).collect()
}

fn chinese_wall(h: &ChineseHand, rules: &GameRules) -> Result<ChineseWall, (usize, String)> {
    let set = set_ids(rules);
    let len = set.len();
    // A tile shown more often than the set holds it is named where it is shown once too often.
    let mut copies = [0u8; 46];
    for id in &set {
        copies[usize::from(id.pai([0; 3]).index())] += 1;
    }
    let mut shown: Vec<(usize, Pai)> = h.dealt.iter().map(|&(_, pai, at)| (at, pai)).collect();
    shown.extend(h.front.iter().chain(&h.back).chain(h.own.iter().flatten()).map(|&(pai, at)| (at, pai)));
    shown.sort_by_key(|&(at, _)| at);
    for (at, pai) in shown {
        if let Some(left) = copies.get_mut(usize::from(pai.index())).filter(|_| !pai.is_unknown()) {
            if *left == 0 {
                return Err((at, format!("more copies of {pai} than the {len}-tile set holds")));
            }
            *left -= 1;
        }
    }
    let mut slots: Vec<Option<(Pai, usize)>> = vec![None; len];
    let mut place = |index: usize, pai: Pai, at: usize| -> Result<(), (usize, String)> {
        if pai.is_unknown() {
            return Err((at, "a hidden tile '?': a replay needs every tile the log shows".into()));
        }
        match slots.get(index).copied() {
            None => Err((at, format!("more tiles taken than the {len}-tile wall holds"))),
            Some(Some((other, _))) if other != pai => {
                Err((at, format!("{pai} and {other} fall on one wall position (the front and the back meet)")))
            }
            Some(_) => {
                slots[index] = Some((pai, at));
                Ok(())
            }
        }
    };
    for &(index, pai, at) in &h.dealt {
        place(index, pai, at)?;
    }
    for (k, &(pai, at)) in h.front.iter().enumerate() {
        place(52 + k, pai, at)?;
    }
    for (k, &(pai, at)) in h.back.iter().enumerate() {
        let Some(index) = len.checked_sub(1 + k) else {
            return Err((at, format!("more tiles taken than the {len}-tile wall holds")));
        };
        place(index, pai, at)?;
    }
    // Each seat's own wall: its quarter, taken from the end (the deal placed above).
    let part = len / 4;
    for (seat, own) in h.own.iter().enumerate() {
        for (k, &(pai, at)) in own.iter().enumerate() {
            let Some(from_end) = part.checked_sub(1 + 13 + k) else {
                return Err((at, format!("seat {seat} takes more tiles than its own wall of {part} holds")));
            };
            place(part * usize::from(h.offsets[seat]) + from_end, pai, at)?;
        }
    }
    let mut free: Vec<Vec<u8>> = vec![Vec::new(); 46];
    for id in &set {
        free[usize::from(id.pai([0; 3]).index())].push(id.0);
    }
    for list in &mut free {
        list.reverse();
    }
    let mut ids: Vec<Option<u8>> = vec![None; len];
    for (slot, id) in slots.iter().zip(ids.iter_mut()) {
        if let Some((pai, at)) = *slot {
            let Some(x) = free.get_mut(usize::from(pai.index())).and_then(Vec::pop) else {
                return Err((at, format!("more copies of {pai} than the {len}-tile set holds")));
            };
            *id = Some(x);
        }
    }
    let mut rest = free.into_iter().flatten();
    let mut tiles = [PaiId(0); crate::wall::GB_TILES];
    for (slot, id) in tiles.iter_mut().zip(ids) {
        *slot = PaiId(id.or_else(|| rest.next()).unwrap_or(0));
    }
    Ok(ChineseWall { tiles, len: len as u8, dice: h.dice })
}
