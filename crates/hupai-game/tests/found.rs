//! Rules the lockstep differential against riichienv found wrong, shown on scripted hands: walls
//! built to deal given tiles, and the same choices played.

use std::sync::Arc;

use hupai_game::{Action, DrawReason, Event, Game, GameRules, Pai, Wall, WallSource};

/// A four-player wall dealing `hands` (13 tiles each, by seat from the dealer), then the live
/// `draws` in order, with `replacements` as the first replacement tiles; every other tile fills
/// the rest. Tiles are mjai names; each takes the next unused copy of its kind (red fives avoided).
fn wall(hands: [&str; 4], draws: &str, replacements: &str) -> Wall {
    wall_of(&hands, draws, replacements)
}

/// [`wall`] for three or four players (as many hands as players).
fn wall_of(hands: &[&str], draws: &str, replacements: &str) -> Wall {
    let players = hands.len();
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
    let in_set = |id: u8| players == 4 || !(4..32).contains(&id);
    let len = if players == 4 { 136 } else { 108 };
    let mut yama = vec![u8::MAX; len];
    for (seat, hand) in hands.iter().enumerate() {
        let tiles: Vec<&str> = hand.split_whitespace().collect();
        assert_eq!(tiles.len(), 13);
        for (i, t) in tiles.iter().enumerate() {
            // The deal: three rounds of four tiles to each seat, then one each (Tenhou's order).
            let from_top = if i < 12 { (i / 4) * 4 * players + seat * 4 + i % 4 } else { 12 * players + seat };
            yama[len - 1 - from_top] = take(t);
        }
    }
    for (k, t) in draws.split_whitespace().enumerate() {
        yama[len - 1 - 13 * players - k] = take(t);
    }
    for (t, at) in replacements.split_whitespace().zip([1, 0, 3, 2]) {
        yama[at] = take(t);
    }
    let mut rest = (0..136u8).filter(|&id| in_set(id)).filter(|id| {
        let kind = usize::from(id / 4);
        let first = if kind < 27 && kind % 9 == 4 { 1 } else { 0 };
        // Ids not taken above: copies past those used, and the red fives.
        (id % 4) < first || id % 4 >= first + used[kind]
    });
    for slot in yama.iter_mut().filter(|s| **s == u8::MAX) {
        *slot = rest.next().unwrap();
    }
    Wall::from_ids(&yama, players as u8, [1, 1]).unwrap()
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

/// The discard after a fourth kan made by more than one player ends the hand unless it is won
/// on: it may be ronned, never called (四開槓).
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

/// Robbing a kan (chankan) in the go-around after riichi keeps ippatsu: the kan robbed never
/// stood, so it interrupted nothing.
#[test]
fn chankan_keeps_ippatsu() {
    let hands = [
        "4p 2m 3m 6m 7m 2s 3s 6s 7s 8s E S 5m",
        "4p 4p 1m 2m 3m 6s 7s 8s 9p 9p E E 8m",
        "1p 1p 5s 6s 9s 9s S S N N F F 7m",
        "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 2p P",
    ];
    let w = wall(hands, "W 8p 3p 8p 4p", "");
    let mut game = Game::with_walls(GameRules::TENHOU, WallSource::Given(Arc::from(vec![w])));
    let p = |name: &str| name.parse::<Pai>().unwrap();
    play(&mut game, 0, Action::Dahai { pai: p("4p"), tsumogiri: false });
    play(&mut game, 1, Action::Pon { pai: p("4p"), consumed: [p("4p"); 2] });
    play(&mut game, 1, Action::Dahai { pai: p("8m"), tsumogiri: false });
    play(&mut game, 2, tsumogiri("8p"));
    play(&mut game, 3, Action::Reach);
    play(&mut game, 3, Action::Dahai { pai: p("P"), tsumogiri: false });
    play(&mut game, 0, tsumogiri("8p"));
    play(&mut game, 1, Action::Kakan { pai: p("4p") });
    assert!(game.legal_actions(3).contains(&Action::Hora), "{:?}", game.legal_actions(3));
    play(&mut game, 3, Action::Hora);
    let yaku = game.events().iter().find_map(|e| match e {
        Event::Hora { actor: 3, score, .. } => Some(score.yaku[..usize::from(score.yaku_len)].to_vec()),
        _ => None,
    });
    let yaku = yaku.expect("seat 3 robbed the kan");
    // hupai-score's ids: 1 riichi, 2 ippatsu, 3 chankan.
    for id in [1, 2, 3] {
        assert!(yaku.iter().any(|&(y, _)| y == id), "yaku {id} missing from {yaku:?}");
    }
}

/// Three players: a win on the replacement tile drawn for a north set aside is a tsumo like any
/// other (and rinshan, as after a kan).
#[test]
fn a_win_on_the_replacement_for_a_north() {
    let hands = [
        "3p 3p 8p 8p 3s 3s S S P P F C C",
        "1p 2p 3p 4p 5p 6p 7p 9p 1s 2s 4s 6s 7s",
        "1m 9m 1p 2p 3p 4p 6p 7p 9p 1s 2s 4s 9s",
    ];
    let w = wall_of(&hands, "N", "F");
    let mut game = Game::with_walls(GameRules::TENHOU_3P, WallSource::Given(Arc::from(vec![w])));
    play(&mut game, 0, Action::Kita);
    assert!(game.legal_actions(0).contains(&Action::Hora), "{:?}", game.legal_actions(0));
    play(&mut game, 0, Action::Hora);
    let yaku = game.events().iter().find_map(|e| match e {
        Event::Hora { actor: 0, score, .. } => Some(score.yaku[..usize::from(score.yaku_len)].to_vec()),
        _ => None,
    });
    let yaku = yaku.expect("the dealer won");
    // hupai-score's id 4: rinshan kaihou.
    assert!(yaku.iter().any(|&(y, _)| y == 4), "{yaku:?}");
}

/// All-last with the dealer on top: an abortive draw keeps the dealer, and the game goes on; only
/// the dealer's win or tenpai ends it (agari-yame).
#[test]
fn an_abortive_draw_does_not_end_all_last() {
    let dealer = "8p 1m 1m 9m 9m E E S S W W N C";
    let winner = "2m 2m 3p 3p 4s 4s 6s 6s 6m 6m 8s 8s 8p";
    let (j1, j2) = ("1p 1p 2p 2p 3s 3s 9s 9s F F P P 7m", "1p 2p 3s 9s F P 7m 7m 5m 5m 4m 4m 2s");
    // East 1 to 3: the dealer's first discard, 8p, is ronned by seat 3 (seven pairs, all simples).
    let mut walls = vec![
        wall([dealer, j1, j2, winner], "C", ""),
        wall([dealer, j1, winner, j2], "C", ""),
        wall([dealer, winner, j1, j2], "C", ""),
    ];
    // East 4: seat 3 deals itself nine terminals and honors.
    let nine = wall(["1m 9m 1p 9p 1s 9s E S W N 2m 3m 4m", j1, j2, "2s 3s 4s 5s 6s 7s 2p 3p 4p 6p 7p 8p 5m"], "P", "");
    walls.push(nine.clone());
    walls.push(nine);
    let rules = GameRules::from_json(r#"{"preset": "tenhou", "length": "east"}"#).unwrap();
    let mut game = Game::with_walls(rules, WallSource::Given(Arc::from(walls)));
    for dealer in 0..3u8 {
        play(&mut game, dealer, Action::Dahai { pai: "8p".parse().unwrap(), tsumogiri: false });
        play(&mut game, 3, Action::Hora);
        for seat in (0..4).filter(|&s| s != 3) {
            if game.legal_actions(seat).contains(&Action::None) {
                play(&mut game, seat, Action::None);
            }
        }
    }
    assert_eq!(game.kyoku_name(), "E4");
    let scores = game.scores();
    assert!(scores[3] >= 30000 && scores[..3].iter().all(|&s| s < scores[3]), "{scores:?}");
    play(&mut game, 3, Action::Ryukyoku);
    assert!(!game.is_over(), "the game ended after an abortive draw: {:?}", game.events().last());
    assert_eq!(game.kyoku_name(), "E4-1");
}

/// Passes every seat asked about a discard (calls it could make included).
fn pass_all(game: &mut Game) {
    for seat in 0..game.players() {
        if game.legal_actions(seat).contains(&Action::None) {
            play(game, seat, Action::None);
        }
    }
}

/// The dealer's riichi on its first discard, then seat 1's draw of a north (set aside with
/// `kita`, or discarded), then seat 2's discard of the dealer's wait: the dealer's win, yaku ids.
fn riichi_then_north(kita: bool) -> Vec<u8> {
    let hands = [
        "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 9s",
        "4p 7p 2s 5s 8s 3p 6p 2p 5p 8p 4s 7s 6s",
        "1m 9m 1s 4s 6s 8s 3s 9p 5s 7s P F C",
    ];
    let w = wall_of(&hands, "E N 9s", "W");
    let mut game = Game::with_walls(GameRules::TENHOU_3P, WallSource::Given(Arc::from(vec![w])));
    play(&mut game, 0, Action::Reach);
    play(&mut game, 0, Action::Dahai { pai: "E".parse().unwrap(), tsumogiri: true });
    pass_all(&mut game);
    if kita {
        play(&mut game, 1, Action::Kita);
        play(&mut game, 1, tsumogiri("W"));
    } else {
        play(&mut game, 1, tsumogiri("N"));
    }
    pass_all(&mut game);
    play(&mut game, 2, tsumogiri("9s"));
    assert!(game.legal_actions(0).contains(&Action::Hora), "{:?}", game.legal_actions(0));
    play(&mut game, 0, Action::Hora);
    pass_all(&mut game);
    let yaku = game.events().iter().find_map(|e| match e {
        Event::Hora { actor: 0, score, .. } => {
            Some(score.yaku[..usize::from(score.yaku_len)].iter().map(|y| y.0).collect())
        }
        _ => None,
    });
    yaku.expect("the dealer won")
}

/// Three players: a north set aside is a call to Tenhou (北抜きは鳴きと同じ扱い): it ends the
/// riichi's ippatsu, even another seat's kita; the same north discarded does not.
#[test]
fn a_kita_ends_ippatsu() {
    // hupai-score's id 2: ippatsu.
    let discarded = riichi_then_north(false);
    assert!(discarded.contains(&2), "{discarded:?}");
    let set_aside = riichi_then_north(true);
    assert!(!set_aside.contains(&2), "{set_aside:?}");
    assert!(!set_aside.is_empty());
}

/// Three players: after a north set aside, nine terminals is no longer offered (the first
/// go-around is over, as after a call).
#[test]
fn a_kita_ends_the_first_go_around() {
    let hands = [
        "2p 3p 4p 5p 6p 7p 2s 3s 4s 5s 6s 7s 8s",
        "1m 9m 1p 9p 1s 9s E S W P 2p 3p 4p",
        "2p 3p 4p 6p 7p 8p 2s 3s 4s 6s 7s 8s F",
    ];
    for kita in [false, true] {
        let w = wall_of(&hands, "N 5s", "C");
        let mut game = Game::with_walls(GameRules::TENHOU_3P, WallSource::Given(Arc::from(vec![w])));
        if kita {
            play(&mut game, 0, Action::Kita);
            play(&mut game, 0, tsumogiri("C"));
        } else {
            play(&mut game, 0, tsumogiri("N"));
        }
        pass_all(&mut game);
        let offered = game.legal_actions(1).contains(&Action::Ryukyoku);
        assert_eq!(offered, !kita, "kita {kita}: {:?}", game.legal_actions(1));
    }
}

/// Three players: a north set aside may be won on by a hand waiting on it, any hand (Tenhou: 他家
/// が抜いた北で和了可能); the win is a ron on the seat that set it aside, not a robbed kan.
#[test]
fn a_north_set_aside_may_be_won_on() {
    let hands = [
        "2p 3p 4p 6p 7p 8p 2s 3s 4s 6s 7s 8s F",
        "1p 1p 2p 2p 3p 3p 5s 5s 7s 7s P P N",
        "1m 9m 1s 4s 6s 8s 3s 9p 5s 9s E S W",
    ];
    let w = wall_of(&hands, "N", "C");
    let mut game = Game::with_walls(GameRules::TENHOU_3P, WallSource::Given(Arc::from(vec![w])));
    play(&mut game, 0, Action::Kita);
    assert!(game.legal_actions(1).contains(&Action::Hora), "{:?}", game.legal_actions(1));
    assert!(!game.legal_actions(2).contains(&Action::Hora));
    play(&mut game, 1, Action::Hora);
    let win = game.events().iter().find_map(|e| match e {
        Event::Hora { actor: 1, target, pai, score, .. } => {
            Some((*target, *pai, score.yaku[..usize::from(score.yaku_len)].iter().map(|y| y.0).collect::<Vec<_>>()))
        }
        _ => None,
    });
    let (target, pai, yaku) = win.expect("seat 1 won on the north");
    assert_eq!((target, pai), (0, Pai::NORTH));
    // hupai-score's ids: 22 seven pairs, 3 chankan.
    assert!(yaku.contains(&22) && !yaku.contains(&3), "{yaku:?}");
}
