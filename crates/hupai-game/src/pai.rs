//! Tiles as a game sees them: [`Pai`], a kind with its red-five mark (mjai's 37 tiles, plus the
//! hidden tile `?` of a masked view), and [`PaiId`], one of the 136 physical tiles in Tenhou's
//! numbering (what walls and mjlog logs hold).
//!
//! hupai's [`Tile`] is a kind only; a game also has to say which five is red, because red fives
//! are dora and because logs write them (`5mr`, Tenhou's 51–53). A `Pai` is that and nothing
//! more: copies of one kind are interchangeable, so legal actions and events never name a copy.

use std::fmt;
use std::str::FromStr;

use hupai::{Suit, Tile};

/// A tile as mjai writes it: one of the 34 kinds, or a red five (`5mr`, `5pr`, `5sr`), or the
/// hidden tile `?` of a seat's view.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pai(u8);

impl Pai {
    /// The hidden tile `?`: what a view shows in place of another seat's concealed tile.
    pub const UNKNOWN: Pai = Pai(37);
    /// Red five of characters (`5mr`).
    pub const RED_5M: Pai = Pai(34);
    /// Red five of dots (`5pr`).
    pub const RED_5P: Pai = Pai(35);
    /// Red five of bamboo (`5sr`).
    pub const RED_5S: Pai = Pai(36);
    /// North (`N`), the three-player nuki dora.
    pub const NORTH: Pai = Pai(30);
    /// The first of the eight flowers (`1f`; `1f`–`4f` the flowers, `5f`–`8f` the seasons), which
    /// GB plays with: set aside as drawn, one fan each.
    pub const FLOWER_1: Pai = Pai(38);

    /// The `k`-th flower (0–7: `1f`–`8f`).
    pub const fn flower(k: u8) -> Option<Pai> {
        if k < 8 { Some(Pai(38 + k)) } else { None }
    }

    /// True for the eight flowers.
    pub const fn is_flower(self) -> bool {
        matches!(self.0, 38..=45)
    }

    /// The plain tile of a kind.
    pub const fn of(kind: Tile) -> Pai {
        Pai(kind.index() as u8)
    }

    /// The tile of a kind, red if `red` and the kind is a five of a numbered suit.
    pub const fn with_red(kind: Tile, red: bool) -> Pai {
        let i = kind.index();
        if red && i < 27 && i % 9 == 4 { Pai(34 + (i / 9) as u8) } else { Pai(i as u8) }
    }

    /// The tile numbered `index` in mjai order (0–33 the kinds, 34–36 the red fives, 37 `?`),
    /// then the flowers (38–45, `1f`–`8f`).
    pub const fn from_index(index: u8) -> Option<Pai> {
        if index <= 45 { Some(Pai(index)) } else { None }
    }

    /// The number of this tile in mjai order.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The kind (a red five's kind is the five); the hidden tile has none.
    #[inline]
    pub const fn kind(self) -> Option<Tile> {
        Tile::new(Pai::KIND_INDEX[self.0 as usize] as usize)
    }

    /// The kind's index 0–33 (a red five's is the five's); 34 for the hidden tile and the
    /// flowers, so arrays of 35 can count them too.
    #[inline]
    pub const fn kind_index(self) -> usize {
        Pai::KIND_INDEX[self.0 as usize] as usize
    }

    /// [`Pai::kind_index`] of every byte: one load where the ranges were two comparisons and a
    /// branch, asked in every hot loop of the engine (each discard, draw and call).
    const KIND_INDEX: [u8; 256] = {
        let mut table = [34u8; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = match b {
                0..=33 => b as u8,
                34..=36 => ((b - 34) * 9 + 4) as u8,
                _ => 34,
            };
            b += 1;
        }
        table
    };

    /// True for the three red fives.
    pub const fn is_red(self) -> bool {
        matches!(self.0, 34..=36)
    }

    /// True for the hidden tile `?`.
    pub const fn is_unknown(self) -> bool {
        self.0 == 37
    }

    /// The suit index of a red five (0 m, 1 p, 2 s).
    pub(crate) const fn red_suit(self) -> Option<usize> {
        if self.is_red() { Some(self.0 as usize - 34) } else { None }
    }

    /// mjai's name: `1m`–`9m`, `1p`–`9p`, `1s`–`9s`, `E S W N P F C`, `5mr 5pr 5sr`, `?`; the
    /// flowers, which mjai does not have, `1f`–`8f` (hupai's notation for bonus tiles).
    pub const fn mjai(self) -> &'static str {
        MJAI[self.0 as usize]
    }

    /// Tenhou's tile code in tenhou.net/6 logs: 11–19, 21–29, 31–39, 41–47, red fives 51–53.
    pub const fn tenhou6(self) -> u8 {
        match self.0 {
            0..=26 => (self.0 / 9 + 1) * 10 + self.0 % 9 + 1,
            27..=33 => 41 + (self.0 - 27),
            34..=36 => 51 + (self.0 - 34),
            _ => 0,
        }
    }

    /// The tile of a tenhou.net/6 code.
    pub const fn from_tenhou6(code: u32) -> Option<Pai> {
        match code {
            11..=19 | 21..=29 | 31..=39 => Some(Pai(((code / 10 - 1) * 9 + code % 10 - 1) as u8)),
            41..=47 => Some(Pai((27 + code - 41) as u8)),
            51..=53 => Some(Pai((34 + code - 51) as u8)),
            _ => None,
        }
    }
}

impl Pai {
    /// The names of the 34 kinds and the red fives (logs are mostly these) straight from their
    /// bytes, their places in `MJAI`; none for any other name, which [`str::parse`] reads.
    /// Inlined: a call for a few comparisons cost more than the comparisons.
    #[inline(always)]
    pub(crate) const fn from_common_name(name: &[u8]) -> Option<Pai> {
        const fn suit(c: u8) -> Option<u8> {
            match c {
                b'm' => Some(0),
                b'p' => Some(1),
                b's' => Some(2),
                _ => None,
            }
        }
        match *name {
            [d @ b'1'..=b'9', c] => match suit(c) {
                Some(s) => Some(Pai(s * 9 + d - b'1')),
                None => None,
            },
            [b'5', c, b'r'] => match suit(c) {
                Some(s) => Some(Pai(34 + s)),
                None => None,
            },
            [b'E'] => Some(Pai(27)),
            [b'S'] => Some(Pai(28)),
            [b'W'] => Some(Pai(29)),
            [b'N'] => Some(Pai(30)),
            [b'P'] => Some(Pai(31)),
            [b'F'] => Some(Pai(32)),
            [b'C'] => Some(Pai(33)),
            _ => None,
        }
    }

    /// A tile's name as bytes (a log's text between quotes), read as [`str::parse`] reads it;
    /// none where that gives an error. The common names take no UTF-8 check and no call.
    #[inline(always)]
    pub(crate) fn from_name_bytes(name: &[u8]) -> Option<Pai> {
        match Pai::from_common_name(name) {
            Some(pai) => Some(pai),
            None => std::str::from_utf8(name).ok()?.parse().ok(),
        }
    }
}

const MJAI: [&str; 46] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s",
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F", "C", "5mr", "5pr", "5sr", "?", "1f",
    "2f", "3f", "4f", "5f", "6f", "7f", "8f",
];

impl fmt::Display for Pai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mjai())
    }
}

impl fmt::Debug for Pai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mjai())
    }
}

/// A tile name that is neither mjai's nor mpsz.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a tile (mjai: 1m-9m 1p-9p 1s-9s E S W N P F C 5mr 5pr 5sr; or mpsz: 1m, 0p, 7z)")]
pub struct PaiError(pub String);

impl FromStr for Pai {
    type Err = PaiError;

    /// Reads mjai's names and, for convenience, one mpsz tile (`0m` a red five, `1z`–`7z`).
    fn from_str(s: &str) -> Result<Pai, PaiError> {
        if let Some(pai) = Pai::from_common_name(s.as_bytes()) {
            return Ok(pai);
        }
        if let Some(i) = MJAI.iter().position(|&n| n == s) {
            return Ok(Pai(i as u8));
        }
        let bytes = s.as_bytes();
        if let [digit @ b'0'..=b'9', letter] = bytes {
            let suit = Suit::from_letter(*letter as char).ok_or_else(|| PaiError(s.to_string()))?;
            let rank = digit - b'0';
            if rank == 0 && suit.is_numbered() {
                return Ok(Pai(34 + suit.offset() as u8 / 9));
            }
            if let Some(kind) = Tile::from_suit_rank(suit, rank) {
                return Ok(Pai::of(kind));
            }
        }
        Err(PaiError(s.to_string()))
    }
}

impl serde::Serialize for Pai {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.mjai())
    }
}

impl<'de> serde::Deserialize<'de> for Pai {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Pai, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// One of the 136 physical tiles, numbered as Tenhou numbers them: `id / 4` is the kind in
/// m, p, s, z order, and copy 0 of each five is the red one when the rules have red fives; then,
/// in a GB wall, the eight flowers (136–143, `1f`–`8f`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PaiId(pub u8);

impl PaiId {
    /// The kind of this tile.
    pub const fn kind(self) -> Tile {
        match Tile::new(self.0 as usize / 4) {
            Some(t) => t,
            // Ids past 135 are refused where they are read; 7z keeps a bad id from panicking.
            None => Tile::RED,
        }
    }

    /// The tile as a game names it, `red` saying how many copies of each numbered suit's five
    /// are red (copies `0 .. red[suit]`).
    pub const fn pai(self, red: [u8; 3]) -> Pai {
        if self.0 >= 136 && self.0 < 144 {
            return Pai(38 + (self.0 - 136));
        }
        let kind = self.kind();
        let i = kind.index();
        let is_red = i < 27 && i % 9 == 4 && (self.0 % 4) < red[i / 9];
        Pai::with_red(kind, is_red)
    }
}

/// Counts of a hand's tiles by kind, with how many of its fives are red: the hand as the engine
/// keeps it (copies are interchangeable; only red fives differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PaiCounts {
    /// Copies of each kind, red fives included in their kind.
    pub kinds: [u8; 34],
    /// Red fives held, per numbered suit (m, p, s).
    pub red: [u8; 3],
}

impl Default for PaiCounts {
    fn default() -> PaiCounts {
        PaiCounts::EMPTY
    }
}

impl PaiCounts {
    /// An empty hand.
    pub const EMPTY: PaiCounts = PaiCounts { kinds: [0; 34], red: [0; 3] };

    /// Adds a tile (the hidden tile is ignored).
    pub fn add(&mut self, pai: Pai) {
        let k = pai.kind_index();
        if k < 34 {
            self.kinds[k] += 1;
            if let Some(s) = pai.red_suit() {
                self.red[s] += 1;
            }
        }
    }

    /// Takes a tile out, if the hand has it (a red five only if a red one is held, a plain five
    /// only if a plain one is).
    pub fn remove(&mut self, pai: Pai) -> bool {
        if !self.has(pai) {
            return false;
        }
        self.kinds[pai.kind_index()] -= 1;
        if let Some(s) = pai.red_suit() {
            self.red[s] -= 1;
        }
        true
    }

    /// How many copies of this exact tile are held (plain fives and red fives counted apart).
    pub fn count(&self, pai: Pai) -> u8 {
        let k = pai.kind_index();
        if k >= 34 {
            return 0;
        }
        if let Some(s) = pai.red_suit() {
            return self.red[s];
        }
        if k < 27 && k % 9 == 4 { self.kinds[k] - self.red[k / 9] } else { self.kinds[k] }
    }

    /// True if this exact tile is held.
    pub fn has(&self, pai: Pai) -> bool {
        self.count(pai) > 0
    }

    /// Tiles held in total.
    pub fn total(&self) -> u32 {
        self.kinds.iter().map(|&c| u32::from(c)).sum()
    }

    /// Every distinct tile held (a plain and a red five apart), in mjai order of kinds, the red
    /// five right after its kind's plain five.
    #[inline(always)]
    pub fn distinct(&self) -> Distinct {
        self.distinct_of(self.held())
    }

    /// [`PaiCounts::distinct`] with the kinds held given (`held`, as [`PaiCounts::held`] would
    /// answer: a caller that keeps them elsewhere saves the pass over the counts).
    #[inline(always)]
    pub(crate) fn distinct_of(&self, held: u64) -> Distinct {
        debug_assert_eq!(held, self.held());
        let mut order = Distinct::spread(held);
        // Most hands hold no red five.
        if self.red == [0; 3] {
            return Distinct { order };
        }
        for s in 0..3 {
            if self.red[s] > 0 {
                order |= 1 << Distinct::RED_AT[s];
                if self.kinds[9 * s + 4] <= self.red[s] {
                    // Only red fives of this suit: no plain five to give.
                    order &= !(1 << Distinct::PLAIN_FIVE_AT[s]);
                }
            }
        }
        Distinct { order }
    }

    /// The kinds held, as a bit set (bit `k` for kind `k`).
    pub(crate) fn held(&self) -> u64 {
        // A byte's high bit set when its count is not zero (counts are at most four, so adding
        // 0x7f never carries).
        self.kinds_where(|word| {
            (((word & 0x7f7f_7f7f_7f7f_7f7f).wrapping_add(0x7f7f_7f7f_7f7f_7f7f) | word) & 0x8080_8080_8080_8080) >> 7
        })
    }

    /// The kinds held exactly once, as a bit set (bit `k` for kind `k`).
    pub(crate) fn singles(&self) -> u64 {
        // A count is one exactly when it differs from one nowhere: the test of `held` on the
        // counts with their lowest bit flipped, negated (the padding's zero bytes become ones,
        // which are not zero, so no kind past the 34th is set).
        self.kinds_where(|word| {
            let flipped = word ^ 0x0101_0101_0101_0101;
            !((((flipped & 0x7f7f_7f7f_7f7f_7f7f).wrapping_add(0x7f7f_7f7f_7f7f_7f7f) | flipped)
                & 0x8080_8080_8080_8080)
                >> 7)
                & 0x0101_0101_0101_0101
        })
    }

    /// The kinds held four times, as a bit set (bit `k` for kind `k`).
    pub(crate) fn fours(&self) -> u64 {
        // Counts are at most four: a count is four exactly when its bit 2 is set.
        self.kinds_where(|word| (word >> 2) & 0x0101_0101_0101_0101)
    }

    /// The kinds whose counts pass a test, as a bit set (bit `k` for kind `k`). The counts are
    /// read eight kinds a word; `test` maps a word of eight counts to bit 0 of each byte set
    /// where the count passes, and one multiply gathers those eight bits.
    #[inline(always)]
    fn kinds_where(&self, test: impl Fn(u64) -> u64) -> u64 {
        let mut set = 0u64;
        for w in 0..5 {
            let mut bytes = [0u8; 8];
            let from = 8 * w;
            let to = (from + 8).min(34);
            bytes[..to - from].copy_from_slice(&self.kinds[from..to]);
            set |= (test(u64::from_le_bytes(bytes)).wrapping_mul(0x0102_0408_1020_4080) >> 56) << from;
        }
        set
    }

    /// Every tile held, in order, each copy once.
    pub fn tiles(&self) -> impl Iterator<Item = Pai> + '_ {
        self.distinct().flat_map(move |p| std::iter::repeat_n(p, usize::from(self.count(p))))
    }

    /// Writes every tile held into `out` in the order of [`PaiCounts::tiles`] (a five's plain
    /// copies before its red ones), as many as fit; returns how many were written. A loop over
    /// the kinds held, for the deal's 13-tile hands, which the iterator's chain makes dear.
    pub(crate) fn write_tiles(&self, out: &mut [Pai]) -> usize {
        // Each kind's copies written as four at once into room for every kind's four (a count
        // is four at most, so the next kind's start covers the surplus), the red fives put over
        // their kind's last copies, then as many as fit copied out: a store a kind, where a tile
        // at a time was a branch and a bounds check each.
        let mut all = [Pai::UNKNOWN; 34 * 4 + 4];
        let mut written = 0;
        let mut held = self.held();
        while held != 0 {
            let k = held.trailing_zeros() as usize;
            held &= held - 1;
            let count = usize::from(self.kinds[k]);
            // No hand holds more than four of a kind; counts that did are written as before.
            let Some(four) = all.get_mut(written..written + 4).filter(|_| count <= 4) else {
                return self.write_tiles_one_by_one(out);
            };
            four.copy_from_slice(&[Pai(k as u8); 4]);
            if k < 27 && k % 9 == 4 && self.red[k / 9] > 0 {
                let red = usize::from(self.red[k / 9]).min(count);
                four[count - red..count].fill(Pai(34 + (k / 9) as u8));
            }
            written += count;
        }
        let n = written.min(out.len());
        out[..n].copy_from_slice(&all[..n]);
        n
    }

    /// [`PaiCounts::write_tiles`] a tile at a time, for counts above four.
    #[cold]
    fn write_tiles_one_by_one(&self, out: &mut [Pai]) -> usize {
        let mut written = 0;
        let mut held = self.held();
        while held != 0 {
            let k = held.trailing_zeros() as usize;
            held &= held - 1;
            let count = self.kinds[k];
            let red = if k < 27 && k % 9 == 4 { self.red[k / 9].min(count) } else { 0 };
            for i in 0..count {
                let pai = if i < count - red { Pai(k as u8) } else { Pai(34 + (k / 9) as u8) };
                let Some(slot) = out.get_mut(written) else { return written };
                *slot = pai;
                written += 1;
            }
        }
        written
    }

    /// The hupai counts of the kinds.
    pub fn tile_counts(&self) -> hupai::TileCounts {
        hupai::TileCounts(self.kinds)
    }
}

/// The distinct tiles of a [`PaiCounts`] ([`PaiCounts::distinct`]): the tiles held as a bit set
/// in their order (each kind, a five's red tile right after its kind), walked lowest first, so the
/// hot loops of legal actions skip the tiles not held and take each held one in a few
/// instructions (the discards are listed from it at every turn).
#[derive(Debug, Clone)]
pub struct Distinct {
    /// Bit `i` for the `i`-th tile in order (see [`Distinct::TILE_AT`]) when held.
    order: u64,
}

impl Distinct {
    /// The tile at each place of the order: the 34 kinds with each red five after its kind's
    /// five (5m at 4, 5mr at 5, 6m at 6, …, 5pr at 15, …, 5sr at 25, 6s at 26, …, C at 36).
    const TILE_AT: [u8; 64] = {
        let mut at = [0u8; 64];
        let mut k = 0;
        while k < 34 {
            at[Distinct::place_of_kind(k)] = k as u8;
            k += 1;
        }
        let mut s = 0;
        while s < 3 {
            at[Distinct::RED_AT[s]] = 34 + s as u8;
            s += 1;
        }
        at
    };
    /// Where each suit's plain and red five sit in the order.
    const PLAIN_FIVE_AT: [usize; 3] = [4, 14, 24];
    const RED_AT: [usize; 3] = [5, 15, 25];

    /// Where kind `k` sits in the order: one place further for each red five before it.
    const fn place_of_kind(k: usize) -> usize {
        k + (k >= 5) as usize + (k >= 14) as usize + (k >= 23) as usize
    }

    /// A set of kinds (bit `k` for kind `k`) moved to their places in the order.
    #[inline]
    fn spread(kinds: u64) -> u64 {
        (kinds & 0x1f) | ((kinds & (0x1ff << 5)) << 1) | ((kinds & (0x1ff << 14)) << 2) | ((kinds >> 23) << 26)
    }
}

impl Iterator for Distinct {
    type Item = Pai;

    #[inline]
    fn next(&mut self) -> Option<Pai> {
        if self.order == 0 {
            return None;
        }
        let at = self.order.trailing_zeros() as usize;
        self.order &= self.order - 1;
        Some(Pai(Distinct::TILE_AT[at & 63]))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.order.count_ones() as usize;
        (n, Some(n))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_mjai_name_reads_as_its_place() {
        for (i, name) in super::MJAI.iter().enumerate() {
            assert_eq!(name.parse::<super::Pai>(), Ok(super::Pai(i as u8)), "{name}");
        }
        for bad in ["0x", "5mrr", "5zr", "e", "", "10m"] {
            assert!(bad.parse::<super::Pai>().is_err(), "{bad}");
        }
    }

    /// Up to `most` random tiles (red fives among them), at most four of a kind.
    fn random_counts(rng: &mut crate::wall::SplitMix64, most: u64) -> PaiCounts {
        let mut c = PaiCounts::EMPTY;
        for _ in 0..rng.below(most) {
            let pai = Pai(rng.below(37) as u8);
            if c.kinds[pai.kind_index()] < 4 {
                c.add(pai);
            }
        }
        c
    }

    use super::*;

    #[test]
    fn names_round_trip() {
        for i in 0..=37u8 {
            let p = Pai::from_index(i).unwrap();
            assert_eq!(p.mjai().parse::<Pai>().unwrap(), p);
            if i < 37 {
                assert_eq!(Pai::from_tenhou6(u32::from(p.tenhou6())), Some(p));
            }
        }
        assert_eq!("0p".parse::<Pai>().unwrap(), Pai::RED_5P);
        assert_eq!("7z".parse::<Pai>().unwrap().mjai(), "C");
        assert!("5x".parse::<Pai>().is_err());
        assert!("".parse::<Pai>().is_err());
    }

    #[test]
    fn ids_and_red_fives() {
        assert_eq!(PaiId(16).pai([1, 1, 1]), Pai::RED_5M);
        assert_eq!(PaiId(17).pai([1, 1, 1]).mjai(), "5m");
        assert_eq!(PaiId(16).pai([0, 0, 0]).mjai(), "5m");
        assert_eq!(PaiId(53).pai([1, 2, 1]), Pai::RED_5P);
        assert_eq!(PaiId(135).pai([1, 1, 1]).mjai(), "C");
        assert_eq!(PaiId(136).pai([0, 0, 0]), Pai::FLOWER_1);
        assert_eq!(PaiId(143).pai([0, 0, 0]).mjai(), "8f");
        assert!(PaiId(140).pai([0, 0, 0]).is_flower() && PaiId(140).pai([0, 0, 0]).kind().is_none());
        assert_eq!("3f".parse::<Pai>().unwrap(), Pai::flower(2).unwrap());
    }

    #[test]
    fn counts_keep_red_fives_apart() {
        let mut c = PaiCounts::EMPTY;
        c.add(Pai::RED_5M);
        c.add("5m".parse().unwrap());
        assert_eq!(c.count(Pai::RED_5M), 1);
        assert_eq!(c.count("5m".parse().unwrap()), 1);
        assert!(c.remove("5m".parse().unwrap()));
        assert!(!c.remove("5m".parse().unwrap()));
        assert_eq!(c.tiles().collect::<Vec<_>>(), [Pai::RED_5M]);
    }

    /// The kinds held four times, against the plain definition, on many hands (every kind held
    /// four times among them).
    #[test]
    fn fours_are_the_kinds_held_four_times() {
        let mut rng = crate::wall::SplitMix64(11);
        let mut seen = [false; 34];
        for _ in 0..20_000 {
            let c = random_counts(&mut rng, 40);
            let plain = (0..34).filter(|&k| c.kinds[k] == 4).fold(0u64, |b, k| b | 1 << k);
            assert_eq!(c.fours(), plain, "{:?}", c);
            (0..34).filter(|&k| c.kinds[k] == 4).for_each(|k| seen[k] = true);
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// The kinds held and held once, as bit sets, against the plain definitions.
    #[test]
    fn held_and_singles_are_the_kinds_held_and_held_once() {
        let mut rng = crate::wall::SplitMix64(13);
        for _ in 0..20_000 {
            let c = random_counts(&mut rng, 40);
            let of = |test: &dyn Fn(u8) -> bool| (0..34).filter(|&k| test(c.kinds[k])).fold(0u64, |b, k| b | 1 << k);
            assert_eq!(c.held(), of(&|n| n > 0), "{:?}", c);
            assert_eq!(c.singles(), of(&|n| n == 1), "{:?}", c);
        }
    }

    /// The bit-set walk of `distinct` against the plain definition, on many hands.
    #[test]
    fn distinct_is_every_tile_held_once_in_order() {
        let mut rng = crate::wall::SplitMix64(5);
        for _ in 0..20_000 {
            let c = random_counts(&mut rng, 15);
            let plain: Vec<Pai> = (0..34usize)
                .flat_map(|k| {
                    let kind = Tile::new(k).unwrap();
                    let red = if k < 27 && k % 9 == 4 { c.red[k / 9] } else { 0 };
                    let a = (c.kinds[k] - red > 0).then(|| Pai::of(kind));
                    let b = (red > 0).then(|| Pai::with_red(kind, true));
                    a.into_iter().chain(b)
                })
                .collect();
            assert_eq!(c.distinct().collect::<Vec<_>>(), plain, "{:?}", c);
        }
    }

    /// The deal's loop over the kinds held writes the tiles `tiles` gives, in its order, and
    /// stops where the slice does.
    #[test]
    fn write_tiles_is_tiles_in_order() {
        let mut rng = crate::wall::SplitMix64(17);
        for _ in 0..20_000 {
            let c = random_counts(&mut rng, 20);
            let all: Vec<Pai> = c.tiles().collect();
            let mut out = [Pai::UNKNOWN; 20];
            let n = c.write_tiles(&mut out);
            assert_eq!(&out[..n], &all[..], "{:?}", c);
            let mut short = [Pai::UNKNOWN; 13];
            let n = c.write_tiles(&mut short);
            assert_eq!(&short[..n], &all[..all.len().min(13)], "{:?}", c);
        }
    }
}
