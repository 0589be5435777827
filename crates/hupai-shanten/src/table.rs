//! The embedded per-suit distance table: for every count pattern of one numbered suit with at most
//! 14 tiles (405,350 patterns, in `hupai_lookup::suit_table::pattern_index` order), a one-byte code
//! naming its vector (tiles to add per meld count, with and without the pair) in a dictionary of the
//! distinct vectors (176 of them: a suit's distances take few shapes).
//!
//! A second table of the same layout ([`Pair258Tables`], `tables/shanten-258.bin`) holds the vectors
//! with the pair only on a 2, 5 or 8 of the suit, for the 2-5-8-pair option.
//!
//! Built by `hupai_table::shanten::build` (`cargo xtask tables`), stored in the versioned,
//! checksummed container of [`hupai_lookup::format`], validated once on first use. If the embedded
//! bytes were ever unusable, lookups fall back to the exact program (same answers, slower) and
//! [`tables`] reports why.

use std::sync::LazyLock;

use hupai_lookup::format::{self, ArtifactKind, FormatError};
use hupai_lookup::suit_table::{MAX_TILES, PATTERNS, locate_halves, pattern_halves, pattern_index};
use serde::{Deserialize, Serialize};

use crate::exact;
use crate::vector::{INF, MAX_M, Vector, lane};

/// Values per stored vector: `m` 0–5 melds, without and with the pair.
pub const LANES: usize = 2 * (MAX_M + 1);

/// Most distinct vectors a one-byte code can name.
pub const MAX_VECTORS: usize = 256;

/// The table as stored (postcard) in `tables/shanten.bin`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShantenTables {
    /// Most tiles of one suit covered: must equal `hupai_lookup::suit_table::MAX_TILES`.
    pub max_tiles: u8,
    /// Number of patterns: must equal `hupai_lookup::suit_table::PATTERNS`.
    pub patterns: u32,
    /// The distinct vectors, [`LANES`] bytes each: tiles to add for `m` melds (lanes 0–5) and for
    /// `m` melds and the pair (lanes 6–11).
    pub vectors: Vec<u8>,
    /// One code per pattern, in pattern index order: the position of its vector.
    pub codes: Vec<u8>,
}

/// The artifact kind tag of the shanten table.
pub const KIND: ArtifactKind = ArtifactKind(*b"SHTN");

impl format::Payload for ShantenTables {
    const KIND: ArtifactKind = KIND;
    const VERSION: u16 = 1;
    const FILE: &'static str = "shanten.bin";

    /// Checks the shape, the lengths, that every code names a vector and that every vector is a
    /// possible one (no lane asks for more tiles than its groups hold).
    fn validate(&self) -> Result<(), String> {
        check_coded(
            (self.max_tiles, self.patterns),
            (&self.vectors, LANES, ["vector", "vectors"]),
            &self.codes,
            |j| 3 * (j % (MAX_M + 1)) + 2 * (j / (MAX_M + 1)),
            |j| format!("{} melds and {} pairs", j % (MAX_M + 1), j / (MAX_M + 1)),
        )
    }
}

/// The 2-5-8-pair table as stored (postcard) in `tables/shanten-258.bin`: per pattern (in the order
/// of [`ShantenTables`]) a one-byte code into the distinct *pair halves*, tiles to add for `m` melds
/// and a pair on rank 2, 5 or 8 of the suit. The lanes without the pair are the plain table's, so
/// they are not stored again (whole vectors would take 408 codes, more than a byte names).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair258Tables {
    /// Most tiles of one suit covered: must equal `hupai_lookup::suit_table::MAX_TILES`.
    pub max_tiles: u8,
    /// Number of patterns: must equal `hupai_lookup::suit_table::PATTERNS`.
    pub patterns: u32,
    /// The distinct pair halves, [`HALF_LANES`] bytes each (`m` = 0–5 melds and the pair).
    pub halves: Vec<u8>,
    /// One code per pattern, in pattern index order: the position of its pair half.
    pub codes: Vec<u8>,
}

/// Values per stored pair half: `m` 0–5 melds and the pair.
pub const HALF_LANES: usize = MAX_M + 1;

/// The artifact kind tag of the 2-5-8-pair table.
pub const KIND_258: ArtifactKind = ArtifactKind(*b"SH58");

impl format::Payload for Pair258Tables {
    const KIND: ArtifactKind = KIND_258;
    const VERSION: u16 = 1;
    const FILE: &'static str = "shanten-258.bin";

    /// Checks the shape, the lengths, that every code names a half and that every half is a
    /// possible one (a pair on 2, 5 or 8 and `m` melds never need more than `3m + 2` tiles).
    fn validate(&self) -> Result<(), String> {
        check_coded(
            (self.max_tiles, self.patterns),
            (&self.halves, HALF_LANES, ["half", "halves"]),
            &self.codes,
            |m| 3 * m + 2,
            |m| format!("{m} melds and the pair"),
        )
    }
}

/// What both coded tables check: they cover this build's index (`max_tiles`, `patterns`), hold one
/// code per pattern naming one of their distinct entries (`width` bytes each, called `name` and
/// `names` in errors), and no entry's lane `j` asks more tiles than `most_tiles(j)` (its groups' tiles;
/// `lane(j)` says which groups).
fn check_coded(
    (max_tiles, patterns): (u8, u32),
    (entries, width, [name, names]): (&[u8], usize, [&str; 2]),
    codes: &[u8],
    most_tiles: impl Fn(usize) -> usize,
    lane: impl Fn(usize) -> String,
) -> Result<(), String> {
    if max_tiles as u32 != MAX_TILES || patterns as usize != PATTERNS {
        return Err(format!(
            "covers {max_tiles} tiles / {patterns} patterns; this build indexes {MAX_TILES} / {PATTERNS}"
        ));
    }
    if codes.len() != PATTERNS {
        return Err(format!("{} codes; {PATTERNS} expected", codes.len()));
    }
    let n = entries.len() / width;
    if !entries.len().is_multiple_of(width) || n == 0 || n > MAX_VECTORS {
        return Err(format!("{} {name} bytes: not 1 to {MAX_VECTORS} {names} of {width}", entries.len()));
    }
    for (i, v) in entries.chunks_exact(width).enumerate() {
        for (j, &x) in v.iter().enumerate() {
            if x as usize > most_tiles(j) {
                return Err(format!("{name} {i} asks {x} tiles for {}", lane(j)));
            }
        }
    }
    if let Some((i, &c)) = codes.iter().enumerate().find(|&(_, &c)| c as usize >= n) {
        return Err(format!("pattern {i} has code {c}, beyond the {n} {names}"));
    }
    Ok(())
}

impl Pair258Tables {
    /// The stored pair half of a pattern by `m`; `None` if the pattern is not in the table.
    pub fn lookup(&self, counts: &[u8; 9]) -> Option<[u8; MAX_M + 1]> {
        let i = pattern_index(counts)?;
        let code = *self.codes.get(i)? as usize;
        self.halves.get(code * HALF_LANES..(code + 1) * HALF_LANES)?.try_into().ok()
    }
}

/// The ranks a 2-5-8 pair may be on (bit `r` for rank `r + 1`).
pub(crate) const RANKS_258: u16 = 0b0_1001_0010;

impl ShantenTables {
    /// The stored vector of a pattern as (melds only, melds and the pair) by `m`; `None` if the
    /// pattern is not in the table. For the builder's and the tests' checks.
    pub fn lookup(&self, counts: &[u8; 9]) -> Option<[[u8; MAX_M + 1]; 2]> {
        let i = pattern_index(counts)?;
        let code = *self.codes.get(i)? as usize;
        let v = self.vectors.get(code * LANES..(code + 1) * LANES)?;
        let mut out = [[0u8; MAX_M + 1]; 2];
        for (j, &x) in v.iter().enumerate() {
            out[j / (MAX_M + 1)][j % (MAX_M + 1)] = x;
        }
        Some(out)
    }
}

/// The validated table, ready for lookups: codes padded to a power of two and vectors widened to
/// the 16-lane [`Vector`] layout and padded to 256, so a masked index and any code byte name an
/// entry without a bounds check.
pub(crate) struct Runtime {
    codes: Box<[u8; CODES_PADDED]>,
    vectors: Box<[Vector; 256]>,
}

/// The validated 2-5-8-pair table: codes padded like [`Runtime`]'s, pair halves widened to the
/// pair lanes of a [`Vector`] (lanes 8–15; the others 0, to be replaced by the plain table's).
pub(crate) struct Runtime258 {
    codes: Box<[u8; CODES_PADDED]>,
    halves: Box<[[u8; 8]; 256]>,
}

/// [`PATTERNS`] rounded up to a power of two.
const CODES_PADDED: usize = 1 << 19;
const _: () = assert!(PATTERNS <= CODES_PADDED);

#[cfg(not(feature = "deflated-tables"))]
fn embedded() -> &'static [u8] {
    include_bytes!("../tables/shanten.bin")
}

#[cfg(not(feature = "deflated-tables"))]
fn embedded_258() -> &'static [u8] {
    include_bytes!("../tables/shanten-258.bin")
}

/// The `deflated-tables` feature: embedded deflated, inflated once on first use.
#[cfg(feature = "deflated-tables")]
fn embedded() -> &'static [u8] {
    static BYTES: LazyLock<&'static [u8]> = LazyLock::new(|| {
        hupai_lookup::tables::inflated(include_bytes!(concat!(env!("OUT_DIR"), "/shanten.bin.deflate")))
    });
    *BYTES
}

#[cfg(feature = "deflated-tables")]
fn embedded_258() -> &'static [u8] {
    static BYTES: LazyLock<&'static [u8]> = LazyLock::new(|| {
        hupai_lookup::tables::inflated(include_bytes!(concat!(env!("OUT_DIR"), "/shanten-258.bin.deflate")))
    });
    *BYTES
}

static RUNTIME: LazyLock<Result<Runtime, FormatError>> =
    LazyLock::new(|| format::decode::<ShantenTables>(embedded()).map(|t| Runtime::new(&t)));

static RUNTIME_258: LazyLock<Result<Runtime258, FormatError>> =
    LazyLock::new(|| format::decode::<Pair258Tables>(embedded_258()).map(|t| Runtime258::new(&t)));

/// Codes padded to [`CODES_PADDED`], so that a masked index needs no bounds check.
fn padded_codes(codes: &[u8]) -> Box<[u8; CODES_PADDED]> {
    let mut padded = vec![0u8; CODES_PADDED].into_boxed_slice();
    padded[..codes.len()].copy_from_slice(codes);
    padded.try_into().unwrap_or_else(|_| Box::new([0; CODES_PADDED]))
}

/// The index of the pattern `key` names, if the tables hold it (at most [`MAX_TILES`] tiles),
/// masked into the padded codes.
#[inline(always)]
fn index_of(key: Key) -> Option<usize> {
    let (index, tiles) = locate_halves(key.0 as usize & 0xffff, (key.0 >> 16) as usize);
    (tiles <= MAX_TILES).then_some(index & (CODES_PADDED - 1))
}

impl Runtime258 {
    fn new(t: &Pair258Tables) -> Runtime258 {
        let mut halves = Box::new([[INF; 8]; 256]);
        for (slot, v) in halves.iter_mut().zip(t.halves.chunks_exact(HALF_LANES)) {
            slot[..HALF_LANES].copy_from_slice(v);
        }
        Runtime258 { codes: padded_codes(&t.codes), halves }
    }
}

/// Validates the embedded tables (once; later calls are free). `Err` names what is wrong; the
/// answers stay exact either way, since a suit the tables cannot answer goes to the exact program.
pub fn tables() -> Result<(), FormatError> {
    RUNTIME.as_ref().map(|_| ()).map_err(Clone::clone)?;
    RUNTIME_258.as_ref().map(|_| ()).map_err(Clone::clone)
}

/// The embedded table's bytes (header and payload), for tools that print or re-check them.
pub fn embedded_bytes() -> &'static [u8] {
    embedded()
}

/// The embedded 2-5-8-pair table's bytes (header and payload).
pub fn embedded_258_bytes() -> &'static [u8] {
    embedded_258()
}

impl Runtime {
    fn new(t: &ShantenTables) -> Runtime {
        let mut vectors = Box::new([[INF; 16]; 256]);
        for (slot, v) in vectors.iter_mut().zip(t.vectors.chunks_exact(LANES)) {
            for m in 0..=MAX_M {
                slot[lane(m, 0)] = v[m];
                slot[lane(m, 1)] = v[MAX_M + 1 + m];
            }
        }
        Runtime { codes: padded_codes(&t.codes), vectors }
    }

    /// [`numbered_key`] once the table is known to be usable.
    #[inline(always)]
    pub(crate) fn numbered_key(&self, key: Key) -> Vector {
        match self.get(key) {
            Some(v) => v,
            None => numbered_slow(&key.counts(), 0x1ff),
        }
    }

    /// The vector of `key` with the pair only on a 2, 5 or 8: the plain lanes from this table, the
    /// pair lanes from `pair` (the exact program past the tables).
    #[inline(always)]
    pub(crate) fn numbered_key_258(&self, pair: &Runtime258, key: Key) -> Vector {
        match index_of(key) {
            Some(i) => {
                let mut v = self.vectors[self.codes[i] as usize];
                let half = pair.halves[pair.codes[i] as usize];
                v[8..].copy_from_slice(&half);
                v
            }
            None => numbered_slow(&key.counts(), RANKS_258),
        }
    }

    /// The vector of the pattern `key` names, if the table holds it (at most [`MAX_TILES`] tiles).
    #[inline(always)]
    fn get(&self, key: Key) -> Option<Vector> {
        index_of(key).map(|i| self.vectors[self.codes[i] as usize])
    }
}

/// A numbered suit's counts as a key: ranks 1–4 as a base-5 number in the low half, ranks 5–9 in
/// the high half (the two parts of `hupai_lookup`'s pattern index, whose order the stored codes
/// follow). Adding or removing one tile is adding or subtracting [`Key::step`]: no digit carries
/// or borrows as long as every count stays within 0–4, which the callers keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key(u32);

/// What one tile of each rank adds to a key (ranks 0–3 in the low half, 4–8 in the high half;
/// padded to 16 so that a masked rank needs no bounds check).
const RANK_STEPS: [u32; 16] = [1, 5, 25, 125, 1 << 16, 5 << 16, 25 << 16, 125 << 16, 625 << 16, 0, 0, 0, 0, 0, 0, 0];

impl Key {
    /// The key of `counts`; `None` if a count is above 4 (no hand holds one).
    #[inline(always)]
    pub(crate) fn of(counts: &[u8; 9]) -> Option<Key> {
        let (l, r) = pattern_halves(counts)?;
        Some(Key(l as u32 | (r as u32) << 16))
    }

    /// What one tile of `rank` (0–8) adds to a key.
    #[inline(always)]
    pub(crate) fn step(rank: usize) -> u32 {
        RANK_STEPS[rank & 15]
    }

    /// The key with one more tile of `rank` (its count below 4).
    #[inline(always)]
    pub(crate) fn plus(self, rank: usize) -> Key {
        Key(self.0.wrapping_add(Key::step(rank)))
    }

    /// The key with one tile of `rank` less (its count above 0).
    #[inline(always)]
    pub(crate) fn minus(self, rank: usize) -> Key {
        Key(self.0.wrapping_sub(Key::step(rank)))
    }

    /// The key with one tile less of each rank of `ranks` (bit `r`: rank `r`; each count above
    /// 0): one subtraction, no loop over the ranks.
    #[inline(always)]
    pub(crate) fn minus_each(self, ranks: u16) -> Key {
        // The steps of every set of ranks, summed once (a key is a sum of steps).
        const STEPS_OF: [u32; 512] = {
            let mut out = [0u32; 512];
            let mut mask = 1usize;
            while mask < 512 {
                let low = mask.trailing_zeros() as usize;
                out[mask] = out[mask & (mask - 1)] + RANK_STEPS[low];
                mask += 1;
            }
            out
        };
        Key(self.0.wrapping_sub(STEPS_OF[usize::from(ranks) & 511]))
    }

    /// The counts back from the key.
    pub(crate) fn counts(self) -> [u8; 9] {
        let (mut l, mut r) = (self.0 & 0xffff, self.0 >> 16);
        std::array::from_fn(|rank| {
            let part = if rank < 4 { &mut l } else { &mut r };
            let digit = (*part % 5) as u8;
            *part /= 5;
            digit
        })
    }
}

/// The vector of a numbered suit by its key with the plain four-copy cap: one table lookup, or
/// the exact program for patterns the table does not hold (more than 14 tiles).
#[inline(always)]
pub(crate) fn numbered_key(key: Key) -> Vector {
    match runtime() {
        Some(rt) => rt.numbered_key(key),
        None => numbered_slow(&key.counts(), 0x1ff),
    }
}

/// The 2-5-8-pair table, if the embedded bytes are usable.
#[inline(always)]
pub(crate) fn runtime_258() -> Option<&'static Runtime258> {
    RUNTIME_258.as_ref().ok()
}

/// The validated table, if the embedded bytes are usable: for callers making many lookups, who
/// check once.
#[inline(always)]
pub(crate) fn runtime() -> Option<&'static Runtime> {
    RUNTIME.as_ref().ok()
}

/// The vector of a numbered suit with the plain four-copy cap: one table lookup, or the exact
/// program for patterns the table does not hold (more than 14 tiles).
#[inline(always)]
pub(crate) fn numbered(counts: &[u8; 9]) -> Vector {
    match Key::of(counts) {
        Some(key) => numbered_key(key),
        None => numbered_slow(counts, 0x1ff),
    }
}

/// [`numbered`] with the pair only on a 2, 5 or 8: one lookup in the 2-5-8-pair table, or the
/// exact program.
#[inline(always)]
pub(crate) fn numbered_258(counts: &[u8; 9]) -> Vector {
    match (Key::of(counts), runtime(), runtime_258()) {
        (Some(key), Some(rt), Some(pair)) => rt.numbered_key_258(pair, key),
        _ => numbered_slow(counts, RANKS_258),
    }
}

/// The exact program's answer for one numbered suit with the plain four-copy cap, in the stored
/// layout: `[melds only by m, melds and the pair by m]`. What the table must hold for patterns of at
/// most 14 tiles; for the builder's tests.
pub fn exact_distances(counts: &[u8; 9]) -> [[u8; MAX_M + 1]; 2] {
    let v = exact::suit_exact(counts, &[4; 9], true);
    std::array::from_fn(|p| std::array::from_fn(|m| v[lane(m, p)]))
}

/// The exact program's pair half for one numbered suit with the pair on 2, 5 or 8 (by `m`): what
/// [`Pair258Tables`] must hold for patterns of at most 14 tiles; for the builder's tests.
pub fn exact_distances_258(counts: &[u8; 9]) -> [u8; MAX_M + 1] {
    let v = numbered_slow(counts, RANKS_258);
    std::array::from_fn(|m| v[lane(m, 1)])
}

#[cold]
#[inline(never)]
fn numbered_slow(counts: &[u8; 9], pair_ranks: u16) -> Vector {
    exact::suit_exact_in(counts, &[4; 9], exact::Ranks { allowed: 0x1ff, pair: pair_ranks }, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_table_validates() {
        assert_eq!(tables(), Ok(()));
        assert!(runtime_258().is_some());
    }

    #[test]
    fn the_258_table_matches_the_exact_program() {
        let (rt, pair) = (runtime().expect("the table validates"), runtime_258().expect("the 2-5-8 table validates"));
        let mut c = [0u8; 9];
        for code in (0..5usize.pow(9)).step_by(37) {
            let mut x = code;
            for d in c.iter_mut() {
                *d = (x % 5) as u8;
                x /= 5;
            }
            let Some(key) = Key::of(&c) else { continue };
            let want = numbered_slow(&c, RANKS_258);
            assert_eq!(rt.numbered_key_258(pair, key), want, "{c:?}");
            // The lanes without the pair are the plain table's.
            assert_eq!(numbered(&c)[..8], want[..8], "{c:?}");
        }
    }

    #[test]
    fn keys_follow_the_pattern_index() {
        let rt = RUNTIME.as_ref().expect("the embedded table validates");
        let mut c = [0u8; 9];
        for code in 0..5usize.pow(9) {
            let mut x = code;
            for d in c.iter_mut() {
                *d = (x % 5) as u8;
                x /= 5;
            }
            let key = Key::of(&c).expect("counts within 4");
            assert_eq!(key.counts(), c);
            for rank in 0..9 {
                if c[rank] < 4 {
                    let mut up = c;
                    up[rank] += 1;
                    assert_eq!(key.plus(rank), Key::of(&up).unwrap());
                }
                if c[rank] > 0 {
                    let mut down = c;
                    down[rank] -= 1;
                    assert_eq!(key.minus(rank), Key::of(&down).unwrap());
                }
            }
            // One copy fewer of every held rank of a few masks, at once.
            let held = (0..9).filter(|&r| c[r] > 0).fold(0u16, |m, r| m | 1 << r);
            for mask in [held, held & 0b1_0101_0101, held & 0b0_1010_1010, held & (held >> 1)] {
                let down: [u8; 9] = std::array::from_fn(|r| c[r] - u8::from(mask >> r & 1 == 1));
                assert_eq!(key.minus_each(mask), Key::of(&down).unwrap(), "{c:?} {mask:b}");
            }
            let (located, _) = locate_halves(key.0 as usize & 0xffff, (key.0 >> 16) as usize);
            let stored = rt.get(key);
            match pattern_index(&c) {
                Some(i) => {
                    assert_eq!(located, i, "{c:?}");
                    assert_eq!(stored, Some(rt.vectors[rt.codes[i] as usize]));
                    // The exact program is slow: a sample suffices (the builder's tests check all).
                    if code % 61 == 0 {
                        assert_eq!(numbered(&c), exact::suit_exact(&c, &[4; 9], true), "{c:?}");
                    }
                }
                None => assert_eq!(stored, None, "{c:?}"),
            }
        }
        assert_eq!(Key::of(&[5, 0, 0, 0, 0, 0, 0, 0, 0]), None);
    }
}
