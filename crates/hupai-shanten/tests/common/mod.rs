//! Shared by the shanten tests: a seeded generator, hand builders and an independent brute force
//! that enumerates target hands (no tables, no dynamic program, no closed forms).
#![allow(dead_code, unreachable_pub)]

use hupai_tiles::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds, knitted_set};
use hupai_tiles::{Hand, Meld, Rules, SevenPairs, Tile, TileCounts};

/// True when the full sweeps were asked for.
pub fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

/// SplitMix64: small, seeded, reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `n` tiles drawn from a shuffled 136-tile wall.
pub fn deal(rng: &mut Rng, n: usize) -> [u8; 34] {
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
    for i in (1..wall.len()).rev() {
        let j = rng.below(i + 1);
        wall.swap(i, j);
    }
    let mut c = [0u8; 34];
    for &k in &wall[..n] {
        c[k] += 1;
    }
    c
}

/// The nine counts of a one-suit pattern code (base 5).
pub fn digits(mut code: usize) -> [u8; 9] {
    let mut c = [0u8; 9];
    for d in c.iter_mut() {
        *d = (code % 5) as u8;
        code /= 5;
    }
    c
}

/// Every meld shape: 34 triplets then 21 sequences, as (kinds, counts).
fn meld_shapes() -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..34).map(|k| vec![k, k, k]).collect();
    for s in 0..3 {
        for r in 0..7 {
            let k = s * 9 + r;
            out.push(vec![k, k + 1, k + 2]);
        }
    }
    out
}

/// The question the brute force answers: fewest tiles to add to `counts` (real concealed tiles) so
/// that they hold `melds` melds and a pair (or a special form), within `caps` per kind (4 minus
/// declared copies); with `fifth_budget`, kinds may exceed their caps by at most that many tiles in
/// all (the stand-ins that must be wildcards).
pub struct Brute<'a> {
    pub counts: &'a [u8; 34],
    pub caps: [u8; 34],
    pub melds: usize,
    pub fifth_budget: Option<u32>,
    /// Kinds a target may hold at all (a void suit or a smaller tile set takes some out), as bits.
    pub allowed: u64,
    /// Kinds the pair may be (the 2-5-8 pair), as bits.
    pub pair_kinds: u64,
}

impl Brute<'_> {
    /// Melds and a pair, by enumerating the pair and the melds (in a canonical order, cheapest
    /// first) with branch and bound: adding a group never lowers the cost or the forced count.
    pub fn melds_form(&self) -> u32 {
        let mut shapes: Vec<Vec<usize>> =
            meld_shapes().into_iter().filter(|s| s.iter().all(|&k| self.allowed >> k & 1 == 1)).collect();
        let initial = |s: &Vec<usize>| -> u32 {
            let mut c = [0u8; 34];
            let mut cost = 0;
            for &k in s {
                c[k] += 1;
                if c[k] > self.counts[k] {
                    cost += 1;
                }
            }
            cost
        };
        shapes.sort_by_key(|s| (initial(s), s.clone()));
        let costs: Vec<u32> = shapes.iter().map(initial).collect();
        let mut best = 3 * self.melds as u32 + 2 + 1;
        let mut c = [0u8; 34];
        for pair in (0..34).filter(|&k| self.pair_kinds >> k & 1 == 1) {
            let mut cost = 0;
            let mut forced = 0;
            for _ in 0..2 {
                let (dc, df) = self.add(&mut c, pair);
                cost += dc;
                forced += df;
            }
            if self.ok(forced) {
                self.search(&shapes, &costs, 0, self.melds, &mut c, cost, forced, &mut best);
            }
            c[pair] -= 2;
        }
        best
    }

    /// Adds one tile of `k`: (cost, forced) increments.
    fn add(&self, c: &mut [u8; 34], k: usize) -> (u32, u32) {
        c[k] += 1;
        (u32::from(c[k] > self.counts[k]), u32::from(c[k] > self.caps[k]))
    }

    fn ok(&self, forced: u32) -> bool {
        match self.fifth_budget {
            None => forced == 0,
            Some(b) => forced <= b,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        shapes: &[Vec<usize>],
        costs: &[u32],
        from: usize,
        left: usize,
        c: &mut [u8; 34],
        cost: u32,
        forced: u32,
        best: &mut u32,
    ) {
        if left == 0 {
            *best = (*best).min(cost);
            return;
        }
        for j in from..shapes.len() {
            if cost + left as u32 * costs[j] >= *best {
                break;
            }
            let (mut dc, mut df) = (0, 0);
            for &k in &shapes[j] {
                let (a, b) = self.add(c, k);
                dc += a;
                df += b;
            }
            if self.ok(forced + df) {
                self.search(shapes, costs, j, left - 1, c, cost + dc, forced + df, best);
            }
            for &k in &shapes[j] {
                c[k] -= 1;
            }
        }
    }

    /// Seven pairs: pairs per kind (0–1, or 0–2 when four of a kind is two pairs) over the kinds
    /// held, the rest on kinds not held (two tiles each).
    pub fn seven_pairs(&self, rule: SevenPairs) -> u32 {
        let held: Vec<usize> = (0..34).filter(|&k| self.counts[k] > 0).collect();
        let most = if rule == SevenPairs::AllowQuads { 2 } else { 1 };
        let mut best = u32::MAX;
        self.pairs_search(&held, 0, most, 7, 0, &mut best);
        best
    }

    fn pairs_search(&self, held: &[usize], i: usize, most: u8, left: u32, cost: u32, best: &mut u32) {
        if i == held.len() {
            // Fresh kinds: 34 − held ≥ 20 of them, enough for any remaining pairs.
            *best = (*best).min(cost + 2 * left);
            return;
        }
        for q in 0..=most.min(left as u8) {
            let add = (2 * q).saturating_sub(self.counts[held[i]]) as u32;
            self.pairs_search(held, i + 1, most, left - q as u32, cost + add, best);
        }
    }

    /// Thirteen orphans: one of each terminal and honor, one of them doubled.
    pub fn thirteen_orphans(&self) -> u32 {
        let kinds: Vec<usize> = Tile::TERMINALS_AND_HONORS.iter().map(|t| t.index()).collect();
        kinds
            .iter()
            .map(|&x| kinds.iter().map(|&k| (1 + u8::from(k == x)).saturating_sub(self.counts[k]) as u32).sum())
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Honors and knitted tiles: every choice of fourteen of an order's sixteen (allowed) kinds.
    pub fn honors_and_knitted(&self) -> u32 {
        let mut best = u32::MAX;
        for order in KNITTED_ORDERS {
            let kinds: Vec<usize> = honors_and_knitted_kinds(order).iter().map(|t| t.index()).collect();
            if kinds.iter().any(|&k| self.allowed >> k & 1 == 0) {
                continue;
            }
            // Fourteen of sixteen: leave out two.
            for a in 0..16 {
                for b in a + 1..16 {
                    let cost = (0..16).filter(|&i| i != a && i != b && self.counts[kinds[i]] == 0).count() as u32;
                    best = best.min(cost);
                }
            }
        }
        best
    }

    /// The knitted straight, a pair and `melds` more melds (0 or 1), enumerated.
    pub fn knitted_straight(&self, melds: usize) -> u32 {
        let mut best = u32::MAX;
        let shapes: Vec<Vec<usize>> =
            meld_shapes().into_iter().filter(|s| s.iter().all(|&k| self.allowed >> k & 1 == 1)).collect();
        let none: Vec<usize> = Vec::new();
        for order in KNITTED_ORDERS {
            let straight: Vec<usize> = knitted_set(order).iter().map(|t| t.index()).collect();
            if straight.iter().any(|&k| self.allowed >> k & 1 == 0) {
                continue;
            }
            for pair in (0..34).filter(|&k| self.pair_kinds >> k & 1 == 1) {
                let metas: Vec<&Vec<usize>> = if melds == 0 { vec![&none] } else { shapes.iter().collect() };
                for meld in metas {
                    let mut need = [0u8; 34];
                    for &k in straight.iter().chain(meld) {
                        need[k] += 1;
                    }
                    need[pair] += 2;
                    let cost: u32 = (0..34).map(|k| need[k].saturating_sub(self.counts[k]) as u32).sum();
                    let forced: u32 = (0..34).map(|k| need[k].saturating_sub(self.caps[k]) as u32).sum();
                    if self.ok(forced) {
                        best = best.min(cost);
                    }
                }
            }
        }
        best
    }
}

/// The shanten of a hand by the brute force, under the crate's semantics (a hand of 3k + 1 or
/// 3k + 2 concealed tiles and wildcards aims at k melds and a pair), or `None` when no winning hand
/// can be reached (a declared meld of the void suit).
pub fn brute_shanten_of(hand: &Hand, rules: &Rules) -> Option<i32> {
    let declared = hand.declared_counts();
    let concealed = hand.concealed().total() as usize + hand.wildcards() as usize;
    let w = hand.wildcards() as u32;
    let mut best: Option<u32> = None;
    for &void in rules.void_choices() {
        let allowed = rules.allowed_kinds(void).bits();
        if hand.melds().iter().any(|m| m.tiles().iter().any(|t| allowed >> t.index() & 1 == 0)) {
            continue;
        }
        let pair_kinds = (0..34)
            .filter(|&k| allowed >> k & 1 == 1 && rules.pair_allowed(Tile::ALL[k]))
            .fold(0u64, |b, k| b | 1 << k);
        // Outside the allowed kinds, the counts keep no tile.
        let counts: [u8; 34] = std::array::from_fn(|k| if allowed >> k & 1 == 1 { hand.concealed().0[k] } else { 0 });
        let b = Brute {
            counts: &counts,
            caps: std::array::from_fn(|k| 4 - declared.0[k]),
            melds: concealed / 3,
            fifth_budget: rules.wildcard_fifth_copy.then_some(w),
            allowed,
            pair_kinds,
        };
        let mut d = b.melds_form();
        if hand.melds().is_empty() && rules.melds == 4 && concealed >= 13 {
            if rules.seven_pairs != SevenPairs::Off {
                d = d.min(b.seven_pairs(rules.seven_pairs));
            }
            if rules.thirteen_orphans && Tile::TERMINALS_AND_HONORS.iter().all(|t| allowed >> t.index() & 1 == 1) {
                d = d.min(b.thirteen_orphans());
            }
            if rules.knitted {
                d = d.min(b.honors_and_knitted());
            }
        }
        if rules.knitted && rules.melds == 4 && concealed / 3 >= 3 {
            d = d.min(b.knitted_straight(concealed / 3 - 3));
        }
        best = Some(best.map_or(d, |x| x.min(d)));
    }
    best.map(|d| d as i32 - w as i32 - 1)
}

/// [`brute_shanten_of`] for hands that can win.
pub fn brute_shanten(hand: &Hand, rules: &Rules) -> i32 {
    brute_shanten_of(hand, rules).unwrap_or_else(|| panic!("{hand} can never win under {rules}"))
}

/// A hand from counts, wildcards and melds (the counts must respect the copy limit).
pub fn hand(counts: [u8; 34], wildcards: u8, melds: &[Meld]) -> Hand {
    Hand::new(TileCounts(counts), wildcards, melds).expect("a physically possible hand")
}

/// A random hand: `concealed` real tiles and `wildcards`, with `declared` random declared melds,
/// all from one 136-tile wall (so never a fifth copy).
pub fn random_hand(rng: &mut Rng, concealed: usize, wildcards: u8, declared: usize) -> Hand {
    random_hand_of(rng, u64::MAX, concealed, wildcards, declared)
}

/// [`random_hand`] from the kinds in `kinds` (bits by kind): a rules' tile set.
pub fn random_hand_of(rng: &mut Rng, kinds: u64, concealed: usize, wildcards: u8, declared: usize) -> Hand {
    loop {
        let mut wall: Vec<usize> = (0..136).map(|i| i / 4).filter(|&k| kinds >> k & 1 == 1).collect();
        for i in (1..wall.len()).rev() {
            let j = rng.below(i + 1);
            wall.swap(i, j);
        }
        let mut left: [u8; 34] = std::array::from_fn(|k| if kinds >> k & 1 == 1 { 4 } else { 0 });
        let mut melds = Vec::new();
        for _ in 0..declared {
            let k = rng.below(34);
            let meld = match rng.below(3) {
                0 if k < 27 && k % 9 <= 6 => Meld::Chi(Tile::ALL[k]),
                1 => Meld::Kan(Tile::ALL[k]),
                _ => Meld::Pon(Tile::ALL[k]),
            };
            let tiles = meld.tiles();
            if tiles.iter().all(|t| {
                let need = tiles.iter().filter(|u| *u == t).count() as u8;
                left[t.index()] >= need
            }) {
                for t in &tiles {
                    left[t.index()] -= 1;
                }
                melds.push(meld);
            }
        }
        if melds.len() != declared {
            continue;
        }
        let mut c = [0u8; 34];
        let mut n = 0;
        for &k in &wall {
            if n == concealed {
                break;
            }
            if left[k] > 0 {
                left[k] -= 1;
                c[k] += 1;
                n += 1;
            }
        }
        return hand(c, wildcards, &melds);
    }
}
