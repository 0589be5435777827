//! [`Columns`] as a numpy `.npz` archive (`numpy.load` reads it): one `.npy` array a column,
//! stored uncompressed in a zip file, so loading is a copy (or a memory map of each member) and
//! writing runs at the disk's speed. Written by hand (the zip's stored form and the `.npy` header
//! are a few fixed fields), so the command line needs no zip library.

use std::io::{self, Write};

use crate::features;
use crate::reader::Columns;

/// One array to write: its name, numpy's type string, its shape and its bytes (little-endian).
struct Array<'a> {
    name: &'static str,
    descr: &'static str,
    shape: Vec<usize>,
    bytes: std::borrow::Cow<'a, [u8]>,
}

fn le<T: Copy, const N: usize>(v: &[T], to: fn(T) -> [u8; N]) -> std::borrow::Cow<'static, [u8]> {
    std::borrow::Cow::Owned(v.iter().flat_map(|&x| to(x)).collect())
}

/// The arrays of `columns`, named as `hupai.game.decisions` names them.
fn arrays(c: &Columns) -> Vec<Array<'_>> {
    let (n, p, a, ch) = (c.len(), c.players(), c.actions(), c.channels());
    let mut out = Vec::new();
    if !c.planes_f32.is_empty() {
        out.push(Array {
            name: "planes",
            descr: "<f4",
            shape: vec![n, ch, 34],
            bytes: le(&c.planes_f32, f32::to_le_bytes),
        });
    }
    if !c.planes_u8.is_empty() {
        out.push(Array {
            name: "planes",
            descr: "|u1",
            shape: vec![n, ch, 34],
            bytes: std::borrow::Cow::Borrowed(&c.planes_u8),
        });
    }
    out.push(Array {
        name: "mask",
        descr: "|b1",
        shape: vec![n, a],
        bytes: std::borrow::Cow::Owned(c.mask.iter().map(|&b| u8::from(b)).collect()),
    });
    out.push(Array { name: "action", descr: "<i2", shape: vec![n], bytes: le(&c.action, i16::to_le_bytes) });
    out.push(Array { name: "seat", descr: "|i1", shape: vec![n], bytes: le(&c.seat, i8::to_le_bytes) });
    out.push(Array { name: "file", descr: "<u4", shape: vec![n], bytes: le(&c.file, u32::to_le_bytes) });
    out.push(Array { name: "game", descr: "<u4", shape: vec![n], bytes: le(&c.game, u32::to_le_bytes) });
    out.push(Array { name: "hand", descr: "<u2", shape: vec![n], bytes: le(&c.hand, u16::to_le_bytes) });
    out.push(Array { name: "event", descr: "<u4", shape: vec![n], bytes: le(&c.event, u32::to_le_bytes) });
    out.push(Array {
        name: "hand_deltas",
        descr: "<i4",
        shape: vec![n, p],
        bytes: le(&c.hand_deltas, i32::to_le_bytes),
    });
    out.push(Array {
        name: "final_scores",
        descr: "<i4",
        shape: vec![n, p],
        bytes: le(&c.final_scores, i32::to_le_bytes),
    });
    out.push(Array { name: "rank", descr: "|i1", shape: vec![n], bytes: le(&c.rank, i8::to_le_bytes) });
    if !c.oracle_hands.is_empty() {
        out.push(Array {
            name: "oracle_hands",
            descr: "|u1",
            shape: vec![n, p, 34],
            bytes: std::borrow::Cow::Borrowed(&c.oracle_hands),
        });
    }
    if let Some(family) = c.family {
        let names = features::plane_names(family);
        let width = names.iter().map(|s| s.len()).max().unwrap_or(1);
        let mut bytes = Vec::with_capacity(names.len() * width);
        for name in &names {
            bytes.extend_from_slice(name.as_bytes());
            bytes.resize(bytes.len() + width - name.len(), 0);
        }
        let descr: &'static str = Box::leak(format!("|S{width}").into_boxed_str());
        out.push(Array { name: "plane_names", descr, shape: vec![names.len()], bytes: bytes.into() });
    }
    out
}

/// The `.npy` form of one array: magic, version 1.0, a padded header, the data.
fn npy(array: &Array<'_>) -> Vec<u8> {
    let shape = match array.shape.as_slice() {
        [one] => format!("({one},)"),
        dims => format!("({})", dims.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
    };
    let mut header = format!("{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}", array.descr);
    // The data starts on a multiple of 64 bytes (numpy's own writer aligns so), the header ending in '\n'.
    let total = 10 + header.len() + 1;
    header.push_str(&" ".repeat(total.next_multiple_of(64) - total));
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + array.bytes.len());
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&array.bytes);
    out
}

/// CRC-32 (the zip's, IEEE 802.3), a byte at a time from a table.
fn crc32(data: &[u8]) -> u32 {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let mut c = i as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            }
            c
        })
    });
    !data.iter().fold(!0u32, |c, &b| table[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8))
}

/// Writes `columns` as an `.npz` archive to `out`. An archive past 4 GiB (the plain zip's limit)
/// is refused before anything is written: convert fewer files at a time.
pub fn write(columns: &Columns, out: &mut dyn Write) -> io::Result<()> {
    let members: Vec<(String, Vec<u8>)> = arrays(columns).iter().map(|a| (format!("{}.npy", a.name), npy(a))).collect();
    let size: usize = members.iter().map(|(n, d)| 30 + 46 + 2 * n.len() + d.len()).sum::<usize>() + 22;
    if size > u32::MAX as usize || members.len() > usize::from(u16::MAX) {
        return Err(io::Error::other(format!(
            "the archive would take {size} bytes, past the zip's 4 GiB: convert fewer files at a time"
        )));
    }
    let mut central = Vec::new();
    let mut offset = 0u32;
    for (name, data) in &members {
        let crc = crc32(data);
        let len = data.len() as u32;
        // Stored (method 0), no flags, a fixed DOS time (1980-01-01) so the same columns give the same bytes.
        let fixed = |out: &mut Vec<u8>| {
            out.extend_from_slice(&20u16.to_le_bytes()); // version needed
            out.extend_from_slice(&0u16.to_le_bytes()); // flags
            out.extend_from_slice(&0u16.to_le_bytes()); // method: stored
            out.extend_from_slice(&0u16.to_le_bytes()); // time
            out.extend_from_slice(&0x21u16.to_le_bytes()); // date
            out.extend_from_slice(&crc.to_le_bytes());
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes()); // extra
        };
        let mut local = b"PK\x03\x04".to_vec();
        fixed(&mut local);
        local.extend_from_slice(name.as_bytes());
        out.write_all(&local)?;
        out.write_all(data)?;
        central.extend_from_slice(b"PK\x01\x02");
        central.extend_from_slice(&20u16.to_le_bytes()); // version made by
        fixed(&mut central);
        central.extend_from_slice(&[0; 6]); // comment length, disk, internal attributes
        central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
        offset += (local.len() + data.len()) as u32;
    }
    let mut end = b"PK\x05\x06".to_vec();
    end.extend_from_slice(&[0; 4]);
    end.extend_from_slice(&(members.len() as u16).to_le_bytes());
    end.extend_from_slice(&(members.len() as u16).to_le_bytes());
    end.extend_from_slice(&(central.len() as u32).to_le_bytes());
    end.extend_from_slice(&offset.to_le_bytes());
    end.extend_from_slice(&0u16.to_le_bytes());
    out.write_all(&central)?;
    out.write_all(&end)
}

#[cfg(test)]
mod tests {
    use super::crc32;

    #[test]
    fn crc32_of_the_check_string() {
        // The standard check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }
}
