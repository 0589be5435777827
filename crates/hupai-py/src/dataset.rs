//! `hupai.game.decisions` and `hupai.game.DecisionBatches`: every decision of a corpus of logs as
//! numpy arrays, read by `hupai-dataset` on rayon's pool with the GIL released. The arrays are
//! the columns' own buffers handed to numpy (no copy), in the action table and planes of `Game`
//! and `VecGame`; or, with `out=` (arrays `decision_arrays` makes, or the caller's own) and
//! `reuse_buffers=True`, the same arrays written again read after read: a fresh array's pages
//! are zeroed by the kernel as they are first written, which cost more than writing the planes.

use std::path::PathBuf;

use std::sync::Mutex;

use hupai_dataset::action_table::{ActionTable, Family};
use hupai_dataset::{Columns, ColumnsMut, Damaged, Filled, Options, OutError, Planes, Reader, Source, Stream};
use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{
    Element, IntoPyArray, PyArrayDyn, PyArrayMethods, PyReadwriteArrayDyn, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PySlice, PyString, PyTuple};

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
///
/// With ``out``, a dict of arrays as ``decision_arrays(rows, rules, features, oracle)`` makes them
/// (the keys the read writes, each of the dtype above, C-contiguous, writeable, the same ``rows``
/// in each), the rows are written into those arrays from their first row, and the dict returned
/// holds views of the rows filled (``len(result["action"])`` of them) beside ``family``, ``games``
/// and ``damaged``: read after read into the same arrays, no new memory is taken (the kernel's
/// zeroing of fresh pages, most of a ``float32`` read's time otherwise, is paid once). An array
/// of the wrong dtype, shape, layout or too few rows raises ``GameError`` naming it (too few
/// rows: after the read, with the rows needed; the rows that fit are written). The working
/// memory of such reads (one game's rows per thread) is kept for the next one.
#[pyfunction]
#[pyo3(signature = (paths, rules = None, seats = None, features = None, threads = None, oracle = false, out = None))]
#[pyo3(text_signature = "(paths, rules=None, seats=None, features=True, threads=None, oracle=False, out=None)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn decisions<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    seats: Option<Vec<i64>>,
    features: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    oracle: bool,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let planes_default = pyo3::types::PyBool::new(py, true).to_owned().into_any();
    let options = options(rules, seats, features.unwrap_or(&planes_default), oracle)?;
    let items = read_items(paths)?;
    let load = move || {
        use rayon::prelude::*;
        items
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
            .collect::<Vec<Source>>()
    };
    if let Some(out) = out.filter(|o| !o.is_none()) {
        return decisions_into(py, out, options, threads, load);
    }
    let columns = on_threads(py, threads, || hupai_dataset::read_texts(&load(), &options))?;
    let family = columns.family.map(|f| f.name);
    let games = columns.games;
    let damaged = damaged_list(py, &columns.damaged)?;
    let d = arrays(py, columns)?;
    d.set_item("family", family)?;
    d.set_item("games", games)?;
    d.set_item("damaged", damaged)?;
    Ok(d)
}

/// A reader kept between the calls of `decisions` with `out=`: its working memory (the rows of
/// a wave of games, one a thread) is written again by the next call rather than taken anew.
static KEPT_READER: Mutex<Option<Reader>> = Mutex::new(None);

/// `decisions(..., out=out)`: the read written into the caller's arrays.
fn decisions_into<'py>(
    py: Python<'py>,
    out: &Bound<'py, PyAny>,
    options: Options,
    threads: Option<usize>,
    load: impl FnOnce() -> Vec<Source> + Send,
) -> PyResult<Bound<'py, PyDict>> {
    let out = out.cast::<PyDict>().map_err(|_| {
        GameError::new_err(format!(
            "decisions: out is a {}; expected a dict of numpy arrays (hupai.game.decision_arrays makes one)",
            out.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
        ))
    })?;
    let mut arrays = OutArrays::borrow(out, &options, options.family, "out")?;
    let mut reader = KEPT_READER.lock().ok().and_then(|mut r| r.take()).unwrap_or_default();
    reader.set_options(options);
    let mut columns = arrays.columns()?;
    let result = on_threads(py, threads, || {
        let sources = load();
        reader.read_texts_into_slices_checked(&sources, &mut columns)
    });
    // The reader goes back whatever happened (a pool that could not be made read nothing).
    let family = reader.family();
    if let Ok(mut kept) = KEPT_READER.lock() {
        *kept = Some(reader);
    }
    let result = result?;
    let filled = result.map_err(|e| {
        // The family is known now (the arrays' widths could not be checked before the read
        // without rules): the shape wanted beside what is wrong.
        let want = family.and_then(|f| out_keys(&options, Some(f)).into_iter().find(|k| k.0 == e.column));
        match want {
            Some((key, _, tail)) if !tail.is_empty() => {
                let dims: Vec<String> = tail.iter().map(|d| d.map_or_else(|| "?".into(), |d| d.to_string())).collect();
                GameError::new_err(format!(
                    "out['{key}']: {}; expected shape (rows, {}) for the {} family",
                    e.message,
                    dims.join(", "),
                    family.map_or("", |f| f.name)
                ))
            }
            _ => out_error("out", &e),
        }
    })?;
    let d = arrays.views(py, filled.rows)?;
    drop(arrays);
    d.set_item("family", filled.family.map(|f| f.name))?;
    d.set_item("games", filled.games)?;
    d.set_item("damaged", damaged_list(py, &filled.damaged)?)?;
    Ok(d)
}

/// A column that does not fit, as the Python error naming its array.
fn out_error(name: &str, e: &OutError) -> PyErr {
    GameError::new_err(format!("{name}['{}']: {}", e.column, e.message))
}

/// The arrays of `out=` (or of a stream's reused batch), borrowed for writing: one per key the
/// read writes, each checked (dtype, dimensions, the family's widths when known, C order,
/// writeable, the same rows as `action`).
struct OutArrays<'py> {
    /// The keys in the order `arrays` gives them, with their arrays (for the views returned).
    keys: Vec<(&'static str, Bound<'py, PyUntypedArray>)>,
    planes_f32: Option<PyReadwriteArrayDyn<'py, f32>>,
    planes_u8: Option<PyReadwriteArrayDyn<'py, u8>>,
    mask: PyReadwriteArrayDyn<'py, bool>,
    action: PyReadwriteArrayDyn<'py, i16>,
    seat: PyReadwriteArrayDyn<'py, i8>,
    file: PyReadwriteArrayDyn<'py, u32>,
    game: PyReadwriteArrayDyn<'py, u32>,
    hand: PyReadwriteArrayDyn<'py, u16>,
    event: PyReadwriteArrayDyn<'py, u32>,
    hand_deltas: PyReadwriteArrayDyn<'py, i32>,
    final_scores: PyReadwriteArrayDyn<'py, i32>,
    rank: PyReadwriteArrayDyn<'py, i8>,
    oracle_hands: Option<PyReadwriteArrayDyn<'py, u8>>,
}

/// The keys a read with `options` writes, each with its dtype's name and its shape after the
/// rows (`None`: the family's width, unknown until a game is read when no rules are given).
fn out_keys(
    options: &Options,
    family: Option<&'static Family>,
) -> Vec<(&'static str, &'static str, Vec<Option<usize>>)> {
    let players = family.map(|f| f.players);
    let actions = family.map(|f| ActionTable::of(f).len());
    let channels = family.map(hupai_dataset::features::channels);
    let mut keys = Vec::new();
    match options.planes {
        Planes::None => {}
        Planes::F32 => keys.push(("planes", "float32", vec![channels, Some(34)])),
        Planes::U8 => keys.push(("planes", "uint8", vec![channels, Some(34)])),
    }
    keys.extend([
        ("mask", "bool", vec![actions]),
        ("action", "int16", vec![]),
        ("seat", "int8", vec![]),
        ("file", "uint32", vec![]),
        ("game", "uint32", vec![]),
        ("hand", "uint16", vec![]),
        ("event", "uint32", vec![]),
        ("hand_deltas", "int32", vec![players]),
        ("final_scores", "int32", vec![players]),
        ("rank", "int8", vec![]),
    ]);
    if options.oracle {
        keys.push(("oracle_hands", "uint8", vec![players, Some(34)]));
    }
    keys
}

/// A shape as numpy prints it.
fn shape_text(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => format!("({})", shape.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
    }
}

impl<'py> OutArrays<'py> {
    fn borrow(
        out: &Bound<'py, PyDict>,
        options: &Options,
        family: Option<&'static Family>,
        name: &str,
    ) -> PyResult<OutArrays<'py>> {
        let keys = out_keys(options, family);
        let err = |m: String| GameError::new_err(format!("{name}{m}"));
        for key in out.keys() {
            let key_text = key.str()?.to_string();
            if !keys.iter().any(|(k, _, _)| *k == key_text) {
                let why = match key_text.as_str() {
                    "planes" => " (features=False writes no planes)".to_string(),
                    "oracle_hands" => " (oracle=False writes no hidden hands)".to_string(),
                    _ => String::new(),
                };
                let wanted: Vec<&str> = keys.iter().map(|k| k.0).collect();
                return Err(err(format!(
                    ": the read writes no {}{why}; its keys are {}",
                    key.repr()?,
                    wanted.join(", ")
                )));
            }
        }
        let mut rows: Option<usize> = None;
        let mut listed = Vec::new();
        for (key, dtype, tail) in &keys {
            let item = out.get_item(key)?.ok_or_else(|| {
                err(format!(
                    ": no '{key}' array; the read writes {dtype} {key} (hupai.game.decision_arrays makes them all)"
                ))
            })?;
            let array = item.cast::<PyUntypedArray>().map_err(|_| {
                err(format!(
                    "['{key}'] is a {}; expected a numpy array of {dtype}",
                    item.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
                ))
            })?;
            let found = array.dtype().str()?.to_string();
            let found = if found == "bool" { found } else { array.dtype().getattr("name")?.str()?.to_string() };
            if found != *dtype {
                return Err(err(format!("['{key}']: dtype {found}; expected {dtype}")));
            }
            let shape = array.shape();
            let want = |n: Option<usize>| n.map_or_else(|| "?".to_string(), |n| n.to_string());
            let expected = || {
                let mut dims = vec!["rows".to_string()];
                dims.extend(tail.iter().map(|&d| want(d)));
                if dims.len() == 1 { "(rows,)".to_string() } else { format!("({})", dims.join(", ")) }
            };
            if shape.len() != tail.len() + 1 || shape[1..].iter().zip(tail).any(|(&s, &t)| t.is_some_and(|t| t != s)) {
                return Err(err(format!("['{key}']: shape {}; expected {}", shape_text(shape), expected())));
            }
            if !array.is_c_contiguous() {
                return Err(err(format!(
                    "['{key}'] is not C-contiguous (a slice with a step, or a transpose?); give arrays from \
                     decision_arrays or numpy.ascontiguousarray"
                )));
            }
            match rows {
                None => rows = Some(shape[0]),
                Some(r) if r != shape[0] => {
                    return Err(err(format!(
                        "['{key}'] has {} rows, '{}' {r}: every array needs the same rows",
                        shape[0], listed[0]
                    )));
                }
                Some(_) => {}
            }
            listed.push(*key);
        }
        fn take<'py, T: Element>(
            out: &Bound<'py, PyDict>,
            key: &str,
            err: &dyn Fn(String) -> PyErr,
        ) -> PyResult<PyReadwriteArrayDyn<'py, T>> {
            let item = out.get_item(key)?.ok_or_else(|| err(format!(": no '{key}' array")))?;
            let array = item.cast::<PyArrayDyn<T>>().map_err(|_| err(format!("['{key}']: the wrong dtype")))?;
            array.try_readwrite().map_err(|e| {
                err(format!("['{key}'] cannot be written ({e}): read-only, or the same array as another key's?"))
            })
        }
        let planes = |form: Planes| options.planes == form;
        let untyped = keys
            .iter()
            .map(|(k, _, _)| Ok((*k, out.get_item(k)?.ok_or_else(|| err(format!(": no '{k}' array")))?.cast_into()?)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(OutArrays {
            keys: untyped,
            planes_f32: planes(Planes::F32).then(|| take(out, "planes", &err)).transpose()?,
            planes_u8: planes(Planes::U8).then(|| take(out, "planes", &err)).transpose()?,
            mask: take(out, "mask", &err)?,
            action: take(out, "action", &err)?,
            seat: take(out, "seat", &err)?,
            file: take(out, "file", &err)?,
            game: take(out, "game", &err)?,
            hand: take(out, "hand", &err)?,
            event: take(out, "event", &err)?,
            hand_deltas: take(out, "hand_deltas", &err)?,
            final_scores: take(out, "final_scores", &err)?,
            rank: take(out, "rank", &err)?,
            oracle_hands: options.oracle.then(|| take(out, "oracle_hands", &err)).transpose()?,
        })
    }

    /// The arrays as flat slices to write into.
    fn columns(&mut self) -> PyResult<ColumnsMut<'_>> {
        let layout = |e: numpy::AsSliceError| GameError::new_err(format!("out: {e}"));
        Ok(ColumnsMut {
            planes_f32: match &mut self.planes_f32 {
                Some(a) => a.as_slice_mut().map_err(layout)?,
                None => &mut [],
            },
            planes_u8: match &mut self.planes_u8 {
                Some(a) => a.as_slice_mut().map_err(layout)?,
                None => &mut [],
            },
            mask: self.mask.as_slice_mut().map_err(layout)?,
            action: self.action.as_slice_mut().map_err(layout)?,
            seat: self.seat.as_slice_mut().map_err(layout)?,
            file: self.file.as_slice_mut().map_err(layout)?,
            game: self.game.as_slice_mut().map_err(layout)?,
            hand: self.hand.as_slice_mut().map_err(layout)?,
            event: self.event.as_slice_mut().map_err(layout)?,
            hand_deltas: self.hand_deltas.as_slice_mut().map_err(layout)?,
            final_scores: self.final_scores.as_slice_mut().map_err(layout)?,
            rank: self.rank.as_slice_mut().map_err(layout)?,
            oracle_hands: match &mut self.oracle_hands {
                Some(a) => a.as_slice_mut().map_err(layout)?,
                None => &mut [],
            },
        })
    }

    /// A dict of the arrays' first `rows` rows (the arrays themselves when they hold just that).
    fn views(&self, py: Python<'py>, rows: usize) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let cut = PySlice::new(py, 0, rows as isize, 1);
        for (key, array) in &self.keys {
            if array.shape().first() == Some(&rows) {
                d.set_item(key, array)?;
            } else {
                d.set_item(key, array.get_item(&cut)?)?;
            }
        }
        Ok(d)
    }
}

/// New arrays of `rows` rows for a read with `options` of `family`: zeros, in `decisions`'s
/// dtypes and shapes.
fn new_arrays<'py>(
    py: Python<'py>,
    family: &'static Family,
    rows: usize,
    options: &Options,
) -> PyResult<Bound<'py, PyDict>> {
    fn zeros<'py, T: Element>(py: Python<'py>, shape: &[usize]) -> Bound<'py, PyAny> {
        PyArrayDyn::<T>::zeros(py, numpy::ndarray::IxDyn(shape), false).into_any()
    }
    let d = PyDict::new(py);
    for (key, dtype, tail) in out_keys(options, Some(family)) {
        let mut shape = vec![rows];
        shape.extend(tail.iter().map(|t| t.unwrap_or(0)));
        let array = match dtype {
            "float32" => zeros::<f32>(py, &shape),
            "uint8" => zeros::<u8>(py, &shape),
            "bool" => zeros::<bool>(py, &shape),
            "int16" => zeros::<i16>(py, &shape),
            "int8" => zeros::<i8>(py, &shape),
            "uint32" => zeros::<u32>(py, &shape),
            "uint16" => zeros::<u16>(py, &shape),
            _ => zeros::<i32>(py, &shape),
        };
        d.set_item(key, array)?;
    }
    Ok(d)
}

/// Arrays for ``decisions(..., out=...)``.
///
/// ``decision_arrays(rows, rules=None, features=True, oracle=False)``: a dict of zeroed numpy
/// arrays with room for ``rows`` decisions of the family of ``rules`` (default Tenhou's), of the
/// keys, dtypes and shapes ``decisions`` gives with the same ``features`` and ``oracle``. Read
/// into them again and again with ``decisions(paths, ..., out=arrays)``.
#[pyfunction]
#[pyo3(signature = (rows, rules = None, features = None, oracle = false))]
#[pyo3(text_signature = "(rows, rules=None, features=True, oracle=False)")]
pub(crate) fn decision_arrays<'py>(
    py: Python<'py>,
    rows: i64,
    rules: Option<&Bound<'py, PyAny>>,
    features: Option<&Bound<'py, PyAny>>,
    oracle: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rows = usize::try_from(rows).map_err(|_| GameError::new_err(format!("rows: {rows}; expected 0 or more")))?;
    let planes_default = pyo3::types::PyBool::new(py, true).to_owned().into_any();
    let mut options = options(rules, None, features.unwrap_or(&planes_default), oracle)?;
    let family = match options.family {
        Some(f) => f,
        None => ActionTable::for_rules(&hupai_game::GameRules::TENHOU).map_err(GameError::new_err)?.family,
    };
    options.family = Some(family);
    new_arrays(py, family, rows, &options)
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
///
/// With ``reuse_buffers=True`` every batch is written into the same arrays (made at the first
/// batch, ``decision_arrays(batch_size, ...)``; the last batch is a view of their first rows):
/// no new memory per batch, but **a batch yielded is overwritten by the next**: copy what must
/// outlive the step (``numpy.copy``, or a framework's tensor made from it).
#[pyclass(module = "hupai.game", name = "DecisionBatches")]
pub(crate) struct DecisionBatches {
    stream: Stream,
    /// With `reuse_buffers`: the arrays every batch is written into, once made.
    reuse: Option<Option<Py<PyDict>>>,
}

#[pymethods]
impl DecisionBatches {
    #[new]
    #[pyo3(signature = (paths, batch_size, rules = None, seats = None, features = None, seed = 0, shuffle = true, files_per_read = 16, oracle = false, reuse_buffers = false))]
    #[pyo3(
        text_signature = "(paths, batch_size, rules=None, seats=None, features=True, seed=0, shuffle=True, files_per_read=16, oracle=False, reuse_buffers=False)"
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
        reuse_buffers: bool,
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
        Ok(DecisionBatches {
            stream: Stream::new(list, options, batch, per_read, shuffle.then_some(seed)),
            reuse: reuse_buffers.then_some(None),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let stream = &mut self.stream;
        let Some(kept) = &mut self.reuse else {
            return match py.detach(|| stream.next_batch()) {
                Some(c) => Ok(Some(arrays(py, c)?)),
                None => Ok(None),
            };
        };
        // The arrays are made once the first read has named the family (their widths).
        if kept.is_none() {
            if py.detach(|| stream.prepare()) == 0 {
                return Ok(None);
            }
            let Some(family) = stream.family() else { return Ok(None) };
            let (batch, options) = (stream.batch_size(), *stream.options());
            *kept = Some(new_arrays(py, family, batch, &options)?.unbind());
        }
        let Some(dict) = kept.as_ref().map(|d| d.bind(py).clone()) else { return Ok(None) };
        let options = *stream.options();
        let mut arrays = OutArrays::borrow(&dict, &options, stream.family(), "DecisionBatches' arrays")?;
        let mut columns = arrays.columns()?;
        let filled: Result<Option<Filled>, OutError> = py.detach(|| stream.fill(&mut columns));
        match filled.map_err(|e| out_error("DecisionBatches' arrays", &e))? {
            Some(f) => Ok(Some(arrays.views(py, f.rows)?)),
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
