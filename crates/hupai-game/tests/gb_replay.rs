//! GB and Hongzhong logs read back: a game written as mjai (with `hua`, `niao`, `cuohu` and the
//! rules named in `start_game`) replays under the rules it names to the same events; a false win
//! replays as its penalty; a log that starts in a later round replays with the players in that
//! round's places; a log whose draws or deltas were changed fails where they were.

use hupai_game::policy::{self, Efficiency, Random};
use hupai_game::wall::SplitMix64;
use hupai_game::{Action, Event, Game, GameRules, formats, mjai, replay};

fn replayed(game: &Game) -> replay::Replayed {
    let text = mjai::write(game.events(), 4);
    let log = formats::read(&text).unwrap().remove(0).unwrap();
    assert_eq!(log.header.rules, Some(*game.rules()));
    let rules = replay::default_rules(&log);
    replay::replay(&log, 0, rules, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn chinese_games_replay_to_the_same_events() {
    let single = GameRules::from_json(r#"{"preset": "gb-single", "start_wind": 3, "start_dealer": 2}"#).unwrap();
    for rules in [GameRules::GB, GameRules::GB_SINGLE, single, GameRules::preset("hongzhong").unwrap()] {
        for seed in 0..4 {
            for efficient in [false, true] {
                let mut game = Game::new(rules, seed);
                if efficient {
                    policy::play_out(&mut game, &mut Efficiency::new());
                } else {
                    policy::play_out(&mut game, &mut Random::new(seed));
                }
                let r = replayed(&game);
                assert_eq!(r.events, game.events(), "seed {seed}, {rules:?}");
                assert_eq!(r.scores, game.scores());
                assert_eq!(r.decisions, game.decisions());
            }
        }
    }
}

/// Plays a GB match in which each seat, on a turn it cannot win, claims a win one time in forty.
fn with_false_wins(seed: u64) -> Game {
    let rules = GameRules::from_json(r#"{"preset": "gb", "length": "east", "false_win_penalty": 10}"#).unwrap();
    let mut game = Game::new(rules, seed);
    let mut rng = SplitMix64(seed);
    let mut random = Random::new(seed);
    while let Some(seat) = game.next_seat() {
        let legal = game.legal_actions(seat);
        if !legal.contains(&Action::Hora) && rng.below(40) == 0 {
            game.apply(seat, Action::Hora).unwrap();
            continue;
        }
        let action = hupai_game::policy::Policy::choose(&mut random, &game, seat, &legal);
        game.apply(seat, action).unwrap();
    }
    game
}

#[test]
fn false_wins_replay_as_their_penalty() {
    let game = with_false_wins(5);
    let cuohu = game.events().iter().filter(|e| matches!(e, Event::Cuohu { .. })).count();
    assert!(cuohu >= 5, "{cuohu} false wins");
    assert_eq!(game.scores().iter().sum::<i32>(), 0);
    assert_ne!(game.scores(), [0; 4]);
    let r = replayed(&game);
    assert_eq!(r.events, game.events());
    // Change one penalty's deltas: the replay names the difference.
    let text = mjai::write(game.events(), 4);
    let bad = text.replacen("\"deltas\":[-30,10,10,10]", "\"deltas\":[-3,1,1,1]", 1);
    let bad = bad.replacen("\"deltas\":[10,-30,10,10]", "\"deltas\":[1,-3,1,1]", 1);
    assert_ne!(bad, text);
    let log = formats::read(&bad).unwrap().remove(0).unwrap();
    let e = replay::replay(&log, 0, *game.rules(), &mut |_| {}).unwrap_err();
    assert!(e.message.contains("false win") && e.message.contains("deltas"), "{e}");
}

#[test]
fn a_log_from_a_later_round_replays_with_the_players_moved() {
    let mut game = Game::new(GameRules::GB, 9);
    policy::play_out(&mut game, &mut Efficiency::new());
    let events = game.events();
    for wind in ["S", "W", "N"] {
        // The start of the round's first hand: the log begins there.
        let from = events
            .iter()
            .position(|e| matches!(e, Event::StartKyoku { bakaze, kyoku: 1, .. } if bakaze.to_string() == wind))
            .unwrap();
        let mut cut = vec![events[0]];
        cut.extend_from_slice(&events[from..]);
        let text = mjai::write(&cut, 4);
        let log = formats::read(&text).unwrap().remove(0).unwrap();
        let r = replay::replay(&log, 0, GameRules::GB, &mut |_| {}).unwrap_or_else(|e| panic!("{wind}: {e}"));
        assert_eq!(r.events, cut, "from {wind}");
    }
}

#[test]
fn a_changed_draw_or_flower_fails_where_it_is() {
    let mut game = Game::new(GameRules::GB_SINGLE, 3);
    policy::play_out(&mut game, &mut Random::new(3));
    let text = mjai::write(game.events(), 4);
    let lines: Vec<&str> = text.lines().collect();
    let draws: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].contains("\"tsumo\"")).collect();
    let hua = lines.iter().position(|l| l.contains("\"hua\"")).unwrap();
    // A flower set aside by the wrong seat.
    let mut moved = lines.clone();
    let mut event: serde_json::Value = serde_json::from_str(lines[hua]).unwrap();
    event["actor"] = (event["actor"].as_u64().unwrap() + 1).rem_euclid(4).into();
    let wrong = event.to_string();
    moved[hua] = &wrong;
    let log = formats::read(&(moved.join("\n") + "\n")).unwrap().remove(0).unwrap();
    let e = replay::replay(&log, 0, GameRules::GB_SINGLE, &mut |_| {}).unwrap_err();
    // The flower is then both dealt to one seat and taken from the wall by another: one copy
    // too many, named where it is shown the second time.
    let flower = event["pai"].as_str().unwrap();
    assert!(e.message.contains(flower) && e.event == hua, "{e}");
    // A draw removed: the engine draws a tile the log does not show.
    let mut short = lines.clone();
    let gone = draws[draws.len() / 2];
    short.remove(gone);
    let log = formats::read(&(short.join("\n") + "\n")).unwrap().remove(0).unwrap();
    let e = replay::replay(&log, 0, GameRules::GB_SINGLE, &mut |_| {}).unwrap_err();
    assert!(e.event >= gone - 1 && e.event <= gone + 1, "{e} (removed line {gone})");
}

#[test]
fn a_flower_under_riichi_rules_is_an_error() {
    // A riichi log's deal with a flower in it (and a dora indicator, so the wall is rebuilt).
    let mut game = Game::new(GameRules::TENHOU, 1);
    policy::play_out(&mut game, &mut Efficiency::new());
    let text = mjai::write(game.events(), 4);
    let start = text.lines().nth(1).unwrap();
    let mut deal: serde_json::Value = serde_json::from_str(start).unwrap();
    deal["tehais"][2][0] = "3f".into();
    let text = text.replacen(start, &deal.to_string(), 1);
    let log = formats::read(&text).unwrap().remove(0).unwrap();
    let e = replay::replay(&log, 0, GameRules::TENHOU, &mut |_| {}).unwrap_err();
    assert!(e.message.contains("3f"), "{e}");
}

/// The written log's `hora` lines of the Chinese families carry the win's score (fans and
/// points); read back, each equals the engine's; a log whose score was changed fails replay
/// naming the win, and a malformed score is an error naming the member. Riichi logs stay plain.
#[test]
fn chinese_wins_carry_their_score_in_the_log_and_replay_checks_it() {
    let changsha = GameRules::preset("changsha").unwrap();
    let sichuan = GameRules::preset("sichuan").unwrap();
    for rules in [GameRules::GB, GameRules::preset("hongzhong").unwrap(), changsha, sichuan] {
        let mut checked = 0;
        for seed in 0..6 {
            let mut game = Game::new(rules, seed);
            policy::play_out(&mut game, &mut Efficiency::new());
            let text = mjai::write(game.events(), 4);
            let engine: Vec<_> = game
                .events()
                .iter()
                .filter_map(|e| if let Event::Hora { score, .. } = e { Some(*score) } else { None })
                .collect();
            let lines: Vec<serde_json::Value> = text
                .lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .filter(|v| v["type"] == "hora")
                .collect();
            assert_eq!(lines.len(), engine.len());
            for (line, score) in lines.iter().zip(&engine) {
                assert!(score.points > 0, "{rules:?}: a win is worth something");
                assert_eq!(line["score"]["points"], score.points, "{line}");
                assert_eq!(line["score"]["han"], score.han, "{line}");
                let fans = line["score"]["fans"].as_array().unwrap();
                assert_eq!(fans.len(), score.yaku().len(), "{line}");
                checked += 1;
            }
            let log = formats::read(&text).unwrap().remove(0).unwrap();
            let read: Vec<_> = log
                .events
                .iter()
                .filter_map(|e| if let Event::Hora { score, .. } = e.event { Some(score) } else { None })
                .collect();
            assert_eq!(read, engine, "read back as written");
            // The first win's points changed: replay refuses the log at that win.
            if let Some(at) = text.lines().position(|l| l.contains(r#""type":"hora""#)) {
                let points = engine[0].points;
                let changed: String = text
                    .lines()
                    .enumerate()
                    .map(|(i, l)| {
                        let l = if i == at {
                            l.replace(&format!(r#""points":{points}"#), &format!(r#""points":{}"#, points + 1))
                        } else {
                            l.to_string()
                        };
                        l + "\n"
                    })
                    .collect();
                let log = formats::read(&changed).unwrap().remove(0).unwrap();
                let e = replay::replay(&log, 0, replay::default_rules(&log), &mut |_| {}).unwrap_err();
                assert!(e.to_string().contains("the log scores seat"), "{e}");
                let broken = text.replacen(r#""capped":false"#, r#""capped":7"#, 1);
                match formats::read(&broken).unwrap().remove(0) {
                    Err(e) => assert!(e.message.contains("\"capped\""), "{}", e.message),
                    Ok(_) => panic!("a malformed score was read"),
                }
            }
        }
        assert!(checked > 0, "{rules:?}: some wins in six games");
    }
    let mut riichi = Game::new(GameRules::TENHOU, 1);
    policy::play_out(&mut riichi, &mut Efficiency::new());
    assert!(!mjai::write(riichi.events(), 4).contains("\"score\""), "riichi logs as mjai writes them");
}
