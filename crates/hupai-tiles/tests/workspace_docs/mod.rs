//! The workspace's `docs/*.md`, which these tests check against the code. They are not part of
//! this crate's package: built outside the workspace (from the published crate), the checks say
//! so and skip, instead of failing on a missing file.

use std::path::{Path, PathBuf};

/// The path of `docs/NAME` and its text, or `None` (after printing why) outside the workspace.
/// Inside the workspace a missing file is an error, not a skip.
pub(crate) fn read(name: &str) -> Option<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    if !manifest.contains("[workspace]") || !root.join("crates/hupai-tiles").is_dir() {
        println!("skipped: not built inside the hupai workspace, so docs/{name} is not here to check");
        return None;
    }
    let path = root.join("docs").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some((path, text))
}
