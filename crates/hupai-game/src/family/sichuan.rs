//! Sichuan mahjong (血战到底): the 108-tile wall, three tiles passed (换三张) and a void suit
//! declared (定缺) before play, pung and kong without chow, kong payments made as the kong is
//! declared (刮风下雨), several winners on one discard (一炮多响), play going on after a win until
//! one player is left or the wall is empty (winners staying under 血流成河), and the checks of an
//! exhaustive draw (查花猪, 查大叫, 退税). Wins are scored by `hupai-score`'s `sichuan` table with
//! the winner's void suit; the deal, the draws and the claims are the Chinese ones
//! ([`super::chinese`]). Every rule with its source is in `docs/game.md`.

use std::sync::OnceLock;

use arrayvec::ArrayVec;
use hupai::{Hand, Suit};
use hupai_score::{Scorer, Situation, regional};

use crate::action::{Action, Actions};
use crate::event::{DrawReason, Event, MOST_YAKU, Seat, WinScore};
use crate::game::{ClaimOn, Game, MeldKind, Phase};
use crate::pai::{Pai, PaiCounts};

use super::OwnPhase;

/// The suits a seat may pass and declare void.
const SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];

/// A kong's payments, kept for the hand: a discard right after it passes them to the winner
/// (呼叫转移), and a player not ready at the draw returns them (退税).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Kong {
    pub(crate) owner: Seat,
    pub(crate) kind: MeldKind,
    pub(crate) deltas: [i32; 4],
    /// Its owner's income passed to a winner by 呼叫转移.
    pub(crate) transferred: bool,
}

/// Sichuan's state of the hand besides the players'.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct State {
    /// The tiles each seat has chosen to pass (换三张), one at a time.
    pub(crate) passing: [ArrayVec<Pai, 3>; 4],
    /// The suit each seat has declared (定缺), before they are all shown.
    pub(crate) declared: [Option<Suit>; 4],
    /// The kongs paid this hand.
    pub(crate) kongs: ArrayVec<Kong, 16>,
    /// The seat whose kong's replacement draw is being played: a win on its discard is 杠上炮.
    pub(crate) after_kong: Option<Seat>,
    /// The first win's dealer-to-be: the winner, or the discarder of a discard several won on.
    pub(crate) next_dealer: Option<Seat>,
    /// Each seat's void suit once shown: its tiles go first, and a hand holding one cannot win.
    pub(crate) void: [Option<Suit>; 4],
    /// The seats that won and left the hand (a bit each): skipped in turn order, asked nothing
    /// more.
    pub(crate) out: u8,
    /// Each seat's wins this hand (more than one under 血流成河): a winner playing on discards
    /// what it draws.
    pub(crate) wins: [u8; 4],
    /// The tiles each seat won on, set aside in front of it.
    pub(crate) won: [ArrayVec<Pai, 32>; 4],
}

/// The `sichuan` table, and the same with each suit declared void.
fn tables() -> Option<&'static [regional::Table; 4]> {
    static TABLES: OnceLock<Option<[regional::Table; 4]>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let Ok(Scorer::Regional(base)) = Scorer::shared("sichuan") else { return None };
            Some(std::array::from_fn(|i| {
                let mut t = base.clone();
                t.void = SUITS.get(i).copied();
                t
            }))
        })
        .as_ref()
}

fn table(void: Option<Suit>) -> Option<&'static regional::Table> {
    let i = void.and_then(|v| SUITS.iter().position(|&s| s == v)).unwrap_or(3);
    tables().map(|t| &t[i])
}

/// The table's points of a hand of `fan`: base × 2^fan.
fn points_of(fan: u32) -> i32 {
    let base = table(None).map_or(1, |t| t.points.base);
    i32::try_from(base.saturating_mul(1u64 << fan.min(30))).unwrap_or(i32::MAX / 8)
}

/// The most a hand scores: the table's cap (天胡's worth).
fn capped_points() -> i32 {
    let t = table(None);
    points_of(t.map_or(4, |t| t.cap.unwrap_or(t.uncapped_limit)))
}

/// One base of the table: what a kong's payments are counted in.
fn base() -> i32 {
    points_of(0)
}

/// Whether `seat` has won and left the hand.
fn out(game: &Game, seat: usize) -> bool {
    game.family.sichuan.out >> seat & 1 != 0
}

// ---- before play ----

/// The deal is done: the exchange (if the rules have it) or the void suits come first.
pub(crate) fn start(game: &mut Game) {
    game.family.sichuan = State::default();
    game.phase = if game.rules.exchange_three { Phase::Own(OwnPhase::Exchange) } else { Phase::Own(OwnPhase::Dingque) };
}

/// The seats still to decide before play.
pub(crate) fn to_act(game: &Game) -> u8 {
    let mut bits = 0;
    for s in 0..4 {
        let pending = match game.phase {
            Phase::Own(OwnPhase::Exchange) => game.family.sichuan.passing[s].len() < 3,
            Phase::Own(OwnPhase::Dingque) => game.family.sichuan.declared[s].is_none(),
            _ => false,
        };
        if pending {
            bits |= 1 << s;
        }
    }
    bits
}

/// Tiles of `suit` in `counts`.
fn suit_count(counts: &PaiCounts, suit: Suit) -> u8 {
    let first = suit as usize * 9;
    counts.kinds[first..first + 9].iter().sum()
}

/// The hand less the tiles chosen so far.
fn left_to_choose(game: &Game, seat: usize) -> PaiCounts {
    let mut hand = game.players[seat].hand;
    for &p in &game.family.sichuan.passing[seat] {
        hand.remove(p);
    }
    hand
}

/// The legal actions before play: each tile that may be passed next (any tile of a suit the hand
/// holds three of for the first, then tiles of the first one's suit), or each suit to declare.
pub(crate) fn setup_actions(game: &Game, seat: Seat, want: u16, out: &mut Actions) {
    if to_act(game) & (1 << seat) == 0 {
        return;
    }
    let s = usize::from(seat);
    match game.phase {
        Phase::Own(OwnPhase::Exchange)
            if want & crate::legal::kind_bit(&Action::Exchange { pai: Pai::UNKNOWN }) != 0 =>
        {
            let hand = left_to_choose(game, s);
            let fixed = game.family.sichuan.passing[s].first().and_then(|p| p.kind()).map(|k| k.suit());
            for pai in hand.distinct() {
                let Some(kind) = pai.kind() else { continue };
                let suit = kind.suit();
                let ok = match fixed {
                    Some(f) => f == suit,
                    None => suit.is_numbered() && suit_count(&hand, suit) >= 3,
                };
                if ok {
                    let _ = out.try_push(Action::Exchange { pai });
                }
            }
        }
        Phase::Own(OwnPhase::Dingque) if want & crate::legal::kind_bit(&Action::Dingque { suit: Suit::Man }) != 0 => {
            for suit in SUITS {
                let _ = out.try_push(Action::Dingque { suit });
            }
        }
        _ => {}
    }
}

/// Why an action before play is refused.
pub(crate) fn why_not(game: &Game, _seat: Seat, action: &Action) -> String {
    match (game.phase, action) {
        (Phase::Own(OwnPhase::Exchange), Action::Exchange { .. }) => {
            "three tiles of one suit are passed: a tile the hand holds (not chosen already) of a suit it holds three \
             of, all three of the first one's suit"
                .into()
        }
        (Phase::Own(OwnPhase::Exchange), _) => {
            "every seat first chooses three tiles of one suit to pass (huansanzhang)".into()
        }
        (Phase::Own(OwnPhase::Dingque), _) => "every seat first declares its void suit (dingque: m, p or s)".into(),
        _ => "not among the legal actions now".into(),
    }
}

/// A seat's choice before play (legal, checked by `apply`); when every seat has chosen, the
/// tiles are passed or the void suits shown, and play begins with the dealer's draw.
pub(crate) fn choose(game: &mut Game, seat: Seat, action: Action) {
    let s = usize::from(seat);
    match action {
        Action::Exchange { pai } => game.family.sichuan.passing[s].push(pai),
        Action::Dingque { suit } => game.family.sichuan.declared[s] = Some(suit),
        _ => return,
    }
    if to_act(game) != 0 {
        return;
    }
    match game.phase {
        Phase::Own(OwnPhase::Exchange) => pass_tiles(game),
        _ => declare_voids(game),
    }
}

/// Who a seat passes to: by the dice's total, 1, 4, 7, 10 the next player in turn order (下家),
/// 2, 5, 8, 11 the previous one (上家), 3, 6, 9, 12 the player across (对家).
pub(crate) fn exchange_offset(dice: [u8; 2]) -> u8 {
    match (dice[0] + dice[1]) % 3 {
        1 => 1,
        2 => 3,
        _ => 2,
    }
}

fn pass_tiles(game: &mut Game) {
    let k = exchange_offset(game.chinese_wall.dice);
    let passing = std::mem::take(&mut game.family.sichuan.passing);
    for (s, pais) in passing.iter().enumerate() {
        for &p in pais {
            game.players[s].hand.remove(p);
        }
    }
    for (s, pais) in passing.iter().enumerate() {
        let target = game.next_in_turn(s as Seat, k);
        for &p in pais {
            game.players[usize::from(target)].hand.add(p);
        }
        let mut three = [Pai::UNKNOWN; 3];
        for (slot, &p) in three.iter_mut().zip(pais) {
            *slot = p;
        }
        game.emit(Event::Huansanzhang { actor: s as Seat, target, pais: three });
    }
    for p in &mut game.players {
        p.repack(game.wait_rules.wildcard_tile);
    }
    game.phase = Phase::Own(OwnPhase::Dingque);
}

fn declare_voids(game: &mut Game) {
    let declared = std::mem::take(&mut game.family.sichuan.declared);
    for (s, suit) in declared.iter().enumerate() {
        let Some(suit) = *suit else { continue };
        game.family.sichuan.void[s] = Some(suit);
        let p = &mut game.players[s];
        p.refresh_waits(&game.wait_rules.with_void(suit));
        game.emit(Event::Dingque { actor: s as Seat, suit });
    }
    let oya = game.oya();
    game.draw(oya, false);
}

/// The built-in players' choice before play: the void suit is the suit the hand holds fewest
/// of, and the tiles passed come from the suit holding fewest among those with three.
pub(crate) fn setup_choice(game: &Game, seat: Seat, legal: &Actions) -> Option<Action> {
    let hand = left_to_choose(game, usize::from(seat));
    let fewest = |ok: &dyn Fn(Suit) -> bool| SUITS.into_iter().filter(|&s| ok(s)).min_by_key(|&s| suit_count(&hand, s));
    match legal.first()? {
        Action::Dingque { .. } => fewest(&|_| true).map(|suit| Action::Dingque { suit }),
        Action::Exchange { .. } => {
            let suit = fewest(&|s| {
                legal.iter().any(|a| matches!(a, Action::Exchange { pai } if pai.kind().is_some_and(|k| k.suit() == s)))
            })?;
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Exchange { pai } if pai.kind().is_some_and(|k| k.suit() == suit)))
        }
        _ => None,
    }
}

// ---- wins ----

/// The situation of `seat` winning on `pai` (from `from`; itself for a self-draw, whose tile is
/// already in the hand).
fn situation(game: &Game, seat: Seat, from: Seat, pai: Pai, rinshan: bool, on: Option<ClaimOn>) -> Option<Situation> {
    let p = &game.players[usize::from(seat)];
    let tsumo = seat == from;
    let mut counts: PaiCounts = p.hand;
    if !tsumo {
        counts.add(pai);
    }
    let melds: ArrayVec<hupai::Meld, 4> = p.melds.iter().map(|m| m.meld()).collect();
    let hand = Hand::new(counts.tile_counts(), 0, &melds).ok()?;
    let mut s = Situation::new(hand, pai.kind()?);
    s.tsumo = tsumo;
    let last = game.tiles_left() == 0;
    s.rinshan = rinshan && tsumo;
    s.chankan = on == Some(ClaimOn::Kakan);
    s.haitei = tsumo && last;
    s.houtei = !tsumo && last && on == Some(ClaimOn::Discard);
    s.after_kong_discard = !tsumo && on == Some(ClaimOn::Discard) && game.family.sichuan.after_kong == Some(from);
    // 天胡 / 地胡: the first draw, nothing called or declared yet.
    if tsumo
        && !rinshan
        && game.no_calls
        && p.river.is_empty()
        && game.family.sichuan.wins[usize::from(seat)] == 0
        && p.melds.is_empty()
    {
        if seat == game.oya() {
            s.tenhou = true;
        } else {
            s.chiihou = true;
        }
    }
    Some(s)
}

/// The table's score of `seat` winning on `pai`, if the hand wins (its void suit declared).
pub(crate) fn win_score(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
) -> Option<regional::Score> {
    let s = situation(game, seat, from, pai, rinshan, on)?;
    regional::score(&s, table(game.family.sichuan.void[usize::from(seat)])?).ok()
}

/// The most a ready hand could win on a discard (查大叫): the best over every tile it waits on,
/// scored as a plain win on a discard.
pub(crate) fn best_possible(game: &Game, seat: Seat) -> i32 {
    let p = &game.players[usize::from(seat)];
    let Some(t) = table(game.family.sichuan.void[usize::from(seat)]) else { return 0 };
    let melds: ArrayVec<hupai::Meld, 4> = p.melds.iter().map(|m| m.meld()).collect();
    let mut best = 0;
    for kind in p.waits.iter() {
        let mut counts = p.hand;
        counts.add(Pai::of(kind));
        let Ok(hand) = Hand::new(counts.tile_counts(), 0, &melds) else { continue };
        let s = Situation::new(hand, kind);
        if let Ok(score) = regional::score(&s, t) {
            best = best.max(i32::try_from(score.total).unwrap_or(i32::MAX / 8));
        }
    }
    best
}

fn add(scores: &mut [i32; 4], deltas: &[i32; 4]) {
    for (total, d) in scores.iter_mut().zip(deltas) {
        *total += d;
    }
}

/// A kong's payments, made as it is declared: on a discard the discarder pays; an added or a
/// concealed kong is paid by every other player still in the hand.
pub(crate) fn kan_paid(game: &mut Game, seat: Seat, from: Seat, kind: MeldKind) {
    let s = usize::from(seat);
    let mut deltas = [0i32; 4];
    let [exposed, added, concealed] = game.rules.kong_payments().map(|bases| bases.saturating_mul(base()));
    match kind {
        MeldKind::Daiminkan => {
            deltas[usize::from(from)] -= exposed;
            deltas[s] += exposed;
        }
        MeldKind::Kakan | MeldKind::Ankan => {
            let each = if kind == MeldKind::Ankan { concealed } else { added };
            for o in 0..4 {
                if o != s && !out(game, o) {
                    deltas[o] -= each;
                    deltas[s] += each;
                }
            }
        }
        _ => return,
    }
    add(&mut game.scores, &deltas);
    let _ = game.family.sichuan.kongs.try_push(Kong { owner: seat, kind, deltas, transferred: false });
    game.family.sichuan.after_kong = Some(seat);
    game.emit(Event::Gangfen { actor: seat, deltas });
}

/// Settles the wins on one tile and plays on: each winner is paid the table's points (on a
/// discard by the discarder, self-drawn by every other player still in the hand); a robbed kong
/// is undone and its payments returned (抢杠胡); a win on the discard right after the
/// discarder's kong takes that kong's payments (呼叫转移, to the first winner in turn order).
/// Winners leave the hand (they stay under 血流成河); the hand ends when one player is left,
/// else the player after the last winner draws.
pub(crate) fn wins(game: &mut Game, from: Seat, pai: Pai, winners: &[Seat], rinshan: bool, on: Option<ClaimOn>) {
    let tsumo = winners == [from];
    let mut carried = [0i32; 4];
    let f = usize::from(from);
    if on == Some(ClaimOn::Kakan) {
        // The robbed kong was never made: the pung stands again and its payments go back.
        let rules = super::seat_wait_rules(game, from);
        let p = &mut game.players[f];
        if let Some(m) = p.melds.iter_mut().find(|m| m.kind == MeldKind::Kakan && m.pais[3] == pai) {
            m.kind = MeldKind::Pon;
        }
        p.kans = p.kans.saturating_sub(1);
        p.repack(game.wait_rules.wildcard_tile);
        p.refresh_waits(&rules);
        game.kans = game.kans.saturating_sub(1);
        if let Some(i) = game.family.sichuan.kongs.iter().rposition(|k| k.owner == from && k.kind == MeldKind::Kakan) {
            let k = game.family.sichuan.kongs.remove(i);
            for (c, d) in carried.iter_mut().zip(k.deltas) {
                *c -= d;
            }
        }
    }
    let mut transfer: Option<i32> = None;
    if game.rules.call_transfer
        && !tsumo
        && on == Some(ClaimOn::Discard)
        && game.family.sichuan.after_kong == Some(from)
    {
        // 呼叫转移: the kong's income goes to the winner (and is no longer the kong-maker's to
        // return at a draw, unless `refund_transferred_kong`).
        if let Some(k) = game.family.sichuan.kongs.iter_mut().rev().find(|k| k.owner == from && !k.transferred) {
            k.transferred = true;
            transfer = Some(k.deltas[f]);
        }
    }
    // Scores first, from the hands as they are: a later winner's score does not see the earlier
    // one leave.
    let mut scored: ArrayVec<(Seat, regional::Score), 3> = ArrayVec::new();
    for &w in winners {
        if let Some(score) = win_score(game, w, from, pai, rinshan, on) {
            scored.push((w, score));
        }
    }
    // A win on a discard takes the discard from the river; a robbed kong's tile was never
    // discarded, and the river's last tile stays where it is.
    if !tsumo
        && !matches!(on, Some(ClaimOn::Kakan | ClaimOn::Ankan))
        && let Some(r) = game.players[f].river.last_mut()
    {
        r.called = true;
    }
    for (i, (w, score)) in scored.iter().enumerate() {
        let wi = usize::from(*w);
        let total = i32::try_from(score.total).unwrap_or(i32::MAX / 8);
        let mut deltas = [0i32; 4];
        for o in 0..4 {
            if o != wi && (if tsumo { !out(game, o) } else { o == f }) {
                deltas[o] -= total;
                deltas[wi] += total;
            }
        }
        if i == 0 {
            for (d, c) in deltas.iter_mut().zip(carried) {
                *d += c;
            }
            if let Some(income) = transfer {
                deltas[f] -= income;
                deltas[wi] += income;
            }
        }
        add(&mut game.scores, &deltas);
        emit_hora(game, *w, from, pai, deltas, score);
    }
    for (i, &(w, _)) in scored.iter().enumerate() {
        let wi = usize::from(w);
        let rules = super::seat_wait_rules(game, w);
        let p = &mut game.players[wi];
        if tsumo {
            p.hand.remove(pai);
            p.repack(game.wait_rules.wildcard_tile);
            p.refresh_waits(&rules);
        }
        let state = &mut game.family.sichuan;
        if i == 0 {
            let _ = state.won[wi].try_push(pai);
        }
        state.wins[wi] = state.wins[wi].saturating_add(1);
        if !game.rules.blood_river {
            state.out |= 1 << w;
        }
    }
    if game.family.sichuan.next_dealer.is_none()
        && let Some(&(w, _)) = scored.first()
    {
        game.family.sichuan.next_dealer = Some(if scored.len() > 1 { from } else { w });
    }
    let left = (0..4).filter(|&s| !out(game, s)).count();
    let last = scored.last().map_or(from, |&(w, _)| w);
    if left <= 1 || scored.is_empty() && tsumo {
        game.end_hand(false, true, false);
        return;
    }
    // After a robbed kong or a discard, the player after the last winner in turn order draws.
    let mut after = last;
    if !tsumo {
        for k in 1..4 {
            let s = game.next_in_turn(from, k);
            if scored.iter().any(|&(w, _)| w == s) {
                after = s;
            }
        }
    }
    let next = game.next_active(after);
    game.draw(next, false);
}

fn emit_hora(game: &mut Game, w: Seat, from: Seat, pai: Pai, deltas: [i32; 4], score: &regional::Score) {
    let mut fans = [(0u8, 0u8); MOST_YAKU];
    let mut fans_len = 0u8;
    let names = table(None).map(|t| t.fans.as_slice()).unwrap_or(&[]);
    for (slot, f) in fans.iter_mut().zip(&score.fans) {
        let id = names.iter().position(|n| n.name == f.name).unwrap_or(0);
        *slot = (u8::try_from(id).unwrap_or(u8::MAX), u8::try_from(f.value * f.count).unwrap_or(u8::MAX));
        fans_len += 1;
    }
    let win = WinScore {
        han: u8::try_from(score.fan).unwrap_or(u8::MAX),
        fu: 0,
        yakuman: score.capped,
        points: u32::try_from(score.total).unwrap_or(u32::MAX),
        yaku: fans,
        yaku_len: fans_len,
        pao: None,
    };
    game.emit(Event::Hora {
        actor: w,
        target: from,
        pai,
        deltas,
        ura_markers: [Pai::UNKNOWN; 5],
        ura_len: 0,
        score: win,
    });
}

// ---- the end of the hand ----

/// Holds its void suit (a 花猪 at the draw).
fn flower_pig(game: &Game, seat: usize) -> bool {
    let p = &game.players[seat];
    game.family.sichuan.void[seat].is_none_or(|v| crate::legal::holds_suit(p, v))
}

/// The checks of an exhaustive draw among the players still in the hand: a player holding its
/// void suit (花猪) pays every other one that does not the cap (查花猪); a player not ready pays
/// each ready one the most that hand could win on a discard (查大叫; a flower pig too under
/// `flower_pig_pays_ready`) and returns the payments of its kongs (退税: not of a kong passed on
/// by 呼叫转移 unless `refund_transferred_kong`; to a payer that has won only under
/// `refund_to_winners`). The ready players are reported.
pub(crate) fn exhaustive(game: &mut Game) -> (DrawReason, [i32; 4], u8) {
    let mut deltas = [0i32; 4];
    let active: ArrayVec<usize, 4> = (0..4).filter(|&s| !out(game, s)).collect();
    let mut tenpai = 0u8;
    for &s in &active {
        if !flower_pig(game, s) && !game.players[s].waits.is_empty() {
            tenpai |= 1 << s;
        }
    }
    let cap = capped_points();
    for &s in &active {
        if flower_pig(game, s) {
            for &o in &active {
                if o != s && !flower_pig(game, o) {
                    deltas[s] -= cap;
                    deltas[o] += cap;
                }
            }
        }
        // A flower pig pays 查大叫 too only under `flower_pig_pays_ready`.
        let pays_ready = if flower_pig(game, s) { game.rules.flower_pig_pays_ready } else { true };
        if pays_ready && tenpai & (1 << s) == 0 {
            for &o in &active {
                if tenpai & (1 << o) != 0 {
                    let best = best_possible(game, o as Seat);
                    deltas[s] -= best;
                    deltas[o] += best;
                }
            }
        }
    }
    for &s in active.iter().filter(|_| game.rules.kong_refund) {
        if tenpai & (1 << s) == 0 {
            let (transferred_too, winners_too) = (game.rules.refund_transferred_kong, game.rules.refund_to_winners);
            for k in game
                .family
                .sichuan
                .kongs
                .iter()
                .filter(|k| usize::from(k.owner) == s && (transferred_too || !k.transferred))
            {
                for (o, &paid) in k.deltas.iter().enumerate() {
                    if o != s && (winners_too || !out(game, o)) {
                        deltas[o] -= paid;
                        deltas[s] += paid;
                    }
                }
            }
        }
    }
    (DrawReason::Exhaustive, deltas, tenpai)
}

/// The next hand: the first winner deals (the discarder, when several won on its discard); a
/// hand nobody won keeps its dealer.
pub(crate) fn next_hand(game: &mut Game) {
    let next = game.family.sichuan.next_dealer.take();
    super::chinese::next_dealer(game, next);
    super::chinese::next_hand(game);
}

/// Every tile of the hand: concealed, in melds, in the rivers (not called), won, or in the wall.
/// For tests: the 108 tiles are each somewhere.
#[cfg(test)]
pub(crate) fn tiles_accounted(game: &Game) -> usize {
    let mut n = game.tiles_left();
    for (p, won) in game.players.iter().zip(&game.family.sichuan.won) {
        n += usize::from(p.hand.kinds.iter().map(|&c| c as u16).sum::<u16>());
        n += p.melds.iter().map(|m| m.len()).sum::<usize>();
        n += p.river.iter().filter(|r| !r.called).count();
        n += won.len();
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 查大叫 by brute force: in one-hand games played to an exhaustive draw by the built-in
    /// players, every tile kind is tried on each hand left; a hand is ready if one completes it,
    /// and its worth is the best of them scored as a win on a discard. The draw's deltas must be
    /// those (with 查花猪's cap and 退税's returns), and every tile must be somewhere throughout.
    #[test]
    fn the_draw_pays_the_best_of_every_completing_tile() {
        use crate::policy::{Policy, Random};
        use crate::rules::{GameLength, GameRules};
        let mut rules = GameRules::SICHUAN;
        rules.length = GameLength::Single;
        let (mut checked, mut ready_seen) = (0, 0);
        for seed in 0..400 {
            let mut game = Game::new(rules, seed);
            game.set_recording(true);
            let mut random = Random::new(seed);
            while let Some(seat) = game.next_seat() {
                let legal = game.legal_actions(seat);
                let a = random.choose(&game, seat, &legal);
                game.apply(seat, a).unwrap();
                if !matches!(game.phase, Phase::Over) {
                    assert_eq!(tiles_accounted(&game), 108, "seed {seed}");
                }
            }
            let Some(&Event::Ryukyoku { deltas, tenpai, .. }) =
                game.events().iter().rev().find(|e| matches!(e, Event::Ryukyoku { .. }))
            else {
                continue;
            };
            checked += 1;
            let active: Vec<usize> = (0..4).filter(|&s| !out(&game, s)).collect();
            let mut best = [None::<i32>; 4];
            for &s in &active {
                let p = &game.players[s];
                if flower_pig(&game, s) {
                    continue;
                }
                let t = table(game.family.sichuan.void[s]).unwrap();
                let melds: ArrayVec<hupai::Meld, 4> = p.melds.iter().map(|m| m.meld()).collect();
                for k in 0..27u8 {
                    let pai = Pai::from_index(k).unwrap();
                    let mut counts = p.hand;
                    counts.add(pai);
                    let Ok(hand) = Hand::new(counts.tile_counts(), 0, &melds) else { continue };
                    if let Ok(score) = regional::score(&Situation::new(hand, pai.kind().unwrap()), t) {
                        let v = i32::try_from(score.total).unwrap();
                        best[s] = Some(best[s].map_or(v, |b: i32| b.max(v)));
                    }
                }
            }
            let brute_ready = (0..4).filter(|&s| best[s].is_some()).fold(0u8, |b, s| b | 1 << s);
            assert_eq!(tenpai, brute_ready, "seed {seed}: ready seats");
            ready_seen += brute_ready.count_ones();
            let mut want = [0i32; 4];
            let pig = |s: usize| flower_pig(&game, s);
            for &s in &active {
                if pig(s) {
                    for &o in active.iter().filter(|&&o| o != s && !pig(o)) {
                        want[s] -= 16;
                        want[o] += 16;
                    }
                } else if best[s].is_none() {
                    for &o in &active {
                        if let Some(b) = best[o] {
                            want[s] -= b;
                            want[o] += b;
                        }
                    }
                }
                // 退税: whoever is not ready at the draw, a flower pig too, of the kongs whose
                // income was not passed on.
                if best[s].is_none() {
                    for k in game.family.sichuan.kongs.iter().filter(|k| usize::from(k.owner) == s && !k.transferred) {
                        for (w, d) in want.iter_mut().zip(k.deltas) {
                            *w -= d;
                        }
                    }
                }
            }
            assert_eq!(deltas, want, "seed {seed}");
        }
        assert!(checked > 50 && ready_seen > 20, "{checked} draws, {ready_seen} ready hands");
    }

    /// A void-declared hand's waits, asked over the 136 tiles without the void rule and the void
    /// suit taken out, are hupai's answer under the 108 tiles with the void declared: on ready
    /// hands (four groups and a pair less a tile) and on the same with a tile swapped for one of
    /// the void suit.
    #[test]
    fn void_waits_are_hupais_under_the_void_rule() {
        use crate::game::Player;
        use hupai::{PackedHand, Rules, Tile, TileSet};
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as usize
        };
        let (mut ready, mut checked) = (0, 0);
        for round in 0..4000 {
            let void = SUITS[round % 3];
            let suits: Vec<usize> = (0..3).filter(|&s| s != void as usize).collect();
            let mut kinds = [0u8; 34];
            for _ in 0..4 {
                let suit = suits[next(2)];
                if next(2) == 0 {
                    let r = next(7);
                    (0..3).for_each(|i| kinds[suit * 9 + r + i] += 1);
                } else {
                    kinds[suit * 9 + next(9)] += 3;
                }
            }
            kinds[suits[next(2)] * 9 + next(9)] += 2;
            let held: Vec<usize> = (0..27).filter(|&k| kinds[k] > 0).collect();
            kinds[held[next(held.len() as u64)]] -= 1;
            if round % 4 == 3 {
                let held: Vec<usize> = (0..27).filter(|&k| kinds[k] > 0).collect();
                kinds[held[next(held.len() as u64)]] -= 1;
                kinds[void as usize * 9 + next(9)] += 1;
            }
            if kinds.iter().any(|&n| n > 4) {
                continue;
            }
            let mut p = Player::new();
            for (k, &n) in kinds.iter().enumerate() {
                for _ in 0..n {
                    p.hand.add(Pai::of(Tile::new(k).expect("a kind")));
                }
            }
            p.repack(None);
            p.refresh_waits(&Rules::SICHUAN.with_void(void));
            let packed = PackedHand::from_counts(&kinds, 0).expect("13 tiles");
            let exact = packed.waits(&Rules::SICHUAN.with_void(void)).unwrap_or(TileSet::EMPTY);
            assert_eq!(p.waits, exact, "{kinds:?} void {void:?}");
            checked += 1;
            ready += usize::from(!exact.is_empty());
        }
        assert!(checked > 2000 && ready > 1000, "{checked} hands, {ready} ready");
    }

    #[test]
    fn the_dice_choose_each_direction() {
        let mut seen = [0; 4];
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                seen[usize::from(exchange_offset([a, b]))] += 1;
            }
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1] > 0 && seen[2] > 0 && seen[3] > 0, "{seen:?}");
    }
}
