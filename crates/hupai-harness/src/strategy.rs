//! proptest strategies for hands (feature `proptest`; the harness's own property tests include this
//! file directly, so they always run). A generated hand is complete or one tile short under its
//! rules, physically possible, with wildcards and declared melds.
//!
//! Every choice is drawn independently (rules, one short or not, declared melds, wildcards, and a
//! fixed pool of 17 tiles of which the hand takes what it needs), so proptest shrinks each on its
//! own: toward the first rule set (`standard`), a complete hand, no declared melds, no wildcards
//! and tiles toward `1m`. A disagreement therefore shrinks to a small, readable hand.

use hupai_tiles::{Hand, Meld, Rules, Tile, TileCounts};
use proptest::prelude::*;

/// One of the harness's rule sets (the corpus module's `all_rules`): each preset, and Sichuan
/// with a declared void suit, without and with the wildcard fifth-copy rule.
pub fn rules() -> impl Strategy<Value = Rules> {
    let all: Vec<Rules> = Rules::PRESETS
        .iter()
        .map(|&(_, r)| r)
        .chain([Rules::SICHUAN.with_void(hupai_tiles::Suit::Pin)])
        .flat_map(|r| [r, r.with_wildcard_fifth_copy(true)])
        .collect();
    proptest::sample::select(all)
}

/// The raw choices behind a hand, before they meet a rule set.
#[derive(Debug, Clone)]
pub struct RawHand {
    one_short: bool,
    melds: Vec<(u8, u8)>,
    wildcards: u8,
    pool: Vec<u8>,
}

/// Raw choices with up to `max_wildcards` wildcards and `max_melds` declared melds.
pub fn raw_hand(max_wildcards: u8, max_melds: usize) -> impl Strategy<Value = RawHand> {
    (
        any::<bool>(),
        proptest::collection::vec((0..3u8, 0..34u8), 0..=max_melds),
        0..=max_wildcards,
        proptest::collection::vec(0..34u8, 17),
    )
        .prop_map(|(one_short, melds, wildcards, pool)| RawHand { one_short, melds, wildcards, pool })
}

/// A hand complete or one short under `rules`, with up to `max_wildcards` wildcards and up to
/// `max_melds` declared melds.
pub fn hand(rules: Rules, max_wildcards: u8, max_melds: usize) -> impl Strategy<Value = Hand> {
    raw_hand(max_wildcards, max_melds).prop_map(move |raw| raw.build(&rules))
}

/// A rule set and a hand for it (up to 8 wildcards and 2 declared melds).
pub fn case() -> impl Strategy<Value = (Hand, Rules)> {
    (rules(), raw_hand(8, 2)).prop_map(|(r, raw)| (raw.build(&r), r))
}

impl RawHand {
    /// The hand these choices make under `rules`: a meld that would break the four-copy limit
    /// moves to the next kind where it fits, and so does a tile; so does a kind outside the rules'
    /// tile set.
    pub fn build(&self, rules: &Rules) -> Hand {
        let kinds = rules.tiles.kinds();
        let mut physical = TileCounts::EMPTY;
        let mut declared = Vec::new();
        for &(form, start) in self.melds.iter().take(rules.melds as usize) {
            for k in 0..Tile::COUNT {
                let t = Tile::ALL[(start as usize + k) % Tile::COUNT];
                let meld = match form {
                    0 if t.starts_sequence() => Meld::Chi(t),
                    0 | 1 => Meld::Pon(t),
                    _ => Meld::Kan(t),
                };
                let mut after = physical;
                for x in meld.tiles() {
                    after[x] += 1;
                }
                if after.0.iter().all(|&c| c <= 4) && meld.tiles().iter().all(|&x| kinds.contains(x)) {
                    physical = after;
                    declared.push(meld);
                    break;
                }
            }
        }
        let size = rules.hand_size() - self.one_short as usize - 3 * declared.len();
        let wildcards = self.wildcards.min(size as u8);
        let mut concealed = TileCounts::EMPTY;
        for &t in self.pool.iter().take(size - wildcards as usize) {
            let free = (0..Tile::COUNT)
                .map(|k| Tile::ALL[(t as usize + k) % Tile::COUNT])
                .find(|&x| physical[x] < 4 && kinds.contains(x));
            if let Some(k) = free {
                physical[k] += 1;
                concealed[k] += 1;
            }
        }
        // Cannot fail: every kind was checked against the limit as it was added.
        Hand::new(concealed, wildcards, &declared).unwrap_or_default()
    }
}
