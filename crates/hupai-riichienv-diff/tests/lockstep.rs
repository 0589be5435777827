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
