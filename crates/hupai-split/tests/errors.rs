//! Bad input gets the shared errors and nothing panics, whatever the hand and rules.

mod common;

use common::Brute;
use hupai_split::Split;
use hupai_tiles::{Algorithm, Error, Feature, Hand, Meld, Rules, SevenPairs, Tile, TileCounts};
use proptest::prelude::*;

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

#[test]
fn wrong_sizes_get_the_shared_errors() {
    let split = Split::default();
    assert!(matches!(
        split.is_win(&hand("123m456p789s1122z"), &Rules::STANDARD),
        Err(Error::WrongShape { expected: 14, found: 13, .. })
    ));
    assert!(matches!(split.is_win(&hand("123m"), &Rules::STANDARD), Err(Error::HandSize { found: 3, expected: 14 })));
    assert!(matches!(split.waits(&hand("123m456p789s11122z"), &Rules::STANDARD), Err(Error::WrongShape { .. })));
    // check_win is public too: called directly with a wrong size it errors, never guesses.
    assert!(matches!(split.check_win(&hand("123m"), &Rules::STANDARD), Err(Error::HandSize { .. })));
    assert!(matches!(split.check_win(&hand("123m456p789s1122z"), &Rules::STANDARD), Err(Error::WrongShape { .. })));
}

#[test]
fn five_copies_are_refused() {
    let split = Split::default();
    let four = hand("1111m234p567s6677z");
    let five = four.with_tile_unchecked("1m".parse().unwrap());
    let short = hand("1111m234p567s677z").with_tile_unchecked("1m".parse().unwrap());
    assert!(matches!(
        split.check_win(&short.with_tile_unchecked("7z".parse().unwrap()), &Rules::STANDARD),
        Err(Error::TooManyCopies { count: 5, .. })
    ));
    assert!(split.is_win(&five, &Rules::TAIWAN).is_err());
    // Five through a declared meld: 5z concealed + [555z] + one more unchecked.
    let bad = hand("123m456p789s5z[555z]").with_tile_unchecked(Tile::WHITE);
    assert!(matches!(split.check_win(&bad, &Rules::STANDARD), Err(Error::TooManyCopies { count: 5, .. })));
    // LegalHu: a drawn fifth copy, and a hand that is already complete.
    let t: Tile = "1m".parse().unwrap();
    assert!(matches!(
        split.legal_hu(t, &hand("1111m234p567s677z"), &Rules::STANDARD),
        Err(Error::TooManyCopies { .. })
    ));
    assert!(matches!(split.legal_hu(t, &four, &Rules::STANDARD), Err(Error::WrongShape { .. })));
}

#[test]
fn legal_hu_is_a_win_check_of_hand_plus_tile() {
    let split = Split::default();
    let h13 = hand("1112345678999m");
    for t in Tile::ALL {
        let expected = h13.with_tile(t).map(|full| split.is_win(&full, &Rules::STANDARD).unwrap());
        match expected {
            Ok(w) => assert_eq!(split.legal_hu(t, &h13, &Rules::STANDARD).unwrap(), w, "{t}"),
            Err(_) => assert!(split.legal_hu(t, &h13, &Rules::STANDARD).is_err()),
        }
    }
    // S003's first shortcut: a one-tile hand wins on its own kind.
    let mut r = Rules::STANDARD;
    r.melds = 0;
    assert!(split.legal_hu("7z".parse().unwrap(), &hand("7z"), &r).unwrap());
    assert!(!split.legal_hu("6z".parse().unwrap(), &hand("7z"), &r).unwrap());
}

#[test]
fn rules_beyond_the_presets() {
    let split = Split::default();
    // Eleven melds and a pair from 35 tiles: no wildcards, exact at any size.
    let mut big = Rules::STANDARD;
    big.melds = 11;
    let h = hand("111222333444555666777m111222333444p11s");
    assert_eq!(split.is_win(&h, &big), Brute.is_win(&h, &big));
    assert!(split.is_win(&h, &big).unwrap());
    // Twelve melds with wildcards: free kinds for leftover wildcards are no longer certain.
    big.melds = 12;
    let h = hand("111222333444555666777m111222333444p11s***");
    assert_eq!(split.is_win(&h, &big), Err(Error::Unsupported { algorithm: "split", feature: Feature::HandSize(38) }));
    assert!(split.is_win(&h, &big.with_wildcard_fifth_copy(true)).unwrap());
}

fn arb_rules() -> impl Strategy<Value = Rules> {
    (0usize..4, any::<bool>(), 0u8..7, 0usize..3, any::<bool>()).prop_map(|(p, fifth, melds, sp, orphans)| {
        let mut r = Rules::PRESETS[p].1.with_wildcard_fifth_copy(fifth);
        if melds < 6 {
            r.melds = melds;
        }
        r.seven_pairs = [SevenPairs::Off, SevenPairs::Distinct, SevenPairs::AllowQuads][sp];
        r.thirteen_orphans = orphans;
        r
    })
}

/// A hand sized for the rules most of the time (complete or one short, with declared melds and
/// wildcards), sometimes not, and sometimes pushed past four copies through the unchecked path.
fn arb_case() -> impl Strategy<Value = (Hand, Rules)> {
    arb_rules()
        .prop_flat_map(|rules| {
            (
                Just(rules),
                proptest::collection::vec(0usize..34, 40),
                0u8..6,
                proptest::collection::vec((0usize..34, 0u8..3), 0..=rules.melds as usize),
                0usize..4,
                proptest::collection::vec(0usize..34, 0..2),
            )
        })
        .prop_map(|(rules, tiles, wild, melds, short, extra)| {
            let melds: Vec<Meld> = melds
                .iter()
                .map(|&(t, k)| match k {
                    0 if Tile::ALL[t].starts_sequence() => Meld::Chi(Tile::ALL[t]),
                    2 => Meld::Kan(Tile::ALL[t]),
                    _ => Meld::Pon(Tile::ALL[t]),
                })
                .collect();
            // short: 0 → complete, 1 → one short, 2–3 → one tile more or less than that.
            let want = (rules.hand_size() + 1).saturating_sub(3 * melds.len() + wild as usize + [1, 2, 0, 3][short]);
            let mut counts = TileCounts::EMPTY;
            for &t in &tiles {
                if counts.total() as usize >= want {
                    break;
                }
                if counts.0[t] < 4 {
                    counts.0[t] += 1;
                }
            }
            let mut h = Hand::new(counts, wild, &melds)
                .or_else(|_| Hand::new(counts, wild, &[]))
                .unwrap_or_else(|_| Hand::from_counts(TileCounts::EMPTY, wild).unwrap());
            for &t in &extra {
                h = h.with_tile_unchecked(Tile::ALL[t]);
            }
            (h, rules)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_and_agrees_with_brute((hand, rules) in arb_case()) {
        let split = Split::default();
        let _ = split.check_win(&hand, &rules);
        let _ = split.check_waits(&hand, &rules);
        let answer = split.answer(&hand, &rules);
        if hand.check_copies().is_ok() {
            prop_assert_eq!(answer, Brute.answer(&hand, &rules));
        } else {
            prop_assert!(answer.is_err());
        }
        let _ = split.legal_hu(Tile::EAST, &hand, &rules);
    }
}
