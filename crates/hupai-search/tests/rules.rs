//! The regional rule options under the reference: the 2-5-8 pair, the void suit, tile sets and the
//! GB knitted forms, on hands whose answers are derived by hand (the GB ones from the definitions
//! of the Chinese Official rules, see `docs/semantics.md`).

use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Error, Feature, Hand, Rules, Suit, TileSupply};

fn hand(s: &str) -> Hand {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Backtrack's decompositions as text, after checking each is valid and the list ascends.
fn decompositions(h: &Hand, rules: &Rules) -> Vec<String> {
    let all = Backtrack.decompositions(h, rules).unwrap();
    assert!(all.iter().all(|d| d.is_valid_for(h, rules)), "{h}: invalid decomposition");
    assert!(all.windows(2).all(|w| w[0] < w[1]), "{h}: not strictly ascending");
    let mut visited = Vec::new();
    let _ = Backtrack.visit_decompositions(h, rules, |d| {
        visited.push(d);
        std::ops::ControlFlow::Continue(())
    });
    let n = visited.len();
    visited.sort();
    visited.dedup();
    assert_eq!(visited.len(), n, "{h}: visit_decompositions repeated one");
    assert_eq!(visited, all, "{h}: visiting and listing differ");
    all.iter().map(|d| d.to_string()).collect()
}

fn wins(s: &str, rules: &Rules) -> bool {
    Backtrack.is_win(&hand(s), rules).unwrap()
}

#[test]
fn pair_258_decides_the_pair() {
    assert!(wins("123m456p789s11122z", &Rules::STANDARD));
    assert!(!wins("123m456p789s11122z", &Rules::CHANGSHA));
    assert_eq!(decompositions(&hand("123m456p789s55m111z"), &Rules::CHANGSHA), ["55m 123m 456p 789s 111z"]);
    // A wildcard stands in for half the 2-5-8 pair; the 1z pair is no longer a choice.
    assert_eq!(decompositions(&hand("123m456p789s5m111z*"), &Rules::CHANGSHA), ["55m 123m 456p 789s 111z"]);
    assert_eq!(decompositions(&hand("123m456p789s111z2z*"), &Rules::CHANGSHA), Vec::<String>::new());
    // Two wildcards as the whole pair: any 2, 5 or 8 of a suit (nine kinds).
    assert_eq!(decompositions(&hand("123m456p789s111z**"), &Rules::CHANGSHA).len(), 9);
    // Waits: a single 5m waits on 5m; a single 5z on nothing.
    let h = hand("123m456p789s5m111z");
    assert_eq!(
        Backtrack.waits(&h, &Rules::CHANGSHA).unwrap().iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        ["5m"]
    );
    let h = hand("123m456p789s111z5z");
    assert!(Backtrack.waits(&h, &Rules::CHANGSHA).unwrap().is_empty());
}

#[test]
fn void_suit_counts_every_tile_the_hand_holds() {
    let sichuan_p = Rules::SICHUAN.with_void(Suit::Pin);
    assert!(!wins("123456789m11p222s", &sichuan_p));
    assert!(!wins("123456789m11p222s", &Rules::SICHUAN));
    assert!(wins("123456789m11s222s", &Rules::SICHUAN));
    assert!(wins("123456789m11s222s", &sichuan_p));
    assert!(!wins("123456789m11s222s", &Rules::SICHUAN.with_void(Suit::Sou)));
    // A void-suit tile inside a declared meld.
    assert!(!wins("123456789m11s[222p]", &sichuan_p));
    assert!(wins("123456789m11s[222s]", &sichuan_p));
    // Wildcards never stand for the void suit (nor honors: 108 tiles).
    let d = decompositions(&hand("123456789m111s1m*"), &sichuan_p);
    assert_eq!(d, ["11m 123m 456m 789m 111s", "11m 234m 456m 789m 111s", "11m 234m 567m 789m 111s"]);
    // Any one suit void: the hand may use two suits; a decomposition missing two is listed once.
    let d = decompositions(&hand("123456789m123m**"), &Rules::SICHUAN);
    assert!(d.iter().all(|x| !x.contains('p') || !x.contains('s')));
    // Waits never include the void suit.
    let w = Backtrack.waits(&hand("123456789m111s1m"), &sichuan_p).unwrap();
    assert_eq!(w.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["1m", "4m", "7m"]);
}

#[test]
fn tile_sets_reject_tiles_and_steer_wildcards() {
    let err = Backtrack.is_win(&hand("123m456p789s11122z"), &Rules::SICHUAN).unwrap_err();
    assert_eq!(err, Error::NotInTileSet { tile: "1z".into(), supply: TileSupply::Numbered108 });
    assert_eq!(err.to_string(), "1z is not a tile of the rules' set of 108 tiles (numbered suits only)");
    let err = Backtrack.is_win(&hand("123m456p789s11122z1f"), &Rules::STANDARD).unwrap_err();
    assert_eq!(err.to_string(), "1f is not a tile of the rules' set of 136 tiles (no bonus tiles)");
    assert!(Backtrack.is_win(&hand("123m456p789s11122z1f"), &Rules::GB).unwrap());
    // Under 112 tiles a wildcard may be a red dragon but no other honor.
    let d = decompositions(&hand("123m456p789s111m**"), &Rules::HONGZHONG);
    assert!(d.contains(&"77z 111m 123m 456p 789s".to_string()));
    assert!(!d.iter().any(|x| x.contains("11z")));
    // Thirteen orphans needs honors: never under 108 tiles, even with wildcards.
    let mut orphans = Rules::STANDARD;
    orphans.thirteen_orphans = true;
    assert!(wins("19m19p19s1m*******", &orphans));
    assert!(!wins("19m19p19s1m*******", &orphans.with_tiles(TileSupply::Numbered108)));
}

#[test]
fn honors_and_knitted() {
    // 全不靠 as the GB rules define it: fourteen singles from 147m 258p 369s and the seven honors.
    assert!(wins("147m258p369s12345z", &Rules::GB));
    assert!(!wins("147m258p369s12345z", &Rules::CHINESE));
    assert_eq!(decompositions(&hand("147m258p369s12345z"), &Rules::GB), ["147m258p369s12345z"]);
    // Seven honors and seven knitted tiles (七星不靠 is a case of it).
    assert!(wins("14m25p369s1234567z", &Rules::GB));
    // A pair breaks it; so does a tile of another knit (2m with 147m).
    assert!(!wins("147m258p369s11234z", &Rules::GB));
    assert!(!wins("1247m58p369s12345z", &Rules::GB));
    // Wildcards become missing kinds of the sixteen: 147m258p369s123z + 2 wildcards, C(4, 2) ways.
    assert_eq!(decompositions(&hand("147m258p369s123z**"), &Rules::GB).len(), 6);
    // With a declared meld it is impossible.
    assert!(!wins("147m258p369s12z[555z]", &Rules::GB));
}

#[test]
fn knitted_straight() {
    // 组合龙: 147m 258p 369s, a meld and a pair.
    assert_eq!(decompositions(&hand("12344557m258p369s"), &Rules::GB), ["147m258p369s 55m 234m"]);
    assert!(!wins("12344557m258p369s", &Rules::CHINESE));
    assert_eq!(decompositions(&hand("147m258p369s11122z"), &Rules::GB), ["147m258p369s 22z 111z"]);
    // Any assignment of suits: 147p 258s 369m.
    assert_eq!(decompositions(&hand("369m147p258s55z777z"), &Rules::GB), ["369m147p258s 55z 777z"]);
    // With a declared meld as the meld.
    assert_eq!(decompositions(&hand("147m258p369s22z[789m]"), &Rules::GB), ["147m258p369s 22z"]);
    // With a wildcard in the straight: 14m*258p369s + 111z 22z, the wildcard as 7m (or a melds form?).
    let d = decompositions(&hand("14m258p369s11122z*"), &Rules::GB);
    assert!(d.contains(&"147m258p369s 22z 111z".to_string()), "{d:?}");
    // Under the 2-5-8 pair the pair must be 2, 5 or 8.
    let r = Rules::GB.with_pair_258(true);
    assert!(!wins("147m258p369s11122z", &r));
    assert!(wins("147m258p369s11122z", &Rules::GB));
}

#[test]
fn algorithms_lacking_an_option_say_so() {
    let err = hupai_search::Matrix.is_win(&hand("123m456p789s11155m"), &Rules::CHANGSHA).unwrap_err();
    assert_eq!(err, Error::Unsupported { algorithm: "matrix", feature: Feature::Pair258 });
    let err = hupai_search::Matrix.is_win(&hand("123m456p789s11155m"), &Rules::SICHUAN).unwrap_err();
    assert_eq!(err, Error::Unsupported { algorithm: "matrix", feature: Feature::VoidSuit });
}
