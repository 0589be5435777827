//! Duplicate play of two players against each other, and the speed of the `hupai` player.
//!
//! `cargo run --release -p hupai-player --example duplicate -- SETS [FIRST_SEED] [A] [B] [PRESET] [RULES_JSON]`
//!
//! `RULES_JSON` changes the preset's flags (`'{"length": "single"}'`: one hand a game).
//!
//! Each set is one seed's walls played at two tables, `A B A B` and `B A B A` (with the players
//! deterministic, the other two rotations repeat these games), so each player plays every seat's
//! tiles. Printed: each player's average rank, win rate and deal-in rate per hand, the paired
//! per-set rank difference and points difference with their 95 % intervals, and the time of each `hupai` decision
//! (median, 99th percentile, worst) on this one thread, in the thread's CPU time.

use std::time::Instant;

use cpu_time::ThreadTime;
use hupai_game::policy::Policy;
use hupai_game::{Action, Actions, Event, Family, Game, GameRules, Seat};
use hupai_player::PlayerKind;

/// A player that times its decisions.
struct Timed {
    inner: Box<dyn Policy + Send>,
    times: Option<Vec<u32>>,
}

impl Policy for Timed {
    fn choose(&mut self, game: &Game, seat: Seat, legal: &Actions) -> Action {
        match &mut self.times {
            Some(times) => {
                // The thread's CPU time: other work on a shared machine does not inflate it.
                let start = ThreadTime::now();
                let a = self.inner.choose(game, seat, legal);
                times.push(start.elapsed().as_nanos().min(u128::from(u32::MAX)) as u32);
                a
            }
            None => self.inner.choose(game, seat, legal),
        }
    }
}

#[derive(Default, Clone, Copy)]
struct Tally {
    games: u64,
    rank_sum: u64,
    hands: u64,
    wins: u64,
    deal_ins: u64,
    /// Wins of 8 fans or more (GB's minimum; counted from each win's score).
    wins_8: u64,
    /// The fan totals of all wins, for the average fans per win.
    fans: u64,
    points: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sets: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let first: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let a: PlayerKind = args.get(3).map_or("hupai", |s| s.as_str()).parse().expect("player A");
    let b: PlayerKind = args.get(4).map_or("efficiency", |s| s.as_str()).parse().expect("player B");
    let preset = args.get(5).map_or("tenhou", |s| s.as_str());
    let rules = match args.get(6) {
        Some(flags) => {
            let mut object: serde_json::Value = serde_json::from_str(flags).expect("rules JSON");
            object["preset"] = serde_json::Value::from(preset);
            GameRules::from_json(&object.to_string()).expect("rules")
        }
        None => GameRules::preset(preset).expect("a preset"),
    };
    let n = usize::from(rules.players);
    let mut tally = [Tally::default(); 2];
    let mut diffs: Vec<f64> = Vec::with_capacity(sets as usize);
    let mut point_diffs: Vec<f64> = Vec::with_capacity(sets as usize);
    let mut times: Vec<u32> = Vec::new();
    let started = Instant::now();
    for seed in first..first + sets {
        let mut set_rank = [0.0f64; 2];
        let mut set_games = [0.0f64; 2];
        let mut set_points = [0.0f64; 2];
        for shift in 0..2 {
            // Player kind at each seat: A B A B, or B A B A (three players: A B A, B A B).
            let side = |seat: usize| (seat + shift) % 2;
            let mut players: Vec<Timed> = (0..n)
                .map(|s| {
                    let kind = if side(s) == 0 { a } else { b };
                    Timed { inner: kind.build(seed), times: (kind == PlayerKind::Hupai).then(Vec::new) }
                })
                .collect();
            let mut game = Game::new(rules, seed);
            while let Some(seat) = game.next_seat() {
                let legal = game.legal_actions(seat);
                let action = players[usize::from(seat)].choose(&game, seat, &legal);
                if game.apply(seat, action).is_err() {
                    panic!("seed {seed}: a refused action");
                }
            }
            for p in &mut players {
                if let Some(t) = p.times.take() {
                    times.extend(t);
                }
            }
            let scores = game.scores();
            let mut order: Vec<usize> = (0..n).collect();
            // Ties go to the seat nearer the first dealer.
            order.sort_by_key(|&s| (std::cmp::Reverse(scores[s]), s));
            let final_points = game.final_points().unwrap_or([0.0; 4]);
            let mut hands = 0u64;
            let mut wins = [0u64; 4];
            let mut deal_ins = [0u64; 4];
            let mut wins_8 = [0u64; 4];
            let mut fans = [0u64; 4];
            for e in game.events() {
                match *e {
                    Event::StartKyoku { .. } => hands += 1,
                    Event::Hora { actor, target, ref score, .. } => {
                        wins[usize::from(actor)] += 1;
                        fans[usize::from(actor)] += u64::from(score.han);
                        if score.han >= 8 {
                            wins_8[usize::from(actor)] += 1;
                        }
                        if actor != target {
                            deal_ins[usize::from(target)] += 1;
                        }
                    }
                    _ => {}
                }
            }
            for s in 0..n {
                let t = &mut tally[side(s)];
                let rank = order.iter().position(|&x| x == s).unwrap_or(0) + 1;
                t.games += 1;
                t.rank_sum += rank as u64;
                t.hands += hands;
                t.wins += wins[s];
                t.deal_ins += deal_ins[s];
                t.wins_8 += wins_8[s];
                t.fans += fans[s];
                t.points += final_points[s];
                set_rank[side(s)] += rank as f64;
                set_games[side(s)] += 1.0;
                set_points[side(s)] += final_points[s];
            }
        }
        diffs.push(set_rank[0] / set_games[0] - set_rank[1] / set_games[1]);
        point_diffs.push(set_points[0] / set_games[0] - set_points[1] / set_games[1]);
        // Progress for long runs: the running points difference every 250 sets.
        let done = point_diffs.len();
        if done.is_multiple_of(250) && done < sets as usize {
            let c = done as f64;
            let m = point_diffs.iter().sum::<f64>() / c;
            let v = point_diffs.iter().map(|d| (d - m).powi(2)).sum::<f64>() / (c - 1.0);
            let h = 1.96 * (v / c).sqrt();
            let wins: Vec<String> =
                tally.iter().map(|t| format!("{:.1} %", 100.0 * t.wins as f64 / t.hands.max(1) as f64)).collect();
            eprintln!("{done} sets: points difference {m:+.2} [{:+.2}, {:+.2}], win rates {wins:?}", m - h, m + h);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let interval = |diffs: &[f64]| {
        let count = diffs.len() as f64;
        let mean = diffs.iter().sum::<f64>() / count;
        let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (count - 1.0).max(1.0);
        (mean, 1.96 * (var / count).sqrt())
    };
    let (mean, half) = interval(&diffs);
    let (points_mean, points_half) = interval(&point_diffs);
    println!("rules {preset}, {sets} sets (seeds {first}..{}), {} hanchan, {seconds:.0} s", first + sets, sets * 2);
    for (i, kind) in [a, b].iter().enumerate() {
        let t = tally[i];
        println!(
            "{kind:>10}: average rank {:.3}, win rate {:.1} %, deal-in rate {:.1} %, average points {:+.1}",
            t.rank_sum as f64 / t.games as f64,
            100.0 * t.wins as f64 / t.hands as f64,
            100.0 * t.deal_ins as f64 / t.hands as f64,
            t.points / t.games as f64,
        );
    }
    if rules.family == Family::Gb {
        // The GB figure: the share of hands won with 8 fans or more, and the fans a win brings.
        for (i, kind) in [a, b].iter().enumerate() {
            let t = tally[i];
            println!(
                "{kind:>10}: hands won with >= 8 fans {:.1} % ({} of {} wins), average fans per win {:.2}",
                100.0 * t.wins_8 as f64 / t.hands as f64,
                t.wins_8,
                t.wins,
                t.fans as f64 / t.wins.max(1) as f64,
            );
        }
    }
    println!("rank difference {a} - {b} per set: {mean:+.3}, 95 % interval [{:+.3}, {:+.3}]", mean - half, mean + half);
    println!(
        "points difference {a} - {b} per set: {points_mean:+.2}, 95 % interval [{:+.2}, {:+.2}]",
        points_mean - points_half,
        points_mean + points_half
    );
    if !times.is_empty() {
        times.sort_unstable();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] as f64 / 1e6;
        println!(
            "hupai decisions: {}, median {:.3} ms, 99th percentile {:.3} ms, worst {:.3} ms",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
}
