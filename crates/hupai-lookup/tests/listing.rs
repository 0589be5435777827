//! `SuitTable::for_each_decomposition` and `count_decompositions` against the collected list:
//! the count is the list's length, the visited decompositions are the list (each once), a visitor
//! that stops gets exactly what it asked for, and wildcard-heavy hands are counted and cut short
//! quickly. Winning hands are built from random groups (every preset, the fifth-copy option, the
//! void suits), then some tiles become wildcards.

mod suit_common;

use std::ops::ControlFlow;

use hupai_lookup::SuitTable;
use hupai_tiles::{Algorithm, Hand, Rules, Suit, Tile, VoidSuit};
use suit_common::{Rng, full};

/// Every preset with and without the fifth-copy option, and the void suit declared or any one.
fn rule_sets() -> Vec<Rules> {
    let mut out = Vec::new();
    for (_, r) in Rules::PRESETS {
        out.push(r);
        out.push(r.with_wildcard_fifth_copy(true));
        out.push(r.with_void(Suit::Pin));
        out.push(r.with_void_rule(VoidSuit::AnyOne));
    }
    out
}

/// A complete hand of random groups over the kinds the rules allow (often in two suits, so that
/// void suits leave it winning), with `wildcards` of its tiles turned into wildcards.
fn winning_hand(rng: &mut Rng, rules: &Rules, wildcards: usize) -> Option<Hand> {
    let mut kinds: Vec<Tile> = rules.tiles.kinds().iter().collect();
    if rng.below(2) == 0 {
        let skip = [Suit::Man, Suit::Pin, Suit::Sou][rng.below(3)];
        kinds.retain(|t| t.suit() != skip);
    }
    let mut counts = [0u8; 34];
    let pair = kinds[rng.below(kinds.len())];
    counts[pair.index()] += 2;
    for _ in 0..rules.melds {
        let t = kinds[rng.below(kinds.len())];
        if rng.below(2) == 0 && t.starts_sequence() && kinds.contains(&Tile::new(t.index() + 2)?) {
            for k in 0..3 {
                counts[t.index() + k] += 1;
            }
        } else {
            counts[t.index()] += 3;
        }
    }
    if counts.iter().any(|&n| n > 4) {
        return None;
    }
    let mut tiles: Vec<usize> = (0..34).flat_map(|k| std::iter::repeat_n(k, counts[k] as usize)).collect();
    for _ in 0..wildcards {
        tiles.swap_remove(rng.below(tiles.len()));
    }
    let mut text: String = tiles.iter().map(|&k| Tile::new(k).map_or(String::new(), |t| t.to_string())).collect();
    text.push_str(&"*".repeat(wildcards));
    text.parse().ok()
}

#[test]
fn counting_and_visiting_agree_with_the_list() {
    let per = if full() { 60 } else { 4 };
    let mut rng = Rng(29);
    let (mut hands, mut listed) = (0, 0u64);
    for rules in rule_sets() {
        for w in [0, 1, 3, 5, 7] {
            for _ in 0..per {
                let Some(hand) = winning_hand(&mut rng, &rules, w) else { continue };
                let Ok(list) = SuitTable.decompositions(&hand, &rules) else { continue };
                let count = SuitTable.count_decompositions(&hand, &rules).unwrap();
                assert_eq!(count, list.len() as u64, "{hand} under {rules}");
                let mut visited = Vec::new();
                SuitTable
                    .for_each_decomposition(&hand, &rules, |d| {
                        visited.push(d);
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                visited.sort_unstable();
                let before = visited.len();
                visited.dedup();
                assert_eq!(before, visited.len(), "{hand} under {rules}: a decomposition visited twice");
                assert_eq!(visited, list, "{hand} under {rules}");
                // A visitor that stops after half gets exactly half, every one from the list.
                let half = list.len() / 2;
                if half > 0 {
                    let mut first = Vec::new();
                    SuitTable
                        .for_each_decomposition(&hand, &rules, |d| {
                            first.push(d);
                            if first.len() == half { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                        })
                        .unwrap();
                    assert_eq!(first.len(), half, "{hand} under {rules}");
                    assert!(first.iter().all(|d| list.binary_search(d).is_ok()), "{hand} under {rules}");
                }
                hands += 1;
                listed += count;
            }
        }
    }
    assert!(hands > 200 && listed > 1000, "{hands} hands, {listed} decompositions");
}

#[test]
fn all_wildcard_hands_are_counted_and_cut_short() {
    let fourteen: Hand = "**************".parse().unwrap();
    // Counts from the per-suit splits (and seven pairs kind by kind), nothing built; a stopped
    // visit returns at once even though the hand has millions.
    let standard = SuitTable.count_decompositions(&fourteen, &Rules::STANDARD).unwrap();
    let chinese = SuitTable.count_decompositions(&fourteen, &Rules::CHINESE).unwrap();
    assert!(standard > 10_000_000, "{standard}");
    // Seven pairs with quads over 34 kinds, and the 13 thirteen-orphans pairs, on top.
    assert!(chinese > standard, "{chinese} vs {standard}");
    for rules in [Rules::STANDARD, Rules::CHINESE, Rules::GB, Rules::SICHUAN, Rules::TAIWAN] {
        let hand: Hand = "*".repeat(rules.hand_size()).parse().unwrap();
        let mut seen = 0;
        SuitTable
            .for_each_decomposition(&hand, &rules, |_| {
                seen += 1;
                if seen == 5 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            })
            .unwrap();
        assert_eq!(seen, 5, "{rules}");
    }
    // Seven pairs counted kind by kind equals listing them: seven of 34 kinds, with quads.
    let mut seven_pairs_only = Rules::CHINESE;
    seven_pairs_only.thirteen_orphans = false;
    let melds_only = Rules::STANDARD;
    let eight: Hand = "11z22z33z********".parse().unwrap();
    let n = SuitTable.count_decompositions(&eight, &seven_pairs_only).unwrap()
        - SuitTable.count_decompositions(&eight, &melds_only).unwrap();
    let mut listed = 0u64;
    SuitTable
        .for_each_decomposition(&eight, &seven_pairs_only, |d| {
            listed += u64::from(matches!(d, hupai_tiles::Decomposition::SevenPairs { .. }));
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(n, listed);
}

#[test]
fn restricted_rules_count_by_inclusion_and_exclusion_what_the_listing_gives() {
    // Under a void suit any one suit may be, a decomposition of one suit's tiles only is valid
    // with either other suit void: counted once, as listed once.
    let any_void = Rules::SICHUAN.with_void_rule(VoidSuit::AnyOne);
    let cases: [(&str, Rules); 5] = [
        ("19m********", any_void),
        ("1m1p*********", any_void),
        ("5m**********", Rules::CHANGSHA.with_void_rule(VoidSuit::AnyOne)),
        ("1m7z*********", Rules::HONGZHONG),
        ("11s**********", Rules::SICHUAN.with_void(Suit::Man).with_pair_258(true)),
    ];
    for (text, rules) in cases {
        let mut text = text.to_owned();
        while text.matches(|c: char| c.is_ascii_digit()).count() + text.matches('*').count() < 14 {
            text.push('*');
        }
        let hand: Hand = text.parse().unwrap();
        let mut listed = 0u64;
        SuitTable
            .for_each_decomposition(&hand, &rules, |_| {
                listed += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        assert!(listed > 1000, "{hand} under {rules}: {listed}");
        assert_eq!(SuitTable.count_decompositions(&hand, &rules).unwrap(), listed, "{hand} under {rules}");
    }
}

#[test]
fn a_hand_of_the_wrong_size_is_an_error() {
    let hand: Hand = "123m".parse().unwrap();
    let e = SuitTable.count_decompositions(&hand, &Rules::STANDARD).unwrap_err();
    assert!(e.to_string().contains("14"), "{e}");
    assert!(SuitTable.for_each_decomposition(&hand, &Rules::STANDARD, |_| ControlFlow::Continue(())).is_err());
}
