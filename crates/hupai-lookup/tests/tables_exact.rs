//! A table that differs in one bit from the one this build was made with is refused, even when the
//! change keeps it well-formed: each payload bit of a sweep flipped, the checksum recomputed, and
//! every variant must fail validation (many pass every structural check: only the pinned SHA-256
//! catches them). Before the digest, one flipped code in `suit.bin` passed validation in two tries
//! of three and changed answers (`233366667789m*` lost its 2m wait).

use hupai_lookup::IndexData;
use hupai_lookup::format::{self, FormatError, Header, Payload};
use hupai_lookup::suit_table::SuitTables;
use hupai_lookup::tables::{self, Table};

/// The committed table with payload bit `bit` flipped and a correct checksum.
fn flipped(table: Table, bit: usize) -> Vec<u8> {
    let (kind, version) = match table {
        Table::Index => (IndexData::KIND, IndexData::VERSION),
        Table::Suit => (SuitTables::KIND, SuitTables::VERSION),
    };
    let mut payload = table.embedded()[format::HEADER_LEN..].to_vec();
    payload[bit / 8] ^= 1 << (bit % 8);
    let mut out = Header::encode(kind, version, &payload);
    out.extend_from_slice(&payload);
    out
}

/// Does `bytes` pass every check but the digest?
fn well_formed(table: Table, bytes: &[u8]) -> bool {
    match table {
        Table::Index => format::decode::<IndexData>(bytes).is_ok(),
        Table::Suit => format::decode::<SuitTables>(bytes).is_ok(),
    }
}

#[test]
fn every_flipped_payload_bit_is_refused() {
    let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
    let variants = if full { 3000 } else { 150 };
    for table in Table::ALL {
        let bits = (table.embedded().len() - format::HEADER_LEN) * 8;
        let mut structurally_valid = 0;
        for i in 0..variants {
            // Spread over the whole payload, a different bit of the byte each time.
            let bit = (i * (bits / variants)) + i % 8;
            let bytes = flipped(table, bit);
            assert_ne!(bytes, table.embedded());
            match tables::validate(table, &bytes) {
                Ok(()) => panic!("{}: payload bit {bit} flipped was accepted", table.file()),
                Err(FormatError::Content { .. }) => structurally_valid += 1,
                Err(e) => assert!(e.to_string().starts_with(table.file()), "{e}"),
            }
            assert_eq!(
                well_formed(table, &bytes),
                matches!(tables::validate(table, &bytes), Err(FormatError::Content { .. }))
            );
        }
        if table == Table::Suit {
            // Most of suit.bin is 4-bit codes: most flips leave it well-formed, and answering wrongly.
            assert!(structurally_valid > variants / 2, "{structurally_valid} of {variants}");
        }
    }
}

#[test]
fn the_embedded_tables_match_their_pinned_digests() {
    for table in Table::ALL {
        // On a deliberate table change the message names the new digest for `Table::sha256`.
        tables::validate(table, table.embedded()).unwrap_or_else(|e| panic!("{e}"));
    }
    let e = tables::validate(Table::Suit, &flipped(Table::Suit, 8 * 1000)).unwrap_err();
    assert!(e.to_string().starts_with("suit.bin: not the table this build was made with (SHA-256 "), "{e}");
}
