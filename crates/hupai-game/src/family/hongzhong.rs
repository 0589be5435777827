//! Red-dragon mahjong (红中麻将): the 112-tile wall (the three suits and the four red dragons),
//! the red dragons wild and never discarded, pung and kong without chow, self-drawn wins (on a
//! discard too as an option), birds turned over after a win, kong payments, and the winner dealing
//! next. Wins are scored by `hupai-score`'s `hongzhong` table (four red dragons win whatever the
//! shape); the deal, the draws and the claims are the Chinese ones ([`super::chinese`]).

use hupai_score::{Scorer, Situation, regional};

use crate::event::{DrawReason, Event, Seat};
use crate::game::{ClaimOn, Game, MeldKind};
use crate::pai::Pai;

/// Hongzhong's part of the game's state.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct State {
    /// Kong payments of the hand being played, settled with its win.
    pub(crate) kan_points: [i32; 4],
}

fn table() -> Option<&'static regional::Table> {
    match Scorer::shared("hongzhong") {
        Ok(Scorer::Regional(table)) => Some(table),
        _ => None,
    }
}

/// The situation of `seat` winning on `pai` (from `from`; itself for a self-draw, whose tile is
/// already in the hand), with the birds turned over.
fn situation(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
    birds: &[Pai],
) -> Option<Situation> {
    let tsumo = seat == from;
    // The red dragons stay tiles here: the table names them wild and counts them (四红中, 无红中).
    let (hand, _) = super::winning_hand(game, seat, from, pai)?;
    let mut s = Situation::new(hand, pai.kind()?);
    s.tsumo = tsumo;
    let last = game.tiles_left() == 0;
    s.rinshan = rinshan && tsumo;
    s.chankan = on == Some(ClaimOn::Kakan);
    s.haitei = tsumo && last && !s.rinshan;
    s.houtei = !tsumo && last && on == Some(ClaimOn::Discard);
    s.birds = birds.iter().filter_map(|b| b.kind()).collect();
    Some(s)
}

/// The table's score of `seat` winning on `pai` with `birds`, if the hand wins.
pub(crate) fn win_score(
    game: &Game,
    seat: Seat,
    from: Seat,
    pai: Pai,
    rinshan: bool,
    on: Option<ClaimOn>,
    birds: &[Pai],
) -> Option<regional::Score> {
    let s = situation(game, seat, from, pai, rinshan, on, birds)?;
    regional::score(&s, table()?).ok()
}

/// Records a kong's payments with the hand (a kong robbed or a hand drawn pays none of them).
pub(crate) fn kan_paid(game: &mut Game, seat: Seat, from: Seat, kind: MeldKind) {
    let s = usize::from(seat);
    let [exposed, added, concealed] = game.rules.kong_payments();
    match kind {
        MeldKind::Daiminkan => {
            game.family.hongzhong.kan_points[usize::from(from)] -= exposed;
            game.family.hongzhong.kan_points[s] += exposed;
        }
        MeldKind::Kakan | MeldKind::Ankan => {
            let each = if kind == MeldKind::Ankan { concealed } else { added };
            for o in 0..4 {
                if o != s {
                    game.family.hongzhong.kan_points[o] -= each;
                    game.family.hongzhong.kan_points[s] += each;
                }
            }
        }
        _ => {}
    }
}

/// Settles the win of the first of `winners`: the birds are turned over from the wall, the table
/// scores the hand with them, and the points are paid by every other player on a self-draw, by the
/// discarder on a discard; the hand's kong payments are settled with it. A kong robbed is not paid.
pub(crate) fn wins(game: &mut Game, from: Seat, pai: Pai, winners: &[Seat], rinshan: bool, on: Option<ClaimOn>) {
    let Some(&w) = winners.first() else { return };
    let count = usize::from(game.rules.birds).min(game.tiles_left()).min(super::chinese::MOST_BIRDS);
    let mut birds = [Pai::UNKNOWN; super::chinese::MOST_BIRDS];
    for (k, slot) in birds.iter_mut().enumerate().take(count) {
        *slot = game.chinese_wall.draw(usize::from(game.live_drawn) + k).pai([0; 3]);
    }
    let Some(score) = win_score(game, w, from, pai, rinshan, on, &birds[..count]) else { return };
    let total = i32::try_from(score.total).unwrap_or(i32::MAX / 4);
    let mut deltas = [0i32; 4];
    let wi = usize::from(w);
    for o in 0..4 {
        if o != wi && (w == from || o == usize::from(from)) {
            deltas[o] -= total;
            deltas[wi] += total;
        }
    }
    if on == Some(ClaimOn::Kakan) {
        // The robbed kong was never made: its payments are not owed.
        let added = game.rules.kong_payments()[1];
        for o in 0..4 {
            if o != usize::from(from) {
                game.family.hongzhong.kan_points[o] += added;
                game.family.hongzhong.kan_points[usize::from(from)] -= added;
            }
        }
    }
    for (d, k) in deltas.iter_mut().zip(game.family.hongzhong.kan_points) {
        *d += k;
    }
    game.family.hongzhong.kan_points = [0; 4];
    for (total, d) in game.scores.iter_mut().zip(deltas) {
        *total += d;
    }
    if count > 0 {
        game.emit(Event::Niao { actor: w, pais: birds, len: count as u8 });
    }
    let names = table().map(|t| t.fans.as_slice()).unwrap_or(&[]);
    let fans = score.fans.iter().map(|f| {
        let id = names.iter().position(|n| n.name == f.name).unwrap_or(0);
        (u8::try_from(id).unwrap_or(u8::MAX), u8::try_from(f.value * f.count).unwrap_or(u8::MAX))
    });
    let points = u32::try_from(score.total).unwrap_or(u32::MAX);
    super::chinese::record_fan_win(game, w, from, pai, deltas, (score.fan, points, score.capped), fans);
}

/// An exhaustive draw pays nothing, and the hand's kong payments lapse with it (荒庄荒杠).
pub(crate) fn exhaustive(game: &mut Game) -> (DrawReason, [i32; 4], u8) {
    game.family.hongzhong.kan_points = [0; 4];
    (DrawReason::Exhaustive, [0; 4], super::ready_seats(game))
}

#[cfg(test)]
mod tests {
    use hupai::{PackedHand, Rules, Tile, TileSet};

    use crate::game::Player;
    use crate::pai::Pai;

    /// The waits asked over the 136 tiles, the kinds outside the 112 taken out, are hupai's
    /// answer under the 112-tile rules: on ready hands (four groups and a pair less a tile) with
    /// none to three of their tiles turned into red-dragon wildcards.
    #[test]
    fn waits_are_hupais_under_the_112_tiles() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as usize
        };
        let red = Tile::RED.index();
        let (mut ready, mut checked) = (0, 0);
        for _ in 0..4000 {
            let mut kinds = [0u8; 34];
            for _ in 0..4 {
                let suit = next(3);
                if next(2) == 0 {
                    let r = next(7);
                    (0..3).for_each(|i| kinds[suit * 9 + r + i] += 1);
                } else {
                    kinds[suit * 9 + next(9)] += 3;
                }
            }
            kinds[next(3) * 9 + next(9)] += 2;
            for _ in 0..=next(4) {
                let held: Vec<usize> = (0..27).filter(|&k| kinds[k] > 0).collect();
                kinds[held[next(held.len() as u64)]] -= 1;
                kinds[red] += 1;
            }
            kinds[red] -= 1;
            if kinds.iter().any(|&n| n > 4) {
                continue;
            }
            let mut p = Player::new();
            for (k, &n) in kinds.iter().enumerate() {
                for _ in 0..n {
                    p.hand.add(Pai::of(Tile::new(k).expect("a kind")));
                }
            }
            p.repack(Some(Tile::RED));
            p.refresh_waits(&Rules::HONGZHONG);
            let mut plain = kinds;
            let wild = std::mem::take(&mut plain[red]);
            let packed = PackedHand::from_counts(&plain, wild).expect("13 tiles");
            let exact = packed.waits(&Rules::HONGZHONG).unwrap_or(TileSet::EMPTY);
            assert_eq!(p.waits, exact, "{kinds:?}");
            checked += 1;
            ready += usize::from(!exact.is_empty());
        }
        assert!(checked > 2000 && ready > 1000, "{checked} hands, {ready} ready");
    }
}
