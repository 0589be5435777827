//! `cargo xtask` tasks as a library, so tests can run them: `tables` regenerates the committed
//! tables, `tables --check` regenerates them in memory and fails if a committed file differs.
//!
//! Every generated file is written through one function, [`ensure_file_contents`], in the style of
//! rust-analyzer's `sourcegen`: in check mode it never writes and reports a stale file as an error.
//!
//! ```no_run
//! let report = xtask::tables(&xtask::workspace_root(), xtask::Mode::Check, &|_, _, _| {})?;
//! assert!(report.iter().any(|line| line.contains("11498658")));
//! # Ok::<(), String>(())
//! ```

use std::path::{Path, PathBuf};
use std::time::Instant;

/// Write the files, or only check that they are up to date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Write every file whose contents differ.
    Write,
    /// Write nothing; fail if any file differs.
    Check,
}

/// What [`ensure_file_contents`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The file already had these contents.
    Unchanged,
    /// The file was written (created or replaced).
    Updated,
}

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// Directory of the committed tables.
pub fn tables_dir(root: &Path) -> PathBuf {
    root.join("crates").join("hupai-lookup").join("tables")
}

/// Directory of the committed shanten table.
pub fn shanten_tables_dir(root: &Path) -> PathBuf {
    root.join(hupai_table::artifact::SHANTEN_DIR)
}

/// The one way generated files reach the disk: writes `contents` to `path` unless it already holds
/// them; in [`Mode::Check`] a difference is an error naming the file and the fix.
pub fn ensure_file_contents(path: &Path, contents: &[u8], mode: Mode) -> Result<Outcome, String> {
    if let Ok(old) = std::fs::read(path)
        && old == contents
    {
        return Ok(Outcome::Unchanged);
    }
    match mode {
        Mode::Check => Err(format!(
            "{} is stale or missing (regenerated: {} bytes); run `cargo xtask tables` and commit the result",
            path.display(),
            contents.len()
        )),
        Mode::Write => {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            std::fs::write(path, contents).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Ok(Outcome::Updated)
        }
    }
}

/// Regenerates every table and writes or checks it; returns the summary lines (counts, sizes, time).
/// In check mode every stale file is reported (not only the first) before failing.
pub fn tables(root: &Path, mode: Mode, progress: &dyn Fn(&str, u64, u64)) -> Result<Vec<String>, String> {
    let start = Instant::now();
    let artifacts = hupai_table::build_all(progress)?;
    let built = start.elapsed();
    let mut lines = Vec::new();
    let mut stale = Vec::new();
    let mut total = 0;
    for a in &artifacts {
        total += a.bytes.len();
        let status = match ensure_file_contents(&root.join(a.dir).join(a.file), &a.bytes, mode) {
            Ok(Outcome::Unchanged) => "up to date",
            Ok(Outcome::Updated) => "written",
            Err(e) => {
                stale.push(e);
                "STALE"
            }
        };
        lines.push(format!("{}: {} bytes, {status}", a.file, a.bytes.len()));
        lines.extend(a.summary.iter().map(|l| format!("  {l}")));
    }
    lines.push(format!(
        "{} artifacts, {total} bytes ({:.1} KiB) in all; built in {:.2} s",
        artifacts.len(),
        total as f64 / 1024.0,
        built.as_secs_f64()
    ));
    if stale.is_empty() { Ok(lines) } else { Err(format!("{}\n{}", lines.join("\n"), stale.join("\n"))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_tables_are_fresh() {
        // The staleness check itself: regenerate in memory, compare with what is committed.
        let lines = match tables(&workspace_root(), Mode::Check, &|_, _, _| {}) {
            Ok(lines) => lines,
            Err(e) => panic!("{e}"),
        };
        let text = lines.join("\n");
        for count in ["11498658", "8185", "9362"] {
            assert!(text.contains(count), "summary lacks {count}:\n{text}");
        }
    }

    /// The committed `shanten.bin` size: a deliberate change to the table updates it.
    const SHANTEN_PIN: u64 = 407_555;

    #[test]
    fn committed_artifact_sizes_are_pinned() {
        // A deliberate change to a table updates its pin here; an accidental one fails loudly.
        const PINS: [(&str, u64); 2] = [("index.bin", 101_933), ("suit.bin", 405_498)];
        let dir = tables_dir(&workspace_root());
        let shanten = shanten_tables_dir(&workspace_root()).join("shanten.bin");
        let shanten_len = std::fs::metadata(&shanten).map(|m| m.len()).unwrap_or(0);
        assert_eq!(shanten_len, SHANTEN_PIN, "shanten.bin is {shanten_len} bytes, pinned at {SHANTEN_PIN}");
        assert!(shanten_len <= 1024 * 1024, "the shanten table must stay within 1 MiB, not {shanten_len} bytes");
        let mut shanten_dir: Vec<String> = std::fs::read_dir(shanten_tables_dir(&workspace_root()))
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        shanten_dir.sort();
        assert_eq!(shanten_dir, ["shanten.bin"], "only the generated table lives in hupai-shanten/tables/");
        let mut total = 0;
        for (file, size) in PINS {
            let len = std::fs::metadata(dir.join(file)).map(|m| m.len()).unwrap_or(0);
            assert_eq!(len, size, "{file} is {len} bytes, pinned at {size}");
            total += len;
        }
        assert!(total <= 512 * 1024, "all tables together must stay within 512 KiB, not {total} bytes");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        on_disk.sort();
        let pinned: Vec<String> = PINS.iter().map(|(f, _)| f.to_string()).collect();
        assert_eq!(on_disk, pinned, "every generated file is pinned, and nothing else lives in tables/");
    }

    #[test]
    fn ensure_file_contents_checks_and_writes() {
        let dir = std::env::temp_dir().join(format!("hupai-xtask-test-{}", std::process::id()));
        let path = dir.join("t.bin");
        let _ = std::fs::remove_file(&path);
        assert!(ensure_file_contents(&path, b"abc", Mode::Check).is_err());
        assert_eq!(ensure_file_contents(&path, b"abc", Mode::Write), Ok(Outcome::Updated));
        assert_eq!(ensure_file_contents(&path, b"abc", Mode::Check), Ok(Outcome::Unchanged));
        let err = ensure_file_contents(&path, b"abd", Mode::Check).unwrap_err();
        assert!(err.contains("cargo xtask tables"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"abc");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
