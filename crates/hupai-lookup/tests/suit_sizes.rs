//! Pins the size and shape of the per-suit tables, so a change to the layout is deliberate.

use hupai_lookup::format::{self, HEADER_LEN};
use hupai_lookup::suit_table::{MAX_TILES, PATTERNS, SuitTables};

const COMMITTED: &[u8] = include_bytes!("../tables/suit.bin");

#[test]
fn suit_table_sizes_are_pinned() {
    let tables: SuitTables = format::decode(COMMITTED).unwrap();
    // Patterns of one numbered suit with at most 14 tiles, each 4 bits, twice: the fewest
    // wildcards for melds and any pair, and the 2-5-8 pair column.
    assert_eq!((MAX_TILES, PATTERNS), (14, 405_350));
    assert_eq!(tables.codes.len(), 202_675);
    assert_eq!(tables.codes_258.len(), 202_675);
    assert_eq!(tables.entries.len(), 10);
    assert_eq!(tables.entries_258.len(), 6);
    assert_eq!(COMMITTED.len(), 405_498);
    assert_eq!(COMMITTED.len() - HEADER_LEN, format::payload_bytes(&tables).len());
    // The budget for all artifacts is 512 KiB; this one keeps well under 400 KiB.
    assert!(COMMITTED.len() < 400 * 1024);
}
