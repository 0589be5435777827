//! Checks the shanten table of `docs/semantics.md` (between `<!-- shanten:start -->` and
//! `<!-- shanten:end -->`) against the library and, for the shanten, against the brute force of
//! `common` (target enumeration), so the documented examples cannot drift from the code.

mod common;

use std::path::PathBuf;

use hupai_shanten::{Discard, discard_advice, effective_tiles, shanten};
use hupai_tiles::{Hand, Rules, TileCounts};

/// Rules as the documentation writes them: the rules grammar (`sichuan+void-p`, `standard+5th`).
fn rules_named(name: &str) -> Rules {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn semantics_doc_shanten_examples() {
    // docs/ is the workspace's, not part of this crate's package: outside the workspace (a
    // published crate) say so and skip rather than fail on a missing file.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    if !manifest.contains("[workspace]") || !root.join("crates/hupai-shanten").is_dir() {
        println!("skipped: not built inside the hupai workspace, so docs/semantics.md is not here to check");
        return;
    }
    let path = root.join("docs/semantics.md");
    let doc = std::fs::read_to_string(&path).expect("docs/semantics.md");
    let table = doc
        .split("<!-- shanten:start -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- shanten:end -->").next())
        .expect("the shanten table markers");
    let mut rows = 0;
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let [hand, rules, number, best, effective] = cells[..] else { panic!("bad row {line}") };
        let hand: Hand = hand.trim_matches('`').parse().unwrap();
        let rules = rules_named(rules);
        let s = shanten(&hand, &rules).unwrap();
        let got_effective: Vec<String>;
        let got_best;
        if hand.tile_count() % 3 == 2 {
            let advice = discard_advice(&hand, &rules, &TileCounts::EMPTY).unwrap();
            got_best = match advice[0].discard {
                Discard::Tile(t) => t.to_string(),
                Discard::Wildcard => "*".to_string(),
            };
            got_effective = advice[0].after.tiles.iter().map(|t| t.tile.to_string()).collect();
        } else {
            got_best = String::new();
            got_effective = effective_tiles(&hand, &rules, &TileCounts::EMPTY)
                .unwrap()
                .tiles
                .iter()
                .map(|t| t.tile.to_string())
                .collect();
        }
        let row = format!(
            "| `{hand}` | {} | {} | {got_best} | {} |",
            cells[1],
            s.number,
            if got_effective.is_empty() { "none".to_string() } else { got_effective.join(" ") }
        );
        assert_eq!(number, s.number.to_string(), "shanten of {hand}; the row should read:\n{row}");
        assert_eq!(best, got_best, "best discard of {hand}; the row should read:\n{row}");
        assert_eq!(effective, got_effective.join(" "), "effective tiles of {hand}; the row should read:\n{row}");
        assert_eq!(s.number as i32, common::brute_shanten(&hand, &rules), "brute force on {hand}");
        rows += 1;
    }
    assert!(rows >= 10, "only {rows} rows");
}
