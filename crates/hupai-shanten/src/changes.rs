//! The suits' vectors of a hand and of the hand after one-tile changes, as effective tiles and
//! advice ask for them ([`Changes`]: by table keys under the plain cap, [`Plain`], or by the exact
//! program, [`Capped`]), the products of the other suits ([`Products`]), which lanes each draw
//! lowers ([`Draws`]), and the special forms' draws ([`SpecialForms`]).

use crate::exact;
use crate::lanes::{self, LaneBits, Lanes};
use crate::prepared::{Prepared, suit_range};
use crate::special::{self, Stats};
use crate::table;
use crate::vector::{self, MAX_M, Vector, combine_to, reversed};

/// Products of the suits' vectors, for answering many one-suit changes.
pub(crate) struct Products {
    pub(crate) v: [Vector; 4],
    /// `others[s]`: the other three suits combined.
    pub(crate) others: [Vector; 4],
    /// `others_rev[s]`: `others[s]` reversed around the target.
    pub(crate) others_rev: [Vector; 4],
    /// `pair_rest[a][b]`: the two suits other than `a` and `b` combined, byte-reversed (lane `i`
    /// holding lane `15 − i`), the form [`vector::split_lanes`] reads.
    pub(crate) pair_rest_reversed: [[Vector; 4]; 4],
}

impl Products {
    #[inline(always)]
    pub(crate) fn new(changes: &impl Changes, m: usize) -> Products {
        Products::of_vectors([changes.full(0), changes.full(1), changes.full(2), changes.full(3)], m)
    }

    /// The products of the suits' vectors `v` for `m` melds.
    #[inline(always)]
    pub(crate) fn of_vectors(v: [Vector; 4], m: usize) -> Products {
        match m {
            0 => Products::of::<0>(v),
            1 => Products::of::<1>(v),
            2 => Products::of::<2>(v),
            3 => Products::of::<3>(v),
            4 => Products::of::<4>(v),
            _ => Products::of::<MAX_M>(v),
        }
    }

    /// The products for `M` melds: one copy per meld count, so every shift is a constant.
    #[inline(never)]
    pub(crate) fn of<const M: usize>(v: [Vector; 4]) -> Products {
        // The six unordered pairs of suits, each product once (the diagonal is never read).
        let mut pair_rest = [[vector::IMPOSSIBLE; 4]; 4];
        let mut pair_rest_reversed = [[vector::IMPOSSIBLE; 4]; 4];
        for (a, b, x, y) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2), (1, 2, 0, 3), (1, 3, 0, 2), (2, 3, 0, 1)] {
            let rest = combine_to::<M>(&v[x], &v[y]);
            pair_rest[a][b] = rest;
            pair_rest[b][a] = rest;
            let reversed = vector::byte_reversed(&rest);
            pair_rest_reversed[a][b] = reversed;
            pair_rest_reversed[b][a] = reversed;
        }
        let others: [Vector; 4] = std::array::from_fn(|s| {
            let b = if s == 0 { 1 } else { 0 };
            combine_to::<M>(&v[b], &pair_rest[s][b])
        });
        let others_rev = others.map(|o| reversed(&o, M));
        Products { v, others, others_rev, pair_rest_reversed }
    }
}

/// The suits' vectors of a hand and of the hand after one-tile changes, as effective tiles and
/// advice ask for them: the other suits stay as they are, so only the changed suit is looked up.
pub(crate) trait Changes {
    /// Suit `s` as it is.
    fn full(&self, s: usize) -> Vector;
    /// Suit `s` with one more of rank `r` (the caller keeps every count within 4).
    fn plus(&self, s: usize, r: usize) -> Vector;
    /// Suit `s` with one of rank `r` less (the hand holds one).
    fn minus(&self, s: usize, r: usize) -> Vector;
    /// Suit `s` with one of rank `from` less and one more of rank `to` (`from != to`).
    fn swap(&self, s: usize, from: usize, to: usize) -> Vector;
}

/// [`Changes`] under the plain four-copy cap: each suit as a table key (numbered) or histogram
/// key (honors) that a one-tile change moves by an add, so a changed suit costs one lookup and
/// no copy of the counts.
pub(crate) struct Plain<'a> {
    pub(crate) table: &'static table::Runtime,
    pub(crate) counts: &'a [u8; 34],
    pub(crate) numbered: [table::Key; 3],
    pub(crate) honors: usize,
}

impl Plain<'_> {
    /// `None` if a count is above 4 (no hand holds one) or the embedded table is unusable; the
    /// caller then takes [`Capped`].
    #[inline(always)]
    pub(crate) fn new(counts: &[u8; 34]) -> Option<Plain<'_>> {
        let key = |s: usize| counts[9 * s..9 * s + 9].first_chunk::<9>().and_then(table::Key::of);
        Some(Plain {
            table: table::runtime()?,
            counts,
            numbered: [key(0)?, key(1)?, key(2)?],
            honors: exact::honors_key(&counts[27..34]),
        })
    }

    /// The honors key after kind `k`'s count moves by `delta` (±1).
    #[inline(always)]
    pub(crate) fn honors_moved(&self, key: usize, k: usize, delta: i8) -> usize {
        let c = self.counts[k];
        exact::honors_key_moved(key, c, c.wrapping_add_signed(delta))
    }
}

impl Changes for Plain<'_> {
    #[inline(always)]
    fn full(&self, s: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key),
            None => exact::honors_by_key(self.honors),
        }
    }

    #[inline(always)]
    fn plus(&self, s: usize, r: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key.plus(r)),
            None => exact::honors_by_key(self.honors_moved(self.honors, 27 + r, 1)),
        }
    }

    #[inline(always)]
    fn minus(&self, s: usize, r: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key.minus(r)),
            None => exact::honors_by_key(self.honors_moved(self.honors, 27 + r, -1)),
        }
    }

    #[inline(always)]
    fn swap(&self, s: usize, from: usize, to: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key.minus(from).plus(to)),
            None => exact::honors_by_key(self.honors_moved(self.honors_moved(self.honors, 27 + from, -1), 27 + to, 1)),
        }
    }
}

/// [`Changes`] by [`Prepared::vector`] on changed copies of the counts: any caps.
pub(crate) struct Capped<'a, 'b> {
    pub(crate) p: &'a Prepared<'b>,
    pub(crate) counts: &'a [u8; 34],
}

impl Changes for Capped<'_, '_> {
    fn full(&self, s: usize) -> Vector {
        self.p.vector(self.counts, s)
    }

    fn plus(&self, s: usize, r: usize) -> Vector {
        let mut c = *self.counts;
        c[suit_range(s).start + r] += 1;
        self.p.vector(&c, s)
    }

    fn minus(&self, s: usize, r: usize) -> Vector {
        let mut c = *self.counts;
        c[suit_range(s).start + r] -= 1;
        self.p.vector(&c, s)
    }

    fn swap(&self, s: usize, from: usize, to: usize) -> Vector {
        let mut c = *self.counts;
        c[suit_range(s).start + from] -= 1;
        c[suit_range(s).start + to] += 1;
        self.p.vector(&c, s)
    }
}

/// A hand's suits and what one drawn tile does to them: the products of [`Products`] and, for
/// every kind that can be drawn, the lanes of its suit's vector the draw lowers (one bit per lane;
/// none for a kind without room).
pub(crate) struct Draws {
    pub(crate) prod: Products,
    /// By kind, padded with none past the honors so that any suit's sixteen rows can be read.
    pub(crate) lowers: [u16; 48],
}

impl Draws {
    #[inline(always)]
    pub(crate) fn new(changes: &impl Changes, m: usize, room: u64) -> Draws {
        let prod = Products::new(changes, m);
        let lowers = lowers(changes, &prod.v, room);
        Draws { prod, lowers }
    }

    /// The lanes each rank of suit `s` lowers (row `r` for the kind at the suit's start plus `r`;
    /// rows past the suit's end belong to the next suit or to none, and callers mask them off).
    #[inline(always)]
    pub(crate) fn rows(&self, s: usize) -> &[u16; 16] {
        let start = suit_range(s).start;
        self.lowers[start..start + 16].first_chunk::<16>().unwrap_or(&[0; 16])
    }

    /// The kinds of suit `s` whose draw lowers one of `lanes` (bits) of the suit's vector.
    #[inline(always)]
    pub(crate) fn lowering(&self, s: usize, lanes: LaneBits) -> u64 {
        u64::from(lanes::rows_meeting(self.rows(s), lanes) & suit_ranks(s)) << suit_range(s).start
    }
}

/// By kind, the lanes of its suit's vector (`full`) a draw of it lowers, for the kinds of `room`
/// (none for the others), padded as [`Draws::lowers`].
#[inline(always)]
pub(crate) fn lowers(changes: &impl Changes, full: &[Vector; 4], room: u64) -> [u16; 48] {
    let mut lowers = [0u16; 48];
    for (s, v) in full.iter().enumerate() {
        let range = suit_range(s);
        for (r, t) in range.enumerate() {
            if room >> t & 1 != 0 {
                lowers[t] = vector::lanes_below(&changes.plus(s, r), v);
            }
        }
    }
    lowers
}

/// The ranks of suit `s` as bits (nine, or seven for honors).
#[inline(always)]
pub(crate) fn suit_ranks(s: usize) -> u16 {
    if s < 3 { 0x1ff } else { 0x7f }
}

/// Every kind, as bits.
pub(crate) const ALL_KINDS: u64 = (1 << 34) - 1;

/// The kinds (as bits) whose count (more than 4 read as 4) passes a lane test, sixteen at a time.
#[inline(always)]
pub(crate) fn kinds_where(counts: &[u8; 34], test: impl Fn(Lanes) -> LaneBits) -> u64 {
    let chunk = |from: usize| {
        let mut c = [0u8; 16];
        let part = &counts[from..counts.len().min(from + 16)];
        c[..part.len()].copy_from_slice(part);
        u64::from(test(Lanes::load(&c).min(Lanes::splat(4))))
    };
    (chunk(0) | chunk(16) << 16 | chunk(32) << 32) & ALL_KINDS
}

/// Kinds by concealed count (0–4), as bits: the special forms see a drawn kind only through its
/// count and whether it is a terminal or honor.
#[inline(always)]
pub(crate) fn kinds_by_count(counts: &[u8; 34]) -> [u64; 5] {
    std::array::from_fn(|c| kinds_where(counts, |x| x.equal(Lanes::splat(c as u8))))
}

/// Kinds with room for one more physical copy (fewer than four), as bits.
#[inline(always)]
pub(crate) fn room_bits(physical: &[u8; 34]) -> u64 {
    kinds_where(physical, |x| x.below(Lanes::splat(4)))
}

/// Seven pairs and thirteen orphans for one hand: their distances, and which draws lower them.
/// They see a drawn kind only through its count and whether it is a terminal or honor, so the
/// draws come from closed forms over the hand's counts ([`Stats::seven_pairs_draws`]).
#[derive(Clone, Copy)]
pub(crate) struct SpecialForms {
    pub(crate) stats: Stats,
    pub(crate) now: (Option<u8>, Option<u8>),
}

impl SpecialForms {
    #[inline(always)]
    pub(crate) fn new(p: &Prepared, stats: Stats) -> SpecialForms {
        SpecialForms { stats, now: p.special_distances(&stats) }
    }

    /// The kinds whose draw lowers a form below `base`, among `by_count` (the hand's kinds by
    /// count); only a form already at `base` can.
    #[inline(always)]
    pub(crate) fn effective(&self, p: &Prepared, by_count: &[u64; 5], base: u8) -> u64 {
        let of_counts = |draws: u8| (0..4).filter(|&k| draws >> k & 1 != 0).fold(0, |kinds, k| kinds | by_count[k]);
        let mut kinds = 0u64;
        if self.now.0 == Some(base) {
            kinds |= of_counts(self.stats.seven_pairs_draws(p.seven_pairs));
        }
        if self.now.1 == Some(base) {
            kinds |= of_counts(self.stats.thirteen_orphans_draws()) & special::ORPHANS;
        }
        kinds
    }
}
