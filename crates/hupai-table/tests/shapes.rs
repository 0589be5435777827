//! The seeds' counts, reproduced two independent ways, every one of the 11,498,658 hands checked
//! against the runtime table, and every shape's decompositions against a brute-force decomposer.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use hupai_lookup::Index;
use hupai_lookup::index::{self, ShapeFlags};
use hupai_table::index::shapes::{self, BlockDecomposition, Counts, Shape, Unit};
use hupai_tiles::{Rules, TileCounts};

fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

#[test]
fn shapes_reproduce_the_seed_counts() {
    let real = shapes::shapes(Counts::UpToFour);
    assert_eq!(real.len(), 9_362, "S002: keys over every form");
    let four: Vec<&Shape> = real.iter().filter(|s| s.tiles() == 14 && !s.decompositions.is_empty()).collect();
    assert_eq!(four.len(), 8_185, "S000: keys of four melds and a pair");
    assert_eq!(four.iter().map(|s| s.hands()).sum::<u64>(), 11_498_658, "S000: distinct hands");
    // By form: seven-pairs shapes, and how many also win as melds.
    let pairs = real.iter().filter(|s| s.seven_pairs).count();
    let both = real.iter().filter(|s| s.seven_pairs && !s.decompositions.is_empty()).count();
    assert!(pairs > 0 && both > 0 && both < pairs);
    // Keys are distinct and sorted.
    assert!(real.windows(2).all(|w| w[0].key() < w[1].key()));
}

#[test]
fn unlimited_shapes_extend_the_real_ones() {
    let real = shapes::shapes(Counts::UpToFour);
    let all = shapes::shapes(Counts::Unlimited);
    let capped: Vec<&Shape> = all.iter().filter(|s| s.max_count() <= 4).collect();
    assert_eq!(capped.len(), real.len());
    assert!(capped.iter().zip(&real).all(|(a, b)| *a == b));
    assert!(all.iter().any(|s| s.max_count() == 14), "fourteen of a kind: four triplets and the pair");
    let stats = hupai_table::index::stats(&all);
    assert_eq!((stats.hands, stats.keys_four_melds, stats.keys_real), (11_498_658, 8_185, 9_362));
    assert_eq!(stats.keys as usize, all.len());
}

/// Distinct count vectors of one suit (`kinds` kinds, sequences if `numbered`) that split into
/// `melds` melds and, if `pair`, a pair — at most four of a kind. Independent of the shape code.
fn suit_patterns(kinds: usize, numbered: bool, melds: usize, pair: bool) -> BTreeSet<Vec<u8>> {
    let mut groups: Vec<Vec<usize>> = (0..kinds).map(|k| vec![k, k, k]).collect();
    if numbered {
        groups.extend((0..kinds - 2).map(|k| vec![k, k + 1, k + 2]));
    }
    let mut out = BTreeSet::new();
    fn rec(groups: &[Vec<usize>], from: usize, left: usize, counts: &mut Vec<u8>, out: &mut BTreeSet<Vec<u8>>) {
        if left == 0 {
            if counts.iter().all(|&c| c <= 4) {
                out.insert(counts.clone());
            }
            return;
        }
        for g in from..groups.len() {
            for &k in &groups[g] {
                counts[k] += 1;
            }
            rec(groups, g, left - 1, counts, out);
            for &k in &groups[g] {
                counts[k] -= 1;
            }
        }
    }
    let pairs: Vec<Option<usize>> = if pair { (0..kinds).map(Some).collect() } else { vec![None] };
    for p in pairs {
        let mut counts = vec![0u8; kinds];
        if let Some(p) = p {
            counts[p] = 2;
        }
        rec(&groups, 0, melds, &mut counts, &mut out);
    }
    out
}

/// The per-suit pattern sets, indexed `[suit 0..4][melds 0..=4][pair]`.
fn per_suit() -> Vec<Vec<[Vec<Vec<u8>>; 2]>> {
    (0..4)
        .map(|s| {
            (0..=4)
                .map(|m| {
                    let numbered = s < 3;
                    let kinds = if numbered { 9 } else { 7 };
                    [false, true].map(|p| suit_patterns(kinds, numbered, m, p).into_iter().collect())
                })
                .collect()
        })
        .collect()
}

#[test]
fn hands_counted_suit_by_suit_agree() {
    // A hand is a pattern per suit; melds add up to four, exactly one suit holds the pair.
    let sets = per_suit();
    let mut hands = 0u64;
    for m in 0..=4usize {
        for p in 0..=4 - m {
            for s in 0..=4 - m - p {
                let z = 4 - m - p - s;
                for pair_suit in 0..4 {
                    let melds = [m, p, s, z];
                    hands += (0..4).map(|i| sets[i][melds[i]][(i == pair_suit) as usize].len() as u64).product::<u64>();
                }
            }
        }
    }
    assert_eq!(hands, 11_498_658);
}

#[test]
fn every_winning_hand_is_in_the_table() {
    // Enumerates the 11,498,658 hands (suit by suit, so each exactly once), checks each wins through
    // the runtime table and collects the keys: exactly S000's 8,185. Debug runs every 37th hand and
    // checks the keys it meets are among the table's four-meld keys.
    let table = index::table().expect("embedded table");
    let sets = per_suit();
    let step = if full() { 1 } else { 37 };
    let mut seen = 0u64;
    let mut keys = HashSet::new();
    let mut counts = TileCounts::EMPTY;
    let offsets = [0usize, 9, 18, 27];
    for m in 0..=4usize {
        for p in 0..=4 - m {
            for s in 0..=4 - m - p {
                let melds = [m, p, s, 4 - m - p - s];
                for pair_suit in 0..4 {
                    let lists: Vec<&Vec<Vec<u8>>> =
                        (0..4).map(|i| &sets[i][melds[i]][(i == pair_suit) as usize]).collect();
                    for a in lists[0] {
                        for b in lists[1] {
                            for c in lists[2] {
                                for d in lists[3] {
                                    seen += 1;
                                    if !seen.is_multiple_of(step) {
                                        continue;
                                    }
                                    for (i, part) in [a, b, c, d].into_iter().enumerate() {
                                        counts.0[offsets[i]..offsets[i] + part.len()].copy_from_slice(part);
                                    }
                                    assert_eq!(
                                        Index::wins(table, &counts, &Rules::STANDARD, true),
                                        Some(true),
                                        "{counts:?}"
                                    );
                                    keys.insert(index::key(&counts).unwrap());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(seen, 11_498_658);
    let four_meld_keys: HashSet<u32> = table
        .iter()
        .filter(|e| e.has_melds() && !e.flags().contains(ShapeFlags::OVER_FOUR))
        .filter(|e| index::runs(e.key()).is_ok_and(|r| r.iter().map(|x| x.0 as u32).sum::<u32>() == 14))
        .map(|e| e.key())
        .collect();
    assert_eq!(four_meld_keys.len(), 8_185);
    assert!(keys.is_subset(&four_meld_keys));
    if full() {
        assert_eq!(keys.len(), 8_185);
    }
}

/// Every decomposition of a run list by plain search: sequences only inside a block.
fn brute_force(runs: &[(u8, bool)]) -> BTreeSet<BlockDecomposition> {
    let tiles: u32 = runs.iter().map(|r| r.0 as u32).sum();
    let melds = (tiles as usize - 2) / 3;
    let mut out = BTreeSet::new();
    for pair in 0..runs.len() {
        let mut c: Vec<u8> = runs.iter().map(|r| r.0).collect();
        if c[pair] < 2 {
            continue;
        }
        c[pair] -= 2;
        let mut found = Vec::new();
        cover(runs, &mut c, 0, &mut Vec::new(), &mut found);
        for mut m in found {
            if m.len() == melds {
                m.sort();
                out.insert(BlockDecomposition { pair: Some(pair as u8), melds: m });
            }
        }
    }
    out
}

fn cover(runs: &[(u8, bool)], c: &mut [u8], at: usize, cur: &mut Vec<Unit>, out: &mut Vec<Vec<Unit>>) {
    let Some(i) = (at..c.len()).find(|&i| c[i] > 0) else {
        out.push(cur.clone());
        return;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        cur.push(Unit::Triplet(i as u8));
        cover(runs, c, i, cur, out);
        cur.pop();
        c[i] += 3;
    }
    let joined = i + 2 < c.len() && !runs[i].1 && !runs[i + 1].1;
    if joined && c[i + 1] > 0 && c[i + 2] > 0 {
        for k in 0..3 {
            c[i + k] -= 1;
        }
        cur.push(Unit::Sequence(i as u8));
        cover(runs, c, i, cur, out);
        cur.pop();
        for k in 0..3 {
            c[i + k] += 1;
        }
    }
}

#[test]
fn every_shape_has_exactly_its_decompositions() {
    let mut by_size: BTreeMap<usize, usize> = BTreeMap::new();
    for s in shapes::shapes(Counts::Unlimited) {
        let runs = s.runs();
        let want = if s.tiles() >= 2 { brute_force(&runs) } else { BTreeSet::new() };
        let got: BTreeSet<BlockDecomposition> = s.decompositions.iter().cloned().collect();
        assert_eq!(got.len(), s.decompositions.len(), "duplicate decompositions in {:?}", s.blocks);
        assert_eq!(got, want, "{:?}", s.blocks);
        assert!(!got.is_empty() || s.seven_pairs, "{:?} wins in no form", s.blocks);
        *by_size.entry(s.decompositions.len()).or_default() += 1;
    }
    // Four decompositions at most, as the packed entry assumes.
    assert_eq!(by_size.keys().max(), Some(&4));
}

#[test]
fn seven_pairs_shapes_are_every_split_of_seven_kinds() {
    let pairs: Vec<Shape> = shapes::shapes(Counts::UpToFour).into_iter().filter(|s| s.seven_pairs).collect();
    for s in &pairs {
        assert!(s.runs().iter().all(|r| r.0 == 2) && s.runs().len() == 7);
    }
    // Brute force: every set of 7 distinct kinds, reduced to its shape.
    let mut keys = BTreeSet::new();
    let mut pick = Vec::new();
    fn rec(from: usize, pick: &mut Vec<usize>, keys: &mut BTreeSet<u32>) {
        if pick.len() == 7 {
            let mut c = TileCounts::EMPTY;
            for &t in pick.iter() {
                c.0[t] = 2;
            }
            keys.insert(index::key(&c).unwrap());
            return;
        }
        for t in from..34 {
            pick.push(t);
            rec(t + 1, pick, keys);
            pick.pop();
        }
    }
    rec(0, &mut pick, &mut keys);
    let shape_keys: BTreeSet<u32> = pairs.iter().map(|s| s.key()).collect();
    assert_eq!(shape_keys, keys);
}
