//! Fuzz target: table validation never panics, whatever the bytes. The first byte picks the table
//! (index or suit) and what the rest is: the whole artifact as given; a payload behind a correct
//! header and checksum (so decoding and the consistency checks see it); or edits (position, xor)
//! to the committed table's payload with the checksum fixed up, so the damage reaches the deepest
//! checks. Any failure must be a typed error naming the table.
#![no_main]

use hupai_lookup::IndexData;
use hupai_lookup::format::{self, Header, Payload};
use hupai_lookup::suit_table::SuitTables;
use hupai_lookup::tables::{self, Table};
use libfuzzer_sys::fuzz_target;

fn wrapped(table: Table, payload: &[u8]) -> Vec<u8> {
    let (kind, version) = match table {
        Table::Index => (IndexData::KIND, IndexData::VERSION),
        Table::Suit => (SuitTables::KIND, SuitTables::VERSION),
    };
    let mut out = Header::encode(kind, version, payload);
    out.extend_from_slice(payload);
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let table = if mode & 1 == 0 { Table::Index } else { Table::Suit };
    let bytes = match (mode >> 1) % 3 {
        0 => rest.to_vec(),
        1 => wrapped(table, rest),
        _ => {
            // Edits of four bytes each: a 3-byte position in the payload, then the xor.
            let mut payload = table.embedded()[format::HEADER_LEN..].to_vec();
            for edit in rest.chunks_exact(4) {
                let at = u32::from_le_bytes([edit[0], edit[1], edit[2], 0]) as usize % payload.len();
                payload[at] ^= edit[3];
            }
            if rest.len() % 4 != 0 {
                // A ragged tail also truncates the payload there.
                let cut = u32::from_le_bytes([rest[0], rest[rest.len() - 1], 0, 0]) as usize % payload.len();
                payload.truncate(cut);
            }
            wrapped(table, &payload)
        }
    };
    if let Err(e) = tables::validate(table, &bytes) {
        assert!(e.to_string().starts_with(table.file()), "{e}");
    }
});
