//! Properties of every riichi game, over many seeded random games of every riichi preset (four
//! and three players; the other families' games have their own, in gb_play.rs and hongzhong.rs): points are conserved (scores plus the sticks on the table), every tile of the set is
//! somewhere at every step, an illegal action is refused and changes nothing, nothing panics.

use hupai_game::policy::{Policy, Random};
use hupai_game::rules::{Family, PRESETS};

/// The riichi presets: the tile census and the sticks below are riichi's.
fn riichi_presets() -> Vec<&'static str> {
    PRESETS.into_iter().filter(|p| GameRules::preset(p).is_some_and(|r| r.family == Family::Riichi)).collect()
}
use hupai_game::{Action, Game, GameRules, Pai};
use proptest::prelude::*;

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
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

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
