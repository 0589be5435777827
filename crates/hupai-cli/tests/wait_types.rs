//! `hupai check` shows how each wait is waited on: the nine-gates hand and a JSON check.

use std::process::Command;

fn hupai(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_hupai")).args(args).output().expect("run hupai");
    (String::from_utf8(out.stdout).expect("utf-8"), out.status.code().unwrap_or(-1))
}

#[test]
fn nine_gates_lists_nine_waits_with_types() {
    let (out, code) = hupai(&["check", "1112345678999m", "--json"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let waits: Vec<&str> = v["waits"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert_eq!(waits, ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]);
    let types = v["wait_types"].as_array().expect("wait_types");
    assert_eq!(types.len(), 9);
    let kinds =
        |i: usize| -> Vec<&str> { types[i]["kinds"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect() };
    assert_eq!(types[0]["tile"], "1m");
    assert_eq!(kinds(0), ["two-sided", "double-pair"]);
    assert_eq!(kinds(1), ["single"]);
    assert_eq!(kinds(2), ["two-sided", "edge"]);
    assert_eq!(kinds(4), ["single"]);
    // Every wait the verdict lists has a type, and no type names a tile that is not a wait.
    let typed: Vec<&str> = types.iter().map(|t| t["tile"].as_str().unwrap()).collect();
    assert_eq!(typed, waits);
}

#[test]
fn readable_report_names_the_types() {
    let (out, code) = hupai(&["check", "23m456p789s11122z"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1m: two-sided"), "{out}");
    assert!(out.contains("4m: two-sided"), "{out}");
    let (out, _) = hupai(&["check", "13m456p789s11122z"]);
    assert!(out.contains("2m: closed"), "{out}");
}
