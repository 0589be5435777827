//! The workspace README's Rust examples are this crate's README examples, which run as doctests:
//! so the workspace README cannot drift either. The workspace README is not part of this crate's
//! package, so outside the workspace (a published crate) this check says so and skips.

use std::path::Path;

#[test]
fn workspace_readme_examples_are_doctested_here() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    if !workspace.contains("[workspace]") || !root.join("crates/hupai-lookup").is_dir() {
        println!("skipped: not built inside the hupai workspace, whose README is not in this package");
        return;
    }
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the workspace README");
    let ours = include_str!("../README.md");
    let blocks: Vec<&str> = readme.split("```rust\n").skip(1).filter_map(|b| b.split("```").next()).collect();
    assert!(!blocks.is_empty(), "the workspace README has a Rust example");
    for block in blocks {
        assert!(ours.contains(block), "README.md's example is not in crates/hupai-lookup/README.md:\n{block}");
    }
}
