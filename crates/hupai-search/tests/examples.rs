//! The seeds' worked examples and the wildcard corner cases, with decompositions derived by hand.

use hupai_search::{Backtrack, Matrix};
use hupai_tiles::{Algorithm, Decomposition, Hand, Rules, Tile};

fn hand(s: &str) -> Hand {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Backtrack's decompositions as text, after checking each is valid.
fn decompositions(h: &Hand, rules: &Rules) -> Vec<String> {
    let all = Backtrack.decompositions(h, rules).unwrap();
    assert!(all.iter().all(|d| d.is_valid_for(h, rules)), "{h}: invalid decomposition");
    assert!(all.windows(2).all(|w| w[0] < w[1]), "{h}: not strictly ascending");
    all.iter().map(|d| d.to_string()).collect()
}

/// Both algorithms agree on the verdict, and it is `win`.
fn verdict(h: &Hand, rules: &Rules, win: bool) {
    assert_eq!(Backtrack.is_win(h, rules).unwrap(), win, "backtrack on {h} under {rules}");
    assert_eq!(Matrix.is_win(h, rules).unwrap(), win, "matrix on {h} under {rules}");
}

#[test]
fn s002_two_suits_of_123567_and_a_pair_of_west() {
    // 123567 can only split as 123 + 567 in each suit; the pair is 西西.
    let h = hand("123567m123567p33z");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["33z 123m 567m 123p 567p"]);
}

#[test]
fn s002_same_shape_in_one_suit_is_also_seven_pairs() {
    // 112233556677m + 西西: twice 123m and twice 567m; with seven pairs allowed, also seven pairs.
    let h = hand("112233556677m33z");
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["33z 123m 123m 567m 567m"]);
    assert_eq!(decompositions(&h, &Rules::RIICHI), ["33z 123m 123m 567m 567m", "11m 22m 33m 55m 66m 77m 33z"]);
    verdict(&h, &Rules::RIICHI, true);
}

#[test]
fn s002_triplet_run_and_honors() {
    // 111234678m 东东东 西西: 111 + 234 + 678 (123 would strand a 1), 111z, pair 33z.
    let h = hand("111234678m111z33z");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["33z 111m 234m 678m 111z"]);
}

#[test]
fn s002_overlapping_one_suit() {
    // 1 ×3, 2 ×4, 3 ×4, 4 ×3. Pair 11: one 1 left starts 123, leaving 2, 3, 4 ×3 each: three
    // triplets or three 234. Pair 44: 111 + 222 + 234 + 333, or 123 ×3 + 234. Pairs 22 and 33
    // leave a 1 ×3 that needs 222/333 (or three 2s/3s) the hand no longer has.
    let h = hand("11122223333444m");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(
        decompositions(&h, &Rules::STANDARD),
        ["11m 123m 222m 333m 444m", "11m 123m 234m 234m 234m", "44m 111m 222m 234m 333m", "44m 123m 123m 123m 234m",]
    );
}

#[test]
fn s002_pair_choice_matters() {
    // S002's 12333345: 33 as the pair leaves 123 + 345; 333 as a triplet leaves 12 45, which fails.
    let h = hand("12333345m456p789s");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["33m 123m 345m 456p 789s"]);
}

#[test]
fn s003_example_in_unicode_is_a_17_tile_hand() {
    // 🀇🀈🀉 🀉🀊🀋 🀆🀆🀆 🀐🀐 🀝🀝🀝🀟🀠🀡 = 123m 345m 555z(white) 11s 555p 789p: five melds and a
    // pair, so S003's example is a 16-tile (taiwan) hand plus the winning tile.
    let h = hand("🀇🀈🀉🀉🀊🀋🀆🀆🀆🀐🀐🀝🀝🀝🀟🀠🀡");
    assert_eq!(h, hand("123345m555789p11s555z"));
    assert_eq!(h.tile_count(), 17);
    verdict(&h, &Rules::TAIWAN, true);
    assert_eq!(decompositions(&h, &Rules::TAIWAN), ["11s 123m 345m 555p 789p 555z"]);
}

#[test]
fn s003_segment_31221() {
    // S003's segment 🀝🀝🀝🀞🀟🀟🀠🀠🀡 (5p ×3, 6p, 7p ×2, 8p ×2, 9p) splits only as 555 678 789.
    let h = hand("555677889p123m11z");
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["11z 123m 555p 678p 789p"]);
}

/// S004's matrix section read literally: take a pair, remove every sequence it can from the
/// lowest value up, and only then triplets.
fn s004_sequence_first(h: &Hand) -> bool {
    Tile::ALL.into_iter().any(|pair| {
        let mut c = h.concealed().0;
        if c[pair.index()] < 2 {
            return false;
        }
        c[pair.index()] -= 2;
        for t in Tile::ALL.into_iter().filter(|t| t.starts_sequence()) {
            let i = t.index();
            while c[i] > 0 && c[i + 1] > 0 && c[i + 2] > 0 {
                for n in &mut c[i..i + 3] {
                    *n -= 1;
                }
            }
        }
        c.iter().all(|&n| n == 0 || n == 3)
    })
}

#[test]
fn s004_sequence_first_reading_fails_where_triplet_first_wins() {
    // See docs/search.md: removing 123 first strands 11 and 4; the triplet first gives 111 + 234.
    let h = hand("111234m456p789s11z");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["11z 111m 234m 456p 789s"]);
    assert!(!s004_sequence_first(&h));
    // The literal reading is not simply broken: it wins where sequences come first.
    assert!(s004_sequence_first(&hand("123m456p789s111z22z")));
}

#[test]
fn greedy_alone_is_not_exact_with_wildcards() {
    // At 1m (two copies) "else sequences" would start two sequences and need four wildcards;
    // one wildcard makes 111m (or 111z, with 11m the pair).
    let h = hand("11m456p789s123s11z*");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["11m 456p 123s 789s 111z", "11z 111m 456p 123s 789s"]);
}

#[test]
fn s000_three_wildcards_become_a_fresh_group() {
    // 111z 222z 333z 44z ***: wildcards may not make a fifth 1z/2z/3z or 4z, so either 44z is
    // the pair and *** a triplet of a kind not held (30 kinds) or any sequence (21), or one joins
    // 44z as 444z and two are a pair of a kind not held (30).
    let h = hand("111z222z333z44z***");
    verdict(&h, &Rules::STANDARD, true);
    let all = decompositions(&h, &Rules::STANDARD);
    assert_eq!(all.len(), 30 + 21 + 30);
    assert!(all.contains(&"44z 111z 222z 333z 555z".to_string()));
    assert!(all.contains(&"44z 123m 111z 222z 333z".to_string()));
    assert!(all.contains(&"77z 111z 222z 333z 444z".to_string()));
    assert!(!all.iter().any(|d| ["11z", "22z", "33z"].iter().any(|p| d.starts_with(p))));
    // With the fifth-copy rule any kind may be the pair beside 444z (34) or the triplet beside
    // 44z (34, and 21 sequences); 44z + 444z is in both lists.
    let fifth = Rules::STANDARD.with_wildcard_fifth_copy(true);
    assert_eq!(decompositions(&h, &fifth).len(), 34 + 34 + 21 - 1);
}

#[test]
fn four_triplets_of_honors_and_two_wildcards() {
    // 14 tiles: 12 honors + 2 wildcards. 4z has one copy left, so the pair is a fresh kind (30).
    let h = hand("111z222z333z444z**");
    assert_eq!(h.tile_count(), 14);
    verdict(&h, &Rules::STANDARD, true);
    let all = decompositions(&h, &Rules::STANDARD);
    assert_eq!(all.len(), 30);
    assert!(all.iter().all(|d| d.ends_with("111z 222z 333z 444z")));
    // With the fifth-copy rule the pair may also be 1z–4z.
    assert_eq!(decompositions(&h, &Rules::STANDARD.with_wildcard_fifth_copy(true)).len(), 34);
}

#[test]
fn copy_limit_counts_concealed_declared_and_stand_ins() {
    let fifth = Rules::STANDARD.with_wildcard_fifth_copy(true);
    // 1111z + *: the only use of the wildcard is a fifth 1z (11z + 111z).
    let h = hand("123m456p789s1111z*");
    verdict(&h, &Rules::STANDARD, false);
    verdict(&h, &fifth, true);
    assert_eq!(decompositions(&h, &fifth), ["11z 123m 456p 789s 111z"]);
    // Two kinds held four times need four wildcards; one is not enough even for fifth copies.
    let h = hand("1111z2222z333z44z*");
    verdict(&h, &Rules::STANDARD, false);
    verdict(&h, &fifth, false);
    // A declared pon of 9m leaves one 9m: 9m + ** must become 789m, not 999m.
    let h = hand("9m**123p11z[999m][789s]");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["11z 789m 123p"]);
    // A declared pon of 5z beside a concealed 5z leaves no room: 5z can pair or triple with
    // wildcards only as a fifth copy.
    let h = hand("5z**123p11z[555z][789s]");
    verdict(&h, &Rules::STANDARD, false);
    verdict(&h, &fifth, true);
    assert_eq!(decompositions(&h, &fifth), ["11z 123p 555z", "55z 123p 111z"]);
}

#[test]
fn seven_pairs_and_thirteen_orphans_with_wildcards() {
    // Seven distinct pairs: the wildcard pairs the single 7z.
    let h = hand("1122m3344p5566s7z*");
    verdict(&h, &Rules::STANDARD, false);
    verdict(&h, &Rules::RIICHI, true);
    assert_eq!(decompositions(&h, &Rules::RIICHI), ["11m 22m 33p 44p 55s 66s 77z"]);
    // A four-of-a-kind counts as two pairs only under Chinese rules.
    let h = hand("1111m3344p5566s7z*");
    verdict(&h, &Rules::RIICHI, false);
    verdict(&h, &Rules::CHINESE, true);
    assert_eq!(decompositions(&h, &Rules::CHINESE), ["11m 11m 33p 44p 55s 66s 77z"]);
    // Thirteen orphans missing the red dragon and the pair: two wildcards supply both.
    let h = hand("19m19p19s123456z**");
    verdict(&h, &Rules::STANDARD, false);
    verdict(&h, &Rules::RIICHI, true);
    let pairs: Vec<Tile> = Backtrack
        .decompositions(&h, &Rules::RIICHI)
        .unwrap()
        .into_iter()
        .map(|d| match d {
            Decomposition::ThirteenOrphans { pair } => pair,
            other => panic!("unexpected {other}"),
        })
        .collect();
    assert_eq!(pairs, Tile::TERMINALS_AND_HONORS);
}

#[test]
fn wildcards_only_and_declared_melds() {
    // 14 wildcards win; under taiwan 17 wildcards do too.
    verdict(&hand("**************"), &Rules::STANDARD, true);
    verdict(&hand("*****************"), &Rules::TAIWAN, true);
    // Four declared melds and a pair of wildcards.
    verdict(&hand("**[123m][456p][789s][1111z]"), &Rules::STANDARD, true);
    // One concealed tile and a wildcard: the pair.
    let h = hand("7z*[123m][456p][789s][1111z]");
    verdict(&h, &Rules::STANDARD, true);
    assert_eq!(decompositions(&h, &Rules::STANDARD), ["77z"]);
}

#[test]
fn waits_agree_on_classic_hands() {
    let nine_gates = hand("1112345678999m");
    let all_man: Vec<Tile> = Tile::ALL.into_iter().filter(|t| t.index() < 9).collect();
    assert_eq!(Backtrack.waits(&nine_gates, &Rules::STANDARD).unwrap().iter().collect::<Vec<_>>(), all_man);
    for (s, rules) in [
        ("1112345678999m", Rules::STANDARD),
        ("19m19p19s1234567z", Rules::RIICHI),
        ("19m19p19s123456z7z", Rules::RIICHI),
        ("19m19p19s12345z77z", Rules::CHINESE),
        ("1122m3344p5566s7z", Rules::RIICHI),
        ("123m456p789s111z*", Rules::STANDARD),
        ("123456m*[111z][222z]", Rules::STANDARD),
    ] {
        let h = hand(s);
        assert_eq!(Matrix.waits(&h, &rules).unwrap(), Backtrack.waits(&h, &rules).unwrap(), "{s}");
    }
    // The thirteen-sided wait includes the one orphan not held.
    let missing_red = hand("19m19p19s12345z66z");
    assert!(Matrix.waits(&missing_red, &Rules::RIICHI).unwrap().contains(Tile::RED));
}

#[test]
fn matrix_declares_what_it_cannot_do() {
    let h = hand("123m456p789s11122z");
    assert!(Matrix.decompositions(&h, &Rules::STANDARD).unwrap_err().is_unsupported());
    assert!(!Matrix.capabilities().decompositions);
    assert!(Backtrack.capabilities().decompositions);
    assert_eq!((Backtrack.name(), Matrix.name()), ("backtrack", "matrix"));
}
