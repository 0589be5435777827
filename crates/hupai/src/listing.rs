//! Decompositions of hands that may have millions of them: listed one at a time, counted without
//! being built, or cut at a limit. Fourteen wildcards have 11.6 million decompositions under the
//! standard rules; [`crate::decompositions`] would build them all, these never hold more than asked.

use std::ops::ControlFlow;

use hupai_lookup::SuitTable;
use hupai_tiles::{Decomposition, Error, Hand, Rules};

/// Hands every decomposition of a complete hand to `visit` as it is found, each once, in no
/// particular order (the same on every run), until `visit` returns `ControlFlow::Break`. Nothing
/// is collected, so memory stays small for any hand. Errors as [`crate::decompositions`] does.
///
/// ```
/// use std::ops::ControlFlow;
/// let hand: hupai::Hand = "**************".parse()?;
/// let mut seen = 0;
/// hupai::for_each_decomposition(&hand, &hupai::Rules::CHINESE, |_| {
///     seen += 1;
///     if seen == 10 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })?;
/// assert_eq!(seen, 10);
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn for_each_decomposition(
    hand: &Hand,
    rules: &Rules,
    visit: impl FnMut(Decomposition) -> ControlFlow<()>,
) -> Result<(), Error> {
    SuitTable.for_each_decomposition(hand, rules, visit)
}

/// How many decompositions a complete hand has, without building them.
///
/// ```
/// let hand: hupai::Hand = "**************".parse()?;
/// assert_eq!(hupai::count_decompositions(&hand, &hupai::Rules::STANDARD)?, 11_580_567);
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn count_decompositions(hand: &Hand, rules: &Rules) -> Result<u64, Error> {
    SuitTable.count_decompositions(hand, rules)
}

/// At most `limit` decompositions of a complete hand, and how many it has in all.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limited {
    /// Ascending. Every decomposition when `total <= limit` (then exactly what
    /// [`crate::decompositions`] gives); otherwise the first `limit` found, sorted.
    pub decompositions: Vec<Decomposition>,
    /// How many decompositions the hand has.
    pub total: u64,
}

impl Limited {
    /// True when some decompositions were left out.
    pub fn is_cut(&self) -> bool {
        self.total > self.decompositions.len() as u64
    }
}

/// The decompositions of a complete hand up to `limit` of them, with their total: memory bounded
/// by `limit` whatever the hand. Errors as [`crate::decompositions`] does.
///
/// ```
/// let hand: hupai::Hand = "**************".parse()?;
/// let listed = hupai::decompositions_up_to(&hand, &hupai::Rules::STANDARD, 100)?;
/// assert_eq!((listed.decompositions.len(), listed.total), (100, 11_580_567));
/// let small = hupai::decompositions_up_to(&"111222333m11z456p".parse()?, &hupai::Rules::STANDARD, 100)?;
/// assert_eq!((small.decompositions.len(), small.is_cut()), (2, false));
/// # Ok::<(), hupai::Error>(())
/// ```
pub fn decompositions_up_to(hand: &Hand, rules: &Rules, limit: usize) -> Result<Limited, Error> {
    let total = count_decompositions(hand, rules)?;
    let keep = usize::try_from(total).map_or(limit, |t| t.min(limit));
    let mut decompositions = Vec::with_capacity(keep);
    if keep > 0 {
        for_each_decomposition(hand, rules, |d| {
            decompositions.push(d);
            if decompositions.len() >= keep { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })?;
    }
    decompositions.sort_unstable();
    Ok(Limited { decompositions, total })
}
