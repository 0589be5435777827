//! Runs the real `hupai bench`: a JSON row for every registered algorithm (as `hupai algorithms
//! --json` lists them) at every wildcard count it supports, the corpus it times is the criterion
//! benches' corpus (`hupai_benches::deal`), and `--batch` answers every line it generates.
//! No timing is asserted beyond "a positive, finite number": speed is for the benches.

use std::process::Command;

use serde_json::Value;

const WILDCARDS: [u64; 5] = [0, 1, 2, 4, 8];

fn hupai(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_hupai")).args(args).output().expect("hupai runs");
    assert!(output.status.success(), "hupai {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn every_algorithm_has_a_row_at_every_wildcard_count_it_supports() {
    let algorithms = json_lines(&hupai(&["algorithms", "--json"]));
    assert!(algorithms.len() >= 2, "the registry lists algorithms");
    let rows = json_lines(&hupai(&["bench", "--json", "--hands", "30"]));
    for a in &algorithms {
        let name = a["name"].as_str().expect("a name");
        let wildcards = a["wildcards"].as_bool().expect("a wildcards flag");
        let max = a["max_wildcards"].as_u64().expect("max_wildcards");
        let expected: Vec<u64> =
            if wildcards { WILDCARDS.iter().copied().filter(|&k| k <= max).collect() } else { vec![0] };
        let found: Vec<u64> =
            rows.iter().filter(|r| r["algorithm"] == name).map(|r| r["wildcards"].as_u64().expect("K")).collect();
        assert_eq!(found, expected, "rows of {name}");
    }
    for r in &rows {
        let ns = r["ns_per_hand"].as_f64().expect("ns_per_hand is a number");
        assert!(ns.is_finite() && ns > 0.0, "{r}");
        assert_eq!(r["hands"].as_u64(), Some(30), "{r}");
        assert!(r.get("unsupported").is_none(), "random concealed deals are supported: {r}");
        assert!(algorithms.iter().any(|a| a["name"] == r["algorithm"]), "{r} names an unregistered algorithm");
    }
}

#[test]
fn waits_are_timed_on_hands_one_tile_short() {
    let output = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["bench", "--waits", "--json", "--hands", "20"])
        .output()
        .expect("hupai runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    // A wrong-size corpus would make every algorithm return errors, which the bench reports.
    assert!(output.status.success() && !stderr.contains("error"), "{stderr}");
    let rows = json_lines(&String::from_utf8_lossy(&output.stdout));
    for name in ["hupai", "suit-table", "backtrack"] {
        let found: Vec<u64> =
            rows.iter().filter(|r| r["algorithm"] == name).map(|r| r["wildcards"].as_u64().expect("K")).collect();
        assert_eq!(found, WILDCARDS, "waits rows of {name}");
    }
    for r in &rows {
        assert_eq!(r["hands"].as_u64(), Some(20), "{r}");
    }
    // Added rows of their own shape: the facade on hands one tile short at every wildcard count.
    let short: Vec<u64> = rows
        .iter()
        .filter(|r| r["one_short"] == "hupai")
        .map(|r| {
            assert!(r.get("algorithm").is_none(), "{r}");
            assert!(r["ns_per_hand"].as_f64().is_some_and(|ns| ns.is_finite() && ns > 0.0), "{r}");
            r["wildcards"].as_u64().expect("K")
        })
        .collect();
    assert_eq!(short, WILDCARDS, "one-short rows");
    let table = hupai(&["bench", "--waits", "--hands", "10"]);
    assert!(table.starts_with("Random 13-tile deals"), "{table}");
    assert!(table.contains("waits"), "{table}");
    assert!(table.contains("Waits of hands one tile short"), "{table}");
    assert!(table.contains("hupai waits at 8 wildcards on hands one tile short"), "{table}");
}

#[test]
fn the_table_names_every_algorithm_and_the_targets() {
    let table = hupai(&["bench", "--hands", "20", "--seed", "5"]);
    for a in json_lines(&hupai(&["algorithms", "--json"])) {
        let name = a["name"].as_str().expect("a name");
        assert!(table.lines().any(|l| l.starts_with(name)), "no row for {name}:\n{table}");
    }
    assert!(table.contains("seed 0x5"), "{table}");
    assert!(table.contains("index vs backtrack at 0 wildcards"), "{table}");
}

#[test]
fn the_corpus_is_the_criterion_corpus() {
    for (k, seed) in [(0u8, hupai_benches::SEED), (2, hupai_benches::SEED), (8, 12345)] {
        let printed = hupai(&["bench", "--corpus", &k.to_string(), "--hands", "25", "--seed", &seed.to_string()]);
        let expected: Vec<String> = (0..25).map(|i| hupai_benches::deal(seed, i, 14, k).to_string()).collect();
        assert_eq!(printed.lines().collect::<Vec<_>>(), expected, "{k} wildcards, seed {seed}");
    }
    let taiwan = hupai(&["bench", "--corpus", "1", "--hands", "3", "--rules", "taiwan"]);
    let expected: Vec<String> =
        (0..3).map(|i| hupai_benches::deal(hupai_benches::SEED, i, 17, 1).to_string()).collect();
    assert_eq!(taiwan.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn batch_mode_answers_every_generated_line() {
    let rows = json_lines(&hupai(&["bench", "--batch", "--json", "--hands", "2000"]));
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(r["hands"].as_u64(), Some(2000), "{r}");
    let rate = r["hands_per_second"].as_f64().expect("a rate");
    assert!(rate.is_finite() && rate > 0.0, "{r}");
    // Every line is answered with at least `{"hand": "...", "win": false}`.
    assert!(r["output_bytes"].as_u64().is_some_and(|b| b > 2000 * 30), "{r}");
}

#[test]
fn shanten_rows_cover_every_rule_set_beside_standard() {
    let output = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["bench", "--shanten", "--json", "--hands", "8"])
        .output()
        .expect("hupai runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && !stderr.contains("error"), "{stderr}");
    let rows = json_lines(&String::from_utf8_lossy(&output.stdout));
    let names: Vec<&str> =
        rows.iter().filter(|r| r["wildcards"] == 0).map(|r| r["shanten"].as_str().expect("rules")).collect();
    for want in [
        "standard",
        "gb",
        "sichuan",
        "sichuan+void-m",
        "changsha",
        "standard+258",
        "standard+tiles-108",
        "standard+tiles-112",
        "hongzhong",
        "sanma",
        "standard+5th",
        "hongzhong+5th",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    for r in &rows {
        assert_eq!(r["hands"].as_u64(), Some(8), "{r}");
        for key in ["ns_per_hand", "standard_ns_per_hand", "vs_standard"] {
            let x = r[key].as_f64().unwrap_or(f64::NAN);
            assert!(x.is_finite() && x > 0.0, "{key} in {r}");
        }
    }
    // The table: a row per rule set and wildcard count, and the targets.
    let table = hupai(&["bench", "--shanten", "--hands", "4"]);
    assert!(table.contains("×standard") && table.contains("Targets:") && table.contains("over 2×: "), "{table}");
}

#[test]
fn presets_rows_cover_every_question_and_rule_set_beside_standard() {
    let output = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["bench", "--presets", "--json", "--hands", "4"])
        .output()
        .expect("hupai runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && !stderr.contains("error"), "{stderr}");
    let rows = json_lines(&String::from_utf8_lossy(&output.stdout));
    for question in ["win", "waits", "shanten", "advice"] {
        let names: Vec<&str> = rows
            .iter()
            .filter(|r| r["wildcards"] == 0)
            .filter_map(|r| r.get(question).and_then(|n| n.as_str()))
            .collect();
        for want in ["standard", "gb", "sichuan", "sichuan+void-m", "changsha", "hongzhong", "sanma", "hongzhong+5th"] {
            assert!(names.contains(&want), "{question}: {want} missing from {names:?}");
        }
    }
    for r in &rows {
        assert_eq!(r["hands"].as_u64(), Some(4), "{r}");
        let x = r["vs_standard"].as_f64().unwrap_or(f64::NAN);
        assert!(x.is_finite() && x > 0.0, "{r}");
    }
    let table = hupai(&["bench", "--presets", "--hands", "2"]);
    for what in ["Win check of", "Waits of", "Waits, shanten", "discard advice"] {
        assert!(table.contains(what), "{what} missing from {table}");
    }
    assert_eq!(table.matches("Targets:").count(), 4, "{table}");
}
