//! Every melds-and-pair decomposition: each suit enumerated alone, pruned by the fewest-wildcards
//! table, then combined across suits by how many wildcards each suit takes.
//!
//! Within a suit, groups are chosen rank by rank (pair, triplets and sequences starting at that rank),
//! so each multiset of groups comes out once. A branch is cut when the wildcards it has already
//! spent plus the fewest the rest of the suit needs (the uncapped table value: a lower bound under
//! any cap) exceed the budget. Across suits a decomposition is one suit's split per suit with the
//! wildcard counts summing to the hand's; different per-suit splits give different multisets, so
//! nothing is produced twice.
//!
//! Only the per-suit splits are kept (a few thousand at most, whatever the hand); the products
//! across suits are handed to a [`Sink`] one at a time, or only counted ([`melds_count`]), so a
//! hand with millions of decompositions never holds them all.

use arrayvec::ArrayVec;
use hupai_tiles::{Decomposition, Group, Tile};

use super::costs::{Cost, HONOR_FREE, INF, honors};
use super::listing::Sink;
use super::{Runtime, suit_of};

/// One suit's share of a decomposition.
#[derive(Debug, Clone)]
struct Split {
    groups: ArrayVec<Group, 5>,
    pair: Option<Tile>,
}

/// A suit's splits by wildcards used (index) for melds only (`[0]`) and with the pair (`[1]`).
type Buckets = [Vec<Vec<Split>>; 2];

/// Pushes every melds-and-pair decomposition of the concealed `counts` with exactly `wildcards`
/// stand-ins into `out` (until it stops), respecting `caps` (concealed plus stand-ins per kind;
/// `NO_CAP` for none) and with the pair only where `pair_ok` allows it.
pub(crate) fn melds_decompositions(
    rt: &Runtime,
    counts: &[u8; 34],
    caps: &[u8; 34],
    costs: &[Cost; 4],
    wildcards: i32,
    pair_ok: &dyn Fn(Tile) -> bool,
    out: &mut Sink<'_>,
) {
    let Some(buckets) = suit_splits(rt, counts, caps, costs, wildcards, pair_ok) else { return };
    for pair_suit in 0..4 {
        let mut chosen: [&[Split]; 4] = [&[], &[], &[], &[]];
        combine(&buckets, pair_suit, 0, wildcards, &mut chosen, &mut |chosen| emit(chosen, out));
        if out.stopped() {
            return;
        }
    }
}

/// How many decompositions [`melds_decompositions`] gives, counted from the per-suit splits
/// without building one.
pub(crate) fn melds_count(
    rt: &Runtime,
    counts: &[u8; 34],
    caps: &[u8; 34],
    costs: &[Cost; 4],
    wildcards: i32,
    pair_ok: &dyn Fn(Tile) -> bool,
) -> u64 {
    let Some(buckets) = suit_splits(rt, counts, caps, costs, wildcards, pair_ok) else { return 0 };
    let mut total = 0u64;
    for pair_suit in 0..4 {
        let mut chosen: [&[Split]; 4] = [&[], &[], &[], &[]];
        combine(&buckets, pair_suit, 0, wildcards, &mut chosen, &mut |chosen| {
            let product = chosen.iter().fold(1u64, |n, splits| n.saturating_mul(splits.len() as u64));
            total = total.saturating_add(product);
        });
    }
    total
}

/// Every suit's splits by role and wildcards used; `None` when the suits' floors already exceed
/// the wildcards.
fn suit_splits(
    rt: &Runtime,
    counts: &[u8; 34],
    caps: &[u8; 34],
    costs: &[Cost; 4],
    wildcards: i32,
    pair_ok: &dyn Fn(Tile) -> bool,
) -> Option<[Buckets; 4]> {
    // Fewest wildcards each suit needs in either role bounds what any one suit may take.
    let floor: [i32; 4] = std::array::from_fn(|s| costs[s].melds.min(costs[s].pair()).max(0));
    let floor_sum: i32 = floor.iter().sum();
    if floor_sum > wildcards {
        return None;
    }
    Some(std::array::from_fn(|s| {
        let budget = wildcards - (floor_sum - floor[s]);
        let mut b: Buckets = [vec![Vec::new(); budget as usize + 1], vec![Vec::new(); budget as usize + 1]];
        for (with_pair, bucket) in b.iter_mut().enumerate() {
            let need = if with_pair == 1 { costs[s].pair() } else { costs[s].melds };
            if need > budget {
                continue;
            }
            let mut search = SuitSearch {
                rt,
                suit: s,
                caps,
                budget,
                with_pair: with_pair == 1,
                pair_ok,
                out: bucket,
                groups: ArrayVec::new(),
                pair: None,
            };
            if s < 3 {
                let c = *suit_of(counts, s);
                let mut carried = [0u8; 11];
                search.numbered(&c, &mut carried, 0, 0);
            } else {
                let mut c = [0u8; 7];
                c.copy_from_slice(&counts[27..34]);
                search.honors(&c, 0, 0);
            }
        }
        b
    }))
}

/// Calls `each` with every choice of one bucket per suit (the pair in `pair_suit`) whose
/// wildcards sum to `left`.
fn combine<'a>(
    buckets: &'a [Buckets; 4],
    pair_suit: usize,
    suit: usize,
    left: i32,
    chosen: &mut [&'a [Split]; 4],
    each: &mut dyn FnMut(&[&[Split]; 4]),
) {
    if suit == 4 {
        if left == 0 {
            each(chosen);
        }
        return;
    }
    let role = &buckets[suit][usize::from(suit == pair_suit)];
    for (k, splits) in role.iter().enumerate() {
        let k = k as i32;
        if k > left {
            break;
        }
        if splits.is_empty() {
            continue;
        }
        chosen[suit] = splits;
        combine(buckets, pair_suit, suit + 1, left - k, chosen, each);
    }
}

/// Every product of one split per suit, into `out` until it stops.
fn emit(chosen: &[&[Split]; 4], out: &mut Sink<'_>) {
    for a in chosen[0] {
        for b in chosen[1] {
            for c in chosen[2] {
                if out.stopped() {
                    return;
                }
                for d in chosen[3] {
                    let mut groups: ArrayVec<Group, 20> = ArrayVec::new();
                    let mut pair = None;
                    for s in [a, b, c, d] {
                        groups.extend(s.groups.iter().copied());
                        pair = pair.or(s.pair);
                    }
                    if let Some(pair) = pair {
                        out.push(Decomposition::melds(pair, &groups));
                    }
                }
            }
        }
    }
}

struct SuitSearch<'a> {
    rt: &'a Runtime,
    suit: usize,
    caps: &'a [u8; 34],
    budget: i32,
    with_pair: bool,
    pair_ok: &'a dyn Fn(Tile) -> bool,
    out: &'a mut Vec<Vec<Split>>,
    groups: ArrayVec<Group, 5>,
    pair: Option<Tile>,
}

impl SuitSearch<'_> {
    fn tile(&self, rank: usize) -> Option<Tile> {
        Tile::new(self.suit * 9 + rank)
    }

    fn record(&mut self, used: i32) {
        if let Some(pair) = self.pair
            && !(self.pair_ok)(pair)
        {
            return;
        }
        if let Some(bucket) = self.out.get_mut(used as usize) {
            bucket.push(Split { groups: self.groups.clone(), pair: self.pair });
        }
    }

    /// Ranks `rank..9` of a numbered suit: `c` real tiles, `carried[i]` tiles at rank `i` already
    /// promised to sequences started lower, `used` stand-ins spent so far.
    fn numbered(&mut self, c: &[u8; 9], carried: &mut [u8; 11], rank: usize, used: i32) {
        if rank == 9 {
            if self.pair.is_some() == self.with_pair {
                self.record(used);
            }
            return;
        }
        if self.lower_bound(c, carried, rank) + used > self.budget {
            return;
        }
        let Some(tile) = self.tile(rank) else { return };
        let cap = self.caps[tile.index()] as i32;
        let have = c[rank] as i32;
        let base = carried[rank] as i32;
        let pair_options = if self.with_pair && self.pair.is_none() { 1 } else { 0 };
        for pair in 0..=pair_options {
            let mut seqs = 0;
            loop {
                if seqs > 0 && (rank > 6 || self.groups.is_full()) {
                    break;
                }
                let at_rank = base + 2 * pair + seqs;
                if at_rank > cap || at_rank - have + used > self.budget {
                    break;
                }
                let mut triplets = 0;
                loop {
                    let total = at_rank + 3 * triplets;
                    if total > cap || total - have + used > self.budget {
                        break;
                    }
                    if total >= have && self.groups.len() + (seqs + triplets) as usize <= 5 {
                        self.push(rank, pair == 1, seqs, triplets);
                        carried[rank + 1] += seqs as u8;
                        carried[rank + 2] += seqs as u8;
                        self.numbered(c, carried, rank + 1, used + total - have);
                        carried[rank + 1] -= seqs as u8;
                        carried[rank + 2] -= seqs as u8;
                        self.pop(pair == 1, seqs, triplets);
                    }
                    triplets += 1;
                }
                seqs += 1;
            }
        }
    }

    /// Stand-ins already forced at higher ranks by carried sequences, plus the fewest the real tiles
    /// left there need without any cap (a lower bound under every cap).
    fn lower_bound(&self, c: &[u8; 9], carried: &[u8; 11], rank: usize) -> i32 {
        let mut rest = [0u8; 9];
        let mut forced = 0;
        for i in rank..9 {
            let (have, promised) = (c[i], carried[i]);
            rest[i] = have.saturating_sub(promised);
            forced += promised.saturating_sub(have) as i32;
        }
        let need_pair = self.with_pair && self.pair.is_none();
        let cost = self.rt.free_lower_bound(&rest);
        forced + if need_pair { cost.pair() } else { cost.melds }
    }

    fn push(&mut self, rank: usize, pair: bool, seqs: i32, triplets: i32) {
        let Some(tile) = self.tile(rank) else { return };
        if pair {
            self.pair = Some(tile);
        }
        for _ in 0..seqs {
            self.groups.push(Group::Sequence(tile));
        }
        for _ in 0..triplets {
            self.groups.push(Group::Triplet(tile));
        }
    }

    fn pop(&mut self, pair: bool, seqs: i32, triplets: i32) {
        if pair {
            self.pair = None;
        }
        for _ in 0..(seqs + triplets) {
            self.groups.pop();
        }
    }

    /// Honor kinds `kind..7`: each forms triplets and perhaps the pair alone.
    fn honors(&mut self, c: &[u8; 7], kind: usize, used: i32) {
        if kind == 7 {
            if self.pair.is_some() == self.with_pair {
                self.record(used);
            }
            return;
        }
        let rest = honors(&c[kind..], &HONOR_FREE);
        let need_pair = self.with_pair && self.pair.is_none();
        let bound = if need_pair { rest.pair() } else { rest.melds };
        if bound >= INF || used + bound > self.budget {
            return;
        }
        let Some(tile) = Tile::new(27 + kind) else { return };
        let cap = self.caps[tile.index()] as i32;
        let have = c[kind] as i32;
        for pair in 0..=i32::from(need_pair) {
            let mut triplets = 0;
            loop {
                let total = 2 * pair + 3 * triplets;
                if total > cap || total - have + used > self.budget {
                    break;
                }
                if total >= have && self.groups.len() + triplets as usize <= 5 {
                    self.push_honor(tile, pair == 1, triplets);
                    self.honors(c, kind + 1, used + total - have);
                    self.pop(pair == 1, 0, triplets);
                }
                triplets += 1;
            }
        }
    }

    fn push_honor(&mut self, tile: Tile, pair: bool, triplets: i32) {
        if pair {
            self.pair = Some(tile);
        }
        for _ in 0..triplets {
            self.groups.push(Group::Triplet(tile));
        }
    }
}
