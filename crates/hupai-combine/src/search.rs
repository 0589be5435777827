//! The covering search: every distinct covering of a hand by a set of combiners, listed, counted or
//! just found, and S001's greedy priority mode.
//!
//! Coverings are multisets of groups. A multiset is reached once because the search builds it in one
//! canonical order: tile by tile from 1m to 7z, at tile `i` it picks the groups whose lowest tile is
//! `i` (in catalog order, repeats allowed, never going back), and it leaves tile `i` only once every
//! real copy of `i` is covered. Wildcards are whatever the chosen groups need beyond the real tiles,
//! so a covering never depends on which wildcard went where. Boundary states (tile, tiles used, uses
//! of limited combiners, demand on the next few tiles) are memoized: a dead state is explored once,
//! counting never walks a state twice, and listing builds the graph of live states once and then
//! replays its paths, so its cost beyond counting is proportional to the output.

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

/// Memoized boundary states: (tile, tiles used, uses of limited combiners, demand on the tiles a
/// group started earlier can still reach). Packed into a `u128` in an open-addressing table when
/// it fits (always for the built-in combiners), else a byte string in a hash map.
enum Memo {
    Packed(PackedMemo),
    Bytes(HashMap<SmallVec<[u8; 32]>, u64, BuildHasherDefault<FxHasher>>),
}

/// Linear probing over a power-of-two table; keys are stored +1 so 0 marks an empty slot.
struct PackedMemo {
    slots: Vec<(u128, u64)>,
    len: usize,
}

impl PackedMemo {
    fn new() -> PackedMemo {
        PackedMemo { slots: Vec::new(), len: 0 }
    }

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline]
    fn get(&self, key: u128) -> Option<u64> {
        if self.slots.is_empty() {
            return None;
        }
        let k = key + 1;
        let mut i = self.slot(key);
        loop {
            let (sk, v) = self.slots[i];
            if sk == k {
                return Some(v);
            }
            if sk == 0 {
                return None;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn insert(&mut self, key: u128, value: u64) {
        if 2 * (self.len + 1) > self.slots.len() {
            let grown = vec![(0, 0); (self.slots.len() * 2).max(64)];
            let old = std::mem::replace(&mut self.slots, grown);
            self.len = 0;
            for (k, v) in old {
                if k != 0 {
                    self.insert(k - 1, v);
                }
            }
        }
        let k = key + 1;
        let mut i = self.slot(key);
        loop {
            let sk = self.slots[i].0;
            if sk == k || sk == 0 {
                if sk == 0 {
                    self.len += 1;
                }
                self.slots[i] = (k, value);
                return;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }
}

enum Key {
    Packed(u128),
    Bytes(SmallVec<[u8; 32]>),
}

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
    /// Bit `u` set iff `d[u] < c[u]`.
    uncovered_kinds: u64,
    uses: SmallVec<[u8; 8]>,
    /// Combiners whose uses are limited, by index: their uses go into the memo key.
    limited: SmallVec<[u16; 4]>,
    stack: SmallVec<[u16; 16]>,
    memo: Option<Memo>,
    stopped: bool,
    /// Listing with a memo: the live part of the state graph, built once and then replayed.
    graph: Graph,
    visitor: V,
}

/// The live boundary states of a listing and, for each, the groups it can add at its tile with
/// the state each choice leads to. Every path from the root to [`TERMINAL`] is one covering, so
/// replaying the graph costs the coverings' length, never a dead end or a state walked twice
/// from scratch (which re-walking the search from each prefix did: 5-10 times slower).
#[derive(Default)]
struct Graph {
    /// Per state: its transitions `trans[first..first + len]` and its number of coverings.
    nodes: Vec<(u32, u32, u64)>,
    /// (groups `ids[start..start + len]`, next state).
    trans: Vec<(u32, u32, u32)>,
    ids: Vec<u16>,
}

const TERMINAL: u32 = u32::MAX;
const DEAD: u32 = u32::MAX - 1;

impl<'a, V: Visitor> Engine<'a, V> {
    pub(crate) fn new(set: &'a Combiners, problem: &Problem, visitor: V) -> Engine<'a, V> {
        let mut uncovered = 0u16;
        let mut uncovered_kinds = 0u64;
        for (u, (c, f)) in problem.counts.iter().zip(problem.fixed).enumerate() {
            uncovered += c.saturating_sub(f) as u16;
            if f < *c {
                uncovered_kinds |= 1 << u;
            }
        }
        let limited: SmallVec<[u16; 4]> =
            (0..set.limits.len()).filter(|&i| set.limits[i].max_uses != u8::MAX).map(|i| i as u16).collect();
        let limited_len = limited.len();
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
            uncovered_kinds,
            uses: SmallVec::from_elem(0, set.limits.len()),
            limited,
            stack: SmallVec::new(),
            memo: if !memoize {
                None
            } else if 3 + limited_len + set.catalog.span <= 15 {
                Some(Memo::Packed(PackedMemo::new()))
            } else {
                Some(Memo::Bytes(HashMap::default()))
            },
            stopped: false,
            graph: Graph::default(),
            visitor,
        }
    }

    /// Runs the search; the number of coverings (1 or 0 when stopping at the first).
    pub(crate) fn run(&mut self) -> u64 {
        if !self.fits_at_all() {
            return 0;
        }
        if V::COUNT_ONLY || V::FIRST_ONLY || self.memo.is_none() {
            return self.boundary(0);
        }
        let root = self.build(0);
        match root {
            DEAD => 0,
            TERMINAL => {
                self.visitor.emit(self.cat, &self.stack);
                1
            }
            node => {
                self.replay(node);
                self.graph.nodes[node as usize].2
            }
        }
    }

    pub(crate) fn into_visitor(self) -> V {
        self.visitor
    }

    fn fits_at_all(&self) -> bool {
        self.size + self.uncovered <= self.total && self.d.iter().zip(self.cap).all(|(&d, c)| d <= c)
    }

    /// The boundary state before tile `i`. Demand at and beyond `i + span` is only the fixed
    /// group's, the same in every state, so it is left out.
    #[inline]
    fn key(&self, i: usize, packed: bool) -> Key {
        let end = (i + self.cat.span).min(34);
        if packed && self.size < 256 {
            // One byte each: tile, size, limited uses, then the demand window.
            let mut k: u128 = i as u128 | (self.size as u128) << 8;
            let mut shift = 16;
            for &l in &self.limited {
                k |= (self.uses[l as usize] as u128) << shift;
                shift += 8;
            }
            for u in i..end {
                k |= (self.d[u] as u128) << shift;
                shift += 8;
            }
            return Key::Packed(k);
        }
        let mut k: SmallVec<[u8; 32]> = SmallVec::new();
        k.push(i as u8);
        k.extend_from_slice(&self.size.to_le_bytes());
        for &l in &self.limited {
            k.push(self.uses[l as usize]);
        }
        k.extend_from_slice(&self.d[i..end]);
        Key::Bytes(k)
    }

    #[inline]
    fn memo_get(&self, key: &Key) -> Option<u64> {
        match (&self.memo, key) {
            (Some(Memo::Packed(m)), Key::Packed(k)) => m.get(*k),
            (Some(Memo::Bytes(m)), Key::Bytes(k)) => m.get(k).copied(),
            _ => None,
        }
    }

    fn memo_insert(&mut self, key: Key, n: u64) {
        match (&mut self.memo, key) {
            (Some(Memo::Packed(m)), Key::Packed(k)) => m.insert(k, n),
            (Some(Memo::Bytes(m)), Key::Bytes(k)) => {
                m.insert(k, n);
            }
            _ => {}
        }
    }

    fn memo_key(&self, i: usize) -> Option<Key> {
        self.memo.as_ref().map(|m| self.key(i, matches!(m, Memo::Packed(_))))
    }

    /// A lower bound on the tiles future groups need beyond the real tiles they cover, from real
    /// tiles no group can share with another uncovered real tile ("isolated"): each needs its own
    /// groups, costing `fill` extra tiles, the cheaper any-combiner price for at most as many of
    /// them as limited combiners have uses left. `u16::MAX / 2` when they cannot be covered.
    fn isolated_fill(&self) -> u16 {
        let uncovered = self.uncovered_kinds;
        let mut total = 0u16;
        let mut savings: SmallVec<[u8; 16]> = SmallVec::new();
        let mut bits = uncovered;
        while bits != 0 {
            let u = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if uncovered & self.cat.together[u] != 0 {
                continue;
            }
            let r = ((self.c[u] - self.d[u]) as usize).min(4);
            let (any, free) = self.cat.fill[u][r];
            if any == u8::MAX {
                return u16::MAX / 2;
            }
            total += any as u16;
            savings.push(free.saturating_sub(any));
        }
        let left: usize =
            self.limited.iter().map(|&l| (self.limits[l as usize].max_uses - self.uses[l as usize]) as usize).sum();
        if savings.len() > left {
            // The tiles that do not get a limited combiner pay the unlimited price.
            savings.sort_unstable();
            for &s in &savings[..savings.len() - left] {
                if s as u16 >= u16::MAX / 4 {
                    return u16::MAX / 2;
                }
                total += s as u16;
            }
        }
        total
    }

    /// True if the state before tile `i` cannot be completed, by the bounds alone.
    #[inline]
    fn hopeless(&self, i: usize) -> bool {
        i == 34 || (self.uncovered_kinds != 0 && self.size + self.uncovered + self.isolated_fill() > self.total)
    }

    /// All tiles below `i` are covered; choose groups from tile `i` on. Counting and yes/no.
    fn boundary(&mut self, i: usize) -> u64 {
        if self.size == self.total {
            // size + uncovered <= total is kept on every push, so nothing real is left.
            self.visitor.emit(self.cat, &self.stack);
            if V::FIRST_ONLY {
                self.stopped = true;
            }
            return 1;
        }
        if self.hopeless(i) {
            return 0;
        }
        let key = self.memo_key(i);
        if let Some(key) = &key
            && let Some(n) = self.memo_get(key)
            && (n == 0 || V::COUNT_ONLY)
        {
            return n;
        }
        let n = self.within(i, self.cat.starts[i] as usize);
        if let Some(key) = key
            && !self.stopped
        {
            self.memo_insert(key, n);
        }
        n
    }

    /// At tile `i`, groups from catalog entry `from` on may still be added.
    fn within(&mut self, i: usize, from: usize) -> u64 {
        let mut n = 0u64;
        // Listing needs groups before moving on (lexicographic order); a yes/no search does
        // better leaving tiles early, so wildcard-only groups are tried last.
        if V::FIRST_ONLY && self.d[i] >= self.c[i] {
            n = self.boundary(i + 1);
            if self.stopped {
                return n;
            }
        }
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
        if !V::FIRST_ONLY && self.d[i] >= self.c[i] {
            n = n.saturating_add(self.boundary(i + 1));
        }
        n
    }

    /// Listing: the graph node of the state before tile `i` (built on first visit), or
    /// [`TERMINAL`] / [`DEAD`].
    fn build(&mut self, i: usize) -> u32 {
        if self.size == self.total {
            return TERMINAL;
        }
        if self.hopeless(i) {
            return DEAD;
        }
        let key = self.memo_key(i);
        if let Some(key) = &key
            && let Some(v) = self.memo_get(key)
        {
            return v as u32;
        }
        let mut trans: SmallVec<[(u32, u32, u32); 8]> = SmallVec::new();
        let base = self.stack.len();
        self.build_within(i, self.cat.starts[i] as usize, base, &mut trans);
        let node = if trans.is_empty() {
            DEAD
        } else if trans.len() == 1 && trans[0].1 == 0 {
            // Only "add nothing here and move on": stand for the next state, so chains of tiles
            // where nothing more can happen cost nothing to replay.
            trans[0].2
        } else {
            let first = self.graph.trans.len() as u32;
            let mut count = 0u64;
            for &(_, _, child) in &trans {
                count = count.saturating_add(if child == TERMINAL { 1 } else { self.graph.nodes[child as usize].2 });
            }
            self.graph.trans.extend_from_slice(&trans);
            self.graph.nodes.push((first, trans.len() as u32, count));
            (self.graph.nodes.len() - 1) as u32
        };
        if let Some(key) = key {
            self.memo_insert(key, node as u64);
        }
        node
    }

    fn build_within(&mut self, i: usize, from: usize, base: usize, trans: &mut SmallVec<[(u32, u32, u32); 8]>) {
        let end = self.cat.starts[i + 1] as usize;
        for j in from..end {
            if self.push(j) {
                self.build_within(i, j, base, trans);
                self.pop(j);
            }
        }
        if self.d[i] >= self.c[i] {
            let child = self.build(i + 1);
            if child != DEAD {
                let start = self.graph.ids.len() as u32;
                self.graph.ids.extend_from_slice(&self.stack[base..]);
                trans.push((start, (self.stack.len() - base) as u32, child));
            }
        }
    }

    fn replay(&mut self, node: u32) {
        let (first, len, _) = self.graph.nodes[node as usize];
        for t in first..first + len {
            let (start, n, child) = self.graph.trans[t as usize];
            let depth = self.stack.len();
            self.stack.extend_from_slice(&self.graph.ids[start as usize..(start + n) as usize]);
            if child == TERMINAL {
                self.visitor.emit(self.cat, &self.stack);
            } else {
                self.replay(child);
            }
            self.stack.truncate(depth);
        }
    }

    #[inline]
    fn push(&mut self, j: usize) -> bool {
        let cat = self.cat;
        let e = &cat.entries[j];
        let ci = e.combiner as usize;
        let lim = self.limits[ci];
        // Only limited combiners are counted (u8::MAX means no limit, and a hand can hold more
        // groups than a u8 counts).
        let limited = lim.max_uses != u8::MAX;
        if limited && self.uses[ci] >= lim.max_uses {
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
            let u = u as usize;
            self.d[u] += k;
            if self.d[u] >= self.c[u] {
                self.uncovered_kinds &= !(1 << u);
            }
        }
        self.size += e.size as u16;
        self.uncovered -= newly;
        if limited {
            self.uses[ci] += 1;
        }
        self.stack.push(j as u16);
        true
    }

    #[inline]
    fn pop(&mut self, j: usize) {
        let cat = self.cat;
        let e = &cat.entries[j];
        self.stack.pop();
        if self.limits[e.combiner as usize].max_uses != u8::MAX {
            self.uses[e.combiner as usize] -= 1;
        }
        self.size -= e.size as u16;
        for &(u, k) in cat.parts(e) {
            let u = u as usize;
            let before = self.c[u].saturating_sub(self.d[u]);
            self.d[u] -= k;
            let after = self.c[u].saturating_sub(self.d[u]);
            self.uncovered += (after - before) as u16;
            if self.d[u] < self.c[u] {
                self.uncovered_kinds |= 1 << u;
            }
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
    let uncovered_after =
        |d: &[u8; 34]| -> u16 { problem.counts.iter().zip(d).map(|(&c, &d)| c.saturating_sub(d) as u16).sum::<u16>() };
    let fits = |j: usize, d: &[u8; 34], size: u16, uses: &[u8], chosen: &[u16]| -> bool {
        let e = &cat.entries[j];
        let lim = set.limits[e.combiner as usize];
        if lim.max_uses != u8::MAX && uses[e.combiner as usize] >= lim.max_uses {
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
        uses[e.combiner as usize] = uses[e.combiner as usize].saturating_add(1);
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
        let mut engine = Engine::new(
            self.combiners,
            &problem,
            Each(|catalog: &Catalog, ids: &[u16]| f(CoveringRef { catalog, ids })),
        );
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
