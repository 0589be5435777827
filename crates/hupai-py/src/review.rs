//! `hupai.review`: a game log reviewed decision by decision against the hupai player, as the
//! command line's `hupai review` does (`hupai_player::review`), each decision a dict.

use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use hupai_player::review::{ReviewOptions, review as review_log};

use crate::game::{GameError, read_rules};
use crate::to_python::to_python;

/// Reviews every game of a log: ``log`` is the log's text (mjai, tenhou.net/6, mjlog or
/// 電脳麻将's paipu, detected) or a path to it (``str`` naming an existing file, or
/// ``os.PathLike``). Returns one dict per decision of the ``seats`` reviewed (every seat by
/// default), in the order played: ``game``, ``kyoku``, ``event``, ``seat``, ``played`` (the mjai
/// action the log records), ``hupai`` (what ``Game.explain`` gives in that position: ``action``,
/// ``pai``, ``mode``, ``reason``, ``threat``, ``candidates``), ``agree``, ``played_value``,
/// ``loss`` (the expected points the played action gave up, ``None`` when it was not weighed),
/// ``position`` (``hand``, ``visible``, ``turns``, ``rules``: what ``discard_advice`` is asked, on
/// a turn) and ``odds`` (each discard's ``tenpai`` and ``win`` over the draws left, as
/// ``discard_ev`` gives them; empty with ``odds=False``). A game that does not replay is reported
/// by a ``UserWarning`` naming it, and the others are reviewed; text that is no log raises
/// ``GameError``. The GIL is released while reviewing.
#[pyfunction]
#[pyo3(signature = (log, rules=None, seats=None, odds=true))]
pub(crate) fn review<'py>(
    py: Python<'py>,
    log: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    seats: Option<Vec<i64>>,
    odds: bool,
) -> PyResult<Bound<'py, PyList>> {
    let (text, name) = read_log(log)?;
    let rules = rules.map(read_rules).transpose()?;
    let mut options = ReviewOptions::new().odds(odds);
    for s in seats.unwrap_or_default() {
        if !(0..4).contains(&s) {
            return Err(GameError::new_err(format!("seats: {s} is not a seat (0 to 3)")));
        }
        options = options.seat(s as u8);
    }
    let result = py.detach(|| review_log(&text, rules, options));
    let reviewed = result.map_err(|e| GameError::new_err(format!("{name}: {e}")))?;
    for e in &reviewed.errors {
        PyErr::warn(
            py,
            &py.get_type::<PyUserWarning>(),
            &std::ffi::CString::new(format!("{name}: {e}")).unwrap_or_default(),
            1,
        )?;
    }
    let list = PyList::empty(py);
    for d in &reviewed.decisions {
        list.append(to_python(py, d)?)?;
    }
    Ok(list)
}

/// The log's text and a name for errors: a path's contents, else the text itself.
fn read_log(log: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    let py = log.py();
    let path = if let Ok(s) = log.cast::<PyString>() {
        let s = s.to_str()?;
        // A log's text holds a brace or a tag; a path to an existing file is read.
        if !s.contains(['{', '<', '\n']) { Some(s.to_owned()) } else { return Ok((s.to_owned(), "log".into())) }
    } else {
        let os = py.import("os")?;
        let p = os.call_method1("fspath", (log,)).map_err(|_| {
            GameError::new_err(format!(
                "log: expected a log's text or a path, found {}",
                log.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        Some(p.extract::<String>()?)
    };
    let path = path.unwrap_or_default();
    let text = std::fs::read_to_string(&path).map_err(|e| GameError::new_err(format!("{path}: {e}")))?;
    Ok((text, path))
}
