//! The per-suit fewest-wildcards tables: for every count pattern of one numbered suit with at most
//! [`MAX_TILES`] tiles, the fewest wildcards completing it into melds only and into melds plus the
//! pair, with the four-copy cap and without it.
//!
//! Patterns are walked as a trie over the ranks, carrying a small dynamic program from each rank to
//! the next, so a shared prefix is computed once. The four numbers of a pattern collapse to a
//! handful of distinct [`SuitEntry`] values (the tile count fixes each number modulo 3); each
//! pattern stores the position of its entry in 4 bits, at its [`pattern_index`]. Honors need no
//! table: without sequences each honor kind completes on its own. `docs/suit-table.md` explains
//! the layout and why the numbers compose across suits.

use std::collections::BTreeMap;

use hupai_lookup::suit_table::{MAX_TILES, PATTERNS, SuitEntry, SuitTables, pattern_index};

/// An impossible completion in the builder's dynamic program.
const NONE: u8 = u8::MAX;
/// No cap on a rank (the fifth-copy rule).
const FREE: u8 = u8::MAX;

/// Fewest wildcards of one pattern: melds only and with the pair, without cap and with the
/// four-copy cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fewest {
    /// Melds only, no cap.
    pub melds_free: u8,
    /// Melds and the pair, no cap.
    pub pair_free: u8,
    /// Melds only, four-copy cap.
    pub melds_capped: u8,
    /// Melds and the pair, four-copy cap.
    pub pair_capped: u8,
}

/// The program's state after a rank: the cheapest wildcards so far for each (pair placed,
/// sequences started one rank back, sequences started at this rank). Two sequences per start
/// suffice (three equal sequences are three triplets), so each count is 0–2.
type State = [u8; 18];

const START: State = {
    let mut s = [NONE; 18];
    s[0] = 0;
    s
};

/// Advances the program over one rank holding `have` real tiles, with room for `cap` tiles.
fn step(prev: &State, have: u8, cap: u8, sequences_may_start: bool) -> State {
    let mut next = [NONE; 18];
    for (i, &spent) in prev.iter().enumerate() {
        if spent == NONE {
            continue;
        }
        let (pair_used, back2, back1) = (i / 9, (i / 3) % 3, i % 3);
        for start in 0..if sequences_may_start { 3 } else { 1 } {
            for pair in 0..(2 - pair_used) {
                // Beyond two triplets, one could be dropped and three wildcards saved.
                for triplets in 0..3 {
                    let total = (back2 + back1 + start + 3 * triplets + 2 * pair) as u8;
                    if total < have || total > cap {
                        continue;
                    }
                    let cost = spent + (total - have);
                    let j = (pair_used + pair) * 9 + back1 * 3 + start;
                    next[j] = next[j].min(cost);
                }
            }
        }
    }
    next
}

/// Walks every pattern with at most [`MAX_TILES`] tiles and calls `visit` with it and its numbers.
pub fn for_each_pattern(mut visit: impl FnMut(&[u8; 9], Fewest)) {
    let mut pattern = [0u8; 9];
    walk(0, 0, &START, &START, &mut pattern, &mut visit);
}

fn walk(
    rank: usize,
    tiles: u32,
    free: &State,
    capped: &State,
    pattern: &mut [u8; 9],
    visit: &mut impl FnMut(&[u8; 9], Fewest),
) {
    if rank == 9 {
        // Nothing may be left open: sequences need ranks that do not exist.
        let f = Fewest { melds_free: free[0], pair_free: free[9], melds_capped: capped[0], pair_capped: capped[9] };
        visit(pattern, f);
        return;
    }
    let may_start = rank <= 6;
    for have in 0..=4u8.min((MAX_TILES - tiles) as u8) {
        pattern[rank] = have;
        let f = step(free, have, FREE, may_start);
        let c = step(capped, have, 4, may_start);
        walk(rank + 1, tiles + have as u32, &f, &c, pattern, visit);
    }
    pattern[rank] = 0;
}

/// Why the tables could not be built: a pattern's numbers do not fit the 4-bit entry scheme.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError(pub String);

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "suit tables: {}", self.0)
    }
}

impl std::error::Error for BuildError {}

fn entry_of(pattern: &[u8; 9], f: Fewest) -> Result<SuitEntry, BuildError> {
    let tiles: u32 = pattern.iter().map(|&c| c as u32).sum();
    let bad = || BuildError(format!("pattern {pattern:?} has numbers {f:?} outside the entry scheme"));
    if [f.melds_free, f.pair_free, f.melds_capped, f.pair_capped].contains(&NONE) {
        return Err(bad());
    }
    let remainder = ((3 - tiles % 3) % 3) as u8;
    let m = f.melds_free;
    if m % 3 != remainder || f.pair_free + 1 < m || !(f.pair_free + 1 - m).is_multiple_of(3) {
        return Err(bad());
    }
    let (Some(cm), Some(cp)) = (f.melds_capped.checked_sub(m), f.pair_capped.checked_sub(f.pair_free)) else {
        return Err(bad());
    };
    Ok(SuitEntry {
        melds_thirds: m / 3,
        pair_offset: f.pair_free + 1 - m,
        capped_melds_extra: cm,
        capped_pair_extra: cp,
    })
}

/// Builds the tables. Deterministic: entries are numbered in sorted order.
pub fn build() -> Result<SuitTables, BuildError> {
    let mut entries_of = vec![None; PATTERNS];
    let mut error = None;
    for_each_pattern(|p, f| {
        let placed = pattern_index(p).and_then(|i| entries_of.get_mut(i));
        match (placed, entry_of(p, f)) {
            (Some(slot), Ok(e)) => *slot = Some(e),
            (None, _) => error = Some(BuildError(format!("pattern {p:?} has no index"))),
            (_, Err(e)) => error = Some(e),
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    let mut numbering: BTreeMap<SuitEntry, u8> = BTreeMap::new();
    for e in entries_of.iter().flatten() {
        numbering.insert(*e, 0);
    }
    if numbering.len() > 16 {
        return Err(BuildError(format!("{} distinct entries do not fit 4 bits", numbering.len())));
    }
    for (code, slot) in numbering.values_mut().enumerate() {
        *slot = code as u8;
    }
    let mut codes = vec![0u8; PATTERNS.div_ceil(2)];
    for (i, e) in entries_of.iter().enumerate() {
        let Some(e) = e else { return Err(BuildError(format!("index {i} is never reached"))) };
        codes[i / 2] |= numbering[e] << ((i % 2) * 4);
    }
    Ok(SuitTables {
        max_tiles: MAX_TILES as u8,
        patterns: PATTERNS as u32,
        entries: numbering.into_keys().collect(),
        codes,
    })
}

/// The bytes committed as `crates/hupai-lookup/tables/suit.bin`: the container header, then the
/// postcard payload.
pub fn artifact() -> Result<Vec<u8>, BuildError> {
    Ok(crate::artifact::encode(&build()?))
}
