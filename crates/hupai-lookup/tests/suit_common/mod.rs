//! Shared by the `suit_*` tests: a plain reference search (independent of every table), hand
//! sweeps, a seeded random source and the 136-tile wall.
#![allow(dead_code)]

use std::collections::BTreeSet;

use hupai_tiles::{Decomposition, Group, Hand, Meld, Rules, SevenPairs, Tile, TileCounts, TileSet};

/// True when the exhaustive sweeps should run in full (`HUPAI_FULL=1`).
pub(crate) fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

/// SplitMix64: a tiny seeded generator, so deals are the same on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every count pattern of `kinds` kinds (each 0–4) with exactly `tiles` tiles.
pub(crate) fn patterns(kinds: usize, tiles: u32) -> Vec<Vec<u8>> {
    fn go(kinds: usize, left: u32, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == kinds {
            if left == 0 {
                out.push(cur.clone());
            }
            return;
        }
        for c in 0..=4u32.min(left) {
            cur.push(c as u8);
            go(kinds, left - c, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(kinds, tiles, &mut Vec::new(), &mut out);
    out
}

/// A concealed hand holding `pattern` from tile index `offset` on, plus wildcards.
pub(crate) fn hand_of(pattern: &[u8], offset: usize, wildcards: u8) -> Hand {
    let mut c = TileCounts::EMPTY;
    for (i, &n) in pattern.iter().enumerate() {
        c.0[offset + i] = n;
    }
    Hand::from_counts(c, wildcards).expect("at most four of a kind")
}

/// The reference: every decomposition by plain search. The lowest real tile left must belong to
/// the pair, a triplet, or a sequence in which it is the lowest, middle or highest tile; real
/// tiles are used before wildcards (which tiles are real never changes the multiset); when no real
/// tile is left, the remaining wildcards form every possible set of groups on kinds with room.
pub(crate) struct Reference<'a> {
    rules: &'a Rules,
    room: [u8; 34],
    melds: usize,
    /// Stop at the first decomposition (win checks).
    first_only: bool,
    found: BTreeSet<Decomposition>,
}

pub(crate) fn reference_decompositions(hand: &Hand, rules: &Rules, first_only: bool) -> BTreeSet<Decomposition> {
    let declared = hand.declared_counts();
    let room: [u8; 34] = std::array::from_fn(|t| if rules.wildcard_fifth_copy { u8::MAX } else { 4 - declared.0[t] });
    let mut r = Reference { rules, room, melds: hand.melds_needed(rules), first_only, found: BTreeSet::new() };
    let mut c = hand.concealed().0;
    let mut used = [0u8; 34];
    let mut groups = Vec::new();
    r.search(&mut c, hand.wildcards() as i32, &mut used, &mut groups, None);
    if (!first_only || r.found.is_empty()) && hand.special_forms_apply(rules) {
        special_reference(hand, rules, &mut r.found);
    }
    r.found
}

pub(crate) fn reference_win(hand: &Hand, rules: &Rules) -> bool {
    !reference_decompositions(hand, rules, true).is_empty()
}

pub(crate) fn reference_waits(hand: &Hand, rules: &Rules) -> TileSet {
    let physical = hand.physical_counts();
    Tile::ALL.into_iter().filter(|&t| physical[t] < 4 && reference_win(&hand.with_tile_unchecked(t), rules)).collect()
}

impl Reference<'_> {
    fn done(&self) -> bool {
        self.first_only && !self.found.is_empty()
    }

    /// Takes `tiles` for one group: real where available, else a wildcard; fails without room.
    fn take(
        &self,
        c: &mut [u8; 34],
        wild: &mut i32,
        used: &mut [u8; 34],
        tiles: &[Tile],
    ) -> Option<Vec<(usize, bool)>> {
        let mut log = Vec::new();
        for &t in tiles {
            let i = t.index();
            if used[i] >= self.room[i] {
                undo(c, wild, used, &log);
                return None;
            }
            if c[i] > 0 {
                c[i] -= 1;
                log.push((i, true));
            } else if *wild > 0 {
                *wild -= 1;
                log.push((i, false));
            } else {
                undo(c, wild, used, &log);
                return None;
            }
            used[i] += 1;
        }
        Some(log)
    }

    fn search(
        &mut self,
        c: &mut [u8; 34],
        wild: i32,
        used: &mut [u8; 34],
        groups: &mut Vec<Group>,
        pair: Option<Tile>,
    ) {
        if self.done() {
            return;
        }
        let Some(low) = (0..34).find(|&i| c[i] > 0) else {
            self.wild_only(wild, used, groups, pair, 0);
            return;
        };
        let t = Tile::ALL[low];
        let mut options: Vec<(Vec<Tile>, Option<Group>)> = Vec::new();
        if pair.is_none() {
            options.push((vec![t, t], None));
        }
        if groups.len() < self.melds {
            options.push((vec![t, t, t], Some(Group::Triplet(t))));
            for back in 0..3usize {
                if low < back {
                    continue;
                }
                let start = Tile::ALL[low - back];
                if start.suit() == t.suit() && start.starts_sequence() {
                    options.push((Group::Sequence(start).tiles().to_vec(), Some(Group::Sequence(start))));
                }
            }
        }
        for (tiles, group) in options {
            let mut w = wild;
            let Some(log) = self.take(c, &mut w, used, &tiles) else { continue };
            match group {
                Some(g) => {
                    groups.push(g);
                    self.search(c, w, used, groups, pair);
                    groups.pop();
                }
                None => self.search(c, w, used, groups, Some(t)),
            }
            let mut w2 = w;
            undo(c, &mut w2, used, &log);
        }
    }

    /// No real tiles left: wildcards alone complete the groups (in canonical order from `from`)
    /// and the pair.
    fn wild_only(&mut self, wild: i32, used: &mut [u8; 34], groups: &mut Vec<Group>, pair: Option<Tile>, from: usize) {
        if self.done() {
            return;
        }
        let groups_left = self.melds - groups.len();
        let pair_left = usize::from(pair.is_none());
        if wild as usize != 3 * groups_left + 2 * pair_left {
            return;
        }
        if groups_left == 0 {
            match pair {
                Some(p) => {
                    self.found.insert(Decomposition::melds(p, groups));
                }
                None => {
                    for t in Tile::ALL {
                        if used[t.index()] + 2 <= self.room[t.index()] {
                            self.found.insert(Decomposition::melds(t, groups));
                            if self.done() {
                                return;
                            }
                        }
                    }
                }
            }
            return;
        }
        // Groups in canonical order: index 2*tile for triplets, 2*tile+1 for sequences.
        for code in from..68 {
            let t = Tile::ALL[code / 2];
            let (g, tiles) = if code % 2 == 0 {
                (Group::Triplet(t), vec![t; 3])
            } else if t.starts_sequence() {
                (Group::Sequence(t), Group::Sequence(t).tiles().to_vec())
            } else {
                continue;
            };
            if tiles.iter().any(|x| used[x.index()] >= self.room[x.index()])
                || tiles.iter().filter(|x| **x == t).count() as u8 + used[t.index()] > self.room[t.index()]
            {
                continue;
            }
            for x in &tiles {
                used[x.index()] += 1;
            }
            groups.push(g);
            self.wild_only(wild - 3, used, groups, pair, code);
            groups.pop();
            for x in &tiles {
                used[x.index()] -= 1;
            }
        }
    }
}

fn undo(c: &mut [u8; 34], wild: &mut i32, used: &mut [u8; 34], log: &[(usize, bool)]) {
    for &(i, real) in log {
        if real {
            c[i] += 1;
        } else {
            *wild += 1;
        }
        used[i] -= 1;
    }
}

/// Seven pairs and thirteen orphans by enumeration, every candidate checked by
/// `Decomposition::is_valid_for` (the model's own validity check).
fn special_reference(hand: &Hand, rules: &Rules, out: &mut BTreeSet<Decomposition>) {
    let c = hand.concealed().0;
    let w = hand.wildcards() as i32;
    if rules.seven_pairs != SevenPairs::Off {
        let per_kind = if rules.seven_pairs == SevenPairs::AllowQuads { 2 } else { 1 };
        let mut pairs = Vec::new();
        pairs_rec(hand, rules, &c, w, 0, per_kind, &mut pairs, out);
    }
    if rules.thirteen_orphans {
        for pair in Tile::TERMINALS_AND_HONORS {
            let d = Decomposition::ThirteenOrphans { pair };
            if d.is_valid_for(hand, rules) {
                out.insert(d);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn pairs_rec(
    hand: &Hand,
    rules: &Rules,
    c: &[u8; 34],
    wild: i32,
    kind: usize,
    per_kind: u8,
    pairs: &mut Vec<Tile>,
    out: &mut BTreeSet<Decomposition>,
) {
    if pairs.len() == 7 {
        let arr: [Tile; 7] = pairs.clone().try_into().expect("seven");
        let d = Decomposition::seven_pairs(arr);
        if d.is_valid_for(hand, rules) {
            out.insert(d);
        }
        return;
    }
    if kind == 34 {
        return;
    }
    for n in 0..=per_kind {
        if pairs.len() + n as usize > 7 {
            break;
        }
        let have = 2 * n;
        if have < c[kind] {
            continue;
        }
        let stand = (have - c[kind]) as i32;
        if stand > wild {
            break;
        }
        for _ in 0..n {
            pairs.push(Tile::ALL[kind]);
        }
        pairs_rec(hand, rules, c, wild - stand, kind + 1, per_kind, pairs, out);
        for _ in 0..n {
            pairs.pop();
        }
    }
}

/// The 136-tile wall as tile indices.
pub(crate) fn wall() -> Vec<usize> {
    (0..136).map(|i| i / 4).collect()
}

/// A random hand under `rules`: `declared` melds taken from a shuffled wall, then concealed tiles,
/// `wildcards` of the concealed slots being wildcards; `short` leaves it one tile short (for waits).
pub(crate) fn random_hand(rng: &mut Rng, rules: &Rules, wildcards: u8, declared: usize, short: bool) -> Option<Hand> {
    let mut wall = wall();
    for i in (1..wall.len()).rev() {
        let j = rng.below(i + 1);
        wall.swap(i, j);
    }
    let mut left = [4u8; 34];
    let mut melds = Vec::new();
    for _ in 0..declared {
        let kind = rng.below(3);
        let t = Tile::ALL[rng.below(34)];
        let m = match kind {
            0 if t.starts_sequence() => Meld::Chi(t),
            1 => Meld::Kan(t),
            _ => Meld::Pon(t),
        };
        let tiles = m.tiles();
        let mut need = [0u8; 34];
        for x in &tiles {
            need[x.index()] += 1;
        }
        if (0..34).any(|i| need[i] > left[i]) {
            return None;
        }
        for i in 0..34 {
            left[i] -= need[i];
        }
        melds.push(m);
    }
    let size = rules.hand_size() - usize::from(short) - 3 * declared;
    let real = size.checked_sub(wildcards as usize)?;
    let mut c = TileCounts::EMPTY;
    let mut taken = 0;
    for &t in &wall {
        if taken == real {
            break;
        }
        if left[t] > 0 {
            left[t] -= 1;
            c.0[t] += 1;
            taken += 1;
        }
    }
    Hand::new(c, wildcards, &melds).ok()
}
