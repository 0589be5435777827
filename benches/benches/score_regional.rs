//! Regional scoring (`hupai_score::regional::score`) on fixed-seed winning hands: Sichuan,
//! Changsha and Hongzhong with 0, 2, 4 and 8 wildcards, to show how the search grows.
//!
//! Hands are built from random decompositions (two suits, so Sichuan's void rule holds), then
//! some concealed tiles become wildcards (`*`, or red dragons under Hongzhong). Before timing,
//! every hand's answer is checked: it scores, and the reading it reports is a decomposition of
//! the hand under the preset's rules (`Decomposition::is_valid_for`, independent of the scorer).
//!
//! `cargo bench -p hupai-benches --bench score_regional`.

mod common;

use common::{CpuTime, config, per_hand};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hupai::{Group, Hand, Rules, Tile, TileCounts};
use hupai_score::Situation;
use hupai_score::regional::{Table, score};

/// Hands per corpus (a power of two: the per-hand loop masks its index).
const HANDS: usize = 1024;

/// xorshift64*: the corpus is the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// A winning hand of two suits with `wildcards` concealed tiles turned wild (red dragons for
/// Hongzhong, as far as four go, then `*`), won on a real tile.
fn hand(rng: &mut Rng, wildcards: usize, hongzhong: bool) -> Option<Situation> {
    let suits = [rng.below(3), rng.below(3)];
    let kind = |rng: &mut Rng, top: usize| suits[rng.below(2)] * 9 + rng.below(top);
    let mut counts = TileCounts::EMPTY;
    counts[Tile::new(kind(rng, 9))?] += 2;
    for _ in 0..4 {
        let g = if rng.below(2) == 0 {
            Group::Sequence(Tile::new(kind(rng, 7))?)
        } else {
            Group::Triplet(Tile::new(kind(rng, 9))?)
        };
        for t in g.tiles() {
            counts[t] += 1;
        }
    }
    let mut tiles: Vec<Tile> = counts.tiles().collect();
    let win = tiles.remove(rng.below(tiles.len()));
    let mut plain = 0u8;
    for _ in 0..wildcards {
        let t = tiles.swap_remove(rng.below(tiles.len()));
        counts[t] -= 1;
        if hongzhong && counts[Tile::RED] < 4 {
            counts[Tile::RED] += 1;
        } else {
            plain += 1;
        }
    }
    Some(Situation::new(Hand::new(counts, plain, &[]).ok()?, win))
}

fn corpus(preset: &str, wildcards: usize) -> Vec<Situation> {
    let table = Table::preset(preset).expect("a preset");
    let rules: Rules = preset.parse().expect("a preset's rules");
    let mut rng = Rng(0x5c0e_2e61 + wildcards as u64);
    let mut hands = Vec::with_capacity(HANDS);
    while hands.len() < HANDS {
        let Some(s) = hand(&mut rng, wildcards, preset == "hongzhong") else { continue };
        // Changsha's small win needs a 2-5-8 pair: hands that do not win are not timed.
        let Ok(answer) = score(&s, &table) else { continue };
        if answer.form == "melds" {
            let wild =
                if preset == "hongzhong" { s.hand.with_wildcard_tile(Tile::RED).unwrap() } else { s.hand.clone() };
            let d = hupai::decompositions(&wild, &rules.with_pair_258(false))
                .expect("decompositions")
                .into_iter()
                .find(|d| format!("{d}") == answer.reading);
            assert!(
                d.is_some_and(|d| d.is_valid_for(&wild, &rules.with_pair_258(false))),
                "{}: {}",
                s.hand,
                answer.reading
            );
        }
        hands.push(s);
    }
    hands
}

fn regional(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("score_regional");
    for preset in ["hongzhong", "sichuan", "changsha"] {
        let table = Table::preset(preset).expect("a preset");
        for k in [0, 2, 4, 8] {
            let hands = corpus(preset, k);
            g.bench_with_input(BenchmarkId::new(preset, k), &hands, |b, hands| {
                per_hand(b, hands, |s| score(s, &table))
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = regional
}
criterion_main!(benches);
