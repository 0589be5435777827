//! The carry map: the generated map against S003's list entry by entry, every entry of both
//! proven sound over every continuation within a suit, and S003's worked example.

use hupai_split::carry::{CarryMap, S003_LISTED, generated_carry, weis};

/// A suit as base-5 digits: rank 1 is the least significant digit.
const SUITS: usize = 1_953_125; // 5^9

/// `melds[v]`: can suit `v` (counts 0–4 per rank) be split into triplets and sequences?
/// Plain exhaustive search (triplet or sequence at the lowest rank), no carry map, no "forced"
/// argument; each table entry only looks at smaller indices.
fn melds_table() -> Vec<bool> {
    let pow: Vec<usize> = (0..10).map(|i| 5usize.pow(i)).collect();
    let mut t = vec![false; SUITS];
    t[0] = true;
    for v in 1..SUITS {
        let d = |i: usize| (v / pow[i]) % 5;
        let low = (0..9).find(|&i| d(i) > 0).unwrap();
        t[v] = (d(low) >= 3 && t[v - 3 * pow[low]])
            || (low <= 6 && d(low + 1) > 0 && d(low + 2) > 0 && t[v - pow[low] - pow[low + 1] - pow[low + 2]]);
    }
    t
}

fn index(digits: &[u8]) -> usize {
    digits.iter().rev().fold(0, |v, &d| v * 5 + d as usize)
}

fn digits_of(key: u16) -> Vec<u8> {
    key.to_string().bytes().map(|b| b - b'0').collect()
}

/// Every digit string of length `len` over 0–4.
fn strings(len: usize) -> impl Iterator<Item = Vec<u8>> {
    (0..5usize.pow(len as u32)).map(move |code| (0..len).map(|i| ((code / 5usize.pow(i as u32)) % 5) as u8).collect())
}

/// How the generated map and S003's list differ, and why each difference is harmless.
/// (key, S003's carry or 0 if S003 lacks it, the rule's carry or 0 if the rule gives none)
const DIFFERENCES: [(u16, u16, u16); 18] = [
    // S003 takes the triplet out of a 4 whose 411 reaches past the key; the 1 left is then
    // forced into the same sequence 411 would take. Equivalent, never needed: the 3-digit keys
    // 4xy cover every 4 followed by two more kinds.
    (4, 3, 0),
    (34, 33, 30),
    (44, 33, 0),
    (334, 333, 330),
    (341, 330, 300),
    (342, 330, 300),
    (343, 330, 300),
    (344, 333, 300),
    // The rule's first carry fits but strands a kind (a 0 right after a non-zero digit). S003
    // leaves these out; either way the next lookup finds nothing and the segment fails.
    (121, 0, 111),
    (131, 0, 111),
    (132, 0, 111),
    (232, 0, 222),
    (242, 0, 222),
    (243, 0, 222),
    (321, 0, 300),
    (421, 0, 411),
    (431, 0, 411),
    (432, 0, 411),
];

#[test]
fn generated_map_matches_s003_list_entry_by_entry() {
    let generated = &CarryMap::GENERATED;
    let s003 = &CarryMap::S003;
    let mut found = Vec::new();
    for key in 1..=444u16 {
        let (a, b) = (s003.get(key).unwrap_or(0), generated.get(key).unwrap_or(0));
        if a != b {
            found.push((key, a, b));
        }
    }
    let mut expected: Vec<(u16, u16, u16)> = DIFFERENCES.to_vec();
    expected.sort();
    assert_eq!(found, expected, "differences between S003's list and the generated map");
    // Every listed S003 entry is accounted for: equal, or documented above.
    for (key, carry) in S003_LISTED {
        assert!(
            generated_carry(key) == carry || expected.iter().any(|&(k, _, _)| k == key),
            "{key} = {carry} undocumented"
        );
    }
    assert_eq!(s003.entries().count(), S003_LISTED.len());
    assert_eq!(generated.entries().count(), S003_LISTED.len() - 2 + 10);
}

#[test]
fn every_entry_of_both_maps_is_sound_and_missing_keys_are_dead() {
    // Soundness of a carry k → c: for every way the suit can continue after the key (any counts
    // 0–4 on the remaining ranks, the key anywhere from rank 1), the suit splits into melds iff it
    // does after subtracting c. A key the map lacks must never start a suit that splits.
    // Together with "a carry always removes tiles" this makes the reduction exact.
    let table = melds_table();
    for map in [&CarryMap::GENERATED, &CarryMap::S003] {
        let mut checked = 0u64;
        for (key, carry) in map.entries() {
            let k = digits_of(key);
            let c: Vec<u8> = format!("{carry:0width$}", width = k.len()).bytes().map(|b| b - b'0').collect();
            for before in 0..=(9 - k.len()) {
                for rest in strings(9 - k.len() - before) {
                    // Ranks before the key are empty: the key is at the edge.
                    let mut with = vec![0u8; before];
                    with.extend(&k);
                    with.extend(&rest);
                    let mut without = with.clone();
                    for (i, d) in c.iter().enumerate() {
                        without[before + i] -= d;
                    }
                    assert_eq!(
                        table[index(&with)],
                        table[index(&without)],
                        "{} map: {key} → {carry} changes the verdict of {with:?}",
                        map.name()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1_000_000);
        // No key for the edge segment (after falling back to shorter prefixes): the suit is dead.
        // A key at rank 1 covers every position: shifting a suit down keeps it splittable.
        let mut dead = 0;
        for v in (1..SUITS).filter(|v| v % 5 != 0) {
            let suit: Vec<u8> = (0..9).map(|i| ((v / 5usize.pow(i)) % 5) as u8).collect();
            let wei = suit.iter().take_while(|&&d| d != 0).fold(0u32, |w, &d| w * 10 + d as u32);
            if map.carry_change(wei).is_none() {
                assert!(!table[v], "{} map has no key for {suit:?}, which splits", map.name());
                dead += 1;
            }
        }
        assert!(dead > 0);
        println!(
            "{} map: {checked} (entry, continuation) pairs sound; {dead} suits without a key, all dead",
            map.name()
        );
    }
}

#[test]
fn s003_worked_example_31221() {
    let map = &CarryMap::GENERATED;
    // 🀝🀝🀝🀞🀟🀟🀠🀠🀡 = 5p5p5p 6p 7p7p 8p8p 9p.
    let counts = [0, 0, 0, 0, 3, 1, 2, 2, 1];
    assert_eq!(weis(&counts).collect::<Vec<_>>(), vec![31221]);
    let mut steps = vec![31221];
    let mut wei = 31221;
    while let Some(next) = map.carry_change(wei) {
        steps.push(next);
        if next == 0 {
            break;
        }
        wei = next;
    }
    // 312 = 300 leaves 1221, 122 = 111 leaves 111, 111 = 111 leaves nothing.
    assert_eq!(steps, [31221, 1221, 111, 0]);
    assert!(map.wei_through(31221));
    assert!(CarryMap::S003.wei_through(31221));
    assert!(!map.wei_through(31222));
}

#[test]
fn examples_of_each_difference() {
    // For each difference, the smallest segment whose reduction under S003's list or the
    // generated map looks the key up, preferring segments that split, then segments of 3n tiles;
    // both maps must agree with the exhaustive table on every segment that uses it. These are the
    // hands docs/split.md cites.
    let table = melds_table();
    let mut examples = Vec::new();
    for &(key, _, _) in DIFFERENCES.iter() {
        let mut best: Option<(bool, bool, usize, Vec<u8>)> = None;
        for len in 1..=9usize {
            for s in strings(len).filter(|s| s.iter().all(|&d| d > 0)) {
                let tiles: usize = s.iter().map(|&d| d as usize).sum();
                let wei = s.iter().fold(0u32, |v, &d| v * 10 + d as u32);
                let uses = |map: &CarryMap| {
                    let mut w = wei;
                    while w != 0 {
                        let len = w.ilog10() + 1;
                        let used = (1..=3u32.min(len))
                            .rev()
                            .map(|l| w / 10u32.pow(len - l))
                            .find(|&k| u16::try_from(k).ok().and_then(|k| map.get(k)).is_some());
                        if used == Some(key as u32) {
                            return true;
                        }
                        match map.carry_change(w) {
                            Some(n) => w = n,
                            None => return false,
                        }
                    }
                    false
                };
                if !uses(&CarryMap::S003) && !uses(&CarryMap::GENERATED) {
                    continue;
                }
                let mut padded = s.clone();
                padded.resize(9, 0);
                let wins = table[index(&padded)];
                assert_eq!(CarryMap::S003.wei_through(wei), wins, "S003 list on {wei}");
                assert_eq!(CarryMap::GENERATED.wei_through(wei), wins, "generated map on {wei}");
                let candidate = (!wins, !tiles.is_multiple_of(3), tiles, s.clone());
                if best.as_ref().is_none_or(|b| candidate < *b) {
                    best = Some(candidate);
                }
            }
        }
        let (not_wins, not_3n, tiles, s) = best.expect("every difference is reachable");
        let wei: String = s.iter().map(|d| d.to_string()).collect();
        let verdict = if not_wins { "no win" } else { "wins" };
        let size = if not_3n { ", not 3n" } else { "" };
        examples.push(format!("{key}: wei {wei} ({tiles} tiles{size}, {verdict})"));
    }
    println!("{}", examples.join("\n"));
    assert_eq!(examples.len(), 18);
}
