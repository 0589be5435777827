//! GB (Chinese Official) scoring per hand: `hupai_score::gb::score` on a fixed-seed corpus of
//! winning situations (four sets and a pair, with and without declared melds and kongs, seven
//! pairs, the knitted forms, thirteen orphans; ron and tsumo, every flag), and the same
//! situations through `Scorer::score_line` (JSON in and out, what the CLI and the Python package
//! pay per line).
//!
//! `cargo bench -p hupai-benches --bench score_gb`.

mod common;

use common::{config, per_hand};
use criterion::{criterion_group, criterion_main};
use hupai::{Hand, Meld, Rules, Tile, TileCounts};
use hupai_score::{Scorer, Situation, gb};

/// A small deterministic generator (xorshift64*), so the corpus is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn tile(i: usize) -> Tile {
    Tile::ALL[i]
}

/// One winning hand: four sets (some declared) and a pair, within four copies; or, one time in
/// eight, a seven pairs hand.
fn winning_hand(rng: &mut Rng) -> Option<(Hand, Tile)> {
    let mut counts = TileCounts::EMPTY;
    let mut melds = Vec::new();
    if rng.below(8) == 0 {
        for _ in 0..7 {
            counts[tile(rng.below(34))] += 2;
        }
    } else {
        let declared = [0, 0, 0, 1, 1, 2, 3, 4][rng.below(8)];
        for i in 0..4 {
            let chow = rng.below(2) == 0;
            let t = if chow { tile(9 * rng.below(3) + rng.below(7)) } else { tile(rng.below(34)) };
            let tiles: Vec<Tile> = if chow { (0..3).map(|k| tile(t.index() + k)).collect() } else { vec![t; 3] };
            if i < declared {
                let meld = match (chow, rng.below(4)) {
                    (true, _) => Meld::Chi(t),
                    (false, 0) => Meld::Kan(t),
                    (false, 1) => Meld::ClosedKan(t),
                    _ => Meld::Pon(t),
                };
                melds.push(meld);
            } else {
                for t in tiles {
                    counts[t] += 1;
                }
            }
        }
        counts[tile(rng.below(34))] += 2;
    }
    let hand = Hand::new(counts, 0, &melds).ok()?;
    if !hupai::is_win(&hand, &Rules::GB).ok()? {
        return None;
    }
    let held: Vec<Tile> = counts.tiles().collect();
    let win = held[rng.below(held.len())];
    Some((hand, win))
}

fn corpus() -> Vec<Situation> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    while out.len() < 1024 {
        let Some((hand, win)) = winning_hand(&mut rng) else { continue };
        let has_kong = hand.melds().iter().any(|m| m.is_kan());
        let mut s = Situation::new(hand, win);
        s.tsumo = rng.below(2) == 0;
        s.seat = tile(27 + rng.below(4));
        s.round = tile(27 + rng.below(4));
        s.flowers = rng.below(3) as u8;
        s.rinshan = s.tsumo && has_kong && rng.below(4) == 0;
        s.haitei = s.tsumo && rng.below(10) == 0;
        s.houtei = !s.tsumo && rng.below(10) == 0;
        if gb::score(&s, &gb::Options::default()).is_ok() {
            out.push(s);
        }
    }
    out
}

/// The same situation as a JSON line.
fn line(s: &Situation) -> String {
    format!(
        r#"{{"hand":"{}","win":"{}","tsumo":{},"seat":"{}","round":"{}","flowers":{},"rinshan":{},"haitei":{},"houtei":{}}}"#,
        s.hand, s.win, s.tsumo, s.seat, s.round, s.flowers, s.rinshan, s.haitei, s.houtei
    )
}

fn bench(c: &mut criterion::Criterion<common::CpuTime>) {
    let situations = corpus();
    let options = gb::Options::default();
    let lines: Vec<String> = situations.iter().map(line).collect();
    let scorer = Scorer::by_name("gb").expect("gb is a scored rule set");
    // What is timed must be answers, not errors.
    for l in &lines {
        assert!(scorer.score_line(l).get("error").is_none(), "{l}");
    }
    let mut g = c.benchmark_group("score_gb");
    g.bench_function("score", |b| per_hand(b, &situations, |s| gb::score(s, &options)));
    g.bench_function("score_line", |b| per_hand(b, &lines, |l| scorer.score_line(l)));
    g.finish();
}

criterion_group! { name = benches; config = config(); targets = bench }
criterion_main!(benches);
