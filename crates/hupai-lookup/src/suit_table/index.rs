//! The dense index over count patterns of one numbered suit with at most [`MAX_TILES`] tiles.
//!
//! A pattern is nine counts 0–4 (ranks 1–9). The index splits it into a left part (ranks 1–4, 625
//! values as a base-5 number) and a right part (ranks 5–9, 3,125 values). Patterns are ordered by
//! left part, then by the right part's tile count, then by its base-5 value, keeping only those with
//! at most `MAX_TILES` tiles; so the rank of a pattern is `LEFT[left] + RIGHT[right]`, two loads and
//! an add. Each entry also carries its part's tile count in the top byte, so the same add yields the
//! pattern's tile count, which says whether the pattern is in the table at all.

/// Most tiles of one numbered suit the dense table covers: every suit of a 14-tile hand.
pub const MAX_TILES: u32 = 14;

/// Number of patterns with at most [`MAX_TILES`] tiles: the length of the dense table.
pub const PATTERNS: usize = 405_350;

const SUM_SHIFT: u32 = 24;
const INDEX_MASK: u32 = (1 << SUM_SHIFT) - 1;
const LEFT_DIGITS: usize = 4;
const RIGHT_DIGITS: usize = 5;
const LEFT_VALUES: usize = 625;
const RIGHT_VALUES: usize = 3125;

/// Powers of five for the digit positions within each part: rank `i` moves its part by `STEP[i]`.
pub(crate) const STEP: [usize; 9] = [1, 5, 25, 125, 1, 5, 25, 125, 625];

const fn digit_sum(mut value: usize, digits: usize) -> u32 {
    let mut sum = 0;
    let mut i = 0;
    while i < digits {
        sum += (value % 5) as u32;
        value /= 5;
        i += 1;
    }
    sum
}

/// Right parts ranked by (tile count, base-5 value); tile count in the top byte.
const fn right_table() -> [u32; RIGHT_VALUES] {
    let mut count = [0u32; 21];
    let mut v = 0;
    while v < RIGHT_VALUES {
        count[digit_sum(v, RIGHT_DIGITS) as usize] += 1;
        v += 1;
    }
    let mut next = [0u32; 21];
    let mut s = 1;
    while s < 21 {
        next[s] = next[s - 1] + count[s - 1];
        s += 1;
    }
    let mut out = [0u32; RIGHT_VALUES];
    let mut v = 0;
    while v < RIGHT_VALUES {
        let s = digit_sum(v, RIGHT_DIGITS);
        out[v] = next[s as usize] | (s << SUM_SHIFT);
        next[s as usize] += 1;
        v += 1;
    }
    out
}

/// Start of each left part's block (its right parts with few enough tiles); tile count in the top byte.
const fn left_table() -> ([u32; LEFT_VALUES], usize) {
    // at_most[k]: right parts with at most k tiles.
    let mut at_most = [0u32; 21];
    let mut v = 0;
    while v < RIGHT_VALUES {
        let s = digit_sum(v, RIGHT_DIGITS) as usize;
        let mut k = s;
        while k < 21 {
            at_most[k] += 1;
            k += 1;
        }
        v += 1;
    }
    let mut out = [0u32; LEFT_VALUES];
    let mut start = 0u32;
    let mut l = 0;
    while l < LEFT_VALUES {
        let s = digit_sum(l, LEFT_DIGITS);
        out[l] = start | (s << SUM_SHIFT);
        if s <= MAX_TILES {
            start += at_most[(MAX_TILES - s) as usize];
        }
        l += 1;
    }
    (out, start as usize)
}

static RIGHT: [u32; RIGHT_PADDED] = pad(&right_table());
static LEFT: [u32; LEFT_PADDED] = pad(&left_table().0);

/// The tables padded to a power of two, so a masked index needs no bounds check (halves are in
/// range by construction; the padding is never read).
const LEFT_PADDED: usize = 1024;
const RIGHT_PADDED: usize = 4096;

const fn pad<const N: usize, const M: usize>(t: &[u32; N]) -> [u32; M] {
    let mut out = [0u32; M];
    let mut i = 0;
    while i < N {
        out[i] = t[i];
        i += 1;
    }
    out
}
const _: () = assert!(left_table().1 == PATTERNS);

/// Calls `visit(index, tiles)` for every pattern in index order with its tile count, without
/// enumerating the patterns themselves.
pub(crate) fn for_each_tile_count(mut visit: impl FnMut(usize, u32)) {
    // Right-part tile counts in rank order (rank = RIGHT's low bits).
    let mut by_rank = [0u32; RIGHT_VALUES];
    for &v in RIGHT.iter().take(RIGHT_VALUES) {
        by_rank[(v & INDEX_MASK) as usize] = v >> SUM_SHIFT;
    }
    for &v in LEFT.iter().take(LEFT_VALUES) {
        let (start, left_tiles) = ((v & INDEX_MASK) as usize, v >> SUM_SHIFT);
        if left_tiles > MAX_TILES {
            continue;
        }
        for (j, &right_tiles) in by_rank.iter().enumerate() {
            if left_tiles + right_tiles > MAX_TILES {
                break;
            }
            visit(start + j, left_tiles + right_tiles);
        }
    }
}

/// The two base-5 halves of a pattern (ranks 1–4 and ranks 5–9), the coordinates [`locate_halves`]
/// takes: one more tile of rank `i` adds `RANK_STEP[i]` to its half, so a caller can keep them up to
/// date tile by tile. `None` if a count exceeds 4.
#[inline(always)]
pub fn halves(c: &[u8; 9]) -> Option<(usize, usize)> {
    let (low, last) = match c.split_first_chunk::<8>() {
        Some((low, [last])) => (u64::from_le_bytes(*low), *last as u64),
        _ => return None,
    };
    // A count of 5 or more would alias another pattern; Hand never holds one, but check cheaply:
    // a byte above 4 either has its top bit set or gets it from adding 0x7b.
    if (low | low.wrapping_add(0x7b7b_7b7b_7b7b_7b7b)) & 0x8080_8080_8080_8080 != 0 || last > 4 {
        return None;
    }
    // Base 5 by lanes: pairs of ranks in 16-bit lanes, then quadruples in 32-bit lanes.
    const BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    const SHORTS: u64 = 0x0000_ffff_0000_ffff;
    let pairs = (low & BYTES) + 5 * ((low >> 8) & BYTES);
    let quads = (pairs & SHORTS) + 25 * ((pairs >> 16) & SHORTS);
    let l = (quads & 0xffff_ffff) as usize;
    let r = (quads >> 32) as usize + 625 * last as usize;
    Some((l, r))
}

/// Index and tile count of the pattern with halves `(l, r)`, packed: index in the low 24 bits.
#[inline(always)]
pub(crate) fn locate(l: usize, r: usize) -> u32 {
    LEFT[l & (LEFT_PADDED - 1)] + RIGHT[r & (RIGHT_PADDED - 1)]
}

/// The tile count of a [`locate`] result.
#[inline(always)]
pub(crate) fn tiles_of(located: u32) -> u32 {
    located >> SUM_SHIFT
}

/// The dense index of a [`locate`] result (meaningful only if its tile count is at most [`MAX_TILES`]).
#[inline(always)]
pub(crate) fn index_of(located: u32) -> usize {
    (located & INDEX_MASK) as usize
}

/// The dense index and tile count of the pattern with halves `(l, r)` (see [`halves`]): two loads
/// and an add. The index names a table entry only when the tile count is at most [`MAX_TILES`].
#[inline(always)]
pub fn locate_halves(l: usize, r: usize) -> (usize, u32) {
    let v = locate(l, r);
    (index_of(v), tiles_of(v))
}

/// The dense index of a pattern (ranks 1–9), or `None` if a count exceeds 4 or it holds more than
/// [`MAX_TILES`] tiles.
pub fn pattern_index(counts: &[u8; 9]) -> Option<usize> {
    let (l, r) = halves(counts)?;
    let v = locate(l, r);
    (tiles_of(v) <= MAX_TILES).then(|| index_of(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_a_bijection_onto_the_dense_range() {
        let mut seen = vec![false; PATTERNS];
        let mut c = [0u8; 9];
        let mut covered = 0;
        for code in 0..5usize.pow(9) {
            let mut x = code;
            for d in c.iter_mut() {
                *d = (x % 5) as u8;
                x /= 5;
            }
            let tiles: u32 = c.iter().map(|&d| d as u32).sum();
            match pattern_index(&c) {
                Some(i) => {
                    assert!(tiles <= MAX_TILES);
                    assert!(!seen[i], "index {i} hit twice");
                    seen[i] = true;
                    covered += 1;
                }
                None => assert!(tiles > MAX_TILES),
            }
        }
        assert_eq!(covered, PATTERNS);
        assert!(pattern_index(&[5, 0, 0, 0, 0, 0, 0, 0, 0]).is_none());
    }
}
