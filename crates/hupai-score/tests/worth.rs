//! A situation's worth as one number (what expected scores add up): the family's total, 0 for a
//! hand without a yaku, `None` for what cannot be scored.

use hupai::{Hand, Rules, Tile};
use hupai_score::{Scorer, Situation};

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

#[test]
fn worth_is_the_families_total() {
    let hand: Hand = "234m456p678s22p567s".parse().unwrap();
    let riichi = Scorer::for_rules(&Rules::RIICHI).unwrap();
    let mut s = Situation::new(hand.clone(), t("2m"));
    s.tsumo = true;
    let answer = riichi.score(&s, None).unwrap();
    assert_eq!(riichi.worth(&s), answer["points"]["total"].as_f64());
    assert!(riichi.worth(&s).unwrap() > 0.0);
    // The draw odds' value of a tsumo: no riichi unless asked for; with riichi, one more han.
    assert_eq!(riichi.tsumo_worth(&hand, t("2m")), riichi.worth(&s));
    assert!(riichi.riichi_tsumo_worth(&hand, t("2m"), t("1z")).unwrap() > riichi.worth(&s).unwrap());
    let gb = Scorer::for_rules(&"gb".parse().unwrap()).unwrap();
    assert_eq!(gb.worth(&s), gb.score(&s, None).unwrap()["fan"].as_f64());
    let open: Hand = "234m456p22p567s[678s]".parse().unwrap();
    assert_eq!(riichi.worth(&Situation::new(open, t("2m"))), Some(0.0), "pinfu-shaped but open: no yaku on ron");
    assert_eq!(riichi.worth(&Situation::new(hand, t("9s"))), None, "the winning tile is not in the hand");
    assert!(Scorer::for_rules(&Rules::STANDARD).is_none());
    assert!(matches!(Scorer::for_rules(&"riichi+5th".parse().unwrap()), Some(Scorer::Riichi(_))));
}
