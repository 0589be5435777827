//! The Monte Carlo estimate against the exact odds: for every preset and several wildcard counts,
//! a seeded run's Wilson interval holds the exact probability; runs repeat with their seed.
//!
//! The intervals are family-wise: with 32 questions, 99% intervals would miss one in about a
//! quarter of the seeds, so each interval is widened (Bonferroni) until all of them together hold
//! with 99.9%. A real disagreement (a miscounted class, a biased dealer) still shows: at a million
//! deals the intervals are a few percent wide.
//! The estimate checks deals with `SuitTable`, the exact figure counts through the tables'
//! classes, so agreement ties the two together (and to the dealing).
//!
//! Debug builds draw 20,000 deals per question; `HUPAI_FULL=1` draws 1,000,000.

use hupai_odds::deal::{self as odds, Estimate, Wall};
use hupai_tiles::Rules;

/// The normal quantile for two-sided intervals that hold together at 99.9% over `questions`
/// questions: `Φ⁻¹(1 − 0.001 / (2·questions))` for the two families below.
fn family_z(questions: usize) -> f64 {
    match questions {
        32 => 4.164_160_673_544_259,
        5 => 3.719_016_485_455_708,
        _ => unreachable!("only the two families below"),
    }
}

fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

#[test]
fn estimates_bracket_the_exact_odds() {
    let samples = if full() { 1_000_000 } else { 20_000 };
    let mut seed = 1;
    let mut questions = 0;
    for (name, rules) in Rules::PRESETS.into_iter().filter(|(_, r)| r.is_classic()) {
        for fifth in [false, true] {
            let rules = rules.with_wildcard_fifth_copy(fifth);
            for k in [1, 3, 5, 8] {
                let exact = odds::exact(&rules, k).unwrap().probability();
                let mc = odds::estimate(&rules, k, samples, seed).unwrap();
                seed += 1;
                let (low, high) = mc.wilson(family_z(32));
                assert!(
                    low <= exact && exact <= high,
                    "{name} fifth {fifth} K={k}: exact {exact} outside [{low}, {high}] ({} of {samples})",
                    mc.wins
                );
                questions += 1;
            }
        }
    }
    assert_eq!(questions, 32);
}

#[test]
fn a_small_wall_estimate_brackets_its_exact_odds() {
    // The honors alone: the whole wall is 28 tiles, wins are common, the interval is narrow.
    let mut copies = [0u8; 34];
    copies[27..].fill(4);
    let wall = Wall::new(copies).unwrap();
    for k in 0..=4 {
        let exact = odds::exact_in(&Rules::CHINESE, k, &wall).unwrap().probability();
        let mc = odds::estimate_in(&Rules::CHINESE, k, &wall, 50_000, 99).unwrap();
        let (low, high) = mc.wilson(family_z(5));
        assert!(low <= exact && exact <= high, "K={k}: {exact} outside [{low}, {high}]");
        assert!(high - low < 0.03, "K={k}: interval [{low}, {high}] too wide to mean anything");
    }
}

#[test]
fn the_seed_fixes_the_run() {
    let a = odds::estimate(&Rules::STANDARD, 4, 5_000, 42).unwrap();
    let b = odds::estimate(&Rules::STANDARD, 4, 5_000, 42).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.samples, 5_000);
    assert!(a.wins > 0 && a.wins < 5_000);
    // Other seeds deal other hands: some of five give another count.
    let others: Vec<u64> = (43..48).map(|s| odds::estimate(&Rules::STANDARD, 4, 5_000, s).unwrap().wins).collect();
    assert!(others.iter().any(|&w| w != a.wins), "{others:?}");
    let none = odds::estimate(&Rules::STANDARD, 4, 0, 1).unwrap();
    assert_eq!((none.wins, none.p_hat(), none.wilson(Estimate::Z95)), (0, 0.0, (0.0, 1.0)));
}
