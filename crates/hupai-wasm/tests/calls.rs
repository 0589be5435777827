//! The calls as the package makes them, on the host: answers in the Python package's shapes (tiles
//! in tile order), errors with the command line's messages and a kind, unknown options refused, and
//! the draw odds one discard at a time equal to the whole table under rules with and without
//! wildcard tiles.

use hupai_wasm::{FailureKind, call_json};
use serde_json::Value;

fn call(name: &str, args: &str) -> Value {
    serde_json::from_str(&call_json(name, args).unwrap_or_else(|e| panic!("{name} {args}: {e:?}"))).unwrap()
}

#[test]
fn answers_have_the_python_shapes() {
    assert_eq!(call("isWin", r#"{"hand": "123m456p789s11122z"}"#), Value::Bool(true));
    assert_eq!(call("isWin", r#"{"hand": "123m456p789s999m77z", "rules": "hongzhong"}"#), Value::Bool(true));
    assert_eq!(call("shanten", r#"{"hand": "123456789m11p222s", "rules": "sichuan+void-p"}"#), Value::from(1));
    // Effective tiles keep tile order in the JSON text, as Python's dict does.
    let text = call_json("effectiveTiles", r#"{"hand": "1p1z2m3s4z5m6p7s8m9p1s2z3m"}"#).unwrap();
    let keys: Vec<&str> =
        text.split('"').skip(1).step_by(2).filter(|k| k.len() == 2 && k.as_bytes()[0].is_ascii_digit()).collect();
    let mut sorted = keys.clone();
    sorted.sort_by_key(|k| ("mpsz".find(&k[1..]).unwrap(), k.as_bytes()[0]));
    assert!(keys.len() > 5 && keys == sorted, "{text}");
    let advice = call("discardAdvice", r#"{"hand": "123m456p789s11223z"}"#);
    assert_eq!(
        advice[0],
        serde_json::json!({"discard": "3z", "shanten": 0, "effective": {"1z": 2, "2z": 2}, "unseen": 4})
    );
    assert_eq!(call("check", r#"{"hand": "123m"}"#)["error"].as_str().map(|e| e.contains("13")), Some(true));
    let decompositions = call("decompositions", r#"{"hand": "111222333m11z456p"}"#);
    assert_eq!(decompositions.as_array().map(Vec::len), Some(2));
    assert_eq!(call("countDecompositions", r#"{"hand": "**************"}"#), Value::from(11_580_567));
}

#[test]
fn errors_name_what_is_wrong() {
    let e = call_json("isWin", r#"{"hand": "12x"}"#).unwrap_err();
    assert_eq!(e.kind, FailureKind::Hand);
    assert_eq!(e.message, hupai::parse_hand("12x", &hupai::Rules::STANDARD).unwrap_err().to_string());
    assert_eq!(call_json("isWin", r#"{"hand": " "}"#).unwrap_err().message, "empty hand");
    let e = call_json("shanten", r#"{"hand": "123m", "wildcrdTile": "7z"}"#).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (FailureKind::Argument, "unknown option 'wildcrdTile'"));
    let e = call_json("waits", r#"{"hand": 5}"#).unwrap_err();
    assert_eq!(e.message, "hand: expected a string, found a number");
    assert_eq!(call_json("nothing", "{}").unwrap_err().kind, FailureKind::Argument);
    assert_eq!(call_json("isWin", "[").unwrap_err().kind, FailureKind::Argument);
    assert_eq!(
        call_json("shanten", r#"{"hand": "123m456p789s1134z", "wildcardTile": "0m"}"#).unwrap_err().kind,
        FailureKind::Argument
    );
    let e = call_json("score", r#"{"situation": {"hand": "123m456p789s1123z", "win": "3z"}}"#).unwrap_err();
    assert_eq!(e.kind, FailureKind::Score);
    let long = format!(r#"{{"hand": "{}m"}}"#, "1".repeat(10_000));
    assert_eq!(call_json("isWin", &long).unwrap_err().kind, FailureKind::Hand);
}

#[test]
fn draw_odds_one_discard_at_a_time_equal_the_table() {
    for (hand, rules) in [
        ("123m456p789s1122z9p", "riichi"),
        ("123m456p78s11z2357z", "standard"),
        ("123m456p789s19m77z4p", "hongzhong"),
        ("123m456p79s1z**[555z]", "standard"),
        ("1233m456p789s1155p", "sichuan"),
    ] {
        let table = call("discardEv", &format!(r#"{{"hand": "{hand}", "rules": "{rules}", "turns": 6}}"#));
        let table = table.as_array().unwrap();
        assert!(!table.is_empty(), "{hand}");
        for line in table {
            let discard = line["discard"].as_str().unwrap();
            let one = call(
                "discardEv",
                &format!(r#"{{"hand": "{hand}", "rules": "{rules}", "turns": 6, "discard": "{discard}"}}"#),
            );
            let one = &one[0];
            assert_eq!((&one["discard"], &one["shanten"]), (&line["discard"], &line["shanten"]), "{hand} {discard}");
            for k in ["tenpai", "win", "score"] {
                let (a, b) = (one[k].as_f64(), line[k].as_f64());
                assert_eq!(a.is_some(), b.is_some(), "{hand} {discard} {k}");
                if let (Some(a), Some(b)) = (a, b) {
                    assert!(
                        (a - b).abs() <= 1e-9 * b.abs().max(1.0),
                        "{hand} under {rules}, {discard} {k}: {a} vs {b}"
                    );
                }
            }
        }
    }
    let e = call_json("discardEv", r#"{"hand": "123m456p789s1122z9p", "discard": "5m"}"#).unwrap_err();
    assert_eq!(e.message, "discard: the hand holds no 5m to discard");
}

/// The logs the game engine's tests replay.
fn logs() -> Vec<std::path::PathBuf> {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../hupai-game/tests/data");
    let mut files = Vec::new();
    for dir in ["mjai", "tenhou6", "mjlog"] {
        for entry in std::fs::read_dir(data.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            // The page reads text; gzipped logs are inflated by the command line's readers.
            if path.extension().is_some_and(|e| e == "gz") {
                continue;
            }
            files.push(path);
        }
    }
    files.sort();
    files
}

#[test]
fn replay_steps_through_every_discard_of_a_log() {
    let path = logs().into_iter().find(|p| p.extension().is_some_and(|e| e == "jsonl")).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let answer = call("replay", &serde_json::json!({ "log": text }).to_string());
    assert_eq!(answer["error"], Value::Null, "{answer:#}");
    assert_eq!(answer["handRules"], "riichi");
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let dahai: Vec<&Value> = lines.iter().filter(|l| l["type"] == "dahai").collect();
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(steps.len(), dahai.len());
    // The first discard: the dealer's 13 tiles and its draw, the tile the log shows discarded.
    let start = lines.iter().find(|l| l["type"] == "start_kyoku").unwrap();
    let oya = start["oya"].as_u64().unwrap() as usize;
    let draw = lines.iter().find(|l| l["type"] == "tsumo").unwrap();
    let mut dealt: Vec<String> = start["tehais"][oya].as_array().unwrap().iter().map(mjai_mpsz).collect();
    dealt.push(mjai_mpsz(&draw["pai"]));
    let first = &steps[0];
    assert_eq!(first["seat"], oya as u64);
    assert_eq!(first["discard"], mjai_mpsz(&dahai[0]["pai"]));
    let shown = call("check", &serde_json::json!({"hand": first["hand"]}).to_string());
    assert!(shown.get("win").is_some(), "a hand of 14 tiles is a win or not, never waits: {shown}");
    let mut kinds: Vec<String> = dealt.iter().map(|t| t.replace('0', "5")).collect();
    kinds.sort();
    let advice = call("discardAdvice", &serde_json::json!({"hand": first["hand"]}).to_string());
    assert!((1..=14).contains(&advice.as_array().unwrap().len()));
    let mut from_hand: Vec<String> = Vec::new();
    let hand = first["hand"].as_str().unwrap();
    let mut digits = String::new();
    for c in hand.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            from_hand.extend(digits.drain(..).map(|d| format!("{}{c}", if d == '0' { '5' } else { d })));
        }
    }
    from_hand.sort();
    assert_eq!(from_hand, kinds, "{hand}");
    // Every step is a hand hupai answers: the discard made is a row of its table, with the
    // shanten of the hand after it, and the tiles seen never exceed the four copies.
    for step in steps {
        let args = serde_json::json!({"hand": step["hand"], "visible": step["visible"], "rules": "riichi"});
        let advice = call("discardAdvice", &args.to_string());
        let made = step["discard"].as_str().unwrap().replace('0', "5");
        let row = advice.as_array().unwrap().iter().find(|r| r["discard"] == made.as_str());
        let row = row.unwrap_or_else(|| panic!("{step}: {advice}"));
        let after = call("shanten", &serde_json::json!({"hand": step["after"], "rules": "riichi"}).to_string());
        assert_eq!(row["shanten"], after, "{step}");
    }
}

/// An mjai tile in hand notation.
fn mjai_mpsz(t: &Value) -> String {
    let t = t.as_str().unwrap();
    match t {
        "E" | "S" | "W" | "N" | "P" | "F" | "C" => format!("{}z", "ESWNPFC".find(t).unwrap() + 1),
        "5mr" | "5pr" | "5sr" => format!("0{}", &t[1..2]),
        _ => t.to_owned(),
    }
}

#[test]
fn replay_reads_every_format_and_shows_where_a_log_is_wrong() {
    let mut whole = Vec::new();
    for path in logs() {
        let text = std::fs::read_to_string(&path).unwrap();
        // A 2009 Tenhou game played under rules its header cannot say (a dealer first and tenpai
        // at the last draw played on): given, as hupai-game's replay test gives them.
        let args = if path.ends_with("mjlog/2009022022gm-00a9-0000-cd94aac8.mjlog") {
            serde_json::json!({ "log": text, "rules": r#"{"preset": "tenhou", "tenpai_yame": false}"# })
        } else {
            serde_json::json!({ "log": text })
        };
        let answer = call("replay", &args.to_string());
        let name = path.display();
        let steps = answer["steps"].as_array().map_or(0, Vec::len);
        assert!(steps > 0 || !answer["error"].is_null(), "{name}: no discards and no error");
        if answer["error"].is_null() {
            whole.push(path.extension().unwrap().to_str().unwrap().to_owned());
        }
        // A log whose game stops early is still read; its steps are shown up to where it stops.
        if !answer["error"].is_null() {
            let event = answer["error"]["event"].as_u64().unwrap();
            assert!(answer["steps"].as_array().unwrap().iter().all(|s| s["event"].as_u64() < Some(event)), "{name}");
        }
    }
    for format in ["jsonl", "json", "mjlog"] {
        assert!(whole.iter().filter(|e| *e == format).count() >= 1, "no {format} log replayed whole");
    }
    // The few that stop are the corpus's logs that are not legal games or need rules their
    // header cannot say (hupai-game's replay test lists each with its reason).
    assert!(whole.len() * 10 >= logs().len() * 9, "{} of {} logs replayed whole", whole.len(), logs().len());
    // A discard of a tile the seat does not hold: the error names the hand and the event.
    let path = logs().into_iter().find(|p| p.extension().is_some_and(|e| e == "jsonl")).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let at = lines.iter().position(|l| l.contains(r#""type":"dahai""#)).unwrap() + 40;
    let at = at + lines[at..].iter().position(|l| l.contains(r#""type":"dahai""#)).unwrap();
    let mut dahai: Value = serde_json::from_str(&lines[at]).unwrap();
    let actor = dahai["actor"].as_u64().unwrap();
    dahai["pai"] = Value::from("C");
    lines[at] = dahai.to_string();
    let answer = call("replay", &serde_json::json!({ "log": lines.join("\n") }).to_string());
    let error = &answer["error"];
    assert_eq!(error["event"], at as u64, "{error}");
    assert!(error["kyoku"].as_str().is_some_and(|k| k.starts_with('E')), "{error}");
    assert!(!error["message"].as_str().unwrap().is_empty());
    let steps = answer["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| s["event"].as_u64() < Some(at as u64)) && !steps.is_empty());
    assert!(steps.iter().any(|s| s["seat"] == actor));
    // Not a log at all: thrown, of kind `log`.
    let e = call_json("replay", r#"{"log": "hello"}"#).unwrap_err();
    assert_eq!(e.kind, FailureKind::Log);
    let e = call_json("replay", r#"{"log": "{\"type\":\"start_game\"}", "game": 3}"#).unwrap_err();
    assert!(e.message.contains("game 3"), "{}", e.message);
}

/// The engine's own riichi games, written as mjai and replayed: four players, and three with kita.
/// Every step is a hand hupai answers under the rules the answer names, with the discard made
/// among its rows and the tiles the seat saw, and the step counts are the games' discards.
#[test]
fn replay_steps_through_the_engines_own_riichi_games() {
    use hupai_game::policy::{Efficiency, play_out};
    use hupai_game::{Event, Game, GameRules, mjai};
    for (preset, hand_rules) in
        [("tenhou", "riichi"), ("mahjong-soul", "riichi"), ("tenhou-3p", "sanma"), ("mahjong-soul-3p", "sanma")]
    {
        let rules = GameRules::preset(preset).unwrap();
        let mut steps_seen = 0;
        let mut kita = 0;
        for seed in 0..2 {
            let mut game = Game::new(rules, seed);
            play_out(&mut game, &mut Efficiency::new());
            let log = mjai::write(game.events(), rules.players);
            let args = serde_json::json!({"log": log, "rules": preset});
            let answer = call("replay", &args.to_string());
            assert_eq!(answer["error"], Value::Null, "{preset} seed {seed}");
            let discards = game.events().iter().filter(|e| matches!(e, Event::Dahai { .. })).count();
            assert_eq!(answer["handRules"], hand_rules);
            let steps = answer["steps"].as_array().unwrap();
            assert_eq!(steps.len(), discards, "{preset} seed {seed}");
            for step in steps {
                let wildcard = answer["wildcardTile"].as_str();
                let args = serde_json::json!({"hand": step["hand"], "visible": step["visible"], "rules": hand_rules});
                let advice = call("discardAdvice", &args.to_string());
                let made = step["discard"].as_str().unwrap().replace('0', "5");
                let rows = advice.as_array().unwrap();
                assert!(
                    rows.iter()
                        .any(|r| r["discard"] == made.as_str() || (r["discard"] == "*" && wildcard == Some(&made))),
                    "{preset}: {step} {advice}"
                );
            }
            steps_seen += steps.len();
            kita += game.events().iter().filter(|e| matches!(e, Event::Kita { .. })).count();
            // A north set aside shows among the seat's tiles aside.
            if game.events().iter().any(|e| matches!(e, Event::Kita { .. })) {
                assert!(
                    steps.iter().any(|s| s["rivers"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|r| r["aside"] != serde_json::json!([])))
                );
            }
        }
        assert!(steps_seen > 100, "{preset}: {steps_seen} steps");
        assert!(rules.players == 4 || kita > 0, "{preset}: no kita in the games, so none was checked");
    }
}

/// The engine's GB and Hongzhong games, written as mjai (`start_game` naming the rules, flowers as
/// `hua`, birds as `niao`) and replayed under the rules the log names: every discard is a step,
/// every flower drawn shows set aside and never in a hand, the wildcard is the rules' (Hongzhong's
/// red dragon, none in GB), and every step's hand is answered under those rules with the discard
/// made among its rows.
#[test]
fn replay_steps_through_the_engines_gb_and_hongzhong_games() {
    use hupai_game::policy::{Efficiency, play_out};
    use hupai_game::{Event, Game, GameRules, mjai};
    for (preset, hand_rules, wildcard) in [("gb", "gb", None), ("hongzhong", "hongzhong", Some("7z"))] {
        let rules = GameRules::preset(preset).unwrap();
        let (mut steps_seen, mut flowers, mut wildcards_in_hand) = (0, 0, 0);
        for seed in 0..3 {
            let mut game = Game::new(rules, seed);
            play_out(&mut game, &mut Efficiency::new());
            let log = mjai::write(game.events(), rules.players);
            assert!(log.lines().next().unwrap().contains(preset), "{preset}: the log names no rules");
            // No rules given: the log's own.
            let answer = call("replay", &serde_json::json!({ "log": log }).to_string());
            assert_eq!(answer["error"], Value::Null, "{preset} seed {seed}: {}", answer["error"]);
            assert_eq!(answer["handRules"], hand_rules, "{preset}");
            assert_eq!(answer["wildcardTile"].as_str(), wildcard, "{preset}");
            assert_eq!(answer["family"], preset, "{preset}");
            let discards = game.events().iter().filter(|e| matches!(e, Event::Dahai { .. })).count();
            let steps = answer["steps"].as_array().unwrap();
            assert_eq!(steps.len(), discards, "{preset} seed {seed}");
            let hua = game.events().iter().filter(|e| matches!(e, Event::Hua { .. })).count();
            let last_aside: usize = steps
                .last()
                .map(|s| s["rivers"].as_array().unwrap().iter().map(|r| r["aside"].as_array().unwrap().len()).sum())
                .unwrap_or(0);
            assert!(last_aside <= hua, "{preset}: more set aside than flowers");
            flowers += last_aside;
            for step in steps {
                let hand = step["hand"].as_str().unwrap();
                assert!(!hand.contains('f'), "{preset}: a flower in the hand {hand}");
                for r in step["rivers"].as_array().unwrap() {
                    for t in r["aside"].as_array().unwrap() {
                        assert!(t.as_str().unwrap().ends_with('f'), "{preset}: {t} set aside is no flower");
                    }
                }
                if let Some(w) = wildcard {
                    wildcards_in_hand += tiles_of(hand).iter().filter(|t| *t == w).count();
                }
                let args = serde_json::json!({"hand": hand, "visible": step["visible"], "rules": hand_rules});
                let advice = call("discardAdvice", &args.to_string());
                let made = step["discard"].as_str().unwrap();
                let rows = advice.as_array().unwrap_or_else(|| panic!("{preset}: {step} {advice}"));
                assert!(
                    rows.iter().any(|r| r["discard"] == made || (r["discard"] == "*" && wildcard == Some(made))),
                    "{preset}: {step} {advice}"
                );
            }
            steps_seen += steps.len();
        }
        assert!(steps_seen > 100, "{preset}: {steps_seen} steps");
        if preset == "gb" {
            assert!(flowers > 0, "gb: no flower set aside in the games, so none was checked");
        } else {
            assert!(wildcards_in_hand > 0, "hongzhong: no wildcard held in the games, so none was checked");
        }
    }
}

/// The tiles of a hand in notation, melds included, red fives as fives: `["1m", "5p", ...]`.
fn tiles_of(hand: &str) -> Vec<String> {
    let mut tiles = Vec::new();
    let mut digits = String::new();
    for c in hand.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else if c.is_ascii_alphabetic() {
            tiles.extend(digits.drain(..).map(|d| format!("{}{c}", if d == '0' { '5' } else { d })));
        }
    }
    tiles
}
