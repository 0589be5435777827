//! The lockstep: one hupai game and one riichienv game on the same walls, every decision's legal
//! actions compared, the same choice applied to both; and [`Policy`], the seeded player that
//! chooses (it wins, calls and declares riichi, so that the rare paths get played).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use hupai::{Discard, Hand, Meld, Tile, TileCounts};
use hupai_game::wall::SplitMix64;
use hupai_game::{Action, DrawReason, Event, Game, GameRules, Wall, WallSource};
use riichienv_core::action::Action as RAction;
use riichienv_core::rule::GameRule;
use riichienv_core::types::{Meld as RMeld, MeldType};

use crate::convert;
use crate::peer::{Peer, new_peer};

/// Walls dealt ahead for one game (a hanchan rarely plays 30 hands; the game stops, reported,
/// if they run out).
const WALLS_PER_GAME: usize = 64;

/// What a lockstep game found.
#[derive(Debug, Default, Clone)]
pub struct GameReport {
    /// Decisions whose legal sets were compared (one per deciding seat).
    pub decisions: u64,
    /// Hands played.
    pub hands: u32,
    /// Every difference found (the game stops at the first one it cannot play on from).
    pub differences: Vec<Difference>,
    /// Why the game stopped before its end with both engines agreeing, if it did.
    pub stopped: Option<String>,
}

/// One decision (or hand result) where the engines disagree, with the state.
#[derive(Debug, Clone)]
pub struct Difference {
    /// What differs: `legal`, `deciding seats`, `scores`, `kyoku`, `end`.
    pub what: &'static str,
    /// The hand (`E1-0`), seat and decision number in the game.
    pub kyoku: String,
    /// The seat deciding (or 255 for a hand's result).
    pub seat: u8,
    /// Actions only hupai lists, as mjai JSON.
    pub only_hupai: Vec<String>,
    /// Actions only riichienv lists, as mjai JSON.
    pub only_riichienv: Vec<String>,
    /// The state: the seat's hand, melds and drawn tile, or the two engines' values.
    pub state: String,
    /// A hand was settled differently before (scores differ, so riichi's 1,000 points and the
    /// match's end may too).
    pub after_scores: bool,
    /// The last action played before it.
    pub last_action: Option<Action>,
    /// The deciding seat holds all four copies of a kind (hand and melds); for `kyoku`, some seat
    /// was ready at the wall's end only on kinds it holds all four of.
    pub holds_four: bool,
    /// For `scores`: why the hand was paid differently, when recognised from the two engines'
    /// results of the hand (see [`settlement_cause`]).
    pub cause: Option<&'static str>,
}

/// The reason given to a hand paid differently whose cause [`settlement_cause`] does not
/// recognise (counted apart by the runner: not a legal-action difference, not yet a reason).
pub const UNSORTED: &str = "settlement: a hand paid differently, cause not recognised";

impl Difference {
    /// Why the engines differ here, when the reason is known (docs/game.md lists each with its
    /// source), or `None` for a difference nobody has explained.
    pub fn explained(&self) -> Option<&'static str> {
        match self.what {
            "scores" => Some(self.cause.unwrap_or(UNSORTED)),
            _ if self.after_scores => Some("follows a hand settled differently"),
            "end" if self.state.starts_with("hupai over true at W") => Some(
                "west round: hupai ends after any hand once someone has 30,000; riichienv only when the dealer passes",
            ),
            "kyoku" if self.holds_four => Some(
                "a wait whose four copies are all the seat's own, at the exhaustive draw: riichienv pays it as tenpai (and keeps such a dealer), hupai (as Tenhou) does not",
            ),
            "legal"
                if self.holds_four
                    && self.only_hupai.is_empty()
                    && self.only_riichienv.iter().all(|a| a.contains("\"dahai\"") || a.contains("\"reach\"")) =>
            {
                Some(
                    "a wait whose four copies are all the seat's own: riichienv counts the hand ready, hupai (as Tenhou) does not",
                )
            }
            _ => None,
        }
    }
}

/// The seeded player both engines follow: wins whenever it may, declares riichi, calls often
/// enough that melds, kans and kita happen, and otherwise discards by hupai's discard advice
/// with some randomness.
#[derive(Debug, Clone)]
pub struct Policy {
    rng: SplitMix64,
}

impl Policy {
    /// A policy seeded with `seed`.
    pub fn new(seed: u64) -> Policy {
        Policy { rng: SplitMix64(seed ^ 0x0005_EED0_FA11) }
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.rng.below(100) < percent
    }

    fn pick<'a>(&mut self, of: &'a [Action]) -> Option<&'a Action> {
        if of.is_empty() { None } else { of.get(self.rng.below(of.len() as u64) as usize) }
    }

    /// Chooses among `legal` (never empty) for a seat holding `hand` and `melds` (riichienv ids).
    pub fn choose(&mut self, legal: &[Action], hand: &[u8], melds: &[RMeld], rules: &GameRules) -> Action {
        let of = |kind: &str| legal.iter().copied().filter(|a| a.kind() == kind).collect::<Vec<_>>();
        if legal.contains(&Action::Hora) {
            return Action::Hora;
        }
        if legal.contains(&Action::Ryukyoku) && self.chance(50) {
            return Action::Ryukyoku;
        }
        if legal.contains(&Action::Reach) && self.chance(90) {
            return Action::Reach;
        }
        if legal.contains(&Action::Kita) && self.chance(90) {
            return Action::Kita;
        }
        for (kind, percent) in [("ankan", 60), ("kakan", 60), ("daiminkan", 40), ("pon", 40), ("chi", 30)] {
            let options = of(kind);
            if !options.is_empty() && self.chance(percent) {
                return *self.pick(&options).unwrap_or(&legal[0]);
            }
        }
        let discards = of("dahai");
        if discards.is_empty() {
            return if legal.contains(&Action::None) { Action::None } else { legal[0] };
        }
        if self.chance(85)
            && let Some(kind) = advised(hand, melds, rules, &discards)
        {
            let of_kind: Vec<Action> = discards
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Dahai { pai, .. } if pai.kind() == Some(kind)))
                .collect();
            if let Some(a) = self.pick(&of_kind) {
                return *a;
            }
        }
        *self.pick(&discards).unwrap_or(&legal[0])
    }
}

/// The best discard by hupai's advice among the kinds `discards` allows.
fn advised(hand: &[u8], melds: &[RMeld], rules: &GameRules, discards: &[Action]) -> Option<Tile> {
    let mut counts = [0u8; 34];
    for &t in hand {
        counts[usize::from(t / 4)] += 1;
    }
    let melds: Vec<Meld> = melds
        .iter()
        .filter_map(|m| {
            let kind = Tile::ALL[usize::from(*m.tiles.iter().min()? / 4)];
            Some(match m.meld_type {
                MeldType::Chi => Meld::Chi(kind),
                MeldType::Pon => Meld::Pon(kind),
                MeldType::Daiminkan | MeldType::Kakan => Meld::Kan(kind),
                MeldType::Ankan => Meld::ClosedKan(kind),
            })
        })
        .collect();
    let hand = Hand::new(TileCounts(counts), 0, &melds).ok()?;
    let advice = hupai::discard_advice(&hand, &rules.hand_rules(), &TileCounts([0; 34])).ok()?;
    advice.iter().find_map(|option| match option.discard {
        Discard::Tile(kind)
            if discards.iter().any(|a| matches!(a, Action::Dahai { pai, .. } if pai.kind() == Some(kind))) =>
        {
            Some(kind)
        }
        _ => None,
    })
}

/// riichienv's rules and hupai's for one comparison: `tenhou` (four players) or `tenhou-3p`,
/// with the flags riichienv's `default_tenhou` sets differently from hupai's presets changed to
/// riichienv's (listed in docs/game.md, the differential's section, with the sources).
pub fn rules(players: u8) -> (GameRules, GameRule) {
    let mut rules = if players == 4 { GameRules::TENHOU } else { GameRules::TENHOU_3P };
    // riichienv's Tenhou preset refuses a thirteen-orphans ron on a concealed kan.
    rules.kokushi_chankan_ankan = false;
    if players == 3 {
        // riichienv lets riichi be declared with three live tiles left in three-player games.
        rules.riichi_min_wall = 3;
    }
    (rules, GameRule::default_tenhou())
}

/// riichienv's walls of a game seeded with `seed` (its per-hand shuffle), as hupai walls.
pub fn walls(players: u8, seed: u64) -> Vec<Wall> {
    let mut out = Vec::with_capacity(WALLS_PER_GAME);
    if players == 4 {
        let mut w = riichienv_core::state::wall::WallState::new(Some(seed));
        for _ in 0..WALLS_PER_GAME {
            w.shuffle();
            out.push(convert::wall(&w.tiles, 4));
        }
    } else {
        let mut w = riichienv_core::state_3p::wall::WallState3P::new(Some(seed));
        for _ in 0..WALLS_PER_GAME {
            w.shuffle();
            out.push(convert::wall(&w.tiles, 3));
        }
    }
    out
}

fn mjai(seat: u8, actions: &BTreeSet<Action>) -> Vec<String> {
    actions.iter().map(|a| hupai_game::mjai::action_json(seat, seat, a).to_string()).collect()
}

/// The last events hupai recorded (when asked for with `RIICHIENV_DIFF_EVENTS`), as mjai.
fn last_events(game: &Game) -> String {
    let events = game.events();
    let from = events.len().saturating_sub(6);
    events[from..]
        .iter()
        .map(|e| match e {
            // The win's worth (han, fu, yaku) is not in mjai's hora.
            hupai_game::Event::Hora { .. } => format!("{e:?}"),
            _ => hupai_game::mjai::event_json(e, game.players()).to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// hupai's results of the hand just played: its wins (`hora`, more than one on a double ron)
/// or its draw.
fn hand_results(game: &Game) -> Vec<Event> {
    game.events().iter().filter(|e| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. })).cloned().collect()
}

/// An exhaustive draw paid as hupai's tenpai seats say, each score change.
fn tenpai_payments(rules: &GameRules, tenpai: u8) -> Vec<i32> {
    let n = u32::from(rules.players);
    let ready = (tenpai & ((1 << n) - 1)).count_ones();
    (0..n)
        .map(|s| match ready {
            0 => 0,
            r if r == n => 0,
            r if tenpai & (1 << s) != 0 => rules.noten_penalty / r as i32,
            r => -rules.noten_penalty / (n - r) as i32,
        })
        .collect()
}

/// An exhaustive draw where riichienv counts a hand ready only on its own four copies: hupai's
/// payments redone with those seats tenpai give riichienv's to the point.
pub const FOUR_OWN_DRAW: &str = "settlement: a wait whose four copies are all the seat's own, at the exhaustive draw: riichienv pays it as tenpai, hupai (as Tenhou) does not";

/// The game ended after the hand in hupai only (the west round's sudden death: see the `end`
/// class), and hupai gave the riichi sticks on the table to the top seat as a game's end does;
/// riichienv plays on with them on the table.
pub const STICKS_AT_HUPAI_END: &str = "settlement: the game ended in hupai only (west round), which gave the riichi sticks on the table to the top seat; riichienv plays on with them";

/// A tsumo on the replacement tile of a kita made after an open kan whose dora was still to be
/// shown: riichienv shows that kan dora at the kita (and counts it), hupai only after a discard or
/// at the next kan, as for any open kan. Not found in Tenhou's published rules; no flag of
/// either expresses it.
pub const KAN_DORA_AT_KITA: &str = "settlement: a win on a kita's replacement after an open kan: riichienv shows the kan's dora at the kita, hupai after the discard (not in Tenhou's published rules; no flag in either)";

/// One hand as the two engines paid it, for [`settlement_cause`].
#[derive(Debug, Clone, Copy)]
pub struct HandPaid<'a> {
    /// hupai's events of the hand (its wins, `hora`, or its draw among them).
    pub events: &'a [Event],
    /// The seats riichienv may count ready on their own four copies at the wall's end, one bit
    /// each.
    pub four_own: u8,
    /// hupai's score changes over the hand, by seat.
    pub hupai: &'a [i32],
    /// riichienv's score changes over the hand, by seat.
    pub riichienv: &'a [i32],
    /// When the game ended after the hand in hupai only: riichienv's riichi sticks on the table.
    pub sticks_left_in_riichienv: Option<u32>,
}

/// Why the two engines paid a hand differently, recognised from hupai's results of the hand and
/// each engine's score changes; `None` when no known cause gives riichienv's changes from
/// hupai's.
pub fn settlement_cause(rules: &GameRules, hand: &HandPaid) -> Option<&'static str> {
    let results: Vec<&Event> =
        hand.events.iter().filter(|e| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. })).collect();
    if let [Event::Ryukyoku { reason: DrawReason::Exhaustive, tenpai, .. }] = results[..] {
        let also = hand.four_own & !tenpai;
        if also != 0 {
            let (was, now) = (tenpai_payments(rules, *tenpai), tenpai_payments(rules, *tenpai | also));
            let expected: Vec<i32> = (0..hand.hupai.len()).map(|s| hand.hupai[s] - was[s] + now[s]).collect();
            if expected == hand.riichienv {
                return Some(FOUR_OWN_DRAW);
            }
        }
    }
    if let [Event::Hora { actor, target, .. }] = results[..] {
        // The last open kan, then no discard (its dora still to show), then a kita, then the
        // win on its replacement: riichienv paid the winner more.
        let at = |f: &dyn Fn(&Event) -> bool| hand.events.iter().rposition(f);
        let kan = at(&|e| matches!(e, Event::Kakan { .. } | Event::Daiminkan { .. }));
        let discard = at(&|e| matches!(e, Event::Dahai { .. }));
        let kita = at(&|e| matches!(e, Event::Kita { .. }));
        let seat = usize::from(*actor);
        if let (Some(kan), Some(kita)) = (kan, kita)
            && actor == target
            && discard.is_none_or(|d| d < kan)
            && kan < kita
            && hand.riichienv[seat] > hand.hupai[seat]
        {
            return Some(KAN_DORA_AT_KITA);
        }
    }
    if let Some(sticks) = hand.sticks_left_in_riichienv.filter(|&n| n > 0) {
        let more: Vec<i32> = hand.hupai.iter().zip(hand.riichienv).map(|(h, r)| h - r).collect();
        let mut paid = more.iter().filter(|&&d| d != 0);
        if paid.next() == Some(&(sticks as i32 * 1000)) && paid.next().is_none() {
            return Some(STICKS_AT_HUPAI_END);
        }
    }
    None
}

fn kyoku_name(peer: &dyn Peer) -> String {
    let (wind, oya, honba) = peer.kyoku();
    let w = ["E", "S", "W", "N"][usize::from(wind & 3)];
    if honba > 0 { format!("{w}{}-{honba}", oya + 1) } else { format!("{w}{}", oya + 1) }
}

/// True if the seat's hand (13 tiles with its melds) would be complete with a fifth copy of a
/// kind it holds all four of, and with no other kind: ready only on its own four copies.
fn ready_only_on_own_fours(peer: &dyn Peer, seat: u8, discard: Option<usize>) -> bool {
    let mut hand = [0u8; 34];
    for &t in peer.hand(seat) {
        hand[usize::from(t / 4)] += 1;
    }
    if let Some(k) = discard {
        if hand[k] == 0 {
            return false;
        }
        hand[k] -= 1;
    }
    let mut held = hand;
    for m in peer.melds(seat) {
        for &t in &m.tiles {
            held[usize::from(t / 4)] += 1;
        }
    }
    let sets = 4 - peer.melds(seat).len();
    if hand.iter().map(|&c| usize::from(c)).sum::<usize>() != 3 * sets + 1 {
        return false;
    }
    let completes = |k: usize| {
        let mut c = hand;
        c[k] += 1;
        complete(&mut c, sets, true) || (sets == 4 && special(&c))
    };
    let own = (0..34).filter(|&k| held[k] == 4 && completes(k)).count();
    own > 0 && (0..34).all(|k| held[k] == 4 || !completes(k))
}

/// `sets` melds and (if `pair`) a pair from `c`, by shape only (a count of five allowed).
fn complete(c: &mut [u8; 34], sets: usize, pair: bool) -> bool {
    let Some(i) = c.iter().position(|&n| n > 0) else { return sets == 0 && !pair };
    if pair && c[i] >= 2 {
        c[i] -= 2;
        let ok = complete(c, sets, false);
        c[i] += 2;
        if ok {
            return true;
        }
    }
    if sets > 0 && c[i] >= 3 {
        c[i] -= 3;
        let ok = complete(c, sets - 1, pair);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if sets > 0 && i < 27 && i % 9 < 7 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = complete(c, sets - 1, pair);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        if ok {
            return true;
        }
    }
    false
}

/// Seven pairs (seven distinct kinds, two each) or thirteen orphans, by shape.
fn special(c: &[u8; 34]) -> bool {
    let pairs = c.iter().filter(|&&n| n == 2).count() == 7;
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let kokushi = orphans.iter().all(|&k| c[k] >= 1) && orphans.iter().map(|&k| usize::from(c[k])).sum::<usize>() == 14;
    pairs || kokushi
}

/// True if the seat holds all four copies of some kind, in its hand and melds together.
fn holds_four(peer: &dyn Peer, seat: u8) -> bool {
    let mut counts = [0u8; 34];
    for &t in peer.hand(seat).iter().chain(peer.melds(seat).iter().flat_map(|m| m.tiles.iter())) {
        counts[usize::from(t / 4)] += 1;
    }
    counts.contains(&4)
}

fn seat_state(peer: &dyn Peer, seat: u8) -> String {
    let mut hand: Vec<u8> = peer.hand(seat).to_vec();
    hand.sort();
    let tiles: Vec<&str> = hand.iter().map(|&t| convert::pai(t).mjai()).collect();
    let melds: Vec<String> = peer
        .melds(seat)
        .iter()
        .map(|m| {
            let t: Vec<&str> = m.tiles.iter().map(|&t| convert::pai(t).mjai()).collect();
            format!("{:?}[{}]", m.meld_type, t.join(" "))
        })
        .collect();
    let drawn = peer.drawn().map(|t| convert::pai(t).mjai()).unwrap_or("-");
    format!("hand {} melds {} drawn {drawn}", tiles.join(" "), melds.join(" "))
}

/// A hand paid differently: the difference, with the cause recognised from both engines'
/// results of the hand (`start`: both engines' scores when it began).
fn settled(
    (game, peer): (&Game, &dyn Peer),
    start: &([i32; 4], Vec<i32>),
    four_own: u8,
    kyoku: String,
    last_action: Option<Action>,
    before_step: &str,
) -> Difference {
    let n = usize::from(game.players());
    let hupai_deltas: Vec<i32> = (0..n).map(|s| game.scores()[s] - start.0[s]).collect();
    let peer_deltas: Vec<i32> = (0..n).map(|s| peer.scores()[s] - start.1[s]).collect();
    let results = hand_results(game);
    let hand = HandPaid {
        events: game.events(),
        four_own,
        hupai: &hupai_deltas,
        riichienv: &peer_deltas,
        sticks_left_in_riichienv: (game.is_over() && !peer.is_done()).then(|| peer.riichi_sticks()),
    };
    let cause = settlement_cause(game.rules(), &hand);
    let results: Vec<String> = results.iter().map(|e| format!("{e:?}")).collect();
    Difference {
        what: "scores",
        kyoku,
        seat: 255,
        only_hupai: vec![],
        only_riichienv: vec![],
        after_scores: false,
        last_action,
        holds_four: four_own != 0,
        cause,
        state: format!(
            "the hand paid hupai {hupai_deltas:?} riichienv {peer_deltas:?} (scores now hupai {:?} riichienv {:?}); hupai's result {}; ready only on own fours at the wall's end: seats {:#05b}; riichienv's last events {}; ",
            &game.scores()[..n],
            peer.scores(),
            results.join(" "),
            four_own,
            peer.log_tail(8)
        ) + before_step,
    }
}

/// Plays one game of `players` seeded with `seed` in both engines, comparing every decision.
pub fn play(players: u8, seed: u64) -> GameReport {
    let (hupai_rules, peer_rule) = rules(players);
    let mut game = Game::with_walls(hupai_rules, WallSource::Given(Arc::from(walls(players, seed))));
    let logs = std::env::var_os("RIICHIENV_DIFF_EVENTS").is_some();
    // hupai's events of the hand being played (cleared at each new hand): its win or draw is
    // what a settlement difference is classified by.
    game.set_recording(true);
    let mut peer = new_peer(players, seed, peer_rule, logs);
    let mut policy = Policy::new(seed);
    let mut report = GameReport { hands: 1, ..GameReport::default() };
    let mut hand_key = kyoku_name(peer.as_ref());
    // The seats' tiles before riichienv's last step (kept with `RIICHIENV_DIFF_EVENTS`).
    let mut before_step = String::new();
    // riichienv's scores less hupai's after the last hand compared.
    let mut settled_offset = vec![0; usize::from(players)];
    // Both engines' scores when the hand being played began.
    let mut start = (game.scores(), peer.scores());
    let mut last_action: Option<Action> = None;
    let stop = |report: &mut GameReport, why: String| {
        report.stopped = Some(why);
    };
    // At the wall's end: the seats ready only on kinds they hold all four of (riichienv pays
    // such a hand as tenpai at the exhaustive draw, hupai does not), one bit each.
    let mut four_own: u8 = 0;
    loop {
        let peer_name = kyoku_name(peer.as_ref());
        if !game.is_over() && game.tiles_left() == 0 {
            for s in 0..players {
                if ready_only_on_own_fours(peer.as_ref(), s, None) {
                    four_own |= 1 << s;
                }
            }
        }
        if game.is_over() || peer.is_done() {
            // The last hand settled differently (no next hand shows it) counts as well: a bust or
            // a top score the other engine does not have follows from it.
            let offset: Vec<i32> = peer.scores().iter().zip(game.scores()).map(|(r, h)| r - h).collect();
            if offset != settled_offset {
                report.differences.push(settled(
                    (&game, peer.as_ref()),
                    &start,
                    four_own,
                    format!("{peer_name} (last)"),
                    last_action,
                    &before_step,
                ));
            }
            if game.is_over() != peer.is_done() {
                report.differences.push(Difference {
                    what: "end",
                    kyoku: peer_name,
                    seat: 255,
                    only_hupai: vec![],
                    only_riichienv: vec![],
                    after_scores: offset.iter().any(|&d| d != 0),
                    last_action,
                    holds_four: false,
                    cause: None,
                    state: format!(
                        "hupai over {} at {} scores {:?}; riichienv done {} scores {:?}",
                        game.is_over(),
                        game.kyoku_name(),
                        &game.scores()[..usize::from(players)],
                        peer.is_done(),
                        peer.scores()
                    ),
                });
            }
            return report;
        }
        if game.kyoku_name() != peer_name {
            report.differences.push(Difference {
                what: "kyoku",
                kyoku: peer_name.clone(),
                seat: 255,
                only_hupai: vec![],
                only_riichienv: vec![],
                after_scores: settled_offset.iter().any(|&d| d != 0),
                last_action,
                holds_four: four_own != 0,
                cause: None,
                state: format!(
                    "hupai plays {} scores {:?}, riichienv {peer_name} scores {:?}; hupai's last events {}; riichienv's {}",
                    game.kyoku_name(),
                    &game.scores()[..usize::from(players)],
                    peer.scores(),
                    last_events(&game),
                    peer.log_tail(8)
                ) + &before_step,
            });
            return report;
        }
        if peer_name != hand_key {
            hand_key = peer_name.clone();
            report.hands += 1;
            // A difference is reported once, when it appears: a hand settled differently.
            let offset: Vec<i32> = peer.scores().iter().zip(game.scores()).map(|(r, h)| r - h).collect();
            if offset != settled_offset {
                settled_offset = offset;
                report.differences.push(settled(
                    (&game, peer.as_ref()),
                    &start,
                    four_own,
                    peer_name.clone(),
                    last_action,
                    &before_step,
                ));
                // Scores matter to play only through riichi (1,000 points) and the match's end, which
                // the other comparisons catch: play on.
            }
            four_own = 0;
            start = (game.scores(), peer.scores());
            game.clear_events();
        }
        let (replacements, dora) = peer.dead_wall_use();
        if convert::layout_diverges(players, replacements, dora) {
            stop(
                &mut report,
                format!(
                    "{peer_name}: three-player dead wall beyond its common layout ({replacements} replacement draws, {dora} dora indicators)"
                ),
            );
            return report;
        }
        let hupai_seats: Vec<u8> = (0..players).filter(|s| game.to_act() & (1 << s) != 0).collect();
        let peer_seats = peer.deciding();
        if hupai_seats != peer_seats {
            // A seat riichienv asks only to pass (or the reverse) is the same decision.
            let trivially = |s: &u8, asked_by_other: &[u8]| asked_by_other.contains(s);
            let _ = trivially;
            report.differences.push(Difference {
                what: "deciding seats",
                kyoku: peer_name.clone(),
                seat: 255,
                only_hupai: hupai_seats.iter().map(|s| s.to_string()).collect(),
                only_riichienv: peer_seats.iter().map(|s| s.to_string()).collect(),
                after_scores: settled_offset.iter().any(|&d| d != 0),
                last_action,
                holds_four: false,
                cause: None,
                state: (0..players)
                    .map(|s| format!("seat {s}: {}", seat_state(peer.as_ref(), s)))
                    .collect::<Vec<_>>()
                    .join("; "),
            });
            return report;
        }
        let drawn = if peer.own_turn() { peer.drawn() } else { None };
        let mut chosen: Vec<(u8, Action, RAction)> = Vec::new();
        for &seat in &hupai_seats {
            report.decisions += 1;
            let ours: BTreeSet<Action> = game.legal_actions(seat).iter().map(|&a| convert::normalized(a)).collect();
            let peer_legal = peer.legal(seat);
            let mut theirs: BTreeSet<Action> = BTreeSet::new();
            let mut by_action: HashMap<Action, RAction> = HashMap::new();
            for ra in &peer_legal {
                if let Some(a) = convert::action(ra, drawn) {
                    theirs.insert(a);
                    by_action.entry(a).or_insert_with(|| ra.clone());
                }
            }
            if ours != theirs {
                report.differences.push(Difference {
                    what: "legal",
                    kyoku: peer_name.clone(),
                    seat,
                    only_hupai: mjai(seat, &ours.difference(&theirs).copied().collect()),
                    only_riichienv: mjai(seat, &theirs.difference(&ours).copied().collect()),
                    after_scores: settled_offset.iter().any(|&d| d != 0),
                    last_action,
                    holds_four: holds_four(peer.as_ref(), seat),
                    cause: None,
                    state: if logs {
                        format!("{}; hupai's last events {}", seat_state(peer.as_ref(), seat), last_events(&game))
                    } else {
                        seat_state(peer.as_ref(), seat)
                    },
                });
            }
            let mut common: Vec<Action> = ours.intersection(&theirs).copied().collect();
            // Three players: the two dead walls hold the same tiles for four replacement draws
            // and three dora indicators only (convert::wall), so the policy declines what would
            // draw or show past them.
            let (replacements, dora) = peer.dead_wall_use();
            if players == 3 && (replacements >= 4 || dora >= 3) {
                let past = |a: &Action| {
                    matches!(a, Action::Kita | Action::Ankan { .. } | Action::Kakan { .. } | Action::Daiminkan { .. })
                };
                if common.iter().any(|a| !past(a)) {
                    common.retain(|a| !past(a));
                }
            }
            if common.is_empty() {
                stop(&mut report, format!("{peer_name}: no action legal in both engines for seat {seat}"));
                return report;
            }
            let action = policy.choose(&common, peer.hand(seat), peer.melds(seat), &hupai_rules);
            let ra = by_action[&action].clone();
            chosen.push((seat, action, ra));
        }
        let mut step = HashMap::new();
        for (seat, action, ra) in chosen {
            // The last discard: the seat's 13 tiles after it.
            if let (0, Action::Dahai { pai, .. }) = (game.tiles_left(), action) {
                let kind = pai.kind().map(|k| k.index());
                if kind.is_some() && ready_only_on_own_fours(peer.as_ref(), seat, kind) {
                    four_own |= 1 << seat;
                }
            }
            // hupai names actions by tile, not copy: the normalized action is what it takes.
            let ours = game.legal_actions(seat).iter().copied().find(|&a| convert::normalized(a) == action);
            if let Err(e) = game.apply(seat, ours.unwrap_or(action)) {
                stop(&mut report, format!("{peer_name}: hupai refused {action:?} for seat {seat}: {e}"));
                return report;
            }
            step.insert(seat, ra);
            last_action = Some(action);
        }
        if logs {
            before_step = (0..players)
                .map(|s| format!("seat {s}: {}", seat_state(peer.as_ref(), s)))
                .collect::<Vec<_>>()
                .join("; ");
        }
        peer.step(&step);
        if let Some(e) = peer.last_error() {
            stop(&mut report, format!("{peer_name}: riichienv refused the step: {e}"));
            return report;
        }
    }
}
