//! The JSON fields `hupai` prints are exactly the ones docs/cli.md documents: each of its field tables
//! (marked `<!-- fields: COMMAND PATH -->`) is read, the binary is run on hands chosen to bring out every
//! field, and the keys printed at each path are compared with the documented ones, mode by mode
//! (`check`, `shanten`, `advice`, and `batch` plain, `--shanten`, `--advice`, `--ev`).

use std::collections::{BTreeMap, BTreeSet};
mod common;

use serde_json::Value;

/// One documented field: its name and its `with` column (`always`, or the flags that add it).
struct Field {
    name: String,
    with: String,
}

/// The field tables of docs/cli.md by (command, path).
fn documented() -> BTreeMap<(String, String), Vec<Field>> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md")).expect("docs/cli.md");
    let mut tables = BTreeMap::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(marker) = line.strip_prefix("<!-- fields: ").and_then(|l| l.strip_suffix(" -->")) else { continue };
        let (command, path) = marker.split_once(' ').expect("<!-- fields: COMMAND PATH -->");
        let mut fields = Vec::new();
        // The header and the separator, then the rows.
        for row in lines.by_ref().skip(2).take_while(|l| l.starts_with('|')) {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let name = cells[1].trim_matches('`').to_owned();
            fields.push(Field { name, with: cells[2].to_owned() });
        }
        assert!(!fields.is_empty(), "the table after {line:?} has no rows");
        let old = tables.insert((command.to_owned(), path.to_owned()), fields);
        assert!(old.is_none(), "two tables for {marker}");
    }
    tables
}

fn hupai(args: &[&str], stdin: &str) -> String {
    let run = common::run(args, stdin.as_bytes());
    assert!(!run.stdout.is_empty(), "hupai {args:?} printed nothing: {}", run.stderr);
    run.stdout
}

/// Adds the keys of every object in `value` to `keys`, by path: `.` for the line itself, `advice[]` for
/// the objects of its `advice` array, `ev.discards[]`, …; `opaque` paths are not entered.
fn collect(value: &Value, path: &str, opaque: &[&str], keys: &mut BTreeMap<String, BTreeSet<String>>) {
    match value {
        Value::Object(map) => {
            keys.entry(path.to_owned()).or_default().extend(map.keys().cloned());
            for (key, inner) in map {
                let child = if path == "." { key.clone() } else { format!("{path}.{key}") };
                if !opaque.contains(&child.as_str()) {
                    collect(inner, &child, opaque, keys);
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                collect(item, &format!("{path}[]"), opaque, keys);
            }
        }
        _ => {}
    }
}

/// Runs each of `runs` (arguments, stdin) and compares the keys printed with the tables of `command`,
/// restricted to the rows that are `always` there or name `flag`, less `unreached` (fields no hand
/// here brings out, which must still be documented).
fn check_mode(command: &str, flag: Option<&str>, runs: &[(&[&str], &str)], opaque: &[&str], unreached: &[&str]) {
    let tables = documented();
    let mut printed = BTreeMap::new();
    for (args, stdin) in runs {
        for line in hupai(args, stdin).lines() {
            let value: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            collect(&value, ".", opaque, &mut printed);
        }
    }
    let mut expected: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for ((c, path), fields) in &tables {
        if c != command {
            continue;
        }
        let names = fields
            .iter()
            .filter(|f| {
                flag.is_none_or(|flag| f.with == "always" || f.with.split(", ").any(|w| w.trim_matches('`') == flag))
            })
            .map(|f| f.name.clone())
            .filter(|name| {
                let qualified = if path == "." { name.clone() } else { format!("{path}.{name}") };
                !unreached.contains(&qualified.as_str())
            });
        let names: BTreeSet<String> = names.collect();
        if !names.is_empty() {
            expected.insert(path.clone(), names);
        }
    }
    for field in unreached {
        let (path, name) = field.rsplit_once('.').unwrap_or((".", field));
        let documented =
            tables.get(&(command.to_owned(), path.to_owned())).is_some_and(|f| f.iter().any(|f| f.name == name));
        assert!(documented, "{command}: {field} is not documented in docs/cli.md");
    }
    assert_eq!(
        printed, expected,
        "{command} {flag:?}: the fields printed (left) and those docs/cli.md documents (right)"
    );
}

#[test]
fn check_prints_the_documented_fields() {
    let never_wins = "[111m]23p456p789s112s";
    check_mode(
        "check",
        None,
        &[
            (
                &[
                    "check",
                    "--json",
                    "123m456p789s11122z",
                    "123m456p789s1122z",
                    "123m456p789s12345z",
                    "123m456p789s1234z",
                    "12x",
                ],
                "",
            ),
            (&["check", "--json", "--rules", "sichuan+void-m", never_wins], ""),
            (&["check", "--json", "--rules", "gb", "123m456p789s1122z", "--algorithm", "all"], ""),
            (&["check", "--json", "11122233344455m", "--limit", "1"], ""),
            (&["check", "--json", "11122233344455m", "--algorithm", "all"], ""),
            (&["check", "--json", "123m456p789s12345z", "--rules", "riichi", "--turns", "2"], ""),
            (&["check", "--json", "123m456p789s11122z", "--rules", "riichi", "--win", "2z"], ""),
        ],
        &["score"],
        // A damaged table, or draw odds over too many hands (seconds to bring out).
        &["decompositions_error", "ev_error"],
    );
}

#[test]
fn shanten_and_advice_print_the_documented_fields() {
    check_mode(
        "shanten",
        None,
        &[(&["shanten", "--json", "123m456p789s1234z", "123m456p789s12345z", "12m456p**", "12x"], "")],
        &[],
        &[],
    );
    check_mode(
        "advice",
        None,
        &[
            (&["advice", "--json", "--rules", "riichi", "--turns", "2", "123m456p789s12345z", "123m456p789s1234z"], ""),
            (&["advice", "--json", "123m456p789s1234z*"], ""),
        ],
        &[],
        &["ev_error"],
    );
}

#[test]
fn batch_prints_the_documented_fields_in_every_mode() {
    let lines = "123m456p789s11122z\n123m456p789s1122z\n123m456p789s12345z\n123m456p789s1234z\n12x\n";
    let never_wins = "[111m]23p456p789s112s\n123p456p789s1122s\n";
    check_mode("batch", Some("plain"), &[(&["batch"], lines)], &[], &[]);
    check_mode(
        "batch",
        Some("--shanten"),
        &[(&["batch", "--shanten"], lines), (&["batch", "--shanten", "--rules", "sichuan+void-m"], never_wins)],
        &[],
        &[],
    );
    check_mode(
        "batch",
        Some("--advice"),
        &[(&["batch", "--advice"], lines), (&["batch", "--advice", "--rules", "sichuan+void-m"], never_wins)],
        &[],
        &[],
    );
    check_mode(
        "batch",
        Some("--ev"),
        &[
            (&["batch", "--ev", "--turns", "2", "--rules", "riichi"], lines),
            (&["batch", "--ev", "--turns", "2", "--rules", "sichuan+void-m"], never_wins),
        ],
        &[],
        &[],
    );
}
