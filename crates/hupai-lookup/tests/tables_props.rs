//! Table validation never panics, whatever the bytes: arbitrary bytes, arbitrary payloads behind a
//! correct header and checksum (so decoding and the consistency checks run on them), and the
//! committed tables with bytes changed and the checksum fixed up to match (so the damage reaches
//! the deepest checks). The fuzz target `fuzz/fuzz_targets/table_validation.rs` does the same
//! without bounds.

use hupai_lookup::IndexData;
use hupai_lookup::format::{self, Header, Payload};
use hupai_lookup::suit_table::SuitTables;
use hupai_lookup::tables::{self, Table};
use proptest::prelude::*;

/// An artifact of `table`'s kind and version around `payload`, with a correct checksum.
fn wrapped(table: Table, payload: &[u8]) -> Vec<u8> {
    let (kind, version) = match table {
        Table::Index => (IndexData::KIND, IndexData::VERSION),
        Table::Suit => (SuitTables::KIND, SuitTables::VERSION),
    };
    let mut out = Header::encode(kind, version, payload);
    out.extend_from_slice(payload);
    out
}

fn table() -> impl Strategy<Value = Table> {
    prop_oneof![Just(Table::Index), Just(Table::Suit)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_are_rejected(table in table(), bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        // No magic, banner and checksum by chance.
        prop_assert!(tables::validate(table, &bytes).is_err());
    }

    #[test]
    fn arbitrary_payloads_never_panic(table in table(), payload in proptest::collection::vec(any::<u8>(), 0..4096)) {
        let bytes = wrapped(table, &payload);
        // Past the header: decoding and validation run; the verdict is theirs, panicking is not.
        if let Err(e) = tables::validate(table, &bytes) {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}

proptest! {
    // Each case decodes a whole table (hundreds of KiB): fewer cases.
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn damaged_payloads_with_fixed_checksums_never_panic(
        table in table(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 1..=255u8), 1..4),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut payload = table.embedded()[format::HEADER_LEN..].to_vec();
        for (at, xor) in edits {
            let i = at.index(payload.len());
            payload[i] ^= xor;
        }
        if truncate {
            payload.truncate(cut.index(payload.len()));
        }
        let bytes = wrapped(table, &payload);
        if let Err(e) = tables::validate(table, &bytes) {
            prop_assert!(e.to_string().starts_with(table.file()), "{e}");
        }
    }
}

#[test]
fn the_embedded_tables_validate_and_load() {
    for table in Table::ALL {
        tables::validate(table, table.embedded()).unwrap_or_else(|e| panic!("{e}"));
        // The payload wrapped again is the same artifact: `wrapped` builds what the builder writes.
        assert_eq!(wrapped(table, &table.embedded()[format::HEADER_LEN..]), table.embedded());
        tables::check(table).unwrap_or_else(|e| panic!("{e}"));
    }
}
