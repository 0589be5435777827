//! Where one suit's vectors come from under the regional options, so that they are answered at
//! table speed: the plain table, the 2-5-8-pair table, the honors histogram (with or without the
//! pair), nothing at all for a suit no target may hold, per-kind arithmetic for a suit no sequence
//! can join (the man suit of sanma, the red dragons of hongzhong), and the exact program for the
//! rest (a cap lowered by a declared meld in a suit with sequences). [`Keyed`] is the
//! [`Changes`] of one way to win (a variant), keyed like the classic path's `Plain`: a one-tile
//! change in a table-backed suit is one key step and one lookup.

use crate::changes::Changes;
use crate::exact::{self, Ranks};
use crate::prepared::suit_range;
use crate::table::{self, Key, RANKS_258};
use crate::vector::{IMPOSSIBLE, Vector, lane};

/// The vector of a suit no target may hold: no groups, every real tile dropped.
pub(crate) const ABSENT: Vector = {
    let mut v = IMPOSSIBLE;
    v[lane(0, 0)] = 0;
    v
};

/// How one suit of one variant is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// Every rank allowed, the four copies, the pair anywhere: the plain table (numbered) or the
    /// honors histogram.
    Plain,
    /// A numbered suit with every rank allowed and the four copies, the pair only on 2, 5 or 8.
    Pair258,
    /// Honors, every kind allowed with the four copies, no pair on them.
    HonorsNoPair,
    /// No rank allowed.
    Absent,
    /// No sequence fits (fewer than three ranks in a row allowed): per-kind arithmetic with these
    /// caps (0 outside the allowed ranks) and pair ranks.
    Separate { caps: [u8; 9], pair: u16 },
    /// Anything else: the exact program with these caps and ranks.
    Exact { caps: [u8; 9], ranks: Ranks },
}

impl Source {
    /// The source of suit `s` with `caps` (room per kind, 0 outside the allowed kinds) and `ranks`.
    pub(crate) fn of(s: usize, caps: &[u8; 34], ranks: Ranks) -> Source {
        let range = suit_range(s);
        let len = range.len();
        let full = (1u16 << len) - 1;
        let mut suit_caps = [0u8; 9];
        suit_caps[..len].copy_from_slice(&caps[range]);
        let four = (0..len).all(|r| suit_caps[r] == 4);
        if ranks.allowed & full == 0 {
            return Source::Absent;
        }
        if four && ranks.allowed & full == full {
            let pair = ranks.pair & full;
            if pair == full {
                return Source::Plain;
            }
            if s < 3 && pair == RANKS_258 {
                return Source::Pair258;
            }
            if s == 3 && pair == 0 {
                return Source::HonorsNoPair;
            }
        }
        let allowed = ranks.allowed & full;
        if s == 3 || allowed & allowed >> 1 & allowed >> 2 == 0 {
            return Source::Separate { caps: suit_caps, pair: ranks.pair & allowed };
        }
        Source::Exact { caps: suit_caps, ranks }
    }
}

/// [`Changes`] for one variant: per suit its [`Source`], numbered suits also as table keys and the
/// honors as a histogram key, so that the table-backed suits change by a key step.
pub(crate) struct Keyed<'a> {
    counts: &'a [u8; 34],
    sources: &'a [Source; 4],
    table: &'static table::Runtime,
    pair: Option<&'static table::Runtime258>,
    numbered: [Key; 3],
    honors: usize,
}

impl<'a> Keyed<'a> {
    /// `None` if a count is above 4 or a table the sources need is unusable: the caller then takes
    /// the exact program.
    #[inline(always)]
    pub(crate) fn new(counts: &'a [u8; 34], sources: &'a [Source; 4]) -> Option<Keyed<'a>> {
        let key = |s: usize| counts[9 * s..9 * s + 9].first_chunk::<9>().and_then(Key::of);
        let pair = table::runtime_258();
        if pair.is_none() && sources.contains(&Source::Pair258) {
            return None;
        }
        Some(Keyed {
            counts,
            sources,
            table: table::runtime()?,
            pair,
            numbered: [key(0)?, key(1)?, key(2)?],
            honors: exact::honors_key(&counts[27..34]),
        })
    }

    /// The four suits' vectors with one copy of each kind of `kinds` (held numbered kinds) taken
    /// out, by key steps; `None` unless every numbered suit is table-backed or absent and `kinds`
    /// holds no honor.
    #[inline(always)]
    pub(crate) fn without(&self, kinds: u64) -> Option<[Vector; 4]> {
        if kinds >> 27 != 0 {
            return None;
        }
        let mut out = [IMPOSSIBLE; 4];
        for (s, slot) in out.iter_mut().take(3).enumerate() {
            let key = self.numbered[s].minus_each(((kinds >> (9 * s)) & 0x1ff) as u16);
            *slot = match self.sources[s] {
                Source::Plain | Source::Pair258 | Source::Absent => self.numbered(s, key, &[]),
                _ => return None,
            };
        }
        out[3] = self.honors(self.honors, &[]);
        Some(out)
    }

    /// Numbered suit `s` by its key; `moved` are the rank changes from the hand's counts, for the
    /// sources that need the counts themselves.
    #[inline(always)]
    fn numbered(&self, s: usize, key: Key, moved: &[(usize, i8)]) -> Vector {
        match self.sources[s] {
            // (`HonorsNoPair` is only ever an honors source, as `Pair258` only a numbered one.)
            Source::Plain | Source::HonorsNoPair => self.table.numbered_key(key),
            Source::Pair258 => match self.pair {
                Some(pair) => self.table.numbered_key_258(pair, key),
                None => table::numbered_258(&key.counts()),
            },
            Source::Absent => ABSENT,
            Source::Separate { caps, pair } => exact::separate(&self.suit_counts(s, moved), &caps, pair),
            Source::Exact { caps, ranks } => exact::suit_exact_in(&self.suit_counts(s, moved), &caps, ranks, true),
        }
    }

    /// The honors by their histogram key; `moved` as for [`Keyed::numbered`].
    #[inline(always)]
    fn honors(&self, key: usize, moved: &[(usize, i8)]) -> Vector {
        match self.sources[3] {
            Source::Plain | Source::Pair258 => exact::honors_by_key(key),
            Source::HonorsNoPair => {
                let mut v = exact::honors_by_key(key);
                v[8..].fill(IMPOSSIBLE[0]);
                v
            }
            Source::Absent => ABSENT,
            Source::Separate { caps, pair } => exact::separate(&self.suit_counts(3, moved)[..7], &caps[..7], pair),
            Source::Exact { caps, ranks } => {
                exact::suit_exact_in(&self.suit_counts(3, moved)[..7], &caps[..7], ranks, false)
            }
        }
    }

    /// Suit `s`'s counts with the rank changes `moved` (rank, ±1) applied.
    fn suit_counts(&self, s: usize, moved: &[(usize, i8)]) -> [u8; 9] {
        let range = suit_range(s);
        let mut c = [0u8; 9];
        c[..range.len()].copy_from_slice(&self.counts[range]);
        for &(r, d) in moved {
            c[r] = c[r].wrapping_add_signed(d);
        }
        c
    }

    /// The honors key after a kind held `from` times moves by `delta` (the key counts kinds by
    /// count, so which kind moved does not enter).
    #[inline(always)]
    fn honors_moved(key: usize, from: u8, delta: i8) -> usize {
        exact::honors_key_moved(key, from, from.wrapping_add_signed(delta))
    }
}

impl Changes for Keyed<'_> {
    #[inline(always)]
    fn full(&self, s: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.numbered(s, key, &[]),
            None => self.honors(self.honors, &[]),
        }
    }

    #[inline(always)]
    fn plus(&self, s: usize, r: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.numbered(s, key.plus(r), &[(r, 1)]),
            None => self.honors(Self::honors_moved(self.honors, self.counts[27 + r], 1), &[(r, 1)]),
        }
    }

    #[inline(always)]
    fn minus(&self, s: usize, r: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.numbered(s, key.minus(r), &[(r, -1)]),
            None => self.honors(Self::honors_moved(self.honors, self.counts[27 + r], -1), &[(r, -1)]),
        }
    }

    #[inline(always)]
    fn swap(&self, s: usize, from: usize, to: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.numbered(s, key.minus(from).plus(to), &[(from, -1), (to, 1)]),
            None => {
                let key = Self::honors_moved(self.honors, self.counts[27 + from], -1);
                self.honors(Self::honors_moved(key, self.counts[27 + to], 1), &[(from, -1), (to, 1)])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_of_the_presets_suits() {
        let all = Ranks { allowed: 0x1ff, pair: 0x1ff };
        let four = [4u8; 34];
        assert_eq!(Source::of(0, &four, all), Source::Plain);
        assert_eq!(Source::of(0, &four, Ranks { allowed: 0x1ff, pair: RANKS_258 }), Source::Pair258);
        assert_eq!(Source::of(3, &four, Ranks { allowed: 0x7f, pair: 0 }), Source::HonorsNoPair);
        assert_eq!(Source::of(1, &four, Ranks { allowed: 0, pair: 0 }), Source::Absent);
        // Sanma's man suit: 1m and 9m only.
        let mut sanma = four;
        sanma[1..8].fill(0);
        assert!(matches!(Source::of(0, &sanma, Ranks { allowed: 0x101, pair: 0x101 }), Source::Separate { .. }));
        // A declared meld lowering a cap in a suit with sequences: the exact program.
        let mut declared = four;
        declared[3] = 3;
        assert!(matches!(Source::of(0, &declared, all), Source::Exact { .. }));
    }
}
