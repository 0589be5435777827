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
use hupai_lookup::suit_table::{MAX_TILES, PATTERNS, pattern_index};
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

/// The validated table, ready for lookups: vectors widened to the 16-lane [`Vector`] layout and
/// padded to 256, so any code byte names one without a bounds check.
pub(crate) struct Runtime {
    codes: Vec<u8>,
    vectors: Box<[Vector; 256]>,
}

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
        Runtime { codes: t.codes.clone(), vectors }
    }

    #[inline(always)]
    fn get(&self, counts: &[u8; 9]) -> Option<Vector> {
        let i = pattern_index(counts)?;
        let code = *self.codes.get(i)?;
        Some(self.vectors[code as usize])
    }
}

/// The vector of a numbered suit with the plain four-copy cap: one table lookup, or the exact
/// program for patterns the table does not hold (more than 14 tiles).
#[inline(always)]
pub(crate) fn numbered(counts: &[u8; 9]) -> Vector {
    if let Ok(rt) = RUNTIME.as_ref()
        && let Some(v) = rt.get(counts)
    {
        return v;
    }
    numbered_slow(counts)
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
}
