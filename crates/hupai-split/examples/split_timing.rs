//! A plain release timing loop, for machines too loaded for criterion's wall-clock numbers:
//! run it under `perf stat -e task-clock` (CPU time while scheduled) and divide by the hands.
//!
//! `cargo run --release -p hupai-split --example split_timing -- <split|backtrack> <deal14|deal17|win14|win17|wild14> <reps>`

use std::hint::black_box;

use hupai_search::Backtrack;
use hupai_split::Split;
use hupai_tiles::{Algorithm, Hand, Rules};

#[path = "../benches/common/mod.rs"]
mod common;

use common::{HANDS, Rng, deal, winning};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: timing <split|backtrack> <deal14|deal17|win14|win17|wild14> <reps>";
    let (Some(alg), Some(case), Some(reps)) = (args.get(1), args.get(2), args.get(3).and_then(|r| r.parse().ok()))
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let algorithm: &dyn Algorithm = if alg == "split" { &Split::new() } else { &Backtrack };
    let mut rng = Rng(0x5EED_B3C4);
    let (rules, hands): (Rules, Vec<Hand>) = match case.as_str() {
        "deal14" => (Rules::STANDARD, (0..HANDS).map(|_| deal(&mut rng, 14)).collect()),
        "deal17" => (Rules::TAIWAN, (0..HANDS).map(|_| deal(&mut rng, 17)).collect()),
        "win14" => (Rules::STANDARD, (0..HANDS).map(|_| winning(&mut rng, 4)).collect()),
        "win17" => (Rules::TAIWAN, (0..HANDS).map(|_| winning(&mut rng, 5)).collect()),
        // Winning hands with one tile turned into a wildcard.
        _ => (
            Rules::STANDARD,
            (0..HANDS)
                .map(|_| {
                    let h = winning(&mut rng, 4);
                    let t = h.concealed().kinds().iter().next().expect("a hand has tiles");
                    let mut c = *h.concealed();
                    c[t] -= 1;
                    Hand::from_counts(c, 1).expect("fewer tiles stay valid")
                })
                .collect(),
        ),
    };
    let start = std::time::Instant::now();
    let mut wins = 0u64;
    for _ in 0..reps {
        for h in &hands {
            wins += algorithm.is_win(black_box(h), &rules).unwrap_or(false) as u64;
        }
    }
    let n = (reps * HANDS) as f64;
    println!("{alg} {case}: {wins} wins, {:.1} ns/hand wall clock", start.elapsed().as_nanos() as f64 / n);
}
