//! The game engine per decision under each rule family, side by side: whole games self-played by
//! a seeded random policy (wins taken, recording off), `legal_actions` and `apply` for every
//! decision, as `hupai play --bench` plays them. Criterion reports decisions per second.
//!
//! `cargo bench -p hupai-benches --bench game_families`.

// The measurement and settings only: a game is timed whole, not per hand.
#[allow(dead_code)]
mod common;

use common::config;
use criterion::{Throughput, criterion_group, criterion_main};
use hupai_game::wall::SplitMix64;
use hupai_game::{Action, Game, GameRules};

/// Plays the game of `seed` to its end; returns the decisions taken.
fn play(rules: GameRules, seed: u64) -> u64 {
    let mut game = Game::new(rules, seed);
    game.set_recording(false);
    let mut rng = SplitMix64(seed);
    while let Some(seat) = game.next_seat() {
        let legal = game.legal_actions(seat);
        let action =
            if legal.contains(&Action::Hora) { Action::Hora } else { legal[rng.below(legal.len() as u64) as usize] };
        if game.apply(seat, action).is_err() {
            break;
        }
    }
    game.decisions()
}

fn families(c: &mut criterion::Criterion<common::CpuTime>) {
    let mut group = c.benchmark_group("game");
    for (name, rules) in [("riichi (tenhou)", GameRules::TENHOU), ("gb", GameRules::GB)] {
        let seeds = 0..4u64;
        let decisions: u64 = seeds.clone().map(|s| play(rules, s)).sum();
        group.throughput(Throughput::Elements(decisions));
        group.bench_function(name, |b| b.iter(|| seeds.clone().map(|s| play(rules, s)).sum::<u64>()));
    }
    group.finish();
}

criterion_group! { name = benches; config = config(); targets = families }
criterion_main!(benches);
