//! `hupai.score` and `hupai.score_batch`: the situation's keyword arguments are read key by key as
//! `hupai score` reads a line's keys (booleans and lists of tiles straight into the
//! [`Situation`]'s fields, anything else through [`hupai_score::Situation::set`], so a bad value's
//! error reads as the CLI's), scored by [`hupai_score::Scorer`], and answered as a [`PyScore`]:
//! the typed score kept as it is, each field turned into Python only when read (by the same
//! `Serialize` that writes the CLI's line, so every door gives the same answer). No JSON text is
//! made on the way, in or out. The batch reads the situations (as `hupai.score` reads its
//! arguments) and makes the answers on the calling thread, while the pool scores them on every
//! core, and answers objects or numpy columns.

use std::cell::RefCell;
use std::mem::ManuallyDrop;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use hupai::Tile;
use hupai_score::{KEYS, Scorer, Situation};
use numpy::ndarray::Array2;
use numpy::{PyArray1, PyArray2};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

use crate::to_python::to_python;

create_exception!(
    hupai,
    ScoreError,
    PyValueError,
    "A situation hupai cannot score: the hand does not win, has no yaku, or the situation is \
     impossible or badly given. The message names what is wrong, as `hupai score` prints it."
);

/// The scorer a `rules` argument and an optional regional `table` name.
fn scorer(rules: &str, table: Option<&Bound<'_, PyAny>>) -> PyResult<Scorer> {
    let scorer = Scorer::by_name(rules).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let Some(table) = table.filter(|t| !t.is_none()) else { return Ok(scorer) };
    let text = match table.cast::<PyString>() {
        Ok(s) => s.to_cow()?.into_owned(),
        Err(_) => to_json(table, Path::Key(&Path::Root, "table"))?.to_string(),
    };
    match scorer {
        Scorer::Regional(_) => hupai_score::regional::Table::from_json_text(&text)
            .map(Scorer::Regional)
            .map_err(|e| PyValueError::new_err(format!("table: {e}"))),
        _ => Err(PyValueError::new_err(format!("a table applies to the regional rule sets, not to '{rules}'"))),
    }
}

/// Where a value sits in the situation, for errors: written out only when one is reported.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl std::fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Path::Root => Ok(()),
            Path::Key(Path::Root, key) => f.write_str(key),
            Path::Key(parent, key) => write!(f, "{parent}.{key}"),
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// A Python value as JSON: `None`, `bool`, `int`, `float`, `str`, lists and tuples, dicts with
/// string keys. `path` names the value in errors.
fn to_json(ob: &Bound<'_, PyAny>, path: Path<'_>) -> PyResult<Value> {
    if ob.is_none() {
        return Ok(Value::Null);
    }
    // bool before int: a Python bool is an int.
    if let Ok(b) = ob.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if ob.cast::<PyInt>().is_ok() {
        if let Ok(n) = ob.extract::<i64>() {
            return Ok(Value::Number(n.into()));
        }
        if let Ok(n) = ob.extract::<u64>() {
            return Ok(Value::Number(n.into()));
        }
        return Err(PyValueError::new_err(format!("{path}: the integer {ob} is out of range")));
    }
    if let Ok(f) = ob.cast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| PyValueError::new_err(format!("{path}: {ob} is not a finite number")));
    }
    if let Ok(s) = ob.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(list) = ob.cast::<PyList>() {
        return list.iter().enumerate().map(|(i, v)| to_json(&v, Path::Index(&path, i))).collect();
    }
    if let Ok(tuple) = ob.cast::<PyTuple>() {
        return tuple.iter().enumerate().map(|(i, v)| to_json(&v, Path::Index(&path, i))).collect();
    }
    if let Ok(dict) = ob.cast::<PyDict>() {
        return dict_to_json(dict, path).map(Value::Object);
    }
    Err(PyTypeError::new_err(format!("{path}: cannot read a {} as a situation value", ob.get_type().name()?)))
}

fn dict_to_json(dict: &Bound<'_, PyDict>, path: Path<'_>) -> PyResult<Map<String, Value>> {
    let mut map = Map::new();
    for (k, v) in dict.iter() {
        let key: String =
            k.extract().map_err(|_| PyTypeError::new_err(format!("{path}: keys must be strings, found {k}")))?;
        let value = to_json(&v, Path::Key(&path, &key))?;
        map.insert(key, value);
    }
    Ok(map)
}

/// The most situations a batch reads at a time before handing them to the pool to score.
const READ_CHUNK: usize = 256;

/// The fields of each family's answer, in the order `hupai score` writes them.
const RIICHI_FIELDS: [&str; 7] = ["han", "fu", "fu_parts", "yaku", "limit", "points", "reading"];
const GB_FIELDS: [&str; 4] = ["fan", "fans", "enough", "reading"];
const REGIONAL_FIELDS: [&str; 10] =
    ["table", "fan", "capped", "points", "fans", "wildcards", "birds", "total", "form", "reading"];

/// Columns of the yaku mask under riichi (Tenhou ids 0–54) and of the fan mask under GB (ids
/// 1–82, column 0 unused).
const RIICHI_MASK: usize = 55;
const GB_MASK: usize = 83;

/// A score: what `hupai.score` answers. The typed answer is kept as the scorer gave it; each field
/// becomes a Python value only when read, as an attribute (``s.han``) or as a key (``s["han"]``),
/// so a caller reading two numbers pays for two. It reads like the dict ``hupai score`` prints:
/// ``keys()``, ``values()``, ``items()``, ``get()``, ``in``, ``len()``, iteration over the keys,
/// ``to_dict()``, and ``==`` a dict with the same content.
#[pyclass(name = "Score", module = "hupai", subclass, frozen)]
pub(crate) struct PyScore {
    score: hupai_score::Score,
}

/// A riichi or sanma score (`rules="riichi"` or `"sanma"`).
#[pyclass(name = "RiichiScore", module = "hupai", extends = PyScore, frozen, freelist = 256)]
pub(crate) struct RiichiScore;

/// A GB score (`rules="gb"`).
#[pyclass(name = "GbScore", module = "hupai", extends = PyScore, frozen, freelist = 256)]
pub(crate) struct GbScore;

/// A regional table's score (`rules="sichuan"`, `"changsha"`, `"hongzhong"`, or a table).
#[pyclass(name = "RegionalScore", module = "hupai", extends = PyScore, frozen, freelist = 256)]
pub(crate) struct RegionalScore;

impl PyScore {
    fn fields(&self) -> &'static [&'static str] {
        match &self.score {
            hupai_score::Score::Riichi(_) => &RIICHI_FIELDS,
            hupai_score::Score::Gb(_) => &GB_FIELDS,
            hupai_score::Score::Regional(_) => &REGIONAL_FIELDS,
            _ => &[],
        }
    }

    /// One field as Python, `None` if this score has no such field.
    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        use hupai_score::Score as S;
        let value = match (&self.score, name) {
            (S::Riichi(s), "han") => to_python(py, &s.han),
            (S::Riichi(s), "fu") => to_python(py, &s.fu),
            (S::Riichi(s), "fu_parts") => to_python(py, &s.fu_parts),
            (S::Riichi(s), "yaku") => to_python(py, &s.yaku),
            (S::Riichi(s), "limit") => to_python(py, &s.limit),
            (S::Riichi(s), "points") => to_python(py, &s.points),
            (S::Riichi(s), "reading") => to_python(py, &s.reading),
            (S::Gb(s), "fan") => to_python(py, &s.fan),
            (S::Gb(s), "fans") => to_python(py, s.fans.as_slice()),
            (S::Gb(s), "enough") => to_python(py, &s.enough),
            (S::Gb(s), "reading") => to_python(py, &s.reading),
            (S::Regional(s), "table") => to_python(py, &s.table),
            (S::Regional(s), "fan") => to_python(py, &s.fan),
            (S::Regional(s), "capped") => to_python(py, &s.capped),
            (S::Regional(s), "points") => to_python(py, &s.points),
            (S::Regional(s), "fans") => to_python(py, &s.fans),
            (S::Regional(s), "wildcards") => to_python(py, &s.wildcards),
            (S::Regional(s), "birds") => to_python(py, &s.birds),
            (S::Regional(s), "total") => to_python(py, &s.total),
            (S::Regional(s), "form") => to_python(py, &s.form),
            (S::Regional(s), "reading") => to_python(py, &s.reading),
            _ => return Ok(None),
        };
        value.map(Some)
    }

    /// A field every subclass's getter asks for: present by construction.
    fn attribute<'py>(slf: &Bound<'py, PyScore>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        slf.get()
            .field(slf.py(), name)?
            .ok_or_else(|| pyo3::exceptions::PyAttributeError::new_err(format!("this score has no field '{name}'")))
    }

    /// The score as a Python object of its family's class.
    fn wrap(py: Python<'_>, score: hupai_score::Score) -> PyResult<Bound<'_, PyAny>> {
        use hupai_score::Score as S;
        let family = match &score {
            S::Riichi(_) => 0,
            S::Gb(_) => 1,
            S::Regional(_) => 2,
            _ => 3,
        };
        let init = PyClassInitializer::from(PyScore { score });
        Ok(match family {
            0 => Bound::new(py, init.add_subclass(RiichiScore))?.into_any(),
            1 => Bound::new(py, init.add_subclass(GbScore))?.into_any(),
            2 => Bound::new(py, init.add_subclass(RegionalScore))?.into_any(),
            _ => Bound::new(py, init)?.into_any(),
        })
    }
}

#[pymethods]
impl PyScore {
    /// The answer as the dict ``hupai score`` prints (a new dict each call).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.score)
    }

    /// The field names, in the order ``hupai score`` writes them.
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.fields().iter().map(|k| PyString::intern(py, k)))
    }

    /// The fields' values, in the order of ``keys()``.
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let values = self.fields().iter().map(|k| Ok(self.field(py, k)?.unwrap_or_else(|| py.None().into_bound(py))));
        PyList::new(py, values.collect::<PyResult<Vec<_>>>()?)
    }

    /// ``(key, value)`` pairs, in the order of ``keys()``.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .fields()
            .iter()
            .map(|k| Ok((PyString::intern(py, k), self.field(py, k)?.unwrap_or_else(|| py.None().into_bound(py)))));
        PyList::new(py, items.collect::<PyResult<Vec<_>>>()?)
    }

    /// The field's value, or `default` if the score has no such field.
    #[pyo3(signature = (key, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let found = match key.cast::<PyString>() {
            Ok(k) => self.field(py, k.to_str()?)?,
            Err(_) => None,
        };
        Ok(found.or(default).unwrap_or_else(|| py.None().into_bound(py)))
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let found = match key.cast::<PyString>() {
            Ok(k) => self.field(py, k.to_str()?)?,
            Err(_) => None,
        };
        found.ok_or_else(|| PyKeyError::new_err(key.clone().unbind()))
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match key.cast::<PyString>() {
            Ok(k) => self.fields().contains(&k.to_str()?),
            Err(_) => false,
        })
    }

    fn __len__(&self) -> usize {
        self.fields().len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.keys(py)?.try_iter()?.into_any())
    }

    /// Equal to another score with the same answer, or to a dict with the same content (the
    /// dict ``hupai score`` prints for it).
    fn __richcmp__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        op: CompareOp,
    ) -> PyResult<Bound<'py, PyAny>> {
        let equal = if let Ok(o) = other.cast::<PyScore>() {
            self.score == o.get().score
        } else if other.cast::<PyDict>().is_ok() {
            self.to_dict(py)?.eq(other)?
        } else {
            return Ok(py.NotImplemented().into_bound(py));
        };
        match op {
            CompareOp::Eq => Ok(PyBool::new(py, equal).to_owned().into_any()),
            CompareOp::Ne => Ok(PyBool::new(py, !equal).to_owned().into_any()),
            _ => Ok(py.NotImplemented().into_bound(py)),
        }
    }

    /// Pickles as the dict it stands for (the typed answer has no Python constructor): a score sent
    /// to another process arrives as its dict, equal to it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyAny>,))> {
        Ok((py.get_type::<PyDict>().into_any(), (self.to_dict(py)?,)))
    }

    /// A score never changes: a copy is the score itself.
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!("{name}({})", slf.get().to_dict(slf.py())?.repr()?))
    }
}

/// A getter per field of each family, so that ``help()``, ``dir()`` and the stubs name them.
macro_rules! getters {
    ($class:ident { $($(#[$doc:meta])* $name:ident),* $(,)? }) => {
        #[pymethods]
        impl $class {
            $(
                $(#[$doc])*
                #[getter]
                fn $name<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                    PyScore::attribute(slf.as_super(), stringify!($name))
                }
            )*
        }
    };
}

getters!(RiichiScore {
    /// Total han, dora included (each yakuman 13, a double 26).
    han,
    /// Fu, rounded (25 for seven pairs).
    fu,
    /// The fu's parts: dicts with ``part`` and ``fu`` (and where it applies the tile), summing to ``fu``.
    fu_parts,
    /// The yaku: dicts ``{"id", "name", "han"}`` by Tenhou id.
    yaku,
    /// The limit reached (``"mangan"`` … ``"yakuman"``) or ``None``.
    limit,
    /// The payments: a dict with ``total`` and who pays what.
    points,
    /// The reading scored, in words.
    reading,
});

getters!(GbScore {
    /// The fan total, flowers included.
    fan,
    /// Each fan counted: dicts ``{"id", "name", "fan", "count"}`` in number order.
    fans,
    /// The total without flowers reaches the minimum (8 by default).
    enough,
    /// The reading that scored.
    reading,
});

getters!(RegionalScore {
    /// The table's name.
    table,
    /// The fan total after the cap.
    fan,
    /// The cap cut the total, or a fan worth the cap counted.
    capped,
    /// The hand's points before birds.
    points,
    /// The fans that count: dicts ``{"name", "value", "count"?, "adds"?}`` in table order.
    fans,
    /// What each wildcard stood for, in tile order.
    wildcards,
    /// The birds that hit and their points: ``{"hits", "points"}``.
    birds,
    /// ``points`` plus the birds' points.
    total,
    /// ``"melds"``, ``"seven_pairs"`` or ``"loose"``.
    form,
    /// The reading: the concealed groups, then the declared melds.
    reading,
});

/// Sets one situation key (not `hand`, `win` or `options`) from a Python value: booleans and
/// lists of tile strings straight into the field, anything else (and any value those paths cannot
/// read) through the JSON reader, whose error is the CLI's.
fn set_key(s: &mut Situation, key: &'static str, value: &Bound<'_, PyAny>) -> PyResult<Result<(), String>> {
    if value.is_none() {
        return Ok(Ok(()));
    }
    if let Ok(b) = value.cast::<PyBool>()
        && let Some(field) = s.flag_mut(key)
    {
        *field = b.is_true();
        return Ok(Ok(()));
    }
    if let Ok(list) = value.cast::<PyList>()
        && s.tiles_mut(key).is_some()
    {
        let mut tiles = Vec::with_capacity(list.len());
        for item in list.iter() {
            let Some(tile) = item.cast::<PyString>().ok().and_then(|t| t.to_str().ok()?.parse::<Tile>().ok()) else {
                tiles.clear();
                break;
            };
            tiles.push(tile);
        }
        if tiles.len() == list.len()
            && let Some(field) = s.tiles_mut(key)
        {
            *field = tiles;
            return Ok(Ok(()));
        }
    }
    let json = to_json(value, Path::Key(&Path::Root, key))?;
    Ok(s.set(key, &json).map_err(|e| e.to_string()))
}

/// A situation read from `hand`, `win` and the other keys by their place in [`KEYS`] (read in
/// that order, so the first error is the one a JSON line reports); the `options` value apart.
/// `Err` is the scoring error's message; a Python exception (a value no situation can hold, a
/// non-string key) is the outer error.
fn read_situation<'py>(
    hand: &str,
    win: &str,
    keys: &[Option<Bound<'py, PyAny>>; KEYS.len()],
) -> PyResult<Result<Situation, String>> {
    let mut s = match Situation::parse(hand, win) {
        Ok(s) => s,
        Err(e) => return Ok(Err(e.to_string())),
    };
    for (key, value) in KEYS.iter().zip(keys).take(KEYS.len() - 1).skip(2) {
        if let Some(value) = value
            && let Err(e) = set_key(&mut s, key, value)?
        {
            return Ok(Err(e));
        }
    }
    Ok(Ok(s))
}

/// Places a dict's items by their key's place in [`KEYS`].
fn place_keys<'py>(
    dict: &Bound<'py, PyDict>,
    keys: &mut [Option<Bound<'py, PyAny>>; KEYS.len()],
) -> PyResult<Result<(), String>> {
    for (k, v) in dict.iter() {
        let Ok(k) = k.cast_into::<PyString>() else {
            return Err(PyTypeError::new_err("situation keys must be strings"));
        };
        match hupai_score::key_position(k.to_str()?) {
            Ok(place) => keys[place] = Some(v),
            Err(e) => return Ok(Err(e.to_string())),
        }
    }
    Ok(Ok(()))
}

/// The last options a thread scored with and the scorer they made, so that a caller passing the
/// same options dict call after call (the same keys and the same immutable values, by identity)
/// pays for reading them once. Never dropped (see `to_python`'s caches).
struct OptionsCache {
    rules: String,
    items: Vec<(Py<PyAny>, Py<PyAny>)>,
    scorer: Arc<Scorer>,
}

thread_local! {
    static OPTIONS: ManuallyDrop<RefCell<Option<OptionsCache>>> = const { ManuallyDrop::new(RefCell::new(None)) };
}

/// True for values that cannot change behind the cache's back.
fn immutable(v: &Bound<'_, PyAny>) -> bool {
    v.is_none() || v.cast::<PyBool>().is_ok() || v.cast::<PyInt>().is_ok() || v.cast::<PyString>().is_ok()
}

/// The shared scorer of `rules` with `options` (a dict) applied, from the thread's cache when the
/// dict holds the same keys and values as last time.
fn scorer_with_options(
    rules: &str,
    base: &Scorer,
    options: &Bound<'_, PyAny>,
) -> PyResult<Result<Arc<Scorer>, String>> {
    let dict = options.cast::<PyDict>().ok();
    let cached = OPTIONS.with(|cache| {
        let cache = cache.try_borrow().ok()?;
        let c = cache.as_ref()?;
        let d = dict?;
        if c.rules != rules || c.items.len() != d.len() {
            return None;
        }
        let same = d.iter().zip(&c.items).all(|((k, v), (ck, cv))| k.is(ck) && v.is(cv));
        same.then(|| Arc::clone(&c.scorer))
    });
    if let Some(scorer) = cached {
        return Ok(Ok(scorer));
    }
    let json = to_json(options, Path::Key(&Path::Root, "options"))?;
    let scorer = match base.with_options(&json) {
        Ok(s) => Arc::new(s),
        Err(e) => return Ok(Err(e.to_string())),
    };
    if let Some(d) = dict
        && d.iter().all(|(_, v)| immutable(&v))
    {
        let items = d.iter().map(|(k, v)| (k.unbind(), v.unbind())).collect();
        OPTIONS.with(|cache| {
            if let Ok(mut cache) = cache.try_borrow_mut() {
                *cache = Some(OptionsCache { rules: rules.to_string(), items, scorer: Arc::clone(&scorer) });
            }
        });
    }
    Ok(Ok(scorer))
}

/// True if `a` is `b`, at compile time.
const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// True if `names` are the situation keys of [`KEYS`] in order (without `hand`, `win` and
/// `options`): `hupai.score` reads its keywords in that order, as a JSON line's keys are read, so
/// the first error is the same. Checked when the module is built.
const fn in_keys_order(names: &[&str]) -> bool {
    if names.len() != KEYS.len() - 3 || !same_str(KEYS[KEYS.len() - 1], "options") {
        return false;
    }
    let mut i = 0;
    while i < names.len() {
        if !same_str(names[i], KEYS[i + 2]) {
            return false;
        }
        i += 1;
    }
    true
}

/// Scores one winning situation: a ``Score`` of the rules' family (``RiichiScore``, ``GbScore``,
/// ``RegionalScore``), equal to the dict ``hupai score --rules RULES`` prints for it.
///
/// ``hand`` is the complete hand with the winning tile ``win`` among its concealed tiles (open
/// melds in ``[ ]``, concealed kans in ``( )``); every other key of a ``hupai score`` line is a
/// keyword argument. ``options`` changes the rule set's options for this call (passing the same
/// dict again does not read it again). Raises ``ScoreError`` naming what is wrong; a misspelt
/// keyword is a ``TypeError``.
///
/// >>> hupai.score("123m456p789s11122z", "2z", rules="gb").fan
/// 15
// No `**kwargs`: without one the call takes CPython's fast convention (no argument tuple or
// keyword dict is built for it).
#[pyfunction]
#[pyo3(signature = (hand, win, *, rules = "riichi", table = None, tsumo = None, riichi = None, double_riichi = None, ippatsu = None, rinshan = None, chankan = None, haitei = None, houtei = None, tenhou = None, chiihou = None, renhou = None, seat = None, round = None, dora = None, ura = None, honba = None, kyotaku = None, nuki = None, last_copy = None, flowers = None, birds = None, after_kong_discard = None, options = None))]
#[pyo3(
    text_signature = "(hand, win, *, rules='riichi', table=None, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, renhou=False, seat='1z', round='1z', dora=None, ura=None, honba=0, kyotaku=0, nuki=0, last_copy=False, flowers=0, birds=None, after_kong_discard=False, options=None)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn score<'py>(
    py: Python<'py>,
    hand: &str,
    win: &str,
    rules: &str,
    table: Option<&Bound<'py, PyAny>>,
    tsumo: Option<Bound<'py, PyAny>>,
    riichi: Option<Bound<'py, PyAny>>,
    double_riichi: Option<Bound<'py, PyAny>>,
    ippatsu: Option<Bound<'py, PyAny>>,
    rinshan: Option<Bound<'py, PyAny>>,
    chankan: Option<Bound<'py, PyAny>>,
    haitei: Option<Bound<'py, PyAny>>,
    houtei: Option<Bound<'py, PyAny>>,
    tenhou: Option<Bound<'py, PyAny>>,
    chiihou: Option<Bound<'py, PyAny>>,
    renhou: Option<Bound<'py, PyAny>>,
    seat: Option<Bound<'py, PyAny>>,
    round: Option<Bound<'py, PyAny>>,
    dora: Option<Bound<'py, PyAny>>,
    ura: Option<Bound<'py, PyAny>>,
    honba: Option<Bound<'py, PyAny>>,
    kyotaku: Option<Bound<'py, PyAny>>,
    nuki: Option<Bound<'py, PyAny>>,
    last_copy: Option<Bound<'py, PyAny>>,
    flowers: Option<Bound<'py, PyAny>>,
    birds: Option<Bound<'py, PyAny>>,
    after_kong_discard: Option<Bound<'py, PyAny>>,
    options: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let owned;
    let scorer = match table.filter(|t| !t.is_none()) {
        None => Scorer::shared(rules).map_err(|e| PyValueError::new_err(e.to_string()))?,
        Some(_) => {
            owned = scorer(rules, table)?;
            &owned
        }
    };
    let mut s = Situation::parse(hand, win).map_err(|e| ScoreError::new_err(e.to_string()))?;
    // Each key given, in the order of `KEYS` (so the first error is the one a JSON line reports),
    // straight from its argument: no array of every key to fill, walk and drop.
    macro_rules! set_keys {
        ($($key:ident),*) => {
            const _: () = assert!(in_keys_order(&[$(stringify!($key)),*]), "keywords out of KEYS' order");
            $(
                if let Some(value) = &$key
                    && let Err(e) = set_key(&mut s, stringify!($key), value)?
                {
                    return Err(ScoreError::new_err(e));
                }
            )*
        };
    }
    set_keys!(
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        tenhou,
        chiihou,
        renhou,
        seat,
        round,
        dora,
        ura,
        honba,
        kyotaku,
        nuki,
        last_copy,
        flowers,
        birds,
        after_kong_discard
    );
    let answer = match options.as_ref().filter(|o| !o.is_none()) {
        None => scorer.answer(&s, None),
        Some(options) if table.is_none_or(|t| t.is_none()) => {
            let scorer = scorer_with_options(rules, scorer, options)?.map_err(ScoreError::new_err)?;
            scorer.answer(&s, None)
        }
        Some(options) => scorer.answer(&s, Some(&to_json(options, Path::Key(&Path::Root, "options"))?)),
    };
    match answer {
        Ok(answer) => PyScore::wrap(py, answer),
        Err(e) => Err(ScoreError::new_err(e.to_string())),
    }
}

/// One situation of a batch, read under the GIL (as `hupai.score` reads its arguments): the
/// situation and its options for the pool to score, or the error to report.
type Read = Result<(Situation, Option<Value>), String>;

fn read_item(i: usize, item: &Bound<'_, PyAny>) -> PyResult<Read> {
    let Ok(dict) = item.cast::<PyDict>() else {
        return Ok(Err(format!("situation {i}: expected a dict")));
    };
    let mut keys: [Option<Bound<'_, PyAny>>; KEYS.len()] = std::array::from_fn(|_| None);
    if let Err(e) = place_keys(dict, &mut keys)? {
        return Ok(Err(e));
    }
    let text = |place: usize| -> PyResult<Result<Option<&str>, String>> {
        Ok(match &keys[place] {
            None => Ok(None),
            Some(v) if v.is_none() => Ok(None),
            Some(v) => match v.cast::<PyString>() {
                Ok(s) => Ok(Some(s.to_str()?)),
                Err(_) => Err(hupai_score::ScoreError::key(
                    KEYS[place],
                    format!("expected a string, found {}", to_json(v, Path::Key(&Path::Root, KEYS[place]))?),
                )
                .to_string()),
            },
        })
    };
    let hand = match text(0)? {
        Ok(Some(h)) => h,
        Ok(None) => return Ok(Err(hupai_score::ScoreError::key("hand", "missing (the complete hand)").to_string())),
        Err(e) => return Ok(Err(e)),
    };
    let win = match text(1)? {
        Ok(Some(w)) => w,
        Ok(None) => return Ok(Err(hupai_score::ScoreError::key("win", "missing (the winning tile)").to_string())),
        Err(e) => return Ok(Err(e)),
    };
    let s = match read_situation(hand, win, &keys)? {
        Ok(s) => s,
        Err(e) => return Ok(Err(e)),
    };
    let options = match keys[KEYS.len() - 1].as_ref().filter(|o| !o.is_none()) {
        Some(o) => Some(to_json(o, Path::Key(&Path::Root, "options"))?),
        None => None,
    };
    Ok(Ok((s, options)))
}

/// Scores many situations (dicts with the `hupai score` keys) on every core, the GIL released.
///
/// By default the answer is a list: a score object per situation (as `hupai.score` answers), or
/// ``{"error": "..."}`` in the place of a situation that cannot be scored. With ``arrays=True`` it
/// is a dict of numpy columns, one row per situation and no Python object per row: ``ok`` (bool),
/// ``han`` and ``fu`` (int32; riichi), ``fan`` (int32; GB and regional fan, riichi han),
/// ``points`` (int64; riichi ``points.total``, GB ``fan``, regional ``total``), ``mask`` (bool,
/// ``(n, k)``: riichi's yaku by Tenhou id, GB's fans by number, a regional table's fans in table
/// order) and ``errors`` (a dict of row to message for the rows that failed, whose other columns
/// are 0).
#[pyfunction]
#[pyo3(signature = (situations, *, rules = "riichi", table = None, arrays = false))]
pub(crate) fn score_batch<'py>(
    py: Python<'py>,
    situations: &Bound<'py, PyAny>,
    rules: &str,
    table: Option<&Bound<'py, PyAny>>,
    arrays: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let scorer = scorer(rules, table)?;
    let items: Vec<Py<PyAny>> = situations.try_iter()?.map(|item| item.map(Bound::unbind)).collect::<PyResult<_>>()?;
    let n = items.len();
    // Reading and answering need the GIL and scoring does not. This thread reads the chunks in
    // order, publishing each as it is read; a worker from the pool (one fewer than the cores)
    // claims chunks in order from the start and scores each once it is read, so that its scoring
    // overlaps this thread's reading. Once every chunk is read this thread claims chunks too,
    // scoring them without the GIL and answering every chunk that is in, in order. A chunk is
    // scored by whoever claimed it, so this thread never waits for a worker that has not started
    // (on a busy machine it scores everything itself), and at the end it waits for one chunk at
    // most. Chunks are small (some sixteen a core) so that the last one is short.
    let cores = rayon::current_num_threads().max(1);
    let chunk = (n / (16 * cores)).clamp(MIN_CHUNK, READ_CHUNK);
    let chunks = n.div_ceil(chunk);
    let batch = Arc::new(Batch {
        scorer,
        input: (0..chunks).map(|_| Mutex::new(None)).collect(),
        output: (0..chunks).map(|_| Mutex::new(None)).collect(),
        read: AtomicUsize::new(0),
        claimed: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    });
    if chunks > 1 {
        // Woken before the first chunk is read, so that the worker's start overlaps the reading.
        for _ in 0..(cores - 1).max(1) {
            let batch = Arc::clone(&batch);
            rayon::spawn(move || batch.work());
        }
    }
    // Dropped on every way out, so that a worker stops claiming once the batch has failed.
    let _stop = StopOnDrop(&batch.stop);
    let mut answers = Answers::new(py, arrays, n);
    let mut next = 0;
    for (c, part) in items.chunks(chunk).enumerate() {
        let read: Vec<Read> = part
            .iter()
            .enumerate()
            // A value no situation can hold is that item's error; the batch goes on.
            .map(|(j, item)| read_item(c * chunk + j, item.bind(py)).unwrap_or_else(|e| Err(e.to_string())))
            .collect();
        *lock(&batch.input[c]) = Some(read);
        batch.read.store(c + 1, Ordering::Release);
        answers.push_ready(&batch, &mut next)?;
    }
    while next < chunks {
        // Score the next unclaimed chunk without the GIL, or, with none left, wait for the chunk
        // a worker is scoring.
        py.detach(|| match batch.claim() {
            Some(c) => batch.score(c),
            None => batch.wait_for(next),
        });
        answers.push_ready(&batch, &mut next)?;
    }
    answers.finish(&batch.scorer)
}

/// A batch's chunks, shared between the calling thread and the pool's workers.
struct Batch {
    scorer: Scorer,
    /// Each chunk's situations as read, taken by whoever scores the chunk.
    input: Vec<Mutex<Option<Vec<Read>>>>,
    /// Each chunk's answers, taken by the calling thread.
    output: Vec<Mutex<Option<Vec<Answer>>>>,
    /// How many chunks (from the first) are read.
    read: AtomicUsize,
    /// The next chunk to claim.
    claimed: AtomicUsize,
    /// The batch failed or is over: claim nothing more.
    stop: AtomicBool,
}

/// A lock whose holder never panics while holding it; a poisoned one is still usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sets a batch's stop flag when the batch returns, answered or failed.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

impl Batch {
    /// A chunk to score, in order, or `None` once every chunk is claimed.
    fn claim(&self) -> Option<usize> {
        if self.stop.load(Ordering::Acquire) {
            return None;
        }
        let c = self.claimed.fetch_add(1, Ordering::AcqRel);
        (c < self.input.len()).then_some(c)
    }

    /// A worker's part: claim chunks and score each once it is read.
    fn work(&self) {
        while let Some(c) = self.claim() {
            let mut spins = 0u32;
            while self.read.load(Ordering::Acquire) <= c {
                if self.stop.load(Ordering::Acquire) {
                    return;
                }
                back_off(&mut spins);
            }
            self.score(c);
        }
    }

    /// Scores chunk `c` (read already) into its answers.
    fn score(&self, c: usize) {
        let read = lock(&self.input[c]).take().unwrap_or_default();
        let scored = score_chunk(&self.scorer, read);
        *lock(&self.output[c]) = Some(scored);
    }

    /// Waits until chunk `c`'s answers are in (claimed by a worker that is scoring it).
    fn wait_for(&self, c: usize) {
        let mut spins = 0u32;
        while lock(&self.output[c]).is_none() {
            back_off(&mut spins);
        }
    }

    /// The answers of chunk `c` if they are in.
    fn take(&self, c: usize) -> Option<Vec<Answer>> {
        lock(&self.output[c]).take()
    }
}

/// Waits a little: a few spins first (a chunk is some microseconds of work), then the core is
/// offered to other threads.
fn back_off(spins: &mut u32) {
    *spins += 1;
    if *spins < 64 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

/// Scores one chunk of a batch: an answer or an error per situation, never a panic.
fn score_chunk(scorer: &Scorer, read: Vec<Read>) -> Vec<Answer> {
    let len = read.len();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        read.into_iter()
            .map(|r| {
                let (s, options) = r?;
                scorer.answer(&s, options.as_ref()).map_err(|e| e.to_string())
            })
            .collect()
    }))
    .unwrap_or_else(|_| vec![Err("the scorer failed on this situation's chunk".to_string()); len])
}

/// One situation's answer as the pool gives it back, or its error.
type Answer = Result<hupai_score::Score, String>;

/// The fewest situations a batch hands the pool at a time.
const MIN_CHUNK: usize = 4;

/// A batch's answers as they come back from the pool, in order: score objects, or the typed
/// scores kept for the numpy columns.
enum Answers<'py> {
    Objects(Bound<'py, PyList>),
    Columns(Python<'py>, Vec<Answer>),
}

impl<'py> Answers<'py> {
    fn new(py: Python<'py>, arrays: bool, n: usize) -> Answers<'py> {
        if arrays { Answers::Columns(py, Vec::with_capacity(n)) } else { Answers::Objects(PyList::empty(py)) }
    }

    /// Answers the chunks from `next` on that are in, in order.
    fn push_ready(&mut self, batch: &Batch, next: &mut usize) -> PyResult<()> {
        while *next < batch.output.len()
            && let Some(ready) = batch.take(*next)
        {
            self.push(ready)?;
            *next += 1;
        }
        Ok(())
    }

    fn push(&mut self, scored: Vec<Answer>) -> PyResult<()> {
        match self {
            Answers::Columns(_, all) => all.extend(scored),
            Answers::Objects(list) => {
                let py = list.py();
                let error_key = pyo3::intern!(py, "error");
                for answer in scored {
                    list.append(match answer {
                        Ok(answer) => PyScore::wrap(py, answer)?,
                        Err(message) => {
                            let d = PyDict::new(py);
                            d.set_item(error_key, message)?;
                            d.into_any()
                        }
                    })?;
                }
            }
        }
        Ok(())
    }

    fn finish(self, scorer: &Scorer) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Answers::Objects(list) => Ok(list.into_any()),
            Answers::Columns(py, all) => columns(py, scorer, all),
        }
    }
}

/// The batch's answers as numpy columns (see `score_batch`).
fn columns<'py>(py: Python<'py>, scorer: &Scorer, answers: Vec<Answer>) -> PyResult<Bound<'py, PyAny>> {
    use hupai_score::Score as S;
    let n = answers.len();
    let width = match scorer {
        Scorer::Riichi(_) => RIICHI_MASK,
        Scorer::Gb(_) => GB_MASK,
        Scorer::Regional(t) => t.fans.len(),
        _ => 0,
    };
    let (mut ok, mut han, mut fu, mut fan, mut points) =
        (vec![false; n], vec![0i32; n], vec![0i32; n], vec![0i32; n], vec![0i64; n]);
    let mut mask = vec![false; n * width];
    let errors = PyDict::new(py);
    let clamp = |x: u64| i64::try_from(x).unwrap_or(i64::MAX);
    let small = |x: u32| i32::try_from(x).unwrap_or(i32::MAX);
    for (i, answer) in answers.iter().enumerate() {
        let row = &mut mask[i * width..(i + 1) * width];
        match answer {
            Err(message) => {
                errors.set_item(i, message)?;
                continue;
            }
            Ok(S::Riichi(s)) => {
                (han[i], fu[i], fan[i], points[i]) =
                    (small(s.han), small(s.fu), small(s.han), i64::from(s.points.total));
                for y in &s.yaku {
                    if let Some(cell) = row.get_mut(usize::from(y.id)) {
                        *cell = true;
                    }
                }
            }
            Ok(S::Gb(s)) => {
                (fan[i], points[i]) = (small(s.fan), i64::from(s.fan));
                for f in &s.fans {
                    if let Some(cell) = row.get_mut(usize::from(f.id)) {
                        *cell = true;
                    }
                }
            }
            Ok(S::Regional(s)) => {
                (fan[i], points[i]) = (small(s.fan), clamp(s.total));
                if let Scorer::Regional(t) = scorer {
                    for f in &s.fans {
                        if let Some(j) = t.fans.iter().position(|tf| tf.name == f.name)
                            && let Some(cell) = row.get_mut(j)
                        {
                            *cell = true;
                        }
                    }
                }
            }
            Ok(_) => {}
        }
        ok[i] = true;
    }
    let out = PyDict::new(py);
    out.set_item("ok", PyArray1::from_vec(py, ok))?;
    out.set_item("han", PyArray1::from_vec(py, han))?;
    out.set_item("fu", PyArray1::from_vec(py, fu))?;
    out.set_item("fan", PyArray1::from_vec(py, fan))?;
    out.set_item("points", PyArray1::from_vec(py, points))?;
    let mask = Array2::from_shape_vec((n, width), mask).map_err(|e| PyValueError::new_err(e.to_string()))?;
    out.set_item("mask", PyArray2::from_owned_array(py, mask))?;
    out.set_item("errors", errors)?;
    Ok(out.into_any())
}
