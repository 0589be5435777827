//! Artifacts: the encoder of the container `hupai_lookup::format` reads, and [`build_all`], the one
//! list of every generated file that `cargo xtask tables` writes or checks.

use hupai_lookup::format::{self, Header, Payload};

/// Where the lookup tables live, relative to the workspace root.
pub const LOOKUP_DIR: &str = "crates/hupai-lookup/tables";
/// Where the shanten table lives, relative to the workspace root.
pub const SHANTEN_DIR: &str = "crates/hupai-shanten/tables";

/// One generated file: its directory and name, its bytes, and the lines `cargo xtask tables`
/// prints about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artifact {
    /// Directory relative to the workspace root ([`LOOKUP_DIR`] or [`SHANTEN_DIR`]).
    pub dir: &'static str,
    /// File name, e.g. `index.bin`.
    pub file: &'static str,
    /// The complete file: header and payload.
    pub bytes: Vec<u8>,
    /// Human-readable summary lines (counts, sizes).
    pub summary: Vec<String>,
}

/// The artifact bytes of a table: the header (magic, banner, versions, kind, length, checksum)
/// followed by the postcard payload. Deterministic.
pub fn encode<T: Payload>(value: &T) -> Vec<u8> {
    let payload = format::payload_bytes(value);
    let mut out = Header::encode(T::KIND, T::VERSION, &payload);
    out.extend_from_slice(&payload);
    out
}

/// Builds the index table artifact (`index.bin`).
pub fn index_artifact(progress: &dyn Fn(&str, u64, u64)) -> Artifact {
    let (data, s) = crate::index::build(progress);
    let bytes = encode(&data);
    let st = s.stats;
    let summary = vec![
        format!("{} distinct 14-tile winning hands (4 melds + pair, at most 4 of a kind; S000: 11498658)", st.hands),
        format!("{} distinct index keys of those hands (S000: 8185)", st.keys_four_melds),
        format!(
            "{} keys over every form a real hand wins with: 0-4 melds + pair, seven pairs (S002: 9362)",
            st.keys_real
        ),
        format!(
            "{} keys in the table ({} more with a count above 4, reachable only by fifth-copy wildcards)",
            st.keys,
            st.keys - st.keys_real
        ),
        format!(
            "{} decomposition words; perfect hash: {} slots, {} pilots, seed found after {} tries",
            s.decompositions, s.slots, s.buckets, s.seeds_tried
        ),
    ];
    Artifact { dir: LOOKUP_DIR, file: <hupai_lookup::IndexData as Payload>::FILE, bytes, summary }
}

/// Builds the per-suit tables artifact (`suit.bin`) with [`crate::suit::build`].
pub fn suit_artifact(progress: &dyn Fn(&str, u64, u64)) -> Result<Artifact, String> {
    progress("suit: fewest-wildcards tables", 0, 1);
    let tables = crate::suit::build().map_err(|e| e.to_string())?;
    progress("suit: fewest-wildcards tables", 1, 1);
    let summary = vec![format!(
        "{} numbered-suit count patterns (at most {} tiles), {} distinct entries + {} for the 2-5-8 pair, 4 bits each",
        tables.patterns,
        tables.max_tiles,
        tables.entries.len(),
        tables.entries_258.len()
    )];
    Ok(Artifact {
        dir: LOOKUP_DIR,
        file: <hupai_lookup::suit_table::SuitTables as Payload>::FILE,
        bytes: encode(&tables),
        summary,
    })
}

/// Builds the shanten table artifact (`shanten.bin`, for `hupai-shanten`) with
/// [`crate::shanten::build`].
pub fn shanten_artifact(progress: &dyn Fn(&str, u64, u64)) -> Result<Artifact, String> {
    progress("shanten: per-suit distance table", 0, 1);
    let tables = crate::shanten::build().map_err(|e| e.to_string())?;
    progress("shanten: per-suit distance table", 1, 1);
    let summary = vec![format!(
        "{} numbered-suit count patterns (at most {} tiles), {} distinct distance vectors, one byte each",
        tables.patterns,
        tables.max_tiles,
        tables.vectors.len() / hupai_shanten::table::LANES
    )];
    Ok(Artifact {
        dir: SHANTEN_DIR,
        file: <hupai_shanten::table::ShantenTables as Payload>::FILE,
        bytes: encode(&tables),
        summary,
    })
}

/// Builds the 2-5-8-pair shanten table artifact (`shanten-258.bin`, for `hupai-shanten`) with
/// [`crate::shanten::build_258`].
pub fn shanten_258_artifact(progress: &dyn Fn(&str, u64, u64)) -> Result<Artifact, String> {
    progress("shanten: 2-5-8-pair distance table", 0, 1);
    let tables = crate::shanten::build_258().map_err(|e| e.to_string())?;
    progress("shanten: 2-5-8-pair distance table", 1, 1);
    let summary = vec![format!(
        "{} numbered-suit count patterns (at most {} tiles), {} distinct pair halves with the pair on 2, 5 or 8, one byte each",
        tables.patterns,
        tables.max_tiles,
        tables.halves.len() / hupai_shanten::table::HALF_LANES
    )];
    Ok(Artifact {
        dir: SHANTEN_DIR,
        file: <hupai_shanten::table::Pair258Tables as Payload>::FILE,
        bytes: encode(&tables),
        summary,
    })
}

/// Every artifact, in a fixed order. `progress(step, done, total)` reports long steps.
pub fn build_all(progress: &dyn Fn(&str, u64, u64)) -> Result<Vec<Artifact>, String> {
    Ok(vec![
        index_artifact(progress),
        suit_artifact(progress)?,
        shanten_artifact(progress)?,
        shanten_258_artifact(progress)?,
    ])
}
