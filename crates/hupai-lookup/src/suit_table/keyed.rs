//! Lookups by per-suit keys that the caller keeps up to date, for game loops and batches that
//! check the same hand after every draw and discard (the `hupai` crate's `PackedHand`).
//!
//! [`SuitKeys`] holds, per numbered suit, the two base-5 halves the dense pattern index is made
//! of (ranks 1–4 and 5–9), and the seven honor counts one per byte. Adding or removing a tile is
//! one add or subtract, so a check needs no pass over 34 counts: three index lookups for the
//! numbered suits and a few word operations for the honors. The verdicts are exactly
//! [`SuitTable`](super::SuitTable)'s for the plain four-copy cap (or none, under the fifth-copy
//! rule); callers whose declared melds lower a cap, or whose suits hold more than
//! [`MAX_TILES`](super::MAX_TILES) tiles, get `None` and take the general path.

use hupai_tiles::{Rules, SevenPairs, TileSet};

use super::costs::{self, Cost, INF};
use super::{Runtime, index, special};
use crate::format::FormatError;

/// How much one tile of each rank moves its suit's half: ranks 1–4 are the left half's base-5
/// digits, ranks 5–9 the right half's.
pub const RANK_STEP: [u16; 9] = [1, 5, 25, 125, 1, 5, 25, 125, 625];

/// Per-suit keys of a hand's concealed tiles (wildcards and declared melds excluded).
///
/// ```
/// use hupai_lookup::suit_table::keyed::{Keyed, SuitKeys};
/// use hupai_tiles::Tile;
///
/// let mut counts = [0u8; 34];
/// for t in ["1m", "2m", "3m", "5p", "5p", "7z", "7z", "7z"] {
///     counts[t.parse::<Tile>()?.index()] += 1;
/// }
/// let mut keys = SuitKeys::from_counts(&counts).expect("no count above 4");
/// let tables = Keyed::get().expect("embedded tables");
/// // 123m 55p 777z: melds and the pair already, two melds short of 14 tiles with no wildcard.
/// assert_eq!(tables.melds_form_cost(&keys, true), Some(0));
/// keys.remove(Tile::RED);
/// assert_eq!(tables.melds_form_cost(&keys, true), Some(1));
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SuitKeys {
    /// Per numbered suit (m, p, s): the base-5 value of ranks 1–4 and of ranks 5–9.
    pub halves: [[u16; 2]; 3],
    /// The honor counts 1z–7z, one per byte, 1z in the low byte; the top byte is zero.
    pub honors: u64,
}

impl SuitKeys {
    /// The keys of 34 concealed counts; `None` if a count exceeds 4.
    pub fn from_counts(counts: &[u8; 34]) -> Option<SuitKeys> {
        let mut halves = [[0u16; 2]; 3];
        for (s, slot) in halves.iter_mut().enumerate() {
            let (l, r) = index::halves(super::suit_of(counts, s))?;
            *slot = [l as u16, r as u16];
        }
        let honors = counts[27..].iter().rev().fold(0u64, |word, &n| word << 8 | n as u64);
        if counts[27..].iter().any(|&n| n > 4) {
            return None;
        }
        Some(SuitKeys { halves, honors })
    }

    /// One more concealed tile. The caller keeps every count at most 4.
    #[inline(always)]
    pub fn add(&mut self, tile: hupai_tiles::Tile) {
        let t = tile.index();
        if t < 27 {
            let (s, rank) = (t / 9, t % 9);
            let half = &mut self.halves[s][(rank >= 4) as usize];
            *half = half.wrapping_add(RANK_STEP[rank]);
        } else {
            self.honors = self.honors.wrapping_add(1 << (8 * (t - 27)));
        }
    }

    /// One concealed tile fewer. The caller only removes tiles the hand holds.
    #[inline(always)]
    pub fn remove(&mut self, tile: hupai_tiles::Tile) {
        let t = tile.index();
        if t < 27 {
            let (s, rank) = (t / 9, t % 9);
            let half = &mut self.halves[s][(rank >= 4) as usize];
            *half = half.wrapping_sub(RANK_STEP[rank]);
        } else {
            self.honors = self.honors.wrapping_sub(1 << (8 * (t - 27)));
        }
    }
}

/// The validated suit tables, for lookups by [`SuitKeys`].
#[derive(Clone, Copy)]
pub struct Keyed {
    rt: &'static Runtime,
}

impl std::fmt::Debug for Keyed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keyed")
    }
}

impl Keyed {
    /// The embedded tables, validated on first use.
    pub fn get() -> Result<Keyed, FormatError> {
        super::RUNTIME.as_ref().map(|rt| Keyed { rt }).map_err(Clone::clone)
    }

    /// The four suits' costs; `None` if a numbered suit holds more tiles than the table covers.
    #[inline(always)]
    fn costs(&self, keys: &SuitKeys, capped: bool) -> Option<([Cost; 4], [u32; 3])> {
        let dec = self.rt.decode(capped);
        let located = keys.halves.map(|[l, r]| index::locate(l as usize, r as usize));
        let m = self.rt.at(located[0], dec)?;
        let p = self.rt.at(located[1], dec)?;
        let s = self.rt.at(located[2], dec)?;
        Some(([m, p, s, costs::honors_word(keys.honors, capped)], located))
    }

    /// Fewest wildcards completing the concealed tiles into melds and a pair, with the plain cap
    /// (four copies, counting stand-ins) when `capped`, else none; at least 1000 if impossible.
    /// `None` if a numbered suit holds more than [`MAX_TILES`](super::MAX_TILES) tiles.
    ///
    /// The number of melds is implied: concealed tiles plus wildcards make `3k + 2` tiles.
    #[inline(always)]
    pub fn melds_form_cost(&self, keys: &SuitKeys, capped: bool) -> Option<i32> {
        let (c, _) = self.costs(keys, capped)?;
        Some(super::total(&c))
    }

    /// The kinds that complete the concealed tiles plus `wildcards` (one tile short) into melds
    /// and a pair. `full` has bit `t` set for every kind the hand physically holds four of
    /// (concealed and declared), which are never waits. `None` as for
    /// [`Keyed::melds_form_cost`], or when a suit would exceed the table with one more tile.
    pub fn melds_form_waits(&self, keys: &SuitKeys, wildcards: u8, capped: bool, full: u64) -> Option<TileSet> {
        let (base, located) = self.costs(keys, capped)?;
        let wildcards = wildcards as i32;
        // One more real tile saves at most one wildcard (that wildcard could have stood for it),
        // so a hand more than one wildcard short has no wait in this form.
        if super::total(&base) > wildcards + 1 {
            return Some(TileSet::EMPTY);
        }
        let dec = self.rt.decode(capped);
        let melds_all: i32 = base.iter().map(|c| c.melds).sum();
        let mut bits = 0u64;
        for s in 0..4 {
            let others_melds = melds_all - base[s].melds;
            let mut others_delta = INF;
            for (u, c) in base.iter().enumerate() {
                if u != s {
                    others_delta = others_delta.min(c.delta);
                }
            }
            let wins = |new: Cost| others_melds + new.melds + new.delta.min(others_delta) <= wildcards;
            if s == 3 {
                let c: [u8; 7] = match keys.honors.to_le_bytes().first_chunk::<7>() {
                    Some(c) => *c,
                    None => return None,
                };
                bits |= super::honor_waits(&c, full, base[3], capped, &wins);
                continue;
            }
            let [l, r] = keys.halves[s];
            let (l, r) = (l as usize, r as usize);
            let tiles = index::tiles_of(located[s]);
            for (rank, &step) in RANK_STEP.iter().enumerate() {
                let t = s * 9 + rank;
                if full & (1 << t) != 0 {
                    continue;
                }
                let step = step as usize;
                let more = if rank < 4 { index::locate(l + step, r) } else { index::locate(l, r + step) };
                // A rank already at four carries into the next digit, which changes the tile count
                // by anything but +1: such a kind is full, whatever `full` says.
                if index::tiles_of(more) != tiles + 1 {
                    continue;
                }
                if wins(self.rt.at(more, dec)?) {
                    bits |= 1 << t;
                }
            }
        }
        Some(TileSet::from_bits(bits))
    }
}

/// Does a complete concealed 14-tile hand (`counts` plus `wildcards`) win as seven pairs or
/// thirteen orphans under `rules`? (Only meaningful without declared melds.)
pub fn special_form_win(counts: &[u8; 34], wildcards: u8, rules: &Rules) -> bool {
    special::special_win(counts, wildcards as i32, rules.seven_pairs, rules.thirteen_orphans)
}

/// The kinds completing a concealed 13-tile hand into seven pairs or thirteen orphans under
/// `rules`. (Only meaningful without declared melds.)
pub fn special_form_waits(counts: &[u8; 34], wildcards: u8, rules: &Rules) -> TileSet {
    let mut bits = 0;
    if rules.seven_pairs != SevenPairs::Off {
        bits |= special::seven_pairs_waits(counts, wildcards as i32, rules.seven_pairs).bits();
    }
    if rules.thirteen_orphans {
        bits |= special::thirteen_orphans_waits(counts).bits();
    }
    TileSet::from_bits(bits)
}
