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
//! or pair of a kind already held, so `N` alone is complete. Counts above four then reach the table,
//! which holds those shapes too (flagged [`ShapeFlags::OVER_FOUR`]).
//!
//! Substitutions are enumerated as multisets, suit by suit, keeping only those where every suit's
//! tile count is 0 or 2 modulo 3 with exactly one suit (or honor kind) holding the pair: a cheap
//! necessary condition that never rejects a winning substitution.
//!
//! Decompositions are the union over every substitution, so they cannot stop at slots: the pure
//! units are placed everywhere they fit, combined with the decompositions of the rest, which is
//! looked up once per substitution of the non-pure wildcards (inside `N`).

use arrayvec::ArrayVec;
use hupai_tiles::{
    Algorithm, Capabilities, Decomposition, Error, Group, Hand, Rules, SevenPairs, Tile, TileCounts, TileSet,
};

use crate::index::{self, Index, IndexTable, RunGroup, ShapeFlags, key_general};

/// Most wildcards [`Substitute`] accepts. The pruning is exact for any number; the limit keeps the
/// enumeration (which grows with the number of multisets of candidates) within milliseconds.
pub const MAX_WILDCARDS: u8 = 8;

/// S000's substitution method with a complete pruning (name `"substitute"`): wildcards (up to
/// [`MAX_WILDCARDS`]), the fifth-copy rule both ways, declared melds, seven pairs and thirteen
/// orphans, decompositions; no 17-tile hands (the index table stops at four melds).
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

/// Tile ranges enumerated one after the other: the three numbered suits, then each honor alone
/// (honors never join another kind, so each is its own segment for the modulo-3 test).
const SEGMENTS: [(usize, usize); 10] =
    [(0, 9), (9, 18), (18, 27), (27, 28), (28, 29), (29, 30), (30, 31), (31, 32), (32, 33), (33, 34)];

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

/// What the enumeration needs about a hand's meld form.
struct Setup {
    /// Concealed counts.
    counts: [u8; 34],
    /// How many stand-ins each kind can take.
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
            room[t] = if rules.wildcard_fifth_copy { wild as u8 } else { 4u8.saturating_sub(physical[t]) };
        }
        Setup { counts, room, wild, melds: hand.melds_needed(rules) }
    }
}

/// The candidate kinds for the win check (see the module documentation).
fn candidate_mask(setup: &Setup, declared: &[u8; 34], fifth_copy: bool) -> u64 {
    let near = neighbourhood(&setup.counts);
    let with_room = (0..34).filter(|&t| setup.room[t] > 0).fold(0u64, |m, t| m | 1 << t);
    let mask = if fifth_copy {
        // Every pure unit can become a triplet or pair of a kind held; with nothing held, of 1m.
        if near == 0 { 1 } else { near }
    } else {
        let units = max_pure_units(setup.wild, setup.melds);
        match slots(near, declared, units) {
            Some(s) => near | s,
            None => with_room,
        }
    };
    mask & with_room
}

/// The kinds a wildcard of this hand is tried as in the win check: the pruned candidate set.
pub fn candidates(hand: &Hand, rules: &Rules) -> TileSet {
    let setup = Setup::new(hand, rules);
    TileSet::from_bits(candidate_mask(&setup, &hand.declared_counts().0, rules.wildcard_fifth_copy))
}

/// The substitution search over one candidate set: per segment, the candidates and their room.
struct Search<'a> {
    table: &'a IndexTable,
    /// Concealed counts.
    concealed: [u8; 34],
    /// Concealed counts plus the stand-ins placed so far.
    counts: [u8; 34],
    room: [u8; 34],
    cands: [ArrayVec<u8, 9>; 10],
    /// Real tiles per segment.
    base: [u32; 10],
    /// Room of segments `i..`.
    room_from: [u32; 11],
    /// How many pure units and whether the pair is pure, for the decomposition search.
    pure: (usize, bool),
}

impl<'a> Search<'a> {
    fn new(table: &'a IndexTable, setup: &Setup, mask: u64) -> Search<'a> {
        let mut s = Search {
            table,
            concealed: setup.counts,
            counts: setup.counts,
            room: setup.room,
            cands: Default::default(),
            base: [0; 10],
            room_from: [0; 11],
            pure: (0, false),
        };
        for (i, &(from, to)) in SEGMENTS.iter().enumerate() {
            for t in from..to {
                s.base[i] += setup.counts[t] as u32;
                if mask >> t & 1 == 1 {
                    s.cands[i].push(t as u8);
                }
            }
        }
        for i in (0..10).rev() {
            let here: u32 = s.cands[i].iter().map(|&t| s.room[t as usize] as u32).sum();
            s.room_from[i] = s.room_from[i + 1] + here;
        }
        s
    }

    /// Tries every multiset of `left` stand-ins over segments `i..`; `visit` sees each complete
    /// substitution whose segments pass the modulo-3 test, and stops the search by returning true.
    /// With `pair_free` the pair is pure (placed later), so no segment may hold it.
    fn segment(&mut self, i: usize, left: usize, pair: bool, visit: &mut impl FnMut(&mut Self) -> bool) -> bool {
        if i == SEGMENTS.len() {
            return left == 0 && pair && visit(self);
        }
        if (self.room_from[i] as usize) < left {
            return false;
        }
        let here = (self.room_from[i] - self.room_from[i + 1]) as usize;
        for k in 0..=left.min(here) {
            let holds_pair = match (self.base[i] + k as u32) % 3 {
                0 => false,
                2 if !pair => true,
                _ => continue,
            };
            if self.fill(i, 0, k, left - k, pair || holds_pair, visit) {
                return true;
            }
        }
        false
    }

    fn fill(
        &mut self,
        i: usize,
        ci: usize,
        k: usize,
        rest: usize,
        pair: bool,
        visit: &mut impl FnMut(&mut Self) -> bool,
    ) -> bool {
        if k == 0 {
            return self.segment(i + 1, rest, pair, visit);
        }
        let Some(&t) = self.cands[i].get(ci) else {
            return false;
        };
        let t = t as usize;
        for s in (0..=k.min(self.room[t] as usize)).rev() {
            self.counts[t] += s as u8;
            let done = self.fill(i, ci + 1, k - s, rest, pair, visit);
            self.counts[t] -= s as u8;
            if done {
                return true;
            }
        }
        false
    }

    /// True if the current counts are a winning pair-and-melds shape.
    fn wins(&self) -> bool {
        key_general(&self.counts)
            .and_then(|k| self.table.probe(k as u64))
            .is_some_and(|e| IndexTable::entry_flags(e).contains(ShapeFlags::MELDS))
    }
}

/// Whether the meld form wins with wildcards.
fn melds_win(table: &IndexTable, hand: &Hand, rules: &Rules) -> bool {
    let setup = Setup::new(hand, rules);
    let mask = candidate_mask(&setup, &hand.declared_counts().0, rules.wildcard_fifth_copy);
    let mut search = Search::new(table, &setup, mask);
    search.segment(0, setup.wild, false, &mut |s| s.wins())
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
        Capabilities { max_wildcards: MAX_WILDCARDS, seventeen_tiles: false, ..Capabilities::ALL }
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let table = index::loaded();
        let special = hand.special_forms_apply(rules);
        if hand.wildcards() == 0 {
            return Ok(Index::wins(table, hand.concealed(), rules, special));
        }
        if melds_win(table, hand, rules) {
            return Ok(true);
        }
        Ok(special
            && (seven_pairs_win(hand.concealed(), rules.seven_pairs)
                || rules.thirteen_orphans && orphans_win(hand.concealed())))
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        let table = index::loaded();
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
                let doubled = Tile::TERMINALS_AND_HONORS.iter().copied().find(|&t| c[t] == 2);
                match doubled {
                    Some(pair) => out.push(Decomposition::ThirteenOrphans { pair }),
                    None => out.extend(Tile::TERMINALS_AND_HONORS.iter().map(|&pair| Decomposition::ThirteenOrphans { pair })),
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

/// Every group, in [`Group`] order.
fn all_groups() -> impl Iterator<Item = Group> {
    Tile::ALL.into_iter().flat_map(|t| {
        std::iter::once(Group::Triplet(t)).chain(t.starts_sequence().then_some(Group::Sequence(t)))
    })
}

/// Every pair-and-melds decomposition with wildcards: for each number of pure groups and a pure pair
/// or not, each substitution of the other wildcards inside the neighbourhood is looked up, and its
/// decompositions are combined with every placement of the pure units that fits the room left.
fn melds_decompositions(table: &IndexTable, hand: &Hand, rules: &Rules) -> Vec<Decomposition> {
    let setup = Setup::new(hand, rules);
    let near = neighbourhood(&setup.counts);
    let groups: Vec<Group> = all_groups().collect();
    let mut out = Vec::new();
    for pure_pair in [false, true] {
        for pure_melds in 0..=setup.melds {
            let Some(mixed) = setup.wild.checked_sub(3 * pure_melds + 2 * pure_pair as usize) else {
                continue;
            };
            let mut search = Search::new(table, &setup, near & (0..34).fold(0u64, |m, t| {
                if setup.room[t] > 0 { m | 1 << t } else { m }
            }));
            search.pure = (pure_melds, pure_pair);
            // With a pure pair, no segment of the rest may hold the pair: start as if it were placed.
            search.segment(0, mixed, pure_pair, &mut |s| {
                combine(s, &groups, &mut out);
                false
            });
        }
    }
    out
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

/// The decompositions of the current substitution (with a virtual isolated pair when the pair is
/// pure), each combined with every placement of the pure units in the room left.
fn combine(s: &Search<'_>, groups: &[Group], out: &mut Vec<Decomposition>) {
    let (pure_melds, pure_pair) = s.pure;
    let Some(key) = key_general(&s.counts) else { return };
    let key = if pure_pair { with_isolated_pair(key) } else { Some(key) };
    let Some(entry) = key.and_then(|k| s.table.lookup(k)) else { return };
    let held: ArrayVec<Tile, 34> = Tile::ALL.iter().copied().filter(|&t| s.counts[t.index()] > 0).collect();
    let mut room = [0u8; 34];
    for t in 0..34 {
        room[t] = s.room[t].saturating_sub(s.counts[t] - s.concealed[t]);
    }
    for d in entry.decompositions() {
        let mut melds: ArrayVec<Group, 5> = ArrayVec::new();
        for g in &d.melds {
            let group = match *g {
                RunGroup::Triplet(p) => held.get(p as usize).map(|&t| Group::Triplet(t)),
                RunGroup::Sequence(p) => held.get(p as usize).map(|&t| Group::Sequence(t)),
            };
            match group {
                Some(g) => melds.push(g),
                None => return,
            }
        }
        let pair = if pure_pair { None } else { held.get(d.pair as usize).copied() };
        let mut pure = Pure { groups, room, melds, out: &mut *out };
        pure.place(0, pure_melds, pure_pair, pair);
    }
}

/// Placing the pure units: every multiset of groups (in [`Group`] order) and, if the pair is pure,
/// every pair that fits the room left.
struct Pure<'a, 'o> {
    groups: &'a [Group],
    room: [u8; 34],
    melds: ArrayVec<Group, 5>,
    out: &'o mut Vec<Decomposition>,
}

impl Pure<'_, '_> {
    fn place(&mut self, from: usize, melds_left: usize, pure_pair: bool, pair: Option<Tile>) {
        if melds_left == 0 {
            if pure_pair {
                for t in Tile::ALL {
                    if self.room[t.index()] >= 2 {
                        self.out.push(Decomposition::melds(t, &self.melds));
                    }
                }
            } else if let Some(p) = pair {
                self.out.push(Decomposition::melds(p, &self.melds));
            }
            return;
        }
        for gi in from..self.groups.len() {
            let g = self.groups[gi];
            if !self.take(g) {
                continue;
            }
            self.melds.push(g);
            self.place(gi, melds_left - 1, pure_pair, pair);
            self.melds.pop();
            self.give_back(g);
        }
    }

    fn take(&mut self, g: Group) -> bool {
        let tiles = g.tiles();
        let fits = match g {
            Group::Triplet(t) => self.room[t.index()] >= 3,
            Group::Sequence(_) => tiles.iter().all(|t| self.room[t.index()] >= 1),
        };
        if fits {
            for t in tiles {
                self.room[t.index()] -= 1;
            }
        }
        fits
    }

    fn give_back(&mut self, g: Group) {
        for t in g.tiles() {
            self.room[t.index()] += 1;
        }
    }
}

/// Every seven-pairs decomposition with wildcards (the hand passed [`seven_pairs_win`]).
fn seven_pairs_decompositions(counts: &TileCounts, variant: SevenPairs, out: &mut Vec<Decomposition>) {
    let c = &counts.0;
    // Final counts: even, at least the concealed count, at most 2 (distinct) or 4, fourteen in all.
    let most = if variant == SevenPairs::AllowQuads { 4 } else { 2 };
    let mut finals = [0u8; 34];
    fn rec(t: usize, left: u8, c: &[u8; 34], most: u8, finals: &mut [u8; 34], out: &mut Vec<Decomposition>) {
        if t == 34 {
            if left == 0 {
                let mut pairs = [Tile::ALL[0]; 7];
                let mut n = 0;
                for (k, &f) in finals.iter().enumerate() {
                    for _ in 0..f / 2 {
                        pairs[n] = Tile::ALL[k];
                        n += 1;
                    }
                }
                out.push(Decomposition::seven_pairs(pairs));
            }
            return;
        }
        let lowest = c[t] + c[t] % 2;
        let mut f = lowest;
        while f <= most && f <= left {
            finals[t] = f;
            rec(t + 1, left - f, c, most, finals, out);
            f += 2;
        }
        finals[t] = 0;
    }
    rec(0, 14, c, most, &mut finals, out);
}
