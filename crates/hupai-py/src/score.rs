//! `hupai.score` and `hupai.score_batch`: the situation's keyword arguments are read key by key as
//! `hupai score` reads a line's keys ([`hupai_score::Situation::set`]), and the answer becomes the
//! dict it prints (the same `Serialize` writes both), through [`hupai_score::Scorer`], so Python,
//! the command line and C give the same answers. No JSON text is made on the way, in or out.

use hupai_score::{KEYS, Scorer, Situation};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use rayon::prelude::*;
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

/// Scores one winning situation; the keywords are the situation keys of `hupai score`.
#[pyfunction]
#[pyo3(signature = (hand, win, *, rules = "riichi", table = None, **situation))]
pub(crate) fn score<'py>(
    py: Python<'py>,
    hand: &str,
    win: &str,
    rules: &str,
    table: Option<&Bound<'py, PyAny>>,
    situation: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let owned;
    let scorer = match table.filter(|t| !t.is_none()) {
        None => Scorer::shared(rules).map_err(|e| PyValueError::new_err(e.to_string()))?,
        Some(_) => {
            owned = scorer(rules, table)?;
            &owned
        }
    };
    // The keywords by their place in KEYS, so they are read in the order a JSON line's are and
    // the first error reported is the same.
    let mut values: [Option<Value>; KEYS.len()] = std::array::from_fn(|_| None);
    if let Some(d) = situation {
        for (k, v) in d.iter() {
            let k = k.cast_into::<PyString>()?;
            let name = k.to_str()?;
            let place = hupai_score::key_position(name).map_err(|e| ScoreError::new_err(e.to_string()))?;
            values[place] = Some(to_json(&v, Path::Key(&Path::Root, name))?);
        }
    }
    let answer = Situation::parse(hand, win).and_then(|mut s| {
        for (key, value) in KEYS.iter().zip(&values).take(KEYS.len() - 1).skip(2) {
            if let Some(value) = value {
                s.set(key, value)?;
            }
        }
        scorer.answer(&s, values[KEYS.len() - 1].as_ref().filter(|v| !v.is_null()))
    });
    match answer {
        Ok(answer) => to_python(py, &answer),
        Err(e) => Err(ScoreError::new_err(e.to_string())),
    }
}

/// Scores many situations (dicts with the `hupai score` keys) on every core, the GIL released;
/// a situation that cannot be scored gives `{"error": "..."}` in its place.
#[pyfunction]
#[pyo3(signature = (situations, *, rules = "riichi", table = None))]
pub(crate) fn score_batch<'py>(
    py: Python<'py>,
    situations: &Bound<'py, PyAny>,
    rules: &str,
    table: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let scorer = scorer(rules, table)?;
    let mut objects: Vec<Result<Map<String, Value>, String>> = Vec::new();
    for (i, item) in situations.try_iter()?.enumerate() {
        let item = item?;
        objects.push(match item.cast::<PyDict>() {
            Ok(d) => dict_to_json(d, Path::Root).map_err(|e| e.to_string()),
            Err(_) => Err(format!("situation {i}: expected a dict")),
        });
    }
    let answers: Vec<Result<hupai_score::Score, String>> = py.detach(|| {
        objects
            .par_iter()
            .map(|o| match o {
                Ok(object) => scorer.answer_object(object).map_err(|e| e.to_string()),
                Err(message) => Err(hupai_score::ScoreError::Input(message.clone()).to_string()),
            })
            .collect()
    });
    let list = PyList::empty(py);
    let error_key = pyo3::intern!(py, "error");
    for answer in &answers {
        list.append(match answer {
            Ok(answer) => to_python(py, answer)?,
            Err(message) => {
                let d = PyDict::new(py);
                d.set_item(error_key, message)?;
                d.into_any()
            }
        })?;
    }
    Ok(list)
}
