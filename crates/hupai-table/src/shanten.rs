//! The shanten table: for every count pattern of one numbered suit with at most 14 tiles, the
//! fewest tiles to add so that the suit holds exactly `m` melds (0–5) and `p` pairs (0 or 1), real
//! tiles beyond those groups dropped, at most four copies of a rank. Each pattern stores a one-byte
//! code into a dictionary of the distinct vectors (`hupai_shanten::table::ShantenTables`).
//!
//! The same walk with the pair held to ranks 2, 5 and 8 ([`build_258`]) makes the 2-5-8-pair table
//! (`hupai_shanten::table::Pair258Tables`): its lanes without the pair are the plain table's.
//!
//! Patterns are walked as a trie over the ranks (as in [`crate::suit`]) carrying a dynamic
//! program from rank to rank, so a shared prefix is computed once. The program is written here
//! independently of the runtime's exact program; tests compare the two, and both against target
//! enumeration.

use std::collections::BTreeMap;

use hupai_lookup::suit_table::{MAX_TILES, PATTERNS, pattern_index};
use hupai_shanten::table::{HALF_LANES, LANES, MAX_VECTORS, Pair258Tables, ShantenTables};

/// Most melds per suit.
const MELDS: usize = 5;
/// An impossible state.
const NONE: u8 = u8::MAX;

/// State after a rank, by (pair placed, sequences started two back 0–2, one back 0–2, melds 0–5):
/// the fewest tiles added so far.
type State = [u8; 2 * 3 * 3 * (MELDS + 1)];

fn at(pair: usize, back2: usize, back1: usize, melds: usize) -> usize {
    ((pair * 3 + back2) * 3 + back1) * (MELDS + 1) + melds
}

fn start() -> State {
    let mut s = [NONE; 2 * 3 * 3 * (MELDS + 1)];
    s[at(0, 0, 0, 0)] = 0;
    s
}

/// The ranks (bit `r` for rank `r + 1`) a pair may be on: every rank, or 2, 5 and 8.
const EVERY_RANK: u16 = 0x1ff;
const RANKS_258: u16 = 0b0_1001_0010;

/// Advances over a rank holding `have` tiles. Per rank at most 4 tiles in groups (so at most one
/// triplet), at most two sequences starting (three equal ones are three triplets); the pair only
/// where `pair_may_be_here`.
fn step(prev: &State, have: u8, sequences_may_start: bool, pair_may_be_here: bool) -> State {
    let mut next = [NONE; 2 * 3 * 3 * (MELDS + 1)];
    for pair_used in 0..2 {
        for back2 in 0..3 {
            for back1 in 0..3 {
                for melds in 0..=MELDS {
                    let spent = prev[at(pair_used, back2, back1, melds)];
                    if spent == NONE {
                        continue;
                    }
                    for new in 0..if sequences_may_start { 3 } else { 1 } {
                        for pair in 0..if pair_may_be_here { 2 - pair_used } else { 1 } {
                            for triplet in 0..2 {
                                let total = (back2 + back1 + new + 3 * triplet + 2 * pair) as u8;
                                let m = melds + new + triplet;
                                if total > 4 || m > MELDS {
                                    continue;
                                }
                                let j = at(pair_used + pair, back1, new, m);
                                next[j] = next[j].min(spent + total.saturating_sub(have));
                            }
                        }
                    }
                }
            }
        }
    }
    next
}

/// The stored vector of a finished program: lanes `m` (melds only), then `6 + m` (with the pair).
fn vector_of(s: &State) -> [u8; LANES] {
    std::array::from_fn(|j| s[at(j / (MELDS + 1), 0, 0, j % (MELDS + 1))])
}

/// Calls `visit` with every pattern of at most 14 tiles and its vector.
pub fn for_each_pattern(visit: impl FnMut(&[u8; 9], [u8; LANES])) {
    for_each_pattern_with(EVERY_RANK, visit);
}

/// [`for_each_pattern`] with the pair only on the ranks of `pair_ranks` (bit `r` for rank `r + 1`).
pub fn for_each_pattern_with(pair_ranks: u16, mut visit: impl FnMut(&[u8; 9], [u8; LANES])) {
    let mut pattern = [0u8; 9];
    walk(0, 0, &start(), pair_ranks, &mut pattern, &mut visit);
}

fn walk(
    rank: usize,
    tiles: u32,
    s: &State,
    pair_ranks: u16,
    pattern: &mut [u8; 9],
    visit: &mut impl FnMut(&[u8; 9], [u8; LANES]),
) {
    if rank == 9 {
        visit(pattern, vector_of(s));
        return;
    }
    for have in 0..=4u8.min((MAX_TILES - tiles) as u8) {
        pattern[rank] = have;
        let next = step(s, have, rank <= 6, pair_ranks >> rank & 1 == 1);
        walk(rank + 1, tiles + have as u32, &next, pair_ranks, pattern, visit);
    }
    pattern[rank] = 0;
}

/// Why the table could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError(pub String);

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "shanten table: {}", self.0)
    }
}

impl std::error::Error for BuildError {}

/// Builds the table. Deterministic: vectors are numbered in sorted order.
pub fn build() -> Result<ShantenTables, BuildError> {
    build_with(EVERY_RANK)
}

/// Builds the 2-5-8-pair table: the pair only on ranks 2, 5 and 8, its pair halves stored (the
/// lanes without the pair are the plain table's).
pub fn build_258() -> Result<Pair258Tables, BuildError> {
    let full = vectors_with(RANKS_258)?;
    let half = |v: &[u8; LANES]| -> [u8; HALF_LANES] { std::array::from_fn(|m| v[HALF_LANES + m]) };
    let mut numbering: BTreeMap<[u8; HALF_LANES], u8> = BTreeMap::new();
    for v in &full {
        numbering.insert(half(v), 0);
    }
    if numbering.len() > MAX_VECTORS {
        return Err(BuildError(format!("{} distinct pair halves do not fit one byte", numbering.len())));
    }
    for (code, slot) in numbering.values_mut().enumerate() {
        *slot = code as u8;
    }
    Ok(Pair258Tables {
        max_tiles: MAX_TILES as u8,
        patterns: PATTERNS as u32,
        codes: full.iter().map(|v| numbering[&half(v)]).collect(),
        halves: numbering.keys().flatten().copied().collect(),
    })
}

/// Every pattern's vector, in pattern index order, with the pair on the ranks of `pair_ranks`.
fn vectors_with(pair_ranks: u16) -> Result<Vec<[u8; LANES]>, BuildError> {
    let mut vector_of_pattern: Vec<Option<[u8; LANES]>> = vec![None; PATTERNS];
    let mut error = None;
    for_each_pattern_with(pair_ranks, |p, v| {
        if v.contains(&NONE) {
            error = Some(BuildError(format!("pattern {p:?} has an impossible lane: {v:?}")));
        }
        match pattern_index(p).and_then(|i| vector_of_pattern.get_mut(i)) {
            Some(slot) => *slot = Some(v),
            None => error = Some(BuildError(format!("pattern {p:?} has no index"))),
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    vector_of_pattern
        .into_iter()
        .enumerate()
        .map(|(i, v)| v.ok_or_else(|| BuildError(format!("index {i} is never reached"))))
        .collect()
}

fn build_with(pair_ranks: u16) -> Result<ShantenTables, BuildError> {
    let vector_of_pattern = vectors_with(pair_ranks)?;
    let mut numbering: BTreeMap<[u8; LANES], u8> = BTreeMap::new();
    for v in &vector_of_pattern {
        numbering.insert(*v, 0);
    }
    if numbering.len() > MAX_VECTORS {
        return Err(BuildError(format!("{} distinct vectors do not fit one byte", numbering.len())));
    }
    for (code, slot) in numbering.values_mut().enumerate() {
        *slot = code as u8;
    }
    let mut codes = Vec::with_capacity(PATTERNS);
    for v in &vector_of_pattern {
        codes.push(numbering[v]);
    }
    Ok(ShantenTables {
        max_tiles: MAX_TILES as u8,
        patterns: PATTERNS as u32,
        vectors: numbering.keys().flatten().copied().collect(),
        codes,
    })
}
