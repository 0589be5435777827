//! Test support: an independent brute-force reference, a seeded wall and deals, sampling control.
#![allow(dead_code, unreachable_pub)]

use std::collections::BTreeSet;

use hupai_combine::WaitKind;
use hupai_tiles::{Decomposition, Group, Hand, Meld, Rules, SevenPairs, Tile, TileCounts};

/// True when the exhaustive sweeps should run in full (`HUPAI_FULL=1`).
pub fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

/// Every meld kind in `Group` order.
fn all_melds() -> Vec<Group> {
    let mut v: Vec<Group> = Tile::ALL.iter().map(|&t| Group::Triplet(t)).collect();
    v.extend(Tile::ALL.iter().filter(|t| t.starts_sequence()).map(|&t| Group::Sequence(t)));
    v.sort();
    v
}

fn uncovered(counts: &[u8; 34], real: &[u8; 34]) -> u32 {
    counts.iter().zip(real).map(|(&c, &r)| r.saturating_sub(c) as u32).sum()
}

fn below_covered(counts: &[u8; 34], real: &[u8; 34], lowest: usize) -> bool {
    (0..lowest).all(|u| counts[u] >= real[u])
}

/// Every decomposition by enumerating candidate multisets of groups in sorted order and keeping
/// those `Decomposition::is_valid_for` accepts. Pruning only drops multisets that leave a real
/// tile uncovered, so nothing valid is missed; it shares no code with the crate under test.
pub fn reference(hand: &Hand, rules: &Rules) -> Vec<Decomposition> {
    let real = hand.concealed().0;
    let n = hand.melds_needed(rules);
    let melds = all_melds();
    let mut out = BTreeSet::new();
    for p in Tile::ALL {
        let mut counts = [0u8; 34];
        counts[p.index()] += 2;
        let mut chosen = Vec::new();
        melds_rec(hand, rules, &real, &melds, 0, n, p, &mut counts, &mut chosen, &mut out);
    }
    if hand.special_forms_apply(rules) {
        if rules.seven_pairs != SevenPairs::Off {
            let mut counts = [0u8; 34];
            let mut chosen = Vec::new();
            pairs_rec(hand, rules, &real, 0, &mut counts, &mut chosen, &mut out);
        }
        if rules.thirteen_orphans {
            for p in Tile::TERMINALS_AND_HONORS {
                let d = Decomposition::ThirteenOrphans { pair: p };
                if d.is_valid_for(hand, rules) {
                    out.insert(d);
                }
            }
        }
    }
    out.into_iter().collect()
}

#[allow(clippy::too_many_arguments)]
fn melds_rec(
    hand: &Hand,
    rules: &Rules,
    real: &[u8; 34],
    melds: &[Group],
    from: usize,
    left: usize,
    pair: Tile,
    counts: &mut [u8; 34],
    chosen: &mut Vec<Group>,
    out: &mut BTreeSet<Decomposition>,
) {
    if uncovered(counts, real) > 3 * left as u32 {
        return;
    }
    if left == 0 {
        let d = Decomposition::melds(pair, chosen);
        if d.is_valid_for(hand, rules) {
            out.insert(d);
        }
        return;
    }
    for (k, &g) in melds.iter().enumerate().skip(from) {
        if !below_covered(counts, real, g.tile().index()) {
            return;
        }
        for t in g.tiles() {
            counts[t.index()] += 1;
        }
        chosen.push(g);
        melds_rec(hand, rules, real, melds, k, left - 1, pair, counts, chosen, out);
        chosen.pop();
        for t in g.tiles() {
            counts[t.index()] -= 1;
        }
    }
}

fn pairs_rec(
    hand: &Hand,
    rules: &Rules,
    real: &[u8; 34],
    from: usize,
    counts: &mut [u8; 34],
    chosen: &mut Vec<Tile>,
    out: &mut BTreeSet<Decomposition>,
) {
    let left = 7 - chosen.len();
    if uncovered(counts, real) > 2 * left as u32 {
        return;
    }
    if left == 0 {
        let d = Decomposition::seven_pairs(chosen.as_slice().try_into().expect("seven"));
        if d.is_valid_for(hand, rules) {
            out.insert(d);
        }
        return;
    }
    for t in from..34 {
        if !below_covered(counts, real, t) {
            return;
        }
        if counts[t] >= 4 {
            continue;
        }
        counts[t] += 2;
        chosen.push(Tile::ALL[t]);
        pairs_rec(hand, rules, real, t, counts, chosen, out);
        chosen.pop();
        counts[t] -= 2;
    }
}

/// How the reference defines wait kinds: every decomposition of hand + t, every group holding t.
pub fn reference_kinds(full: &[Decomposition], t: Tile) -> BTreeSet<WaitKind> {
    let mut kinds = BTreeSet::new();
    for d in full {
        match d {
            Decomposition::Melds { pair, melds } => {
                if *pair == t {
                    kinds.insert(WaitKind::Single);
                }
                for g in melds {
                    match *g {
                        Group::Triplet(x) if x == t => {
                            kinds.insert(WaitKind::DoublePair);
                        }
                        Group::Sequence(low) => {
                            let tiles = g.tiles();
                            if tiles[1] == t {
                                kinds.insert(WaitKind::Closed);
                            }
                            if tiles[0] == t {
                                kinds.insert(if low.rank() == 7 { WaitKind::Edge } else { WaitKind::TwoSided });
                            }
                            if tiles[2] == t {
                                kinds.insert(if low.rank() == 1 { WaitKind::Edge } else { WaitKind::TwoSided });
                            }
                        }
                        _ => {}
                    }
                }
            }
            Decomposition::SevenPairs { .. } | Decomposition::ThirteenOrphans { .. } => {
                kinds.insert(WaitKind::Single);
            }
            // Not a form combine lists: the knitted forms are outside its capabilities.
            Decomposition::HonorsAndKnitted { .. } | Decomposition::KnittedStraight { .. } => {}
        }
    }
    kinds
}

/// splitmix64: a seeded generator for reproducible deals.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A shuffled 136-tile wall.
pub fn wall(rng: &mut Rng) -> Vec<Tile> {
    let mut w: Vec<Tile> = Tile::ALL.iter().flat_map(|&t| [t; 4]).collect();
    for i in (1..w.len()).rev() {
        let j = rng.below(i + 1);
        w.swap(i, j);
    }
    w
}

/// A deal of `size` tiles (complete or one short) with `wild` wildcards and `melds` declared melds
/// taken from a fresh wall where it has them (pon if three copies remain, else chi if possible).
pub fn deal(rng: &mut Rng, size: usize, wild: u8, melds: usize) -> Hand {
    let mut w = wall(rng);
    let mut declared = Vec::new();
    for _ in 0..melds {
        let t = w[rng.below(w.len())];
        let take = |w: &mut Vec<Tile>, t: Tile| {
            let at = w.iter().position(|&x| x == t).expect("present");
            w.swap_remove(at);
        };
        let count = |w: &Vec<Tile>, t: Tile| w.iter().filter(|&&x| x == t).count();
        if count(&w, t) >= 3 && (rng.below(2) == 0 || !t.starts_sequence()) {
            for _ in 0..3 {
                take(&mut w, t);
            }
            declared.push(Meld::Pon(t));
        } else if t.starts_sequence() {
            let seq = [t, Tile::ALL[t.index() + 1], Tile::ALL[t.index() + 2]];
            if seq.iter().all(|&x| count(&w, x) > 0) {
                for x in seq {
                    take(&mut w, x);
                }
                declared.push(Meld::Chi(t));
            }
        }
    }
    let concealed = size.saturating_sub(wild as usize + 3 * declared.len());
    let counts = TileCounts::from_tiles(w.iter().copied().take(concealed));
    Hand::new(counts, wild, &declared).expect("a deal from one wall is a valid hand")
}

/// Every one-suit (man) concealed count vector with `total` tiles, in lexicographic order.
pub fn one_suit_hands(total: u32) -> Vec<[u8; 9]> {
    fn rec(i: usize, left: u32, cur: &mut [u8; 9], out: &mut Vec<[u8; 9]>) {
        if i == 9 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for c in 0..=4u8.min(left as u8) {
            cur[i] = c;
            rec(i + 1, left - c as u32, cur, out);
        }
        cur[i] = 0;
    }
    let mut out = Vec::new();
    rec(0, total, &mut [0; 9], &mut out);
    out
}

pub fn one_suit_hand(c: &[u8; 9], wild: u8) -> Hand {
    let mut counts = TileCounts::EMPTY;
    counts.0[..9].copy_from_slice(c);
    Hand::from_counts(counts, wild).expect("at most four of each")
}

/// The rule sets the sweeps use: every classic preset, each with and without the fifth-copy option
/// (the reference here knows no regional option; the harness sweeps combine on those).
pub fn all_rules() -> Vec<Rules> {
    Rules::PRESETS
        .iter()
        .filter(|(_, r)| r.is_classic())
        .flat_map(|&(_, r)| [r, r.with_wildcard_fifth_copy(true)])
        .collect()
}

/// A winning hand under `rules`: pair + melds (some declared), or seven pairs / thirteen orphans
/// where allowed, then `wild` random concealed tiles turned into wildcards.
pub fn winning(rng: &mut Rng, rules: &Rules, wild: u8) -> Hand {
    loop {
        let mut counts = [0u8; 34];
        let mut declared = Vec::new();
        let form = rng.below(10);
        if form == 0 && rules.seven_pairs != SevenPairs::Off {
            let mut kinds = 0;
            while kinds < 7 {
                let t = rng.below(34);
                let limit = if rules.seven_pairs == SevenPairs::AllowQuads { 4 } else { 2 };
                if counts[t] + 2 <= limit {
                    counts[t] += 2;
                    kinds += 1;
                }
            }
        } else if form == 1 && rules.thirteen_orphans {
            for t in Tile::TERMINALS_AND_HONORS {
                counts[t.index()] += 1;
            }
            counts[Tile::TERMINALS_AND_HONORS[rng.below(13)].index()] += 1;
        } else {
            counts[rng.below(34)] += 2;
            let n = rules.melds as usize;
            let declare = if form >= 8 { 1 + rng.below(2) } else { 0 };
            for k in 0..n {
                let t = Tile::ALL[rng.below(34)];
                let seq = t.starts_sequence() && rng.below(3) > 0;
                let tiles = if seq { [t, Tile::ALL[t.index() + 1], Tile::ALL[t.index() + 2]] } else { [t; 3] };
                if k < declare {
                    declared.push(if seq { Meld::Chi(t) } else { Meld::Pon(t) });
                } else {
                    for x in tiles {
                        counts[x.index()] += 1;
                    }
                }
            }
        }
        if Hand::new(TileCounts(counts), 0, &declared).is_err() {
            continue; // five copies before any became a wildcard
        }
        let mut tc = TileCounts(counts);
        let mut w = 0u8;
        while w < wild && tc.total() > 0 {
            let t = tc.tiles().nth(rng.below(tc.total() as usize)).expect("in range");
            tc[t] -= 1;
            w += 1;
        }
        if let Ok(hand) = Hand::new(tc, w, &declared) {
            return hand;
        }
    }
}

/// The hand with one random concealed tile or wildcard taken out.
pub fn drop_one(rng: &mut Rng, hand: &Hand) -> Hand {
    let mut counts = *hand.concealed();
    let mut w = hand.wildcards();
    let n = counts.total() as usize + w as usize;
    let k = rng.below(n.max(1));
    if k < counts.total() as usize {
        let t = counts.tiles().nth(k).expect("in range");
        counts[t] -= 1;
    } else {
        w = w.saturating_sub(1);
    }
    Hand::new(counts, w, hand.melds()).expect("fewer tiles stay valid")
}
