//! The draw odds against a plain reference (`ev_common::Reference`: the model's recursion written
//! from its definition, on `Hand`s, with nothing but `hupai_shanten::shanten`), on seeded deals of
//! 0, 1 and 2 shanten with 0, 1 and 2 wildcards under riichi, standard and hongzhong rules (its red
//! dragons wild), with a few visible tiles. Every discard's tenpai and win probability (and, with a
//! test scorer, expected score; with riichi at tenpai, the ura-dora expectation and the deposit)
//! must agree to rounding. The reference is slow, so horizons are
//! small: 3 draws at 0 shanten, 2 at 1 and 2 (4, 3 and 3 with `HUPAI_FULL=1`, which also deals
//! ten times as many hands; use `--release`).

mod ev_common;

use ev_common::{
    Reference, Setting, TEST_DEPOSIT, TestScorer, deal, discards, full, probabilities, remove, settings, test_score,
};
use hupai_odds::Rng;
use hupai_odds::ev::{self, EvOptions, Policy, WinValue};
use hupai_shanten::Discard;

/// What the comparison asks for beside the policy.
#[derive(Clone, Copy, PartialEq)]
enum Asked {
    /// Tenpai and win only.
    Odds,
    /// With the test scorer, no riichi.
    Scored,
    /// With the test scorer, riichi at tenpai.
    Riichi,
    /// With the test scorer and later calls counted (four players' weights).
    Calls,
}

/// Compares every discard of `count` hands per (rules, wildcards, shanten); returns the discards
/// compared.
fn compare(policy: Policy, asked: Asked, count: usize, turns: impl Fn(i8) -> u8, shantens: &[i8], seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut compared = 0;
    for setting in settings() {
        for wildcards in 0..=2u8 {
            for &target in shantens {
                for _ in 0..count {
                    compared += compare_hand(&mut rng, &setting, wildcards, target, turns(target), policy, asked);
                }
            }
        }
    }
    compared
}

fn compare_hand(
    rng: &mut Rng,
    setting: &Setting,
    wildcards: u8,
    target: i8,
    turns: u8,
    policy: Policy,
    asked: Asked,
) -> usize {
    let plain = test_score;
    let scorer: Option<&dyn WinValue> = match asked {
        Asked::Odds => None,
        Asked::Scored | Asked::Calls => Some(&plain),
        Asked::Riichi => Some(&TestScorer),
    };
    let calls = (asked == Asked::Calls).then_some(ev::Calls::FOUR_PLAYERS);
    let riichi = asked == Asked::Riichi;
    let (hand, visible) = deal(rng, setting, wildcards, target);
    let options = EvOptions {
        turns,
        policy,
        riichi,
        visible,
        wildcard_tile: setting.wild,
        scorer,
        calls,
        ..EvOptions::default()
    };
    let table = ev::discard_ev(&hand, &setting.rules, &options).expect("discard_ev");
    let mut reference = Reference::new(setting.rules, probabilities(&hand, &setting.rules, &visible), setting.wild);
    reference.hand_changes = policy.hand_changes;
    reference.shanten_back = policy.shanten_back;
    reference.scored = scorer.is_some();
    reference.riichi = riichi.then_some((TEST_DEPOSIT, visible));
    // With a wildcard tile the odds count draws only.
    reference.calls = calls.filter(|_| setting.wild.is_none()).map(|c| (c.pon, c.chi));
    let expected = discards(&hand);
    assert_eq!(table.len(), expected.len(), "{} {hand}: one line per distinct discard", setting.name);
    for line in &table {
        let d = match line.discard {
            Discard::Tile(t) => Some(t),
            Discard::Wildcard => None,
        };
        assert!(expected.contains(&d));
        let after = remove(&hand, d, setting.wild);
        let [tenpai, win, score] = reference.value(&after, turns, false);
        let context = format!(
            "{} {hand} discard {:?} visible {:?} turns {turns} {policy} riichi {riichi}",
            setting.name, line.discard, visible
        );
        assert!((line.tenpai() - tenpai).abs() < 1e-12, "tenpai {} vs {tenpai}: {context}", line.tenpai());
        assert!((line.win() - win).abs() < 1e-12, "win {} vs {win}: {context}", line.win());
        match line.score() {
            Some(s) => assert!((s - score).abs() < 1e-9 * score.max(1.0), "score {s} vs {score}: {context}"),
            None => assert!(scorer.is_none(), "no score with a scorer: {context}"),
        }
        assert!((0.0..=1.0).contains(&line.win()) && line.win() <= line.tenpai() + 1e-12);
    }
    // Best first: win never rises down the table when there is no score (beyond rounding: figures
    // equal to 1e-12 keep discard advice's order).
    if scorer.is_none() {
        assert!(table.windows(2).all(|w| w[0].win() >= w[1].win() - 1e-12), "{hand}: order");
    }
    table.len()
}

#[test]
fn shortest_path_equals_the_reference() {
    let (count, turns) = if full() { (40, [4, 3, 3]) } else { (4, [3, 2, 2]) };
    let compared = compare(Policy::SHORTEST_PATH, Asked::Odds, count, |s| turns[s as usize], &[0, 1, 2], 11);
    assert!(compared > 1000, "{compared} discards compared");
}

#[test]
fn expected_scores_equal_the_reference() {
    let count = if full() { 12 } else { 2 };
    let compared = compare(Policy::SHORTEST_PATH, Asked::Scored, count, |s| [3, 2, 2][s as usize], &[0, 1, 2], 12);
    assert!(compared > 100, "{compared}");
}

#[test]
fn hand_changes_equal_the_reference() {
    let count = if full() { 8 } else { 1 };
    let policy = Policy::SHORTEST_PATH.with_hand_changes(true);
    let compared = compare(policy, Asked::Odds, count, |_| 2, &[0, 1], 13);
    assert!(compared > 20, "{compared}");
}

#[test]
fn shanten_back_equals_the_reference() {
    let count = if full() { 8 } else { 1 };
    let policy = Policy::SHORTEST_PATH.with_shanten_back(true);
    let compared = compare(policy, Asked::Scored, count, |_| 2, &[0, 1], 14);
    let both = Policy::SHORTEST_PATH.with_shanten_back(true).with_hand_changes(true);
    let compared = compared + compare(both, Asked::Odds, count / 2 + 1, |_| 2, &[0, 1], 15);
    assert!(compared > 20, "{compared}");
}

#[test]
fn later_calls_equal_the_reference() {
    let count = if full() { 12 } else { 2 };
    let compared = compare(Policy::SHORTEST_PATH, Asked::Calls, count, |s| [3, 2, 2][s as usize], &[0, 1, 2], 19);
    assert!(compared > 100, "{compared}");
    let compared = in_the_wider_classes(Asked::Calls, 20);
    assert!(compared > 40, "{compared}");
}

/// Compares hands of 0 and 1 shanten over 2 draws with hand changes (seed `seed`) and with
/// shanten-back (`seed + 1`); returns the discards compared.
fn in_the_wider_classes(asked: Asked, seed: u64) -> usize {
    let count = if full() { 6 } else { 1 };
    let changes = Policy::SHORTEST_PATH.with_hand_changes(true);
    let back = Policy::SHORTEST_PATH.with_shanten_back(true);
    compare(changes, asked, count, |_| 2, &[0, 1], seed) + compare(back, asked, count, |_| 2, &[0, 1], seed + 1)
}

#[test]
fn riichi_at_tenpai_equals_the_reference() {
    let count = if full() { 12 } else { 2 };
    let compared = compare(Policy::SHORTEST_PATH, Asked::Riichi, count, |s| [3, 2, 2][s as usize], &[0, 1, 2], 16);
    assert!(compared > 100, "{compared}");
}

#[test]
fn riichi_locks_ready_hands_in_the_wider_classes() {
    let compared = in_the_wider_classes(Asked::Riichi, 17);
    assert!(compared > 40, "{compared}");
}
