//! The rule families: what differs between riichi and the Chinese rules, in one place per
//! question rather than spread over the turn loop. The loop ([`crate::game`]) is shared: deal,
//! draw, the seat's turn, the other seats' claims resolved by priority, the end of the hand. A
//! family answers:
//!
//! - **the tiles and the wall**: riichi's 136 (108) tiles in Tenhou's layout with a dead wall;
//!   GB's 144 with the flowers, dealt and drawn from the front, replacements from the back
//!   ([`gb::deal`], [`gb::draw`]);
//! - **which claims a discard allows** and what a turn offers: riichi, dora and furiten are
//!   riichi's ([`Family::has_riichi`], [`Family::has_dora`], [`Family::has_furiten`]); chi from the
//!   left, pon and kan, win over pon and kan over chi, and one winner or several are the rules'
//!   flags, shared;
//! - **what a win needs and pays** ([`can_win`]): a yaku and the riichi scorer's points, or 8
//!   fans without flowers and GB's 8 + fan ([`gb::wins`]);
//! - **how the match goes on**: riichi's dealer repeats, counters and end conditions, or GB's
//!   dealer passing every hand and the players changing places between rounds ([`places`],
//!   [`gb::next_hand`]).
//!
//! Sichuan, Hongzhong and Changsha plug in the same way: a `Family` variant, its wall (the
//! Chinese layout of [`crate::wall::ChineseWall`] serves them), its claims and its settlement.

pub(crate) mod changsha;
pub(crate) mod gb;
pub(crate) mod hongzhong;
pub(crate) mod sichuan;

use arrayvec::ArrayVec;
use hupai::Hand;

use crate::event::{Event, MOST_YAKU, Seat, WinScore};
use crate::game::{ClaimOn, Game};
use crate::pai::{Pai, PaiCounts};
use crate::rules::{Family, GameLength};

impl Family {
    /// Riichi declarations (and their sticks).
    pub(crate) const fn has_riichi(self) -> bool {
        matches!(self, Family::Riichi)
    }

    /// Dora indicators, turned over at the start and after kans.
    pub(crate) const fn has_dora(self) -> bool {
        matches!(self, Family::Riichi)
    }

    /// Kans a hand may hold in all: riichi stops at four (the fifth has no dora or replacement
    /// tile left in the dead wall); GB has no such limit (only the wall's end stops a kong).
    pub(crate) const fn most_kans(self) -> u8 {
        match self {
            Family::Riichi => 4,
            Family::Gb | Family::Hongzhong | Family::Changsha | Family::Sichuan => u8::MAX,
        }
    }

    /// Chow (chi) on the left player's discard.
    pub(crate) const fn has_chi(self) -> bool {
        !matches!(self, Family::Hongzhong | Family::Sichuan)
    }

    /// Furiten: a seat may not win on a discard its own discards or passes forbid.
    pub(crate) const fn has_furiten(self) -> bool {
        matches!(self, Family::Riichi)
    }
}

/// Whether `seat` may win on `pai` (from `from`, itself for a self-draw) as things stand: the hand
/// is complete and the family's scorer accepts the win (a yaku; 8 fans without flowers).
pub(crate) fn can_win(game: &Game, seat: Seat, from: Seat, pai: Pai, rinshan: bool, on: Option<ClaimOn>) -> bool {
    match game.rules.family {
        Family::Riichi => crate::settle::win_score(game, seat, from, pai, rinshan, on).is_some(),
        Family::Gb => gb::win_score(game, seat, from, pai, rinshan, on).is_some_and(|s| s.enough),
        Family::Hongzhong => {
            (seat == from || game.rules.discard_wins)
                && hongzhong::win_score(game, seat, from, pai, rinshan, on, &[]).is_some()
        }
        Family::Changsha => changsha::win_score(game, seat, from, pai, on).is_some(),
        Family::Sichuan => {
            !game.players[usize::from(seat)].out && sichuan::win_score(game, seat, from, pai, rinshan, on).is_some()
        }
    }
}

/// A kan's payments, where the family has them: Hongzhong keeps them with the hand and settles
/// them with its win; Sichuan pays them as the kong is made (刮风下雨).
pub(crate) fn kan_paid(game: &mut Game, seat: Seat, from: Seat, kind: crate::game::MeldKind) {
    match game.rules.family {
        Family::Hongzhong => hongzhong::kan_paid(game, seat, from, kind),
        Family::Sichuan => sichuan::kan_paid(game, seat, from, kind),
        _ => {}
    }
}

/// The last round's wind of a game of this length (0 east … 3 north), or `None` for one hand.
pub(crate) const fn last_wind(length: GameLength) -> Option<u8> {
    match length {
        GameLength::Single => None,
        GameLength::East => Some(0),
        GameLength::South => Some(1),
        GameLength::North => Some(3),
    }
}

/// Each seat's place at the table (0 the place that deals first) after `rounds` rounds of the
/// game: at the start the players sit in seat order. Riichi players never move. GB's players
/// change places after every round (*Mahjong Competition Rules*, the seat rotation): with players
/// A B C D at east, south, west and north in the east round, the south round seats B A D C, the
/// west round C D B A, the north round D C A B, so that each player deals first in one round.
pub(crate) const fn places(family: Family, rounds: u8) -> [u8; 4] {
    match family {
        Family::Riichi => [0, 1, 2, 3],
        Family::Hongzhong | Family::Changsha | Family::Sichuan => [0, 1, 2, 3],
        Family::Gb => match rounds & 3 {
            0 => [0, 1, 2, 3],
            1 => [1, 0, 3, 2],
            2 => [3, 2, 0, 1],
            _ => [2, 3, 1, 0],
        },
    }
}

/// The hand `seat` would win with on `pai`: its concealed tiles (the winning tile added when it is
/// another seat's), its declared melds and the red fives among both; and the concealed counts.
/// Every family's situation starts from it.
pub(crate) fn winning_hand(game: &Game, seat: Seat, from: Seat, pai: Pai) -> Option<(Hand, PaiCounts)> {
    let p = &game.players[usize::from(seat)];
    let mut counts = p.hand;
    if seat != from {
        counts.add(pai);
    }
    let melds: ArrayVec<hupai::Meld, 4> = p.melds.iter().map(|m| m.meld()).collect();
    let mut meld_red = [0u8; 3];
    for t in p.melds.iter().flat_map(|m| m.tiles().iter()) {
        if t.is_red() {
            meld_red[t.kind_index() / 9] += 1;
        }
    }
    let hand = Hand::new(counts.tile_counts(), 0, &melds).ok()?.with_red_fives(counts.red, meld_red).ok()?;
    Some((hand, counts))
}

/// The seats whose hand is ready (a bit each): an exhaustive draw's report.
pub(crate) fn ready_seats(game: &Game) -> u8 {
    game.players
        .iter()
        .take(game.seat_count())
        .enumerate()
        .filter(|(_, p)| !p.waits.is_empty())
        .fold(0, |b, (s, _)| b | 1 << s)
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
/// won while play went on, the 开杠 tiles not yet placed, and the wall's tiles not taken. Flowers are counted by seat, not here.
pub(crate) fn chinese_census(game: &Game) -> [u8; 37] {
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
        // The tiles won while play went on (Sichuan): each in front of its first winner.
        p.won.iter().copied().for_each(&mut put);
    }
    if let Some((_, pais)) = game.changsha.opened {
        pais.into_iter().for_each(&mut put);
    }
    for i in game.chinese_wall_left() {
        put(game.chinese_wall.tiles[i].pai([0; 3]));
    }
    census
}
