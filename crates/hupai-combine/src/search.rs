//! The covering search: every distinct covering of a hand by a set of combiners, listed, counted or
//! just found, and S001's greedy priority mode.
//!
//! Coverings are multisets of groups. A multiset is reached once because the search builds it in one
//! canonical order: tile by tile from 1m to 7z, at tile `i` it picks the groups whose lowest tile is
//! `i` (in catalog order, repeats allowed, never going back), and it leaves tile `i` only once every
//! real copy of `i` is covered. Wildcards are whatever the chosen groups need beyond the real tiles,
//! so a covering never depends on which wildcard went where. Boundary states (tile, tiles used, uses
//! of limited combiners, demand on the next few tiles) are memoized: a dead state is explored once,
//! and counting never walks a state twice.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use hupai_tiles::{Hand, Tile};
use smallvec::SmallVec;

use crate::combiner::{Catalog, Combiners, Limits};

/// A group in a covering: the combiner that formed it and its tiles, wildcards shown as the tiles
/// they became.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FormedGroup {
    /// Index of the combiner in its [`Combiners`] (see [`Combiners::name`]).
    pub combiner: usize,
    /// The tiles in ascending order.
    pub tiles: SmallVec<[Tile; 4]>,
}

impl fmt::Display for FormedGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hupai_tiles::notation::format_tiles(self.tiles.iter().copied()))
    }
}

/// One way of covering a hand: groups in canonical order (lowest tile, then combiner order, then
/// the combiner's own order). Two coverings are equal iff they are the same multiset of groups.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Covering {
    groups: Vec<FormedGroup>,
}

impl Covering {
    /// The groups in canonical order.
    pub fn groups(&self) -> &[FormedGroup] {
        &self.groups
    }

    /// Number of groups formed by the combiner at `index`.
    pub fn uses(&self, index: usize) -> usize {
        self.groups.iter().filter(|g| g.combiner == index).count()
    }

    /// Groups with their combiners' names: `jiang:11m ke:111z shun:123m`.
    pub fn describe(&self, combiners: &Combiners) -> String {
        let mut s = String::new();
        for (k, g) in self.groups.iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(combiners.name(g.combiner).unwrap_or("?"));
            s.push(':');
            s.push_str(&g.to_string());
        }
        s
    }
}

impl fmt::Display for Covering {
    /// Groups separated by spaces: `11m 123m 567z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, g) in self.groups.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{g}")?;
        }
        Ok(())
    }
}

/// A covering found by [`Search::for_each`], borrowed from the search: no allocation per covering.
#[derive(Clone, Copy)]
pub struct CoveringRef<'a> {
    catalog: &'a Catalog,
    ids: &'a [u16],
}

impl<'a> CoveringRef<'a> {
    /// The groups in canonical order, as (combiner index, tiles).
    pub fn groups(&self) -> impl Iterator<Item = (usize, &'a [Tile])> + 'a {
        let cat = self.catalog;
        self.ids.iter().map(move |&id| {
            let e = &cat.entries[id as usize];
            (e.combiner as usize, cat.tiles(e))
        })
    }

    /// Number of groups.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// True if the covering has no group (an empty hand).
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// An owned copy.
    pub fn to_covering(&self) -> Covering {
        Covering {
            groups: self
                .groups()
                .map(|(combiner, tiles)| FormedGroup { combiner, tiles: tiles.iter().copied().collect() })
                .collect(),
        }
    }
}

impl fmt::Debug for CoveringRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CoveringRef").field(&self.to_covering()).finish()
    }
}

/// What to cover: real counts, wildcards, per-kind copy caps and tiles already fixed in place.
#[derive(Debug, Clone)]
pub(crate) struct Problem {
    pub(crate) counts: [u8; 34],
    pub(crate) caps: [u8; 34],
    /// Real tiles plus wildcards: the size every covering has (fixed tiles included).
    pub(crate) total: u16,
    pub(crate) wildcards: u8,
    /// Tiles of a group forced into every covering (wait typing), not listed in the coverings.
    pub(crate) fixed: [u8; 34],
    pub(crate) fixed_size: u16,
}

impl Problem {
    /// The concealed tiles and wildcards of `hand`; a kind may reach four copies counting the
    /// hand's declared melds, or any number with the fifth-copy rule (a kind only exceeds four
    /// when a wildcard stands for it, since the hand itself never holds five).
    pub(crate) fn from_hand(hand: &Hand, fifth_copy: bool) -> Problem {
        let declared = hand.declared_counts();
        let mut caps = [u8::MAX; 34];
        if !fifth_copy {
            for (cap, d) in caps.iter_mut().zip(declared.0) {
                *cap = 4u8.saturating_sub(d);
            }
        }
        Problem {
            counts: hand.concealed().0,
            caps,
            total: hand.concealed().total() as u16 + hand.wildcards() as u16,
            wildcards: hand.wildcards(),
            fixed: [0; 34],
            fixed_size: 0,
        }
    }

    /// Forces a group into every covering; false if it breaks a copy cap or does not fit.
    pub(crate) fn fix(&mut self, tiles: &[Tile]) -> bool {
        for &t in tiles {
            self.fixed[t.index()] = self.fixed[t.index()].saturating_add(1);
            self.fixed_size += 1;
        }
        self.fixed_size <= self.total && self.fixed.iter().zip(self.caps).all(|(&f, c)| f <= c)
    }
}

/// What the search does with each covering.
pub(crate) trait Visitor {
    /// Stop at the first covering.
    const FIRST_ONLY: bool;
    /// Only the number matters: memoized counts are reused without walking the state again.
    const COUNT_ONLY: bool;
    fn emit(&mut self, catalog: &Catalog, ids: &[u16]);
}

/// Counts coverings.
pub(crate) struct Counter;

impl Visitor for Counter {
    const FIRST_ONLY: bool = false;
    const COUNT_ONLY: bool = true;
    #[inline]
    fn emit(&mut self, _: &Catalog, _: &[u16]) {}
}

/// Finds whether any covering exists.
pub(crate) struct Exists;

impl Visitor for Exists {
    const FIRST_ONLY: bool = true;
    const COUNT_ONLY: bool = false;
    #[inline]
    fn emit(&mut self, _: &Catalog, _: &[u16]) {}
}

/// Calls a closure with every covering.
pub(crate) struct Each<F>(pub(crate) F);

impl<F: FnMut(&Catalog, &[u16])> Visitor for Each<F> {
    const FIRST_ONLY: bool = false;
    const COUNT_ONLY: bool = false;
    #[inline]
    fn emit(&mut self, catalog: &Catalog, ids: &[u16]) {
        (self.0)(catalog, ids)
    }
}

/// FxHash: the memo keys are short byte strings made by us, no need for SipHash's DoS resistance.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type Key = SmallVec<[u8; 24]>;
type Memo = HashMap<Key, u64, BuildHasherDefault<FxHasher>>;

/// The canonical-order search over one problem and one combiner set.
pub(crate) struct Engine<'a, V> {
    cat: &'a Catalog,
    limits: &'a [Limits],
    c: [u8; 34],
    cap: [u8; 34],
    total: u16,
    /// Tiles the chosen (and fixed) groups use, per kind.
    d: [u8; 34],
    size: u16,
    /// Real tiles not yet covered: sum of `c - d` where positive.
    uncovered: u16,
    uses: SmallVec<[u8; 8]>,
    /// Combiners whose uses are limited, by index: their uses go into the memo key.
    limited: SmallVec<[u16; 4]>,
    stack: SmallVec<[u16; 16]>,
    memo: Option<Memo>,
    stopped: bool,
    visitor: V,
}

impl<'a, V: Visitor> Engine<'a, V> {
    pub(crate) fn new(set: &'a Combiners, problem: &Problem, visitor: V) -> Engine<'a, V> {
        let mut uncovered = 0u16;
        for (c, f) in problem.counts.iter().zip(problem.fixed) {
            uncovered += c.saturating_sub(f) as u16;
        }
        let limited =
            (0..set.limits.len()).filter(|&i| set.limits[i].max_uses != u8::MAX).map(|i| i as u16).collect();
        // Without wildcards every boundary demands exactly the real counts, so dead ends are
        // shallow and a memo costs more than it saves; counting always memoizes.
        let memoize = V::COUNT_ONLY || problem.wildcards > 0;
        Engine {
            cat: &set.catalog,
            limits: &set.limits,
            c: problem.counts,
            cap: problem.caps,
            total: problem.total,
            d: problem.fixed,
            size: problem.fixed_size,
            uncovered,
            uses: SmallVec::from_elem(0, set.limits.len()),
            limited,
            stack: SmallVec::new(),
            memo: if memoize { Some(Memo::default()) } else { None },
            stopped: false,
            visitor,
        }
    }

    /// Runs the search; the number of coverings (1 or 0 when stopping at the first).
    pub(crate) fn run(&mut self) -> u64 {
        if self.fits_at_all() { self.boundary(0) } else { 0 }
    }

    pub(crate) fn into_visitor(self) -> V {
        self.visitor
    }

    fn fits_at_all(&self) -> bool {
        self.size + self.uncovered <= self.total && self.d.iter().zip(self.cap).all(|(&d, c)| d <= c)
    }

    fn key(&self, i: usize) -> Key {
        let mut k = Key::new();
        k.push(i as u8);
        k.extend_from_slice(&self.size.to_le_bytes());
        for &l in &self.limited {
            k.push(self.uses[l as usize]);
        }
        let end = (i + self.cat.span).min(34);
        let mut last = i;
        for u in i..end {
            if self.d[u] != 0 {
                last = u + 1;
            }
        }
        k.extend_from_slice(&self.d[i..last]);
        k
    }

    /// All tiles below `i` are covered; choose groups from tile `i` on.
    fn boundary(&mut self, i: usize) -> u64 {
        if self.size == self.total {
            // size + uncovered <= total is kept on every push, so nothing real is left.
            self.visitor.emit(self.cat, &self.stack);
            if V::FIRST_ONLY {
                self.stopped = true;
            }
            return 1;
        }
        if i == 34 {
            return 0;
        }
        let key = match &self.memo {
            Some(memo) => {
                let key = self.key(i);
                if let Some(&n) = memo.get(&key)
                    && (n == 0 || V::COUNT_ONLY)
                {
                    return n;
                }
                Some(key)
            }
            None => None,
        };
        let n = self.within(i, self.cat.starts[i] as usize);
        if let (Some(key), Some(memo)) = (key, &mut self.memo)
            && !self.stopped
        {
            memo.insert(key, n);
        }
        n
    }

    /// At tile `i`, groups from catalog entry `from` on may still be added.
    fn within(&mut self, i: usize, from: usize) -> u64 {
        let mut n = 0u64;
        let end = self.cat.starts[i + 1] as usize;
        for j in from..end {
            if self.push(j) {
                n = n.saturating_add(self.within(i, j));
                self.pop(j);
                if self.stopped {
                    return n;
                }
            }
        }
        if self.d[i] >= self.c[i] {
            n = n.saturating_add(self.boundary(i + 1));
        }
        n
    }

    #[inline]
    fn push(&mut self, j: usize) -> bool {
        let cat = self.cat;
        let e = &cat.entries[j];
        let ci = e.combiner as usize;
        let lim = self.limits[ci];
        if self.uses[ci] >= lim.max_uses {
            return false;
        }
        if lim.max_identical != u8::MAX {
            let same = self.stack.iter().rev().take_while(|&&s| s as usize == j).count();
            if same >= lim.max_identical as usize {
                return false;
            }
        }
        let parts = cat.parts(e);
        let mut newly = 0u16;
        for &(u, k) in parts {
            let u = u as usize;
            let d = self.d[u] as u16 + k as u16;
            if d > self.cap[u] as u16 {
                return false;
            }
            let before = self.c[u].saturating_sub(self.d[u]) as u16;
            newly += before.min(k as u16);
        }
        if self.size + e.size as u16 + self.uncovered - newly > self.total {
            return false;
        }
        for &(u, k) in parts {
            self.d[u as usize] += k;
        }
        self.size += e.size as u16;
        self.uncovered -= newly;
        self.uses[ci] += 1;
        self.stack.push(j as u16);
        true
    }

    #[inline]
    fn pop(&mut self, j: usize) {
        let cat = self.cat;
        let e = &cat.entries[j];
        self.stack.pop();
        self.uses[e.combiner as usize] -= 1;
        self.size -= e.size as u16;
        for &(u, k) in cat.parts(e) {
            let u = u as usize;
            let before = self.c[u].saturating_sub(self.d[u]);
            self.d[u] -= k;
            let after = self.c[u].saturating_sub(self.d[u]);
            self.uncovered += (after - before) as u16;
        }
    }
}

/// Greedy priority mode: from `start`, repeatedly take the first uncovered real tile in cyclic
/// order and the first combiner (in set order) with a group whose lowest tile it is that still
/// fits; with no real tile left, the first group in catalog order that fits. `None` when stuck.
pub(crate) fn priority(set: &Combiners, problem: &Problem, start: usize) -> Option<SmallVec<[u16; 16]>> {
    let cat = &set.catalog;
    let mut d = problem.fixed;
    let mut size = problem.fixed_size;
    let mut uses: SmallVec<[u8; 8]> = SmallVec::from_elem(0, set.limits.len());
    let mut chosen: SmallVec<[u16; 16]> = SmallVec::new();
    let uncovered_after = |d: &[u8; 34]| -> u16 {
        problem.counts.iter().zip(d).map(|(&c, &d)| c.saturating_sub(d) as u16).sum::<u16>()
    };
    let fits = |j: usize, d: &[u8; 34], size: u16, uses: &[u8], chosen: &[u16]| -> bool {
        let e = &cat.entries[j];
        let lim = set.limits[e.combiner as usize];
        if uses[e.combiner as usize] >= lim.max_uses {
            return false;
        }
        if chosen.iter().filter(|&&c| c as usize == j).count() >= lim.max_identical as usize {
            return false;
        }
        let mut nd = *d;
        for &(u, k) in cat.parts(e) {
            let v = nd[u as usize] as u16 + k as u16;
            if v > problem.caps[u as usize] as u16 {
                return false;
            }
            nd[u as usize] = v as u8;
        }
        size + e.size as u16 + uncovered_after(&nd) <= problem.total
    };
    while size < problem.total {
        let target = (0..34).map(|k| (start + k) % 34).find(|&t| d[t] < problem.counts[t]);
        let found = match target {
            Some(t) => (0..set.len()).find_map(|ci| {
                (cat.starts[t] as usize..cat.starts[t + 1] as usize)
                    .find(|&j| cat.entries[j].combiner as usize == ci && fits(j, &d, size, &uses, &chosen))
            }),
            None => (0..set.len()).find_map(|ci| {
                (0..cat.entries.len())
                    .find(|&j| cat.entries[j].combiner as usize == ci && fits(j, &d, size, &uses, &chosen))
            }),
        };
        let j = found?;
        let e = &cat.entries[j];
        for &(u, k) in cat.parts(e) {
            d[u as usize] += k;
        }
        size += e.size as u16;
        uses[e.combiner as usize] += 1;
        chosen.push(j as u16);
    }
    chosen.sort_unstable();
    Some(chosen)
}

/// Searches one hand with one combiner set: all coverings, their number, whether any exists, or
/// S001's greedy priority coverings.
///
/// By default a kind never exceeds four copies (concealed + declared melds + what wildcards
/// stand for); [`Search::fifth_copy`] lifts that for wildcards. Declared melds are not covered,
/// only counted against the copy limit.
///
/// ```
/// use hupai_combine::{Combiners, Search};
/// use hupai_tiles::Hand;
/// let set = Combiners::standard();
/// let hand: Hand = "111222333m789p11z".parse()?;
/// let search = Search::new(&set);
/// assert_eq!(search.count(&hand), 2); // 111 222 333m or 123 123 123m
/// assert!(search.any(&hand));
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Search<'a> {
    combiners: &'a Combiners,
    fifth_copy: bool,
}

impl<'a> Search<'a> {
    /// A search with these combiners and the four-copy limit.
    pub fn new(combiners: &'a Combiners) -> Search<'a> {
        Search { combiners, fifth_copy: false }
    }

    /// Whether a wildcard may stand for a fifth copy of a kind.
    pub fn fifth_copy(mut self, allowed: bool) -> Search<'a> {
        self.fifth_copy = allowed;
        self
    }

    fn problem(&self, hand: &Hand) -> Problem {
        Problem::from_hand(hand, self.fifth_copy)
    }

    /// Every distinct covering, in canonical order (lexicographic over the groups' canonical order).
    pub fn coverings(&self, hand: &Hand) -> Vec<Covering> {
        let mut out = Vec::new();
        self.for_each(hand, |c| out.push(c.to_covering()));
        out
    }

    /// Calls `f` with every distinct covering, in the order of [`Search::coverings`].
    pub fn for_each(&self, hand: &Hand, mut f: impl FnMut(CoveringRef<'_>)) {
        let problem = self.problem(hand);
        let mut engine =
            Engine::new(self.combiners, &problem, Each(|catalog: &Catalog, ids: &[u16]| f(CoveringRef { catalog, ids })));
        engine.run();
    }

    /// The number of distinct coverings, without listing them (memoized; saturates at `u64::MAX`).
    pub fn count(&self, hand: &Hand) -> u64 {
        let problem = self.problem(hand);
        Engine::new(self.combiners, &problem, Counter).run()
    }

    /// Whether any covering exists; stops at the first.
    pub fn any(&self, hand: &Hand) -> bool {
        let problem = self.problem(hand);
        Engine::new(self.combiners, &problem, Exists).run() > 0
    }

    /// S001's GetPriorityGroups: greedy, the first combiner that fits wins. It starts once from
    /// each kind the hand holds (S001 started from each card) and walks the tiles cyclically from
    /// there; the distinct coverings found, in the order found. May miss coverings and may find
    /// none where [`Search::coverings`] finds some: that is the mode's point, speed over coverage.
    pub fn priority(&self, hand: &Hand) -> Vec<Covering> {
        let problem = self.problem(hand);
        let mut starts: SmallVec<[usize; 14]> = (0..34).filter(|&t| problem.counts[t] > 0).collect();
        if starts.is_empty() {
            starts.push(0);
        }
        let mut out: Vec<Covering> = Vec::new();
        for s in starts {
            if let Some(ids) = priority(self.combiners, &problem, s) {
                let c = CoveringRef { catalog: &self.combiners.catalog, ids: &ids }.to_covering();
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }
}

/// Every distinct covering of the hand's concealed tiles and wildcards by these combiners (S001's
/// GetHuGroups, and GetSpecialHuGroups when some combiners are special), four-copy limit.
/// Shorthand for [`Search::coverings`].
pub fn hu_groups(hand: &Hand, combiners: &Combiners) -> Vec<Covering> {
    Search::new(combiners).coverings(hand)
}

/// S001's GetPriorityGroups; shorthand for [`Search::priority`].
pub fn priority_groups(hand: &Hand, combiners: &Combiners) -> Vec<Covering> {
    Search::new(combiners).priority(hand)
}
