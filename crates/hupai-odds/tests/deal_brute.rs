//! The exact odds against brute force: on small walls (a few kinds, some with fewer than four
//! copies) every deal is enumerated, weighted by the ways the wall deals it, and judged by the
//! reference search `hupai_search::Backtrack`; the winners must number exactly what
//! `odds::exact_in` counts. Wildcards still stand for any of the 34 kinds, so the groups they form
//! outside the small wall, the copy limit and the fifth-copy rule are all exercised. Small hands
//! (2 and 5 tiles) are enumerated over the full 136-tile wall.
//!
//! Debug builds run the smaller walls; `HUPAI_FULL=1` adds a full suit, the orphans and 17-tile
//! hands of a whole suit (use `--release`).

use hupai_odds::deal::{self as odds, Wall};
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Hand, Rules, Tile, TileCounts};

fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

fn binomial(n: u8, k: u8) -> u128 {
    if k > n {
        return 0;
    }
    (0..k as u128).fold(1, |c, i| c * (n as u128 - i) / (i + 1))
}

/// Winning deals by enumeration: every count pattern over the wall's kinds with `drawn` tiles.
fn brute(rules: &Rules, wildcards: u8, wall: &Wall) -> (u128, usize) {
    brute_with(rules, wildcards, None, wall)
}

/// [`brute`], the dealt copies of `wildcard_tile` (if any) turned into wildcards.
fn brute_with(rules: &Rules, wildcards: u8, wildcard_tile: Option<Tile>, wall: &Wall) -> (u128, usize) {
    struct Walk<'a> {
        rules: &'a Rules,
        wildcards: u8,
        wildcard_tile: Option<Tile>,
        kinds: Vec<usize>,
        copies: [u8; 34],
        counts: [u8; 34],
        wins: u128,
        hands: usize,
    }
    impl Walk<'_> {
        fn go(&mut self, i: usize, left: u32, ways: u128) {
            if i == self.kinds.len() {
                if left == 0 {
                    let mut hand = Hand::from_counts(TileCounts(self.counts), self.wildcards).unwrap();
                    if let Some(t) = self.wildcard_tile {
                        hand = hand.with_wildcard_tile(t).unwrap();
                    }
                    self.hands += 1;
                    if Backtrack.is_win(&hand, self.rules).unwrap() {
                        self.wins += ways;
                    }
                }
                return;
            }
            let room: u32 = self.kinds[i..].iter().map(|&t| self.copies[t] as u32).sum();
            if room < left {
                return;
            }
            let t = self.kinds[i];
            for c in 0..=(self.copies[t] as u32).min(left) as u8 {
                self.counts[t] = c;
                self.go(i + 1, left - c as u32, ways * binomial(self.copies[t], c));
            }
            self.counts[t] = 0;
        }
    }
    let copies = *wall.copies();
    let mut w = Walk {
        rules,
        wildcards,
        wildcard_tile,
        kinds: (0..34).filter(|&t| copies[t] > 0).collect(),
        copies,
        counts: [0; 34],
        wins: 0,
        hands: 0,
    };
    w.go(0, (rules.hand_size() - wildcards as usize) as u32, 1);
    (w.wins, w.hands)
}

/// A wall from `(first kind, copies per kind)` runs, e.g. `[(0, &[4, 4]), (27, &[2])]` is 1m 2m
/// four times each and East twice.
fn wall(runs: &[(usize, &[u8])]) -> Wall {
    let mut copies = [0u8; 34];
    for &(first, run) in runs {
        copies[first..first + run.len()].copy_from_slice(run);
    }
    Wall::new(copies).unwrap()
}

/// The classic presets: the exact count refuses the void suit, the 2-5-8 pair and the knitted forms.
fn rule_sets() -> Vec<(&'static str, Rules)> {
    Rules::PRESETS
        .iter()
        .filter(|(_, r)| r.is_classic())
        .flat_map(|&(n, r)| [(n, r), (n, r.with_wildcard_fifth_copy(true))])
        .collect()
}

/// Checks every rule set and every wildcard count in `ks` that the wall can deal.
fn check(walls: &[(&str, Wall)], ks: std::ops::RangeInclusive<u8>, only_melds: Option<u8>) -> usize {
    let (mut hands, mut questions, mut winners) = (0, 0, 0);
    for (wall_name, wall) in walls {
        for (name, mut rules) in rule_sets() {
            if let Some(m) = only_melds {
                if rules.melds != 4 {
                    continue;
                }
                rules.melds = m;
            }
            for k in ks.clone() {
                let drawn = rules.hand_size().saturating_sub(k as usize);
                if k as usize > rules.hand_size() || drawn as u32 > wall.tiles() {
                    continue;
                }
                let (wins, n) = brute(&rules, k, wall);
                let exact = odds::exact_in(&rules, k, wall).unwrap();
                assert_eq!(exact.winning_deals, wins, "{wall_name}, {name} {rules}, K={k}");
                hands += n;
                questions += 1;
                winners += usize::from(wins > 0);
            }
        }
    }
    // The checks must mean something: most questions have winners.
    assert!(winners * 2 > questions, "{winners} of {questions} questions have winners");
    hands
}

#[test]
fn small_walls_match_brute_force() {
    let walls = [
        ("honors", wall(&[(27, &[4; 7])])),
        ("1-4m and East, South, West", wall(&[(0, &[4; 4]), (27, &[4; 3])])),
        ("1-5m twice each", wall(&[(0, &[2; 5])])),
        ("1-3m, 7-9p, East twice each", wall(&[(0, &[2; 3]), (15, &[2; 3]), (27, &[2])])),
        ("1-2m, 8-9s, White, one to four copies", wall(&[(0, &[4, 1]), (25, &[3, 4]), (33, &[4])])),
    ];
    let hands = check(&walls, 0..=8, None);
    assert!(hands > 10_000, "{hands} hands");
}

#[test]
fn tiny_hands_on_the_full_wall_match_brute_force() {
    // Two-tile hands (a pair) with 0–2 wildcards, five-tile hands (a meld and a pair) with 1–5, or
    // 0–5 in full: every kind of the real wall, honors and the copy limit included.
    let walls = [("full wall", Wall::FULL)];
    let mut hands = check(&walls, 0..=2, Some(0));
    hands += check(&walls, if full() { 0..=5 } else { 1..=5 }, Some(1));
    assert!(hands > 50_000, "{hands} hands");
}

#[test]
fn bigger_walls_match_brute_force() {
    let (walls, ks) = if full() {
        (
            vec![
                ("1-9m", wall(&[(0, &[4; 9])])),
                ("orphans twice each", wall(&[(0, &[2]), (8, &[2]), (9, &[2]), (17, &[2]), (18, &[2]), (26, &[2; 8])])),
                ("1-6m and East", wall(&[(0, &[4; 6]), (27, &[4])])),
            ],
            0..=8,
        )
    } else {
        // One full suit with many wildcards; seventeen-tile hands of 1-6m (a suit above 14 tiles).
        (vec![("1-9m", wall(&[(0, &[4; 9])])), ("1-6m", wall(&[(0, &[4; 6])]))], 6..=8)
    };
    let hands = check(&walls, ks, None);
    assert!(hands > 1_000, "{hands} hands");
}

#[test]
fn seventeen_tiles_in_one_suit_match_brute_force() {
    // Taiwan rules with up to 17 tiles of one suit: the patterns above the tables' 14 tiles come
    // from the library's own program; brute force checks them.
    let suit = if full() { wall(&[(0, &[4; 9])]) } else { wall(&[(0, &[4, 4, 3, 4, 4])]) };
    let rules = [Rules::TAIWAN, Rules::TAIWAN.with_wildcard_fifth_copy(true)];
    let mut hands = 0;
    for r in rules {
        for k in 0..=if full() { 8 } else { 3 } {
            let (wins, n) = brute(&r, k, &suit);
            assert_eq!(odds::exact_in(&r, k, &suit).unwrap().winning_deals, wins, "{r} K={k}");
            hands += n;
        }
    }
    assert!(hands > 100, "{hands} hands");
}

#[test]
fn wildcard_tiles_match_brute_force() {
    // Deals that draw copies of the wildcard tile (red dragon, or 2m inside a suit) turn them into
    // wildcards: the exact count splits by how many were drawn; brute force deals them as tiles.
    let red = Tile::RED;
    let two_m: Tile = "2m".parse().unwrap();
    let walls = [
        ("1-4m, East, Red", wall(&[(0, &[4; 4]), (27, &[4]), (33, &[4])]), red),
        ("1-5m twice, Red three times", wall(&[(0, &[2; 5]), (33, &[3])]), red),
        ("1-4m, 2m wild", wall(&[(0, &[4; 4])]), two_m),
    ];
    let (mut hands, mut questions, mut winners) = (0, 0, 0);
    for (wall_name, wall, tile) in &walls {
        for (name, rules) in rule_sets() {
            for k in 0..=3u8 {
                let drawn = rules.hand_size().saturating_sub(k as usize);
                if drawn as u32 > wall.tiles() {
                    continue;
                }
                let (wins, n) = brute_with(&rules, k, Some(*tile), wall);
                let exact = odds::exact_with_wildcard_tile_in(&rules, k, *tile, wall).unwrap();
                assert_eq!(exact.winning_deals, wins, "{wall_name}, {name} {rules}, K={k}, {tile} wild");
                assert_eq!(exact.deals, binomial(wall.tiles() as u8, drawn as u8));
                hands += n;
                questions += 1;
                winners += usize::from(wins > 0);
            }
        }
    }
    assert!(winners * 2 > questions, "{winners} of {questions} questions have winners");
    assert!(hands > 1_000, "{hands} hands");
}
