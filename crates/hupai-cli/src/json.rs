//! JSON output: string escaping straight into a byte buffer (the batch hot path), tile names as
//! static strings, and a serde_json formatter that writes `{"key": value, ...}` like the batch.

use std::fmt;
use std::io;

use hupai_tiles::{Tile, TileSet};
use serde::Serialize;

/// Tile names in tile order, so waits are written without formatting.
pub(crate) const TILE_NAMES: [&str; Tile::COUNT] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
];

/// Does this byte need escaping inside a JSON string?
#[inline]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Appends `s` escaped for the inside of a JSON string (no quotes added).
pub(crate) fn escape_into(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    // Hands almost never need escaping: copy runs of plain bytes whole.
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !needs_escape(b) {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[(b >> 4) as usize]);
                out.push(HEX[(b & 0xf) as usize]);
            }
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

/// A `fmt::Write` that escapes what is written into a JSON string, so `Display` output (error
/// messages) goes into the buffer without an intermediate `String`.
pub(crate) struct Escaped<'a>(pub(crate) &'a mut Vec<u8>);

impl fmt::Write for Escaped<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        escape_into(self.0, s);
        Ok(())
    }
}

/// Appends a JSON array of tile names: `["1m", "9p"]`.
pub(crate) fn write_tiles(out: &mut Vec<u8>, set: TileSet) {
    out.push(b'[');
    for (i, t) in set.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        out.push(b'"');
        out.extend_from_slice(TILE_NAMES[t.index()].as_bytes());
        out.push(b'"');
    }
    out.push(b']');
}

/// serde_json's compact style with a space after `:` and `,`, matching the batch lines.
struct Spaced;

impl serde_json::ser::Formatter for Spaced {
    fn begin_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { writer.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { writer.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }
}

/// One value as one JSON line (newline included) in the batch's style.
pub(crate) fn line<T: Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, Spaced);
    // Serializing plain structs of strings, numbers and bools into a Vec cannot fail.
    value.serialize(&mut ser).expect("JSON serialization into memory");
    out.push(b'\n');
    out
}

/// One value as one JSON line (newline included) in the batch's style, written straight to `out`
/// (a value that produces its parts while it is written, such as a long list, is never whole in
/// memory).
pub(crate) fn write_line<T: Serialize>(out: &mut impl io::Write, value: &T) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(&mut *out, Spaced);
    value.serialize(&mut ser).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_names_match_display() {
        for t in Tile::ALL {
            assert_eq!(TILE_NAMES[t.index()], t.to_string());
        }
    }

    #[test]
    fn escaping_agrees_with_serde_json() {
        for s in ["123m", "a\"b\\c", "tab\there", "\u{1}\u{1f}", "🀄 \u{7f} \u{2028}", ""] {
            let mut out = Vec::new();
            out.push(b'"');
            escape_into(&mut out, s);
            out.push(b'"');
            let back: String = serde_json::from_slice(&out).unwrap();
            assert_eq!(back, s);
        }
    }

    #[test]
    fn spaced_lines() {
        #[derive(Serialize)]
        struct Row {
            name: &'static str,
            list: [u8; 2],
        }
        let text = line(&Row { name: "x", list: [1, 2] });
        assert_eq!(String::from_utf8(text).unwrap(), "{\"name\": \"x\", \"list\": [1, 2]}\n");
    }
}
