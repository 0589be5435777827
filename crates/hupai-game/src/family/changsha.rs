//! Changsha mahjong (长沙麻将): the 108 numbered tiles on the Chinese wall, chow from the left,
//! pung and kong; a small win (小胡) needs a 2-5-8 pair and the big wins (大胡) do not, as
//! `hupai-score`'s `changsha` table reads them; the small wins of the deal (起手胡) declared and
//! paid before the first discard; a kong made plainly (补张: one replacement tile) or opened
//! (开杠: two tiles turned from the back of the wall, only when the hand is ready after the kong,
//! the hand locked after it); the wall's last tile (海底) offered to each player in turn; birds
//! (扎鸟) counted round the table from the winner. Every rule with its source is in
//! `docs/game.md`.
//!
//! Changsha's own decisions ride on the shared phases: a decision of one seat is a
//! [`Phase::Turn`] of that seat and the answers to the 开杠 tiles a [`Phase::Claims`], with
//! [`Stage`] saying which decision it is, so the turn loop, `to_act` and `apply` need nothing new.

use arrayvec::ArrayVec;
use hupai::{Hand, Meld, PackedHand, Rules, Tile, TileSet};
use hupai_score::{Scorer, Situation, regional};

use crate::action::{Action, Actions};
use crate::event::{DrawReason, Event, Seat};
use crate::game::{ClaimOn, Game, MeldKind, Phase, Player, RiverTile};
use crate::legal::{push, wants};
use crate::pai::{Pai, PaiCounts};

/// The rules Changsha's hands are checked with ([`crate::rules::CHANGSHA_HAND_RULES`]).
pub(crate) const WAIT_RULES: Rules = crate::rules::CHANGSHA_HAND_RULES;

/// Which of Changsha's decisions the phase is asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Stage {
    /// Plain play.
    #[default]
    Play,
    /// The seat to move may declare the small wins of its deal (`qishouhu`) or pass.
    Opening,
    /// The wall's last tile is offered to the seat to move (`haidi` or pass); `passed` seats have
    /// declined it.
    Haidi { passed: u8 },
    /// The seat to move took the last tile: it wins on it or discards it.
    HaidiTaken,
    /// The seat that opened a kong may win on one of its two tiles (杠上开花) or pass.
    KaigangSelf,
    /// The other seats answer the two tiles of a 开杠 (杠上炮): a win or a pass.
    KaigangClaims,
}

/// Changsha's part of a hand's state.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct State {
    pub(crate) stage: Stage,
    /// The dealer's first turn, kept while the small wins of the deal are declared.
    dealer_turn: Option<Phase>,
    /// Seats that opened a kong: their hands are locked (they discard what they draw).
    locked: u8,
    /// A 开杠 declared by this seat: its two tiles are opened once the kong stands.
    pub(crate) declared: Option<Seat>,
    /// The two tiles of the 开杠 being played, before they are placed in the river.
    pub(crate) opened: Option<(Seat, [Pai; 2])>,
    /// Per seat, the tile of the 开杠 it wins on.
    win_tile: [Pai; 4],
}

impl Default for State {
    fn default() -> State {
        State {
            stage: Stage::Play,
            dealer_turn: None,
            locked: 0,
            declared: None,
            opened: None,
            win_tile: [Pai::UNKNOWN; 4],
        }
    }
}

/// Whether `seat`'s hand is locked by its 开杠.
pub(crate) fn locked(game: &Game, seat: Seat) -> bool {
    game.family.changsha.locked & (1 << seat) != 0
}

fn table() -> Option<&'static regional::Table> {
    match Scorer::shared("changsha") {
        Ok(Scorer::Regional(table)) => Some(table),
        _ => None,
    }
}

fn is_258(kind: Tile) -> bool {
    kind.suit().is_numbered() && matches!(kind.rank(), 2 | 5 | 8)
}

/// `waits` and, when every tile of the hand (concealed and declared) is a 2, 5 or 8, every 2, 5 and
/// 8 the hand does not hold four of (将将胡 wins with no shape).
pub(crate) fn with_all_258_waits(p: &Player, waits: TileSet) -> TileSet {
    let all_258 = (0..34).all(|k| p.hand.kinds[k] == 0 || is_258(Tile::ALL[k]))
        && p.melds.iter().all(|m| m.tiles().iter().all(|t| t.kind().is_some_and(is_258)));
    if !all_258 {
        return waits;
    }
    let mut out = waits;
    for k in (0..27).filter(|&k| is_258(Tile::ALL[k]) && p.hand.kinds[k] < 4) {
        out.insert(Tile::ALL[k]);
    }
    out
}

fn melds_of(p: &Player) -> ArrayVec<Meld, 4> {
    p.melds.iter().map(|m| m.meld()).collect()
}

/// The table's score of `seat` winning on `pai` from `from` (itself for a self-draw) as things
/// stand, if the hand wins: the tiles of a 开杠 make 杠上开花 (its maker's) or 杠上炮 (another's);
/// a plain kong's replacement is an ordinary draw (补张 earns nothing).
pub(crate) fn win_score(game: &Game, seat: Seat, from: Seat, pai: Pai, on: Option<ClaimOn>) -> Option<regional::Score> {
    let p = &game.players[usize::from(seat)];
    let tsumo = seat == from;
    let stage = game.family.changsha.stage;
    let kaigang_self = tsumo && stage == Stage::KaigangSelf;
    let kaigang_shot = !tsumo && stage == Stage::KaigangClaims;
    let mut counts = p.hand;
    if !tsumo || kaigang_self {
        counts.add(pai);
    }
    let hand = Hand::new(counts.tile_counts(), 0, &melds_of(p)).ok()?;
    let mut s = Situation::new(hand, pai.kind()?);
    s.tsumo = tsumo;
    s.rinshan = kaigang_self;
    s.after_kong_discard = kaigang_shot;
    s.chankan = on == Some(ClaimOn::Kakan);
    let last = game.tiles_left() == 0;
    s.haitei = tsumo && last;
    s.houtei = !tsumo && last && on == Some(ClaimOn::Discard);
    let first = game.no_calls && p.river.is_empty() && p.melds.is_empty() && tsumo && !kaigang_self && !last;
    s.tenhou = first && seat == game.oya();
    s.chiihou = first && seat != game.oya();
    regional::score(&s, table()?).ok()
}

/// Whether a hand of `counts` concealed and `melds` declared (one tile short) is ready: some tile
/// completes it into a win the scorer accepts.
fn ready(counts: &PaiCounts, melds: &[Meld]) -> bool {
    let Ok(mut packed) = PackedHand::from_counts(&counts.kinds, 0) else { return false };
    for &m in melds {
        if packed.add_meld(m).is_err() {
            return false;
        }
    }
    let mut probe = Player::new();
    probe.hand = *counts;
    let waits = packed.waits(&WAIT_RULES).unwrap_or(TileSet::EMPTY);
    let waits = with_all_258_waits(&probe, waits);
    let Some(table) = table() else { return false };
    waits.iter().any(|t| {
        let mut c = *counts;
        c.add(Pai::of(t));
        let Ok(hand) = Hand::new(c.tile_counts(), 0, melds) else { return false };
        let mut s = Situation::new(hand, t);
        s.tsumo = true;
        regional::score(&s, table).is_ok()
    })
}

/// Whether `seat` may open a kong of `kind` (开杠): tiles enough to open two and leave the last
/// tile, and the hand ready once the kong is made (`from_discard`: on another's discard).
fn may_open(game: &Game, seat: Seat, kind: Tile, from_discard: bool) -> bool {
    if game.tiles_left() < 3 || locked(game, seat) {
        return false;
    }
    let p = &game.players[usize::from(seat)];
    let mut counts = p.hand;
    let mut melds = melds_of(p);
    let k = kind.index();
    let added = p.melds.iter().position(|m| m.kind == MeldKind::Pon && m.pais[0].kind() == Some(kind));
    match (from_discard, added) {
        (true, _) if counts.kinds[k] == 3 => {
            counts.kinds[k] = 0;
            melds.push(Meld::Kan(kind));
        }
        (false, Some(i)) if counts.kinds[k] >= 1 => {
            counts.kinds[k] -= 1;
            melds[i] = Meld::Kan(kind);
        }
        (false, None) if counts.kinds[k] == 4 => {
            counts.kinds[k] = 0;
            melds.push(Meld::ClosedKan(kind));
        }
        _ => return false,
    }
    ready(&counts, &melds)
}

/// True if the seat to move is asked one of Changsha's own offers on its turn (the small wins of
/// the deal, the last tile, a win on its 开杠 tiles), which it declines with a pass.
pub(crate) fn offer(game: &Game) -> bool {
    matches!(game.phase, Phase::Turn { .. })
        && matches!(game.family.changsha.stage, Stage::Opening | Stage::Haidi { .. } | Stage::KaigangSelf)
}

/// Changsha's own decisions for `seat`, if the stage asks one (true: `out` holds them all).
pub(crate) fn actions(game: &Game, seat: Seat, want: u16, out: &mut Actions) -> bool {
    let st = &game.family.changsha;
    let two = |first: Action, out: &mut Actions| {
        if wants(want, first) {
            push(out, first);
        }
        if wants(want, Action::None) {
            push(out, Action::None);
        }
    };
    match (game.phase, st.stage) {
        (Phase::Turn { seat: s, .. }, Stage::Opening) if s == seat => two(Action::Qishouhu, out),
        (Phase::Turn { seat: s, .. }, Stage::Haidi { .. }) if s == seat => two(Action::Haidi, out),
        (Phase::Turn { seat: s, .. }, Stage::KaigangSelf) if s == seat => {
            if wants(want, Action::Hora) {
                push(out, Action::Hora);
            }
            if wants(want, Action::None) {
                push(out, Action::None);
            }
        }
        (Phase::Claims { asked, answered, ron, .. }, Stage::KaigangClaims) => {
            let bit = 1 << seat;
            if asked & !answered & bit != 0 {
                if ron & bit != 0 && wants(want, Action::Hora) {
                    push(out, Action::Hora);
                }
                if wants(want, Action::None) {
                    push(out, Action::None);
                }
            }
        }
        (Phase::Turn { seat: s, drawn, can_tsumo, .. }, stage)
            if s == seat && (stage == Stage::HaidiTaken || locked(game, seat)) =>
        {
            // The last tile, or a hand locked by its 开杠: win on the tile drawn, or discard it.
            if can_tsumo && wants(want, Action::Hora) {
                push(out, Action::Hora);
            }
            if let Some(d) = drawn
                && wants(want, Action::Dahai { pai: d, tsumogiri: true })
            {
                push(out, Action::Dahai { pai: d, tsumogiri: true });
            }
        }
        _ => return false,
    }
    true
}

/// The kongs of the plain lists made Changsha's: a kong (补张) needs a tile to replace it and the
/// last tile left; each kong the hand would be ready after may instead be opened (开杠).
pub(crate) fn kongs(game: &Game, seat: Seat, want: u16, out: &mut Actions) {
    if game.tiles_left() < 2 {
        out.retain(|a| !matches!(a, Action::Ankan { .. } | Action::Kakan { .. } | Action::Daiminkan { .. }));
    }
    if !wants(want, Action::Kaigang { pai: Pai::UNKNOWN }) {
        return;
    }
    let p = &game.players[usize::from(seat)];
    match game.phase {
        Phase::Turn { seat: s, drawn: Some(_), .. } if s == seat => {
            for k in 0..27 {
                let kind = Tile::ALL[k];
                let pung = p.melds.iter().any(|m| m.kind == MeldKind::Pon && m.pais[0].kind() == Some(kind));
                if (p.hand.kinds[k] == 4 || (pung && p.hand.kinds[k] >= 1)) && may_open(game, seat, kind, false) {
                    push(out, Action::Kaigang { pai: Pai::of(kind) });
                }
            }
        }
        Phase::Claims { pai, on: ClaimOn::Discard, asked, answered, .. } if asked & !answered & (1 << seat) != 0 => {
            if let Some(kind) = pai.kind()
                && p.hand.kinds[kind.index()] == 3
                && may_open(game, seat, kind, true)
            {
                push(out, Action::Kaigang { pai: Pai::of(kind) });
            }
        }
        _ => {}
    }
}

/// Changsha's decisions on a seat's turn: declaring the deal's small wins, taking the last tile,
/// passing either or the 开杠 tiles, and opening a kong.
pub(crate) fn turn(game: &mut Game, seat: Seat, action: Action) {
    match (game.family.changsha.stage, action) {
        (Stage::Opening, Action::Qishouhu) => {
            pay_opening(game, seat);
            next_opening(game, seat);
        }
        (Stage::Opening, _) => next_opening(game, seat),
        (Stage::Haidi { .. }, Action::Haidi) => {
            game.family.changsha.stage = Stage::HaidiTaken;
            game.emit(Event::Haidi { actor: seat });
            super::chinese::draw(game, seat, false, false);
        }
        (Stage::Haidi { passed }, _) => {
            if passed + 1 >= game.rules.players {
                // Nobody wants the last tile: the hand is drawn (荒庄).
                game.exhaustive_draw();
                return;
            }
            game.family.changsha.stage = Stage::Haidi { passed: passed + 1 };
            game.phase = idle_turn(game.next_in_turn(seat, 1));
        }
        (Stage::KaigangSelf, _) => place_opened(game),
        (_, Action::Kaigang { pai }) => {
            let Some(kind) = pai.kind() else { return };
            game.family.changsha.declared = Some(seat);
            let p = &game.players[usize::from(seat)];
            let pung = p.melds.iter().any(|m| m.kind == MeldKind::Pon && m.pais[0].kind() == Some(kind));
            let kong = if pung { Action::Kakan { pai } } else { Action::Ankan { consumed: [pai; 4] } };
            game.apply_turn(seat, kong);
        }
        _ => {}
    }
}

/// A turn of `seat` with nothing drawn: the phase Changsha's own decisions are asked in.
fn idle_turn(seat: Seat) -> Phase {
    Phase::Turn { seat, drawn: None, reach: false, rinshan: false, can_tsumo: false }
}

/// The small wins of a deal: 四喜 per kind held four times, 板板胡 (no 2, 5 or 8), 缺一色 per suit
/// missing, 六六顺 per two kinds held three times or more.
pub(crate) fn opening_hands(counts: &[u8; 34]) -> [u8; 4] {
    let sixi = counts.iter().filter(|&&c| c == 4).count() as u8;
    let banban = u8::from((0..27).all(|k| counts[k] == 0 || !is_258(Tile::ALL[k])));
    let queyise = (0..3).filter(|s| counts[s * 9..s * 9 + 9].iter().all(|&c| c == 0)).count() as u8;
    let liuliu = (counts.iter().filter(|&&c| c >= 3).count() / 2) as u8;
    [sixi, banban, queyise, liuliu]
}

/// After the deal (the dealer has drawn): the first seat from the dealer on with a small win of
/// the deal is asked, the dealer's turn kept for after.
pub(crate) fn after_deal(game: &mut Game) {
    let oya = game.oya();
    super::chinese::draw(game, oya, false, false);
    if !game.rules.opening_wins || !matches!(game.phase, Phase::Turn { .. }) {
        return;
    }
    game.family.changsha.dealer_turn = Some(game.phase);
    ask_opening(game, 0);
}

/// Asks the first seat at `k` places from the dealer or after with a small win of the deal, or
/// gives the dealer its turn.
fn ask_opening(game: &mut Game, from: u8) {
    let oya = game.oya();
    for k in from..game.rules.players {
        let seat = game.next_in_turn(oya, k);
        if opening_hands(&game.players[usize::from(seat)].hand.kinds).iter().any(|&n| n > 0) {
            game.family.changsha.stage = Stage::Opening;
            game.phase = idle_turn(seat);
            return;
        }
    }
    game.family.changsha.stage = Stage::Play;
    if let Some(phase) = game.family.changsha.dealer_turn.take() {
        game.phase = phase;
    }
}

fn next_opening(game: &mut Game, seat: Seat) {
    let oya = game.oya();
    let k = (1..=game.rules.players).find(|&k| game.next_in_turn(oya, k) == seat).unwrap_or(4) % 4;
    ask_opening(game, k + 1);
}

/// Each other player pays a self-drawn small win per small win of the deal.
fn pay_opening(game: &mut Game, seat: Seat) {
    let hands = opening_hands(&game.players[usize::from(seat)].hand.kinds);
    let count: i32 = hands.iter().map(|&n| i32::from(n)).sum();
    let each = count * game.rules.small_win_self_draw;
    let mut deltas = [0i32; 4];
    for o in 0..game.seat_count() {
        if o != usize::from(seat) {
            deltas[o] -= each;
            deltas[usize::from(seat)] += each;
        }
    }
    for (score, d) in game.scores.iter_mut().zip(deltas) {
        *score += d;
    }
    game.emit(Event::Qishouhu { actor: seat, hands, deltas });
}

/// Before a draw: plain play again after the 开杠 tiles were answered, and the wall's last tile
/// offered in turn instead of drawn (true: the draw is replaced by the offer).
pub(crate) fn before_draw(game: &mut Game, seat: Seat, back: bool) -> bool {
    if back || game.family.changsha.stage == Stage::HaidiTaken {
        return false;
    }
    game.family.changsha.stage = Stage::Play;
    game.family.changsha.opened = None;
    if game.tiles_left() == 1 {
        game.family.changsha.stage = Stage::Haidi { passed: 0 };
        game.phase = idle_turn(seat);
        return true;
    }
    false
}

/// The kong of `seat` stands: if it was opened (开杠), its two tiles are turned from the back of the
/// wall (true) and its maker may win on one, else the others may.
pub(crate) fn open_kaigang(game: &mut Game, seat: Seat) -> bool {
    if game.family.changsha.declared != Some(seat) {
        return false;
    }
    game.family.changsha.declared = None;
    let pais = [super::chinese::take(game, true), super::chinese::take(game, true)];
    game.emit(Event::Kaigang { actor: seat, pais });
    game.family.changsha.locked |= 1 << seat;
    game.family.changsha.opened = Some((seat, pais));
    game.family.changsha.stage = Stage::KaigangSelf;
    if let Some(best) = best_tile(game, seat, seat, pais, None) {
        game.family.changsha.win_tile[usize::from(seat)] = best;
        game.phase = Phase::Turn { seat, drawn: Some(best), reach: false, rinshan: true, can_tsumo: true };
    } else {
        place_opened(game);
    }
    true
}

/// Of the two tiles, the one `seat` wins on for most, if either.
fn best_tile(game: &Game, seat: Seat, from: Seat, pais: [Pai; 2], on: Option<ClaimOn>) -> Option<Pai> {
    let p = &game.players[usize::from(seat)];
    pais.iter()
        .filter(|t| t.kind().is_some_and(|k| p.waits.contains(k)))
        .filter_map(|&t| win_score(game, seat, from, t, on).map(|s| (s.total, t)))
        .max_by_key(|&(total, _)| total)
        .map(|(_, t)| t)
}

/// The 开杠 tiles nobody took for its maker go to its river, and the others may win on them
/// (杠上炮); if nobody can, the next player draws.
fn place_opened(game: &mut Game) {
    let Some((seat, pais)) = game.family.changsha.opened else { return };
    let p = &mut game.players[usize::from(seat)];
    for pai in pais {
        p.river.push(RiverTile { pai, tsumogiri: true, riichi: false, called: false });
        if let Some(k) = pai.kind() {
            p.discarded.insert(k);
        }
    }
    game.family.changsha.opened = None;
    game.family.changsha.stage = Stage::KaigangClaims;
    let mut ron = 0u8;
    for k in 1..game.rules.players {
        let s = game.next_in_turn(seat, k);
        if let Some(t) = best_tile(game, s, seat, pais, Some(ClaimOn::Discard)) {
            game.family.changsha.win_tile[usize::from(s)] = t;
            ron |= 1 << s;
        }
    }
    if ron != 0 {
        game.open_claims(seat, pais[0], ClaimOn::Discard, ron, ron, 0, false);
    } else {
        game.family.changsha.stage = Stage::Play;
        game.draw(game.next_in_turn(seat, 1), false);
    }
}

/// Settles the wins of `winners` on `pai` from `from` (itself for a self-draw): each scored by the
/// table, a small win paid `small_win` by the discarder or `small_win_self_draw` by each other
/// player, a big win `big_win` each; then the birds: each bird's rank counts seats round the table
/// from the winner (from the discarder when several win), 1, 5 and 9 the winner, and every bird on
/// the winner or on a payer adds (or doubles) that payment.
pub(crate) fn wins(game: &mut Game, from: Seat, pai: Pai, winners: &[Seat], _rinshan: bool, on: Option<ClaimOn>) {
    let stage = game.family.changsha.stage;
    // Each winner's tile: the 开杠 tile it wins on, else the tile given.
    let tile_of = |game: &Game, w: Seat| {
        if matches!(stage, Stage::KaigangSelf | Stage::KaigangClaims) {
            game.family.changsha.win_tile[usize::from(w)]
        } else {
            pai
        }
    };
    let mut scored: ArrayVec<(Seat, Pai, regional::Score), 3> = ArrayVec::new();
    for &w in winners {
        let tile = tile_of(game, w);
        if let Some(score) = win_score(game, w, from, tile, on) {
            scored.push((w, tile, score));
        }
    }
    if stage == Stage::KaigangSelf
        && let Some((seat, pais)) = game.family.changsha.opened.take()
    {
        // The maker won on one of its tiles: it joins the hand, the other goes to the river.
        let won = game.family.changsha.win_tile[usize::from(seat)];
        let other = if pais[0] == won { pais[1] } else { pais[0] };
        let p = &mut game.players[usize::from(seat)];
        p.hand.add(won);
        p.river.push(RiverTile { pai: other, tsumogiri: true, riichi: false, called: false });
    }
    let n = game.seat_count();
    let count = usize::from(game.rules.birds).min(game.tiles_left()).min(super::chinese::MOST_BIRDS);
    let mut birds = [Pai::UNKNOWN; super::chinese::MOST_BIRDS];
    for (k, slot) in birds.iter_mut().enumerate().take(count) {
        *slot = game.chinese_wall.draw(usize::from(game.live_drawn) + k).pai([0; 3]);
    }
    let anchor = if scored.len() == 1 { scored[0].0 } else { from };
    let mut hits = [0u32; 4];
    for b in &birds[..count] {
        if let Some(k) = b.kind() {
            hits[usize::from(game.next_in_turn(anchor, (k.rank() - 1) % 4))] += 1;
        }
    }
    if count > 0 && !scored.is_empty() {
        game.emit(Event::Niao { actor: anchor, pais: birds, len: count as u8 });
    }
    let names: Vec<String> = table().map(|t| t.fans.iter().map(|f| f.name.clone()).collect()).unwrap_or_default();
    for (w, tile, score) in scored {
        let tsumo = w == from;
        let base = match (score.fan, tsumo) {
            (0, false) => game.rules.small_win,
            (0, true) => game.rules.small_win_self_draw,
            (fan, _) => game.rules.big_win.saturating_mul(i32::try_from(fan).unwrap_or(i32::MAX)),
        };
        let mut deltas = [0i32; 4];
        let wi = usize::from(w);
        for o in 0..n {
            if o == wi || !(tsumo || o == usize::from(from)) {
                continue;
            }
            let h = hits[wi] + hits[o];
            let pay = if game.rules.bird_doubles {
                base.saturating_mul(1i32.checked_shl(h).unwrap_or(i32::MAX))
            } else {
                base.saturating_mul(1 + h as i32)
            };
            deltas[o] -= pay;
            deltas[wi] += pay;
        }
        for (total, d) in game.scores.iter_mut().zip(deltas) {
            *total += d;
        }
        let fans = score.fans.iter().map(|f| {
            let id = names.iter().position(|n| *n == f.name).unwrap_or(0);
            (u8::try_from(id).unwrap_or(u8::MAX), u8::try_from(f.value * f.count).unwrap_or(u8::MAX))
        });
        let points = u32::try_from(base).unwrap_or(0);
        super::chinese::record_fan_win(game, w, from, tile, deltas, (score.fan, points, score.capped), fans);
    }
}

/// An exhaustive draw (荒庄) pays nothing; the ready seats are reported.
pub(crate) fn exhaustive(game: &Game) -> (DrawReason, [i32; 4], u8) {
    (DrawReason::Exhaustive, [0; 4], super::ready_seats(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_small_wins_of_a_deal_are_counted() {
        let counts = |text: &str| {
            let hand: Hand = text.parse().unwrap();
            hand.concealed().0
        };
        // 四喜 (1111m), 缺一色 (no sou), 六六顺 (111m and 333p).
        assert_eq!(opening_hands(&counts("1111m23m333p4679p")), [1, 0, 1, 1]);
        // 板板胡: no 2, 5 or 8; and no suit missing.
        assert_eq!(opening_hands(&counts("1134m3469p13679s")), [0, 1, 0, 0]);
        assert_eq!(opening_hands(&counts("123456m234p5678s")), [0, 0, 0, 0]);
        assert_eq!(crate::event::opening_names(&[1, 0, 0, 2]), ["sixi", "liuliushun", "liuliushun"]);
    }
}
