//! Rough speed of every registered algorithm, to keep the registry in speed order: the mean time
//! of `answer` over the random corpus (14-tile rules), complete hands (a win check) and hands one
//! short (waits) apart, on the cases every algorithm supports (no wildcards, no declared melds)
//! and on the wildcard cases each supports. Run in release:
//! `cargo run --release -p hupai-harness --example speed`.

use std::time::Instant;

use hupai_harness::corpus::{self, Case, Size};

fn main() {
    let random = corpus::corpus("random").expect("random corpus");
    let cases: Vec<Case> = random.cases(&corpus::all_rules(), Size::Full).take(200_000).collect();
    let fourteen = |c: &&Case| c.rules.melds == 4;
    let complete = |c: &&Case| c.hand.tile_count() == 14;
    let plain = |c: &&Case| c.hand.wildcards() == 0 && c.hand.melds().is_empty();
    let sets: [(&str, Vec<&Case>); 4] = [
        ("plain win", cases.iter().filter(|c| fourteen(c) && plain(c) && complete(c)).collect()),
        ("plain waits", cases.iter().filter(|c| fourteen(c) && plain(c) && !complete(c)).collect()),
        ("wild win", cases.iter().filter(|c| fourteen(c) && c.hand.wildcards() > 0 && complete(c)).collect()),
        ("wild waits", cases.iter().filter(|c| fourteen(c) && c.hand.wildcards() > 0 && !complete(c)).collect()),
    ];
    print!("{:12}", "ns per case");
    for (name, set) in &sets {
        print!(" {:>16}", format!("{name} ({})", set.len()));
    }
    println!();
    for a in hupai_harness::algorithms() {
        print!("{:12}", a.name());
        for (_, set) in &sets {
            let supported: Vec<&&Case> = set.iter().filter(|c| a.supports(&c.hand, &c.rules).is_ok()).collect();
            if supported.is_empty() {
                print!(" {:>16}", "-");
                continue;
            }
            // A warm-up round (tables load on first use), then the best of three.
            let best = (0..4)
                .map(|_| {
                    let start = Instant::now();
                    let mut wins = 0u64;
                    for c in &supported {
                        if let Ok(answer) = a.answer(&c.hand, &c.rules) {
                            wins += matches!(answer, hupai_tiles::Answer::Win(true)) as u64;
                        }
                    }
                    std::hint::black_box(wins);
                    start.elapsed().as_nanos() as f64 / supported.len() as f64
                })
                .skip(1)
                .fold(f64::INFINITY, f64::min);
            print!(" {best:>16.0}");
        }
        println!();
    }
}
