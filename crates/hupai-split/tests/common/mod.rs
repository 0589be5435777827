//! Test helpers: a brute-force reference independent of the carry map, a fixed-seed RNG, deals,
//! and the `HUPAI_FULL` switch.
#![allow(dead_code, unreachable_pub)]

use hupai_tiles::{Algorithm, Capabilities, Error, Hand, Meld, Rules, SevenPairs, Tile, TileCounts};

/// True when `HUPAI_FULL=1`: run exhaustive sweeps in full.
pub fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

/// SplitMix64: small, seedable, good enough for deals.
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

/// `n` tiles dealt from a shuffled 136-tile wall, as counts.
pub fn deal(rng: &mut Rng, n: usize) -> TileCounts {
    let mut wall: Vec<u8> = (0..136).map(|i| (i / 4) as u8).collect();
    let mut c = TileCounts::EMPTY;
    for i in 0..n {
        let j = i + rng.below(136 - i);
        wall.swap(i, j);
        c.0[wall[i] as usize] += 1;
    }
    c
}

/// A random complete hand built from `melds` random melds and a pair (retrying on a fifth copy),
/// so that win checks see plenty of winning hands, not only random deals that almost never win.
pub fn winning_counts(rng: &mut Rng, melds: usize) -> TileCounts {
    'retry: loop {
        let mut c = TileCounts::EMPTY;
        let pair = rng.below(34);
        c.0[pair] += 2;
        for _ in 0..melds {
            let t = rng.below(34);
            if rng.below(2) == 0 && Tile::ALL[t].starts_sequence() {
                for k in 0..3 {
                    c.0[t + k] += 1;
                }
            } else {
                c.0[t] += 3;
            }
        }
        if c.0.iter().any(|&x| x > 4) {
            continue 'retry;
        }
        return c;
    }
}

/// The reference: an exhaustive search written without the carry map or the edge rule's
/// "forced" argument. The lowest real tile left must belong to some group; try every group that
/// can contain it (pair, triplet, and the three sequences through it), take real copies first and
/// wildcards for the rest (the stand-ins a group multiset needs do not depend on the order),
/// and finally place the wildcards left as pure groups on kinds with room.
#[derive(Default)]
pub struct Brute;

struct Search {
    real: [u8; 34],
    room: [u8; 34],
    wild: u32,
}

impl Search {
    fn take(&mut self, t: usize) -> Option<bool> {
        if self.real[t] > 0 {
            self.real[t] -= 1;
            Some(true)
        } else if self.wild > 0 && self.room[t] > 0 {
            self.wild -= 1;
            self.room[t] -= 1;
            Some(false)
        } else {
            None
        }
    }

    fn give_back(&mut self, t: usize, was_real: bool) {
        if was_real {
            self.real[t] += 1;
        } else {
            self.wild += 1;
            self.room[t] += 1;
        }
    }

    /// Tries to take all of `kinds`; undoes and fails if one is missing.
    fn take_all(&mut self, kinds: &[usize]) -> Option<Vec<(usize, bool)>> {
        let mut taken = Vec::new();
        for &t in kinds {
            match self.take(t) {
                Some(r) => taken.push((t, r)),
                None => {
                    for &(t, r) in taken.iter().rev() {
                        self.give_back(t, r);
                    }
                    return None;
                }
            }
        }
        Some(taken)
    }

    fn solve(&mut self, need_pair: bool) -> bool {
        let Some(low) = (0..34).find(|&t| self.real[t] > 0) else {
            return self.place_pure(need_pair);
        };
        let tile = Tile::ALL[low];
        let mut options: Vec<(Vec<usize>, bool)> = vec![(vec![low; 3], false)];
        if need_pair {
            options.push((vec![low; 2], true));
        }
        if !tile.is_honor() {
            let rank = tile.rank() as usize;
            for start in rank.saturating_sub(2).max(1)..=rank {
                if start <= 7 {
                    let base = low + start - rank;
                    options.push((vec![base, base + 1, base + 2], false));
                }
            }
        }
        for (kinds, is_pair) in options {
            // The group must use the real `low` tile, so take it first.
            let mut order = vec![low];
            let mut rest = kinds.clone();
            let pos = rest.iter().position(|&k| k == low).unwrap();
            rest.remove(pos);
            order.extend(rest);
            if let Some(taken) = self.take_all(&order) {
                let ok = self.solve(need_pair && !is_pair);
                for &(t, r) in taken.iter().rev() {
                    self.give_back(t, r);
                }
                if ok {
                    return true;
                }
            }
        }
        false
    }

    /// Wildcards alone: a pair if still needed, then triplets, on kinds with room.
    fn place_pure(&self, need_pair: bool) -> bool {
        let mut wild = self.wild;
        let mut room = self.room;
        if need_pair {
            let Some(k) = (0..34).max_by_key(|&k| room[k]) else { return false };
            if wild < 2 || room[k] < 2 {
                return false;
            }
            room[k] -= 2;
            wild -= 2;
        }
        wild.is_multiple_of(3) && room.iter().map(|&r| r as u32 / 3).sum::<u32>() >= wild / 3
    }
}

impl Brute {
    fn melds(&self, hand: &Hand, rules: &Rules) -> bool {
        let physical = hand.physical_counts();
        let room = if rules.wildcard_fifth_copy { [30u8; 34] } else { physical.0.map(|c| 4 - c) };
        let mut s = Search { real: hand.concealed().0, room, wild: hand.wildcards() as u32 };
        s.solve(true)
    }

    fn seven_pairs(&self, hand: &Hand, rules: &Rules) -> bool {
        // Try every way to pair the real tiles, wildcards completing singles, by counting.
        let c = &hand.concealed().0;
        let mut wild = hand.wildcards() as i32;
        let per_kind_max = match rules.seven_pairs {
            SevenPairs::Off => return false,
            SevenPairs::Distinct => 1,
            SevenPairs::AllowQuads => 2,
        };
        let mut pairs = 0;
        for &n in c {
            let n = n as i32;
            let p = (n + 1) / 2; // pairs this kind must form
            if p > per_kind_max {
                return false;
            }
            wild -= 2 * p - n;
            pairs += p;
        }
        wild >= 0 && wild % 2 == 0 && pairs + wild / 2 == 7
    }

    fn orphans(&self, hand: &Hand) -> bool {
        let c = &hand.concealed().0;
        let wild = hand.wildcards() as i32;
        if Tile::ALL.iter().any(|t| !t.is_terminal_or_honor() && c[t.index()] > 0) {
            return false;
        }
        // Choose the doubled kind; every orphan needs one copy, the doubled one two.
        Tile::TERMINALS_AND_HONORS.iter().any(|&d| {
            let mut missing = 0;
            for t in Tile::TERMINALS_AND_HONORS {
                let want = if t == d { 2 } else { 1 };
                let n = c[t.index()] as i32;
                if n > want {
                    return false;
                }
                missing += want - n;
            }
            missing == wild
        })
    }
}

impl Algorithm for Brute {
    fn name(&self) -> &'static str {
        "brute"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities { decompositions: false, ..Capabilities::CLASSIC }
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        if self.melds(hand, rules) {
            return Ok(true);
        }
        if !hand.special_forms_apply(rules) {
            return Ok(false);
        }
        Ok(self.seven_pairs(hand, rules) || rules.thirteen_orphans && self.orphans(hand))
    }
}

/// Honor pons that pad a small one-suit hand up to the rules' size.
pub fn pad_melds(n: usize) -> Vec<Meld> {
    (0..n).map(|i| Meld::Pon(Tile::ALL[27 + i])).collect()
}

/// A random winning hand as parts: the pair, then melds as (is_sequence, lowest tile index),
/// with no kind above four copies.
pub fn winning_parts(rng: &mut Rng, melds: usize) -> (usize, Vec<(bool, usize)>) {
    loop {
        let mut c = [0u8; 34];
        let pair = rng.below(34);
        c[pair] += 2;
        let mut parts = Vec::new();
        for _ in 0..melds {
            let t = rng.below(34);
            let seq = rng.below(2) == 0 && Tile::ALL[t].starts_sequence();
            if seq {
                for k in 0..3 {
                    c[t + k] += 1;
                }
            } else {
                c[t] += 3;
            }
            parts.push((seq, t));
        }
        if c.iter().all(|&x| x <= 4) {
            return (pair, parts);
        }
    }
}

/// Turns `k` random concealed tiles into wildcards.
pub fn with_wildcards(rng: &mut Rng, hand: &Hand, k: usize) -> Hand {
    let mut counts = *hand.concealed();
    let mut moved = 0;
    while moved < k && counts.total() > 0 {
        let t = rng.below(34);
        if counts.0[t] > 0 {
            counts.0[t] -= 1;
            moved += 1;
        }
    }
    Hand::new(counts, hand.wildcards() + moved as u8, hand.melds()).expect("removing tiles keeps a hand valid")
}
