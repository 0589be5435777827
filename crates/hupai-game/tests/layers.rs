//! The crate's rooms keep their layers (drawn in `docs/ARCHITECTURE.md`, `hupai-game`): every
//! `crate::` and `super::` path in `src/` is read and checked against the layer table below, so a
//! lower room importing a higher one, a room outside `family/` naming a family past the seam, or
//! a family importing another fails this test. A second check keeps each family's state in its
//! room: only the family's own file and the seam read it, and the engine's rooms outside
//! `family/` (the turn loop, the legal actions, the views) name no family at all, neither its
//! state nor a `Family` variant.
//!
//! The reading is textual (comments, string literals and each file's unit-test module left out),
//! which is all the crate needs:
//! it names other rooms by path (`crate::game::Game`, `use crate::{a, b}`, `super::chinese`), or
//! by a name the front page re-exports (`crate::Action`), which is traced to its room.

use std::collections::BTreeMap;
use std::path::Path;

/// The layers, lowest first: a room may import rooms of its own layer and of the layers below.
const LAYERS: &[(&str, &[&str])] = &[
    // Values: tiles, walls, rules, actions, events, errors. No engine, no format.
    ("data", &["pai", "wall", "tenhou_shuffle", "rules", "action", "event", "error"]),
    // Log formats: read and write events and rules only.
    ("formats", &["formats", "mjai"]),
    // The engine: the turn loop, what a seat may do and sees, and the families behind the seam.
    (
        "engine",
        &[
            "game",
            "legal",
            "offer",
            "view",
            "family",
            "family::chinese",
            "family::riichi",
            "family::gb",
            "family::hongzhong",
            "family::changsha",
            "family::sichuan",
        ],
    ),
    // What drives the engine: replays of logs, the built-in policies, duplicate tables.
    ("drivers", &["replay", "policy", "duplicate", "fast_paths"]),
    // The front page re-exports the rooms.
    ("front", &["lib"]),
];

/// The families, each a room under `family/` behind the seam (`family/mod.rs`).
const FAMILIES: &[&str] = &["riichi", "gb", "hongzhong", "changsha", "sichuan"];

/// Imports allowed across the layers, each with why.
const EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "formats",
    "replay",
    "a tenhou.net/6 log does not say which of two equal discards was the drawn tile; the reader \
     keeps the reading the engine plays through",
)];

/// The source without comments and string literals (paths in them are not imports).
fn code_only(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let b = src.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A character literal such as '"' (lifetimes have no closing quote two bytes on).
            i += 3;
        } else {
            let len = src[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&src[i..i + len]);
            i += len;
        }
    }
    out
}

fn ident_at(s: &str, at: usize) -> &str {
    let end = s[at..].find(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(s.len(), |e| at + e);
    &s[at..end]
}

/// The first two segments of every path after `prefix` (`crate::` or `super::`), groups
/// (`crate::{a::b, c}`) read one level deep.
fn paths_after(code: &str, prefix: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = code[from..].find(prefix) {
        let at = from + k + prefix.len();
        from = at;
        // `$crate::` and `foo_crate::` are other crates' paths.
        let before = code[..from - prefix.len()].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let mut push_path = |p: &str| {
            let mut parts = p.split("::").map(str::trim);
            let first = parts.next().unwrap_or("").to_string();
            let second = parts.next().unwrap_or("").trim_start_matches('{').to_string();
            if !first.is_empty() {
                out.push((first, second));
            }
        };
        if code[at..].starts_with('{') {
            // A group: split its top level at commas.
            let mut depth = 0;
            let mut start = at + 1;
            for (i, c) in code[at..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' | ',' if depth == 1 => {
                        push_path(&code[start..at + i]);
                        start = at + i + 1;
                        if c == '}' {
                            break;
                        }
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
        } else {
            let first = ident_at(code, at);
            let rest = &code[at + first.len()..];
            match rest.strip_prefix("::{") {
                // `crate::family::{gb, can_win}`: each name of the group.
                Some(group) => {
                    let group = &group[..group.find('}').unwrap_or(group.len())];
                    for name in group.split(',') {
                        push_path(&format!("{first}::{}", ident_at(name.trim(), 0)));
                    }
                }
                None => {
                    let second = rest.strip_prefix("::").map(|r| ident_at(r, 0)).unwrap_or("");
                    push_path(&format!("{first}::{second}"));
                }
            }
        }
    }
    out
}

/// The room a file is: `family::gb` for `family/gb.rs`, `family` for `family/mod.rs`, `formats`
/// for every file of `formats/`, else the file's stem.
fn room_of(rel: &str) -> String {
    let rel = rel.trim_end_matches(".rs");
    match rel.split_once('/') {
        Some(("family", "mod")) => "family".into(),
        Some(("family", member)) => format!("family::{member}"),
        Some((dir, _)) => dir.into(),
        None => rel.into(),
    }
}

/// The room a path names, from the importing room `from`: `crate::family::gb::x` is
/// `family::gb`; a name the front page re-exports (`crate::Game`) is its room's.
fn room_named(from: &str, prefix: &str, first: &str, second: &str, reexports: &BTreeMap<String, String>) -> String {
    let first = if prefix == "super::" {
        // Only the families' and the formats' files have a parent other than the crate.
        match from.split_once("::") {
            Some(("family", _)) if FAMILIES.contains(&first) || first == "chinese" => {
                return format!("family::{first}");
            }
            Some(("family", _)) => return "family".into(),
            _ if from == "formats" => return "formats".into(),
            _ => first,
        }
    } else {
        first
    };
    if first == "family" && (FAMILIES.contains(&second) || second == "chinese") {
        return format!("family::{second}");
    }
    if first.starts_with(|c: char| c.is_uppercase()) {
        return reexports.get(first).cloned().unwrap_or_else(|| "lib".into());
    }
    first.to_string()
}

fn layer_of(room: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, rooms)| rooms.contains(&room))
}

/// Every rule the layer table sets, broken by `from` importing `to`, or `None`.
fn broken(from: &str, to: &str) -> Option<String> {
    if from == to || to == "lib" && from == "lib" {
        return None;
    }
    let (Some(lf), Some(lt)) = (layer_of(from), layer_of(to)) else {
        return Some(format!("{from} imports {to}: a room the layer table does not place"));
    };
    if lt > lf && !EXCEPTIONS.iter().any(|&(f, t, _)| f == from && t == to) {
        return Some(format!("{from} ({} layer) imports {to}, of the higher {} layer", LAYERS[lf].0, LAYERS[lt].0));
    }
    match (from.strip_prefix("family::"), to.strip_prefix("family::")) {
        // The seam (`family/mod.rs`) is the only way into the families from outside them.
        (None, Some(m)) if from != "family" => Some(format!("{from} names the family room {m} past the seam")),
        // No family imports another; the Chinese room imports none.
        (Some(a), Some(b)) if a != b && b != "chinese" => Some(format!("family room {a} imports family room {b}")),
        (Some("chinese"), Some(b)) if b != "chinese" => Some(format!("the Chinese room imports family room {b}")),
        _ => None,
    }
}

/// Every broken rule of one file's source.
fn check_file(room: &str, src: &str, reexports: &BTreeMap<String, String>) -> Vec<String> {
    let code = code_only(src);
    // A file's unit tests (its `#[cfg(test)]` module, last in the file) use the crate as a
    // client does: they are not part of the room.
    let code = &code[..code.find("#[cfg(test)]\nmod tests {").unwrap_or(code.len())];
    let mut out = Vec::new();
    for prefix in ["crate::", "super::"] {
        // `super::*` in a test module is the file's own room.
        for (first, second) in paths_after(code, prefix) {
            if first == "*" || (prefix == "super::" && !room.contains("::") && room != "formats") {
                continue;
            }
            let to = room_named(room, prefix, &first, &second, reexports);
            if let Some(why) = broken(room, &to) {
                out.push(why);
            }
        }
    }
    out
}

/// The rooms of the names `lib.rs` re-exports (`pub use game::{Game, …}`).
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in code_only(lib).lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else { continue };
        let Some((module, names)) = rest.split_once("::") else { continue };
        for name in names.trim_end_matches(';').trim_matches(|c| c == '{' || c == '}').split(',') {
            map.insert(name.trim().to_string(), module.to_string());
        }
    }
    map
}

fn sources(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("src is readable").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under src").to_string_lossy().replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&path).expect("a source file is text")));
        }
    }
}

#[test]
fn no_room_imports_a_higher_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let lib = files.iter().find(|(rel, _)| rel == "lib.rs").map(|(_, s)| s.clone()).expect("lib.rs");
    let reexports = reexports(&lib);
    assert!(reexports.get("Game").is_some_and(|m| m == "game"), "lib.rs re-exports read: {reexports:?}");
    let mut problems = Vec::new();
    let mut rooms = 0;
    for (rel, src) in &files {
        let room = room_of(rel);
        assert!(layer_of(&room).is_some(), "{rel}: the room {room} is in no layer; add it to LAYERS and the docs");
        rooms += 1;
        problems.extend(check_file(&room, src, &reexports).into_iter().map(|p| format!("{rel}: {p}")));
    }
    problems.sort();
    problems.dedup();
    assert!(rooms >= 25, "only {rooms} source files found under {}", root.display());
    assert!(problems.is_empty(), "imports breaking the layers:\n{}", problems.join("\n"));
}

/// The checker itself catches what it is for: imports up a layer, past the seam, between
/// families, in plain paths, groups, `super::` paths and re-exported names; and lets through
/// what is allowed.
#[test]
fn the_checker_catches_each_kind_of_break() {
    let reexports: BTreeMap<String, String> =
        [("Game", "game"), ("Action", "action"), ("Event", "event")].map(|(a, b)| (a.into(), b.into())).into();
    let check = |room: &str, src: &str| check_file(room, src, &reexports);
    // Up a layer: data importing the engine, by path, by group and by a re-exported name.
    assert_eq!(check("error", "use crate::mjai::action_text;").len(), 1);
    assert_eq!(check("event", "use crate::{rules::Family, game::Game};").len(), 1);
    assert_eq!(check("rules", "fn f(g: &crate::Game) {}").len(), 1);
    assert_eq!(check("formats", "use crate::game::Game;").len(), 1);
    // Past the seam, and between families.
    assert_eq!(check("game", "crate::family::gb::deal(self);").len(), 1);
    assert_eq!(check("legal", "use crate::family::{changsha, can_win};").len(), 1);
    assert_eq!(check("family::changsha", "super::gb::draw(game, seat, false, false);").len(), 1);
    assert_eq!(check("family::gb", "crate::family::sichuan::start(game);").len(), 1);
    assert_eq!(check("family::chinese", "super::changsha::after_deal(game);").len(), 1);
    // Allowed: down a layer, through the seam, to the shared Chinese room, in comments and strings.
    assert!(check("game", "use crate::event::Event; crate::family::deal(self); crate::Action::None;").is_empty());
    assert!(check("family::changsha", "super::chinese::draw(g, s, false, false); super::can_win(g);").is_empty());
    assert!(check("family", "crate::family::gb::wins(game); crate::family::chinese::finish(game);").is_empty());
    assert!(check("event", "// crate::game::Game\n/// [`crate::replay`]\nlet s = \"crate::game\";").is_empty());
    assert!(check("replay", "use crate::game::Game; crate::family::places(f, 0);").is_empty());
    assert!(check("formats", "crate::replay::replay(&log, 0, rules, &mut |_| {})").is_empty(), "the exception");
    assert!(check("mjai", "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::Game;\n}").is_empty(), "unit tests");
    assert_eq!(check("mjai", "use crate::Game;\n#[cfg(test)]\nmod tests {}").len(), 1);
}

/// The rooms of the engine outside `family/`: they reach the families through the seam only.
const ENGINE_OUTSIDE_FAMILIES: &[&str] = &["game", "legal", "offer", "view"];

/// The parts of the families' state in [`Family`]'s slot of the game (`game.family.<part>`): each
/// family's, and the Chinese families' shared part.
const STATE_PARTS: &[&str] = &["riichi", "gb", "hongzhong", "changsha", "sichuan", "chinese"];

/// Every place one file's code reads a family's state or names a family where it may not.
fn family_names(room: &str, src: &str) -> Vec<String> {
    let code = code_only(src);
    let code = &code[..code.find("#[cfg(test)]\nmod tests {").unwrap_or(code.len())];
    let mut out = Vec::new();
    for part in STATE_PARTS {
        let own = room == "family" || room.strip_prefix("family::") == Some(*part);
        if !own && code.match_indices(&format!("family.{part}")).any(|(at, _)| ident_at(code, at + 7) == *part) {
            out.push(format!("{room} reads the state of {part}, which only its room and the seam may"));
        }
    }
    if ENGINE_OUTSIDE_FAMILIES.contains(&room) {
        for variant in ["Riichi", "Gb", "Hongzhong", "Changsha", "Sichuan"] {
            let named = code
                .match_indices(&format!("Family::{variant}"))
                .any(|(at, _)| ident_at(code, at + "Family::".len()) == variant);
            if named {
                out.push(format!("{room} names the family {variant}: ask the seam (crate::family) instead"));
            }
        }
    }
    out
}

#[test]
fn a_familys_state_stays_in_its_room() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let mut problems = Vec::new();
    for (rel, src) in &files {
        problems.extend(family_names(&room_of(rel), src).into_iter().map(|p| format!("{rel}: {p}")));
    }
    assert!(problems.is_empty(), "family state or names outside their rooms:\n{}", problems.join("\n"));
    // The check reads what it should: the seam and the families do read the state.
    let seam = files.iter().find(|(rel, _)| rel == "family/mod.rs").map(|(_, s)| s.as_str()).expect("the seam");
    assert!(seam.contains("game.family.sichuan"), "the seam reads the families' state");
}

/// The second checker catches what it is for and lets the rooms' own reads through.
#[test]
fn the_family_checker_catches_each_kind_of_name() {
    assert_eq!(family_names("game", "if !game.family.sichuan.out {}").len(), 1);
    assert_eq!(family_names("legal", "match game.rules.family { Family::Gb => 1, _ => 0 }").len(), 1);
    assert_eq!(family_names("family::gb", "let x = game.family.changsha.opened;").len(), 1);
    assert_eq!(family_names("view", "game.family.riichi.seats[0]; Family::Riichi;").len(), 2);
    assert!(family_names("family::sichuan", "game.family.sichuan.void[0]").is_empty());
    assert!(family_names("family", "game.family.sichuan.void[0]; Family::Gb").is_empty());
    assert!(family_names("family::chinese", "game.family.chinese.flowers[0] += 1;").is_empty());
    assert!(family_names("game", "self.rules.family.has_chinese_wall(); // game.family.gb").is_empty());
    // A drivers' or formats' room may name a family (a log's layout differs by family).
    assert!(family_names("replay", "rules.family != Family::Riichi").is_empty());
}
