//! `combine` against the reference `hupai_search::Backtrack` and an independent brute force:
//! decomposition sets, counts, win verdicts, waits and wait kinds, on one-suit hands (sampled;
//! every hand with `HUPAI_FULL=1`) and seeded random deals under every preset.

mod common;

use std::collections::BTreeSet;

use common::{Rng, all_rules, deal, full, one_suit_hand, one_suit_hands, reference, reference_kinds};
use hupai_combine::{Combine, TypedWait, typed_waits};
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Decomposition, Hand, Rules};

fn compare(hand: &Hand, rules: &Rules) {
    let got = Combine.decompositions(hand, rules).unwrap();
    let want = Backtrack.decompositions(hand, rules).unwrap();
    assert_eq!(got, want, "decompositions of {hand} under {rules} (combine, backtrack)");
    assert_eq!(want, reference(hand, rules), "decompositions of {hand} under {rules} (backtrack, brute force)");
    assert_eq!(Combine.count_decompositions(hand, rules).unwrap(), want.len() as u64, "count for {hand} under {rules}");
    assert_eq!(Combine.is_win(hand, rules).unwrap(), !want.is_empty(), "verdict for {hand} under {rules}");
}

/// Every `step`-th hand (all of them with HUPAI_FULL=1), offset so different wildcard counts
/// sample different hands.
fn sweep(rules: &[Rules], debug_step: usize) {
    let step = if full() { 1 } else { debug_step };
    let mut checked = 0usize;
    for w in 0..=4u8 {
        for (k, c) in one_suit_hands(14 - w as u32).iter().enumerate() {
            if !(k + w as usize).is_multiple_of(step) {
                continue;
            }
            let hand = one_suit_hand(c, w);
            for r in rules {
                compare(&hand, r);
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn one_suit_hands_standard() {
    sweep(&[Rules::STANDARD], 997);
}

#[test]
fn one_suit_hands_special_forms_and_fifth_copy() {
    sweep(&[Rules::RIICHI, Rules::CHINESE.with_wildcard_fifth_copy(true)], 1999);
}

#[test]
fn random_deals_every_preset() {
    let mut rng = Rng(0x5EED_0001);
    let deals = if full() { 400 } else { 12 };
    for rules in all_rules() {
        for w in 0..=8u8 {
            for k in 0..deals {
                let melds = if k % 4 == 3 { 1 + k % 2 } else { 0 };
                let hand = deal(&mut rng, rules.hand_size(), w, melds);
                if hand.shape(&rules).is_err() {
                    continue;
                }
                compare(&hand, &rules);
            }
        }
    }
}

/// Random deals are rarely complete without wildcards; build winning hands on purpose too.
#[test]
fn winning_deals_every_preset() {
    let mut rng = Rng(0x5EED_0002);
    let deals = if full() { 2000 } else { 60 };
    for rules in all_rules() {
        let mut wins = 0;
        for k in 0..deals {
            let hand = common::winning(&mut rng, &rules, (k % 5) as u8);
            compare(&hand, &rules);
            let won = Combine.is_win(&hand, &rules).unwrap();
            if !won {
                eprintln!("not a win: {hand}");
            }
            wins += won as usize;
        }
        assert_eq!(wins, deals, "every built hand wins under {rules}");
    }
}

fn check_waits(hand: &Hand, rules: &Rules) {
    let typed = typed_waits(hand, rules).unwrap();
    let waits = Combine.waits(hand, rules).unwrap();
    assert_eq!(waits, Backtrack.waits(hand, rules).unwrap(), "waits of {hand} under {rules}");
    assert_eq!(typed.iter().map(|w| w.tile).collect::<Vec<_>>(), waits.iter().collect::<Vec<_>>());
    check_kinds(hand, rules, &typed, |complete| reference(complete, rules));
}

/// The typed waits' tiles are exactly the drawable kinds of the rules' tile set whose hand + wait
/// `decompose` finds decompositions for, and each wait's kinds are what those decompositions show.
/// Returns how many wait kinds it compared.
fn check_kinds(
    hand: &Hand,
    rules: &Rules,
    typed: &[TypedWait],
    decompose: impl Fn(&Hand) -> Vec<Decomposition>,
) -> usize {
    let physical = hand.physical_counts();
    let mut want_tiles = Vec::new();
    let mut compared = 0;
    for t in rules.tiles.kinds().iter().filter(|&t| physical[t] < 4) {
        let complete = hand.with_tile(t).unwrap();
        let ds = decompose(&complete);
        if ds.is_empty() {
            continue;
        }
        want_tiles.push(t);
        let kinds: BTreeSet<_> =
            typed.iter().find(|w| w.tile == t).map(|w| w.kinds.iter().collect()).unwrap_or_default();
        assert_eq!(kinds, reference_kinds(&ds, t), "kinds of {t} for {hand} under {rules}");
        compared += kinds.len();
    }
    assert_eq!(typed.iter().map(|w| w.tile).collect::<Vec<_>>(), want_tiles, "waits of {hand} under {rules}");
    compared
}

#[test]
fn waits_and_kinds_match_the_reference() {
    let mut rng = Rng(0x5EED_0003);
    let per = if full() { 200 } else { 8 };
    for rules in all_rules() {
        for w in 0..=3u8 {
            for _ in 0..per {
                // One tile short of a winning hand, so there is something to type.
                let complete = common::winning(&mut rng, &rules, w);
                let hand = common::drop_one(&mut rng, &complete);
                check_waits(&hand, &rules);
            }
        }
    }
}

#[test]
fn one_suit_waits_sample() {
    let step = if full() { 1 } else { 331 };
    for (k, c) in one_suit_hands(13).iter().enumerate() {
        if k.is_multiple_of(step) {
            check_waits(&one_suit_hand(c, 0), &Rules::CHINESE);
        }
    }
}

/// Under the regional options (2-5-8 pair, void suits, the 108/112-tile sets, with the fifth-copy
/// option and declared melds), typed waits come from a fixed-group search on the restricted
/// problem; the kinds must be exactly what backtrack's decompositions of hand + wait show.
#[test]
fn regional_waits_and_kinds_match_the_decompositions() {
    let mut rules_list: Vec<Rules> =
        Rules::PRESETS.iter().map(|&(_, r)| r).filter(|r| !r.is_classic() && !r.knitted).collect();
    for name in ["sichuan+void-m", "sichuan+void-p", "sichuan+void-s", "changsha+5th", "hongzhong+5th"] {
        rules_list.push(name.parse().expect("a rules name"));
    }
    let mut rng = Rng(0x5EED_0004);
    let per = if full() { 400 } else { 40 };
    let mut typed_kinds = 0;
    for rules in &rules_list {
        for w in 0..=5u8 {
            let mut done = 0;
            while done < per {
                let complete = common::winning(&mut rng, rules, w);
                let hand = common::drop_one(&mut rng, &complete);
                // Hands holding kinds outside the rules' tile set are refused, not typed.
                let Ok(typed) = typed_waits(&hand, rules) else { continue };
                done += 1;
                typed_kinds +=
                    check_kinds(&hand, rules, &typed, |complete| Backtrack.decompositions(complete, rules).unwrap());
            }
        }
    }
    assert!(typed_kinds > 500, "only {typed_kinds} wait kinds compared");
}
