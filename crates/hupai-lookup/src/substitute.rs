//! `substitute`: S000's wildcard method over the index table. Every wildcard is substituted by a
//! candidate kind and the completed hand is looked up; the candidates are pruned with a rule that is
//! provably complete under the four-copy limit (`docs/substitute.md` has the proof).
//!
//! S000 keeps the kinds held and their neighbours. That misses hands whose wildcards must form a
//! group or pair of their own, which the four-copy limit can force (`111z222z333z44z***`). Here the
//! candidates are:
//!
//! - the *neighbourhood* `N`: every kind held, and every numbered kind within two ranks of one held
//!   in its suit (a group or pair holding a real tile lies inside it);
//! - for the wildcards that form groups or the pair by themselves ("pure" units), `u` *slots*: kinds
//!   outside `N`, untouched by declared melds, pairwise too far apart for one sequence to touch two
//!   of them, where `u` is the most pure units the wildcards can make. Any pure unit can be moved
//!   onto a slot no other pure unit touches, as a triplet or pair there. When fewer than `u` slots
//!   exist, every kind with room is a candidate.
//!
//! With the fifth-copy rule there is no room to run out of, and every pure unit can become a triplet
//! or pair of a kind already held, so `N` alone is complete (or `1m` when nothing is held). Counts
//! above four then reach the table, which holds those shapes too ([`ShapeFlags::OVER_FOUR`]).
//!
//! S000 tries every substitution of the whole hand. A hand's key is its suits' keys joined by
//! breaks, and a shape wins exactly when each suit's part is melds, one of them with the pair; so
//! the substitutions are tried suit by suit (each honor kind is a "suit" of its own), each suit's
//! part looked up alone (a melds-only part with a virtual isolated pair appended to its key), and a
//! memo over (suit, wildcards left, pair placed) keeps the work a sum over suits instead of a
//! product. The winning substitution found is then looked up whole, as S000 does.
//!
//! Decompositions are the union over every substitution, so they use no candidate pruning: each
//! suit's substitutions over every kind with room are looked up, their decompositions collected
//! once per number of stand-ins, and the suits' lists combined.

use arrayvec::ArrayVec;
use hupai_tiles::{
    Algorithm, Capabilities, Decomposition, Error, Group, Hand, Rules, SevenPairs, Tile, TileCounts, TileSet,
};

use crate::index::{self, Index, IndexTable, RunGroup, ShapeFlags, key_general, segment_key};

/// Most wildcards [`Substitute`] accepts: every wildcard a 14-tile hand can hold. The pruning is
/// exact for any number.
pub const MAX_WILDCARDS: u8 = 14;

/// S000's substitution method with a complete pruning (name `"substitute"`): wildcards, the
/// fifth-copy rule both ways, declared melds, seven pairs and thirteen orphans, decompositions; no
/// 17-tile hands (the index table stops at four melds).
///
/// ```
/// use hupai_lookup::Substitute;
/// use hupai_tiles::{Algorithm, Hand, Rules};
/// let hand: Hand = "111z222z333z44z***".parse()?;
/// assert!(Substitute.is_win(&hand, &Rules::STANDARD)?);
/// // The candidates: the four honors held and one slot (5z) for a fresh triplet or pair.
/// let c = hupai_lookup::substitute::candidates(&hand, &Rules::STANDARD);
/// assert_eq!(format!("{c:?}"), r#"{"1z", "2z", "3z", "4z", "5z"}"#);
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Substitute;

/// The "suits" substitutions are tried in: the three numbered suits, then each honor alone.
const SEGMENTS: [(usize, usize); 10] =
    [(0, 9), (9, 18), (18, 27), (27, 28), (28, 29), (29, 30), (30, 31), (31, 32), (32, 33), (33, 34)];

/// Wildcards per segment the memo tables have room for.
const W: usize = MAX_WILDCARDS as usize + 1;

/// The kinds held and every numbered kind within two ranks of one held, in its suit.
fn neighbourhood(c: &[u8; 34]) -> u64 {
    let mut mask = 0u64;
    for (t, &n) in c.iter().enumerate() {
        if n == 0 {
            continue;
        }
        if t >= 27 {
            mask |= 1 << t;
        } else {
            let first = t - t % 9;
            for x in t.saturating_sub(2).max(first)..=(t + 2).min(first + 8) {
                mask |= 1 << x;
            }
        }
    }
    mask
}

/// The most groups and pairs `wild` wildcards can form by themselves toward `melds` melds and a pair.
fn max_pure_units(wild: usize, melds: usize) -> usize {
    (0..=1usize).filter(|&p| 2 * p <= wild).map(|p| ((wild - 2 * p) / 3).min(melds) + p).max().unwrap_or(0)
}

/// `count` slots: kinds outside `near`, untouched by declared melds, no two in one suit closer than
/// three ranks (so no sequence touches two). Honors first, since they touch nothing.
fn slots(near: u64, declared: &[u8; 34], count: usize) -> Option<u64> {
    let mut chosen = 0u64;
    let mut found = 0;
    let mut last_in_suit: [Option<usize>; 3] = [None; 3];
    for t in (27..34).chain(0..27) {
        if found == count {
            break;
        }
        if near >> t & 1 == 1 || declared[t] != 0 {
            continue;
        }
        if t < 27 {
            let suit = t / 9;
            if last_in_suit[suit].is_some_and(|l| t - l < 3) {
                continue;
            }
            last_in_suit[suit] = Some(t);
        }
        chosen |= 1 << t;
        found += 1;
    }
    (found == count).then_some(chosen)
}

/// A hand's meld-form problem: concealed counts, room for stand-ins, wildcards, melds needed.
struct Setup {
    counts: [u8; 34],
    room: [u8; 34],
    wild: usize,
    melds: usize,
}

impl Setup {
    fn new(hand: &Hand, rules: &Rules) -> Setup {
        let counts = hand.concealed().0;
        let physical = hand.physical_counts().0;
        let wild = hand.wildcards() as usize;
        let mut room = [0u8; 34];
        for t in 0..34 {
            // With the fifth-copy rule nothing limits a kind but the number of wildcards.
            room[t] = if rules.wildcard_fifth_copy { wild as u8 } else { 4u8.saturating_sub(physical[t]) };
        }
        Setup { counts, room, wild, melds: hand.melds_needed(rules) }
    }

    fn with_room(&self) -> u64 {
        (0..34).filter(|&t| self.room[t] > 0).fold(0u64, |m, t| m | 1 << t)
    }

    /// The candidate kinds for the win check (see the module documentation).
    fn candidates(&self, declared: &[u8; 34], fifth_copy: bool) -> u64 {
        let near = neighbourhood(&self.counts);
        let mask = if fifth_copy {
            // Every pure unit can become a triplet or pair of a kind held; with nothing held, of 1m.
            if near == 0 { 1 } else { near }
        } else {
            match slots(near, declared, max_pure_units(self.wild, self.melds)) {
                Some(s) => near | s,
                None => self.with_room(),
            }
        };
        mask & self.with_room()
    }
}

/// The kinds a wildcard of this hand is tried as in the win check: the pruned candidate set.
pub fn candidates(hand: &Hand, rules: &Rules) -> TileSet {
    let setup = Setup::new(hand, rules);
    TileSet::from_bits(setup.candidates(&hand.declared_counts().0, rules.wildcard_fifth_copy))
}

/// The key of a shape with an isolated pair appended after its last run: `X0` becomes `X10`, then
/// `110`. Every decomposition of that shape uses the appended block as the pair (a lone count of two
/// can be nothing else), so its melds are exactly the melds-only decompositions of the original.
fn with_isolated_pair(key: u32) -> Option<u32> {
    if key == 1 {
        return Some(0b1_110);
    }
    u32::try_from((key as u64) << 4 | 0b10110).ok()
}

/// The table entry of one segment's counts alone, holding the pair or (with a virtual pair) not.
fn segment_entry(table: &IndexTable, counts: &[u8], numbered: bool, pair: bool) -> Option<u32> {
    let key = segment_key(counts, numbered)?;
    let key = if pair { key } else { with_isolated_pair(key)? };
    table.probe(key as u64).filter(|&e| IndexTable::entry_flags(e).contains(ShapeFlags::MELDS))
}

/// Per-segment memo entry: unknown, or the stand-ins (by kind within the segment) that complete it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Unknown,
    Impossible,
    Done([u8; 9]),
}

/// The win check's search: per segment, the candidate kinds; memos of which (stand-ins, pair)
/// completions exist per segment and which (segment, left, pair) states cannot finish.
struct WinSearch<'a> {
    table: &'a IndexTable,
    counts: [u8; 34],
    room: [u8; 34],
    cands: [ArrayVec<u8, 9>; 10],
    parts: [[[Part; 2]; W]; 10],
    dead: [[[bool; 2]; W]; 10],
    chosen: [[u8; 9]; 10],
}

impl<'a> WinSearch<'a> {
    fn new(table: &'a IndexTable, setup: &Setup, mask: u64) -> WinSearch<'a> {
        let mut cands: [ArrayVec<u8, 9>; 10] = Default::default();
        for (i, &(from, to)) in SEGMENTS.iter().enumerate() {
            for t in from..to {
                if mask >> t & 1 == 1 {
                    cands[i].push((t - from) as u8);
                }
            }
        }
        WinSearch {
            table,
            counts: setup.counts,
            room: setup.room,
            cands,
            parts: [[[Part::Unknown; 2]; W]; 10],
            dead: [[[false; 2]; W]; 10],
            chosen: [[0; 9]; 10],
        }
    }

    /// Can segments `i..` take `left` stand-ins, with the pair still to place unless `pair`?
    fn solve(&mut self, i: usize, left: usize, pair: bool) -> bool {
        if i == SEGMENTS.len() {
            return left == 0 && pair;
        }
        if self.dead[i][left][pair as usize] {
            return false;
        }
        let (from, to) = SEGMENTS[i];
        let base: usize = self.counts[from..to].iter().map(|&c| c as usize).sum();
        let room: usize = self.cands[i].iter().map(|&k| self.room[from + k as usize] as usize).sum();
        for k in 0..=left.min(room) {
            let holds_pair = match (base + k) % 3 {
                0 => false,
                2 if !pair => true,
                _ => continue,
            };
            if let Some(stand_ins) = self.part(i, k, holds_pair)
                && self.solve(i + 1, left - k, pair || holds_pair)
            {
                self.chosen[i] = stand_ins;
                return true;
            }
        }
        self.dead[i][left][pair as usize] = true;
        false
    }

    /// Stand-ins completing segment `i` with `k` of them (into melds, plus the pair if `pair`).
    fn part(&mut self, i: usize, k: usize, pair: bool) -> Option<[u8; 9]> {
        match self.parts[i][k][pair as usize] {
            Part::Done(s) => return Some(s),
            Part::Impossible => return None,
            Part::Unknown => {}
        }
        let (from, to) = SEGMENTS[i];
        let mut seg = [0u8; 9];
        seg[..to - from].copy_from_slice(&self.counts[from..to]);
        let mut stand_ins = [0u8; 9];
        let found = self.fill(i, 0, k, pair, &mut seg, &mut stand_ins);
        self.parts[i][k][pair as usize] = if found { Part::Done(stand_ins) } else { Part::Impossible };
        found.then_some(stand_ins)
    }

    fn fill(&self, i: usize, ci: usize, k: usize, pair: bool, seg: &mut [u8; 9], stand_ins: &mut [u8; 9]) -> bool {
        let (from, to) = SEGMENTS[i];
        if k == 0 {
            let counts = &seg[..to - from];
            return counts.iter().all(|&c| c == 0) && !pair
                || segment_entry(self.table, counts, to - from > 1, pair).is_some();
        }
        let Some(&t) = self.cands[i].get(ci) else {
            return false;
        };
        let t = t as usize;
        for s in (0..=k.min(self.room[from + t] as usize)).rev() {
            seg[t] += s as u8;
            stand_ins[t] = s as u8;
            let done = self.fill(i, ci + 1, k - s, pair, seg, stand_ins);
            seg[t] -= s as u8;
            if done {
                return true;
            }
            stand_ins[t] = 0;
        }
        false
    }
}

/// Whether the meld form wins with wildcards: the per-segment search finds a substitution, which is
/// then looked up whole.
fn melds_win(table: &IndexTable, hand: &Hand, rules: &Rules) -> bool {
    let setup = Setup::new(hand, rules);
    let mask = setup.candidates(&hand.declared_counts().0, rules.wildcard_fifth_copy);
    let mut search = WinSearch::new(table, &setup, mask);
    if !search.solve(0, setup.wild, false) {
        return false;
    }
    let mut whole = setup.counts;
    for (i, &(from, to)) in SEGMENTS.iter().enumerate() {
        for (count, &stand_ins) in whole[from..to].iter_mut().zip(&search.chosen[i]) {
            *count += stand_ins;
        }
    }
    let found = key_general(&whole)
        .and_then(|k| table.probe(k as u64))
        .is_some_and(|e| IndexTable::entry_flags(e).contains(ShapeFlags::MELDS));
    debug_assert!(found, "every segment wins, so the whole hand must");
    found
}

/// Seven pairs with wildcards (no declared melds, 14 tiles): exact conditions, see `docs/substitute.md`.
fn seven_pairs_win(counts: &TileCounts, variant: SevenPairs) -> bool {
    let c = &counts.0;
    match variant {
        SevenPairs::Off => false,
        // Singles get a stand-in each, the other stand-ins make fresh pairs of kinds not held.
        SevenPairs::Distinct => c.iter().all(|&n| n <= 2) && c.iter().filter(|&&n| n > 0).count() <= 7,
        // Every odd count needs one stand-in; the rest go in twos wherever a count is at most 2.
        SevenPairs::AllowQuads => {
            let odd = c.iter().filter(|&&n| n % 2 == 1).count() as u32;
            odd <= 14 - counts.total()
        }
    }
}

/// Thirteen orphans with wildcards: everything held is a terminal or honor, at most one kind twice.
fn orphans_win(counts: &TileCounts) -> bool {
    let mut doubled = 0;
    for t in Tile::ALL {
        let n = counts[t];
        if n > 0 && !t.is_terminal_or_honor() || n > 2 {
            return false;
        }
        doubled += (n == 2) as u32;
    }
    doubled <= 1
}

impl Algorithm for Substitute {
    fn name(&self) -> &'static str {
        "substitute"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities { max_wildcards: MAX_WILDCARDS, seventeen_tiles: false, ..Capabilities::CLASSIC }
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let table = index::loaded()?;
        let special = hand.special_forms_apply(rules);
        if hand.wildcards() == 0 {
            return Ok(Index::wins_unchecked(table, hand.concealed(), rules, special));
        }
        if melds_win(table, hand, rules) {
            return Ok(true);
        }
        Ok(special
            && (seven_pairs_win(hand.concealed(), rules.seven_pairs)
                || rules.thirteen_orphans && orphans_win(hand.concealed())))
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        let table = index::loaded()?;
        let special = hand.special_forms_apply(rules);
        if hand.wildcards() == 0 {
            return Ok(Index::decompositions_of(table, hand.concealed(), rules, special));
        }
        let mut out = melds_decompositions(table, hand, rules);
        if special {
            let c = hand.concealed();
            if seven_pairs_win(c, rules.seven_pairs) {
                seven_pairs_decompositions(c, rules.seven_pairs, &mut out);
            }
            if rules.thirteen_orphans && orphans_win(c) {
                match Tile::TERMINALS_AND_HONORS.iter().copied().find(|&t| c[t] == 2) {
                    Some(pair) => out.push(Decomposition::ThirteenOrphans { pair }),
                    None => out
                        .extend(Tile::TERMINALS_AND_HONORS.iter().map(|&pair| Decomposition::ThirteenOrphans { pair })),
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

/// One segment's part of a decomposition: its melds and, if it holds it, the pair.
type SegmentDecomposition = (Option<Tile>, ArrayVec<Group, 5>);

/// Every pair-and-melds decomposition with wildcards. Per segment, per number of stand-ins and
/// whether it holds the pair, every substitution over the kinds with room is looked up and the
/// decompositions collected (deduplicated); then every combination of segments that uses exactly
/// the wildcards and places one pair is emitted. A decomposition restricted to a segment fixes that
/// segment's stand-ins, so each combination is a different decomposition.
fn melds_decompositions(table: &IndexTable, hand: &Hand, rules: &Rules) -> Vec<Decomposition> {
    let setup = Setup::new(hand, rules);
    let w = setup.wild;
    // lists[i][k][p]: decompositions of segment i with k stand-ins, holding the pair if p.
    let mut lists: Vec<Vec<[Vec<SegmentDecomposition>; 2]>> = Vec::with_capacity(SEGMENTS.len());
    for &(from, to) in &SEGMENTS {
        let mut per_k: Vec<[Vec<SegmentDecomposition>; 2]> = (0..=w).map(|_| [Vec::new(), Vec::new()]).collect();
        let base: usize = setup.counts[from..to].iter().map(|&c| c as usize).sum();
        for (k, lists_k) in per_k.iter_mut().enumerate() {
            let pair = match (base + k) % 3 {
                0 => false,
                2 => true,
                _ => continue,
            };
            let mut seg = [0u8; 9];
            seg[..to - from].copy_from_slice(&setup.counts[from..to]);
            let list = &mut lists_k[pair as usize];
            collect_segment(table, &setup.room[from..to], from, 0, k, pair, &mut seg[..to - from], list);
            list.sort_unstable_by(|a, b| (a.0, a.1.as_slice()).cmp(&(b.0, b.1.as_slice())));
            list.dedup();
        }
        lists.push(per_k);
    }
    // finish[i][left][pair]: segments i.. can take `left` stand-ins and end with the pair placed.
    let mut finish = vec![[[false; 2]; W]; SEGMENTS.len() + 1];
    finish[SEGMENTS.len()][0][1] = true;
    for i in (0..SEGMENTS.len()).rev() {
        for left in 0..=w {
            for pair in [false, true] {
                finish[i][left][pair as usize] = (0..=left).any(|k| {
                    (!lists[i][k][0].is_empty() && finish[i + 1][left - k][pair as usize])
                        || (!pair && !lists[i][k][1].is_empty() && finish[i + 1][left - k][1])
                });
            }
        }
    }
    let mut out = Vec::new();
    let mut acc = (None, ArrayVec::new());
    emit(&lists, &finish, 0, w, false, &mut acc, &mut out);
    out
}

/// Every substitution of `k` stand-ins into one segment (kinds in order from `at`), looked up.
#[allow(clippy::too_many_arguments)]
fn collect_segment(
    table: &IndexTable,
    room: &[u8],
    from: usize,
    at: usize,
    k: usize,
    pair: bool,
    seg: &mut [u8],
    out: &mut Vec<SegmentDecomposition>,
) {
    if k == 0 {
        if seg.iter().all(|&c| c == 0) {
            if !pair {
                out.push((None, ArrayVec::new()));
            }
            return;
        }
        let Some(key) = segment_key(seg, seg.len() > 1) else { return };
        let key = if pair { Some(key) } else { with_isolated_pair(key) };
        let Some(entry) = key.and_then(|k| table.lookup(k)).filter(|e| e.has_melds()) else { return };
        let held: ArrayVec<Tile, 9> =
            seg.iter().enumerate().filter(|&(_, &c)| c > 0).map(|(i, _)| Tile::ALL[from + i]).collect();
        for d in entry.decompositions() {
            let mut melds = ArrayVec::new();
            for g in &d.melds {
                let (p, seq) = match *g {
                    RunGroup::Triplet(p) => (p, false),
                    RunGroup::Sequence(p) => (p, true),
                };
                let Some(&t) = held.get(p as usize) else { return };
                melds.push(if seq { Group::Sequence(t) } else { Group::Triplet(t) });
            }
            let pair_tile = if pair { held.get(d.pair as usize).copied() } else { None };
            out.push((pair_tile, melds));
        }
        return;
    }
    if at == seg.len() {
        return;
    }
    for s in 0..=k.min(room[at] as usize) {
        seg[at] += s as u8;
        collect_segment(table, room, from, at + 1, k - s, pair, seg, out);
        seg[at] -= s as u8;
    }
}

/// Combines segment decompositions: segment `i` onward, `left` stand-ins to place, `pair` placed.
fn emit(
    lists: &[Vec<[Vec<SegmentDecomposition>; 2]>],
    finish: &[[[bool; 2]; W]],
    i: usize,
    left: usize,
    pair: bool,
    acc: &mut SegmentDecomposition,
    out: &mut Vec<Decomposition>,
) {
    if i == SEGMENTS.len() {
        if let (true, 0, Some(p)) = (pair, left, acc.0) {
            out.push(Decomposition::melds(p, &acc.1));
        }
        return;
    }
    for k in 0..=left {
        for holds in [false, true] {
            if holds && pair || !finish[i + 1][left - k][(pair || holds) as usize] {
                continue;
            }
            for (p, melds) in &lists[i][k][holds as usize] {
                let saved = (acc.0, acc.1.len());
                if holds {
                    acc.0 = *p;
                }
                if acc.1.try_extend_from_slice(melds).is_ok() {
                    emit(lists, finish, i + 1, left - k, pair || holds, acc, out);
                }
                acc.1.truncate(saved.1);
                acc.0 = saved.0;
            }
        }
    }
}

/// Every seven-pairs decomposition with wildcards (the hand passed [`seven_pairs_win`]).
fn seven_pairs_decompositions(counts: &TileCounts, variant: SevenPairs, out: &mut Vec<Decomposition>) {
    // Final counts: even, at least the concealed count, at most 2 (distinct) or 4, fourteen in all.
    let most = if variant == SevenPairs::AllowQuads { 4 } else { 2 };
    let c = &counts.0;
    let mut need_from = [0u8; 35];
    for t in (0..34).rev() {
        need_from[t] = need_from[t + 1] + c[t] + c[t] % 2;
    }
    fn rec(
        t: usize,
        left: u8,
        c: &[u8; 34],
        most: u8,
        need: &[u8; 35],
        finals: &mut [u8; 34],
        out: &mut Vec<Decomposition>,
    ) {
        if left < need[t] {
            return;
        }
        if t == 34 {
            if left == 0 {
                let mut pairs = [Tile::ALL[0]; 7];
                let mut n = 0;
                for (k, &f) in finals.iter().enumerate() {
                    for _ in 0..f / 2 {
                        if let Some(p) = pairs.get_mut(n) {
                            *p = Tile::ALL[k];
                        }
                        n += 1;
                    }
                }
                if n == 7 {
                    out.push(Decomposition::seven_pairs(pairs));
                }
            }
            return;
        }
        let mut f = c[t] + c[t] % 2;
        while f <= most && f <= left {
            finals[t] = f;
            rec(t + 1, left - f, c, most, need, finals, out);
            f += 2;
        }
        finals[t] = 0;
    }
    rec(0, 14, c, most, &need_from, &mut [0u8; 34], out);
}
