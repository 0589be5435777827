//! Fuzz target: a game under a preset chosen by the first byte, then arbitrary actions from the
//! rest (each two bytes: a seat, and an action built from the byte, legal or not; every fourth
//! byte pair instead picks one of the seat's legal actions, so games get deep). No input panics;
//! a refused action leaves the game equal to a clone taken before it; every tile of the set stays
//! somewhere; scores plus the sticks on the table keep their sum until the game ends.
#![no_main]

use hupai_game::rules::PRESETS;
use hupai_game::{Action, Game, GameRules, Pai};
use libfuzzer_sys::fuzz_target;

fn pai(byte: u8) -> Pai {
    Pai::from_index(byte % 38).unwrap_or(Pai::UNKNOWN)
}

/// An action from two bytes: a kind and tiles, often nonsense.
fn action(kind: u8, tile: u8) -> Action {
    let p = pai(tile);
    let q = pai(tile.wrapping_mul(7));
    match kind % 11 {
        0 => Action::Dahai { pai: p, tsumogiri: tile & 1 == 0 },
        1 => Action::Reach,
        2 => Action::Chi { pai: p, consumed: [q, pai(tile.wrapping_add(1))] },
        3 => Action::Pon { pai: p, consumed: [p, q] },
        4 => Action::Daiminkan { pai: p, consumed: [p, p, q] },
        5 => Action::Kakan { pai: p },
        6 => Action::Ankan { consumed: [p, p, p, q] },
        7 => Action::Kita,
        8 => Action::Hora,
        9 => Action::Ryukyoku,
        _ => Action::None,
    }
}

fn census_ok(game: &Game) {
    let census = game.tile_census();
    let total: u32 = census.iter().map(|&c| u32::from(c)).sum();
    assert_eq!(total as usize, game.rules().tile_count(), "{census:?}");
    for k in 0..34 {
        let red = if k < 27 && k % 9 == 4 { census[34 + k / 9] } else { 0 };
        assert!(census[k] + red <= 4, "kind {k}: {census:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let rules = GameRules::preset(PRESETS[usize::from(first) % PRESETS.len()]).expect("a preset");
    let seed = u64::from(first);
    let mut game = Game::new(rules, seed);
    let n = usize::from(rules.players);
    let start = rules.starting_points * n as i32;
    for (i, pair) in rest.chunks_exact(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if i % 4 == 3 {
            if let Some(seat) = game.next_seat() {
                let legal = game.legal_actions(seat);
                let pick = legal[usize::from(b) % legal.len()];
                game.apply(seat, pick).expect("a legal action is accepted");
            }
        } else {
            let seat = a % 5;
            let before = game.clone();
            if game.apply(seat, action(a / 5, b)).is_err() {
                assert!(game == before, "a refused action changed the game");
            }
        }
        census_ok(&game);
        if !game.is_over() {
            let total: i32 = game.scores()[..n].iter().sum::<i32>() + 1000 * i32::from(game.kyotaku());
            assert_eq!(total, start);
        }
    }
});
