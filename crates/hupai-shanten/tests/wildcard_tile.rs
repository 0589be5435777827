//! A hand whose wildcards are copies of a wildcard tile (`Hand::with_wildcard_tile`, 红中癞子)
//! still holds those copies: a kind held four times is never an effective tile, and its copies
//! are not unseen.

use hupai_shanten::effective_tiles;
use hupai_tiles::{Hand, Rules, Tile, TileCounts};

#[test]
fn four_wildcard_copies_are_never_an_effective_tile() {
    let hand: Hand = "123m456p789s7777z".parse().unwrap();
    let wild = hand.with_wildcard_tile(Tile::RED).unwrap();
    let e = effective_tiles(&wild, &Rules::STANDARD, &TileCounts::EMPTY).unwrap();
    assert_eq!(e.shanten, 0, "four wildcards beside three melds: ready");
    let kinds: Vec<Tile> = e.tiles.iter().map(|t| t.tile).collect();
    assert!(!kinds.contains(&Tile::RED), "{kinds:?}");
    // Every other kind completes it.
    assert_eq!(kinds.len(), 33, "{kinds:?}");

    // Three copies held: the fourth red dragon can still be drawn, and only one is unseen.
    let hand: Hand = "123m456p789s1z777z".parse().unwrap();
    let wild = hand.with_wildcard_tile(Tile::RED).unwrap();
    let e = effective_tiles(&wild, &Rules::STANDARD, &TileCounts::EMPTY).unwrap();
    let red = e.tiles.iter().find(|t| t.tile == Tile::RED).expect("7z completes it");
    assert_eq!(red.unseen, 1);
}
