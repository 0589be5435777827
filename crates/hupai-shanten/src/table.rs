//! The embedded per-suit distance table: for every count pattern of one numbered suit with at most
//! 14 tiles (405,350 patterns, in `hupai_lookup::suit_table::pattern_index` order), a one-byte code
//! naming its vector (tiles to add per meld count, with and without the pair) in a dictionary of the
//! distinct vectors (176 of them: a suit's distances take few shapes).
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
        if self.max_tiles as u32 != MAX_TILES || self.patterns as usize != PATTERNS {
            return Err(format!(
                "covers {} tiles / {} patterns; this build indexes {MAX_TILES} / {PATTERNS}",
                self.max_tiles, self.patterns
            ));
        }
        if self.codes.len() != PATTERNS {
            return Err(format!("{} codes; {PATTERNS} expected", self.codes.len()));
        }
        let n = self.vectors.len() / LANES;
        if !self.vectors.len().is_multiple_of(LANES) || n == 0 || n > MAX_VECTORS {
            return Err(format!("{} vector bytes: not 1 to {MAX_VECTORS} vectors of {LANES}", self.vectors.len()));
        }
        for (i, v) in self.vectors.chunks_exact(LANES).enumerate() {
            for (j, &x) in v.iter().enumerate() {
                let (m, p) = (j % (MAX_M + 1), j / (MAX_M + 1));
                if x as usize > 3 * m + 2 * p {
                    return Err(format!("vector {i} asks {x} tiles for {m} melds and {p} pairs"));
                }
            }
        }
        if let Some((i, &c)) = self.codes.iter().enumerate().find(|&(_, &c)| c as usize >= n) {
            return Err(format!("pattern {i} has code {c}, beyond the {n} vectors"));
        }
        Ok(())
    }
}

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

/// [`PATTERNS`] rounded up to a power of two.
const CODES_PADDED: usize = 1 << 19;
const _: () = assert!(PATTERNS <= CODES_PADDED);

const EMBEDDED: &[u8] = include_bytes!("../tables/shanten.bin");

static RUNTIME: LazyLock<Result<Runtime, FormatError>> =
    LazyLock::new(|| format::decode::<ShantenTables>(EMBEDDED).map(|t| Runtime::new(&t)));

/// Validates the embedded table (once; later calls are free). `Err` names what is wrong; the
/// answers stay exact either way, since a suit the table cannot answer goes to the exact program.
pub fn tables() -> Result<(), FormatError> {
    RUNTIME.as_ref().map(|_| ()).map_err(Clone::clone)
}

/// The embedded table's bytes (header and payload), for tools that print or re-check them.
pub fn embedded_bytes() -> &'static [u8] {
    EMBEDDED
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
        let mut codes = vec![0u8; CODES_PADDED].into_boxed_slice();
        codes[..t.codes.len()].copy_from_slice(&t.codes);
        let codes = codes.try_into().unwrap_or_else(|_| Box::new([0; CODES_PADDED]));
        Runtime { codes, vectors }
    }

    /// [`numbered_key`] once the table is known to be usable.
    #[inline(always)]
    pub(crate) fn numbered_key(&self, key: Key) -> Vector {
        match self.get(key) {
            Some(v) => v,
            None => numbered_slow(&key.counts()),
        }
    }

    /// The vector of the pattern `key` names, if the table holds it (at most [`MAX_TILES`] tiles).
    #[inline(always)]
    fn get(&self, key: Key) -> Option<Vector> {
        let (index, tiles) = locate_halves(key.0 as usize & 0xffff, (key.0 >> 16) as usize);
        if tiles > MAX_TILES {
            return None;
        }
        let code = self.codes[index & (CODES_PADDED - 1)];
        Some(self.vectors[code as usize])
    }
}

/// A numbered suit's counts as a key: ranks 1–4 as a base-5 number in the low half, ranks 5–9 in
/// the high half (the two parts of `hupai_lookup`'s pattern index, whose order the stored codes
/// follow). Adding or removing one tile is adding or subtracting [`Key::step`]: no digit carries
/// or borrows as long as every count stays within 0–4, which the callers keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key(u32);

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
        const STEPS: [u32; 16] = [1, 5, 25, 125, 1 << 16, 5 << 16, 25 << 16, 125 << 16, 625 << 16, 0, 0, 0, 0, 0, 0, 0];
        STEPS[rank & 15]
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

    /// The counts back from the key.
    fn counts(self) -> [u8; 9] {
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
        None => numbered_slow(&key.counts()),
    }
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
        None => numbered_slow(counts),
    }
}

/// The exact program's answer for one numbered suit with the plain four-copy cap, in the stored
/// layout: `[melds only by m, melds and the pair by m]`. What the table must hold for patterns of at
/// most 14 tiles; for the builder's tests.
pub fn exact_distances(counts: &[u8; 9]) -> [[u8; MAX_M + 1]; 2] {
    let v = exact::suit_exact(counts, &[4; 9], true);
    std::array::from_fn(|p| std::array::from_fn(|m| v[lane(m, p)]))
}

#[cold]
#[inline(never)]
fn numbered_slow(counts: &[u8; 9]) -> Vector {
    exact::suit_exact(counts, &[4; 9], true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_table_validates() {
        assert_eq!(tables(), Ok(()));
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
