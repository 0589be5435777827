//! The game calls behind the package's `Game`, on the host: games of every preset played to the
//! end through the JSON calls with `hupai play --policy random`'s choices give the engine's own
//! log for that seed, an illegal or malformed action is refused with the engine's reason and
//! changes nothing (random ones, thousands, under every preset), and a freed, unknown or malformed handle, a seat not at the table, bad rules
//! or a bad seed are errors naming them.

use hupai_game::wall::SplitMix64;
use hupai_game::{Game, GameRules, mjai, policy};
use hupai_wasm::{Failure, FailureKind, call_json};
use serde_json::{Value, json};

fn call(name: &str, args: Value) -> Value {
    let text = call_json(name, &args.to_string()).unwrap_or_else(|e| panic!("{name} {args}: {e:?}"));
    serde_json::from_str(&text).unwrap()
}

fn refused(name: &str, args: Value) -> Failure {
    match call_json(name, &args.to_string()) {
        Ok(answer) => panic!("{name} {args} answered {answer}"),
        Err(e) => e,
    }
}

/// The handle of a new game.
fn new_game(rules: Value, seed: u64) -> u64 {
    call("gameNew", json!({"rules": rules, "seed": seed}))["game"].as_u64().unwrap()
}

/// Plays a game through the calls, each decision `hupai play --policy random`'s choice among the
/// legal actions listed; returns its handle and the number of decisions.
/// A whole game of `preset` played by the efficiency player (random play seldom wins), each choice
/// stepped through the calls as the mjai object a page would send; the handle and the engine's game.
fn play_efficiency(preset: &str, seed: u64) -> (u64, Game) {
    let game = new_game(json!(preset), seed);
    let mut engine = Game::new(GameRules::preset(preset).unwrap(), seed);
    let mut player = policy::PolicyKind::Efficiency.build(seed);
    while let Some(seat) = engine.next_seat() {
        let legal = engine.legal_actions(seat);
        let action = player.choose(&engine, seat, &legal);
        let target = engine.tile_on_offer().map_or(seat, |(from, _)| from);
        call("gameStep", json!({"game": game, "seat": seat, "action": mjai::action_json(seat, target, &action)}));
        engine.apply(seat, action).unwrap();
    }
    (game, engine)
}

fn play_random(rules: &str, seed: u64) -> (u64, usize) {
    let game = new_game(Value::from(rules), seed);
    let mut rng = SplitMix64(seed ^ 0x005E_ED0F_9A3E);
    let mut decisions = 0;
    loop {
        let state = call("gameState", json!({"game": game}));
        let Some(seat) = state["seat"].as_u64() else {
            assert_eq!(state["done"], Value::Bool(true));
            break;
        };
        assert!(state["toAct"].as_array().unwrap().contains(&Value::from(seat)), "{state}");
        let legal = call("gameLegalActions", json!({"game": game, "seat": seat}));
        let legal = legal.as_array().unwrap();
        let pick = &legal[rng.below(legal.len() as u64) as usize];
        call("gameStep", json!({"game": game, "seat": seat, "action": pick}));
        decisions += 1;
    }
    (game, decisions)
}

#[test]
fn every_preset_plays_to_the_end_as_the_command_line_plays_it() {
    let presets = hupai_game::rules::PRESETS.iter().chain(&hupai_game::rules::ONE_HAND_PRESETS);
    for (k, &name) in presets.enumerate() {
        let seed = 3 + k as u64;
        let (game, decisions) = play_random(name, seed);
        // `hupai play --rules NAME --seed S --policy random` plays this game.
        let rules = GameRules::preset(name).unwrap();
        let mut engine = Game::new(rules, seed);
        policy::play_out(&mut engine, &mut policy::Random::new(seed));
        let players = engine.players();
        let expected: Vec<Value> = mjai::write_with_rules(engine.events(), engine.rules())
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let events = call("gameEvents", json!({"game": game}));
        assert_eq!(events, Value::Array(expected), "{name} seed {seed}");
        assert!(decisions > 30, "{name}: {decisions} decisions");
        let state = call("gameState", json!({"game": game}));
        assert_eq!(state["players"], Value::from(players));
        assert_eq!(state["scores"], json!(&engine.scores()[..usize::from(players)]));
        assert_eq!(state["finalPoints"], json!(engine.final_points().map(|p| p[..usize::from(players)].to_vec())));
        assert_eq!(state["kyoku"], Value::from(engine.kyoku_name()));
        assert!(call("gameFree", json!({"game": game})).as_bool().unwrap());
    }
}

#[test]
fn the_family_names_the_rules() {
    for (rules, players, family) in [
        ("tenhou", 4, "riichi4"),
        ("tenhou-3p", 3, "riichi3"),
        ("gb", 4, "gb"),
        ("hongzhong", 4, "hongzhong"),
        ("sichuan", 4, "sichuan"),
        ("changsha", 4, "changsha"),
    ] {
        let made = call("gameNew", json!({"rules": rules}));
        assert_eq!((made["players"].clone(), made["family"].clone()), (json!(players), json!(family)), "{rules}");
        let state = call("gameState", json!({"game": made["game"]}));
        assert_eq!(state["family"], json!(family));
        assert_eq!(state["done"], json!(false));
        assert_eq!(state["finalPoints"], Value::Null);
        call("gameFree", json!({"game": made["game"]}));
    }
    // Rules as an object of flags: an east-only game.
    let east = call("gameNew", json!({"rules": {"preset": "tenhou", "length": "east"}, "seed": 1}));
    assert_eq!(east["family"], json!("riichi4"));
    let events = call("gameEvents", json!({"game": east["game"]}));
    assert_eq!(events[0]["type"], json!("start_game"));
}

#[test]
fn an_illegal_action_is_refused_and_changes_nothing() {
    let game = new_game(json!("tenhou"), 5);
    let state = call("gameState", json!({"game": game}));
    let seat = state["seat"].as_u64().unwrap();
    let view = call("gameView", json!({"game": game, "seat": seat}));
    let hand: Vec<String> = view["hand"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
    // A tile the dealer does not hold.
    let missing = ["1m", "2m", "3m", "4m", "9p", "E", "C", "7s"].into_iter().find(|p| !hand.iter().any(|h| h == p));
    let missing = missing.unwrap();
    let before = call("gameEvents", json!({"game": game}));
    let e = refused("gameStep", json!({"game": game, "seat": seat, "action": {"type": "dahai", "pai": missing}}));
    assert_eq!(e.kind, FailureKind::Game);
    // The engine's own reason, as Python's GameError gives it.
    let mut engine = Game::new(GameRules::TENHOU, 5);
    let why = engine
        .apply(seat as u8, hupai_game::Action::Dahai { pai: missing.parse().unwrap(), tsumogiri: true })
        .unwrap_err();
    assert_eq!(e.message, format!("step: {why}"));
    assert!(e.message.contains(missing), "{}", e.message);
    // Out of turn: another seat has nothing to decide.
    let other = (seat + 1) % 4;
    let e = refused("gameStep", json!({"game": game, "seat": other, "action": {"type": "dahai", "pai": hand[0]}}));
    assert_eq!(e.message, format!("step: seat {other} has nothing to decide now (waiting for seat {seat})"));
    // Malformed actions, each named.
    for (action, says) in [
        (json!("dahai"), "an action is an mjai object"),
        (json!({"pai": "1m"}), "has no 'type'"),
        (json!({"type": "dahai"}), "has no 'pai'"),
        (json!({"type": "dahai", "pai": "x9"}), "is not a tile"),
        (json!({"type": "dahai", "pai": 5}), "must be a tile name"),
        (json!({"type": "pon", "pai": "1m", "consumed": ["1m"]}), "must list 2 tiles"),
        (json!({"type": "fly"}), "unknown type \"fly\""),
        (json!({"type": "dahai", "pai": hand[0], "tsumogiri": "yes"}), "'tsumogiri' must be a boolean"),
        (json!({"type": "chi", "pai": "3m", "consumed": ["1m", "2m"]}), "step: "),
        (Value::Null, "found null"),
    ] {
        let e = refused("gameStep", json!({"game": game, "seat": seat, "action": action}));
        assert_eq!(e.kind, FailureKind::Game, "{action}");
        assert!(e.message.contains(says), "{action}: {}", e.message);
    }
    assert_eq!(call("gameEvents", json!({"game": game})), before);
    assert_eq!(call("gameState", json!({"game": game})), state);
    assert_eq!(call("gameView", json!({"game": game, "seat": seat})), view);
    // The same discard made legally is played.
    let legal = call("gameLegalActions", json!({"game": game, "seat": seat}));
    call("gameStep", json!({"game": game, "seat": seat, "action": {"type": "dahai", "pai": legal[0]["pai"]}}));
    let after = call("gameEvents", json!({"game": game}));
    let played = &after.as_array().unwrap()[before.as_array().unwrap().len()];
    assert_eq!((&played["type"], &played["actor"], &played["pai"]), (&json!("dahai"), &json!(seat), &legal[0]["pai"]));
    call("gameFree", json!({"game": game}));
}

#[test]
fn handles_seats_rules_and_seeds_are_checked() {
    let game = new_game(json!("tenhou-3p"), 0);
    for (call_name, seat, says) in [
        ("gameLegalActions", json!(3), "legalActions: seat 3 does not exist: the table has 3 players (seats 0-2)"),
        ("gameView", json!(-1), "view: seat -1 does not exist: the table has 3 players (seats 0-2)"),
        ("gameEvents", json!(7), "events: seat 7 does not exist"),
        ("gameLegalActions", json!("1"), "seat: \"1\" is not a seat"),
        ("gameView", json!(1.5), "seat: 1.5 is not a seat"),
        ("gameLegalActions", Value::Null, "legalActions: seat missing"),
    ] {
        let e = refused(call_name, json!({"game": game, "seat": seat}));
        assert_eq!(e.kind, FailureKind::Game);
        assert!(e.message.contains(says), "{call_name} {seat}: {}", e.message);
    }
    // Masked events: another seat's deal is hidden.
    let seen = call("gameEvents", json!({"game": game, "seat": 1}));
    let all = call("gameEvents", json!({"game": game}));
    let deal =
        |events: &Value| events.as_array().unwrap().iter().find(|e| e["type"] == "start_kyoku").cloned().unwrap();
    assert_eq!(deal(&seen)["tehais"][1], deal(&all)["tehais"][1]);
    assert_ne!(deal(&seen)["tehais"][0], deal(&all)["tehais"][0]);
    assert!(deal(&seen)["tehais"][0].as_array().unwrap().iter().all(|p| p == "?"));

    // A clone goes its own way.
    let copy = call("gameClone", json!({"game": game}))["game"].as_u64().unwrap();
    assert_ne!(copy, game);
    let seat = call("gameState", json!({"game": copy}))["seat"].clone();
    let legal = call("gameLegalActions", json!({"game": copy, "seat": seat}));
    call("gameStep", json!({"game": copy, "seat": seat, "action": legal[0]}));
    assert_ne!(call("gameEvents", json!({"game": copy})), all);
    assert_eq!(call("gameEvents", json!({"game": game})), all);

    let live = call("gameCount", json!({})).as_u64().unwrap();
    assert!(call("gameFree", json!({"game": game})).as_bool().unwrap());
    assert!(!call("gameFree", json!({"game": game})).as_bool().unwrap());
    assert_eq!(call("gameCount", json!({})).as_u64().unwrap(), live - 1);
    for name in ["gameState", "gameClone"] {
        let e = refused(name, json!({"game": game}));
        assert_eq!((e.kind, e.message), (FailureKind::Game, format!("game {game} has been freed")));
    }
    let e = refused("gameStep", json!({"game": game, "seat": 0, "action": {"type": "none"}}));
    assert_eq!(e.message, format!("game {game} has been freed"));
    assert_eq!(
        refused("gameState", json!({"game": 1u64 << 40})).message,
        format!("game {} does not exist", 1u64 << 40)
    );
    assert!(refused("gameState", json!({"game": "1"})).message.contains("is not a game's handle"));
    assert!(refused("gameState", json!({})).message.contains("game: missing"));
    call("gameFree", json!({"game": copy}));

    for (rules, says) in [
        (json!("tenhou-5p"), "rules: "),
        (json!(4), "rules: expected a preset name"),
        (json!({"preset": "tenhou", "colour": "red"}), "colour"),
    ] {
        let e = refused("gameNew", json!({"rules": rules}));
        assert_eq!(e.kind, FailureKind::Game);
        assert!(e.message.contains(says), "{rules}: {}", e.message);
    }
    for seed in [json!(-1), json!(1.5), json!("NaN"), json!("18446744073709551616"), json!([1])] {
        let e = refused("gameNew", json!({"seed": seed}));
        assert!(e.message.starts_with("seed: ") && e.message.contains("is not a seed"), "{seed}: {}", e.message);
    }
    // A BigInt seed arrives as its digits and deals the game that number does.
    let big = call("gameNew", json!({"seed": "18446744073709551615"}))["game"].clone();
    let mut engine = Game::new(GameRules::TENHOU, u64::MAX);
    engine.set_recording(true);
    let first = call("gameEvents", json!({"game": big}));
    assert_eq!(first[1], mjai::event_json(&engine.events()[1], 4));
    call("gameFree", json!({"game": big}));
    // Unknown options are refused before anything is made.
    let before = call("gameCount", json!({}));
    assert_eq!(refused("gameNew", json!({"rules": "tenhou", "players": 3})).message, "unknown option 'players'");
    assert_eq!(call("gameCount", json!({})), before);
}

#[test]
fn the_view_is_pythons_dict_in_camel_case() {
    let game = new_game(json!("sichuan"), 2);
    let view = call("gameView", json!({"game": game, "seat": 0}));
    let keys: Vec<&str> = view.as_object().unwrap().keys().map(String::as_str).collect();
    for key in [
        "seat",
        "hand",
        "drawn",
        "handSizes",
        "melds",
        "rivers",
        "riichi",
        "kita",
        "flowers",
        "voids",
        "out",
        "seatWinds",
        "doraMarkers",
        "scores",
        "bakaze",
        "kyoku",
        "honba",
        "kyotaku",
        "oya",
        "tilesLeft",
        "onOffer",
    ] {
        assert!(keys.contains(&key), "{key} not in {keys:?}");
    }
    let hand = view["hand"].as_array().unwrap().len();
    assert!(hand == 13 || hand == 14, "{view}");
    assert_eq!(view["handSizes"].as_array().unwrap().len(), 4);
    // Sichuan begins with three tiles passed: the legal actions say so in mjai's names.
    let legal = call("gameLegalActions", json!({"game": game, "seat": 0}));
    assert_eq!(legal[0]["type"], json!("huansanzhang"), "{legal}");
    call("gameFree", json!({"game": game}));
}

#[test]
fn random_actions_never_trap_and_a_refused_one_changes_nothing() {
    const TYPES: [&str; 17] = [
        "dahai",
        "reach",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "kita",
        "hora",
        "ryukyoku",
        "none",
        "qishouhu",
        "kaigang",
        "haidi",
        "huansanzhang",
        "dingque",
        "fly",
    ];
    const PAIS: [&str; 12] = ["1m", "5m", "5mr", "9p", "5pr", "3s", "5sr", "E", "N", "C", "?", "1f"];
    let presets = hupai_game::rules::PRESETS.iter().chain(&hupai_game::rules::ONE_HAND_PRESETS);
    let mut refused_count = 0;
    for (k, &name) in presets.enumerate() {
        let seed = 40 + k as u64;
        let game = new_game(Value::from(name), seed);
        let mut rng = SplitMix64(seed);
        let mut pick = |n: usize| rng.below(n as u64) as usize;
        for _ in 0..150 {
            let state = call("gameState", json!({"game": game}));
            let Some(seat) = state["seat"].as_u64() else { break };
            let before = call("gameEvents", json!({"game": game}));
            assert!(state["toAct"].as_array().unwrap().contains(&Value::from(seat)));
            for _ in 0..4 {
                let kind = TYPES[pick(TYPES.len())];
                let mut action = json!({"type": kind, "pai": PAIS[pick(PAIS.len())]});
                let n = pick(5);
                action["consumed"] = Value::Array((0..n).map(|_| Value::from(PAIS[pick(PAIS.len())])).collect());
                if pick(2) == 0 {
                    action["tsumogiri"] = Value::Bool(pick(2) == 0);
                }
                action["suit"] = Value::from(["m", "p", "s", "z"][pick(4)]);
                let asker = pick(5) as u64;
                match call_json("gameStep", &json!({"game": game, "seat": asker, "action": action}).to_string()) {
                    // Legal after all (a pass, a false win played as a penalty): the game moved on.
                    Ok(_) => break,
                    Err(e) => {
                        assert_eq!(e.kind, FailureKind::Game, "{action}: {e:?}");
                        assert_eq!(
                            call("gameEvents", json!({"game": game})),
                            before,
                            "{name}: {action} changed the game"
                        );
                        refused_count += 1;
                    }
                }
            }
            let state = call("gameState", json!({"game": game}));
            let Some(seat) = state["seat"].as_u64() else { break };
            let legal = call("gameLegalActions", json!({"game": game, "seat": seat}));
            let legal = legal.as_array().unwrap();
            if legal.is_empty() {
                break;
            }
            call("gameStep", json!({"game": game, "seat": seat, "action": legal[pick(legal.len())]}));
        }
        call("gameFree", json!({"game": game}));
    }
    assert!(refused_count > 1000, "{refused_count}");
}

/// The rule flags real logs need reach the calls as they reach the engine: a 2009 Tenhou game
/// (its dealer, first and tenpai at the last draw, played on) replays only under `tenpai_yame`
/// off, given as rules JSON; a bad counter value is refused naming the flag.
#[test]
fn the_rule_flags_real_logs_need_reach_the_game() {
    let log = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../hupai-game/tests/data/mjlog/2009022022gm-00a9-0000-cd94aac8.mjlog"
    ))
    .unwrap();
    let plain = call("replay", json!({"log": log}));
    assert!(plain["error"].is_object(), "{}", plain["error"]);
    let rules = json!({"preset": "tenhou", "tenpai_yame": false, "pao_honba": "discarder", "honba_points": 300,
        "open_tanyao": true, "kiriage": false});
    let flagged = call("replay", json!({"log": log, "rules": rules.to_string()}));
    assert!(flagged["error"].is_null(), "{}", flagged["error"]);
    assert_eq!(flagged["scores"].as_array().map(Vec::len), Some(4));
    let e = refused("gameNew", json!({"rules": {"preset": "tenhou", "honba_points": 1000}}));
    assert!(e.message.contains("honba_points"), "{}", e.message);
}

/// `karaten_tenpai` reaches the replay call as rules JSON: a hand where a seat waits only on a
/// kind whose four copies it holds (one in its concealed kan) is drawn noten under `tenhou` and
/// tenpai under the flag, as 電脳麻将 counts it; a bad value is refused naming the flag.
#[test]
fn karaten_tenpai_reaches_the_replay() {
    let log =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../hupai-game/tests/data/karaten_tenpai.mjson"))
            .unwrap();
    let plain = call("replay", json!({"log": log, "rules": r#"{"preset": "tenhou", "length": "single"}"#}));
    assert!(plain["error"].is_object(), "{}", plain["error"]);
    let rules = json!({"preset": "tenhou", "length": "single", "karaten_tenpai": true});
    let flagged = call("replay", json!({"log": log, "rules": rules.to_string()}));
    assert!(flagged["error"].is_null(), "{}", flagged["error"]);
    assert_eq!(flagged["scores"], json!([24000, 28000, 24000, 24000]));
    let e = refused("gameNew", json!({"rules": {"preset": "tenhou", "karaten_tenpai": "yes"}}));
    assert!(e.message.contains("karaten_tenpai"), "{}", e.message);
}

/// A win as the test compares it: winner, who dealt in, points, yaku with their han, deltas.
type Win = (u8, u8, u32, Vec<(u8, u8)>, Vec<i32>);

#[test]
fn wins_and_the_tenhou_log_are_the_engines() {
    let (game, engine) = play_efficiency("tenhou", 21);
    let wins = call("gameWins", json!({"game": game}));
    let expected: Vec<Win> = engine
        .events()
        .iter()
        .filter_map(|e| match e {
            hupai_game::Event::Hora { actor, target, deltas, score, .. } => {
                Some((*actor, *target, score.points, score.yaku().to_vec(), deltas[..4].to_vec()))
            }
            _ => None,
        })
        .collect();
    let got: Vec<Win> = wins
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            let yaku = w["yaku"]
                .as_array()
                .unwrap()
                .iter()
                .map(|y| (y[0].as_u64().unwrap() as u8, y[1].as_u64().unwrap() as u8));
            (
                w["actor"].as_u64().unwrap() as u8,
                w["target"].as_u64().unwrap() as u8,
                w["points"].as_u64().unwrap() as u32,
                yaku.collect(),
                serde_json::from_value(w["deltas"].clone()).unwrap(),
            )
        })
        .collect();
    assert!(!expected.is_empty(), "a hanchan of the efficiency player has a win");
    assert_eq!(got, expected);
    let text = call("gameTenhou6", json!({"game": game}));
    assert_eq!(text.as_str().unwrap(), hupai_game::formats::tenhou6::write(engine.events(), engine.rules(), &[]));
    // tenhou.net/6 holds riichi games only; the players are in the other module.
    let sichuan = new_game(json!("sichuan"), 1);
    let e = refused("gameTenhou6", json!({"game": sichuan}));
    assert!(e.kind == FailureKind::Game && e.message.starts_with("tenhou6: "), "{e:?}");
    for name in ["gameChoose", "gameExplain"] {
        let e = refused(name, json!({"game": sichuan, "seat": 0}));
        assert!(e.kind == FailureKind::Game && e.message.contains("hupai_player_bg.wasm"), "{e:?}");
    }
}

#[test]
fn chinese_wins_name_their_fans_as_the_scorer_does() {
    // The efficiency player wins hands under every Chinese family; each win's fans are named as the
    // family's scorer names them in its own answers (GB's fan names, the regional tables' names),
    // one name per fan id the win records, and GB's fan total is their sum.
    for (rules, seed) in [("gb", 4), ("sichuan", 2), ("hongzhong", 3), ("changsha", 5)] {
        let (game, _) = play_efficiency(rules, seed);
        let known: Vec<String> = match hupai_score::Scorer::shared(rules).unwrap() {
            hupai_score::Scorer::Regional(table) => table.fans.iter().map(|f| f.name.clone()).collect(),
            _ => (1..=82).filter_map(hupai_score::gb::Fan::from_id).map(|f| f.name_en().to_owned()).collect(),
        };
        let wins = call("gameWins", json!({"game": game}));
        let wins = wins.as_array().unwrap();
        assert!(!wins.is_empty(), "{rules}: the efficiency player wins a hand");
        for w in wins {
            let fans = w["fans"].as_array().unwrap();
            assert!(!fans.is_empty(), "{rules}: {w}");
            assert_eq!(fans.len(), w["yaku"].as_array().unwrap().len(), "{rules}: {w}");
            for (f, y) in fans.iter().zip(w["yaku"].as_array().unwrap()) {
                assert!(known.iter().any(|n| n == f["name"].as_str().unwrap()), "{rules}: {f}");
                assert_eq!(f["fan"], y[1], "{rules}: {w}");
            }
            if rules == "gb" {
                let sum: u64 = fans.iter().map(|f| f["fan"].as_u64().unwrap()).sum();
                assert_eq!(sum, w["han"].as_u64().unwrap(), "{w}");
                assert!(sum >= 8, "GB wins with eight fans or more: {w}");
            }
        }
        let riichi = new_game(json!("tenhou"), 1);
        assert!(call("gameWins", json!({"game": riichi})).as_array().unwrap().is_empty());
    }
}
