//! Riichi at tenpai on small cases worked by hand: the ura-dora expectation is the explicit average
//! over the indicator, the deposit is lost only without a win, an open hand never declares, and
//! riichi without a scorer that has it is refused.

mod ev_common;

use ev_common::{TEST_DEPOSIT, TestScorer, test_riichi_score, test_score};
use hupai_odds::ev::{self, EvError, EvOptions, WinValue};
use hupai_shanten::Discard;
use hupai_tiles::{Hand, Rules, Tile};

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// The figures of discarding `discard` from `hand` over `turns` draws under riichi rules.
fn line(hand: &str, discard: &str, turns: u8, riichi: bool, scorer: &dyn WinValue) -> ev::Figures {
    let hand: Hand = hand.parse().unwrap();
    let options = EvOptions { turns, riichi, scorer: Some(scorer), ..EvOptions::default() };
    let table = ev::discard_ev(&hand, &Rules::RIICHI, &options).unwrap();
    table.iter().find(|l| l.discard == Discard::Tile(t(discard))).unwrap().figures
}

#[test]
fn a_ready_hand_scores_the_average_over_the_indicator_less_the_deposit() {
    // Discarding 9p leaves 123m456p789s1122z ready on 1z and 2z: 2 of the 122 unseen tiles each.
    let p = 2.0 / 122.0;
    let miss: f64 = 1.0 - 2.0 * p;
    let mut per_draw = 0.0;
    for (win, won) in [("1z", "123m456p789s11122z"), ("2z", "123m456p789s11222z")] {
        let won: Hand = won.parse().unwrap();
        // The indicator: one of the 136 tiles less the 14 of the winning hand, each kind by its copies left.
        let left: Vec<f64> = Tile::ALL.iter().map(|&k| f64::from(4 - won.held_counts()[k])).collect();
        assert_eq!(left.iter().sum::<f64>(), 122.0);
        let average: f64 =
            Tile::ALL.iter().map(|&k| left[k.index()] / 122.0 * test_riichi_score(&won, t(win), k).unwrap()).sum();
        // The explicit average differs from the value without riichi and from any single indicator's.
        assert!(average > test_score(&won, t(win)).unwrap() + 2.0);
        assert!(Tile::ALL.iter().all(|&k| (average - test_riichi_score(&won, t(win), k).unwrap()).abs() > 1e-9));
        per_draw += p * average;
    }
    for turns in [1u8, 2, 5] {
        let want = per_draw * (0..turns).map(|k| miss.powi(i32::from(k))).sum::<f64>()
            - TEST_DEPOSIT * miss.powi(i32::from(turns));
        let got = line("123m456p789s1122z9p", "9p", turns, true, &TestScorer);
        assert!((got.score.unwrap() - want).abs() < 1e-12, "{turns} draws: {:?} vs {want}", got.score);
        assert!((got.win - (1.0 - miss.powi(i32::from(turns)))).abs() < 1e-12);
        // The same expectation through the trait's default sum, asked directly.
        let won: Hand = "123m456p789s11122z".parse().unwrap();
        let ura: [f64; 34] = std::array::from_fn(|k| f64::from(4 - won.held_counts().0[k]) / 122.0);
        let direct = TestScorer.riichi_expected(&won, t("1z"), &ura).unwrap();
        let explicit: f64 =
            Tile::ALL.iter().map(|&k| ura[k.index()] * test_riichi_score(&won, t("1z"), k).unwrap()).sum();
        assert!((direct - explicit).abs() < 1e-12);
    }
    // No draw left: no declaration, no deposit.
    assert_eq!(line("123m456p789s1122z9p", "9p", 0, true, &TestScorer).score, Some(0.0));
}

#[test]
fn an_open_hand_never_declares() {
    let hand = "456p789s1122z9p[123m]";
    for turns in [1u8, 4] {
        let with = line(hand, "9p", turns, true, &TestScorer);
        let without = line(hand, "9p", turns, false, &TestScorer);
        assert_eq!(with, without, "{turns} draws");
    }
    // The closed hand does declare: its score differs.
    let closed = "123m456p789s1122z9p";
    assert_ne!(line(closed, "9p", 4, true, &TestScorer).score, line(closed, "9p", 4, false, &TestScorer).score);
}

#[test]
fn riichi_needs_a_scorer_with_riichi() {
    let hand: Hand = "123m456p789s1122z9p".parse().unwrap();
    let plain = test_score;
    for scorer in [None, Some(&plain as &dyn WinValue)] {
        let options = EvOptions { riichi: true, scorer, ..EvOptions::default() };
        assert_eq!(ev::discard_ev(&hand, &Rules::RIICHI, &options), Err(EvError::NoRiichi));
    }
}
