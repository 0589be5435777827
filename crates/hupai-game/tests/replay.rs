//! Real game logs replayed through the engine (tests/data, listed with their sources in
//! tests/data/manifest.json): every decision legal, every win's and draw's deltas, every hand's
//! starting scores and the final scores equal to the log's; the logs written again (mjai,
//! tenhou.net/6) replay to the same events; the engine's own seeded games replay through the
//! same path.

use std::path::{Path, PathBuf};

use hupai_game::formats::{self, GameLog};
use hupai_game::replay::{self, Replayed};
use hupai_game::{Action, Event, Game, GameLength, GameRules, mjai};
use serde_json::Value;
use sha2::{Digest, Sha256};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// A log's text: gzipped files (`.gz`, as Tenhou serves its mjlogs) inflated first.
fn read_log(name: &str) -> String {
    let bytes = std::fs::read(data().join(name)).unwrap();
    if !name.ends_with(".gz") {
        return String::from_utf8(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    String::from_utf8(gunzip(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"))).unwrap()
}

/// One gzip member (RFC 1952): the header's optional fields skipped, the deflate stream
/// inflated and checked against the trailer's length.
fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if bytes.len() < 18 || bytes[..3] != [0x1f, 0x8b, 8] {
        return Err("not a gzip file".into());
    }
    let flags = bytes[3];
    let mut at = 10;
    if flags & 4 != 0 {
        at += 2 + usize::from(u16::from_le_bytes([bytes[10], bytes[11]]));
    }
    for flag in [8, 16] {
        if flags & flag != 0 {
            at += bytes[at..].iter().position(|&b| b == 0).ok_or("an unterminated header name")? + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2;
    }
    let body = bytes.get(at..bytes.len() - 8).ok_or("a header longer than the file")?;
    let out = miniz_oxide::inflate::decompress_to_vec(body).map_err(|e| format!("inflate: {:?}", e.status))?;
    let size = u32::from_le_bytes(bytes[bytes.len() - 4..].try_into().unwrap());
    if out.len() as u32 != size {
        return Err(format!("inflated to {} bytes, the trailer says {size}", out.len()));
    }
    Ok(out)
}

/// The folders of logs: one a format, and riichienv's records of its own bugs (mjai, kept apart
/// so that the tools reading every real game do not take them for games).
const LOG_DIRS: [&str; 4] = ["tenhou6", "mjlog", "mjai", "riichienv-bugs"];

fn manifest() -> Vec<Value> {
    let text = std::fs::read_to_string(data().join("manifest.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["files"].as_array().unwrap().clone()
}

/// Logs that are not legal games, with the error each must give (and why).
const NOT_GAMES: [(&str, &str); 6] = [
    // Seat 2's accepted riichi stick is paid by nobody: the log's deltas lose 1,000 points.
    ("tenhou6/confusing_nakis_1.json", "the log has a ron by seat 0 on seat 2 (deltas [1600, 0, -1600, 0])"),
    // Made for the converter's call ordering: five 5s (and six hatsu) in one hand's tiles.
    ("tenhou6/confusing_nakis_2.json", "more copies of 5s than the 136-tile set holds"),
    // Cut off in the first hand (a fixture of observations).
    ("mjlog/obs-draw-discard.mjlog", "the log ends in the middle of a hand"),
    // A Mahjong Soul export: seat 0's riichi stick goes to the winner in the log's final scores
    // (`sc`: 94,000) but not in its win's deltas (48,000 on 45,000).
    (
        "tenhou6/mjai-reviewer3p-kokushi_peinuki.json",
        "the log has a ron by seat 2 on seat 0 (deltas [-48000, 0, 48000, 0]); the engine a ron by seat 2 on seat 0 (deltas [-48000, 0, 49000, 0])",
    ),
    // riichienv's logs of two of its bugs (South 1 and South 4 of bot games): the nagashi mangan's
    // deltas also take the riichi stick seat 0 put down that hand (-5,000 = -4,000 and -1,000),
    // which mjai counts at `reach_accepted`; and the game ended after an abortive draw in South 4,
    // where the dealer goes on.
    (
        "riichienv-bugs/issue_214_south_1.jsonl",
        "the log has a draw (nagashimangan, deltas [-5000, -2000, 8000, -2000]); the engine a draw (nagashimangan, deltas [-4000, -2000, 8000, -2000])",
    ),
    ("riichienv-bugs/issue_229_south_4.jsonl", "the log ends the game here; under these rules it goes on"),
];

/// Logs whose rules their header cannot say, with the rules they were played under (and why).
const RULES_GIVEN: [(&str, &str); 5] = [
    // Tenhou until mid-2010: a dealer in first place tenpai at the last hand's exhaustive draw
    // played on (S4-1 drawn with the dealer first and tenpai; the log deals S4-2; the others
    // likewise at E4 or S4).
    ("mjlog/2009022022gm-00a9-0000-cd94aac8.mjlog", r#"{"preset": "tenhou", "tenpai_yame": false}"#),
    ("mjlog/2010060106gm-00a9-0000-30d6de3b.mjlog.gz", r#"{"preset": "tenhou", "tenpai_yame": false}"#),
    (
        "mjlog/2009082713gm-00e1-0000-8820f355.mjlog.gz",
        r#"{"preset": "tenhou", "length": "east", "tenpai_yame": false}"#,
    ),
    (
        "mjlog/2009082815gm-00e1-0000-b7e41fe8.mjlog.gz",
        r#"{"preset": "tenhou", "length": "east", "tenpai_yame": false}"#,
    ),
    (
        "mjlog/2010030412gm-00e1-0000-4a275c59.mjlog.gz",
        r#"{"preset": "tenhou", "length": "east", "tenpai_yame": false}"#,
    ),
];

/// Mahjong Soul records: their headers name a room (`三銀の間赤`, `Gold Room South`), read as
/// Mahjong Soul's rules.
const MAHJONG_SOUL: [&str; 3] = [
    "tenhou6/mjai-reviewer3p-chankan.json",
    "tenhou6/mjai-reviewer3p-kokushi_ankan.json",
    "tenhou6/confusing_nakis_7.json",
];

fn replay_all(log: &GameLog, game: usize) -> Result<Replayed, formats::LogError> {
    replay::replay(log, game, replay::default_rules(log), &mut |_| {})
}

#[test]
fn the_manifest_lists_every_file_with_its_hash() {
    let files = manifest();
    let mut listed: Vec<String> = Vec::new();
    for f in &files {
        let name = f["file"].as_str().unwrap();
        let bytes = std::fs::read(data().join(name)).unwrap();
        assert_eq!(format!("{:x}", Sha256::digest(&bytes)), f["sha256"].as_str().unwrap(), "{name}");
        // A repository's file at a commit, or a registry package's file: `crate NAME@VERSION: PATH`.
        let source = f["source"].as_str().unwrap();
        let package = source.strip_prefix("crate ").and_then(|s| s.split_once(": ")).filter(|(p, _)| p.contains('@'));
        assert!(source.starts_with("https://") || package.is_some(), "{name}: {source}");
        assert!(!f["licence"].as_str().unwrap().is_empty(), "{name}");
        listed.push(name.to_string());
    }
    for dir in LOG_DIRS {
        for entry in std::fs::read_dir(data().join(dir)).unwrap() {
            let name = format!("{dir}/{}", entry.unwrap().file_name().to_string_lossy());
            assert!(listed.contains(&name), "{name} is not in the manifest");
        }
    }
}

#[test]
fn every_real_game_replays_with_every_result_equal() {
    let (mut games, mut hands, mut decisions) = (0, 0, 0u64);
    let mut players = [0usize; 2];
    // Whole hanchan (east and south, from East 1 to the game's end), three and four players.
    let mut hanchan = [0usize; 2];
    for f in manifest() {
        let name = f["file"].as_str().unwrap();
        if !name.split_once('/').is_some_and(|(dir, _)| LOG_DIRS.contains(&dir)) {
            continue;
        }
        let text = read_log(name);
        let logs = formats::read(&text).unwrap();
        assert_eq!(logs.len(), 1, "{name}");
        let given = RULES_GIVEN.iter().find(|(n, _)| *n == name).map(|(_, r)| GameRules::from_json(r).unwrap());
        let result = logs[0].clone().and_then(|log| {
            let rules = given.unwrap_or_else(|| replay::default_rules(&log));
            replay::replay(&log, 0, rules, &mut |_| {}).map(|r| (log, r))
        });
        if let Some((_, message)) = NOT_GAMES.iter().find(|(n, _)| *n == name) {
            let e = result.expect_err(name);
            assert!(e.message.starts_with(message), "{name}: {e}");
            continue;
        }
        let (log, r) = result.unwrap_or_else(|e| panic!("{name}: {e}"));
        games += 1;
        hands += log.events.iter().filter(|e| matches!(e.event, Event::StartKyoku { .. })).count();
        decisions += r.decisions;
        // Written again and read back, each format replays to the same events under the rules
        // it carries (mjai's start_game names them; tenhou.net/6's header and first hand).
        let again = formats::read(&mjai::write_with_rules(&r.events, &r.rules)).unwrap().remove(0).unwrap();
        let r2 = replay_all(&again, 0).unwrap_or_else(|e| panic!("{name} as mjai: {e}"));
        // tenhou.net/6's header says the length, the red fives, open tanyao and the players;
        // the rest is given again.
        assert_eq!((&r2.events, r2.rules), (&r.events, r.rules), "{name} as mjai");
        let t6 = formats::tenhou6::write(&r.events, &r.rules, &log.header.names);
        let again = formats::read(&t6).unwrap().remove(0).unwrap();
        let r3 = match given {
            Some(rules) => replay::replay(&again, 0, rules, &mut |_| {}),
            None => replay_all(&again, 0),
        }
        .unwrap_or_else(|e| panic!("{name} as tenhou.net/6: {e}"));
        assert_eq!((&r3.events, &r3.scores), (&r.events, &r.scores), "{name} as tenhou.net/6");
        let paipu = formats::majiang::write(&r.events, &r.rules, &log.header.names);
        let again = formats::read(&paipu).unwrap().remove(0).unwrap_or_else(|e| panic!("{name} as majiang: {e}"));
        let r4 = match given {
            Some(rules) => replay::replay(&again, 0, rules, &mut |_| {}),
            None => replay_all(&again, 0),
        }
        .unwrap_or_else(|e| panic!("{name} as majiang: {e}"));
        assert_eq!((&r4.events, &r4.scores), (&r.events, &r.scores), "{name} as majiang");
        players[usize::from(r.rules.players) - 3] += 1;
        let from_east_1 = r.events.iter().find_map(|e| match e {
            Event::StartKyoku { bakaze, kyoku, honba, .. } => {
                Some(bakaze.kind_index() == 27 && (*kyoku, *honba) == (1, 0))
            }
            _ => None,
        });
        let ended = r.events.iter().any(|e| matches!(e, Event::EndGame { .. }));
        if r.rules.length == GameLength::South && from_east_1 == Some(true) && ended {
            hanchan[usize::from(r.rules.players) - 3] += 1;
        }
        let mut south = r.rules;
        south.length = GameLength::South;
        let soul = south.preset_name().is_some_and(|p| p.starts_with("mahjong-soul"));
        assert_eq!(soul, MAHJONG_SOUL.contains(&name), "{name}: replayed under {:?}", r.rules.preset_name());
    }
    println!(
        "{games} games, {hands} hands, {decisions} decisions; {players:?} three- and four-player games, {hanchan:?} hanchan"
    );
    assert!(
        games >= 285 && hands >= 2473 && decisions > 154_500,
        "{games} games, {hands} hands, {decisions} decisions"
    );
    assert!(players[0] >= 4, "{players:?} three- and four-player games");
    assert!(hanchan[1] >= 202 && hanchan[0] >= 3, "{hanchan:?} whole three- and four-player hanchan");
}

/// A 電脳麻将 paipu whose first dealer is not the first player (`qijia`) names its players and
/// final scores from there: rotated so, the same game replays to the same end.
#[test]
fn a_majiang_paipu_counts_seats_from_its_first_dealer() {
    // A real game written as a paipu (the corpus holds no paipu whose licence covers it).
    let name = "mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog";
    let real = formats::read(&read_log(name)).unwrap().remove(0).unwrap();
    let played = replay_all(&real, 0).unwrap_or_else(|e| panic!("{name}: {e}"));
    let text = formats::majiang::write(&played.events, &played.rules, &real.header.names);
    let log = formats::read(&text).unwrap().remove(0).unwrap();
    let r = replay_all(&log, 0).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut v: Value = serde_json::from_str(&text).unwrap();
    assert!(v["defen"].is_array(), "the paipu has its final scores");
    for key in ["player", "defen", "rank", "point"] {
        if let Some(per_seat) = v[key].as_array_mut() {
            per_seat.rotate_right(1);
        }
    }
    v["qijia"] = Value::from(1);
    let rotated = formats::read(&v.to_string()).unwrap().remove(0).unwrap();
    assert_eq!(rotated.header.names, log.header.names);
    let r2 = replay_all(&rotated, 0).unwrap_or_else(|e| panic!("{name} rotated: {e}"));
    assert_eq!((r2.events, r2.scores), (r.events, r.scores));
    // Its final scores wrong by a seat: the replay says so.
    v["qijia"] = Value::from(0);
    let wrong = formats::read(&v.to_string()).unwrap().remove(0).unwrap();
    assert!(replay_all(&wrong, 0).is_err(), "{name}: final scores one seat off");
}

/// Tenhou's lobbies that start from other scores (a custom lobby of 30,000, a 1,000-point one)
/// replay from the scores of their first hand, and say so in the rules they replayed under.
#[test]
fn a_lobbys_starting_points_come_from_the_log() {
    for (name, start) in
        [("mjlog/dnovikoff-newattr2023.mjlog", 30_000), ("mjlog/2013031109gm-0841-0000-0fde62c3.mjlog", 1_000)]
    {
        let text = std::fs::read_to_string(data().join(name)).unwrap();
        let log = formats::read(&text).unwrap().remove(0).unwrap();
        let r = replay_all(&log, 0).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((r.rules.starting_points, r.rules.target_points), (start, start), "{name}");
        assert_eq!(r.rules.length, hupai_game::GameLength::East, "{name}: an east game");
        assert_eq!(log.header.rules.map(|r| r.starting_points), Some(25_000), "{name}: the header names no start");
    }
}

#[test]
fn a_damaged_game_names_where_and_the_next_game_goes_on() {
    let text = std::fs::read_to_string(data().join("mjlog/double-ron.mjlog")).unwrap();
    let log = formats::read(&text).unwrap().remove(0).unwrap();
    let r = replay_all(&log, 0).unwrap();
    let mut lines = mjai::write(&r.events, 4);
    let good = lines.clone();
    // A discard of a tile the hand does not hold, in the first game's second hand.
    let i = lines.match_indices("\"type\":\"dahai\"").nth(40).unwrap().0;
    let end = i + lines[i..].find('\n').unwrap();
    let line_start = lines[..i].rfind('\n').map_or(0, |p| p + 1);
    let actor = &lines[line_start..end].split("\"actor\":").nth(1).unwrap()[..1].to_string();
    let line = lines[..line_start].matches('\n').count();
    lines.replace_range(
        line_start..end,
        &format!("{{\"type\":\"dahai\",\"actor\":{actor},\"pai\":\"C\",\"tsumogiri\":false}}"),
    );
    lines.push_str("{\"type\":\"start_game\"}\n{\"type\":\"tsumo\",\"actor\":9,\"pai\":\"1m\"}\n");
    lines.push_str(&good);
    let games = formats::read(&lines).unwrap();
    assert_eq!(games.len(), 3);
    let e = games[0].clone().and_then(|g| replay_all(&g, 0)).unwrap_err();
    assert_eq!(e.game, 0);
    assert!(e.message.contains("illegal"), "{e}");
    assert_eq!(e.event, line, "{e}");
    let e = games[1].clone().unwrap_err();
    assert_eq!(e.game, 1);
    assert!(e.message.contains("seat"), "{e}");
    assert!(games[2].clone().and_then(|g| replay_all(&g, 2)).is_ok());
    // Garbage anywhere is an error, never a panic.
    for cut in [10, 100, 1000, 5000, lines.len() / 2] {
        let mut end = cut.min(lines.len());
        while !lines.is_char_boundary(end) {
            end -= 1;
        }
        for g in formats::read(&lines[..end]).unwrap() {
            let _ = g.and_then(|g| replay_all(&g, 0));
        }
    }
    let half = &text[..text.len() / 2];
    for g in formats::read(half).unwrap() {
        assert!(g.and_then(|g| replay_all(&g, 0)).is_err());
    }
}

/// A simple policy: win when possible, declare riichi, else a pseudo-random legal action.
fn self_play(rules: GameRules, seed: u64) -> Game {
    let mut game = Game::new(rules, seed);
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while let Some(seat) = game.next_seat() {
        let legal = game.legal_actions(seat);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::Hora | Action::Reach | Action::Kita))
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::Pon { .. } | Action::Ankan { .. } | Action::Daiminkan { .. }))
                    .filter(|_| x.is_multiple_of(3))
            })
            .copied()
            .unwrap_or(legal[(x % legal.len() as u64) as usize]);
        game.apply(seat, pick).unwrap();
    }
    game
}

#[test]
fn the_engines_own_games_replay_to_the_same_events() {
    for (rules, players) in [(GameRules::TENHOU, 4u8), (GameRules::TENHOU_3P, 3)] {
        for seed in 0..6 {
            let game = self_play(rules, seed);
            let events = game.events().to_vec();
            let text = mjai::write(&events, players);
            let log = formats::read(&text).unwrap().remove(0).unwrap();
            assert_eq!(log.header.players, players);
            let mut decisions = 0;
            let r =
                replay::replay(&log, 0, rules, &mut |_| decisions += 1).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(r.events, events, "seed {seed}, {players} players");
            assert_eq!(r.scores, game.scores()[..usize::from(players)]);
            assert!(decisions > 100);
            let t6 = formats::tenhou6::write(&events, &rules, &[]);
            let log = formats::read(&t6).unwrap().remove(0).unwrap();
            let r = replay::replay(&log, 0, rules, &mut |_| {})
                .unwrap_or_else(|e| panic!("seed {seed} as tenhou.net/6: {e}"));
            assert_eq!(r.events[1..], events[1..], "seed {seed}, {players} players, tenhou.net/6");
        }
    }
}

mod damaged {
    use super::*;
    use proptest::prelude::*;

    fn sample(name: &str) -> String {
        std::fs::read_to_string(data().join(name)).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// Any log with bytes changed, cut or repeated reads and replays to an answer, never a panic.
        #[test]
        fn no_damaged_log_panics(file in 0usize..3, edits in proptest::collection::vec((any::<u16>(), any::<u8>()), 1..6)) {
            let name = ["tenhou6/double_kakan_then_chankan.json", "mjlog/double-ron.mjlog", "mjai/126_204_0_mjai.jsonl"][file];
            let mut bytes = sample(name).into_bytes();
            for (at, b) in edits {
                if bytes.is_empty() {
                    break;
                }
                let i = usize::from(at) % bytes.len();
                match b % 4 {
                    0 => bytes[i] = b"0123456789,\"{}[]<>=/ amp"[usize::from(b) % 24],
                    1 => bytes.truncate(i.max(1)),
                    2 => { bytes.remove(i); }
                    _ => { let s = bytes[i..].iter().take(40).copied().collect::<Vec<u8>>(); bytes.splice(i..i, s); }
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(games) = formats::read(&text) {
                for (i, g) in games.into_iter().enumerate() {
                    if let Ok(g) = g {
                        let _ = replay::replay(&g, i, replay::default_rules(&g), &mut |_| {});
                    }
                }
            }
        }
    }
}

/// `check` (each logged action checked on its own) gives `replay`'s answer (every legal action
/// listed): on every kept log, and on logs damaged one event at a time (a discard, a call's tiles
/// or a call's seat changed), where both must fail at the same event with the same reason.
#[test]
fn check_answers_as_replay_does() {
    let mut compared = 0;
    let mut damaged_failures = 0;
    for f in manifest() {
        let name = f["file"].as_str().unwrap();
        if !name.split_once('/').is_some_and(|(dir, _)| LOG_DIRS.contains(&dir)) {
            continue;
        }
        let text = read_log(name);
        let Ok(log) = formats::read(&text).unwrap().remove(0) else { continue };
        let rules = replay::default_rules(&log);
        let full = replay::replay(&log, 0, rules, &mut |_| {});
        assert_eq!(replay::check(&log, 0, rules), full, "{name}");
        compared += 1;
        // Damaged copies of every sixth log: each is replayed in full for every line changed, so
        // all of them would take the test past its time.
        let Ok(r) = full else { continue };
        if compared % 6 != 1 {
            continue;
        }
        let lines: Vec<String> = mjai::write(&r.events, r.rules.players).lines().map(str::to_string).collect();
        for (i, line) in lines.iter().enumerate() {
            let mut v: Value = serde_json::from_str(line).unwrap();
            match v["type"].as_str().unwrap() {
                "dahai" if i % 5 == 0 => {
                    let pai = v["pai"].as_str().unwrap();
                    v["pai"] = Value::from(if pai == "1m" { "9p" } else { "1m" });
                }
                "pon" | "chi" | "daiminkan" => {
                    if i % 2 == 0 {
                        v["consumed"][0] = Value::from("7z");
                    } else {
                        v["actor"] = Value::from((v["actor"].as_u64().unwrap() + 1) % u64::from(r.rules.players));
                    }
                }
                "ankan" => v["consumed"][0] = Value::from("1z"),
                _ => continue,
            }
            let mut damaged = lines.clone();
            damaged[i] = v.to_string();
            let Ok(Ok(bad)) = formats::read(&damaged.join("\n")).map(|mut g| g.remove(0)) else { continue };
            let full = replay::replay(&bad, 0, r.rules, &mut |_| {});
            assert_eq!(replay::check(&bad, 0, r.rules), full, "{name}, line {i} changed to {v}");
            damaged_failures += usize::from(full.is_err());
        }
    }
    assert!(compared >= 99 && damaged_failures >= 100, "{compared} logs, {damaged_failures} damaged failing");
}
