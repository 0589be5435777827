//! Exhaustive sweeps: every one-suit hand and every honors hand of 2–17 tiles, through the shared
//! interface, against `hupai_search::Backtrack` and the brute force in `common`. Sampled by
//! default; `HUPAI_FULL=1` runs all of them (use `--release`).

mod common;

use common::{Brute, full, pad_melds};
use hupai_search::Backtrack;
use hupai_split::Split;
use hupai_tiles::{Algorithm, Answer, Hand, Rules, TileCounts};

/// Rules and padding for a concealed part of `n` tiles: standard rules with honor pons for up to
/// 14 tiles, the 16-tile rules for 16 and 17.
fn rules_for(n: usize) -> (Rules, usize) {
    if n >= 15 { (Rules::TAIWAN, (17usize.saturating_sub(n)) / 3) } else { (Rules::STANDARD, (14 - n) / 3) }
}

#[derive(Default, Debug)]
struct Tally {
    hands: u64,
    wins: u64,
    waits_hands: u64,
    with_waits: u64,
    errors: u64,
}

/// Checks one concealed part: the same answer (win, waits or error) from all three.
fn check(counts: TileCounts, pad_from: usize, tally: &mut Tally) {
    let n = counts.total() as usize;
    let (rules, pads) = rules_for(n);
    let melds: Vec<_> = pad_melds(pads).into_iter().map(|m| shift(m, pad_from)).collect();
    let Ok(hand) = Hand::new(counts, 0, &melds) else { return };
    let split = Split::default().answer(&hand, &rules);
    let brute = Brute.answer(&hand, &rules);
    let back = Backtrack.answer(&hand, &rules);
    assert_eq!(split, back, "split vs backtrack on {hand} ({rules})");
    assert_eq!(split, brute, "split vs brute on {hand} ({rules})");
    // The 14-tile hands again with the special forms on (seven pairs fits in one suit).
    if n == 14 {
        for rules in [Rules::RIICHI, Rules::CHINESE] {
            let split = Split::default().answer(&hand, &rules);
            assert_eq!(split, Backtrack.answer(&hand, &rules), "split vs backtrack on {hand} ({rules})");
        }
    }
    tally.hands += 1;
    match split {
        Ok(Answer::Win(w)) => tally.wins += w as u64,
        Ok(Answer::Waits(w)) => {
            tally.waits_hands += 1;
            tally.with_waits += !w.is_empty() as u64;
        }
        Err(_) => tally.errors += 1,
    }
}

/// Pads with honor pons, or with pons of another suit when the hand itself is honors.
fn shift(m: hupai_tiles::Meld, honors_hand: usize) -> hupai_tiles::Meld {
    use hupai_tiles::{Meld, Tile};
    match (m, honors_hand) {
        (Meld::Pon(t), 1) => Meld::Pon(Tile::ALL[t.index() - 27]),
        _ => m,
    }
}

/// Every count vector over `kinds` kinds (each 0–4) with 2–17 tiles, every `stride`-th one.
fn sweep(kinds: usize, offset: usize, stride: usize, honors: usize) -> Tally {
    let mut tally = Tally::default();
    let total = 5usize.pow(kinds as u32);
    let mut code = 0;
    while code < total {
        let mut c = TileCounts::EMPTY;
        let mut n = 0;
        for i in 0..kinds {
            let d = ((code / 5usize.pow(i as u32)) % 5) as u8;
            c.0[offset + i] = d;
            n += d as usize;
        }
        if (2..=17).contains(&n) {
            check(c, honors, &mut tally);
        }
        code += stride;
    }
    tally
}

#[test]
fn every_one_suit_hand() {
    let stride = if full() { 1 } else { 97 };
    let t = sweep(9, 0, stride, 0);
    println!("one suit (stride {stride}): {t:?}");
    assert!(t.wins > 0 && t.with_waits > 0 && t.errors > 0);
}

#[test]
fn every_honors_hand() {
    let stride = if full() { 1 } else { 7 };
    let t = sweep(7, 27, stride, 1);
    println!("honors (stride {stride}): {t:?}");
    assert!(t.wins > 0 && t.with_waits > 0);
}

#[test]
fn every_one_suit_hand_with_wildcards() {
    // One suit plus 1–3 wildcards making 14 (standard) or 17 (16-tile rules) tiles, with and
    // without the fifth-copy rule: the edge rule with stand-ins against backtrack.
    let stride = if full() { 1 } else { 211 };
    let mut checked = 0u64;
    let mut wins = 0u64;
    for code in (0..5usize.pow(9)).step_by(stride) {
        let mut c = TileCounts::EMPTY;
        for i in 0..9 {
            c.0[i] = ((code / 5usize.pow(i as u32)) % 5) as u8;
        }
        let n = c.total() as usize;
        for (size, base) in [(14usize, Rules::STANDARD), (17, Rules::TAIWAN)] {
            let Some(wild) = size.checked_sub(n).filter(|w| (1..=3).contains(w)) else { continue };
            let hand = Hand::from_counts(c, wild as u8).unwrap();
            for rules in [base, base.with_wildcard_fifth_copy(true)] {
                let split = Split::default().is_win(&hand, &rules);
                assert_eq!(split, Backtrack.is_win(&hand, &rules), "split vs backtrack on {hand} ({rules})");
                checked += 1;
                wins += split.unwrap() as u64;
            }
        }
    }
    println!("one suit with wildcards (stride {stride}): {checked} checks, {wins} wins");
    assert!(wins > 0 && wins < checked);
}
