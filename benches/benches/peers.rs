//! hupai against published crates on the same no-wildcard hands, in one run, so that the ratios
//! in `docs/performance.md` come from one machine state:
//!
//! - [`xiangting`] (v6, riichi shanten): a 14-tile hand is complete iff its replacement number
//!   (shanten + 1) is 0, and for a hand one tile short with replacement number 1 its "necessary
//!   tiles" are the waits. It computes more than a win check (the distance from any hand to a
//!   win), so the ratio says what a caller who only needs "does it win" pays for using it.
//! - [`agari`] (v0.27, riichi scoring): `is_winning_hand` and `decompose_hand` on its
//!   `HashMap<Tile, u8>` counts (built before timing, so only the check is timed). Its
//!   decomposition lists are compared as multisets (it can list one twice, see
//!   [`distinct_structures`]).
//!
//! - xiangting again for shanten (group `peers-shanten`): its replacement number against
//!   `hupai_shanten::shanten` on the same 13-tile deals, then ours with 4 and 8 of the tiles wild,
//!   and our discard advice for 14-tile deals.
//! - `hupai`: the facade's fast path, [`hupai::PackedHand`], on hands packed before timing (as a
//!   game loop keeps them), and `hupai/…-counts` packing each hand from its `[u8; 34]` counts
//!   inside the timed call (as xiangting gets them). The registry's `hupai` engine (a `Hand` in,
//!   validated, packed per call) is the same code behind the `Algorithm` interface and is left out
//!   here so the row names stay unique.
//!
//! Rules are [`Rules::RIICHI`] (seven distinct pairs, thirteen orphans), which is what both peers
//! implement. Before anything is timed, the peers' answers are checked against ours on every hand
//! of each corpus; a disagreement fails the bench and names the hand.
//!
//! `cargo bench -p hupai-benches --bench peers`.

mod common;

use common::{CpuTime, config, per_hand};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hupai::PackedHand;
use hupai_benches::{SEED, deals, one_short, winning_hands};
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Hand, Rules, Tile, TileSet};
use std::collections::HashMap;
use xiangting::PlayerCount;

const HANDS: usize = 4096;

/// The registered algorithms but the facade's engine, which has its own rows (`hupai/…`).
fn registered() -> Vec<&'static dyn Algorithm> {
    hupai_harness::algorithms().iter().copied().filter(|a| a.name() != "hupai").collect()
}
const RULES: Rules = Rules::RIICHI;

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

fn agari_counts(hand: &Hand) -> agari::parse::TileCounts {
    let mut m = HashMap::new();
    for t in Tile::ALL {
        let n = hand.concealed()[t];
        if n > 0 {
            m.insert(agari_tile(t), n);
        }
    }
    m
}

fn xiangting_complete(counts: &[u8; 34]) -> bool {
    xiangting::calculate_replacement_number(counts, PlayerCount::Four).expect("a valid 14-tile hand") == 0
}

/// xiangting's waits: its necessary tiles when the hand is one tile from complete, without the
/// kinds the hand already holds four of (a fifth copy is no wait).
fn xiangting_waits(counts: &[u8; 34]) -> TileSet {
    match xiangting::calculate_necessary_tiles(counts, PlayerCount::Four) {
        Ok((1, tiles)) => {
            let mut set = TileSet::from_bits(tiles & TileSet::ALL.bits());
            Tile::ALL.iter().filter(|&&t| counts[t.index()] == 4).for_each(|&t| set.remove(t));
            set
        }
        _ => TileSet::EMPTY,
    }
}

/// agari's decompositions counted as multisets: it sorts a hand's melds by their lowest tile only,
/// so a triplet and a sequence starting on the same tile can come out in either order, and its
/// final dedup (by the `Debug` text) keeps both orders.
fn distinct_structures(listed: &[agari::hand::HandStructure]) -> usize {
    use agari::hand::{HandStructure, Meld};
    let mut keys: Vec<String> = listed
        .iter()
        .map(|s| match s {
            HandStructure::Standard { melds, pair } => {
                let mut groups: Vec<String> = melds
                    .iter()
                    .map(|m| match m {
                        Meld::Shuntsu(t, _) => format!("s{t:?}"),
                        Meld::Koutsu(t, _) | Meld::Kan(t, _) => format!("t{t:?}"),
                    })
                    .collect();
                groups.sort();
                format!("{pair:?} {groups:?}")
            }
            other => format!("{other:?}"),
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys.len()
}

/// Win checks of random deals (almost never winning) and of winning hands.
fn win14(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("peers-win14");
    for (corpus, hands) in [("deals", deals(SEED, HANDS, 14, 0)), ("winning", winning_hands(SEED, HANDS, 4, 0))] {
        let counts: Vec<[u8; 34]> = hands.iter().map(|h| h.concealed().0).collect();
        let maps: Vec<_> = hands.iter().map(agari_counts).collect();
        for (h, (c, m)) in hands.iter().zip(counts.iter().zip(&maps)) {
            let ours = Backtrack.is_win(h, &RULES).expect("backtrack answers");
            assert_eq!(xiangting_complete(c), ours, "xiangting disagrees on {h}");
            assert_eq!(agari::hand::is_winning_hand(m), ours, "agari disagrees on {h}");
        }
        let wins = hands.iter().filter(|h| Backtrack.is_win(h, &RULES).unwrap_or(false)).count();
        eprintln!("peers-win14/{corpus}: {wins} of {HANDS} win under riichi; xiangting and agari agree on all");
        let packed: Vec<PackedHand> = hands.iter().map(PackedHand::from_hand).collect();
        for (h, p) in hands.iter().zip(&packed) {
            assert_eq!(p.is_win(&RULES).ok(), Backtrack.is_win(h, &RULES).ok(), "hupai on {h}");
        }
        g.bench_with_input(BenchmarkId::new("hupai", corpus), &packed, |b, packed| {
            per_hand(b, packed, |p| p.is_win(&RULES))
        });
        g.bench_with_input(BenchmarkId::new("hupai", format!("{corpus}-counts")), &counts, |b, counts| {
            per_hand(b, counts, |c| PackedHand::from_counts(c, 0).and_then(|p| p.is_win(&RULES)))
        });
        for &a in &registered() {
            for h in &hands {
                assert_eq!(a.is_win(h, &RULES).ok(), Backtrack.is_win(h, &RULES).ok(), "{} on {h}", a.name());
            }
            g.bench_with_input(BenchmarkId::new(a.name(), corpus), &hands, |b, hands| {
                per_hand(b, hands, |h| a.is_win(h, &RULES))
            });
        }
        g.bench_with_input(BenchmarkId::new("xiangting", corpus), &counts, |b, counts| {
            per_hand(b, counts, xiangting_complete)
        });
        g.bench_with_input(BenchmarkId::new("agari", corpus), &maps, |b, maps| {
            per_hand(b, maps, agari::hand::is_winning_hand)
        });
    }
    g.finish();
}

/// Waits of hands one tile short of a win (so every hand has waits).
fn waits13(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("peers-waits13");
    let hands: Vec<Hand> = (0..HANDS as u64).map(|i| one_short(SEED, i, 4, 0)).collect();
    let counts: Vec<[u8; 34]> = hands.iter().map(|h| h.concealed().0).collect();
    for (h, c) in hands.iter().zip(&counts) {
        let ours = Backtrack.waits(h, &RULES).expect("backtrack answers");
        assert_eq!(xiangting_waits(c), ours, "xiangting's necessary tiles differ from the waits of {h}");
    }
    eprintln!("peers-waits13: xiangting's necessary tiles equal our waits on all {HANDS} hands one tile short");
    let packed: Vec<PackedHand> = hands.iter().map(PackedHand::from_hand).collect();
    for (h, p) in hands.iter().zip(&packed) {
        assert_eq!(p.waits(&RULES).ok(), Backtrack.waits(h, &RULES).ok(), "hupai waits of {h}");
    }
    g.bench_with_input(BenchmarkId::new("hupai", "one-short"), &packed, |b, packed| {
        per_hand(b, packed, |p| p.waits(&RULES))
    });
    g.bench_with_input(BenchmarkId::new("hupai", "one-short-counts"), &counts, |b, counts| {
        per_hand(b, counts, |c| PackedHand::from_counts(c, 0).and_then(|p| p.waits(&RULES)))
    });
    // The same kind of hands with 4 and 8 of their tiles wild (no peer answers these): what
    // wildcards cost the fast path on hands that are ready.
    for k in [4u8, 8] {
        let wild: Vec<Hand> = (0..HANDS as u64).map(|i| one_short(SEED, i, 4, k)).collect();
        let packed: Vec<PackedHand> = wild.iter().map(PackedHand::from_hand).collect();
        for (h, p) in wild.iter().zip(&packed) {
            assert_eq!(p.waits(&RULES).ok(), Backtrack.waits(h, &RULES).ok(), "hupai waits of {h}");
        }
        g.bench_with_input(BenchmarkId::new("hupai", format!("one-short-k{k}")), &packed, |b, packed| {
            per_hand(b, packed, |p| p.waits(&RULES))
        });
    }
    for &a in &registered() {
        for h in &hands {
            assert_eq!(a.waits(h, &RULES).ok(), Backtrack.waits(h, &RULES).ok(), "{} waits of {h}", a.name());
        }
        g.bench_with_input(BenchmarkId::new(a.name(), "one-short"), &hands, |b, hands| {
            per_hand(b, hands, |h| a.waits(h, &RULES))
        });
    }
    g.bench_with_input(BenchmarkId::new("xiangting", "one-short"), &counts, |b, counts| {
        per_hand(b, counts, xiangting_waits)
    });
    g.finish();
}

/// Every decomposition of winning hands: ours against agari's `decompose_hand` (counts compared).
fn decompositions(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("peers-decompositions");
    let hands = winning_hands(SEED, HANDS, 4, 0);
    let maps: Vec<_> = hands.iter().map(agari_counts).collect();
    let mut repeated = Vec::new();
    for (h, m) in hands.iter().zip(&maps) {
        let ours = Backtrack.decompositions(h, &RULES).expect("backtrack answers");
        let listed = agari::hand::decompose_hand(m);
        let distinct = distinct_structures(&listed);
        assert_eq!(distinct, ours.len(), "agari's distinct decompositions of {h}");
        if listed.len() != distinct {
            repeated.push(h.to_string());
        }
    }
    eprintln!(
        "peers-decompositions: agari agrees on every hand up to order; it lists the same decomposition twice for {} \
         of {HANDS} hands, e.g. {}",
        repeated.len(),
        repeated.first().map_or("-", String::as_str)
    );
    for a in registered().iter().copied().filter(|a| a.capabilities().decompositions) {
        g.bench_with_input(BenchmarkId::new(a.name(), "winning"), &hands, |b, hands| {
            per_hand(b, hands, |h| a.decompositions(h, &RULES))
        });
    }
    g.bench_with_input(BenchmarkId::new("agari", "winning"), &maps, |b, maps| {
        per_hand(b, maps, agari::hand::decompose_hand)
    });
    g.finish();
}

/// Shanten of random 13-tile deals: ours against xiangting's replacement number (checked equal on
/// every hand first), then ours with 4 and 8 of the tiles wild; and discard advice for 14-tile deals.
fn shanten(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("peers-shanten");
    let hands = deals(SEED, HANDS, 13, 0);
    let counts: Vec<[u8; 34]> = hands.iter().map(|h| h.concealed().0).collect();
    for (h, c) in hands.iter().zip(&counts) {
        let ours = hupai_shanten::shanten(h, &RULES).expect("shanten answers").replacement();
        let theirs = xiangting::calculate_replacement_number(c, PlayerCount::Four).expect("a 13-tile hand");
        assert_eq!(ours, theirs, "xiangting's replacement number differs on {h}");
    }
    eprintln!("peers-shanten: xiangting's replacement number equals ours on all {HANDS} deals");
    g.bench_with_input(BenchmarkId::new("hupai", "deals13"), &hands, |b, hands| {
        per_hand(b, hands, |h| hupai_shanten::shanten(h, &RULES))
    });
    g.bench_with_input(BenchmarkId::new("xiangting", "deals13"), &counts, |b, counts| {
        per_hand(b, counts, |c| xiangting::calculate_replacement_number(c, PlayerCount::Four))
    });
    for k in [4u8, 8] {
        let wild = deals(SEED, HANDS, 13, k);
        g.bench_with_input(BenchmarkId::new("hupai", format!("deals13-k{k}")), &wild, |b, hands| {
            per_hand(b, hands, |h| hupai_shanten::shanten(h, &RULES))
        });
    }
    let fourteen = deals(SEED, HANDS, 14, 0);
    let none = hupai_tiles::TileCounts::EMPTY;
    g.bench_with_input(BenchmarkId::new("hupai-advice", "deals14"), &fourteen, |b, hands| {
        per_hand(b, hands, |h| hupai_shanten::discard_advice(h, &RULES, &none))
    });
    let fourteen_k2 = deals(SEED, HANDS, 14, 2);
    g.bench_with_input(BenchmarkId::new("hupai-advice", "deals14-k2"), &fourteen_k2, |b, hands| {
        per_hand(b, hands, |h| hupai_shanten::discard_advice(h, &RULES, &none))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = win14, waits13, decompositions, shanten
}
criterion_main!(benches);
