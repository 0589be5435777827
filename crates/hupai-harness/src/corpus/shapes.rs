//! The shapes corpus: every one of the 9,362 index shapes (S002's keys of hands that can win
//! without a fifth copy: 0–4 melds and a pair, or seven distinct pairs), read from
//! `hupai-lookup`'s embedded index table, placed as concrete tiles three different ways and
//! padded with declared melds.
//!
//! A shape is a list of runs, each a count and whether a gap follows it. A placement puts each
//! block of consecutive runs into one suit (a block of one kind may go to the honors) with a gap
//! between blocks. Three placements: packed low in m, p, s; single kinds to the honors and the
//! rest packed high in s, p, m; and one block per suit, centred.

use std::fmt;
use std::ops::Range;

use hupai_tiles::{Rules, Suit, Tile, TileCounts};

use super::{Case, Cases, Size, padded};

/// Shapes kept by [`Size::Sampled`]: one in this many (a prime).
const SAMPLE_STEP: u64 = 31;

/// Why the shapes could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeError(String);

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "index shapes unavailable: {}", self.0)
    }
}

impl std::error::Error for ShapeError {}

/// A shape: (count, gap after) per held kind, in tile order.
pub type Shape = Vec<(u8, bool)>;

/// Every real shape of the index table (9,362), in key order.
pub fn real_shapes() -> Result<Vec<Shape>, ShapeError> {
    use hupai_lookup::index::{ShapeFlags, runs, table};
    let table = table().map_err(|e| ShapeError(e.to_string()))?;
    let mut keys: Vec<u32> =
        table.iter().filter(|e| !e.flags().contains(ShapeFlags::OVER_FOUR)).map(|e| e.key()).collect();
    keys.sort_unstable();
    keys.into_iter().map(|k| runs(k).map(|r| r.to_vec()).map_err(|e| ShapeError(format!("key {k:#b}: {e}")))).collect()
}

/// The blocks of consecutive kinds of a shape.
fn blocks(shape: &[(u8, bool)]) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for &(count, gap) in shape {
        if let Some(b) = out.last_mut() {
            b.push(count);
        }
        if gap {
            out.push(Vec::new());
        }
    }
    out.retain(|b| !b.is_empty());
    out
}

/// Width of blocks laid side by side in one suit with a one-rank gap between them.
fn width(blocks: &[Vec<u8>]) -> usize {
    blocks.iter().map(Vec::len).sum::<usize>() + blocks.len().saturating_sub(1)
}

/// How many blocks at the end hold one kind (only those may go to the honors, which come last in
/// tile order and never connect).
fn trailing_singles(blocks: &[Vec<u8>]) -> usize {
    blocks.iter().rev().take_while(|b| b.len() == 1).count().min(7)
}

/// Cuts blocks, in order, into at most three groups that each fit one suit (width ≤ 9), filling
/// each group as far as it goes: the fewest groups any order-keeping split can have.
fn next_fit(blocks: &[Vec<u8>]) -> Option<Vec<Range<usize>>> {
    let mut groups = Vec::new();
    let mut begin = 0;
    for end in 1..=blocks.len() {
        if width(&blocks[begin..end]) > 9 {
            groups.push(begin..end - 1);
            begin = end - 1;
        }
    }
    if begin < blocks.len() {
        groups.push(begin..blocks.len());
    }
    (groups.len() <= 3 && groups.iter().all(|g| !g.is_empty() && width(&blocks[g.clone()]) <= 9)).then_some(groups)
}

/// The most even order-keeping split into one to three groups that fit: the smallest widest group.
fn balanced(blocks: &[Vec<u8>]) -> Option<Vec<Range<usize>>> {
    let n = blocks.len();
    let mut best: Option<(usize, Vec<Range<usize>>)> = None;
    for i in 0..=n {
        for j in i..=n {
            let groups: Vec<Range<usize>> = [0..i, i..j, j..n].into_iter().filter(|g| !g.is_empty()).collect();
            let widest = groups.iter().map(|g| width(&blocks[g.clone()])).max().unwrap_or(0);
            if widest <= 9 && best.as_ref().is_none_or(|(w, _)| widest < *w) {
                best = Some((widest, groups));
            }
        }
    }
    best.map(|(_, g)| g)
}

/// Writes a group of blocks into `suit` from rank `start` (1-based), a one-rank gap between blocks.
fn lay(counts: &mut TileCounts, suit: Suit, start: usize, blocks: &[Vec<u8>]) {
    let mut rank = start;
    for block in blocks {
        for &c in block {
            counts[Tile::ALL[suit.offset() + rank - 1]] = c;
            rank += 1;
        }
        rank += 1;
    }
}

/// The three placements of a shape as concrete counts whose key is the shape's own (fewer only if
/// one cannot be placed; the corpus tests check that every real shape gets three).
///
/// 1. Packed low: groups filled as far as they go into m, p, s from rank 1; as few single
///    kinds in the honors (from East on) as needed.
/// 2. Packed high: as many trailing single kinds as possible in the honors (ending at Red),
///    the rest filled backwards into s, p, m ending at rank 9.
/// 3. Spread: the most even split into m, p, s (two groups: m and s; one: p), each centred; as few
///    honors as needed, every other honor when there is room.
pub fn placements(shape: &[(u8, bool)]) -> Vec<TileCounts> {
    use Suit::{Man, Pin, Sou};
    let b = blocks(shape);
    let singles = trailing_singles(&b);
    let mut out = Vec::new();
    // 1. Packed low.
    if let Some((t, groups)) = (0..=singles).find_map(|t| next_fit(&b[..b.len() - t]).map(|g| (t, g))) {
        let mut c = TileCounts::EMPTY;
        for (g, suit) in groups.iter().zip([Man, Pin, Sou]) {
            lay(&mut c, suit, 1, &b[g.clone()]);
        }
        for (k, block) in b[b.len() - t..].iter().enumerate() {
            c[Tile::ALL[27 + k]] = block[0];
        }
        out.push(c);
    }
    // 2. Packed high, filled from the end.
    let reversed: Vec<Vec<u8>> = b.iter().rev().cloned().collect();
    if let Some((t, groups)) = (0..=singles).rev().find_map(|t| next_fit(&reversed[t..]).map(|g| (t, g))) {
        let mut c = TileCounts::EMPTY;
        for (g, suit) in groups.iter().zip([Sou, Pin, Man]) {
            let mut group: Vec<Vec<u8>> = reversed[t..][g.clone()].to_vec();
            group.reverse();
            lay(&mut c, suit, 10 - width(&group), &group);
        }
        for (k, block) in b[b.len() - t..].iter().enumerate() {
            c[Tile::ALL[34 - t + k]] = block[0];
        }
        out.push(c);
    }
    // 3. Spread and centred.
    if let Some((t, groups)) = (0..=singles).find_map(|t| balanced(&b[..b.len() - t]).map(|g| (t, g))) {
        let mut c = TileCounts::EMPTY;
        let suits: &[Suit] = match groups.len() {
            1 => &[Pin],
            2 => &[Man, Sou],
            _ => &[Man, Pin, Sou],
        };
        for (g, &suit) in groups.iter().zip(suits) {
            let group = &b[g.clone()];
            lay(&mut c, suit, (9 - width(group)) / 2 + 1, group);
        }
        let step = if t <= 4 { 2 } else { 1 };
        for (k, block) in b[b.len() - t..].iter().enumerate() {
            c[Tile::ALL[27 + k * step]] = block[0];
        }
        out.push(c);
    }
    out
}

/// The concealed parts made from one placement: as is, one and two tiles turned into wildcards,
/// one tile short, one tile short with a wildcard.
fn variants(counts: &TileCounts) -> Vec<(TileCounts, u8)> {
    let held: Vec<Tile> = counts.kinds().iter().collect();
    let (Some(&first), Some(&last)) = (held.first(), held.last()) else { return Vec::new() };
    let most = *held.iter().max_by_key(|&&t| (counts[t], std::cmp::Reverse(t))).unwrap_or(&first);
    let minus = |c: &TileCounts, t: Tile| {
        let mut c = *c;
        c[t] -= 1;
        c
    };
    let mut out = vec![(*counts, 0), (minus(counts, most), 1)];
    if held.len() > 1 {
        out.push((minus(&minus(counts, first), last), 2));
    }
    out.push((minus(counts, last), 0));
    let one_wild = minus(counts, most);
    if let Some(&t) = one_wild.kinds().iter().collect::<Vec<_>>().first() {
        out.push((minus(&one_wild, t), 1));
    }
    out
}

pub(crate) fn cases(rules: Vec<Rules>, size: Size) -> Cases {
    // The table is embedded and validated by hupai-lookup's own tests; an unusable table leaves
    // this corpus empty, and the corpus tests (which want 9,362 shapes) fail loudly on it.
    let shapes = real_shapes().unwrap_or_default();
    Box::new(shapes.into_iter().enumerate().filter(move |&(i, _)| size.keeps(i as u64, SAMPLE_STEP)).flat_map(
        move |(i, shape)| {
            let rules = rules.clone();
            placements(&shape).into_iter().enumerate().flat_map(move |(p, counts)| {
                let rules = rules.clone();
                variants(&counts).into_iter().flat_map(move |(c, w)| {
                    rules
                        .clone()
                        .into_iter()
                        .filter_map(move |r| padded(&c, w, &r, i + p).map(|hand| Case::new(hand, r)))
                })
            })
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape_of(counts: &TileCounts) -> Shape {
        let mut out: Shape = Vec::new();
        let mut prev: Option<Tile> = None;
        for t in counts.kinds().iter() {
            if let (Some(p), Some(last)) = (prev, out.last_mut()) {
                last.1 = p.next_in_suit() != Some(t);
            }
            out.push((counts[t], false));
            prev = Some(t);
        }
        out
    }

    #[test]
    fn every_real_shape_is_placed_three_ways_with_its_own_shape() {
        let shapes = real_shapes().expect("embedded index table");
        assert_eq!(shapes.len(), 9_362);
        for shape in &shapes {
            let placed = placements(shape);
            assert_eq!(placed.len(), 3, "{shape:?}");
            for counts in placed {
                assert_eq!(&shape_of(&counts), shape, "{counts:?}");
                assert!(counts.0.iter().all(|&c| c <= 4));
            }
        }
    }
}
