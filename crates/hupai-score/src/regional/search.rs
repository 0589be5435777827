//! The search for the reading that scores most: every decomposition of the hand with every
//! assignment of its wildcards, as one depth-first walk that carries the reading's facts as it
//! places groups, so a leaf costs a table lookup, not a pass over the hand.
//!
//! The walk covers the lowest concealed tile left with each group that can hold it (a pair, a
//! triplet, a sequence starting up to two ranks below), taking real tiles before wildcards; once
//! every real tile is placed, the wildcards left form whole groups of any kind ("free" groups,
//! enumerated as multisets). Taking real tiles first loses nothing: a decomposition is a
//! multiset of groups, and which copy of a kind sits in which group does not change it.
//!
//! Two shortcuts keep wildcards from multiplying the work, both exact for any table: a partial
//! reading is dropped when the most its table can still award (`bound.rs`, worked out from the
//! facts the partial reading has settled and the fours of a kind its wildcards can still make)
//! cannot beat the best reading found so far; and where wildcards alone make pairs or loose
//! tiles, kinds alike in everything the facts see are tried once. Each keeps the first best
//! reading in walk order, so the answer is the one the full walk gives (the tests compare).

use hupai::{Decomposition, Group, SevenPairs, Tile};

use arrayvec::ArrayVec;

use super::bound::{Bound, Known};
use super::compiled::Compiled;
use super::condition::{Condition, Facts, bit};
use super::evaluate::{Counted, Evaluation};
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

/// The kinds short of four copies: `short[d]` counts the kinds whose copies known so far (placed,
/// real tiles still to place, declared) number `4 - d`. Every reading below holds `short[0]`
/// fours of a kind, and at most as many more as the wildcards left can complete.
type Short = [u8; 4];

/// The fewest and the most fours of a kind a reading can end with, with `wild` wildcards left.
fn quads_range(short: Short, wild: u8) -> (u8, u8) {
    let mut left = wild;
    let mut more = 0u8;
    for (d, &n) in (1u8..).zip(&short[1..]) {
        let completed = n.min(left / d);
        more += completed;
        left -= completed * d;
    }
    (short[0], short[0].saturating_add(more + left / 4))
}

/// Moves one kind from `from` known copies to `to` in [`Short`] (kinds with none are not kept).
fn shift(short: &mut Short, from: u8, to: u8) {
    if from > 0 {
        short[usize::from(4 - from)] -= 1;
    }
    if to > 0 {
        short[usize::from(4 - to)] += 1;
    }
}

/// The melds walk's state, copied into each child.
#[derive(Debug, Clone, Copy)]
struct Walk {
    rem: [u8; KINDS],
    /// The kinds with real tiles left, one bit each (the lowest is found in one instruction).
    rem_kinds: u64,
    /// The kinds that take no more tiles (all four placed or declared, or not allowed), one
    /// bit each: a sequence is refused in one test.
    full: u64,
    counts: [u8; KINDS],
    wild: u8,
    /// The pair's kind, or [`NO_PAIR`].
    pair: u8,
    n_sets: u8,
    sets: [Set; 4],
    agg: Agg,
    short: Short,
}

/// Slots of the evaluation cache (a power of two), and its index bits.
const MEMO_BITS: u32 = 6;
const MEMO_SLOTS: usize = 1 << MEMO_BITS;
/// A cache slot never filled (no facts key has every bit set).
const EMPTY_SLOT: u64 = u64::MAX;

/// A reading's points and fan, compared in this order.
type PointsFan = (u64, u32);

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
    /// What every reading's tiles will set in [`Agg`] whatever the wildcards become: the flags
    /// of the declared melds and of every real tile (each is placed in the end).
    settled: Agg,
    /// True if some real tile breaks "a 1 or a 9 in every set" in any melds reading (an honor
    /// or a 4, 5 or 6, which no set with a 1 or a 9 holds), and in any seven pairs reading (a
    /// tile not a 1 or a 9).
    melds_no_terminal_each: bool,
    pairs_no_terminal_each: bool,
    /// The kinds with real tiles, one bit each.
    real_kinds: u64,
    /// The kinds that take no tile (not allowed, or declared four times), one bit each.
    full: u64,
    /// [`Short`] of the real tiles and the declared melds.
    initial_short: Short,
    // The walk's state.
    rem: [u8; KINDS],
    counts: [u8; KINDS],
    wild: u8,
    pair: Option<usize>,
    sets: [Set; 4],
    n_sets: usize,
    short: Short,
    /// The table read for this hand. The fact bits it reads, and whether it reads the fours
    /// of a kind: the rest is cleared before a reading is evaluated, so readings the table
    /// cannot tell apart share one evaluation.
    compiled: Compiled<'a>,
    read_bits: u32,
    reads_quads: bool,
    /// Points and fan by facts key (`None`: the facts do not win): a direct-mapped cache of
    /// [`MEMO_SLOTS`] slots (most hands have a few dozen distinct facts), and a list for keys
    /// whose slot is taken.
    slots: Box<[(u64, Option<PointsFan>); MEMO_SLOTS]>,
    memo: Vec<(u64, Option<PointsFan>)>,
    /// Where evaluations list their fans.
    scratch: Vec<Counted>,
    /// The best reading so far: its facts, shape and counts.
    best: Option<(Facts, Shape, [u8; KINDS])>,
    /// The best's points and fan.
    best_score: PointsFan,
    /// What a reading of a later part of the walk order is known to score: a partial reading
    /// whose bound is below it cannot hold the answer.
    floor: Option<PointsFan>,
    /// Seven pairs readings are walked only until one wins (for the floor).
    probing: bool,
    /// The most a table can award below a partial reading (worked out once a best is found).
    bound: Option<Bound>,
    /// Whether partial readings that cannot beat the best are dropped, and interchangeable
    /// kinds tried once (off only to check that doing so changes no answer).
    prune: bool,
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
        let compiled = Compiled::new(table, h.hand_facts);
        // What the real tiles and the declared melds settle, in one pass over the kinds.
        let (mut real_kinds, mut full, mut short) = (0u64, 0u64, [0; 4]);
        let mut settled = Agg(agg.0 & (Agg::QUAD - 1));
        let (mut melds_no_terminal_each, mut pairs_no_terminal_each) = (false, false);
        for (k, &flags) in KIND_FLAGS.iter().enumerate() {
            let (r, d) = (h.real[k], h.declared[k]);
            shift(&mut short, 0, r + d);
            if !h.allowed[k] || d >= 4 {
                full |= 1 << k;
            }
            if r > 0 {
                real_kinds |= 1 << k;
                settled.0 |= flags;
                melds_no_terminal_each |= k >= NUMBERED || matches!(rank(k), 4..=6);
                pairs_no_terminal_each |= !is_terminal(k);
            }
        }
        Search {
            table,
            read_bits: compiled.read_bits,
            reads_quads: compiled.reads_quads,
            compiled,
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
            settled,
            melds_no_terminal_each,
            pairs_no_terminal_each,
            real_kinds,
            full,
            initial_short: short,
            rem: h.real,
            counts: [0; KINDS],
            wild: h.wildcards,
            pair: None,
            sets: [Set { kind: 0, sequence: false }; 4],
            n_sets: 0,
            short,
            slots: Box::new([(EMPTY_SLOT, None); MEMO_SLOTS]),
            memo: Vec::new(),
            scratch: Vec::new(),
            best: None,
            best_score: (0, 0),
            floor: None,
            probing: false,
            bound: None,
            // Without wildcards a hand has a few readings: the shortcuts would cost more than
            // they save.
            prune: h.wildcards > 0,
        }
    }

    /// The same search without its shortcuts: every reading is walked.
    pub(crate) fn unpruned(mut self) -> Search<'a> {
        self.prune = false;
        self
    }

    /// [`Short`] before anything is placed: the real tiles and the declared melds.
    fn initial_short(&self) -> Short {
        self.initial_short
    }

    /// The kinds with real tiles, lowest first.
    fn real_kinds(&self) -> impl Iterator<Item = usize> + use<> {
        let mut kinds = self.real_kinds;
        std::iter::from_fn(move || {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds.wrapping_sub(1);
            (k < KINDS).then_some(k)
        })
    }

    /// Walks every reading; the best, if any wins.
    pub(crate) fn run(mut self) -> Option<Best> {
        if (0..KINDS).any(|k| self.declared[k] > 0 && !self.allowed[k]) {
            return None;
        }
        let wild = self.wild;
        let start = Walk {
            rem: self.real,
            rem_kinds: self.real_kinds,
            full: self.full,
            counts: [0; KINDS],
            wild,
            pair: NO_PAIR,
            n_sets: 0,
            sets: [Set { kind: 0, sequence: false }; 4],
            agg: self.declared_agg,
            short: self.initial_short(),
        };
        let seven_pairs = self.melds_needed == 4 && self.seven_pairs != SevenPairs::Off;
        // With the shortcuts on, the first seven pairs reading is found before the melds walk
        // (a few steps): what it scores is a floor below which the answer cannot be, and the
        // melds walk drops what cannot reach it. A melds reading that ties it is still found.
        // With one or two wildcards the walk is small, and the floor costs more than it saves.
        if seven_pairs && self.prune && wild >= 3 {
            self.short = self.initial_short();
            self.probing = true;
            self.seven_pairs_readings();
            self.probing = false;
            self.floor = self.best.take().map(|_| self.best_score);
        }
        self.walk(&start, 0, 0);
        self.floor = None;
        self.rem = self.real;
        self.counts = [0; KINDS];
        self.wild = wild;
        self.pair = None;
        self.n_sets = 0;
        self.short = self.initial_short();
        if seven_pairs {
            self.seven_pairs_readings();
        }
        if self.table.loose.is_some() {
            self.wild = wild;
            self.short = self.initial_short();
            self.loose();
        }
        let (facts, shape, counts) = self.best?;
        Some(Best { evaluation: self.compiled.evaluation(facts)?, shape, counts })
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
        if wild > 0 {
            let known = self.counts[k] + self.declared[k] + self.rem[k];
            shift(&mut self.short, known, known + wild);
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
        if m > real {
            let known = self.counts[k] + self.declared[k] + self.rem[k];
            shift(&mut self.short, known, known - (m - real));
        }
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
        if self.prune && (self.best.is_some() || self.floor.is_some()) {
            let pair = (w.pair != NO_PAIR).then_some(usize::from(w.pair));
            let pair_wild = pair.is_some_and(|p| w.counts[p] > self.real[p]);
            let mut agg = w.agg;
            if !agg.has(Agg::NOT_ALL_TRIPLETS) && self.read_bits & bit::ALL_TRIPLETS != 0 && !self.triplets_left(w) {
                agg.0 |= Agg::NOT_ALL_TRIPLETS;
            }
            let known = self.melds_known(agg, pair, pair_wild, quads_range(w.short, w.wild));
            if self.cannot_beat(known) {
                return;
            }
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
            let has_real = (w.rem_kinds >> start) & 0b111;
            if (w.full >> start) & 0b111 != 0 || 3 - has_real.count_ones() > u32::from(w.wild) {
                continue;
            }
            let mut c = *w;
            for (j, i) in (start..start + 3).zip(0..) {
                self.take(&mut c, j, 1, (has_real >> i) as u8 & 1);
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

    /// True if the real tiles left can still all stand in triplets and the pair, with the
    /// wildcards left: each kind left becomes a triplet (or the pair, if none is placed yet)
    /// of its own, within four copies and the sets still needed.
    fn triplets_left(&self, w: &Walk) -> bool {
        const NEVER: u32 = 64;
        let sets_left = self.melds_needed as u32 - u32::from(w.n_sets);
        let (mut need, mut sets, mut saving) = (0u32, 0u32, 0u32);
        let mut kinds = w.rem_kinds;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let (r, held) = (u32::from(w.rem[k]), u32::from(w.counts[k] + self.declared[k]));
            let as_triplet = if r <= 3 && held + 3 <= 4 { 3 - r } else { NEVER };
            need += as_triplet;
            sets += 1;
            if w.pair == NO_PAIR && r <= 2 && held + 2 <= 4 && self.pair_ok(k) {
                // The pair instead: one set fewer, and its cost instead of the triplet's.
                saving = saving.max(as_triplet + 1 - (2 - r));
            }
        }
        if saving > 0 {
            // One kind as the pair (`saving` counts the set it leaves out as one).
            need -= saving - 1;
            sets -= 1;
        }
        need <= u32::from(w.wild) && sets <= sets_left
    }

    /// What a partial melds reading knows of the facts of the complete readings below it: the
    /// flags every tile so far keeps stay open (all triplets, …), one suit while there is one,
    /// the pair's flags before the pair, the fours of a kind in `quads`.
    fn melds_known(&self, agg: Agg, pair: Option<usize>, pair_wild: bool, quads: (u8, u8)) -> Known {
        let mut yes = self.hand_facts.bits | bit::MELDS;
        let mut open = self.open_bits(agg);
        if !agg.has(Agg::NOT_ALL_TRIPLETS) {
            open |= bit::ALL_TRIPLETS;
        }
        if !agg.has(Agg::NOT_TERMINAL_EACH) && !self.melds_no_terminal_each {
            open |= bit::TERMINAL_IN_EACH_SET;
        }
        match pair {
            None => open |= bit::PAIR_258 | bit::WON_ON_PAIR,
            Some(pair) => {
                if is_258(pair) {
                    yes |= bit::PAIR_258;
                }
                // A wildcard placed later on the pair's kind may still make it hold.
                if pair == self.win || (self.win_wild && pair_wild) {
                    yes |= bit::WON_ON_PAIR;
                } else if self.win_wild {
                    open |= bit::WON_ON_PAIR;
                }
            }
        }
        self.known(yes, open, quads)
    }

    /// What a partial seven pairs reading knows of the facts of the complete readings below it.
    fn pairs_known(&self, agg: Agg, quads: (u8, u8)) -> Known {
        let mut open = self.open_bits(agg);
        if !agg.has(Agg::NOT_TERMINAL_EACH) && !self.pairs_no_terminal_each {
            open |= bit::TERMINAL_IN_EACH_SET;
        }
        self.known(self.hand_facts.bits | bit::SEVEN_PAIRS, open, quads)
    }

    /// The facts of any form a partial reading leaves open: those no tile so far broke.
    fn open_bits(&self, agg: Agg) -> u32 {
        let agg = Agg(agg.0 | self.settled.0);
        let mut open = 0;
        for (broken, b) in [
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
        open
    }

    /// Known facts, cut to what the table reads (readings the table cannot tell apart share a
    /// bound).
    fn known(&self, yes: u32, open: u32, quads: (u8, u8)) -> Known {
        Known {
            yes: yes & self.read_bits,
            maybe: (yes | open) & self.read_bits,
            quads: if self.reads_quads { quads } else { (0, 0) },
        }
    }

    /// True if no reading with these known facts can beat the best so far.
    fn cannot_beat(&mut self, known: Known) -> bool {
        if self.best.is_none() && self.floor.is_none() {
            return false;
        }
        let compiled = &self.compiled;
        let most = self.bound.get_or_insert_with(|| Bound::new(compiled)).most(compiled, known);
        self.floor.is_some_and(|floor| most < floor) || (self.best.is_some() && most <= self.best_score)
    }

    /// Adds `m` copies of kind `k`, `real` of them real tiles, to a walk state (the caller has
    /// checked the copies and the wildcards).
    #[inline(always)]
    fn take(&self, c: &mut Walk, k: usize, m: u8, real: u8) {
        let before = c.counts[k] + self.declared[k];
        if m > real {
            let known = before + c.rem[k];
            shift(&mut c.short, known, known + (m - real));
        }
        c.rem[k] -= real;
        if c.rem[k] == 0 {
            c.rem_kinds &= !(1 << k);
        }
        c.wild -= m - real;
        c.counts[k] += m;
        c.agg.0 |= KIND_FLAGS[k];
        if before + m == 4 {
            c.agg.0 += Agg::QUAD;
            c.full |= 1 << k;
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
        self.short = w.short;
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
        if self.prune && (self.best.is_some() || self.floor.is_some()) {
            let pair_wild = self.pair.is_some_and(|p| self.counts[p] > self.real[p]);
            let known = self.melds_known(agg, self.pair, pair_wild, quads_range(self.short, self.wild));
            if self.cannot_beat(known) {
                return;
            }
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
        if let Some((facts, score)) = self.improves(agg, form) {
            self.best_score = score;
            self.best = Some((facts, shape(self), self.counts));
        }
    }

    /// The facts of a complete reading and its points and fan, if it wins and beats the best so
    /// far.
    fn improves(&mut self, agg: Agg, form: u32) -> Option<(Facts, PointsFan)> {
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

    /// The facts and their points and fan (memoized by the facts the table reads), if they win
    /// and beat the best so far.
    fn beats_best(&mut self, f: Facts) -> Option<(Facts, PointsFan)> {
        let mut read = f;
        read.bits &= self.read_bits;
        if !self.reads_quads {
            read.quads = 0;
        }
        let key = read.key();
        let slot = ((key ^ key >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - MEMO_BITS)) as usize;
        let score = match self.slots[slot] {
            (k, score) if k == key => score,
            (k, _) => match self.memo.iter().find(|(m, _)| *m == key) {
                Some(&(_, score)) => score,
                None => {
                    let score = self.compiled.points_and_fan(read, &mut self.scratch);
                    if k == EMPTY_SLOT {
                        self.slots[slot] = (key, score);
                    } else {
                        self.memo.push((key, score));
                    }
                    score
                }
            },
        }?;
        (self.best.is_none() || score > self.best_score).then_some((f, score))
    }

    /// Seven pairs: each real kind makes pairs (an odd count takes a wildcard), the wildcards
    /// left make pairs of any kinds.
    fn seven_pairs_readings(&mut self) {
        let mut agg = self.declared_agg;
        let mut pairs: Vec<Tile> = Vec::with_capacity(7);
        let wild = self.wild;
        for k in self.real_kinds() {
            let r = self.real[k];
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
        self.short = self.initial_short();
    }

    /// What a wildcard standing as kind `k` changes in the facts, given the reading so far:
    /// two kinds in one class are interchangeable in every reading below.
    fn class(&self, k: usize) -> u32 {
        let natural_room = i16::from(self.copies[k]) + i16::from(self.real[k]) - i16::from(self.counts[k]);
        KIND_FLAGS[k]
            | u32::from(self.counts[k] + self.declared[k]) << 9
            | u32::from(self.allowed[k]) << 12
            | ((natural_room + 16) as u32) << 16
    }

    /// The wildcards left as pairs, a multiset of kinds. Pairs of kinds in one class make
    /// readings the table cannot tell apart (seven pairs has no sequences), so only the first
    /// kind of each class is tried at each step.
    fn free_pairs(&mut self, first: usize, agg: Agg, pairs: &mut Vec<Tile>) {
        if pairs.len() == 7 {
            let all: [Tile; 7] = std::array::from_fn(|i| pairs[i]);
            let mut form = bit::SEVEN_PAIRS;
            if !agg.has(Agg::NOT_TERMINAL_EACH) {
                form |= bit::TERMINAL_IN_EACH_SET;
            }
            return self.leaf(agg, form, &mut |_| Shape::SevenPairs { pairs: all });
        }
        if self.any_void && agg.all_suits() {
            return;
        }
        if self.prune && self.cannot_beat(self.pairs_known(agg, quads_range(self.short, self.wild))) {
            return;
        }
        let mut tried = ArrayVec::<u32, KINDS>::new();
        for k in first..KINDS {
            if self.probing && self.best.is_some() {
                return;
            }
            if self.seven_pairs == SevenPairs::Distinct && self.counts[k] > 0 {
                continue;
            }
            if self.prune {
                let class = self.class(k);
                if tried.contains(&class) {
                    continue;
                }
                tried.push(class);
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
        for k in self.real_kinds() {
            if !self.add(k, self.real[k], &mut agg) {
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
    /// so two kinds of one [`Search::class`] are interchangeable: only the first of each class
    /// is tried at each step.
    fn loose_singles(&mut self, kinds: &[usize], first: usize, agg: Agg) {
        if self.wild == 0 {
            return self.leaf(agg, bit::LOOSE, &mut |_| Shape::Loose);
        }
        if self.any_void && agg.all_suits() {
            return;
        }
        if self.prune {
            let known =
                self.known(self.hand_facts.bits | bit::LOOSE, self.open_bits(agg), quads_range(self.short, self.wild));
            if self.cannot_beat(known) {
                return;
            }
        }
        let mut tried = ArrayVec::<u32, KINDS>::new();
        for i in first..kinds.len() {
            let k = kinds[i];
            if self.prune {
                let class = self.class(k);
                if tried.contains(&class) {
                    continue;
                }
                tried.push(class);
            }
            let mut a = agg;
            if self.add(k, 1, &mut a) {
                self.loose_singles(kinds, i, a);
                self.remove(k, 1, 0);
            }
        }
    }
}
