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
