//! What the scripted tests share: tiles written in order, in mpsz, and riichi and Chinese walls laid
//! out from them.

use hupai_game::{Action, ChineseWall, Game, Pai, Wall};

/// Tiles of an mpsz string in the order written (`0` a red five, `1f`–`8f` the flowers): walls
/// are laid out tile by tile, so the order matters, which hupai's hand parser (counts) does not keep.
pub(crate) fn tiles(text: &str) -> Vec<Pai> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            for d in digits.drain(..) {
                out.push(format!("{d}{c}").parse().unwrap_or_else(|e| panic!("{e}")));
            }
        }
    }
    out
}

/// The tile ids of a Chinese wall of `free`'s tiles (`free[k]` the ids of the kind whose index is
/// `k`) dealing `hands` (seat 0 deals), then drawing `draws` from the front and `back` from the
/// back; tiles at given positions too; every other tile wherever it is left.
#[allow(dead_code)] // each test file uses what it needs of this module
pub(crate) fn wall_ids(
    mut free: Vec<Vec<u8>>,
    hands: [&str; 4],
    draws: &str,
    back: &str,
    at: &[(usize, &str)],
) -> Vec<u8> {
    let len: usize = free.iter().map(Vec::len).sum();
    let mut slots = vec![None; len];
    let mut place = |pos: usize, pai: Pai| {
        let id = free[usize::from(pai.index())].pop().unwrap_or_else(|| panic!("a fifth {pai}"));
        assert!(slots[pos].replace(id).is_none(), "position {pos} twice");
    };
    for (seat, hand) in hands.iter().enumerate() {
        let hand = tiles(hand);
        assert_eq!(hand.len(), 13, "seat {seat}");
        for (i, &pai) in hand.iter().enumerate() {
            place(ChineseWall::dealt_position(seat as u8, i), pai);
        }
    }
    for (k, pai) in tiles(draws).into_iter().enumerate() {
        place(52 + k, pai);
    }
    for (k, pai) in tiles(back).into_iter().enumerate() {
        place(len - 1 - k, pai);
    }
    for &(pos, t) in at {
        place(pos, t.parse().unwrap());
    }
    let mut rest = free.into_iter().flatten();
    slots.iter().map(|slot| slot.unwrap_or_else(|| rest.next().unwrap())).collect()
}

// Not every test file uses every helper below (each file compiles its own copy of this module).

/// A tile by its mjai or mpsz name.
#[allow(dead_code)]
pub(crate) fn pai(t: &str) -> Pai {
    t.parse().unwrap()
}

/// A discard of the tile named `t`.
#[allow(dead_code)]
pub(crate) fn dahai(t: &str, tsumogiri: bool) -> Action {
    Action::Dahai { pai: pai(t), tsumogiri }
}

/// Every seat still to answer a claim passes, in the order the game asks.
#[allow(dead_code)]
pub(crate) fn pass_all(g: &mut Game) {
    while let Some(s) = g.next_seat() {
        if !g.legal_actions(s).contains(&Action::None) {
            break;
        }
        g.apply(s, Action::None).unwrap();
    }
}

/// A four-player wall dealing `hands` (seat 0 is the dealer) and then drawing `draws` in order;
/// every other tile is placed wherever it is left.
#[allow(dead_code)]
pub(crate) fn riichi_wall(hands: [&str; 4], draws: &str) -> Wall {
    let hands = hands.map(tiles);
    Wall::scripted([&hands[0], &hands[1], &hands[2], &hands[3]], &tiles(draws), None).unwrap()
}
