//! A call's arguments: one JSON object whose keys the package's functions fill from their
//! parameters and the caller's options object. Each key is read once, with an error naming it when
//! it has the wrong type, and a key nobody read is an error too, so a misspelt option is never
//! silently ignored.

use serde_json::{Map, Value};

use crate::Failure;

/// The keys of one call, taken one by one.
pub(crate) struct Args {
    map: Map<String, Value>,
}

/// What a JSON value is, in a message.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

impl Args {
    /// The arguments of a call, from the JSON object the package writes.
    pub(crate) fn parse(text: &str) -> Result<Args, Failure> {
        match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => Ok(Args { map }),
            Ok(other) => Err(Failure::argument(format!("arguments: expected an object, found {}", kind_of(&other)))),
            Err(e) => Err(Failure::argument(format!("arguments: not JSON: {e}"))),
        }
    }

    /// Takes a key; `None` when it is absent, `null` or `undefined` (which JSON drops).
    fn take(&mut self, key: &str) -> Option<Value> {
        self.map.remove(key).filter(|v| !v.is_null())
    }

    /// A required string.
    pub(crate) fn string(&mut self, key: &str) -> Result<String, Failure> {
        self.optional_string(key)?.ok_or_else(|| Failure::argument(format!("{key}: missing; expected a string")))
    }

    /// An optional string.
    pub(crate) fn optional_string(&mut self, key: &str) -> Result<Option<String>, Failure> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(Failure::argument(format!("{key}: expected a string, found {}", kind_of(&other)))),
        }
    }

    /// An optional flag, `false` when absent.
    pub(crate) fn flag(&mut self, key: &str) -> Result<bool, Failure> {
        match self.take(key) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(b),
            Some(other) => Err(Failure::argument(format!("{key}: expected a boolean, found {}", kind_of(&other)))),
        }
    }

    /// An optional whole number from 0 to `max`.
    pub(crate) fn count(&mut self, key: &str, max: u64) -> Result<Option<u64>, Failure> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::Number(n)) => match n.as_u64() {
                Some(n) if n <= max => Ok(Some(n)),
                _ => Err(Failure::argument(format!("{key}: expected a whole number from 0 to {max}, found {n}"))),
            },
            Some(other) => Err(Failure::argument(format!("{key}: expected a number, found {}", kind_of(&other)))),
        }
    }

    /// An optional JSON object, as it is.
    pub(crate) fn object(&mut self, key: &str) -> Result<Option<Map<String, Value>>, Failure> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::Object(map)) => Ok(Some(map)),
            Some(other) => Err(Failure::argument(format!("{key}: expected an object, found {}", kind_of(&other)))),
        }
    }

    /// An optional value of any JSON type.
    pub(crate) fn value(&mut self, key: &str) -> Option<Value> {
        self.take(key)
    }

    /// Refuses a key outside `known`, before anything is computed: the first such key (in key
    /// order) is an unknown option.
    pub(crate) fn only(&self, known: &[&str]) -> Result<(), Failure> {
        match self.map.keys().find(|k| !known.contains(&k.as_str())) {
            None => Ok(()),
            Some(key) => Err(Failure::argument(format!("unknown option '{key}'"))),
        }
    }

    /// Every key has been read: the first one left (in key order) is an unknown option.
    pub(crate) fn finish(self) -> Result<(), Failure> {
        match self.map.keys().next() {
            None => Ok(()),
            Some(key) => Err(Failure::argument(format!("unknown option '{key}'"))),
        }
    }
}
