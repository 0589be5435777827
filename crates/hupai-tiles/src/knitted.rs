//! The GB knitted tiles (组合龙 / 全不靠): 1-4-7 of one numbered suit, 2-5-8 of another and 3-6-9 of
//! the third, in any of the six assignments of suits to the three rank classes.
//!
//! Source: the Chinese Official Mahjong rules (中国麻将竞赛规则, the 2006 "Green Book" of the
//! Chinese national rules, GB): *knitted straight* (组合龙) is 147, 258 and 369 in three different
//! suits; *lesser honors and knitted tiles* (全不靠) is fourteen single tiles taken from the seven
//! honors and one knitted straight, no two alike. `docs/semantics.md` gives the definitions in full.

use crate::{Suit, Tile, TileSet};

/// The six knitted orders: `order[i]` is the suit holding ranks `i + 1`, `i + 4` and `i + 7`.
pub const KNITTED_ORDERS: [[Suit; 3]; 6] = [
    [Suit::Man, Suit::Pin, Suit::Sou],
    [Suit::Man, Suit::Sou, Suit::Pin],
    [Suit::Pin, Suit::Man, Suit::Sou],
    [Suit::Pin, Suit::Sou, Suit::Man],
    [Suit::Sou, Suit::Man, Suit::Pin],
    [Suit::Sou, Suit::Pin, Suit::Man],
];

/// True if `order` names three different numbered suits.
pub fn is_knitted_order(order: [Suit; 3]) -> bool {
    KNITTED_ORDERS.contains(&order)
}

/// The nine tiles of the knitted straight in `order`, in tile order of their ranks' classes:
/// `[147 of order[0], 258 of order[1], 369 of order[2]]`. An order that is not one of
/// [`KNITTED_ORDERS`] gives meaningless tiles, but never panics.
pub fn knitted_tiles(order: [Suit; 3]) -> [Tile; 9] {
    std::array::from_fn(|i| {
        let (class, step) = (i / 3, i % 3);
        let suit = if order[class].is_numbered() { order[class] } else { Suit::Man };
        Tile::from_suit_rank(suit, (class + 1 + 3 * step) as u8).unwrap_or(Tile::EAST)
    })
}

/// The nine knitted tiles of `order` as a set.
pub fn knitted_set(order: [Suit; 3]) -> TileSet {
    knitted_tiles(order).into_iter().collect()
}

/// The seven honors.
pub const HONORS: TileSet = TileSet::from_bits(0x7f << 27);

/// The sixteen kinds honors-and-knitted (全不靠) draws from in `order`: the seven honors and the
/// nine knitted tiles.
pub fn honors_and_knitted_kinds(order: [Suit; 3]) -> TileSet {
    TileSet::from_bits(knitted_set(order).bits() | HONORS.bits())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_the_six_permutations() {
        let mut seen = std::collections::BTreeSet::new();
        for order in KNITTED_ORDERS {
            let tiles = knitted_tiles(order);
            assert_eq!(knitted_set(order).len(), 9);
            seen.insert(knitted_set(order).bits());
            assert!(tiles.iter().all(|t| t.suit().is_numbered()));
        }
        assert_eq!(seen.len(), 6);
        let s: Vec<String> = knitted_tiles(KNITTED_ORDERS[0]).iter().map(|t| t.to_string()).collect();
        assert_eq!(s, ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s"]);
        assert!(!is_knitted_order([Suit::Man, Suit::Man, Suit::Sou]));
    }
}
