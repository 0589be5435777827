//! Properties of every game, over many seeded games of every riichi preset (four and three
//! players: points conserved with the sticks on the table, an illegal action refused and changing
//! nothing) and of every Chinese family (GB, Hongzhong, Sichuan, Changsha, random and efficient
//! players): every kind of the set four times somewhere at every step, points conserved, nothing
//! panics. The families' own rules are checked in their files (gb_play.rs, sichuan.rs, ...).

use hupai_game::policy::{Policy, Random};
use hupai_game::rules::{Family, PRESETS};

/// The riichi presets: the tile census and the sticks below are riichi's.
fn riichi_presets() -> Vec<&'static str> {
    PRESETS.into_iter().filter(|p| GameRules::preset(p).is_some_and(|r| r.family == Family::Riichi)).collect()
}
use hupai_game::{Action, Game, GameRules, Pai};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// Every kind four times, the red fives as the rules have them; only the kinds of the set.
fn check_census(game: &Game) -> Result<(), TestCaseError> {
    let census = game.tile_census();
    let rules = game.rules();
    let mut total = 0u32;
    for k in 0..34usize {
        let three_player_gap = rules.players == 3 && (1..8).contains(&k);
        let red = if k < 27 && k % 9 == 4 { census[34 + k / 9] } else { 0 };
        let copies = census[k] + red;
        prop_assert_eq!(copies, if three_player_gap { 0 } else { 4 }, "kind {} in {:?}", k, census);
        if k < 27 && k % 9 == 4 && !three_player_gap {
            prop_assert_eq!(red, rules.red_fives[k / 9], "red fives of suit {}", k / 9);
        }
        total += u32::from(copies);
    }
    prop_assert_eq!(total as usize, rules.tile_count());
    Ok(())
}

fn check_points(game: &Game) -> Result<(), TestCaseError> {
    let rules = game.rules();
    let n = usize::from(rules.players);
    let total: i32 = game.scores()[..n].iter().sum::<i32>() + 1000 * i32::from(game.kyotaku());
    prop_assert_eq!(total, rules.starting_points * n as i32);
    Ok(())
}

/// Actions that are not legal now: other seats' turns, tiles not held, passes on a turn, ...
fn illegal_candidates(game: &Game, seat: u8, rng: &mut hupai_game::wall::SplitMix64) -> Vec<(u8, Action)> {
    let legal = game.legal_actions(seat);
    let pai = |rng: &mut hupai_game::wall::SplitMix64| Pai::from_index(rng.below(37) as u8).unwrap();
    let mut out = vec![
        ((seat + 1) % 4, Action::None),
        (seat, Action::Dahai { pai: pai(rng), tsumogiri: rng.below(2) == 0 }),
        (seat, Action::Pon { pai: pai(rng), consumed: [pai(rng), pai(rng)] }),
        (seat, Action::Chi { pai: pai(rng), consumed: [pai(rng), pai(rng)] }),
        (seat, Action::Kakan { pai: pai(rng) }),
        (seat, Action::Ankan { consumed: [pai(rng); 4] }),
        (seat, Action::Hora),
        (seat, Action::Reach),
        (seat, Action::Kita),
        (seat, Action::Ryukyoku),
        (seat, Action::None),
        (7, Action::None),
    ];
    out.retain(|(s, a)| !((*s == seat && legal.contains(a)) || (*s < 4 && game.legal_actions(*s).contains(a))));
    out
}

fn play(preset: &str, seed: u64, length: &str) -> Result<u64, TestCaseError> {
    let rules = GameRules::from_json(&format!("{{\"preset\": \"{preset}\", \"length\": \"{length}\"}}")).unwrap();
    let mut game = Game::new(rules, seed);
    let mut policy = Random::new(seed);
    let mut rng = hupai_game::wall::SplitMix64(seed ^ 0xABCD);
    let mut steps = 0u64;
    check_census(&game)?;
    check_points(&game)?;
    while let Some(seat) = game.next_seat() {
        // Now and then, every illegal candidate is refused and leaves the game as it was.
        if rng.below(8) == 0 {
            for (s, action) in illegal_candidates(&game, seat, &mut rng) {
                let before = game.clone();
                prop_assert!(game.apply(s, action).is_err(), "{:?} by seat {} was accepted", action, s);
                prop_assert!(game == before, "a refused {:?} changed the game", action);
            }
        }
        let legal = game.legal_actions(seat);
        prop_assert!(!legal.is_empty());
        let action = policy.choose(&game, seat, &legal);
        game.apply(seat, action).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_census(&game)?;
        if !game.is_over() || !rules.leftover_sticks_to_top {
            check_points(&game)?;
        }
        steps += 1;
    }
    let n = usize::from(rules.players);
    let total: i32 = game.scores()[..n].iter().sum::<i32>() + 1000 * i32::from(game.kyotaku());
    prop_assert_eq!(total, rules.starting_points * n as i32, "final scores");
    Ok(steps)
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn every_preset_keeps_points_and_tiles(seed in any::<u64>(), preset in 0..6usize, east in any::<bool>()) {
        let presets = riichi_presets();
        let steps = play(presets[preset % presets.len()], seed, if east { "east" } else { "south" })?;
        prop_assert!(steps > 50);
    }
}

/// A fixed sample of every preset, so each runs whatever proptest draws.
#[test]
fn each_preset_in_turn() {
    for preset in riichi_presets() {
        for seed in 0..3 {
            play(preset, seed, "south").unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}"));
        }
    }
}

/// The kinds of a Chinese family's set: the three suits, with GB's honours and Hongzhong's red
/// dragons.
fn chinese_kinds(family: Family) -> impl Fn(usize) -> bool {
    move |k| match family {
        Family::Gb => k < 34,
        Family::Hongzhong => k < 27 || k == 33,
        _ => k < 27,
    }
}

/// A whole game of a Chinese family by random or efficient players: at every step each kind of the
/// set is four times somewhere (hands, rivers, melds, the wall) and no other kind is, and the
/// points are conserved.
fn play_chinese(preset: &str, seed: u64, efficient: bool) -> Result<u64, TestCaseError> {
    use hupai_game::policy::{Efficiency, Policy, Random};
    let rules = GameRules::preset(preset).unwrap();
    let in_set = chinese_kinds(rules.family);
    let mut game = Game::new(rules, seed);
    let (mut random, mut eff) = (Random::new(seed), Efficiency::new());
    let mut steps = 0u64;
    loop {
        let census = game.tile_census();
        for k in 0..34usize {
            let expected = if in_set(k) { 4 } else { 0 };
            prop_assert_eq!(census[k], expected, "{} seed {} step {}: kind {} in {:?}", preset, seed, steps, k, census);
        }
        prop_assert_eq!(&census[34..], &[0, 0, 0], "no red fives in a Chinese set");
        prop_assert_eq!(game.scores().iter().sum::<i32>(), 0, "{} seed {}: points", preset, seed);
        let Some(seat) = game.next_seat() else { break };
        let legal = game.legal_actions(seat);
        let action = if efficient { eff.choose(&game, seat, &legal) } else { random.choose(&game, seat, &legal) };
        game.apply(seat, action).map_err(|e| TestCaseError::fail(format!("{preset} seed {seed}: {e}")))?;
        steps += 1;
        prop_assert!(steps < 100_000, "the game does not end");
    }
    Ok(steps)
}

/// A failing case is written beside this file (`properties.proptest-regressions`, committed) and
/// runs first on every later run, on every clone.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn every_chinese_family_keeps_every_tile(seed in any::<u64>(), preset in 0..4usize, efficient in any::<bool>()) {
        let preset = ["gb", "hongzhong", "sichuan", "changsha"][preset];
        let steps = play_chinese(preset, seed, efficient)?;
        prop_assert!(steps > 50);
    }
}

/// Seeds that once broke a property, and a fixed sample of every family and both players: these
/// run on every `cargo test`, whatever proptest draws. `HUPAI_FULL=1` plays 10,000 seeds of each
/// family with each player (20,000 games a family; docs/game.md gives the run).
#[test]
fn chinese_families_on_fixed_seeds() {
    let known = [("sichuan", 13522853734304132442u64, false), ("sichuan", 0, true)];
    let seeds = if std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1") { 10_000 } else { 4 };
    let sample = ["gb", "hongzhong", "sichuan", "changsha"]
        .into_iter()
        .flat_map(|p| (1..seeds).flat_map(move |s| [(p, s, false), (p, s, true)]));
    for (preset, seed, efficient) in known.into_iter().chain(sample) {
        play_chinese(preset, seed, efficient).unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}"));
    }
}

/// A game's own log replays to the same game: every Chinese family, random, efficient and mixed
/// tables (random at the even seats, efficient at the odd ones, and the other way round), the
/// log written as mjai, read back and replayed event for event.
#[test]
fn own_logs_replay_in_every_chinese_family() {
    use hupai_game::policy::{Efficiency, Policy, Random};
    use hupai_game::{formats, mjai, replay};
    for preset in ["gb", "hongzhong", "sichuan", "changsha"] {
        let rules = GameRules::preset(preset).unwrap();
        for seed in 100..106u64 {
            for mix in 0..4u8 {
                let mut game = Game::new(rules, seed);
                let (mut random, mut eff) = (Random::new(seed), Efficiency::new());
                while let Some(seat) = game.next_seat() {
                    let legal = game.legal_actions(seat);
                    let efficient = match mix {
                        0 => false,
                        1 => true,
                        m => (seat % 2 == 1) == (m == 2),
                    };
                    let a =
                        if efficient { eff.choose(&game, seat, &legal) } else { random.choose(&game, seat, &legal) };
                    game.apply(seat, a).unwrap();
                }
                let text = mjai::write(game.events(), rules.players);
                let log = formats::read(&text).unwrap().remove(0).unwrap();
                let r = replay::replay(&log, 0, replay::default_rules(&log), &mut |_| {})
                    .unwrap_or_else(|e| panic!("{preset} seed {seed} table {mix}: {e}"));
                assert_eq!(r.events, game.events(), "{preset} seed {seed} table {mix}");
                assert_eq!(r.scores, game.scores(), "{preset} seed {seed} table {mix}");
            }
        }
    }
}
