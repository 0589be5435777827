//! `hupai play`: logs that are mjai lines and the same for the same seed whatever the threads,
//! `--out` files, `--bench`'s one line with exactly its documented fields, players with policies
//! of their own and duplicate tables, and clear errors.

mod common;

use serde_json::Value;

fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

#[test]
fn logs_are_mjai_and_depend_only_on_the_seed() {
    let one = common::run(&["play", "--rules", "tenhou-3p", "--games", "3", "--seed", "5", "--threads", "1"], b"");
    assert_eq!(one.code, 0, "{}", one.stderr);
    let two = common::run(&["play", "--rules", "tenhou-3p", "--games", "3", "--seed", "5", "--threads", "2"], b"");
    assert_eq!(one.stdout, two.stdout);
    let events = lines(&one.stdout);
    let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds.iter().filter(|&&k| k == "start_game").count(), 3);
    assert_eq!(kinds.iter().filter(|&&k| k == "end_game").count(), 3);
    assert!(kinds.contains(&"dahai") && kinds.contains(&"tsumo"));
    // Three players: three scores, start to end.
    let end = events.iter().find(|e| e["type"] == "end_game").unwrap();
    assert_eq!(end["scores"].as_array().unwrap().len(), 3);
    // Game 1 of seed 5 is game 0 of seed 6.
    let later = common::run(&["play", "--rules", "tenhou-3p", "--seed", "6"], b"");
    let from = one.stdout.match_indices("{\"type\":\"start_game\"}").nth(1).map(|(i, _)| i).expect("a second game");
    assert!(one.stdout[from..].starts_with(&later.stdout), "game 1 of seed 5 differs from game 0 of seed 6");
}

#[test]
fn efficiency_policy_wins_hands_and_files_are_written() {
    let dir = std::env::temp_dir().join(format!("hupai-play-{}", std::process::id()));
    let run = common::run(
        &[
            "play",
            "--rules",
            "{\"preset\": \"tenhou\", \"length\": \"east\"}",
            "--games",
            "2",
            "--policy",
            "efficiency",
            "--out",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows = lines(&run.stdout);
    assert_eq!(rows.len(), 2);
    let mut wins = 0;
    for row in &rows {
        let keys: Vec<&str> = row.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["decisions", "file", "game", "scores"]);
        let log = std::fs::read_to_string(row["file"].as_str().unwrap()).unwrap();
        wins += lines(&log).iter().filter(|e| e["type"] == "hora").count();
        let total: i64 = row["scores"].as_array().unwrap().iter().map(|s| s.as_i64().unwrap()).sum();
        assert_eq!(total, 100_000);
    }
    assert!(wins >= 2, "{wins} wins in two east games");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_prints_one_line_of_its_fields() {
    let run = common::run(&["play", "--bench", "--games", "20", "--threads", "2", "--rules", "tenhou"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows = lines(&run.stdout);
    assert_eq!(rows.len(), 1);
    let row = rows[0].as_object().unwrap();
    let keys: Vec<&str> = row.keys().map(String::as_str).collect();
    assert_eq!(keys, ["decisions", "decisions_per_second", "games", "rules", "seconds", "threads"]);
    assert_eq!(row["rules"], "tenhou");
    assert_eq!(row["games"], 20);
    assert_eq!(row["threads"], 2);
    assert!(row["decisions"].as_u64().unwrap() > 20 * 300);
    // The same games as without --bench: count the decisions of one logged game.
    let log = common::run(&["play", "--rules", "tenhou", "--seed", "0"], b"");
    assert!(log.stdout.lines().count() > 300);
}

#[test]
fn tenhou6_logs_are_one_json_object_a_game_that_replays() {
    let run = common::run(&["play", "--rules", "tenhou", "--games", "2", "--seed", "5", "--format", "tenhou6"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in &lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["log"].as_array().is_some_and(|hands| !hands.is_empty()), "{line}");
    }
    // hupai replay reads them back with every result equal.
    let replay = common::run(&["replay", "-"], run.stdout.as_bytes());
    assert_eq!(replay.code, 0, "{}{}", replay.stdout, replay.stderr);
    assert_eq!(replay.stdout.lines().filter(|l| l.contains("\"ok\":true")).count(), 2, "{}", replay.stdout);
}

#[test]
fn bad_options_are_named() {
    for (args, needle) in [
        (&["play", "--rules", "tenhoo"][..], "tenhoo"),
        (&["play", "--rules", "{\"preset\": \"tenhou\", \"players\": 5}"], "players"),
        (&["play", "--policy", "greedy"], "greedy"),
        (&["play", "--format", "tenhou7"], "tenhou7"),
        (&["play", "--threads", "0", "--bench"], "--threads"),
        (&["play", "--rules", "tenhou-3p", "--policy", "random,random"], "--policy"),
        (&["play", "--policy", "efficiency,greedy,random,random"], "greedy"),
    ] {
        let run = common::run(args, b"");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn summary_counts_the_outcomes_of_every_family() {
    for rules in ["changsha", "gb", "hongzhong", "tenhou"] {
        let run = common::run(&["play", "--rules", rules, "--games", "6", "--policy", "efficiency", "--summary"], b"");
        assert_eq!(run.code, 0, "{}", run.stderr);
        let line = &lines(&run.stdout)[0];
        let n = |k: &str| line[k].as_u64().unwrap();
        assert_eq!(n("games"), 6);
        assert_eq!(line["events"]["start_kyoku"].as_u64(), Some(n("hands")));
        assert_eq!(line["events"]["hora"].as_u64().unwrap_or(0), n("wins"));
        let by_fan: u64 = line["wins_by_fan"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(by_fan, n("wins"), "{rules}");
        assert!(n("wins") > 0 && n("self_drawn") <= n("wins"), "{rules}: {line}");
        assert!(n("drawn_hands") + n("wins") >= n("hands"), "{rules}: {line}");
    }
    let both = common::run(&["play", "--summary", "--bench"], b"");
    assert_ne!(both.code, 0);
}

/// Duplicate play: each seed at one table per seat rotation, the same deal at every table, each
/// player's totals gathered wherever it sat; the efficient player comes out ahead.
#[test]
fn duplicate_tables_deal_the_same_walls_to_players_moved_round() {
    let args =
        ["play", "--rules", "gb-single", "--seed", "9", "--duplicate", "--policy", "efficiency,random,random,random"];
    let logs = common::run(&[&args[..], &["--games", "6"]].concat(), b"");
    assert_eq!(logs.code, 0, "{}", logs.stderr);
    let events = lines(&logs.stdout);
    let starts: Vec<&Value> = events.iter().filter(|e| e["type"] == "start_kyoku").collect();
    assert_eq!(starts.len(), 24, "six seeds, four tables each");
    for seed in starts.chunks(4) {
        for table in seed {
            assert_eq!(table["tehais"], seed[0]["tehais"], "the same deal at every table");
        }
    }
    assert_ne!(starts[0]["tehais"], starts[4]["tehais"], "another seed, another deal");
    // Player p sits at seat (p + k) % 4 at table k: its wins and deal-ins, read from the logs.
    let (mut table, mut wins, mut dealt_in) = (0usize, [0u64; 4], [0u64; 4]);
    for e in &events {
        match e["type"].as_str() {
            Some("start_game") => table += 1,
            Some("hora") => {
                let player = |seat: &Value| (seat.as_u64().unwrap() as usize + 4 - (table - 1) % 4) % 4;
                wins[player(&e["actor"])] += 1;
                if e["actor"] != e["target"] {
                    dealt_in[player(&e["target"])] += 1;
                }
            }
            _ => {}
        }
    }
    let summary = common::run(&[&args[..], &["--games", "6", "--summary"]].concat(), b"");
    assert_eq!(summary.code, 0, "{}", summary.stderr);
    let line = &lines(&summary.stdout)[0];
    assert_eq!(line["games"].as_u64(), Some(24));
    let players = line["players"].as_array().unwrap();
    let policies: Vec<&str> = players.iter().map(|p| p["policy"].as_str().unwrap()).collect();
    assert_eq!(policies, ["efficiency", "random", "random", "random"]);
    for p in 0..4 {
        assert_eq!(players[p]["wins"].as_u64(), Some(wins[p]), "player {p}");
        assert_eq!(players[p]["dealt_in"].as_u64(), Some(dealt_in[p]), "player {p}");
    }
    let points: i64 = players.iter().map(|p| p["points"].as_i64().unwrap()).sum();
    assert_eq!(points, 0, "GB settles among the players");
    assert!(wins[0] > 0 && players[0]["points"].as_i64().unwrap() > 0, "{line}");
}

/// `--policy hupai` seats the player of `hupai-player`, alone or beside the others, in every
/// family (under the Chinese rules it plays as the efficiency player).
#[test]
fn hupai_player_plays_by_name() {
    for rules in ["{\"preset\": \"tenhou\", \"length\": \"single\"}", "tenhou-3p", "gb-single"] {
        let policy = if rules == "tenhou-3p" { "hupai,efficiency,hupai" } else { "hupai,efficiency,hupai,efficiency" };
        let run = common::run(&["play", "--rules", rules, "--games", "1", "--policy", policy, "--summary"], b"");
        assert_eq!(run.code, 0, "{rules}: {}", run.stderr);
        let line = &lines(&run.stdout)[0];
        assert_eq!(line["games"].as_u64(), Some(1), "{line}");
        assert!(line["hands"].as_u64().unwrap() >= 1, "{line}");
    }
}
