//! Runs the real `hupai diff`: the summary names every registered algorithm with its tallies, the
//! JSON lines agree with the harness run in-process, and bad options are refused.

use std::process::Command;

use hupai_harness::Harness;
use hupai_harness::corpus::{self, Size};
use hupai_tiles::Rules;
use serde_json::Value;

/// Runs `hupai ARGS`; returns stdout, stderr and the exit code.
fn hupai(args: &[&str]) -> (String, String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_hupai")).args(args).output().expect("hupai runs");
    (
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().expect("exit code"),
    )
}

#[test]
fn text_summary_names_every_algorithm() {
    let (out, err, code) = hupai(&["diff", "--corpus", "seeds", "--corpus", "tricky"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.is_empty(), "no progress bar when stderr is not a terminal: {err}");
    assert!(out.contains("corpus seeds:") && out.contains("corpus tricky:"), "{out}");
    for name in hupai_harness::names() {
        assert_eq!(out.matches(&format!("\n  {name} ")).count(), 2, "{name} in\n{out}");
    }
    assert!(out.contains("0 disagreeing of"), "{out}");
}

#[test]
fn json_lines_match_the_harness_in_process() {
    let (out, err, code) = hupai(&["diff", "--corpus", "seeds", "--rules", "riichi", "--json"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 1);
    let rules = [Rules::RIICHI, Rules::RIICHI.with_wildcard_fifth_copy(true)];
    let summary = Harness::new().rules(&rules).size(Size::Sampled).run(corpus::corpus("seeds").unwrap(), &|_| {});
    let line = &lines[0];
    assert_eq!(line["corpus"], "seeds");
    assert_eq!(line["cases"], summary.cases);
    assert_eq!(line["disagreeing_cases"], 0);
    let algorithms = line["algorithms"].as_array().expect("algorithms");
    assert_eq!(algorithms.len(), summary.tallies.len());
    for (a, t) in algorithms.iter().zip(&summary.tallies) {
        assert_eq!(a["name"], t.name);
        assert_eq!(a["answered"], t.answered);
        assert_eq!(a["unsupported"], t.unsupported);
        assert_eq!(a["lists"], t.lists);
        assert_eq!(a["disagreements"], 0);
        let by: u64 = a["unsupported_by"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(by, t.unsupported);
    }
    // index skips exactly the seed hands with wildcards.
    let wild = corpus::corpus("seeds").unwrap().cases(&rules, Size::Sampled).filter(|c| c.hand.wildcards() > 0).count();
    assert!(wild > 0);
    assert_eq!(algorithms.iter().find(|a| a["name"] == "index").unwrap()["unsupported_by"]["wildcards"], wild as u64);
}

#[test]
fn one_rule_set_and_bad_options() {
    let (out, _, code) = hupai(&["diff", "--corpus", "tricky", "--rules", "taiwan+5th", "--json"]);
    assert_eq!(code, 0);
    let line: Value = serde_json::from_str(out.trim()).unwrap();
    let expected =
        corpus::corpus("tricky").unwrap().cases(&[Rules::TAIWAN.with_wildcard_fifth_copy(true)], Size::Sampled).count();
    assert_eq!(line["cases"], expected as u64);
    for bad in [["--corpus", "nope"], ["--rules", "mahjong"]] {
        let (_, err, code) = hupai(&["diff", bad[0], bad[1]]);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains(bad[1]), "{err}");
    }
}
