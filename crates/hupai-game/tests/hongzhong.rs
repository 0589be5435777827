//! Red-dragon mahjong (红中麻将) games: whole seeded games by a player that wins, and the rules
//! that decide them (the red dragons wild and kept, no chow, self-drawn wins unless the rules
//! allow a discard, birds before the win, points conserved with the kong payments).

use hupai_game::policy::{self, Efficiency, Policy};
use hupai_game::{Action, Event, Game, GameRules};

fn play(rules: GameRules, seed: u64) -> Game {
    let mut game = Game::new(rules, seed);
    let mut players = Efficiency::new();
    let mut steps = 0;
    while let Some(seat) = game.next_seat() {
        let legal = game.legal_actions(seat);
        for a in &legal {
            match a {
                Action::Dahai { pai, .. } => assert_ne!(pai.mjai(), "C", "a red dragon offered as a discard"),
                Action::Chi { .. } => panic!("a chow offered under Hongzhong"),
                _ => {}
            }
        }
        let action = players.choose(&game, seat, &legal);
        game.apply(seat, action).unwrap();
        steps += 1;
        assert!(steps < 20_000);
    }
    game
}

#[test]
fn whole_games_conserve_points_and_win_by_self_draw() {
    let rules = GameRules::preset("hongzhong").unwrap();
    let (mut wins, mut birds) = (0, 0);
    for seed in 0..6 {
        let game = play(rules, seed);
        assert_eq!(game.scores().iter().sum::<i32>(), 0, "seed {seed}: {:?}", game.scores());
        let events = game.events();
        for (i, e) in events.iter().enumerate() {
            if let Event::Hora { actor, target, deltas, .. } = e {
                wins += 1;
                assert_eq!(actor, target, "a win on a discard without discard_wins");
                assert!(deltas[usize::from(*actor)] > 0);
                assert_eq!(deltas.iter().sum::<i32>(), 0);
                assert!(matches!(events[i - 1], Event::Niao { len: 2, .. }), "two birds before the win");
                birds += 1;
            }
        }
        assert!(matches!(events.last(), Some(Event::EndGame { .. })));
        let hands = events.iter().filter(|e| matches!(e, Event::StartKyoku { .. })).count();
        assert_eq!(hands, 8, "eight hands");
    }
    assert!(wins >= 12, "only {wins} wins in 48 hands");
    assert_eq!(birds, wins);
}

#[test]
fn discard_wins_as_an_option() {
    let mut rules = GameRules::preset("hongzhong").unwrap();
    rules.discard_wins = true;
    let mut ron = 0;
    for seed in 0..6 {
        let game = play(rules, seed);
        assert_eq!(game.scores().iter().sum::<i32>(), 0);
        ron +=
            game.events().iter().filter(|e| matches!(e, Event::Hora { actor, target, .. } if actor != target)).count();
    }
    assert!(ron > 0, "no win on a discard with discard_wins");
}

#[test]
fn rules_read_and_refuse_by_name() {
    let r = GameRules::from_json(r#"{"preset": "hongzhong", "birds": 4, "discard_wins": true}"#).unwrap();
    assert_eq!((r.birds, r.discard_wins), (4, true));
    let e = GameRules::from_json(r#"{"preset": "hongzhong", "birds": 9}"#).unwrap_err();
    assert_eq!(e.flag.as_deref(), Some("birds"));
    let e = GameRules::from_json(r#"{"preset": "tenhou", "birds": 2}"#).unwrap_err();
    assert_eq!(e.flag.as_deref(), Some("birds"));
    let printed = GameRules::preset("hongzhong").unwrap().to_json().to_string();
    assert_eq!(GameRules::from_json(&printed).unwrap(), GameRules::preset("hongzhong").unwrap());
    let _ = policy::PolicyKind::NAMES;
}

/// A seat asked to move always has something to do: a pung is not offered when it would leave
/// only red dragons, which can never be discarded. Players who call every pung they are offered
/// (and otherwise play at random) reach such hands within a few hundred games.
#[test]
fn a_seat_asked_to_move_always_has_a_legal_action() {
    let rules = GameRules::preset("hongzhong").unwrap();
    let mut pungs = 0;
    for seed in 0..300 {
        let mut game = Game::new(rules, seed);
        game.set_recording(false);
        let mut random = policy::Random::new(seed);
        while let Some(seat) = game.next_seat() {
            let legal = game.legal_actions(seat);
            assert!(!legal.is_empty(), "seed {seed}: seat {seat} is asked to move and may do nothing");
            let action = match legal.iter().find(|a| matches!(a, Action::Pon { .. })) {
                Some(&pon) => {
                    pungs += 1;
                    pon
                }
                None => random.choose(&game, seat, &legal),
            };
            game.apply(seat, action).unwrap();
        }
    }
    assert!(pungs > 1000, "only {pungs} pungs called");
}

/// The kong payments are the rules' amounts: the same seeded games played with the custom
/// amounts and with none differ, hand by hand, by exactly what the hand's kongs are paid (a
/// kong on a discard by the discarder, an added or concealed kong by each other player; a robbed
/// kong pays nothing, and a drawn hand's kongs lapse).
#[test]
fn the_kong_payments_are_the_rules_amounts() {
    let custom = GameRules::preset("hongzhong").unwrap();
    let none = GameRules::from_json(r#"{"preset": "hongzhong", "kong_payments": [0, 0, 0]}"#).unwrap();
    let [exposed, added, concealed] = custom.kong_payments();
    // Efficient players who make every kong they may.
    let play = |rules: GameRules, seed: u64| {
        let mut game = Game::new(rules, seed);
        let mut players = Efficiency::new();
        while let Some(seat) = game.next_seat() {
            let legal = game.legal_actions(seat);
            let kong = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Daiminkan { .. } | Action::Ankan { .. } | Action::Kakan { .. }));
            let action = kong.unwrap_or_else(|| players.choose(&game, seat, &legal));
            game.apply(seat, action).unwrap();
        }
        game
    };
    let mut kongs_paid = 0;
    for seed in 0..6 {
        let (a, b) = (play(custom, seed), play(none, seed));
        let (ea, eb) = (a.events(), b.events());
        assert_eq!(ea.len(), eb.len(), "seed {seed}: the same decisions");
        let mut owed = [0i32; 4];
        for (x, y) in ea.iter().zip(eb) {
            match x {
                Event::StartKyoku { .. } => owed = [0; 4],
                Event::Daiminkan { actor, target, .. } => {
                    owed[usize::from(*actor)] += exposed;
                    owed[usize::from(*target)] -= exposed;
                }
                Event::Ankan { actor, .. } | Event::Kakan { actor, .. } => {
                    let each = if matches!(x, Event::Ankan { .. }) { concealed } else { added };
                    for o in 0..4 {
                        if o != usize::from(*actor) {
                            owed[o] -= each;
                            owed[usize::from(*actor)] += each;
                        }
                    }
                }
                Event::Hora { deltas, .. } => {
                    let Event::Hora { deltas: plain, .. } = y else { panic!("seed {seed}: events differ") };
                    // A robbed added kong was never made: the robbing win follows its Kakan.
                    let robbed =
                        matches!(ea.iter().take_while(|e| !std::ptr::eq(*e, x)).last(), Some(Event::Kakan { .. }));
                    let mut want = owed;
                    if robbed {
                        let Some(Event::Kakan { actor, .. }) = ea.iter().take_while(|e| !std::ptr::eq(*e, x)).last()
                        else {
                            unreachable!()
                        };
                        for o in 0..4 {
                            if o != usize::from(*actor) {
                                want[o] += added;
                                want[usize::from(*actor)] -= added;
                            }
                        }
                    }
                    let diff: Vec<i32> = deltas.iter().zip(plain).map(|(p, q)| p - q).collect();
                    assert_eq!(diff, want, "seed {seed}");
                    kongs_paid += i32::from(want != [0; 4]);
                }
                _ => {}
            }
        }
    }
    assert!(kongs_paid > 0, "no hand with a kong was won in these games");
}
