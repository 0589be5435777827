//! Shared by the snapshot tests: where the committed snapshots live and how to read one back.

#![allow(dead_code)]

use std::path::PathBuf;

/// The committed snapshot file of a table (insta's naming: `<test file>__<name>.snap`).
pub(crate) fn snapshot_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(format!("snapshots__{name}.snap"))
}

/// The content of a committed snapshot (the part after insta's header), if the file exists.
pub(crate) fn committed(name: &str) -> Option<String> {
    let text = std::fs::read_to_string(snapshot_path(name)).ok()?;
    // The header is a YAML block between two `---` lines.
    let body = text.strip_prefix("---\n")?.split_once("\n---\n")?.1;
    Some(body.trim_end().to_string())
}

/// insta's own test for "running in CI": `CI` set to anything but empty, `0` or `false`, or `TF_BUILD` set.
pub(crate) fn is_ci() -> bool {
    match std::env::var("CI").ok().as_deref() {
        Some("false" | "0" | "") => false,
        None => std::env::var("TF_BUILD").is_ok(),
        Some(_) => true,
    }
}
