//! The bot side of the protocol: every seat of self-play games played by a [`Bot`] that sees only
//! its seat's events; every answer must be one of the engine's legal actions, on every decision.

use hupai_arena::{Bot, protocol};
use hupai_game::{Game, GameRules};
use hupai_player::PlayerKind;

/// Plays game `seed` with a bot of `kind` at every seat; the decisions, or the first illegal one.
pub fn through_bots(rules: GameRules, seed: u64, kind: PlayerKind) -> Result<u64, String> {
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
        let answer =
            bots[s].react(&line).map_err(|e| format!("seed {seed}, seat {seat}, {}: {e}", game.kyoku_name()))?;
        let action = protocol::read_action(&answer, seat).map_err(|e| format!("seed {seed}: {e}"))?;
        if !legal.contains(&action) {
            return Err(format!("seed {seed}, seat {seat}, {}: {answer} is not among {legal:?}", game.kyoku_name()));
        }
        game.apply(seat, action).map_err(|e| e.to_string())?;
        decisions += 1;
    }
    for (s, bot) in bots.iter_mut().enumerate() {
        let line = protocol::seat_line(&game, s as u8, sent[s]);
        let answer = bot.react(&line).map_err(|e| format!("seed {seed}, seat {s} at the end: {e}"))?;
        assert_eq!(answer, r#"{"type":"none"}"#);
    }
    Ok(decisions)
}

/// Games per family and policy: `games`, or `HUPAI_ARENA_GAMES` for the longer offline run
/// (docs/arena.md).
fn family(preset: &str, games: u64) {
    let games = std::env::var("HUPAI_ARENA_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(games);
    let rules = GameRules::preset(preset).unwrap();
    let mut failures = Vec::new();
    let mut decisions = 0;
    for seed in 0..games {
        for kind in [PlayerKind::Efficiency, PlayerKind::Random] {
            match through_bots(rules, seed, kind) {
                Ok(d) => decisions += d,
                Err(e) => failures.push(format!("{kind}: {e}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{preset}: {} of {} games failed:\n{}",
        failures.len(),
        2 * games,
        failures.join("\n")
    );
    assert!(decisions > games * 20, "{decisions} decisions");
}

#[test]
fn tenhou() {
    family("tenhou", 6);
}

#[test]
fn tenhou_3p() {
    family("tenhou-3p", 4);
}

#[test]
fn gb() {
    family("gb-single", 4);
}

#[test]
fn hongzhong() {
    family("hongzhong", 4);
}

#[test]
fn changsha() {
    family("changsha", 4);
}
