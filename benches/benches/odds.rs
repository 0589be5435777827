//! The draw odds (`hupai_odds::ev::discard_ev`): every discard of a 14-tile hand with its tenpai
//! and win probability over 17 draws, shortest-path class, standard rules, on the benches' deals
//! grouped by the shanten after the best discard (0 to 3), with 0 and 2 wildcards. Each figure is
//! per hand, all discards together, a fresh memo per hand (nothing carried between hands).
//!
//! Before timing, every ready discard's win probability is checked against its closed form from
//! `hupai-shanten`'s waits (`1 − (1 − P)^17`), and every line against `0 ≤ win ≤ tenpai ≤ 1`.
//!
//! `discard-ev-riichi/*`: riichi rules at 0 wildcards with the riichi scorer, without and with riichi
//! declared at closed tenpai (ura-dora by expectation, the deposit).
//!
//! `cargo bench -p hupai-benches --bench odds` (a few minutes: 3-shanten hands take a while each).

mod common;

use std::time::Duration;

use criterion::{SamplingMode, criterion_group, criterion_main};
use hupai_benches::{SEED, deal};
use hupai_odds::ev::{self, EvOptions};
use hupai_shanten::Discard;
use hupai_tiles::{Hand, Rules, TileCounts};

/// Hands per group (a power of two, for the round-robin loop).
const HANDS: usize = 8;

/// The first `HANDS` deals whose best discard leaves shanten `target` under `rules`.
fn corpus(rules: &Rules, target: i8, wildcards: u8) -> Vec<Hand> {
    (0..)
        .map(|i| deal(SEED, i, 14, wildcards))
        .filter(|h| {
            hupai_shanten::discard_advice(h, rules, &TileCounts::EMPTY)
                .is_ok_and(|a| a.first().is_some_and(|o| o.shanten() == target))
        })
        .take(HANDS)
        .collect()
}

/// The checks run before timing.
fn check(hand: &Hand) {
    let options = EvOptions::default();
    let table = ev::discard_ev(hand, &Rules::STANDARD, &options).expect("discard_ev");
    let held = hand.held_counts();
    let unseen_total: u32 = (0..34).map(|t| 4 - u32::from(held.0[t])).sum();
    for line in &table {
        assert!(0.0 <= line.win() && line.win() <= line.tenpai() + 1e-12 && line.tenpai() <= 1.0 + 1e-12, "{hand}");
        if line.shanten == 0 {
            let after = match line.discard {
                Discard::Tile(t) => {
                    let mut c = *hand.concealed();
                    c[t] -= 1;
                    Hand::from_counts(c, hand.wildcards()).expect("hand")
                }
                Discard::Wildcard => hand.with_wildcards(hand.wildcards() - 1),
            };
            let waits = hupai_shanten::effective_tiles(&after, &Rules::STANDARD, &TileCounts::EMPTY).expect("waits");
            let unseen: u32 = waits.tiles.iter().map(|e| 4 - u32::from(held[e.tile])).sum();
            let p = f64::from(unseen) / f64::from(unseen_total);
            let closed = 1.0 - (1.0 - p).powi(i32::from(options.turns));
            assert!((line.win() - closed).abs() < 1e-12, "{hand} {:?}: {} vs {closed}", line.discard, line.win());
        }
    }
}

fn discard_ev(c: &mut criterion::Criterion<common::CpuTime>) {
    for wildcards in [0u8, 2] {
        for target in 0..=3i8 {
            let hands = corpus(&Rules::STANDARD, target, wildcards);
            hands.iter().for_each(check);
            let mut g = c.benchmark_group(format!("discard-ev/{wildcards}-wildcards"));
            if target >= 2 {
                g.sample_size(10).sampling_mode(SamplingMode::Flat).measurement_time(Duration::from_secs(8));
            }
            g.bench_function(format!("{target}-shanten"), |b| {
                common::per_hand(b, &hands, |h| {
                    ev::discard_ev(h, &Rules::STANDARD, &EvOptions::default()).expect("discard_ev")
                })
            });
            g.finish();
        }
    }
}

/// Riichi rules at 0 wildcards with the riichi scorer (`hupai_score::Scorer` as the `WinValue`):
/// the expected score without riichi (`scored`), and with riichi declared at closed tenpai
/// (`riichi-at-tenpai`: each win scored once per ura count, and the deposit). Checked first: every
/// line has a score, and the tenpai and win figures are those without a scorer.
fn discard_ev_riichi(c: &mut criterion::Criterion<common::CpuTime>) {
    let scorer = hupai_score::Scorer::by_name("riichi").expect("the riichi scorer");
    for target in 0..=3i8 {
        let hands = corpus(&Rules::RIICHI, target, 0);
        for riichi in [false, true] {
            let options = EvOptions { riichi, scorer: Some(&scorer), ..EvOptions::default() };
            for hand in &hands {
                let plain = ev::discard_ev(hand, &Rules::RIICHI, &EvOptions::default()).expect("discard_ev");
                let scored = ev::discard_ev(hand, &Rules::RIICHI, &options).expect("discard_ev");
                for line in &scored {
                    let same = plain.iter().find(|p| p.discard == line.discard).expect("every discard");
                    assert!(line.score().is_some_and(f64::is_finite), "{hand} {:?}", line.discard);
                    assert!((line.win() - same.win()).abs() < 1e-12 && (line.tenpai() - same.tenpai()).abs() < 1e-12);
                }
            }
            let name = if riichi { "riichi-at-tenpai" } else { "scored" };
            let mut g = c.benchmark_group(format!("discard-ev-riichi/{name}"));
            if target >= 2 {
                g.sample_size(10).sampling_mode(SamplingMode::Flat).measurement_time(Duration::from_secs(8));
            }
            g.bench_function(format!("{target}-shanten"), |b| {
                common::per_hand(b, &hands, |h| ev::discard_ev(h, &Rules::RIICHI, &options).expect("discard_ev"))
            });
            g.finish();
        }
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = discard_ev, discard_ev_riichi
}
criterion_main!(benches);
