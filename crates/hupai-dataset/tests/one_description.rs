//! One family description per family: what the action tables, the feature planes and the
//! Python games read about a family is its [`Family`] value in `action_table.rs`, chosen from the
//! rules by `Family::of`, the one place the rule families are named. The code that steps games,
//! encodes planes and reads logs (this crate's `features.rs`, `reader.rs`, `stream.rs`, `npz.rs`
//! and `hupai-py`'s `game.rs`, `vec_game.rs`, `dataset.rs`) names no family: neither one of the
//! engine's `Family` variants nor one of the descriptions, so a new family is one new value.
//!
//! The reading is textual (comments and string literals left out, and each file's unit tests).
//!
//! [`Family`]: hupai_dataset::action_table::Family

use std::path::Path;

use hupai_dataset::action_table::FAMILIES;

/// The files that step, encode and read, by crate.
const STEPPING: &[(&str, &[&str])] = &[
    ("hupai-dataset", &["features.rs", "reader.rs", "stream.rs", "npz.rs", "lib.rs"]),
    ("hupai-py", &["game.rs", "vec_game.rs", "dataset.rs"]),
];

/// The engine's rule families, as `hupai_game::Family` names them.
const ENGINE_FAMILIES: &[&str] = &["Riichi", "Gb", "Hongzhong", "Changsha", "Sichuan"];

/// The descriptions' names in `action_table.rs` (`pub static RIICHI4: Family`).
const DESCRIPTIONS: &[&str] = &["RIICHI4", "RIICHI3", "GB", "HONGZHONG", "SICHUAN", "CHANGSHA"];

/// The code without comments, string literals and the unit-test module.
fn code_only(src: &str) -> String {
    let src = &src[..src.find("#[cfg(test)]\nmod tests {").unwrap_or(src.len())];
    let mut out = String::with_capacity(src.len());
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether `code` holds `word` as a whole identifier.
fn names(code: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().next_back().is_none_or(|c| !ident(c));
        let after = code[at + word.len()..].chars().next().is_none_or(|c| !ident(c));
        before && after
    })
}

/// Every family one file's code names.
fn family_names(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for f in ENGINE_FAMILIES {
        if names(code, &format!("Family::{f}")) || names(code, &format!("Rules::{f}")) {
            out.push(format!("the engine's family {f}"));
        }
    }
    for d in DESCRIPTIONS {
        if names(code, d) {
            out.push(format!("the description {d}"));
        }
    }
    out
}

#[test]
fn the_stepping_code_names_no_family() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut problems = Vec::new();
    let mut read = 0;
    for (krate, files) in STEPPING {
        for file in *files {
            let path = crates.join(krate).join("src").join(file);
            let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            read += 1;
            for name in family_names(&code_only(&src)) {
                problems.push(format!("{krate}/src/{file} names {name}: read it from the family's description"));
            }
        }
    }
    assert_eq!(read, 8);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_description_is_named_once_in_the_table() {
    // The descriptions the checker looks for are the table's own, each its family's one value.
    let table = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/action_table.rs")).unwrap();
    let code = code_only(&table);
    for d in DESCRIPTIONS {
        assert_eq!(code.matches(&format!("pub static {d}: Family")).count(), 1, "{d}");
    }
    assert_eq!(FAMILIES.len(), DESCRIPTIONS.len());
    let mut seen: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), FAMILIES.len(), "one description per family");
}

#[test]
fn the_checker_catches_each_kind_of_name() {
    assert_eq!(family_names("match rules.family { Family::Gb => 1, _ => 0 }").len(), 1);
    assert_eq!(family_names("if std::ptr::eq(table.family, &SICHUAN) {}").len(), 1);
    assert_eq!(family_names("use hupai_game::Family as Rules; Rules::Riichi").len(), 1);
    assert!(family_names("let c = features::channels(table.family); GB_TILES; SICHUAN_X").is_empty());
    assert!(family_names(&code_only("// Family::Gb\nlet s = \"RIICHI4\";")).is_empty());
}
