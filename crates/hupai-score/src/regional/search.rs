//! The search for the reading that scores most: every decomposition of the hand with every
//! assignment of its wildcards, as one depth-first walk that carries the reading's facts as it
//! places groups, so a leaf costs a table lookup, not a pass over the hand.
//!
//! The walk covers the lowest concealed tile left with each group that can hold it (a pair, a
//! triplet, a sequence starting up to two ranks below), taking real tiles before wildcards; once
//! every real tile is placed, the wildcards left form whole groups of any kind ("free" groups,
//! enumerated as multisets). Taking real tiles first loses nothing: a decomposition is a
//! multiset of groups, and which copy of a kind sits in which group does not change it.

use hupai::{Decomposition, Group, SevenPairs, Tile};

use super::condition::{Condition, Facts, bit};
use super::evaluate::{Evaluation, evaluate};
use super::table::Table;

const KINDS: usize = 34;
/// Numbered kinds: sequences start among them.
const NUMBERED: usize = 27;

/// A group while searching: a kind and whether it is a sequence starting there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Set {
    kind: u8,
    sequence: bool,
}

impl Set {
    fn group(self) -> Group {
        let t = tile(self.kind as usize);
        if self.sequence { Group::Sequence(t) } else { Group::Triplet(t) }
    }
}

fn tile(k: usize) -> Tile {
    // Every index the search uses is below 34.
    Tile::ALL[k]
}

fn rank(k: usize) -> usize {
    k % 9 + 1
}

fn is_258(k: usize) -> bool {
    k < NUMBERED && matches!(rank(k), 2 | 5 | 8)
}

fn is_terminal(k: usize) -> bool {
    k < NUMBERED && matches!(rank(k), 1 | 9)
}

/// A free set by its option number: triplets of kinds 0–33, then the 21 sequences.
fn free_option(option: usize) -> Set {
    if option < KINDS {
        Set { kind: option as u8, sequence: false }
    } else {
        let i = option - KINDS;
        Set { kind: ((i / 7) * 9 + i % 7) as u8, sequence: true }
    }
}

/// The kinds of a set, with the copies each takes.
fn set_kinds(s: Set) -> [u8; 3] {
    if s.sequence { [s.kind, s.kind + 1, s.kind + 2] } else { [s.kind; 3] }
}

fn set_has_terminal(s: Set) -> bool {
    let k = s.kind as usize;
    if s.sequence { matches!(rank(k), 1 | 7) } else { is_terminal(k) }
}

/// The running facts of a partial reading: what the tiles placed so far (with the declared
/// melds) already decide, packed in one word (suits used, "some tile is not a 2/5/8", "not a
/// simple", "a wildcard stands for another kind", "a set is a sequence", "a set has no 1 or 9",
/// and the fours of a kind in the high bits), so placing a tile is an OR and an add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Agg(u32);

impl Agg {
    const NUMBERED_SUITS: u32 = 0b111;
    const HONORS: u32 = 0b1000;
    const NOT_258: u32 = 1 << 4;
    const NOT_SIMPLE: u32 = 1 << 5;
    const UNNATURAL: u32 = 1 << 6;
    const NOT_ALL_TRIPLETS: u32 = 1 << 7;
    const NOT_TERMINAL_EACH: u32 = 1 << 8;
    const QUAD: u32 = 1 << 16;

    fn has(self, flag: u32) -> bool {
        self.0 & flag != 0
    }

    fn quads(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// True if every numbered suit is used (no void suit is left).
    fn all_suits(self) -> bool {
        self.0 & Agg::NUMBERED_SUITS == Agg::NUMBERED_SUITS
    }
}

/// What a tile of each kind sets in [`Agg`]: its suit bit, and whether it is not a 2/5/8 and
/// not a simple.
const KIND_FLAGS: [u32; KINDS] = {
    let mut flags = [0; KINDS];
    let mut k = 0;
    while k < KINDS {
        let suit = if k < NUMBERED { 1 << (k / 9) } else { Agg::HONORS };
        let r = k % 9 + 1;
        let is_258 = k < NUMBERED && (r == 2 || r == 5 || r == 8);
        let simple = k < NUMBERED && r >= 2 && r <= 8;
        flags[k] = suit | if is_258 { 0 } else { Agg::NOT_258 } | if simple { 0 } else { Agg::NOT_SIMPLE };
        k += 1;
    }
    flags
};

/// The melds walk's state, copied into each child.
#[derive(Debug, Clone, Copy)]
struct Walk {
    rem: [u8; KINDS],
    /// The kinds with real tiles left, one bit each (the lowest is found in one instruction).
    rem_kinds: u64,
    /// Real tiles left.
    rem_tiles: u8,
    counts: [u8; KINDS],
    wild: u8,
    /// The pair's kind, or [`NO_PAIR`].
    pair: u8,
    n_sets: u8,
    sets: [Set; 4],
    agg: Agg,
}

/// Slots of the evaluation cache (a power of two), and its index bits.
const MEMO_BITS: u32 = 6;
const MEMO_SLOTS: usize = 1 << MEMO_BITS;
/// A cache slot never filled (no facts key has every bit set).
const EMPTY_SLOT: u64 = u64::MAX;

/// At most this many possible facts are evaluated to decide that a walk state is hopeless.
const HOPELESS_CHOICES: u32 = 4;

/// No pair placed yet.
const NO_PAIR: u8 = u8::MAX;

/// How a reading is shaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A pair and concealed groups.
    Melds { pair: Tile, groups: Vec<Group> },
    /// Seven pairs.
    SevenPairs { pairs: [Tile; 7] },
    /// No shape.
    Loose,
}

/// The reading that scores most, and what it scores.
#[derive(Debug, Clone)]
pub(crate) struct Best {
    pub(crate) evaluation: Evaluation,
    pub(crate) shape: Shape,
    /// Copies of each kind the concealed part uses, wildcards as they stood.
    pub(crate) counts: [u8; KINDS],
}

impl Best {
    /// The decomposition of the concealed part, for melds and seven pairs.
    pub(crate) fn decomposition(&self) -> Option<Decomposition> {
        match &self.shape {
            Shape::Melds { pair, groups } => Some(Decomposition::melds(*pair, groups)),
            Shape::SevenPairs { pairs } => Some(Decomposition::seven_pairs(*pairs)),
            Shape::Loose => None,
        }
    }
}

/// Everything fixed about the hand, and the walk's state.
pub(crate) struct Search<'a> {
    table: &'a Table,
    /// Concealed tiles (copies of the wildcard tile excluded).
    real: [u8; KINDS],
    declared: [u8; KINDS],
    /// Wildcards that are copies of a kind.
    copies: [u8; KINDS],
    allowed: [bool; KINDS],
    any_void: bool,
    pair_258: bool,
    seven_pairs: SevenPairs,
    melds_needed: usize,
    win: usize,
    win_wild: bool,
    hand_facts: Facts,
    declared_agg: Agg,
    // The walk's state.
    rem: [u8; KINDS],
    counts: [u8; KINDS],
    wild: u8,
    pair: Option<usize>,
    sets: [Set; 4],
    n_sets: usize,
    /// The fact bits the table's fans read, and whether they read the fours of a kind: the
    /// rest is cleared before a reading is evaluated, so readings the table cannot tell apart
    /// share one evaluation.
    read_bits: u32,
    reads_quads: bool,
    /// Evaluations by facts key: a direct-mapped cache of [`MEMO_SLOTS`] slots (most hands
    /// have a few dozen distinct facts), and a list for keys whose slot is taken.
    slots: Box<[(u64, Option<usize>); MEMO_SLOTS]>,
    memo: Vec<(u64, Option<usize>)>,
    evaluations: Vec<Evaluation>,
    best: Option<(usize, Shape, [u8; KINDS])>,
}

/// What the search needs to know about the hand.
pub(crate) struct HandInput {
    pub(crate) real: [u8; KINDS],
    pub(crate) wildcards: u8,
    pub(crate) declared: [u8; KINDS],
    pub(crate) declared_sets: Vec<Group>,
    pub(crate) copies: [u8; KINDS],
    pub(crate) allowed: [bool; KINDS],
    pub(crate) any_void: bool,
    pub pair_258: bool,
    pub(crate) seven_pairs: SevenPairs,
    pub(crate) win: Tile,
    pub(crate) win_wild: bool,
    pub(crate) hand_facts: Facts,
}

impl<'a> Search<'a> {
    pub(crate) fn new(table: &'a Table, h: HandInput) -> Search<'a> {
        let mut agg = Agg(0);
        for (&n, &flags) in h.declared.iter().zip(&KIND_FLAGS) {
            if n > 0 {
                agg.0 |= flags;
                if n == 4 {
                    agg.0 += Agg::QUAD;
                }
            }
        }
        for &g in &h.declared_sets {
            let s = match g {
                Group::Triplet(t) => Set { kind: t.index() as u8, sequence: false },
                Group::Sequence(t) => Set { kind: t.index() as u8, sequence: true },
            };
            if s.sequence {
                agg.0 |= Agg::NOT_ALL_TRIPLETS;
            }
            if !set_has_terminal(s) {
                agg.0 |= Agg::NOT_TERMINAL_EACH;
            }
        }
        let (mut read_bits, mut reads_quads) = (0, false);
        for fan in table.fans.iter().filter(|f| f.enabled) {
            reads_quads |= fan.per.is_some();
            for c in &fan.when {
                let (b, q) = c.reads();
                read_bits |= b;
                reads_quads |= q;
            }
        }
        Search {
            table,
            read_bits,
            reads_quads,
            real: h.real,
            declared: h.declared,
            copies: h.copies,
            allowed: h.allowed,
            any_void: h.any_void,
            pair_258: h.pair_258,
            seven_pairs: h.seven_pairs,
            melds_needed: 4 - h.declared_sets.len().min(4),
            win: h.win.index(),
            win_wild: h.win_wild,
            hand_facts: h.hand_facts,
            declared_agg: agg,
            rem: h.real,
            counts: [0; KINDS],
            wild: h.wildcards,
            pair: None,
            sets: [Set { kind: 0, sequence: false }; 4],
            n_sets: 0,
            slots: Box::new([(EMPTY_SLOT, None); MEMO_SLOTS]),
            memo: Vec::new(),
            evaluations: Vec::new(),
            best: None,
        }
    }

    /// Walks every reading; the best, if any wins.
    pub(crate) fn run(mut self) -> Option<Best> {
        if (0..KINDS).any(|k| self.declared[k] > 0 && !self.allowed[k]) {
            return None;
        }
        let wild = self.wild;
        let start = Walk {
            rem: self.real,
            rem_kinds: (0..KINDS).filter(|&k| self.real[k] > 0).fold(0, |bits, k| bits | 1 << k),
            rem_tiles: self.real.iter().sum(),
            counts: [0; KINDS],
            wild,
            pair: NO_PAIR,
            n_sets: 0,
            sets: [Set { kind: 0, sequence: false }; 4],
            agg: self.declared_agg,
        };
        self.walk(&start, 0, 0);
        self.rem = self.real;
        self.counts = [0; KINDS];
        self.wild = wild;
        self.pair = None;
        self.n_sets = 0;
        if self.n_sets == 0 && self.melds_needed == 4 && self.seven_pairs != SevenPairs::Off {
            self.seven_pairs_readings();
        }
        if self.table.loose.is_some() {
            self.wild = wild;
            self.loose();
        }
        let (i, shape, counts) = self.best?;
        Some(Best { evaluation: self.evaluations[i].clone(), shape, counts })
    }

    /// Adds `m` copies of kind `k` to the concealed part, real tiles first; false if the copies
    /// run out, the kind is not allowed or too few wildcards are left. `agg` is updated.
    #[inline(always)]
    fn add(&mut self, k: usize, m: u8, agg: &mut Agg) -> bool {
        if !self.allowed[k] || self.counts[k] + m + self.declared[k] > 4 {
            return false;
        }
        let real = self.rem[k].min(m);
        let wild = m - real;
        if wild > self.wild {
            return false;
        }
        self.rem[k] -= real;
        self.wild -= wild;
        let before = self.counts[k] + self.declared[k];
        self.counts[k] += m;
        agg.0 |= KIND_FLAGS[k];
        if before < 4 && before + m == 4 {
            agg.0 += Agg::QUAD;
        }
        if wild > 0 && self.counts[k] - self.real[k] > self.copies[k] {
            agg.0 |= Agg::UNNATURAL;
        }
        true
    }

    /// Takes back what [`Search::add`] added (`m` copies of `k`, `real` of them real tiles).
    fn remove(&mut self, k: usize, m: u8, real: u8) {
        self.counts[k] -= m;
        self.rem[k] += real;
        self.wild += m - real;
    }

    /// Places a set: its tiles, then the group facts. `None` (nothing changed) if it cannot.
    #[inline]
    fn place_set(&mut self, s: Set, agg: Agg) -> Option<(Agg, [u8; 3])> {
        let mut a = agg;
        let k = s.kind as usize;
        let mut reals = [0u8; 3];
        if s.sequence {
            // Cheap refusals first: the wildcards the three kinds need.
            let need = u8::from(self.rem[k] == 0) + u8::from(self.rem[k + 1] == 0) + u8::from(self.rem[k + 2] == 0);
            if need > self.wild {
                return None;
            }
            for i in 0..3 {
                let before = self.rem[k + i];
                if !self.add(k + i, 1, &mut a) {
                    for (j, &real) in reals.iter().enumerate().take(i) {
                        self.remove(k + j, 1, real);
                    }
                    return None;
                }
                reals[i] = before - self.rem[k + i];
            }
            a.0 |= Agg::NOT_ALL_TRIPLETS;
            if !matches!(rank(k), 1 | 7) {
                a.0 |= Agg::NOT_TERMINAL_EACH;
            }
        } else {
            let before = self.rem[k];
            if !self.add(k, 3, &mut a) {
                return None;
            }
            reals[0] = before - self.rem[k];
            if !is_terminal(k) {
                a.0 |= Agg::NOT_TERMINAL_EACH;
            }
        }
        self.sets[self.n_sets] = s;
        self.n_sets += 1;
        Some((a, reals))
    }

    fn unplace_set(&mut self, s: Set, reals: [u8; 3]) {
        self.n_sets -= 1;
        let kinds = set_kinds(s);
        if s.sequence {
            for i in 0..3 {
                self.remove(kinds[i] as usize, 1, reals[i]);
            }
        } else {
            self.remove(kinds[0] as usize, 3, reals[0]);
        }
    }

    fn pair_ok(&self, k: usize) -> bool {
        !self.pair_258 || is_258(k)
    }

    /// Places the pair on `k` and goes on with `next`.
    fn with_pair(&mut self, k: usize, agg: Agg, next: &mut dyn FnMut(&mut Self, Agg)) {
        if !self.pair_ok(k) {
            return;
        }
        let mut a = agg;
        let before = self.rem[k];
        if !self.add(k, 2, &mut a) {
            return;
        }
        let real = before - self.rem[k];
        if !is_terminal(k) {
            a.0 |= Agg::NOT_TERMINAL_EACH;
        }
        self.pair = Some(k);
        next(self, a);
        self.pair = None;
        self.remove(k, 2, real);
    }

    /// The melds walk from kind `from` on, on a copy of the walk's state (copying it is cheaper
    /// than undoing each placement). The groups holding one kind are taken in a fixed order of
    /// options (pair, triplet, the sequences starting at k, k-1, k-2): while the lowest kind left
    /// is still `from`, only options from `first` on, so each multiset of groups is reached once.
    fn walk(&mut self, w: &Walk, from: usize, first: usize) {
        if self.any_void && w.agg.all_suits() {
            return;
        }
        if self.best.is_some() && !self.reads_quads && self.hopeless(w) {
            return;
        }
        let left = w.rem_kinds >> from;
        if left == 0 {
            return self.end_walk(w);
        }
        let k = from + left.trailing_zeros() as usize;
        if !self.allowed[k] {
            return;
        }
        let first = if k == from { first } else { 0 };
        let t = w.counts[k] + self.declared[k];
        if first == 0 && w.pair == NO_PAIR && self.pair_ok(k) && t + 2 <= 4 {
            let real = w.rem[k].min(2);
            if 2 - real <= w.wild {
                let mut c = *w;
                self.take(&mut c, k, 2, real);
                if !is_terminal(k) {
                    c.agg.0 |= Agg::NOT_TERMINAL_EACH;
                }
                c.pair = k as u8;
                self.walk(&c, k, 1);
            }
        }
        if usize::from(w.n_sets) == self.melds_needed {
            return;
        }
        if first <= 1 && t + 3 <= 4 {
            let real = w.rem[k].min(3);
            if 3 - real <= w.wild {
                let mut c = *w;
                self.take(&mut c, k, 3, real);
                if !is_terminal(k) {
                    c.agg.0 |= Agg::NOT_TERMINAL_EACH;
                }
                c.sets[usize::from(c.n_sets)] = Set { kind: k as u8, sequence: false };
                c.n_sets += 1;
                self.walk(&c, k, 1);
            }
        }
        if k >= NUMBERED {
            return;
        }
        let r = rank(k);
        for option in first.max(2)..5 {
            // A sequence holding k starts at k, k-1 or k-2, within the suit, at rank 7 at most.
            let back = option - 2;
            if r <= back || r - back > 7 {
                continue;
            }
            let start = k - back;
            let mut need = 0;
            let mut ok = true;
            for j in start..start + 3 {
                need += u8::from(w.rem[j] == 0);
                ok &= self.allowed[j] && w.counts[j] + self.declared[j] < 4;
            }
            if !ok || need > w.wild {
                continue;
            }
            let mut c = *w;
            for j in start..start + 3 {
                let real = u8::from(w.rem[j] > 0);
                self.take(&mut c, j, 1, real);
            }
            c.agg.0 |= Agg::NOT_ALL_TRIPLETS;
            if !matches!(rank(start), 1 | 7) {
                c.agg.0 |= Agg::NOT_TERMINAL_EACH;
            }
            c.sets[usize::from(c.n_sets)] = Set { kind: start as u8, sequence: true };
            c.n_sets += 1;
            self.walk(&c, k, option);
        }
    }

    /// True if no melds reading this walk state leads to can beat the best so far. The facts
    /// the table reads that the state has not settled yet (a flag every tile so far keeps, the
    /// one suit while there is one, the pair's flags before the pair, the fours of a kind still
    /// to come) give a set of possible facts; when it is small and each was evaluated already,
    /// and none beats the best, the state is dropped. Exact for any table: every reading below
    /// the state has one of these facts.
    fn hopeless(&self, w: &Walk) -> bool {
        let agg = w.agg;
        let quads = agg.quads();
        let more_quads = if self.reads_quads { (w.rem_tiles + w.wild).min(4u8.saturating_sub(quads)) } else { 0 };
        if u32::from(more_quads) + 1 > HOPELESS_CHOICES {
            return false;
        }
        let mut fixed = self.hand_facts;
        fixed.bits |= bit::MELDS;
        let mut open = 0u32;
        for (broken, b) in [
            (Agg::NOT_ALL_TRIPLETS, bit::ALL_TRIPLETS),
            (Agg::NOT_TERMINAL_EACH, bit::TERMINAL_IN_EACH_SET),
            (Agg::NOT_258, bit::ALL_258),
            (Agg::NOT_SIMPLE, bit::ALL_SIMPLES),
            (Agg::UNNATURAL, bit::NATURAL_WILDCARDS),
        ] {
            if !agg.has(broken) {
                open |= b;
            }
        }
        if matches!(agg.0 & 0b1111, 0 | 0b001 | 0b010 | 0b100) {
            open |= bit::ONE_SUIT;
        }
        if w.pair == NO_PAIR {
            open |= bit::PAIR_258 | bit::WON_ON_PAIR;
        } else {
            let pair = usize::from(w.pair);
            if is_258(pair) {
                fixed.bits |= bit::PAIR_258;
            }
            if pair == self.win || (self.win_wild && w.counts[pair] > self.real[pair]) {
                fixed.bits |= bit::WON_ON_PAIR;
            } else if self.win_wild {
                open |= bit::WON_ON_PAIR;
            }
        }
        open &= self.read_bits;
        let choices = (1u32 << open.count_ones()) * (u32::from(more_quads) + 1);
        if choices > HOPELESS_CHOICES {
            return false;
        }
        // Every subset of the open bits, with every count of fours of a kind.
        let mut subset = 0u32;
        loop {
            for q in quads..=quads + more_quads {
                let mut f = fixed;
                f.bits |= subset;
                f.quads = q;
                // Only facts already evaluated: evaluating facts no reading may have costs more
                // than the walk it could save.
                if self.known_beats_best(f) != Some(false) {
                    return false;
                }
            }
            if subset == open {
                return true;
            }
            subset = (subset.wrapping_sub(open)) & open;
        }
    }

    /// Adds `m` copies of kind `k`, `real` of them real tiles, to a walk state (the caller has
    /// checked the copies and the wildcards).
    #[inline(always)]
    fn take(&self, c: &mut Walk, k: usize, m: u8, real: u8) {
        let before = c.counts[k] + self.declared[k];
        c.rem[k] -= real;
        c.rem_tiles -= real;
        if c.rem[k] == 0 {
            c.rem_kinds &= !(1 << k);
        }
        c.wild -= m - real;
        c.counts[k] += m;
        c.agg.0 |= KIND_FLAGS[k];
        if before + m == 4 {
            c.agg.0 += Agg::QUAD;
        }
        if m > real && c.counts[k] - self.real[k] > self.copies[k] {
            c.agg.0 |= Agg::UNNATURAL;
        }
    }

    /// Every real tile is placed: the state becomes the search's, for the free groups.
    fn end_walk(&mut self, w: &Walk) {
        self.rem = w.rem;
        self.counts = w.counts;
        self.wild = w.wild;
        self.pair = (w.pair != NO_PAIR).then_some(usize::from(w.pair));
        self.sets = w.sets;
        self.n_sets = usize::from(w.n_sets);
        self.free(w.agg);
    }

    /// Every real tile is placed: the wildcards left make the pair (if still missing) and the
    /// sets still needed, of any kinds.
    fn free(&mut self, agg: Agg) {
        let sets = self.melds_needed - self.n_sets;
        let need = 3 * sets + if self.pair.is_none() { 2 } else { 0 };
        if usize::from(self.wild) != need {
            return;
        }
        if self.pair.is_none() && sets == 0 {
            self.last_pair(agg);
        } else if self.pair.is_none() {
            for k in 0..KINDS {
                self.with_pair(k, agg, &mut |s, a| s.free_sets(0, a));
            }
        } else {
            self.free_sets(0, agg);
        }
    }

    /// The facts after adding `m` wildcards as kind `k` to a reading whose real tiles are all
    /// placed (the free groups), without placing them; `None` if the copies run out.
    fn free_add(&self, k: usize, m: u8, agg: &mut Agg) -> bool {
        let t = self.counts[k] + self.declared[k];
        if !self.allowed[k] || t + m > 4 {
            return false;
        }
        agg.0 |= KIND_FLAGS[k];
        if t + m == 4 {
            agg.0 += Agg::QUAD;
        }
        if self.counts[k] + m - self.real[k] > self.copies[k] {
            agg.0 |= Agg::UNNATURAL;
        }
        true
    }

    /// The last free placement is the pair: each kind's facts worked out in place, and only a
    /// pair that beats the best so far is placed to be kept.
    fn last_pair(&mut self, agg: Agg) {
        for k in 0..KINDS {
            let mut a = agg;
            if !self.pair_ok(k) || !self.free_add(k, 2, &mut a) {
                continue;
            }
            if !is_terminal(k) {
                a.0 |= Agg::NOT_TERMINAL_EACH;
            }
            let bits = self.melds_bits(a, k, true);
            if self.improves(a, bits).is_some() {
                self.with_pair(k, agg, &mut |s, a| s.leaf_melds(a));
            }
        }
    }

    /// The last free set: each option's facts worked out in place, and only a set that beats
    /// the best so far is placed to be kept.
    fn last_set(&mut self, first: usize, agg: Agg) {
        let Some(pair) = self.pair else { return };
        for option in first..KINDS + 21 {
            let s = free_option(option);
            let mut a = agg;
            let ok = if s.sequence {
                let k = s.kind as usize;
                self.free_add(k, 1, &mut a) && self.free_add(k + 1, 1, &mut a) && self.free_add(k + 2, 1, &mut a)
            } else {
                self.free_add(s.kind as usize, 3, &mut a)
            };
            if !ok {
                continue;
            }
            if s.sequence {
                a.0 |= Agg::NOT_ALL_TRIPLETS;
            }
            if !set_has_terminal(s) {
                a.0 |= Agg::NOT_TERMINAL_EACH;
            }
            let touches_pair = set_kinds(s).contains(&(pair as u8));
            let bits = self.melds_bits(a, pair, touches_pair || self.counts[pair] > self.real[pair]);
            if self.improves(a, bits).is_some()
                && let Some((placed, reals)) = self.place_set(s, agg)
            {
                self.leaf_melds(placed);
                self.unplace_set(s, reals);
            }
        }
    }

    /// Free sets as a multiset: options in non-decreasing order (triplets 0–33, then sequences).
    fn free_sets(&mut self, first: usize, agg: Agg) {
        if self.any_void && agg.all_suits() {
            return;
        }
        if self.n_sets == self.melds_needed {
            return self.leaf_melds(agg);
        }
        if self.n_sets + 1 == self.melds_needed {
            return self.last_set(first, agg);
        }
        for option in first..KINDS + 21 {
            let s = free_option(option);
            if let Some((a, reals)) = self.place_set(s, agg) {
                self.free_sets(option, a);
                self.unplace_set(s, reals);
            }
        }
    }

    /// The form bits of a melds reading with this pair (`pair_wild`: a wildcard stands in it).
    fn melds_bits(&self, agg: Agg, pair: usize, pair_wild: bool) -> u32 {
        let mut bits = bit::MELDS;
        if !agg.has(Agg::NOT_ALL_TRIPLETS) {
            bits |= bit::ALL_TRIPLETS;
        }
        if !agg.has(Agg::NOT_TERMINAL_EACH) {
            bits |= bit::TERMINAL_IN_EACH_SET;
        }
        if is_258(pair) {
            bits |= bit::PAIR_258;
        }
        if pair == self.win || (self.win_wild && pair_wild) {
            bits |= bit::WON_ON_PAIR;
        }
        bits
    }

    fn leaf_melds(&mut self, agg: Agg) {
        let Some(pair) = self.pair else { return };
        let bits = self.melds_bits(agg, pair, self.counts[pair] > self.real[pair]);
        self.leaf(agg, bits, &mut |s| Shape::Melds {
            pair: tile(pair),
            groups: s.sets[..s.n_sets].iter().map(|&x| x.group()).collect(),
        });
    }

    /// Scores a complete reading with these form bits; keeps it if it beats the best so far.
    fn leaf(&mut self, agg: Agg, form: u32, shape: &mut dyn FnMut(&Self) -> Shape) {
        if let Some(i) = self.improves(agg, form) {
            self.best = Some((i, shape(self), self.counts));
        }
    }

    /// The evaluation of a complete reading with these facts, if it wins and beats the best so far.
    fn improves(&mut self, agg: Agg, form: u32) -> Option<usize> {
        if self.any_void && agg.all_suits() {
            return None;
        }
        let mut f = self.hand_facts;
        f.bits |= form;
        f.quads = agg.quads();
        if matches!(agg.0 & 0b1111, 0b001 | 0b010 | 0b100) {
            f.bits |= bit::ONE_SUIT;
        }
        if !agg.has(Agg::NOT_258) {
            f.bits |= bit::ALL_258;
        }
        if !agg.has(Agg::NOT_SIMPLE) {
            f.bits |= bit::ALL_SIMPLES;
        }
        if !agg.has(Agg::UNNATURAL) {
            f.bits |= bit::NATURAL_WILDCARDS;
        }
        if let Some(loose) = &self.table.loose
            && form == bit::LOOSE
            && !loose.when.iter().all(|c| c.holds(f))
        {
            return None;
        }
        self.beats_best(f)
    }

    /// Whether these facts, if already evaluated, beat the best so far; `None` if they were not.
    fn known_beats_best(&self, mut f: Facts) -> Option<bool> {
        f.bits &= self.read_bits;
        if !self.reads_quads {
            f.quads = 0;
        }
        let key = f.key();
        let slot = (key ^ key >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15) as usize >> (64 - MEMO_BITS);
        let index = match self.slots[slot] {
            (k, i) if k == key => i,
            _ => self.memo.iter().find(|(m, _)| *m == key)?.1,
        };
        let Some(i) = index else { return Some(false) };
        Some(match &self.best {
            Some((b, _, _)) => self.evaluations[i].beats(&self.evaluations[*b]),
            None => true,
        })
    }

    /// The evaluation of these facts (memoized), if it wins and beats the best so far.
    fn beats_best(&mut self, mut f: Facts) -> Option<usize> {
        f.bits &= self.read_bits;
        if !self.reads_quads {
            f.quads = 0;
        }
        let key = f.key();
        let slot = (key ^ key >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15) as usize >> (64 - MEMO_BITS);
        let index = match self.slots[slot] {
            (k, i) if k == key => i,
            (k, _) => match self.memo.iter().find(|(m, _)| *m == key) {
                Some(&(_, i)) => i,
                None => {
                    let i = evaluate(self.table, f).map(|e| {
                        self.evaluations.push(e);
                        self.evaluations.len() - 1
                    });
                    if k == EMPTY_SLOT {
                        self.slots[slot] = (key, i);
                    } else {
                        self.memo.push((key, i));
                    }
                    i
                }
            },
        };
        let i = index?;
        match &self.best {
            Some((b, _, _)) if !self.evaluations[i].beats(&self.evaluations[*b]) => None,
            _ => Some(i),
        }
    }

    /// Seven pairs: each real kind makes pairs (an odd count takes a wildcard), the wildcards
    /// left make pairs of any kinds.
    fn seven_pairs_readings(&mut self) {
        let mut agg = self.declared_agg;
        let mut pairs: Vec<Tile> = Vec::with_capacity(7);
        let wild = self.wild;
        for k in 0..KINDS {
            let r = self.real[k];
            if r == 0 {
                continue;
            }
            if r > 2 && self.seven_pairs == SevenPairs::Distinct {
                return self.restore_pairs(wild);
            }
            let m = r + r % 2;
            if !self.add(k, m, &mut agg) {
                return self.restore_pairs(wild);
            }
            if !is_terminal(k) {
                agg.0 |= Agg::NOT_TERMINAL_EACH;
            }
            for _ in 0..m / 2 {
                pairs.push(tile(k));
            }
        }
        if pairs.len() <= 7 && usize::from(self.wild) == 2 * (7 - pairs.len()) {
            self.free_pairs(0, agg, &mut pairs);
        }
        self.restore_pairs(wild);
    }

    fn restore_pairs(&mut self, wild: u8) {
        self.counts = [0; KINDS];
        self.rem = self.real;
        self.wild = wild;
    }

    fn free_pairs(&mut self, first: usize, agg: Agg, pairs: &mut Vec<Tile>) {
        if pairs.len() == 7 {
            let all: [Tile; 7] = std::array::from_fn(|i| pairs[i]);
            return self.leaf(agg, bit::SEVEN_PAIRS, &mut |_| Shape::SevenPairs { pairs: all });
        }
        for k in first..KINDS {
            if self.seven_pairs == SevenPairs::Distinct && self.counts[k] > 0 {
                continue;
            }
            let mut a = agg;
            if !self.add(k, 2, &mut a) {
                continue;
            }
            if !is_terminal(k) {
                a.0 |= Agg::NOT_TERMINAL_EACH;
            }
            pairs.push(tile(k));
            self.free_pairs(k, a, pairs);
            pairs.pop();
            self.remove(k, 2, 0);
        }
    }

    /// Loose readings: the hand as it is, each wildcard one of the table's loose kinds.
    fn loose(&mut self) {
        let Some(loose) = &self.table.loose else { return };
        let kinds: Vec<usize> = loose.kinds.iter().map(|t| t.index()).filter(|&k| self.allowed[k]).collect();
        self.counts = [0; KINDS];
        self.rem = self.real;
        let mut agg = self.declared_agg;
        agg.0 |= Agg::NOT_ALL_TRIPLETS | Agg::NOT_TERMINAL_EACH;
        for k in 0..KINDS {
            let r = self.real[k];
            if r > 0 && !self.add(k, r, &mut agg) {
                return;
            }
        }
        // Conditions that only turn false as tiles are added, already false for the real tiles,
        // stay false whatever the wildcards become.
        let lost = |c: &Condition| match c {
            Condition::All258 => agg.has(Agg::NOT_258),
            Condition::AllSimples => agg.has(Agg::NOT_SIMPLE),
            Condition::OneSuit => agg.has(Agg::HONORS) || (agg.0 & Agg::NUMBERED_SUITS).count_ones() > 1,
            _ => false,
        };
        if loose.when.iter().any(lost) {
            return;
        }
        self.loose_singles(&kinds, 0, agg);
    }

    /// The wildcards of a loose reading as a multiset of kinds. A loose reading has no groups,
    /// so two kinds alike in everything the facts see (their flags, copies held, room for a
    /// wildcard to stand as itself) are interchangeable: only the first of each such class is
    /// tried at each step.
    fn loose_singles(&mut self, kinds: &[usize], first: usize, agg: Agg) {
        if self.wild == 0 {
            return self.leaf(agg, bit::LOOSE, &mut |_| Shape::Loose);
        }
        let mut tried: Vec<(u32, u8, i16)> = Vec::new();
        for i in first..kinds.len() {
            let k = kinds[i];
            let class = (
                KIND_FLAGS[k],
                self.counts[k] + self.declared[k],
                i16::from(self.copies[k]) - i16::from(self.counts[k]) + i16::from(self.real[k]),
            );
            if tried.contains(&class) {
                continue;
            }
            tried.push(class);
            let mut a = agg;
            if self.add(k, 1, &mut a) {
                self.loose_singles(kinds, i, a);
                self.remove(k, 1, 0);
            }
        }
    }
}
