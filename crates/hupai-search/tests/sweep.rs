//! Exhaustive sweeps: `Backtrack` and `Matrix` agree on every one-suit hand and every honors-only
//! hand, with 0–4 wildcards, with and without the fifth-copy rule; waits and decompositions on a sample.
//!
//! A debug build checks every `STEP`-th hand; `HUPAI_FULL=1` checks them all (use `--release`).
//! Run with `--nocapture` to see the counts.

use hupai_search::{Backtrack, Matrix};
use hupai_tiles::{Algorithm, Hand, Meld, Rules, Suit, Tile, TileCounts};

fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

/// Calls `f` with every way to put `n` tiles on `kinds` kinds, at most four of each.
fn for_each_pattern(kinds: usize, n: usize, f: &mut dyn FnMut(&[u8])) {
    fn go(pattern: &mut Vec<u8>, kinds: usize, left: usize, f: &mut dyn FnMut(&[u8])) {
        let i = pattern.len();
        if i == kinds {
            if left == 0 {
                f(pattern);
            }
            return;
        }
        let room_after = 4 * (kinds - i - 1);
        for c in 0..=left.min(4) {
            if left - c <= room_after {
                pattern.push(c as u8);
                go(pattern, kinds, left - c, f);
                pattern.pop();
            }
        }
    }
    go(&mut Vec::with_capacity(kinds), kinds, n, f);
}

/// Declared melds that fill a hand of `concealed` tiles (wildcards included) up to the rules'
/// size, away from the swept kinds. Three kinds of padding in turn, so the copy limit also meets
/// declared pons and kans of kinds the wildcards might stand for.
fn padding(swept: Suit, rules: &Rules, concealed: usize, variant: usize) -> Vec<Meld> {
    let n = (rules.hand_size() - concealed) / 3;
    let [a, b] = match swept {
        Suit::Man => ["p", "s"],
        Suit::Pin => ["s", "m"],
        Suit::Sou => ["m", "p"],
        Suit::Honor => ["m", "p"],
    };
    let t = |rank: &str, suit: &str| tile(&format!("{rank}{suit}"));
    let choices: Vec<Meld> = match (variant % 3, swept) {
        (0, _) => vec![
            Meld::Chi(t("1", a)),
            Meld::Chi(t("4", a)),
            Meld::Chi(t("7", a)),
            Meld::Chi(t("1", b)),
            Meld::Chi(t("4", b)),
        ],
        (1, Suit::Honor) => {
            vec![
                Meld::Pon(t("1", a)),
                Meld::Pon(t("9", a)),
                Meld::Pon(t("1", b)),
                Meld::Pon(t("9", b)),
                Meld::Pon(t("5", a)),
            ]
        }
        (1, _) => vec![
            Meld::Pon(tile("1z")),
            Meld::Pon(tile("2z")),
            Meld::Pon(tile("5z")),
            Meld::Pon(tile("7z")),
            Meld::Pon(t("9", a)),
        ],
        (_, Suit::Honor) => {
            vec![
                Meld::Kan(t("2", a)),
                Meld::Kan(t("8", a)),
                Meld::Kan(t("2", b)),
                Meld::Kan(t("8", b)),
                Meld::Kan(t("5", b)),
            ]
        }
        _ => vec![
            Meld::Kan(tile("3z")),
            Meld::Kan(tile("4z")),
            Meld::Kan(tile("6z")),
            Meld::Kan(t("1", a)),
            Meld::Kan(t("5", b)),
        ],
    };
    choices[..n].to_vec()
}

/// What a sweep checked: complete hands (each under several rule sets), their wins, one-short
/// hands and how many of those wait on something, and decomposition lists checked.
#[derive(Debug, Default)]
struct Tally {
    hands: u64,
    checks: u64,
    wins: u64,
    short_hands: u64,
    wait_checks: u64,
    waiting: u64,
    decompositions: u64,
}

/// Sweeps one family of hands (every count pattern over the kinds of one suit) through `sizes`
/// under `rule_sets`. Hand `i` goes to suit `suits[i % suits.len()]`, so every numbered row of
/// the matrix gets swept. `step` samples complete hands, `wait_step` one-short hands,
/// `decomp_step` decompositions among the complete hands checked.
struct Sweep<'a> {
    suits: &'a [Suit],
    sizes: &'a [usize],
    rule_sets: &'a [Rules],
    step: u64,
    wait_step: u64,
    decomp_step: u64,
}

impl Sweep<'_> {
    fn run(&self) -> Tally {
        let mut tally = Tally::default();
        let mut index = 0u64;
        let kinds = self.suits[0].ranks() as usize;
        for &size in self.sizes {
            for one_short in [false, true] {
                let size = size - one_short as usize;
                for wildcards in 0..=4usize.min(size) {
                    for_each_pattern(kinds, size - wildcards, &mut |pattern| {
                        index += 1;
                        let step = if one_short { self.wait_step } else { self.step };
                        if !index.is_multiple_of(step) {
                            return;
                        }
                        if one_short {
                            tally.short_hands += 1;
                        } else {
                            tally.hands += 1;
                        }
                        let suit = self.suits[index as usize % self.suits.len()];
                        let mut counts = TileCounts::EMPTY;
                        counts.0[suit.offset()..suit.offset() + kinds].copy_from_slice(pattern);
                        for rules in self.rule_sets {
                            let complete = rules.hand_size();
                            if complete < size + one_short as usize {
                                continue;
                            }
                            let melds = padding(suit, rules, size + one_short as usize, index as usize);
                            let hand = Hand::new(counts, wildcards as u8, &melds).unwrap();
                            if one_short {
                                let expected = Backtrack.waits(&hand, rules).unwrap();
                                assert_eq!(
                                    Matrix.waits(&hand, rules).unwrap(),
                                    expected,
                                    "waits of {hand} under {rules}"
                                );
                                tally.wait_checks += 1;
                                tally.waiting += !expected.is_empty() as u64;
                                continue;
                            }
                            tally.checks += 1;
                            let win = Backtrack.is_win(&hand, rules).unwrap();
                            assert_eq!(Matrix.is_win(&hand, rules).unwrap(), win, "{hand} under {rules}");
                            tally.wins += win as u64;
                            if tally.checks.is_multiple_of(self.decomp_step) {
                                check_decompositions(&hand, rules, win);
                                tally.decompositions += 1;
                            }
                        }
                    });
                }
            }
        }
        tally
    }
}

/// Backtrack's decompositions are valid, sorted, distinct, and exist exactly when it says the hand wins.
fn check_decompositions(hand: &Hand, rules: &Rules, win: bool) {
    let all = Backtrack.decompositions(hand, rules).unwrap();
    assert_eq!(!all.is_empty(), win, "{hand} under {rules}: win check and enumerator disagree");
    for d in &all {
        assert!(d.is_valid_for(hand, rules), "{hand} under {rules}: invalid decomposition {d}");
    }
    assert!(all.windows(2).all(|w| w[0] < w[1]), "{hand} under {rules}: decompositions not strictly ascending");
}

fn with_fifth(rules: &[Rules]) -> Vec<Rules> {
    rules.iter().flat_map(|r| [*r, r.with_wildcard_fifth_copy(true)]).collect()
}

#[test]
fn one_suit_hands_agree() {
    let full = full();
    let sweep = Sweep {
        suits: &[Suit::Man, Suit::Pin, Suit::Sou],
        sizes: &[2, 5, 8, 11, 14],
        rule_sets: &with_fifth(&[Rules::STANDARD, Rules::RIICHI, Rules::CHINESE]),
        step: if full { 1 } else { 29 },
        wait_step: if full { 7 } else { 199 },
        decomp_step: if full { 13 } else { 53 },
    };
    let t = sweep.run();
    println!("one suit, 2-14 tiles: {t:?}");
    assert!(t.wins > 0 && t.wins < t.checks);
}

#[test]
fn honors_only_hands_agree() {
    let full = full();
    let sweep = Sweep {
        suits: &[Suit::Honor],
        sizes: &[2, 5, 8, 11, 14],
        rule_sets: &with_fifth(&[Rules::STANDARD, Rules::RIICHI, Rules::CHINESE]),
        step: if full { 1 } else { 5 },
        wait_step: if full { 3 } else { 41 },
        decomp_step: if full { 7 } else { 37 },
    };
    let t = sweep.run();
    println!("honors only: {t:?}");
    assert!(t.wins > 0 && t.wins < t.checks);
}

#[test]
fn seventeen_tile_one_suit_hands_agree() {
    let full = full();
    let sweep = Sweep {
        suits: &[Suit::Man, Suit::Pin, Suit::Sou],
        sizes: &[17],
        rule_sets: &with_fifth(&[Rules::TAIWAN]),
        step: if full { 1 } else { 151 },
        wait_step: if full { 11 } else { 1499 },
        decomp_step: if full { 17 } else { 7 },
    };
    let t = sweep.run();
    println!("taiwan, one suit, 17 tiles: {t:?}");
    assert!(t.wins > 0 && t.wins < t.checks);
}
