//! Seven pairs and thirteen orphans with wildcards: verdicts, waits and decompositions in closed form.
//!
//! Both forms take a concealed 14-tile hand and no declared melds, so every kind has room for four
//! copies and the fifth-copy rule never matters: seven pairs never puts more than four of a kind
//! together, thirteen orphans never more than two.

use hupai_tiles::{Decomposition, SevenPairs, Tile, TileSet};

/// Kinds by count: `by_count[n]` holds the kinds with exactly `n` concealed copies (n ≤ 4), and
/// `over` the kinds with more (impossible in a valid hand, kept so nothing is silently dropped).
struct Shape {
    by_count: [TileSet; 5],
    over: TileSet,
}

fn shape(c: &[u8; 34]) -> Shape {
    let mut by_count = [TileSet::EMPTY; 5];
    let mut over = TileSet::EMPTY;
    for t in Tile::ALL {
        match by_count.get_mut(c[t.index()] as usize) {
            Some(set) => set.insert(t),
            None => over.insert(t),
        }
    }
    Shape { by_count, over }
}

fn orphans() -> TileSet {
    Tile::TERMINALS_AND_HONORS.into_iter().collect()
}

fn minus(a: TileSet, b: TileSet) -> TileSet {
    TileSet::from_bits(a.bits() & !b.bits())
}

fn union(a: TileSet, b: TileSet) -> TileSet {
    TileSet::from_bits(a.bits() | b.bits())
}

/// Byte-parallel counts over the 34 kinds: how many kinds hold at least 1, 2, 3 and 5 copies, how
/// many hold an odd count, and how many non-orphan kinds hold any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Census {
    at_least: [u32; 4],
    over: u32,
    odd: u32,
    non_orphans: u32,
}

const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Top bit of each byte of the words that hold a non-orphan kind (2–8 of a numbered suit).
const NON_ORPHAN_BYTES: [u64; 5] = {
    let mut out = [0u64; 5];
    let mut i = 0;
    while i < 34 {
        let simple = i < 27 && i % 9 != 0 && i % 9 != 8;
        if simple {
            out[i / 8] |= 0x80 << (8 * (i % 8));
        }
        i += 1;
    }
    out
};

/// How many bytes of a word have their top bit set (the only bits set): one multiply, no popcount
/// instruction (not in the baseline x86-64 target).
#[inline(always)]
fn bytes_set(top_bits: u64) -> u32 {
    ((top_bits >> 7).wrapping_mul(LOW) >> 56) as u32
}

fn census(c: &[u8; 34]) -> Census {
    let mut padded = [0u8; 40];
    padded[..34].copy_from_slice(c);
    let mut n = Census { at_least: [0; 4], over: 0, odd: 0, non_orphans: 0 };
    for (w, chunk) in padded.chunks_exact(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let x = u64::from_le_bytes(bytes);
        // A byte of 128 or more would carry into its neighbour below; count it as over the limit.
        let huge = x & HIGH;
        let low = x & !HIGH;
        let ge = |k: u64| bytes_set(((low + (0x80 - k) * LOW) | huge) & HIGH);
        n.at_least[0] += ge(1);
        n.at_least[1] += ge(2);
        n.at_least[2] += ge(3);
        n.at_least[3] += ge(4);
        n.over += ge(5);
        n.odd += bytes_set((x & LOW) << 7);
        n.non_orphans += bytes_set(((low + 0x7f * LOW) | huge) & NON_ORPHAN_BYTES[w]);
    }
    n
}

/// Does a complete concealed hand (`counts` plus `wildcards` = 14 tiles) form seven pairs?
pub(crate) fn seven_pairs_win(c: &[u8; 34], wildcards: i32, variant: SevenPairs) -> bool {
    if variant == SevenPairs::Off {
        return false;
    }
    let n = census(c);
    match variant {
        SevenPairs::Off => false,
        // Singles take one stand-in each; the rest pair up on new kinds, so the 14 tiles fit
        // exactly when at most seven kinds are present.
        SevenPairs::Distinct => n.at_least[2] == 0 && n.at_least[0] <= 7,
        // Every odd count takes one stand-in; the rest go two at a time on any kind with room.
        SevenPairs::AllowQuads => n.over == 0 && n.odd as i32 <= wildcards,
    }
}

/// Does a complete concealed hand form thirteen orphans?
pub(crate) fn thirteen_orphans_win(c: &[u8; 34]) -> bool {
    let n = census(c);
    n.non_orphans == 0 && n.at_least[2] == 0 && n.at_least[1] <= 1
}

/// The kinds completing a concealed hand one tile short into seven pairs.
pub(crate) fn seven_pairs_waits(c: &[u8; 34], wildcards: i32, variant: SevenPairs) -> TileSet {
    let s = shape(c);
    if !s.over.is_empty() {
        return TileSet::EMPTY;
    }
    match variant {
        SevenPairs::Off => TileSet::EMPTY,
        SevenPairs::Distinct => {
            if !s.by_count[3].is_empty() || !s.by_count[4].is_empty() {
                return TileSet::EMPTY;
            }
            let kinds = s.by_count[1].len() + s.by_count[2].len();
            let mut w = TileSet::EMPTY;
            if kinds <= 7 {
                w = union(w, s.by_count[1]);
            }
            if kinds < 7 {
                w = union(w, s.by_count[0]);
            }
            w
        }
        SevenPairs::AllowQuads => {
            let odd = (s.by_count[1].len() + s.by_count[3].len()) as i32;
            let mut w = TileSet::EMPTY;
            if odd - 1 <= wildcards {
                w = union(w, union(s.by_count[1], s.by_count[3]));
            }
            if odd < wildcards {
                w = union(w, union(s.by_count[0], s.by_count[2]));
            }
            w
        }
    }
}

/// The kinds completing a concealed hand one tile short into thirteen orphans.
pub(crate) fn thirteen_orphans_waits(c: &[u8; 34]) -> TileSet {
    let s = shape(c);
    let present = minus(TileSet::ALL, s.by_count[0]);
    if !minus(present, orphans()).is_empty()
        || !s.over.is_empty()
        || !s.by_count[3].is_empty()
        || !s.by_count[4].is_empty()
    {
        return TileSet::EMPTY;
    }
    match s.by_count[2].len() {
        0 => orphans(),
        1 => minus(orphans(), present),
        _ => TileSet::EMPTY,
    }
}

/// Every seven-pairs decomposition of a complete concealed hand, pushed onto `out`.
pub(crate) fn seven_pairs_decompositions(
    c: &[u8; 34],
    wildcards: i32,
    variant: SevenPairs,
    out: &mut Vec<Decomposition>,
) {
    if !seven_pairs_win(c, wildcards, variant) {
        return;
    }
    // Per kind, the final count is 0, 2 or 4 (only 0 or 2 for Distinct) and at least the concealed count.
    let top = if variant == SevenPairs::AllowQuads { 4 } else { 2 };
    let mut pairs = [Tile::EAST; 7];
    place_pairs(c, 0, 7, wildcards, top, &mut pairs, out);
}

fn place_pairs(
    c: &[u8; 34],
    kind: usize,
    pairs_left: usize,
    wild_left: i32,
    top: u8,
    pairs: &mut [Tile; 7],
    out: &mut Vec<Decomposition>,
) {
    if pairs_left == 0 {
        // Every concealed tile must be used: the remaining kinds must be empty.
        if wild_left == 0 && c[kind..].iter().all(|&n| n == 0) {
            out.push(Decomposition::seven_pairs(*pairs));
        }
        return;
    }
    let Some(tile) = Tile::new(kind) else { return };
    let have = c[kind];
    let mut count = if have.is_multiple_of(2) { have } else { have + 1 };
    while count <= top {
        let stand_ins = (count - have) as i32;
        let used = (count / 2) as usize;
        if stand_ins <= wild_left && used <= pairs_left {
            let at = 7 - pairs_left;
            pairs[at..at + used].fill(tile);
            place_pairs(c, kind + 1, pairs_left - used, wild_left - stand_ins, top, pairs, out);
        }
        count += 2;
    }
}

/// Every thirteen-orphans decomposition of a complete concealed hand, pushed onto `out`.
pub(crate) fn thirteen_orphans_decompositions(c: &[u8; 34], out: &mut Vec<Decomposition>) {
    if !thirteen_orphans_win(c) {
        return;
    }
    let doubled: Vec<Tile> = Tile::TERMINALS_AND_HONORS.into_iter().filter(|t| c[t.index()] == 2).collect();
    let pairs: &[Tile] = if doubled.is_empty() { &Tile::TERMINALS_AND_HONORS } else { &doubled };
    out.extend(pairs.iter().map(|&pair| Decomposition::ThirteenOrphans { pair }));
}
