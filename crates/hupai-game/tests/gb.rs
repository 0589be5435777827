//! Chinese Official (GB) hands written out tile by tile, each chosen so that one rule of the
//! *Mahjong Competition Rules* decides the outcome: flowers set aside and counted but not toward
//! the minimum, a 7-fan hand that cannot win, chow from the left only, one winner per discard
//! (the first in turn order), robbing an added kong, 和绝张 by what the table shows, GB's payments,
//! the dealer passing and the players changing places between rounds, the single-hand mode.

use hupai_game::{Action, ChineseWall, DrawReason, Event, Game, GameError, GameRules, Pai, WallSource};

mod common;

use common::{dahai, pai, pass_all};

/// A GB wall dealing `hands` (seat 0 deals), then drawing `draws` from the front and `back` from
/// the back (replacements for flowers and kongs); every other tile is placed wherever it is left.
fn wall(hands: [&str; 4], draws: &str, back: &str) -> ChineseWall {
    wall_at(hands, draws, back, &[])
}

/// As [`wall`], with tiles at given positions too.
fn wall_at(hands: [&str; 4], draws: &str, back: &str, at: &[(usize, &str)]) -> ChineseWall {
    let mut free: Vec<Vec<u8>> = (0..46).map(|_| Vec::new()).collect();
    for id in 0..136u8 {
        free[usize::from(id / 4)].push(id);
    }
    for f in 0..8u8 {
        free[38 + usize::from(f)].push(136 + f);
    }
    let ids = common::wall_ids(free, hands, draws, back, at);
    ChineseWall::from_ids(&ids, [1, 1]).unwrap()
}

fn game(hands: [&str; 4], draws: &str, back: &str) -> Game {
    Game::with_walls(GameRules::GB_SINGLE, WallSource::GivenChinese(vec![wall(hands, draws, back)].into()))
}

/// The wins: winner, whose tile, the deltas and the fan (flowers included).
fn wins(game: &Game) -> Vec<(u8, u8, [i32; 4], u32)> {
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::Hora { actor, target, deltas, score, .. } => Some((*actor, *target, *deltas, score.points)),
            _ => None,
        })
        .collect()
}

fn fan_ids(game: &Game) -> Vec<u8> {
    game.events()
        .iter()
        .find_map(|e| match e {
            Event::Hora { score, .. } => Some(score.yaku().iter().map(|(id, _)| *id).collect()),
            _ => None,
        })
        .unwrap_or_default()
}

const FILLER1: &str = "147m258p369s1234z";
const FILLER2: &str = "147p258s369m5677z";
const FILLER3: &str = "147s258m369p5566z";
/// Seat 3 ready on 1z or 2z (123m 456p 789s 11z 22z: 花龙).
const FILLER3_WAITS_2Z: &str = "123m456p789s1122z";
/// Seat 3 without a 6p, where the 6p are the point.
const SEAT3_NO_6P: &str = "147s258m389p5566z";

#[test]
fn flowers_are_set_aside_replaced_from_the_back_and_do_not_count_toward_the_minimum() {
    // The dealer is dealt 1f; its replacement from the back is 2f, set aside too, then 4z. Its
    // first draw, 4z, makes 234567s 234p 99m 444z: 7 fans (不求人 4, 喜相逢, 连六, 幺九刻), 9 with
    // the two flowers — still short of the 8 without them.
    let mut g = game(["234567s234p99m4z1f", FILLER1, FILLER2, FILLER3], "4z", "2f4z");
    let kinds: Vec<&str> = g.events().iter().map(Event::kind).collect();
    assert_eq!(kinds, ["start_game", "start_kyoku", "hua", "hua", "tsumo", "tsumo"]);
    assert!(matches!(g.events()[2], Event::Hua { actor: 0, pai } if pai == Pai::FLOWER_1));
    assert!(matches!(g.events()[4], Event::Tsumo { actor: 0, pai } if pai == self::pai("4z")));
    assert_eq!(g.view(0).flowers, [2, 0, 0, 0]);
    assert_eq!(g.hand(0).total(), 14);
    assert_eq!(g.tiles_left(), 144 - 52 - 1 - 2);
    assert!(!g.legal_actions(0).contains(&Action::Hora), "7 fans without flowers cannot win");
    let e = g.apply(0, Action::Hora).unwrap_err();
    assert!(e.to_string().contains("7 fan without flowers (9 with them)"), "{e}");
    assert!(matches!(e, GameError::Illegal { .. }));
    // The event JSON for a flower, which mjai does not have.
    let json = hupai_game::mjai::event_json(&g.events()[2], 4);
    assert_eq!(json.to_string(), r#"{"actor":0,"pai":"1f","type":"hua"}"#);
}

#[test]
fn a_seven_fan_hand_is_not_asked_on_a_discard() {
    // Seat 2 waits on 1z alone: 234567s 234567p 11z is 7 fans (门前清, 喜相逢 ×2, 连六, 缺一门, 单钓将).
    let mut g = game(["19m19p19s123z5566z", FILLER1, "234567s234567p1z", FILLER3], "1z", "");
    g.apply(0, dahai("1z", true)).unwrap();
    assert_eq!(g.to_act() & 0b0100, 0, "seat 2 may not win and has no call");
    assert!(g.legal_actions(2).is_empty());
    assert!(matches!(g.apply(2, Action::Hora), Err(GameError::NotYourTurn { .. })));
}

#[test]
fn chow_only_from_the_left() {
    // Seat 2 (across from the dealer) holds 3m 4m 5m and could pung 3m, but never chow it; seat 1,
    // next in turn (the dealer is on its left), may chow.
    let mut g = game(["19m19p19s123z5566z", "45m147p258s369s12z", "3345m147p258s369s", FILLER3], "3m", "");
    g.apply(0, dahai("3m", true)).unwrap();
    let chi = Action::Chi { pai: pai("3m"), consumed: [pai("4m"), pai("5m")] };
    assert!(g.legal_actions(1).contains(&chi));
    assert!(!g.legal_actions(2).contains(&chi));
    let e = g.apply(2, chi).unwrap_err();
    assert!(e.to_string().contains("left player's discard"), "{e}");
    // Pung (seat 2) comes before chow (seat 1), whoever answers first.
    let pon = Action::Pon { pai: pai("3m"), consumed: [pai("3m"), pai("3m")] };
    assert!(g.legal_actions(2).contains(&pon));
    g.apply(1, chi).unwrap();
    g.apply(2, pon).unwrap();
    assert!(g.events().iter().any(|e| matches!(e, Event::Pon { actor: 2, target: 0, .. })));
    assert!(!g.events().iter().any(|e| matches!(e, Event::Chi { .. })));
    assert_eq!(g.next_seat(), Some(2), "the pung's seat discards next, without drawing");
}

#[test]
fn one_winner_per_discard_the_first_in_turn_order_and_gb_payments() {
    // Seats 2 and 3 both win on the dealer's 1z: seat 2 (123m 456p 789s 11z 22z: 花龙, 圈风刻 …)
    // comes before seat 3 (123p 456s 789m 555z 1z) in turn order from the dealer, so seat 2 takes
    // it, even though seat 3 answers first.
    let seat2 = "123m456p789s1122z";
    let seat3 = "123p456s789m5551z";
    let mut g = game(["19m19p129s3z6677z8f", "147m258p369s3444z", seat2, seat3], "1z", "9p");
    assert_eq!(g.view(0).flowers[0], 1);
    g.apply(0, dahai("1z", true)).unwrap();
    assert_eq!(g.to_act(), 0b1100);
    g.apply(3, Action::Hora).unwrap();
    g.apply(2, Action::Hora).unwrap();
    let w = wins(&g);
    assert_eq!(w.len(), 1, "one winner");
    let (winner, from, deltas, fan) = w[0];
    assert_eq!((winner, from), (2, 0));
    let fan = fan as i32;
    assert!(fan >= 8);
    // The discarder pays 8 + fan, the other two 8 each.
    assert_eq!(deltas, [-(8 + fan), -8, 24 + fan, -8]);
    assert_eq!(g.scores(), deltas);
    assert!(g.is_over(), "gb-single: one hand");
}

#[test]
fn robbing_an_added_kong() {
    // Seat 1 pungs the dealer's 6p, later draws the fourth 6p and adds it; seat 2 waits on 6p
    // (123m 456m 789m 57p 11s: 清龙, a closed wait) and robs it: 抢杠和, paid by seat 1. Seat 2
    // passed the dealer's 6p first: GB has no furiten.
    let mut g =
        game(["19m19p19s1234z56z6p", "66p147m258s369s12z", "123m456m789m57p11s", SEAT3_NO_6P], "7z7z7z7z6p", "");
    g.apply(0, dahai("6p", false)).unwrap();
    assert!(g.legal_actions(2).contains(&Action::Hora), "seat 2 could win on the 6p");
    g.apply(2, Action::None).unwrap();
    let pon = Action::Pon { pai: pai("6p"), consumed: [pai("6p"), pai("6p")] };
    g.apply(1, pon).unwrap();
    assert_eq!(g.next_seat(), Some(1));
    g.apply(1, dahai("1z", false)).unwrap();
    pass_all(&mut g);
    for seat in [2, 3, 0] {
        g.apply(seat, dahai("7z", true)).unwrap();
        pass_all(&mut g);
    }
    assert!(g.legal_actions(1).contains(&Action::Kakan { pai: pai("6p") }));
    g.apply(1, Action::Kakan { pai: pai("6p") }).unwrap();
    assert_eq!(g.to_act(), 0b0100, "seat 2 may rob the kong");
    g.apply(2, Action::Hora).unwrap();
    let (winner, from, deltas, fan) = wins(&g)[0];
    assert_eq!((winner, from), (2, 1));
    assert!(fan_ids(&g).contains(&47), "抢杠和 (Robbing the Kong)");
    let fan = fan as i32;
    assert_eq!(deltas, [-8, -(8 + fan), 24 + fan, -8]);
}

#[test]
fn a_concealed_kong_is_not_robbed() {
    // Seat 2 waits on 6p as above; the dealer declares a concealed kong of 6p: no robbing in GB.
    let mut g = game(["19m19p19s1234z6p6p6p", FILLER1, "123m456m789m57p11s", SEAT3_NO_6P], "6p", "5z");
    let ankan = Action::Ankan { consumed: [pai("6p"); 4] };
    assert!(g.legal_actions(0).contains(&ankan));
    g.apply(0, ankan).unwrap();
    assert_eq!(g.next_seat(), Some(0), "straight to the replacement draw");
    assert!(matches!(g.events().last(), Some(Event::Tsumo { actor: 0, pai }) if *pai == self::pai("5z")));
}

#[test]
fn self_draw_pays_eight_plus_fan_from_each() {
    let mut g = game(["123m456p789s1122z", FILLER1, FILLER2, FILLER3], "1z", "");
    assert!(g.legal_actions(0).contains(&Action::Hora));
    g.apply(0, Action::Hora).unwrap();
    let (winner, from, deltas, fan) = wins(&g)[0];
    assert_eq!((winner, from), (0, 0));
    let fan = fan as i32;
    assert_eq!(deltas, [3 * (8 + fan), -(8 + fan), -(8 + fan), -(8 + fan)]);
}

#[test]
fn the_last_copy_is_decided_by_the_tiles_the_table_shows() {
    // Seat 1 waits on 6m-9m (123m 456p 789s 11z 78m). The dealer, seat 2 and seat 3 each discard a
    // 9m, which seat 1 lets pass (no furiten in GB); then it draws the fourth: 和绝张, the other
    // three being on the table.
    let seat1 = "123m456p789s11z78m";
    let mut g = game(["9m19p19s234z566z7z1m", seat1, "9m147p258s369s123z", "9m147s258m369p557z"], "2m3m4m6s5p9m", "");
    g.apply(0, dahai("9m", false)).unwrap();
    g.apply(1, Action::None).unwrap();
    pass_all(&mut g);
    g.apply(1, dahai("3m", true)).unwrap();
    pass_all(&mut g);
    g.apply(2, dahai("9m", false)).unwrap();
    g.apply(1, Action::None).unwrap();
    pass_all(&mut g);
    g.apply(3, dahai("9m", false)).unwrap();
    g.apply(1, Action::None).unwrap();
    pass_all(&mut g);
    g.apply(0, dahai("5p", true)).unwrap();
    pass_all(&mut g);
    assert!(g.legal_actions(1).contains(&Action::Hora));
    g.apply(1, Action::Hora).unwrap();
    assert!(fan_ids(&g).contains(&58), "和绝张 (Last Tile): {:?}", fan_ids(&g));
}

#[test]
fn the_dealer_passes_every_hand_and_the_players_change_places_between_rounds() {
    let mut g = Game::new(GameRules::preset("gb").unwrap(), 3);
    g.set_recording(true);
    while let Some(seat) = g.next_seat() {
        // Everyone discards what it drew (or the first tile) and passes: mostly draws.
        let legal = g.legal_actions(seat);
        let a = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Dahai { tsumogiri: true, .. }))
            .unwrap_or_else(|| *legal.iter().find(|a| matches!(a, Action::None | Action::Dahai { .. })).unwrap());
        g.apply(seat, a).unwrap();
    }
    let deals: Vec<(String, u8, u8)> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::StartKyoku { bakaze, kyoku, oya, .. } => Some((bakaze.to_string(), *kyoku, *oya)),
            _ => None,
        })
        .collect();
    assert_eq!(deals.len(), 16, "four rounds of four hands");
    let dealers: Vec<u8> = deals.iter().map(|d| d.2).collect();
    // East round A B C D; south B A D C; west C D B A; north D C A B (the first dealer of each
    // round is the next player; within a round the deal passes counter-clockwise).
    assert_eq!(dealers, [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]);
    let winds: String = deals.iter().map(|d| d.0.clone()).collect();
    assert_eq!(winds, "EEEESSSSWWWWNNNN");
    assert!(deals.iter().all(|d| d.1 >= 1 && d.1 <= 4));
    // In the south round seat 0 sits after seat 1: after seat 1's first discard, seat 0 draws.
    let south = g
        .events()
        .iter()
        .position(|e| matches!(e, Event::StartKyoku { bakaze, .. } if bakaze.to_string() == "S"))
        .unwrap();
    let after: Vec<u8> = g.events()[south..]
        .iter()
        .filter_map(|e| match e {
            Event::Dahai { actor, .. } => Some(*actor),
            _ => None,
        })
        .take(4)
        .collect();
    assert_eq!(after, [1, 0, 3, 2], "turn order in the south round");
    assert!(g.events().iter().all(|e| !matches!(e, Event::Hora { .. } | Event::Pon { .. } | Event::Chi { .. })));
}

#[test]
fn one_hand_of_a_given_round_and_dealer() {
    let rules = GameRules::from_json(r#"{"preset": "gb-single", "start_wind": 2, "start_dealer": 3}"#).unwrap();
    let g = Game::new(rules, 9);
    let Some(Event::StartKyoku { bakaze, oya, kyoku, .. }) = g.events().get(1) else { panic!("no deal") };
    assert_eq!((bakaze.to_string().as_str(), *oya, *kyoku), ("W", 3, 4));
    assert_eq!(g.seat_wind(3).to_string(), "E");
    assert_eq!(g.seat_wind(0).to_string(), "S");
    assert_eq!(g.next_seat(), Some(3));
}

#[test]
fn gb_rules_refuse_riichi_flags() {
    let r = GameRules::from_json("gb").unwrap();
    assert_eq!(r, GameRules::GB);
    assert_eq!(r.to_json()["family"], "gb");
    for (flag, value) in [("red_fives", "[1,1,1]"), ("multiple_ron", "\"all\""), ("kita", "true"), ("players", "3")] {
        let e = GameRules::from_json(&format!(r#"{{"preset": "gb", "{flag}": {value}}}"#)).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some(flag), "{e}");
    }
    // A riichi game cannot be given GB walls, nor a GB game riichi ones: the game just ends.
    let g = Game::with_walls(GameRules::GB_SINGLE, WallSource::Given(Vec::new().into()));
    assert!(g.is_over());
}

#[test]
fn an_exhaustive_draw_pays_nothing() {
    let mut g = game(["19m19p19s1234z577z", FILLER1, FILLER2, FILLER3], "", "");
    while let Some(seat) = g.next_seat() {
        let legal = g.legal_actions(seat);
        let a = if legal.contains(&Action::None) {
            Action::None
        } else {
            *legal.iter().rev().find(|a| matches!(a, Action::Dahai { .. })).unwrap()
        };
        g.apply(seat, a).unwrap();
    }
    let Some(Event::Ryukyoku { reason, deltas, .. }) = g.events().iter().find(|e| matches!(e, Event::Ryukyoku { .. }))
    else {
        panic!("the hand was not drawn")
    };
    assert_eq!(*reason, DrawReason::Exhaustive);
    assert_eq!(*deltas, [0; 4]);
    assert_eq!(g.scores(), [0; 4]);
}

#[test]
fn flowers_on_the_last_tiles_leave_nothing_to_replace_them_and_the_hand_is_drawn() {
    // The eight flowers are the wall's last eight tiles: the front reaches the first of them,
    // each replacement from the back is another, and when the last is set aside no tile is
    // left: an exhaustive draw, every flower counted to the seat that drew it.
    let mut g = game(["19m19p19s1234z577z", FILLER1, FILLER2, FILLER3], "", "1f2f3f4f5f6f7f8f");
    let mut last_drawer = None;
    while let Some(seat) = g.next_seat() {
        let legal = g.legal_actions(seat);
        let a = if legal.contains(&Action::None) {
            Action::None
        } else {
            last_drawer = Some(seat);
            *legal.iter().rev().find(|a| matches!(a, Action::Dahai { .. })).unwrap()
        };
        g.apply(seat, a).unwrap();
    }
    let flowers: Vec<u8> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Hua { actor, .. } => Some(*actor),
            _ => None,
        })
        .collect();
    assert_eq!(flowers.len(), 8);
    // 84 front draws after the dealer's 13 + 1: the 85th front draw is the first flower.
    let drawer = flowers[0];
    assert!(flowers.iter().all(|&s| s == drawer), "one seat drew them all: {flowers:?}");
    assert_eq!(Some((drawer + 3) % 4), last_drawer, "the seat after the last discarder");
    let kinds: Vec<&str> = g.events().iter().rev().take(4).map(Event::kind).collect();
    assert_eq!(kinds, ["end_game", "end_kyoku", "ryukyoku", "hua"]);
}

#[test]
fn a_false_win_is_refused_or_played_as_the_penalty() {
    let hands = ["234567s234p99m4z1f", FILLER1, FILLER2, FILLER3];
    let wall = wall(hands, "4z", "2f4z");
    let mut rules = GameRules::from_json(r#"{"preset": "gb-single", "false_win_penalty": 10}"#).unwrap();
    assert_eq!(rules.to_json()["false_win_penalty"], 10);
    let mut g = Game::with_walls(rules, WallSource::GivenChinese(vec![wall.clone()].into()));
    assert!(!g.legal_actions(0).contains(&Action::Hora), "never offered");
    g.apply(0, Action::Hora).unwrap();
    assert!(matches!(g.events().last(), Some(Event::Cuohu { actor: 0, deltas: [-30, 10, 10, 10] })));
    assert_eq!(g.scores(), [-30, 10, 10, 10]);
    assert_eq!(g.next_seat(), Some(0), "the turn goes on");
    g.apply(0, dahai("4z", true)).unwrap();
    let cuohu = g.events().iter().find(|e| e.kind() == "cuohu").unwrap();
    assert_eq!(
        hupai_game::mjai::event_json(cuohu, 4).to_string(),
        r#"{"actor":0,"deltas":[-30,10,10,10],"type":"cuohu"}"#
    );
    // Riichi has no such rule; a negative penalty is refused.
    rules.false_win_penalty = -1;
    assert_eq!(rules.check().unwrap_err().flag.as_deref(), Some("false_win_penalty"));
    let e = GameRules::from_json(r#"{"preset": "tenhou", "false_win_penalty": 10}"#).unwrap_err();
    assert_eq!(e.flag.as_deref(), Some("false_win_penalty"));
}

#[test]
fn a_flower_replaced_by_the_last_tile_wins_as_the_last_tile() {
    // Seven flowers are dealt (the dealer 1f-4f, seat 1 5f-7f) and replaced from the back
    // (143 down to 137). The front reaches 8f at 135 on the 84th draw after the deal, seat 3's;
    // its replacement, from the back, is 136: the wall's last tile, 2z, which completes seat 3's
    // 123m 456p 789s 11z 22z. The win is 妙手回春 (the last tile), not 杠上开花.
    let hands = ["19m19p19s1234f34z5z", "147m258p369s567f4z", "147p258s369m5677z", FILLER3_WAITS_2Z];
    let wall = wall_at(hands, "", "8m8m8m8m6m6m6m", &[(135, "8f"), (136, "2z")]);
    let mut g = Game::with_walls(GameRules::GB_SINGLE, WallSource::GivenChinese(vec![wall].into()));
    assert_eq!(g.view(0).flowers, [4, 3, 0, 0]);
    while let Some(seat) = g.next_seat() {
        let legal = g.legal_actions(seat);
        if legal.contains(&Action::Hora) && g.tiles_left() == 0 {
            g.apply(seat, Action::Hora).unwrap();
            break;
        }
        let a = if legal.contains(&Action::None) {
            Action::None
        } else {
            *legal.iter().find(|a| matches!(a, Action::Dahai { tsumogiri: true, .. })).unwrap()
        };
        g.apply(seat, a).unwrap();
    }
    let (winner, from, _, _) = wins(&g)[0];
    assert_eq!((winner, from), (3, 3));
    let fans = fan_ids(&g);
    assert!(fans.contains(&44), "妙手回春 (Last Tile Draw): {fans:?}");
    assert!(!fans.contains(&46), "not 杠上开花: {fans:?}");
    assert!(fans.contains(&81), "seat 3's flower: {fans:?}");
}
