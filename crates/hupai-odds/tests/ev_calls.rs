//! Later calls in the odds ([`Calls`]): a call is made only when it helps, so an open hand's
//! figures never fall as the weights grow, and rise where a kind that lowers its shanten is one it
//! could call; with no weight nothing changes; a closed hand in the riichi model and a hand with a
//! wildcard tile are not changed. (The figures against the model's definition are in
//! `ev_reference.rs`.)

use hupai_odds::ev::{self, Calls, EvOptions};
use hupai_tiles::{Hand, Meld, Rules, Tile, TileCounts};

fn counts(text: &str) -> TileCounts {
    let mut c = [0u8; 34];
    let mut digits = Vec::new();
    for ch in text.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch.to_digit(10).unwrap() as usize);
        } else {
            let base = match ch {
                'm' => 0,
                'p' => 9,
                's' => 18,
                _ => 27,
            };
            for d in digits.drain(..) {
                c[base + d - 1] += 1;
            }
        }
    }
    TileCounts(c)
}

fn figures(hand: &Hand, calls: Option<Calls>, riichi: bool) -> Vec<(f64, f64, f64)> {
    let score = |_: &Hand, _: Tile| Some(1000.0);
    let options = EvOptions { turns: 8, calls, riichi, scorer: Some(&score), ..EvOptions::default() };
    let mut table = ev::discard_ev(hand, &Rules::RIICHI, &options).expect("discard_ev");
    // Discard by discard (the table is ordered best first, which the weights change).
    table.sort_by_key(|l| format!("{:?}", l.discard));
    table.iter().map(|l| (l.tenpai(), l.win(), l.score().unwrap_or(f64::NAN))).collect()
}

#[test]
fn an_open_hands_odds_rise_with_its_calls() {
    // A pon of white dragons declared; two pairs and a two-sided shape one from ready.
    let hand = Hand::new(counts("23m77p99s456s8p1z"), 0, &[Meld::Pon(Tile::ALL[31])]).unwrap();
    let plain = figures(&hand, None, false);
    let called = figures(&hand, Some(Calls::FOUR_PLAYERS), false);
    assert_eq!(plain.len(), called.len());
    let rose = plain.iter().zip(&called).filter(|(p, c)| c.0 > p.0 + 1e-6 && c.1 > p.1 + 1e-6).count();
    assert!(rose > 0, "{plain:?} {called:?}");
    // No weight is no change.
    let none = figures(&hand, Some(Calls { pon: 0.0, chi: 0.0 }), false);
    assert_eq!(none, plain);
    // Three players' weights (no chi) lie between, figure by figure.
    let three = figures(&hand, Some(Calls::THREE_PLAYERS), false);
    assert!(three != plain && three != called, "{three:?}");
    for ((p, t), c) in plain.iter().zip(&three).zip(&called) {
        for (a, b) in [(p.0, t.0), (t.0, c.0), (p.1, t.1), (t.1, c.1), (p.2, t.2), (t.2, c.2)] {
            assert!(a <= b + 1e-9, "{p:?} {t:?} {c:?}");
        }
    }
}

#[test]
fn riichi_and_wildcards_count_no_calls() {
    let closed = Hand::new(counts("23m77p99s456s8p555z9m"), 0, &[]).unwrap();
    let riichi = |calls| {
        let options = EvOptions {
            turns: 6,
            calls,
            riichi: true,
            scorer: Some(&Riichi as &dyn ev::WinValue),
            ..EvOptions::default()
        };
        let table = ev::discard_ev(&closed, &Rules::RIICHI, &options).expect("discard_ev");
        table.iter().map(|l| (l.tenpai(), l.win(), l.score())).collect::<Vec<_>>()
    };
    assert_eq!(riichi(None), riichi(Some(Calls::FOUR_PLAYERS)));
    let closed = Hand::new(counts("23m77p99s456s8p777z9m"), 0, &[]).unwrap();
    let wild = |calls| {
        let options = EvOptions { turns: 6, calls, wildcard_tile: Some(Tile::RED), ..EvOptions::default() };
        let table = ev::discard_ev(&closed, &Rules::HONGZHONG, &options).expect("discard_ev");
        table.iter().map(|l| (l.tenpai(), l.win())).collect::<Vec<_>>()
    };
    assert_eq!(wild(None), wild(Some(Calls::FOUR_PLAYERS)));
}

/// A scorer with riichi: every win 1,000, 2,000 with riichi, a deposit of 1,000.
struct Riichi;

impl ev::WinValue for Riichi {
    fn value(&self, _: &Hand, _: Tile) -> Option<f64> {
        Some(1000.0)
    }

    fn riichi_deposit(&self) -> Option<f64> {
        Some(1000.0)
    }

    fn riichi_value(&self, _: &Hand, _: Tile, _: Tile) -> Option<f64> {
        Some(2000.0)
    }
}
