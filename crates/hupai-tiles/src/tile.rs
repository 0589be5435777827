//! The 34 tile kinds, the bonus (flower and season) tiles, and the count and set types built on them.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The four suits. Honors (winds and dragons) never form sequences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suit {
    /// Characters (萬子), notation `m`.
    Man,
    /// Dots (筒子), notation `p`.
    Pin,
    /// Bamboo (索子), notation `s`.
    Sou,
    /// Winds then dragons (字牌), notation `z`.
    Honor,
}

impl Suit {
    /// All suits in tile order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The notation letter: `m`, `p`, `s` or `z`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit for a notation letter.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// Number of ranks: 9 for the numbered suits, 7 for honors.
    pub const fn ranks(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// Index of the suit's first tile (0, 9, 18 or 27).
    pub const fn offset(self) -> usize {
        match self {
            Suit::Man => 0,
            Suit::Pin => 9,
            Suit::Sou => 18,
            Suit::Honor => 27,
        }
    }

    /// True for the numbered suits, whose tiles form sequences.
    pub const fn is_numbered(self) -> bool {
        !matches!(self, Suit::Honor)
    }
}

/// One of the 34 tile kinds, ordered 1–9m, 1–9p, 1–9s, 1–7z
/// (East, South, West, North, White, Green, Red).
///
/// ```
/// use hupai_tiles::{Suit, Tile};
/// let t = Tile::from_suit_rank(Suit::Pin, 5).unwrap();
/// assert_eq!(t.index(), 13);
/// assert_eq!(t.to_string(), "5p");
/// assert_eq!(Tile::EAST.to_string(), "1z");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tile(u8);

impl Tile {
    /// Number of tile kinds.
    pub const COUNT: usize = 34;
    /// East wind, `1z`.
    pub const EAST: Tile = Tile(27);
    /// South wind, `2z`.
    pub const SOUTH: Tile = Tile(28);
    /// West wind, `3z`.
    pub const WEST: Tile = Tile(29);
    /// North wind, `4z`.
    pub const NORTH: Tile = Tile(30);
    /// White dragon, `5z`.
    pub const WHITE: Tile = Tile(31);
    /// Green dragon, `6z`.
    pub const GREEN: Tile = Tile(32);
    /// Red dragon, `7z`.
    pub const RED: Tile = Tile(33);

    /// Every kind in tile order.
    pub const ALL: [Tile; 34] = {
        let mut all = [Tile(0); 34];
        let mut i = 0;
        while i < 34 {
            all[i] = Tile(i as u8);
            i += 1;
        }
        all
    };

    /// The thirteen terminals and honors (幺九牌) used by thirteen orphans.
    pub const TERMINALS_AND_HONORS: [Tile; 13] = [
        Tile(0),
        Tile(8),
        Tile(9),
        Tile(17),
        Tile(18),
        Tile(26),
        Tile(27),
        Tile(28),
        Tile(29),
        Tile(30),
        Tile(31),
        Tile(32),
        Tile(33),
    ];

    /// The tile with this index (0–33), if any.
    pub const fn new(index: usize) -> Option<Tile> {
        if index < 34 { Some(Tile(index as u8)) } else { None }
    }

    /// The tile of this suit and rank (1–9, or 1–7 for honors).
    pub const fn from_suit_rank(suit: Suit, rank: u8) -> Option<Tile> {
        if rank == 0 || rank > suit.ranks() {
            return None;
        }
        Some(Tile((suit.offset() as u8) + rank - 1))
    }

    /// Index 0–33 in tile order.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's suit.
    pub const fn suit(self) -> Suit {
        match self.0 {
            0..=8 => Suit::Man,
            9..=17 => Suit::Pin,
            18..=26 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// Rank within the suit: 1–9, or 1–7 for honors.
    pub const fn rank(self) -> u8 {
        self.0 - self.suit().offset() as u8 + 1
    }

    /// True for winds and dragons.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// True for winds.
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    /// True for dragons.
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// True for 1 and 9 of a numbered suit.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.rank() == 1 || self.rank() == 9)
    }

    /// True for terminals and honors (幺九牌).
    #[inline]
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// True for 2–8 of a numbered suit (中张).
    pub const fn is_simple(self) -> bool {
        !self.is_terminal_or_honor()
    }

    /// The next rank in the same numbered suit (no wrap-around), if any.
    pub const fn next_in_suit(self) -> Option<Tile> {
        if self.is_honor() || self.rank() == 9 { None } else { Some(Tile(self.0 + 1)) }
    }

    /// True if a sequence (chi) can start at this tile: ranks 1–7 of a numbered suit.
    pub const fn starts_sequence(self) -> bool {
        !self.is_honor() && self.rank() <= 7
    }

    /// The Unicode mahjong tile (U+1F000 block) for this kind.
    pub const fn to_unicode(self) -> char {
        // The Unicode block orders winds E S W N, then Red, Green, White, then man, sou, pin.
        let code = match self.suit() {
            Suit::Man => 0x1F007 + (self.rank() as u32 - 1),
            Suit::Sou => 0x1F010 + (self.rank() as u32 - 1),
            Suit::Pin => 0x1F019 + (self.rank() as u32 - 1),
            Suit::Honor => match self.rank() {
                1..=4 => 0x1F000 + (self.rank() as u32 - 1),
                5 => 0x1F006, // white
                6 => 0x1F005, // green
                _ => 0x1F004, // red
            },
        };
        match char::from_u32(code) {
            Some(c) => c,
            None => '?',
        }
    }

    /// The kind drawn by a Unicode mahjong tile, if it is one of the 34.
    pub const fn from_unicode(c: char) -> Option<Tile> {
        let code = c as u32;
        let (suit, rank) = match code {
            0x1F000..=0x1F003 => (Suit::Honor, (code - 0x1F000 + 1) as u8),
            0x1F004 => (Suit::Honor, 7),
            0x1F005 => (Suit::Honor, 6),
            0x1F006 => (Suit::Honor, 5),
            0x1F007..=0x1F00F => (Suit::Man, (code - 0x1F007 + 1) as u8),
            0x1F010..=0x1F018 => (Suit::Sou, (code - 0x1F010 + 1) as u8),
            0x1F019..=0x1F021 => (Suit::Pin, (code - 0x1F019 + 1) as u8),
            _ => return None,
        };
        Tile::from_suit_rank(suit, rank)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Two ASCII bytes; written without the formatting machinery, which costs more than the rest.
        let text = [b'0' + self.rank(), self.suit().letter() as u8];
        f.write_str(std::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

/// The eight bonus tiles: four flowers and four seasons. They are set aside when drawn and
/// never enter a winning shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BonusTile {
    /// Spring, summer, autumn, winter: number 1–4 (notation `1f`–`4f`).
    Season(u8),
    /// Plum, orchid, chrysanthemum, bamboo: number 1–4 (notation `5f`–`8f`).
    Flower(u8),
}

impl BonusTile {
    /// The bonus tile numbered 1–8 in notation order (`1f`–`8f`): seasons first, then flowers.
    pub const fn from_number(n: u8) -> Option<BonusTile> {
        match n {
            1..=4 => Some(BonusTile::Season(n)),
            5..=8 => Some(BonusTile::Flower(n - 4)),
            _ => None,
        }
    }

    /// The notation number 1–8.
    pub const fn number(self) -> u8 {
        match self {
            BonusTile::Season(n) => n,
            // Saturating: the variants are public, so `Flower(255)` can reach here.
            BonusTile::Flower(n) => n.saturating_add(4),
        }
    }

    /// The Unicode tile (U+1F022–U+1F029).
    pub const fn to_unicode(self) -> char {
        // Unicode orders plum, orchid, bamboo, chrysanthemum, then spring..winter.
        let code = match self {
            BonusTile::Flower(1) => 0x1F022,
            BonusTile::Flower(2) => 0x1F023,
            BonusTile::Flower(3) => 0x1F025,
            BonusTile::Flower(_) => 0x1F024,
            BonusTile::Season(n @ 1..=4) => 0x1F026 + (n as u32 - 1),
            BonusTile::Season(_) => '?' as u32,
        };
        match char::from_u32(code) {
            Some(c) => c,
            None => '?',
        }
    }

    /// The bonus tile drawn by a Unicode character, if any.
    pub const fn from_unicode(c: char) -> Option<BonusTile> {
        match c as u32 {
            0x1F022 => Some(BonusTile::Flower(1)),
            0x1F023 => Some(BonusTile::Flower(2)),
            0x1F024 => Some(BonusTile::Flower(4)),
            0x1F025 => Some(BonusTile::Flower(3)),
            code @ 0x1F026..=0x1F029 => Some(BonusTile::Season((code - 0x1F026 + 1) as u8)),
            _ => None,
        }
    }
}

impl fmt::Display for BonusTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}f", self.number())
    }
}

/// How many of each of the 34 kinds: the concealed part of a hand, or a wall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileCounts(pub [u8; 34]);

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts::EMPTY
    }
}

// serde derives stop at arrays of 32, so the 34 counts go through a slice.
#[cfg(feature = "serde")]
impl serde::Serialize for TileCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TileCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<u8> = serde::Deserialize::deserialize(d)?;
        let arr: [u8; 34] =
            v.try_into().map_err(|v: Vec<u8>| serde::de::Error::invalid_length(v.len(), &"34 tile counts"))?;
        Ok(TileCounts(arr))
    }
}

impl TileCounts {
    /// No tiles.
    pub const EMPTY: TileCounts = TileCounts([0; 34]);

    /// Counts of the given tiles.
    pub fn from_tiles<I: IntoIterator<Item = Tile>>(tiles: I) -> TileCounts {
        let mut c = TileCounts::EMPTY;
        for t in tiles {
            c.0[t.index()] = c.0[t.index()].saturating_add(1);
        }
        c
    }

    /// Total number of tiles.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// Count of one kind.
    #[inline]
    pub fn get(&self, tile: Tile) -> u8 {
        self.0[tile.index()]
    }

    /// The counts of one suit (9 entries, or 7 for honors).
    #[inline]
    pub fn suit(&self, suit: Suit) -> &[u8] {
        &self.0[suit.offset()..suit.offset() + suit.ranks() as usize]
    }

    /// Every tile, repeated by its count, in tile order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::ALL.iter().flat_map(move |&t| std::iter::repeat_n(t, self.0[t.index()] as usize))
    }

    /// The kinds present at least once.
    #[inline]
    pub fn kinds(&self) -> TileSet {
        // Eight counts at a time: every check of a hand under a smaller tile set asks this.
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let mut bits = 0u64;
        for (w, chunk) in self.0.chunks(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            let x = u64::from_le_bytes(bytes);
            // A byte's top bit set exactly when the byte is not zero (no carry crosses bytes).
            let nonzero = (((x & LOW7) + LOW7) | x) & !LOW7;
            bits |= ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * w);
        }
        TileSet(bits)
    }
}

impl Index<Tile> for TileCounts {
    type Output = u8;
    #[inline]
    fn index(&self, t: Tile) -> &u8 {
        &self.0[t.index()]
    }
}

impl IndexMut<Tile> for TileCounts {
    #[inline]
    fn index_mut(&mut self, t: Tile) -> &mut u8 {
        &mut self.0[t.index()]
    }
}

/// A set of tile kinds as a 34-bit mask; iterates in tile order. Waits are returned as one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileSet(u64);

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);
    /// All 34 kinds.
    pub const ALL: TileSet = TileSet((1u64 << 34) - 1);

    /// The raw mask: bit `i` is tile index `i`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// A set from a raw mask; bits above 33 are dropped.
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & ((1u64 << 34) - 1))
    }

    /// Adds a kind.
    #[inline]
    pub fn insert(&mut self, t: Tile) {
        self.0 |= 1 << t.index();
    }

    /// Removes a kind.
    #[inline]
    pub fn remove(&mut self, t: Tile) {
        self.0 &= !(1 << t.index());
    }

    /// True if the kind is in the set.
    #[inline]
    pub const fn contains(self, t: Tile) -> bool {
        self.0 & (1 << t.index()) != 0
    }

    /// Number of kinds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in tile order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Tile::new(i)
        })
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|t| t.to_string())).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn kinds_are_the_kinds_counted(counts in proptest::array::uniform32(0u8..=255), tail in proptest::array::uniform2(0u8..=255), sparse in 0u64..(1 << 34)) {
            let mut c = [0u8; 34];
            for k in 0..34 {
                // Most kinds absent, as in a hand; any count where present.
                let n = if k < 32 { counts[k] } else { tail[k - 32] };
                c[k] = if sparse >> k & 1 == 1 { n } else { 0 };
            }
            let plain = (0..34).fold(0u64, |s, k| s | u64::from(c[k] > 0) << k);
            proptest::prop_assert_eq!(TileCounts(c).kinds().bits(), plain);
        }
    }

    #[test]
    fn suit_rank_round_trip() {
        for t in Tile::ALL {
            assert_eq!(Tile::from_suit_rank(t.suit(), t.rank()), Some(t));
        }
        assert_eq!(Tile::from_suit_rank(Suit::Honor, 8), None);
        assert_eq!(Tile::from_suit_rank(Suit::Man, 0), None);
    }

    #[test]
    fn unicode_round_trip_and_order() {
        for t in Tile::ALL {
            assert_eq!(Tile::from_unicode(t.to_unicode()), Some(t), "{t}");
        }
        assert_eq!(Tile::RED.to_unicode(), '🀄');
        assert_eq!(Tile::from_suit_rank(Suit::Man, 1).unwrap().to_unicode(), '🀇');
        assert_eq!(Tile::from_suit_rank(Suit::Pin, 5).unwrap().to_unicode(), '🀝');
        for n in 1..=8 {
            let b = BonusTile::from_number(n).unwrap();
            assert_eq!(BonusTile::from_unicode(b.to_unicode()), Some(b));
        }
    }

    #[test]
    fn classification() {
        let honors = Tile::ALL.iter().filter(|t| t.is_honor()).count();
        let terminals = Tile::ALL.iter().filter(|t| t.is_terminal()).count();
        assert_eq!((honors, terminals), (7, 6));
        assert_eq!(
            Tile::ALL.iter().filter(|t| t.is_terminal_or_honor()).copied().collect::<Vec<_>>(),
            Tile::TERMINALS_AND_HONORS.to_vec()
        );
        assert_eq!(Tile::new(8).unwrap().next_in_suit(), None);
        assert!(!Tile::EAST.starts_sequence());
    }

    #[test]
    fn tile_set_iterates_in_order() {
        let s: TileSet = [Tile::RED, Tile::ALL[0], Tile::ALL[20]].into_iter().collect();
        assert_eq!(s.iter().map(|t| t.index()).collect::<Vec<_>>(), vec![0, 20, 33]);
        assert_eq!(s.len(), 3);
    }
}
