//! Quick timing of `index` against `backtrack` on the same random 14-tile hands (no wildcards).
//! A measurement aid, not a benchmark: `cargo run --release -p hupai-lookup --example index_speed`.
//! The criterion benches in `benches/` are the real numbers.

use std::hint::black_box;

use hupai_lookup::Index;
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Hand, Rules, TileCounts};

/// CPU time this thread has run, in ns (the machine is shared, so wall time would mislead).
fn cpu_ns() -> u128 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn main() {
    // Deal 14 of the 136 tiles with a SplitMix64 shuffle, 100k hands.
    let mut state = 0x1234_5678u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let random: Vec<Hand> = (0..4_000)
        .map(|_| {
            let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
            let mut c = TileCounts::EMPTY;
            for i in 0..14 {
                let j = i + (next() % (136 - i) as u64) as usize;
                wall.swap(i, j);
                c.0[wall[i]] += 1;
            }
            Hand::from_counts(c, 0).unwrap()
        })
        .collect();
    // Winning hands: random pair and four melds within four copies.
    let mut winning = Vec::new();
    while winning.len() < 4_000 {
        let mut c = [0u8; 34];
        let p = (next() % 34) as usize;
        c[p] += 2;
        for _ in 0..4 {
            let t = (next() % 34) as usize;
            if t < 27 && t % 9 < 7 && next() % 2 == 0 {
                for k in 0..3 {
                    c[t + k] += 1;
                }
            } else {
                c[t] += 3;
            }
        }
        if c.iter().all(|&n| n <= 4) {
            winning.push(Hand::from_counts(TileCounts(c), 0).unwrap());
        }
    }
    for (what, hands) in [("random", &random), ("winning", &winning)] {
        for rules in [Rules::STANDARD, Rules::RIICHI, Rules::CHINESE] {
            let rounds = 500;
            let time = |f: &dyn Fn(&Hand) -> bool| {
                let mut wins = 0;
                let t = cpu_ns();
                for _ in 0..rounds {
                    for h in hands.iter() {
                        wins += f(black_box(h)) as usize;
                    }
                }
                ((cpu_ns() - t) as f64 / (rounds * hands.len()) as f64, wins / rounds)
            };
            // check_win: the algorithm itself; is_win: plus the shared size and capability checks.
            let (index_check, w1) = time(&|h| Index.check_win(h, &rules).unwrap());
            let (index_is, w2) = time(&|h| Index.is_win(h, &rules).unwrap());
            let (bt_check, w3) = time(&|h| Backtrack.check_win(h, &rules).unwrap());
            let (bt_is, w4) = time(&|h| Backtrack.is_win(h, &rules).unwrap());
            assert_eq!((w1, w2, w3), (w4, w4, w4));
            println!(
                "{what:7} {rules:8}: check_win index {index_check:5.1} ns, backtrack {bt_check:6.1} ns ({:4.1}x) | \
                 is_win index {index_is:5.1} ns, backtrack {bt_is:6.1} ns ({:4.1}x) | {w4} of {} win",
                bt_check / index_check,
                bt_is / index_is,
                hands.len()
            );
        }
    }
}
