//! The Chinese Official family (国标麻将, GB): the 144-tile wall with its flowers, wins scored by
//! `hupai-score`'s GB scorer with the 8-fan minimum, GB's payments, and the match of four
//! rounds with the players changing places. Every rule with its source is in `docs/game.md`.

use hupai::Tile;
use hupai_score::{Situation, gb};

use crate::event::{DrawReason, Event, Seat};
use crate::game::{ClaimOn, Game, MeldKind, Phase};
use crate::pai::Pai;

/// What every winner is paid by each other player before the fans (GB's base of 8).
pub(crate) const BASE: i32 = 8;

/// GB's part of the game's state: the scorer's options.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct State {
    pub(crate) options: gb::Options,
}

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
    s.flowers = super::flowers(game, seat);
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
    gb::score(&s, &game.family.gb.options).ok()
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
    let flowers = u32::from(super::flowers(game, seat));
    Some(format!(
        "the hand scores {} fan without flowers ({} with them); a win needs {} (flowers do not count)",
        score.fan - flowers,
        score.fan,
        game.family.gb.options.minimum
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
    super::chinese::record_fan_win(game, w, from, pai, deltas, (score.fan, score.fan, false), fans);
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
