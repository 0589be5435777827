//! What the Chinese families share (GB, Hongzhong, Changsha, Sichuan): the Chinese wall dealt
//! and drawn from the front with replacements from the back (each seat's own quarter with
//! `per_player_walls`), flowers set aside and replaced, the birds' most, a fan-scored win's
//! record, the winner dealing next and a match of so many hands, and the end of a match whose
//! scores are its result. No family is named here: where a family acts at a deal or a draw, the
//! seam ([`super`]) is asked.

use arrayvec::ArrayVec;
use hupai::Tile;

use crate::event::{Event, MOST_YAKU, Seat, WinScore};
use crate::game::{Game, Phase, Player, WallSource};
use crate::pai::Pai;
use crate::rules::GameLength;
use crate::wall::ChineseWall;

/// What the Chinese families keep of a seat besides its tiles, for the hand being played.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct State {
    /// Flowers each seat has set aside.
    pub(crate) flowers: [u8; 4],
}

/// Most birds a win turns over.
pub(crate) const MOST_BIRDS: usize = 8;

fn next_wall(game: &Game) -> Option<ChineseWall> {
    let k = game.hands_dealt;
    match &game.walls {
        WallSource::Seeded(seed) => Some(super::seeded_chinese_wall(game.rules.family, *seed, k)),
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
    super::new_hand(game);
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
        game.players[usize::from(seat)] = p;
        if game.rules.per_player_walls {
            game.quarter_taken[usize::from(offset)] = 13;
        }
    }
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
        p.repack(game.wait_rules.wildcard_tile);
        p.refresh_waits(&game.hand_rules);
    }
    // A family's own phase before play (Sichuan), else the dealer's draw.
    super::dealt(game);
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
    game.family.chinese.flowers[usize::from(seat)] += 1;
    game.emit(Event::Hua { actor: seat, pai: flower });
}

/// `seat` draws from the front, or from the back (`back`: a kong's replacement, which makes a
/// win 杠上开花 when `rinshan`). A flower is set aside and replaced from the back (ending the
/// kong's 杠上开花 under `flower_ends_kong`); the hand is drawn when no tile is left to take (with
/// `per_player_walls`, when the seat's own wall is empty, as the Botzone judge ends it).
pub(crate) fn draw(game: &mut Game, seat: Seat, back: bool, rinshan: bool) {
    if super::before_draw(game, seat, back) {
        return;
    }
    let mut back = back;
    let mut rinshan = rinshan;
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
            p.pack_change(kind, true, game.wait_rules.wildcard_tile);
        }
        game.emit(Event::Tsumo { actor: seat, pai });
        let can_tsumo = may_complete(&game.players[usize::from(seat)], pai, game.wait_rules.wildcard_tile)
            && super::can_win(game, seat, seat, pai, rinshan, None);
        game.phase = Phase::Turn { seat, drawn: Some(pai), reach: false, rinshan, can_tsumo };
        return;
    }
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
pub(crate) fn may_complete(p: &crate::game::Player, pai: Pai, wildcard: Option<Tile>) -> bool {
    let kind = pai.kind().unwrap_or(Tile::EAST);
    let wild = wildcard.is_some_and(|w| (w == kind && !p.waits.is_empty()) || p.hand.kinds[w.index()] >= 4);
    p.waits.contains(kind) || wild
}

/// The winner deals the next hand (a drawn hand keeps its dealer).
pub(crate) fn next_dealer(game: &mut Game, winner: Option<Seat>) {
    if let Some(w) = winner {
        game.kyoku = game.place[usize::from(w & 3)];
    }
}

/// Hands in a game of this length: one, 4 (east), 8 (south) or 16 (north).
pub(crate) const fn hands(length: GameLength) -> u32 {
    match length {
        GameLength::Single => 1,
        GameLength::East => 4,
        GameLength::South => 8,
        GameLength::North => 16,
    }
}

/// The next hand, or the end of the game after the length's number of hands.
pub(crate) fn next_hand(game: &mut Game) {
    if game.hands_dealt >= hands(game.rules.length) {
        game.finish_game();
        return;
    }
    game.deal();
}

/// Records a win scored in fans (the Chinese families): `fans` as (id, fan) pairs, no ura-dora.
pub(crate) fn record_fan_win(
    game: &mut Game,
    winner: Seat,
    from: Seat,
    pai: Pai,
    deltas: [i32; 4],
    (fan, points, capped): (u32, u32, bool),
    fans: impl Iterator<Item = (u8, u8)>,
) {
    let mut yaku = [(0u8, 0u8); MOST_YAKU];
    let mut yaku_len = 0u8;
    for (slot, f) in yaku.iter_mut().zip(fans) {
        *slot = f;
        yaku_len += 1;
    }
    let score = WinScore {
        han: u8::try_from(fan).unwrap_or(u8::MAX),
        fu: 0,
        yakuman: capped,
        points,
        yaku,
        yaku_len,
        pao: None,
    };
    game.emit(Event::Hora {
        actor: winner,
        target: from,
        pai,
        deltas,
        ura_markers: [Pai::UNKNOWN; 5],
        ura_len: 0,
        score,
    });
}

/// Where every tile of a Chinese wall is (see [`Game::tile_census`]; every Chinese family deals
/// 52 tiles from the front and takes replacements from the back): hands, rivers, melds, the tiles
/// won while play went on, the tiles a family holds aside, and the wall's tiles not taken. Flowers are counted by seat, not here.
pub(crate) fn census(game: &Game) -> [u8; 37] {
    let mut census = [0u8; 37];
    let mut put = |pai: Pai| {
        if let Some(slot) = census.get_mut(usize::from(pai.index())) {
            *slot += 1;
        }
    };
    for p in &game.players[..game.seat_count()] {
        p.hand.tiles().for_each(&mut put);
        p.river.iter().filter(|r| !r.called).for_each(|r| put(r.pai));
        p.melds.iter().flat_map(|m| m.tiles().iter().copied()).for_each(&mut put);
    }
    super::held_aside(game).for_each(&mut put);
    for i in game.chinese_wall_left() {
        put(game.chinese_wall.tiles[i].pai([0; 3]));
    }
    census
}
