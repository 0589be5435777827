//! Batch entry points: many hands in, one verdict per hand out, with no per-hand dispatch, for the
//! `hupai batch` command and the language bindings (which split a batch across threads and call
//! these on each part).
//!
//! A bad row (a count above four, a size that does not fit the rules) stops the batch with a
//! [`BatchError::Row`] naming the row; the rows before it are answered.

use hupai_tiles::{Error, Hand, Rules, Tile, TileCounts, TileSet};

use crate::PackedHand;

/// Why a batch stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BatchError {
    /// A bad row; the rows before it are answered.
    Row {
        /// 0-based index of the row.
        row: usize,
        /// What is wrong with it.
        error: Error,
    },
    /// The slices passed do not have one entry per row; nothing was answered.
    Lengths {
        /// Rows given.
        rows: usize,
        /// Length of the slice that does not match.
        found: usize,
        /// Which slice: "wildcards" or "out".
        slice: &'static str,
    },
}

impl std::fmt::Display for BatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BatchError::Row { row, error } => write!(f, "row {row}: {error}"),
            BatchError::Lengths { rows, found, slice } => {
                write!(f, "{rows} rows but {found} entries in `{slice}`; one per row expected")
            }
        }
    }
}

impl std::error::Error for BatchError {}

fn check_lengths(rows: usize, wildcards: Option<&[u8]>, out: usize) -> Result<(), BatchError> {
    if let Some(w) = wildcards
        && w.len() != rows
    {
        return Err(BatchError::Lengths { rows, found: w.len(), slice: "wildcards" });
    }
    if out != rows {
        return Err(BatchError::Lengths { rows, found: out, slice: "out" });
    }
    Ok(())
}

fn at(row: usize) -> impl Fn(Error) -> BatchError {
    move |error| BatchError::Row { row, error }
}

/// Win verdicts of complete hands given as 34 concealed counts in tile order and, optionally, a
/// wildcard count per row (`None`: no wildcards), into `out`.
///
/// ```
/// let rows = [[0u8; 34], [0u8; 34]];
/// let mut rows = rows;
/// for (i, n) in [(0, 3), (9, 3), (18, 3), (27, 3), (28, 2)] {
///     rows[0][i] = n; // 111m 111p 111s 111z 22z
///     rows[1][i] = n;
/// }
/// rows[1][28] = 1; // 13 tiles and one wildcard
/// let mut out = [false; 2];
/// hupai::batch::is_win_counts(&rows, Some(&[0, 1]), &hupai::Rules::STANDARD, &mut out)?;
/// assert_eq!(out, [true, true]);
/// # Ok::<(), hupai::batch::BatchError>(())
/// ```
pub fn is_win_counts(
    rows: &[[u8; 34]],
    wildcards: Option<&[u8]>,
    rules: &Rules,
    out: &mut [bool],
) -> Result<(), BatchError> {
    check_lengths(rows.len(), wildcards, out.len())?;
    let keyed = crate::packed::keys_cover(rules);
    // Under the regional options, the classic rules beneath them refuse most rows by the keys.
    let classic = if keyed { None } else { crate::packed::classic_core(rules) };
    for (row, (counts, slot)) in rows.iter().zip(out.iter_mut()).enumerate() {
        let w = wildcards.map_or(0, |w| w[row]);
        // One lookup per suit, no pack, for the rows the keys answer; the pack's checks name
        // what is wrong with every other row (or answer it by the general path).
        if keyed && let Some(win) = crate::packed::win_once_complete(counts, w, rules) {
            *slot = win;
            continue;
        }
        if let Some(classic) = &classic
            && crate::packed::loses_by_classic_keys(counts, w, rules, classic)
        {
            *slot = false;
            continue;
        }
        let answer = PackedHand::from_counts(counts, w).and_then(|h| h.is_win(rules));
        *slot = answer.map_err(at(row))?;
    }
    Ok(())
}

/// Answers every row (its counts and wildcards) into its slot of `out`, stopping at the first bad
/// row: the loop the counts batches share.
fn each_row<T>(
    rows: &[[u8; 34]],
    wildcards: Option<&[u8]>,
    out: &mut [T],
    answer: impl Fn(&[u8; 34], u8) -> Result<T, Error>,
) -> Result<(), BatchError> {
    check_lengths(rows.len(), wildcards, out.len())?;
    for (row, (counts, slot)) in rows.iter().zip(out.iter_mut()).enumerate() {
        *slot = answer(counts, wildcards.map_or(0, |w| w[row])).map_err(at(row))?;
    }
    Ok(())
}

/// Waits of hands one tile short given as counts (see [`is_win_counts`]), into `out`.
pub fn waits_counts(
    rows: &[[u8; 34]],
    wildcards: Option<&[u8]>,
    rules: &Rules,
    out: &mut [TileSet],
) -> Result<(), BatchError> {
    each_row(rows, wildcards, out, |counts, w| PackedHand::from_counts(counts, w).and_then(|h| h.waits(rules)))
}

/// Win verdicts of prepared hands, into `out`.
pub fn is_win_packed(hands: &[PackedHand], rules: &Rules, out: &mut [bool]) -> Result<(), BatchError> {
    check_lengths(hands.len(), None, out.len())?;
    for (row, (hand, slot)) in hands.iter().zip(out.iter_mut()).enumerate() {
        *slot = hand.is_win(rules).map_err(at(row))?;
    }
    Ok(())
}

/// Waits of prepared hands one tile short, into `out`.
pub fn waits_packed(hands: &[PackedHand], rules: &Rules, out: &mut [TileSet]) -> Result<(), BatchError> {
    check_lengths(hands.len(), None, out.len())?;
    for (row, (hand, slot)) in hands.iter().zip(out.iter_mut()).enumerate() {
        *slot = hand.waits(rules).map_err(at(row))?;
    }
    Ok(())
}

/// A concealed hand from a row of counts and its wildcards (the row's checks name what is wrong).
fn row_hand(counts: &[u8; 34], wildcards: u8) -> Result<Hand, Error> {
    Hand::from_counts(TileCounts(*counts), wildcards)
}

/// Shanten numbers (−1 wins, 0 ready, …) of hands given as counts (see [`is_win_counts`]): any
/// hand of 3k + 1 or 3k + 2 tiles up to a complete one, into `out`.
pub fn shanten_counts(
    rows: &[[u8; 34]],
    wildcards: Option<&[u8]>,
    rules: &Rules,
    out: &mut [i8],
) -> Result<(), BatchError> {
    each_row(rows, wildcards, out, |counts, w| Ok(hupai_shanten::shanten(&row_hand(counts, w)?, rules)?.number))
}

/// Effective tiles (the kinds a draw of which lowers the shanten) of hands one tile short of a
/// complete size (3k + 1 tiles) given as counts, into `out`.
pub fn effective_counts(
    rows: &[[u8; 34]],
    wildcards: Option<&[u8]>,
    rules: &Rules,
    out: &mut [TileSet],
) -> Result<(), BatchError> {
    each_row(rows, wildcards, out, |counts, w| {
        let effective = hupai_shanten::effective_tiles(&row_hand(counts, w)?, rules, &TileCounts::EMPTY)?;
        Ok(effective.tiles.iter().map(|t| t.tile).collect())
    })
}

/// The best discard of a hand of 3k + 2 tiles, as [`advice_counts`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BestDiscard {
    /// The kind to discard, or `None` for a wildcard.
    pub discard: Option<Tile>,
    /// The shanten after it.
    pub shanten: i8,
    /// Unseen copies of the effective tiles after it.
    pub unseen: u16,
}

/// The best discard (the first of [`crate::discard_advice`]'s order: lowest shanten, then most
/// unseen effective tiles) of hands of 3k + 2 tiles given as counts, into `out`.
pub fn advice_counts(
    rows: &[[u8; 34]],
    wildcards: Option<&[u8]>,
    rules: &Rules,
    out: &mut [BestDiscard],
) -> Result<(), BatchError> {
    each_row(rows, wildcards, out, |counts, w| {
        let options = hupai_shanten::discard_advice(&row_hand(counts, w)?, rules, &TileCounts::EMPTY)?;
        Ok(options.first().map_or_else(BestDiscard::default, |o| BestDiscard {
            discard: match o.discard {
                crate::Discard::Tile(t) => Some(t),
                crate::Discard::Wildcard => None,
            },
            shanten: o.shanten(),
            unseen: o.after.unseen().min(u32::from(u16::MAX)) as u16,
        }))
    })
}
