//! Decompositions: the multiset of concrete groups a winning hand splits into, in one canonical order.

use std::cmp::Ordering;
use std::fmt;

use arrayvec::ArrayVec;

use crate::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds, is_knitted_order, knitted_tiles};
use crate::{Hand, Rules, SevenPairs, Suit, Tile, TileCounts, TileSet};

/// A meld formed from concealed tiles and wildcards: a triplet or a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Group {
    /// Three of a kind (刻子).
    Triplet(Tile),
    /// Three consecutive ranks of a numbered suit (顺子), named by the lowest.
    Sequence(Tile),
}

impl Group {
    /// The lowest tile.
    pub fn tile(self) -> Tile {
        match self {
            Group::Triplet(t) | Group::Sequence(t) => t,
        }
    }

    /// The group's three tiles in order. A sequence that cannot start at its tile
    /// (`Sequence(7z)`) gives meaningless tiles, but never panics: `Decomposition::is_valid_for`
    /// must be able to reject it.
    pub fn tiles(self) -> [Tile; 3] {
        match self {
            Group::Triplet(t) => [t; 3],
            Group::Sequence(t) => {
                let next = |k: usize| Tile::new(t.index() + k).unwrap_or(t);
                [t, next(1), next(2)]
            }
        }
    }

    fn order_key(self) -> (usize, u8) {
        match self {
            Group::Triplet(t) => (t.index(), 0),
            Group::Sequence(t) => (t.index(), 1),
        }
    }
}

impl Ord for Group {
    /// By lowest tile, then triplet before sequence: `111m 123m 234m`.
    fn cmp(&self, other: &Self) -> Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

impl PartialOrd for Group {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::notation::format_tiles(self.tiles()))
    }
}

/// How a winning hand's concealed tiles and wildcards split into groups, wildcards shown as the
/// tiles they became. Declared melds are not repeated here. Two decompositions are the same iff
/// their multisets of groups are; construct through [`Decomposition::melds`] and
/// [`Decomposition::seven_pairs`], which sort, so `==` is multiset equality.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Decomposition {
    /// A pair and melds (triplets and sequences) in canonical order.
    Melds {
        /// The pair (雀头 / 将).
        pair: Tile,
        /// The concealed melds, sorted.
        melds: ArrayVec<Group, 5>,
    },
    /// Seven pairs, sorted; a kind appears twice when a four-of-a-kind counts as two pairs.
    SevenPairs {
        /// The pairs.
        pairs: [Tile; 7],
    },
    /// Thirteen orphans: one of each terminal and honor, plus a second copy of `pair`.
    ThirteenOrphans {
        /// The doubled kind.
        pair: Tile,
    },
    /// Honors and knitted tiles (全不靠, GB): fourteen different kinds from the seven honors and
    /// one knitted straight, no pair. Only under [`Rules::knitted`].
    HonorsAndKnitted {
        /// The fourteen kinds, wildcards shown as the kinds they became.
        tiles: TileSet,
    },
    /// Knitted straight (组合龙, GB): 147, 258 and 369 of three different suits, plus one meld and a
    /// pair. The meld is `None` when it is the hand's one declared meld. Only under [`Rules::knitted`].
    KnittedStraight {
        /// `order[i]` is the suit holding ranks `i + 1`, `i + 4`, `i + 7`.
        order: [Suit; 3],
        /// The pair.
        pair: Tile,
        /// The concealed meld, or `None` when the meld is declared.
        meld: Option<Group>,
    },
}

impl Decomposition {
    /// A pair-and-melds decomposition; sorts the melds.
    pub fn melds(pair: Tile, melds: &[Group]) -> Decomposition {
        let mut v: ArrayVec<Group, 5> = melds.iter().copied().take(5).collect();
        v.sort_unstable();
        Decomposition::Melds { pair, melds: v }
    }

    /// A seven-pairs decomposition; sorts the pairs.
    pub fn seven_pairs(mut pairs: [Tile; 7]) -> Decomposition {
        pairs.sort_unstable();
        Decomposition::SevenPairs { pairs }
    }

    /// The counts of every tile the decomposition uses (stand-ins for wildcards included).
    pub fn counts(&self) -> TileCounts {
        let mut c = TileCounts::EMPTY;
        match self {
            Decomposition::Melds { pair, melds } => {
                c[*pair] += 2;
                for g in melds {
                    for t in g.tiles() {
                        c[t] += 1;
                    }
                }
            }
            Decomposition::SevenPairs { pairs } => {
                for p in pairs {
                    c[*p] += 2;
                }
            }
            Decomposition::ThirteenOrphans { pair } => {
                for t in Tile::TERMINALS_AND_HONORS {
                    c[t] += 1;
                }
                c[*pair] += 1;
            }
            Decomposition::HonorsAndKnitted { tiles } => {
                for t in tiles.iter() {
                    c[t] += 1;
                }
            }
            Decomposition::KnittedStraight { order, pair, meld } => {
                for t in knitted_tiles(*order) {
                    c[t] += 1;
                }
                c[*pair] += 2;
                for t in meld.iter().flat_map(|g| g.tiles()) {
                    c[t] += 1;
                }
            }
        }
        c
    }

    /// True if every kind the decomposition and the declared melds use is in the rules' tile set,
    /// and for some void suit the rules allow (if any) none of them is of that suit.
    fn kinds_allowed(&self, hand: &Hand, rules: &Rules) -> bool {
        let mut used = self.counts();
        for (u, d) in used.0.iter_mut().zip(hand.declared_counts().0) {
            *u += d;
        }
        let kinds = used.kinds();
        rules.void_choices().iter().any(|&void| kinds.bits() & !rules.allowed_kinds(void).bits() == 0)
    }

    /// True if this is a decomposition of `hand` under `rules`: the groups use every concealed
    /// tile, exactly `hand.wildcards()` stand-ins, the right number of melds, the form is allowed,
    /// and no kind exceeds four copies unless the rules let wildcards make a fifth.
    /// The harness uses this to check every algorithm's output independently of any algorithm.
    pub fn is_valid_for(&self, hand: &Hand, rules: &Rules) -> bool {
        let counts = self.counts();
        let concealed = hand.concealed();
        let declared = hand.declared_counts();
        let mut stand_ins = 0u32;
        for t in Tile::ALL {
            if counts[t] < concealed[t] {
                return false;
            }
            stand_ins += (counts[t] - concealed[t]) as u32;
            let wild_here = counts[t] > concealed[t];
            if counts[t] + declared[t] > 4 && !(rules.wildcard_fifth_copy && wild_here) {
                return false;
            }
        }
        if stand_ins != hand.wildcards() as u32 {
            return false;
        }
        if !self.kinds_allowed(hand, rules) {
            return false;
        }
        match self {
            Decomposition::Melds { pair, melds } => {
                rules.pair_allowed(*pair)
                    && melds.len() == hand.melds_needed(rules)
                    && melds.iter().all(|g| match g {
                        Group::Sequence(t) => t.starts_sequence(),
                        Group::Triplet(_) => true,
                    })
            }
            Decomposition::SevenPairs { pairs } => {
                hand.special_forms_apply(rules)
                    && match rules.seven_pairs {
                        SevenPairs::Off => false,
                        SevenPairs::Distinct => pairs.windows(2).all(|w| w[0] != w[1]),
                        SevenPairs::AllowQuads => pairs.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    }
            }
            Decomposition::ThirteenOrphans { pair } => {
                hand.special_forms_apply(rules) && rules.thirteen_orphans && pair.is_terminal_or_honor()
            }
            Decomposition::HonorsAndKnitted { tiles } => {
                hand.special_forms_apply(rules)
                    && rules.knitted
                    && tiles.len() == 14
                    && KNITTED_ORDERS.iter().any(|&o| tiles.bits() & !honors_and_knitted_kinds(o).bits() == 0)
            }
            Decomposition::KnittedStraight { order, pair, meld } => {
                rules.knitted
                    && rules.melds == 4
                    && is_knitted_order(*order)
                    && rules.pair_allowed(*pair)
                    && usize::from(meld.is_some()) + hand.melds().len() == 1
                    && meld.is_none_or(|g| match g {
                        Group::Sequence(t) => t.starts_sequence(),
                        Group::Triplet(_) => true,
                    })
            }
        }
    }
}

impl fmt::Display for Decomposition {
    /// Groups separated by spaces, pair first: `11z 123m 456p 789s 111z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Built in one string and written once: scores print a reading per answer, and the
        // formatting machinery per group cost more than the scoring itself.
        let mut s = String::with_capacity(48);
        self.push_to(&mut s);
        f.write_str(&s)
    }
}

impl Decomposition {
    /// Appends the decomposition as [`Display`](fmt::Display) writes it.
    pub fn push_to(&self, out: &mut String) {
        use crate::notation::push_tiles;
        let push_group = |out: &mut String, g: &Group| {
            out.push(' ');
            push_tiles(out, g.tiles());
        };
        match self {
            Decomposition::Melds { pair, melds } => {
                push_tiles(out, [*pair, *pair]);
                for g in melds {
                    push_group(out, g);
                }
            }
            Decomposition::SevenPairs { pairs } => {
                for (i, p) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    push_tiles(out, [*p, *p]);
                }
            }
            Decomposition::ThirteenOrphans { .. } | Decomposition::HonorsAndKnitted { .. } => {
                push_tiles(out, self.counts().tiles());
            }
            Decomposition::KnittedStraight { order, pair, meld } => {
                let mut straight = knitted_tiles(*order);
                straight.sort_unstable();
                push_tiles(out, straight);
                out.push(' ');
                push_tiles(out, [*pair, *pair]);
                if let Some(g) = meld {
                    push_group(out, g);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn canonical_order_makes_multiset_equality() {
        let a = Decomposition::melds(t("1z"), &[Group::Sequence(t("2m")), Group::Triplet(t("1m"))]);
        let b = Decomposition::melds(t("1z"), &[Group::Triplet(t("1m")), Group::Sequence(t("2m"))]);
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "11z 111m 234m");
    }

    #[test]
    fn validity_checks_wildcards_and_copies() {
        let hand: Hand = "111z222z333z44z***".parse().unwrap();
        let d = Decomposition::melds(
            t("4z"),
            &[Group::Triplet(t("1z")), Group::Triplet(t("2z")), Group::Triplet(t("3z")), Group::Triplet(t("5z"))],
        );
        assert!(d.is_valid_for(&hand, &Rules::STANDARD));
        let fifth = Decomposition::melds(
            t("4z"),
            &[Group::Triplet(t("1z")), Group::Triplet(t("2z")), Group::Triplet(t("3z")), Group::Triplet(t("4z"))],
        );
        // 44z + 444z would be five copies of North.
        assert!(!fifth.is_valid_for(&hand, &Rules::STANDARD));
        assert!(fifth.is_valid_for(&hand, &Rules::STANDARD.with_wildcard_fifth_copy(true)));
    }
}
