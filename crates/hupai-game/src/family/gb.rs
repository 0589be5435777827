//! The Chinese Official family (国标麻将, GB): the 144-tile wall with its flowers, wins scored by
//! `hupai-score`'s GB scorer with the 8-fan minimum, GB's payments, and the match of four
//! rounds with the players changing places. Every rule with its source is in `docs/game.md`.

use arrayvec::ArrayVec;
use hupai::Tile;
use hupai_score::{Situation, gb};

use crate::event::{DrawReason, Event, Seat};
use crate::game::{ClaimOn, Game, MeldKind, Phase, Player, WallSource};
use crate::pai::Pai;
use crate::rules::Family;
use crate::wall::ChineseWall;

/// What every winner is paid by each other player before the fans (GB's base of 8).
pub(crate) const BASE: i32 = 8;

/// Whether a hand one tile short (concealed `counts`, `melds` declared) could be waiting on a
/// knitted form: honors and knitted tiles (全不靠, 七星不靠: no meld, no two tiles of a kind), or a
/// knitted straight (组合龙: at most one meld, and eight of the nine tiles of one of the six
/// straights). Anything else waits on the ordinary forms only, which hupai answers by its keyed
/// path; the knitted forms take the general one.
pub(crate) fn knitted_possible(counts: &[u8; 34], melds: usize) -> bool {
    if melds == 0 && counts.iter().all(|&c| c <= 1) {
        return true;
    }
    if melds > 1 {
        return false;
    }
    const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    ORDERS.iter().any(|order| {
        let held: usize =
            (0..3).map(|suit| (0..3).filter(|&i| counts[suit * 9 + order[suit] + 3 * i] > 0).count()).sum();
        held >= 8
    })
}

fn next_wall(game: &Game) -> Option<ChineseWall> {
    let k = game.hands_dealt;
    match &game.walls {
        WallSource::Seeded(seed) if game.rules.family == Family::Hongzhong => {
            Some(ChineseWall::seeded_from(*seed, k, crate::wall::hongzhong_tile_ids()))
        }
        WallSource::Seeded(seed) if matches!(game.rules.family, Family::Changsha | Family::Sichuan) => {
            Some(ChineseWall::seeded_from(*seed, k, crate::wall::numbered_tile_ids()))
        }
        WallSource::Seeded(seed) => Some(ChineseWall::seeded(*seed, k)),
        WallSource::GivenChinese(walls) => walls.get(k as usize).cloned(),
        _ => None,
    }
}

/// Deals a hand: 13 tiles each from the front, then, from the dealer on in turn order, each seat
/// sets its flowers aside and replaces them from the back (again while a replacement is a
/// flower); then the dealer draws. With `per_player_walls` each seat's 13 tiles and their
/// replacements come from the end of its own wall.
pub(crate) fn deal(game: &mut Game) {
    let Some(wall) = next_wall(game) else {
        game.finish_game();
        return;
    };
    game.hands_dealt += 1;
    game.chinese_wall = wall;
    game.changsha = Default::default();
    game.live_drawn = 0;
    game.replacements = 0;
    game.quarter_taken = [0; 4];
    game.dora_shown = 0;
    game.dora_pending = 0;
    game.kans = 0;
    game.no_calls = true;
    game.riichi_count = 0;
    game.answers = [crate::Action::None; 4];
    game.honba = 0;
    let oya = game.oya();
    let mut tehais = [[Pai::UNKNOWN; 13]; 4];
    let mut dealt_flowers: [ArrayVec<Pai, 8>; 4] = Default::default();
    for seat in 0..4u8 {
        let mut p = Player::new();
        let offset = (game.place[usize::from(seat)] + 4 - game.kyoku % 4) % 4;
        for (i, slot) in tehais[usize::from(seat)].iter_mut().enumerate() {
            let pai = if game.rules.per_player_walls {
                game.chinese_wall.tiles[own_wall_position(&game.chinese_wall, offset, i)].pai([0; 3])
            } else {
                game.chinese_wall.dealt(offset, i).pai([0; 3])
            };
            *slot = pai;
            if pai.is_flower() {
                dealt_flowers[usize::from(seat)].push(pai);
            } else {
                p.hand.add(pai);
            }
        }
        p.wildcard = game.wait_rules.wildcard_tile;
        game.players[usize::from(seat)] = p;
        if game.rules.per_player_walls {
            game.quarter_taken[usize::from(offset)] = 13;
        }
    }
    game.kan_points = [0; 4];
    game.emit(Event::StartKyoku {
        bakaze: Pai::of(Tile::ALL[27 + usize::from(game.bakaze & 3)]),
        dora_marker: Pai::UNKNOWN,
        kyoku: game.kyoku % 4 + 1,
        honba: 0,
        kyotaku: 0,
        oya,
        scores: game.scores,
        tehais,
    });
    for k in 0..4 {
        let seat = game.next_in_turn(oya, k);
        for &flower in &dealt_flowers[usize::from(seat)] {
            set_aside(game, seat, flower);
            // Eight flowers at most: the back of the wall always has a tile for them.
            loop {
                let pai = take_for(game, seat, true);
                if pai.is_flower() {
                    set_aside(game, seat, pai);
                    continue;
                }
                game.players[usize::from(seat)].hand.add(pai);
                game.emit(Event::Tsumo { actor: seat, pai });
                break;
            }
        }
    }
    for p in &mut game.players {
        p.repack();
        p.refresh_waits(&game.hand_rules);
    }
    if game.rules.family == Family::Sichuan {
        // The tiles passed and the void suits declared come before the dealer's first draw.
        super::sichuan::start(game);
        return;
    }
    draw(game, oya, false, false);
    if game.rules.family == Family::Changsha {
        // The small wins of the deal are declared before the dealer's first discard.
        super::changsha::after_deal(game);
    }
}

/// Where the `k`-th tile taken from the own wall of the seat `offset` seats after the dealer lies
/// (`per_player_walls`): its quarter of the wall, taken from the end.
pub(crate) fn own_wall_position(wall: &ChineseWall, offset: u8, k: usize) -> usize {
    let part = usize::from(wall.len) / 4;
    (part * usize::from(offset & 3) + part).saturating_sub(1 + k).min(crate::wall::GB_TILES - 1)
}

/// Takes the next tile `seat` draws: from its own wall with `per_player_walls`, else from the
/// table's front, or from its back.
pub(crate) fn take_for(game: &mut Game, seat: Seat, back: bool) -> Pai {
    if game.rules.per_player_walls {
        let q = game.wall_quarter(seat);
        let k = usize::from(game.quarter_taken[usize::from(q)]);
        game.quarter_taken[usize::from(q)] += 1;
        return game.chinese_wall.tiles[own_wall_position(&game.chinese_wall, q, k)].pai([0; 3]);
    }
    take(game, back)
}

/// Takes the next tile from the front, or from the back.
pub(crate) fn take(game: &mut Game, back: bool) -> Pai {
    let id = if back {
        let id = game.chinese_wall.replacement(usize::from(game.replacements));
        game.replacements += 1;
        id
    } else {
        let id = game.chinese_wall.draw(usize::from(game.live_drawn));
        game.live_drawn += 1;
        id
    };
    id.pai([0; 3])
}

fn set_aside(game: &mut Game, seat: Seat, flower: Pai) {
    game.players[usize::from(seat)].flowers += 1;
    game.emit(Event::Hua { actor: seat, pai: flower });
}

/// `seat` draws from the front, or from the back (`back`: a kong's replacement, which makes a
/// win 杠上开花 when `rinshan`). A flower is set aside and replaced from the back (ending the
/// kong's 杠上开花 under `flower_ends_kong`); the hand is drawn when no tile is left to take (with
/// `per_player_walls`, when the seat's own wall is empty, as the Botzone judge ends it).
pub(crate) fn draw(game: &mut Game, seat: Seat, back: bool, rinshan: bool) {
    if game.rules.family == Family::Changsha && super::changsha::before_draw(game, seat, back) {
        return;
    }
    let mut back = back;
    let mut rinshan = rinshan;
    if !back {
        // A discard after a kong's replacement was answered: 杠上炮 is over.
        game.sichuan.after_kong = None;
    }
    loop {
        if game.wall_left(seat) == 0 {
            game.exhaustive_draw();
            return;
        }
        let pai = take_for(game, seat, back);
        if pai.is_flower() {
            set_aside(game, seat, pai);
            back = true;
            rinshan &= !game.rules.flower_ends_kong;
            continue;
        }
        let p = &mut game.players[usize::from(seat)];
        p.hand.add(pai);
        if let Some(kind) = pai.kind() {
            p.pack_change(kind, true);
        }
        game.emit(Event::Tsumo { actor: seat, pai });
        let can_tsumo =
            may_complete(&game.players[usize::from(seat)], pai) && super::can_win(game, seat, seat, pai, rinshan, None);
        game.phase = Phase::Turn { seat, drawn: Some(pai), reach: false, rinshan, can_tsumo };
        return;
    }
}

/// Copies of `kind` the table shows: discards not called, and every seat's exposed melds
/// (concealed kongs are face down).
fn shown(game: &Game, kind: Tile) -> u8 {
    let mut n = 0;
    for p in &game.players {
        n += p.river.iter().filter(|r| !r.called && r.pai.kind() == Some(kind)).count() as u8;
        for m in p.melds.iter().filter(|m| m.kind != MeldKind::Ankan) {
            n += m.tiles().iter().filter(|t| t.kind() == Some(kind)).count() as u8;
        }
    }
    n
}

/// The situation of `seat` winning on `pai` (from `from`; itself for a self-draw, whose tile is
/// already in the hand).
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
    let (hand, counts) = super::winning_hand(game, seat, from, pai)?;
    let kind = pai.kind()?;
    let mut s = Situation::new(hand, kind);
    s.tsumo = tsumo;
    // With `per_player_walls` (the Botzone judge), the last tile is the one after which the
    // player next to draw, the one after the drawer or the discarder, finds its wall empty.
    let last = if game.rules.per_player_walls {
        game.wall_left(game.next_in_turn(from, 1)) == 0
    } else {
        game.tiles_left() == 0
    };
    s.rinshan = rinshan && tsumo;
    s.chankan = on == Some(ClaimOn::Kakan);
    // 妙手回春 is the wall's last tile, from either end; 海底捞月 the discard after it.
    s.haitei = tsumo && last;
    s.houtei = !tsumo && last && on == Some(ClaimOn::Discard);
    s.seat = game.seat_wind(seat).kind()?;
    s.round = Tile::ALL[27 + usize::from(game.bakaze & 3)];
    s.flowers = p.flowers;
    // 和绝张: the three other copies are on the table. On a discard or a robbed kong the
    // winning tile itself is among the shown ones.
    let others = shown(game, kind).saturating_sub(u8::from(!tsumo));
    s.last_copy = others >= 3 && !s.chankan && counts.kinds[kind.index()] == 1;
    Some(s)
}

/// The GB score of `seat` winning on `pai`, if the hand is complete (short of the minimum or not).
pub(crate) fn win_score(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
) -> Option<gb::Score> {
    let s = situation(game, seat, from, pai, rinshan, on)?;
    gb::score(&s, &game.gb_options).ok()
}

/// Why `seat` may not win now, when the hand is complete but short of the minimum.
pub(crate) fn short_of_minimum(game: &Game, seat: Seat) -> Option<String> {
    let (from, pai, rinshan, on) = match game.phase {
        Phase::Turn { drawn: Some(pai), rinshan, .. } => (seat, pai, rinshan, None),
        Phase::Claims { from, pai, on, .. } => (from, pai, false, Some(on)),
        _ => return None,
    };
    let score = win_score(game, seat, from, pai, rinshan, on)?;
    if score.enough {
        return None;
    }
    let flowers = u32::from(game.players[usize::from(seat)].flowers);
    Some(format!(
        "the hand scores {} fan without flowers ({} with them); a win needs {} (flowers do not count)",
        score.fan - flowers,
        score.fan,
        game.gb_options.minimum
    ))
}

/// Settles the win of the first of `winners` (GB has one winner per discard): by discard the
/// discarder pays 8 + fan and the others 8; by self-draw every other seat pays 8 + fan.
pub(crate) fn wins(game: &mut Game, from: Seat, pai: Pai, winners: &[Seat], rinshan: bool, on: Option<ClaimOn>) {
    let Some(&w) = winners.first() else { return };
    let Some(score) = win_score(game, w, from, pai, rinshan, on) else { return };
    let fan = i32::try_from(score.fan).unwrap_or(i32::MAX / 8);
    let tsumo = w == from;
    let mut deltas = [0i32; 4];
    for o in 0..4u8 {
        if o == w {
            continue;
        }
        let pay = if tsumo || o == from { BASE + fan } else { BASE };
        deltas[usize::from(o)] -= pay;
        deltas[usize::from(w)] += pay;
    }
    for (total, d) in game.scores.iter_mut().zip(deltas) {
        *total += d;
    }
    let fans =
        score.fans.iter().map(|f| (f.id, u8::try_from(u32::from(f.fan) * u32::from(f.count)).unwrap_or(u8::MAX)));
    super::record_fan_win(game, w, from, pai, deltas, (score.fan, score.fan, false), fans);
}

/// A false win (错和) played as the penalty: `seat` pays `false_win_penalty` to each other seat
/// and play goes on: its own turn still to play, or its answer to a claim taken as a pass.
pub(crate) fn false_win(game: &mut Game, seat: Seat) {
    let penalty = game.rules.false_win_penalty;
    let mut deltas = [0i32; 4];
    for (s, d) in deltas.iter_mut().enumerate() {
        *d = if s == usize::from(seat) { -3 * penalty } else { penalty };
    }
    for (total, d) in game.scores.iter_mut().zip(deltas) {
        *total += d;
    }
    game.emit(Event::Cuohu { actor: seat, deltas });
    if matches!(game.phase, Phase::Claims { .. }) {
        game.answer(seat, crate::Action::None);
    }
}

/// An exhaustive draw (荒庄) pays nothing; the ready seats are reported.
pub(crate) fn exhaustive(game: &Game) -> (DrawReason, [i32; 4], u8) {
    (DrawReason::Exhaustive, [0; 4], super::ready_seats(game))
}

/// The next hand: the dealer passes whoever won; after the fourth hand of a round the prevailing
/// wind moves on and the players change places; the match ends after its last round.
pub(crate) fn next_hand(game: &mut Game) {
    let Some(last_wind) = super::last_wind(game.rules.length) else {
        game.finish_game();
        return;
    };
    game.kyoku += 1;
    if game.kyoku == 4 {
        game.kyoku = 0;
        game.bakaze += 1;
        if game.bakaze > last_wind.max(game.rules.start_wind) {
            game.finish_game();
            return;
        }
        game.seat_players();
    }
    game.deal();
}

/// The end of a GB match: the scores are the result (`final_points` the same numbers).
pub(crate) fn finish(game: &mut Game) {
    let mut points = [0.0; 4];
    for (p, &s) in points.iter_mut().zip(&game.scores) {
        *p = f64::from(s);
    }
    game.final_points = Some(points);
    game.emit(Event::EndGame { scores: game.scores });
    game.phase = Phase::Over;
}

/// Whether the tile `pai` just drawn (already in the hand) may complete the hand, before the
/// scorer decides: one of its waits, or a wildcard, which may complete any ready hand (it stands
/// for one of the waits, and for nothing a hand without waits could use); four red dragons win
/// whatever the shape (Hongzhong).
pub(crate) fn may_complete(p: &crate::game::Player, pai: Pai) -> bool {
    let kind = pai.kind().unwrap_or(Tile::EAST);
    let wild = p.wildcard.is_some_and(|w| (w == kind && !p.waits.is_empty()) || p.hand.kinds[w.index()] >= 4);
    p.waits.contains(kind) || wild
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wall::SplitMix64;

    /// A hand the filter says cannot wait on a knitted form waits on the same tiles with the
    /// knitted forms as without: on random hands, and on hands built from knitted tiles.
    #[test]
    fn the_knitted_filter_never_drops_a_wait() {
        let mut rng = SplitMix64(17);
        let mut plain = hupai::Rules::GB;
        plain.knitted = false;
        let (mut knitted_waits, mut filtered) = (0, 0);
        for round in 0..6000 {
            let mut counts = [0u8; 34];
            let mut n = 0;
            const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
            let order = ORDERS[rng.below(6) as usize];
            let knitted: Vec<usize> = (0..9).map(|t| (t / 3) * 9 + order[t / 3] + 3 * (t % 3)).collect();
            match round % 3 {
                0 => {
                    // Eight or nine tiles of a knitted straight, the rest anything.
                    let skip = rng.below(12) as usize;
                    for &k in knitted.iter().enumerate().filter(|&(i, _)| i != skip).map(|(_, k)| k) {
                        counts[k] += 1;
                        n += 1;
                    }
                }
                1 => {
                    // Thirteen different tiles among the straight's nine and the seven honors.
                    let mut pool: Vec<usize> = knitted.iter().copied().chain(27..34).collect();
                    while n < 13 {
                        let k = pool.swap_remove(rng.below(pool.len() as u64) as usize);
                        counts[k] += 1;
                        n += 1;
                    }
                }
                _ => {}
            }
            while n < 13 {
                let k = rng.below(34) as usize;
                if counts[k] < 4 {
                    counts[k] += 1;
                    n += 1;
                }
            }
            let hand = hupai::Hand::new(hupai::TileCounts(counts), 0, &[]).unwrap();
            let full = hupai::waits(&hand, &hupai::Rules::GB).unwrap();
            let without = hupai::waits(&hand, &plain).unwrap();
            if full != without {
                knitted_waits += 1;
                assert!(knitted_possible(&counts, 0), "{hand}: a knitted wait the filter drops");
            }
            if !knitted_possible(&counts, 0) {
                filtered += 1;
            }
        }
        assert!(knitted_waits > 500 && filtered > 1500, "{knitted_waits} knitted waits, {filtered} filtered");
    }
}
