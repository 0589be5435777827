//! Quick release timing of `combine` on wildcard-heavy hands: `cargo run --release --example combine_timing`.
//! The benches crate holds the criterion measurements; this prints worst cases found over seeded deals.

use std::time::{Duration, Instant};

use hupai_combine::{Combine, typed_waits};
use hupai_tiles::{Algorithm, Hand, Rules, Tile, TileCounts};

fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn deal(seed: &mut u64, real: usize, wild: u8) -> Hand {
    let mut wall: Vec<Tile> = Tile::ALL.iter().flat_map(|&t| [t; 4]).collect();
    for i in (1..wall.len()).rev() {
        let j = (splitmix(seed) % (i as u64 + 1)) as usize;
        wall.swap(i, j);
    }
    Hand::from_counts(TileCounts::from_tiles(wall.into_iter().take(real)), wild).expect("valid")
}

/// Median and max over `reps` runs of `f`.
fn time<T>(reps: usize, mut f: impl FnMut() -> T) -> (Duration, Duration, T) {
    let mut v = Vec::with_capacity(reps);
    let mut last = None;
    for _ in 0..reps {
        let t = Instant::now();
        let r = std::hint::black_box(f());
        v.push(t.elapsed());
        last = Some(r);
    }
    v.sort();
    (v[v.len() / 2], v[v.len() - 1], last.expect("reps > 0"))
}

fn main() {
    let rules_list = [Rules::STANDARD, Rules::CHINESE, Rules::CHINESE.with_wildcard_fifth_copy(true)];
    for rules in rules_list {
        println!("== {rules}");
        for wild in [0u8, 2, 4, 6, 8] {
            let mut seed = 42u64 + wild as u64;
            let (mut worst_list, mut worst_count, mut worst_win) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
            let (mut worst_hand, mut worst_n, mut total_n, mut total_t) =
                (String::new(), 0usize, 0usize, Duration::ZERO);
            let mut worst_win_hand = String::new();
            let hands = 300;
            for _ in 0..hands {
                let hand = deal(&mut seed, 14 - wild as usize, wild);
                let (med, _, list) = time(5, || Combine.decompositions(&hand, &rules).unwrap());
                let (cmed, _, _) = time(5, || Combine.count_decompositions(&hand, &rules).unwrap());
                let (wmed, _, _) = time(5, || Combine.is_win(&hand, &rules).unwrap());
                total_n += list.len();
                total_t += med;
                if med > worst_list {
                    worst_list = med;
                    worst_hand = hand.to_string();
                    worst_n = list.len();
                }
                worst_count = worst_count.max(cmed);
                if wmed > worst_win {
                    worst_win = wmed;
                    worst_win_hand = hand.to_string();
                }
            }
            println!(
                "{wild} wildcards, {hands} deals: list worst {:>8.1?} ({worst_n} decompositions, {worst_hand}), \
                 {:.1} ns/decomposition overall; count worst {:>8.1?}; win worst {:>7.1?} ({worst_win_hand})",
                worst_list,
                total_t.as_nanos() as f64 / total_n.max(1) as f64,
                worst_count,
                worst_win
            );
        }
    }
    println!("== adversarial (standard)");
    for text in ["123456m********", "11m********1p1s1z2z", "19m19p19s********", "1234567m*******", "********111222z"] {
        let hand: Hand = match text.parse() {
            Ok(h) => h,
            Err(e) => {
                println!("{text}: {e}");
                continue;
            }
        };
        for rules in rules_list {
            if hand.shape(&rules).is_err() {
                continue;
            }
            let (med, max, list) = time(21, || Combine.decompositions(&hand, &rules).unwrap());
            let (cmed, _, n) = time(21, || Combine.count_decompositions(&hand, &rules).unwrap());
            println!(
                "{text:>20} {rules}: {} decompositions, list median {med:.1?} (max {max:.1?}, {:.1} ns each), count {cmed:.1?} ({n})",
                list.len(),
                med.as_nanos() as f64 / list.len().max(1) as f64
            );
        }
    }
    let nine: Hand = "1112345678999m".parse().expect("valid");
    let (med, _, waits) = time(101, || typed_waits(&nine, &Rules::STANDARD).unwrap());
    println!(
        "typed waits of nine gates: {med:.1?}: {}",
        waits.iter().map(|w| w.to_string()).collect::<Vec<_>>().join("; ")
    );
    let wild: Hand = "1112345678999m".parse::<Hand>().expect("valid").with_wildcards(0);
    let _ = wild;
    let heavy: Hand = "13m5p******".parse::<Hand>().map(|h| h.with_wildcards(10)).expect("valid");
    if heavy.shape(&Rules::STANDARD).is_ok() {
        let (med, _, waits) = time(11, || typed_waits(&heavy, &Rules::STANDARD).unwrap());
        println!("typed waits of {heavy}: {med:.1?} ({} waits)", waits.len());
    }
}
