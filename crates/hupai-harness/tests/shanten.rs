//! `hupai-shanten` against every registered algorithm: shanten −1 exactly when every algorithm
//! says the hand wins, 0 exactly when a hand one short has waits, and then its effective tiles are
//! those waits. On every corpus (sampled by default, in full with `HUPAI_FULL=1`), under every
//! preset with and without the fifth-copy option.
//!
//! Plus snapshot tables of the advice for the seed and tricky examples: `cargo insta review` (or
//! `INSTA_UPDATE=always cargo test -p hupai-harness --test shanten`) after an intended change.

mod common;

use std::fmt::Write;

use hupai_harness::corpus::{self, Case, Size, all_rules, rules_name};
use hupai_shanten::{Discard, discard_advice, effective_tiles, shanten};
use hupai_tiles::{TileCounts, TileSet};

fn check_case(case: &Case) {
    let (hand, rules) = (&case.hand, &case.rules);
    let complete = hand.tile_count() == rules.hand_size();
    let s = match shanten(hand, rules) {
        Ok(s) => s,
        Err(hupai_tiles::Error::NeverWins { .. }) => {
            // No winning hand is reachable (a declared meld of the void suit): no algorithm may
            // find a win or a wait.
            for algorithm in hupai_harness::algorithms() {
                let found = if complete {
                    algorithm.is_win(hand, rules).is_ok_and(|w| w)
                } else {
                    algorithm.waits(hand, rules).is_ok_and(|w| !w.is_empty())
                };
                assert!(!found, "{hand} under {}: {} finds a win", rules_name(rules), algorithm.name());
            }
            return;
        }
        Err(e) => panic!("{hand} under {}: {e}", rules_name(rules)),
    };
    let effective = (!complete).then(|| effective_tiles(hand, rules, &TileCounts::EMPTY).unwrap());
    for algorithm in hupai_harness::algorithms() {
        if complete {
            match algorithm.is_win(hand, rules) {
                Ok(win) => {
                    assert_eq!(win, s.number == -1, "{hand} under {}: {} vs {s:?}", rules_name(rules), algorithm.name())
                }
                Err(e) => assert!(e.is_unsupported(), "{}: {e}", algorithm.name()),
            }
        } else {
            match algorithm.waits(hand, rules) {
                Ok(waits) => {
                    assert_eq!(
                        !waits.is_empty(),
                        s.number == 0,
                        "{hand} under {}: {}",
                        rules_name(rules),
                        algorithm.name()
                    );
                    if s.number == 0 {
                        let kinds: TileSet = effective.iter().flat_map(|e| e.tiles.iter().map(|t| t.tile)).collect();
                        assert_eq!(kinds, waits, "{hand} under {}: {}", rules_name(rules), algorithm.name());
                    }
                }
                Err(e) => assert!(e.is_unsupported(), "{}: {e}", algorithm.name()),
            }
        }
    }
}

#[test]
fn shanten_agrees_with_every_algorithm() {
    let size = Size::from_env();
    for c in corpus::corpora() {
        // The generated corpora are large; every algorithm answers each hand, so take a stride.
        let stride = if size == Size::Full { 1 } else { 40 };
        let mut checked = 0;
        // Every rule set, the regional options included.
        let rules = all_rules();
        assert!(rules.iter().all(|r| hupai_shanten::check_rules(r).is_ok()));
        for (i, case) in c.cases(&rules, size).enumerate() {
            if i % stride == 0 || !c.examples().is_empty() {
                check_case(&case);
                checked += 1;
            }
        }
        assert!(checked > 0, "corpus {} gave no cases", c.name());
    }
}

fn render(name: &str) -> String {
    let corpus = corpus::corpus(name).unwrap_or_else(|| panic!("no corpus {name}"));
    let mut out = String::new();
    let _ = writeln!(out, "# shanten, effective tiles and discard advice: the {name} examples\n");
    let _ = writeln!(
        out,
        "Complete hands list every discard as `discard → shanten: effective tiles (unseen copies)`, best first; \
         hands one short give their shanten and effective tiles. No tiles are visible besides the hand.\n"
    );
    for case in corpus.table_cases() {
        let (hand, rules) = (&case.hand, &case.rules);
        let s = shanten(hand, rules).unwrap_or_else(|e| panic!("{hand}: {e}"));
        let _ = writeln!(out, "## {} — `{hand}` ({})", case.label, rules_name(rules));
        let _ = writeln!(out, "shanten {} ({:?})", s.number, s.form);
        let tiles = |e: &hupai_shanten::Effective| {
            if e.tiles.is_empty() {
                "none".to_string()
            } else {
                let list: Vec<String> = e.tiles.iter().map(|t| format!("{}×{}", t.tile, t.unseen)).collect();
                format!("{} ({})", list.join(" "), e.unseen())
            }
        };
        if hand.tile_count() == rules.hand_size() {
            for o in discard_advice(hand, rules, &TileCounts::EMPTY).unwrap() {
                let d = match o.discard {
                    Discard::Tile(t) => t.to_string(),
                    Discard::Wildcard => "*".to_string(),
                };
                let _ = writeln!(out, "- {d} → {}: {}", o.shanten(), tiles(&o.after));
            }
        } else {
            let e = effective_tiles(hand, rules, &TileCounts::EMPTY).unwrap();
            let _ = writeln!(out, "- effective: {}", tiles(&e));
        }
        out.push('\n');
    }
    out
}

fn snapshot(name: &str) {
    let file = format!("shanten_{name}");
    if common::is_ci() {
        let path = common::snapshot_path(&file).to_string_lossy().replace("snapshots__", "shanten__");
        assert!(std::path::Path::new(&path).exists(), "{path} is not committed; CI does not accept new snapshots");
    }
    insta::assert_snapshot!(file, render(name));
}

#[test]
fn advice_seeds() {
    snapshot("seeds");
}

#[test]
fn advice_tricky() {
    snapshot("tricky");
}
