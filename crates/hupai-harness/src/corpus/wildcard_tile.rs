//! The wildcard-tile corpus: hands in which every copy of one kind is a wildcard (as in 红中癞子,
//! `Hand::with_wildcard_tile`), for each of the 34 kinds as the wildcard tile and each of none to
//! four copies held (none: the option changes nothing, so algorithms without wildcards answer). With all four held the kind cannot be drawn, so it is never a wait, even
//! though the wildcards stand for anything: the harness checks that of every answer.
//!
//! Each hand is dealt for one hand size (14 or 17): half are built as winning hands (a pair and
//! melds from the wall without the wildcard tile) before tiles are dropped, half are plain deals;
//! then the copies of the wildcard tile replace as many of its tiles, and half the hands lose one
//! more tile to ask for waits. Hand `i` depends only on the seed and `i`.

use hupai_tiles::{Hand, Rules, Tile, TileCounts, TileSet};

use super::random::{random_meld, take};
use super::{Case, Cases, Size};
use crate::rng::Rng;

/// The fixed seed of every hand.
const SEED: u64 = 0x6875_7061_6920_7a37; // "hupai z7"

/// Hands per hand size in the full corpus: 34 kinds × 5 copy counts × 2 shapes × 64 deals.
pub(crate) const FULL: u64 = 34 * 5 * 2 * 64;

/// Hands kept by [`Size::Sampled`]: one in this many (17 is prime to 5 and 2, and the kind
/// varies with the deal, so a sample still meets every kind, copy count and shape).
const SAMPLE_STEP: u64 = 17;

/// Hand number `index` for hands of `complete` tiles: its wildcard tile and the hand after
/// `with_wildcard_tile`.
pub(crate) fn hand(index: u64, complete: usize) -> (Tile, Hand) {
    let tile = Tile::ALL[(index % 34) as usize];
    let copies = (index / 34 % 5) as usize;
    let one_short = index / 170 % 2 == 1;
    let mut rng = Rng::for_case(SEED ^ complete as u64, index);
    let mut wall = TileCounts([4; 34]);
    wall[tile] = 0;
    let mut concealed: Vec<Tile> = Vec::new();
    if rng.below(2) == 1 {
        let mut attempts = 0;
        while concealed.is_empty() && attempts < 1000 {
            attempts += 1;
            let t = Tile::ALL[rng.below(Tile::COUNT)];
            if take(&mut wall, &[t, t]) {
                concealed.extend([t, t]);
            }
        }
        while concealed.len() + 3 <= complete && attempts < 2000 {
            attempts += 1;
            let tiles = random_meld(&mut rng, false, TileSet::ALL).tiles();
            if take(&mut wall, &tiles[..3]) {
                concealed.extend_from_slice(&tiles[..3]);
            }
        }
    }
    let mut rest: Vec<Tile> = Tile::ALL.iter().flat_map(|&t| std::iter::repeat_n(t, wall[t] as usize)).collect();
    rng.shuffle(&mut rest);
    let wanted = complete - usize::from(one_short);
    concealed.extend(rest.into_iter().take(complete.saturating_sub(concealed.len())));
    rng.shuffle(&mut concealed);
    concealed.truncate(wanted - copies);
    concealed.extend(std::iter::repeat_n(tile, copies));
    let dealt = Hand::from_counts(TileCounts::from_tiles(concealed), 0)
        .unwrap_or_else(|e| panic!("wildcard-tile hand {index} is impossible: {e}"));
    let wild = dealt.with_wildcard_tile(tile).unwrap_or_else(|e| panic!("wildcard-tile hand {index}: {e}"));
    (tile, wild)
}

/// Named hands first: `(what it shows, notation, wildcard tile)`.
const NAMED: &[(&str, &str, &str)] = &[
    ("all four red dragons wild: every kind but 7z is a wait", "123m456p789s7777z", "7z"),
    ("all four red dragons wild, 17 tiles", "123m456p789s111z7777z", "7z"),
    ("three red dragons wild: 7z is still a wait", "123m456p789s1z777z", "7z"),
    ("all four 5m wild: 5m is no wait", "123p456p789s5555m", "5m"),
];

pub(crate) fn cases(rules: Vec<Rules>, size: Size) -> Cases {
    let named: Vec<Case> = NAMED
        .iter()
        .flat_map(|&(label, notation, tile)| {
            let tile: Tile = tile.parse().unwrap_or_else(|e| panic!("{tile}: {e}"));
            let hand = notation.parse::<Hand>().and_then(|h| h.with_wildcard_tile(tile));
            let hand = hand.unwrap_or_else(|e| panic!("{notation}: {e}"));
            rules
                .iter()
                .filter(|r| hand.shape(r).is_ok())
                .map(|&r| Case { label: label.to_string(), hand: hand.clone(), rules: r })
                .collect::<Vec<_>>()
        })
        .collect();
    Box::new(named.into_iter().chain((0..FULL).filter(move |&i| size.keeps(i, SAMPLE_STEP)).flat_map(move |i| {
        rules.clone().into_iter().map(move |r| {
            let (tile, hand) = hand(i, r.hand_size());
            let copies = hand.wildcard_copies()[tile];
            Case { label: format!("every {tile} wild, {copies} held"), hand, rules: r }
        })
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_tiles::HandShape;

    #[test]
    fn hands_fit_and_cover_every_kind_and_copy_count() {
        let mut exhausted = 0;
        let mut shapes = [0u32; 2];
        for i in (0..FULL).step_by(SAMPLE_STEP as usize) {
            for (complete, rules) in [(14, Rules::STANDARD), (17, Rules::TAIWAN)] {
                let (tile, hand) = hand(i, complete);
                assert_eq!(hand.concealed()[tile], 0);
                assert_eq!(hand.wildcards(), hand.wildcard_copies()[tile]);
                match hand.shape(&rules).unwrap() {
                    HandShape::Complete => shapes[0] += 1,
                    HandShape::OneShort => shapes[1] += 1,
                }
                if hand.exhausted_kinds().contains(tile) {
                    exhausted += 1;
                }
                assert_eq!(super::hand(i, complete).1, hand, "hand {i} is not deterministic");
            }
        }
        assert!(shapes.iter().all(|&n| n > 200), "{shapes:?}");
        assert!(exhausted > 100, "{exhausted} hands hold all four copies of their wildcard tile");
    }

    #[test]
    fn named_hands_fit_their_rules() {
        let cases: Vec<Case> =
            cases(crate::corpus::all_rules(), Size::Sampled).take_while(|c| !c.label.starts_with("every")).collect();
        // Each named hand fits the rule sets whose tiles it holds: the one with 123m and every 7z
        // wild needs 2m (not in the three-player set), the one holding 1z too needs honors, the one
        // with every 5m wild fits every 14-tile set; the 16-tile one every 17-tile set.
        let rules = crate::corpus::all_rules();
        let sets_of = |size: usize| rules.iter().filter(|r| r.hand_size() == size).count();
        let holding = |kinds: &[Tile]| {
            rules.iter().filter(|r| r.hand_size() == 14 && kinds.iter().all(|&k| r.tiles.kinds().contains(k))).count()
        };
        let two_m = Tile::ALL[1];
        let (with_2m, with_2m_and_honors) = (holding(&[two_m]), holding(&[two_m, Tile::EAST]));
        assert!(sets_of(14) > with_2m && with_2m > with_2m_and_honors && with_2m_and_honors > 0 && sets_of(17) > 0);
        assert_eq!(cases.len(), with_2m + sets_of(14) + with_2m_and_honors + sets_of(17), "{cases:?}");
    }
}
