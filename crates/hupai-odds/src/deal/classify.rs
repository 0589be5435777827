//! Per-unit classes: every count pattern a unit (a numbered suit or one honor kind) can hold, grouped
//! by what decides a win, with the number of ways the wall deals it.
//!
//! The melds-form figures of a numbered suit come from the per-suit tables
//! ([`SuitTables::fewest_wildcards`]) for patterns of up to [`MAX_TILES`] tiles; bigger patterns
//! (17-tile rules only) and honor kinds are derived here, by the same rules the tables follow.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use hupai_lookup::suit_table::{MAX_TILES, SuitTables};

/// A fewest-wildcards figure too large to matter (no completion, or more than any hand holds).
pub(crate) const NEVER: u8 = u8::MAX;

/// What decides a win about the tiles one unit holds, apart from the other units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Class {
    /// Tiles held.
    pub(crate) tiles: u8,
    /// Fewest wildcards completing the unit into melds only: `[no cap, four-copy cap]`.
    pub(crate) melds: [u8; 2],
    /// Fewest wildcards completing it into melds and the pair: `[no cap, four-copy cap]`.
    pub(crate) pair: [u8; 2],
    /// Kinds held at least once.
    pub(crate) kinds: u8,
    /// Kinds held an odd number of times.
    pub(crate) odd: u8,
    /// Kinds held exactly twice.
    pub(crate) doubles: u8,
    /// Whether some kind is held three or four times.
    pub(crate) big: bool,
    /// Whether every tile held is a terminal or an honor.
    pub(crate) orphans_only: bool,
}

impl Class {
    /// The class packed into one word (every field fits its bits), for fast grouping.
    fn pack(&self) -> u64 {
        let bytes = [self.tiles, self.melds[0], self.melds[1], self.pair[0], self.pair[1], self.kinds, self.odd];
        let low = bytes.iter().rev().fold(0u64, |w, &b| (w << 8) | b as u64);
        low | (self.doubles as u64) << 56 | (self.big as u64) << 62 | (self.orphans_only as u64) << 63
    }

    fn unpack(w: u64) -> Class {
        let byte = |i: u32| (w >> (8 * i)) as u8;
        Class {
            tiles: byte(0),
            melds: [byte(1), byte(2)],
            pair: [byte(3), byte(4)],
            kinds: byte(5),
            odd: byte(6),
            doubles: byte(7) & 0x3f,
            big: w >> 62 & 1 == 1,
            orphans_only: w >> 63 == 1,
        }
    }
}

/// A multiplicative hasher for packed classes (the standard SipHash dominates the walk otherwise).
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type Groups = HashMap<u64, u128, BuildHasherDefault<WordHasher>>;

/// Every class of one unit with the number of ways to deal it: `Σ Π C(copies_i, c_i)` over the
/// patterns in the class.
#[derive(Debug, Clone, Default)]
pub(crate) struct UnitClasses {
    pub(crate) classes: Vec<(Class, u128)>,
}

/// `C(n, k)` for the small arguments of one kind (n ≤ 4).
const fn small_binomial(n: u8, k: u8) -> u128 {
    if k > n {
        return 0;
    }
    let (mut num, mut den, mut i) = (1u128, 1u128, 0u8);
    while i < k {
        num *= (n - i) as u128;
        den *= (i + 1) as u128;
        i += 1;
    }
    num / den
}

/// Fewest stand-ins for one honor kind holding `count` tiles, room `cap` in all (concealed plus
/// stand-ins), so that its total is ≡ `residue` (mod 3) and at least 2 when it holds the pair.
/// Honors form no sequences, so each kind completes on its own.
fn honor_cost(count: u8, cap: u8, residue: u8) -> u8 {
    (0..3u8)
        .map(|x| (x, count + x))
        .find(|&(_, total)| total % 3 == residue && (residue == 0 || total >= 2))
        .filter(|&(_, total)| total <= cap)
        .map_or(NEVER, |(x, _)| x)
}

/// The classes of one honor kind with `copies` copies in the wall.
pub(crate) fn honor_classes(copies: u8, limit: u8) -> UnitClasses {
    let classes = (0..=copies.min(limit))
        .map(|c| {
            let class = Class {
                tiles: c,
                melds: [honor_cost(c, u8::MAX, 0), honor_cost(c, 4, 0)],
                pair: [honor_cost(c, u8::MAX, 2), honor_cost(c, 4, 2)],
                kinds: u8::from(c > 0),
                odd: c % 2,
                doubles: u8::from(c == 2),
                big: c >= 3,
                orphans_only: true,
            };
            (class, small_binomial(copies, c))
        })
        .collect();
    UnitClasses { classes }
}

/// Rank-by-rank state of the fewest-wildcards program for one numbered suit, indexed
/// `pair_placed * 9 + sequences_started_one_rank_back * 3 + sequences_started_here`.
pub(crate) type Program = [u8; 18];

/// The program before the first rank: nothing placed, nothing spent.
pub(crate) const START: Program = {
    let mut p = [NEVER; 18];
    p[0] = 0;
    p
};

/// Every way to fill rank `rank` (0–8) holding `count` tiles from program state `from`, with
/// `cap` copies allowed in all: `visit(next_state, stand_ins)`.
///
/// At most two sequences start at one rank and at most two triplets sit on one, in some cheapest
/// completion: three equal sequences hold the tiles of three triplets, and a triplet of stand-ins
/// alone can be dropped. Both exchanges keep every rank's total or lower it, so caps still hold.
#[inline(always)]
fn moves(from: usize, rank: usize, count: u8, cap: u8, mut visit: impl FnMut(usize, u8)) {
    let new_max = if rank <= 6 { 2 } else { 0 };
    let (placed, back, here) = (from / 9, (from / 3) % 3, from % 3);
    let carried = back + here;
    for new in 0..=new_max {
        for pair in 0..=(1 - placed) {
            for triplets in 0..=2 {
                let total = carried + new + 3 * triplets + 2 * pair;
                if total > cap as usize {
                    break;
                }
                if total >= count as usize {
                    visit((placed + pair) * 9 + here * 3 + new, (total - count as usize) as u8);
                }
            }
        }
    }
}

/// One rank of the program, forwards: fewest stand-ins to reach each state after rank `rank`.
pub(crate) fn step(prev: &Program, rank: usize, count: u8, cap: u8) -> Program {
    let mut next = [NEVER; 18];
    for (i, &spent) in prev.iter().enumerate() {
        if spent != NEVER {
            moves(i, rank, count, cap, |j, extra| next[j] = next[j].min(spent.saturating_add(extra)));
        }
    }
    next
}

/// One rank of the program, backwards: from each state before rank `rank`, fewest stand-ins to
/// finish given the fewest from each state after it (`after`).
fn step_back(after: &Program, rank: usize, count: u8, cap: u8) -> Program {
    let mut before = [NEVER; 18];
    for (i, slot) in before.iter_mut().enumerate() {
        moves(i, rank, count, cap, |j, extra| *slot = (*slot).min(after[j].saturating_add(extra)));
    }
    before
}

/// The ends of the program: no sequence left open, the pair not placed (melds only) or placed.
const END: [Program; 2] = {
    let mut ends = [[NEVER; 18]; 2];
    ends[0][0] = 0;
    ends[1][9] = 0;
    ends
};

/// `(melds only, melds and the pair)` at the end of the program.
pub(crate) fn finish(p: &Program) -> (u8, u8) {
    (p[0], p[9])
}

/// `(melds only, melds and the pair)` from the program after the first ranks (`head`) and the
/// backward programs of the remaining ranks towards each end (`tail`).
fn join(head: &Program, tail: &[Program; 2]) -> (u8, u8) {
    let best = |t: &Program| head.iter().zip(t).map(|(&h, &t)| h.saturating_add(t)).min().unwrap_or(NEVER);
    (best(&tail[0]), best(&tail[1]))
}

/// Ranks whose program runs forwards along the walk; the rest come from a table of backward
/// programs, one per count pattern of those ranks.
const HEAD: usize = 4;

/// Backward programs for every pattern of ranks `HEAD..9`, indexed by its base-5 value (rank
/// `HEAD` lowest): `[no cap, four-copy cap][melds only, with the pair]`.
fn tails(copies: &[u8; 9]) -> Vec<[[Program; 2]; 2]> {
    fn fill(copies: &[u8; 9], rank: usize, index: usize, after: [[Program; 2]; 2], out: &mut [[[Program; 2]; 2]]) {
        if rank < HEAD {
            out[index] = after;
            return;
        }
        let place = 5usize.pow((rank - HEAD) as u32);
        for c in 0..=copies[rank] {
            let caps = [u8::MAX, 4];
            let before =
                std::array::from_fn(|cap| std::array::from_fn(|end| step_back(&after[cap][end], rank, c, caps[cap])));
            fill(copies, rank - 1, index + place * c as usize, before, out);
        }
    }
    let mut out = vec![[[[NEVER; 18]; 2]; 2]; 5usize.pow((9 - HEAD) as u32)];
    fill(copies, 8, 0, [END; 2], &mut out);
    out
}

/// Fewest wildcards for a numbered suit by the program alone (`cap` copies per kind in all).
pub(crate) fn numbered_program(counts: &[u8; 9], cap: u8) -> (u8, u8) {
    let mut p = START;
    for (rank, &c) in counts.iter().enumerate() {
        p = step(&p, rank, c, cap);
    }
    finish(&p)
}

/// Walks every pattern of one numbered suit (rank `i` at most `copies[i]`, at most `limit` tiles)
/// and groups it into its class.
struct SuitWalk<'a> {
    tables: &'a SuitTables,
    copies: [u8; 9],
    limit: u8,
    /// Whether some pattern has more tiles than the tables cover (then the program runs along).
    programs: bool,
    counts: [u8; 9],
    /// Forward programs after each of the first [`HEAD`] ranks, no cap and four-copy cap.
    free: [Program; HEAD + 1],
    capped: [Program; HEAD + 1],
    /// Backward programs of the last ranks (see [`tails`]), when some pattern needs the program.
    tails: Vec<[[Program; 2]; 2]>,
    groups: Groups,
}

impl SuitWalk<'_> {
    fn walk(&mut self, rank: usize, tiles: u8, ways: u128) {
        if rank == 9 {
            self.leaf(tiles, ways);
            return;
        }
        for c in 0..=self.copies[rank].min(self.limit - tiles) {
            self.counts[rank] = c;
            if self.programs && rank < HEAD {
                self.free[rank + 1] = step(&self.free[rank], rank, c, u8::MAX);
                self.capped[rank + 1] = step(&self.capped[rank], rank, c, 4);
            }
            self.walk(rank + 1, tiles + c, ways * small_binomial(self.copies[rank], c));
        }
        self.counts[rank] = 0;
    }

    fn leaf(&mut self, tiles: u8, ways: u128) {
        let c = &self.counts;
        let looked_up = if tiles as u32 <= MAX_TILES { self.tables.fewest_wildcards(c) } else { None };
        let ([free_melds, free_pair], [capped_melds, capped_pair]) = match looked_up {
            Some([free, capped]) => ([free.0, free.1], [capped.0, capped.1]),
            None if self.programs => {
                let tail = c[HEAD..].iter().rev().fold(0, |i, &n| 5 * i + n as usize);
                let [free, capped] = &self.tails[tail];
                let (fm, fp) = join(&self.free[HEAD], free);
                let (cm, cp) = join(&self.capped[HEAD], capped);
                ([fm, fp], [cm, cp])
            }
            // Not reached: the tables cover every pattern of at most MAX_TILES tiles, four copies each.
            None => {
                let (fm, fp) = numbered_program(c, u8::MAX);
                let (cm, cp) = numbered_program(c, 4);
                ([fm, fp], [cm, cp])
            }
        };
        let class = Class {
            tiles,
            melds: [free_melds, capped_melds],
            pair: [free_pair, capped_pair],
            kinds: c.iter().filter(|&&n| n > 0).count() as u8,
            odd: c.iter().filter(|&&n| n % 2 == 1).count() as u8,
            doubles: c.iter().filter(|&&n| n == 2).count() as u8,
            big: c.iter().any(|&n| n >= 3),
            orphans_only: c[1..8].iter().all(|&n| n == 0),
        };
        *self.groups.entry(class.pack()).or_insert(0) += ways;
    }
}

/// The classes of one numbered suit whose ranks have `copies` copies in the wall, over patterns of
/// at most `limit` tiles.
pub(crate) fn suit_classes(tables: &SuitTables, copies: [u8; 9], limit: u8) -> UnitClasses {
    let most: u32 = copies.iter().map(|&c| c as u32).sum();
    let programs = most.min(limit as u32) > MAX_TILES;
    let mut w = SuitWalk {
        tables,
        copies,
        limit,
        programs,
        counts: [0; 9],
        free: [START; HEAD + 1],
        capped: [START; HEAD + 1],
        tails: if programs { tails(&copies) } else { Vec::new() },
        groups: Groups::default(),
    };
    w.walk(0, 0, 1);
    let mut classes: Vec<(Class, u128)> = w.groups.into_iter().map(|(k, n)| (Class::unpack(k), n)).collect();
    classes.sort_unstable();
    UnitClasses { classes }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn honor_costs_follow_the_copy_limit() {
        // Three East: a triplet; as the pair, two more would make five.
        assert_eq!((honor_cost(3, 4, 0), honor_cost(3, 4, 2)), (0, NEVER));
        assert_eq!(honor_cost(3, u8::MAX, 2), 2);
        // Four East fit no melds under the cap; without it, 4 + 2 = two triplets.
        assert_eq!(honor_cost(4, 4, 0), NEVER);
        assert_eq!((honor_cost(4, u8::MAX, 0), honor_cost(4, u8::MAX, 2)), (2, 1));
        // An empty kind: nothing for melds, two stand-ins for the pair.
        assert_eq!((honor_cost(0, 4, 0), honor_cost(0, 4, 2)), (0, 2));
    }

    #[test]
    fn program_small_cases() {
        // 1111m: 111 + 1(23); the pair forces 11 + 1(23) + 1(23) under the cap, 11 + 11(1) without.
        assert_eq!(numbered_program(&[4, 0, 0, 0, 0, 0, 0, 0, 0], 4), (2, 4));
        assert_eq!(numbered_program(&[4, 0, 0, 0, 0, 0, 0, 0, 0], u8::MAX), (2, 1));
        assert_eq!(numbered_program(&[0; 9], 4), (0, 2));
        // 1112345678999m + 9m (nine gates plus one): complete with the pair, nothing spent.
        assert_eq!(numbered_program(&[3, 1, 1, 1, 1, 1, 1, 1, 4], 4).1, 0);
    }

    #[test]
    fn classes_pack_and_unpack() {
        for c in honor_classes(4, 14).classes.iter().map(|&(c, _)| c) {
            let wide = Class { melds: [NEVER, 7], pair: [3, NEVER], kinds: 9, odd: 9, doubles: 4, ..c };
            assert_eq!(Class::unpack(c.pack()), c);
            assert_eq!(Class::unpack(wide.pack()), wide);
        }
    }

    #[test]
    fn program_split_matches_the_forward_program() {
        let copies = [4u8; 9];
        let tails = tails(&copies);
        let mut x = 12345u64;
        for _ in 0..2000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let c: [u8; 9] = std::array::from_fn(|i| ((x >> (5 * i + 11)) % 5) as u8);
            let mut head = START;
            for (rank, &n) in c[..HEAD].iter().enumerate() {
                head = step(&head, rank, n, 4);
            }
            let tail = c[HEAD..].iter().rev().fold(0, |i, &n| 5 * i + n as usize);
            assert_eq!(join(&head, &tails[tail][1]), numbered_program(&c, 4), "{c:?}");
        }
    }

    #[test]
    fn program_agrees_with_the_tables() {
        // The program stands in for the tables above 14 tiles; where both answer they must agree.
        // Every 23rd pattern in debug, all 405,350 with HUPAI_FULL=1.
        let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
        let tables = super::super::tables().expect("embedded suit tables");
        let mut checked = 0;
        for code in (0..5usize.pow(9)).step_by(if full { 1 } else { 23 }) {
            let c: [u8; 9] = std::array::from_fn(|i| (code / 5usize.pow(i as u32) % 5) as u8);
            if let Some([free, capped]) = tables.fewest_wildcards(&c) {
                assert_eq!(numbered_program(&c, u8::MAX), free, "{c:?} without cap");
                assert_eq!(numbered_program(&c, 4), capped, "{c:?} capped");
                checked += 1;
            }
        }
        assert!(checked > 17_000, "{checked}");
    }

    #[test]
    fn honor_classes_count_the_ways() {
        let u = honor_classes(4, 14);
        let total: u128 = u.classes.iter().map(|&(_, w)| w).sum();
        assert_eq!(total, 16); // 2^4 subsets of four copies
        assert_eq!(u.classes.len(), 5);
    }
}
