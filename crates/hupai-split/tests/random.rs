//! Random deals and random winning hands (fixed seeds) under every preset, with wildcards and
//! declared melds, against `hupai_search::Backtrack` and the brute force. `HUPAI_FULL=1` runs ten
//! times as many.

mod common;

use common::{Brute, Rng, deal, full, winning_parts, with_wildcards};
use hupai_search::Backtrack;
use hupai_split::Split;
use hupai_tiles::{Algorithm, Answer, Hand, Meld, Rules, Tile, TileCounts};

fn rounds(n: usize) -> usize {
    if full() { 10 * n } else { n }
}

/// The same answer from split, backtrack and the brute force; returns split's.
fn agree(hand: &Hand, rules: &Rules) -> Answer {
    let split = Split::default().answer(hand, rules);
    assert_eq!(split, Backtrack.answer(hand, rules), "split vs backtrack on {hand} ({rules})");
    assert_eq!(split, Brute.answer(hand, rules), "split vs brute on {hand} ({rules})");
    split.expect("random hands are valid")
}

/// A winning hand with `declared` of its melds declared (a triplet sometimes as a kan when the
/// fourth copy is free).
fn winning_hand(rng: &mut Rng, rules: &Rules, declared: usize) -> Hand {
    let (pair, parts) = winning_parts(rng, rules.melds as usize);
    let mut counts = TileCounts::EMPTY;
    counts.0[pair] += 2;
    let mut melds = Vec::new();
    for (i, &(seq, t)) in parts.iter().enumerate() {
        let tile = Tile::ALL[t];
        if i < declared {
            melds.push(if seq { Meld::Chi(tile) } else { Meld::Pon(tile) });
        } else if seq {
            for k in 0..3 {
                counts.0[t + k] += 1;
            }
        } else {
            counts.0[t] += 3;
        }
    }
    let hand = Hand::new(counts, 0, &melds).expect("parts keep copies at four");
    // Upgrade a pon to a kan where the fourth copy is still free.
    if let Some(pos) = melds.iter().position(|m| matches!(m, Meld::Pon(_)))
        && rng.below(3) == 0
    {
        let t = melds[pos].tile();
        if hand.physical_counts()[t] < 4 {
            melds[pos] = Meld::Kan(t);
            return Hand::new(counts, 0, &melds).expect("checked the fourth copy");
        }
    }
    hand
}

#[test]
fn random_deals_win_checks() {
    let mut rng = Rng(0x5EED_0003);
    for rules in [Rules::STANDARD, Rules::RIICHI, Rules::CHINESE, Rules::TAIWAN] {
        let mut wins = 0;
        for _ in 0..rounds(3000) {
            let hand = Hand::from_counts(deal(&mut rng, rules.hand_size()), 0).unwrap();
            wins += (agree(&hand, &rules) == Answer::Win(true)) as usize;
        }
        let mut built = 0;
        for _ in 0..rounds(2000) {
            let declared = rng.below(3);
            let hand = winning_hand(&mut rng, &rules, declared);
            built += (agree(&hand, &rules) == Answer::Win(true)) as usize;
        }
        println!("{rules}: {wins} random deals win; {built} built hands win");
        assert_eq!(built, rounds(2000), "every built hand wins");
    }
}

#[test]
fn random_waits() {
    let mut rng = Rng(0x5EED_0013);
    for rules in [Rules::STANDARD, Rules::RIICHI, Rules::TAIWAN] {
        let mut tenpai = 0;
        for i in 0..rounds(600) {
            // Half random deals, half winning hands with one tile removed (mostly tenpai).
            let hand = if i.is_multiple_of(2) {
                Hand::from_counts(deal(&mut rng, rules.hand_size() - 1), 0).unwrap()
            } else {
                let declared = rng.below(2);
                let full = winning_hand(&mut rng, &rules, declared);
                let mut c = *full.concealed();
                let t = (0..34).cycle().skip(rng.below(34)).find(|&t| c.0[t] > 0).unwrap();
                c.0[t] -= 1;
                Hand::new(c, 0, full.melds()).unwrap()
            };
            if let Answer::Waits(w) = agree(&hand, &rules) {
                tenpai += !w.is_empty() as usize;
            }
        }
        println!("{rules}: {tenpai} hands wait on something");
        assert!(tenpai > 0);
    }
}

#[test]
fn random_wildcard_hands() {
    let mut rng = Rng(0x5EED_0023);
    for base in [Rules::STANDARD, Rules::CHINESE, Rules::RIICHI, Rules::TAIWAN] {
        for rules in [base, base.with_wildcard_fifth_copy(true)] {
            let mut wins = 0;
            for i in 0..rounds(400) {
                let k = 1 + rng.below(4);
                let hand = if i.is_multiple_of(2) {
                    Hand::from_counts(deal(&mut rng, rules.hand_size()), 0).unwrap()
                } else {
                    let declared = rng.below(2);
                    winning_hand(&mut rng, &rules, declared)
                };
                let hand = with_wildcards(&mut rng, &hand, k);
                wins += (agree(&hand, &rules) == Answer::Win(true)) as usize;
                if i % 8 == 0 {
                    // And the waits of the same hand one tile short.
                    let short = with_wildcards(&mut rng, &hand, 0);
                    let mut c = *short.concealed();
                    if let Some(t) = (0..34).find(|&t| c.0[t] > 0) {
                        c.0[t] -= 1;
                        agree(&Hand::new(c, short.wildcards(), short.melds()).unwrap(), &rules);
                    }
                }
            }
            println!("{rules}: {wins} wildcard hands win");
            assert!(wins > rounds(400) / 2 - rounds(400) / 10);
        }
    }
}

#[test]
fn many_wildcards() {
    // Up to a whole hand of wildcards, where leftovers must become melds on free kinds.
    let mut rng = Rng(0x5EED_0033);
    for rules in [Rules::STANDARD, Rules::TAIWAN, Rules::CHINESE.with_wildcard_fifth_copy(true)] {
        for _ in 0..rounds(200) {
            let k = 4 + rng.below(rules.hand_size() - 3);
            let hand = Hand::from_counts(deal(&mut rng, rules.hand_size()), 0).unwrap();
            agree(&with_wildcards(&mut rng, &hand, k), &rules);
        }
    }
    let all_wild: Hand = "**************".parse().unwrap();
    assert_eq!(agree(&all_wild, &Rules::STANDARD), Answer::Win(true));
}
