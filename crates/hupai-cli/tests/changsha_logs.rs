//! Changsha games through the command line: `hupai play --rules changsha` writes mjai logs (with
//! `qishouhu`, `kaigang`, `haidi` and `niao`, and `start_game` naming the rules) that `hupai
//! replay` reads back with every event and delta equal, `convert --to mjai` writing the same log
//! again, and a damaged Changsha log reported where it breaks with exit code 2.

mod common;

use serde_json::{Value, json};

fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hupai-changsha-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Plays `games` Changsha games into a folder, replays every file, and checks each replay line
/// against what `play` reported; returns the logs.
fn play_and_replay(policy: &str, games: &str, seed: &str) -> Vec<String> {
    let dir = temp_dir(&format!("{policy}-{seed}"));
    let args = ["play", "--rules", "changsha", "--policy", policy, "--games", games, "--seed", seed, "--out"];
    let mut args: Vec<&str> = args.to_vec();
    args.push(dir.to_str().unwrap());
    let play = common::run(&args, b"");
    assert_eq!(play.code, 0, "{}", play.stderr);
    let mut logs = Vec::new();
    for row in &lines(&play.stdout) {
        let file = row["file"].as_str().unwrap();
        let log = std::fs::read_to_string(file).unwrap();
        let replay = common::run(&["replay", file], b"");
        assert_eq!(replay.code, 0, "{file}: {}", replay.stdout);
        let result = &lines(&replay.stdout)[0];
        assert_eq!(result["ok"], true, "{result}");
        assert_eq!(result["scores"], row["scores"], "{file}");
        assert_eq!(result["decisions"], row["decisions"], "{file}");
        // The engine's own events of the replay, written again, are the log: every event equal.
        let again = common::run(&["convert", "--to", "mjai", file], b"");
        assert_eq!(again.code, 0, "{}", again.stderr);
        assert_eq!(again.stdout, log, "{file}: convert --to mjai differs from the log");
        logs.push(log);
    }
    let _ = std::fs::remove_dir_all(&dir);
    logs
}

#[test]
fn changsha_games_replay_with_every_event_and_delta() {
    let mut logs = play_and_replay("efficiency", "3", "0");
    logs.extend(play_and_replay("random", "4", "1088"));
    let events: Vec<Value> = logs.iter().flat_map(|l| lines(l)).collect();
    let kinds = |k: &str| events.iter().filter(|e| e["type"] == k).count();
    assert_eq!(events[0], json!({"type": "start_game", "rules": "changsha"}));
    // Eight hands a game; the opening wins, the last tile, the birds and (seed 1090) an opened
    // kong all replayed.
    assert_eq!(kinds("start_kyoku"), 8 * 7);
    for kind in ["qishouhu", "haidi", "niao", "kaigang", "hora"] {
        assert!(kinds(kind) > 0, "no {kind} in the games");
    }
    for e in events.iter().filter(|e| e["type"] == "hora" || e["type"] == "qishouhu") {
        let deltas: i64 = e["deltas"].as_array().unwrap().iter().map(|d| d.as_i64().unwrap()).sum();
        assert_eq!(deltas, 0, "{e}");
    }
}

/// The log with `line` inserted at `at` (or the line at `at` replaced).
fn edit(log: &str, at: usize, line: &str, replace: bool) -> String {
    let mut l: Vec<&str> = log.lines().collect();
    if replace {
        l[at] = line;
    } else {
        l.insert(at, line);
    }
    l.join("\n") + "\n"
}

#[test]
fn a_bad_changsha_log_is_reported_where_it_breaks() {
    let dir = temp_dir("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let good = common::run(&["play", "--rules", "changsha", "--policy", "efficiency", "--seed", "5"], b"").stdout;
    let events = lines(&good);
    // The small wins of a deal paid one point more by one seat, one less by another.
    let q = events.iter().position(|e| e["type"] == "qishouhu").expect("a qishouhu in seed 5");
    let mut changed = events[q].clone();
    let winner = changed["actor"].as_u64().unwrap() as usize;
    let other = (winner + 1) % 4;
    changed["deltas"][winner] = json!(changed["deltas"][winner].as_i64().unwrap() + 1);
    changed["deltas"][other] = json!(changed["deltas"][other].as_i64().unwrap() - 1);
    let paid = edit(&good, q, &changed.to_string(), true);
    // The last tile taken in the middle of the hand: before the first discard.
    let d = events.iter().position(|e| e["type"] == "dahai").unwrap();
    let actor = events[d]["actor"].as_u64().unwrap();
    let early = edit(&good, d, &json!({"type": "haidi", "actor": actor}).to_string(), false);
    let kyoku = |at: usize| {
        let start = events[..at].iter().rev().find(|e| e["type"] == "start_kyoku").unwrap();
        format!("{}{}", start["bakaze"].as_str().unwrap(), start["kyoku"])
    };
    let cases = [("qishouhu", paid, q, "qishouhu"), ("haidi", early, d, "haidi")];
    for (name, text, at, says) in cases {
        let file = dir.join(format!("{name}.mjson"));
        // The damaged game first, a good one after it: the second still replays.
        std::fs::write(&file, format!("{text}{good}")).unwrap();
        let run = common::run(&["replay", file.to_str().unwrap()], b"");
        assert_eq!(run.code, 2, "{name}: {}", run.stdout);
        let out = lines(&run.stdout);
        assert_eq!(out.len(), 2, "{name}");
        assert_eq!(out[0]["file"], file.to_str().unwrap());
        assert_eq!((out[0]["ok"].clone(), out[0]["game"].clone()), (json!(false), json!(0)), "{name}");
        assert_eq!(out[0]["event"], at, "{name}: {}", out[0]);
        assert_eq!(out[0]["kyoku"], kyoku(at), "{name}");
        assert!(out[0]["error"].as_str().unwrap().contains(says), "{name}: {}", out[0]);
        assert_eq!((out[1]["ok"].clone(), out[1]["game"].clone()), (json!(true), json!(1)), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
