//! The riichi family: Tenhou's wall with its dead wall, the deal and the draws, and what a
//! hand's end pays: wins scored by `hupai-score`'s riichi scorer from the situation the
//! game is in (riichi, ippatsu, rinshan, chankan, haitei, houtei, first-turn wins, dora, ura,
//! counters, sticks, north tiles), multiple ron, pao, and exhaustive draws with their tenpai
//! payments and nagashi mangan.

use arrayvec::ArrayVec;
use hupai::Tile;
use hupai_score::Situation;
use hupai_score::riichi::{self, Yaku};

use crate::action::Action;
use crate::event::{DrawReason, Event, MOST_YAKU, Seat, WinScore};
use crate::game::{ClaimOn, Game, MeldKind, Phase, Player, WallSource};
use crate::pai::{Pai, PaiId};
use crate::rules::{KanDora, PaoHonba};
use crate::wall::Wall;

/// Riichi's part of the game's state: the scorer's options, and what it keeps of each seat for
/// the hand being played.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct State {
    pub(crate) options: riichi::Options,
    pub(crate) seats: [SeatState; 4],
}

/// A player's riichi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Riichi {
    None,
    /// Declared with the discard on the table; accepted when nobody wins on it.
    Declared {
        double: bool,
    },
    /// Accepted: the stick is on the table.
    Accepted {
        double: bool,
        ippatsu: bool,
    },
}

/// What riichi keeps of a seat for the hand being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SeatState {
    pub(crate) riichi: Riichi,
    /// A win passed since this seat's last discard (同巡内フリテン).
    pub(crate) temporary_furiten: bool,
    /// A win passed after riichi (立直後フリテン): for the rest of the hand.
    pub(crate) riichi_furiten: bool,
    /// Norths set aside (three players).
    pub(crate) nuki: u8,
    /// Every discard a terminal or honor and none called, so far.
    pub(crate) nagashi: bool,
    /// The seat liable for a big three dragons or big four winds (pao).
    pub(crate) pao: Option<Seat>,
}

impl SeatState {
    /// A seat at the deal.
    pub(crate) const NEW: SeatState = SeatState {
        riichi: Riichi::None,
        temporary_furiten: false,
        riichi_furiten: false,
        nuki: 0,
        nagashi: true,
        pao: None,
    };

    pub(crate) fn in_riichi(&self) -> bool {
        !matches!(self.riichi, Riichi::None)
    }
}

/// Furiten: a win passed since `seat`'s last discard or after its riichi, or a wait among its own
/// discards.
pub(crate) fn furiten(game: &Game, seat: Seat) -> bool {
    let s = usize::from(seat & 3);
    let (p, r) = (&game.players[s], &game.family.riichi.seats[s]);
    r.temporary_furiten || r.riichi_furiten || p.discarded.bits() & p.waits.bits() != 0
}

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
    let r = &game.family.riichi.seats[usize::from(seat & 3)];
    let tsumo = seat == from;
    let (hand, _) = super::winning_hand(game, seat, from, pai)?;
    let mut s = Situation::new(hand, pai.kind()?);
    s.tsumo = tsumo;
    if let Riichi::Accepted { double, ippatsu } = r.riichi {
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
    s.nuki = r.nuki;
    Some(s)
}

/// The score of `seat` winning on `pai`, if the hand wins with a yaku (what [`wins_with_yaku`] answers
/// without the score; the tests compare the two).
#[cfg(test)]
pub(crate) fn win_score(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
) -> Option<riichi::Score> {
    let s = situation(game, seat, from, pai, rinshan, on)?;
    riichi::score(&s, &game.family.riichi.options).ok()
}

/// Whether `seat` wins on `pai` with a yaku: `win_score(…).is_some()`, asked of the scorer
/// without building the score (a win offered is scored only if taken).
/// Whether a complete hand of `seat` (the caller knows the tile completes it) surely wins with a
/// yaku, without building its situation: an accepted riichi is one, and a closed hand winning by
/// its own draw has menzen tsumo. Most wins a replay or a game checks are one or the other; the
/// scorer is asked for the rest ([`wins_with_yaku`]). `fast_paths` checks that the scorer agrees
/// wherever this says yes.
///
/// Besides (most of the rest are open hands): a pon or kan of a dragon, of the seat's wind or of
/// the round's wind is a yakuhai in every reading; a hand of simples only, `pai` the winning tile
/// among them, is tanyao (open, where the rules allow it).
pub(crate) fn yaku_certain(game: &Game, seat: Seat, pai: Pai, tsumo: bool) -> bool {
    let i = usize::from(seat & 3);
    let p = &game.players[i];
    let closed = p.is_closed();
    if matches!(game.family.riichi.seats[i].riichi, Riichi::Accepted { .. }) || (tsumo && closed) {
        return true;
    }
    let winds = [game.seat_wind(seat).kind(), game.bakaze().kind()];
    let yakuhai = p.melds.iter().any(|m| {
        m.kind != MeldKind::Chi && m.pais[0].kind().is_some_and(|k| k.is_dragon() || winds.contains(&Some(k)))
    });
    if yakuhai {
        return true;
    }
    if !closed && !game.family.riichi.options.has_open_tanyao {
        return false;
    }
    let simple = |k: Tile| !k.is_terminal_or_honor();
    // The kinds held as a bit set (kept by the packed hand) against the terminals and honors,
    // rather than a walk over the tiles held.
    const TERMINALS_AND_HONORS: u64 =
        1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | (((1 << 34) - 1) & !((1 << 27) - 1));
    debug_assert_eq!(p.held() & TERMINALS_AND_HONORS == 0, p.hand.distinct().all(|t| t.kind().is_some_and(simple)));
    pai.kind().is_some_and(simple)
        && p.held() & TERMINALS_AND_HONORS == 0
        && p.melds.iter().all(|m| m.tiles().iter().all(|t| t.kind().is_some_and(simple)))
}

pub(crate) fn wins_with_yaku(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
) -> bool {
    situation(game, seat, from, pai, rinshan, on).is_some_and(|s| riichi::scores(&s, &game.family.riichi.options))
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
        let Ok(score) = riichi::score(&s, &game.family.riichi.options) else { continue };
        let points = &score.points;
        let mut deltas = [0i32; 4];
        let wi = usize::from(w);
        let sticks = points.kyotaku as i32;
        let liable = game.family.riichi.seats[wi]
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
    let mut tenpai = super::ready_seats(game);
    if game.rules.karaten_tenpai {
        for (s, p) in game.players.iter().enumerate().take(n) {
            if !p.melds.is_empty() && !concealed_waits(&p.hand.kinds, p.melds.len(), &game.wait_rules).is_empty() {
                tenpai |= 1 << s;
            }
        }
    }
    let mut deltas = [0i32; 4];
    let nagashi: ArrayVec<usize, 4> = (0..n)
        .filter(|&s| {
            game.rules.nagashi_mangan && game.family.riichi.seats[s].nagashi && !game.players[s].river.is_empty()
        })
        .collect();
    if !nagashi.is_empty() {
        for &w in &nagashi {
            let dealer = w == usize::from(game.kyoku);
            let points = riichi::payments(2000, dealer, true, 0, 0, &game.family.riichi.options);
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

/// The kinds concealed tiles one short wait on beside `melds` declared melds, counting only the
/// concealed copies: a kind whose other copies are in those melds is a wait too
/// (`karaten_tenpai`, as 電脳麻将's `tingpai` counts). Empty when there are none, or when the
/// counts are no hand one tile short.
pub(crate) fn concealed_waits(kinds: &[u8; 34], melds: usize, wait_rules: &hupai::Rules) -> hupai::TileSet {
    let mut rules = *wait_rules;
    rules.melds = rules.melds.saturating_sub(melds as u8);
    hupai::PackedHand::from_counts(kinds, 0).and_then(|packed| packed.waits(&rules)).unwrap_or(hupai::TileSet::EMPTY)
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

// ---- the wall, the deal, the draws, the match ----

// ---- riichi, ippatsu, dora, nagashi, furiten and pao as the turn loop meets them ----

/// `seat` discards `pai` (declaring riichi if `reach`), before the tile reaches the river: a
/// kan's indicator left for after its discard is turned over; the declaration is made (double on
/// the first discard of an uninterrupted go-around), the declarer's ippatsu ends with its next
/// discard; a simple breaks nagashi; the furiten of a passed win ends.
pub(crate) fn discarding(game: &mut Game, seat: Seat, pai: Pai, reach: bool) {
    reveal_pending_dora(game);
    let s = usize::from(seat & 3);
    let first_turn = game.no_calls && game.players[s].river.is_empty();
    let p = &mut game.family.riichi.seats[s];
    if !pai.kind().unwrap_or(Tile::EAST).is_terminal_or_honor() {
        p.nagashi = false;
    }
    p.temporary_furiten = false;
    if reach {
        p.riichi = Riichi::Declared { double: first_turn };
    } else if let Riichi::Accepted { double, ippatsu: true } = p.riichi {
        // The go-around after riichi ends with the declarer's next discard.
        p.riichi = Riichi::Accepted { double, ippatsu: false };
    }
}

/// The indicators of kans whose dora comes after the discard (or the next kan) are turned over.
pub(crate) fn reveal_pending_dora(game: &mut Game) {
    while game.dora_pending > 0 {
        game.dora_pending -= 1;
        reveal_dora(game);
    }
}

fn reveal_dora(game: &mut Game) {
    if game.dora_shown < 5 {
        let dora_marker = game.wall.dora_indicator(usize::from(game.dora_shown)).pai(game.red());
        game.dora_shown += 1;
        game.emit(Event::Dora { dora_marker });
    }
}

/// A kan's dora: now, or after the kan's discard.
pub(crate) fn kan_dora(game: &mut Game, timing: KanDora) {
    match timing {
        KanDora::Immediate => reveal_dora(game),
        KanDora::AfterDiscard => game.dora_pending += 1,
    }
}

/// The riichi on the table stands: the stick is paid. False if it ended the hand (four riichi).
pub(crate) fn accept(game: &mut Game, seat: Seat) -> bool {
    let s = usize::from(seat & 3);
    if let Riichi::Declared { double } = game.family.riichi.seats[s].riichi {
        game.family.riichi.seats[s].riichi = Riichi::Accepted { double, ippatsu: true };
        game.scores[s] -= 1000;
        game.kyotaku += 1;
        game.riichi_count += 1;
        game.emit(Event::ReachAccepted { actor: seat });
        if game.rules.four_riichi_draw && game.rules.players == 4 && game.riichi_count == 4 {
            game.abort(DrawReason::FourRiichi);
            return false;
        }
    }
    true
}

/// A call, kan or kita: every ippatsu ends.
pub(crate) fn break_ippatsu(game: &mut Game) {
    for p in &mut game.family.riichi.seats {
        if let Riichi::Accepted { double, .. } = p.riichi {
            p.riichi = Riichi::Accepted { double, ippatsu: false };
        }
    }
}

/// Seats (a bit each) whose waits held a tile they did not win on become furiten: until their
/// next discard, or for the rest of the hand in riichi.
pub(crate) fn pass_furiten(game: &mut Game, hit: u8) {
    for s in 0..game.seat_count() {
        if hit & (1 << s) != 0 {
            let p = &mut game.family.riichi.seats[s];
            p.temporary_furiten = true;
            if p.in_riichi() {
                p.riichi_furiten = true;
            }
        }
    }
}

/// The third dragon or fourth wind meld called from `from` makes `from` liable (pao).
pub(crate) fn check_pao(game: &mut Game, seat: Seat, from: Seat, pai: Pai) {
    if !game.rules.pao {
        return;
    }
    let Some(kind) = pai.kind() else { return };
    let p = &game.players[usize::from(seat & 3)];
    let triplets = |dragon: bool| {
        p.melds
            .iter()
            .filter(|m| m.kind != MeldKind::Chi)
            .filter_map(|m| m.pais[0].kind())
            .filter(|k| if dragon { k.is_dragon() } else { k.is_wind() })
            .count()
    };
    if (kind.is_dragon() && triplets(true) == 3) || (kind.is_wind() && triplets(false) == 4) {
        game.family.riichi.seats[usize::from(seat & 3)].pao = Some(from);
    }
}

/// The wall's positions no seat has seen: not dealt, not drawn, not a replacement tile, not a
/// turned indicator (Tenhou's layout).
pub(crate) fn unseen_wall(game: &Game) -> ArrayVec<usize, 144> {
    let n = game.seat_count();
    let wall = &game.wall;
    let len = usize::from(wall.len);
    let mut seen = [false; 136];
    let mut mark = |id: PaiId| {
        if let Some(pos) = wall.ids().iter().position(|&x| x == id) {
            seen[pos] = true;
        }
    };
    for offset in 0..game.rules.players {
        for i in 0..13 {
            mark(wall.dealt(game.rules.players, offset, i));
        }
    }
    for k in 0..usize::from(game.replacements) {
        mark(wall.replacement(k));
    }
    for k in 0..usize::from(game.dora_shown) {
        mark(wall.dora_indicator(k));
    }
    let first_live = len - 1 - 13 * n;
    for k in 0..usize::from(game.live_drawn) {
        seen[first_live - k] = true;
    }
    (0..len).filter(|&i| !seen[i]).collect()
}

/// Where every tile of a riichi set is (see [`Game::tile_census`]): hands, rivers, melds, norths
/// set aside, and the wall's tiles not taken (found from the wall's own positions).
pub(crate) fn census(game: &Game) -> [u8; 37] {
    let mut census = [0u8; 37];
    let mut put = |pai: Pai| {
        if let Some(slot) = census.get_mut(usize::from(pai.index())) {
            *slot += 1;
        }
    };
    let n = game.rules.players;
    let red = game.red();
    for (p, r) in game.players[..game.seat_count()].iter().zip(&game.family.riichi.seats) {
        p.hand.tiles().for_each(&mut put);
        p.river.iter().filter(|r| !r.called).for_each(|r| put(r.pai));
        p.melds.iter().flat_map(|m| m.tiles().iter().copied()).for_each(&mut put);
        (0..r.nuki).for_each(|_| put(Pai::NORTH));
    }
    let mut taken = [false; 136];
    let mut take = |id: crate::PaiId| {
        if let Some(t) = taken.get_mut(usize::from(id.0)) {
            *t = true;
        }
    };
    for offset in 0..n {
        (0..13).for_each(|i| take(game.wall.dealt(n, offset, i)));
    }
    (0..usize::from(game.live_drawn)).for_each(|k| take(game.wall.draw(n, k)));
    (0..usize::from(game.replacements)).for_each(|k| take(game.wall.replacement(k)));
    for &id in game.wall.ids() {
        if !taken.get(usize::from(id.0)).copied().unwrap_or(true) {
            put(id.pai(red));
        }
    }
    census
}

/// The next hand's wall from the game's source (none: the game ends).
fn next_wall(game: &mut Game) -> Option<Wall> {
    let players = game.rules.players;
    let k = game.hands_dealt;
    match &mut game.walls {
        WallSource::Seeded(seed) => Some(Wall::seeded(*seed, k, players)),
        WallSource::Tenhou(shuffle) => Some(shuffle.next_wall(players)),
        WallSource::Given(walls) => walls.get(k as usize).cloned(),
        WallSource::GivenChinese(_) => None,
    }
}

/// Deals a riichi hand: 13 tiles each from Tenhou's layout, the first dora indicator, and the
/// dealer's draw (the game ends when the walls run out).
pub(crate) fn deal(game: &mut Game) {
    let Some(wall) = next_wall(game) else {
        game.finish_game();
        return;
    };
    game.hands_dealt += 1;
    game.wall = wall;
    game.live_drawn = 0;
    game.replacements = 0;
    game.dora_shown = 1;
    game.dora_pending = 0;
    game.kans = 0;
    game.no_calls = true;
    game.riichi_count = 0;
    game.answers = [Action::None; 4];
    let n = game.rules.players;
    let red = game.red();
    let oya = game.kyoku;
    let mut tehais = [[Pai::UNKNOWN; 13]; 4];
    game.family.riichi.seats = [SeatState::NEW; 4];
    for seat in 0..n {
        // Made in its place in the game: a seat's state is a few hundred bytes, which a player
        // made apart and then moved in was copied for.
        let p = &mut game.players[usize::from(seat)];
        *p = Player::new();
        let offset = (seat + n - oya) % n;
        for i in 0..13 {
            p.hand.add(game.wall.dealt(n, offset, i).pai(red));
        }
        p.hand.write_tiles(&mut tehais[usize::from(seat)]);
        p.repack(game.wait_rules.wildcard_tile);
        p.refresh_waits(&game.wait_rules);
    }
    let dora_marker = game.wall.dora_indicator(0).pai(red);
    game.emit(Event::StartKyoku {
        bakaze: Pai::of(Tile::ALL[27 + usize::from(game.bakaze & 3)]),
        dora_marker,
        kyoku: game.kyoku + 1,
        honba: game.honba,
        kyotaku: game.kyotaku,
        oya,
        scores: game.scores,
        tehais,
    });
    game.draw(oya, false);
}

/// `seat` draws: from the live wall, or a replacement tile. Ends the hand if the wall is out.
pub(crate) fn draw(game: &mut Game, seat: Seat, replacement: bool) {
    if !replacement && game.tiles_left() == 0 {
        game.exhaustive_draw();
        return;
    }
    let id = if replacement {
        let id = game.wall.replacement(usize::from(game.replacements));
        game.replacements += 1;
        id
    } else {
        let id = game.wall.draw(game.rules.players, usize::from(game.live_drawn));
        game.live_drawn += 1;
        id
    };
    let pai = id.pai(game.red());
    let p = &mut game.players[usize::from(seat)];
    p.hand.add(pai);
    // Added to the packed hand only if the turn keeps it (`Player::unpacked_draw`).
    p.settle_packed();
    p.unpacked_draw = pai.kind();
    game.emit(Event::Tsumo { actor: seat, pai });
    let can_tsumo = game.players[usize::from(seat)].waits.contains(pai.kind().unwrap_or(Tile::EAST))
        && (yaku_certain(game, seat, pai, true) || super::can_win(game, seat, seat, pai, replacement, None));
    game.phase = Phase::Turn { seat, drawn: Some(pai), reach: false, rinshan: replacement, can_tsumo };
}

/// The next riichi hand: the dealer repeats on its win or tenpai (and on an abortive draw), with
/// counters; the game ends at busting, after all-last as the rules stop it, or after the extension.
pub(crate) fn next_hand(game: &mut Game, dealer_stays: bool, won: bool, aborted: bool) {
    let n = game.rules.players;
    let Some(last_wind) = super::last_wind(game.rules.length) else {
        game.finish_game();
        return;
    };
    let all_last = game.bakaze > last_wind || (game.bakaze == last_wind && game.kyoku == n - 1);
    if game.rules.busting && game.scores[..usize::from(n)].iter().any(|&s| s < 0) {
        game.finish_game();
        return;
    }
    let top = game.top_seat();
    let reached = game.scores[..usize::from(n)].iter().any(|&s| s >= game.rules.target_points);
    // A dealer's win ends it under agari_yame, its tenpai at an exhaustive draw under
    // tenpai_yame.
    let stops = if won { game.rules.agari_yame } else { game.rules.tenpai_yame };
    if all_last && dealer_stays && !aborted && stops && top == game.kyoku && reached {
        game.finish_game();
        return;
    }
    if dealer_stays {
        game.honba += 1;
    } else {
        game.honba = if won { 0 } else { game.honba + 1 };
        game.kyoku += 1;
        if game.kyoku == n {
            game.kyoku = 0;
            game.bakaze += 1;
        }
    }
    if game.bakaze > last_wind {
        // Under `extension_renchan` every hand of the extension is an all-last: a seat at the
        // target ends the game when the dealer passes the deal, while a dealer who repeats plays
        // on (unless it stopped as first above). Tenhou's logs show it: West 1 drawn with the
        // dealer tenpai and another seat past 30,000 is dealt again.
        let extension_over = game.bakaze > last_wind + 1;
        let ends = reached && (!dealer_stays || !game.rules.extension_renchan);
        if ends || !game.rules.extension || extension_over {
            game.finish_game();
            return;
        }
    }
    game.deal();
}

/// The end of a riichi game: sticks left to first place where the rules say, and each seat's
/// result with oka and uma.
pub(crate) fn finish(game: &mut Game) {
    let n = game.seat_count();
    if game.rules.leftover_sticks_to_top && game.kyotaku > 0 {
        let top = usize::from(game.top_seat());
        game.scores[top] += 1000 * i32::from(game.kyotaku);
        game.kyotaku = 0;
    }
    let mut order: ArrayVec<usize, 4> = (0..n).collect();
    order.sort_by_key(|&s| (std::cmp::Reverse(game.scores[s]), s));
    let mut points = [0.0; 4];
    let oka = f64::from((game.rules.target_points - game.rules.starting_points) * i32::from(game.rules.players));
    for (rank, &s) in order.iter().enumerate() {
        let mut p = f64::from(game.scores[s] - game.rules.target_points) + f64::from(game.rules.uma[rank]);
        if rank == 0 {
            p += oka;
        }
        points[s] = p / 1000.0;
    }
    game.final_points = Some(points);
    game.emit(Event::EndGame { scores: game.scores });
    game.phase = Phase::Over;
}
