//! Every registered algorithm on the same fixed-seed hands (`hupai_benches`): win checks of random
//! 14-tile deals at 0, 1, 2, 4 and 8 wildcards (algorithms without wildcards at 0 only), of random
//! 17-tile deals, of winning hands and of S002's three timing hands; win checks without the shared
//! validation (`check_win`);
//! waits of 13-tile hands; decompositions of winning hands.
//!
//! One criterion iteration is one hand: the hands are taken round-robin from a corpus of
//! [`HANDS`], so the reported time is the mean time per hand over the corpus, on the thread's CPU
//! clock (`common::CpuTime`: a busy machine does not inflate it). Before anything is
//! timed, every algorithm's answers are checked against `backtrack` on the whole corpus: a fast
//! wrong answer must fail the bench, not win it.
//!
//! `cargo bench -p hupai-benches --bench algorithms` (a few minutes); add a filter such as
//! `-- win14/` to run one group.

mod common;

use common::{CpuTime, config, per_hand};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hupai_benches::{SEED, WILDCARDS, deals, one_short, winning_hands};
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Hand, Rules};

/// Hands per corpus: a power of two, so that taking hands round-robin is a mask. Large enough that
/// a mean over it is stable, small enough that `backtrack` checks it in well under a second.
const HANDS: usize = 4096;

fn registry() -> &'static [&'static dyn Algorithm] {
    hupai_harness::algorithms()
}

/// The registered algorithms that support every hand of `hands` under `rules`, each checked to
/// give `backtrack`'s verdict on every hand.
fn win_checkers(hands: &[Hand], rules: &Rules) -> Vec<&'static dyn Algorithm> {
    let expected: Vec<bool> = hands.iter().map(|h| Backtrack.is_win(h, rules).expect("backtrack answers")).collect();
    registry()
        .iter()
        .copied()
        .filter(|a| hands.iter().all(|h| a.supports(h, rules).is_ok()))
        .inspect(|a| {
            for (h, want) in hands.iter().zip(&expected) {
                assert_eq!(a.is_win(h, rules).ok(), Some(*want), "{} on {h} under {rules:?}", a.name());
            }
        })
        .collect()
}

fn win_group(c: &mut Criterion<CpuTime>, group: &str, tiles: usize, rules: Rules, wildcards: &[u8]) {
    let mut g = c.benchmark_group(group);
    for &k in wildcards {
        let hands = deals(SEED, HANDS, tiles, k);
        let wins = hands.iter().filter(|h| Backtrack.is_win(h, &rules).unwrap_or(false)).count();
        eprintln!("{group}: {k} wildcards, {wins} of {HANDS} deals win");
        for a in win_checkers(&hands, &rules) {
            g.bench_with_input(BenchmarkId::new(a.name(), k), &hands, |b, hands| {
                per_hand(b, hands, |h| a.is_win(h, &rules))
            });
        }
    }
    g.finish();
}

/// Random 14-tile deals under the standard rules, at every wildcard count.
fn win14(c: &mut Criterion<CpuTime>) {
    win_group(c, "win14", 14, Rules::STANDARD, &WILDCARDS);
}

/// The same deals through `check_win` directly, skipping the size and capability checks that
/// `is_win` runs first (shared by every algorithm): the difference is what validation costs.
fn win14_unchecked(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("win14-unchecked");
    let rules = Rules::STANDARD;
    for k in [0, 8] {
        let hands = deals(SEED, HANDS, 14, k);
        for a in win_checkers(&hands, &rules) {
            for h in &hands {
                assert_eq!(a.check_win(h, &rules).ok(), a.is_win(h, &rules).ok(), "{} on {h}", a.name());
            }
            g.bench_with_input(BenchmarkId::new(a.name(), k), &hands, |b, hands| {
                per_hand(b, hands, |h| a.check_win(h, &rules))
            });
        }
    }
    g.finish();
}

/// Random 17-tile deals under the Taiwan rules (five melds and a pair).
fn win17(c: &mut Criterion<CpuTime>) {
    win_group(c, "win17", 17, Rules::TAIWAN, &[0, 8]);
}

/// Winning 14-tile hands: no algorithm can stop early on these.
fn win14_winning(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("win14-winning");
    let rules = Rules::STANDARD;
    for k in [0, 2] {
        let hands = winning_hands(SEED, HANDS, 4, k);
        for a in win_checkers(&hands, &rules) {
            g.bench_with_input(BenchmarkId::new(a.name(), k), &hands, |b, hands| {
                per_hand(b, hands, |h| a.is_win(h, &rules))
            });
        }
    }
    g.finish();
}

/// S002's three timing hands, each answered over and over as S002 timed them (10 million
/// repetitions in Java: 4.3-4.9 s by backtracking, 94 ms by the index; its "45-50×").
fn win14_s002(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("win14-s002");
    let rules = Rules::STANDARD;
    for text in ["123567m123567p11z", "111234678m11133z", "11122223333444m"] {
        let hands: Vec<Hand> = vec![text.parse().expect("S002's hands parse")];
        for a in win_checkers(&hands, &rules) {
            assert_eq!(a.is_win(&hands[0], &rules).ok(), Some(true), "{} on {text}", a.name());
            g.bench_with_input(BenchmarkId::new(a.name(), text), &hands, |b, hands| {
                per_hand(b, hands, |h| a.is_win(h, &rules))
            });
        }
    }
    g.finish();
}

/// Waits of 13-tile hands: half random deals (mostly no waits), half one tile short of a win.
fn waits13(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("waits13");
    let rules = Rules::STANDARD;
    for k in [0, 2] {
        let hands: Vec<Hand> = deals(SEED, HANDS / 2, 13, k)
            .into_iter()
            .chain((0..HANDS as u64 / 2).map(|i| one_short(SEED, i, 4, k)))
            .collect();
        let expected: Vec<_> = hands.iter().map(|h| Backtrack.waits(h, &rules).expect("backtrack answers")).collect();
        for a in registry().iter().copied().filter(|a| hands.iter().all(|h| a.supports(h, &rules).is_ok())) {
            for (h, want) in hands.iter().zip(&expected) {
                assert_eq!(a.waits(h, &rules).ok(), Some(*want), "{} waits of {h}", a.name());
            }
            g.bench_with_input(BenchmarkId::new(a.name(), k), &hands, |b, hands| {
                per_hand(b, hands, |h| a.waits(h, &rules))
            });
        }
    }
    g.finish();
}

/// Every decomposition of winning hands, by the algorithms that list them.
fn decompositions(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("decompositions");
    let rules = Rules::STANDARD;
    for k in [0, 2] {
        let hands = winning_hands(SEED, HANDS, 4, k);
        let expected: Vec<_> =
            hands.iter().map(|h| Backtrack.decompositions(h, &rules).expect("backtrack answers")).collect();
        let listed: usize = expected.iter().map(Vec::len).sum();
        eprintln!("decompositions: {k} wildcards, {listed} decompositions of {HANDS} winning hands");
        let decomposers = registry()
            .iter()
            .copied()
            .filter(|a| a.capabilities().decompositions && hands.iter().all(|h| a.supports(h, &rules).is_ok()));
        for a in decomposers {
            for (h, want) in hands.iter().zip(&expected) {
                assert_eq!(a.decompositions(h, &rules).as_ref().ok(), Some(want), "{} on {h}", a.name());
            }
            g.bench_with_input(BenchmarkId::new(a.name(), k), &hands, |b, hands| {
                per_hand(b, hands, |h| a.decompositions(h, &rules))
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = win14, win14_unchecked, win17, win14_winning, win14_s002, waits13, decompositions
}
criterion_main!(benches);
