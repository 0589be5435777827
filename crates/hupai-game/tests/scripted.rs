//! Hands written out tile by tile, each chosen so that one rule decides the outcome: multiple
//! ron and head bump, the triple-ron abort, furiten, riichi, kuikae, nine terminals.

use hupai_game::rules::MultipleRon;
use hupai_game::{Action, DrawReason, Event, Game, GameLength, GameRules, WallSource};

mod common;
use common::{dahai, pai, riichi_wall as wall};

fn game(rules: GameRules, hands: [&str; 4], draws: &str) -> Game {
    let mut rules = rules;
    rules.length = GameLength::Single;
    Game::with_walls(rules, WallSource::Given(vec![wall(hands, draws)].into()))
}

const DEALER: &str = "19m19p19s1234567z";
const SEAT1: &str = "234m567m234p678s5p";
const SEAT2: &str = "345m678m345s678p5p";
const SEAT3: &str = "666777888999s1z";

/// Every seat answering a discard passes.
fn pass_all(g: &mut Game) {
    for s in 0..4 {
        if g.legal_actions(s).contains(&Action::None) {
            g.apply(s, Action::None).unwrap();
        }
    }
}

fn wins(game: &Game) -> Vec<(u8, [i32; 4])> {
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::Hora { actor, deltas, .. } => Some((*actor, *deltas)),
            _ => None,
        })
        .collect()
}

#[test]
fn two_seats_win_on_one_discard_or_the_first_in_turn_order() {
    for (rules, winners) in [(GameRules::TENHOU, vec![1, 2]), (GameRules::M_LEAGUE, vec![1])] {
        let mut g = game(rules, [DEALER, SEAT1, SEAT2, SEAT3], "5p");
        assert!(g.legal_actions(0).contains(&Action::Ryukyoku), "nine terminals on the first draw");
        g.apply(0, dahai("5p", true)).unwrap();
        assert_eq!(g.to_act(), 0b0110, "seats 1 and 2 may win");
        assert!(g.legal_actions(1).contains(&Action::Hora));
        g.apply(1, Action::Hora).unwrap();
        g.apply(2, Action::Hora).unwrap();
        let w = wins(&g);
        assert_eq!(w.iter().map(|(s, _)| *s).collect::<Vec<_>>(), winners, "{:?}", rules.multiple_ron);
        for (seat, deltas) in &w {
            assert!(deltas[usize::from(*seat)] > 0 && deltas[0] < 0 && deltas.iter().sum::<i32>() == 0);
        }
        assert!(g.is_over());
    }
}

#[test]
fn three_seats_on_one_discard_abort_where_the_rules_say() {
    let seat3 = "678p234s678m055s5p";
    let mut all_win = GameRules::TENHOU;
    all_win.multiple_ron = MultipleRon::All;
    all_win.triple_ron_draw = false;
    for (rules, expect_abort) in [(GameRules::TENHOU, true), (all_win, false)] {
        let mut g = game(rules, [DEALER, SEAT1, SEAT2, seat3], "0p");
        g.apply(0, dahai("0p", true)).unwrap();
        assert_eq!(g.to_act(), 0b1110);
        for s in 1..4 {
            g.apply(s, Action::Hora).unwrap();
        }
        let aborted = g.events().iter().any(|e| matches!(e, Event::Ryukyoku { reason: DrawReason::TripleRon, .. }));
        assert_eq!(aborted, expect_abort);
        assert_eq!(wins(&g).len(), if expect_abort { 0 } else { 3 });
    }
}

#[test]
fn a_seat_that_discarded_a_winning_tile_cannot_ron() {
    // Seat 1 waits on 2p-5p (pinfu) and draws 2p, which it discards: furiten on 5p too.
    let seat1 = "234m567m678s34p99p";
    let mut g = game(GameRules::TENHOU, [DEALER, seat1, SEAT2, SEAT3], "1m2p5p");
    g.apply(0, dahai("1m", true)).unwrap();
    pass_all(&mut g);
    assert!(g.legal_actions(1).contains(&Action::Hora), "2p completes seat 1's hand (tsumo)");
    g.apply(1, dahai("2p", true)).unwrap();
    pass_all(&mut g);
    // Seat 2 draws 5p and discards it: seat 1 waits on it but is furiten.
    g.apply(2, dahai("5p", true)).unwrap();
    assert_eq!(g.to_act() & 0b0010, 0, "a furiten seat is not asked to win");
    assert!(!g.legal_actions(1).contains(&Action::Hora));
}

#[test]
fn riichi_costs_a_stick_and_must_leave_the_hand_ready() {
    // The dealer holds 123m456p111s11z22z and draws 3z: ready only if the 3z goes.
    let dealer = "123m456p111s1122z";
    let mut g = game(GameRules::TENHOU, [dealer, SEAT1, SEAT2, SEAT3], "3z");
    assert!(g.legal_actions(0).contains(&Action::Reach));
    g.apply(0, Action::Reach).unwrap();
    let legal = g.legal_actions(0);
    assert!(legal.iter().all(|a| matches!(a, Action::Dahai { .. })));
    assert!(legal.contains(&dahai("3z", true)), "3z leaves 11z 22z ready");
    assert!(!legal.contains(&dahai("1m", false)), "1m breaks the hand");
    let e = g.apply(0, dahai("1m", false)).unwrap_err();
    assert!(e.to_string().contains("ready"), "{e}");
    g.apply(0, dahai("3z", true)).unwrap();
    while let Some(s) = g.next_seat().filter(|&s| s != 1) {
        g.apply(s, Action::None).unwrap();
    }
    assert_eq!(g.scores()[0], 24000);
    assert!(g.events().iter().any(|e| matches!(e, Event::ReachAccepted { actor: 0 })));
}

#[test]
fn kuikae_forbids_the_called_kind_and_the_other_end() {
    // Seat 1 chis 3m with 4m5m from the dealer; 3m and 6m may not go next.
    let seat1 = "3456m234p678s55p9p";
    let mut g = game(GameRules::TENHOU, [DEALER, seat1, SEAT2, SEAT3], "3m");
    g.apply(0, dahai("3m", true)).unwrap();
    let chi = Action::Chi { pai: pai("3m"), consumed: [pai("4m"), pai("5m")] };
    assert!(g.legal_actions(1).contains(&chi));
    for s in 1..4 {
        if g.to_act() & (1 << s) != 0 {
            g.apply(s, if s == 1 { chi } else { Action::None }).unwrap();
        }
    }
    let legal = g.legal_actions(1);
    assert!(!legal.contains(&dahai("3m", false)));
    assert!(!legal.contains(&dahai("6m", false)), "the suji swap is kuikae too");
    assert!(legal.contains(&dahai("9p", false)));
    let e = g.apply(1, dahai("6m", false)).unwrap_err();
    assert!(e.to_string().contains("kuikae"), "{e}");
}

#[test]
fn nine_terminals_abort_the_hand() {
    let mut g = game(GameRules::TENHOU, [DEALER, SEAT1, SEAT2, SEAT3], "5p");
    g.apply(0, Action::Ryukyoku).unwrap();
    assert!(g.events().iter().any(|e| matches!(e, Event::Ryukyoku { reason: DrawReason::NineTerminals, .. })));
    assert!(g.is_over());
    let mut g = game(GameRules::WRC, [DEALER, SEAT1, SEAT2, SEAT3], "5p");
    assert!(!g.legal_actions(0).contains(&Action::Ryukyoku), "WRC has no abortive draws");
    assert!(g.apply(0, Action::Ryukyoku).is_err());
}

#[test]
fn four_winds_abort_the_hand() {
    let hands = ["123m456m789m123p1z", "123m456m789m456p1z", "123s456s789s123p1z", "123s456s789s789p1z"];
    let mut g = game(GameRules::TENHOU, hands, "9p9p8p7p");
    for seat in 0..4 {
        assert_eq!(g.next_seat(), Some(seat));
        g.apply(seat, dahai("E", false)).unwrap();
        pass_all(&mut g);
    }
    assert!(g.events().iter().any(|e| matches!(e, Event::Ryukyoku { reason: DrawReason::FourWinds, .. })));
    let mut g = game(GameRules::M_LEAGUE, hands, "9p9p8p7p");
    for seat in 0..4 {
        g.apply(seat, dahai("E", false)).unwrap();
        pass_all(&mut g);
    }
    assert!(!g.is_over(), "M-League plays on after four winds");
}

#[test]
fn an_added_kan_can_be_robbed() {
    let seat1 = "55s123m456m789p11z";
    let seat2 = "46s123p456p789p22z";
    let mut g = game(GameRules::TENHOU, [DEALER, seat1, seat2, SEAT3], "5s9m1s9p0s");
    g.apply(0, dahai("5s", true)).unwrap();
    let pon = Action::Pon { pai: pai("5s"), consumed: [pai("5s"), pai("5s")] };
    assert!(g.legal_actions(2).contains(&Action::Hora), "seat 2 could ron the 5s");
    for s in 1..4 {
        if g.to_act() & (1 << s) != 0 {
            g.apply(s, if s == 1 { pon } else { Action::None }).unwrap();
        }
    }
    g.apply(1, dahai("E", false)).unwrap();
    pass_all(&mut g);
    for seat in [2, 3, 0] {
        let drawn = match g.events().last() {
            Some(Event::Tsumo { pai, .. }) => *pai,
            other => panic!("{other:?}"),
        };
        g.apply(seat, Action::Dahai { pai: drawn, tsumogiri: true }).unwrap();
        pass_all(&mut g);
    }
    let kakan = Action::Kakan { pai: pai("5sr") };
    assert!(g.legal_actions(1).contains(&kakan), "{:?}", g.legal_actions(1));
    g.apply(1, kakan).unwrap();
    assert_eq!(g.to_act(), 0b0100, "seat 2 may rob the kan");
    g.apply(2, Action::Hora).unwrap();
    let chankan = hupai_score::riichi::Yaku::Chankan.id();
    let hora = g.events().iter().find_map(|e| match e {
        Event::Hora { actor: 2, target: 1, score, .. } => Some(*score),
        _ => None,
    });
    assert!(hora.expect("a win on the added kan").yaku().iter().any(|&(id, _)| id == chankan));
}

#[test]
fn thirteen_orphans_rob_a_concealed_kan_where_the_rules_allow() {
    let dealer = "7777z234m567m345p";
    let seat1 = "119m19p19s123456z";
    for (rules, robbed) in [(GameRules::TENHOU, true), (GameRules::M_LEAGUE, false)] {
        let mut g = game(rules, [dealer, seat1, SEAT2, SEAT3], "2p");
        let ankan = Action::Ankan { consumed: [pai("C"); 4] };
        assert!(g.legal_actions(0).contains(&ankan));
        g.apply(0, ankan).unwrap();
        assert_eq!(g.to_act() == 0b0010, robbed);
        if robbed {
            g.apply(1, Action::Hora).unwrap();
            assert!(g.events().iter().any(|e| matches!(e, Event::Hora { actor: 1, target: 0, .. })));
        } else {
            assert_eq!(g.next_seat(), Some(0), "the dealer draws its replacement tile");
        }
    }
}

#[test]
fn an_exhaustive_draw_pays_the_tenpai_seats() {
    // Everyone discards what it draws, so the hands stay as dealt: seats 0, 1 and 3 ready, seat 2 not.
    let seat2 = "1357m2468p135s23z";
    let mut g = game(GameRules::TENHOU, [DEALER, SEAT1, seat2, SEAT3], "");
    let mut turns = 0;
    while !g.is_over() {
        pass_all(&mut g);
        let Some(seat) = g.next_seat() else { break };
        let drawn = g.view(seat).drawn.expect("every turn follows a draw");
        g.apply(seat, Action::Dahai { pai: drawn, tsumogiri: true }).unwrap();
        turns += 1;
    }
    assert_eq!(turns, 70, "the live wall holds 70 tiles");
    let draw = g.events().iter().find_map(|e| match e {
        Event::Ryukyoku { reason, deltas, tenpai } => Some((*reason, *deltas, *tenpai)),
        _ => None,
    });
    assert_eq!(draw, Some((DrawReason::Exhaustive, [1000, 1000, -3000, 1000], 0b1011)));
    assert_eq!(g.scores(), [26000, 26000, 22000, 26000]);
}
