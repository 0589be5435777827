//! [`analyze`]: every answer hupai has for one hand, whatever its size.

use hupai_tiles::{Algorithm, Decomposition, Error, Hand, HandShape, Rules, TileSet};

use crate::Hupai;

/// Everything hupai can say about a hand: for a complete hand its verdict and decompositions, for
/// a hand one tile short its waits.
///
/// Fields that do not apply to the hand's size are `None` (or empty).
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
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn analyze(hand: &Hand, rules: &Rules) -> Result<Analysis, Error> {
    let shape = hand.shape(rules)?;
    let mut analysis = Analysis { shape, win: None, decompositions: Vec::new(), waits: None };
    match shape {
        HandShape::Complete => {
            let win = Hupai.is_win(hand, rules)?;
            analysis.win = Some(win);
            if win {
                analysis.decompositions = Hupai.decompositions(hand, rules)?;
            }
        }
        HandShape::OneShort => analysis.waits = Some(Hupai.waits(hand, rules)?),
    }
    Ok(analysis)
}
