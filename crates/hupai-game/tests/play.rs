//! Whole games under every preset, played by a seeded policy that wins, declares riichi and
//! calls: the invariants every step must keep, and determinism.

use hupai_game::rules::{Family, PRESETS};
use hupai_game::wall::SplitMix64;
use hupai_game::{Action, Event, Game, GameRules};

/// Wins whenever it can, declares riichi, calls half the time, otherwise a random legal action.
fn choose(game: &Game, seat: u8, rng: &mut SplitMix64) -> Action {
    let legal = game.legal_actions(seat);
    assert!(!legal.is_empty(), "seat {seat} asked to act with no legal action");
    if let Some(&a) = legal.iter().find(|a| matches!(a, Action::Hora | Action::Reach)) {
        return a;
    }
    let calls: Vec<Action> =
        legal.iter().copied().filter(|a| matches!(a, Action::Pon { .. } | Action::Chi { .. })).collect();
    if !calls.is_empty() && rng.below(2) == 0 {
        return calls[rng.below(calls.len() as u64) as usize];
    }
    let discards: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Dahai { .. })).collect();
    if discards.len() > 1 && rng.below(10) > 0 {
        // Discard toward a ready hand, as hupai's advice ranks the discards.
        let melds: Vec<hupai::Meld> = game.melds(seat).iter().map(|m| m.meld()).collect();
        if let Ok(hand) = hupai::Hand::new(game.hand(seat).tile_counts(), 0, &melds)
            && let Ok(advice) = hupai::discard_advice(&hand, &game.rules().hand_rules(), &hupai::TileCounts::EMPTY)
        {
            for option in advice {
                if let hupai::Discard::Tile(kind) = option.discard
                    && let Some(&a) =
                        discards.iter().find(|a| matches!(a, Action::Dahai { pai, .. } if pai.kind() == Some(kind)))
                {
                    return a;
                }
            }
        }
    }
    legal[rng.below(legal.len() as u64) as usize]
}

fn play(rules: GameRules, seed: u64) -> Game {
    let mut game = Game::new(rules, seed);
    let mut rng = SplitMix64(seed);
    let total = rules.starting_points * i32::from(rules.players);
    let mut steps = 0;
    while let Some(seat) = game.next_seat() {
        let action = choose(&game, seat, &mut rng);
        game.apply(seat, action).unwrap_or_else(|e| panic!("seed {seed}: legal action refused: {e}"));
        steps += 1;
        assert!(steps < 20_000, "seed {seed}: the game does not end");
    }
    let sum: i32 = game.scores().iter().sum();
    assert_eq!(sum, total, "seed {seed}: points not conserved: {:?}", game.scores());
    game
}

#[test]
fn every_preset_plays_to_the_end_conserving_points() {
    // The other families' games have their own tests (gb_play.rs, hongzhong.rs).
    for name in PRESETS {
        let rules = GameRules::preset(name).unwrap();
        if rules.family != Family::Riichi {
            continue;
        }
        let mut wins = 0;
        let mut draws = 0;
        for seed in 0..12 {
            let game = play(rules, seed);
            wins += game.events().iter().filter(|e| matches!(e, Event::Hora { .. })).count();
            draws += game.events().iter().filter(|e| matches!(e, Event::Ryukyoku { .. })).count();
            assert!(matches!(game.events().last(), Some(Event::EndGame { .. })));
            assert!(game.final_points().is_some());
        }
        eprintln!("{name}: {wins} wins, {draws} draws in 12 games");
        assert!(wins > 24, "{name}: only {wins} wins in 12 games");
        assert!(draws > 0, "{name}: no draw in 12 games");
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let a = play(GameRules::TENHOU, 7);
    let b = play(GameRules::TENHOU, 7);
    assert_eq!(a.events(), b.events());
    let c = play(GameRules::TENHOU, 8);
    assert_ne!(a.events(), c.events());
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut game = Game::new(GameRules::TENHOU, 3);
    let seat = game.next_seat().unwrap();
    let before = format!("{:?}", game.events());
    let other = (seat + 1) % 4;
    assert!(game.apply(other, Action::None).is_err());
    assert!(game.apply(9, Action::None).is_err());
    let absent = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
        .iter()
        .map(|t| t.parse().unwrap())
        .find(|&p| !game.hand(seat).has(p))
        .unwrap();
    let e = game.apply(seat, Action::Dahai { pai: absent, tsumogiri: false }).unwrap_err();
    assert!(e.to_string().contains(&format!("holds no {absent}")), "{e}");
    assert!(
        game.apply(seat, Action::Pon { pai: "1m".parse().unwrap(), consumed: ["1m".parse().unwrap(); 2] }).is_err()
    );
    assert_eq!(format!("{:?}", game.events()), before);
    assert_eq!(game.next_seat(), Some(seat));
}

#[test]
fn determinize_keeps_what_the_seat_sees() {
    let mut game = Game::new(GameRules::TENHOU, 11);
    let mut rng = SplitMix64(11);
    for _ in 0..60 {
        let Some(seat) = game.next_seat() else { break };
        let a = choose(&game, seat, &mut rng);
        game.apply(seat, a).unwrap();
    }
    let Some(seat) = game.next_seat() else { return };
    let view = game.view(seat);
    let mut differs = false;
    for k in 0..20 {
        let mut d = game.determinize(seat, k);
        assert_eq!(d.view(seat), view);
        for other in 0..4 {
            if other != seat && d.hand(other) != game.hand(other) {
                differs = true;
            }
        }
        // The determinized game plays on to the end.
        while let Some(s) = d.next_seat() {
            let a = choose(&d, s, &mut rng);
            d.apply(s, a).unwrap();
        }
    }
    assert!(differs, "determinize never dealt other hands differently");
}

#[test]
fn under_one_deal_id_rivers_and_dora_indicators_only_grow() {
    // What readers that keep planes from decision to decision rely on (`Game::deal_id`): while a
    // game keeps its number, every river is the one before with tiles added (only the called
    // flag of a tile there may change), the dora indicators are those before and maybe more,
    // and the turn order stays; every deal takes a new number, and so does every clone.
    let mut checked = 0;
    for name in PRESETS {
        let rules = GameRules::preset(name).unwrap();
        for seed in 0..3 {
            let mut game = Game::new(rules, seed);
            let mut rng = SplitMix64(seed);
            let seats = 0..rules.players;
            let order = |g: &Game| -> Vec<u8> {
                seats.clone().flat_map(|s| (0..4).map(move |k| g.next_in_turn(s, k))).collect()
            };
            let rivers = |g: &Game| -> Vec<Vec<(hupai_game::Pai, bool, bool)>> {
                seats.clone().map(|s| g.river(s).iter().map(|t| (t.pai, t.tsumogiri, t.riichi)).collect()).collect()
            };
            let mut ids = vec![game.deal_id()];
            while let Some(seat) = game.next_seat() {
                let (id, before, markers, turns) = (game.deal_id(), rivers(&game), game.dora_markers(), order(&game));
                if checked % 17 == 0 {
                    let twin = game.clone();
                    assert!(twin == game && twin.deal_id() != id, "{name}: a clone is equal, with a number of its own");
                }
                game.apply(seat, choose(&game, seat, &mut rng)).unwrap();
                if game.deal_id() == id {
                    for (s, (old, new)) in before.iter().zip(rivers(&game)).enumerate() {
                        assert!(new.starts_with(old), "{name} seed {seed}: seat {s}'s river {old:?} became {new:?}");
                    }
                    assert!(game.dora_markers().starts_with(&markers), "{name} seed {seed}: the indicators changed");
                    assert_eq!(game.dora_marker_count(), game.dora_markers().len());
                    assert_eq!(order(&game), turns, "{name} seed {seed}: the turn order changed");
                    checked += 1;
                } else {
                    assert!(!ids.contains(&game.deal_id()), "{name} seed {seed}: a number given twice");
                    ids.push(game.deal_id());
                }
            }
            // A number for each deal (and one for a last deal finding the walls run out): at
            // least one a hand played.
            let hands = game.events().iter().filter(|e| matches!(e, Event::StartKyoku { .. })).count();
            assert!(ids.len() >= hands, "{name} seed {seed}: {} numbers for {hands} hands", ids.len());
        }
    }
    assert!(checked > 10_000, "{checked} steps checked");
}
