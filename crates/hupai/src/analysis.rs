//! [`analyze`]: every answer hupai has for one hand, whatever its size.

use hupai_shanten::{DiscardOption, Effective, Shanten};
use hupai_tiles::{Algorithm, Decomposition, Error, Hand, HandShape, Rules, TileCounts, TileSet};

use crate::Hupai;

/// Everything hupai can say about a hand: its shanten; for a complete hand its verdict,
/// decompositions and discard advice; for a hand one tile short its waits and effective tiles.
///
/// Fields that do not apply to the hand's size are `None` (or empty). The shanten fields are also
/// `None` (or empty) when no winning hand can be reached at all (a declared meld of the void suit):
/// ask [`crate::shanten`] for the error that says why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Analysis {
    /// Complete or one tile short.
    pub shape: HandShape,
    /// For a complete hand: does it win?
    pub win: Option<bool>,
    /// For a complete winning hand: every decomposition, wildcards shown as what they became.
    pub decompositions: Vec<Decomposition>,
    /// For a hand one tile short: the kinds that complete it, in tile order.
    pub waits: Option<TileSet>,
    /// How far the hand is from winning (−1 wins, 0 ready, …) and in which form.
    pub shanten: Option<Shanten>,
    /// For a hand one tile short: the kinds whose draw lowers the shanten, with unseen copies
    /// (counting only the hand's own tiles as seen).
    pub effective: Option<Effective>,
    /// For a complete hand: every distinct discard, best first, with the shanten after it and its
    /// effective tiles.
    pub advice: Vec<DiscardOption>,
}

/// Analyzes a hand of either size (complete, or one tile short) under the rules.
///
/// ```
/// use hupai::{HandShape, Rules};
///
/// let short = hupai::analyze(&"123m456p789s1122z".parse()?, &Rules::STANDARD)?;
/// assert_eq!(short.shape, HandShape::OneShort);
/// assert_eq!(short.waits.map(|w| w.len()), Some(2));
/// assert_eq!(short.win, None);
/// assert_eq!(short.shanten.map(|s| s.number), Some(0));
/// // A ready hand's effective tiles are its waits.
/// assert_eq!(short.effective.map(|e| e.tiles.len()), Some(2));
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn analyze(hand: &Hand, rules: &Rules) -> Result<Analysis, Error> {
    let shape = hand.shape(rules)?;
    let mut analysis = Analysis {
        shape,
        win: None,
        decompositions: Vec::new(),
        waits: None,
        shanten: None,
        effective: None,
        advice: Vec::new(),
    };
    let seen = TileCounts::EMPTY;
    match shape {
        HandShape::Complete => {
            let win = Hupai.is_win(hand, rules)?;
            analysis.win = Some(win);
            if win {
                analysis.decompositions = Hupai.decompositions(hand, rules)?;
            }
            analysis.advice = unless_no_shanten(hupai_shanten::discard_advice(hand, rules, &seen))?.unwrap_or_default();
        }
        HandShape::OneShort => {
            analysis.waits = Some(Hupai.waits(hand, rules)?);
            analysis.effective = unless_no_shanten(hupai_shanten::effective_tiles(hand, rules, &seen))?;
        }
    }
    analysis.shanten = unless_no_shanten(hupai_shanten::shanten(hand, rules))?;
    Ok(analysis)
}

/// `None` where shanten has no number to give: the hand can never win (its verdict and waits
/// already say so), or an option shanten refuses; other errors stay errors.
fn unless_no_shanten<T>(result: Result<T, Error>) -> Result<Option<T>, Error> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(e) if e.is_unsupported() || matches!(e, Error::NeverWins { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}
