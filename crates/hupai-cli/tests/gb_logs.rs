//! GB games through the command line: `hupai play --rules gb` and `gb-single` write mjai logs
//! (with `hua`, and `start_game` naming the rules) that `hupai replay` reads back with every
//! event and delta equal, `--legal` lines, `convert --to mjai` writing the same log again,
//! tenhou.net/6 refused with the reason, and a damaged GB log reported where it breaks.

mod common;

use serde_json::{Value, json};

fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hupai-gb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Plays `games` games under `rules` into a folder, replays every file, and checks each replay
/// line against what `play` reported; returns the logs.
fn play_and_replay(rules: &str, policy: &str, games: &str, seed: &str) -> Vec<String> {
    let dir = temp_dir(&format!("{policy}-{seed}"));
    let play = common::run(
        &[
            "play",
            "--rules",
            rules,
            "--policy",
            policy,
            "--games",
            games,
            "--seed",
            seed,
            "--out",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(play.code, 0, "{}", play.stderr);
    let rows = lines(&play.stdout);
    let mut logs = Vec::new();
    for row in &rows {
        let file = row["file"].as_str().unwrap();
        let log = std::fs::read_to_string(file).unwrap();
        let replay = common::run(&["replay", file], b"");
        assert_eq!(replay.code, 0, "{file}: {}", replay.stdout);
        let result = &lines(&replay.stdout)[0];
        assert_eq!(result["ok"], true, "{result}");
        assert_eq!(result["scores"], row["scores"], "{file}");
        assert_eq!(result["decisions"], row["decisions"], "{file}");
        // GB scores start at 0 and move by fans: they always sum to 0.
        assert_eq!(row["scores"].as_array().unwrap().iter().map(|s| s.as_i64().unwrap()).sum::<i64>(), 0);
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
fn gb_matches_replay_with_every_event_and_delta() {
    let logs = play_and_replay("gb", "efficiency", "2", "7");
    let events: Vec<Value> = logs.iter().flat_map(|l| lines(l)).collect();
    let kinds = |k: &str| events.iter().filter(|e| e["type"] == k).count();
    assert_eq!(events[0], json!({"type": "start_game", "rules": "gb"}));
    // Two matches of 16 hands, flowers set aside, wins paid, no riichi or dora.
    assert_eq!(kinds("start_kyoku"), 32);
    assert!(kinds("hua") > 100, "{} flowers", kinds("hua"));
    assert!(kinds("hora") >= 4, "{} wins", kinds("hora"));
    assert_eq!(kinds("reach") + kinds("dora"), 0);
    // The south round seats the players B A D C: seat 1 deals its first hand.
    let south = events.iter().find(|e| e["type"] == "start_kyoku" && e["bakaze"] == "S").unwrap();
    assert_eq!(south["oya"], 1);
    for win in events.iter().filter(|e| e["type"] == "hora") {
        let deltas: Vec<i64> = win["deltas"].as_array().unwrap().iter().map(|d| d.as_i64().unwrap()).collect();
        assert_eq!(deltas.iter().sum::<i64>(), 0, "{win}");
        // Every loser pays at least the base of 8, the winner gets at least 3 × 8 + 8 fans.
        assert!(deltas.iter().filter(|&&d| d < 0).all(|&d| d <= -8), "{win}");
        assert!(deltas.iter().any(|&d| d >= 32), "{win}");
    }
}

#[test]
fn botzone_hands_replay_their_own_walls() {
    // Each player draws from its own wall: the replay rebuilds the four walls from the log.
    let logs = play_and_replay("gb-botzone", "random", "6", "5");
    assert_eq!(logs.len(), 6);
    for log in &logs {
        let events = lines(log);
        assert_eq!(events[0], json!({"type": "start_game", "rules": "gb-botzone"}));
        // No player takes more than its quarter of 36 tiles.
        for seat in 0..4 {
            let took = events.iter().filter(|e| e["type"] == "tsumo" && e["actor"] == seat).count();
            assert!(took <= 36 - 13, "{took} draws by seat {seat}");
        }
    }
}

#[test]
fn gb_single_hands_replay_under_the_rules_their_log_names() {
    let logs = play_and_replay("gb-single", "random", "6", "3");
    assert_eq!(logs.len(), 6);
    for log in &logs {
        let events = lines(log);
        assert_eq!(events[0], json!({"type": "start_game", "rules": "gb-single"}));
        assert_eq!(events.iter().filter(|e| e["type"] == "start_kyoku").count(), 1);
    }
    // Another wind and dealer: the rules are written whole and read back.
    let rules = r#"{"preset": "gb-single", "start_wind": 2, "start_dealer": 3}"#;
    let logs = play_and_replay(rules, "efficiency", "3", "11");
    let first = lines(&logs[0]);
    assert_eq!(first[0]["rules"]["start_wind"], 2);
    assert_eq!(first[1]["bakaze"], "W");
    assert_eq!(first[1]["oya"], 3);
}

#[test]
fn a_log_without_its_rules_replays_with_rules_given() {
    let play = common::run(&["play", "--rules", "gb-single", "--seed", "4"], b"");
    assert_eq!(play.code, 0);
    let bare = play.stdout.replacen(r#"{"rules":"gb-single","type":"start_game"}"#, r#"{"type":"start_game"}"#, 1);
    assert_ne!(bare, play.stdout);
    // Read as riichi (mjai's default), the flowers are refused; named, it replays.
    let as_riichi = common::run(&["replay", "-"], bare.as_bytes());
    assert_eq!(as_riichi.code, 2);
    let given = common::run(&["replay", "--rules", "gb-single", "-"], bare.as_bytes());
    assert_eq!(given.code, 0, "{}", given.stdout);
    assert_eq!(lines(&given.stdout)[0]["ok"], true);
}

#[test]
fn legal_lines_of_a_gb_game() {
    let play = common::run(&["play", "--rules", "gb", "--policy", "efficiency", "--seed", "7"], b"");
    let replay = common::run(&["replay", "--legal", "-"], play.stdout.as_bytes());
    assert_eq!(replay.code, 0, "{}", replay.stdout);
    let all = lines(&replay.stdout);
    let (decisions, last) = all.split_at(all.len() - 1);
    assert_eq!(last[0]["ok"], true);
    assert!(decisions.len() > 500, "{} decisions", decisions.len());
    let mut offered = std::collections::BTreeSet::new();
    for d in decisions {
        let legal = d["legal"].as_array().unwrap();
        assert!(legal.contains(&d["chosen"]), "{d}");
        for a in legal {
            offered.insert(a["type"].as_str().unwrap().to_string());
            // A chow is offered only to the player after the discarder (seat order in the east round).
            if a["type"] == "chi" && d["event"].as_u64().unwrap() < 150 {
                assert_eq!(a["target"].as_u64().unwrap(), (d["seat"].as_u64().unwrap() + 3) % 4, "{d}");
            }
        }
    }
    // No riichi, kita or nine-terminals draw under GB; wins, calls and discards are offered.
    for kind in ["reach", "kita", "ryukyoku"] {
        assert!(!offered.contains(kind), "{kind} offered under GB");
    }
    for kind in ["dahai", "hora", "chi", "pon", "none"] {
        assert!(offered.contains(kind), "{kind} never offered: {offered:?}");
    }
}

#[test]
fn tenhou6_cannot_hold_gb_games() {
    let play = common::run(&["play", "--rules", "gb", "--format", "tenhou6"], b"");
    assert_eq!(play.code, 2);
    assert!(play.stdout.is_empty());
    assert!(
        play.stderr.contains("tenhou.net/6 cannot hold GB games") && play.stderr.contains("flowers"),
        "{}",
        play.stderr
    );
    let log = common::run(&["play", "--rules", "gb-single"], b"").stdout;
    let convert = common::run(&["convert", "--to", "tenhou6", "-"], log.as_bytes());
    assert_eq!(convert.code, 2);
    assert!(convert.stdout.is_empty());
    assert!(convert.stderr.contains("game 0: tenhou.net/6 cannot hold GB games"), "{}", convert.stderr);
}

/// Each line of a log as text, for editing.
fn edit(log: &str, at: usize, line: &str) -> String {
    let mut l: Vec<&str> = log.lines().collect();
    l.insert(at, line);
    l.join("\n") + "\n"
}

#[test]
fn a_bad_gb_log_is_reported_where_it_breaks() {
    let dir = temp_dir("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let good = common::run(&["play", "--rules", "gb-single", "--seed", "2"], b"").stdout;
    let events = lines(&good);
    // A riichi declaration before a discard: GB has none.
    let d = events.iter().position(|e| e["type"] == "dahai").unwrap();
    let actor = events[d]["actor"].as_u64().unwrap();
    let reach = edit(&good, d, &json!({"type": "reach", "actor": actor}).to_string());
    // A chow by the player across from the discarder.
    let (c, discard) = events
        .iter()
        .enumerate()
        .find(|(_, e)| {
            e["type"] == "dahai" && e["pai"].as_str().is_some_and(|p| p.len() == 2 && ("2".."8").contains(&&p[..1]))
        })
        .unwrap();
    let pai = discard["pai"].as_str().unwrap();
    let (n, suit) = (pai[..1].parse::<u8>().unwrap(), &pai[1..]);
    let across = (discard["actor"].as_u64().unwrap() + 2) % 4;
    let chi = json!({"type": "chi", "actor": across, "target": discard["actor"], "pai": pai,
        "consumed": [format!("{}{suit}", n - 1), format!("{}{suit}", n + 1)]});
    let wrong_seat = edit(&good, c + 1, &chi.to_string());
    // A flower that is not one.
    let h = events.iter().position(|e| e["type"] == "hua").unwrap();
    let flower = edit(&good, h, &json!({"type": "hua", "actor": 0, "pai": "5m"}).to_string());
    let cases = [("reach", reach, d, "illegal"), ("chi", wrong_seat, c + 1, "chi"), ("hua", flower, h, "flower")];
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
        assert_eq!(out[0]["kyoku"], "E1");
        assert!(out[0]["error"].as_str().unwrap().contains(says), "{name}: {}", out[0]);
        assert_eq!((out[1]["ok"].clone(), out[1]["game"].clone()), (json!(true), json!(1)), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
