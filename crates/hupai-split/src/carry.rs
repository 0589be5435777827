//! S003's carry map: generated from the edge rule, S003's own list kept for comparison, and the
//! resolved 3-digit window table the hot path reads.
//!
//! Notation follows S003. A segment's *wei* is the count of each consecutive kind written as a
//! decimal digit, lowest kind first: 5p5p5p 6p 7p7p 8p8p 9p is `31221`. A *key* is the wei's first
//! 1–3 digits; the map gives the *carry*, the digits to subtract from that prefix (`312 → 300`
//! leaves `1221`). Reduction takes the 3-digit key if the map has it, else the 2-digit one, else
//! the 1-digit one, subtracts, and repeats until the wei is 0 (win) or no key matches (no win).

use std::fmt;

/// Keys are indexed by their decimal value, so tables run to 444.
const KEYS: usize = 445;

/// Windows of three nibbles.
pub(crate) const WINDOWS: usize = 1 << 12;

/// The carry S003's rule takes at the edge of a segment for the count `count` found there, as
/// digits starting at the edge: 1 → `111`, 2 → `222`, 3 → `3`, 4 → `411`.
///
/// It is forced, not a guess: the lowest kind of a segment can only be in triplets or in
/// sequences starting at it, and three equal sequences are the same tiles as three triplets, so
/// some decomposition (if any exists) has at most two sequences starting there. With that, `c`
/// copies split into triplets `t` and sequences `s` with `3t + s = c`, `s ≤ 2` in exactly one way.
///
/// ```
/// use hupai_split::carry::edge_carry;
/// assert_eq!(edge_carry(4), Some(&[4, 1, 1][..]));
/// assert_eq!(edge_carry(3), Some(&[3][..]));
/// assert_eq!(edge_carry(0), None);
/// ```
pub const fn edge_carry(count: u8) -> Option<&'static [u8]> {
    match count {
        1 => Some(&[1, 1, 1]),
        2 => Some(&[2, 2, 2]),
        3 => Some(&[3]),
        4 => Some(&[4, 1, 1]),
        _ => None,
    }
}

/// The map as S003 lists it under 拆分表 (54 entries, key → carry in its decimal notation).
/// S003's Kotlin `carry()` has the same entries except `34 → 33`, which only the list has.
pub const S003_LISTED: [(u16, u16); 54] = [
    (3, 3),
    (4, 3),
    (31, 30),
    (32, 30),
    (33, 33),
    (34, 33),
    (44, 33),
    (111, 111),
    (112, 111),
    (113, 111),
    (114, 114),
    (122, 111),
    (123, 111),
    (124, 111),
    (133, 111),
    (134, 111),
    (141, 141),
    (142, 141),
    (143, 141),
    (144, 144),
    (222, 222),
    (223, 222),
    (224, 222),
    (233, 222),
    (234, 222),
    (244, 222),
    (311, 300),
    (312, 300),
    (313, 300),
    (314, 300),
    (322, 300),
    (323, 300),
    (324, 300),
    (331, 330),
    (332, 330),
    (333, 333),
    (334, 333),
    (341, 330),
    (342, 330),
    (343, 330),
    (344, 333),
    (411, 411),
    (412, 411),
    (413, 411),
    (414, 414),
    (422, 411),
    (423, 411),
    (424, 411),
    (433, 411),
    (434, 411),
    (441, 441),
    (442, 441),
    (443, 441),
    (444, 444),
];

/// The digits of a key, lowest kind first, and how many there are; `None` unless the key has
/// 1–3 digits, each 1–4.
pub const fn key_digits(key: u16) -> Option<([u8; 3], usize)> {
    let len = if key >= 100 {
        3
    } else if key >= 10 {
        2
    } else {
        1
    };
    if key == 0 || key > 444 {
        return None;
    }
    let mut digits = [0u8; 3];
    let mut rest = key;
    let mut i = len;
    while i > 0 {
        i -= 1;
        let d = (rest % 10) as u8;
        if d == 0 || d > 4 {
            return None;
        }
        digits[i] = d;
        rest /= 10;
    }
    Some((digits, len))
}

/// The decimal number of `len` digits, lowest kind (most significant) first.
const fn decimal(digits: [u8; 3], len: usize) -> u16 {
    let mut v = 0u16;
    let mut i = 0;
    while i < len {
        v = v * 10 + digits[i] as u16;
        i += 1;
    }
    v
}

/// The carry S003's rule gives for `key`, or 0 if it gives none.
///
/// Generation: apply [`edge_carry`] at the edge, move the edge past the emptied kind, and
/// repeat while the next carry still fits inside the key; stop at the first carry that would
/// reach past the key (it needs digits the key does not show). A first carry that would drive a
/// digit below zero means no decomposition exists: no entry. After the first step only a `3`
/// can fit (every other carry is three digits wide), so later steps never fail.
///
/// ```
/// use hupai_split::carry::generated_carry;
/// assert_eq!(generated_carry(312), 300); // triplet, then a 1 whose 111 would leave the key
/// assert_eq!(generated_carry(114), 114); // sequence, then the 3 left at the edge is a triplet
/// assert_eq!(generated_carry(211), 0); // two sequences need two of each: dead
/// ```
pub const fn generated_carry(key: u16) -> u16 {
    let Some((mut rest, len)) = key_digits(key) else {
        return 0;
    };
    let mut taken = [0u8; 3];
    let mut i = 0;
    while i < len {
        let Some(carry) = edge_carry(rest[i]) else {
            // An emptied kind: the edge moves on.
            i += 1;
            continue;
        };
        if i + carry.len() > len {
            break;
        }
        let mut k = 0;
        while k < carry.len() {
            if rest[i + k] < carry[k] {
                return decimal(taken, len);
            }
            k += 1;
        }
        k = 0;
        while k < carry.len() {
            rest[i + k] -= carry[k];
            taken[i + k] += carry[k];
            k += 1;
        }
        i += 1;
    }
    decimal(taken, len)
}

/// A carry map: key → carry in S003's decimal notation, plus the window table derived from it.
///
/// [`CarryMap::GENERATED`] is what [`crate::Split`] uses; [`CarryMap::S003`] is S003's list,
/// kept so tests can run S003's exact map through the same code (`Split::with_carry_map`).
pub struct CarryMap {
    name: &'static str,
    decimal: [u16; KEYS],
    window: [u16; WINDOWS],
}

impl CarryMap {
    /// Generated from S003's rule by [`generated_carry`].
    pub const GENERATED: CarryMap = {
        let mut decimal = [0u16; KEYS];
        let mut key = 0;
        while key < KEYS {
            decimal[key] = generated_carry(key as u16);
            key += 1;
        }
        CarryMap::build("generated", decimal)
    };

    /// S003's list ([`S003_LISTED`]) as printed.
    pub const S003: CarryMap = {
        let mut decimal = [0u16; KEYS];
        let mut i = 0;
        while i < S003_LISTED.len() {
            decimal[S003_LISTED[i].0 as usize] = S003_LISTED[i].1;
            i += 1;
        }
        CarryMap::build("s003", decimal)
    };

    const fn build(name: &'static str, decimal: [u16; KEYS]) -> CarryMap {
        let mut window = [0u16; WINDOWS];
        let mut w = 0;
        while w < WINDOWS {
            window[w] = resolve(&decimal, w as u16);
            w += 1;
        }
        CarryMap { name, decimal, window }
    }

    /// "generated" or "s003".
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The carry for `key`, as S003's `carry(key)` but `None` where S003 returns 0.
    pub const fn get(&self, key: u16) -> Option<u16> {
        if key as usize >= KEYS || self.decimal[key as usize] == 0 { None } else { Some(self.decimal[key as usize]) }
    }

    /// Every entry, by key.
    pub fn entries(&self) -> impl Iterator<Item = (u16, u16)> + '_ {
        (0..KEYS as u16).filter_map(move |k| self.get(k).map(|v| (k, v)))
    }

    /// One step of S003's `carryChange` on a decimal wei: subtract the carry of the longest
    /// prefix the map knows. `None` if no prefix matches (the segment cannot be completed).
    ///
    /// ```
    /// use hupai_split::carry::CarryMap;
    /// let map = &CarryMap::GENERATED;
    /// assert_eq!(map.carry_change(31221), Some(1221));
    /// assert_eq!(map.carry_change(1221), Some(111));
    /// assert_eq!(map.carry_change(111), Some(0));
    /// assert_eq!(map.carry_change(12), None);
    /// ```
    pub fn carry_change(&self, wei: u32) -> Option<u32> {
        if wei == 0 {
            return None;
        }
        let len = wei.ilog10() + 1;
        for key_len in (1..=3u32).rev() {
            if key_len > len {
                continue;
            }
            let scale = 10u32.pow(len - key_len);
            let key = wei / scale;
            if let Some(carry) = u16::try_from(key).ok().and_then(|k| self.get(k)) {
                return Some(wei - carry as u32 * scale);
            }
        }
        None
    }

    /// S003's `weiThrough`: does this decimal wei reduce to 0? (S003 stops after 9 steps; a
    /// suit never needs more than 4, so this loops until the wei stops shrinking.)
    pub fn wei_through(&self, mut wei: u32) -> bool {
        while wei != 0 {
            match self.carry_change(wei) {
                Some(next) => wei = next,
                None => return false,
            }
        }
        true
    }

    /// The carry for a 3-digit window of packed counts (a nibble per kind, the edge in the low
    /// bits; a 0 digit ends the segment), already resolved to the longest matching key.
    /// 0 means no key matches.
    #[inline(always)]
    pub(crate) fn window(&self) -> &[u16; WINDOWS] {
        &self.window
    }
}

impl fmt::Debug for CarryMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CarryMap({})", self.name)
    }
}

/// The packed carry for window `w` (a nibble per digit, edge first): the longest key the window
/// shows (digits up to the first 0, at most 3) that the map has, else a shorter prefix.
const fn resolve(map: &[u16; KEYS], w: u16) -> u16 {
    let digits = [(w & 15) as u8, ((w >> 4) & 15) as u8, ((w >> 8) & 15) as u8];
    let mut len = 0;
    while len < 3 && digits[len] != 0 {
        // Counts above 4 never reach the reducer; no key for them.
        if digits[len] > 4 {
            return 0;
        }
        len += 1;
    }
    while len > 0 {
        let key = decimal(digits, len);
        if (key as usize) < KEYS && key_digits(key).is_some() && map[key as usize] != 0 {
            let carry = map[key as usize];
            let mut packed = 0u16;
            let mut i = 0;
            while i < len {
                let d = (carry / pow10(len - 1 - i)) % 10;
                // A carry must fit under its key, or packed subtraction would borrow.
                assert!(d as u8 <= digits[i], "carry digit larger than its key digit");
                packed |= d << (4 * i);
                i += 1;
            }
            return packed;
        }
        len -= 1;
    }
    0
}

const fn pow10(n: usize) -> u16 {
    let mut v = 1;
    let mut i = 0;
    while i < n {
        v *= 10;
        i += 1;
    }
    v
}

/// Reduces a whole packed suit (a nibble per rank, rank 1 in the low bits, digits 0–4) to
/// nothing with the window table: every maximal run of non-zero digits is one segment, reduced
/// from its edge. True if every segment reduces to 0, i.e. the suit splits into melds. A carry
/// never exceeds the digits under it, so the subtraction never borrows.
#[inline(always)]
pub(crate) fn reduce(mut v: u64, window: &[u16; WINDOWS]) -> bool {
    while v != 0 {
        let shift = v.trailing_zeros() & !3;
        let carry = window[((v >> shift) & 0xfff) as usize];
        if carry == 0 {
            return false;
        }
        v -= (carry as u64) << shift;
    }
    true
}

/// Packs counts (lowest kind first, each 0–15) into nibbles.
#[cfg(test)]
pub(crate) fn pack(counts: &[u8]) -> u64 {
    counts.iter().enumerate().fold(0, |v, (i, &c)| v | ((c as u64 & 15) << (4 * i)))
}

/// The weis of the segments of one suit's counts (maximal runs of non-zero counts), lowest first,
/// in S003's decimal notation. Counts above 9 make no sense as digits and are clamped to 9.
///
/// ```
/// use hupai_split::carry::weis;
/// // 5p5p5p 6p 7p7p 8p8p 9p and 1p2p3p:
/// assert_eq!(weis(&[1, 1, 1, 0, 3, 1, 2, 2, 1]).collect::<Vec<_>>(), vec![111, 31221]);
/// ```
pub fn weis(counts: &[u8]) -> impl Iterator<Item = u32> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < counts.len() && counts[i] == 0 {
            i += 1;
        }
        if i >= counts.len() {
            return None;
        }
        let mut wei = 0u32;
        while i < counts.len() && counts[i] != 0 {
            wei = wei.saturating_mul(10).saturating_add(counts[i].min(9) as u32);
            i += 1;
        }
        Some(wei)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_table_agrees_with_decimal_reduction_on_every_segment() {
        // Every run of 1–9 non-zero digits (counts 1–4): the packed reducer and S003's decimal
        // steps must agree, for both maps.
        for map in [&CarryMap::GENERATED, &CarryMap::S003] {
            let mut checked = 0;
            for len in 1..=9u32 {
                for code in 0..4u32.pow(len) {
                    let digits: Vec<u8> = (0..len).map(|i| ((code / 4u32.pow(i)) % 4) as u8 + 1).collect();
                    let wei = digits.iter().fold(0u32, |w, &d| w * 10 + d as u32);
                    assert_eq!(
                        reduce(pack(&digits), map.window()),
                        map.wei_through(wei),
                        "{} map, wei {wei}",
                        map.name()
                    );
                    checked += 1;
                }
            }
            assert_eq!(checked, (1..=9).map(|l| 4u32.pow(l)).sum::<u32>());
        }
    }

    #[test]
    fn weis_split_at_gaps() {
        assert_eq!(weis(&[4, 0, 0, 2]).collect::<Vec<_>>(), vec![4, 2]);
        assert_eq!(weis(&[0; 9]).count(), 0);
    }
}
