//! `hupai._hupai`: the Python extension module behind the `hupai` package (python/hupai/), built
//! by maturin. Every answer comes from the `hupai` facade crate; nothing is re-implemented here.
//!
//! String functions read one hand the way `hupai batch` reads one line (a trailing `\r` dropped, a
//! blank string is "empty hand", `wildcard_tile` applied only when the hand holds that tile), so
//! `check` and `batch` give exactly the batch's JSON objects. The numpy functions run row chunks of
//! `hupai::batch` on rayon's pool with the GIL released, read C-contiguous arrays in place (held
//! read-only against Rust borrows; copying a large batch cost more than answering it), and build
//! no Python object per row.

use hupai::{Answer, Decomposition, Discard, Effective, Error, Hand, Rules, Tile, TileCounts, TileSet};
use numpy::ndarray::Array2;
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyReadonlyArrayDyn,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyModule, PyString};
use rayon::prelude::*;
use std::borrow::Cow;

/// Every Rust allocation of the module goes to mimalloc: its heaps are per thread, and a block
/// freed by another thread goes back to its owner's heap without a lock. With glibc's allocator a
/// `score_batch` spent a fifth of its workers' time in `malloc` and `free` (each score's lists are
/// made on the thread that scores it and freed on the thread that drops the Python object, and
/// each situation the other way round), and two threads scored slower each than one.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use hupai_dataset::action_table;
mod dataset;
mod ev;
use hupai_dataset::features;
mod game;
mod review;
mod score;
mod shanten_batches;
mod to_python;
mod vec_game;

create_exception!(
    hupai,
    HandError,
    PyValueError,
    "A hand hupai cannot answer: bad notation, an impossible hand, or a size that fits no question \
     under the rules. The message is the one the `hupai` command line gives: what is wrong and where."
);

/// Tile names in tile order (`1m`…`9m`, `1p`…, `1s`…, `1z`…`7z`).
const TILE_NAMES: [&str; Tile::COUNT] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
];

/// Rows of a numpy batch answered per rayon task: big enough that scheduling costs nothing, small
/// enough that both cores stay busy on a few thousand rows.
const ROWS_PER_TASK: usize = 4096;

/// The presets' names as interned Python strings, in `Rules::PRESETS` order. Python interns
/// string literals that look like identifiers (`"riichi"`), so a call passing a literal is
/// recognised by identity, with no text read or parsed.
static PRESET_NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// A `rules` argument: a `str` naming rules (see [`Options::new`]), already resolved when it is
/// one of the presets' interned names.
enum RulesArg<'a> {
    Preset(Rules),
    Name(Cow<'a, str>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for RulesArg<'a> {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let names = PRESET_NAMES.get_or_init(ob.py(), || {
            Rules::PRESETS.iter().map(|(name, _)| PyString::intern(ob.py(), name).unbind()).collect()
        });
        // Identity only: an equal string that is another object takes the general path below,
        // which gives the same rules (and, for anything not a `str`, the usual `TypeError`).
        if let Some(i) = names.iter().position(|name| name.as_ptr() == ob.as_ptr()) {
            return Ok(RulesArg::Preset(Rules::PRESETS[i].1));
        }
        Cow::<'a, str>::extract(ob).map(RulesArg::Name)
    }
}

impl RulesArg<'_> {
    /// The default of every `rules` argument.
    const STANDARD: RulesArg<'static> = RulesArg::Preset(Rules::STANDARD);

    fn rules(&self) -> PyResult<Rules> {
        match self {
            RulesArg::Preset(rules) => Ok(*rules),
            RulesArg::Name(name) => name.parse().map_err(|e: hupai::UnknownRules| PyValueError::new_err(e.to_string())),
        }
    }
}

/// A `hand` argument: its text, or `None` for a `str` holding lone surrogates (not valid
/// Unicode), which becomes a `HandError` (or, in `check`, an error dict) instead of the
/// `UnicodeEncodeError` a plain `str` argument would raise.
struct HandText<'a>(Option<Cow<'a, str>>);

impl<'a, 'py> FromPyObject<'a, 'py> for HandText<'a> {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match Cow::<'a, str>::extract(ob) {
            Ok(text) => Ok(HandText(Some(text))),
            Err(_) if ob.is_instance_of::<PyString>() => Ok(HandText(None)),
            Err(e) => Err(e),
        }
    }
}

/// What a hand or line holding lone surrogates gets.
const NOT_UNICODE: &str = "not valid Unicode: a lone surrogate, shown as U+FFFD";

impl<'a> HandText<'a> {
    /// The text, or the `HandError` of a string that is not valid Unicode.
    fn text(&self) -> PyResult<&str> {
        self.0.as_deref().ok_or_else(|| HandError::new_err(NOT_UNICODE))
    }
}

/// The rules and the wildcard tile a call asked for.
#[derive(Clone, Copy)]
struct Options {
    rules: Rules,
    wildcard_tile: Option<Tile>,
}

impl Options {
    /// `rules` is rules text in the grammar `Rules` reads (a preset, then options such as
    /// `+void-p`, `+tiles-108`, `+wild-7z`, `+5th`). As on the command line, `wildcard_tile` replaces
    /// the rules' own wildcard tile (`7z` under `hongzhong`); it must name a kind (`5m`, not `0m`).
    fn new(rules: &RulesArg<'_>, wildcard_tile: Option<&str>, wildcard_fifth_copy: bool) -> PyResult<Options> {
        let rules = rules.rules()?;
        let wildcard_tile = match wildcard_tile {
            None => rules.wildcard_tile,
            Some(text) => Some(hupai::wildcard_kind(text).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "wildcard_tile {text:?}: expected one kind such as 7z or 5m (a red five is a five: write 5m)"
                ))
            })?),
        };
        let fifth = wildcard_fifth_copy || rules.wildcard_fifth_copy;
        let rules = rules.with_wildcard_fifth_copy(fifth).with_wildcard_tile(wildcard_tile);
        Ok(Options { rules, wildcard_tile })
    }

    /// The verdict of a line of plain notation (digits, suit letters, `*`) read in one pass, when
    /// the keyed lookups answer it without a `Hand`: `None` for every other line, which
    /// [`Options::hand`] and `hupai::is_win` then answer, naming what is wrong with a bad one.
    #[inline]
    fn plain_win(&self, line: &str) -> Option<bool> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let (counts, wildcards) = hupai::notation::plain_counts(line)?;
        // Copies of the wildcard tile become wildcards: `Hand::with_wildcard_tile` does that.
        if let Some(t) = self.wildcard_tile
            && counts[t] > 0
        {
            return None;
        }
        hupai::is_win_concealed(&counts, wildcards, &self.rules)
    }

    /// Reads one hand as `hupai batch` reads a line; `None` for a blank line ("empty hand").
    fn hand(&self, line: &str) -> Result<Hand, Option<Error>> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            return Err(None);
        }
        // The rules carry the wildcard tile: reading the hand applies it.
        hupai::parse_hand(line, &self.rules).map_err(Some)
    }

    /// [`Options::hand`] with the error as a `HandError`.
    fn hand_or_raise(&self, line: &str) -> PyResult<Hand> {
        self.hand(line).map_err(|e| hand_error(e.as_ref()))
    }
}

fn message(error: Option<&Error>) -> String {
    match error {
        Some(e) => e.to_string(),
        None => "empty hand".to_owned(),
    }
}

fn hand_error(error: Option<&Error>) -> PyErr {
    HandError::new_err(message(error))
}

fn raise(error: Error) -> PyErr {
    hand_error(Some(&error))
}

fn tile_list(set: TileSet) -> Vec<&'static str> {
    set.iter().map(|t| TILE_NAMES[t.index()]).collect()
}

/// A string holding lone surrogates, each shown as one U+FFFD (a UTF-8 lossy conversion would
/// give three per surrogate, one per byte of its encoding).
fn one_replacement_per_surrogate(text: &Bound<'_, PyString>) -> PyResult<String> {
    let bytes: Vec<u8> = text.call_method1("encode", ("utf-16-le", "surrogatepass"))?.extract()?;
    let units = bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    Ok(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect())
}

/// Does this complete hand win?
///
/// ``hand`` is hand notation: ``123m456p789s11122z``, ``*`` for a wildcard, ``[789s]`` for a
/// declared meld. ``rules`` is a preset name (``hupai.RULES``: ``"standard"``, ``"riichi"``,
/// ``"chinese"``, ``"taiwan"`` (17 tiles), ``"sichuan"``, ``"hongzhong"``, ``"changsha"``, ``"gb"``),
/// optionally followed by ``+void-m``, ``+void-p`` or ``+void-s`` for the suit declared void
/// (``"sichuan+void-p"``). ``wildcard_tile`` makes every concealed copy of that tile a wildcard
/// (``"7z"``: red dragon, as in 红中癞子; the default under ``"hongzhong"``);
/// ``wildcard_fifth_copy`` lets a wildcard stand for a fifth copy of a kind.
///
/// Raises ``HandError`` (a ``ValueError``) for bad notation, an impossible hand, or a hand that is
/// not complete under the rules; ``ValueError`` for unknown rules or a bad ``wildcard_tile``.
///
/// >>> hupai.is_win("123m456p789s11122z")
/// True
/// >>> hupai.is_win("123m456p789s1122z*")
/// True
/// >>> hupai.is_win("11223344556677z", "chinese")
/// True
/// >>> hupai.is_win("123m456p789s11127z", wildcard_tile="7z")
/// True
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn is_win(
    hand: HandText<'_>,
    rules: RulesArg<'_>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<bool> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let hand = hand.text()?;
    if let Some(win) = options.plain_win(hand) {
        return Ok(win);
    }
    let hand = options.hand_or_raise(hand)?;
    hupai::is_win(&hand, &options.rules).map_err(raise)
}

/// The tiles that complete a hand one tile short, in tile order (never a kind the hand holds four
/// of). Same arguments and errors as ``is_win``; the hand must be one tile short.
///
/// >>> hupai.waits("1112345678999m")
/// ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
/// >>> hupai.waits("123m456p789s1122z")
/// ['1z', '2z']
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn waits(
    hand: HandText<'_>,
    rules: RulesArg<'_>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<Vec<&'static str>> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let hand = options.hand_or_raise(hand.text()?)?;
    hupai::waits(&hand, &options.rules).map(tile_list).map_err(raise)
}

fn groups(d: &Decomposition) -> Vec<String> {
    d.to_string().split(' ').map(str::to_owned).collect()
}

/// Most decompositions ``decompositions`` returns without a ``limit``: a list that long is
/// already tens of megabytes of Python objects.
const UNLIMITED_AT_MOST: u64 = 100_000;

/// Every way a complete hand wins: each decomposition once, in ascending order, as its groups in
/// hand notation, pair first; wildcards appear as the tiles they became, declared melds are not
/// repeated; seven pairs is seven pairs, thirteen orphans one group of fourteen tiles. Empty if the
/// hand does not win. Same arguments and errors as ``is_win``.
///
/// A hand with many wildcards has millions of decompositions (fourteen wildcards: 11.6 million
/// under ``"standard"``). They are counted before any is built: with ``limit=N`` the first ``N``
/// found are returned (sorted); without a limit a hand with more than 100,000 raises
/// ``ValueError`` naming how many it has. ``count_decompositions`` gives the number alone.
///
/// >>> hupai.decompositions("123m456p789s11555z")
/// [['11z', '123m', '456p', '789s', '555z']]
/// >>> hupai.decompositions("111222333m11z456p")
/// [['11z', '111m', '222m', '333m', '456p'], ['11z', '123m', '123m', '123m', '456p']]
/// >>> len(hupai.decompositions("*" * 14, limit=10))
/// 10
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, limit = None, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, limit=None, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn decompositions(
    py: Python<'_>,
    hand: HandText<'_>,
    rules: RulesArg<'_>,
    limit: Option<usize>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<Vec<Vec<String>>> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let hand = options.hand_or_raise(hand.text()?)?;
    let most = limit.unwrap_or(UNLIMITED_AT_MOST as usize);
    let listed = py.detach(|| hupai::decompositions_up_to(&hand, &options.rules, most)).map_err(raise)?;
    if limit.is_none() && listed.is_cut() {
        return Err(PyValueError::new_err(format!(
            "the hand has {} decompositions; pass limit=N for the first N, or count them with count_decompositions",
            listed.total
        )));
    }
    Ok(listed.decompositions.iter().map(groups).collect())
}

/// How many decompositions a complete hand has, counted without building them (milliseconds even
/// for millions). Same arguments and errors as ``is_win``.
///
/// >>> hupai.count_decompositions("111222333m11z456p")
/// 2
/// >>> hupai.count_decompositions("*" * 14)
/// 11580567
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn count_decompositions(
    py: Python<'_>,
    hand: HandText<'_>,
    rules: RulesArg<'_>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<u64> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let hand = options.hand_or_raise(hand.text()?)?;
    py.detach(|| hupai::count_decompositions(&hand, &options.rules)).map_err(raise)
}

/// One answered line of `check` / `batch`.
enum Line {
    Win(bool),
    Waits(TileSet),
    Error(String),
}

fn answer_line(line: &str, options: &Options) -> Line {
    let answer = options.hand(line).and_then(|hand| hupai::answer(&hand, &options.rules).map_err(Some));
    match answer {
        Ok(Answer::Win(win)) => Line::Win(win),
        Ok(Answer::Waits(waits)) => Line::Waits(waits),
        Err(e) => Line::Error(message(e.as_ref())),
    }
}

fn line_dict<'py>(py: Python<'py>, hand: &str, line: Line) -> PyResult<Bound<'py, PyDict>> {
    RowBuilder::new(py).row(hand, None, line)
}

/// The dicts' keys and the 34 tile names as Python strings, made once.
struct RowNames {
    keys: [Py<PyString>; 4],
    tiles: Vec<Py<PyString>>,
}

static ROW_NAMES: PyOnceLock<RowNames> = PyOnceLock::new();

/// Builds the dicts of `check` and `batch` from strings made once (the keys, the tile names); a
/// row's `"hand"` is the caller's own string object when it can be.
struct RowBuilder<'py> {
    py: Python<'py>,
    names: &'py RowNames,
}

impl<'py> RowBuilder<'py> {
    fn new(py: Python<'py>) -> RowBuilder<'py> {
        let names = ROW_NAMES.get_or_init(py, || RowNames {
            keys: ["hand", "win", "waits", "error"].map(|k| PyString::intern(py, k).unbind()),
            tiles: TILE_NAMES.iter().map(|t| PyString::intern(py, t).unbind()).collect(),
        });
        RowBuilder { py, names }
    }

    /// The row of `hand` (`given`: the same text as a Python string, reused when no `\r` is dropped).
    fn row(&self, hand: &str, given: Option<&Bound<'py, PyString>>, line: Line) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(self.py);
        let [hand_key, win_key, waits_key, error_key] = &self.names.keys;
        let hand_key = hand_key.bind(self.py);
        match (hand.strip_suffix('\r'), given) {
            (None, Some(given)) => dict.set_item(hand_key, given)?,
            (stripped, _) => dict.set_item(hand_key, stripped.unwrap_or(hand))?,
        }
        match line {
            Line::Win(win) => dict.set_item(win_key.bind(self.py), win)?,
            Line::Waits(waits) => {
                let names = waits.iter().filter_map(|t| self.names.tiles.get(t.index())).map(|n| n.bind(self.py));
                dict.set_item(waits_key.bind(self.py), PyList::new(self.py, names)?)?
            }
            Line::Error(error) => dict.set_item(error_key.bind(self.py), error)?,
        }
        Ok(dict)
    }
}

/// The JSON object ``hupai batch`` prints for this line, as a dict: ``{"hand", "win"}`` for a
/// complete hand, ``{"hand", "waits"}`` for a hand one tile short, ``{"hand", "error"}`` for
/// anything else. Never raises for a bad hand (only for unknown rules or a bad ``wildcard_tile``).
///
/// >>> hupai.check("123m456p789s11122z")
/// {'hand': '123m456p789s11122z', 'win': True}
/// >>> hupai.check("123m456p789s1122z")
/// {'hand': '123m456p789s1122z', 'waits': ['1z', '2z']}
/// >>> hupai.check("")
/// {'hand': '', 'error': 'empty hand'}
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn check<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: RulesArg<'_>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let text = hand.cast::<PyString>().map_err(|_| {
        let type_name = hand.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".to_owned());
        PyTypeError::new_err(format!("hand must be a str, not {type_name}"))
    })?;
    match text.to_cow() {
        Ok(line) => line_dict(py, &line, answer_line(&line, &options)),
        // As `batch` answers such a line.
        Err(_) => line_dict(py, &one_replacement_per_surrogate(text)?, Line::Error(NOT_UNICODE.to_owned())),
    }
}

/// ``check`` for every hand, in order: the lines ``hupai batch`` prints, as dicts. The hands are
/// answered in parallel on every core with the GIL released; a bad hand gives its
/// ``{"hand", "error"}`` dict, never an exception. A string that is not valid Unicode (a lone
/// surrogate) is an error line, its ``"hand"`` shown with U+FFFD in place of the bad characters.
///
/// Raises ``TypeError`` if ``hands`` is a single ``str`` or holds something that is not a ``str``.
///
/// >>> hupai.batch(["123m456p789s11122z", "1112345678999m"])
/// [{'hand': '123m456p789s11122z', 'win': True},
///  {'hand': '1112345678999m', 'waits': ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']}]
/// >>> [sorted(line) for line in hupai.batch(["123m456p789s11122z", "1112345678999m", "19m"])]
/// [['hand', 'win'], ['hand', 'waits'], ['error', 'hand']]
#[pyfunction]
#[pyo3(
    signature = (hands, rules = RulesArg::STANDARD, *, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hands, rules=\"standard\", *, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    rules: RulesArg<'_>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyList>> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    if hands.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("hands must be a sequence of hand strings, not one str; wrap it in a list"));
    }
    // Each hand as Rust text; `false` for a string that is not valid Unicode. The string objects
    // are kept to be the rows' `"hand"` values.
    let mut lines: Vec<(String, bool)> = Vec::new();
    let mut given: Vec<Bound<'py, PyString>> = Vec::new();
    for (i, item) in hands.try_iter()?.enumerate() {
        if i % BATCH_STEP == BATCH_STEP - 1 {
            py.check_signals()?;
        }
        let item = item?;
        let text = item.cast::<PyString>().map_err(|_| {
            let type_name = item.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".to_owned());
            PyTypeError::new_err(format!("hands[{i}] must be a str, not {type_name}"))
        })?;
        lines.push(match text.to_cow() {
            Ok(s) => (s.into_owned(), true),
            Err(_) => (one_replacement_per_surrogate(text)?, false),
        });
        given.push(text.clone());
    }
    let list = PyList::empty(py);
    let rows = RowBuilder::new(py);
    // The rows are new objects that hold no cycle: a collection while they are built would only
    // walk them again and again (most of the time of a large batch).
    let _paused = GcPause::new(py)?;
    for (step, step_given) in lines.chunks(BATCH_STEP).zip(given.chunks(BATCH_STEP)) {
        // Ctrl-C (and any other signal handler) runs between steps: within ~10 ms.
        py.check_signals()?;
        let answers: Vec<Line> = py.detach(|| {
            step.par_iter()
                .map(
                    |(line, valid)| {
                        if *valid { answer_line(line, &options) } else { Line::Error(NOT_UNICODE.to_owned()) }
                    },
                )
                .collect()
        });
        for (((line, valid), text), answer) in step.iter().zip(step_given).zip(answers) {
            list.append(rows.row(line, valid.then_some(text), answer)?)?;
        }
    }
    Ok(list)
}

/// Hands `batch` answers and turns into dicts between two checks for signals: about 10 ms.
const BATCH_STEP: usize = 16_384;

/// Python's cyclic garbage collector switched off while it lives, and back on (if it was on)
/// when it is dropped, error or not.
struct GcPause<'py> {
    gc: Bound<'py, PyModule>,
    was_enabled: bool,
}

impl<'py> GcPause<'py> {
    fn new(py: Python<'py>) -> PyResult<GcPause<'py>> {
        let gc = py.import("gc")?;
        let was_enabled: bool = gc.call_method0("isenabled")?.extract()?;
        if was_enabled {
            gc.call_method0("disable")?;
        }
        Ok(GcPause { gc, was_enabled })
    }
}

impl Drop for GcPause<'_> {
    fn drop(&mut self) {
        if self.was_enabled {
            // Re-enabling cannot fail; if it did, there is no caller left to tell.
            let _ = self.gc.call_method0("enable");
        }
    }
}

/// A numpy uint8 array's bytes in logical (C) order: a C-contiguous array read in place, held
/// read-only for the call, anything else (Fortran order, strided slices) copied first.
enum Bytes<'py> {
    InPlace(PyReadonlyArrayDyn<'py, u8>),
    Copied(Vec<u8>),
}

impl Bytes<'_> {
    fn as_slice(&self) -> PyResult<&[u8]> {
        match self {
            Bytes::InPlace(array) => array.as_slice().map_err(|e| PyValueError::new_err(e.to_string())),
            Bytes::Copied(bytes) => Ok(bytes),
        }
    }
}

/// Checks that `array` is a numpy uint8 array of `ndim` dimensions and borrows its bytes.
/// (`as_slice` also accepts Fortran order, whose bytes are in the other order: only a
/// C-contiguous array is read in place.)
fn uint8_bytes<'py>(
    array: &Bound<'py, PyAny>,
    name: &str,
    shape_text: &str,
    ndim: usize,
) -> PyResult<(Vec<usize>, Bytes<'py>)> {
    let py = array.py();
    let untyped = array.cast::<PyUntypedArray>().map_err(|_| {
        let type_name = array.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".to_owned());
        PyTypeError::new_err(format!(
            "{name} must be a numpy.ndarray of dtype uint8 and shape {shape_text}, not {type_name}"
        ))
    })?;
    let dtype = untyped.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<u8>(py)) {
        return Err(PyTypeError::new_err(format!(
            "{name} must have dtype uint8, not {dtype}; convert with {name}.astype(numpy.uint8)"
        )));
    }
    let shape = untyped.shape().to_vec();
    if untyped.ndim() != ndim {
        return Err(PyValueError::new_err(format!("{name} must have shape {shape_text}, not {}", tuple(&shape))));
    }
    let typed = untyped.cast::<PyArrayDyn<u8>>()?.try_readonly().map_err(borrow_error)?;
    // Reading in place spares a copy of the whole batch (and the page faults of fresh memory for
    // it), which cost more than answering its rows.
    let bytes = if untyped.is_c_contiguous() {
        Bytes::InPlace(typed)
    } else {
        Bytes::Copied(typed.as_array().iter().copied().collect())
    };
    Ok((shape, bytes))
}

/// A shape as Python writes it: `(5,)`, `(2, 33)`.
fn tuple(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!("({})", shape.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
    }
}

fn borrow_error(e: numpy::BorrowError) -> PyErr {
    PyValueError::new_err(format!("the array is being written elsewhere: {e}"))
}

/// Rows of counts and optional wildcards, checked, from numpy.
struct Rows<'py> {
    counts: Bytes<'py>,
    wildcards: Option<Bytes<'py>>,
}

impl<'py> Rows<'py> {
    fn read(counts: &Bound<'py, PyAny>, wildcards: Option<&Bound<'py, PyAny>>) -> PyResult<Rows<'py>> {
        let (shape, bytes) = uint8_bytes(counts, "counts", "(n, 34)", 2)?;
        if shape[1] != Tile::COUNT {
            return Err(PyValueError::new_err(format!("counts must have shape (n, 34), not {}", tuple(&shape))));
        }
        let n = shape[0];
        let wildcards = match wildcards {
            None => None,
            Some(w) if w.is_none() => None,
            Some(w) => {
                let (wshape, wbytes) = uint8_bytes(w, "wildcards", "(n,)", 1)?;
                if wshape[0] != n {
                    return Err(PyValueError::new_err(format!(
                        "wildcards must have shape ({n},), one per row of counts, not {}",
                        tuple(&wshape)
                    )));
                }
                Some(wbytes)
            }
        };
        Ok(Rows { counts: bytes, wildcards })
    }

    /// The rows and wildcards as slices, which (unlike the arrays) may cross into `Python::detach`.
    fn slices(&self) -> PyResult<RowSlices<'_>> {
        let rows = self.counts.as_slice()?.as_chunks::<34>().0;
        let wildcards = match &self.wildcards {
            Some(w) => Some(w.as_slice()?),
            None => None,
        };
        Ok(RowSlices { rows, wildcards })
    }
}

/// [`Rows`] borrowed as plain slices.
#[derive(Clone, Copy)]
struct RowSlices<'a> {
    rows: &'a [[u8; 34]],
    wildcards: Option<&'a [u8]>,
}

impl RowSlices<'_> {
    /// Runs `answer` on row chunks in parallel, each writing `width` outputs per row; the first bad
    /// row (lowest index) becomes a `HandError` naming it.
    fn run<T: Copy + Default + Send>(
        self,
        width: usize,
        answer: impl Fn(&[[u8; 34]], Option<&[u8]>, &mut [T]) -> Result<(), hupai::batch::BatchError> + Sync,
    ) -> PyResult<Vec<T>> {
        let rows = self.rows;
        let mut out = vec![T::default(); rows.len() * width];
        let results: Vec<Result<(), hupai::batch::BatchError>> = out
            .par_chunks_mut(ROWS_PER_TASK * width)
            .enumerate()
            .map(|(task, out)| {
                let start = task * ROWS_PER_TASK;
                let end = start + out.len() / width;
                let wildcards = self.wildcards.map(|w| &w[start..end]);
                answer(&rows[start..end], wildcards, out).map_err(|e| match e {
                    hupai::batch::BatchError::Row { row, error } => {
                        hupai::batch::BatchError::Row { row: row + start, error }
                    }
                    other => other,
                })
            })
            .collect();
        match results.into_iter().find_map(Result::err) {
            Some(e) => Err(HandError::new_err(e.to_string())),
            None => Ok(out),
        }
    }
}

/// Win verdicts of many complete hands given as counts: ``counts`` is an ``(n, 34)`` ``uint8``
/// numpy array, one row per hand, in tile order (``1m``…``9m``, ``1p``…``9p``, ``1s``…``9s``,
/// ``1z``…``7z``); ``wildcards`` an optional ``(n,)`` ``uint8`` array of wildcards per hand.
/// Returns an ``(n,)`` ``bool`` array. Runs on every core with the GIL released.
///
/// Counts are tiles as given: there is no wildcard tile here, so under ``"hongzhong"`` a count in
/// the ``7z`` column is red dragons, not wildcards (``is_win`` on a string makes them wildcards).
/// To play 红中癞子 with counts, move that column into ``wildcards``:
/// ``wildcards = counts[:, 33].copy(); counts[:, 33] = 0``.
///
/// Raises ``TypeError`` if an argument is not a numpy array of dtype ``uint8``, ``ValueError`` for
/// a wrong shape, and ``HandError`` naming the first bad row (a count above four, or a hand that is
/// not complete under the rules). Non-contiguous arrays (slices, transposes) are accepted: they are
/// copied first, as ``numpy.ascontiguousarray`` would. A C-contiguous array is read in place while
/// the GIL is released: do not write to it from another thread during the call.
///
/// >>> counts = numpy.zeros((1, 34), numpy.uint8)
/// >>> counts[0, [0, 1, 2, 9, 10, 11, 18, 19, 20, 27]] = 1; counts[0, 28] = 3
/// >>> hupai.is_win_counts(counts, numpy.array([1], numpy.uint8))
/// array([ True])
#[pyfunction]
#[pyo3(
    signature = (counts, wildcards = None, rules = RulesArg::STANDARD, *, wildcard_fifth_copy = false),
    text_signature = "(counts, wildcards=None, rules=\"standard\", *, wildcard_fifth_copy=False)"
)]
fn is_win_counts<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wildcards: Option<&Bound<'py, PyAny>>,
    rules: RulesArg<'_>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let options = Options::new(&rules, None, wildcard_fifth_copy)?;
    let rows = Rows::read(counts, wildcards)?;
    let slices = rows.slices()?;
    let out = py.detach(|| {
        slices.run(1, |rows, wildcards, out| hupai::batch::is_win_counts(rows, wildcards, &options.rules, out))
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Waits of many hands one tile short given as counts (see ``is_win_counts``): an ``(n, 34)``
/// ``bool`` array, ``True`` where that tile completes that row's hand. Same arguments and errors.
///
/// >>> counts = numpy.zeros((1, 34), numpy.uint8)
/// >>> counts[0, :9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]   # nine gates
/// >>> hupai.waits_counts(counts)[0, :9].tolist() == [True] * 9
/// True
#[pyfunction]
#[pyo3(
    signature = (counts, wildcards = None, rules = RulesArg::STANDARD, *, wildcard_fifth_copy = false),
    text_signature = "(counts, wildcards=None, rules=\"standard\", *, wildcard_fifth_copy=False)"
)]
fn waits_counts<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wildcards: Option<&Bound<'py, PyAny>>,
    rules: RulesArg<'_>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let options = Options::new(&rules, None, wildcard_fifth_copy)?;
    kinds_array(py, counts, wildcards, |rows, wildcards, sets| {
        hupai::batch::waits_counts(rows, wildcards, &options.rules, sets)
    })
}

/// An `(n, 34)` `bool` array of a set of kinds per row: the numpy form of the counts batches that
/// answer sets (waits, effective tiles), run on rayon's pool with the GIL released.
fn kinds_array<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    wildcards: Option<&Bound<'py, PyAny>>,
    answer: impl Fn(&[[u8; 34]], Option<&[u8]>, &mut [TileSet]) -> Result<(), hupai::batch::BatchError> + Sync,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let rows = Rows::read(counts, wildcards)?;
    let slices = rows.slices()?;
    let n = slices.rows.len();
    let out = py.detach(|| {
        slices.run(Tile::COUNT, |rows, wildcards, out| {
            let mut sets = vec![TileSet::default(); rows.len()];
            answer(rows, wildcards, &mut sets)?;
            for (set, row) in sets.iter().zip(out.chunks_exact_mut(Tile::COUNT)) {
                for (i, slot) in row.iter_mut().enumerate() {
                    *slot = set.bits() >> i & 1 == 1;
                }
            }
            Ok(())
        })
    })?;
    let array = Array2::from_shape_vec((n, Tile::COUNT), out).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(array.into_pyarray(py))
}

/// Tiles the player can see outside the hand, in hand notation (no wildcards).
fn visible_counts(visible: Option<&str>) -> PyResult<TileCounts> {
    let Some(text) = visible else { return Ok(TileCounts::EMPTY) };
    let hand: Hand = text.parse().map_err(|e: Error| HandError::new_err(format!("visible: {e}")))?;
    if hand.wildcards() > 0 {
        return Err(HandError::new_err("visible: wildcards are not tiles one can see; list concrete tiles"));
    }
    Ok(hand.physical_counts())
}

fn effective_dict<'py>(py: Python<'py>, effective: &Effective) -> PyResult<Bound<'py, PyDict>> {
    let tiles = PyDict::new(py);
    for t in &effective.tiles {
        tiles.set_item(TILE_NAMES[t.tile.index()], t.unseen)?;
    }
    let dict = PyDict::new(py);
    dict.set_item("shanten", effective.shanten)?;
    dict.set_item("effective", tiles)?;
    dict.set_item("unseen", effective.unseen())?;
    Ok(dict)
}

/// The shanten (向听数) of a hand of 3k + 1 or 3k + 2 tiles: ``-1`` wins, ``0`` is ready (one tile
/// from a win), ``1``, ``2``, …. Wildcards, declared melds, seven pairs and thirteen orphans count
/// under the rules. Same arguments as ``is_win``; raises ``HandError`` for a bad hand, a size no
/// question fits, or rules the shanten tables do not model.
///
/// >>> hupai.shanten("123m456p789s1134z", "riichi")
/// 1
/// >>> hupai.shanten("123m456p789s11122z")
/// -1
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn shanten(
    hand: HandText<'_>,
    rules: RulesArg<'_>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<i8> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let hand = options.hand_or_raise(hand.text()?)?;
    hupai::shanten(&hand, &options.rules).map(|s| s.number).map_err(raise)
}

/// The effective tiles of a hand of 3k + 1 tiles: every kind whose draw lowers its shanten, with
/// the copies still unseen. ``visible`` lists, in hand notation, the tiles the player can see
/// outside the hand (discards, other players' melds, indicators); the hand's own tiles always count
/// as seen. Returns ``{"shanten": int, "effective": {tile: unseen copies, ...} in tile order,
/// "unseen": total}``. A ready hand's effective tiles are its waits.
///
/// >>> hupai.effective_tiles("123m456p789s1122z")
/// {'shanten': 0, 'effective': {'1z': 2, '2z': 2}, 'unseen': 4}
/// >>> hupai.effective_tiles("123m456p789s1122z", visible="1z")["effective"]
/// {'1z': 1, '2z': 2}
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, visible = None, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, visible=None, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn effective_tiles<'py>(
    py: Python<'py>,
    hand: HandText<'_>,
    rules: RulesArg<'_>,
    visible: Option<&str>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let visible = visible_counts(visible)?;
    let hand = options.hand_or_raise(hand.text()?)?;
    let effective = hupai::effective_tiles(&hand, &options.rules, &visible).map_err(raise)?;
    effective_dict(py, &effective)
}

/// Discard advice for a hand of 3k + 2 tiles: one dict per distinct discard, best first (lowest
/// shanten after it, then most unseen effective tiles, then tile order; wildcards last):
/// ``{"discard": "1m" or "*", "shanten": int, "effective": {tile: unseen}, "unseen": int}``.
/// ``visible`` as in ``effective_tiles``. A winning hand gets its advice too.
///
/// >>> hupai.discard_advice("123m456p789s11223z")[0]
/// {'discard': '3z', 'shanten': 0, 'effective': {'1z': 2, '2z': 2}, 'unseen': 4}
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::STANDARD, *, visible = None, wildcard_tile = None, wildcard_fifth_copy = false),
    text_signature = "(hand, rules=\"standard\", *, visible=None, wildcard_tile=None, wildcard_fifth_copy=False)"
)]
fn discard_advice<'py>(
    py: Python<'py>,
    hand: HandText<'_>,
    rules: RulesArg<'_>,
    visible: Option<&str>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
) -> PyResult<Bound<'py, PyList>> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let visible = visible_counts(visible)?;
    let hand = options.hand_or_raise(hand.text()?)?;
    let advice = hupai::discard_advice(&hand, &options.rules, &visible).map_err(raise)?;
    let list = PyList::empty(py);
    for option in &advice {
        let dict = PyDict::new(py);
        let discard = match option.discard {
            Discard::Tile(t) => TILE_NAMES[t.index()],
            Discard::Wildcard => "*",
        };
        dict.set_item("discard", discard)?;
        let effective = effective_dict(py, &option.after)?;
        for (key, value) in effective.iter() {
            dict.set_item(key, value)?;
        }
        list.append(dict)?;
    }
    Ok(list)
}

/// The Rust extension behind the `hupai` package.
#[pymodule]
fn _hupai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("HandError", m.py().get_type::<HandError>())?;
    m.add("RULES", Rules::PRESETS.iter().map(|(name, _)| *name).collect::<Vec<_>>())?;
    m.add("TILES", TILE_NAMES.to_vec())?;
    m.add_function(wrap_pyfunction!(is_win, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(decompositions, m)?)?;
    m.add_function(wrap_pyfunction!(count_decompositions, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(batch, m)?)?;
    m.add_function(wrap_pyfunction!(is_win_counts, m)?)?;
    m.add_function(wrap_pyfunction!(waits_counts, m)?)?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(effective_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(discard_advice, m)?)?;
    m.add_function(wrap_pyfunction!(ev::discard_ev, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_batches::shanten_counts, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_batches::effective_counts, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_batches::advice_counts, m)?)?;
    m.add("ScoreError", m.py().get_type::<score::ScoreError>())?;
    m.add("SCORE_RULES", hupai_score::RULE_SETS.to_vec())?;
    m.add_function(wrap_pyfunction!(score::score, m)?)?;
    m.add_function(wrap_pyfunction!(score::score_batch, m)?)?;
    m.add("GameError", m.py().get_type::<game::GameError>())?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<vec_game::VecGame>()?;
    m.add_function(wrap_pyfunction!(game::action_table, m)?)?;
    m.add_function(wrap_pyfunction!(game::plane_names, m)?)?;
    m.add_function(wrap_pyfunction!(review::review, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::decisions, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::plane_scales, m)?)?;
    m.add_function(wrap_pyfunction!(dataset::decision_arrays, m)?)?;
    m.add_class::<dataset::DecisionBatches>()?;
    m.add_class::<score::PyScore>()?;
    m.add_class::<score::RiichiScore>()?;
    m.add_class::<score::GbScore>()?;
    m.add_class::<score::RegionalScore>()?;
    Ok(())
}
