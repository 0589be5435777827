//! Doctests the workspace README's Rust examples when the README is there (building inside the
//! hupai workspace); a published package does not ship it, and then says so instead of failing.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(hupai_workspace_readme)");
    let readme = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    println!("cargo::rerun-if-changed={}", readme.display());
    if readme.is_file() {
        println!("cargo::rustc-cfg=hupai_workspace_readme");
    } else {
        // A note, not an error: the examples are the workspace's, checked where the workspace is.
        println!("cargo::warning=the hupai workspace README is not here, so its examples are not doctested");
    }
}
