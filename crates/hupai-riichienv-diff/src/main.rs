//! `riichienv-diff`: plays games of hupai-game and riichienv in lockstep and reports every
//! difference. `--players 3|4`, `--games N`, `--seed S` (the first game's seed; game `i` uses
//! `S + i`). One JSON line per difference, and a running total every 250 games and at the end.

use hupai_riichienv_diff::lockstep;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let players = value("--players", 4) as u8;
    let games = value("--games", 100);
    let seed = value("--seed", 0);
    let (mut decisions, mut hands, mut differences, mut stopped) = (0u64, 0u64, 0u64, 0u64);
    let (mut unexplained, mut unsorted) = (0u64, 0u64);
    for i in 0..games {
        let s = seed + i;
        let report = lockstep::play(players, s);
        decisions += report.decisions;
        hands += u64::from(report.hands);
        for d in &report.differences {
            differences += 1;
            unexplained += u64::from(d.explained().is_none());
            unsorted += u64::from(d.explained() == Some(lockstep::UNSORTED));
            println!(
                "{}",
                serde_json::json!({"seed": s, "what": d.what, "kyoku": d.kyoku, "seat": d.seat,
                    "only_hupai": d.only_hupai, "only_riichienv": d.only_riichienv, "state": d.state,
                    "explained": d.explained()})
            );
        }
        if let Some(why) = &report.stopped {
            stopped += 1;
            println!("{}", serde_json::json!({"seed": s, "stopped": why}));
        }
        // A running total now and then, so that a long run cut short still says what it did.
        if (i + 1) % 250 == 0 || i + 1 == games {
            println!(
                "{}",
                serde_json::json!({"players": players, "games": i + 1, "hands": hands, "decisions": decisions,
                    "differences": differences, "unexplained": unexplained, "unsorted_scores": unsorted,
                    "stopped": stopped})
            );
        }
    }
}
