//! The per-suit tables against independent computations: the capped numbers against a
//! down-closure over all 1,953,125 count patterns, the uncapped numbers against a plain search at
//! the claimed minimum and three below it; and the committed artifact against a fresh build.
//!
//! The uncapped search runs on a sample in debug builds and on every pattern with `HUPAI_FULL=1`.

use hupai_lookup::format;
use hupai_lookup::suit_table::{MAX_TILES, PATTERNS, SuitTables};

fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

const ALL: usize = 1_953_125;

fn digits(code: usize) -> [u8; 9] {
    let mut c = [0u8; 9];
    let mut x = code;
    for d in c.iter_mut() {
        *d = (x % 5) as u8;
        x /= 5;
    }
    c
}

const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/// Which patterns (counts ≤ 4) are melds only, and melds plus a pair, by growing from nothing.
fn complete_patterns() -> (Vec<bool>, Vec<bool>) {
    let mut melds = vec![false; ALL];
    melds[0] = true;
    // Adding melds in order of the code keeps every pattern reachable from a smaller one.
    let shapes: Vec<[u8; 9]> = (0..9)
        .map(|r| {
            let mut s = [0u8; 9];
            s[r] = 3;
            s
        })
        .chain((0..7).map(|r| {
            let mut s = [0u8; 9];
            s[r..r + 3].fill(1);
            s
        }))
        .collect();
    for code in 0..ALL {
        if !melds[code] {
            continue;
        }
        let c = digits(code);
        for s in &shapes {
            if (0..9).all(|i| c[i] + s[i] <= 4) {
                let add: usize = (0..9).map(|i| s[i] as usize * POW5[i]).sum();
                melds[code + add] = true;
            }
        }
    }
    let mut pair = vec![false; ALL];
    for code in 0..ALL {
        if melds[code] {
            let c = digits(code);
            for r in 0..9 {
                if c[r] + 2 <= 4 {
                    pair[code + 2 * POW5[r]] = true;
                }
            }
        }
    }
    (melds, pair)
}

/// Fewest tiles to add (each count staying ≤ 4) to reach a complete pattern: 0 if complete, else
/// one more than the best pattern with one more tile. Codes grow with counts, so go downwards.
fn down_closure(complete: &[bool]) -> Vec<u8> {
    let mut best = vec![u8::MAX; ALL];
    for code in (0..ALL).rev() {
        if complete[code] {
            best[code] = 0;
            continue;
        }
        let c = digits(code);
        for r in 0..9 {
            if c[r] < 4 {
                let b = best[code + POW5[r]];
                if b != u8::MAX {
                    best[code] = best[code].min(b + 1);
                }
            }
        }
    }
    best
}

#[test]
fn capped_numbers_equal_the_down_closure() {
    let tables = hupai_table::suit::build().unwrap();
    let (melds, pair) = complete_patterns();
    let (fewest_melds, fewest_pair) = (down_closure(&melds), down_closure(&pair));
    let mut checked = 0;
    for code in 0..ALL {
        let c = digits(code);
        if c.iter().map(|&x| x as u32).sum::<u32>() > MAX_TILES {
            continue;
        }
        let [_, capped] = tables.fewest_wildcards(&c).unwrap();
        assert_eq!(capped, (fewest_melds[code], fewest_pair[code]), "{c:?}");
        checked += 1;
    }
    assert_eq!(checked, PATTERNS);
}

/// Can `c` plus exactly `wild` wildcards, with no cap, split into melds (and one pair if `pair`)?
/// The lowest real tile is in the pair, a triplet or a sequence as its lowest, middle or top tile.
fn splits(c: &mut [u8; 9], wild: i32, pair: bool) -> bool {
    let Some(low) = (0..9).find(|&i| c[i] > 0) else {
        // Wildcards alone: triplets of anything, and the pair.
        let rest = wild - if pair { 2 } else { 0 };
        return rest >= 0 && rest % 3 == 0;
    };
    let mut options: Vec<Vec<usize>> = vec![vec![low; 3]];
    if pair {
        options.push(vec![low; 2]);
    }
    for start in low.saturating_sub(2)..=low {
        if start + 2 < 9 {
            options.push(vec![start, start + 1, start + 2]);
        }
    }
    for tiles in options {
        let is_pair = tiles.len() == 2;
        let mut taken = Vec::new();
        let mut w = wild;
        for &t in &tiles {
            if c[t] > 0 {
                c[t] -= 1;
                taken.push(t);
            } else {
                w -= 1;
            }
        }
        let ok = w >= 0 && splits(c, w, pair && !is_pair);
        for t in taken {
            c[t] += 1;
        }
        if ok {
            return true;
        }
    }
    false
}

#[test]
fn free_numbers_are_minimal_by_search() {
    let tables = hupai_table::suit::build().unwrap();
    let stride = if full() { 1 } else { 61 };
    let mut checked = 0;
    for code in (0..ALL).step_by(stride) {
        let mut c = digits(code);
        if c.iter().map(|&x| x as u32).sum::<u32>() > MAX_TILES {
            continue;
        }
        let [(melds, pair), _] = tables.fewest_wildcards(&c).unwrap();
        for (value, with_pair) in [(melds as i32, false), (pair as i32, true)] {
            assert!(splits(&mut c, value, with_pair), "{c:?} pair={with_pair}: {value} should do");
            assert!(
                value < 3 || !splits(&mut c, value - 3, with_pair),
                "{c:?} pair={with_pair}: {value} is not minimal"
            );
        }
        checked += 1;
    }
    assert!(checked > PATTERNS / 100);
}

#[test]
fn build_is_deterministic_and_matches_the_committed_artifact() {
    let bytes = hupai_table::suit::artifact().unwrap();
    assert_eq!(bytes, hupai_table::suit::artifact().unwrap());
    // What hupai-lookup embeds: the committed file in the workspace, and in a published package too
    // (a path outside this crate would not be there).
    let committed = hupai_lookup::tables::Table::Suit.embedded();
    assert!(committed[..] == bytes[..], "tables/suit.bin is stale: regenerate it with `cargo xtask tables`");
    let decoded: SuitTables = format::decode(&bytes).unwrap();
    assert_eq!(decoded, hupai_table::suit::build().unwrap());
}

/// [`splits`] with the pair only on ranks 2, 5 and 8 (indices 1, 4, 7).
fn splits_258(c: &mut [u8; 9], wild: i32, pair: bool) -> bool {
    let Some(low) = (0..9).find(|&i| c[i] > 0) else {
        // Wildcards alone: triplets of anything and, with no cap, a 2-5-8 pair of any of them.
        let rest = wild - if pair { 2 } else { 0 };
        return rest >= 0 && rest % 3 == 0;
    };
    let mut options: Vec<Vec<usize>> = vec![vec![low; 3]];
    if pair && matches!(low, 1 | 4 | 7) {
        options.push(vec![low; 2]);
    }
    for start in low.saturating_sub(2)..=low {
        if start + 2 < 9 {
            options.push(vec![start, start + 1, start + 2]);
        }
    }
    // The pair may also be all wildcards, on a 2, 5 or 8 the real tiles leave alone.
    if pair && wild >= 2 && splits_258(c, wild - 2, false) {
        return true;
    }
    for tiles in options {
        let is_pair = tiles.len() == 2;
        let mut taken = Vec::new();
        let mut w = wild;
        for &t in &tiles {
            if c[t] > 0 {
                c[t] -= 1;
                taken.push(t);
            } else {
                w -= 1;
            }
        }
        let ok = w >= 0 && splits_258(c, w, pair && !is_pair);
        for t in taken {
            c[t] += 1;
        }
        if ok {
            return true;
        }
    }
    false
}

#[test]
fn pair_258_numbers_are_minimal_by_search() {
    let tables = hupai_table::suit::build().unwrap();
    let stride = if full() { 1 } else { 61 };
    let mut checked = 0;
    for code in (0..ALL).step_by(stride) {
        let mut c = digits(code);
        if c.iter().map(|&x| x as u32).sum::<u32>() > MAX_TILES {
            continue;
        }
        let (free, capped) = tables.fewest_wildcards_258(&c).unwrap();
        let [(_, any_pair), (_, any_pair_capped)] = tables.fewest_wildcards(&c).unwrap();
        let value = free as i32;
        assert!(splits_258(&mut c, value, true), "{c:?}: {value} should do");
        assert!(value < 3 || !splits_258(&mut c, value - 3, true), "{c:?}: {value} is not minimal");
        // Restricting the pair never helps; the cap never helps.
        assert!(free >= any_pair && capped >= free && capped >= any_pair_capped, "{c:?}");
        checked += 1;
    }
    assert!(checked > PATTERNS / 100);
}
