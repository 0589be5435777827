//! `hupai check` and `hupai batch --shanten` against `hupai_shanten` in-process: the README's
//! examples exactly, the batch contract kept (same keys without `--shanten`), `--visible`.

mod common;

use hupai_tiles::{Hand, Rules, TileCounts};
use serde_json::Value;

fn hupai(args: &[&str], stdin: &[u8]) -> (String, i32) {
    let run = common::run(args, stdin);
    (run.stdout, run.code)
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn batch_shanten_answers_the_readme_example() {
    let (out, code) =
        hupai(&["batch", "--rules", "riichi", "--shanten"], b"123m456p789s1134z\n1m9m1p9p1s9s1z2z3z4z5z6z**\n");
    assert_eq!(code, 0, "{out}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    // 13 tiles, one short and not ready: its shanten and effective tiles.
    let hand: Hand = "123m456p789s1134z".parse().unwrap();
    let e = hupai_shanten::effective_tiles(&hand, &Rules::RIICHI, &TileCounts::EMPTY).unwrap();
    let kinds: Vec<String> = e.tiles.iter().map(|t| t.tile.to_string()).collect();
    assert_eq!(lines[0]["shanten"], e.shanten as i64);
    assert_eq!(lines[0]["shanten"], 1);
    assert_eq!(lines[0]["effective"], serde_json::json!(kinds));
    assert_eq!(lines[0]["waits"], serde_json::json!([]));
    // Thirteen orphans completed by wildcards.
    assert_eq!(lines[1]["win"], true);
    assert_eq!(lines[1]["shanten"], -1);
    assert!(lines[1].get("effective").is_none());
}

#[test]
fn batch_without_shanten_keeps_its_keys() {
    let input = b"123m456p789s1134z\n123m456p789s11122z\n12x\n";
    let (plain, _) = hupai(&["batch", "--rules", "riichi"], input);
    let (with, _) = hupai(&["batch", "--rules", "riichi", "--shanten"], input);
    for (a, b) in json_lines(&plain).iter().zip(json_lines(&with)) {
        let (a, b) = (a.as_object().unwrap(), b.as_object().unwrap());
        for (k, v) in a {
            assert_eq!(b.get(k), Some(v), "{k}");
        }
        let added: Vec<&String> = b.keys().filter(|k| !a.contains_key(*k)).collect();
        if a.contains_key("error") {
            assert!(added.is_empty(), "error lines get nothing: {added:?}");
        } else {
            assert!(added.iter().any(|k| *k == "shanten"), "{b:?}");
        }
    }
}

#[test]
fn batch_visible_lowers_unseen() {
    let (out, _) = hupai(&["batch", "--shanten", "--visible", "1z3z3z"], b"123m456p789s1134z\n");
    let line = &json_lines(&out)[0];
    // 1z: 4 − 2 held − 1 seen; 3z: 4 − 1 − 2; 4z: 4 − 1.
    assert_eq!(line["unseen"], 1 + 1 + 3);
    let (out, code) = hupai(&["batch", "--shanten", "--visible", "1z*"], b"1m\n");
    assert_eq!(code, 2);
    assert!(out.is_empty());
}

#[test]
fn check_shows_the_advice_table() {
    let (out, code) = hupai(&["check", "11m234p678s3z***5z6z"], b"");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("win: no"), "{out}");
    assert!(out.contains("shanten: 0 (melds)"), "{out}");
    assert!(out.contains("discard"), "{out}");
    let hand: Hand = "11m234p678s3z***5z6z".parse().unwrap();
    let advice = hupai_shanten::discard_advice(&hand, &Rules::STANDARD, &TileCounts::EMPTY).unwrap();
    // One row per distinct discard, the wildcard shown as 🀪.
    assert!(out.lines().any(|l| l.trim_start().starts_with("* 🀪")), "{out}");
    for o in &advice {
        let name = match o.discard {
            hupai_shanten::Discard::Tile(t) => t.to_string(),
            hupai_shanten::Discard::Wildcard => "*".to_string(),
        };
        let row = out
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row for {name}:\n{out}"));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[2], o.shanten().to_string(), "{row}");
        assert_eq!(cells[3], o.after.unseen().to_string(), "{row}");
    }
    let (json, _) = hupai(&["check", "--json", "11m234p678s3z***5z6z"], b"");
    let v = &json_lines(&json)[0];
    assert_eq!(v["advice"].as_array().map(Vec::len), Some(advice.len()));
    assert_eq!(v["advice"][0]["discard"], "3z");
    assert_eq!(v["advice"][0]["shanten"], 0);
    assert_eq!(v["shanten"], 0);
}

#[test]
fn check_shows_shanten_and_effective_tiles_one_short() {
    let (out, _) = hupai(&["check", "123m456p789s157z*"], b"");
    assert!(out.contains("shanten: 1 (melds)"), "{out}");
    assert!(out.contains("effective tiles (9 unseen): 1z×3 5z×3 7z×3"), "{out}");
    let (json, _) = hupai(&["check", "--json", "123m456p789s157z*", "--visible", "5z"], b"");
    let v = &json_lines(&json)[0];
    assert_eq!(v["unseen"], 8);
    assert_eq!(v["effective"][1], serde_json::json!({"tile": "5z", "unseen": 2}));
    // A winning or ready hand has no shanten lines.
    let (out, _) = hupai(&["check", "--json", "123m456p789s1122z"], b"");
    assert!(json_lines(&out)[0].get("shanten").is_none());
}

#[test]
fn visible_tiles_beyond_four_copies_are_an_error_in_every_command() {
    // The hand holds two 1z: three more visible make five.
    let hand = "123m456p789s1134z";
    let named = |text: &str| text.contains("visible tiles: 1z is seen 5 times (the hand's 2 and 3 visible)");
    for args in [
        &["check", "--json", hand, "--visible", "111z"][..],
        &["shanten", "--json", hand, "--visible", "111z"],
        &["advice", "--json", "123m456p789s11345z", "--visible", "111z"],
    ] {
        let (out, code) = hupai(args, b"");
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(named(&json_lines(&out)[0]["error"].to_string()), "{args:?}: {out}");
    }
    for flag in ["--shanten", "--advice", "--ev"] {
        let (out, code) =
            hupai(&["batch", flag, "--visible", "111z"], format!("{hand}\n123m456p789s2233z\n").as_bytes());
        assert_eq!(code, 2, "{flag}: {out}");
        let lines = json_lines(&out);
        assert!(named(lines[0]["error"].as_str().unwrap()), "{flag}: {out}");
        // A line the visible tiles fit is answered.
        assert!(lines[1].get("error").is_none(), "{flag}: {out}");
    }
    // A kind outside the tiles played with cannot be visible.
    let (out, code) = hupai(&["shanten", "--json", "123m456p789s1134m", "--rules", "sichuan", "--visible", "7z"], b"");
    assert_eq!(code, 2);
    assert!(
        out.contains("visible tiles: 7z is seen once (the hand's 0 and 1 visible); the tiles played with have none"),
        "{out}"
    );
}

#[test]
fn a_red_five_is_no_wildcard_tile_in_any_command() {
    for args in [
        &["check", "123m456p789s1134z", "--wildcard-tile", "0m"][..],
        &["shanten", "123m456p789s1134z", "--wildcard-tile", "0m"],
        &["advice", "123m456p789s11345z", "--wildcard-tile", "0m"],
        &["batch", "--wildcard-tile", "0m"],
        &["check", "123m456p789s1134z", "--rules", "hongzhong+wild-0m"],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_hupai")).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(err.contains("0m"), "{args:?}: {err}");
    }
}

#[test]
fn shanten_and_advice_commands_answer_as_the_library() {
    let rules = Rules::RIICHI;
    for text in ["123m456p789s1134z", "1469m258p37s1257z", "12m456p**", "11m234p678s3z***5z6z", "1m"] {
        let hand: Hand = text.parse().unwrap();
        let (out, _) = hupai(&["shanten", "--json", "--rules", "riichi", text], b"");
        let v = &json_lines(&out)[0];
        match hupai_shanten::shanten(&hand, &rules) {
            Ok(s) => assert_eq!(v["shanten"], s.number as i64, "{text}"),
            Err(e) => assert_eq!(v["error"], e.to_string(), "{text}"),
        }
        if hand.tile_count() % 3 == 1 {
            let e = hupai_shanten::effective_tiles(&hand, &rules, &TileCounts::EMPTY).unwrap();
            let kinds: Vec<String> = e.tiles.iter().map(|t| t.tile.to_string()).collect();
            let printed: Vec<&str> =
                v["effective"].as_array().unwrap().iter().map(|e| e["tile"].as_str().unwrap()).collect();
            assert_eq!(printed, kinds, "{text}");
            assert_eq!(v["unseen"], e.unseen(), "{text}");
        }
        let (out, code) = hupai(&["advice", "--json", "--rules", "riichi", text], b"");
        let v = &json_lines(&out)[0];
        match hupai_shanten::discard_advice(&hand, &rules, &TileCounts::EMPTY) {
            Ok(advice) => {
                assert_eq!(code, 0, "{text}");
                let discards: Vec<&str> =
                    v["advice"].as_array().unwrap().iter().map(|a| a["discard"].as_str().unwrap()).collect();
                let expected: Vec<String> = advice
                    .iter()
                    .map(|o| match o.discard {
                        hupai_shanten::Discard::Tile(t) => t.to_string(),
                        hupai_shanten::Discard::Wildcard => "*".to_string(),
                    })
                    .collect();
                assert_eq!(discards, expected, "{text}");
            }
            Err(e) => {
                assert_eq!(code, 2, "{text}");
                assert_eq!(v["error"], e.to_string(), "{text}");
            }
        }
    }
}

#[test]
fn batch_advice_answers_as_the_library() {
    let input = "11m234p678s3z***5z6z\n123m456p789s11122z\n123m456p789s1134z\n";
    let (out, code) = hupai(&["batch", "--advice", "--visible", "6z"], input.as_bytes());
    assert_eq!(code, 0, "{out}");
    let lines = json_lines(&out);
    let visible: TileCounts = "6z".parse::<Hand>().unwrap().physical_counts();
    for (text, line) in input.lines().zip(&lines) {
        let hand: Hand = text.parse().unwrap();
        if hand.tile_count() % 3 == 1 {
            assert!(line.get("advice").is_none(), "{line}");
            assert!(line.get("effective").is_some(), "{line}");
            continue;
        }
        let advice = hupai_shanten::discard_advice(&hand, &Rules::STANDARD, &visible).unwrap();
        let printed = line["advice"].as_array().unwrap();
        assert_eq!(printed.len(), advice.len(), "{text}");
        for (p, o) in printed.iter().zip(&advice) {
            assert_eq!(p["shanten"], o.shanten() as i64, "{text}");
            assert_eq!(p["unseen"], o.after.unseen(), "{text}");
            let kinds: Vec<String> = o.after.tiles.iter().map(|t| t.tile.to_string()).collect();
            assert_eq!(p["effective"], serde_json::json!(kinds), "{text}");
        }
    }
}
