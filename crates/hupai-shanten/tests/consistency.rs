//! Shanten against the win checks and waits of `hupai-lookup`'s suit-table (itself checked against
//! the reference backtrack): shanten −1 exactly when the hand wins, 0 exactly when a hand one short
//! has waits, and then its effective tiles are its waits. Discard advice against effective tiles
//! asked one discard at a time. Random hands of every preset, 0–8 wildcards, declared melds.

mod common;

use common::{Rng, full, random_hand_of};
use hupai_lookup::SuitTable;
use hupai_shanten::{Discard, discard_advice, effective_tiles, shanten};
use hupai_tiles::{Algorithm, Hand, Rules, TileCounts, TileSet};

/// Every preset and a declared void suit, each also with the fifth-copy rule.
fn rules_all() -> Vec<Rules> {
    let mut base: Vec<Rules> = Rules::PRESETS.iter().map(|&(_, r)| r).collect();
    base.push(Rules::SICHUAN.with_void(hupai_tiles::Suit::Sou));
    let mut out = base.clone();
    out.extend(base.into_iter().map(|r| r.with_wildcard_fifth_copy(true)));
    out
}

fn hands(rules: &Rules, n: usize, seed: u64) -> Vec<Hand> {
    let mut rng = Rng(seed);
    let size = rules.hand_size();
    (0..n)
        .map(|i| {
            let w = [0u8, 0, 1, 2, 4, 8][i % 6];
            let declared = (i / 6) % 3;
            let total = size - (i / 18) % 2;
            let concealed = total.saturating_sub(3 * declared + w as usize);
            random_hand_of(&mut rng, rules.tiles.kinds().bits(), concealed, w, declared)
        })
        .collect()
}

/// Hands near a win: a few tiles of a winning hand swapped or turned into wildcards, complete and
/// one short (14-tile rules only).
fn near_wins(rules: &Rules, n: usize, seed: u64) -> Vec<Hand> {
    let base: [&str; 4] = ["123m456p789s11122z", "11223344556677m", "19m19p19s1234567z1z", "1112345678999m5m"];
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    if rules.hand_size() != 14 {
        return out;
    }
    for i in 0..n {
        let h: Hand = base[i % 4].parse().unwrap();
        let mut c = h.concealed().0;
        let mut w = 0u8;
        for _ in 0..rng.below(3) {
            let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
            let k = held[rng.below(held.len())];
            c[k] -= 1;
            if rng.below(2) == 0 {
                w += 1;
            } else {
                let into = rng.below(34);
                if c[into] < 4 {
                    c[into] += 1;
                } else {
                    c[k] += 1;
                }
            }
        }
        if let Ok(h) = Hand::from_counts(TileCounts(c), w)
            && h.check_tile_supply(rules).is_ok()
        {
            out.push(h);
            if let Some(k) = (0..34).find(|&k| c[k] > 0) {
                let mut d = c;
                d[k] -= 1;
                out.push(Hand::from_counts(TileCounts(d), w).unwrap());
            }
        }
    }
    out
}

#[test]
fn shanten_agrees_with_wins_and_waits() {
    let n = if full() { 20_000 } else { 600 };
    let mut never = 0;
    for rules in rules_all() {
        let mut all = hands(&rules, n, 11);
        all.extend(near_wins(&rules, n / 2, 12));
        for h in &all {
            let s = match shanten(h, &rules) {
                Ok(s) => s,
                Err(hupai_tiles::Error::NeverWins { .. }) => {
                    // A declared meld of the void suit: no engine finds a win or a wait either.
                    if h.tile_count() == rules.hand_size() {
                        assert!(!SuitTable.is_win(h, &rules).unwrap(), "{h} under {rules}");
                    } else {
                        assert!(SuitTable.waits(h, &rules).unwrap().is_empty(), "{h} under {rules}");
                    }
                    never += 1;
                    continue;
                }
                Err(e) => panic!("{h} under {rules}: {e}"),
            };
            if h.tile_count() == rules.hand_size() {
                let wins = SuitTable.is_win(h, &rules).unwrap();
                assert_eq!(s.number == -1, wins, "{h} under {rules}: {s:?}");
            } else {
                let waits = SuitTable.waits(h, &rules).unwrap();
                assert_eq!(s.number == 0, !waits.is_empty(), "{h} under {rules}: {s:?}, waits {waits:?}");
                let e = effective_tiles(h, &rules, &TileCounts::EMPTY).unwrap();
                assert_eq!(e.shanten, s.number, "{h} under {rules}");
                if s.number == 0 {
                    let kinds: TileSet = e.tiles.iter().map(|t| t.tile).collect();
                    assert_eq!(kinds, waits, "{h} under {rules}: effective tiles of a ready hand");
                }
            }
        }
    }
    // The declared void suit's random melds reach the never-wins case too.
    assert!(never > 0, "no hand with a declared meld of the void suit");
}

#[test]
fn advice_agrees_with_one_discard_at_a_time() {
    let n = if full() { 5_000 } else { 150 };
    let mut rng = Rng(99);
    for rules in rules_all() {
        let size = rules.hand_size();
        let mut all: Vec<Hand> = hands(&rules, n, 21).into_iter().filter(|h| h.tile_count() == size).collect();
        all.extend(near_wins(&rules, n / 4, 22).into_iter().filter(|h| h.tile_count() == size));
        for h in &all {
            // Some visible tiles, within what the hand leaves of the tiles played with (its
            // wildcard-tile copies are its own too).
            let held = h.held_counts();
            let kinds = rules.tiles.kinds();
            let mut visible = TileCounts::EMPTY;
            for _ in 0..rng.below(12) {
                let k = rng.below(34);
                if kinds.contains(hupai_tiles::Tile::ALL[k]) && held.0[k] + visible.0[k] < 4 {
                    visible.0[k] += 1;
                }
            }
            let advice = match discard_advice(h, &rules, &visible) {
                Err(hupai_tiles::Error::NeverWins { .. }) => continue,
                result => result.unwrap_or_else(|e| panic!("{h} under {rules}: {e}")),
            };
            let distinct = (0..34).filter(|&k| h.concealed().0[k] > 0).count() + usize::from(h.wildcards() > 0);
            assert_eq!(advice.len(), distinct, "{h}");
            for w in advice.windows(2) {
                let key = |o: &hupai_shanten::DiscardOption| (o.shanten(), std::cmp::Reverse(o.after.unseen()));
                assert!(key(&w[0]) <= key(&w[1]), "{h}: advice out of order");
            }
            for o in &advice {
                let after = match o.discard {
                    Discard::Tile(t) => {
                        let mut c = *h.concealed();
                        c[t] -= 1;
                        Hand::new(c, h.wildcards(), h.melds()).unwrap()
                    }
                    Discard::Wildcard => h.with_wildcards(h.wildcards() - 1),
                };
                // The discarded tile is seen: pass it as visible to the one-at-a-time question.
                let mut seen = visible;
                if let Discard::Tile(t) = o.discard {
                    seen[t] += 1;
                }
                let direct = effective_tiles(&after, &rules, &seen).unwrap();
                assert_eq!(o.after, direct, "{h} under {rules}, discard {:?}", o.discard);
                assert_eq!(shanten(&after, &rules).unwrap().number, o.shanten());
            }
        }
    }
}

/// Discarding the only wildcard under the fifth-copy option leaves no stand-in: the advice line
/// must match the hand without it (it once kept the stand-in budget of the full hand).
#[test]
fn wildcard_discard_drops_its_stand_in_budget() {
    let mut rules = Rules::STANDARD;
    rules.wildcard_fifth_copy = true;
    for text in ["38m237s35z*[2222m][6666s]", "1111m234p567s11z**"] {
        let h: Hand = text.parse().unwrap();
        let advice = discard_advice(&h, &rules, &TileCounts::EMPTY).unwrap();
        let line = advice.iter().find(|o| o.discard == Discard::Wildcard).unwrap();
        let after = h.with_wildcards(h.wildcards() - 1);
        assert_eq!(line.after, effective_tiles(&after, &rules, &TileCounts::EMPTY).unwrap(), "{text}");
    }
}

#[test]
fn errors_are_typed() {
    let rules = Rules::STANDARD;
    for (text, fragment) in [
        ("123m456p789s", "shanten needs 3k + 1 or 3k + 2 tiles, at most 14"),
        ("123m456p789s111222z", "at most 14"),
        ("", "shanten needs"),
    ] {
        let h: Hand = text.parse().unwrap();
        let e = shanten(&h, &rules).unwrap_err();
        assert!(e.to_string().contains(fragment), "{text}: {e}");
    }
    let complete: Hand = "123m456p789s11122z".parse().unwrap();
    let e = effective_tiles(&complete, &rules, &TileCounts::EMPTY).unwrap_err();
    assert_eq!(e.to_string(), "effective tiles needs a hand of 13 tiles; this one has 14");
    let short: Hand = "123m456p789s1122z".parse().unwrap();
    let e = discard_advice(&short, &rules, &TileCounts::EMPTY).unwrap_err();
    assert_eq!(e.to_string(), "discard advice needs a hand of 14 tiles; this one has 13");
    let melds: Hand = "1m[111z][222z][333z][444z][555z]".parse().unwrap();
    assert!(matches!(shanten(&melds, &rules), Err(hupai_tiles::Error::TooManyMelds { found: 5, max: 4 })));
    // Wide rules this crate does not cover are refused, not guessed.
    let mut wide = Rules::STANDARD;
    wide.melds = 6;
    assert!(shanten(&"1m".parse().unwrap(), &wide).unwrap_err().is_unsupported());
}

#[test]
fn no_panic_on_extreme_hands() {
    let rules = Rules::STANDARD;
    for text in ["*", "**", "*************", "**************", "1111m2222m3333m44m", "[1111m][2222m][3333m][4444m]*"] {
        let h: Hand = text.parse().unwrap();
        let s = shanten(&h, &rules).unwrap();
        assert!(s.number <= 8, "{text}: {s:?}");
        if h.tile_count() % 3 == 2 {
            assert!(!discard_advice(&h, &rules, &TileCounts::EMPTY).unwrap().is_empty());
        } else {
            effective_tiles(&h, &rules, &TileCounts::EMPTY).unwrap();
        }
    }
    // A hand of 255 wildcards is refused by size, not overflowed.
    let h = Hand::from_counts(TileCounts::EMPTY, 255).unwrap();
    assert!(shanten(&h, &rules).is_err());
    let fifth = Rules::STANDARD.with_wildcard_fifth_copy(true);
    let h: Hand = "1111m2222m3333m4m*".parse().unwrap();
    assert_eq!(shanten(&h, &fifth).unwrap().number, -1);
}

/// `melds_distance` on a hand's concealed tiles is its melds-form shanten plus one; taking tiles
/// out never brings it nearer, and costs at most one tile a tile taken out.
#[test]
fn melds_distance_agrees_with_shanten() {
    let mut rng = Rng(0x5eed_d157);
    for i in 0..4000 {
        let size = [13, 14, 10, 11, 7][i % 5];
        let declared = (14 - size) / 3;
        let hand = random_hand_of(&mut rng, Rules::STANDARD.tiles.kinds().bits(), size, 0, 0);
        let needed = 4 - declared;
        let d = hupai_shanten::melds_distance(hand.concealed(), needed).unwrap();
        let s = shanten(&hand, &Rules::STANDARD).unwrap();
        assert_eq!(i16::from(d) - 1, i16::from(s.melds), "{hand}");
        let mut fewer = *hand.concealed();
        let k = rng.below(34);
        if fewer.0[k] > 0 {
            fewer.0[k] -= 1;
            let e = hupai_shanten::melds_distance(&fewer, needed).unwrap();
            assert!(e >= d && e <= d + 1, "{hand} without kind {k}: {e} against {d}");
        }
    }
}

#[test]
fn melds_distance_refuses_what_no_hand_holds() {
    let mut five = TileCounts::EMPTY;
    five.0[3] = 5;
    assert!(matches!(hupai_shanten::melds_distance(&five, 4), Err(hupai_tiles::Error::TooManyCopies { count: 5, .. })));
    assert!(matches!(
        hupai_shanten::melds_distance(&TileCounts::EMPTY, 9),
        Err(hupai_tiles::Error::TooManyMelds { found: 9, .. })
    ));
    // Nothing held: four melds and a pair are fourteen tiles to add.
    assert_eq!(hupai_shanten::melds_distance(&TileCounts::EMPTY, 4).unwrap(), 14);
}
