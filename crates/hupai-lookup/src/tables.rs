//! Where the lookup tables' bytes come from, and the one place a damaged table becomes a typed
//! error instead of a panic.
//!
//! The tables are embedded at build time (`include_bytes!`) and validated on first use (magic,
//! versions, length, checksum, then the payload's own consistency checks; see
//! [`format`](mod@crate::format)), and last their SHA-256 is compared with the digest pinned in
//! this file ([`Table::sha256`]): a change that keeps the structure valid (a code changed and the
//! checksum recomputed) would otherwise answer wrongly. The digest is computed once per process
//! (1.6 ms of CPU for both tables in a release build). If validation fails, every algorithm that reads the
//! table answers every hand with [`hupai_tiles::Error::Table`] naming the table and the reason;
//! nothing panics and nothing is guessed.
//!
//! With the `deflated-tables` feature the bytes are embedded deflated and inflated once, on first
//! use (`inflated`): the same tables, a fifth of their size in the binary.
//!
//! [`replace`] swaps a table's bytes for this process before first use: a way for tools and tests
//! to check what a rebuilt or damaged table does (the `hupai` command line reads them from
//! `HUPAI_TABLE_DIR`). [`validate`] runs exactly the checks loading runs, on any bytes.
//!
//! ```
//! use hupai_lookup::tables::{self, Table};
//! let mut damaged = include_bytes!("../tables/suit.bin").to_vec();
//! damaged.truncate(1000);
//! let err = tables::validate(Table::Suit, &damaged).unwrap_err();
//! assert!(err.to_string().starts_with("suit.bin: truncated: 1000 bytes,"), "{err}");
//! ```

use std::sync::OnceLock;

use crate::format::{self, FormatError};
use crate::index::{IndexData, IndexTable};

/// One of the embedded tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Table {
    /// `index.bin`: the index table of `index` and `substitute`.
    Index,
    /// `suit.bin`: the per-suit tables of `suit-table` (and of `hupai-odds`).
    Suit,
}

impl Table {
    /// Both tables.
    pub const ALL: [Table; 2] = [Table::Index, Table::Suit];

    /// The table's file name under `crates/hupai-lookup/tables/`.
    pub const fn file(self) -> &'static str {
        match self {
            Table::Index => "index.bin",
            Table::Suit => "suit.bin",
        }
    }

    fn source(self) -> &'static OnceLock<&'static [u8]> {
        static INDEX: OnceLock<&'static [u8]> = OnceLock::new();
        static SUIT: OnceLock<&'static [u8]> = OnceLock::new();
        match self {
            Table::Index => &INDEX,
            Table::Suit => &SUIT,
        }
    }

    /// The SHA-256 of the exact table this build answers with, in hexadecimal. Pinned: a
    /// deliberate change of the table (`cargo xtask tables`) updates it, and the test
    /// `the_embedded_tables_match_their_pinned_digests` says what the new digest is.
    pub const fn sha256(self) -> &'static str {
        match self {
            Table::Index => "1e60a4ea142a1f7409ee36dd815ffac9605a5752e1febe5078362832ee41da63",
            Table::Suit => "05c51afbdc87ab237529bd47b2c6ae7dc4e86da1adeccfd3c3d58c789118689e",
        }
    }

    /// The bytes embedded in this build (what is used unless [`replace`]d).
    #[cfg(not(feature = "deflated-tables"))]
    pub const fn embedded(self) -> &'static [u8] {
        match self {
            Table::Index => include_bytes!("../tables/index.bin"),
            Table::Suit => include_bytes!("../tables/suit.bin"),
        }
    }

    /// The bytes embedded in this build (what is used unless [`replace`]d), inflated on first use.
    #[cfg(feature = "deflated-tables")]
    pub fn embedded(self) -> &'static [u8] {
        static INDEX: OnceLock<&'static [u8]> = OnceLock::new();
        static SUIT: OnceLock<&'static [u8]> = OnceLock::new();
        match self {
            Table::Index => {
                INDEX.get_or_init(|| inflated(include_bytes!(concat!(env!("OUT_DIR"), "/index.bin.deflate"))))
            }
            Table::Suit => SUIT.get_or_init(|| inflated(include_bytes!(concat!(env!("OUT_DIR"), "/suit.bin.deflate")))),
        }
    }
}

/// A table embedded deflated (the `deflated-tables` feature), inflated once for the process. A
/// stream that does not inflate gives no bytes, which validation then refuses as a truncated
/// table: never a panic.
#[cfg(feature = "deflated-tables")]
pub fn inflated(deflated: &[u8]) -> &'static [u8] {
    let bytes = miniz_oxide::inflate::decompress_to_vec(deflated).unwrap_or_default();
    Box::leak(bytes.into_boxed_slice())
}

/// Why [`replace`] refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {0} table is already in use; replace it before the first hand is answered")]
pub struct AlreadyInUse(pub &'static str);

/// Makes this process read `table` from `bytes` instead of the embedded copy. Must come before
/// anything reads the table (the first hand answered by an algorithm using it); later it fails
/// with [`AlreadyInUse`]. The bytes are not checked here: they are validated on first use, like
/// the embedded ones, so a damaged replacement shows what a damaged build would do.
pub fn replace(table: Table, bytes: Vec<u8>) -> Result<(), AlreadyInUse> {
    let source = table.source();
    if source.get().is_some() {
        return Err(AlreadyInUse(table.file()));
    }
    // Leaked once per process: the tables live for the whole run anyway.
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    source.set(bytes).map_err(|_| AlreadyInUse(table.file()))
}

/// The bytes of `table` this process uses (embedded unless [`replace`]d); fixed from the first call.
/// Public for crates that decode a table themselves (`hupai-odds` counts deals from the suit tables).
pub fn bytes(table: Table) -> &'static [u8] {
    table.source().get_or_init(|| table.embedded())
}

/// Fails unless `bytes` are exactly the table this build was made with ([`Table::sha256`]).
pub(crate) fn exact(table: Table, bytes: &[u8]) -> Result<(), FormatError> {
    let found = crate::digest::hex(&crate::digest::sha256(bytes));
    if found == table.sha256() {
        return Ok(());
    }
    Err(FormatError::Content { artifact: table.file(), found, expected: table.sha256() })
}

/// Runs every check loading `table` runs on `bytes` (header, checksum, decoding, the payload's
/// consistency checks, building the lookup structures, the exact content). Never panics,
/// whatever the bytes.
pub fn validate(table: Table, bytes: &[u8]) -> Result<(), FormatError> {
    match table {
        Table::Index => load_index(bytes).map(drop),
        Table::Suit => crate::suit_table::load(bytes).map(drop),
    }
}

/// Loads `table` (once per process) as the algorithms do: `Ok` if it is usable, else the error
/// every algorithm reading it answers with.
pub fn check(table: Table) -> Result<(), hupai_tiles::Error> {
    match table {
        Table::Index => crate::index::loaded().map(drop),
        Table::Suit => crate::suit_table::runtime().map(drop),
    }
}

/// [`check`] for every table: the first damaged one's error.
pub fn check_all() -> Result<(), hupai_tiles::Error> {
    Table::ALL.into_iter().try_for_each(check)
}

/// Decodes and builds the index table.
pub(crate) fn load_index(bytes: &[u8]) -> Result<IndexTable, FormatError> {
    let data: IndexData = format::decode(bytes)?;
    // `decode` already ran the same checks through `Payload::validate`; building cannot fail after
    // it, but a failure would still come back as a typed error rather than a panic.
    let table =
        IndexTable::build(&data).map_err(|reason| FormatError::Invalid { artifact: Table::Index.file(), reason })?;
    exact(Table::Index, bytes)?;
    Ok(table)
}

/// The error every algorithm answers with when `table` failed validation.
pub(crate) fn unusable(table: Table, e: &FormatError) -> hupai_tiles::Error {
    let message = e.to_string();
    // The format error starts with the file name, which the table error names already.
    let prefix = format!("{}: ", table.file());
    let reason = message.strip_prefix(&prefix).unwrap_or(&message).to_string();
    hupai_tiles::Error::Table { table: table.file(), reason }
}
