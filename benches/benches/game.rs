//! Self-play speed: decisions per second on one core (the thread's CPU time), hupai's engine
//! against `riichienv-core` (the Rust core of riichienv), both driven by the same uniform random
//! policy (a seeded SplitMix64 choosing among each seat's legal actions) over Tenhou hanchan.
//!
//! `cargo bench -p hupai-benches --bench game`. One iteration is one decision: whole games are
//! played in turn (game i dealt from seed i) until at least the iterations asked for are done,
//! and the time is shared over the decisions made. Before timing, every hupai game is checked to
//! end with its points conserved, and every riichienv game to end without an engine error.

// The shared module's per-hand loop is for corpora of hands; games time themselves.
#[allow(dead_code)]
mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::{CpuTime, config};
use cpu_time::ThreadTime;
use criterion::{Criterion, criterion_group, criterion_main};
use hupai_game::policy::{self, Random};
use hupai_game::wall::SplitMix64;
use hupai_game::{Game, GameRules};
use riichienv_core::action::Action as RAction;
use riichienv_core::rule::GameRule;
use riichienv_core::state::GameState;
use riichienv_core::state::legal_actions::GameStateLegalActions;

/// riichienv's game mode for a hanchan (east and south rounds).
const HANCHAN: u8 = 2;

/// One hupai game from `seed`, log off; its decisions.
fn hupai_game(rules: GameRules, seed: u64) -> u64 {
    let mut game = Game::new(rules, seed);
    game.set_recording(false);
    let decisions = policy::play_out(&mut game, &mut Random::new(seed));
    assert!(game.is_over(), "hupai game {seed} did not end");
    decisions
}

/// One riichienv-core game from `seed`, logging off; its decisions (actions chosen).
fn riichienv_game(seed: u64) -> u64 {
    let mut state = GameState::new(HANCHAN, true, Some(seed), 0, GameRule::default_tenhou());
    let mut rng = SplitMix64(seed ^ 0x005E_ED0F_9A3E);
    let mut decisions = 0;
    let mut actions: HashMap<u8, RAction> = HashMap::new();
    let mut steps = 0u64;
    while !state.is_done {
        actions.clear();
        if !state.needs_initialize_next_round {
            for &pid in &state.active_players {
                let mut legal = state._get_legal_actions_internal(pid);
                if legal.is_empty() {
                    continue;
                }
                let pick = rng.below(legal.len() as u64) as usize;
                actions.insert(pid, legal.swap_remove(pick));
                decisions += 1;
            }
        }
        state.step(&actions);
        assert_eq!(state.last_error, None, "riichienv game {seed}");
        steps += 1;
        assert!(steps < 1_000_000, "riichienv game {seed} does not end");
    }
    decisions
}

/// Times `game` per decision: games from seed 0 on until `iters` decisions are made.
fn per_decision(iters: u64, mut game: impl FnMut(u64) -> u64) -> Duration {
    let start = ThreadTime::now();
    let (mut done, mut seed) = (0u64, 0u64);
    while done < iters {
        done += game(seed);
        seed += 1;
    }
    let took = start.elapsed();
    took.mul_f64(iters as f64 / done as f64)
}

fn bench(c: &mut Criterion<CpuTime>) {
    // Checked before timing: the games end, hupai's with every point accounted for.
    for seed in 0..20 {
        let mut game = Game::new(GameRules::TENHOU, seed);
        policy::play_out(&mut game, &mut Random::new(seed));
        assert_eq!(game.scores().iter().sum::<i32>() + 1000 * i32::from(game.kyotaku()), 100_000);
        assert!(riichienv_game(seed) > 100);
    }
    let mut group = c.benchmark_group("game");
    group.throughput(criterion::Throughput::Elements(1));
    group.bench_function("hupai/tenhou-hanchan/random", |b| {
        b.iter_custom(|iters| per_decision(iters, |seed| hupai_game(GameRules::TENHOU, seed)))
    });
    group.bench_function("hupai/tenhou-3p-hanchan/random", |b| {
        let rules = GameRules::preset("tenhou-3p").expect("a preset");
        b.iter_custom(|iters| per_decision(iters, |seed| hupai_game(rules, seed)))
    });
    group.bench_function("riichienv-core/tenhou-hanchan/random", |b| {
        b.iter_custom(|iters| per_decision(iters, riichienv_game))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = config().measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
