//! Criterion bench for `split` against `backtrack` on the same fixed-seed hands: random 14- and
//! 17-tile deals (almost never winning) and random winning hands. Per-hand time is the reported
//! time divided by the batch size (`HANDS`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hupai_search::Backtrack;
use hupai_split::Split;
use hupai_tiles::{Algorithm, Hand, Rules, Tile, TileCounts};

const HANDS: usize = 4096;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn deal(rng: &mut Rng, n: usize) -> Hand {
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
    let mut c = TileCounts::EMPTY;
    for i in 0..n {
        let j = i + rng.below(136 - i);
        wall.swap(i, j);
        c.0[wall[i]] += 1;
    }
    Hand::from_counts(c, 0).expect("a deal has at most four copies")
}

fn winning(rng: &mut Rng, melds: usize) -> Hand {
    loop {
        let mut c = TileCounts::EMPTY;
        c.0[rng.below(34)] += 2;
        for _ in 0..melds {
            let t = rng.below(34);
            if rng.below(2) == 0 && Tile::ALL[t].starts_sequence() {
                (0..3).for_each(|k| c.0[t + k] += 1);
            } else {
                c.0[t] += 3;
            }
        }
        if let Ok(h) = Hand::from_counts(c, 0) {
            return h;
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut rng = Rng(0x5EED_B3C4);
    let cases: [(&str, Rules, Vec<Hand>); 4] = [
        ("deal14", Rules::STANDARD, (0..HANDS).map(|_| deal(&mut rng, 14)).collect()),
        ("deal17", Rules::TAIWAN, (0..HANDS).map(|_| deal(&mut rng, 17)).collect()),
        ("win14", Rules::STANDARD, (0..HANDS).map(|_| winning(&mut rng, 4)).collect()),
        ("win17", Rules::TAIWAN, (0..HANDS).map(|_| winning(&mut rng, 5)).collect()),
    ];
    let algorithms: [(&str, &dyn Algorithm); 2] = [("split", &Split::new()), ("backtrack", &Backtrack)];
    for (case, rules, hands) in &cases {
        let mut group = c.benchmark_group(*case);
        group.throughput(Throughput::Elements(HANDS as u64));
        for (name, algorithm) in algorithms {
            // Same verdicts, or the timing compares different work.
            let wins = hands.iter().filter(|h| algorithm.is_win(h, rules).unwrap()).count();
            assert_eq!(wins, hands.iter().filter(|h| Split::new().is_win(h, rules).unwrap()).count());
            group.bench_function(name, |b| {
                b.iter(|| {
                    let mut wins = 0u32;
                    for h in hands {
                        wins += algorithm.is_win(black_box(h), rules).unwrap_or(false) as u32;
                    }
                    wins
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
