//! `hupai-split`: S003's win check without tables. The hand is split into segments of consecutive
//! tiles (a suit boundary or a missing rank ends a segment; honors never connect), each segment is
//! written as its *wei* (the counts as digits, `31221`), the pair is chosen in the one segment of
//! 3n+2 tiles, and every segment is reduced with a carry map generated from S003's edge rule.
//!
//! Use it when you want a fast, allocation-free check with nothing to load: a few tens of
//! nanoseconds per hand without wildcards (`docs/split.md` has the measurements and the proof that
//! the carry map is exact), for 14- and 17-tile hands, declared melds, wildcards (the edge rule with
//! stand-ins), seven pairs and thirteen orphans. It decides wins and waits; it does not list
//! decompositions (use `hupai-search` for those).
//!
//! ```
//! use hupai_split::Split;
//! use hupai_tiles::{Algorithm, Hand, Rules, Tile};
//!
//! let split = Split::default();
//! // S003's test hand 🀇🀈🀉 🀉🀊🀋 🀆🀆🀆 🀐🀐 🀝🀝🀝🀟🀠🀡 under the 16-tile rules, the 1s drawn last.
//! let hand: Hand = "123345m555789p1s555z".parse()?;
//! let drawn: Tile = "1s".parse()?;
//! assert!(split.legal_hu(drawn, &hand, &Rules::TAIWAN)?);
//! assert!(split.is_win(&"11123456789999m".parse()?, &Rules::STANDARD)?);
//! assert_eq!(split.waits(&"1112345678999m".parse()?, &Rules::STANDARD)?.len(), 9);
//! // Wildcards and declared melds:
//! assert!(split.is_win(&"13m456p78s11z**[555z]".parse()?, &Rules::STANDARD)?);
//! // Bad input gets the shared errors.
//! assert!(split.is_win(&"123m".parse()?, &Rules::STANDARD).is_err());
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! The carry map itself, its generation and S003's list are in [`carry`].
//!
//! Tests compare `split` with `hupai_search::Backtrack` and a brute force on every one-suit and
//! honors hand of 2–17 tiles, one suit with wildcards, and random deals. By default they sample;
//! `HUPAI_FULL=1 cargo test --release -p hupai-split` runs everything. `cargo bench -p hupai-split`
//! times `split` against `backtrack`; `examples/split_timing.rs` is a plain loop for `perf stat`.

pub mod carry;
mod segment;
mod special;
mod wild;

use carry::CarryMap;
use hupai_tiles::{Algorithm, Capabilities, Error, Feature, Hand, HandShape, Rules, Tile, TileSet};

/// S003's segment splitter with the generated carry map, behind the shared [`Algorithm`] trait
/// (name `"split"`).
#[derive(Debug, Clone, Copy)]
pub struct Split {
    map: &'static CarryMap,
}

impl Default for Split {
    fn default() -> Self {
        Split::new()
    }
}

/// Stand-ins one kind can take when the fifth-copy rule lifts the limit: more than the edge
/// rule ever asks of one kind (two sequences from each of three ranks, two triplets, the pair).
const UNLIMITED: u8 = 14;

impl Split {
    /// The splitter with the carry map generated from S003's rule.
    pub const fn new() -> Split {
        Split { map: &CarryMap::GENERATED }
    }

    /// The splitter with another carry map, e.g. [`CarryMap::S003`] to run S003's list as printed.
    pub const fn with_carry_map(map: &'static CarryMap) -> Split {
        Split { map }
    }

    /// The carry map in use.
    pub const fn carry_map(&self) -> &'static CarryMap {
        self.map
    }

    /// S003's `LegalHu(card, hand)`: does `hand` (one tile short) win with the `drawn` tile?
    /// Errors if the hand is not one tile short, if the drawn tile would be a fifth copy, or if
    /// the hand needs something `split` lacks (it lacks nothing for win checks).
    pub fn legal_hu(&self, drawn: Tile, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        if hand.shape(rules)? == HandShape::Complete {
            return Err(Error::WrongShape {
                operation: "legal_hu (a hand one tile short plus the drawn tile)",
                expected: rules.hand_size() - 1,
                found: hand.tile_count(),
            });
        }
        self.is_win(&hand.with_tile(drawn)?, rules)
    }
}

/// The error for a hand whose size does not fit a win check, the same one `is_win` gives.
#[cold]
fn size_error(hand: &Hand, rules: &Rules) -> Error {
    match hand.shape(rules) {
        Err(e) => e,
        Ok(_) => Error::WrongShape { operation: "a win check", expected: rules.hand_size(), found: hand.tile_count() },
    }
}

impl Algorithm for Split {
    fn name(&self) -> &'static str {
        "split"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities { decompositions: false, ..Capabilities::CLASSIC }
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let counts = &hand.concealed().0;
        let packed = segment::pack(counts);
        if packed.over_four || !hand.melds().is_empty() {
            hand.check_copies()?;
        }
        let wild = hand.wildcards() as u32;
        let size = packed.total as usize + wild as usize + 3 * hand.melds().len();
        if size != rules.hand_size() {
            return Err(size_error(hand, rules));
        }
        let melds = if wild == 0 {
            segment::melds_win(&packed, self.map.window())
        } else {
            self.wild_melds_win(hand, rules, &packed)?
        };
        if melds {
            return Ok(true);
        }
        if !rules.has_special_forms() || !hand.special_forms_apply(rules) {
            return Ok(false);
        }
        Ok(special::seven_pairs(counts, wild, rules.seven_pairs)
            || rules.thirteen_orphans && special::thirteen_orphans(counts))
    }

    fn check_waits(&self, hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
        hand.check_copies()?;
        let held = hand.held_counts();
        let candidates = if hand.wildcards() > 0 { TileSet::ALL } else { self.wait_candidates(hand, rules) };
        let mut waits = TileSet::EMPTY;
        for t in candidates.iter() {
            if held[t] < 4 && self.check_win(&hand.with_tile_unchecked(t), rules)? {
                waits.insert(t);
            }
        }
        Ok(waits)
    }
}

impl Split {
    fn wild_melds_win(&self, hand: &Hand, rules: &Rules, packed: &segment::Packed) -> Result<bool, Error> {
        // Leftover wildcards become melds on kinds nobody holds. While placing the last one at
        // most hand_size − 3 tiles touch any kind, so with hand_size ≤ 36 (any rules up to 11
        // melds) a free kind always exists; beyond that we would have to guess.
        if !rules.wildcard_fifth_copy && rules.hand_size() > 36 {
            return Err(self.unsupported(Feature::HandSize(rules.hand_size().min(255) as u8)));
        }
        let caps = if rules.wildcard_fifth_copy {
            [UNLIMITED; 34]
        } else {
            hand.physical_counts().0.map(|c| 4u8.saturating_sub(c))
        };
        let (counts, wild) = (&hand.concealed().0, hand.wildcards() as u32);
        Ok(wild::melds_win(counts, &caps, wild, &packed.suits, &packed.totals, self.map.window()))
    }

    /// Kinds that can complete a hand without wildcards: a kind held, or within two ranks of a
    /// held kind of its suit (every group containing the new tile needs such a neighbour), plus
    /// the thirteen orphans when that form can win.
    fn wait_candidates(&self, hand: &Hand, rules: &Rules) -> TileSet {
        let held = hand.concealed().kinds().bits();
        let mut near = held;
        for s in 0..3 {
            let suit = (held >> (9 * s)) & 0x1ff;
            let spread = (suit | suit << 1 | suit << 2 | suit >> 1 | suit >> 2) & 0x1ff;
            near |= spread << (9 * s);
        }
        let mut set = TileSet::from_bits(near);
        if hand.special_forms_apply(rules) && rules.thirteen_orphans {
            for t in Tile::TERMINALS_AND_HONORS {
                set.insert(t);
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn basic_verdicts() {
        let split = Split::default();
        assert!(split.is_win(&hand("123m456p789s11122z"), &Rules::STANDARD).unwrap());
        assert!(!split.is_win(&hand("123m456p789s11123z"), &Rules::STANDARD).unwrap());
        assert!(split.is_win(&hand("11223344556677z"), &Rules::RIICHI).unwrap());
        assert!(!split.is_win(&hand("11223344556677z"), &Rules::STANDARD).unwrap());
        assert!(split.is_win(&hand("19m19p19s1234567z1m"), &Rules::RIICHI).unwrap());
        // Honors never connect: 123z is not a sequence (S003's codes 0x31..0x33 would connect).
        assert!(!split.is_win(&hand("123m456m789m123z11p"), &Rules::STANDARD).unwrap());
    }

    #[test]
    fn wait_candidates_cover_neighbours() {
        let split = Split::default();
        let set = split.wait_candidates(&hand("1m9p5z"), &Rules::TAIWAN);
        let names: Vec<String> = set.iter().map(|t| t.to_string()).collect();
        assert_eq!(names, ["1m", "2m", "3m", "7p", "8p", "9p", "5z"]);
    }
}

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
