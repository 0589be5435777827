//! Whole GB matches played by a seeded policy that wins whenever it can and calls: at every
//! step the 144 tiles are all somewhere and the points are conserved; every win reaches 8 fans
//! without its flowers and pays 8 + fan; the same seed plays the same match; a seat's
//! determinized game plays on; duplicate play deals every table the same walls.

use hupai_game::wall::SplitMix64;
use hupai_game::{Action, Duplicate, Event, Game, GameRules, WallSource};

/// Wins whenever it can, calls half the time, otherwise discards toward a ready hand (hupai's
/// advice) or plays a random legal action.
fn choose(game: &Game, seat: u8, rng: &mut SplitMix64) -> Action {
    let legal = game.legal_actions(seat);
    assert!(!legal.is_empty(), "seat {seat} asked to act with no legal action");
    if legal.contains(&Action::Hora) {
        return Action::Hora;
    }
    let calls: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Pon { .. } | Action::Chi { .. } | Action::Daiminkan { .. }))
        .collect();
    if !calls.is_empty() && rng.below(2) == 0 {
        return calls[rng.below(calls.len() as u64) as usize];
    }
    let discards: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Dahai { .. })).collect();
    if discards.len() > 1 && rng.below(10) > 0 {
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

/// Every one of the 144 tiles is in a hand, a meld, a river (uncalled), among the flowers set
/// aside, or in the wall.
fn tiles_accounted(game: &Game) -> usize {
    let view = game.view(0);
    let mut n = game.tiles_left();
    for seat in 0..4 {
        n += game.hand(seat).total() as usize;
        n += game.melds(seat).iter().map(|m| m.len()).sum::<usize>();
        n += game.river(seat).iter().filter(|r| !r.called).count();
        n += usize::from(view.flowers[usize::from(seat)]);
    }
    n
}

fn play(rules: GameRules, seed: u64) -> Game {
    let mut game = Game::new(rules, seed);
    let mut rng = SplitMix64(seed);
    let mut steps = 0;
    while let Some(seat) = game.next_seat() {
        assert_eq!(tiles_accounted(&game), 144, "seed {seed} step {steps}");
        let action = choose(&game, seat, &mut rng);
        game.apply(seat, action).unwrap_or_else(|e| panic!("seed {seed}: legal action refused: {e}"));
        assert_eq!(game.scores().iter().sum::<i32>(), 0, "seed {seed}: points not conserved");
        steps += 1;
        assert!(steps < 40_000, "seed {seed}: the match does not end");
    }
    game
}

#[test]
fn gb_matches_play_to_the_end_keeping_every_tile_and_every_point() {
    let rules = GameRules::preset("gb").unwrap();
    let (mut wins, mut draws, mut flowers, mut kongs, mut self_drawn) = (0, 0, 0, 0, 0);
    for seed in 0..6 {
        let game = play(rules, seed);
        assert!(matches!(game.events().last(), Some(Event::EndGame { .. })));
        let hands = game.events().iter().filter(|e| matches!(e, Event::StartKyoku { .. })).count();
        assert_eq!(hands, 16);
        let mut hand_flowers = [0u32; 4];
        for e in game.events() {
            match *e {
                Event::StartKyoku { .. } => hand_flowers = [0; 4],
                Event::Hua { actor, pai } => {
                    assert!(pai.is_flower());
                    hand_flowers[usize::from(actor)] += 1;
                    flowers += 1;
                }
                Event::Daiminkan { .. } | Event::Kakan { .. } | Event::Ankan { .. } => kongs += 1,
                Event::Hora { actor, target, deltas, score, .. } => {
                    wins += 1;
                    let fan = score.points as i32;
                    let own_flowers = hand_flowers[usize::from(actor)];
                    assert!(score.points - own_flowers >= 8, "seed {seed}: a win short of 8 fans: {score:?}");
                    let flower_fan = score.yaku().iter().find(|(id, _)| *id == 81).map_or(0, |(_, f)| u32::from(*f));
                    assert_eq!(flower_fan, own_flowers, "seed {seed}: every flower one fan");
                    assert_eq!(deltas.iter().sum::<i32>(), 0);
                    if actor == target {
                        self_drawn += 1;
                        assert_eq!(deltas[usize::from(actor)], 3 * (8 + fan));
                    } else {
                        assert_eq!(deltas[usize::from(target)], -(8 + fan));
                        assert_eq!(deltas[usize::from(actor)], 24 + fan);
                    }
                }
                Event::Ryukyoku { deltas, .. } => {
                    draws += 1;
                    assert_eq!(deltas, [0; 4]);
                }
                _ => {}
            }
        }
        assert_eq!(game.final_points().unwrap().iter().sum::<f64>(), 0.0);
    }
    eprintln!(
        "gb: {wins} wins ({self_drawn} self-drawn), {draws} draws, {flowers} flowers, {kongs} kongs in 6 matches"
    );
    assert!(wins > 30 && draws > 0 && self_drawn > 0 && flowers > 100 && kongs > 0);
}

#[test]
fn the_same_seed_plays_the_same_match() {
    let a = play(GameRules::GB, 7);
    let b = play(GameRules::GB, 7);
    assert_eq!(a.events(), b.events());
    let c = play(GameRules::GB, 8);
    assert_ne!(a.events(), c.events());
}

#[test]
fn a_determinized_gb_game_keeps_the_view_and_plays_on() {
    let mut game = Game::new(GameRules::GB, 11);
    let mut rng = SplitMix64(11);
    for _ in 0..80 {
        let Some(seat) = game.next_seat() else { break };
        let a = choose(&game, seat, &mut rng);
        game.apply(seat, a).unwrap();
    }
    let Some(seat) = game.next_seat() else { return };
    let view = game.view(seat);
    let mut differs = false;
    for k in 0..10 {
        let mut d = game.determinize(seat, k);
        assert_eq!(d.view(seat), view);
        assert_eq!(tiles_accounted(&d), 144);
        differs |= (0..4).any(|o| o != seat && d.hand(o) != game.hand(o));
        while let Some(s) = d.next_seat() {
            let a = choose(&d, s, &mut rng);
            d.apply(s, a).unwrap();
            if d.view(0).kyoku != view.kyoku || d.is_over() {
                break;
            }
            assert_eq!(tiles_accounted(&d), 144);
        }
    }
    assert!(differs);
}

#[test]
fn duplicate_tables_deal_the_same_walls_with_the_players_moved() {
    let mut dup = Duplicate::new(GameRules::GB_SINGLE, WallSource::Seeded(5));
    assert_eq!(dup.tables.len(), 4);
    // Player 2 sits at seat 2 at table 0 and at seat 1 at table 3: the same tiles.
    assert_eq!(dup.seat(3, 2), 1);
    assert_eq!(dup.player(3, 1), 2);
    let first = dup.tables[0].hand(1);
    assert!(dup.tables.iter().all(|g| g.hand(1) == first));
    let mut rng = SplitMix64(5);
    for table in 0..4 {
        while let Some(seat) = dup.tables[table].next_seat() {
            let a = choose(&dup.tables[table], seat, &mut rng);
            let player = dup.player(table, seat);
            dup.apply(table, player, a).unwrap();
        }
    }
    assert!(dup.is_over());
    assert_eq!(dup.totals().iter().sum::<i32>(), 0);
}

/// Any action, legal or not, from any seat, with any tile (flowers and `?` included): refused
/// or applied, never a panic, and a refusal changes nothing.
#[test]
fn no_action_panics_or_half_applies() {
    let mut rng = SplitMix64(99);
    let mut refused = 0;
    for seed in 0..3 {
        let mut game = Game::new(GameRules::GB, seed);
        while let Some(seat) = game.next_seat() {
            for _ in 0..4 {
                let pai = |rng: &mut SplitMix64| hupai_game::Pai::from_index(rng.below(46) as u8).unwrap();
                let action = match rng.below(9) {
                    0 => Action::Dahai { pai: pai(&mut rng), tsumogiri: rng.below(2) == 0 },
                    1 => Action::Chi { pai: pai(&mut rng), consumed: [pai(&mut rng), pai(&mut rng)] },
                    2 => Action::Pon { pai: pai(&mut rng), consumed: [pai(&mut rng), pai(&mut rng)] },
                    3 => Action::Daiminkan { pai: pai(&mut rng), consumed: [pai(&mut rng); 3] },
                    4 => Action::Kakan { pai: pai(&mut rng) },
                    5 => Action::Ankan { consumed: [pai(&mut rng); 4] },
                    6 => Action::Reach,
                    7 => Action::Kita,
                    _ => Action::Hora,
                };
                let who = rng.below(6) as u8;
                if game.legal_actions(who).contains(&action) {
                    continue;
                }
                let before = game.events().len();
                let to_act = game.to_act();
                assert!(game.apply(who, action).is_err(), "{action:?} by {who} accepted though not legal");
                assert_eq!((game.events().len(), game.to_act()), (before, to_act));
                refused += 1;
            }
            let a = choose(&game, seat, &mut rng);
            game.apply(seat, a).unwrap();
        }
    }
    assert!(refused > 1000);
}
