//! `PackedHand` under random play: after every draw, discard, wildcard and declared meld its cached
//! keys, costs and masks equal a fresh pack of the same hand, and its verdicts and waits equal the
//! `backtrack` reference under every preset, with and without the fifth-copy rule.

use hupai::{Algorithm, Hand, HandShape, Meld, PackedHand, Rules, Tile};
use hupai_search::Backtrack;

/// SplitMix64: a deterministic stream for the test.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn all_rules() -> Vec<Rules> {
    Rules::PRESETS.iter().flat_map(|&(_, r)| [r, r.with_wildcard_fifth_copy(true)]).collect()
}

/// Compares every answer the packed hand gives with the reference on the same `Hand`.
fn agree(packed: &PackedHand, rules: &Rules, context: &str) {
    let hand = packed.to_hand();
    assert_eq!(packed.tile_count(), hand.tile_count(), "{context}: {hand}");
    match hand.shape(rules) {
        Ok(HandShape::Complete) => {
            assert_eq!(packed.is_win(rules), Backtrack.is_win(&hand, rules), "{context}: win of {hand} under {rules}");
            assert!(packed.waits(rules).is_err(), "{context}: waits of a complete hand");
        }
        Ok(HandShape::OneShort) => {
            assert_eq!(packed.waits(rules), Backtrack.waits(&hand, rules), "{context}: waits of {hand} under {rules}");
            assert!(packed.is_win(rules).is_err(), "{context}: a win check of a short hand");
        }
        Err(e) => {
            assert_eq!(packed.answer(rules).unwrap_err(), e, "{context}: {hand}");
        }
    }
}

#[test]
fn random_play_keeps_the_pack_fresh_and_the_answers_exact() {
    let mut rng = Rng(0x0068_7570_6169);
    let rules = all_rules();
    let games = if std::env::var_os("HUPAI_FULL").is_some() { 4000 } else { 300 };
    for game in 0..games {
        let seventeen = game % 5 == 4;
        let size = if seventeen { 17 } else { 14 };
        let mut packed = PackedHand::new();
        let mut steps = 0;
        while steps < 60 {
            steps += 1;
            let roll = rng.below(100);
            let tile = Tile::ALL[rng.below(34)];
            let before = packed.clone();
            let result = if packed.tile_count() < size && roll < 55 {
                packed.add(tile)
            } else if packed.tile_count() < size && roll < 62 {
                packed.add_wildcard()
            } else if packed.tile_count() + 3 <= size && roll < 66 {
                let meld = if rng.below(2) == 0 && tile.starts_sequence() { Meld::Chi(tile) } else { Meld::Pon(tile) };
                packed.add_meld(meld)
            } else if roll < 95 {
                packed.remove(tile)
            } else {
                packed.remove_wildcard()
            };
            if result.is_err() {
                assert_eq!(packed, before, "a failed change leaves the hand as it was");
                continue;
            }
            let fresh = PackedHand::from_hand(&packed.to_hand());
            assert_eq!(packed, fresh, "game {game} step {steps}: incremental state differs from a fresh pack");
            if packed.tile_count() + 1 >= size {
                for r in rules.iter().filter(|r| r.hand_size() == size) {
                    agree(&packed, r, &format!("game {game} step {steps}"));
                }
            }
        }
    }
}

#[test]
fn counts_rows_agree_with_hands() {
    let mut rng = Rng(7);
    for i in 0..2000 {
        let mut counts = [0u8; 34];
        let wildcards = (i % 9) as u8;
        let mut placed = 0;
        while placed + wildcards < 14 - (i % 2) as u8 {
            let t = rng.below(34);
            if counts[t] < 4 {
                counts[t] += 1;
                placed += 1;
            }
        }
        let packed = PackedHand::from_counts(&counts, wildcards).unwrap();
        let hand = Hand::from_counts(hupai::TileCounts(counts), wildcards).unwrap();
        assert_eq!(packed, PackedHand::from_hand(&hand));
        for rules in [Rules::STANDARD, Rules::RIICHI, Rules::CHINESE, Rules::CHINESE.with_wildcard_fifth_copy(true)] {
            assert_eq!(packed.answer(&rules), Backtrack.answer(&hand, &rules), "{hand} under {rules}");
        }
    }
    let mut five = [0u8; 34];
    five[3] = 5;
    let err = PackedHand::from_counts(&five, 0).unwrap_err();
    assert_eq!(err.to_string(), "5 copies of 4m, counting concealed tiles and declared melds; there are only 4");
}

#[test]
fn wrong_sizes_are_errors_naming_the_size() {
    let packed = PackedHand::from_hand(&"123m456p789s11z".parse().unwrap());
    let err = packed.is_win(&Rules::STANDARD).unwrap_err();
    assert!(err.to_string().contains("11 tiles"), "{err}");
    let short = PackedHand::from_hand(&"123m456p789s1122z".parse().unwrap());
    let err = short.is_win(&Rules::STANDARD).unwrap_err();
    assert_eq!(err.to_string(), "a win check needs a hand of 14 tiles; this one has 13");
}

#[test]
fn the_front_door_follows_the_regional_rules() {
    let hand: hupai::Hand = "123m456p789s11122z".parse().unwrap();
    assert!(hupai::is_win(&hand, &Rules::STANDARD).unwrap());
    assert!(!hupai::is_win(&hand, &Rules::CHANGSHA).unwrap());
    let knitted: hupai::Hand = "147m258p369s12345z".parse().unwrap();
    assert!(hupai::is_win(&knitted, &Rules::GB).unwrap());
    assert!(!hupai::is_win(&knitted, &Rules::CHINESE).unwrap());
    let void: hupai::Hand = "123456789m11p222s".parse().unwrap();
    assert!(!hupai::is_win(&void, &Rules::SICHUAN.with_void(hupai::Suit::Pin)).unwrap());
    let sichuan = Rules::SICHUAN.with_tiles(hupai::TileSupply::Numbered108);
    assert!(matches!(hupai::is_win(&hand, &sichuan), Err(hupai::Error::NotInTileSet { .. })));
}

/// `is_win_concealed` answers only complete concealed hands it covers, and then as the reference
/// does; `batch::is_win_counts`, which takes that path for such rows, agrees row by row. Rows of
/// every size near a complete hand, with wildcards, fifth copies and hands built to win.
#[test]
fn concealed_counts_agree_with_the_reference() {
    let mut rng = Rng(11);
    let mut answered = 0;
    for i in 0..3000 {
        let mut counts = [0u8; 34];
        let wildcards = (i % 7) as u8;
        let size = [14u8, 13, 15, 17, 14, 14][i % 6];
        if i % 3 == 0 {
            // A winning shape: a pair and melds, wildcards taking the place of some tiles.
            let mut tiles = vec![rng.below(34); 2];
            while tiles.len() < usize::from(size) {
                let t = rng.below(34);
                if rng.below(2) == 0 || t >= 27 || t % 9 > 6 {
                    tiles.extend([t; 3]);
                } else {
                    tiles.extend([t, t + 1, t + 2]);
                }
            }
            for &t in tiles.iter().skip(usize::from(wildcards)).take(usize::from(size - wildcards)) {
                counts[t] += 1;
            }
        } else {
            for _ in wildcards..size {
                counts[rng.below(34)] += 1;
            }
        }
        let hand = Hand::from_counts(hupai::TileCounts(counts), wildcards);
        for rules in all_rules() {
            let fast = hupai::is_win_concealed(&hupai::TileCounts(counts), wildcards, &rules);
            let mut row = [false];
            let batch = hupai::batch::is_win_counts(&[counts], Some(&[wildcards]), &rules, &mut row);
            let Ok(hand) = &hand else {
                assert_eq!(fast, None, "{counts:?}: a fifth copy");
                assert!(batch.is_err(), "{counts:?}: a fifth copy");
                continue;
            };
            let reference = Backtrack.is_win(hand, &rules);
            if let Some(win) = fast {
                answered += 1;
                assert_eq!(Ok(win), reference, "{hand} under {rules}");
            }
            match reference {
                Ok(win) => assert_eq!((batch, row[0]), (Ok(()), win), "{hand} under {rules}"),
                Err(e) => {
                    assert_eq!(batch.map_err(|e| e.to_string()), Err(format!("row 0: {e}")), "{hand} under {rules}")
                }
            }
        }
    }
    assert!(answered > 5000, "the keyed path answered only {answered} rows");
}

/// Hands whose declared melds lower a copy limit while wildcards are held: pungs, kongs and chows
/// declared (one to four), the concealed tiles drawn near the declared kinds so that a wildcard
/// standing for one of them would be a fifth copy, and one to four wildcards. Such hands are
/// answered by the keys first and the exact program after; both sizes are compared with the
/// reference, and enough of them wait or win where a lowered limit binds.
#[test]
fn declared_melds_lowering_a_limit_with_wildcards_agree_with_the_reference() {
    let mut rng = Rng(0x006c_6f77_6572_6564);
    let rules = [Rules::STANDARD, Rules::RIICHI, Rules::CHINESE];
    let (mut compared, mut binding_answers) = (0, 0);
    for _ in 0..6000 {
        // Copies in declared melds, per kind.
        let mut in_melds = [0u8; 34];
        let mut melds = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let t = Tile::ALL[rng.below(27)];
            let meld = match rng.below(4) {
                0 if t.starts_sequence() => Meld::Chi(t),
                1 => Meld::Kan(t),
                2 => Meld::ClosedKan(t),
                _ => Meld::Pon(t),
            };
            let mut after = in_melds;
            meld.tiles().iter().for_each(|k| after[k.index()] += 1);
            if after.iter().all(|&n| n <= 4) {
                in_melds = after;
                melds.push(meld);
            }
        }
        let declared: Vec<usize> = melds.iter().flat_map(|m| m.tiles()).map(|t| t.index()).collect();
        let wildcards = 1 + rng.below(4) as u8;
        let Some(size) = (14 - 3 * melds.len()).checked_sub(usize::from(wildcards) + rng.below(2)) else { continue };
        let mut counts = [0u8; 34];
        let mut placed = 0;
        let mut tries = 0;
        while placed < size && tries < 200 {
            tries += 1;
            // Mostly next to a declared kind, in its suit.
            let t = if rng.below(4) > 0 {
                let d = declared[rng.below(declared.len())];
                let rank = (d % 9) as isize + rng.below(5) as isize - 2;
                if !(0..9).contains(&rank) {
                    continue;
                }
                d - d % 9 + rank as usize
            } else {
                rng.below(34)
            };
            if counts[t] + in_melds[t] < 4 {
                counts[t] += 1;
                placed += 1;
            }
        }
        if placed < size {
            continue;
        }
        let Ok(hand) = Hand::new(hupai::TileCounts(counts), wildcards, &melds) else { continue };
        let packed = PackedHand::from_hand(&hand);
        for r in &rules {
            agree(&packed, r, "declared melds and wildcards");
            compared += 1;
            let answered = match hand.shape(r) {
                Ok(HandShape::Complete) => Backtrack.is_win(&hand, r) == Ok(true),
                Ok(HandShape::OneShort) => Backtrack.waits(&hand, r).is_ok_and(|w| !w.is_empty()),
                Err(_) => false,
            };
            let binds = (0..34).any(|t| in_melds[t] > 0 && counts[t] + wildcards + in_melds[t] > 4);
            binding_answers += usize::from(answered && binds);
        }
    }
    eprintln!("{compared} hands compared, {binding_answers} waiting or winning with a binding limit");
    assert!(compared > 6000 && binding_answers > 300, "{compared} compared, {binding_answers} binding");
}
