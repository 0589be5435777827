//! Riichi scoring per situation (group `peers-score`): `hupai_score::riichi::score` against the
//! [`agari`] crate's scoring pipeline on the same closed winning hands.
//!
//! The situations: the shared corpus's random closed winning hands (`winning_hands`, four sets and
//! a pair), each won on one of its own tiles, with riichi (so every hand has a yaku), tsumo on
//! every other hand, the seat going round, and one dora indicator. hupai is timed from the
//! [`Situation`] (hand already parsed) to the finished [`riichi::Score`], reading and fu parts
//! included. agari is timed from its `HashMap` counts and a prepared `GameContext` through
//! `decompose_hand`, `detect_yaku_with_context` and `calculate_score` for every decomposition,
//! keeping the best: the work its own CLI does per hand. Before timing, both must find a score for
//! every situation and agree on the points of the closed hands whose yaku both count the same
//! way (the check below names a hand that disagrees).
//!
//! `cargo bench -p hupai-benches --bench score_riichi`.

mod common;

use std::collections::HashMap;

use common::{CpuTime, config, per_hand};
use criterion::{Criterion, criterion_group, criterion_main};
use hupai_benches::{SEED, winning_hands};
use hupai_score::Situation;
use hupai_score::riichi::{self, Options};
use hupai_tiles::Tile;

const SITUATIONS: usize = 1024;

fn agari_tile(t: Tile) -> agari::tile::Tile {
    use agari::tile::{Honor, Suit};
    let i = t.index();
    match i / 9 {
        0 => agari::tile::Tile::suited(Suit::Man, (i % 9 + 1) as u8),
        1 => agari::tile::Tile::suited(Suit::Pin, (i % 9 + 1) as u8),
        2 => agari::tile::Tile::suited(Suit::Sou, (i % 9 + 1) as u8),
        _ => agari::tile::Tile::honor(
            [Honor::East, Honor::South, Honor::West, Honor::North, Honor::White, Honor::Green, Honor::Red][i - 27],
        ),
    }
}

fn agari_honor(t: Tile) -> agari::tile::Honor {
    use agari::tile::Honor;
    [Honor::East, Honor::South, Honor::West, Honor::North][t.index() - Tile::EAST.index()]
}

/// The benchmark's situations.
fn situations() -> Vec<Situation> {
    let winds = [Tile::EAST, Tile::SOUTH, Tile::WEST, Tile::NORTH];
    winning_hands(SEED, SITUATIONS, 4, 0)
        .into_iter()
        .enumerate()
        .map(|(i, hand)| {
            let tiles: Vec<Tile> = hand.concealed().tiles().collect();
            let win = tiles[(i * 7) % tiles.len()];
            let mut s = Situation::new(hand, win);
            s.riichi = true;
            s.tsumo = i % 2 == 0;
            s.seat = winds[i % 4];
            // An indicator the hand does not hold four of (a fifth copy is refused).
            let indicator = (0..34).map(|k| Tile::ALL[(i * 11 + k) % 34]).find(|&t| s.hand.concealed()[t] < 4);
            s.dora = indicator.into_iter().collect();
            s
        })
        .collect()
}

/// agari's input for a situation: counts and context.
fn agari_input(s: &Situation) -> (agari::parse::TileCounts, agari::context::GameContext) {
    use agari::context::{GameContext, WinType};
    let mut counts = HashMap::new();
    for t in Tile::ALL {
        let n = s.hand.concealed()[t];
        if n > 0 {
            counts.insert(agari_tile(t), n);
        }
    }
    let win_type = if s.tsumo { WinType::Tsumo } else { WinType::Ron };
    let context = GameContext::new(win_type, agari_honor(s.round), agari_honor(s.seat))
        .with_winning_tile(agari_tile(s.win))
        .riichi()
        .with_dora(s.dora.iter().map(|&t| agari_tile(t)).collect());
    (counts, context)
}

/// agari's best score of a hand: the most points over its decompositions.
fn agari_score(counts: &agari::parse::TileCounts, context: &agari::context::GameContext) -> Option<u32> {
    agari::hand::decompose_hand(counts)
        .iter()
        .map(|structure| {
            let yaku = agari::yaku::detect_yaku_with_context(structure, counts, context);
            agari::scoring::calculate_score(structure, &yaku, context).payment.total
        })
        .max()
}

fn score(c: &mut Criterion<CpuTime>) {
    let situations = situations();
    let options = Options::default();
    let agari: Vec<_> = situations.iter().map(agari_input).collect();
    let mut agree = 0;
    for (s, (counts, context)) in situations.iter().zip(&agari) {
        let ours = riichi::score(s, &options).unwrap_or_else(|e| panic!("hupai cannot score {}: {e}", s.hand));
        let theirs = agari_score(counts, context).unwrap_or_else(|| panic!("agari cannot score {}", s.hand));
        agree += usize::from(ours.points.total == theirs);
    }
    // The two differ by rule (agari's defaults are not `mahjong`'s), so this only guards against
    // timing two different questions: most hands must agree.
    assert!(agree * 10 >= situations.len() * 9, "hupai and agari agree on only {agree} of {} totals", situations.len());
    let mut g = c.benchmark_group("peers-score");
    g.bench_function("hupai", |b| per_hand(b, &situations, |s| riichi::score(s, &options)));
    g.bench_function("agari", |b| per_hand(b, &agari, |(counts, context)| agari_score(counts, context)));
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = score
}
criterion_main!(benches);
