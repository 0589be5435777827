//! Snapshot tables: every algorithm's answer to the seeds' examples and to the tricky hands, side
//! by side. The committed tables live in `tests/snapshots/`; a change in any answer is a table diff.
//!
//! Updating after an intended change: `cargo insta review` (or `INSTA_UPDATE=always cargo test -p
//! hupai-harness --test snapshots`), then commit the `.snap` files. CI never rewrites them: with
//! `CI=true` insta writes nothing and fails on any difference, and this test additionally fails
//! when a committed snapshot is missing, whatever `INSTA_UPDATE` says (insta's `always` and
//! `unseen` would otherwise accept a new one).

mod common;

use hupai_harness::{Harness, corpus};

fn snapshot(name: &str) {
    let corpus = corpus::corpus(name).unwrap_or_else(|| panic!("no corpus {name}"));
    let harness = Harness::new();
    let table = harness.table(corpus);
    let rows = corpus.table_cases();
    assert!(!rows.is_empty());
    // Every row's algorithms agree; a fault would show as a name in the last column.
    for case in &rows {
        let report = harness.check(case);
        assert!(report.agrees(), "{report}");
    }
    if common::is_ci() {
        assert!(
            common::snapshot_path(name).exists(),
            "{} is not committed; CI does not accept new snapshots (run `cargo insta review` locally)",
            common::snapshot_path(name).display()
        );
    }
    insta::assert_snapshot!(name, table);
}

#[test]
fn seeds_table() {
    snapshot("seeds");
}

#[test]
fn tricky_table() {
    snapshot("tricky");
}
