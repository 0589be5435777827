//! `distinct_seatings`: a rotation that seats the same players as an earlier one is counted as
//! that table's game instead of being played again. Checked by playing the repeated rotation
//! anyway: its game must be the one counted for it, for seeded players (`random`) too; and the
//! run's statistics must equal those of the run that plays every table, for deterministic players.

use hupai_arena::{Arena, Player};
use hupai_game::GameRules;
use hupai_player::PlayerKind;

fn arena(players: [PlayerKind; 4], sets: u64, distinct: bool) -> Arena {
    let rules = GameRules::preset("tenhou").expect("a preset");
    let mut arena = Arena::new(rules, players.iter().map(|&k| Player::Policy(k)).collect(), sets);
    arena.seed = 40;
    arena.threads = Some(2);
    arena.distinct_seatings = distinct;
    arena
}

#[test]
fn a_repeated_seating_is_counted_as_the_game_it_would_play() {
    use PlayerKind::{Efficiency, Random};
    let a = arena([Random, Efficiency, Random, Efficiency], 2, true);
    assert_eq!(a.repeats(), [None, None, Some(0), Some(1)]);
    let report = a.run(&|| {}).expect("the run");
    assert_eq!(report.games, 8);
    assert_eq!(report.repeated_tables, 4);
    for record in &report.tables {
        let Some(first) = record.repeats else { continue };
        // Played after all: the very game counted for it.
        let played = a.play_table(record.set - a.seed, record.table).expect("the table");
        assert_eq!((&played.rank, &played.points, &played.counts), (&record.rank, &record.points, &record.counts));
        assert_eq!(played.player_at, record.player_at);
        assert_eq!(played.decisions, record.decisions);
        assert_ne!(record.player_at, report.tables[first + 4 * (record.set - a.seed) as usize].player_at);
    }
    // Different players at every seat: nothing repeats.
    let mixed = arena([Random, Efficiency, PlayerKind::Hupai, Efficiency], 1, true);
    assert_eq!(mixed.repeats(), [None, None, None, None]);
    assert_eq!(arena([Random, Random, Random, Random], 1, true).repeats(), [None, Some(0), Some(0), Some(0)]);
    assert_eq!(arena([Random, Random, Random, Random], 1, false).repeats(), [None; 4]);
}

#[test]
fn deterministic_players_give_the_full_runs_statistics() {
    use PlayerKind::{Efficiency, Hupai};
    let full = arena([Efficiency, Hupai, Efficiency, Hupai], 2, false).run(&|| {}).expect("the full run");
    let half = arena([Efficiency, Hupai, Efficiency, Hupai], 2, true).run(&|| {}).expect("the distinct run");
    assert_eq!(full.repeated_tables, 0);
    assert_eq!(half.repeated_tables, 4);
    assert_eq!(half.games, full.games);
    let json = |r: &hupai_arena::Report| r.to_json();
    assert_eq!(json(&half)["players"], json(&full)["players"]);
    assert_eq!(json(&half)["pairs"], json(&full)["pairs"]);
    let played: u64 = full.tables.iter().filter(|t| t.table < 2).map(|t| t.decisions).sum();
    assert_eq!(half.decisions, played);
}
