//! The bot side of the protocol: every seat of self-play games played by a [`Bot`] that sees only
//! its seat's events; every answer must be one of the engine's legal actions, on every decision.
//! A bot that cannot rebuild its table stops with an error instead of answering (the arena then
//! plays its default action); those stops are counted apart, and bounded per family.

use hupai_arena::{Bot, protocol};
use hupai_game::{Game, GameRules};
use hupai_player::PlayerKind;

/// How a game played through bots went wrong.
#[derive(Debug)]
pub enum Failure {
    /// A bot answered an action the engine refuses: never allowed.
    Illegal(String),
    /// A bot stopped with an error (its table could not be rebuilt from its events).
    Stopped(String),
}

/// Plays game `seed` with a bot of `kind` at every seat; the decisions, or how it failed.
pub fn through_bots(rules: GameRules, seed: u64, kind: PlayerKind) -> Result<u64, Failure> {
    let n = usize::from(rules.players);
    let mut game = Game::new(rules, seed);
    let mut bots: Vec<Bot> = (0..n).map(|_| Bot::new(rules, kind, None)).collect();
    let mut sent = vec![0usize; n];
    let mut decisions = 0;
    while let Some(seat) = game.next_seat() {
        let s = usize::from(seat);
        let legal = game.legal_actions(seat);
        let line = protocol::seat_line(&game, seat, sent[s]);
        sent[s] = game.events().len();
        let answer = bots[s]
            .react(&line)
            .map_err(|e| Failure::Stopped(format!("seed {seed}, seat {seat}, {}: {e}", game.kyoku_name())))?;
        let action = protocol::read_action(&answer, seat).map_err(|e| Failure::Illegal(format!("seed {seed}: {e}")))?;
        if !legal.contains(&action) {
            return Err(Failure::Illegal(format!(
                "seed {seed}, seat {seat}, {}: {answer} is not among {legal:?}",
                game.kyoku_name()
            )));
        }
        game.apply(seat, action).map_err(|e| Failure::Illegal(e.to_string()))?;
        decisions += 1;
    }
    for (s, bot) in bots.iter_mut().enumerate() {
        let line = protocol::seat_line(&game, s as u8, sent[s]);
        let answer =
            bot.react(&line).map_err(|e| Failure::Stopped(format!("seed {seed}, seat {s} at the end: {e}")))?;
        if answer != r#"{"type":"none"}"# {
            return Err(Failure::Illegal(format!("seed {seed}, seat {s} answers {answer} after end_game")));
        }
    }
    Ok(decisions)
}

/// Games per family and policy: `games`, or `HUPAI_ARENA_GAMES` for the longer offline run
/// (docs/arena.md). No answer may be illegal; at most `stops_allowed` games (a fraction of them)
/// may end with a bot stopped.
fn family(preset: &str, games: u64, stops_allowed: f64) {
    let games = std::env::var("HUPAI_ARENA_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(games);
    let rules = GameRules::preset(preset).unwrap();
    let (mut illegal, mut stopped) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    // `HUPAI_ARENA_FIRST`: the first seed, to play again a game the offline run reports.
    let first: u64 = std::env::var("HUPAI_ARENA_FIRST").ok().and_then(|g| g.parse().ok()).unwrap_or(0);
    for seed in first..first + games {
        for kind in [PlayerKind::Efficiency, PlayerKind::Random] {
            match through_bots(rules, seed, kind) {
                Ok(d) => decisions += d,
                Err(Failure::Illegal(e)) => illegal.push(format!("{kind}: {e}")),
                Err(Failure::Stopped(e)) => stopped.push(format!("{kind}: {e}")),
            }
        }
    }
    eprintln!(
        "{preset}: {} games, {decisions} decisions answered legally, {} illegal, {} games with a bot stopped",
        2 * games,
        illegal.len(),
        stopped.len()
    );
    // Each stop with where it happened, for the offline run's reader.
    for stop in &stopped {
        eprintln!("  stopped: {stop}");
    }
    assert!(illegal.is_empty(), "{preset}: illegal answers:\n{}", illegal.join("\n"));
    assert!(
        stopped.len() as f64 <= stops_allowed * (2 * games) as f64,
        "{preset}: {} of {} games stopped:\n{}",
        stopped.len(),
        2 * games,
        stopped.join("\n")
    );
    assert!(decisions > games * 20, "{decisions} decisions");
}

#[test]
fn tenhou() {
    family("tenhou", 6, 0.0);
}

#[test]
fn tenhou_3p() {
    family("tenhou-3p", 4, 0.0);
}

#[test]
fn gb() {
    family("gb-single", 4, 0.0);
}

#[test]
fn hongzhong() {
    family("hongzhong", 4, 0.0);
}

#[test]
fn changsha() {
    family("changsha", 4, 0.05);
}

/// Sichuan's tables are the hardest to rebuild (void suits, passed tiles, wins where play goes
/// on); some games still end with a bot stopped (docs/arena.md states how many), never with an
/// illegal answer.
#[test]
fn sichuan() {
    family("sichuan", 4, 0.25);
}

/// A seat in riichi makes a closed kan of the tile it just drew: the bots of the other seats,
/// which see neither its hand nor its draws, rebuild a table where the kan is the one the rules
/// allow (of the drawn tile, the waits unchanged). The lines are what the arena sent seat 3 in
/// a self-play game of the hupai player; one bot stopped there once in 2,400 games, its rebuild
/// having put every 4s among the tiles held before the draw (a kan riichi forbids).
#[test]
fn a_closed_kan_after_riichi_is_rebuilt_for_the_other_seats() {
    let lines = include_str!("bots/riichi-closed-kan-seat3.jsonl");
    assert!(lines.contains(r#"{"actor":1,"consumed":["4s","4s","4s","4s"],"type":"ankan"}"#));
    let mut bot = Bot::new(GameRules::TENHOU, PlayerKind::Hupai, Some(3));
    for (n, line) in lines.lines().enumerate() {
        let answer = bot.react(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        protocol::read_action(&answer, 3).unwrap_or_else(|e| panic!("line {}: {answer}: {e}", n + 1));
    }
}
