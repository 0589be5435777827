//! The interface every hupai algorithm implements, its capabilities, and the checks shared by all.

use crate::{Decomposition, Error, Feature, Hand, HandShape, Rules, SevenPairs, Tile, TileSet, VoidSuit};

/// What an algorithm can answer. A hand needing anything it lacks gets [`Error::Unsupported`].
///
/// Build one from [`Capabilities::ALL`] with struct update syntax:
/// `Capabilities { wildcards: false, ..Capabilities::ALL }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Capabilities {
    /// Hands with wildcards.
    pub wildcards: bool,
    /// Most wildcards handled (meaningful only if `wildcards`).
    pub max_wildcards: u8,
    /// The rule that lets a wildcard be a fifth copy.
    pub wildcard_fifth_copy: bool,
    /// Seven pairs, both the distinct and the four-of-a-kind variant.
    pub seven_pairs: bool,
    /// Thirteen orphans.
    pub thirteen_orphans: bool,
    /// Declared melds.
    pub declared_melds: bool,
    /// 17-tile hands (five melds and a pair).
    pub seventeen_tiles: bool,
    /// Lists decompositions, not only win verdicts.
    pub decompositions: bool,
    /// The 2-5-8 pair ([`Rules::pair_258`]).
    pub pair_258: bool,
    /// A void suit, declared or any one ([`Rules::void`]).
    pub void_suit: bool,
    /// Wildcards under a tile set smaller than 136 ([`Rules::tiles`]): they stand only for kinds
    /// of the set. (Without wildcards a tile set needs nothing of an algorithm: the hand is
    /// checked against it before any algorithm runs, and waits outside it are dropped.)
    pub tile_supply: bool,
    /// The GB knitted forms ([`Rules::knitted`]).
    pub knitted: bool,
}

impl Capabilities {
    /// Everything.
    pub const ALL: Capabilities = Capabilities {
        wildcards: true,
        max_wildcards: u8::MAX,
        wildcard_fifth_copy: true,
        seven_pairs: true,
        thirteen_orphans: true,
        declared_melds: true,
        seventeen_tiles: true,
        decompositions: true,
        pair_258: true,
        void_suit: true,
        tile_supply: true,
        knitted: true,
    };

    /// Everything but the rule options added for regional games (the 2-5-8 pair, the void suit,
    /// wildcards in a small tile set, the knitted forms): what an algorithm written for the
    /// classic rules handles.
    pub const CLASSIC: Capabilities =
        Capabilities { pair_258: false, void_suit: false, tile_supply: false, knitted: false, ..Capabilities::ALL };

    /// What `hand` under `rules` needs that these capabilities lack, if anything.
    pub fn missing(&self, hand: &Hand, rules: &Rules) -> Option<Feature> {
        if hand.wildcards() > 0 {
            if !self.wildcards {
                return Some(Feature::Wildcards);
            }
            if hand.wildcards() > self.max_wildcards {
                return Some(Feature::TooManyWildcards(hand.wildcards()));
            }
            if rules.wildcard_fifth_copy && !self.wildcard_fifth_copy {
                return Some(Feature::WildcardFifthCopy);
            }
        }
        if !hand.melds().is_empty() && !self.declared_melds {
            return Some(Feature::DeclaredMelds);
        }
        if rules.melds != 4 && !self.seventeen_tiles {
            return Some(Feature::HandSize(rules.hand_size() as u8));
        }
        if rules.pair_258 && !self.pair_258 {
            return Some(Feature::Pair258);
        }
        if rules.void != VoidSuit::Off && !self.void_suit {
            return Some(Feature::VoidSuit);
        }
        if hand.wildcards() > 0 && rules.tiles.kinds().len() < 34 && !self.tile_supply {
            return Some(Feature::TileSupply(rules.tiles.tiles()));
        }
        if rules.knitted && rules.melds == 4 && hand.melds().len() <= 1 && !self.knitted {
            return Some(Feature::KnittedForms);
        }
        if hand.special_forms_apply(rules) {
            if rules.seven_pairs != SevenPairs::Off && !self.seven_pairs {
                return Some(Feature::SevenPairs);
            }
            if rules.thirteen_orphans && !self.thirteen_orphans {
                return Some(Feature::ThirteenOrphans);
            }
        }
        None
    }
}

/// The answer for a hand, by its size: a verdict for a complete hand, waits for one a tile short.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answer {
    /// A complete hand: does it win?
    Win(bool),
    /// A hand one tile short: the kinds that complete it, in tile order.
    Waits(TileSet),
}

/// One way of deciding wins. Implementors provide the `check_*` methods, which are only ever
/// called with a hand of the right size that passed [`Capabilities::missing`]; callers use the
/// provided `is_win`, `waits`, `decompositions` and `answer`, which validate first.
///
/// Semantics shared by every implementation (see `docs/semantics.md`):
/// - a wildcard stands for any of the 34 kinds, never a fifth copy unless
///   [`Rules::wildcard_fifth_copy`] (concealed + declared + stand-ins ≤ 4);
/// - a decomposition is the multiset of concrete groups, wildcards shown as what they became;
/// - waits are the kinds that complete a hand one tile short, in tile order, never a kind the
///   hand already holds four of (concealed + declared + wildcards that are copies of a wildcard
///   tile: [`Hand::held_counts`]).
///
/// An algorithm that cannot answer returns [`Error::Unsupported`]; it never guesses.
pub trait Algorithm: Send + Sync {
    /// Stable name used by the CLI, the harness and the benches (`backtrack`, `index`, ...).
    fn name(&self) -> &'static str;

    /// What this algorithm can answer.
    fn capabilities(&self) -> Capabilities;

    /// Does this complete, supported hand win?
    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error>;

    /// The waits of this supported hand one tile short. The default tries every kind the hand
    /// holds fewer than four of ([`Hand::held_counts`]) with [`Algorithm::check_win`].
    fn check_waits(&self, hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
        let held = hand.held_counts();
        let mut waits = TileSet::EMPTY;
        for t in Tile::ALL {
            if held[t] < 4 && self.check_win(&hand.with_tile_unchecked(t), rules)? {
                waits.insert(t);
            }
        }
        Ok(waits)
    }

    /// Every decomposition of this complete, supported hand, each once, in ascending order.
    /// The default says decompositions are unsupported.
    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        let _ = (hand, rules);
        Err(self.unsupported(Feature::Decompositions))
    }

    /// The unsupported error for this algorithm.
    fn unsupported(&self, feature: Feature) -> Error {
        Error::Unsupported { algorithm: self.name(), feature }
    }

    /// Fails with [`Error::Unsupported`] if the hand needs something this algorithm lacks.
    fn supports(&self, hand: &Hand, rules: &Rules) -> Result<(), Error> {
        match self.capabilities().missing(hand, rules) {
            Some(feature) => Err(self.unsupported(feature)),
            None => Ok(()),
        }
    }

    /// Does the complete hand win? Errors on a wrong size or an unsupported hand.
    fn is_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        expect_shape(hand, rules, HandShape::Complete, "a win check")?;
        self.supports(hand, rules)?;
        self.check_win(hand, rules)
    }

    /// The waits of a hand one tile short. Errors on a wrong size or an unsupported hand.
    fn waits(&self, hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
        expect_shape(hand, rules, HandShape::OneShort, "waits")?;
        self.supports(hand, rules)?;
        self.check_waits(hand, rules).map(|w| in_tile_supply(w, rules))
    }

    /// Every decomposition of a complete hand (empty if it does not win).
    fn decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        expect_shape(hand, rules, HandShape::Complete, "decompositions")?;
        self.supports(hand, rules)?;
        if !self.capabilities().decompositions {
            return Err(self.unsupported(Feature::Decompositions));
        }
        self.check_decompositions(hand, rules)
    }

    /// The win verdict or the waits, whichever the hand's size asks for.
    fn answer(&self, hand: &Hand, rules: &Rules) -> Result<Answer, Error> {
        match hand.shape(rules)? {
            HandShape::Complete => {
                self.supports(hand, rules)?;
                self.check_win(hand, rules).map(Answer::Win)
            }
            HandShape::OneShort => {
                self.supports(hand, rules)?;
                self.check_waits(hand, rules).map(|w| Answer::Waits(in_tile_supply(w, rules)))
            }
        }
    }
}

/// Waits outside the rules' tile set cannot be drawn.
fn in_tile_supply(waits: TileSet, rules: &Rules) -> TileSet {
    TileSet::from_bits(waits.bits() & rules.tiles.kinds().bits())
}

fn expect_shape(hand: &Hand, rules: &Rules, want: HandShape, operation: &'static str) -> Result<(), Error> {
    let shape = hand.shape(rules)?;
    if shape == want {
        return Ok(());
    }
    let expected = match want {
        HandShape::Complete => rules.hand_size(),
        HandShape::OneShort => rules.hand_size() - 1,
    };
    Err(Error::WrongShape { operation, expected, found: hand.tile_count() })
}
