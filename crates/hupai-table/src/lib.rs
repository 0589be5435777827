//! `hupai-table`: the offline builder of hupai's tables (skeleton; filled in by issue 3).
//!
//! Module ownership while issue 3 is in progress: `index` (index table, S002/S000) and the
//! artifact writing belong to the index work; `suit` (per-suit wildcard tables) to the suit-table work.
