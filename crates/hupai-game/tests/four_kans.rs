//! The discard after a fourth kan made by more than one player ends the hand unless it is won on:
//! it may be ronned, never called (四開槓: the hand is drawn when nobody wins on that discard).

use std::sync::Arc;

use hupai_game::{Action, DrawReason, Event, Game, GameRules, Pai, Wall, WallSource};

/// A four-player wall dealing `hands` (13 tiles each, by seat from the dealer), then the live
/// `draws` in order, with `replacements` as the first replacement tiles; every other tile fills
/// the rest. Tiles are mjai names; each takes the next unused copy of its kind (red fives avoided).
fn wall(hands: [&str; 4], draws: &str, replacements: &str) -> Wall {
    let mut used = [0u8; 34];
    let mut take = |name: &str| -> u8 {
        let kind = name.parse::<Pai>().unwrap().kind_index();
        // Copy 0 of a five is red: start fives at copy 1.
        let first = if kind < 27 && kind % 9 == 4 { 1 } else { 0 };
        let copy = first + used[kind];
        used[kind] += 1;
        assert!(copy < 4, "more than four {name}");
        (kind * 4) as u8 + copy
    };
    let mut yama = [u8::MAX; 136];
    let len = 136;
    for (seat, hand) in hands.iter().enumerate() {
        let tiles: Vec<&str> = hand.split_whitespace().collect();
        assert_eq!(tiles.len(), 13);
        for (i, t) in tiles.iter().enumerate() {
            // The deal: three rounds of four tiles to each seat, then one each (Tenhou's order).
            let from_top = if i < 12 { (i / 4) * 16 + seat * 4 + i % 4 } else { 48 + seat };
            yama[len - 1 - from_top] = take(t);
        }
    }
    for (k, t) in draws.split_whitespace().enumerate() {
        yama[len - 1 - 52 - k] = take(t);
    }
    for (t, at) in replacements.split_whitespace().zip([1, 0, 3, 2]) {
        yama[at] = take(t);
    }
    let mut rest = (0..136u8).filter(|id| {
        let kind = usize::from(id / 4);
        let first = if kind < 27 && kind % 9 == 4 { 1 } else { 0 };
        // Ids not taken above: copies past those used, and the red fives.
        (id % 4) < first || id % 4 >= first + used[kind]
    });
    for slot in yama.iter_mut().filter(|s| **s == u8::MAX) {
        *slot = rest.next().unwrap();
    }
    Wall::from_ids(&yama, 4, [1, 1]).unwrap()
}

fn play(game: &mut Game, seat: u8, action: Action) {
    game.apply(seat, action).unwrap_or_else(|e| panic!("seat {seat} {action:?}: {e}"));
}

fn ankan(kind: &str) -> Action {
    let p: Pai = kind.parse().unwrap();
    Action::Ankan { consumed: [p; 4] }
}

fn tsumogiri(pai: &str) -> Action {
    Action::Dahai { pai: pai.parse().unwrap(), tsumogiri: true }
}

#[test]
fn the_discard_after_a_fourth_kan_by_two_players_is_not_called() {
    let hands = [
        "1m 1m 1m 1m 2m 2m 2m 2m E S W P 9p",
        "3m 3m 3m 3m 4m 4m 4m 4m 7p 8p 9s S W",
        "1s 1s 2p 3p 6m 7m 8m 7s 8s 9s N N 6p",
        "2s 3s 4s 5s 6s 2p 3p 4p 6m 7m 8m 9m 7s",
    ];
    // The dealer draws 9p, kans twice (replacements 9s, C), discards C; seat 1 draws 6s, kans
    // twice (replacements 8p, 1s) and discards 1s, which seat 2 could pon.
    let w = wall(hands, "9p 6s", "9s C 8p 1s");
    let mut game = Game::with_walls(GameRules::TENHOU, WallSource::Given(Arc::from(vec![w])));
    play(&mut game, 0, ankan("1m"));
    play(&mut game, 0, ankan("2m"));
    play(&mut game, 0, tsumogiri("C"));
    assert_eq!(game.next_seat(), Some(1), "nobody can call C");
    play(&mut game, 1, ankan("3m"));
    play(&mut game, 1, ankan("4m"));
    // Seat 2 holds two 1s, but the discard after the fourth kan may only be won on.
    play(&mut game, 1, tsumogiri("1s"));
    assert!(game.legal_actions(2).is_empty(), "{:?}", game.legal_actions(2));
    let drawn = game.events().iter().any(|e| matches!(e, Event::Ryukyoku { reason: DrawReason::FourKans, .. }));
    assert!(drawn, "{:?}", game.events().iter().rev().take(4).collect::<Vec<_>>());
}

#[test]
fn without_the_four_kans_rule_the_same_discard_can_be_called() {
    let hands = [
        "1m 1m 1m 1m 2m 2m 2m 2m E S W P 9p",
        "3m 3m 3m 3m 4m 4m 4m 4m 7p 8p 9s S W",
        "1s 1s 2p 3p 6m 7m 8m 7s 8s 9s N N 6p",
        "2s 3s 4s 5s 6s 2p 3p 4p 6m 7m 8m 9m 7s",
    ];
    let w = wall(hands, "9p 6s", "9s C 8p 1s");
    let rules = GameRules::from_json(r#"{"preset": "tenhou", "four_kans_draw": false}"#).unwrap();
    let mut game = Game::with_walls(rules, WallSource::Given(Arc::from(vec![w])));
    play(&mut game, 0, ankan("1m"));
    play(&mut game, 0, ankan("2m"));
    play(&mut game, 0, tsumogiri("C"));
    play(&mut game, 1, ankan("3m"));
    play(&mut game, 1, ankan("4m"));
    play(&mut game, 1, tsumogiri("1s"));
    let pon = Action::Pon { pai: "1s".parse().unwrap(), consumed: ["1s".parse().unwrap(); 2] };
    assert!(game.legal_actions(2).contains(&pon), "{:?}", game.legal_actions(2));
}
