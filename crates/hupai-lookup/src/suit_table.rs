//! `suit-table`: win checks, waits and decompositions from per-suit fewest-wildcards tables, for any
//! number of wildcards, with or without the fifth-copy rule, declared melds and 17-tile hands.
//!
//! For every count pattern of one numbered suit with at most 14 tiles the table holds the fewest
//! wildcards completing it into melds only and into melds plus the pair, once with the four-copy
//! cap and once without. A complete hand wins in the melds form exactly when
//! `Σ melds + min (pair − melds) ≤ wildcards` over the four suits (honors are computed per kind;
//! they form no sequences). Why that is exact, including the copy limit and leftover wildcards, is
//! argued in `docs/suit-table.md`.
//!
//! The regional rule options (the 2-5-8 pair, from a second table column; a void suit and a tile
//! set without every kind, as kinds with no room) go through `restricted`, the GB knitted forms
//! through `knitted`; both are described in `docs/suit-table.md` as well.

mod costs;
mod decompose;
mod index;
pub mod keyed;
mod knitted;
mod listing;
mod restricted;
mod special;

use std::sync::LazyLock;

use hupai_tiles::{Algorithm, Capabilities, Decomposition, Error, Hand, Rules, SevenPairs, Tile, TileSet};
use serde::{Deserialize, Serialize};

use crate::format::{self, ArtifactKind, FormatError};
use crate::tables::{self, Table};
use costs::{Cost, HONOR_CAPPED, HONOR_FREE, NO_CAP};
pub use index::{MAX_TILES, PATTERNS, halves as pattern_halves, locate_halves, pattern_index};

/// The per-suit tables as stored (postcard) in `tables/suit.bin`: one 4-bit code per numbered-suit
/// count pattern with at most [`MAX_TILES`] tiles, in [`pattern_index`] order, and the entries the
/// codes stand for.
///
/// Built by `hupai_table::suit::build`, stored in the [`format`](mod@crate::format) container and checked on load by
/// [`format::Payload::validate`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuitTables {
    /// Most tiles of one suit covered: must equal [`MAX_TILES`].
    pub max_tiles: u8,
    /// Number of patterns: must equal [`PATTERNS`].
    pub patterns: u32,
    /// What each 4-bit code means (at most 16 entries).
    pub entries: Vec<SuitEntry>,
    /// The codes, two per byte, the lower-indexed pattern in the low nibble.
    pub codes: Vec<u8>,
    /// What each 4-bit code of `codes_258` means (at most 16 entries).
    pub entries_258: Vec<Pair258Entry>,
    /// The 2-5-8 pair column: one 4-bit code per pattern, laid out like `codes`.
    pub codes_258: Vec<u8>,
}

/// The 2-5-8 pair column of a pattern with `n` tiles: without the cap, melds and a pair of rank 2, 5
/// or 8 take `3 * pair_thirds + (2 − n mod 3)` wildcards; with the four-copy cap `capped_extra`
/// (a multiple of 3) more. [`Pair258Entry::IMPOSSIBLE`] in either field means no such completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pair258Entry {
    /// ⌊fewest wildcards for melds and a 2-5-8 pair, no cap⌋ / 3.
    pub pair_thirds: u8,
    /// Extra wildcards under the four-copy cap.
    pub capped_extra: u8,
}

impl Pair258Entry {
    /// The marker for an impossible completion.
    pub const IMPOSSIBLE: u8 = 255;

    /// The (no cap, capped) fewest wildcards for a pattern of `tiles` tiles ([`costs::INF`] when
    /// impossible); `None` if the capped extra is not a multiple of 3.
    fn decode(self, tiles: u32) -> Option<(i32, i32)> {
        if self.pair_thirds == Self::IMPOSSIBLE {
            return Some((costs::INF, costs::INF));
        }
        let free = 3 * self.pair_thirds as i32 + ((5 - tiles % 3) % 3) as i32;
        match self.capped_extra {
            Self::IMPOSSIBLE => Some((free, costs::INF)),
            x if x.is_multiple_of(3) => Some((free, free + x as i32)),
            _ => None,
        }
    }
}

/// What a pattern needs, relative to its tile count `n`. Without the cap, melds only take
/// `a = 3 * melds_thirds + (−n mod 3)` wildcards and melds plus the pair `a − 1 + pair_offset`
/// (`pair_offset` is 0 or 3: the two differ by −1 or +2). With the four-copy cap each is larger by
/// its `capped_*` extra (a multiple of 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SuitEntry {
    /// ⌊fewest wildcards for melds only, no cap⌋ / 3.
    pub melds_thirds: u8,
    /// (fewest for melds and the pair) − (fewest for melds only) + 1, no cap.
    pub pair_offset: u8,
    /// Extra wildcards for melds only under the four-copy cap.
    pub capped_melds_extra: u8,
    /// Extra wildcards for melds and the pair under the four-copy cap.
    pub capped_pair_extra: u8,
}

impl SuitEntry {
    /// The costs (no cap, capped) of a pattern with `tiles` tiles and this entry; `None` if that
    /// would be a negative count or not a multiple of 3 where one is required.
    fn decode(self, tiles: u32) -> Option<(Cost, Cost)> {
        let melds = 3 * self.melds_thirds as i32 + ((3 - tiles % 3) % 3) as i32;
        let pair = melds - 1 + self.pair_offset as i32;
        if pair < 0
            || !self.pair_offset.is_multiple_of(3)
            || !self.capped_melds_extra.is_multiple_of(3)
            || !self.capped_pair_extra.is_multiple_of(3)
        {
            return None;
        }
        let free = Cost::new(melds, pair);
        let capped = Cost::new(melds + self.capped_melds_extra as i32, pair + self.capped_pair_extra as i32);
        Some((free, capped))
    }
}

impl format::Payload for SuitTables {
    const KIND: ArtifactKind = ArtifactKind::SUIT_TABLE;
    /// 2: the 2-5-8 pair column.
    const VERSION: u16 = 2;
    const FILE: &'static str = "suit.bin";

    /// Checks the shape, the length and that every code names a possible entry.
    fn validate(&self) -> Result<(), String> {
        if self.max_tiles as u32 != MAX_TILES || self.patterns as usize != PATTERNS {
            return Err(format!(
                "covers {} tiles / {} patterns; this build indexes {MAX_TILES} / {PATTERNS}",
                self.max_tiles, self.patterns
            ));
        }
        let expected = PATTERNS.div_ceil(2);
        for (what, len) in [("", self.codes.len()), ("2-5-8 ", self.codes_258.len())] {
            if len != expected {
                return Err(format!("{len} {what}code bytes; {expected} expected"));
            }
        }
        for (what, len) in [("", self.entries.len()), ("2-5-8 ", self.entries_258.len())] {
            if len == 0 || len > 16 {
                return Err(format!("{len} {what}entries; 1 to 16 expected"));
            }
        }
        // Whether code `c` decodes at `t` tiles, asked once per (code, tile count) rather than once
        // per pattern: the check runs on every load.
        let mut possible = [[false; 16]; 16];
        let mut possible_258 = [[false; 16]; 16];
        for t in 0..=MAX_TILES.min(15) {
            for (c, e) in self.entries.iter().enumerate() {
                possible[c][t as usize] = e.decode(t).is_some();
            }
            for (c, e) in self.entries_258.iter().enumerate() {
                possible_258[c][t as usize] = e.decode(t).is_some();
            }
        }
        let decodes = |table: &[[bool; 16]; 16], code: u8, tiles: u32| {
            table[usize::from(code)].get(tiles as usize).copied().unwrap_or(false)
        };
        let mut bad = None;
        index::for_each_tile_count(|i, tiles| {
            let code = (self.codes[i / 2] >> ((i % 2) * 4)) & 15;
            let code_258 = (self.codes_258[i / 2] >> ((i % 2) * 4)) & 15;
            if bad.is_some() {
                return;
            }
            if !decodes(&possible, code, tiles) {
                bad = Some((i, "", code, tiles, self.entries.len()));
            } else if !decodes(&possible_258, code_258, tiles) {
                bad = Some((i, "2-5-8 ", code_258, tiles, self.entries_258.len()));
            }
        });
        if let Some((i, what, code, tiles, n)) = bad {
            return Err(format!(
                "pattern {i} ({tiles} tiles) has {what}code {code}, which names no possible entry of {n}"
            ));
        }
        Ok(())
    }
}

impl SuitTables {
    /// The (no cap, four-copy cap) costs of a pattern in the table; for the builder's self-check.
    pub fn fewest_wildcards(&self, counts: &[u8; 9]) -> Option<[(u8, u8); 2]> {
        let i = pattern_index(counts)?;
        let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
        let code = (self.codes.get(i / 2)? >> ((i % 2) * 4)) & 15;
        let (free, capped) = self.entries.get(code as usize)?.decode(tiles)?;
        let small = |c: Cost| (c.melds as u8, c.pair() as u8);
        Some([small(free), small(capped)])
    }

    /// The (no cap, four-copy cap) fewest wildcards for melds and a 2-5-8 pair of a pattern in the
    /// table, `u8::MAX` when impossible; for the builder's self-check.
    pub fn fewest_wildcards_258(&self, counts: &[u8; 9]) -> Option<(u8, u8)> {
        let i = pattern_index(counts)?;
        let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
        let code = (self.codes_258.get(i / 2)? >> ((i % 2) * 4)) & 15;
        let (free, capped) = self.entries_258.get(code as usize)?.decode(tiles)?;
        let small = |x: i32| if x >= costs::INF { u8::MAX } else { x as u8 };
        Some((small(free), small(capped)))
    }
}

/// Decoded costs by code (row) and tile count (column; 16 wide so the row is a shift).
type Decode = [[Cost; 16]; 16];

/// Code bytes at run time, padded to a power of two so a masked index needs no bounds check.
const CODES_PADDED: usize = 1 << 18;
const _: () = assert!(PATTERNS.div_ceil(2) <= CODES_PADDED);

/// Thresholds of [`CodeMasks`]: "at most `t`" for `t` from −1 (nothing) to 30.
const MASK_THRESHOLDS: usize = 32;

/// Per copy rule (0 free, 1 capped), tile count and threshold `t` (stored at `t + 1`, `t` from −1):
/// bit `c` of entry 0 set when code `c`'s melds-and-pair cost is at most `t`, of entry 1 when its
/// melds-only cost is. A wait check then asks one bit per candidate rank instead of decoding and
/// comparing its cost.
type CodeMasks = [[[[u16; 2]; MASK_THRESHOLDS]; 16]; 2];

/// The validated tables, ready for lookups.
pub(crate) struct Runtime {
    codes: Box<[u8; CODES_PADDED]>,
    free: Box<Decode>,
    capped: Box<Decode>,
    code_masks: Box<CodeMasks>,
    /// True when every decoded cost is at most `MASK_THRESHOLDS − 2` or at least 256, so a
    /// threshold from that top up to 255 may be clamped to the top (a hand's thresholds never
    /// exceed its wildcard count); else the masks are computed per call.
    masks_clamp: bool,
    /// The 2-5-8 column's codes, and its fewest wildcards by code and tile count (no cap, capped).
    codes_258: Box<[u8; CODES_PADDED]>,
    pair_258: Box<[[(i32, i32); 16]; 16]>,
}

static RUNTIME: LazyLock<Result<Runtime, FormatError>> = LazyLock::new(|| load(tables::bytes(Table::Suit)));

/// Decodes and validates the tables, builds the lookup structures and checks the exact content.
pub(crate) fn load(bytes: &[u8]) -> Result<Runtime, FormatError> {
    let runtime = format::decode::<SuitTables>(bytes).map(|t| Runtime::new(&t))?;
    tables::exact(Table::Suit, bytes)?;
    Ok(runtime)
}

/// The embedded tables, validated once (on first use) and shared by every thread.
pub fn tables() -> Result<(), FormatError> {
    RUNTIME.as_ref().map(|_| ()).map_err(Clone::clone)
}

impl Runtime {
    fn new(t: &SuitTables) -> Runtime {
        let impossible = Cost { melds: costs::INF, delta: 0 };
        let mut free = Box::new([[impossible; 16]; 16]);
        let mut capped = Box::new([[impossible; 16]; 16]);
        for (code, e) in t.entries.iter().enumerate() {
            for n in 0..=MAX_TILES {
                if let Some((f, c)) = e.decode(n) {
                    free[code][n as usize] = f;
                    capped[code][n as usize] = c;
                }
            }
        }
        let mut pair_258 = Box::new([[(costs::INF, costs::INF); 16]; 16]);
        for (code, e) in t.entries_258.iter().enumerate() {
            for n in 0..=MAX_TILES {
                if let Some(both) = e.decode(n) {
                    pair_258[code][n as usize] = both;
                }
            }
        }
        let mut code_masks = Box::new([[[[0u16; 2]; MASK_THRESHOLDS]; 16]; 2]);
        let mut masks_clamp = true;
        let top = MASK_THRESHOLDS as i32 - 2;
        for (masks, dec) in code_masks.iter_mut().zip([&free, &capped]) {
            for (row, by_threshold) in masks.iter_mut().enumerate() {
                for (code, costs) in dec.iter().enumerate() {
                    let cost = costs[row];
                    for v in [cost.pair(), cost.melds] {
                        masks_clamp &= v <= top || v >= 256;
                    }
                    for (k, slot) in by_threshold.iter_mut().enumerate() {
                        let t = k as i32 - 1;
                        slot[0] |= u16::from(cost.pair() <= t) << code;
                        slot[1] |= u16::from(cost.melds <= t) << code;
                    }
                }
            }
        }
        Runtime {
            codes: padded(&t.codes),
            free,
            capped,
            code_masks,
            masks_clamp,
            codes_258: padded(&t.codes_258),
            pair_258,
        }
    }

    /// The codes (bit `c` for code `c`) whose cost at `tiles` tiles, under the cap or not, has its
    /// melds-and-pair part at most `pair_at_most` or its melds-only part at most `melds_at_most`:
    /// the suits that, holding that pattern, complete the hand with the wildcards there are.
    #[inline(always)]
    pub(crate) fn codes_within(&self, capped: bool, tiles: u32, pair_at_most: i32, melds_at_most: i32) -> u16 {
        let row = tiles as usize & 15;
        if self.masks_clamp && pair_at_most < 256 && melds_at_most < 256 {
            let top = MASK_THRESHOLDS as i32 - 2;
            let masks = &self.code_masks[capped as usize][row];
            let at = |t: i32| (t.clamp(-1, top) + 1) as usize;
            return masks[at(pair_at_most)][0] | masks[at(melds_at_most)][1];
        }
        self.codes_within_slow(capped, row, pair_at_most, melds_at_most)
    }

    #[cold]
    #[inline(never)]
    fn codes_within_slow(&self, capped: bool, row: usize, pair_at_most: i32, melds_at_most: i32) -> u16 {
        let dec = self.decode(capped);
        (0..16).fold(0, |bits, code| {
            let cost = dec[code][row];
            bits | u16::from(cost.pair() <= pair_at_most || cost.melds <= melds_at_most) << code
        })
    }

    /// The cost of a numbered suit with the pair restricted to ranks 2, 5 and 8, plain cap (four,
    /// or none when `capped` is false).
    pub(crate) fn numbered_258(&self, c: &[u8; 9], capped: bool) -> Cost {
        let melds = self.numbered(c, self.decode(capped), capped).melds;
        let found = index::halves(c).and_then(|(l, r)| {
            let located = index::locate(l, r);
            let tiles = index::tiles_of(located);
            if tiles > MAX_TILES {
                return None;
            }
            let i = index::index_of(located);
            let code = (self.codes_258[(i >> 1) & (CODES_PADDED - 1)] >> ((i & 1) * 4)) & 15;
            let (free, with_cap) = self.pair_258[code as usize][tiles as usize & 15];
            Some(if capped { with_cap } else { free })
        });
        let pair = match found {
            Some(p) => p,
            None => {
                costs::numbered_exact_pairs(c, if capped { &[4; 9] } else { &[NO_CAP; 9] }, costs::RANKS_258).pair()
            }
        };
        Cost::new(melds, pair)
    }

    fn decode(&self, capped: bool) -> &Decode {
        if capped { &self.capped } else { &self.free }
    }

    /// The cost of the pattern at a [`index::locate`] result, if it is in the table.
    #[inline(always)]
    fn at(&self, located: u32, dec: &Decode) -> Option<Cost> {
        let tiles = index::tiles_of(located);
        if tiles > MAX_TILES {
            return None;
        }
        let i = index::index_of(located);
        let code = (self.codes[(i >> 1) & (CODES_PADDED - 1)] >> ((i & 1) * 4)) & 15;
        Some(dec[code as usize][tiles as usize & 15])
    }

    /// The cost of a numbered suit with the plain cap (four, or none).
    #[inline(always)]
    fn numbered(&self, c: &[u8; 9], dec: &Decode, capped: bool) -> Cost {
        let found = index::halves(c).and_then(|(l, r)| self.at(index::locate(l, r), dec));
        match found {
            Some(cost) => cost,
            None => numbered_slow(c, capped),
        }
    }

    /// A lower bound under any cap: the uncapped cost.
    pub(crate) fn free_lower_bound(&self, c: &[u8; 9]) -> Cost {
        self.numbered(c, &self.free, false)
    }

    /// The four suits' costs of concealed `counts` under the plain cap (four copies, or none).
    #[inline(always)]
    fn plain_costs(&self, counts: &[u8; 34], capped: bool) -> [Cost; 4] {
        let dec = self.decode(capped);
        [
            self.numbered(suit_of(counts, 0), dec, capped),
            self.numbered(suit_of(counts, 1), dec, capped),
            self.numbered(suit_of(counts, 2), dec, capped),
            costs::honors_fast(counts, capped),
        ]
    }

    /// The four suits' costs of concealed `counts`, with `caps` per kind when declared melds lower
    /// them below four (capped rules only), else the plain cap.
    #[inline(always)]
    fn costs(&self, counts: &[u8; 34], capped: bool, caps: Option<&[u8; 34]>) -> [Cost; 4] {
        match caps {
            None => self.plain_costs(counts, capped),
            Some(caps) => self.lowered_costs(counts, caps),
        }
    }

    /// [`Runtime::costs`] when declared melds lower some caps: those suits get the exact program.
    #[inline(never)]
    fn lowered_costs(&self, counts: &[u8; 34], caps: &[u8; 34]) -> [Cost; 4] {
        let dec = self.decode(true);
        let mut out = [Cost { melds: 0, delta: 0 }; 4];
        for (s, slot) in out.iter_mut().take(3).enumerate() {
            let (c, k) = (suit_of(counts, s), suit_of(caps, s));
            *slot = if k.iter().any(|&x| x < 4) { costs::numbered_exact(c, k) } else { self.numbered(c, dec, true) };
        }
        out[3] = costs::honors_capped(&counts[27..], &caps[27..]);
        out
    }
}

/// Code bytes copied into the padded run-time array.
fn padded(bytes: &[u8]) -> Box<[u8; CODES_PADDED]> {
    let mut codes = vec![0u8; CODES_PADDED];
    for (slot, &b) in codes.iter_mut().zip(bytes) {
        *slot = b;
    }
    match codes.into_boxed_slice().try_into() {
        Ok(c) => c,
        Err(_) => Box::new([0; CODES_PADDED]),
    }
}

/// A numbered suit outside the table (15–17 tiles, or an impossible count): the exact program.
#[cold]
#[inline(never)]
fn numbered_slow(c: &[u8; 9], capped: bool) -> Cost {
    costs::numbered_exact(c, if capped { &[4; 9] } else { &[NO_CAP; 9] })
}

/// The seven honor counts.
#[inline(always)]
fn honors_of(c: &[u8; 34]) -> &[u8; 7] {
    match c[27..].first_chunk::<7>() {
        Some(x) => x,
        None => &[0; 7],
    }
}

/// Fewest wildcards for the whole hand in the melds form: every suit completes into melds, one of
/// them also holds the pair.
#[inline(always)]
fn total(costs: &[Cost; 4]) -> i32 {
    let melds = costs[0].melds + costs[1].melds + costs[2].melds + costs[3].melds;
    let delta = costs[0].delta.min(costs[1].delta).min(costs[2].delta.min(costs[3].delta));
    melds + delta
}

/// Suit `s` (0–2) of a 34-count array.
#[inline(always)]
pub(crate) fn suit_of(c: &[u8; 34], s: usize) -> &[u8; 9] {
    match c[(s * 9).min(25)..].first_chunk::<9>() {
        Some(x) => x,
        None => &[0; 9],
    }
}

/// The validated tables, or the error `suit-table` answers with. The artifact is fixed at compile
/// time and the crate's tests decode it, so a failure means a damaged build (or a damaged
/// [`crate::tables::replace`]ment), never bad input.
#[inline]
pub(crate) fn runtime() -> Result<&'static Runtime, Error> {
    RUNTIME.as_ref().map_err(|e| tables::unusable(Table::Suit, e))
}

/// Room per kind for concealed tiles plus stand-ins when declared melds take copies and the rules
/// keep the four-copy cap; `None` when the plain cap (or no cap) applies everywhere.
#[inline(always)]
fn declared_caps(hand: &Hand, rules: &Rules) -> Option<[u8; 34]> {
    if rules.wildcard_fifth_copy || hand.melds().is_empty() {
        return None;
    }
    Some(lowered_caps(hand))
}

#[inline(never)]
fn lowered_caps(hand: &Hand) -> [u8; 34] {
    let declared = hand.declared_counts();
    std::array::from_fn(|t| 4u8.saturating_sub(declared.0[t]))
}

/// The per-suit table algorithm (`suit-table`); see the module docs.
///
/// ```
/// use hupai_lookup::SuitTable;
/// use hupai_tiles::{Algorithm, Hand, Rules};
///
/// let hand: Hand = "111z222z333z44z***".parse()?;
/// // The three wildcards must become a fresh triplet (four copies of North would be a fifth).
/// assert!(SuitTable.is_win(&hand, &Rules::STANDARD)?);
/// let waits = SuitTable.waits(&"1479m11z*******".parse()?, &Rules::STANDARD)?;
/// assert_eq!(waits.len(), 34);
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SuitTable;

impl Algorithm for SuitTable {
    fn name(&self) -> &'static str {
        "suit-table"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::ALL
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let rt = runtime()?;
        if rules.pair_258 || rules.restricts_kinds() {
            return Ok(restricted_win(rt, hand, rules));
        }
        let counts = &hand.concealed().0;
        let wildcards = hand.wildcards() as i32;
        let capped = !rules.wildcard_fifth_copy;
        let caps = declared_caps(hand, rules);
        if total(&rt.costs(counts, capped, caps.as_ref())) <= wildcards {
            return Ok(true);
        }
        if hand.special_forms_apply(rules)
            && special::special_win(counts, wildcards, rules.seven_pairs, rules.thirteen_orphans)
        {
            return Ok(true);
        }
        Ok(rules.knitted && knitted_win(rt, hand, rules, &TileSet::ALL, &plain_room(hand, rules)))
    }

    fn check_waits(&self, hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
        let rt = runtime()?;
        // A kind held four times (wildcard copies of a wildcard tile included) cannot be drawn,
        // whichever path finds the waits.
        let exhausted = hand.exhausted_kinds();
        if rules.pair_258 || rules.restricts_kinds() {
            let waits = waits_by_wins(hand, rules, TileSet::EMPTY, |h| restricted_win(rt, h, rules));
            return Ok(TileSet::from_bits(waits.bits() & !exhausted.bits()));
        }
        let counts = &hand.concealed().0;
        let wildcards = hand.wildcards() as i32;
        let capped = !rules.wildcard_fifth_copy;
        let caps = declared_caps(hand, rules);
        // Kinds held four times (wildcard copies of a wildcard tile included) cannot be drawn.
        let held = hand.held_counts();
        let base = rt.costs(counts, capped, caps.as_ref());
        let mut waits = melds_waits(rt, counts, &held.0, &base, wildcards, capped, caps.as_ref());
        if hand.special_forms_apply(rules) {
            if rules.seven_pairs != SevenPairs::Off {
                waits = TileSet::from_bits(
                    waits.bits() | special::seven_pairs_waits(counts, wildcards, rules.seven_pairs).bits(),
                );
            }
            if rules.thirteen_orphans {
                waits = TileSet::from_bits(waits.bits() | special::thirteen_orphans_waits(counts).bits());
            }
        }
        if rules.knitted {
            // The knitted forms: each kind not yet a wait, tried whole.
            waits =
                waits_by_wins(hand, rules, waits, |h| knitted_win(rt, h, rules, &TileSet::ALL, &plain_room(h, rules)));
        }
        // The special and knitted forms' waits look at concealed counts only.
        Ok(TileSet::from_bits(waits.bits() & !exhausted.bits()))
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        let rt = runtime()?;
        let mut out = Vec::new();
        let mut collect = |d| {
            out.push(d);
            std::ops::ControlFlow::Continue(())
        };
        listing::for_each(rt, hand, rules, &mut listing::Sink::new(&mut collect));
        out.sort_unstable();
        Ok(out)
    }
}

/// Room per kind without restrictions: four minus the declared copies, or no cap.
fn plain_room(hand: &Hand, rules: &Rules) -> [u8; 34] {
    let declared = hand.declared_counts();
    std::array::from_fn(|t| if rules.wildcard_fifth_copy { NO_CAP } else { 4u8.saturating_sub(declared.0[t]) })
}

/// `found` plus every kind of the rules' tile set the hand holds fewer than four of (concealed
/// plus declared) whose addition `wins`.
fn waits_by_wins(hand: &Hand, rules: &Rules, found: TileSet, wins: impl Fn(&Hand) -> bool) -> TileSet {
    let physical = hand.physical_counts();
    let mut waits = found;
    for t in rules.tiles.kinds().iter() {
        if !waits.contains(t) && physical[t] < 4 && wins(&hand.with_tile_unchecked(t)) {
            waits.insert(t);
        }
    }
    waits
}

/// The knitted forms' verdict with `room` per kind, the special forms using only `allowed` kinds.
fn knitted_win(rt: &Runtime, hand: &Hand, rules: &Rules, allowed: &TileSet, room: &[u8; 34]) -> bool {
    let counts = &hand.concealed().0;
    let wildcards = hand.wildcards() as i32;
    if hand.special_forms_apply(rules) && knitted::honors_and_knitted_win(counts, *allowed) {
        return true;
    }
    rules.melds == 4
        && hand.melds().len() <= 1
        && knitted::knitted_straight_win(rt, counts, wildcards, room, rules.pair_258)
}

/// The terminals and honors: thirteen orphans needs every one.
fn orphan_kinds() -> TileSet {
    Tile::TERMINALS_AND_HONORS.into_iter().collect()
}

fn subset(a: TileSet, b: TileSet) -> bool {
    a.bits() & !b.bits() == 0
}

/// The verdict under the 2-5-8 pair, a void suit or a small tile set: for each void suit the rules
/// allow, the restricted costs, then the other forms on the kinds left.
fn restricted_win(rt: &Runtime, hand: &Hand, rules: &Rules) -> bool {
    let counts = &hand.concealed().0;
    let wildcards = hand.wildcards() as i32;
    rules.void_choices().iter().any(|&void| {
        let Some(room) = restricted::room(hand, rules, void) else { return false };
        if !restricted::fits(counts, &room) {
            return false;
        }
        if total(&restricted::costs(rt, counts, &room, rules.pair_258)) <= wildcards {
            return true;
        }
        let allowed = rules.allowed_kinds(void);
        // Seven pairs puts wildcards on fresh kinds only in pairs, and at least 18 kinds are left.
        let orphans = rules.thirteen_orphans && subset(orphan_kinds(), allowed);
        (hand.special_forms_apply(rules) && special::special_win(counts, wildcards, rules.seven_pairs, orphans))
            || (rules.knitted && knitted_win(rt, hand, rules, &allowed, &room))
    })
}

/// Waits in the melds form. Adding a kind changes one suit only, so each candidate costs one
/// lookup of that suit's pattern with one more tile, combined with the other suits' costs.
fn melds_waits(
    rt: &Runtime,
    counts: &[u8; 34],
    held: &[u8; 34],
    base: &[Cost; 4],
    wildcards: i32,
    capped: bool,
    caps: Option<&[u8; 34]>,
) -> TileSet {
    let melds_all: i32 = base.iter().map(|c| c.melds).sum();
    let dec = rt.decode(capped);
    let mut bits = 0u64;
    for s in 0..4 {
        let others_melds = melds_all - base[s].melds;
        let mut others_delta = costs::INF;
        for (u, c) in base.iter().enumerate() {
            if u != s {
                others_delta = others_delta.min(c.delta);
            }
        }
        let wins = |new: Cost| others_melds + new.melds + new.delta.min(others_delta) <= wildcards;
        let lowered = caps.filter(|k| {
            let range = if s < 3 { s * 9..s * 9 + 9 } else { 27..34 };
            k[range].iter().any(|&x| x < 4)
        });
        if s < 3 {
            let c = suit_of(counts, s);
            let offset = s * 9;
            let fast = if lowered.is_none() { index::halves(c) } else { None };
            for rank in 0..9 {
                let t = offset + rank;
                if held[t] >= 4 {
                    continue;
                }
                let looked_up = fast.and_then(|(l, r)| {
                    let located = if rank < 4 {
                        index::locate(l + index::STEP[rank], r)
                    } else {
                        index::locate(l, r + index::STEP[rank])
                    };
                    rt.at(located, dec)
                });
                let new = match looked_up {
                    Some(cost) => cost,
                    None => {
                        let mut more = *c;
                        more[rank] += 1;
                        match lowered {
                            Some(k) => costs::numbered_exact(&more, suit_of(k, s)),
                            None => rt.numbered(&more, dec, capped),
                        }
                    }
                };
                if wins(new) {
                    bits |= 1 << t;
                }
            }
        } else {
            let c = honors_of(counts);
            match lowered {
                Some(k) => {
                    let mut more = *c;
                    for kind in 0..7 {
                        let t = 27 + kind;
                        if held[t] < 4 {
                            more[kind] += 1;
                            if wins(costs::honors_capped(&more, &k[27..])) {
                                bits |= 1 << t;
                            }
                            more[kind] -= 1;
                        }
                    }
                }
                None => bits |= honor_waits(c, full_kinds(held), base[3], capped, &wins),
            }
        }
    }
    TileSet::from_bits(bits)
}

/// Bit `t` set for every kind held four times.
fn full_kinds(held: &[u8; 34]) -> u64 {
    held.iter().enumerate().filter(|&(_, &n)| n >= 4).fold(0, |bits, (t, _)| bits | 1 << t)
}

/// Honor waits under the plain cap: one more copy of a kind changes that kind's share of the
/// honors' cost only, so each candidate is an update of the sum and of the minimum over the others.
/// `skip` has bit `t` set for every kind not to try: at least those the hand already holds four of.
fn honor_waits(c: &[u8; 7], skip: u64, base: Cost, capped: bool, wins: &impl Fn(Cost) -> bool) -> u64 {
    let per_count = if capped { &HONOR_CAPPED } else { &HONOR_FREE };
    let kind_cost = |n: u8| per_count.get(n as usize).copied().unwrap_or(Cost { melds: costs::INF, delta: 0 });
    let deltas: [i32; 7] = std::array::from_fn(|k| kind_cost(c[k]).delta);
    // Minimum of the deltas before and after each kind.
    let mut before = [costs::INF; 8];
    let mut after = [costs::INF; 8];
    for k in 0..7 {
        before[k + 1] = before[k].min(deltas[k]);
        after[6 - k] = after[7 - k].min(deltas[6 - k]);
    }
    let mut bits = 0u64;
    for k in 0..7 {
        let t = 27 + k;
        if skip & (1 << t) != 0 {
            continue;
        }
        let (old, new) = (kind_cost(c[k]), kind_cost(c[k] + 1));
        let melds = base.melds - old.melds + new.melds;
        let delta = new.delta.min(before[k]).min(after[k + 1]);
        if wins(Cost { melds, delta }) {
            bits |= 1 << t;
        }
    }
    bits
}
