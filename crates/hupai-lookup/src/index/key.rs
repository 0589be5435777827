//! S002's index key, computed straight from the 34 counts in one pass, without sorting.
//!
//! S000's `bytesToInt` walks the sorted tiles: a leading `1`, then for each run of equal tiles with
//! count `c` the bits `1^(2c−2)` and a `0`, with one more `1` before that `0` when a break (a gap, a
//! suit boundary, any honor) follows. Seen from the counts, the same bits come out if every held kind
//! emits a *separator* and then `1^(2c−2)`: the separator is `0` when the kind just below it is held in
//! the same suit, and `10` otherwise; a final `0` closes the stream. That stream is S000's key with
//! `10` in place of its leading `1`, which one subtraction fixes.
//!
//! The hot path reads the counts three kinds at a time through a 250-entry table (numbered suits,
//! indexed by the three counts and whether the kind before the chunk is held) or four at a time
//! through a 625-entry table (honors, which never touch), so a 14-tile hand costs eleven table reads
//! and no branches.

/// A chunk's bits in the low 32 bits, their length in bits 32–39, and two flags on the counts.
type Chunk = u64;

const LEN_SHIFT: u32 = 32;
/// Every count in the chunk is 0, 2 or 4.
const EVEN: u64 = 1 << 40;

const fn chunk(counts: &[u8], adjacent_in: bool, honors: bool) -> Chunk {
    let mut code = 0u64;
    let mut len = 0u32;
    let mut even = true;
    let mut prev_held = adjacent_in;
    let mut i = 0;
    while i < counts.len() {
        let c = counts[i] as u32;
        if c % 2 == 1 {
            even = false;
        }
        if c > 0 {
            let touches = prev_held && !honors;
            let (sep, sep_len) = if touches { (0u64, 1) } else { (0b10u64, 2) };
            let ones = 2 * c - 2;
            code = (((code << sep_len) | sep) << ones) | ((1u64 << ones) - 1);
            len += sep_len + ones;
        }
        prev_held = c > 0;
        i += 1;
    }
    code | ((len as u64) << LEN_SHIFT) | if even { EVEN } else { 0 }
}

/// Numbered chunks of three kinds: index `((c0·5 + c1)·5 + c2)·2 + held(kind before)`. Padded to a
/// power of two so a masked index needs no bounds check (counts above four never reach it).
static NUMBERED: [Chunk; 512] = {
    let mut t = [0; 512];
    let mut i = 0;
    while i < 125 {
        let counts = [(i / 25) as u8, (i / 5 % 5) as u8, (i % 5) as u8];
        t[2 * i] = chunk(&counts, false, false);
        t[2 * i + 1] = chunk(&counts, true, false);
        i += 1;
    }
    t
};

/// Honor chunks of four kinds: index `((c0·5 + c1)·5 + c2)·5 + c3`, padded like [`NUMBERED`].
static HONORS: [Chunk; 1024] = {
    let mut t = [0; 1024];
    let mut i = 0;
    while i < 625 {
        let counts = [(i / 125) as u8, (i / 25 % 5) as u8, (i / 5 % 5) as u8, (i % 5) as u8];
        t[i] = chunk(&counts, false, true);
        i += 1;
    }
    t
};

#[inline(always)]
fn numbered(c: &[u8; 34], at: usize) -> Chunk {
    // Counts are at most 4, so base-5 digits multiply into one byte without carries:
    // (c0 + c1·2⁸ + c2·2¹⁶)·(25·2¹⁶ + 5·2⁸ + 1) holds c0·25 + c1·5 + c2 in bits 16–23.
    const BASE5: u32 = 25 << 16 | 5 << 8 | 1;
    if at.is_multiple_of(9) {
        let x = u32::from_le_bytes([c[at], c[at + 1], c[at + 2], 0]);
        NUMBERED[((x.wrapping_mul(BASE5) >> 16 & 0xff) as usize * 2) & 511]
    } else {
        // The byte below the chunk says whether its first kind touches the kind before it.
        let x = u32::from_le_bytes([c[at - 1], c[at], c[at + 1], c[at + 2]]);
        let i = (x.wrapping_mul(BASE5) >> 24) as usize;
        NUMBERED[(i * 2 + (x & 0xff != 0) as usize) & 511]
    }
}

#[inline(always)]
fn join(a: Chunk, b: Chunk) -> Chunk {
    // Codes concatenate, lengths add, flags intersect.
    let len = (a >> LEN_SHIFT & 0xff) + (b >> LEN_SHIFT & 0xff);
    let code = ((a & 0xffff_ffff) << (b >> LEN_SHIFT & 0xff)) | (b & 0xffff_ffff);
    (code & 0xffff_ffff) | (len << LEN_SHIFT) | (a & b & EVEN)
}

/// The key of counts that are all at most 4 with at most 14 tiles, and whether every count is even.
///
/// The caller guarantees the bounds (a [`hupai_tiles::Hand`]'s concealed counts are at most 4); with
/// more tiles the key is wrong but still harmless: it is only ever looked up, and a key of more than
/// 14 tiles is in no table.
#[inline(always)]
pub(crate) fn key_and_even(c: &[u8; 34]) -> (u64, bool) {
    // Four independent chains (one per suit) keep the dependent shifts short.
    let m = join(join(numbered(c, 0), numbered(c, 3)), numbered(c, 6));
    let p = join(join(numbered(c, 9), numbered(c, 12)), numbered(c, 15));
    let s = join(join(numbered(c, 18), numbered(c, 21)), numbered(c, 24));
    let z1 = HONORS[(((c[27] as usize * 5 + c[28] as usize) * 5 + c[29] as usize) * 5 + c[30] as usize) & 1023];
    let z2 = HONORS[((c[31] as usize * 5 + c[32] as usize) * 5 + c[33] as usize) & 1023];
    // Each suit holds at most 14 tiles here, so its code fits the 32-bit field; the whole key
    // (at most 29 bits before the final 0) is assembled in 64 bits.
    let ms = (m >> LEN_SHIFT) & 0xff;
    let ps = (p >> LEN_SHIFT) & 0xff;
    let ss = (s >> LEN_SHIFT) & 0xff;
    let zs1 = (z1 >> LEN_SHIFT) & 0xff;
    let zs2 = (z2 >> LEN_SHIFT) & 0xff;
    const LOW: u64 = 0xffff_ffff;
    let mp = (m & LOW) << ps | (p & LOW);
    let zz = (z1 & LOW) << zs2 | (z2 & LOW);
    let code = ((mp << ss | (s & LOW)) << (zs1 + zs2) | zz) << 1;
    let even = m & p & s & z1 & z2 & EVEN != 0;
    (to_s000(code, ms + ps + ss + zs1 + zs2 + 1), even)
}

/// Turns the stream that starts with the separator `10` into S000's key that starts with `1`.
#[inline(always)]
fn to_s000(stream: u64, len: u64) -> u64 {
    // stream = 0b10·rest with `len` bits in all; S000's key is 0b1·rest.
    if len < 2 {
        return 1; // no tiles: S000's key of nothing is its bare sentinel
    }
    stream - (1u64 << (len - 2))
}

/// The key of any counts (including counts above four, which only wildcards standing in as fifth
/// copies produce), or `None` if it does not fit in 32 bits (more than 15 tiles).
pub(crate) fn key_general(c: &[u8; 34]) -> Option<u32> {
    key_of(c, |i| i < 27 && i % 9 != 0)
}

/// The key of one suit's counts alone (`numbered` says whether neighbours touch), as if the rest
/// of the hand were empty; `None` if it does not fit in 32 bits.
pub(crate) fn segment_key(c: &[u8], numbered: bool) -> Option<u32> {
    key_of(c, |i| numbered && i > 0)
}

/// The key of counts where `may_touch(i)` says whether kind `i` follows kind `i - 1` in a suit.
fn key_of(c: &[u8], may_touch: impl Fn(usize) -> bool) -> Option<u32> {
    let mut stream = 0u64;
    let mut len = 0u32;
    for (i, &n) in c.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let touches = may_touch(i) && c[i - 1] != 0;
        let (sep, sep_len) = if touches { (0u64, 1) } else { (0b10u64, 2) };
        let ones = 2 * n as u32 - 2;
        if len + sep_len + ones + 1 > 33 {
            return None;
        }
        stream = (((stream << sep_len) | sep) << ones) | ((1u64 << ones) - 1);
        len += sep_len + ones;
    }
    let key = to_s000(stream << 1, len as u64 + 1);
    u32::try_from(key).ok()
}

#[cfg(test)]
// Binary literals are grouped by run code (`11110` = a run of three), not by nibble.
#[allow(clippy::unusual_byte_groupings)]
mod tests {
    use super::*;

    /// S000's `bytesToInt`, transcribed from the Go source over sorted tile indices (0–33).
    fn s000(tiles: &[usize]) -> u64 {
        let mut tmp: Vec<u8> = vec![1];
        for i in 1..tiles.len() {
            let pos = tmp.len() - 1;
            let consecutive = tiles[i - 1] + 1 == tiles[i] && tiles[i] < 27 && !tiles[i].is_multiple_of(9);
            if tiles[i - 1] == tiles[i] {
                tmp[pos] += 1;
            } else if consecutive {
                tmp.push(1);
            } else {
                tmp.push(1);
                tmp[pos] += 0x0A;
            }
        }
        let mut res = 1u64;
        for v in tmp {
            let (shift, bits) = match v {
                0x01 => (1, 0x00),
                0x02 => (3, 0x06),
                0x03 => (5, 0x1E),
                0x04 => (7, 0x7E),
                0x0B => (2, 0x02),
                0x0C => (4, 0x0E),
                0x0D => (6, 0x3E),
                0x0E => (8, 0xFE),
                _ => unreachable!("counts are at most 4"),
            };
            res = (res << shift) | bits;
        }
        res
    }

    fn counts(tiles: &[usize]) -> [u8; 34] {
        let mut c = [0u8; 34];
        for &t in tiles {
            c[t] += 1;
        }
        c
    }

    #[test]
    fn matches_s000_examples() {
        // S000: 1 1 1 2 3 4 6 7 8 东 东 东 西 西 -> 3 1 1 1 0 1 1 1 0 3 0 2.
        let tiles = [0, 0, 0, 1, 2, 3, 5, 6, 7, 27, 27, 27, 29, 29];
        let expected = 0b1_11110_0_0_10_0_0_10_111110_110;
        assert_eq!(s000(&tiles), expected);
        assert_eq!(key_and_even(&counts(&tiles)).0, expected);
        assert_eq!(key_general(&counts(&tiles)), Some(expected as u32));
        // 2 2 2 3 3 3 3 4 4 4 4 5 5 5 -> 3 4 4 3.
        let tiles = [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4];
        assert_eq!(key_and_even(&counts(&tiles)).0, 0b1_11110_1111110_1111110_11110);
    }

    #[test]
    fn matches_s000_on_random_hands() {
        // A small LCG is enough to scatter hands over every suit boundary.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        for _ in 0..20_000 {
            let size = 1 + next(14) as usize;
            let mut c = [0u8; 34];
            let mut tiles = Vec::new();
            while tiles.len() < size {
                let t = next(34) as usize;
                if c[t] < 4 {
                    c[t] += 1;
                    tiles.push(t);
                }
            }
            tiles.sort_unstable();
            let (key, even) = key_and_even(&c);
            assert_eq!(key, s000(&tiles), "{tiles:?}");
            assert_eq!(key_general(&c), Some(key as u32));
            assert_eq!(even, c.iter().all(|&n| n % 2 == 0));
        }
    }

    #[test]
    fn general_key_handles_counts_above_four() {
        let mut c = [0u8; 34];
        c[0] = 5;
        c[1] = 1;
        // 5 → 1^8 0, then 1 → 0.
        assert_eq!(key_general(&c), Some(0b1_111111110_0));
        c[33] = 9;
        assert_eq!(key_general(&c), Some(0b1_111111110_10_1111111111111111_0));
        c[20] = 4;
        assert_eq!(key_general(&c), None);
        // A suit alone keys like the whole hand holding only that suit.
        let mut one = [0u8; 34];
        one[9..18].copy_from_slice(&[0, 2, 3, 1, 0, 0, 4, 1, 1]);
        assert_eq!(segment_key(&one[9..18], true), key_general(&one));
        assert_eq!(segment_key(&[2, 3], false), Some(0b1_1110_11110));
    }
}
