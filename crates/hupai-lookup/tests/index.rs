//! `index` against `backtrack`: exhaustive one-suit and honors hands (sampled in debug, in full with
//! `HUPAI_FULL=1`), every shape in the table, and random deals under every preset.

mod index_common;

use hupai_lookup::Index;
use hupai_lookup::index::{self, ShapeFlags};
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Feature, Hand, Meld, Rules, Tile, TileCounts};
use index_common::*;

const RULES: [Rules; 3] = [Rules::STANDARD, Rules::RIICHI, Rules::CHINESE];

#[test]
fn one_suit_hands_agree_with_backtrack() {
    let mut answered = 0;
    for (i, p) in patterns(9, 14).iter().enumerate().step_by(stride(5)) {
        let hand = hand_of(p, 9 * (i % 3), 0);
        for rules in RULES {
            answered += agree(&Index, &hand, &rules, true) as usize;
        }
    }
    // One tile short: waits.
    for (i, p) in patterns(9, 13).iter().enumerate().step_by(stride(5)) {
        let hand = hand_of(p, 9 * (i % 3), 0);
        for rules in RULES {
            answered += agree(&Index, &hand, &rules, false) as usize;
        }
    }
    assert!(answered > 10_000, "only {answered} hands answered");
}

#[test]
fn honors_hands_agree_with_backtrack() {
    for tiles in [13, 14] {
        for p in patterns(7, tiles) {
            for rules in RULES {
                assert!(agree(&Index, &hand_of(&p, 27, 0), &rules, true));
            }
        }
    }
}

#[test]
fn one_suit_hands_with_declared_melds_agree_with_backtrack() {
    // The concealed part in the man suit, declared honor pons filling the hand up.
    for declared in 1..=4usize {
        let melds: Vec<Meld> = (0..declared).map(|i| Meld::Pon(Tile::ALL[27 + i])).collect();
        for short in [false, true] {
            let tiles = (14 - 3 * declared - short as usize) as u32;
            for p in patterns(9, tiles).iter().step_by(stride(3)) {
                let mut c = TileCounts::EMPTY;
                c.0[..9].copy_from_slice(p);
                let hand = Hand::new(c, 0, &melds).unwrap();
                for rules in RULES {
                    assert!(agree(&Index, &hand, &rules, !short));
                }
            }
        }
    }
}

/// Places the runs a key spells out into the earliest kinds (blocks never touch), as a hand.
fn hand_of_key(key: u32) -> Hand {
    let runs = index::runs(key).unwrap();
    let mut c = TileCounts::EMPTY;
    let (mut suit, mut pos) = (0usize, 0usize);
    let mut block: Vec<u8> = Vec::new();
    let mut place = |block: &[u8], c: &mut TileCounts| loop {
        if suit < 3 && pos + block.len() <= 9 {
            for (i, &n) in block.iter().enumerate() {
                c.0[9 * suit + pos + i] = n;
            }
            pos += block.len() + 1;
            return;
        } else if suit < 3 {
            suit += 1;
            pos = 0;
        } else {
            assert_eq!(block.len(), 1, "only single kinds go to the honors");
            c.0[27 + pos] = block[0];
            pos += 1;
            return;
        }
    };
    for &(n, brk) in &runs {
        block.push(n);
        if brk {
            place(&block, &mut c);
            block.clear();
        }
    }
    place(&block, &mut c);
    // Declared pons of kinds not held fill the hand up to 14 tiles.
    let mut melds = Vec::new();
    let mut t = 33;
    while c.total() as usize + 3 * melds.len() < 14 {
        if c.0[t] == 0 {
            melds.push(Meld::Pon(Tile::ALL[t]));
        }
        t -= 1;
    }
    Hand::new(c, 0, &melds).unwrap()
}

#[test]
fn every_table_shape_matches_backtrack() {
    let table = index::table().expect("the embedded table validates");
    let mut real = 0;
    for entry in table.iter() {
        if entry.flags().contains(ShapeFlags::OVER_FOUR) {
            continue; // no real hand has five of a kind; substitute's tests reach these
        }
        real += 1;
        let hand = hand_of_key(entry.key());
        assert_eq!(index::key(hand.concealed()), Some(entry.key()));
        let rules = if entry.flags().contains(ShapeFlags::SEVEN_PAIRS) { Rules::RIICHI } else { Rules::STANDARD };
        assert!(Index.is_win(&hand, &rules).unwrap(), "{hand}");
        let got = Index.decompositions(&hand, &rules).unwrap();
        let want = Backtrack.decompositions(&hand, &rules).unwrap();
        assert_eq!(got, want, "{hand}");
        let melds = got.iter().filter(|d| matches!(d, hupai_tiles::Decomposition::Melds { .. })).count();
        assert_eq!(melds, entry.words().len(), "{hand}");
    }
    assert_eq!(real, 9_362);
    assert_eq!(table.len(), table.stats().keys as usize);
}

#[test]
fn flags_name_the_yaku() {
    let table = index::table().unwrap();
    let flags = |s: &str| {
        let h: Hand = s.parse().unwrap();
        table.lookup(index::key(h.concealed()).unwrap()).map(|e| e.flags()).unwrap_or_default()
    };
    assert!(flags("11122345678999m").contains(ShapeFlags::NINE_GATES));
    assert!(flags("11123456789999p").contains(ShapeFlags::NINE_GATES));
    assert!(!flags("11223344556677m").contains(ShapeFlags::NINE_GATES));
    assert!(flags("11223344556677m").contains(ShapeFlags::SEVEN_PAIRS));
    assert!(flags("11223344556677m").contains(ShapeFlags::TWO_IDENTICAL));
    assert!(flags("123456789m11p567s").contains(ShapeFlags::PURE_STRAIGHT));
    assert!(!flags("123456789m11p567s").contains(ShapeFlags::ONE_IDENTICAL));
    assert!(flags("112233m456p789s11z").contains(ShapeFlags::ONE_IDENTICAL));
    assert!(!flags("112233m456p789s11z").contains(ShapeFlags::TWO_IDENTICAL));
    // 123 456 78 9 across suits is no straight: the 7-8-9 run is in another suit.
    assert!(!flags("123456m789p11z123s").contains(ShapeFlags::PURE_STRAIGHT));
}

#[test]
fn random_deals_agree_with_backtrack_under_every_preset() {
    let mut rng = Rng(0x1dea_5eed);
    let deals = if full() { 100_000 } else { 3_000 };
    let mut wins = 0;
    for i in 0..deals {
        for (_, rules) in Rules::PRESETS.into_iter().filter(|(_, r)| r.is_classic()) {
            let melds = [0, 0, 0, 1, 2][i % 5];
            let short = i % 4 == 3;
            let hand = if i % 2 == 0 {
                deal(&mut rng, &rules, 0, melds, short)
            } else {
                winning_deal(&mut rng, &rules, 0, melds, short)
            };
            if agree(&Index, &hand, &rules, i % 8 == 1) && !short {
                wins += Index.is_win(&hand, &rules).unwrap() as usize;
            }
            if rules.melds == 5 {
                assert_eq!(
                    Index.answer(&hand, &rules),
                    Err(hupai_tiles::Error::Unsupported { algorithm: "index", feature: Feature::HandSize(17) })
                );
            }
        }
    }
    assert!(wins > deals / 4, "the winning deals should mostly win ({wins})");
}

#[test]
fn wildcards_are_refused() {
    let hand: Hand = "123m456p789s1122z*".parse().unwrap();
    assert_eq!(
        Index.is_win(&hand, &Rules::STANDARD),
        Err(hupai_tiles::Error::Unsupported { algorithm: "index", feature: Feature::Wildcards })
    );
}

#[test]
fn threads_share_one_validated_table() {
    // Every thread sees the same table (validated once) and the same answers.
    let hands: Vec<Hand> = ["11122223333444m", "123m456p789s11122z", "19m19p19s1234567z1z", "11223344556677m"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let tables: Vec<usize> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    for h in &hands {
                        assert_eq!(Index.is_win(h, &Rules::CHINESE), Backtrack.is_win(h, &Rules::CHINESE));
                    }
                    index::table().unwrap() as *const _ as usize
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    assert!(tables.windows(2).all(|w| w[0] == w[1]));
}
