//! Whole Changsha (长沙麻将) games under the preset, by the built-in players: points conserved,
//! every tile of the 108 in one place at every step, an illegal action refused and changing
//! nothing, and the written mjai log read back and played again to the same log.

use hupai_game::policy::{Efficiency, Policy, Random};
use hupai_game::{Action, Event, Game, GameRules, mjai};
use proptest::prelude::*;

fn check_census(game: &Game) -> Result<(), TestCaseError> {
    let census = game.tile_census();
    for k in 0..34usize {
        prop_assert_eq!(census[k], if k < 27 { 4 } else { 0 }, "kind {} in {:?}", k, census);
    }
    Ok(())
}

/// Plays a game with `policy`, checking at every step; returns it.
fn play(seed: u64, policy: &mut dyn Policy) -> Result<Game, TestCaseError> {
    let rules = GameRules::preset("changsha").unwrap();
    let mut game = Game::new(rules, seed);
    let mut rng = hupai_game::wall::SplitMix64(seed ^ 0x5eed);
    let mut steps = 0;
    check_census(&game)?;
    while let Some(seat) = game.next_seat() {
        let legal = game.legal_actions(seat);
        prop_assert!(!legal.is_empty());
        if rng.below(8) == 0 {
            for bad in [
                Action::Haidi,
                Action::Qishouhu,
                Action::None,
                Action::Hora,
                Action::Kaigang { pai: "5m".parse().unwrap() },
            ] {
                if !legal.contains(&bad) {
                    let before = game.clone();
                    prop_assert!(game.apply(seat, bad).is_err(), "{:?} accepted", bad);
                    prop_assert!(game == before);
                }
            }
        }
        if rng.below(16) == 0 {
            // Another deal of what `seat` cannot see keeps every tile and what `seat` may do.
            let other = game.determinize(seat, rng.next_u64());
            check_census(&other)?;
            prop_assert_eq!(other.legal_actions(seat), legal.clone());
            prop_assert_eq!(other.scores(), game.scores());
        }
        let action = policy.choose(&game, seat, &legal);
        game.apply(seat, action).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_census(&game)?;
        prop_assert_eq!(game.scores().iter().sum::<i32>(), 0);
        steps += 1;
        prop_assert!(steps < 50_000);
    }
    Ok(game)
}

/// Plays the game again from its seed, every decision read from the mjai log `text` (a pass where
/// the log shows none), and returns the log it writes.
fn replay(seed: u64, text: &str) -> String {
    let logged: Vec<Event> =
        mjai::read(text).into_iter().next().unwrap().unwrap().events.into_iter().map(|e| e.event).collect();
    let mut game = Game::new(GameRules::preset("changsha").unwrap(), seed);
    while let Some(seat) = game.next_seat() {
        let at = game.events().len();
        let next = logged.get(at).copied();
        let after = logged.get(at + 1).copied();
        let to_act = game.to_act();
        let by = |s: u8| to_act & (1 << s) != 0;
        let action = match next {
            Some(Event::Dahai { actor, pai, tsumogiri }) if by(actor) => {
                Some((actor, Action::Dahai { pai, tsumogiri }))
            }
            Some(Event::Chi { actor, pai, consumed, .. }) if by(actor) => Some((actor, Action::Chi { pai, consumed })),
            Some(Event::Pon { actor, pai, consumed, .. }) if by(actor) => Some((actor, Action::Pon { pai, consumed })),
            Some(Event::Daiminkan { actor, pai, consumed, .. }) if by(actor) => {
                if matches!(after, Some(Event::Kaigang { .. })) {
                    Some((actor, Action::Kaigang { pai }))
                } else {
                    Some((actor, Action::Daiminkan { pai, consumed }))
                }
            }
            Some(Event::Ankan { actor, consumed }) if by(actor) => {
                if matches!(after, Some(Event::Kaigang { .. })) {
                    Some((actor, Action::Kaigang { pai: consumed[0] }))
                } else {
                    Some((actor, Action::Ankan { consumed }))
                }
            }
            Some(Event::Kakan { actor, pai, .. }) if by(actor) => {
                if matches!(after, Some(Event::Kaigang { .. })) {
                    Some((actor, Action::Kaigang { pai }))
                } else {
                    Some((actor, Action::Kakan { pai }))
                }
            }
            Some(Event::Hora { actor, .. }) if by(actor) => Some((actor, Action::Hora)),
            Some(Event::Niao { actor, .. }) if by(actor) => Some((actor, Action::Hora)),
            Some(Event::Niao { .. }) => {
                // Several winners on one discard: the birds are counted from the discarder.
                let winner = logged[at + 1..].iter().find_map(|e| match e {
                    Event::Hora { actor, .. } if by(*actor) => Some(*actor),
                    _ => None,
                });
                winner.map(|w| (w, Action::Hora))
            }
            Some(Event::Qishouhu { actor, .. }) if by(actor) => Some((actor, Action::Qishouhu)),
            Some(Event::Haidi { actor }) if by(actor) => Some((actor, Action::Haidi)),
            _ => None,
        };
        // A logged decision the seat cannot make yet comes after passes (a claim answered first).
        let action = action.filter(|(s, a)| game.legal_actions(*s).contains(a));
        // A later winner of several on one discard: its own hora, further on in the log.
        let action = action.or_else(|| {
            let mut k = at;
            while let Some(Event::Niao { .. } | Event::Hora { .. }) = logged.get(k) {
                if let Some(Event::Hora { actor, .. }) = logged.get(k)
                    && by(*actor)
                    && game.legal_actions(*actor).contains(&Action::Hora)
                {
                    return Some((*actor, Action::Hora));
                }
                k += 1;
            }
            None
        });
        let (seat, action) = action.unwrap_or((seat, Action::None));
        game.apply(seat, action).unwrap_or_else(|e| panic!("seed {seed}, event {at}: {e}"));
    }
    mjai::write(game.events(), 4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_points_and_tiles_and_replay(seed in any::<u64>()) {
        let game = play(seed, &mut Random::new(seed))?;
        let log = mjai::write(game.events(), 4);
        prop_assert_eq!(replay(seed, &log), log);
    }
}

#[test]
fn games_by_the_efficiency_player_win_and_replay() {
    let (mut wins, mut big, mut opening, mut haidi, mut birds) = (0, 0, 0, 0, 0);
    for seed in 0..8 {
        let game = play(seed, &mut Efficiency::new()).unwrap();
        let events = game.events();
        assert!(matches!(events.last(), Some(Event::EndGame { .. })));
        assert_eq!(events.iter().filter(|e| matches!(e, Event::StartKyoku { .. })).count(), 8, "eight hands");
        for e in events {
            match e {
                Event::Hora { deltas, score, .. } => {
                    wins += 1;
                    big += usize::from(score.han > 0);
                    assert_eq!(deltas.iter().sum::<i32>(), 0);
                }
                Event::Qishouhu { deltas, .. } => {
                    opening += 1;
                    assert_eq!(deltas.iter().sum::<i32>(), 0);
                }
                Event::Haidi { .. } => haidi += 1,
                Event::Niao { .. } => birds += 1,
                _ => {}
            }
        }
        let log = mjai::write(events, 4);
        assert_eq!(replay(seed, &log), log, "seed {seed}");
    }
    assert!(wins >= 20, "{wins} wins in 64 hands");
    assert!(
        big > 0 && opening > 0 && haidi > 0 && birds > 0,
        "{big} big wins, {opening} opening, {haidi} haidi, {birds} birds"
    );
}
