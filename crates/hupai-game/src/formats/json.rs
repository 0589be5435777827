//! The JSON of mjai and tenhou.net/6 logs as the readers look at it: serde_json parses the text
//! (so what it accepts and the errors it gives are serde_json's), but into values that borrow
//! their strings from the text and keep an object's members in a list, instead of
//! `serde_json::Value`'s owned strings and sorted maps: a log line is read with one or two
//! allocations instead of one for every key and every string.

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Number, Value};

/// A JSON value borrowing its strings from the text it was read from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json<'a> {
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    /// The members in the order written; a key written twice means its last value, as in
    /// `serde_json::Value`.
    Object(Vec<(Cow<'a, str>, Json<'a>)>),
}

impl<'a> Json<'a> {
    /// Parses `text` (one JSON value, whitespace around it allowed), with serde_json's errors.
    pub(crate) fn parse(text: &'a str) -> Result<Json<'a>, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// An object's member (its last value if written twice) or an array's element.
    pub(crate) fn get<I: JsonIndex>(&self, i: I) -> Option<&Json<'a>> {
        i.index_into(self)
    }

    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    pub(crate) fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub(crate) fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub(crate) fn as_array(&self) -> Option<&Vec<Json<'a>>> {
        match self {
            Json::Array(list) => Some(list),
            _ => None,
        }
    }

    pub(crate) fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// The same value as a `serde_json::Value` (for messages and for what is read as a whole,
    /// like a rules object).
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Number(n) => Value::Number(n.clone()),
            Json::String(s) => Value::String(s.to_string()),
            Json::Array(list) => Value::Array(list.iter().map(Json::to_value).collect()),
            Json::Object(members) => {
                Value::Object(members.iter().map(|(k, v)| (k.to_string(), v.to_value())).collect())
            }
        }
    }
}

/// What [`Json::get`] looks a value up by: an object's key or an array's index.
pub(crate) trait JsonIndex {
    fn index_into<'v, 'a>(self, v: &'v Json<'a>) -> Option<&'v Json<'a>>;
}

impl JsonIndex for &str {
    fn index_into<'v, 'a>(self, v: &'v Json<'a>) -> Option<&'v Json<'a>> {
        match v {
            Json::Object(members) => members.iter().rev().find(|(k, _)| k == self).map(|(_, x)| x),
            _ => None,
        }
    }
}

impl JsonIndex for usize {
    fn index_into<'v, 'a>(self, v: &'v Json<'a>) -> Option<&'v Json<'a>> {
        match v {
            Json::Array(list) => list.get(self),
            _ => None,
        }
    }
}

/// Written as `serde_json::Value` writes it (compact, keys sorted), so messages quoting a value
/// read the same.
impl fmt::Display for Json<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Number(n) => write!(f, "{n}"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Null => f.write_str("null"),
            _ => write!(f, "{}", self.to_value()),
        }
    }
}

impl<'de> Deserialize<'de> for Json<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json<'de>, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json<'de>, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Json<'de>, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Json<'de>, E> {
        Ok(Json::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Json<'de>, E> {
        Ok(Number::from_f64(n).map_or(Json::Null, Json::Number))
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Borrowed(s)))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s.to_owned())))
    }

    fn visit_string<E>(self, s: String) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s)))
    }

    fn visit_none<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }

    fn visit_unit<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Json<'de>, D::Error> {
        Deserialize::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json<'de>, A::Error> {
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(x) = seq.next_element()? {
            list.push(x);
        }
        Ok(Json::Array(list))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json<'de>, A::Error> {
        let mut members = Vec::with_capacity(map.size_hint().unwrap_or(0).max(4));
        while let Some(key) = map.next_key::<Key<'de>>()? {
            members.push((key.0, map.next_value()?));
        }
        Ok(Json::Object(members))
    }
}

/// An object's key, borrowed from the text when it holds no escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key<'de>, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_owned())))
            }
            fn visit_string<E>(self, s: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_serde_json_reads_and_writes_it_the_same() {
        let text = r#"{"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false,"x":[1,-2,3.5,null,"a\"b"],"actor":2}"#;
        let v = Json::parse(text).unwrap();
        assert_eq!(v.get("type").and_then(Json::as_str), Some("dahai"));
        // The last of a key written twice, as serde_json's `Value` keeps.
        assert_eq!(v.get("actor").and_then(Json::as_u64), Some(2));
        assert_eq!(v.get("tsumogiri").and_then(Json::as_bool), Some(false));
        let x = v.get("x").unwrap();
        assert_eq!(x.get(1).and_then(Json::as_i64), Some(-2));
        assert_eq!(x.get(4).and_then(Json::as_str), Some("a\"b"));
        assert!(x.get(3).unwrap().is_null());
        let value: Value = serde_json::from_str(text).unwrap();
        assert_eq!(v.to_value(), value);
        assert_eq!(v.to_string(), value.to_string());
        assert_eq!(x.get(2).unwrap().to_string(), "3.5");
    }

    #[test]
    fn refuses_what_serde_json_refuses_with_its_message() {
        for bad in ["{\"type\":", "[1,2", "{\"a\" 1}", "tru", "{\"a\":1} x"] {
            let ours = Json::parse(bad).unwrap_err().to_string();
            let theirs = serde_json::from_str::<Value>(bad).unwrap_err().to_string();
            assert_eq!(ours, theirs, "{bad}");
        }
    }
}
