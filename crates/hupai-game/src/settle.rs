//! What a hand's end pays: wins scored by `hupai-score`'s riichi scorer from the situation the
//! game is in (riichi, ippatsu, rinshan, chankan, haitei, houtei, first-turn wins, dora, ura,
//! counters, sticks, north tiles), multiple ron, pao, and exhaustive draws with their tenpai
//! payments and nagashi mangan.

use arrayvec::ArrayVec;
use hupai::Tile;
use hupai_score::Situation;
use hupai_score::riichi::{self, Yaku};

use crate::event::{DrawReason, Event, MOST_YAKU, Seat, WinScore};
use crate::game::{ClaimOn, Game, Riichi};
use crate::pai::Pai;
use crate::rules::PaoHonba;

/// The situation of `seat` winning on `pai` (from `from`; itself for a tsumo, whose drawn tile
/// is already in the hand).
pub(crate) fn situation(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
) -> Option<Situation> {
    let p = &game.players[usize::from(seat)];
    let tsumo = seat == from;
    let (hand, _) = crate::family::winning_hand(game, seat, from, pai)?;
    let mut s = Situation::new(hand, pai.kind()?);
    s.tsumo = tsumo;
    if let Riichi::Accepted { double, ippatsu } = p.riichi {
        s.riichi = true;
        s.double_riichi = double;
        s.ippatsu = ippatsu;
    }
    let last = game.tiles_left() == 0;
    s.rinshan = rinshan && tsumo;
    s.chankan = matches!(on, Some(ClaimOn::Kakan | ClaimOn::Ankan));
    s.haitei = tsumo && last && !rinshan;
    s.houtei = !tsumo && last && on == Some(ClaimOn::Discard);
    let first = tsumo && game.no_calls && p.river.is_empty() && !rinshan;
    s.tenhou = first && seat == game.kyoku;
    s.chiihou = first && seat != game.kyoku;
    let n = game.rules.players;
    s.seat = Tile::ALL[27 + usize::from((seat + n - game.kyoku) % n)];
    s.round = Tile::ALL[27 + usize::from(game.bakaze & 3)];
    let red = game.red();
    s.dora = (0..usize::from(game.dora_shown)).filter_map(|k| game.wall.dora_indicator(k).pai(red).kind()).collect();
    if s.riichi {
        s.ura = (0..usize::from(game.dora_shown)).filter_map(|k| game.wall.ura_indicator(k).pai(red).kind()).collect();
    }
    s.honba = u32::from(game.honba);
    s.kyotaku = u32::from(game.kyotaku);
    s.nuki = p.nuki;
    Some(s)
}

/// The score of `seat` winning on `pai`, if the hand wins with a yaku.
pub(crate) fn win_score(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
) -> Option<riichi::Score> {
    let s = situation(game, seat, from, pai, rinshan, on)?;
    riichi::score(&s, &game.options).ok()
}

/// Settles the wins of `winners` (in turn order from `from`) on `pai`: each is scored, paid and
/// recorded as a `hora` event. Riichi sticks go to the first winner; counters to the first, or to
/// each under `honba_each_winner`.
pub(crate) fn wins(game: &mut Game, from: Seat, pai: Pai, winners: &[Seat], rinshan: bool, on: Option<ClaimOn>) {
    let honba = game.honba;
    let kyotaku = game.kyotaku;
    for (i, &w) in winners.iter().enumerate() {
        let Some(mut s) = situation(game, w, from, pai, rinshan, on) else { continue };
        s.honba = if i == 0 || game.rules.honba_each_winner { u32::from(honba) } else { 0 };
        s.kyotaku = if i == 0 { u32::from(kyotaku) } else { 0 };
        let Ok(score) = riichi::score(&s, &game.options) else { continue };
        let points = &score.points;
        let mut deltas = [0i32; 4];
        let wi = usize::from(w);
        let sticks = points.kyotaku as i32;
        let liable = game.players[wi]
            .pao
            .filter(|_| score.yaku.iter().any(|y| y.id == Yaku::Daisangen.id() || y.id == Yaku::Daisuushii.id()));
        // The scorer pays 100 a counter from each payer; `honba_points` may make it more.
        let extra = (game.rules.honba_points / 3 - 100) * s.honba as i32;
        if s.tsumo {
            deltas = tsumo_payments(game, wi, points);
            for o in (0..game.seat_count()).filter(|&o| o != wi) {
                deltas[o] -= extra;
                deltas[wi] += extra;
            }
            if let Some(l) = liable {
                let all = deltas[wi];
                deltas = [0; 4];
                deltas[usize::from(l)] = -all;
                deltas[wi] = all;
            }
        } else {
            let counters = points.honba as i32 + extra * (game.seat_count() as i32 - 1);
            let ron = points.ron.unwrap_or(0) as i32 - points.honba as i32 + counters;
            deltas[usize::from(from)] -= ron;
            deltas[wi] += ron;
            if let Some(l) = liable.filter(|&l| l != from) {
                // The hand's value split; the counters on the liable player if the rules say so.
                let half = (ron - counters) / 2;
                let moved = if game.rules.pao_honba == PaoHonba::Liable { half + counters } else { half };
                deltas[usize::from(from)] += moved;
                deltas[usize::from(l)] -= moved;
            }
        }
        deltas[wi] += sticks;
        for (score, d) in game.scores.iter_mut().zip(deltas) {
            *score += d;
        }
        let mut ura_markers = [Pai::UNKNOWN; 5];
        let ura_len = if s.riichi { game.dora_shown } else { 0 };
        let red = game.red();
        for (k, slot) in ura_markers.iter_mut().enumerate().take(usize::from(ura_len)) {
            *slot = game.wall.ura_indicator(k).pai(red);
        }
        let mut yaku = [(0u8, 0u8); MOST_YAKU];
        let mut yaku_len = 0u8;
        for (slot, y) in yaku.iter_mut().zip(&score.yaku) {
            *slot = (y.id, y.han.min(255) as u8);
            yaku_len += 1;
        }
        let win = WinScore {
            han: score.han.min(255) as u8,
            fu: score.fu.min(255) as u8,
            yakuman: matches!(score.limit, Some(riichi::Limit::Yakuman(_))),
            points: points.total - points.honba - points.kyotaku,
            yaku,
            yaku_len,
            pao: liable,
        };
        game.emit(Event::Hora { actor: w, target: from, pai, deltas, ura_markers, ura_len, score: win });
    }
    game.kyotaku = 0;
}

/// An exhaustive draw: nagashi mangan where the rules have it and a player made one, else the
/// tenpai payments. Returns the reason, the deltas and the tenpai seats.
pub(crate) fn exhaustive(game: &Game) -> (DrawReason, [i32; 4], u8) {
    let n = game.seat_count();
    let tenpai = crate::family::ready_seats(game);
    let mut deltas = [0i32; 4];
    let nagashi: ArrayVec<usize, 4> = (0..n)
        .filter(|&s| game.rules.nagashi_mangan && game.players[s].nagashi && !game.players[s].river.is_empty())
        .collect();
    if !nagashi.is_empty() {
        for &w in &nagashi {
            let dealer = w == usize::from(game.kyoku);
            let points = riichi::payments(2000, dealer, true, 0, 0, &game.options);
            for (d, pay) in deltas.iter_mut().zip(tsumo_payments(game, w, &points)) {
                *d += pay;
            }
        }
        return (DrawReason::Nagashi, deltas, tenpai);
    }
    let ready = tenpai.count_ones() as i32;
    if ready > 0 && ready < n as i32 {
        let penalty = game.rules.noten_penalty;
        for (s, d) in deltas.iter_mut().enumerate().take(n) {
            *d = if tenpai & (1 << s) != 0 { penalty / ready } else { -penalty / (n as i32 - ready) };
        }
    }
    (DrawReason::Exhaustive, deltas, tenpai)
}

/// What a self-draw of `winner` moves: the dealer's share from the dealer, the others' from each
/// other seat at the table.
fn tsumo_payments(game: &Game, winner: usize, points: &riichi::Points) -> [i32; 4] {
    let mut deltas = [0i32; 4];
    for o in (0..game.seat_count()).filter(|&o| o != winner) {
        let pay = if o == usize::from(game.kyoku) { points.dealer } else { points.non_dealer };
        let pay = pay.unwrap_or(0) as i32;
        deltas[o] -= pay;
        deltas[winner] += pay;
    }
    deltas
}
