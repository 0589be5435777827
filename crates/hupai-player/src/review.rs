//! A game reviewed decision by decision: each decision of the chosen seats, replayed from its log,
//! set beside what the [`Hupai`] player chooses in the same position, with every candidate's
//! figures ([`Explanation`]), the expected value the played action gave up, and the position as
//! `hupai advice` takes it (the hand, the tiles seen outside it, the draws left) with each
//! discard's draw odds exactly as `hupai advice --turns` and `batch --ev` give them.
//!
//! The player sees only what the seat saw (its [`View`](hupai_game::View)), so a review never
//! uses the hidden tiles the log reveals later.

use hupai::odds::ev::{self, EvOptions};
use hupai::{Discard, Hand, Meld, TileCounts};
use hupai_game::formats::{GameLog, LogError};
use hupai_game::replay::{self, Decision};
use hupai_game::{Action, Game, GameRules, Seat, mjai};
use serde::Serialize;

use crate::player::{Candidate, Explanation, Hupai};
use crate::table::Table;

/// The position of a turn as the discard advice takes it: what `hupai advice HAND --rules R
/// --visible V --turns T` is asked.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Position {
    /// The hand in mpsz, declared melds in brackets (`[789s]`, a concealed kan `(5555z)`).
    pub hand: String,
    /// Tiles seen outside the hand: every river tile not called, the others' melds, the
    /// indicators, the north tiles set aside.
    pub visible: String,
    /// The seat's draws left (live tiles over the players).
    pub turns: u8,
    /// The hand rules in their canonical form (`--rules`).
    pub rules: String,
}

/// One discard's draw odds over the draws left: `tenpai` and `win` as `hupai advice --turns`
/// gives them (one player, no calls, tsumo only).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct DiscardOdds {
    /// The tile discarded (`*`: a wildcard).
    pub discard: String,
    /// The shanten after it.
    pub shanten: i8,
    /// Probability of being ready by the last draw.
    pub tenpai: f64,
    /// Probability of winning by the last draw.
    pub win: f64,
}

/// One decision of a reviewed seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct ReviewedDecision {
    /// The game's index in its file.
    pub game: usize,
    /// The hand (`E1`, `S3-1`).
    pub kyoku: String,
    /// The index of the log's last event before the decision.
    pub event: usize,
    /// The seat deciding.
    pub seat: Seat,
    /// The action the log records, as an mjai action.
    pub played: serde_json::Value,
    /// What the hupai player chooses, every candidate's figures and the reason.
    pub hupai: Explanation,
    /// Whether the played action is the player's choice.
    pub agree: bool,
    /// The played action's value among the candidates (`None`: the player did not weigh it).
    pub played_value: Option<f64>,
    /// Expected points the played action gave up against the player's choice (0 when they
    /// agree; `None` when the played action was not weighed).
    pub loss: Option<f64>,
    /// The turn's position, when the seat holds a hand to discard from.
    pub position: Option<Position>,
    /// Each discard's draw odds in that position, best first as the advice orders them.
    pub odds: Vec<DiscardOdds>,
    /// Why the odds could not be given, when they could not.
    pub odds_error: Option<String>,
}

/// What a review sums up: how often the play agreed with the player and where it lost most.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Summary {
    /// Decisions reviewed.
    pub decisions: usize,
    /// Decisions where the played action is the player's choice.
    pub agreements: usize,
    /// `agreements / decisions` (0 for none).
    pub agreement_rate: f64,
    /// The expected points given up over every decision weighed.
    pub total_loss: f64,
    /// The indexes (into the review's decisions) of the largest losses, largest first, at most ten.
    pub largest: Vec<usize>,
    /// Per hand, in the order played.
    pub hands: Vec<HandSummary>,
}

/// One hand's part of a review.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct HandSummary {
    /// The game's index in its file.
    pub game: usize,
    /// The hand.
    pub kyoku: String,
    /// Decisions reviewed in it.
    pub decisions: usize,
    /// Of which the player agreed with.
    pub agreements: usize,
    /// Expected points given up in it.
    pub loss: f64,
}

/// A reviewed game or file: every decision and the summary, and the games that could not be
/// replayed (each with where and why), which a review reports and goes on past.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Review {
    /// Every decision of the seats reviewed, in the order played.
    pub decisions: Vec<ReviewedDecision>,
    /// The summary over them.
    pub summary: Summary,
    /// The games that did not replay, as `hupai replay` words it.
    pub errors: Vec<String>,
}

/// The position of `seat` now, when it holds a hand of 3k + 2 tiles to discard from.
pub fn position(game: &Game, seat: Seat) -> Option<(Position, Hand, TileCounts, hupai::Rules)> {
    position_any(game, seat).filter(|(_, hand, ..)| hand.tile_count() % 3 == 2)
}

/// The position of `seat` now, whatever its hand's size (3k + 1 tiles between its turns): the
/// Play view's hints ask the waits of a hand waiting for its draw.
pub fn position_any(game: &Game, seat: Seat) -> Option<(Position, Hand, TileCounts, hupai::Rules)> {
    let view = game.view(seat);
    let me = usize::from(seat);
    let melds: Vec<Meld> = view.melds[me].iter().map(|m| m.meld()).collect();
    let hand = Hand::new(TileCounts(view.hand.kinds), 0, &melds).ok()?;
    let table = Table::read(&view, [0; 4]);
    let mut visible = table.visible;
    // The seat's own north tiles are out of its hand: the advice counts them as seen.
    visible[30] = visible[30].saturating_add(view.nuki[me]).min(4);
    let visible = TileCounts(visible);
    let rules = game.rules().hand_rules();
    let position = Position {
        hand: hand.to_string(),
        visible: hupai::notation::format_tiles(visible.tiles()),
        turns: table.draws_left,
        rules: rules.to_string(),
    };
    Some((position, hand, visible, rules))
}

/// Each discard's draw odds for a position, as `hupai advice --turns` computes them.
pub fn discard_odds(
    hand: &Hand,
    rules: &hupai::Rules,
    visible: TileCounts,
    turns: u8,
) -> Result<Vec<DiscardOdds>, String> {
    let options = EvOptions { turns, visible, ..EvOptions::default() };
    let table = ev::discard_ev(hand, rules, &options).map_err(|e| e.to_string())?;
    Ok(table
        .into_iter()
        .map(|line| DiscardOdds {
            discard: match line.discard {
                Discard::Tile(t) => t.to_string(),
                Discard::Wildcard => "*".to_owned(),
            },
            shanten: line.shanten,
            tenpai: line.figures.tenpai,
            win: line.figures.win,
        })
        .collect())
}

/// Whether a candidate is the action played: the same mjai type and the same kind of tile.
fn is_played(c: &Candidate, played: &Action) -> bool {
    let pai = match *played {
        Action::Dahai { pai, .. }
        | Action::Chi { pai, .. }
        | Action::Pon { pai, .. }
        | Action::Kakan { pai }
        | Action::Daiminkan { pai, .. } => Some(pai),
        Action::Ankan { consumed } => Some(consumed[0]),
        _ => None,
    };
    c.action == played.kind() && c.pai.and_then(|p| p.kind()) == pai.and_then(|p| p.kind())
}

/// Reviews one decision: the player asked in the game as it stood, set beside the action played.
fn review_decision(game: &Game, d: &Decision, index: usize, with_odds: bool) -> Option<ReviewedDecision> {
    let hupai = Hupai::new().explain(game, d.seat)?;
    let agree = hupai.chosen == d.chosen;
    let chosen_value = hupai.candidates.iter().find(|c| c.chosen).map(|c| c.value);
    let played_value =
        if agree { chosen_value } else { hupai.candidates.iter().find(|c| is_played(c, &d.chosen)).map(|c| c.value) };
    let loss = match (agree, chosen_value, played_value) {
        (true, _, _) => Some(0.0),
        (false, Some(best), Some(played)) => Some((best - played).max(0.0)),
        _ => None,
    };
    let turn = d.target == d.seat && d.legal.iter().any(|a| matches!(a, Action::Dahai { .. }));
    let (position, odds, odds_error) = match turn.then(|| position(game, d.seat)).flatten() {
        Some((p, hand, visible, rules)) if with_odds => match discard_odds(&hand, &rules, visible, p.turns) {
            Ok(odds) => (Some(p), odds, None),
            Err(e) => (Some(p), Vec::new(), Some(e)),
        },
        Some((p, ..)) => (Some(p), Vec::new(), None),
        None => (None, Vec::new(), None),
    };
    Some(ReviewedDecision {
        game: index,
        kyoku: game.kyoku_name(),
        event: d.event,
        seat: d.seat,
        played: mjai::action_json(d.seat, d.target, &d.chosen),
        hupai,
        agree,
        played_value,
        loss,
        position,
        odds,
        odds_error,
    })
}

/// What to review: which seats, and whether to compute each turn's draw odds (the slow part).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReviewOptions {
    /// The seats reviewed (bit `s` for seat `s`); every seat when 0.
    pub seats: u8,
    /// Compute each turn's draw odds ([`ReviewedDecision::odds`]).
    pub odds: bool,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions { seats: 0, odds: true }
    }
}

impl ReviewOptions {
    /// Every seat, with the odds.
    pub fn new() -> ReviewOptions {
        ReviewOptions::default()
    }

    /// Only `seat` (call again to add seats).
    pub fn seat(mut self, seat: Seat) -> ReviewOptions {
        self.seats |= 1 << (seat & 7);
        self
    }

    /// With or without each turn's draw odds.
    pub fn odds(mut self, odds: bool) -> ReviewOptions {
        self.odds = odds;
        self
    }
}

/// Reviews game `index` of a file under `rules` (the log's own when `None`).
pub fn review_game(
    log: &GameLog,
    index: usize,
    rules: Option<GameRules>,
    options: ReviewOptions,
    out: &mut Vec<ReviewedDecision>,
) -> Result<(), LogError> {
    let rules = rules.unwrap_or_else(|| replay::default_rules(log));
    let mut on = |game: &Game, d: &Decision| {
        if (options.seats == 0 || options.seats & (1 << d.seat) != 0)
            && let Some(r) = review_decision(game, d, index, options.odds)
        {
            out.push(r);
        }
    };
    replay::replay_with_game(log, index, rules, &mut on).map(|_| ())
}

/// Reviews every game of a log's text (mjai, tenhou.net/6, mjlog or 電脳麻将's paipu, detected),
/// reporting each game that does not replay and going on.
pub fn review(text: &str, rules: Option<GameRules>, options: ReviewOptions) -> Result<Review, String> {
    let games = hupai_game::formats::read(text)?;
    let mut decisions = Vec::new();
    let mut errors = Vec::new();
    for (i, game) in games.into_iter().enumerate() {
        let result = game.and_then(|log| review_game(&log, i, rules, options, &mut decisions));
        if let Err(mut e) = result {
            e.game = i;
            errors.push(e.to_string());
        }
    }
    let summary = summarize(&decisions);
    Ok(Review { decisions, summary, errors })
}

/// The summary of reviewed decisions.
pub fn summarize(decisions: &[ReviewedDecision]) -> Summary {
    let agreements = decisions.iter().filter(|d| d.agree).count();
    let total_loss = decisions.iter().filter_map(|d| d.loss).sum();
    let mut largest: Vec<usize> =
        (0..decisions.len()).filter(|&i| decisions[i].loss.is_some_and(|l| l > 0.0)).collect();
    largest.sort_by(|&a, &b| decisions[b].loss.partial_cmp(&decisions[a].loss).unwrap_or(std::cmp::Ordering::Equal));
    largest.truncate(10);
    let mut hands: Vec<HandSummary> = Vec::new();
    for d in decisions {
        if hands.last().is_none_or(|h| h.game != d.game || h.kyoku != d.kyoku) {
            hands.push(HandSummary { game: d.game, kyoku: d.kyoku.clone(), decisions: 0, agreements: 0, loss: 0.0 });
        }
        if let Some(h) = hands.last_mut() {
            h.decisions += 1;
            h.agreements += usize::from(d.agree);
            h.loss += d.loss.unwrap_or(0.0);
        }
    }
    let agreement_rate = if decisions.is_empty() { 0.0 } else { agreements as f64 / decisions.len() as f64 };
    Summary { decisions: decisions.len(), agreements, agreement_rate, total_loss, largest, hands }
}
