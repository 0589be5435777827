//! Against the `xiangting` crate (v6, four players) on hands without wildcards or declared melds,
//! under riichi rules (seven distinct pairs, thirteen orphans: what it implements).
//!
//! Semantics compared: its replacement number is our shanten + 1 for every hand of 3k + 1 or
//! 3k + 2 tiles (it too measures a small hand against k melds and a pair, and counts seven pairs
//! and thirteen orphans only at 13 and 14 tiles). Its "necessary tiles" of a 3k + 1 hand are our
//! effective tiles; of a 3k + 2 hand, the kinds some cheapest target holds more of than the hand,
//! which is the union of our effective tiles over the discards that keep the shanten. It never
//! lists a kind the hand holds four of (no target holds a fifth copy), and neither do we.
//!
//! An exhaustive one-suit sweep (every pattern of 1–14 tiles in each numbered suit) and random
//! riichi hands of 13 and 14 tiles: 20,000 by default, 1,000,000 with `HUPAI_FULL=1`.

mod common;

use common::{Rng, deal, digits, full, hand};
use hupai_shanten::{discard_advice, effective_tiles, shanten};
use hupai_tiles::{Hand, Rules, TileCounts, TileSet};
use xiangting::{PlayerCount, calculate_necessary_tiles};

const RULES: Rules = Rules::RIICHI;

fn set_of(tiles: impl IntoIterator<Item = hupai_tiles::Tile>) -> TileSet {
    tiles.into_iter().collect()
}

/// Compares one hand; returns false if xiangting rejects its size.
fn compare(h: &Hand) -> bool {
    let counts = h.concealed().0;
    let Ok((replacement, necessary)) = calculate_necessary_tiles(&counts, PlayerCount::Four) else {
        return false;
    };
    let ours = shanten(h, &RULES).unwrap_or_else(|e| panic!("{h}: {e}"));
    assert_eq!(ours.replacement(), replacement, "{h}: replacement number, ours {ours:?}");
    let necessary = TileSet::from_bits(necessary & TileSet::ALL.bits());
    let n = h.tile_count();
    let effective = if n % 3 == 1 {
        let e = effective_tiles(h, &RULES, &TileCounts::EMPTY).unwrap();
        assert_eq!(e.shanten, ours.number, "{h}");
        set_of(e.tiles.iter().map(|t| t.tile))
    } else {
        let advice = discard_advice(h, &RULES, &TileCounts::EMPTY).unwrap();
        let keep = ours.number.max(0);
        set_of(
            advice
                .iter()
                .filter(|o| o.shanten() == keep && ours.number >= 0)
                .flat_map(|o| o.after.tiles.iter().map(|t| t.tile)),
        )
    };
    assert_eq!(effective, necessary, "{h}: effective tiles vs xiangting's necessary tiles");
    true
}

#[test]
fn one_suit_sweep() {
    let mut compared = 0;
    for code in 0..5usize.pow(9) {
        let c = digits(code);
        let tiles: usize = c.iter().map(|&x| x as usize).sum();
        if tiles == 0 || tiles > 14 || tiles.is_multiple_of(3) {
            continue;
        }
        let suit = code % 3;
        let mut counts = [0u8; 34];
        counts[suit * 9..suit * 9 + 9].copy_from_slice(&c);
        // Necessary tiles need the advice for 3k + 2 hands: every pattern in full, a stride by default.
        let h = hand(counts, 0, &[]);
        if tiles % 3 == 2 && !full() && code % 7 != 0 {
            let ours = shanten(&h, &RULES).unwrap();
            let r = xiangting::calculate_replacement_number(&counts, PlayerCount::Four).unwrap();
            assert_eq!(ours.replacement(), r, "{h}");
            compared += 1;
            continue;
        }
        assert!(compare(&h), "{h}");
        compared += 1;
    }
    assert!(compared > 250_000, "{compared}");
}

#[test]
fn random_riichi_hands() {
    let n = if full() { 1_000_000 } else { 20_000 };
    let mut rng = Rng(0x0c0f_fee5);
    for i in 0..n {
        let h = hand(deal(&mut rng, 13 + i % 2), 0, &[]);
        assert!(compare(&h));
    }
}

/// Hands near the special forms, where the forms compete.
#[test]
fn special_form_neighbourhoods() {
    let mut rng = Rng(7);
    let bases = ["19m19p19s1234567z", "1188m2288p55s1177z", "11223344556677m", "1111m22m33p44p55s6s"];
    for base in bases {
        let base: Hand = base.parse().unwrap();
        for _ in 0..300 {
            let mut c = base.concealed().0;
            // Swap one or two tiles for random ones, keeping the copy limit.
            for _ in 0..1 + rng.below(2) {
                let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
                let out = held[rng.below(held.len())];
                let into = rng.below(34);
                if c[into] < 4 && into != out {
                    c[out] -= 1;
                    c[into] += 1;
                }
            }
            assert!(compare(&hand(c, 0, &[])));
        }
    }
}

/// A hand of `n` tiles dealt from the three-player wall: 108 tiles, no 2m–8m.
fn deal_sanma(rng: &mut Rng, n: usize) -> [u8; 34] {
    let kinds: Vec<usize> = (0..34).filter(|&k| k == 0 || k >= 8).collect();
    let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
    for i in (1..wall.len()).rev() {
        let j = rng.below(i + 1);
        wall.swap(i, j);
    }
    let mut c = [0u8; 34];
    for &k in &wall[..n] {
        c[k] += 1;
    }
    c
}

/// Three-player riichi (`Rules::SANMA`) against xiangting's three-player mode: the same
/// replacement numbers, and as effective tiles its necessary tiles (none of 2m–8m: they are not
/// in the game).
#[test]
fn random_three_player_hands() {
    let n = if full() { 1_000_000 } else { 20_000 };
    let mut rng = Rng(0x5a3a);
    for i in 0..n {
        let counts = deal_sanma(&mut rng, 13 + i % 2);
        let h = hand(counts, 0, &[]);
        let ours = shanten(&h, &Rules::SANMA).unwrap_or_else(|e| panic!("{h}: {e}"));
        let (replacement, necessary) = calculate_necessary_tiles(&counts, PlayerCount::Three).unwrap();
        assert_eq!(ours.replacement(), replacement, "{h}: three-player replacement number");
        if i % 2 == 0 {
            let e = effective_tiles(&h, &Rules::SANMA, &TileCounts::EMPTY).unwrap();
            let necessary = TileSet::from_bits(necessary & TileSet::ALL.bits());
            assert_eq!(set_of(e.tiles.iter().map(|t| t.tile)), necessary, "{h}: three-player effective tiles");
        }
    }
}
