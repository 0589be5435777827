//! numpy batches of the shanten questions: `shanten_counts`, `effective_counts` and
//! `advice_counts`, read like `is_win_counts` (an `(n, 34)` `uint8` array, optional wildcards per
//! row) and answered on every core with the GIL released.

use hupai::batch::BestDiscard;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;

use super::{Options, Rows, RulesArg, kinds_array};

/// Shanten numbers of many hands given as counts (see ``is_win_counts``): an ``(n,)`` ``int8``
/// array, −1 where the hand wins, 0 where it is ready, and so on. Each row is any hand of
/// 3k + 1 or 3k + 2 tiles (with its wildcards) up to a complete one. Same arguments and errors as
/// ``is_win_counts``; agrees with ``shanten`` row by row.
///
/// >>> counts = numpy.zeros((1, 34), numpy.uint8)
/// >>> counts[0, :9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]   # nine gates, ready
/// >>> hupai.shanten_counts(counts).tolist()
/// [0]
#[pyfunction]
#[pyo3(
    signature = (counts, wildcards = None, rules = RulesArg::STANDARD, *, wildcard_fifth_copy = false),
    text_signature = "(counts, wildcards=None, rules=\"standard\", *, wildcard_fifth_copy=False)"
)]
pub(crate) fn shanten_counts<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wildcards: Option<&Bound<'py, PyAny>>,
    rules: RulesArg<'_>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let options = Options::new(&rules, None, wildcard_fifth_copy)?;
    let rows = Rows::read(counts, wildcards)?;
    let slices = rows.slices()?;
    let out = py.detach(|| {
        slices.run(1, |rows, wildcards, out| hupai::batch::shanten_counts(rows, wildcards, &options.rules, out))
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Effective tiles of many hands of 3k + 1 tiles given as counts: an ``(n, 34)`` ``bool`` array,
/// ``True`` where a draw of that kind lowers the row's shanten. Same arguments and errors as
/// ``is_win_counts``; agrees with ``effective_tiles`` row by row.
#[pyfunction]
#[pyo3(
    signature = (counts, wildcards = None, rules = RulesArg::STANDARD, *, wildcard_fifth_copy = false),
    text_signature = "(counts, wildcards=None, rules=\"standard\", *, wildcard_fifth_copy=False)"
)]
pub(crate) fn effective_counts<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wildcards: Option<&Bound<'py, PyAny>>,
    rules: RulesArg<'_>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let options = Options::new(&rules, None, wildcard_fifth_copy)?;
    kinds_array(py, counts, wildcards, |rows, wildcards, sets| {
        hupai::batch::effective_counts(rows, wildcards, &options.rules, sets)
    })
}

/// The best discard of many hands of 3k + 2 tiles given as counts: three ``(n,)`` arrays,
/// ``(discard, shanten, unseen)``: the kind to discard as a tile index (``int8``; −1 for a
/// wildcard), the shanten after it (``int8``) and the unseen copies of its effective tiles
/// (``uint16``). The best is the first option ``discard_advice`` lists. Same arguments and errors
/// as ``is_win_counts``.
#[pyfunction]
#[pyo3(
    signature = (counts, wildcards = None, rules = RulesArg::STANDARD, *, wildcard_fifth_copy = false),
    text_signature = "(counts, wildcards=None, rules=\"standard\", *, wildcard_fifth_copy=False)"
)]
#[allow(clippy::type_complexity)]
pub(crate) fn advice_counts<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wildcards: Option<&Bound<'py, PyAny>>,
    rules: RulesArg<'_>,
    wildcard_fifth_copy: bool,
) -> PyResult<(Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<u16>>)> {
    let options = Options::new(&rules, None, wildcard_fifth_copy)?;
    let rows = Rows::read(counts, wildcards)?;
    let slices = rows.slices()?;
    let out: Vec<BestDiscard> = py.detach(|| {
        slices.run(1, |rows, wildcards, out| hupai::batch::advice_counts(rows, wildcards, &options.rules, out))
    })?;
    let discard = out.iter().map(|b| b.discard.map_or(-1, |t| t.index() as i8)).collect();
    let shanten = out.iter().map(|b| b.shanten).collect();
    let unseen = out.iter().map(|b| b.unseen).collect();
    Ok((PyArray1::from_vec(py, discard), PyArray1::from_vec(py, shanten), PyArray1::from_vec(py, unseen)))
}
