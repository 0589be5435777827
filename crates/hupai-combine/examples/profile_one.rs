//! Repeats one hand's decompositions, count or win check for profiling and prints the fastest run:
//! `profile_one <hand> [count|win|list|waits] [reps] [rules]`.

use std::time::{Duration, Instant};

use hupai_combine::{Combine, typed_waits};
use hupai_tiles::{Algorithm, Hand, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hand: Hand = args.get(1).map_or("123456m********", |s| s.as_str()).parse().expect("hand");
    let what = args.get(2).map_or("list", |s| s.as_str());
    let reps: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let rules: Rules = args.get(4).map_or(Ok(Rules::STANDARD), |s| s.parse()).expect("rules");
    let mut best = Duration::MAX;
    let mut n = 0usize;
    for _ in 0..reps {
        let t = Instant::now();
        n = match what {
            "count" => Combine.count_decompositions(&hand, &rules).expect("ok") as usize,
            "win" => Combine.is_win(&hand, &rules).expect("ok") as usize,
            "waits" => typed_waits(&hand, &rules).expect("ok").len(),
            _ => Combine.decompositions(&hand, &rules).expect("ok").len(),
        };
        best = best.min(t.elapsed());
    }
    println!(
        "{what} {hand}: {n} in {best:.2?} (fastest of {reps}), {:.1} ns per item",
        best.as_nanos() as f64 / n.max(1) as f64
    );
}
