//! Times the `hupai` player on positions of real games: every decision of every seat of every
//! riichi log under the given files or directories (by default the engine's real-log corpus,
//! `crates/hupai-game/tests/data`: Tenhou, Mahjong Soul and other platforms' games), replayed by
//! the engine, the player asked what it would do in each (not what it played: the log's action is
//! applied). Each decision is timed in the thread's CPU time, as the duplicate example does;
//! the corpus is walked `ROUNDS` times (default 1) to reach a large count of decisions.
//!
//! ```text
//! cargo run --release -p hupai-player --example real_positions -- [ROUNDS] [PATH…]
//! ```

use std::path::{Path, PathBuf};

use cpu_time::ThreadTime;
use hupai_game::policy::Policy;
use hupai_game::replay::{self, Decision};
use hupai_game::{Family, Game};
use hupai_player::Hupai;

fn files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(entries) = std::fs::read_dir(path) else { return };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            files(&p, out);
        }
    } else if path.file_name().is_none_or(|n| n != "manifest.json") {
        out.push(path.to_path_buf());
    }
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let rounds: usize = match args.peek().and_then(|a| a.parse().ok()) {
        Some(r) => {
            args.next();
            r
        }
        None => 1,
    };
    let mut paths: Vec<PathBuf> = args.map(PathBuf::from).collect();
    if paths.is_empty() {
        paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../hupai-game/tests/data"));
    }
    let mut all = Vec::new();
    for p in &paths {
        files(p, &mut all);
    }
    // Read once: the games that parse and are riichi games (the player's riichi path).
    let mut logs = Vec::new();
    for path in &all {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let Ok(games) = hupai_game::formats::read(&text) else { continue };
        for (i, game) in games.into_iter().enumerate() {
            if let Ok(log) = game {
                let rules = replay::default_rules(&log);
                if rules.family == Family::Riichi {
                    logs.push((log, i, rules));
                }
            }
        }
    }
    let mut times: Vec<f64> = Vec::new();
    let mut games = 0usize;
    for _ in 0..rounds {
        for (log, i, rules) in &logs {
            let mut player = Hupai::new();
            let mut on = |game: &Game, d: &Decision| {
                let t = ThreadTime::now();
                let action = player.choose(game, d.seat, &d.legal);
                times.push(t.elapsed().as_secs_f64() * 1e3);
                std::hint::black_box(action);
            };
            if replay::replay_with_game(log, *i, *rules, &mut on).is_ok() {
                games += 1;
            }
        }
    }
    if times.is_empty() {
        eprintln!("real_positions: no riichi game replayed from {paths:?}");
        std::process::exit(1);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} files, {} riichi games ({} rounds), {} decisions: median {:.3} ms, 99th percentile {:.3} ms, worst {:.3} ms",
        all.len(),
        games,
        rounds,
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1]
    );
}
