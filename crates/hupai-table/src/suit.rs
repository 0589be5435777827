//! The per-suit fewest-wildcards tables: for every count pattern of one numbered suit with at most
//! [`MAX_TILES`] tiles, the fewest wildcards completing it into melds only and into melds plus the
//! pair, with the four-copy cap and without it, and (for the 2-5-8 pair rule) into melds plus a
//! pair of rank 2, 5 or 8, with and without the cap.
//!
//! Patterns are walked as a trie over the ranks, carrying a small dynamic program from each rank to
//! the next, so a shared prefix is computed once. The four numbers of a pattern collapse to a
//! handful of distinct [`SuitEntry`] values (the tile count fixes each number modulo 3); each
//! pattern stores the position of its entry in 4 bits, at its [`pattern_index`]. Honors need no
//! table: without sequences each honor kind completes on its own. `docs/suit-table.md` explains
//! the layout and why the numbers compose across suits.

use std::collections::BTreeMap;

use hupai_lookup::suit_table::{MAX_TILES, PATTERNS, Pair258Entry, SuitEntry, SuitTables, pattern_index};

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
    /// Melds and a 2-5-8 pair (a 2, 5 or 8 of the suit), no cap.
    pub pair_258_free: u8,
    /// Melds and a 2-5-8 pair, four-copy cap.
    pub pair_258_capped: u8,
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

/// Advances the program over one rank holding `have` real tiles, with room for `cap` tiles; the
/// pair may be placed on this rank only if `pair_here`.
fn step(prev: &State, have: u8, cap: u8, sequences_may_start: bool, pair_here: bool) -> State {
    let mut next = [NONE; 18];
    for (i, &spent) in prev.iter().enumerate() {
        if spent == NONE {
            continue;
        }
        let (pair_used, back2, back1) = (i / 9, (i / 3) % 3, i % 3);
        for start in 0..if sequences_may_start { 3 } else { 1 } {
            for pair in 0..(2 - pair_used).min(1 + usize::from(pair_here)) {
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
    walk(0, 0, &[START; 4], &mut pattern, &mut visit);
}

/// The programs carried along the trie: any pair no cap, any pair capped, 2-5-8 pair no cap,
/// 2-5-8 pair capped.
type Programs = [State; 4];

fn walk(rank: usize, tiles: u32, programs: &Programs, pattern: &mut [u8; 9], visit: &mut impl FnMut(&[u8; 9], Fewest)) {
    if rank == 9 {
        // Nothing may be left open: sequences need ranks that do not exist.
        let [free, capped, free_258, capped_258] = programs;
        let f = Fewest {
            melds_free: free[0],
            pair_free: free[9],
            melds_capped: capped[0],
            pair_capped: capped[9],
            pair_258_free: free_258[9],
            pair_258_capped: capped_258[9],
        };
        visit(pattern, f);
        return;
    }
    let may_start = rank <= 6;
    let rank_258 = matches!(rank, 1 | 4 | 7);
    for have in 0..=4u8.min((MAX_TILES - tiles) as u8) {
        pattern[rank] = have;
        let next = [
            step(&programs[0], have, FREE, may_start, true),
            step(&programs[1], have, 4, may_start, true),
            step(&programs[2], have, FREE, may_start, rank_258),
            step(&programs[3], have, 4, may_start, rank_258),
        ];
        walk(rank + 1, tiles + have as u32, &next, pattern, visit);
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

/// The 2-5-8 column of a pattern: the fewest wildcards for melds and a 2-5-8 pair, without and
/// with the cap. The count fixes the uncapped number modulo 3; the capped one is larger by a
/// multiple of 3. Impossible completions get [`Pair258Entry::IMPOSSIBLE`] thirds.
fn entry_258_of(pattern: &[u8; 9], f: Fewest) -> Result<Pair258Entry, BuildError> {
    let tiles: u32 = pattern.iter().map(|&c| c as u32).sum();
    let bad = || BuildError(format!("pattern {pattern:?} has 2-5-8 numbers {f:?} outside the entry scheme"));
    let remainder = ((5 - tiles % 3) % 3) as u8;
    let free = f.pair_258_free;
    if free == NONE {
        return if f.pair_258_capped == NONE {
            Ok(Pair258Entry { pair_thirds: Pair258Entry::IMPOSSIBLE, capped_extra: 0 })
        } else {
            Err(bad())
        };
    }
    if free % 3 != remainder {
        return Err(bad());
    }
    let capped_extra = match f.pair_258_capped {
        NONE => Pair258Entry::IMPOSSIBLE,
        c => c.checked_sub(free).filter(|x| x.is_multiple_of(3) && *x < Pair258Entry::IMPOSSIBLE).ok_or_else(bad)?,
    };
    Ok(Pair258Entry { pair_thirds: free / 3, capped_extra })
}

/// Numbers the distinct values in sorted order and packs each pattern's number in 4 bits.
fn pack<E: Ord + Copy + std::fmt::Debug>(what: &str, of: &[Option<E>]) -> Result<(Vec<E>, Vec<u8>), BuildError> {
    let mut numbering: BTreeMap<E, u8> = BTreeMap::new();
    for e in of.iter().flatten() {
        numbering.insert(*e, 0);
    }
    if numbering.len() > 16 {
        return Err(BuildError(format!("{} distinct {what} entries do not fit 4 bits", numbering.len())));
    }
    for (code, slot) in numbering.values_mut().enumerate() {
        *slot = code as u8;
    }
    let mut codes = vec![0u8; PATTERNS.div_ceil(2)];
    for (i, e) in of.iter().enumerate() {
        let Some(e) = e else { return Err(BuildError(format!("index {i} is never reached"))) };
        codes[i / 2] |= numbering[e] << ((i % 2) * 4);
    }
    Ok((numbering.into_keys().collect(), codes))
}

/// Builds the tables. Deterministic: entries are numbered in sorted order.
pub fn build() -> Result<SuitTables, BuildError> {
    let mut entries_of = vec![None; PATTERNS];
    let mut entries_258_of = vec![None; PATTERNS];
    let mut error = None;
    for_each_pattern(|p, f| {
        let Some(i) = pattern_index(p).filter(|&i| i < PATTERNS) else {
            error = Some(BuildError(format!("pattern {p:?} has no index")));
            return;
        };
        match (entry_of(p, f), entry_258_of(p, f)) {
            (Ok(e), Ok(e258)) => {
                entries_of[i] = Some(e);
                entries_258_of[i] = Some(e258);
            }
            (Err(e), _) | (_, Err(e)) => error = Some(e),
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    let (entries, codes) = pack("suit", &entries_of)?;
    let (entries_258, codes_258) = pack("2-5-8 pair", &entries_258_of)?;
    Ok(SuitTables { max_tiles: MAX_TILES as u8, patterns: PATTERNS as u32, entries, codes, entries_258, codes_258 })
}

/// The bytes committed as `crates/hupai-lookup/tables/suit.bin`: the container header, then the
/// postcard payload.
pub fn artifact() -> Result<Vec<u8>, BuildError> {
    Ok(crate::artifact::encode(&build()?))
}
