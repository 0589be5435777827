//! Typed waits: the nine gates, seven pairs and thirteen orphans, and a cross-check against wait
//! kinds read from S001-style partial coverings (bianshun, jiashun, dan, a second jiang).

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{Rng, drop_one, full, one_suit_hand, one_suit_hands, winning};
use hupai_combine::{
    BianShun, Combiners, Dan, JiaShun, Jiang, Ke, Limits, Shun, TypedWait, WaitKind, WaitKinds, hu_groups, typed_waits,
};
use hupai_tiles::{Hand, Rules, Tile};

use WaitKind::{Closed, DoublePair, Edge, Single, TwoSided};

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

fn kinds(k: &[WaitKind]) -> WaitKinds {
    k.iter().copied().collect()
}

#[test]
fn nine_gates_waits_with_kinds() {
    let got = typed_waits(&hand("1112345678999m"), &Rules::STANDARD).unwrap();
    // By hand: 1m completes 23m (111 123 456 789 99) or the 11m beside 99m;
    // 2m only pairs up (111 22 345 678 999); 3m completes 12m or 45m (11 123 345 678 999);
    // 4m completes 23m or 56m (111 234 456 789 99); 5m pairs up (111 234 55 678 999);
    // 6m..9m mirror 4m..1m.
    let want = [
        ("1m", kinds(&[TwoSided, DoublePair])),
        ("2m", kinds(&[Single])),
        ("3m", kinds(&[TwoSided, Edge])),
        ("4m", kinds(&[TwoSided])),
        ("5m", kinds(&[Single])),
        ("6m", kinds(&[TwoSided])),
        ("7m", kinds(&[TwoSided, Edge])),
        ("8m", kinds(&[Single])),
        ("9m", kinds(&[TwoSided, DoublePair])),
    ];
    let want: Vec<TypedWait> = want.iter().map(|&(tile, kinds)| TypedWait { tile: t(tile), kinds }).collect();
    assert_eq!(got, want);
    assert_eq!(got[0].to_string(), "1m (two-sided, double-pair)");
}

#[test]
fn classic_shapes() {
    let cases = [
        ("123m456p789s23s11z", vec![("1s", kinds(&[TwoSided])), ("4s", kinds(&[TwoSided]))]),
        ("123m456p789s12s11z", vec![("3s", kinds(&[Edge]))]),
        ("123m456p789s89s11z", vec![("7s", kinds(&[Edge]))]),
        ("123m456p789s13s11z", vec![("2s", kinds(&[Closed]))]),
        ("123m456p789s11s22z", vec![("1s", kinds(&[DoublePair])), ("2z", kinds(&[DoublePair]))]),
        ("123m456p789s111s7z", vec![("7z", kinds(&[Single]))]),
    ];
    for (text, want) in cases {
        let got = typed_waits(&hand(text), &Rules::STANDARD).unwrap();
        let want: Vec<TypedWait> = want.into_iter().map(|(tile, kinds)| TypedWait { tile: t(tile), kinds }).collect();
        assert_eq!(got, want, "{text}");
    }
    // 1112m: 2m pairs up (111m + 22m), 3m completes 12m beside the 11m pair; 1m would leave 2m alone.
    let got = typed_waits(&hand("123p456p789s1112m"), &Rules::STANDARD).unwrap();
    let got: BTreeMap<Tile, WaitKinds> = got.into_iter().map(|w| (w.tile, w.kinds)).collect();
    assert_eq!(got[&t("2m")], kinds(&[Single])); // 111m + 22m
    assert_eq!(got[&t("3m")], kinds(&[Edge])); // 11m + 123m
    assert!(!got.contains_key(&t("1m"))); // 1111m + 2m leaves 2m alone
}

#[test]
fn seven_pairs_and_thirteen_orphans_waits_are_single() {
    let pairs = typed_waits(&hand("1133m5577p99s112z"), &Rules::RIICHI).unwrap();
    assert_eq!(pairs, [TypedWait { tile: t("2z"), kinds: kinds(&[Single]) }]);
    // Not a seven-pairs wait under standard rules.
    assert!(typed_waits(&hand("1133m5577p99s112z"), &Rules::STANDARD).unwrap().is_empty());
    let thirteen = typed_waits(&hand("19m19p19s1234567z"), &Rules::RIICHI).unwrap();
    assert_eq!(thirteen.len(), 13);
    assert!(thirteen.iter().all(|w| w.kinds == kinds(&[Single])));
    let missing = typed_waits(&hand("119m19p19s123456z"), &Rules::CHINESE).unwrap();
    assert_eq!(missing, [TypedWait { tile: Tile::RED, kinds: kinds(&[Single]) }]);
}

#[test]
fn errors_name_the_problem() {
    let err = typed_waits(&hand("123m456p789s11122z"), &Rules::STANDARD).unwrap_err();
    assert!(err.to_string().contains("waits needs a hand of 13 tiles"), "{err}");
    assert!(typed_waits(&hand("11z"), &Rules::STANDARD).is_err());
}

/// Wait kinds read off partial coverings, S001's way: the hand (no wildcards) covered by melds
/// plus exactly one partial group, the pair present unless the partial is the single.
fn partial_kinds(h: &Hand, rules: &Rules) -> BTreeMap<Tile, BTreeSet<WaitKind>> {
    let physical = h.physical_counts();
    let mut out: BTreeMap<Tile, BTreeSet<WaitKind>> = BTreeMap::new();
    let mut add = |tile: Option<Tile>, kind: WaitKind| {
        if let Some(tile) = tile
            && physical[tile] < 4
        {
            out.entry(tile).or_default().insert(kind);
        }
    };
    let once = Limits::ONCE;
    let step = |a: Tile, by: i32| -> Option<Tile> {
        let i = a.index() as i32 + by;
        Tile::new(i as usize).filter(|b| i >= 0 && b.suit() == a.suit() && !a.is_honor())
    };
    let bian = Combiners::new().with_limits(Jiang, once).with(Ke).with(Shun).with_limits(BianShun, once);
    for c in hu_groups(h, &bian) {
        let g = c.groups().iter().find(|g| g.combiner == 3).unwrap();
        let (a, b) = (g.tiles[0], g.tiles[1]);
        let edge = a.rank() == 1 || b.rank() == 9;
        add(step(a, -1), if edge { Edge } else { TwoSided });
        add(step(b, 1), if edge { Edge } else { TwoSided });
    }
    let jia = Combiners::new().with_limits(Jiang, once).with(Ke).with(Shun).with_limits(JiaShun, once);
    for c in hu_groups(h, &jia) {
        let g = c.groups().iter().find(|g| g.combiner == 3).unwrap();
        add(step(g.tiles[0], 1), Closed);
    }
    let dan = Combiners::new().with(Ke).with(Shun).with_limits(Dan, once);
    for c in hu_groups(h, &dan) {
        add(Some(c.groups().iter().find(|g| g.combiner == 2).unwrap().tiles[0]), Single);
    }
    let two_pairs = Combiners::new().with_limits(Jiang, Limits { max_uses: 2, max_identical: 1 }).with(Ke).with(Shun);
    for c in hu_groups(h, &two_pairs) {
        for g in c.groups().iter().filter(|g| g.combiner == 0) {
            add(Some(g.tiles[0]), DoublePair);
        }
    }
    let _ = rules;
    out
}

fn check_partials(h: &Hand) {
    let rules = Rules::STANDARD;
    let got: BTreeMap<Tile, BTreeSet<WaitKind>> =
        typed_waits(h, &rules).unwrap().into_iter().map(|w| (w.tile, w.kinds.iter().collect())).collect();
    assert_eq!(got, partial_kinds(h, &rules), "{h}");
}

#[test]
fn kinds_equal_s001_partial_coverings() {
    check_partials(&hand("1112345678999m"));
    let step = if full() { 1 } else { 97 };
    for (k, c) in one_suit_hands(13).iter().enumerate() {
        if k.is_multiple_of(step) {
            check_partials(&one_suit_hand(c, 0));
        }
    }
    let mut rng = Rng(0x5EED_0004);
    for _ in 0..if full() { 3000 } else { 100 } {
        let complete = winning(&mut rng, &Rules::STANDARD, 0);
        let h = drop_one(&mut rng, &complete);
        if h.melds().is_empty() {
            check_partials(&h);
        }
    }
}

#[test]
fn names_are_stable() {
    let names: Vec<&str> = WaitKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(names, ["two-sided", "edge", "closed", "single", "double-pair"]);
    for k in WaitKind::ALL {
        assert_eq!(WaitKind::from_name(k.name()), Some(k));
        assert!(!k.chinese().is_empty());
    }
    assert_eq!(WaitKind::from_name("nobetan"), None);
    assert_eq!(kinds(&[Edge, TwoSided]).to_string(), "two-sided, edge");
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_stable_names() {
    let w = TypedWait { tile: t("1m"), kinds: kinds(&[TwoSided, DoublePair]) };
    let json = serde_json::to_string(&w).unwrap();
    assert_eq!(json, r#"{"tile":"1m","kinds":["two-sided","double-pair"]}"#);
    assert_eq!(serde_json::from_str::<TypedWait>(&json).unwrap(), w);
    assert!(serde_json::from_str::<TypedWait>(r#"{"tile":"0z","kinds":[]}"#).is_err());
    assert!(serde_json::from_str::<TypedWait>(r#"{"tile":"1m","kinds":["kanchan"]}"#).is_err());
}
