//! The shanten table against two independent computations: the runtime's exact program
//! (`hupai_shanten::table::exact_distances`, written separately from the builder's trie walk) on
//! every pattern (a stride by default, all with `HUPAI_FULL=1`), and a plain enumeration of every
//! one-suit target (melds and at most one pair, at most four copies) on a sample. The same for the
//! 2-5-8-pair table's pair halves (`exact_distances_258`, targets with the pair on 2, 5 or 8).

use std::collections::BTreeSet;

use hupai_lookup::suit_table::{MAX_TILES, PATTERNS};
use hupai_shanten::table::{Pair258Tables, ShantenTables, exact_distances, exact_distances_258};

fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

fn digits(mut code: usize) -> [u8; 9] {
    let mut c = [0u8; 9];
    for d in c.iter_mut() {
        *d = (code % 5) as u8;
        code /= 5;
    }
    c
}

fn patterns() -> impl Iterator<Item = [u8; 9]> {
    (0..5usize.pow(9)).map(digits).filter(|c| c.iter().map(|&x| x as u32).sum::<u32>() <= MAX_TILES)
}

/// Every `stride`-th pattern.
fn every(stride: usize) -> impl Iterator<Item = [u8; 9]> {
    patterns().step_by(stride)
}

#[test]
fn table_matches_the_exact_program() {
    let tables: ShantenTables = hupai_table::shanten::build().expect("the table builds");
    assert_eq!(tables.codes.len(), PATTERNS);
    let mut checked = 0;
    for c in every(if full() { 1 } else { 37 }) {
        assert_eq!(tables.lookup(&c), Some(exact_distances(&c)), "{c:?}");
        checked += 1;
    }
    assert!(checked >= PATTERNS / 37, "{checked}");
}

#[test]
fn table_258_matches_the_exact_program() {
    let tables: Pair258Tables = hupai_table::shanten::build_258().expect("the table builds");
    assert_eq!(tables.codes.len(), PATTERNS);
    let mut checked = 0;
    for c in every(if full() { 1 } else { 37 }) {
        assert_eq!(tables.lookup(&c), Some(exact_distances_258(&c)), "{c:?}");
        checked += 1;
    }
    assert!(checked >= PATTERNS / 37, "{checked}");
}

#[test]
fn table_258_matches_target_enumeration_on_a_sample() {
    let tables: Pair258Tables = hupai_table::shanten::build_258().expect("the table builds");
    let targets = targets_with(&[1, 4, 7]);
    let mut checked = 0;
    for c in every(if full() { 101 } else { 4001 }) {
        let got = tables.lookup(&c).expect("in the table");
        for m in 0..6 {
            let best = targets[6 + m]
                .iter()
                .map(|t| t.iter().zip(&c).map(|(&y, &x)| y.saturating_sub(x) as u32).sum::<u32>())
                .min()
                .expect("targets exist");
            assert_eq!(got[m] as u32, best, "{c:?}, {m} melds and a 2-5-8 pair");
        }
        checked += 1;
    }
    assert!(checked >= 100, "{checked}");
}

/// Every distinct count vector of a one-suit target with `m` melds and `p` pairs.
fn targets() -> Vec<Vec<[u8; 9]>> {
    targets_with(&[0, 1, 2, 3, 4, 5, 6, 7, 8])
}

/// [`targets`] with the pair only on the ranks (0-based) of `pair_ranks`.
fn targets_with(pair_ranks: &[usize]) -> Vec<Vec<[u8; 9]>> {
    let mut shapes: Vec<[u8; 9]> = (0..9)
        .map(|r| {
            let mut s = [0u8; 9];
            s[r] = 3;
            s
        })
        .collect();
    shapes.extend((0..7).map(|r| {
        let mut s = [0u8; 9];
        s[r..r + 3].fill(1);
        s
    }));
    let mut by_melds: Vec<BTreeSet<[u8; 9]>> = vec![BTreeSet::new(); 6];
    by_melds[0].insert([0; 9]);
    for m in 1..6 {
        let prev: Vec<[u8; 9]> = by_melds[m - 1].iter().copied().collect();
        for t in prev {
            for s in &shapes {
                let next: [u8; 9] = std::array::from_fn(|i| t[i] + s[i]);
                if next.iter().all(|&x| x <= 4) {
                    by_melds[m].insert(next);
                }
            }
        }
    }
    let mut out = Vec::new();
    for set in &by_melds {
        out.push(set.iter().copied().collect());
    }
    for set in &by_melds {
        let mut with_pair = BTreeSet::new();
        for t in set {
            for &r in pair_ranks {
                if t[r] + 2 <= 4 {
                    let mut u = *t;
                    u[r] += 2;
                    with_pair.insert(u);
                }
            }
        }
        out.push(with_pair.into_iter().collect());
    }
    out
}

#[test]
fn table_matches_target_enumeration_on_a_sample() {
    let tables: ShantenTables = hupai_table::shanten::build().expect("the table builds");
    let targets = targets();
    let mut checked = 0;
    for c in every(if full() { 101 } else { 4001 }) {
        let got = tables.lookup(&c).expect("in the table");
        for p in 0..2 {
            for m in 0..6 {
                let best = targets[p * 6 + m]
                    .iter()
                    .map(|t| t.iter().zip(&c).map(|(&y, &x)| y.saturating_sub(x) as u32).sum::<u32>())
                    .min()
                    .expect("targets exist");
                assert_eq!(got[p][m] as u32, best, "{c:?}, {m} melds, {p} pairs");
            }
        }
        checked += 1;
    }
    assert!(checked >= 100, "{checked}");
}
