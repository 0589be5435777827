//! The [`Combiner`] trait, S001's six combiners plus thirteen orphans, and [`Combiners`], a prepared set.

use std::fmt;

use hupai_tiles::Tile;
use smallvec::SmallVec;

/// A way of forming groups (S001's 组合器). A combiner only names the shapes it forms; the search
/// takes real tiles where the hand has them and fills the rest with wildcards, the same way for
/// every combiner (S001 repeated that filling in each combiner, and each did it differently).
///
/// Implement it to plug in a shape of your own: knitted straights, thirteen orphans, honor
/// sequences under some local rule. See [`ShiSanYao`] for a complete one written only against
/// this trait.
///
/// ```
/// use hupai_combine::{Combiner, Combiners, Jiang, hu_groups};
/// use hupai_tiles::{Hand, Tile};
///
/// /// Three dragons as one group (a made-up local rule).
/// struct Dragons;
/// impl Combiner for Dragons {
///     fn name(&self) -> &str { "dragons" }
///     fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
///         if lowest == Tile::WHITE {
///             emit(&[Tile::WHITE, Tile::GREEN, Tile::RED]);
///         }
///     }
/// }
///
/// let set = Combiners::new().with(Jiang).with(Dragons);
/// let hand: Hand = "1m57z*".parse()?;
/// let coverings = hu_groups(&hand, &set);
/// // The wildcard is the second 1m or the green dragon, never both: no covering.
/// assert!(coverings.is_empty());
/// let hand: Hand = "1m57z**".parse()?;
/// let coverings = hu_groups(&hand, &set);
/// assert_eq!(coverings.len(), 1);
/// assert_eq!(coverings[0].to_string(), "11m 567z");
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
pub trait Combiner: Send + Sync {
    /// A short stable lowercase name, shown with the groups the combiner forms.
    fn name(&self) -> &str;

    /// S001's special combiners: a covering uses a special combiner at most once.
    /// [`Combiners::with`] takes its [`Limits`] from this; [`Combiners::with_limits`] overrides it.
    fn special(&self) -> bool {
        false
    }

    /// Calls `emit` once per group this combiner can form whose lowest tile is `lowest`, with the
    /// group's tiles, in a fixed order. The order of the calls is the order coverings list groups
    /// of the same lowest tile in. A group emitted for the wrong `lowest`, or twice, is filed under
    /// its real lowest tile once; an empty group, or one of more than 64 tiles, is ignored, and so
    /// is any group past the 65 535th of a set.
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile]));
}

fn next(t: Tile, by: usize) -> Tile {
    Tile::ALL[t.index() + by]
}

/// 将: a pair, `tt`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Jiang;

impl Combiner for Jiang {
    fn name(&self) -> &str {
        "jiang"
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        emit(&[lowest, lowest]);
    }
}

/// 刻: a triplet, `ttt`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ke;

impl Combiner for Ke {
    fn name(&self) -> &str {
        "ke"
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        emit(&[lowest, lowest, lowest]);
    }
}

/// 顺: a sequence of three consecutive ranks of a numbered suit, never wrapping.
#[derive(Debug, Clone, Copy, Default)]
pub struct Shun;

impl Combiner for Shun {
    fn name(&self) -> &str {
        "shun"
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        if lowest.starts_sequence() {
            emit(&[lowest, next(lowest, 1), next(lowest, 2)]);
        }
    }
}

/// 边顺 (partial): two consecutive ranks of a numbered suit, `t t+1`.
#[derive(Debug, Clone, Copy, Default)]
pub struct BianShun;

impl Combiner for BianShun {
    fn name(&self) -> &str {
        "bianshun"
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        if lowest.next_in_suit().is_some() {
            emit(&[lowest, next(lowest, 1)]);
        }
    }
}

/// 夹顺 (partial): two ranks one apart in a numbered suit, `t t+2`.
#[derive(Debug, Clone, Copy, Default)]
pub struct JiaShun;

impl Combiner for JiaShun {
    fn name(&self) -> &str {
        "jiashun"
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        if lowest.starts_sequence() {
            emit(&[lowest, next(lowest, 2)]);
        }
    }
}

/// 单 (partial): a single tile.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dan;

impl Combiner for Dan {
    fn name(&self) -> &str {
        "dan"
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        emit(&[lowest]);
    }
}

/// 十三幺: thirteen orphans as one 14-tile group, one of each terminal and honor plus a second
/// copy of one of them; the groups are listed by the doubled kind. Special: at most once.
///
/// Written only against the public [`Combiner`] trait; [`crate::Combine`] uses it for the
/// thirteen-orphans form.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShiSanYao;

impl Combiner for ShiSanYao {
    fn name(&self) -> &str {
        "shisanyao"
    }
    fn special(&self) -> bool {
        true
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        if lowest != Tile::TERMINALS_AND_HONORS[0] {
            return;
        }
        for doubled in Tile::TERMINALS_AND_HONORS {
            let mut tiles: SmallVec<[Tile; 14]> = Tile::TERMINALS_AND_HONORS.iter().copied().collect();
            tiles.push(doubled);
            tiles.sort_unstable();
            emit(&tiles);
        }
    }
}

/// How often one combiner may appear in a covering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Most groups this combiner may form in one covering (S001's special combiners: 1).
    pub max_uses: u8,
    /// Most copies of one identical group (seven distinct pairs: 1; pairs allowing a
    /// four-of-a-kind: 2).
    pub max_identical: u8,
}

impl Limits {
    /// No limit.
    pub const NONE: Limits = Limits { max_uses: u8::MAX, max_identical: u8::MAX };
    /// At most once per covering: S001's special combiners.
    pub const ONCE: Limits = Limits { max_uses: 1, max_identical: 1 };
}

/// The largest group a combiner may form.
pub(crate) const MAX_GROUP: usize = 64;

/// Most groups one set holds (searches index them with a `u16`); further groups are ignored.
pub(crate) const MAX_ENTRIES: usize = u16::MAX as usize;

/// One group a combiner forms, prepared for the search.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    /// Index of the combiner in the set.
    pub(crate) combiner: u16,
    /// Lowest tile index.
    pub(crate) lowest: u8,
    /// Number of tiles.
    pub(crate) size: u8,
    /// Distinct kinds with their counts: `parts[start..start + len]` of the catalog.
    pub(crate) parts_start: u32,
    pub(crate) parts_len: u8,
    /// The tiles in order: `tiles[start..start + size]` of the catalog.
    pub(crate) tiles_start: u32,
}

/// Every group of a set, ordered by lowest tile, then combiner, then the combiner's order.
#[derive(Debug, Clone)]
pub(crate) struct Catalog {
    pub(crate) entries: Vec<Entry>,
    /// Entries with lowest tile `i` are `entries[starts[i]..starts[i + 1]]`.
    pub(crate) starts: [u32; 35],
    pub(crate) parts: Vec<(u8, u8)>,
    pub(crate) tiles: Vec<Tile>,
    /// Largest `highest - lowest` tile index over all groups.
    pub(crate) span: usize,
    /// For each tile, the other tiles some group holds together with it (bit per tile).
    pub(crate) together: [u64; 34],
    /// `fill[u][r]`: fewest tiles other than `r` copies of `u` that groups covering those copies
    /// must hold, with any combiner (`.0`) or with unlimited combiners only (`.1`, `u8::MAX` if
    /// they cannot). Admissible bounds for the search; copy caps and limits are ignored.
    pub(crate) fill: [[(u8, u8); 5]; 34],
}

impl Default for Catalog {
    fn default() -> Catalog {
        Catalog {
            entries: Vec::new(),
            starts: [0; 35],
            parts: Vec::new(),
            tiles: Vec::new(),
            span: 0,
            together: [0; 34],
            fill: [[(0, 0); 5]; 34],
        }
    }
}

impl Catalog {
    fn build(combiners: &[Slot]) -> Catalog {
        // (lowest, combiner, emission index, tiles)
        let mut raw: Vec<(u8, u16, u32, SmallVec<[Tile; 4]>)> = Vec::new();
        let mut serial = 0u32;
        for (ci, slot) in combiners.iter().enumerate() {
            for lowest in Tile::ALL {
                slot.combiner.groups(lowest, &mut |tiles: &[Tile]| {
                    if tiles.is_empty() || tiles.len() > MAX_GROUP || raw.len() >= MAX_ENTRIES {
                        return;
                    }
                    let mut v: SmallVec<[Tile; 4]> = tiles.iter().copied().collect();
                    v.sort_unstable();
                    raw.push((v[0].index() as u8, ci as u16, serial, v));
                    serial += 1;
                });
            }
        }
        raw.sort_by_key(|a| (a.0, a.1, a.2));
        let mut cat = Catalog::default();
        // Duplicates can only come from one combiner at one lowest tile: adjacent after sorting.
        let mut seen: Vec<&[Tile]> = Vec::new();
        let mut run = (u8::MAX, u16::MAX);
        for (lowest, ci, _, tiles) in &raw {
            if run != (*lowest, *ci) {
                run = (*lowest, *ci);
                seen.clear();
            }
            if seen.contains(&tiles.as_slice()) {
                continue;
            }
            seen.push(tiles.as_slice());
            let parts_start = cat.parts.len() as u32;
            let mut i = 0;
            while i < tiles.len() {
                let mut j = i;
                while j < tiles.len() && tiles[j] == tiles[i] {
                    j += 1;
                }
                cat.parts.push((tiles[i].index() as u8, (j - i) as u8));
                i = j;
            }
            let tiles_start = cat.tiles.len() as u32;
            cat.tiles.extend_from_slice(tiles);
            let highest = tiles[tiles.len() - 1].index();
            cat.span = cat.span.max(highest - *lowest as usize);
            cat.entries.push(Entry {
                combiner: *ci,
                lowest: *lowest,
                size: tiles.len() as u8,
                parts_start,
                parts_len: (cat.parts.len() as u32 - parts_start) as u8,
                tiles_start,
            });
        }
        cat.bounds(combiners);
        let mut e = 0usize;
        for i in 0..=34 {
            while e < cat.entries.len() && (cat.entries[e].lowest as usize) < i {
                e += 1;
            }
            cat.starts[i] = e as u32;
        }
        cat
    }

    fn bounds(&mut self, combiners: &[Slot]) {
        for e in &self.entries {
            let parts = &self.parts[e.parts_start as usize..e.parts_start as usize + e.parts_len as usize];
            let mask = parts.iter().fold(0u64, |m, &(u, _)| m | 1 << u);
            for &(u, _) in parts {
                self.together[u as usize] |= mask & !(1 << u);
            }
        }
        for u in 0..34 {
            // best[r]: smallest total size of groups holding at least r copies of u.
            let mut any = [u16::MAX; 5];
            let mut free = [u16::MAX; 5];
            any[0] = 0;
            free[0] = 0;
            for r in 1..5usize {
                for e in &self.entries {
                    let parts = &self.parts[e.parts_start as usize..e.parts_start as usize + e.parts_len as usize];
                    let Some(&(_, m)) = parts.iter().find(|&&(t, _)| t as usize == u) else { continue };
                    let prev = r.saturating_sub(m as usize);
                    let unlimited = combiners[e.combiner as usize].limits.max_uses == u8::MAX;
                    if any[prev] != u16::MAX {
                        any[r] = any[r].min(any[prev] + e.size as u16);
                    }
                    if unlimited && free[prev] != u16::MAX {
                        free[r] = free[r].min(free[prev] + e.size as u16);
                    }
                }
            }
            for r in 1..5 {
                let f = |b: u16| if b == u16::MAX { u8::MAX } else { (b - r as u16).min(254) as u8 };
                self.fill[u][r] = (f(any[r]), f(free[r]));
            }
        }
    }

    #[inline]
    pub(crate) fn parts(&self, e: &Entry) -> &[(u8, u8)] {
        &self.parts[e.parts_start as usize..e.parts_start as usize + e.parts_len as usize]
    }

    #[inline]
    pub(crate) fn tiles(&self, e: &Entry) -> &[Tile] {
        &self.tiles[e.tiles_start as usize..e.tiles_start as usize + e.size as usize]
    }
}

struct Slot {
    combiner: Box<dyn Combiner>,
    limits: Limits,
}

/// An ordered set of combiners, prepared once for many searches. The order matters: it is the
/// order groups of the same lowest tile are tried and listed in, and the priority order of
/// [`crate::priority_groups`].
///
/// ```
/// use hupai_combine::{Combiners, Jiang, Ke, Limits, Shun};
/// let set = Combiners::new().with_limits(Jiang, Limits::ONCE).with(Ke).with(Shun);
/// assert_eq!(set.len(), 3);
/// assert_eq!(set.name(2), Some("shun"));
/// ```
#[derive(Default)]
pub struct Combiners {
    slots: Vec<Slot>,
    pub(crate) catalog: Catalog,
    pub(crate) limits: Vec<Limits>,
}

impl fmt::Debug for Combiners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.slots.iter().map(|s| (s.combiner.name(), s.limits))).finish()
    }
}

impl Combiners {
    /// An empty set.
    pub fn new() -> Combiners {
        Combiners::default()
    }

    /// Pair + melds, the usual winning shape for any hand size: [`Jiang`] at most once, then
    /// [`Ke`] and [`Shun`]. A hand of `3n + 2` tiles covered by this set is exactly `n` melds and
    /// one pair.
    pub fn standard() -> Combiners {
        Combiners::new().with_limits(Jiang, Limits::ONCE).with(Ke).with(Shun)
    }

    /// S001's six combiners in its order: jiang, ke, shun, bianshun, jiashun, dan, none limited.
    pub fn all_six() -> Combiners {
        Combiners::new().with(Jiang).with(Ke).with(Shun).with(BianShun).with(JiaShun).with(Dan)
    }

    /// Adds a combiner; special ones ([`Combiner::special`]) are limited to once per covering.
    pub fn with(self, combiner: impl Combiner + 'static) -> Combiners {
        let limits = if combiner.special() { Limits::ONCE } else { Limits::NONE };
        self.with_limits(combiner, limits)
    }

    /// Adds a combiner with explicit limits.
    pub fn with_limits(mut self, combiner: impl Combiner + 'static, limits: Limits) -> Combiners {
        self.slots.push(Slot { combiner: Box::new(combiner), limits });
        self.limits.push(limits);
        self.catalog = Catalog::build(&self.slots);
        self
    }

    /// Number of combiners.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The name of the combiner at `index`.
    pub fn name(&self, index: usize) -> Option<&str> {
        self.slots.get(index).map(|s| s.combiner.name())
    }

    /// The limits of the combiner at `index`.
    pub fn limits(&self, index: usize) -> Option<Limits> {
        self.slots.get(index).map(|s| s.limits)
    }
}
