//! Tile kinds as the GB scorer counts them: 0–33 in the reference calculator's order (characters,
//! bamboo, dots, then east south west north, red green white), so that readings are tried, and
//! ties between equal totals broken, in the same order as the reference's, and the concrete hand
//! the scorer works on (concealed counts, declared sets, the winning tile).

use arrayvec::ArrayVec;
use hupai::{Meld, Tile};

/// A kind in scoring order: `0–8` characters, `9–17` bamboo, `18–26` dots, `27–30` winds (east
/// first), `31` red, `32` green, `33` white.
pub(crate) type Kind = u8;

pub(crate) const EAST: Kind = 27;
pub(crate) const RED: Kind = 31;

/// The scoring kind of a tile.
pub(crate) const fn kind(t: Tile) -> Kind {
    let i = t.index() as u8;
    match i {
        0..=8 => i,
        9..=17 => i + 9,  // dots after bamboo
        18..=26 => i - 9, // bamboo before dots
        27..=30 => i,
        _ => 64 - i, // 5z white 33, 6z green 32, 7z red 31
    }
}

/// The tile of a scoring kind.
pub(crate) fn tile(k: Kind) -> Tile {
    let i = match k {
        0..=8 => k,
        9..=17 => k + 9,
        18..=26 => k - 9,
        27..=30 => k,
        _ => 64 - k,
    };
    Tile::new(usize::from(i)).unwrap_or(Tile::EAST)
}

/// Suit of a kind: 0 characters, 1 bamboo, 2 dots, 3 honors.
#[inline]
pub(crate) const fn suit(k: Kind) -> u8 {
    k / 9
}

/// Rank 1–9 of a numbered kind (honors give 1–7, never used as ranks).
#[inline]
pub(crate) const fn rank(k: Kind) -> u8 {
    k % 9 + 1
}

#[inline]
pub(crate) const fn numbered(k: Kind) -> bool {
    k < 27
}

#[inline]
pub(crate) const fn honor(k: Kind) -> bool {
    k >= 27
}

#[inline]
pub(crate) const fn wind(k: Kind) -> bool {
    k >= 27 && k <= 30
}

#[inline]
pub(crate) const fn dragon(k: Kind) -> bool {
    k >= 31
}

#[inline]
pub(crate) const fn terminal(k: Kind) -> bool {
    k < 27 && (k.is_multiple_of(9) || k % 9 == 8)
}

#[inline]
pub(crate) const fn terminal_or_honor(k: Kind) -> bool {
    honor(k) || terminal(k)
}

/// What a set is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Shape {
    /// Three of a kind.
    Pung,
    /// Three in a row, named by the lowest.
    Chow,
    /// Four of a kind (always declared).
    Kong,
}

/// A set of a reading: concealed or declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Set {
    /// The lowest tile's kind (tile, then shape: the order readings are tried in).
    pub tile: Kind,
    pub shape: Shape,
    /// Exposed: a declared chow, pung or kong, or (on a discard) the pung the discard completed.
    pub open: bool,
    /// Declared before the win (a meld, or a concealed kong).
    pub declared: bool,
}

impl Set {
    pub(crate) const fn concealed(shape: Shape, tile: Kind) -> Set {
        Set { tile, shape, open: false, declared: false }
    }

    /// A declared meld as a set.
    pub(crate) fn declared(m: Meld) -> Set {
        let (shape, t, open) = match m {
            Meld::Chi(t) => (Shape::Chow, t, true),
            Meld::Pon(t) => (Shape::Pung, t, true),
            Meld::Kan(t) => (Shape::Kong, t, true),
            Meld::ClosedKan(t) => (Shape::Kong, t, false),
        };
        Set { tile: kind(t), shape, open, declared: true }
    }

    /// True for a pung or a kong.
    #[inline]
    pub(crate) fn is_pung(self) -> bool {
        self.shape != Shape::Chow
    }

    /// True if the set holds a tile of kind `k`.
    #[inline]
    pub(crate) fn holds(self, k: Kind) -> bool {
        match self.shape {
            Shape::Chow => k >= self.tile && k <= self.tile + 2,
            _ => k == self.tile,
        }
    }

    /// Adds the set's tiles to a count table.
    pub(crate) fn add_to(self, counts: &mut [u8; 34]) {
        let t = usize::from(self.tile);
        match self.shape {
            Shape::Chow => {
                counts[t] += 1;
                counts[t + 1] += 1;
                counts[t + 2] += 1;
            }
            Shape::Pung => counts[t] += 3,
            Shape::Kong => counts[t] += 4,
        }
    }
}

/// A hand with every tile concrete, in scoring kinds: what the scorer scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Concrete {
    /// The concealed tiles, the winning tile included.
    pub concealed: [u8; 34],
    /// The declared melds and concealed kongs.
    pub declared: ArrayVec<Set, 4>,
    /// The winning tile.
    pub win: Kind,
}

impl Concrete {
    /// Every tile of the hand (a kong counts four), the winning tile included.
    pub(crate) fn all_tiles(&self) -> [u8; 34] {
        let mut c = self.concealed;
        for s in &self.declared {
            s.add_to(&mut c);
        }
        c
    }

    /// The number of declared melds that are exposed (concealed kongs are not).
    pub(crate) fn open_melds(&self) -> usize {
        self.declared.iter().filter(|s| s.open).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_and_follow_the_reference_order() {
        for t in Tile::ALL {
            assert_eq!(tile(kind(t)), t);
        }
        let k = |s: &str| kind(s.parse().unwrap());
        assert_eq!(k("1s"), 9);
        assert_eq!(k("1p"), 18);
        assert_eq!(k("7z"), RED);
        assert_eq!(k("5z"), 33);
    }
}
