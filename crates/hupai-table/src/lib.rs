//! `hupai-table`: the offline builder of hupai's lookup tables. Never a runtime dependency.
//!
//! Use it through `cargo xtask tables` (which writes `crates/hupai-lookup/tables/*.bin`) or, in
//! tests, to rebuild the tables in memory. It enumerates every winning shape ([`index::shapes`]),
//! reproduces the seeds' counts (11,498,658 hands, 8,185 keys, 9,362 keys over every form), builds
//! the index table with its perfect hash ([`index::build`]) and the per-suit tables ([`suit`]), and
//! encodes each into the container `hupai_lookup::format` validates ([`artifact::encode`]).
//!
//! ```
//! use hupai_table::index::shapes::{self, Counts};
//! let all = shapes::shapes(Counts::UpToFour);
//! assert_eq!(all.len(), 9_362);
//! let four_melds = all.iter().filter(|s| s.tiles() == 14 && !s.decompositions.is_empty());
//! assert_eq!(four_melds.clone().count(), 8_185);
//! assert_eq!(four_melds.map(|s| s.hands()).sum::<u64>(), 11_498_658);
//! ```
//!
//! Its slow exhaustive tests run a sample by default; set `HUPAI_FULL=1` to run them in full.

pub mod artifact;
pub mod index;
pub mod shanten;
pub mod suit;

pub use artifact::{Artifact, build_all};
