//! `hupai.score` and `hupai.score_batch`: the situation's keyword arguments become the JSON object
//! `hupai score` reads on a line, and the answer the dict it prints, through
//! [`hupai_score::Scorer`], so Python, the command line and C give the same answers.

use hupai_score::Scorer;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use rayon::prelude::*;
use serde_json::{Map, Number, Value};

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
        Err(_) => to_json(table, "table")?.to_string(),
    };
    match scorer {
        Scorer::Regional(_) => hupai_score::regional::Table::from_json_text(&text)
            .map(Scorer::Regional)
            .map_err(|e| PyValueError::new_err(format!("table: {e}"))),
        _ => Err(PyValueError::new_err(format!("a table applies to the regional rule sets, not to '{rules}'"))),
    }
}

/// A Python value as JSON: `None`, `bool`, `int`, `float`, `str`, lists and tuples, dicts with
/// string keys. `path` names the value in errors.
fn to_json(ob: &Bound<'_, PyAny>, path: &str) -> PyResult<Value> {
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
        return list.iter().enumerate().map(|(i, v)| to_json(&v, &format!("{path}[{i}]"))).collect();
    }
    if let Ok(tuple) = ob.cast::<PyTuple>() {
        return tuple.iter().enumerate().map(|(i, v)| to_json(&v, &format!("{path}[{i}]"))).collect();
    }
    if let Ok(dict) = ob.cast::<PyDict>() {
        return dict_to_json(dict, path).map(Value::Object);
    }
    Err(PyTypeError::new_err(format!("{path}: cannot read a {} as a situation value", ob.get_type().name()?)))
}

fn dict_to_json(dict: &Bound<'_, PyDict>, path: &str) -> PyResult<Map<String, Value>> {
    let mut map = Map::new();
    for (k, v) in dict.iter() {
        let key: String =
            k.extract().map_err(|_| PyTypeError::new_err(format!("{path}: keys must be strings, found {k}")))?;
        let value = to_json(&v, &if path.is_empty() { key.clone() } else { format!("{path}.{key}") })?;
        map.insert(key, value);
    }
    Ok(map)
}

/// A JSON answer as Python objects (dicts, lists, str, int, float, bool, None).
fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (_, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_python(py, v)?)?;
            }
            dict.into_any()
        }
    })
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
    let scorer = scorer(rules, table)?;
    let mut object = match situation {
        Some(d) => dict_to_json(d, "")?,
        None => Map::new(),
    };
    object.insert("hand".into(), Value::String(hand.to_string()));
    object.insert("win".into(), Value::String(win.to_string()));
    match scorer.score_object(&object) {
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
            Ok(d) => dict_to_json(d, "").map_err(|e| e.to_string()),
            Err(_) => Err(format!("situation {i}: expected a dict")),
        });
    }
    let answers: Vec<Value> = py.detach(|| {
        objects
            .par_iter()
            .map(|o| match o {
                Ok(object) => scorer.score_object(object).unwrap_or_else(|e| hupai_score::error_value(&e)),
                Err(message) => hupai_score::error_value(&hupai_score::ScoreError::Input(message.clone())),
            })
            .collect()
    });
    let list = PyList::empty(py);
    for answer in &answers {
        list.append(to_python(py, answer)?)?;
    }
    Ok(list)
}
