//! A small sample of the differential for CI: games of four and three players in lockstep with
//! riichienv, every difference explained (the offline run plays 10,000 of each:
//! `cargo run --release -p hupai-riichienv-diff -- --players 4 --games 10000`).

use hupai_riichienv_diff::lockstep;

fn sample(players: u8, games: u64) {
    let (mut decisions, mut unexplained) = (0u64, Vec::new());
    for seed in 0..games {
        let report = lockstep::play(players, seed);
        decisions += report.decisions;
        for d in report.differences {
            if d.explained().is_none() {
                unexplained.push((seed, d));
            }
        }
    }
    // Enough decisions compared for the sample to mean something (a hanchan has hundreds).
    assert!(decisions > 100 * games, "{decisions} decisions in {games} games");
    assert!(
        unexplained.is_empty(),
        "{} unexplained differences: {:#?}",
        unexplained.len(),
        &unexplained[..unexplained.len().min(3)]
    );
}

#[test]
fn four_players_agree_with_riichienv() {
    sample(4, 40);
}

#[test]
fn three_players_agree_with_riichienv() {
    sample(3, 40);
}

/// A hand paid differently is put down to a wait on the seat's own four copies only when
/// hupai's draw, repaid with those seats tenpai, gives riichienv's payments to the point.
#[test]
fn a_draw_paid_with_own_four_copies_tenpai_is_recognised() {
    use hupai_game::{DrawReason, Event};
    let draw = |deltas: [i32; 4], tenpai: u8| [Event::Ryukyoku { reason: DrawReason::Exhaustive, deltas, tenpai }];
    let (four, _) = lockstep::rules(4);
    let hupai = [1500, 1500, -1500, -1500];
    let results = draw(hupai, 0b0011);
    let cause = |four_own: u8, peer: &[i32]| lockstep::settlement_cause(&four, &results, four_own, &hupai, peer);
    assert_eq!(cause(0b1000, &[1000, 1000, -3000, 1000]), Some(lockstep::FOUR_OWN_DRAW));
    // The wrong seat paid, or no seat ready on its own four copies: not this cause.
    assert_eq!(cause(0b1000, &[1000, 1000, 1000, -3000]), None);
    assert_eq!(cause(0, &[1000, 1000, -3000, 1000]), None);
    // Three players: 2,000 points change hands.
    let (three, _) = lockstep::rules(3);
    let hupai = [-1000, -1000, 2000];
    let results = draw([-1000, -1000, 2000, 0], 0b100);
    assert_eq!(
        lockstep::settlement_cause(&three, &results, 0b010, &hupai, &[-2000, 1000, 1000]),
        Some(lockstep::FOUR_OWN_DRAW)
    );
}
