//! Criterion bench for `split` against `backtrack` on the same fixed-seed hands: random 14- and
//! 17-tile deals (almost never winning) and random winning hands. Per-hand time is the reported
//! time divided by the batch size (`HANDS`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hupai_search::Backtrack;
use hupai_split::Split;
use hupai_tiles::{Algorithm, Hand, Rules};

mod common;

use common::{HANDS, Rng, deal, winning};

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
