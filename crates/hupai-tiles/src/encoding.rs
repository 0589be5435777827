//! Physical tiles (a kind plus which of its four copies) and the card encodings of the seed
//! articles, both ways: S000's and S003's hex codes, S001's `value<<8 | index` card ids, and
//! S004's gapped numbers and `type<<12 | value<<8 | index` card ids.
//!
//! Every mapping is listed in one table in `docs/encodings.md`; a test re-renders that table from
//! this module, so the two cannot drift apart. Decoding never panics: it returns `None` or a
//! [`DecodeError`] naming the code and what is wrong with it.
//!
//! ```
//! use hupai_tiles::Tile;
//! use hupai_tiles::encoding::{s000, s001, s003, s004, PhysicalTile};
//!
//! let red: Tile = "7z".parse()?;
//! assert_eq!(s000::to_code(red), 0x71);
//! assert_eq!(s003::to_code(red), 0x35);
//! assert_eq!(s004::to_number(red), 41);
//!
//! let first_two_man = PhysicalTile::new("2m".parse()?, 0).unwrap();
//! assert_eq!(s004::to_id(first_two_man), 0x0201); // S004: "0x0201 is the first 2 of characters"
//! assert_eq!(s001::from_id(0x2201)?, PhysicalTile::new("2m".parse()?, 1).unwrap()); // S000 value 0x22 = 2m
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::{BonusTile, Hand, Tile};

/// One physical tile of a wall: a kind and which of its four copies (0–3).
///
/// ```
/// use hupai_tiles::encoding::PhysicalTile;
/// let p = PhysicalTile::ALL[53];
/// assert_eq!((p.tile().to_string(), p.copy()), ("5p".to_string(), 1));
/// assert_eq!(PhysicalTile::from_index(p.index()), Some(p));
/// assert_eq!(p.to_string(), "5p#1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhysicalTile {
    // Private so that `copy` is always 0..=3: every encoder below can then be infallible.
    tile: Tile,
    copy: u8,
}

impl PhysicalTile {
    /// Copies of each kind in a wall.
    pub const COPIES: u8 = 4;
    /// Physical tiles of the 34 kinds in a wall: 136.
    pub const COUNT: usize = Tile::COUNT * Self::COPIES as usize;

    /// All 136, ordered by kind then copy (the order of [`PhysicalTile::index`]).
    pub const ALL: [PhysicalTile; 136] = {
        let mut all = [PhysicalTile { tile: Tile::EAST, copy: 0 }; 136];
        let mut i = 0;
        while i < 136 {
            all[i] = PhysicalTile { tile: Tile::ALL[i / 4], copy: (i % 4) as u8 };
            i += 1;
        }
        all
    };

    /// Copy `copy` (0–3) of `tile`; `None` for a copy above 3.
    pub const fn new(tile: Tile, copy: u8) -> Option<PhysicalTile> {
        if copy < Self::COPIES { Some(PhysicalTile { tile, copy }) } else { None }
    }

    /// The kind.
    #[inline]
    pub const fn tile(self) -> Tile {
        self.tile
    }

    /// Which copy, 0–3.
    #[inline]
    pub const fn copy(self) -> u8 {
        self.copy
    }

    /// Position 0–135 in [`PhysicalTile::ALL`]: `4 × kind index + copy`.
    #[inline]
    pub const fn index(self) -> usize {
        self.tile.index() * 4 + self.copy as usize
    }

    /// The physical tile at position 0–135 of [`PhysicalTile::ALL`].
    pub const fn from_index(index: usize) -> Option<PhysicalTile> {
        if index < Self::COUNT { Some(Self::ALL[index]) } else { None }
    }
}

impl fmt::Display for PhysicalTile {
    /// The kind in notation, `#`, the copy: `5s#1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.tile, self.copy)
    }
}

/// A kind of tile in a full set: one of the 34 that form hands, or one of the 8 bonus tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// One of the 34 kinds that form hands.
    Tile(Tile),
    /// A flower or season.
    Bonus(BonusTile),
}

impl Kind {
    /// Number of kinds: 34 + 8.
    pub const COUNT: usize = 42;

    /// The 34 kinds in tile order, then the bonus tiles `1f`–`8f`.
    pub const ALL: [Kind; 42] = {
        let mut all = [Kind::Tile(Tile::EAST); 42];
        let mut i = 0;
        while i < 34 {
            all[i] = Kind::Tile(Tile::ALL[i]);
            i += 1;
        }
        while i < 42 {
            all[i] = Kind::Bonus(BONUS[i - 34]);
            i += 1;
        }
        all
    };

    /// Position 0–41 in [`Kind::ALL`] (the tile index for the 34; 33 + notation number for bonus
    /// tiles). `None` for a bonus tile holding an out-of-range number.
    pub const fn index(self) -> Option<usize> {
        match self {
            Kind::Tile(t) => Some(t.index()),
            Kind::Bonus(b) => match bonus_number(b) {
                Some(n) => Some(33 + n as usize),
                None => None,
            },
        }
    }

    /// The kind at position 0–41 of [`Kind::ALL`].
    pub const fn from_index(index: usize) -> Option<Kind> {
        if index < Self::COUNT { Some(Self::ALL[index]) } else { None }
    }

    /// The Unicode mahjong tile.
    pub const fn to_unicode(self) -> char {
        match self {
            Kind::Tile(t) => t.to_unicode(),
            Kind::Bonus(b) => b.to_unicode(),
        }
    }
}

impl fmt::Display for Kind {
    /// The notation: `5p`, `7z`, `3f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Tile(t) => t.fmt(f),
            Kind::Bonus(b) => b.fmt(f),
        }
    }
}

/// The eight bonus tiles in notation order `1f`–`8f`.
const BONUS: [BonusTile; 8] = [
    BonusTile::Season(1),
    BonusTile::Season(2),
    BonusTile::Season(3),
    BonusTile::Season(4),
    BonusTile::Flower(1),
    BonusTile::Flower(2),
    BonusTile::Flower(3),
    BonusTile::Flower(4),
];

/// The notation number 1–8 of a bonus tile, `None` if its payload is out of range
/// (`BonusTile`'s variants are public, so `Season(9)` can be built).
const fn bonus_number(b: BonusTile) -> Option<u8> {
    match b {
        BonusTile::Season(n @ 1..=4) => Some(n),
        BonusTile::Flower(n @ 1..=4) => Some(n + 4),
        _ => None,
    }
}

/// One physical tile of a full wall: one of the 136, or one of the 8 bonus tiles (one copy each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WallTile {
    /// A copy of one of the 34 kinds.
    Tile(PhysicalTile),
    /// A flower or season; a set has one of each.
    Bonus(BonusTile),
}

impl WallTile {
    /// Tiles in a wall with bonus tiles: 136 + 8.
    pub const COUNT: usize = PhysicalTile::COUNT + 8;

    /// The 136 in [`PhysicalTile::ALL`] order, then the bonus tiles `1f`–`8f`.
    pub const ALL: [WallTile; 144] = {
        let mut all = [WallTile::Bonus(BonusTile::Season(1)); 144];
        let mut i = 0;
        while i < 136 {
            all[i] = WallTile::Tile(PhysicalTile::ALL[i]);
            i += 1;
        }
        while i < 144 {
            all[i] = WallTile::Bonus(BONUS[i - 136]);
            i += 1;
        }
        all
    };

    /// The kind.
    pub const fn kind(self) -> Kind {
        match self {
            WallTile::Tile(p) => Kind::Tile(p.tile),
            WallTile::Bonus(b) => Kind::Bonus(b),
        }
    }

    /// Position 0–143 in [`WallTile::ALL`]; `None` for a bonus tile holding an out-of-range number.
    pub const fn index(self) -> Option<usize> {
        match self {
            WallTile::Tile(p) => Some(p.index()),
            WallTile::Bonus(b) => match bonus_number(b) {
                Some(n) => Some(135 + n as usize),
                None => None,
            },
        }
    }

    /// The wall tile at position 0–143 of [`WallTile::ALL`].
    pub const fn from_index(index: usize) -> Option<WallTile> {
        if index < Self::COUNT { Some(Self::ALL[index]) } else { None }
    }
}

impl From<PhysicalTile> for WallTile {
    fn from(p: PhysicalTile) -> WallTile {
        WallTile::Tile(p)
    }
}

impl From<BonusTile> for WallTile {
    fn from(b: BonusTile) -> WallTile {
        WallTile::Bonus(b)
    }
}

impl fmt::Display for WallTile {
    /// `5s#1` for a physical tile, `3f` for a bonus tile.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WallTile::Tile(p) => p.fmt(f),
            WallTile::Bonus(b) => b.fmt(f),
        }
    }
}

/// The tiles of a wall in [`WallTile::ALL`] order: the 136, then the 8 bonus tiles if asked for.
///
/// ```
/// use hupai_tiles::encoding::wall;
/// assert_eq!(wall(false).count(), 136);
/// assert_eq!(wall(true).count(), 144);
/// ```
pub fn wall(with_bonus: bool) -> impl Iterator<Item = WallTile> {
    let n = if with_bonus { WallTile::COUNT } else { PhysicalTile::COUNT };
    WallTile::ALL.into_iter().take(n)
}

/// A concealed hand (no melds, no wildcards) from physical tiles; bonus tiles are set aside.
/// Fails if the same physical tile appears twice.
///
/// ```
/// use hupai_tiles::encoding::{hand_from_tiles, s004};
/// let hand = hand_from_tiles([0x0101, 0x0102, 0x0103].map(|id| s004::from_id(id).unwrap()))?;
/// assert_eq!(hand.to_string(), "111m");
/// # Ok::<(), hupai_tiles::encoding::DecodeError>(())
/// ```
pub fn hand_from_tiles<I>(tiles: I) -> Result<Hand, DecodeError>
where
    I: IntoIterator,
    I::Item: Into<WallTile>,
{
    let mut seen = [false; WallTile::COUNT];
    let mut hand = Hand::default();
    for tile in tiles {
        let tile: WallTile = tile.into();
        // An out-of-range bonus payload has no place in a wall; report it as a bad code.
        let index = tile.index().ok_or(DecodeError::BadBonus { tile })?;
        if std::mem::replace(&mut seen[index], true) {
            return Err(DecodeError::Duplicate { tile });
        }
        match tile {
            WallTile::Tile(p) => hand.concealed_mut()[p.tile] += 1,
            WallTile::Bonus(b) => {
                // At most 8 distinct bonus tiles reach here, and a hand has room for 8.
                let _ = hand.push_bonus(b);
            }
        }
    }
    Ok(hand)
}

/// Why a code or card id does not decode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// The code is not a tile in this encoding.
    #[error("{code:#04x} ({code}) is not a tile in {encoding}")]
    UnknownCode {
        /// The encoding, e.g. "S000's hex codes".
        encoding: &'static str,
        /// The code given.
        code: u8,
    },
    /// A card id whose parts do not name a physical tile.
    #[error("card id {id:#06x} is not a tile in {encoding}: {reason}")]
    BadId {
        /// The encoding, e.g. "S004's card ids".
        encoding: &'static str,
        /// The id given.
        id: u16,
        /// Which part is wrong.
        reason: &'static str,
    },
    /// The same physical tile twice in one hand.
    #[error("physical tile {tile} appears twice")]
    Duplicate {
        /// The repeated tile.
        tile: WallTile,
    },
    /// A bonus tile whose number is out of range (`BonusTile::Season(9)`).
    #[error("{tile:?} is not one of the eight bonus tiles")]
    BadBonus {
        /// The tile given.
        tile: WallTile,
    },
}

/// The honors in the order S000, S003 and S004 list them: East South West North, then Red Green
/// White (中 发 白), which differs from tile order (… White Green Red).
const SEED_HONORS: [Tile; 7] = [Tile::EAST, Tile::SOUTH, Tile::WEST, Tile::NORTH, Tile::RED, Tile::GREEN, Tile::WHITE];

/// Position 0–6 of an honor in [`SEED_HONORS`].
const fn seed_honor_position(t: Tile) -> usize {
    match t.rank() {
        r @ 1..=4 => r as usize - 1,
        5 => 6, // white
        6 => 5, // green
        _ => 4, // red
    }
}

/// S000's hex codes (Go `[]byte`): `0x01`–`0x09` dots, `0x11`–`0x19` bamboo, `0x21`–`0x29`
/// characters, then `0x31 0x41 0x51 0x61 0x71 0x81 0x91` East South West North Red Green White.
///
/// Consecutive codes are consecutive ranks of one suit and nothing else: suits are `0x10` apart and
/// the honors `0x10` apart from each other, so "n, n+1, n+2" on codes is exactly a sequence.
pub mod s000 {
    use super::{DecodeError, SEED_HONORS, seed_honor_position};
    use crate::{Suit, Tile};

    const NAME: &str = "S000's hex codes";

    /// The code of a tile.
    pub const fn to_code(tile: Tile) -> u8 {
        match tile.suit() {
            Suit::Pin => tile.rank(),
            Suit::Sou => 0x10 + tile.rank(),
            Suit::Man => 0x20 + tile.rank(),
            Suit::Honor => 0x31 + 0x10 * seed_honor_position(tile) as u8,
        }
    }

    /// The tile with this code, if any.
    pub const fn from_code(code: u8) -> Option<Tile> {
        let (high, low) = (code >> 4, code & 0x0F);
        match (high, low) {
            (0, 1..=9) => Tile::from_suit_rank(Suit::Pin, low),
            (1, 1..=9) => Tile::from_suit_rank(Suit::Sou, low),
            (2, 1..=9) => Tile::from_suit_rank(Suit::Man, low),
            (3..=9, 1) => Some(SEED_HONORS[high as usize - 3]),
            _ => None,
        }
    }

    /// The tile with this code, or an error naming the code.
    pub fn decode(code: u8) -> Result<Tile, DecodeError> {
        from_code(code).ok_or(DecodeError::UnknownCode { encoding: NAME, code })
    }
}

/// S003's hex codes (Kotlin `cardList`): `0x01`–`0x09` characters (万), `0x11`–`0x19` bamboo (索),
/// `0x21`–`0x29` dots (筒), `0x31`–`0x37` East South West North Red Green White, and the bonus
/// tiles `0x41`–`0x48` spring summer autumn winter plum orchid chrysanthemum bamboo
/// (春夏秋冬梅兰菊竹), i.e. `1f`–`8f`.
///
/// Unlike S000's, the honor codes are consecutive: arithmetic on codes sees East-South-West as a
/// run, so code that splits hands into runs by code difference (as S003 does) must stop at honors.
pub mod s003 {
    use super::{BONUS, DecodeError, Kind, SEED_HONORS, bonus_number, seed_honor_position};
    use crate::{BonusTile, Suit, Tile};

    const NAME: &str = "S003's hex codes";

    /// The code of a tile.
    pub const fn to_code(tile: Tile) -> u8 {
        match tile.suit() {
            Suit::Man => tile.rank(),
            Suit::Sou => 0x10 + tile.rank(),
            Suit::Pin => 0x20 + tile.rank(),
            Suit::Honor => 0x31 + seed_honor_position(tile) as u8,
        }
    }

    /// The tile with this code, if any (bonus codes give `None`; see [`kind_from_code`]).
    pub const fn from_code(code: u8) -> Option<Tile> {
        match kind_from_code(code) {
            Some(Kind::Tile(t)) => Some(t),
            _ => None,
        }
    }

    /// The code of a bonus tile (`0x41`–`0x48`); `None` for an out-of-range payload.
    pub const fn bonus_to_code(bonus: BonusTile) -> Option<u8> {
        match bonus_number(bonus) {
            Some(n) => Some(0x40 + n),
            None => None,
        }
    }

    /// The bonus tile with this code, if any.
    pub const fn bonus_from_code(code: u8) -> Option<BonusTile> {
        match code {
            0x41..=0x48 => Some(BONUS[(code - 0x41) as usize]),
            _ => None,
        }
    }

    /// The code of any kind; `None` only for a bonus tile with an out-of-range payload.
    pub const fn kind_to_code(kind: Kind) -> Option<u8> {
        match kind {
            Kind::Tile(t) => Some(to_code(t)),
            Kind::Bonus(b) => bonus_to_code(b),
        }
    }

    /// The kind with this code, tile or bonus tile.
    pub const fn kind_from_code(code: u8) -> Option<Kind> {
        let (high, low) = (code >> 4, code & 0x0F);
        let tile = match (high, low) {
            (0, 1..=9) => Tile::from_suit_rank(Suit::Man, low),
            (1, 1..=9) => Tile::from_suit_rank(Suit::Sou, low),
            (2, 1..=9) => Tile::from_suit_rank(Suit::Pin, low),
            (3, 1..=7) => Some(SEED_HONORS[low as usize - 1]),
            _ => None,
        };
        match tile {
            Some(t) => Some(Kind::Tile(t)),
            None => match bonus_from_code(code) {
                Some(b) => Some(Kind::Bonus(b)),
                None => None,
            },
        }
    }

    /// The kind with this code, or an error naming the code.
    pub fn decode(code: u8) -> Result<Kind, DecodeError> {
        kind_from_code(code).ok_or(DecodeError::UnknownCode { encoding: NAME, code })
    }
}

/// S001's card ids, `value << 8 | index`. S001 only uses `id >> 8` (the tile's "byte value") for
/// matching — equal values make pairs and triplets, values 1 and 2 apart make sequences — and the
/// whole id to tell physical cards apart. S001 does not list its byte values; hupai uses S000's hex
/// codes, which make those value tests exact (no honor or cross-suit "sequences") and are never 0
/// (S001 uses 0 for "no card yet" and -1 for a wildcard). The index is the copy, 0–3.
pub mod s001 {
    use super::{DecodeError, PhysicalTile, hand_from_tiles, s000};
    use crate::{Hand, Tile};

    const NAME: &str = "S001's card ids";

    /// The byte value of a kind: its S000 code.
    pub const fn value(tile: Tile) -> u8 {
        s000::to_code(tile)
    }

    /// The card id of a physical tile: `value << 8 | copy`.
    pub const fn to_id(tile: PhysicalTile) -> u16 {
        (value(tile.tile()) as u16) << 8 | tile.copy() as u16
    }

    /// The physical tile with this card id.
    pub fn from_id(id: u16) -> Result<PhysicalTile, DecodeError> {
        let tile = s000::from_code((id >> 8) as u8).ok_or(DecodeError::BadId {
            encoding: NAME,
            id,
            reason: "the value (id >> 8) is not one of S000's tile codes",
        })?;
        PhysicalTile::new(tile, (id & 0xFF) as u8).ok_or(DecodeError::BadId {
            encoding: NAME,
            id,
            reason: "the index (id & 0xff) is not a copy 0-3",
        })
    }

    /// A concealed hand from card ids; fails on an unknown or repeated id.
    pub fn decode_hand(ids: &[u16]) -> Result<Hand, DecodeError> {
        let tiles = ids.iter().map(|&id| from_id(id)).collect::<Result<Vec<_>, _>>()?;
        hand_from_tiles(tiles)
    }
}

/// S004's two encodings.
///
/// Gapped numbers: `1`–`9` characters (万), `11`–`19` dots (筒), `21`–`29` bamboo (条), and the
/// honors on odd numbers `31 33 35 37` East South West North, `41 43 45` Red Green White. The
/// numbers S004 leaves empty (10 20 30 32 34 36 40 42 44 46) keep "n, n+1, n+2" an exact sequence
/// test. S004 does not say which suit gets which decade; hupai follows the order S004 names them
/// in (万, 筒, 条) and its card ids, where type 0 is 万.
///
/// Card ids: `type << 12 | value << 8 | index`, one hex digit each for type (0 万, 1 筒, 2 条,
/// 3 honors) and value (1–9; honors 1–7 East South West North Red Green White), two for the
/// index. S004's example "0x0201 is the first 2万" makes the index 1-based: index = copy + 1.
pub mod s004 {
    use super::{DecodeError, PhysicalTile, SEED_HONORS, hand_from_tiles, seed_honor_position};
    use crate::{Hand, Suit, Tile};

    const NUMBERS: &str = "S004's gapped numbers";
    const IDS: &str = "S004's card ids";

    /// The type digit of a kind: 0 万, 1 筒, 2 条, 3 honors.
    pub const fn card_type(tile: Tile) -> u8 {
        match tile.suit() {
            Suit::Man => 0,
            Suit::Pin => 1,
            Suit::Sou => 2,
            Suit::Honor => 3,
        }
    }

    /// The value digit of a kind: its rank, or 1–7 for East South West North Red Green White.
    pub const fn card_value(tile: Tile) -> u8 {
        match tile.suit() {
            Suit::Honor => seed_honor_position(tile) as u8 + 1,
            _ => tile.rank(),
        }
    }

    /// The kind with this type and value digit.
    pub const fn from_type_value(card_type: u8, value: u8) -> Option<Tile> {
        match (card_type, value) {
            (0, 1..=9) => Tile::from_suit_rank(Suit::Man, value),
            (1, 1..=9) => Tile::from_suit_rank(Suit::Pin, value),
            (2, 1..=9) => Tile::from_suit_rank(Suit::Sou, value),
            (3, 1..=7) => Some(SEED_HONORS[value as usize - 1]),
            _ => None,
        }
    }

    /// The gapped number of a kind.
    pub const fn to_number(tile: Tile) -> u8 {
        match tile.suit() {
            Suit::Honor => {
                let p = seed_honor_position(tile) as u8;
                // Winds 31 33 35 37, dragons 41 43 45.
                if p < 4 { 31 + 2 * p } else { 41 + 2 * (p - 4) }
            }
            _ => 10 * card_type(tile) + tile.rank(),
        }
    }

    /// The kind with this gapped number, if any.
    pub const fn from_number(number: u8) -> Option<Tile> {
        match number {
            1..=9 | 11..=19 | 21..=29 => from_type_value(number / 10, number % 10),
            31 | 33 | 35 | 37 => Some(SEED_HONORS[((number - 31) / 2) as usize]),
            41 | 43 | 45 => Some(SEED_HONORS[4 + ((number - 41) / 2) as usize]),
            _ => None,
        }
    }

    /// The kind with this gapped number, or an error naming the number.
    pub fn decode_number(number: u8) -> Result<Tile, DecodeError> {
        from_number(number).ok_or(DecodeError::UnknownCode { encoding: NUMBERS, code: number })
    }

    /// The card id of a physical tile: `type << 12 | value << 8 | (copy + 1)`.
    pub const fn to_id(tile: PhysicalTile) -> u16 {
        let t = tile.tile();
        (card_type(t) as u16) << 12 | (card_value(t) as u16) << 8 | (tile.copy() as u16 + 1)
    }

    /// The physical tile with this card id.
    pub fn from_id(id: u16) -> Result<PhysicalTile, DecodeError> {
        let tile = from_type_value((id >> 12) as u8, ((id >> 8) & 0xF) as u8).ok_or(DecodeError::BadId {
            encoding: IDS,
            id,
            reason: "type and value (the top two hex digits) are not a tile: type 0-2 with value 1-9, or 3 with 1-7",
        })?;
        let index = (id & 0xFF) as u8;
        index.checked_sub(1).and_then(|copy| PhysicalTile::new(tile, copy)).ok_or(DecodeError::BadId {
            encoding: IDS,
            id,
            reason: "the index (the low two hex digits) is not a copy 1-4",
        })
    }

    /// A concealed hand from card ids; fails on an unknown or repeated id.
    pub fn decode_hand(ids: &[u16]) -> Result<Hand, DecodeError> {
        let tiles = ids.iter().map(|&id| from_id(id)).collect::<Result<Vec<_>, _>>()?;
        hand_from_tiles(tiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TileCounts;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    fn tiles(notation: &str) -> Vec<Tile> {
        crate::notation::parse_hand(notation).unwrap().concealed().tiles().collect()
    }

    /// Tiles in the order written (parsing a hand would sort them): `["12p", "75z"]`.
    fn in_order(runs: &[&str]) -> Vec<Tile> {
        let mut v = Vec::new();
        for run in runs {
            let (digits, suit) = run.split_at(run.len() - 1);
            v.extend(digits.chars().map(|d| t(&format!("{d}{suit}"))));
        }
        v
    }

    #[test]
    fn physical_tiles_enumerate_the_wall() {
        assert_eq!(PhysicalTile::ALL.len(), 136);
        for (i, p) in PhysicalTile::ALL.iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(PhysicalTile::from_index(i), Some(*p));
            assert_eq!(PhysicalTile::new(p.tile(), p.copy()), Some(*p));
        }
        assert_eq!(PhysicalTile::from_index(136), None);
        assert_eq!(PhysicalTile::new(Tile::RED, 4), None);
        let counts = TileCounts::from_tiles(PhysicalTile::ALL.iter().map(|p| p.tile()));
        assert!(counts.0.iter().all(|&c| c == 4));

        let full: Vec<WallTile> = wall(true).collect();
        assert_eq!(full.len(), 144);
        for (i, w) in full.iter().enumerate() {
            assert_eq!(w.index(), Some(i), "{w}");
            assert_eq!(WallTile::from_index(i), Some(*w));
        }
        let bonus: Vec<String> = full[136..].iter().map(|w| w.to_string()).collect();
        assert_eq!(bonus, ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]);
        assert_eq!(WallTile::Bonus(BonusTile::Season(9)).index(), None);
    }

    #[test]
    fn kinds_cover_tiles_then_bonus() {
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(k.index(), Some(i));
            assert_eq!(Kind::from_index(i), Some(*k));
        }
        assert_eq!(Kind::ALL[34].to_string(), "1f");
        assert_eq!(Kind::ALL[41], Kind::Bonus(BonusTile::Flower(4)));
        assert_eq!(Kind::Bonus(BonusTile::Flower(0)).index(), None);
    }

    #[test]
    fn every_encoding_round_trips() {
        for tile in Tile::ALL {
            assert_eq!(s000::from_code(s000::to_code(tile)), Some(tile));
            assert_eq!(s003::from_code(s003::to_code(tile)), Some(tile));
            assert_eq!(s004::from_number(s004::to_number(tile)), Some(tile));
            assert_eq!(s004::from_type_value(s004::card_type(tile), s004::card_value(tile)), Some(tile));
        }
        for kind in Kind::ALL {
            let code = s003::kind_to_code(kind).unwrap();
            assert_eq!(s003::kind_from_code(code), Some(kind));
        }
        for p in PhysicalTile::ALL {
            assert_eq!(s001::from_id(s001::to_id(p)), Ok(p));
            assert_eq!(s004::from_id(s004::to_id(p)), Ok(p));
        }
    }

    #[test]
    fn decoders_accept_exactly_the_images() {
        let count = |f: &dyn Fn(u8) -> bool| (0..=255u8).filter(|&c| f(c)).count();
        assert_eq!(count(&|c| s000::from_code(c).is_some()), 34);
        assert_eq!(count(&|c| s003::kind_from_code(c).is_some()), 42);
        assert_eq!(count(&|c| s003::from_code(c).is_some()), 34);
        assert_eq!(count(&|c| s003::bonus_from_code(c).is_some()), 8);
        assert_eq!(count(&|c| s004::from_number(c).is_some()), 34);
        let ids = |f: &dyn Fn(u16) -> bool| (0..=u16::MAX).filter(|&id| f(id)).count();
        assert_eq!(ids(&|id| s001::from_id(id).is_ok()), 136);
        assert_eq!(ids(&|id| s004::from_id(id).is_ok()), 136);
    }

    #[test]
    fn s000_matches_the_list_it_prints() {
        // S000's `tiles` list, in its order: dots, bamboo, characters, winds, dragons.
        let printed: [u8; 34] = [
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, // Dots
            0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, // Bamboo
            0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, // Characters
            0x31, 0x41, 0x51, 0x61, 0x71, 0x81, 0x91, // East South West North Red Green White
        ];
        let decoded: Vec<Tile> = printed.iter().map(|&c| s000::decode(c).unwrap()).collect();
        assert_eq!(decoded, in_order(&["123456789p", "123456789s", "123456789m", "1234765z"]));
        assert_eq!(s000::decode(0x0A).unwrap_err().to_string(), "0x0a (10) is not a tile in S000's hex codes");
    }

    #[test]
    fn s003_matches_the_card_list_and_unicode_rows_it_prints() {
        // S003's `cardList`, row by row, and the Unicode rows printed under it.
        let printed: [u8; 42] = [
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, //万
            0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, //索
            0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, //筒
            0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, //风
            0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, //春夏秋冬梅兰菊竹
        ];
        let unicode = "🀇🀈🀉🀊🀋🀌🀍🀎🀏🀐🀑🀒🀓🀔🀕🀖🀗🀘🀙🀚🀛🀜🀝🀞🀟🀠🀡🀀🀁🀂🀃🀄🀅🀆";
        let kinds: Vec<Kind> = printed.iter().map(|&c| s003::decode(c).unwrap()).collect();
        let drawn: Vec<char> = kinds[..34].iter().map(|k| k.to_unicode()).collect();
        assert_eq!(drawn, unicode.chars().collect::<Vec<_>>());
        // 春夏秋冬 are the seasons 1f-4f, 梅兰菊竹 plum orchid chrysanthemum bamboo 5f-8f.
        let bonus: Vec<String> = kinds[34..].iter().map(|k| k.to_string()).collect();
        assert_eq!(bonus, ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]);
        assert_eq!(kinds[38].to_unicode(), '🀢'); // plum
        assert_eq!(kinds[34].to_unicode(), '🀦'); // spring
        assert!(s003::decode(0x38).is_err());
        assert!(s003::decode(0x49).is_err());
    }

    #[test]
    fn s001_ids_use_s000_values_and_the_copy() {
        assert_eq!(s001::to_id(PhysicalTile::new(t("1p"), 0).unwrap()), 0x0100);
        assert_eq!(s001::to_id(PhysicalTile::new(Tile::WHITE, 3).unwrap()), 0x9103);
        assert!(s001::from_id(0x2904).unwrap_err().to_string().contains("index"));
        assert!(s001::from_id(0x0A00).unwrap_err().to_string().contains("value"));
        // Byte values 1 or 2 apart are exactly the tiles one or two ranks apart in a numbered
        // suit, which is what S001's sequence combiners test.
        for a in Tile::ALL {
            for b in Tile::ALL {
                let d = s001::value(b) as i32 - s001::value(a) as i32;
                let ranks_apart = a.suit() == b.suit() && a.suit().is_numbered() && b.rank() > a.rank();
                let close = ranks_apart && b.rank() - a.rank() <= 2;
                assert_eq!((1..=2).contains(&d), close, "{a} {b}");
            }
        }
    }

    #[test]
    fn s004_numbers_leave_the_gaps_it_lists() {
        let gaps = [10, 20, 30, 32, 34, 36, 40, 42, 44, 46];
        for g in gaps {
            assert_eq!(s004::from_number(g), None, "{g}");
        }
        let numbers: Vec<u8> = Tile::ALL.iter().map(|&t| s004::to_number(t)).collect();
        assert_eq!(&numbers[27..], &[31, 33, 35, 37, 45, 43, 41]);
        // Three numbers n, n+1, n+2 are all tiles exactly when they are a sequence.
        for n in 0..=253u8 {
            let run = [n, n + 1, n + 2].map(s004::from_number);
            let is_run = run.iter().all(Option::is_some);
            let is_sequence = run[0].is_some_and(|t| t.starts_sequence());
            assert_eq!(is_run, is_sequence, "{n}");
        }
    }

    #[test]
    fn s004_ids_follow_its_example() {
        // "0x0201 表示第一张2万": type 0 (万), value 2, index 1 = the first copy.
        assert_eq!(s004::from_id(0x0201), Ok(PhysicalTile::new(t("2m"), 0).unwrap()));
        assert_eq!(s004::to_id(PhysicalTile::new(t("9s"), 3).unwrap()), 0x2904);
        assert_eq!(s004::to_id(PhysicalTile::new(Tile::RED, 0).unwrap()), 0x3501);
        assert!(s004::from_id(0x0200).is_err());
        assert!(s004::from_id(0x0205).is_err());
        assert!(s004::from_id(0x3801).is_err());
        assert!(s004::from_id(0x4101).is_err());
    }

    #[test]
    fn hands_decode_from_ids() {
        let ids: Vec<u16> = tiles("123m456p789s11122z")
            .iter()
            .scan(TileCounts::EMPTY, |seen, &t| {
                let copy = seen[t];
                seen[t] += 1;
                Some(s004::to_id(PhysicalTile::new(t, copy).unwrap()))
            })
            .collect();
        assert_eq!(s004::decode_hand(&ids).unwrap().to_string(), "123m456p789s11122z");
        let mut twice = ids.clone();
        twice.push(ids[0]);
        assert_eq!(
            s004::decode_hand(&twice).unwrap_err(),
            DecodeError::Duplicate { tile: WallTile::Tile(PhysicalTile::new(t("1m"), 0).unwrap()) }
        );
        assert_eq!(s001::decode_hand(&[0x2100, 0x2101]).unwrap().to_string(), "11m");
    }
}
