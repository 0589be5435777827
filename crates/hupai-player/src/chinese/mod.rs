//! The `hupai` player under the Chinese families (GB, Sichuan, Hongzhong, Changsha): one decision
//! procedure, each family supplying what its wins are worth, its plans and its own choices
//! (`gb`, `sichuan`, `hongzhong`, `changsha`).
//!
//! Discards are ranked by expected points: when the best discard leaves the hand at most one from
//! ready, exact from `hupai-odds` (the draws left, the tiles seen) with the family's scorer valuing
//! every winning hand reached (a GB hand short of 8 fans is worth nothing, so the discards that
//! keep 8 fans reachable win); further out, by an estimate from shanten and effective tiles times
//! what the family's plans make of the hand (flushes, triplets, pairs). The danger of a discard
//! (the riichi player's per-tile model, read from the calls and rivers) times what a deal-in costs
//! under the family is taken off. Kongs are made for their payments when they keep the hand's
//! shanten; calls when they lower the shanten and keep the hand's value.
//!
//! Every decision reads the seat's [`View`], never another seat's concealed tiles or the wall.

mod changsha;
mod gb;
mod hongzhong;
mod sichuan;

use arrayvec::ArrayVec;
use hupai::odds::ev::{EvOptions, Evaluator, WinValue};
use hupai::{Discard, Hand, Meld, Tile, TileCounts};
use hupai_game::policy::discard_of_kind;
use hupai_game::{Action, Actions, Family, Game, GameRules, Pai, Seat, View};

use crate::player::{Cand, Explanation, Mode, explanation};
use crate::table::{Table, bakaze_index, danger_of};

/// Most hands the exact odds may visit for one decision.
const MAX_HANDS: usize = 30_000;
/// The exact odds are asked when the best discard leaves the hand at most this far from ready.
const EV_SHANTEN: i8 = 1;

/// What one decision knows under a Chinese family.
pub(crate) struct Ctx<'a> {
    pub(crate) view: &'a View,
    pub(crate) rules: GameRules,
    pub(crate) hand_rules: hupai::Rules,
    pub(crate) me: usize,
    pub(crate) melds: ArrayVec<Meld, 4>,
    /// Tiles seen outside the hand and its melds.
    pub(crate) visible: TileCounts,
    pub(crate) table: Table,
    pub(crate) seat_winds: [usize; 4],
    pub(crate) bakaze: usize,
    /// The wild kind (Hongzhong's red dragon).
    pub(crate) wildcard: Option<Tile>,
    /// Draws the seat has left.
    pub(crate) draws: u8,
}

impl<'a> Ctx<'a> {
    fn new(view: &'a View, rules: &GameRules) -> Ctx<'a> {
        let n = usize::from(view.players.max(1));
        let oya = usize::from(view.oya);
        let mut seat_winds = [0; 4];
        for (s, w) in seat_winds.iter_mut().enumerate().take(n) {
            *w = (s + n - oya) % n;
        }
        let me = usize::from(view.seat);
        let mut table = Table::read(view, seat_winds);
        // A Sichuan winner has left the hand: it wins nothing more.
        for (o, opp) in table.opponents.iter_mut().enumerate() {
            if view.out[o] {
                opp.active = false;
            }
        }
        let melds: ArrayVec<Meld, 4> = view.melds[me].iter().map(|m| m.meld()).collect();
        let visible = TileCounts(table.visible);
        let active = (0..n).filter(|&s| !view.out[s]).count().max(1);
        let draws = (u32::from(view.tiles_left) / active as u32).min(30) as u8;
        Ctx {
            view,
            rules: *rules,
            hand_rules: rules.hand_rules(),
            me,
            melds,
            visible,
            table,
            seat_winds,
            bakaze: bakaze_index(view),
            wildcard: (rules.family == Family::Hongzhong).then_some(Tile::ALL[33]),
            draws,
        }
    }

    /// The hand of `counts` and `melds` as hupai reads it (the wild kind's copies as wildcards).
    pub(crate) fn hand(&self, counts: &[u8; 34], melds: &[Meld]) -> Option<Hand> {
        let hand = Hand::new(TileCounts(*counts), 0, melds).ok()?;
        match self.wildcard {
            Some(w) if counts[w.index()] > 0 => hand.with_wildcard_tile(w).ok(),
            _ => Some(hand),
        }
    }

    fn shanten(&self, counts: &[u8; 34], melds: &[Meld]) -> Option<i8> {
        let hand = self.hand(counts, melds)?;
        hupai::shanten(&hand, &self.hand_rules).ok().map(|s| s.number)
    }

    /// The chance that discarding kind `k` deals in now.
    fn danger(&self, k: usize) -> f64 {
        danger_of(&self.table, k, self.seat_winds, self.bakaze).0
    }

    /// The chance that some opponent still in the hand is ready.
    fn threat(&self) -> f64 {
        self.table.opponents.iter().filter(|o| o.active).map(|o| o.tenpai).sum::<f64>().min(1.0)
    }

    fn family(&self) -> Family {
        self.rules.family
    }
}

/// The family's value of a winning hand, in its points (what the winner collects, a self-draw
/// and a win on a discard blended).
struct Valuer<'c, 'a> {
    ctx: &'c Ctx<'a>,
}

impl WinValue for Valuer<'_, '_> {
    fn value(&self, hand: &Hand, tile: Tile) -> Option<f64> {
        Some(match self.ctx.family() {
            Family::Gb => gb::win_value(self.ctx, hand, tile),
            Family::Sichuan => sichuan::win_value(self.ctx, hand, tile),
            Family::Changsha => changsha::win_value(self.ctx, hand, tile),
            _ => hongzhong::WIN_VALUE,
        })
    }
}

/// What a deal-in costs under the family, in its points (0 where discards do not win).
fn deal_in_cost(ctx: &Ctx) -> f64 {
    match ctx.family() {
        // The discarder pays 8 + fan, the others 8 each anyway: the deal-in costs the fans.
        Family::Gb => 12.0,
        Family::Sichuan => sichuan::DEAL_IN,
        Family::Changsha => changsha::DEAL_IN,
        Family::Hongzhong if ctx.rules.discard_wins => hongzhong::WIN_VALUE / 3.0,
        _ => 0.0,
    }
}

/// The estimate for a hand too far from ready for the exact odds: the tsumo chance from shanten
/// and effective tiles over the draws left.
fn rough_win(shanten: i8, effective: u32, draws: u8) -> f64 {
    let sh = f64::from(shanten.max(0));
    let t = (f64::from(draws) / 17.0).min(1.0);
    let width = (f64::from(effective) / (8.0 * sh + 8.0)).min(1.5).sqrt();
    (0.45f64.powf(sh) * width * t.powf(sh + 1.0)).min(0.95)
}

/// The decision under a Chinese family.
pub(crate) fn decide(game: &Game, seat: Seat, legal: &Actions, explain: bool) -> Explanation {
    let forced = |a: Action, mode: Mode, why: &str| explanation(a, mode, why.to_string(), 0.0, &[], explain);
    let rules = *game.rules();
    let view = game.view(seat);
    let ctx = Ctx::new(&view, &rules);
    // The deal's choices: Sichuan's three tiles and void suit.
    if let Some((a, why)) = sichuan::setup(&ctx, legal) {
        return forced(a, Mode::Call, &why);
    }
    if legal.contains(&Action::Hora) {
        return forced(Action::Hora, Mode::Win, "a legal win is taken");
    }
    if legal.contains(&Action::Qishouhu) {
        return forced(Action::Qishouhu, Mode::Win, "the deal's small wins are paid at once");
    }
    if legal.contains(&Action::Haidi) {
        // The last tile: a ready hand may win on it; a hand not ready only risks its discard.
        let ready = ctx.shanten(&view.hand.kinds, &ctx.melds) == Some(0);
        let a = if ready { Action::Haidi } else { Action::None };
        return forced(
            a,
            Mode::Call,
            if ready { "ready: the last tile may win" } else { "not ready: the last tile passed" },
        );
    }
    if legal.iter().any(|a| matches!(a, Action::Dahai { .. })) {
        turn(&ctx, legal, explain)
    } else {
        answer(&ctx, legal, explain)
    }
}

/// The counts and melds after a kong of `kind` made from the hand (`from_hand` copies).
fn after_kong(ctx: &Ctx, kind: Tile, from_hand: u8, meld: Meld) -> ([u8; 34], ArrayVec<Meld, 4>) {
    let mut counts = ctx.view.hand.kinds;
    counts[kind.index()] = counts[kind.index()].saturating_sub(from_hand);
    let mut melds = ctx.melds.clone();
    if from_hand == 1 {
        // An added kong: the pung becomes the kong.
        if let Some(m) = melds.iter_mut().find(|m| matches!(m, Meld::Pon(t) if *t == kind)) {
            *m = meld;
        }
    } else {
        melds.push(meld);
    }
    (counts, melds)
}

/// Whether a kong keeps the hand as close to ready as it is (and, when ready, ready).
fn kong_keeps(ctx: &Ctx, now: i8, counts: &[u8; 34], melds: &[Meld]) -> bool {
    // After a kong from the hand the replacement is drawn: the hand is one tile short, like a hand
    // waiting to draw.
    ctx.shanten(counts, melds).is_some_and(|s| s <= now)
}

/// A turn: a kong for its payments, else the discard worth most.
fn turn(ctx: &Ctx, legal: &Actions, explain: bool) -> Explanation {
    let counts = ctx.view.hand.kinds;
    let Some(hand) = ctx.hand(&counts, &ctx.melds) else {
        let a = legal.iter().copied().find(|a| matches!(a, Action::Dahai { .. })).unwrap_or(legal[0]);
        return explanation(a, Mode::Forced, "the hand could not be read".into(), 0.0, &[], explain);
    };
    let advice = hupai::discard_advice(&hand, &ctx.hand_rules, &ctx.visible).unwrap_or_default();
    let best_shanten = advice
        .iter()
        .filter_map(|o| match o.discard {
            Discard::Tile(t) if discard_of_kind(legal, t).is_some() => Some(o.after.shanten),
            _ => None,
        })
        .min()
        .unwrap_or(8);
    let threat = ctx.threat();
    // Kongs: paid at once under Sichuan and Hongzhong, fans under GB; made when the hand keeps its
    // shanten (Changsha's 开杠 only when the engine offers it, which needs the hand ready).
    for &a in legal {
        let (kind, from_hand, meld, why) = match a {
            Action::Ankan { consumed } => {
                let Some(k) = consumed[0].kind() else { continue };
                (k, 4, Meld::ClosedKan(k), "a concealed kong keeps the hand")
            }
            Action::Kakan { pai } => {
                let Some(k) = pai.kind() else { continue };
                (k, 1, Meld::Kan(k), "an added kong keeps the hand")
            }
            Action::Kaigang { pai } => {
                let Some(k) = pai.kind() else { continue };
                let from = if ctx.melds.iter().any(|m| matches!(m, Meld::Pon(t) if *t == k)) { 1 } else { 4 };
                let meld = if from == 1 { Meld::Kan(k) } else { Meld::ClosedKan(k) };
                (k, from, meld, "开杠: ready, two tiles to win on")
            }
            _ => continue,
        };
        if Some(kind) == ctx.wildcard {
            continue;
        }
        let (after, melds) = after_kong(ctx, kind, from_hand, meld);
        // The hand now holds a drawn tile: its shanten as it stands is best_shanten.
        if kong_keeps(ctx, best_shanten, &after, &melds) {
            return explanation(a, Mode::Call, why.into(), threat, &[], explain);
        }
    }

    let horizon = ctx.draws.min(17);
    let use_ev = best_shanten <= EV_SHANTEN && horizon > 0;
    let valuer = Valuer { ctx };
    let mut evaluator = if use_ev {
        let options = EvOptions {
            turns: horizon,
            visible: ctx.visible,
            wildcard_tile: ctx.wildcard,
            scorer: Some(&valuer as &dyn WinValue),
            max_hands: MAX_HANDS,
            ..EvOptions::default()
        };
        Evaluator::new(&hand, &ctx.hand_rules, &options).ok()
    } else {
        None
    };
    let cost = deal_in_cost(ctx);
    let mut cands: ArrayVec<Cand, 34> = ArrayVec::new();
    for option in &advice {
        let Discard::Tile(t) = option.discard else { continue };
        let k = t.index();
        let Some(action) = discard_of_kind(legal, t) else { continue };
        if cands.iter().any(|c| c.action == action) {
            continue;
        }
        // A wildcard is never thrown while another discard is legal.
        if Some(t) == ctx.wildcard
            && legal.iter().any(|a| matches!(a, Action::Dahai { pai, .. } if pai.kind() != Some(t)))
        {
            continue;
        }
        let shanten = option.after.shanten;
        let mut after = counts;
        after[k] -= 1;
        let exact = if shanten == best_shanten {
            evaluator.as_mut().and_then(|e| {
                let h = ctx.hand(&after, &ctx.melds)?;
                e.figures(&h, horizon).ok()
            })
        } else {
            None
        };
        let plan = plan_value(ctx, &after);
        // GB: when no completion within reach scores 8 fans, the hand must change first: it is
        // valued by its plans as one step further from ready.
        let exact = exact.filter(|f| ctx.family() != Family::Gb || f.score.unwrap_or(0.0) > 0.0);
        let shanten_est = if shanten == best_shanten && use_ev && exact.is_none() { shanten + 1 } else { shanten };
        let (tenpai, win, score) = match exact {
            Some(f) => (f.tenpai, f.win, f.score.unwrap_or(0.0)),
            None => {
                let shanten = shanten_est;
                let p = rough_win(shanten, option.after.unseen(), horizon);
                let tenpai =
                    if shanten <= 0 { 1.0 } else { rough_win(shanten - 1, option.after.unseen(), horizon + 4) };
                (tenpai, p, p * plan)
            }
        };
        // Ready at an exhaustive draw is paid under Sichuan (查大叫): worth something late.
        let late = if ctx.family() == Family::Sichuan && horizon <= 6 { tenpai * sichuan::READY_AT_DRAW } else { 0.0 };
        let danger = ctx.danger(k);
        let loss = danger * cost;
        let gain = score + late;
        cands.push(Cand {
            action,
            dama: f64::NAN,
            riichi: f64::NAN,
            shanten,
            tenpai,
            win,
            score: gain,
            danger,
            now_loss: loss,
            loss,
            // Ties (nothing reachable yet) go to the faster discard, then the plan.
            value: gain - loss + 0.5 * win + 0.1 * tenpai + 0.001 * plan,
        });
    }
    if cands.is_empty() {
        let a = legal.iter().copied().find(|a| matches!(a, Action::Dahai { .. })).unwrap_or(legal[0]);
        return explanation(a, Mode::Forced, "no discard weighed".into(), threat, &[], explain);
    }
    let best = cands.iter().copied().max_by(|a, b| a.value.total_cmp(&b.value)).unwrap_or(cands[0]);
    let reason = if explain {
        format!(
            "the discard worth most: {:.2} expected points, win {:.0} %, danger {:.1} % ({})",
            best.score,
            best.win * 100.0,
            best.danger * 100.0,
            if use_ev { "exact odds with the family's scorer" } else { "estimated from shanten and the hand's plans" }
        )
    } else {
        String::new()
    };
    explanation(best.action, Mode::Push, reason, threat, &cands, explain)
}

/// What the family's plans make of a hand far from ready: the points a win with it would be
/// worth, roughly.
fn plan_value(ctx: &Ctx, counts: &[u8; 34]) -> f64 {
    match ctx.family() {
        Family::Gb => gb::plan_value(ctx, counts),
        Family::Sichuan => sichuan::plan_value(ctx, counts),
        Family::Changsha => changsha::plan_value(ctx, counts),
        _ => hongzhong::plan_value(ctx, counts),
    }
}

/// Answering a discard or a kong: a win, a kong for its payments, a call that lowers the shanten
/// and keeps the hand's value, else pass.
fn answer(ctx: &Ctx, legal: &Actions, explain: bool) -> Explanation {
    let counts = ctx.view.hand.kinds;
    let threat = ctx.threat();
    let Some(now) = ctx.shanten(&counts, &ctx.melds) else {
        return explanation(Action::None, Mode::Call, "the hand could not be read".into(), threat, &[], explain);
    };
    let mut best: Option<(f64, Action, &'static str)> = None;
    for &a in legal {
        let (kind, meld, consumed): (Tile, Meld, ArrayVec<Pai, 3>) = match a {
            Action::Daiminkan { pai, consumed } => {
                let Some(k) = pai.kind() else { continue };
                (k, Meld::Kan(k), consumed.into_iter().collect())
            }
            Action::Kaigang { pai } => {
                let Some(k) = pai.kind() else { continue };
                (k, Meld::Kan(k), [pai; 3].into_iter().collect())
            }
            Action::Pon { pai, consumed } => {
                let Some(k) = pai.kind() else { continue };
                (k, Meld::Pon(k), consumed.into_iter().collect())
            }
            Action::Chi { pai, consumed } => {
                let Some(low) = [pai, consumed[0], consumed[1]].iter().filter_map(|t| t.kind()).min() else { continue };
                let Some(_) = pai.kind() else { continue };
                (low, Meld::Chi(low), consumed.into_iter().collect())
            }
            _ => continue,
        };
        if Some(kind) == ctx.wildcard || consumed.iter().any(|c| c.kind() == ctx.wildcard && ctx.wildcard.is_some()) {
            continue;
        }
        let mut after = counts;
        for c in &consumed {
            let i = c.kind_index();
            if i < 34 {
                after[i] = after[i].saturating_sub(1);
            }
        }
        let mut melds = ctx.melds.clone();
        if melds.try_push(meld).is_err() {
            continue;
        }
        let is_kong = matches!(a, Action::Daiminkan { .. } | Action::Kaigang { .. });
        let Some(shanten) = ctx.shanten(&after, &melds) else { continue };
        // A kong leaves the hand waiting to draw its replacement: it must keep the shanten. A pung
        // or chow leaves a discard to make: it must lower it.
        let ok = if is_kong { shanten <= now } else { shanten < now };
        if !ok {
            continue;
        }
        // The hand's value after the call, by the family's plans (GB: 8 fans still reachable).
        let value = match ctx.family() {
            Family::Gb => gb::call_value(ctx, &after, &melds, shanten),
            Family::Changsha => changsha::call_value(ctx, &after, &melds, a),
            Family::Sichuan => sichuan::plan_value(ctx, &after),
            _ => hongzhong::plan_value(ctx, &after),
        };
        if value <= 0.0 {
            continue;
        }
        let rank = value + if is_kong { 100.0 } else { 0.0 } - f64::from(shanten);
        let why = if is_kong {
            "a kong keeps the hand and is paid"
        } else {
            "the call lowers the shanten and keeps the hand's value"
        };
        if best.is_none_or(|(r, _, _)| rank > r) {
            best = Some((rank, a, why));
        }
    }
    match best {
        Some((_, a, why)) => explanation(a, Mode::Call, why.into(), threat, &[], explain),
        None => explanation(Action::None, Mode::Call, "no call worth making".into(), threat, &[], explain),
    }
}

/// Suits of the numbered kinds: 0 m, 1 p, 2 s.
pub(crate) fn suit_counts(counts: &[u8; 34]) -> [u32; 3] {
    let mut s = [0u32; 3];
    for (k, &c) in counts.iter().enumerate().take(27) {
        s[k / 9] += u32::from(c);
    }
    s
}

/// Pairs (or better) and triplets in the counts.
pub(crate) fn pairs_and_triplets(counts: &[u8; 34]) -> (u32, u32) {
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as u32;
    let triplets = counts.iter().filter(|&&c| c >= 3).count() as u32;
    (pairs, triplets)
}

/// The kind of a meld's tiles' suit (0 m, 1 p, 2 s), `None` for honors.
pub(crate) fn meld_suit(m: &Meld) -> Option<usize> {
    let t = match *m {
        Meld::Chi(t) | Meld::Pon(t) | Meld::Kan(t) | Meld::ClosedKan(t) => t,
    };
    (t.index() < 27).then_some(t.index() / 9)
}

/// Whether a meld is a pung or kong.
pub(crate) fn is_triplet(m: &Meld) -> bool {
    !matches!(m, Meld::Chi(_))
}
