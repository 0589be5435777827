//! Times the bare covering walk (no decompositions built) on one hand: `walk <hand> [reps]`.

use std::time::{Duration, Instant};

use hupai_combine::{Combiners, Search};
use hupai_tiles::Hand;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hand: Hand = args.get(1).map_or("123456m********", |s| s.as_str()).parse().expect("hand");
    let reps: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let set = Combiners::standard();
    let mut best = Duration::MAX;
    let mut n = 0u64;
    for _ in 0..reps {
        let t = Instant::now();
        n = 0;
        Search::new(&set).for_each(&hand, |c| n += c.len() as u64);
        best = best.min(t.elapsed());
    }
    let count = Search::new(&set).count(&hand);
    println!(
        "walk {hand}: {count} coverings ({n} groups) in {best:.2?}, {:.1} ns per covering",
        best.as_nanos() as f64 / count.max(1) as f64
    );
}
