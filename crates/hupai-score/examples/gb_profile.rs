//! Times `gb::score` on the GB situations `crates/hupai-py/bench.py` scores (the door's parsing
//! apart and with it), a loop long enough to profile: `perf record -g` on this example shows where a
//! GB score's time goes. `cargo run --release -p hupai-score --example gb_profile [seconds [situation
//! [times]]]`: `situation` (0 or 1) scores that one alone, `times` scores a fixed number of times and
//! stops (for `perf stat`).

use std::time::{Duration, Instant};

use hupai_score::{Situation, gb};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds: f64 = std::env::args().nth(1).map_or(Ok(2.0), |a| a.parse())?;
    let all = [("123m456p789s22z555z", "3m", false), ("11223344556677m", "7m", true)];
    // A second argument picks one situation (0 or 1), to profile it alone.
    let only: Option<usize> = std::env::args().nth(2).map(|a| a.parse()).transpose()?;
    let cases: Vec<_> = all.iter().enumerate().filter(|(i, _)| only.is_none_or(|o| o == *i)).map(|(_, c)| *c).collect();
    let situations: Vec<Situation> = cases
        .iter()
        .map(|&(hand, win, tsumo)| {
            let mut s = Situation::parse(hand, win)?;
            s.tsumo = tsumo;
            Ok(s)
        })
        .collect::<Result<_, hupai_score::ScoreError>>()?;
    let options = gb::Options::default();
    for s in &situations {
        let score = gb::score(s, &options)?;
        println!("{}: {} fan, {}", s.hand, score.fan, score.reading);
    }
    // Nanoseconds a situation: `per` situations a call of `f`.
    let run = |name: &str, per: u64, f: &dyn Fn() -> u32| {
        let (start, mut calls, mut sum) = (Instant::now(), 0u64, 0u64);
        while start.elapsed() < Duration::from_secs_f64(seconds) {
            for _ in 0..1000 {
                sum += u64::from(f());
            }
            calls += 1000 * per;
        }
        let ns = start.elapsed().as_nanos() as f64 / calls as f64;
        println!("{name}: {ns:.0} ns a call ({sum})");
    };
    let n = situations.len() as u64;
    // A third argument: score the situations in turn that many times and stop, for a count of
    // instructions (`perf stat -e instructions`) that other load on the machine does not change.
    if let Some(times) = std::env::args().nth(3) {
        let mut sum = 0u64;
        for _ in 0..times.parse::<u64>()? {
            sum += situations.iter().map(|s| gb::score(s, &options).map_or(0, |x| u64::from(x.fan))).sum::<u64>();
        }
        println!("{sum}");
        return Ok(());
    }
    run("gb::score (the situations in turn)", n, &|| {
        situations.iter().map(|s| gb::score(s, &options).map_or(0, |x| x.fan)).sum::<u32>()
    });
    run("Situation::parse + gb::score", n, &|| {
        cases
            .iter()
            .map(|&(h, w, t)| {
                let mut s = Situation::parse(h, w).expect("parses");
                s.tsumo = t;
                gb::score(&s, &options).map_or(0, |x| x.fan)
            })
            .sum::<u32>()
    });
    for (s, (hand, ..)) in situations.iter().zip(&cases) {
        run(hand, 1, &|| gb::score(s, &options).map_or(0, |x| x.fan));
    }
    Ok(())
}
