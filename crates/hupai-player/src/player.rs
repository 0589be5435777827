//! The `hupai` player: attack by expected value, defence by danger, push or fold between them.
//!
//! Every decision reads the seat's [`View`] (and the rules, the seat winds and the legal actions),
//! never another seat's concealed tiles or the wall.

use arrayvec::ArrayVec;
use hupai::odds::ev::{EvOptions, Evaluator, WinValue};
use hupai::{Discard, Hand, Meld, Tile, TileCounts};
use hupai_game::policy::{Policy, discard_of_kind};
use hupai_game::{Action, Actions, Family, Game, GameLength, GameRules, MeldKind, Pai, Seat, View};
use hupai_score::riichi;
use hupai_score::{ScoreError, Situation};
use serde::Serialize;

use crate::table::{Table, bakaze_index, danger_of};
use crate::yaku::{NO_ROUTE, Routes};

/// Most hands the exact odds may visit for one decision: caps the work of a slow hand.
const MAX_HANDS: usize = 60_000;
/// Above this shanten the exact odds are not asked (too slow for a decision); an estimate from
/// shanten and effective tiles stands in.
const EV_SHANTEN: i8 = 1;
/// The chance that an opponent is ready from which folding is considered.
const FOLD_THREAT: f64 = 0.45;
/// Expected deal-in chance of one further discard made while pushing against a ready hand.
const PUSH_RISK: f64 = 0.02;
/// How much more expected loss now (points) a tile folded with may carry than the safest, when it
/// keeps the hand worth more (see `soft_fold`).
const FOLD_SLACK: f64 = 200.0;

/// How a decision was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Mode {
    /// A legal win, taken.
    Win,
    /// The discard with the best value less its expected loss.
    Push,
    /// The safest discard: the hand is not worth the risk.
    Fold,
    /// Riichi declared (its expected value beats dama).
    Riichi,
    /// A call (chi, pon, kan), a north set aside, or a pass.
    Call,
    /// The efficiency player's choice (no longer made: kept so that readers of older
    /// explanations find the name).
    Efficiency,
    /// Nothing to weigh (one legal action, a forced move).
    Forced,
}

/// One action the player weighed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Candidate {
    /// mjai's type of the action (`dahai`, `reach`, `pon`, `none`, …).
    pub action: &'static str,
    /// Its tile, when it has one (the discard, the called tile).
    pub pai: Option<Pai>,
    /// Shanten of the hand after it (discards and calls).
    pub shanten: Option<i8>,
    /// Probability of being ready by the last draw.
    pub tenpai: f64,
    /// Probability of winning the hand (tsumo odds from `hupai-odds`, widened for wins on
    /// discards, lowered while an opponent threatens).
    pub win: f64,
    /// Expected points gained by playing on from it. In the hand that ends the game each win
    /// also counts the places it gains and the risk of being passed it saves, a place worth
    /// 10,000 points.
    pub score: f64,
    /// Probability that this discard deals in now.
    pub danger: f64,
    /// Expected points lost by it now and by the discards pushing on would need (in the hand that
    /// ends the game, with the places a deal-in loses, as for `score`).
    pub loss: f64,
    /// `score - loss`: what the player ranks by.
    pub value: f64,
    /// Whether it is the action chosen.
    pub chosen: bool,
}

/// What the player chose and why: each candidate with its figures, the mode and the reason.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Explanation {
    /// mjai's type of the action chosen.
    pub action: &'static str,
    /// Its tile, if it has one.
    pub pai: Option<Pai>,
    /// How it was reached.
    pub mode: Mode,
    /// The reason in words.
    pub reason: String,
    /// The chance that some opponent is ready (the sum over opponents, capped at 1).
    pub threat: f64,
    /// The candidates weighed, best first.
    pub candidates: Vec<Candidate>,
    /// The action itself.
    #[serde(skip)]
    pub chosen: Action,
}

/// The `hupai` player ([`Policy`]): deterministic, it keeps no state between decisions.
#[derive(Debug, Clone, Copy, Default)]
pub struct Hupai {
    _private: (),
}

impl Hupai {
    /// The player.
    pub fn new() -> Hupai {
        Hupai { _private: () }
    }

    /// The decision for `seat` now, with every candidate's figures and the reason; `None` when
    /// the seat has nothing to decide.
    pub fn explain(&self, game: &Game, seat: Seat) -> Option<Explanation> {
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        Some(decide(game, seat, &legal, true))
    }
}

impl Policy for Hupai {
    fn choose(&mut self, game: &Game, seat: Seat, legal: &Actions) -> Action {
        decide(game, seat, legal, false).chosen
    }
}

/// A working candidate before it is written out.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cand {
    pub(crate) action: Action,
    /// Expected score of this discard played dama and with riichi at tenpai (NaN: not asked).
    pub(crate) dama: f64,
    pub(crate) riichi: f64,
    pub(crate) shanten: i8,
    pub(crate) tenpai: f64,
    pub(crate) win: f64,
    pub(crate) score: f64,
    pub(crate) danger: f64,
    pub(crate) now_loss: f64,
    pub(crate) loss: f64,
    pub(crate) value: f64,
}

pub(crate) fn explanation(
    chosen: Action,
    mode: Mode,
    reason: String,
    threat: f64,
    cands: &[Cand],
    explain: bool,
) -> Explanation {
    let mut candidates = Vec::new();
    if explain {
        candidates.reserve(cands.len());
        for c in cands {
            candidates.push(Candidate {
                action: c.action.kind(),
                pai: action_pai(c.action),
                shanten: (c.shanten < 99).then_some(c.shanten),
                tenpai: c.tenpai,
                win: c.win,
                score: c.score,
                danger: c.danger,
                loss: c.loss,
                value: c.value,
                chosen: c.action == chosen,
            });
        }
        candidates.sort_by(|a, b| b.value.total_cmp(&a.value));
    }
    Explanation {
        action: chosen.kind(),
        pai: action_pai(chosen),
        mode,
        reason: if explain { reason } else { String::new() },
        threat,
        candidates,
        chosen,
    }
}

fn action_pai(a: Action) -> Option<Pai> {
    match a {
        Action::Dahai { pai, .. }
        | Action::Chi { pai, .. }
        | Action::Pon { pai, .. }
        | Action::Daiminkan { pai, .. }
        | Action::Kakan { pai } => Some(pai),
        Action::Ankan { consumed } => Some(consumed[0]),
        _ => None,
    }
}

/// The whole decision. The reason text is made only when `explain` is set.
fn decide(game: &Game, seat: Seat, legal: &Actions, explain: bool) -> Explanation {
    let forced = |a: Action, mode: Mode, why: &str| explanation(a, mode, why.to_string(), 0.0, &[], explain);
    if legal.len() == 1 {
        return forced(legal[0], Mode::Forced, "the only legal action");
    }
    let rules = *game.rules();
    if rules.family != Family::Riichi {
        return crate::chinese::decide(game, seat, legal, explain);
    }
    if legal.contains(&Action::Hora) {
        return forced(Action::Hora, Mode::Win, "a legal win is taken");
    }
    if legal.contains(&Action::Kita) {
        return forced(Action::Kita, Mode::Call, "a north set aside is a dora");
    }
    let view = game.view(seat);
    let ctx = Context::new(&view, &rules);
    if legal.iter().any(|a| matches!(a, Action::Dahai { .. })) {
        turn(&ctx, legal, explain)
    } else {
        answer(&ctx, legal, explain)
    }
}

/// What one decision knows: the view read into counts, the rules, the winds.
struct Context<'a> {
    view: &'a View,
    rules: GameRules,
    hand_rules: hupai::Rules,
    table: Table,
    seat_winds: [usize; 4],
    bakaze: usize,
    melds: ArrayVec<Meld, 4>,
    closed: bool,
    /// The final hand's standings, when this hand ends the game: values and losses are then
    /// weighed by the rank they leave.
    standings: Option<Standings>,
    /// The chance that some opponent is ready.
    threat: f64,
}

impl<'a> Context<'a> {
    fn new(view: &'a View, rules: &GameRules) -> Context<'a> {
        let n = usize::from(view.players.max(1));
        let oya = usize::from(view.oya);
        let mut seat_winds = [0; 4];
        for (s, w) in seat_winds.iter_mut().enumerate().take(n) {
            *w = (s + n - oya) % n;
        }
        let bakaze = bakaze_index(view);
        let mut table = Table::read(view, seat_winds);
        let standings = Standings::read(view, rules, &table);
        if let Some(st) = &standings {
            // A deal-in costs its points and, when they let the winner pass this seat or drop it
            // below another, the places.
            for (o, opp) in table.opponents.iter_mut().enumerate() {
                if opp.active && opp.loss > 0.0 {
                    opp.loss *= st.loss_weight(o, opp.loss);
                }
            }
        }
        let me = usize::from(view.seat);
        let melds: ArrayVec<Meld, 4> = view.melds[me].iter().map(|m| m.meld()).collect();
        let closed = view.melds[me].iter().all(|m| m.kind == MeldKind::Ankan);
        let threat = table.opponents.iter().filter(|o| o.active).map(|o| o.tenpai).sum::<f64>().min(1.0);
        Context {
            view,
            rules: *rules,
            hand_rules: rules.hand_rules(),
            table,
            seat_winds,
            bakaze,
            melds,
            closed,
            standings,
            threat,
        }
    }

    fn me(&self) -> usize {
        usize::from(self.view.seat)
    }

    fn hand(&self, counts: &[u8; 34], melds: &[Meld]) -> Option<Hand> {
        Hand::new(TileCounts(*counts), 0, melds).ok()
    }

    fn visible(&self) -> TileCounts {
        TileCounts(self.table.visible)
    }

    fn danger(&self, k: usize) -> (f64, f64) {
        danger_of(&self.table, k, self.seat_winds, self.bakaze)
    }

    /// A value honor for this seat: a dragon, the round wind or the seat wind.
    fn is_value_honor(&self, k: usize) -> bool {
        k >= 31 || k == 27 + self.bakaze || k == 27 + self.seat_winds[self.me()]
    }

    /// The routes to a yaku as this seat reads them (its value honors, the rules' open tanyao,
    /// the tiles seen).
    fn routes(&self) -> Routes<'_> {
        Routes {
            value_honors: std::array::from_fn(|i| self.is_value_honor(27 + i)),
            open_tanyao: self.rules.scoring_options().has_open_tanyao,
            visible: &self.table.visible,
        }
    }

    /// The likeliest opponent to be ready: how likely.
    fn biggest_threat(&self) -> f64 {
        self.table.opponents.iter().filter(|o| o.active).map(|o| o.tenpai).fold(0.0, f64::max)
    }

    /// Expected future loss per discard made while pushing.
    fn push_rate(&self) -> f64 {
        self.table.opponents.iter().filter(|o| o.active).map(|o| o.tenpai * o.loss * PUSH_RISK).sum::<f64>()
    }

    /// The scorer valuing this seat's wins as the table stands.
    fn valuer(&self) -> Valuer {
        let me = self.me();
        let mut red = [0u8; 3];
        for (s, r) in red.iter_mut().enumerate() {
            *r = self.view.hand.red[s];
        }
        let mut meld_red = [0u8; 3];
        for m in &self.view.melds[me] {
            for &p in m.tiles() {
                if p.is_red()
                    && let Some(t) = p.kind()
                {
                    meld_red[t.index() / 9] += 1;
                }
            }
        }
        Valuer {
            options: self.rules.scoring_options(),
            seat: Tile::ALL[27 + self.seat_winds[me]],
            round: Tile::ALL[27 + self.bakaze],
            dora: self.view.dora_markers.iter().filter_map(|p| p.kind()).collect(),
            red,
            meld_red,
            nuki: self.view.nuki[me],
            honba: u32::from(self.view.honba),
            kyotaku: u32::from(self.view.kyotaku),
            standings: self.standings,
        }
    }

    /// A rough value of a hand without the exact odds: more with dora, red fives, value honors and
    /// as the dealer.
    fn rough_value(&self, counts: &[u8; 34]) -> f64 {
        let mut han = 1.0;
        for (k, &c) in counts.iter().enumerate() {
            han += f64::from(self.table.dora[k]) * f64::from(c);
            if c >= 2 && k >= 27 && self.is_value_honor(k) {
                han += 0.7;
            }
        }
        han += f64::from(self.view.hand.red.iter().sum::<u8>());
        let dealer = usize::from(self.view.oya) == self.me();
        // A closed hand counts on riichi (and often tsumo or ura); an open one on its yaku alone.
        let first = if self.closed { 2600.0 } else { 1500.0 };
        let base = first * 2f64.powf((han - 1.0).min(3.0)) * if dealer { 1.5 } else { 1.0 };
        let base = base.min(12000.0);
        self.standings.map_or(base, |st| st.win_value(base))
    }

    /// The expected score of exact figures `(tenpai, tsumo win, score)` restated in tsumo terms
    /// after wins on discards are counted: the score divided back by the widening factor, so that
    /// `score × win / tsumo win` gives the widened value. The wins are widened; a riichi model's
    /// lost deposit is not: the odds charge it whenever a declared hand is not won by tsumo
    /// (about `tenpai − win` of the time), but a hand that wins by ron keeps it too. Widening the
    /// whole score scaled the deposit up with the wins and made riichi look worse than dama.
    fn widened_score(&self, f: (f64, f64, f64), riichi: bool) -> f64 {
        let (tenpai, tsumo, score) = f;
        let win = self.widen(tsumo);
        let factor = self.widen_factor(tsumo);
        let deposit = f64::from(hupai_score::RIICHI_DEPOSIT);
        let gain = if riichi {
            let wins = score + deposit * (tenpai - tsumo).max(0.0);
            wins * factor - deposit * (tenpai - win).max(0.0)
        } else {
            score * factor
        };
        gain / factor
    }

    /// Draws the odds look ahead: the draws left, fewer while opponents threaten (a ready
    /// opponent usually ends the hand within a few turns).
    fn horizon(&self) -> u8 {
        self.table.draws_left.min(17 - (9.0 * self.threat) as u8)
    }

    /// How much [`Context::widen`] multiplies a tsumo win chance by.
    fn widen_factor(&self, tsumo: f64) -> f64 {
        if tsumo > 1e-9 { self.widen(tsumo) / tsumo } else { 1.0 }
    }

    /// Widens a tsumo-only win chance over `draws` to one with wins on discards. That a ready
    /// opponent may end the hand first is counted once, by the shorter horizon
    /// ([`Context::horizon`]); lowering the chance here as well counted it twice and made the
    /// player fold hands worth pushing.
    fn widen(&self, p: f64) -> f64 {
        // Others fold against a threat: fewer discards to win on.
        1.0 - (1.0 - p.clamp(0.0, 1.0)).powf(2.2 - 0.8 * self.threat)
    }
}

/// Points a place in the final hand's standings is worth on top of the points themselves (which
/// keep their weight: the sticks, the payments at a draw and the deposit stay in the same units).
const RANK_POINTS: f64 = 10_000.0;

/// The scores when this hand ends the game (the last hand of the game's length or past it): what
/// rank each outcome leaves the seat with. In the last hand only the places count; a player that
/// weighs points alone there (or loses more the further ahead it is) folds hands whose win would
/// have ended the game in first place.
#[derive(Debug, Clone, Copy)]
struct Standings {
    players: usize,
    me: usize,
    scores: [i32; 4],
    rank: usize,
    /// The chance that a seat below passes this one when the hand ends without this seat's win:
    /// what a win of any size also saves.
    exposed: f64,
}

impl Standings {
    fn read(view: &View, rules: &GameRules, table: &Table) -> Option<Standings> {
        let last_round = match rules.length {
            GameLength::East => 0,
            GameLength::South => 1,
            GameLength::North => 3,
            _ => return None,
        };
        let players = usize::from(view.players);
        if !(2..=4).contains(&players) || bakaze_index(view) < last_round || usize::from(view.kyoku) < players {
            return None;
        }
        let me = usize::from(view.seat);
        let mut st = Standings { players, me, scores: view.scores, rank: 0, exposed: 0.0 };
        st.rank = st.rank_with(&view.scores);
        // Each seat below may pass this one with a win of its own (on a third seat's discard or
        // by tsumo): likelier from a seat likely ready, and the nearer it is.
        let mut kept = 1.0;
        for (s, opp) in table.opponents.iter().enumerate().take(players) {
            if s == me || !opp.active || st.rank_of(s, &view.scores) < st.rank {
                continue;
            }
            let wins = 0.15 + 0.35 * opp.tenpai;
            kept *= 1.0 - wins * reach(f64::from(view.scores[me] - view.scores[s]));
        }
        st.exposed = 1.0 - kept;
        Some(st)
    }

    /// The rank (0 first) of `seat` with these scores; ties go to the seat nearer the first dealer.
    fn rank_of(&self, seat: usize, scores: &[i32; 4]) -> usize {
        (0..self.players)
            .filter(|&s| s != seat && (scores[s] > scores[seat] || (scores[s] == scores[seat] && s < seat)))
            .count()
    }

    fn rank_with(&self, scores: &[i32; 4]) -> usize {
        self.rank_of(self.me, scores)
    }

    /// A win of `points` with what it does to the rank: the places gained (paid by each opponent
    /// in turn, on average) and the risk of being passed that ending the hand saves.
    fn win_value(&self, points: f64) -> f64 {
        if points <= 0.0 {
            return points;
        }
        let x = points.round() as i32;
        let mut gained = 0.0;
        for j in (0..self.players).filter(|&j| j != self.me) {
            let mut after = self.scores;
            after[self.me] += x;
            after[j] -= x;
            gained += self.rank as f64 - self.rank_with(&after) as f64;
        }
        gained /= (self.players - 1) as f64;
        points + RANK_POINTS * (gained + self.exposed)
    }

    /// How much a deal-in to `seat` of about `loss` points weighs per point: the points and the
    /// places it loses (over a cheaper and a dearer hand than expected).
    fn loss_weight(&self, seat: usize, loss: f64) -> f64 {
        let mut lost = 0.0;
        for (scale, p) in [(0.5, 0.3), (1.0, 0.4), (2.0, 0.3)] {
            let l = (loss * scale).round() as i32;
            let mut after = self.scores;
            after[self.me] -= l;
            after[seat] += l;
            lost += p * (self.rank_with(&after) as f64 - self.rank as f64);
        }
        1.0 + RANK_POINTS * lost / loss
    }
}

/// The chance that another seat's win is worth at least `gap` points to it.
fn reach(gap: f64) -> f64 {
    match gap {
        g if g < 1000.0 => 0.95,
        g if g < 2000.0 => 0.85,
        g if g < 4000.0 => 0.6,
        g if g < 8000.0 => 0.35,
        g if g < 12000.0 => 0.12,
        g if g < 16000.0 => 0.06,
        _ => 0.02,
    }
}

/// The scorer of this seat's wins: its winds, the dora shown, its red fives, the sticks; a win on
/// a discard (the common case), riichi and ura-dora when asked.
struct Valuer {
    options: riichi::Options,
    seat: Tile,
    round: Tile,
    dora: ArrayVec<Tile, 5>,
    red: [u8; 3],
    meld_red: [u8; 3],
    nuki: u8,
    honba: u32,
    kyotaku: u32,
    standings: Option<Standings>,
}

impl Valuer {
    fn points(&self, hand: &Hand, tile: Tile, ura: Option<Tile>) -> Option<f64> {
        let fives = |counts: &TileCounts, s: usize| counts.0[s * 9 + 4];
        let mut concealed = [0u8; 3];
        let mut melded = [0u8; 3];
        let declared = hand.declared_counts();
        for s in 0..3 {
            concealed[s] = self.red[s].min(fives(hand.concealed(), s));
            melded[s] = self.meld_red[s].min(fives(&declared, s));
        }
        let hand = hand.clone().with_red_fives(concealed, melded).unwrap_or_else(|_| hand.clone());
        let mut s = Situation::new(hand, tile);
        s.seat = self.seat;
        s.round = self.round;
        s.dora = self.dora.to_vec();
        s.nuki = self.nuki;
        s.honba = self.honba;
        s.kyotaku = self.kyotaku;
        if let Some(u) = ura {
            s.riichi = true;
            s.ura = vec![u];
        }
        match riichi::score(&s, &self.options) {
            Ok(score) => {
                let points = f64::from(score.points.total);
                Some(self.standings.map_or(points, |st| st.win_value(points)))
            }
            Err(ScoreError::NoYaku) => Some(0.0),
            // The odds may reach a hand holding a copy the dora indicators already show (a fifth
            // in all): it cannot happen, so it wins nothing. Declining it would leave the whole
            // position without exact figures (a call then never weighed against passing).
            Err(ScoreError::Impossible(_)) => Some(0.0),
            Err(_) => None,
        }
    }
}

impl WinValue for Valuer {
    fn value(&self, hand: &Hand, tile: Tile) -> Option<f64> {
        self.points(hand, tile, None)
    }

    fn riichi_deposit(&self) -> Option<f64> {
        Some(f64::from(hupai_score::RIICHI_DEPOSIT))
    }

    fn riichi_value(&self, hand: &Hand, tile: Tile, ura: Tile) -> Option<f64> {
        if !hand.is_closed() {
            return None;
        }
        self.points(hand, tile, Some(ura))
    }

    /// One score per ura count (0–4) rather than one per indicator kind: a riichi score depends on
    /// its ura indicator only through the copies of the indicated kind the hand holds.
    fn riichi_expected(&self, hand: &Hand, tile: Tile, ura: &[f64; 34]) -> Option<f64> {
        let counts = hand.physical_counts();
        let mut groups: [(f64, Option<Tile>); 5] = [(0.0, None); 5];
        for k in Tile::ALL {
            let p = ura[k.index()];
            if p > 0.0 {
                let held = counts[riichi::dora_of(k, self.options.sanma)].min(4);
                let group = &mut groups[usize::from(held)];
                group.0 += p;
                group.1.get_or_insert(k);
            }
        }
        let mut sum = 0.0;
        for (p, indicator) in groups {
            if let Some(k) = indicator {
                sum += p * self.riichi_value(hand, tile, k)?;
            }
        }
        Some(sum)
    }
}

/// A rough tsumo win chance from shanten, effective tiles and draws left, for hands too far from
/// ready for the exact odds.
fn rough_win(shanten: i8, effective: u32, draws: u8) -> f64 {
    let sh = f64::from(shanten.max(0));
    let t = (f64::from(draws) / 17.0).min(1.0);
    let width = (f64::from(effective) / (8.0 * sh + 8.0)).min(1.5).sqrt();
    (0.45f64.powf(sh) * width * t.powf(sh + 1.0)).min(0.95)
}

/// A turn: discard (pushing or folding), declare riichi, kan, or abort.
fn turn(ctx: &Context, legal: &Actions, explain: bool) -> Explanation {
    let me = ctx.me();
    let view = ctx.view;
    let counts = view.hand.kinds;
    let in_riichi = view.riichi[me];
    let riichi_legal = legal.contains(&Action::Reach);
    // Nine terminals at the first draw: abort unless thirteen orphans is close.
    if legal.contains(&Action::Ryukyoku) {
        let orphans = counts.iter().enumerate().filter(|&(k, &c)| c > 0 && Tile::ALL[k].is_terminal_or_honor()).count();
        if orphans < 11 {
            return explanation(
                Action::Ryukyoku,
                Mode::Call,
                format!("nine terminals with {orphans} kinds: the hand is aborted"),
                ctx.threat,
                &[],
                explain,
            );
        }
    }
    let Some(hand) = ctx.hand(&counts, &ctx.melds) else {
        let a = legal.iter().copied().find(|a| matches!(a, Action::Dahai { .. })).unwrap_or(legal[0]);
        return explanation(a, Mode::Forced, "the hand cannot be read".into(), ctx.threat, &[], explain);
    };
    let visible = ctx.visible();
    let draws = ctx.table.draws_left;
    let Ok(advice) = hupai::discard_advice(&hand, &ctx.hand_rules, &visible) else {
        let a = legal.iter().copied().find(|a| matches!(a, Action::Dahai { .. })).unwrap_or(legal[0]);
        return explanation(a, Mode::Forced, "no discard advice for the hand".into(), ctx.threat, &[], explain);
    };
    let best_shanten = advice.iter().map(|o| o.after.shanten).min().unwrap_or(8);

    // Kans that keep the shanten and the hand safe enough: another dora and a replacement draw.
    if !in_riichi && ctx.threat < 0.5 {
        for &a in legal {
            let (k, meld) = match a {
                Action::Ankan { consumed } => match consumed[0].kind() {
                    Some(t) => (t.index(), Meld::ClosedKan(t)),
                    None => continue,
                },
                Action::Kakan { pai } => match pai.kind() {
                    Some(t) => (t.index(), Meld::Kan(t)),
                    None => continue,
                },
                _ => continue,
            };
            let mut after = counts;
            let mut melds = ctx.melds.clone();
            if matches!(a, Action::Ankan { .. }) {
                after[k] = after[k].saturating_sub(4);
                if melds.try_push(meld).is_err() {
                    continue;
                }
            } else {
                after[k] = after[k].saturating_sub(1);
                match melds.iter_mut().find(|m| matches!(m, Meld::Pon(t) if t.index() == k)) {
                    Some(m) => *m = meld,
                    None => continue,
                }
            }
            let keeps = ctx
                .hand(&after, &melds)
                .and_then(|h| hupai::shanten(&h, &ctx.hand_rules).ok())
                .is_some_and(|s| s.number <= best_shanten);
            if keeps {
                return explanation(a, Mode::Call, "a kan that keeps the shanten".into(), ctx.threat, &[], explain);
            }
        }
    }
    if in_riichi {
        // Riichi locks the hand: a concealed kan the rules allow, else the drawn tile.
        if let Some(&a) = legal.iter().find(|a| matches!(a, Action::Ankan { .. })) {
            return explanation(a, Mode::Call, "a concealed kan after riichi".into(), ctx.threat, &[], explain);
        }
    }

    // A threat ends the hand sooner: a ready opponent wins within a few turns.
    let horizon = ctx.horizon();
    let use_ev = best_shanten <= EV_SHANTEN && horizon > 0;
    let valuer = ctx.valuer();
    // The exact odds, asked only of the discards keeping the best shanten (a discard that goes
    // back a step reaches far more hands, and the estimate ranks it well enough): one evaluator
    // (one memo) per model, dama and riichi at tenpai.
    let evaluator = |riichi: bool| {
        let options = EvOptions {
            turns: horizon,
            riichi: riichi && ctx.closed,
            visible,
            scorer: Some(&valuer as &dyn WinValue),
            max_hands: MAX_HANDS,
            ..EvOptions::default()
        };
        Evaluator::new(&hand, &ctx.hand_rules, &options).ok()
    };
    // The attack model: a closed hand expects to declare riichi once ready (the declaration itself
    // is weighed against dama below); an open hand wins with what it has.
    let mut dama = if use_ev { evaluator(false) } else { None };
    let mut riichi = if use_ev && ctx.closed { evaluator(true) } else { None };

    let push_rate = ctx.push_rate();
    let mut cands: ArrayVec<Cand, 34> = ArrayVec::new();
    let mut safe_kinds = 0usize;
    for (k, &c) in counts.iter().enumerate() {
        if c > 0 && ctx.danger(k).0 < 0.01 {
            safe_kinds += usize::from(c);
        }
    }
    // First the figures of every discard: exact where the odds are asked, else the estimate from
    // shanten and effective tiles. Both kinds are ranked together, so the estimate is scaled to the
    // exact figures of the same position: on the discards that have both, the estimate's total
    // value and win chance against the exact ones (which also count what riichi costs when the hand
    // is not won). Unscaled, a discard a step back looked worth several times the exact ones.
    struct Raw {
        action: Action,
        k: usize,
        shanten: i8,
        dama: f64,
        riichi: f64,
        exact: Option<(f64, f64, f64)>,
        rough: (f64, f64, f64),
    }
    let mut raws: ArrayVec<Raw, 34> = ArrayVec::new();
    let routes = ctx.routes();
    for option in &advice {
        let Discard::Tile(t) = option.discard else { continue };
        let k = t.index();
        let Some(action) = discard_of_kind(legal, Tile::ALL[k]) else { continue };
        let shanten = option.after.shanten;
        let mut after = counts;
        after[k] -= 1;
        // An open hand's distance is to a win with a yaku: where that is further than the
        // plain shanten, the odds' shortest path (which keeps any shanten-lowering draw) would
        // value yakuless wins at nothing and rank the discards by speed alone; the estimate
        // along the route stands in.
        let route = if ctx.closed { shanten } else { routes.shanten(&after, &ctx.melds, None) };
        let exact = |e: &mut Option<Evaluator>| -> Option<(f64, f64, f64)> {
            if shanten != best_shanten || route > shanten {
                return None;
            }
            let h = ctx.hand(&after, &ctx.melds)?;
            let f = e.as_mut()?.figures(&h, horizon).ok()?;
            Some((f.tenpai, f.win, f.score?))
        };
        // Each model's figures with the score restated as what it is worth once wins on discards
        // are counted (see `Context::widened_score`), so dama and riichi compare as played.
        let d = exact(&mut dama).map(|f| (f.0, f.1, ctx.widened_score(f, false)));
        let r = exact(&mut riichi).map(|f| (f.0, f.1, ctx.widened_score(f, true)));
        // Dama or riichi, whichever is worth more for this discard (riichi when dama is not
        // asked: a closed hand before it is ready).
        let chosen = match (d, r) {
            (Some(d), Some(r)) if r.2 > d.2 => Some(r),
            (Some(d), _) => Some(d),
            (None, r) => r,
        };
        let rough = {
            // An open hand with no yaku in sight still wants speed (a yaku may come): a quarter
            // of the value at the plain shanten keeps the efficient discards ahead.
            let (steps, worth) = if route < NO_ROUTE { (route.max(shanten), 1.0) } else { (shanten, 0.25) };
            let p = rough_win(steps, option.after.unseen(), horizon);
            let tenpai = rough_win(shanten - 1, option.after.unseen(), horizon.saturating_add(4)).min(1.0);
            let value = ctx.rough_value(&after) * worth;
            (if shanten == 0 { 1.0 } else { tenpai }, p, p * value)
        };
        let _ = raws.try_push(Raw {
            action,
            k,
            shanten,
            // Riichi against dama is weighed on the widened figures (what the hand is worth as played).
            dama: d.map_or(f64::NAN, |f| f.2 * ctx.widen_factor(f.1)),
            riichi: r.map_or(f64::NAN, |f| f.2 * ctx.widen_factor(f.1)),
            exact: chosen,
            rough,
        });
    }
    let (mut exact_score, mut rough_score, mut exact_win, mut rough_win_sum) = (0.0, 0.0, 0.0, 0.0);
    for raw in &raws {
        if let Some(e) = raw.exact {
            exact_score += e.2.max(0.0);
            rough_score += raw.rough.2;
            exact_win += e.1;
            rough_win_sum += raw.rough.1;
        }
    }
    let score_scale = if rough_score > 1e-9 { (exact_score / rough_score).min(1.0) } else { 1.0 };
    let win_scale = if rough_win_sum > 1e-9 { (exact_win / rough_win_sum).min(1.0) } else { 1.0 };
    for raw in &raws {
        let (action, k, shanten) = (raw.action, raw.k, raw.shanten);
        let (dama_score, riichi_score) = (raw.dama, raw.riichi);
        let (tenpai, win_tsumo, score) = match raw.exact {
            Some(f) => f,
            None => (raw.rough.0, raw.rough.1 * win_scale, raw.rough.2 * score_scale),
        };
        let win = ctx.widen(win_tsumo);
        let widen_factor = if win_tsumo > 1e-9 { win / win_tsumo } else { 1.0 };
        let mut gain = score * widen_factor;
        // Ready at the exhaustive draw is paid: worth something when few draws are left.
        if draws <= 6 {
            gain += tenpai * 1000.0;
        }
        let (danger, now_loss) = ctx.danger(k);
        // Pushing on needs more discards the longer the hand is from ready; a ready hand keeps
        // discarding what it draws until it wins.
        let more = if shanten <= 0 { 3.0 } else { 2.0 + 2.5 * f64::from(shanten) }.min(f64::from(draws));
        let loss = now_loss + push_rate * more;
        cands.push(Cand {
            action,
            dama: dama_score,
            riichi: riichi_score,
            shanten,
            tenpai,
            win,
            score: gain,
            danger,
            now_loss,
            loss,
            // Ties (no value reachable) go to the faster discard.
            value: gain - loss + 10.0 * win + 5.0 * tenpai,
        });
    }
    if cands.is_empty() {
        let a = legal.iter().copied().find(|a| matches!(a, Action::Dahai { .. })).unwrap_or(legal[0]);
        return explanation(a, Mode::Forced, "no discard weighed".into(), ctx.threat, &[], explain);
    }
    if in_riichi {
        // After riichi only the drawn tile (or a tile keeping the waits) may go: the best of them.
        let best = best_by(&cands, |c| c.value);
        return explanation(
            best.action,
            Mode::Push,
            "riichi declared: the hand is locked".into(),
            ctx.threat,
            &cands,
            explain,
        );
    }
    let push = best_by(&cands, |c| c.value);
    // Folding: the safest tile now; what it costs later grows when few safe tiles are left.
    let safest = best_by(&cands, |c| -c.now_loss * 1000.0 - c.danger * 10.0 + c.score * 1e-6);
    let fold = soft_fold(&cands, safest);
    let short_of_safe = (f64::from(draws.min(8)) - safe_kinds as f64).max(0.0);
    // Whether to fold is decided on the safest tile; the tile folded with may keep the hand (above).
    let fold_value = -safest.now_loss - push_rate * 0.35 * short_of_safe;
    // Folding is for a real threat: a riichi, or calls enough to be likely ready.
    let folding = fold_value > push.value && ctx.biggest_threat() >= FOLD_THREAT;
    let chosen = if folding { fold } else { push };
    if riichi_legal && !folding && chosen.shanten == 0 && chosen.riichi.is_finite() && chosen.dama.is_finite() {
        let (r, d) = (chosen.riichi, chosen.dama);
        // Riichi locks the hand: under a threat it also gives up folding later.
        if r > d + ctx.push_rate() * 2.0 {
            return explanation(
                Action::Reach,
                Mode::Riichi,
                format!("riichi: expected {r:.0} points against {d:.0} dama"),
                ctx.threat,
                &cands,
                explain,
            );
        }
    }
    let reason = if explain {
        if folding {
            let keeps = if fold.action == safest.action {
                String::new()
            } else {
                format!(", a tile almost as safe that keeps the hand {} from ready", fold.shanten)
            };
            format!(
                "fold: the best push is worth {:.0} after its expected loss, the safest tile {:.0}{keeps}",
                push.value, fold_value
            )
        } else {
            format!(
                "push: {:.0} expected points, {:.1}% to deal in now, {:.0} expected loss",
                chosen.score,
                chosen.danger * 100.0,
                chosen.loss
            )
        }
    } else {
        String::new()
    };
    explanation(chosen.action, if folding { Mode::Fold } else { Mode::Push }, reason, ctx.threat, &cands, explain)
}

/// The tile to fold with: the safest, unless a discard almost as safe (at most [`FOLD_SLACK`] more
/// expected loss now) keeps a hand at most two from ready worth more. Reviews of majiang-ai's games
/// showed it folding this way: a tile that keeps the shanten and is itself fairly safe, where the
/// safest tile broke the hand; the hand then still wins when the threat passes or the safe tiles run
/// out, for little more risk on this discard.
fn soft_fold(cands: &[Cand], safest: Cand) -> Cand {
    let mut best = safest;
    for c in cands {
        if c.shanten <= 2 && c.now_loss <= safest.now_loss + FOLD_SLACK && c.value > best.value {
            best = *c;
        }
    }
    best
}

fn best_by(cands: &[Cand], key: impl Fn(&Cand) -> f64) -> Cand {
    let mut best = cands[0];
    for c in &cands[1..] {
        if key(c) > key(&best) {
            best = *c;
        }
    }
    best
}

/// Answering another seat's discard: a call that helps, else pass.
///
/// Near ready (the hand now and after the call at most one from ready) the call is weighed by the
/// exact odds as a discard is: the best discard after the call (its widened expected score less
/// what it risks now) against the hand as it stands (dama or riichi, whichever is worth more).
/// So a call is made when it raises the expected score: a yakuhai pon that keeps the shanten but
/// gives the hand its yaku, a call that makes a cheap closed hand ready, and not a call that gives
/// up riichi's value for little speed. Further from ready the call must lower the shanten and keep
/// a yaku in reach.
fn answer(ctx: &Context, legal: &Actions, explain: bool) -> Explanation {
    let counts = ctx.view.hand.kinds;
    let pass = if legal.contains(&Action::None) { Action::None } else { legal[0] };
    let Some(hand_now) = ctx.hand(&counts, &ctx.melds) else {
        return explanation(pass, Mode::Call, "pass".into(), ctx.threat, &[], explain);
    };
    let Ok(now) = hupai::shanten(&hand_now, &ctx.hand_rules) else {
        return explanation(pass, Mode::Call, "pass".into(), ctx.threat, &[], explain);
    };
    let now = now.number;
    let routes = ctx.routes();
    // How far the hand is from a win with a yaku: closed, riichi's (the plain shanten).
    let route_now = routes.shanten(&counts, &ctx.melds, ctx.closed.then_some(now));
    let visible = ctx.visible();
    let draws = ctx.table.draws_left;
    let horizon = ctx.horizon();
    let valuer = ctx.valuer();
    // The exact value of passing, asked once and only when a call is weighed exactly.
    let mut pass_figures: Option<Option<Cand>> = None;
    let mut best: Option<(f64, Action, String)> = None;
    let mut cands: ArrayVec<Cand, 34> = ArrayVec::new();
    for &action in legal {
        let (pai, consumed, meld) = match action {
            Action::Pon { pai, consumed } => (pai, consumed, pai.kind().map(Meld::Pon)),
            Action::Chi { pai, consumed } => {
                let low = [pai, consumed[0], consumed[1]].iter().filter_map(|t| t.kind()).min();
                (pai, consumed, low.map(Meld::Chi))
            }
            _ => continue,
        };
        let (Some(meld), Some(claimed)) = (meld, pai.kind()) else { continue };
        let mut after = counts;
        for c in consumed {
            let k = c.kind_index();
            if after[k] == 0 {
                continue;
            }
            after[k] -= 1;
        }
        let mut melds = ctx.melds.clone();
        if melds.try_push(meld).is_err() {
            continue;
        }
        // The best discard after the call: its shanten and effective tiles.
        let Some(hand) = ctx.hand(&after, &melds) else { continue };
        // The claimed tile leaves the river for the meld: seen there no longer (else the last
        // copy of a kind would count twice and the advice refuse the hand).
        let mut seen = visible;
        seen.0[claimed.index()] = seen.0[claimed.index()].saturating_sub(1);
        let Ok(advice) = hupai::discard_advice(&hand, &ctx.hand_rules, &seen) else { continue };
        let Some(top) = advice.first() else { continue };
        let (shanten, width) = (top.after.shanten, top.after.unseen());
        let route = routes.shanten(&after, &melds, None);
        let exact = if now <= EV_SHANTEN && shanten <= EV_SHANTEN && horizon > 1 {
            let forbidden = swap_kinds(action, claimed.index());
            call_figures(ctx, &hand, &after, &melds, &advice, claimed.index(), &forbidden, horizon - 1, &valuer)
        } else {
            None
        };
        let exact = exact.map(|mut c| {
            c.action = action;
            c
        });
        let value = match exact {
            Some(c) => c.value,
            None if route < NO_ROUTE => f64::from(width) - 100.0 * f64::from(route),
            None => f64::MIN,
        };
        cands.push(exact.unwrap_or(Cand {
            action,
            dama: f64::NAN,
            riichi: f64::NAN,
            shanten,
            tenpai: 0.0,
            win: 0.0,
            score: 0.0,
            danger: 0.0,
            now_loss: 0.0,
            loss: 0.0,
            value,
        }));
        // Against an opponent likely enough ready to fold against, only a call that makes the
        // hand ready is worth opening it. The sum of the opponents' ready chances (`ctx.threat`)
        // passes 0.5 by mid-hand with no one near ready (three closed hands at 17 discards), and
        // blocking on it passed most of the calls majiang-ai makes in that band.
        if ctx.biggest_threat() >= FOLD_THREAT && shanten > 0 {
            continue;
        }
        if let Some(c) = exact {
            let stay =
                *pass_figures.get_or_insert_with(|| pass_figures_of(ctx, &hand_now, now, horizon, draws, &valuer));
            let Some(stay) = stay else { continue };
            if c.value > stay.value && best.as_ref().is_none_or(|b| c.value > b.0) {
                let why = format!(
                    "the call is worth {:.0} expected points (shanten {shanten}), passing {:.0}",
                    c.value, stay.value
                );
                best = Some((c.value, action, why));
            }
            continue;
        }
        // A pon of a value honor gives the hand its yaku: worth making even when it only keeps
        // the shanten (the hand is then open with a yaku and wins on more tiles), far from ready.
        let value_pon = matches!(action, Action::Pon { .. }) && ctx.is_value_honor(claimed.index());
        // Otherwise the call must bring a win with a yaku nearer (majiang-ai's rule far from
        // ready), never the plain shape further.
        let nearer = route < route_now || (value_pon && shanten == now && now >= 2);
        if route >= NO_ROUTE || shanten > now || !nearer {
            continue;
        }
        // A closed hand near ready keeps riichi unless the call makes it ready.
        if ctx.closed && now <= 1 && shanten > 0 {
            continue;
        }
        // Heuristic calls rank after exact ones (a huge value keeps them apart).
        let rank = -1e9 + value;
        if best.as_ref().is_none_or(|b| rank > b.0) {
            let why = if route < route_now {
                format!("a call that brings a win with a yaku nearer: {route} from ready ({width} effective tiles)")
            } else {
                format!("a value-honor pon: the yaku at shanten {shanten} ({width} effective tiles)")
            };
            best = Some((rank, action, why));
        }
    }
    if let Some(Some(stay)) = pass_figures {
        cands.push(stay);
    }
    match best {
        Some((_, a, why)) => explanation(a, Mode::Call, why, ctx.threat, &cands, explain),
        None => explanation(pass, Mode::Call, "no call helps: pass".into(), ctx.threat, &cands, explain),
    }
}

/// Kinds the rules forbid discarding right after this call (kuikae): the claimed kind, and for a
/// chi on an end of its run the kind that would complete the same run shape from the other side.
fn swap_kinds(action: Action, claimed: usize) -> ArrayVec<usize, 2> {
    let mut out = ArrayVec::new();
    out.push(claimed);
    if let Action::Chi { consumed, .. } = action {
        let others: ArrayVec<usize, 2> = consumed.iter().map(|c| c.kind_index()).collect();
        let (lo, hi) =
            (others.iter().copied().min().unwrap_or(claimed), others.iter().copied().max().unwrap_or(claimed));
        let rank = claimed % 9;
        if claimed < lo && rank + 3 <= 8 {
            out.push(claimed + 3);
        } else if claimed > hi && rank >= 3 {
            out.push(claimed - 3);
        }
    }
    out
}

/// The exact figures of a call: the best discard after it (keeping the best shanten, not a
/// forbidden kind), valued by the odds of the open hand over `turns` draws, less its danger now.
#[allow(clippy::too_many_arguments)]
fn call_figures(
    ctx: &Context,
    hand: &Hand,
    after: &[u8; 34],
    melds: &[Meld],
    advice: &[hupai::DiscardOption],
    claimed: usize,
    forbidden: &[usize],
    turns: u8,
    valuer: &Valuer,
) -> Option<Cand> {
    // The claimed tile leaves the river for the meld: no longer seen outside the hand.
    let mut visible = ctx.table.visible;
    visible[claimed] = visible[claimed].saturating_sub(1);
    let options = EvOptions {
        turns,
        riichi: false,
        visible: TileCounts(visible),
        scorer: Some(valuer as &dyn WinValue),
        max_hands: MAX_HANDS,
        ..EvOptions::default()
    };
    let mut evaluator = Evaluator::new(hand, &ctx.hand_rules, &options).ok()?;
    let best_shanten = advice.iter().map(|o| o.after.shanten).min()?;
    let mut best: Option<Cand> = None;
    for option in advice {
        let Discard::Tile(t) = option.discard else { continue };
        let k = t.index();
        if option.after.shanten != best_shanten || forbidden.contains(&k) || after[k] == 0 {
            continue;
        }
        let mut rest = *after;
        rest[k] -= 1;
        let Some(h) = ctx.hand(&rest, melds) else { continue };
        let Ok(f) = evaluator.figures(&h, turns) else { continue };
        let Some(score) = f.score else { continue };
        let mut gain = score * ctx.widen_factor(f.win);
        if ctx.table.draws_left <= 6 {
            gain += f.tenpai * 1000.0;
        }
        let (danger, now_loss) = ctx.danger(k);
        let value = gain - now_loss;
        if best.is_none_or(|b| value > b.value) {
            best = Some(Cand {
                action: Action::None,
                dama: f64::NAN,
                riichi: f64::NAN,
                shanten: best_shanten,
                tenpai: f.tenpai,
                win: ctx.widen(f.win),
                score: gain,
                danger,
                now_loss,
                loss: now_loss,
                value,
            });
        }
    }
    best
}

/// The exact figures of passing: the hand as it stands over the draws left, dama or riichi
/// (closed) whichever is worth more, widened as a discard's are. `None` when the hand is too far
/// from ready for the odds.
fn pass_figures_of(ctx: &Context, hand: &Hand, shanten: i8, horizon: u8, draws: u8, valuer: &Valuer) -> Option<Cand> {
    if shanten > EV_SHANTEN {
        return None;
    }
    let figures = |riichi: bool| -> Option<(f64, f64, f64)> {
        let options = EvOptions {
            turns: horizon,
            riichi,
            visible: ctx.visible(),
            scorer: Some(valuer as &dyn WinValue),
            max_hands: MAX_HANDS,
            ..EvOptions::default()
        };
        let f = Evaluator::new(hand, &ctx.hand_rules, &options).ok()?.figures(hand, horizon).ok()?;
        Some((f.tenpai, f.win, f.score?))
    };
    let gain_of = |f: (f64, f64, f64), riichi: bool| ctx.widened_score(f, riichi) * ctx.widen_factor(f.1);
    let dama = figures(false).map(|f| (f, gain_of(f, false)));
    let riichi = if ctx.closed { figures(true).map(|f| (f, gain_of(f, true))) } else { None };
    let (f, mut gain) = match (dama, riichi) {
        (Some(d), Some(r)) if r.1 > d.1 => r,
        (Some(d), _) => d,
        (None, r) => r?,
    };
    if draws <= 6 {
        gain += f.0 * 1000.0;
    }
    Some(Cand {
        action: Action::None,
        dama: f64::NAN,
        riichi: f64::NAN,
        shanten,
        tenpai: f.0,
        win: ctx.widen(f.1),
        score: gain,
        danger: 0.0,
        now_loss: 0.0,
        loss: 0.0,
        value: gain,
    })
}
