//! The convolution: the units' classes combined one unit at a time over a small joint state, from
//! which the winning deals are read off.
//!
//! The state after some units is `(tiles, A, B, S, T)`:
//! - `A`: fewest wildcards completing those units into melds only (`Σ melds`);
//! - `B`: fewest completing them into melds with the pair in one of them
//!   (`min_u pair_u + Σ_{v≠u} melds_v`); adding a unit `(m, p)` gives `A + m` and `min(B + m, A + p)`;
//! - `S`: what seven pairs needs (kinds held, or kinds held an odd number of times);
//! - `T`: what thirteen orphans needs (kinds held twice).
//!
//! Every figure is clipped at a "fail" value (for `A` and `B`, one more than the wildcards), so
//! states stay few, and a hand wins when `B ≤ K` or `S`, `T` have not failed: the three forms are
//! read off one joint state, so a hand winning in two forms is counted once.

use std::collections::HashMap;

use hupai_tiles::{Rules, SevenPairs};

use super::classify::{Class, UnitClasses};

/// What one question needs from the classes: wildcards, tiles drawn, which cap, which forms.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Question {
    /// Wildcards `K`.
    wildcards: u8,
    /// Tiles drawn.
    drawn: u8,
    /// 0 without the four-copy cap (fifth-copy rule on), 1 with it.
    cap: usize,
    /// Seven pairs as the rules have it (`Off` when special forms cannot apply).
    seven_pairs: SevenPairs,
    /// Whether thirteen orphans can win.
    thirteen_orphans: bool,
    /// Fail values of `A`/`B`, `S` and `T` (a form that cannot win starts failed).
    fail_melds: u8,
    fail_pairs: u8,
    fail_orphans: u8,
}

impl Question {
    pub(crate) fn new(rules: &Rules, wildcards: u8, drawn: u8) -> Question {
        let special = rules.melds == 4;
        let seven_pairs = if special { rules.seven_pairs } else { SevenPairs::Off };
        let thirteen_orphans = special && rules.thirteen_orphans;
        let fail_pairs = match seven_pairs {
            SevenPairs::Off => 0,
            // Distinct pairs: more than seven kinds held (or a kind held three times) fails.
            SevenPairs::Distinct => 8,
            // Quads allowed: every odd count takes a wildcard.
            SevenPairs::AllowQuads => wildcards.saturating_add(1),
        };
        Question {
            wildcards,
            drawn,
            cap: usize::from(!rules.wildcard_fifth_copy),
            seven_pairs,
            thirteen_orphans,
            fail_melds: wildcards.saturating_add(1),
            fail_pairs,
            fail_orphans: if thirteen_orphans { 2 } else { 0 },
        }
    }

    /// The step one class takes, without its tile count.
    fn step(&self, c: &Class) -> Step {
        let clip = |x: u8| x.min(self.fail_melds);
        let pairs = match self.seven_pairs {
            SevenPairs::Off => 0,
            SevenPairs::Distinct if c.big => self.fail_pairs,
            SevenPairs::Distinct => c.kinds,
            SevenPairs::AllowQuads => c.odd,
        };
        let orphans = if !self.thirteen_orphans {
            0
        } else if !c.orphans_only || c.big || c.doubles > 1 {
            self.fail_orphans
        } else {
            c.doubles
        };
        Step {
            melds: clip(c.melds[self.cap]),
            pair: clip(c.pair[self.cap]),
            pairs: pairs.min(self.fail_pairs),
            orphans: orphans.min(self.fail_orphans),
        }
    }

    fn start(&self) -> State {
        State { tiles: 0, melds: 0, pair: self.fail_melds, pairs: 0, orphans: 0 }
    }

    /// The state after `s` takes a step of `tiles` tiles.
    #[inline(always)]
    fn next(&self, s: State, tiles: u8, t: Step) -> State {
        State {
            tiles: s.tiles + tiles,
            melds: (s.melds + t.melds).min(self.fail_melds),
            pair: (s.pair + t.melds).min(s.melds + t.pair).min(self.fail_melds),
            pairs: (s.pairs + t.pairs).min(self.fail_pairs),
            orphans: (s.orphans + t.orphans).min(self.fail_orphans),
        }
    }

    /// Whether the full hand in state `s` wins in some form.
    #[inline(always)]
    fn wins(&self, s: State) -> bool {
        s.pair <= self.wildcards || s.pairs < self.fail_pairs || s.orphans < self.fail_orphans
    }

    /// Whether no later unit can make `s` win: melds can only grow, and failed forms stay failed.
    #[inline(always)]
    fn dead(&self, s: State) -> bool {
        s.melds >= self.fail_melds
            && s.pair >= self.fail_melds
            && s.pairs >= self.fail_pairs
            && s.orphans >= self.fail_orphans
    }

    fn index(&self, s: State) -> usize {
        let ab = self.fail_melds as usize + 1;
        let mut i = s.tiles as usize;
        i = i * ab + s.melds as usize;
        i = i * ab + s.pair as usize;
        i = i * (self.fail_pairs as usize + 1) + s.pairs as usize;
        i * (self.fail_orphans as usize + 1) + s.orphans as usize
    }

    fn states(&self) -> usize {
        let ab = self.fail_melds as usize + 1;
        (self.drawn as usize + 1) * ab * ab * (self.fail_pairs as usize + 1) * (self.fail_orphans as usize + 1)
    }
}

/// The joint state; see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    tiles: u8,
    melds: u8,
    pair: u8,
    pairs: u8,
    orphans: u8,
}

/// One class's contribution apart from its tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Step {
    melds: u8,
    pair: u8,
    pairs: u8,
    orphans: u8,
}

/// A unit's distinct steps by tile count, each with its number of ways.
fn steps(unit: &UnitClasses, q: &Question) -> Vec<Vec<(Step, u128)>> {
    let mut merged: HashMap<(u8, Step), u128> = HashMap::new();
    for (c, ways) in &unit.classes {
        if c.tiles <= q.drawn {
            *merged.entry((c.tiles, q.step(c))).or_insert(0) += ways;
        }
    }
    let mut by_tiles = vec![Vec::new(); q.drawn as usize + 1];
    for ((tiles, step), ways) in merged {
        by_tiles[tiles as usize].push((step, ways));
    }
    by_tiles
}

/// Deals (of `q.drawn` tiles, tiles told apart) that win with `q.wildcards` wildcards.
pub(crate) fn winning_deals(units: &[&UnitClasses], q: &Question) -> u128 {
    let Some((last, rest)) = units.split_last() else {
        return 0;
    };
    let mut current: Vec<(State, u128)> = vec![(q.start(), 1)];
    let mut dense = vec![0u128; q.states()];
    let mut touched: Vec<(State, usize)> = Vec::new();
    for unit in rest {
        let steps = steps(unit, q);
        for &(s, ways) in &current {
            for (tiles, list) in steps.iter().enumerate().take((q.drawn - s.tiles) as usize + 1) {
                for &(step, w) in list {
                    let n = q.next(s, tiles as u8, step);
                    if q.dead(n) {
                        continue;
                    }
                    let i = q.index(n);
                    if dense[i] == 0 {
                        touched.push((n, i));
                    }
                    dense[i] += ways * w;
                }
            }
        }
        current.clear();
        for &(n, i) in &touched {
            current.push((n, std::mem::take(&mut dense[i])));
        }
        touched.clear();
    }
    // The last unit takes exactly the tiles still to draw.
    let steps = steps(last, q);
    let mut wins = 0u128;
    for &(s, ways) in &current {
        for &(step, w) in &steps[(q.drawn - s.tiles) as usize] {
            let n = q.next(s, q.drawn - s.tiles, step);
            if q.wins(n) {
                wins += ways * w;
            }
        }
    }
    wins
}
