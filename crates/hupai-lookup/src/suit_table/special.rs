//! Seven pairs and thirteen orphans with wildcards: verdicts, waits and decompositions in closed form.
//!
//! Both forms take a concealed 14-tile hand and no declared melds, so every kind has room for four
//! copies and the fifth-copy rule never matters: seven pairs never puts more than four of a kind
//! together, thirteen orphans never more than two.

use hupai_tiles::{Decomposition, SevenPairs, Tile, TileSet};

use super::listing::Sink;

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

/// The shape of a hand given as "held at least k+1 times" masks (bit `t` of `at_least[k]` set when
/// kind `t` has more than `k` copies), as kept up to date by a prepared hand.
fn shape_of_masks(at_least: &[u64; 4]) -> Shape {
    let all = TileSet::ALL.bits();
    let [one, two, three, four] = at_least.map(|m| m & all);
    let by_count = [all & !one, one & !two, two & !three, three & !four, four].map(TileSet::from_bits);
    Shape { by_count, over: TileSet::EMPTY }
}

/// Bit `t` set for every simple kind (2–8 of a numbered suit).
const SIMPLE_KINDS: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < 27 {
        if i % 9 != 0 && i % 9 != 8 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// [`Census`] from count masks (see [`shape_of_masks`]): counts never exceed 4 there.
fn census_of_masks(at_least: &[u64; 4]) -> Census {
    let all = TileSet::ALL.bits();
    let [one, two, three, four] = at_least.map(|m| m & all);
    Census {
        kinds: one.count_ones(),
        doubled: two.count_ones(),
        odd: ((one & !two) | (three & !four)).count_ones(),
        any_three: three != 0,
        any_five: false,
        any_simple: one & SIMPLE_KINDS != 0,
    }
}

/// [`special_win`] of a hand given as count masks (see [`shape_of_masks`]).
#[inline]
pub(crate) fn special_win_of_masks(at_least: &[u64; 4], wildcards: i32, variant: SevenPairs, orphans: bool) -> bool {
    if variant == SevenPairs::Off && !orphans {
        return false;
    }
    special_win_of(census_of_masks(at_least), wildcards, variant, orphans)
}

/// The seven-pairs and thirteen-orphans waits of a hand given as count masks.
pub(crate) fn special_waits_of_masks(
    at_least: &[u64; 4],
    wildcards: i32,
    variant: SevenPairs,
    orphans: bool,
) -> TileSet {
    let s = shape_of_masks(at_least);
    let mut bits = seven_pairs_waits_of(&s, wildcards, variant).bits();
    if orphans {
        bits |= thirteen_orphans_waits_of(&s).bits();
    }
    TileSet::from_bits(bits)
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

/// What the special forms ask of the 34 counts, taken byte-parallel: how many kinds are held at all
/// and at least twice, how many an odd number of times, and whether any is held 3+ or 5+ times or
/// is not a terminal or honor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Census {
    kinds: u32,
    doubled: u32,
    odd: u32,
    any_three: bool,
    any_five: bool,
    any_simple: bool,
}

const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Top bit of each byte of the words that hold a simple kind (2–8 of a numbered suit).
const SIMPLE_BYTES: [u64; 5] = {
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

/// The sum of the bytes of a word whose bytes are small enough not to overflow the total.
#[inline(always)]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(LOW) >> 56) as u32
}

/// The 34 counts as five little-endian words (the last holds two kinds).
#[inline(always)]
fn words(c: &[u8; 34]) -> [u64; 5] {
    std::array::from_fn(|w| {
        let mut bytes = [0u8; 8];
        let from = 8 * w;
        let to = (from + 8).min(34);
        bytes[..to - from].copy_from_slice(&c[from..to]);
        u64::from_le_bytes(bytes)
    })
}

#[inline(always)]
fn census(c: &[u8; 34]) -> Census {
    let x = words(c);
    if (x[0] | x[1] | x[2] | x[3] | x[4]) & HIGH != 0 {
        return census_slow(c);
    }
    // Per-byte tallies over the five words (each byte at most 5, so nothing carries); every byte
    // is below 128, so adding 128 − k sets its top bit exactly when it holds at least k.
    let (mut kinds, mut doubled, mut odd) = (0u64, 0u64, 0u64);
    let (mut three, mut five, mut simple) = (0u64, 0u64, 0u64);
    for (w, &x) in x.iter().enumerate() {
        let one = (x + 0x7f * LOW) & HIGH;
        kinds += one >> 7;
        doubled += ((x + 0x7e * LOW) & HIGH) >> 7;
        odd += x & LOW;
        three |= x + 0x7d * LOW;
        five |= x + 0x7b * LOW;
        simple |= one & SIMPLE_BYTES[w];
    }
    Census {
        kinds: byte_sum(kinds),
        doubled: byte_sum(doubled),
        odd: byte_sum(odd),
        any_three: three & HIGH != 0,
        any_five: five & HIGH != 0,
        any_simple: simple != 0,
    }
}

/// [`census`] one kind at a time, for counts of 128 or more (impossible in a hand).
#[cold]
fn census_slow(c: &[u8; 34]) -> Census {
    let mut n = Census { kinds: 0, doubled: 0, odd: 0, any_three: false, any_five: false, any_simple: false };
    for (i, &k) in c.iter().enumerate() {
        n.kinds += u32::from(k >= 1);
        n.doubled += u32::from(k >= 2);
        n.odd += u32::from(k % 2 == 1);
        n.any_three |= k >= 3;
        n.any_five |= k >= 5;
        n.any_simple |= k >= 1 && SIMPLE_BYTES[i / 8] & (0x80 << (8 * (i % 8))) != 0;
    }
    n
}

/// Does a complete concealed hand (`counts` plus `wildcards` = 14 tiles) form seven pairs (if
/// `variant` allows) or thirteen orphans (if `orphans`)?
#[inline(always)]
pub(crate) fn special_win(c: &[u8; 34], wildcards: i32, variant: SevenPairs, orphans: bool) -> bool {
    if variant == SevenPairs::Off && !orphans {
        return false;
    }
    special_win_of(census(c), wildcards, variant, orphans)
}

#[inline(always)]
fn special_win_of(n: Census, wildcards: i32, variant: SevenPairs, orphans: bool) -> bool {
    let pairs = match variant {
        SevenPairs::Off => false,
        // Singles take one stand-in each; the rest pair up on new kinds, so the 14 tiles fit
        // exactly when at most seven kinds are present.
        SevenPairs::Distinct => !n.any_three && n.kinds <= 7,
        // Every odd count takes one stand-in; the rest go two at a time on any kind with room.
        SevenPairs::AllowQuads => !n.any_five && n.odd as i32 <= wildcards,
    };
    pairs || (orphans && !n.any_simple && !n.any_three && n.doubled <= 1)
}

/// Does a complete concealed hand form seven pairs?
pub(crate) fn seven_pairs_win(c: &[u8; 34], wildcards: i32, variant: SevenPairs) -> bool {
    special_win(c, wildcards, variant, false)
}

/// Does a complete concealed hand form thirteen orphans?
pub(crate) fn thirteen_orphans_win(c: &[u8; 34]) -> bool {
    special_win(c, 0, SevenPairs::Off, true)
}

/// The kinds completing a concealed hand one tile short into seven pairs.
pub(crate) fn seven_pairs_waits(c: &[u8; 34], wildcards: i32, variant: SevenPairs) -> TileSet {
    seven_pairs_waits_of(&shape(c), wildcards, variant)
}

fn seven_pairs_waits_of(s: &Shape, wildcards: i32, variant: SevenPairs) -> TileSet {
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
    thirteen_orphans_waits_of(&shape(c))
}

fn thirteen_orphans_waits_of(s: &Shape) -> TileSet {
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

/// Every seven-pairs decomposition of a complete concealed hand, into `out` until it stops.
pub(crate) fn seven_pairs_decompositions(c: &[u8; 34], wildcards: i32, variant: SevenPairs, out: &mut Sink<'_>) {
    if !seven_pairs_win(c, wildcards, variant) {
        return;
    }
    let mut pairs = [Tile::EAST; 7];
    place_pairs(c, 0, 7, wildcards, pair_top(variant), &mut pairs, out);
}

/// The most copies of one kind seven pairs may hold: 4 when a quad counts as two pairs.
fn pair_top(variant: SevenPairs) -> u8 {
    if variant == SevenPairs::AllowQuads { 4 } else { 2 }
}

fn place_pairs(
    c: &[u8; 34],
    kind: usize,
    pairs_left: usize,
    wild_left: i32,
    top: u8,
    pairs: &mut [Tile; 7],
    out: &mut Sink<'_>,
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
    // Per kind, the final count is 0, 2 or 4 (only 0 or 2 for Distinct) and at least the concealed count.
    let mut count = if have.is_multiple_of(2) { have } else { have + 1 };
    while count <= top && !out.stopped() {
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

/// How many decompositions [`seven_pairs_decompositions`] gives, counted kind by kind (ways to
/// place the pairs left with the wildcards left) without building one.
/// Only kinds in `allowed` (bits by kind) may hold a pair.
pub(crate) fn seven_pairs_count(c: &[u8; 34], wildcards: i32, variant: SevenPairs, allowed: u64) -> u64 {
    if !seven_pairs_win(c, wildcards, variant) || wildcards < 0 {
        return 0;
    }
    let w = wildcards as usize;
    // ways[p][x]: completions of the kinds after the current one with p pairs and x wildcards left.
    let mut ways = vec![[0u64; 8]; w + 1];
    ways[0][0] = 1; // past the last kind: nothing left to place
    for kind in (0..34).rev() {
        let have = c[kind];
        let top = if allowed >> kind & 1 == 1 { pair_top(variant) } else { 0 };
        let mut next = vec![[0u64; 8]; w + 1];
        for (x, row) in next.iter_mut().enumerate() {
            for (p, slot) in row.iter_mut().enumerate() {
                let mut count = if have.is_multiple_of(2) { have } else { have + 1 };
                while count <= top {
                    let (stand_ins, used) = ((count - have) as usize, (count / 2) as usize);
                    if stand_ins <= x && used <= p {
                        *slot = slot.saturating_add(ways[x - stand_ins][p - used]);
                    }
                    count += 2;
                }
            }
        }
        ways = next;
    }
    ways[w][7]
}

/// Every thirteen-orphans decomposition of a complete concealed hand, into `out`.
pub(crate) fn thirteen_orphans_decompositions(c: &[u8; 34], out: &mut Sink<'_>) {
    if !thirteen_orphans_win(c) {
        return;
    }
    let doubled: Vec<Tile> = Tile::TERMINALS_AND_HONORS.into_iter().filter(|t| c[t.index()] == 2).collect();
    let pairs: &[Tile] = if doubled.is_empty() { &Tile::TERMINALS_AND_HONORS } else { &doubled };
    for &pair in pairs {
        out.push(Decomposition::ThirteenOrphans { pair });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_parallel_census_equals_counting_one_kind_at_a_time() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            let mut c = [0u8; 34];
            for k in c.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Mostly 0–4, sometimes up to 7 so the "five or more" flag is exercised.
                *k = (state % 11).saturating_sub(3) as u8;
            }
            assert_eq!(census(&c), census_slow(&c), "{c:?}");
        }
        let mut huge = [0u8; 34];
        huge[5] = 200;
        assert!(census(&huge).any_five && census(&huge).any_simple);
    }
}
