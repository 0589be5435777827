//! The front door's waits and win checks equal the `backtrack` reference on random hands near a
//! win under every preset and rule option (the 2-5-8 pair, a void suit declared or any, the 108-,
//! 112- and sanma tile sets, the knitted forms, the wildcard tile, the fifth-copy option), through
//! every way in: `hupai::waits` / `hupai::is_win`, `PackedHand`, the counts batches and
//! `hupai_shanten::waits` / `hupai_shanten::is_win`; the win checks also equal the suit tables'
//! search (`SuitTable`, which answered the regional options before the keyed path did).
//!
//! Random deals are almost never ready, so most hands here are built from a winning hand (melds
//! and a pair, seven pairs, the knitted straight or honors and knitted tiles; the pair anywhere,
//! so that the 2-5-8 rule and the void suits have hands to refuse) with one tile taken out (for
//! waits), some tiles then turned into wildcards and a meld sometimes declared; the rest are
//! random deals.

use hupai::{Algorithm, Hand, Meld, PackedHand, Rules, Tile, TileCounts, TileSet};
use hupai_lookup::SuitTable;
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

/// Every preset, and the options on top of them, in the rules grammar every door reads.
const RULES: [&str; 30] = [
    "standard",
    "riichi",
    "chinese",
    "taiwan",
    "sanma",
    "sichuan",
    "sichuan+void-m",
    "sichuan+void-s",
    "hongzhong",
    "changsha",
    "gb",
    "standard+258",
    "standard+void-any",
    "standard+void-p",
    "standard+tiles-108",
    "standard+tiles-112",
    "changsha+tiles-108",
    "changsha+tiles-112",
    "gb+258",
    "gb+void-any",
    "sanma+258",
    "taiwan+258+void-any",
    "standard+5th",
    "changsha+5th",
    "sichuan+5th",
    "sichuan+void-m+5th",
    "gb+5th",
    "hongzhong+5th",
    "sanma+5th",
    "standard+tiles-108+258+5th",
];

/// A group or a pair to put into a hand, as kinds.
fn group(rng: &mut Rng, kinds: &[usize]) -> Vec<usize> {
    let k = kinds[rng.below(kinds.len())];
    if k < 27 && k % 9 < 7 && rng.below(2) == 0 && kinds.contains(&(k + 1)) && kinds.contains(&(k + 2)) {
        vec![k, k + 1, k + 2]
    } else {
        vec![k; 3]
    }
}

/// The kinds of a winning hand of `rules`' size (concealed, before any meld is declared), built
/// in one of its forms from `kinds`; `None` when the copies ran out.
fn winning(rng: &mut Rng, rules: &Rules, kinds: &[usize]) -> Option<(Vec<usize>, Vec<Vec<usize>>)> {
    let mut counts = [0u8; 34];
    let take = |tiles: &[usize], counts: &mut [u8; 34]| -> Option<()> {
        for &t in tiles {
            counts[t] += 1;
            if counts[t] > 4 {
                return None;
            }
        }
        Some(())
    };
    let mut groups = Vec::new();
    let form = rng.below(10);
    let seven = rules.seven_pairs != hupai::SevenPairs::Off && rules.melds == 4;
    if form == 0 && seven {
        for _ in 0..7 {
            let k = kinds[rng.below(kinds.len())];
            take(&[k, k], &mut counts)?;
        }
    } else if form == 1 && rules.knitted {
        // Honors and knitted tiles: fourteen distinct kinds of one order's sixteen.
        let order = hupai::knitted::KNITTED_ORDERS[rng.below(6)];
        let mut set: Vec<usize> = hupai::knitted::honors_and_knitted_kinds(order).iter().map(|t| t.index()).collect();
        while set.len() > 14 {
            set.remove(rng.below(set.len()));
        }
        take(&set, &mut counts)?;
    } else {
        let mut melds = rules.melds as usize;
        if form == 2 && rules.knitted {
            // The knitted straight: three melds' worth.
            let order = hupai::knitted::KNITTED_ORDERS[rng.below(6)];
            let set: Vec<usize> = hupai::knitted::knitted_set(order).iter().map(|t| t.index()).collect();
            take(&set, &mut counts)?;
            melds -= 3;
        }
        let pair = kinds[rng.below(kinds.len())];
        take(&[pair, pair], &mut counts)?;
        for _ in 0..melds {
            let g = group(rng, kinds);
            take(&g, &mut counts)?;
            groups.push(g);
        }
    }
    let tiles = (0..34).flat_map(|k| std::iter::repeat_n(k, counts[k] as usize)).collect();
    Some((tiles, groups))
}

/// A hand one tile short under `rules`: near a win (most), or a random deal from the wall.
fn hand_one_short(rng: &mut Rng, rules: &Rules) -> Option<Hand> {
    let wildcards = [0, 0, 0, 1, 1, 2, 3][rng.below(7)];
    near_a_win(rng, rules, 1, wildcards)
}

/// A complete hand under `rules`: near a win (most win), or a random deal from the wall, with 0–8
/// wildcards.
fn complete_hand(rng: &mut Rng, rules: &Rules) -> Option<Hand> {
    let wildcards = [0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8][rng.below(12)];
    near_a_win(rng, rules, 0, wildcards)
}

/// A hand `short` tiles short of `rules`' size with `wildcards` of its tiles wild: a winning hand
/// (now and then with a tile changed) or a random deal, a meld sometimes declared.
fn near_a_win(rng: &mut Rng, rules: &Rules, short: usize, wildcards: usize) -> Option<Hand> {
    let kinds: Vec<usize> = rules.tiles.kinds().iter().map(|t| t.index()).collect();
    // Winning hands mostly of one way to be void (every kind otherwise, to be refused).
    let choices = rules.void_choices();
    let void = choices[rng.below(choices.len())];
    let allowed: Vec<usize> =
        if rng.below(6) == 0 { kinds.clone() } else { rules.allowed_kinds(void).iter().map(|t| t.index()).collect() };
    let size = rules.hand_size();
    let (mut tiles, groups) = if rng.below(5) == 0 {
        let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
        let mut tiles = Vec::new();
        for _ in 0..size {
            tiles.push(wall.swap_remove(rng.below(wall.len())));
        }
        (tiles, Vec::new())
    } else {
        winning(rng, rules, &allowed)?
    };
    // Sometimes a kind outside the rules' pair or void choice, to be refused.
    if rng.below(8) == 0 {
        let i = rng.below(tiles.len());
        tiles[i] = kinds[rng.below(kinds.len())];
    }
    // One meld declared now and then (a triplet or a sequence of the hand).
    let mut melds = Vec::new();
    if let Some(g) = groups.first()
        && rng.below(4) == 0
    {
        for &t in g {
            let i = tiles.iter().position(|&x| x == t)?;
            tiles.swap_remove(i);
        }
        melds.push(Meld::from_tiles(&g.iter().map(|&k| Tile::ALL[k]).collect::<Vec<_>>())?);
    }
    for _ in 0..short {
        tiles.swap_remove(rng.below(tiles.len()));
    }
    for _ in 0..wildcards.min(tiles.len()) {
        tiles.swap_remove(rng.below(tiles.len()));
    }
    let mut counts = TileCounts::EMPTY;
    for t in tiles {
        counts.0[t] += 1;
    }
    let hand = Hand::new(counts, wildcards.min(size) as u8, &melds).ok()?;
    // As every door reads a hand: the rules' wildcard tile (7z under hongzhong) held is wild.
    match rules.wildcard_tile {
        Some(t) if hand.concealed()[t] > 0 => hand.with_wildcard_tile(t).ok(),
        _ => Some(hand),
    }
}

#[test]
fn waits_equal_the_reference_under_every_preset_and_option() {
    let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
    let per_rules = if full { 50_000 } else { 2_000 };
    let mut rng = Rng(0x7761_6974_7332_3538);
    for name in RULES {
        let rules: Rules = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let (mut compared, mut ready) = (0, 0);
        for _ in 0..per_rules {
            let Some(hand) = hand_one_short(&mut rng, &rules) else { continue };
            let reference = Backtrack.waits(&hand, &rules);
            let found = hupai::waits(&hand, &rules);
            assert_eq!(found, reference, "hupai::waits of {hand} under {name}");
            let Ok(reference) = reference else { continue };
            assert_eq!(PackedHand::from_hand(&hand).waits(&rules), Ok(reference), "packed {hand} under {name}");
            if let Ok(waits) = hupai_shanten::waits(&hand, &rules) {
                assert_eq!(waits, reference, "hupai_shanten::waits of {hand} under {name}");
            }
            // Counts rows carry no declared melds nor copies of a wildcard tile.
            if hand.melds().is_empty() && hand.wildcard_copies() == &TileCounts::EMPTY {
                let mut out = [TileSet::EMPTY];
                hupai::batch::waits_counts(&[hand.concealed().0], Some(&[hand.wildcards()]), &rules, &mut out)
                    .unwrap_or_else(|e| panic!("{hand} under {name}: {e}"));
                assert_eq!(out[0], reference, "batch::waits_counts of {hand} under {name}");
            }
            compared += 1;
            ready += usize::from(reference != TileSet::EMPTY);
        }
        eprintln!("{name}: {ready} ready of {compared}");
        // Enough hands, and enough of them ready, that a wrong wait would show.
        assert!(compared >= per_rules / 2, "{name}: {compared} hands compared");
        assert!(ready >= per_rules / 8, "{name}: {ready} ready hands of {compared}");
    }
}

#[test]
fn wins_equal_the_reference_under_every_preset_and_option() {
    let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
    let per_rules = if full { 50_000 } else { 2_000 };
    let mut rng = Rng(0x7769_6e73_3134_3538);
    for name in RULES {
        let rules: Rules = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let (mut compared, mut wins) = (0, 0);
        for _ in 0..per_rules {
            let Some(hand) = complete_hand(&mut rng, &rules) else { continue };
            let reference = Backtrack.is_win(&hand, &rules);
            assert_eq!(hupai::is_win(&hand, &rules), reference, "hupai::is_win of {hand} under {name}");
            let Ok(reference) = reference else { continue };
            assert_eq!(SuitTable.is_win(&hand, &rules), Ok(reference), "SuitTable of {hand} under {name}");
            assert_eq!(PackedHand::from_hand(&hand).is_win(&rules), Ok(reference), "packed {hand} under {name}");
            assert_eq!(
                hupai::answer(&hand, &rules),
                Ok(hupai::Answer::Win(reference)),
                "answer of {hand} under {name}"
            );
            if let Ok(win) = hupai_shanten::is_win(&hand, &rules) {
                assert_eq!(win, reference, "hupai_shanten::is_win of {hand} under {name}");
            }
            if hand.melds().is_empty() && hand.wildcard_copies() == &TileCounts::EMPTY {
                let mut out = [false];
                hupai::batch::is_win_counts(&[hand.concealed().0], Some(&[hand.wildcards()]), &rules, &mut out)
                    .unwrap_or_else(|e| panic!("{hand} under {name}: {e}"));
                assert_eq!(out[0], reference, "batch::is_win_counts of {hand} under {name}");
            }
            compared += 1;
            wins += usize::from(reference);
        }
        eprintln!("{name}: {wins} wins of {compared}");
        // Enough hands, and enough of them winning and losing, that a wrong verdict would show.
        assert!(compared >= per_rules / 2, "{name}: {compared} hands compared");
        assert!(wins >= per_rules / 8 && compared - wins >= per_rules / 8, "{name}: {wins} wins of {compared}");
    }
}

/// Rows of counts from the whole 136-tile wall, so that a row may hold a tile outside the rules'
/// set: the counts batches answer each as the reference does, and refuse each such row as a hand.
#[test]
fn count_rows_from_any_wall_answer_or_fail_as_hands_do() {
    let mut rng = Rng(0x726f_7773_3133_3634);
    for name in RULES {
        let rules: Rules = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let (mut errors, mut wins) = (0, 0);
        for i in 0..600 {
            let wildcards = [0, 0, 1, 2, 4, 8][rng.below(6)];
            let short = i % 2;
            let mut wall: Vec<usize> = (0..34).flat_map(|k| [k; 4]).collect();
            let mut counts = [0u8; 34];
            for _ in 0..(rules.hand_size() - short).saturating_sub(wildcards) {
                counts[wall.swap_remove(rng.below(wall.len()))] += 1;
            }
            let hand = Hand::from_counts(TileCounts(counts), wildcards as u8).expect("a hand from a wall");
            if short == 0 {
                let reference = Backtrack.is_win(&hand, &rules);
                let mut out = [false];
                let found = hupai::batch::is_win_counts(&[counts], Some(&[wildcards as u8]), &rules, &mut out);
                match &reference {
                    Ok(win) => {
                        assert_eq!((found.is_ok(), out[0]), (true, *win), "is_win_counts of {hand} under {name}")
                    }
                    Err(_) => assert!(found.is_err(), "is_win_counts of {hand} under {name}: {reference:?}"),
                }
                errors += usize::from(reference.is_err());
                wins += usize::from(reference == Ok(true));
            } else {
                let reference = Backtrack.waits(&hand, &rules);
                let mut out = [TileSet::EMPTY];
                let found = hupai::batch::waits_counts(&[counts], Some(&[wildcards as u8]), &rules, &mut out);
                match &reference {
                    Ok(waits) => {
                        assert_eq!((found.is_ok(), out[0]), (true, *waits), "waits_counts of {hand} under {name}")
                    }
                    Err(_) => assert!(found.is_err(), "waits_counts of {hand} under {name}: {reference:?}"),
                }
                errors += usize::from(reference.is_err());
            }
        }
        eprintln!("{name}: {wins} wins, {errors} errors of 600 rows");
        // Rules with a smaller tile set see rows outside it.
        if rules.tiles.kinds() != TileSet::ALL {
            assert!(errors > 100, "{name}: {errors} rows outside the tile set");
        }
    }
}
