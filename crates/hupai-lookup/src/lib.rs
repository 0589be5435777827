//! `hupai-lookup`: runtime lookups over hupai's embedded tables (skeleton; filled in by issue 3).
//!
//! Module ownership while issue 3 is in progress: `format`, `index`, `substitute` belong to the index
//! work; `suit_table` to the suit-table work.
