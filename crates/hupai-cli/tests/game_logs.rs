//! `hupai replay`, `convert` and `wall` as scripts use them: one JSON line per game, exit 2 when a
//! game fails (the others still replayed), `--legal` lines, `-` for stdin, the format detected.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../hupai-game/tests/data");

fn hupai(args: &[&str], stdin: &str) -> (Vec<Value>, i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines = text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect();
    (lines, out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort();
    k
}

#[test]
fn replay_prints_a_line_per_game_and_fails_with_2() {
    let good = format!("{DATA}/tenhou6/double_ron.json");
    let mjlog = format!("{DATA}/mjlog/upd-aft-ron3.mjlog");
    let bad = format!("{DATA}/mjlog/obs-draw-discard.mjlog");
    let (lines, code, _) = hupai(&["replay", &good, &bad, &mjlog], "");
    assert_eq!(code, 2);
    assert_eq!(lines.len(), 3);
    assert_eq!(keys(&lines[0]), ["decisions", "file", "game", "kyoku", "ok", "rules", "scores"]);
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[0]["scores"].as_array().unwrap().len(), 4);
    assert_eq!(keys(&lines[1]), ["error", "event", "file", "game", "kyoku", "ok"]);
    assert_eq!(lines[1]["ok"], false);
    assert!(lines[1]["error"].as_str().unwrap().contains("middle of a hand"));
    assert_eq!(lines[2]["ok"], true);
    let (lines, code, _) = hupai(&["replay", &good], "");
    assert_eq!((lines.len(), code), (1, 0));
}

#[test]
fn legal_lines_come_before_their_game_with_the_choice_among_them() {
    let good = format!("{DATA}/tenhou6/chankan.json");
    let (lines, code, _) = hupai(&["replay", "--legal", &good], "");
    assert_eq!(code, 0);
    let (decisions, last) = lines.split_at(lines.len() - 1);
    assert_eq!(last[0]["ok"], true);
    assert!(decisions.len() > 40);
    let mut event = 0;
    for d in decisions {
        assert_eq!(keys(d), ["chosen", "event", "game", "legal", "seat"]);
        assert!(d["legal"].as_array().unwrap().contains(&d["chosen"]), "{d}");
        assert!(d["legal"].as_array().unwrap().iter().any(|a| a["type"] != "none"));
        assert!(d["event"].as_u64().unwrap() >= event);
        event = d["event"].as_u64().unwrap();
    }
    // A chankan: someone could win on an added kan.
    assert!(decisions.iter().any(|d| d["chosen"]["type"] == "hora"));
}

#[test]
fn convert_writes_logs_that_replay_from_stdin() {
    // A four-player hanchan, a three-player game (a call across the empty seat), an east game of
    // a 1,000-point lobby: each converted replays under the rules it carries.
    for name in ["double-ron", "dnovikoff-sanma2", "2013031109gm-0841-0000-0fde62c3"] {
        convert_and_replay(&format!("{DATA}/mjlog/{name}.mjlog"));
    }
    // A 電脳麻将 paipu of a three-player game, as `convert` writes it, converted again.
    let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["convert", "--to", "majiang", &format!("{DATA}/mjlog/dnovikoff-sanma2.mjlog")])
        .output()
        .unwrap();
    assert!(out.status.success());
    let paipu = std::env::temp_dir().join(format!("hupai-paipu-{}.json", std::process::id()));
    std::fs::write(&paipu, &out.stdout).unwrap();
    convert_and_replay(paipu.to_str().unwrap());
    let _ = std::fs::remove_file(&paipu);
    let (_, code, err) = hupai(&["convert", "--to", "mjai", "-"], "not a log");
    assert_eq!(code, 2);
    assert!(err.contains("not a game log"), "{err}");
}

fn convert_and_replay(file: &str) {
    let (orig, _, _) = hupai(&["replay", file], "");
    assert_eq!(orig[0]["ok"], true, "{file}");
    for to in ["mjai", "tenhou6", "majiang"] {
        let out = Command::new(env!("CARGO_BIN_EXE_hupai")).args(["convert", "--to", to, file]).output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let (lines, code, _) = hupai(&["replay", "-"], &text);
        assert_eq!(code, 0, "{to}: {lines:?}");
        assert_eq!(lines[0]["ok"], true);
        assert_eq!(lines[0]["scores"], orig[0]["scores"], "{file} as {to}");
        assert_eq!(lines[0]["kyoku"], orig[0]["kyoku"], "{file} as {to}");
        if to == "mjai" {
            // mjai names the rules unless they are the default's; so it replays under the same.
            assert_eq!(lines[0]["rules"], orig[0]["rules"], "{file} as {to}");
            let named = text.lines().next().unwrap().contains("\"rules\"");
            let default = orig[0]["rules"] == "tenhou" || orig[0]["rules"] == "tenhou-3p";
            assert_eq!(named, !default, "{file}");
        }
    }
}

/// A 2009 Tenhou game (a dealer tenpai at the last draw played on) replays only under the rule
/// flag that says so, given as `--rules` JSON; the rules used are printed.
#[test]
fn replay_takes_the_newer_rule_flags_from_rules() {
    let file = format!("{DATA}/mjlog/2009022022gm-00a9-0000-cd94aac8.mjlog");
    let (lines, code, _) = hupai(&["replay", &file], "");
    assert_eq!((code, &lines[0]["ok"]), (2, &Value::Bool(false)));
    let rules = r#"{"preset": "tenhou", "tenpai_yame": false, "pao_honba": "discarder", "honba_points": 300}"#;
    let (lines, code, _) = hupai(&["replay", "--rules", rules, &file], "");
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0]["rules"]["tenpai_yame"], false);
    assert_eq!(lines[0]["rules"]["pao_honba"], "discarder");
    let (_, code, err) = hupai(&["replay", "--rules", r#"{"preset": "tenhou", "honba_points": 100}"#, &file], "");
    assert_eq!(code, 2);
    assert!(err.contains("honba_points"), "{err}");
}

/// A hand where a seat waits only on a kind whose four copies it holds, one in its concealed kan
/// (the engine's own log): drawn, it is noten under `tenhou` and tenpai under `karaten_tenpai`
/// (電脳麻将's count), given as `--rules` JSON.
#[test]
fn replay_takes_karaten_tenpai_from_rules() {
    let file = format!("{DATA}/karaten_tenpai.mjson");
    let (lines, code, _) = hupai(&["replay", "--rules", r#"{"preset": "tenhou", "length": "single"}"#, &file], "");
    assert_eq!((code, &lines[0]["ok"]), (2, &Value::Bool(false)), "{lines:?}");
    let rules = r#"{"preset": "tenhou", "length": "single", "karaten_tenpai": true}"#;
    let (lines, code, _) = hupai(&["replay", "--rules", rules, &file], "");
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(lines[0]["rules"]["karaten_tenpai"], true);
    let (_, code, err) = hupai(&["replay", "--rules", r#"{"preset": "tenhou", "karaten_tenpai": 1}"#, &file], "");
    assert_eq!(code, 2);
    assert!(err.contains("karaten_tenpai"), "{err}");
}

#[test]
fn wall_prints_tenhous_walls() {
    let seed = std::fs::read_to_string(format!("{DATA}/tenhou_seed_2017020100gm-00e1-0000-17d39cdb.txt")).unwrap();
    let (lines, code, _) = hupai(&["wall", "--tenhou", seed.trim(), "--hands", "3"], "");
    assert_eq!((lines.len(), code), (3, 0));
    let yama = lines[0]["yama"].as_array().unwrap();
    assert_eq!(yama.len(), 136);
    assert_eq!((yama[0].as_u64(), yama[1].as_u64(), yama[135].as_u64()), (Some(124), Some(122), Some(52)));
    assert_eq!(lines[0]["dice"], serde_json::json!([4, 5]));
    let (_, code, err) = hupai(&["wall", "--tenhou", "mt19937ar-sha512-n288-base64,abc"], "");
    assert_eq!(code, 2);
    assert!(err.contains("2496"), "{err}");
}

#[test]
fn a_file_of_many_games_replays_game_by_game_and_benches_them_all() {
    // Self-play logs of three games in one stream, the second game damaged: each game its own
    // line, as each replayed alone (the file is read in parts, in parallel).
    let play = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["play", "--rules", "tenhou", "--games", "3", "--seed", "40", "--policy", "efficiency"])
        .output()
        .unwrap();
    let text = String::from_utf8(play.stdout).unwrap();
    let second = text.match_indices("start_game").nth(1).unwrap().0;
    let at = second + text[second..].find("\"dahai\"").unwrap();
    let damaged = format!("{}\"dahoo\"{}", &text[..at], &text[at + "\"dahai\"".len()..]);
    let (lines, code, _) = hupai(&["replay", "-", "--threads", "2"], &damaged);
    assert_eq!(code, 2);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["ok"], true);
    assert_eq!((lines[1]["ok"].clone(), lines[1]["game"].clone()), (Value::Bool(false), Value::from(1)));
    assert!(lines[1]["error"].as_str().unwrap().contains("dahoo"), "{}", lines[1]);
    assert_eq!(lines[1]["event"], damaged[..at].matches('\n').count());
    assert_eq!(lines[2]["ok"], true);
    let (whole, code, _) = hupai(&["replay", "-", "--threads", "1"], &text);
    assert_eq!(code, 0);
    assert_eq!(whole[0], lines[0]);
    assert_eq!(whole[2], lines[2]);

    let (bench, code, _) = hupai(&["replay", "--bench", "--seconds", "0.2", "--threads", "2", "-"], &damaged);
    assert_eq!(code, 0);
    let b = &bench[0];
    assert_eq!(
        keys(b),
        [
            "cpu_seconds",
            "decisions",
            "failed",
            "files",
            "games",
            "games_per_second",
            "hands",
            "hands_per_second",
            "passes",
            "seconds",
            "threads"
        ]
    );
    let passes = b["passes"].as_u64().unwrap();
    assert!(passes >= 1);
    assert_eq!(b["games"].as_u64(), Some(3 * passes));
    assert_eq!(b["failed"].as_u64(), Some(passes));
    assert!(b["cpu_seconds"].as_f64().unwrap() > 0.0);
}

#[test]
fn legal_lines_of_a_file_of_many_games_count_games_and_events_through_the_file() {
    // Three games in one stream, read in parts: each game's lines are its lines when replayed
    // alone, with the game's index in the stream and the events before it in the stream added.
    let play = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["play", "--rules", "tenhou", "--games", "3", "--seed", "41", "--policy", "efficiency"])
        .output()
        .unwrap();
    let text = String::from_utf8(play.stdout).unwrap();
    let starts: Vec<usize> = text.match_indices("{\"type\":\"start_game\"").map(|(i, _)| i).collect();
    assert_eq!(starts.len(), 3);
    let (whole, code, _) = hupai(&["replay", "--legal", "-", "--threads", "2"], &text);
    assert_eq!(code, 0);
    let mut expected = Vec::new();
    for (game, &start) in starts.iter().enumerate() {
        let end = starts.get(game + 1).copied().unwrap_or(text.len());
        let (alone, code, _) = hupai(&["replay", "--legal", "-"], &text[start..end]);
        assert_eq!(code, 0);
        assert!(alone.len() > 10);
        let before = text[..start].matches('\n').count() as u64;
        for mut line in alone {
            line["game"] = Value::from(game);
            if let Some(event) = line.get("event").and_then(Value::as_u64) {
                line["event"] = Value::from(event + before);
            }
            expected.push(line);
        }
    }
    assert_eq!(whole, expected);
}

/// A gzipped mjlog (as Tenhou's client saves them) replays as it is; a damaged one is a failed
/// line naming the gzip and the file, and the other files still replay.
#[test]
fn gzipped_logs_replay_and_a_damaged_one_says_so() {
    let gz = format!("{DATA}/mjlog/gimite-mjai-test.mjlog.gz");
    let (lines, code, _) = hupai(&["replay", &gz], "");
    assert_eq!((lines.len(), code), (1, 0), "{lines:?}");
    assert_eq!(lines[0]["ok"], true);
    let bytes = std::fs::read(&gz).unwrap();
    let cut = std::env::temp_dir().join(format!("hupai-cut-{}.mjlog.gz", std::process::id()));
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let cut_name = cut.to_str().unwrap();
    let (lines, code, _) = hupai(&["replay", cut_name, &gz], "");
    std::fs::remove_file(&cut).unwrap();
    assert_eq!((lines.len(), code), (2, 2), "{lines:?}");
    assert_eq!(lines[0]["file"], cut_name);
    assert_eq!(lines[0]["ok"], false);
    assert!(lines[0]["error"].as_str().unwrap().starts_with("gzip: "), "{}", lines[0]);
    assert_eq!(lines[1]["ok"], true);
}
