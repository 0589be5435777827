//! Many wildcards under the fifth-copy option and the GB rules: the answers against the brute
//! force and the definitions (a draw is effective when it lowers the shanten; advice is the
//! effective tiles after each discard), and the cost: at most ten times a hand without wildcards.
//! (The layered fifth-copy program and the knitted forms once took milliseconds per hand here;
//! a distance at the floor, the target's size less the real tiles, now ends the search.)

mod common;

use std::time::{Duration, Instant};

use common::{Rng, brute_shanten_of, full, random_hand_of};
use hupai_shanten::{Discard, discard_advice, effective_tiles, shanten};
use hupai_tiles::{Hand, Rules, Tile, TileCounts};

fn rule_sets() -> [Rules; 5] {
    [
        Rules::STANDARD.with_wildcard_fifth_copy(true),
        Rules::CHINESE.with_wildcard_fifth_copy(true),
        Rules::GB,
        Rules::GB.with_wildcard_fifth_copy(true),
        Rules::SICHUAN.with_wildcard_fifth_copy(true),
    ]
}

/// Random hands with `w` wildcards, complete (`short` false) or one short.
fn hands(rules: &Rules, n: usize, w: u8, short: bool, seed: u64) -> Vec<Hand> {
    let mut rng = Rng(seed);
    let total = rules.hand_size() - usize::from(short);
    (0..n).map(|_| random_hand_of(&mut rng, rules.tiles.kinds().bits(), total - w as usize, w, 0)).collect()
}

#[test]
fn many_wildcards_agree_with_the_brute_force_and_the_definitions() {
    let per = if full() { 40 } else { 3 };
    let mut checked = 0;
    for rules in rule_sets() {
        for w in [5u8, 7, 9, 11, 12, 13] {
            for short in [false, true] {
                for h in hands(&rules, per, w, short, u64::from(w) * 31 + u64::from(short)) {
                    let s = shanten(&h, &rules).unwrap().number;
                    assert_eq!(Some(i32::from(s)), brute_shanten_of(&h, &rules), "{h} under {rules}");
                    if short {
                        let e = effective_tiles(&h, &rules, &TileCounts::EMPTY).unwrap();
                        assert_eq!(e.shanten, s, "{h} under {rules}");
                        for t in rules.tiles.kinds().iter() {
                            if h.held_counts()[t] >= 4 {
                                continue;
                            }
                            let drawn = shanten(&h.with_tile_unchecked(t), &rules).unwrap().number;
                            let listed = e.tiles.iter().any(|x| x.tile == t);
                            assert_eq!(listed, drawn < s, "{h} + {t} under {rules}");
                        }
                    } else {
                        for option in discard_advice(&h, &rules, &TileCounts::EMPTY).unwrap() {
                            let (mut counts, mut wild) = (*h.concealed(), h.wildcards());
                            match option.discard {
                                Discard::Tile(t) => counts.0[t.index()] -= 1,
                                Discard::Wildcard => wild -= 1,
                            }
                            let after = Hand::from_counts(counts, wild).unwrap();
                            let e = effective_tiles(&after, &rules, &TileCounts::EMPTY).unwrap();
                            assert_eq!(option.after.shanten, e.shanten, "{h} - {:?} under {rules}", option.discard);
                            let kinds =
                                |x: &hupai_shanten::Effective| x.tiles.iter().map(|t| t.tile).collect::<Vec<Tile>>();
                            assert_eq!(kinds(&option.after), kinds(&e), "{h} - {:?} under {rules}", option.discard);
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 150, "{checked}");
}

/// The least time over `rounds` of answering every hand (advice for complete hands, effective
/// tiles for hands one short): the least is the run the machine disturbed least.
fn least_time(hands: &[Hand], rules: &Rules, rounds: usize) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            for h in hands {
                if (h.tile_count() % 3) == 2 {
                    std::hint::black_box(discard_advice(h, rules, &TileCounts::EMPTY).unwrap());
                } else {
                    std::hint::black_box(effective_tiles(h, rules, &TileCounts::EMPTY).unwrap());
                }
            }
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn thirteen_wildcards_cost_at_most_ten_plain_hands() {
    for rules in [Rules::STANDARD.with_wildcard_fifth_copy(true), Rules::GB, Rules::GB.with_wildcard_fifth_copy(true)] {
        for short in [false, true] {
            let plain = hands(&rules, 40, 0, short, 7);
            let wild = hands(&rules, 40, 13, short, 7);
            let (p, w) = (least_time(&plain, &rules, 5), least_time(&wild, &rules, 5));
            assert!(w <= 10 * p, "{rules}, one short {short}: 13 wildcards {w:?}, none {p:?}");
        }
    }
}
