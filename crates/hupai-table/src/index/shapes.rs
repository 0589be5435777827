//! Winning shapes: connected blocks of consecutive kinds with their decompositions, and every ordered
//! sequence of blocks that fits into the 34 kinds (S002's "patterns", one per index key).
//!
//! A shape forgets which kinds a hand holds and keeps only the run-length picture S002 keys on: the
//! counts of the distinct kinds in tile order, and where consecutive kinds break. Whether a hand wins
//! depends on its shape alone, so enumerating shapes (about ten thousand) instead of hands (eleven
//! million) is what keeps `cargo xtask tables` fast.

use std::collections::BTreeMap;

/// Most melds a table shape has besides its pair (14-tile hands).
pub const MAX_MELDS: usize = 4;
/// Most tiles in a table shape.
pub const MAX_TILES: usize = 3 * MAX_MELDS + 2;

/// A meld inside a shape, placed by run index: the position of its lowest kind among the shape's
/// distinct kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// Three of the kind at this run index.
    Triplet(u8),
    /// The kinds at this run index and the next two (which are consecutive kinds of one suit).
    Sequence(u8),
}

impl Unit {
    /// The run index of the lowest kind.
    pub fn position(self) -> u8 {
        match self {
            Unit::Triplet(p) | Unit::Sequence(p) => p,
        }
    }

    fn shifted(self, by: u8) -> Unit {
        match self {
            Unit::Triplet(p) => Unit::Triplet(p + by),
            Unit::Sequence(p) => Unit::Sequence(p + by),
        }
    }
}

/// One decomposition of a block: an optional pair and sorted melds, by run index within the block.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BlockDecomposition {
    /// Run index of the pair, if this block holds it.
    pub pair: Option<u8>,
    /// Melds, sorted.
    pub melds: Vec<Unit>,
}

/// A connected block: counts of consecutive kinds of one suit (or a single kind of any suit), every
/// count at least one, with every way it splits into melds and at most one pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Counts of the block's kinds, lowest first.
    pub counts: Vec<u8>,
    /// Every decomposition, sorted.
    pub decompositions: Vec<BlockDecomposition>,
}

impl Block {
    /// Tiles in the block.
    pub fn tiles(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    /// True if the block holds the pair (its size is 2 mod 3).
    pub fn has_pair(&self) -> bool {
        self.tiles() % 3 == 2
    }

    /// Largest count.
    pub fn max_count(&self) -> u8 {
        self.counts.iter().copied().max().unwrap_or(0)
    }
}

/// Every decomposable block of at most [`MAX_TILES`] tiles and at most [`MAX_MELDS`] melds plus one
/// pair, in a fixed order (by length, then counts). Counts are not capped at four: blocks with a
/// count above four are reachable only when wildcards may be a fifth copy, and callers filter them.
pub fn blocks() -> Vec<Block> {
    let mut map: BTreeMap<(usize, Vec<u8>), Vec<BlockDecomposition>> = BTreeMap::new();
    for len in 1..=9u8 {
        let mut units = Vec::new();
        for i in 0..len {
            units.push(Unit::Triplet(i));
        }
        for i in 0..len.saturating_sub(2) {
            units.push(Unit::Sequence(i));
        }
        let mut chosen = Vec::new();
        meld_multisets(&units, 0, &mut chosen, &mut |melds: &[Unit]| {
            let mut counts = vec![0u8; len as usize];
            for &u in melds {
                match u {
                    Unit::Triplet(p) => counts[p as usize] += 3,
                    Unit::Sequence(p) => {
                        for k in 0..3 {
                            counts[p as usize + k] += 1;
                        }
                    }
                }
            }
            for pair in std::iter::once(None).chain((0..len).map(Some)) {
                let mut c = counts.clone();
                if let Some(p) = pair {
                    c[p as usize] += 2;
                }
                if c.iter().all(|&x| x > 0) {
                    map.entry((len as usize, c)).or_default().push(BlockDecomposition { pair, melds: melds.to_vec() });
                }
            }
        });
    }
    map.into_iter()
        .map(|((_, counts), mut decompositions)| {
            decompositions.sort();
            decompositions.dedup();
            Block { counts, decompositions }
        })
        .collect()
}

/// Calls `f` with every multiset of at most [`MAX_MELDS`] units (indices non-decreasing).
fn meld_multisets(units: &[Unit], from: usize, chosen: &mut Vec<Unit>, f: &mut impl FnMut(&[Unit])) {
    f(chosen);
    if chosen.len() == MAX_MELDS {
        return;
    }
    for i in from..units.len() {
        chosen.push(units[i]);
        meld_multisets(units, i, chosen, f);
        chosen.pop();
    }
}

/// Where the next block may start: the suit (0–2 numbered, 3 honors) and the first free rank index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cursor {
    suit: u8,
    pos: u8,
}

impl Cursor {
    const START: Cursor = Cursor { suit: 0, pos: 0 };

    /// The cursor after placing a block of `len` kinds as early as possible, if it fits at all.
    /// Placing every block as early as possible is optimal: an earlier cursor can do anything a
    /// later one can.
    fn place(mut self, len: usize) -> Option<Cursor> {
        let len = len as u8;
        loop {
            if self.suit < 3 {
                if self.pos + len <= 9 {
                    // A gap of one kind keeps the next block from touching this one.
                    return Some(Cursor { suit: self.suit, pos: self.pos + len + 1 });
                }
                self = Cursor { suit: self.suit + 1, pos: 0 };
            } else {
                // Honors never form runs: single kinds only, and neighbours do not touch.
                return (len == 1 && self.pos < 7).then_some(Cursor { suit: 3, pos: self.pos + 1 });
            }
        }
    }
}

/// A winning shape: blocks in tile order, separated by breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// The blocks' counts, in order.
    pub blocks: Vec<Vec<u8>>,
    /// Every decomposition as a pair and melds, by run index over the whole shape; empty for a shape
    /// that only wins as seven pairs.
    pub decompositions: Vec<BlockDecomposition>,
    /// True if the shape is seven distinct pairs.
    pub seven_pairs: bool,
}

impl Shape {
    /// Tiles in the shape.
    pub fn tiles(&self) -> usize {
        self.blocks.iter().flatten().map(|&c| c as usize).sum()
    }

    /// Melds in each decomposition (tiles minus the pair, over three).
    pub fn melds(&self) -> usize {
        self.tiles().saturating_sub(2) / 3
    }

    /// Largest count.
    pub fn max_count(&self) -> u8 {
        self.blocks.iter().flatten().copied().max().unwrap_or(0)
    }

    /// The run-length sequence with breaks, as (count, break after) pairs.
    pub fn runs(&self) -> Vec<(u8, bool)> {
        let mut runs = Vec::new();
        for (i, b) in self.blocks.iter().enumerate() {
            for (j, &c) in b.iter().enumerate() {
                runs.push((c, j + 1 == b.len() && i + 1 < self.blocks.len()));
            }
        }
        runs
    }

    /// S000's `bytesToInt` key: a leading 1, then per run `1^(2c-2)` (one more `1` when a break follows)
    /// and a `0`. Bit length is at most `2 × tiles`, so 14-tile shapes fit in 28 bits.
    pub fn key(&self) -> u32 {
        let mut key = 1u32;
        for (c, brk) in self.runs() {
            let ones = 2 * c as u32 - 2 + brk as u32;
            key = (key << (ones + 1)) | (((1u32 << ones) - 1) << 1);
        }
        key
    }

    /// How many distinct hands (sets of concrete kinds) have this shape: the placements of its
    /// blocks, in order, into the three numbered suits and the honors without two blocks touching.
    pub fn hands(&self) -> u64 {
        // ways[s] = placements of the remaining blocks with the current block starting at kind s.
        let n = self.blocks.len();
        let mut next = [0u64; 35];
        for (i, b) in self.blocks.iter().enumerate().rev() {
            let len = b.len();
            let mut ways = [0u64; 35];
            for (s, w) in ways.iter_mut().enumerate().take(34) {
                if !fits(s, len) {
                    continue;
                }
                *w = if i + 1 == n {
                    1
                } else {
                    let end = s + len; // first kind after the block
                    (end..34).filter(|&t| t > end || !touches(end - 1, t)).map(|t| next[t]).sum()
                };
            }
            next = ways;
        }
        next.iter().sum()
    }
}

/// True if a block of `len` kinds can start at kind `s`.
fn fits(s: usize, len: usize) -> bool {
    if len == 1 {
        return s < 34;
    }
    s < 27 && s % 9 + len <= 9
}

/// True if kind `b` directly follows kind `a` in a numbered suit.
fn touches(a: usize, b: usize) -> bool {
    b == a + 1 && b < 27 && !b.is_multiple_of(9)
}

/// Which shapes to enumerate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counts {
    /// At most four of a kind: every shape a real hand can have.
    UpToFour,
    /// Any count: also the shapes reachable only when wildcards may be fifth copies.
    Unlimited,
}

/// Every winning shape with 0–[`MAX_MELDS`] melds and a pair, plus the seven-pairs shapes, sorted by
/// key. A shape that is both (`22334455667788m`) appears once with both.
pub fn shapes(counts: Counts) -> Vec<Shape> {
    shapes_with_progress(counts, &|_, _| {})
}

/// [`shapes`], calling `progress(done, total)` as the first block of the sequence advances.
pub fn shapes_with_progress(counts: Counts, progress: &dyn Fn(u64, u64)) -> Vec<Shape> {
    let all = blocks();
    let mut blocks: Vec<&Block> = all.iter().filter(|b| counts == Counts::Unlimited || b.max_count() <= 4).collect();
    // Smallest blocks first, so the loop over candidates can stop at the first one too large.
    blocks.sort_by_key(|b| b.tiles());
    let mut out: BTreeMap<u32, Shape> = BTreeMap::new();
    let mut seq = Vec::new();
    let total = blocks.len() as u64;
    for (i, &first) in blocks.iter().enumerate() {
        progress(i as u64, total);
        let Some(cursor) = Cursor::START.place(first.counts.len()) else { continue };
        seq.push(first);
        extend(&blocks, cursor, first.tiles(), first.has_pair(), &mut seq, &mut |seq| {
            let shape = combine(seq);
            out.insert(shape.key(), shape);
        });
        seq.pop();
    }
    progress(total, total);
    for pairs in seven_pairs_shapes() {
        let key = pairs.key();
        out.entry(key).and_modify(|s| s.seven_pairs = true).or_insert(pairs);
    }
    out.into_values().collect()
}

fn extend<'a>(
    blocks: &[&'a Block],
    cursor: Cursor,
    tiles: usize,
    pair: bool,
    seq: &mut Vec<&'a Block>,
    emit: &mut impl FnMut(&[&'a Block]),
) {
    if pair {
        emit(seq);
    }
    for &b in blocks {
        let t = b.tiles();
        if tiles + t > MAX_TILES {
            break;
        }
        if pair && b.has_pair() {
            continue;
        }
        if let Some(next) = cursor.place(b.counts.len()) {
            seq.push(b);
            extend(blocks, next, tiles + t, pair || b.has_pair(), seq, emit);
            seq.pop();
        }
    }
}

/// The shape of a block sequence, with the product of the blocks' decompositions.
fn combine(seq: &[&Block]) -> Shape {
    let mut decompositions = vec![BlockDecomposition { pair: None, melds: Vec::new() }];
    let mut offset = 0u8;
    for b in seq {
        let mut next = Vec::new();
        for d in &decompositions {
            for bd in &b.decompositions {
                let mut melds = d.melds.clone();
                melds.extend(bd.melds.iter().map(|u| u.shifted(offset)));
                melds.sort();
                next.push(BlockDecomposition { pair: d.pair.or(bd.pair.map(|p| p + offset)), melds });
            }
        }
        decompositions = next;
        offset += b.counts.len() as u8;
    }
    decompositions.sort();
    Shape { blocks: seq.iter().map(|b| b.counts.clone()).collect(), decompositions, seven_pairs: false }
}

/// Seven distinct pairs: every ordered split of seven kinds into runs of consecutive kinds that fits.
fn seven_pairs_shapes() -> Vec<Shape> {
    let mut out = Vec::new();
    let mut lens = Vec::new();
    fn rec(left: usize, cursor: Cursor, lens: &mut Vec<usize>, out: &mut Vec<Shape>) {
        if left == 0 {
            out.push(Shape {
                blocks: lens.iter().map(|&l| vec![2u8; l]).collect(),
                decompositions: Vec::new(),
                seven_pairs: true,
            });
            return;
        }
        for len in 1..=left.min(9) {
            if let Some(next) = cursor.place(len) {
                lens.push(len);
                rec(left - len, next, lens, out);
                lens.pop();
            }
        }
    }
    rec(7, Cursor::START, &mut lens, &mut out);
    out
}
