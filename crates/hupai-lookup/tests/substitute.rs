//! `substitute` against `backtrack`: exhaustive one-suit and honors hands with 0–8 wildcards
//! (sampled in debug, in full with `HUPAI_FULL=1`), declared melds, random deals under every preset
//! with and without the fifth-copy rule, and the hands S000's pruning misses.

mod index_common;

use hupai_lookup::Substitute;
use hupai_lookup::substitute;
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Error, Feature, Hand, Meld, Rules, Tile, TileCounts, TileSet};
use index_common::*;

/// The sweeps cover 0–8 wildcards (the range the wildcard tables cover); random deals go up to 14.
const SWEEP_WILDCARDS: u8 = 8;

fn sweep_rules() -> Vec<Rules> {
    [Rules::STANDARD, Rules::RIICHI, Rules::CHINESE]
        .into_iter()
        .flat_map(|r| [r, r.with_wildcard_fifth_copy(true)])
        .collect()
}

#[test]
fn one_suit_hands_with_wildcards_agree_with_backtrack() {
    let rules = sweep_rules();
    for wild in 0..=SWEEP_WILDCARDS {
        for short in [false, true] {
            let tiles = 14 - wild as u32 - short as u32;
            let all = patterns(9, tiles);
            // Larger sweeps are thinned harder in debug; HUPAI_FULL=1 runs every hand.
            let step = stride((all.len() / 120).max(1));
            for (i, p) in all.iter().enumerate().step_by(step) {
                let hand = hand_of(p, 9 * (i % 3), wild);
                for r in &rules {
                    agree(&Substitute, &hand, r, !short && (wild <= 2 || i % 16 == 0));
                }
            }
        }
    }
}

#[test]
fn honors_hands_with_wildcards_agree_with_backtrack() {
    let rules = sweep_rules();
    for wild in 0..=SWEEP_WILDCARDS {
        for short in [false, true] {
            let all = patterns(7, 14 - wild as u32 - short as u32);
            let step = stride((all.len() / 150).max(1));
            for p in all.iter().step_by(step) {
                let hand = hand_of(p, 27, wild);
                for r in &rules {
                    agree(&Substitute, &hand, r, !short && wild <= 3);
                }
            }
        }
    }
}

#[test]
fn declared_melds_with_wildcards_agree_with_backtrack() {
    let rules = sweep_rules();
    let declared = [Meld::Kan(Tile::ALL[27]), Meld::Pon(Tile::ALL[4]), Meld::Chi(Tile::ALL[2])];
    for n in 1..=declared.len() {
        for wild in 0..=5u8 {
            let tiles = (14 - 3 * n) as u32 - wild as u32;
            let all = patterns(9, tiles);
            let step = stride((all.len() / 150).max(1));
            for p in all.iter().step_by(step) {
                let mut c = TileCounts::EMPTY;
                c.0[..9].copy_from_slice(p);
                let Ok(hand) = Hand::new(c, wild, &declared[..n]) else { continue };
                for r in &rules {
                    agree(&Substitute, &hand, r, wild <= 3);
                }
            }
        }
    }
}

#[test]
fn random_deals_agree_with_backtrack_under_every_rule() {
    let mut rng = Rng(0x5ab5_717e);
    let deals = if full() { 20_000 } else { 400 };
    for i in 0..deals {
        for rules in all_rules() {
            let wild = [0, 1, 2, 3, 4, 5, 6, 7, 8, 2, 3, 4, 11, 14][i % 14];
            let melds = [0, 0, 1, 2][i % 4];
            let short = i % 5 == 4;
            let hand = if i % 2 == 0 {
                deal(&mut rng, &rules, wild, melds, short)
            } else {
                winning_deal(&mut rng, &rules, wild, melds, short)
            };
            agree(&Substitute, &hand, &rules, wild <= 4 && i % 3 == 0);
        }
    }
}

#[test]
fn finds_what_s000_pruning_misses() {
    // S000 keeps kinds held and their neighbours; under the four-copy limit that is not enough.
    let s000 = |hand: &Hand| -> TileSet {
        let mut s = TileSet::EMPTY;
        for t in hand.concealed().kinds().iter() {
            s.insert(t);
            if !t.is_honor() {
                if t.rank() > 1 {
                    s.insert(Tile::ALL[t.index() - 1]);
                }
                if t.rank() < 9 {
                    s.insert(Tile::ALL[t.index() + 1]);
                }
            }
        }
        s
    };
    for text in ["111z222z333z44z***", "111z222z333z444z**", "111z222z333z*****", "111z222z33z***[444z]"] {
        let hand: Hand = text.parse().unwrap();
        let rules = Rules::STANDARD;
        assert!(Backtrack.is_win(&hand, &rules).unwrap(), "{text}");
        assert!(Substitute.is_win(&hand, &rules).unwrap(), "{text}");
        // Every winning assignment uses a kind outside S000's candidates.
        let inside = s000(&hand);
        let decs = Backtrack.decompositions(&hand, &rules).unwrap();
        assert!(
            decs.iter().all(|d| {
                let c = d.counts();
                Tile::ALL.iter().any(|&t| c[t] > hand.concealed()[t] && !inside.contains(t))
            }),
            "{text}: S000's pruning would have found it"
        );
        assert!(!substitute::candidates(&hand, &rules).is_empty());
    }
}

#[test]
fn all_wildcards_and_seventeen_tiles() {
    let hand: Hand = "**************".parse().unwrap();
    for rules in all_rules().iter().filter(|r| r.melds == 4) {
        assert!(Substitute.is_win(&hand, rules).unwrap());
    }
    let hand: Hand = "*****************".parse().unwrap();
    assert_eq!(
        Substitute.is_win(&hand, &Rules::TAIWAN),
        Err(Error::Unsupported { algorithm: "substitute", feature: Feature::TooManyWildcards(17) })
    );
    let hand: Hand = "123m456p789s123456z**".parse().unwrap();
    assert_eq!(
        Substitute.is_win(&hand, &Rules::TAIWAN),
        Err(Error::Unsupported { algorithm: "substitute", feature: Feature::HandSize(17) })
    );
}
