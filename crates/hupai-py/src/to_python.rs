//! A serde serializer that builds Python objects directly: a score becomes the dict `hupai score`
//! prints without passing through JSON text or `serde_json::Value`. The answer is the one the
//! JSON path gives (the same `Serialize` implementation writes both); only the dict's key order
//! follows the struct's fields instead of JSON's sorted keys.
//!
//! Struct field names are `&'static str`, so each becomes an interned Python string once per
//! thread and is reused: a dict key then costs neither an allocation nor a hash. The caches are
//! reached once per answer and only ever borrowed with `try_borrow_mut`: if making an object runs
//! Python code that answers again on this thread (a finaliser, say), that inner answer builds
//! without the caches instead of failing.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::mem::ManuallyDrop;

use pyo3::BoundObject;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use serde::ser::{self, Serialize};
use smallvec::SmallVec;

/// Writes `value` as Python objects: structs and maps as dicts, sequences as lists, strings,
/// numbers, booleans and `None` as themselves, a unit enum variant as its name.
pub(crate) fn to_python<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    CACHES.with(|caches| value.serialize(Writer { py, caches }).map_err(|e| e.0))
}

/// The serializer's error: the Python exception, or a message serde gave.
#[derive(Debug)]
pub(crate) struct Failure(PyErr);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Failure {}

impl ser::Error for Failure {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Failure(PyValueError::new_err(message.to_string()))
    }
}

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Self {
        Failure(e)
    }
}

/// Hashes a field name's address and length: field names are compared by identity.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0 ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Interned field names by the name's address and length.
type KeyCache = HashMap<(usize, usize), Py<PyString>, BuildHasherDefault<AddressHasher>>;

/// Slots of recently written short strings: the text and its Python string.
type TextCache = Vec<Option<(Box<str>, Py<PyString>)>>;

/// The longest string [`Caches::text`] keeps; longer ones (a reading) rarely repeat.
const CACHED_TEXT: usize = 32;

/// What one thread's answers reuse. Never dropped: the strings live as long as the
/// interpreter, and dropping a Python reference from a thread-local destructor could run after
/// the interpreter has finalized.
struct Caches {
    /// Interned field names by the name's address and length.
    keys: RefCell<KeyCache>,
    /// Short strings by content, direct-mapped: the names in an answer (yaku, fans, limits)
    /// repeat from call to call, and reusing their Python strings saves decoding each again.
    texts: RefCell<TextCache>,
}

thread_local! {
    static CACHES: ManuallyDrop<Caches> = const {
        ManuallyDrop::new(Caches {
            keys: RefCell::new(HashMap::with_hasher(BuildHasherDefault::new())),
            texts: RefCell::new(Vec::new()),
        })
    };
}

impl Caches {
    /// A Python string of `s`, reused when the same short text was written recently.
    fn text<'py>(&self, py: Python<'py>, s: &str) -> Bound<'py, PyString> {
        if s.len() > CACHED_TEXT {
            return PyString::new(py, s);
        }
        let Ok(mut cache) = self.texts.try_borrow_mut() else { return PyString::new(py, s) };
        let slot = s.bytes().fold(0x811C_9DC5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193)) as usize & 255;
        if cache.is_empty() {
            cache.resize_with(256, || None);
        }
        match &cache[slot] {
            Some((known, string)) if **known == *s => string.bind(py).clone(),
            _ => {
                let string = PyString::new(py, s);
                cache[slot] = Some((s.into(), string.clone().unbind()));
                string
            }
        }
    }

    /// The interned Python string for a field name.
    fn key<'py>(&self, py: Python<'py>, name: &'static str) -> Bound<'py, PyString> {
        let Ok(mut cache) = self.keys.try_borrow_mut() else { return PyString::intern(py, name) };
        cache
            .entry((name.as_ptr() as usize, name.len()))
            .or_insert_with(|| PyString::intern(py, name).unbind())
            .bind(py)
            .clone()
    }
}

#[derive(Clone, Copy)]
struct Writer<'a, 'py> {
    py: Python<'py>,
    caches: &'a Caches,
}

impl<'py> Writer<'_, 'py> {
    fn int<T: IntoPyObject<'py>>(self, value: T) -> Result<Bound<'py, PyAny>, Failure>
    where
        PyErr: From<T::Error>,
    {
        Ok(value.into_pyobject(self.py).map_err(PyErr::from)?.into_any().into_bound())
    }

    /// A one-key dict `{variant: value}`, as serde_json writes an enum variant with data.
    fn variant(self, variant: &'static str, value: Bound<'py, PyAny>) -> Result<Bound<'py, PyAny>, Failure> {
        let dict = PyDict::new(self.py);
        dict.set_item(self.caches.key(self.py, variant), value)?;
        Ok(dict.into_any())
    }
}

impl<'a, 'py> ser::Serializer for Writer<'a, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    type SerializeSeq = List<'a, 'py>;
    type SerializeTuple = List<'a, 'py>;
    type SerializeTupleStruct = List<'a, 'py>;
    type SerializeTupleVariant = Variant<List<'a, 'py>>;
    type SerializeMap = Dict<'a, 'py>;
    type SerializeStruct = Dict<'a, 'py>;
    type SerializeStructVariant = Variant<Dict<'a, 'py>>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok, Failure> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok, Failure> {
        self.int(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Self::Ok, Failure> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Self::Ok, Failure> {
        // JSON has no NaN or infinity: serde_json writes them as null, and so does this.
        if v.is_finite() { self.int(v) } else { self.serialize_none() }
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok, Failure> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok, Failure> {
        Ok(self.caches.text(self.py, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok, Failure> {
        // As serde_json: a list of numbers.
        Ok(PyList::new(self.py, v)?.into_any())
    }
    fn serialize_none(self) -> Result<Self::Ok, Failure> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok, Failure> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok, Failure> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok, Failure> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Self::Ok, Failure> {
        Ok(self.caches.key(self.py, variant).into_any())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<Self::Ok, Failure> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok, Failure> {
        self.variant(variant, value.serialize(self)?)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<List<'a, 'py>, Failure> {
        Ok(List { writer: self, items: SmallVec::new() })
    }
    fn serialize_tuple(self, len: usize) -> Result<List<'a, 'py>, Failure> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<List<'a, 'py>, Failure> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<List<'a, 'py>>, Failure> {
        Ok(Variant { variant, inner: self.serialize_seq(Some(len))? })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Dict<'a, 'py>, Failure> {
        Ok(Dict { writer: self, dict: PyDict::new(self.py), key: None })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Dict<'a, 'py>, Failure> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Dict<'a, 'py>>, Failure> {
        Ok(Variant { variant, inner: self.serialize_struct(name, len)? })
    }
}

/// A list being written: its items, made a list of the right size at the end.
pub(crate) struct List<'a, 'py> {
    writer: Writer<'a, 'py>,
    items: SmallVec<[Bound<'py, PyAny>; 8]>,
}

impl<'py> ser::SerializeSeq for List<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        self.items.push(value.serialize(self.writer)?);
        Ok(())
    }
    fn end(self) -> Result<Self::Ok, Failure> {
        Ok(PyList::new(self.writer.py, self.items)?.into_any())
    }
}

impl<'py> ser::SerializeTuple for List<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Self::Ok, Failure> {
        ser::SerializeSeq::end(self)
    }
}

impl<'py> ser::SerializeTupleStruct for List<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Self::Ok, Failure> {
        ser::SerializeSeq::end(self)
    }
}

/// A dict being written; `key` holds a map key until its value comes.
pub(crate) struct Dict<'a, 'py> {
    writer: Writer<'a, 'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
}

impl<'py> ser::SerializeMap for Dict<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Failure> {
        self.key = Some(key.serialize(self.writer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        let key = self.key.take().ok_or_else(|| <Failure as ser::Error>::custom("a map value came without its key"))?;
        Ok(self.dict.set_item(key, value.serialize(self.writer)?)?)
    }
    fn end(self) -> Result<Self::Ok, Failure> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeStruct for Dict<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Failure> {
        let Writer { py, caches } = self.writer;
        Ok(self.dict.set_item(caches.key(py, name), value.serialize(self.writer)?)?)
    }
    fn end(self) -> Result<Self::Ok, Failure> {
        Ok(self.dict.into_any())
    }
}

/// An enum variant with fields, written as serde_json writes it: `{"Variant": fields}`.
pub(crate) struct Variant<Inner> {
    variant: &'static str,
    inner: Inner,
}

impl<'py> ser::SerializeTupleVariant for Variant<List<'_, 'py>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        ser::SerializeSeq::serialize_element(&mut self.inner, value)
    }
    fn end(self) -> Result<Self::Ok, Failure> {
        let writer = self.inner.writer;
        writer.variant(self.variant, ser::SerializeSeq::end(self.inner)?)
    }
}

impl<'py> ser::SerializeStructVariant for Variant<Dict<'_, 'py>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failure;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Failure> {
        ser::SerializeStruct::serialize_field(&mut self.inner, name, value)
    }
    fn end(self) -> Result<Self::Ok, Failure> {
        let writer = self.inner.writer;
        writer.variant(self.variant, self.inner.dict.into_any())
    }
}
