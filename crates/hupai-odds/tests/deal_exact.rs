//! The exact odds without wildcards against an independent count: every winning 14-tile hand
//! generated from melds and pairs (no tables, no search), weighted by the ways the wall deals it.
//!
//! Without wildcards the unit holding the pair is the one whose tile count is 2 mod 3, so a
//! winning hand is one "melds and pair" pattern of one unit and "melds only" patterns of the
//! others; generating each unit's patterns and multiplying tile-count polynomials counts every
//! winning multiset exactly once. The same generator reproduces S000's 11,498,658 hands. Seven
//! pairs and thirteen orphans are counted in closed form, minus the hands that are both seven
//! pairs and melds (the same polynomials restricted to even counts).
//!
//! Also checked: the odds never fall as a wildcard replaces a drawn tile, the fifth-copy rule never
//! lowers them, and the errors.

use std::collections::BTreeSet;

use hupai_odds::deal::{self as odds, OddsError, Wall};
use hupai_tiles::{Rules, SevenPairs, Tile};

/// Polynomials in the tile count: `p[n]` = sum of weights of patterns with `n` tiles.
type Poly = Vec<u128>;

fn mul(a: &Poly, b: &Poly) -> Poly {
    let mut out = vec![0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

fn add(a: &Poly, b: &Poly) -> Poly {
    (0..a.len().max(b.len())).map(|i| a.get(i).unwrap_or(&0) + b.get(i).unwrap_or(&0)).collect()
}

fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// Which patterns count, and how each is weighted.
#[derive(Clone, Copy)]
struct Filter {
    /// Only patterns whose counts are all even (for the seven-pairs overlap), at most `top`.
    even_up_to: Option<u8>,
    /// Weight by `Π C(4, c)` (deals) or 1 (multisets).
    weighted: bool,
}

impl Filter {
    fn weight(&self, counts: &[u8]) -> Option<u128> {
        if let Some(top) = self.even_up_to
            && counts.iter().any(|&c| c % 2 == 1 || c > top)
        {
            return None;
        }
        Some(if self.weighted { counts.iter().map(|&c| binomial(4, c as u128)).product() } else { 1 })
    }
}

/// Every pattern of one unit made of up to four groups (`groups[i]` lists the kinds of group i),
/// with or without one pair (any kind), at most four of a kind: `(melds only, melds and pair)`.
fn unit_patterns(kinds: usize, groups: &[Vec<usize>]) -> (BTreeSet<Vec<u8>>, BTreeSet<Vec<u8>>) {
    fn go(groups: &[Vec<usize>], from: usize, left: usize, cur: &mut Vec<u8>, out: &mut BTreeSet<Vec<u8>>) {
        out.insert(cur.clone());
        if left == 0 {
            return;
        }
        for g in from..groups.len() {
            groups[g].iter().for_each(|&k| cur[k] += 1);
            if cur.iter().all(|&c| c <= 4) {
                go(groups, g, left - 1, cur, out);
            }
            groups[g].iter().for_each(|&k| cur[k] -= 1);
        }
    }
    let mut melds = BTreeSet::new();
    go(groups, 0, 4, &mut vec![0; kinds], &mut melds);
    let mut pairs = BTreeSet::new();
    for m in &melds {
        for k in 0..kinds {
            if m[k] <= 2 {
                let mut p = m.clone();
                p[k] += 2;
                pairs.insert(p);
            }
        }
    }
    (melds, pairs)
}

fn poly(patterns: &BTreeSet<Vec<u8>>, filter: Filter) -> Poly {
    let mut p = vec![0; 15];
    for pat in patterns {
        let n: usize = pat.iter().map(|&c| c as usize).sum();
        if let (true, Some(w)) = (n <= 14, filter.weight(pat)) {
            p[n] += w;
        }
    }
    p
}

/// Winning 14-tile hands in the melds form (4 melds + pair), counted by `filter`.
fn melds_form(filter: Filter) -> u128 {
    let suit_groups: Vec<Vec<usize>> =
        (0..9).map(|k| vec![k; 3]).chain((0..7).map(|k| vec![k, k + 1, k + 2])).collect();
    let honor_groups: Vec<Vec<usize>> = (0..7).map(|k| vec![k; 3]).collect();
    let (sm, sp) = unit_patterns(9, &suit_groups);
    let (hm, hp) = unit_patterns(7, &honor_groups);
    let suit = (poly(&sm, filter), poly(&sp, filter));
    let units = [suit.clone(), suit.clone(), suit, (poly(&hm, filter), poly(&hp, filter))];
    let mut total: Poly = vec![0];
    for holder in 0..units.len() {
        let mut term: Poly = vec![1];
        for (u, (m, p)) in units.iter().enumerate() {
            term = mul(&term, if u == holder { p } else { m });
        }
        total = add(&total, &term);
    }
    total[14]
}

/// Seven-pairs deals without wildcards.
fn seven_pairs(variant: SevenPairs) -> u128 {
    match variant {
        SevenPairs::Off => 0,
        SevenPairs::Distinct => binomial(34, 7) * 6u128.pow(7),
        // q kinds held four times (two pairs each), 7 − 2q held twice.
        SevenPairs::AllowQuads => {
            (0..=3).map(|q| binomial(34, q) * binomial(34 - q, 7 - 2 * q) * 6u128.pow(7 - 2 * q as u32)).sum()
        }
    }
}

/// Deals that win without wildcards, counted independently of the library.
fn independent(rules: &Rules) -> u128 {
    let deals = Filter { even_up_to: None, weighted: true };
    let overlap = match rules.seven_pairs {
        SevenPairs::Off => 0,
        SevenPairs::Distinct => melds_form(Filter { even_up_to: Some(2), ..deals }),
        SevenPairs::AllowQuads => melds_form(Filter { even_up_to: Some(4), ..deals }),
    };
    // Thirteen orphans: one of each of the 13 kinds, one of them twice; never seven pairs or melds.
    let orphans = if rules.thirteen_orphans { 13 * 6 * 4u128.pow(12) } else { 0 };
    melds_form(deals) + seven_pairs(rules.seven_pairs) - overlap + orphans
}

#[test]
fn the_generator_reproduces_the_seeds_hand_count() {
    assert_eq!(melds_form(Filter { even_up_to: None, weighted: false }), 11_498_658);
}

#[test]
fn no_wildcards_matches_the_independent_count() {
    for (name, rules) in Rules::PRESETS.into_iter().filter(|(_, r)| r.melds == 4 && r.is_classic()) {
        for fifth in [false, true] {
            let rules = rules.with_wildcard_fifth_copy(fifth);
            let exact = odds::exact(&rules, 0).unwrap();
            assert_eq!(exact.deals, binomial(136, 14));
            assert_eq!(exact.winning_deals, independent(&rules), "{name}, fifth copy {fifth}");
        }
    }
}

#[test]
fn the_forms_overlap_and_are_counted_once() {
    // Some hands are both seven pairs and melds (112233m445566p77s), so riichi is less than the sum.
    let standard = odds::exact(&Rules::STANDARD, 0).unwrap().winning_deals;
    let riichi = odds::exact(&Rules::RIICHI, 0).unwrap().winning_deals;
    let overlap = melds_form(Filter { even_up_to: Some(2), weighted: true });
    assert!(overlap > 0);
    assert_eq!(riichi, standard + seven_pairs(SevenPairs::Distinct) - overlap + 13 * 6 * 4u128.pow(12));
}

#[test]
fn a_wildcard_for_a_tile_never_hurts() {
    // Swap a drawn tile for a wildcard that stands for it: every winner still wins. So the odds
    // never fall as K grows, and the fifth-copy rule (more freedom) never lowers them.
    for (name, rules) in Rules::PRESETS.into_iter().filter(|(_, r)| r.is_classic()) {
        let mut last = [0.0f64; 2];
        for k in 0..=8u8 {
            for (i, fifth) in [false, true].into_iter().enumerate() {
                let p = odds::exact(&rules.with_wildcard_fifth_copy(fifth), k).unwrap().probability();
                assert!(p >= last[i], "{name} fifth {fifth}: K={k} gives {p} < {}", last[i]);
                last[i] = p;
            }
            assert!(last[1] >= last[0], "{name} K={k}: fifth copy lowers the odds");
            if k == 0 {
                assert_eq!(last[0], last[1], "{name}: the fifth-copy rule matters only with wildcards");
            }
        }
    }
}

#[test]
fn every_wildcard_wins() {
    for (name, rules) in Rules::PRESETS.into_iter().filter(|(_, r)| r.is_classic()) {
        let all = odds::exact(&rules, rules.hand_size() as u8).unwrap();
        assert_eq!((all.drawn, all.fraction()), (0, (1, 1)), "{name}");
    }
}

#[test]
fn fractions_are_reduced() {
    let o = odds::exact(&Rules::STANDARD, 3).unwrap();
    let (n, d) = o.fraction();
    assert_eq!(n * o.deals, d * o.winning_deals);
    assert!((2..1000).all(|g| n % g != 0 || d % g != 0));
    assert!((o.probability() - o.winning_deals as f64 / o.deals as f64).abs() < 1e-15);
}

#[test]
fn errors_name_the_problem() {
    let e = odds::exact(&Rules::STANDARD, 15).unwrap_err();
    assert_eq!(e, OddsError::TooManyWildcards { wildcards: 15, hand_size: 14 });
    assert!(e.to_string().contains("15 wildcards"));
    let mut copies = [4; 34];
    copies[Tile::EAST.index()] = 5;
    assert_eq!(Wall::new(copies).unwrap_err(), OddsError::TooManyCopies { tile: Tile::EAST, copies: 5 });
    let tiny = Wall::new(std::array::from_fn(|t| u8::from(t < 3))).unwrap();
    assert_eq!(odds::exact_in(&Rules::STANDARD, 0, &tiny).unwrap_err(), OddsError::WallTooSmall { wall: 3, drawn: 14 });
    assert!(odds::estimate_in(&Rules::STANDARD, 0, &tiny, 10, 1).is_err());
    let mut six = Rules::STANDARD;
    six.melds = 6;
    assert_eq!(odds::exact(&six, 0).unwrap_err(), OddsError::UnsupportedMelds { melds: 6 });
}
