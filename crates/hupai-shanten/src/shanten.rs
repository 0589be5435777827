//! Shanten: how far a hand is from winning, per form ([`shanten`], [`Shanten`], [`Form`]), and
//! whether a complete hand wins ([`is_win`]: shanten −1, asked no further than that).

use hupai_tiles::{Error, Hand, Rules, SevenPairs, Tile, TileCounts};

use crate::prepared::prepare;
use crate::regional;
use crate::special::Stats;
use crate::vector::{self, MAX_M};
use crate::{exact, table};

/// The winning form a shanten number was reached with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Form {
    /// Melds and a pair (with any declared melds).
    Melds,
    /// Seven pairs, under rules that allow it.
    SevenPairs,
    /// Thirteen orphans, under rules that allow it.
    ThirteenOrphans,
    /// Honors and knitted tiles (全不靠), under the GB knitted forms.
    HonorsAndKnitted,
    /// The knitted straight with a meld and a pair (组合龙), under the GB knitted forms.
    KnittedStraight,
}

/// A hand's shanten: the number and the form reaching it, plus each form's own number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shanten {
    /// −1 wins, 0 is ready (one tile from a win), 1, 2, …: the replacement number minus one.
    pub number: i8,
    /// The form reaching `number`; on a tie the first of melds, seven pairs, thirteen orphans.
    pub form: Form,
    /// The shanten in the melds-and-pair form.
    pub melds: i8,
    /// The shanten in seven pairs, when the rules allow it and it can apply to this hand (no
    /// declared melds, 13 or 14 tiles under 14-tile rules).
    pub seven_pairs: Option<i8>,
    /// The shanten in thirteen orphans, under the same conditions.
    pub thirteen_orphans: Option<i8>,
    /// The shanten in honors and knitted tiles (全不靠), under the knitted forms, for a concealed
    /// hand of 13 or 14 tiles that some allowed set of its kinds can reach.
    pub honors_and_knitted: Option<i8>,
    /// The shanten in the knitted straight form (组合龙), under the knitted forms, for a hand with
    /// room for the straight and a pair (at most one meld declared or missing).
    pub knitted_straight: Option<i8>,
}

impl Shanten {
    /// The replacement number: tiles to draw (each for a discard) to win; `number + 1`.
    pub fn replacement(&self) -> u8 {
        (self.number + 1) as u8
    }

    /// True if the hand wins as it is (shanten −1).
    pub fn is_win(&self) -> bool {
        self.number < 0
    }
}

/// The shanten of a hand of 3k + 1 or 3k + 2 tiles (counting 3 per declared meld) up to the rules'
/// complete hand.
///
/// Errors: [`Error::ShantenSize`] for another size, [`Error::TooManyMelds`], and
/// [`Error::Unsupported`] for rule options this crate does not handle ([`check_rules`](crate::check_rules)).
pub fn shanten(hand: &Hand, rules: &Rules) -> Result<Shanten, Error> {
    let p = prepare(hand, rules)?;
    if regional::applies(rules) {
        return Ok(regional::Regional::new(&p, hand, rules)?.shanten());
    }
    let melds = p.melds_distance(p.counts);
    let (seven, orphans) = if p.seven_pairs != SevenPairs::Off || p.thirteen_orphans {
        Stats::distances(p.counts, p.seven_pairs, p.thirteen_orphans)
    } else {
        (None, None)
    };
    Ok(p.shanten_of(melds, seven, orphans))
}

/// The fewest tiles to add to these concealed tiles for `melds` melds and a pair: the melds-and-pair
/// form alone, four copies a kind, no wildcards, and whatever the number of tiles (a tile no meld
/// uses costs nothing). For a hand that needs `melds` melds besides its declared ones, its shanten
/// in that form is this less one. With some kinds taken out of the counts it measures the distance
/// to a win that does without them: the terminals and honors out for all simples, two suits out
/// for a flush (what a player reads as a hand's distance to a yaku).
///
/// Errors: [`Error::TooManyMelds`] for more melds than a hand holds, [`Error::TooManyCopies`] for a
/// count above four.
///
/// ```
/// use hupai_shanten::melds_distance;
/// use hupai_tiles::{Hand, TileCounts};
///
/// // Ready on 1p-4p (one tile to add), but the 1p and the 9s are not simples: without the
/// // terminals and honors, three tiles are missing from all simples.
/// let hand: Hand = "234m567m23p678s99s".parse()?;
/// assert_eq!(melds_distance(hand.concealed(), 4)?, 1);
/// let mut simples = *hand.concealed();
/// for k in [0, 8, 9, 17, 18, 26] {
///     simples.0[k] = 0;
/// }
/// assert_eq!(melds_distance(&simples, 4)?, 3);
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
pub fn melds_distance(counts: &TileCounts, melds: usize) -> Result<u8, Error> {
    if melds > MAX_M {
        return Err(Error::TooManyMelds { found: melds, max: MAX_M });
    }
    if let Some((k, &count)) = counts.0.iter().enumerate().find(|&(_, &c)| c > 4) {
        return Err(Error::TooManyCopies { tile: Tile::ALL[k], count: usize::from(count) });
    }
    let c = &counts.0;
    let suit = |s: usize| {
        let mut nine = [0u8; 9];
        nine.copy_from_slice(&c[s * 9..s * 9 + 9]);
        table::numbered(&nine)
    };
    let v = [suit(0), suit(1), suit(2), exact::honors_plain(&c[27..34])];
    Ok(vector::four_suits_distance(&v, melds))
}

/// Whether a complete hand (3k + 2 tiles, counting 3 per declared meld) wins: its shanten is −1,
/// found by asking each way to win only that far. Under the regional options (the 2-5-8 pair, void
/// suits, smaller tile sets, the knitted forms) this is one distance per way to win from the keyed
/// sources, where a search for a decomposition would try every split; a hand that wins is found at
/// its first form reaching the wildcards it holds.
///
/// Errors as [`shanten`], and [`Error::WrongShape`] for a hand one tile short.
///
/// ```
/// use hupai_tiles::{Hand, Rules};
///
/// let hand: Hand = "123m456p789s111z33p".parse()?;
/// assert!(hupai_shanten::is_win(&hand, &Rules::STANDARD)?);
/// // Under the 2-5-8 pair, 33p cannot be the pair.
/// assert!(!hupai_shanten::is_win(&hand, &Rules::CHANGSHA)?);
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
pub fn is_win(hand: &Hand, rules: &Rules) -> Result<bool, Error> {
    let p = prepare(hand, rules)?;
    if !p.complete {
        let found = hand.tile_count();
        return Err(Error::WrongShape { operation: "a win check", expected: found + 1, found });
    }
    if regional::applies(rules) {
        return Ok(regional::Regional::new(&p, hand, rules)?.wins());
    }
    Ok(shanten(hand, rules)?.is_win())
}
