//! `hupai.game.decisions` and `hupai.game.DecisionBatches`: every decision of a corpus of logs as
//! numpy arrays, read by `hupai-dataset` on rayon's pool with the GIL released. The arrays are
//! the columns' own buffers handed to numpy (no copy), in the action table and planes of `Game`
//! and `VecGame`.

use std::path::PathBuf;

use hupai_dataset::{Columns, Damaged, Options, Planes, Source, Stream};
use numpy::IntoPyArray;
use numpy::ndarray::{Array1, Array2, Array3};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::game::{GameError, read_rules};

/// `features`: True or "float32", "uint8", False or None.
fn read_planes(features: &Bound<'_, PyAny>) -> PyResult<Planes> {
    if features.is_none() {
        return Ok(Planes::None);
    }
    if let Ok(b) = features.extract::<bool>() {
        return Ok(if b { Planes::F32 } else { Planes::None });
    }
    match features.extract::<String>().as_deref() {
        Ok("float32") => Ok(Planes::F32),
        Ok("uint8") => Ok(Planes::U8),
        _ => Err(GameError::new_err(format!(
            "features: expected True, False, \"float32\" or \"uint8\", found {}",
            features.repr()?
        ))),
    }
}

/// `seats`: None (every seat) or a list of seats 0-3, as a bit set.
fn read_seats(seats: Option<Vec<i64>>) -> PyResult<u8> {
    let Some(seats) = seats else { return Ok(0b1111) };
    let mut bits = 0u8;
    for s in seats {
        if !(0..4).contains(&s) {
            return Err(GameError::new_err(format!("seats: {s} is not a seat (0 to 3)")));
        }
        bits |= 1 << s;
    }
    if bits == 0 {
        return Err(GameError::new_err("seats: an empty list keeps no decision; give at least one seat or None"));
    }
    Ok(bits)
}

fn options(
    rules: Option<&Bound<'_, PyAny>>,
    seats: Option<Vec<i64>>,
    features: &Bound<'_, PyAny>,
    oracle: bool,
) -> PyResult<Options> {
    let rules = rules.filter(|r| !r.is_none()).map(read_rules).transpose()?;
    let family = rules
        .map(|r| hupai_dataset::action_table::ActionTable::for_rules(&r).map(|t| t.family))
        .transpose()
        .map_err(GameError::new_err)?;
    Ok(Options { rules, seats: read_seats(seats)?, planes: read_planes(features)?, oracle, family })
}

/// A path, `bytes` (a file's contents), or a `(name, bytes)` pair: what to read, named for reports.
enum Item {
    Path(PathBuf),
    Text(Source),
}

fn read_item(i: usize, item: &Bound<'_, PyAny>) -> PyResult<Item> {
    let text_of = |name: String, b: &Bound<'_, PyBytes>| {
        let text = String::from_utf8(b.as_bytes().to_vec())
            .map_err(|e| format!("is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()));
        Item::Text(Source { name, text })
    };
    if let Ok(b) = item.cast::<PyBytes>() {
        return Ok(text_of(format!("item {i}"), b));
    }
    if let Ok(t) = item.cast::<PyTuple>()
        && t.len() == 2
        && let (Ok(name), Ok(b)) = (t.get_item(0)?.extract::<String>(), t.get_item(1)?.cast_into::<PyBytes>())
    {
        return Ok(text_of(name, &b));
    }
    if (item.is_instance_of::<PyString>() || item.hasattr("__fspath__")?)
        && let Ok(p) = item.extract::<PathBuf>()
    {
        return Ok(Item::Path(p));
    }
    Err(GameError::new_err(format!(
        "paths: item {i} is a {}; expected a path (str or os.PathLike), bytes (a file's contents) or a (name, bytes) pair",
        item.get_type().name()?
    )))
}

/// One path or a list of items.
fn read_items(paths: &Bound<'_, PyAny>) -> PyResult<Vec<Item>> {
    // A single item: a path (str or os.PathLike, not a list of them) or one file's contents.
    let listed = paths.is_instance_of::<PyList>() || paths.is_instance_of::<PyTuple>();
    if paths.is_instance_of::<PyString>()
        || paths.is_instance_of::<PyBytes>()
        || !listed && paths.hasattr("__fspath__")?
    {
        return Ok(vec![read_item(0, paths)?]);
    }
    let mut out = Vec::new();
    for (i, item) in paths.try_iter()?.enumerate() {
        out.push(read_item(i, &item?)?);
    }
    Ok(out)
}

/// The columns as a dict of numpy arrays (the buffers moved, not copied).
fn arrays<'py>(py: Python<'py>, c: Columns) -> PyResult<Bound<'py, PyDict>> {
    let (n, p, a, ch) = (c.len(), c.players(), c.actions(), c.channels());
    let shape = |e: numpy::ndarray::ShapeError| GameError::new_err(format!("decisions: {e}"));
    let d = PyDict::new(py);
    if !c.planes_f32.is_empty() || c.planes_u8.is_empty() && n == 0 {
        d.set_item("planes", Array3::from_shape_vec((n, ch, 34), c.planes_f32).map_err(shape)?.into_pyarray(py))?;
    }
    if !c.planes_u8.is_empty() {
        d.set_item("planes", Array3::from_shape_vec((n, ch, 34), c.planes_u8).map_err(shape)?.into_pyarray(py))?;
    }
    d.set_item("mask", Array2::from_shape_vec((n, a), c.mask).map_err(shape)?.into_pyarray(py))?;
    d.set_item("action", Array1::from_vec(c.action).into_pyarray(py))?;
    d.set_item("seat", Array1::from_vec(c.seat).into_pyarray(py))?;
    d.set_item("file", Array1::from_vec(c.file).into_pyarray(py))?;
    d.set_item("game", Array1::from_vec(c.game).into_pyarray(py))?;
    d.set_item("hand", Array1::from_vec(c.hand).into_pyarray(py))?;
    d.set_item("event", Array1::from_vec(c.event).into_pyarray(py))?;
    d.set_item("hand_deltas", Array2::from_shape_vec((n, p), c.hand_deltas).map_err(shape)?.into_pyarray(py))?;
    d.set_item("final_scores", Array2::from_shape_vec((n, p), c.final_scores).map_err(shape)?.into_pyarray(py))?;
    d.set_item("rank", Array1::from_vec(c.rank).into_pyarray(py))?;
    if !c.oracle_hands.is_empty() {
        d.set_item(
            "oracle_hands",
            Array3::from_shape_vec((n, p, 34), c.oracle_hands).map_err(shape)?.into_pyarray(py),
        )?;
    }
    Ok(d)
}

fn damaged_list<'py>(py: Python<'py>, damaged: &[Damaged]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for d in damaged {
        let item = PyDict::new(py);
        item.set_item("file", &d.file)?;
        item.set_item("game", d.game)?;
        item.set_item("kyoku", &d.kyoku)?;
        item.set_item("event", d.event)?;
        item.set_item("message", &d.message)?;
        list.append(item)?;
    }
    Ok(list)
}

/// Runs `f` on a pool of `threads` threads (`None`: rayon's global pool), with the GIL released.
fn on_threads<T: Send>(py: Python<'_>, threads: Option<usize>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    match threads {
        None => Ok(py.detach(f)),
        Some(0) => Err(GameError::new_err("threads: 0 threads read nothing; give at least 1, or None for every core")),
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| GameError::new_err(format!("threads: {e}")))?;
            Ok(py.detach(|| pool.install(f)))
        }
    }
}

/// Every decision of the logs at ``paths`` as numpy arrays.
///
/// ``decisions(paths, rules=None, seats=None, features=True, threads=None, oracle=False)``:
/// ``paths`` is a path or a list of paths (``str`` or ``os.PathLike``), file contents (``bytes``)
/// or ``(name, bytes)`` pairs; each file may hold many games, in any format ``hupai replay``
/// reads (mjai, tenhou.net/6, mjlog, 電脳麻将's paipu). Each game is replayed under ``rules``
/// (default: the rules its log names, else Tenhou's) and every decision of the ``seats`` kept
/// (default every seat; a decision is a seat's choice with more than passing possible).
///
/// Returns a dict: ``planes`` (n, C, 34) (``features=True`` or ``"float32"``: float32 as
/// ``VecGame.obs``; ``"uint8"``: one byte a cell, ``plane_scales`` gives each plane's
/// ``(lo, step)``; ``features=False``: no planes), ``mask`` (n, A) bool, ``action`` (n,) int16 (the
/// id taken), ``seat`` (n,) int8, ``file`` (n,) uint32 (index in ``paths``), ``game`` (n,) uint32 (in
/// its file), ``hand`` (n,) uint16 (in its game), ``event`` (n,) uint32 (the file's last event
/// before the decision), ``hand_deltas`` (n, players) int32 (each seat's score change over the
/// hand), ``final_scores`` (n, players) int32, ``rank`` (n,) int8 (the deciding seat's final place,
/// 0 first); with ``oracle=True`` also ``oracle_hands`` (n, players, 34) uint8, every seat's
/// concealed tiles from the deciding seat round (hidden information, for privileged training
/// only); and ``family`` (str), ``games`` (int, read whole) and ``damaged``: one dict per log
/// skipped (``file``, ``game``, ``kyoku``, ``event``, ``message``). A damaged log never raises.
#[pyfunction]
#[pyo3(signature = (paths, rules = None, seats = None, features = None, threads = None, oracle = false))]
#[pyo3(text_signature = "(paths, rules=None, seats=None, features=True, threads=None, oracle=False)")]
pub(crate) fn decisions<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    seats: Option<Vec<i64>>,
    features: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    oracle: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let planes_default = pyo3::types::PyBool::new(py, true).to_owned().into_any();
    let options = options(rules, seats, features.unwrap_or(&planes_default), oracle)?;
    let items = read_items(paths)?;
    let columns = on_threads(py, threads, || {
        use rayon::prelude::*;
        let sources: Vec<Source> = items
            .into_par_iter()
            .map(|item| match item {
                Item::Text(s) => s,
                Item::Path(p) => {
                    let text = std::fs::read(&p).map_err(|e| format!("cannot be read: {e}")).and_then(|b| {
                        String::from_utf8(b)
                            .map_err(|e| format!("is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
                    });
                    Source { name: p.display().to_string(), text }
                }
            })
            .collect();
        hupai_dataset::read_texts(&sources, &options)
    })?;
    let family = columns.family.map(|f| f.name);
    let games = columns.games;
    let damaged = damaged_list(py, &columns.damaged)?;
    let d = arrays(py, columns)?;
    d.set_item("family", family)?;
    d.set_item("games", games)?;
    d.set_item("damaged", damaged)?;
    Ok(d)
}

/// ``plane_scales(rules)``: (C, 2) float32, each plane's ``(lo, step)`` in the ``uint8`` form of
/// ``decisions``: a cell's value is ``lo + byte * step``.
#[pyfunction]
pub(crate) fn plane_scales<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, numpy::PyArray2<f32>>> {
    let rules = read_rules(rules)?;
    let table = hupai_dataset::action_table::ActionTable::for_rules(&rules).map_err(GameError::new_err)?;
    let scales = hupai_dataset::plane_scales(table.family);
    let flat: Vec<f32> = scales.iter().flat_map(|&(lo, step)| [lo, step]).collect();
    let array = Array2::from_shape_vec((scales.len(), 2), flat)
        .map_err(|e| GameError::new_err(format!("plane_scales: {e}")))?;
    Ok(array.into_pyarray(py))
}

/// Batches of a fixed size over a corpus larger than memory.
///
/// ``DecisionBatches(paths, batch_size, rules=None, seats=None, features=True, seed=0,
/// shuffle=True, files_per_read=16, oracle=False)`` iterates dicts of arrays as ``decisions``
/// gives them (without ``family``, ``games`` and ``damaged``), ``batch_size`` rows each (the last
/// may be smaller). With ``shuffle``, the files are read in an order drawn from ``seed`` and the
/// rows of each read of ``files_per_read`` files are shuffled together with what the last read
/// left over; the same seed gives the same batches. Files are read on every core with the GIL
/// released; at most one read's rows and one batch are held at once. ``damaged`` lists the logs
/// skipped so far, ``games`` counts those read whole.
#[pyclass(module = "hupai.game", name = "DecisionBatches")]
pub(crate) struct DecisionBatches {
    stream: Stream,
}

#[pymethods]
impl DecisionBatches {
    #[new]
    #[pyo3(signature = (paths, batch_size, rules = None, seats = None, features = None, seed = 0, shuffle = true, files_per_read = 16, oracle = false))]
    #[pyo3(
        text_signature = "(paths, batch_size, rules=None, seats=None, features=True, seed=0, shuffle=True, files_per_read=16, oracle=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        paths: &Bound<'_, PyAny>,
        batch_size: i64,
        rules: Option<&Bound<'_, PyAny>>,
        seats: Option<Vec<i64>>,
        features: Option<&Bound<'_, PyAny>>,
        seed: u64,
        shuffle: bool,
        files_per_read: i64,
        oracle: bool,
    ) -> PyResult<DecisionBatches> {
        let planes_default = pyo3::types::PyBool::new(py, true).to_owned().into_any();
        let options = options(rules, seats, features.unwrap_or(&planes_default), oracle)?;
        let batch = usize::try_from(batch_size)
            .ok()
            .filter(|&b| b > 0)
            .ok_or_else(|| GameError::new_err(format!("batch_size: {batch_size}; expected at least 1 row")))?;
        let per_read = usize::try_from(files_per_read)
            .ok()
            .filter(|&f| f > 0)
            .ok_or_else(|| GameError::new_err(format!("files_per_read: {files_per_read}; expected at least 1 file")))?;
        let mut list = Vec::new();
        for (i, item) in read_items(paths)?.into_iter().enumerate() {
            match item {
                Item::Path(p) => list.push(p),
                Item::Text(_) => {
                    return Err(GameError::new_err(format!(
                        "paths: item {i} is a file's contents; DecisionBatches reads files by path"
                    )));
                }
            }
        }
        Ok(DecisionBatches { stream: Stream::new(list, options, batch, per_read, shuffle.then_some(seed)) })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let stream = &mut self.stream;
        match py.detach(|| stream.next_batch()) {
            Some(c) => Ok(Some(arrays(py, c)?)),
            None => Ok(None),
        }
    }

    /// The logs skipped so far: one dict each (``file``, ``game``, ``kyoku``, ``event``, ``message``).
    #[getter]
    fn damaged<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        damaged_list(py, &self.stream.damaged)
    }

    /// Games read whole so far.
    #[getter]
    fn games(&self) -> u64 {
        self.stream.games
    }
}
