//! The scorer as the draw odds' value of a win: riichi wins with their ura-dora indicator, the
//! expectation over the indicator (scored once per ura count) against the explicit average over
//! every indicator kind, each scored as a full situation.

use hupai::odds::ev::WinValue;
use hupai::{Hand, Rules, Tile};
use hupai_score::riichi::dora_of;
use hupai_score::{RIICHI_DEPOSIT, Scorer, Situation};

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// The indicator distribution the draw odds use: the 136 (or sanma's 108) tiles less the hand's.
fn ura_odds(hand: &Hand, rules: &Rules) -> [f64; 34] {
    let kinds = rules.tiles.kinds();
    let held = hand.held_counts();
    let left: Vec<f64> =
        Tile::ALL.iter().map(|&k| if kinds.contains(k) { f64::from(4 - held[k]) } else { 0.0 }).collect();
    let total: f64 = left.iter().sum();
    std::array::from_fn(|k| left[k] / total)
}

/// A riichi tsumo with dora indicator `dora` and ura-dora indicator `ura`, scored as a situation.
fn scored(scorer: &Scorer, hand: &Hand, win: Tile, dora: Tile, ura: Tile) -> f64 {
    let mut s = Situation::new(hand.clone(), win);
    s.tsumo = true;
    s.riichi = true;
    s.dora = vec![dora];
    s.ura = vec![ura];
    scorer.worth(&s).unwrap()
}

#[test]
fn the_ura_expectation_is_the_explicit_average() {
    let cases = [
        ("riichi", "234m456p678s22p567s", "2m"),
        // Pairs and triplets give ura counts 2 and 3: the groups matter.
        ("riichi", "111m222p333s55z789s", "7s"),
        ("riichi", "112233m44556677p", "7p"),
        ("sanma", "111m999m123p456s77z", "7z"),
    ];
    for (rules, text, win) in cases {
        let scorer = Scorer::by_name(rules).unwrap();
        let rule_set: Rules = rules.parse().unwrap();
        let hand: Hand = text.parse().unwrap();
        let win = t(win);
        let ura = ura_odds(&hand, &rule_set);
        let sanma = rules == "sanma";
        let counts = hand.physical_counts();
        // A dora indicator that counts nothing: its dora is not held.
        let blank = Tile::ALL
            .into_iter()
            .find(|&d| counts[dora_of(d, sanma)] == 0 && counts[d] < 3 && !(sanma && (1..=7).contains(&d.index())))
            .unwrap();
        let mut explicit = 0.0;
        let mut values = Vec::new();
        for k in Tile::ALL.into_iter().filter(|k| ura[k.index()] > 0.0) {
            let value = scored(&scorer, &hand, win, blank, k);
            assert_eq!(scorer.riichi_value(&hand, win, k), Some(value), "{text} ura {k}");
            explicit += ura[k.index()] * value;
            values.push(value);
        }
        let expected = scorer.riichi_expected(&hand, win, &ura).unwrap();
        assert!((expected - explicit).abs() < 1e-9, "{rules} {text}: {expected} vs {explicit}");
        // The indicator matters, and riichi is worth more than no riichi.
        assert!(values.iter().any(|&v| v != values[0]), "{text}: every indicator scores alike");
        assert!(expected > scorer.value(&hand, win).unwrap(), "{text}");
        assert_eq!(
            scorer.value(&hand, win),
            scorer.tsumo_worth(&hand, win),
            "{text}: the typed path gives the JSON's number"
        );
    }
}

#[test]
fn riichi_belongs_to_the_riichi_rules() {
    let riichi = Scorer::by_name("riichi").unwrap();
    assert_eq!(riichi.riichi_deposit(), Some(f64::from(RIICHI_DEPOSIT)));
    for name in ["gb", "sichuan", "hongzhong"] {
        assert_eq!(Scorer::by_name(name).unwrap().riichi_deposit(), None, "{name}");
    }
    // An open hand cannot declare.
    let open: Hand = "234m456p22p567s[678s]".parse().unwrap();
    assert_eq!(riichi.riichi_tsumo_worth(&open, t("2m"), t("1z")), None);
}
