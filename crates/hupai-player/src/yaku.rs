//! How far a hand is from a win with a yaku (役): the shanten along each route an open hand can
//! take (value honors, all simples, triplets, one suit with honors) and, closed, riichi's.
//!
//! A call is worth making when it brings the hand nearer a win it can claim, not only nearer any
//! complete shape: an open hand without a yaku cannot win. Each route is the melds-form distance
//! of the tiles the route can use (`hupai_shanten::melds_distance`), the others counted as tiles
//! to replace. The routes miss the rarer yaku (outside hands, straights, three colours).

use hupai::{Meld, Tile};
use hupai_shanten::melds_distance;

/// No route: the hand has no yaku in reach.
pub(crate) const NO_ROUTE: i8 = 99;

/// What the routes need to know of the table and the rules.
pub(crate) struct Routes<'a> {
    /// Which honors (east … red dragon) are value honors for this seat: the dragons, the round
    /// and seat winds.
    pub(crate) value_honors: [bool; 7],
    /// Whether all simples counts open (喰いタン).
    pub(crate) open_tanyao: bool,
    /// Copies of each kind seen outside the hand (rivers, melds, dora indicators).
    pub(crate) visible: &'a [u8; 34],
}

impl Routes<'_> {
    /// The least shanten of the hand (`counts` concealed, `melds` declared) along any route with a
    /// yaku, `closed` adding riichi's (the plain shanten, given); [`NO_ROUTE`] when none is open.
    pub(crate) fn shanten(&self, counts: &[u8; 34], melds: &[Meld], closed: Option<i8>) -> i8 {
        let Some(need) = 4usize.checked_sub(melds.len()) else { return NO_ROUTE };
        let distance = |c: &[u8; 34], need: usize| -> i8 {
            melds_distance(&hupai::TileCounts(*c), need).map_or(NO_ROUTE, |d| d as i8 - 1)
        };
        let mut best = closed.unwrap_or(NO_ROUTE);
        // Value honors: a triplet held or called is the yaku; a pair with a copy still to come
        // is one pon away (the pon's tile counted as one more to draw).
        let value_meld = melds
            .iter()
            .any(|m| !matches!(m, Meld::Chi(_)) && m.tile().index() >= 27 && self.value_honors[m.tile().index() - 27]);
        let value_held = (27..34).any(|k| counts[k] >= 3 && self.value_honors[k - 27]);
        if value_meld || value_held {
            best = best.min(distance(counts, need));
        } else if need > 0 {
            for k in 27..34 {
                if counts[k] == 2 && self.value_honors[k - 27] && counts[k] + self.visible[k] < 4 {
                    let mut rest = *counts;
                    rest[k] = 0;
                    best = best.min(distance(&rest, need - 1).saturating_add(1));
                }
            }
        }
        // All simples: the terminals and honors are tiles to replace.
        let outside = |t: Tile| t.is_terminal_or_honor();
        if self.open_tanyao && melds.iter().all(|m| !m.tiles().iter().any(|&t| outside(t))) {
            let mut simple = *counts;
            for (k, c) in simple.iter_mut().enumerate() {
                if outside(Tile::ALL[k]) {
                    *c = 0;
                }
            }
            best = best.min(distance(&simple, need));
        }
        // Triplets only: two tiles short a triplet missing, one a pair; at most one pair counts
        // beyond the triplets a hand has room for.
        if melds.iter().all(|m| !matches!(m, Meld::Chi(_))) {
            let triplets = melds.len() + counts.iter().filter(|&&c| c >= 3).count();
            let pairs = counts.iter().filter(|&&c| c == 2).count().min(5usize.saturating_sub(triplets));
            let s = 8 - 2 * triplets.min(4) as i8 - pairs as i8;
            best = best.min(s.max(-1));
        }
        // One suit with honors: the other two suits are tiles to replace.
        for suit in 0..3 {
            if melds.iter().all(|m| m.tile().index() >= 27 || m.tile().index() / 9 == suit) {
                let mut one = *counts;
                for (k, c) in one.iter_mut().enumerate().take(27) {
                    if k / 9 != suit {
                        *c = 0;
                    }
                }
                best = best.min(distance(&one, need));
            }
        }
        best
    }
}
