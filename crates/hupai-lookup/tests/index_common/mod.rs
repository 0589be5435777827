//! Shared by the `index_*` and `substitute_*` tests: the comparison with `hupai_search::Backtrack`,
//! hand sweeps, random and winning deals from a seeded generator.
#![allow(dead_code)]

use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Decomposition, Error, Feature, Group, Hand, Meld, Rules, Tile, TileCounts};

/// True when the exhaustive sweeps should run in full (`HUPAI_FULL=1`).
pub(crate) fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

/// Every `stride`-th item in debug sweeps, every item with `HUPAI_FULL=1`.
pub(crate) fn stride(debug: usize) -> usize {
    if full() { 1 } else { debug }
}

/// SplitMix64: seeded, so every run deals the same hands.
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

/// Whether an algorithm should answer this hand under these rules: `None` if it must say
/// unsupported (and which feature), by its declared capabilities.
pub(crate) fn expected_unsupported(alg: &dyn Algorithm, hand: &Hand, rules: &Rules) -> Option<Feature> {
    alg.capabilities().missing(hand, rules)
}

/// Checks `alg` against Backtrack on one hand: the win verdict (or waits, for a hand one tile
/// short), and the decompositions if `decompositions`. Unsupported hands must be refused with the
/// feature the capabilities name. Returns whether the hand was answered.
pub(crate) fn agree(alg: &dyn Algorithm, hand: &Hand, rules: &Rules, decompositions: bool) -> bool {
    let want = Backtrack.answer(hand, rules);
    let got = alg.answer(hand, rules);
    if let Some(feature) = expected_unsupported(alg, hand, rules) {
        if want.is_ok() {
            assert_eq!(
                got,
                Err(Error::Unsupported { algorithm: alg.name(), feature }),
                "{hand} under {rules}: should be unsupported"
            );
        }
        return false;
    }
    assert_eq!(got, want, "{} disagrees with backtrack on {hand} under {rules}", alg.name());
    if decompositions && hand.tile_count() == rules.hand_size() {
        let want = Backtrack.decompositions(hand, rules).expect("backtrack answers everything");
        let got = alg.decompositions(hand, rules).expect("supported");
        if got != want {
            let show = |v: &[Decomposition]| v.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" | ");
            panic!(
                "{} decompositions of {hand} under {rules} differ:\n  got  {}\n  want {}",
                alg.name(),
                show(&got),
                show(&want)
            );
        }
        for d in &got {
            assert!(d.is_valid_for(hand, rules), "{d} is not valid for {hand}");
        }
    }
    true
}

/// The 136-tile wall as counts.
pub(crate) fn wall() -> [u8; 34] {
    [4; 34]
}

/// Draws one tile kind from the wall, uniformly over the tiles left.
fn draw(rng: &mut Rng, wall: &mut [u8; 34]) -> Option<Tile> {
    let total: usize = wall.iter().map(|&c| c as usize).sum();
    if total == 0 {
        return None;
    }
    let mut k = rng.below(total);
    for (t, c) in wall.iter_mut().enumerate() {
        if k < *c as usize {
            *c -= 1;
            return Tile::new(t);
        }
        k -= *c as usize;
    }
    None
}

/// A random declared meld taken from the wall, if one fits.
fn declared(rng: &mut Rng, wall: &mut [u8; 34]) -> Option<Meld> {
    for _ in 0..50 {
        let t = Tile::ALL[rng.below(34)];
        let m = match rng.below(4) {
            0 if t.starts_sequence() => Meld::Chi(t),
            0..=2 => Meld::Pon(t),
            _ => Meld::Kan(t),
        };
        let tiles = m.tiles();
        let mut need = [0u8; 34];
        for x in &tiles {
            need[x.index()] += 1;
        }
        if (0..34).all(|i| wall[i] >= need[i]) {
            for i in 0..34 {
                wall[i] -= need[i];
            }
            return Some(m);
        }
    }
    None
}

/// A random deal: `melds` declared melds (when they fit), `wild` wildcards, and random concealed
/// tiles up to the rules' hand size (one short if `short`).
pub(crate) fn deal(rng: &mut Rng, rules: &Rules, wild: u8, melds: usize, short: bool) -> Hand {
    let mut wall = wall();
    let mut ms = Vec::new();
    for _ in 0..melds.min(rules.melds as usize) {
        ms.extend(declared(rng, &mut wall));
    }
    let size = rules.hand_size() - short as usize;
    let concealed = size.saturating_sub(3 * ms.len() + wild as usize);
    let mut c = TileCounts::EMPTY;
    for _ in 0..concealed {
        if let Some(t) = draw(rng, &mut wall) {
            c[t] += 1;
        }
    }
    let wild = (size - 3 * ms.len() - c.total() as usize) as u8;
    Hand::new(c, wild, &ms).expect("drawn from one wall")
}

/// A deal biased toward winning: a random pair and melds (within four copies), some declared, then
/// `wild` concealed tiles turned into wildcards and, if `short`, one tile dropped.
pub(crate) fn winning_deal(rng: &mut Rng, rules: &Rules, wild: u8, melds: usize, short: bool) -> Hand {
    loop {
        let mut counts = [0u8; 34];
        let add = |tiles: &[Tile], counts: &mut [u8; 34]| -> bool {
            if tiles.iter().all(|t| counts[t.index()] < 4) {
                let mut c = *counts;
                for t in tiles {
                    c[t.index()] += 1;
                }
                if c.iter().all(|&n| n <= 4) {
                    *counts = c;
                    return true;
                }
            }
            false
        };
        let pair = Tile::ALL[rng.below(34)];
        add(&[pair, pair], &mut counts);
        let mut groups = Vec::new();
        let mut tries = 0;
        while groups.len() < rules.melds as usize && tries < 100 {
            tries += 1;
            let t = Tile::ALL[rng.below(34)];
            let g = if rng.below(2) == 0 && t.starts_sequence() { Group::Sequence(t) } else { Group::Triplet(t) };
            if add(&g.tiles(), &mut counts) {
                groups.push(g);
            }
        }
        if groups.len() < rules.melds as usize {
            continue;
        }
        let mut ms = Vec::new();
        let mut c = TileCounts(counts);
        for g in groups.iter().take(melds) {
            let m = match *g {
                Group::Sequence(t) => Meld::Chi(t),
                Group::Triplet(t) => Meld::Pon(t),
            };
            for t in g.tiles() {
                c[t] -= 1;
            }
            ms.push(m);
        }
        let mut w = 0u8;
        while w < wild && c.total() > 0 {
            let t = Tile::ALL[rng.below(34)];
            if c[t] > 0 {
                c[t] -= 1;
                w += 1;
            }
        }
        if short {
            if w > 0 && (c.total() == 0 || rng.below(3) == 0) {
                w -= 1;
            } else {
                loop {
                    let t = Tile::ALL[rng.below(34)];
                    if c[t] > 0 {
                        c[t] -= 1;
                        break;
                    }
                }
            }
        }
        if let Ok(h) = Hand::new(c, w, &ms) {
            return h;
        }
    }
}

/// The classic presets (index and substitute have none of the regional options), each also with
/// the fifth-copy rule on.
pub(crate) fn all_rules() -> Vec<Rules> {
    Rules::PRESETS
        .iter()
        .filter(|(_, r)| r.is_classic())
        .flat_map(|&(_, r)| [r, r.with_wildcard_fifth_copy(true)])
        .collect()
}
