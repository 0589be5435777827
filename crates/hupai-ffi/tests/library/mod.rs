//! Where the libraries this test run built are, and how a failed build or run is shown: shared by
//! the tests that link or load them.

use std::path::PathBuf;
use std::process::Output;

/// The shared library's file name.
pub(crate) const DYLIB: &str = if cfg!(target_os = "macos") { "libhupai_ffi.dylib" } else { "libhupai_ffi.so" };

/// The directory holding the libraries cargo built for this test run: the test binary lives in
/// `target/<profile>/deps`, next to the libraries `cargo test` builds; `target/<profile>` holds the
/// copies of the last `cargo build`, which may be older, so it is the fallback.
pub(crate) fn library_dir(file: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("target/<profile>/deps").to_path_buf();
    let profile = deps.parent().expect("target/<profile>").to_path_buf();
    for dir in [deps, profile] {
        if dir.join(file).is_file() {
            return dir;
        }
    }
    panic!("{file} was not built next to {}; build it with `cargo build -p hupai-ffi`", exe.display());
}

/// A finished process's status and what it printed, for a failure message.
// Each test binary compiles this module; not all of them show a process.
#[allow(dead_code)]
pub(crate) fn show(output: &Output) -> String {
    format!(
        "status {}\n--- stdout\n{}--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
