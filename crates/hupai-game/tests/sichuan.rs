//! Sichuan (血战到底) hands written out tile by tile, each chosen so that one rule decides the
//! outcome with its settlement: the void suit's tiles discarded first and no win while holding
//! it, the exchange of three, the kong payments (exposed, added, concealed), 杠上炮 passing the
//! kong's income to the winner (呼叫转移), 抢杠胡 undoing the kong, three winners on one discard,
//! play going on after a win, and the checks of an exhaustive draw (查花猪, 查大叫, 退税).
//! Points: the `sichuan` table's, 1 × 2^fan, capped at 4 fan (16).

use hupai::Suit;
use hupai_game::{Action, ChineseWall, DrawReason, Event, Game, GameLength, GameRules, Pai, PaiId, WallSource};

mod common;
use common::{dahai, pai, pass_all, tiles};

const SET: usize = 108;

/// A 108-tile wall dealing `hands` (seat 0 deals), drawing `draws` from the front and `back` from
/// the back; every other tile is placed wherever it is left (`rest` picks, for each remaining
/// front position `k` after `draws`, the suit it prefers).
fn wall_with(
    hands: [&str; 4],
    draws: &str,
    back: &str,
    dice: [u8; 2],
    rest: &dyn Fn(usize) -> Option<Suit>,
) -> ChineseWall {
    let mut free: Vec<Vec<u8>> = (0..27).map(|_| Vec::new()).collect();
    for id in 0..SET as u8 {
        free[usize::from(id / 4)].push(id);
    }
    let mut slots: Vec<Option<u8>> = vec![None; SET];
    let mut place = |free: &mut Vec<Vec<u8>>, pos: usize, pai: Pai| {
        let id = free[usize::from(pai.index())].pop().unwrap_or_else(|| panic!("a fifth {pai}"));
        assert!(slots[pos].replace(id).is_none(), "position {pos} twice");
    };
    for (seat, hand) in hands.iter().enumerate() {
        let hand = tiles(hand);
        assert_eq!(hand.len(), 13, "seat {seat}");
        for (i, &pai) in hand.iter().enumerate() {
            place(&mut free, ChineseWall::dealt_position(seat as u8, i), pai);
        }
    }
    let draws = tiles(draws);
    for (k, &pai) in draws.iter().enumerate() {
        place(&mut free, 52 + k, pai);
    }
    for (k, pai) in tiles(back).into_iter().enumerate() {
        place(&mut free, SET - 1 - k, pai);
    }
    for (k, slot) in slots.iter_mut().enumerate().skip(52 + draws.len()) {
        if slot.is_some() {
            continue;
        }
        let want = rest(k - 52);
        let kind = (0..27).find(|&k| !free[k].is_empty() && want.is_none_or(|s| k / 9 == s as usize));
        // Else any tile, the suits from s down: m is left for the last.
        let kind = kind.or_else(|| (0..27).rev().find(|&k| !free[k].is_empty())).unwrap();
        *slot = free[kind].pop();
    }
    let mut rest_ids = free.into_iter().flatten();
    let mut ids = [PaiId(0); 144];
    for (slot, id) in ids.iter_mut().zip(&slots) {
        *slot = PaiId(id.unwrap_or_else(|| rest_ids.next().unwrap()));
    }
    ChineseWall { tiles: ids, len: SET as u8, dice }
}

fn rules() -> GameRules {
    let mut r = GameRules::preset("sichuan").unwrap();
    r.length = GameLength::Single;
    r.exchange_three = false;
    r
}

/// A one-hand game on the wall, the void suits declared (`m`, `p` or `s` per seat).
fn game_with(rules: GameRules, wall: ChineseWall, voids: &str) -> Game {
    let mut g = Game::with_walls(rules, WallSource::GivenChinese(vec![wall].into()));
    if !voids.is_empty() {
        for (seat, c) in voids.chars().enumerate() {
            let suit = Suit::from_letter(c).unwrap();
            g.apply(seat as u8, Action::Dingque { suit }).unwrap();
        }
    }
    g
}

fn game(hands: [&str; 4], draws: &str, back: &str, voids: &str) -> Game {
    game_with(rules(), wall_with(hands, draws, back, [1, 1], &|_| None), voids)
}

/// The wins: winner, whose tile, the deltas, the points.
fn wins(game: &Game) -> Vec<(u8, u8, [i32; 4], u32)> {
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::Hora { actor, target, deltas, score, .. } => Some((*actor, *target, *deltas, score.points)),
            _ => None,
        })
        .collect()
}

fn kong_payments(game: &Game) -> Vec<(u8, [i32; 4])> {
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::Gangfen { actor, deltas } => Some((*actor, *deltas)),
            _ => None,
        })
        .collect()
}

const FILL1: &str = "147m258m369m1479s";
const FILL2: &str = "147p258p369p1479s";
const FILL3: &str = "147s258s369s1479p";

#[test]
fn the_void_suit_goes_first_and_a_hand_holding_it_does_not_win() {
    // Seat 0 is complete on 5s (123m 456m 789m 567p 55s) but holds p, its declared void suit.
    let mut g = game(["123m456m789m567p5s", FILL1, FILL2, FILL3], "5s", "", "");
    assert!(g.legal_actions(0).iter().all(|a| matches!(a, Action::Dingque { .. })));
    assert!(g.apply(0, dahai("5p", false)).is_err(), "no discard before the void suits");
    for (seat, suit) in [Suit::Pin, Suit::Man, Suit::Man, Suit::Man].into_iter().enumerate() {
        g.apply(seat as u8, Action::Dingque { suit }).unwrap();
    }
    assert!(g.events().iter().any(|e| matches!(e, Event::Dingque { actor: 0, suit: Suit::Pin })));
    assert_eq!(g.next_seat(), Some(0));
    let legal = g.legal_actions(0);
    assert!(!legal.contains(&Action::Hora), "no win holding the void suit");
    let discards: Vec<Pai> =
        legal.iter().filter_map(|a| if let Action::Dahai { pai, .. } = a { Some(*pai) } else { None }).collect();
    assert_eq!(discards, tiles("567p"), "only the void suit's tiles may go");
    let e = g.apply(0, dahai("1m", false)).unwrap_err();
    assert!(!e.to_string().is_empty());
    g.apply(0, dahai("5p", false)).unwrap();
}

#[test]
fn the_exchange_passes_three_tiles_of_one_suit_by_the_dice() {
    let mut r = rules();
    r.exchange_three = true;
    // Dice 1 + 1 = 2: each seat passes to the previous one in turn order (上家).
    let hands = ["111m222p333s4444z", FILL1, FILL2, FILL3];
    let hands = [hands[0].replace("4444z", "5678s"), hands[1].into(), hands[2].into(), hands[3].into()];
    let h: [&str; 4] = [&hands[0], &hands[1], &hands[2], &hands[3]];
    let mut g = game_with(r, wall_with(h, "", "", [1, 1], &|_| None), "");
    // The first tile may be of any suit with three; the next two of its suit.
    assert!(g.legal_actions(0).contains(&Action::Exchange { pai: pai("1m") }));
    assert!(g.apply(0, Action::Dingque { suit: Suit::Man }).is_err(), "the exchange comes first");
    g.apply(0, Action::Exchange { pai: pai("1m") }).unwrap();
    assert!(!g.legal_actions(0).contains(&Action::Exchange { pai: pai("2p") }), "the suit is fixed");
    g.apply(0, Action::Exchange { pai: pai("1m") }).unwrap();
    g.apply(0, Action::Exchange { pai: pai("1m") }).unwrap();
    for (seat, t) in [(1u8, "1s"), (2, "1p"), (3, "1s")] {
        for _ in 0..3 {
            let first = g
                .legal_actions(seat)
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Exchange { pai } if pai.kind().unwrap().suit() == pai_suit(t)))
                .unwrap();
            g.apply(seat, first).unwrap();
        }
    }
    let passed: Vec<(u8, u8, [Pai; 3])> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Huansanzhang { actor, target, pais } => Some((*actor, *target, *pais)),
            _ => None,
        })
        .collect();
    assert_eq!(passed.len(), 4);
    for &(actor, target, pais) in &passed {
        assert_eq!(target, (actor + 3) % 4, "to the previous seat");
        let suit = pais[0].kind().unwrap().suit();
        assert!(pais.iter().all(|p| p.kind().unwrap().suit() == suit));
    }
    assert_eq!(passed[0].2, [pai("1m"); 3]);
    // Seat 3 received the dealer's 1m; the dealer holds what seat 1 passed.
    assert_eq!(g.view(3).hand.count(pai("1m")), 3 + tiles(FILL3).iter().filter(|&&p| p == pai("1m")).count() as u8);
    let from1 = passed[1].2;
    let hand0 = g.view(0).hand;
    for p in from1 {
        assert!(hand0.count(p) >= 1);
    }
    assert_eq!(hand0.count(pai("1m")), 0);
    // Then the void suits, then the dealer draws.
    assert!(g.legal_actions(0).contains(&Action::Dingque { suit: Suit::Sou }));
}

fn pai_suit(t: &str) -> Suit {
    pai(t).kind().unwrap().suit()
}

/// Plays on, every seat discarding what it draws (after `first` where given) and passing every
/// claim, until the hand ends.
fn play_out(g: &mut Game, first: &dyn Fn(&Game, u8) -> Option<Action>) {
    let mut steps = 0;
    while let Some(seat) = g.next_seat() {
        steps += 1;
        assert!(steps < 1000);
        let legal = g.legal_actions(seat);
        let action = first(g, seat)
            .filter(|a| legal.contains(a))
            .or_else(|| legal.iter().copied().find(|a| matches!(a, Action::Dahai { tsumogiri: true, .. })))
            .unwrap_or(Action::None);
        g.apply(seat, action).unwrap();
    }
}

#[test]
fn a_concealed_kong_is_paid_and_passed_to_the_winner_of_the_discard_after_it() {
    // The dealer draws 5s and declares 1111s concealed: each other player pays 2. Its replacement,
    // 9s, it discards; seat 1 wins on it (123m 456m 789m 55s 789s: 平胡 + 杠上炮, 1 fan, 2
    // points) and takes the kong's 6 as well (呼叫转移).
    let mut g =
        game(["1111s147p258p369p", "123m456m789m55s78s", "147m258m369m2346s", "147m258m369m2346p"], "5s", "9s", "mpps");
    let ankan = Action::Ankan { consumed: [pai("1s"); 4] };
    g.apply(0, ankan).unwrap();
    assert_eq!(kong_payments(&g), vec![(0, [6, -2, -2, -2])]);
    g.apply(0, dahai("9s", true)).unwrap();
    assert!(g.legal_actions(1).contains(&Action::Hora));
    g.apply(1, Action::Hora).unwrap();
    pass_all(&mut g);
    let w = wins(&g);
    assert_eq!(w.len(), 1);
    let (winner, from, deltas, points) = w[0];
    assert_eq!((winner, from, points), (1, 0, 2));
    assert_eq!(deltas, [-8, 8, 0, 0], "2 points and the kong's 6");
    assert_eq!(g.scores(), [-2, 6, -2, -2]);
    // Play goes on without the winner: seat 2 draws next, and seat 1 is never asked again.
    assert_eq!(g.next_seat(), Some(2));
    let mut asked_1 = false;
    let mut steps = 0;
    while let Some(seat) = g.next_seat() {
        asked_1 |= g.to_act() & 0b10 != 0;
        steps += 1;
        assert!(steps < 1000);
        let legal = g.legal_actions(seat);
        let a =
            legal.iter().copied().find(|a| matches!(a, Action::Dahai { tsumogiri: true, .. })).unwrap_or(Action::None);
        g.apply(seat, a).unwrap();
    }
    assert!(!asked_1, "a winner left the hand");
    assert_eq!(g.tiles_left(), 0, "three players left: the hand ends with the wall");
    let draw = g.events().iter().find_map(|e| match e {
        Event::Ryukyoku { reason: DrawReason::Exhaustive, deltas, .. } => Some(*deltas),
        _ => None,
    });
    assert_eq!(draw.map(|d| d[1]), Some(0), "the winner takes no part in the draw's checks");
    assert_eq!(g.scores().iter().sum::<i32>(), 0);
}

/// The concealed-kong hand above under rules without 呼叫转移: the winner is paid its hand only,
/// and the kong-maker keeps the kong's income.
#[test]
fn without_call_transfer_the_kong_maker_keeps_its_income() {
    let hands = ["1111s147p258p369p", "123m456m789m55s78s", "147m258m369m2346s", "147m258m369m2346p"];
    let mut rules = rules();
    rules.call_transfer = false;
    let mut g = game_with(rules, wall_with(hands, "5s", "9s", [1, 1], &|_| None), "mpps");
    g.apply(0, Action::Ankan { consumed: [pai("1s"); 4] }).unwrap();
    g.apply(0, dahai("9s", true)).unwrap();
    g.apply(1, Action::Hora).unwrap();
    pass_all(&mut g);
    let (winner, from, deltas, points) = wins(&g)[0];
    assert_eq!((winner, from, points), (1, 0, 2));
    assert_eq!(deltas, [-2, 2, 0, 0], "the hand's 2 points, no kong income");
    assert_eq!(g.scores(), [4, 0, -2, -2]);
}

/// A kong called on a discard (点杠) is paid by the discarder alone, in the rules' amount.
#[test]
fn an_exposed_kong_is_paid_by_the_discarder_alone_in_the_rules_amount() {
    let hands = ["147p258p369p2346s", "555s123m456m789m7s", "123p456p789p1122s", "147m258m369m2348s"];
    for (amounts, paid) in [(None, 2), (Some([3, 1, 2]), 3), (Some([0, 1, 2]), 0)] {
        let mut rules = rules();
        rules.kong_payments = amounts;
        let mut g = game_with(rules, wall_with(hands, "5s", "", [1, 1], &|_| None), "mpmp");
        g.apply(0, dahai("5s", true)).unwrap();
        let kong = Action::Daiminkan { pai: pai("5s"), consumed: [pai("5s"); 3] };
        assert!(g.legal_actions(1).contains(&kong), "{amounts:?}");
        g.apply(1, kong).unwrap();
        pass_all(&mut g);
        assert_eq!(kong_payments(&g), vec![(1, [-paid, paid, 0, 0])], "{amounts:?}");
        assert_eq!(g.scores(), [-paid, paid, 0, 0]);
    }
}

#[test]
fn three_winners_on_one_discard_each_paid_by_the_discarder() {
    // The dealer draws and discards 9s; seats 1, 2 and 3 all win on it (一炮多响): each is paid
    // its 1 point by the dealer, and the dealer, left alone, ends the hand.
    let mut g =
        game(["147p258p369p2346s", "123m456m789m55s78s", "123p456p789p55s78s", "123m456m789m33s99s"], "9s", "", "mpmp");
    g.apply(0, dahai("9s", true)).unwrap();
    assert_eq!(g.to_act(), 0b1110);
    for seat in [3, 1, 2] {
        g.apply(seat, Action::Hora).unwrap();
    }
    let w = wins(&g);
    assert_eq!(w.iter().map(|w| (w.0, w.1)).collect::<Vec<_>>(), vec![(1, 0), (2, 0), (3, 0)], "in turn order");
    for &(winner, _, deltas, points) in &w {
        assert_eq!(points, 1);
        let mut want = [0; 4];
        want[0] = -1;
        want[usize::from(winner)] = 1;
        assert_eq!(deltas, want);
    }
    assert_eq!(g.scores(), [-3, 1, 1, 1]);
    assert!(g.is_over(), "one player left ends the hand (and the one-hand game)");
}

#[test]
fn an_added_kong_robbed_is_undone_and_paid_by_the_kong_maker() {
    // Seat 1 pungs the dealer's 6p, then draws the fourth and adds it (each other pays 1); seat 2
    // waits on 6p (123p 789p 123s 55s 57p) and robs it: 平胡 + 抢杠胡, 1 fan, 2 points from
    // seat 1, and the kong's payments go back.
    let mut g = game(
        ["1234678p124789s", "66p147s258s369s5s1m", "123p789p123s55s57p", "147m258m369m2348s"],
        "9p3m3m3m6p",
        "",
        "mmmp",
    );
    g.apply(0, dahai("6p", false)).unwrap();
    g.apply(2, Action::None).unwrap();
    let pon = Action::Pon { pai: pai("6p"), consumed: [pai("6p"), pai("6p")] };
    g.apply(1, pon).unwrap();
    pass_all(&mut g);
    g.apply(1, dahai("1m", false)).unwrap();
    pass_all(&mut g);
    for seat in [2, 3, 0] {
        g.apply(seat, dahai("3m", true)).unwrap();
        pass_all(&mut g);
    }
    assert!(g.legal_actions(1).contains(&Action::Kakan { pai: pai("6p") }));
    g.apply(1, Action::Kakan { pai: pai("6p") }).unwrap();
    assert_eq!(kong_payments(&g), vec![(1, [-1, 3, -1, -1])]);
    assert_eq!(g.to_act(), 0b0100, "seat 2 may rob the kong");
    g.apply(2, Action::Hora).unwrap();
    let (winner, from, deltas, points) = wins(&g)[0];
    assert_eq!((winner, from, points), (2, 1, 2));
    assert_eq!(deltas, [1, -5, 3, 1], "2 points, and the kong's 3 returned");
    assert_eq!(g.scores(), [0, -2, 2, 0]);
    // Play goes on: the robbed tile lies before its winner, the kong maker's last discard (1m)
    // stays in its river, every tile is still somewhere, and the next seat draws from the front
    // of the wall (a kong robbed takes no replacement tile).
    let census = g.tile_census();
    assert!(census[..27].iter().all(|&c| c == 4), "{census:?}");
    let river = &g.view(1).rivers[1];
    assert_eq!((river.len(), river[0].pai, river[0].called), (1, pai("1m"), false));
    let n = g.events().len();
    assert!(matches!(g.events()[n - 1], Event::Tsumo { actor: 3, .. }), "{:?}", g.events()[n - 1]);
    // The log says the kong's payments, then the robbing win that returns them; it replays.
    let kinds: Vec<&str> = g.events()[n - 4..].iter().map(Event::kind).collect();
    assert_eq!(kinds, ["kakan", "gangfen", "hora", "tsumo"]);
    play_out(&mut g, &|_, _| None);
    let r = replayed(&g);
    assert_eq!(r.events, g.events());
    assert_eq!(r.scores, g.scores());
}

#[test]
fn the_draw_checks_flower_pigs_not_ready_hands_and_returns_kong_income() {
    // Seat 0 is ready on 5p or 7p (1112223335577p: 清对 on either, 3 fan, 8 points). Seat 1
    // declares 5555s concealed (2 from each) and is not ready. Seat 2 still holds its void suit
    // (m) at the end: a flower pig. Seat 3 is not ready. Every seat discards what it draws; seat
    // 2's draws are all m.
    let hands = ["1112223335577p", "5555s14799p2368s", "1234567m123467s", "147258369m1479s"];
    let wall = wall_with(hands, "", "9p", [1, 1], &|k| Some(if k % 4 == 2 { Suit::Man } else { Suit::Sou }));
    let mut g = game_with(rules(), wall, "mmmp");
    let ankan = Action::Ankan { consumed: [pai("5s"); 4] };
    play_out(&mut g, &|_, seat| (seat == 1).then_some(ankan));
    assert_eq!(kong_payments(&g), vec![(1, [-2, 6, -2, -2])]);
    assert!(wins(&g).is_empty());
    let (deltas, tenpai) = g
        .events()
        .iter()
        .find_map(|e| match e {
            Event::Ryukyoku { reason: DrawReason::Exhaustive, deltas, tenpai } => Some((*deltas, *tenpai)),
            _ => None,
        })
        .expect("an exhaustive draw");
    assert_eq!(tenpai, 0b0001);
    // 查花猪: seat 2 pays the cap (16) to each of the others. 查大叫: seats 1 and 3 pay seat 0 its
    // best, 8. 退税: seat 1 returns its kong's 6.
    assert_eq!(deltas, [16 + 16 + 2, 16 - 8 - 6, -48 + 2, 16 - 8 + 2]);
    assert_eq!(g.scores(), [34 - 2, 2 + 6, -46 - 2, 10 - 2]);

    // Without 退税 the kong's income stands; the other checks are the same.
    let mut no_refund = rules();
    no_refund.kong_refund = false;
    let wall = wall_with(hands, "", "9p", [1, 1], &|k| Some(if k % 4 == 2 { Suit::Man } else { Suit::Sou }));
    let mut g = game_with(no_refund, wall, "mmmp");
    play_out(&mut g, &|_, seat| (seat == 1).then_some(ankan));
    let deltas = g.events().iter().find_map(|e| match e {
        Event::Ryukyoku { reason: DrawReason::Exhaustive, deltas, .. } => Some(*deltas),
        _ => None,
    });
    assert_eq!(deltas, Some([16 + 16, 16 - 8, -48, 16 - 8]));

    // With `flower_pig_pays_ready` the flower pig also pays seat 0 its best (查大叫).
    let mut pig_pays = rules();
    pig_pays.flower_pig_pays_ready = true;
    let wall = wall_with(hands, "", "9p", [1, 1], &|k| Some(if k % 4 == 2 { Suit::Man } else { Suit::Sou }));
    let mut g = game_with(pig_pays, wall, "mmmp");
    play_out(&mut g, &|_, seat| (seat == 1).then_some(ankan));
    assert_eq!(draw_deltas(&g), Some([16 + 16 + 2 + 8, 16 - 8 - 6, -48 + 2 - 8, 16 - 8 + 2]));
}

fn draw_deltas(g: &Game) -> Option<[i32; 4]> {
    g.events().iter().find_map(|e| match e {
        Event::Ryukyoku { reason: DrawReason::Exhaustive, deltas, .. } => Some(*deltas),
        _ => None,
    })
}

/// The dealer's concealed kong (each other pays 2), its replacement discarded into seat 1's win,
/// then play to the end of the wall with every seat discarding what it draws: the dealer, left
/// with 123456788p 5s, is not ready at the draw. Returns the draw's deltas and the final scores.
fn kong_then_win_then_draw(rules: GameRules) -> ([i32; 4], [i32; 4]) {
    let hands = ["1111s147p258p368p", "123m456m789m55s78s", "147m258m369m2346s", "147m258m369m2346p"];
    let mut g = game_with(rules, wall_with(hands, "5s", "9s", [1, 1], &|_| None), "mpps");
    g.apply(0, Action::Ankan { consumed: [pai("1s"); 4] }).unwrap();
    g.apply(0, dahai("9s", true)).unwrap();
    g.apply(1, Action::Hora).unwrap();
    pass_all(&mut g);
    assert_eq!(wins(&g).len(), 1);
    play_out(&mut g, &|_, _| None);
    let tenpai = g.events().iter().find_map(|e| match e {
        Event::Ryukyoku { tenpai, .. } => Some(*tenpai),
        _ => None,
    });
    assert_eq!(tenpai.map(|t| t & 1), Some(0), "the dealer is not ready at the draw");
    assert_eq!(g.scores().iter().sum::<i32>(), 0);
    (draw_deltas(&g).expect("an exhaustive draw"), g.scores())
}

/// A kong whose income passed to the winner by 呼叫转移 is settled: 退税 does not return it again,
/// unless `refund_transferred_kong` has the kong-maker return its payments a second time.
#[test]
fn a_kong_passed_on_by_call_transfer_is_not_refunded_unless_the_rule_says_so() {
    let (plain, _) = kong_then_win_then_draw(rules());
    let mut again = rules();
    again.refund_transferred_kong = true;
    let (refunded, _) = kong_then_win_then_draw(again);
    let diff: Vec<i32> = (0..4).map(|s| refunded[s] - plain[s]).collect();
    assert_eq!(diff, [-6, 2, 2, 2], "the dealer returns 2 to each payer, the winner too");
    assert_eq!(plain[1], 0, "the winner takes no part in the draw's own checks");
}

/// 退税 of a kong whose payer has since won and left the hand: refunded by default (the rule
/// texts name no exception); with `refund_to_winners` off only the payers still in the hand.
#[test]
fn refund_to_a_payer_who_has_won_follows_the_rule() {
    let mut keep = rules();
    keep.call_transfer = false; // the kong-maker keeps its income until the draw
    let (to_all, _) = kong_then_win_then_draw(keep);
    let mut not_winners = keep;
    not_winners.refund_to_winners = false;
    let (to_active, _) = kong_then_win_then_draw(not_winners);
    let diff: Vec<i32> = (0..4).map(|s| to_all[s] - to_active[s]).collect();
    assert_eq!(diff, [-2, 2, 0, 0], "only the winner's 2 differ");
    assert_eq!(to_all[1], 2, "the winner, out of the hand, has its kong payment back");
    assert_eq!(to_active[1], 0);
}

#[test]
fn the_kong_rules_are_data_refused_where_they_mean_nothing() {
    let r = GameRules::from_json(
        r#"{"preset": "sichuan", "kong_payments": [4, 2, 4], "call_transfer": false, "kong_refund": false}"#,
    )
    .unwrap();
    assert_eq!((r.kong_payments(), r.call_transfer, r.kong_refund), ([4, 2, 4], false, false));
    let sichuan = GameRules::preset("sichuan").unwrap();
    assert_eq!(
        (sichuan.flower_pig_pays_ready, sichuan.refund_transferred_kong, sichuan.refund_to_winners),
        (false, false, true),
        "the common rules by default"
    );
    let r = GameRules::from_json(
        r#"{"preset": "sichuan", "flower_pig_pays_ready": true, "refund_transferred_kong": true, "refund_to_winners": false}"#,
    )
    .unwrap();
    assert_eq!((r.flower_pig_pays_ready, r.refund_transferred_kong, r.refund_to_winners), (true, true, false));
    assert_eq!(GameRules::from_json(&r.to_json().to_string()).unwrap(), r, "printed and read back");
    assert_eq!(GameRules::from_json(&r.to_json().to_string()).unwrap(), r, "printed and read back");
    assert_eq!(GameRules::preset("sichuan").unwrap().kong_payments(), [2, 1, 2]);
    assert_eq!(GameRules::preset("hongzhong").unwrap().kong_payments(), [3, 1, 2]);
    assert_eq!(GameRules::preset("gb").unwrap().kong_payments(), [0; 3]);
    for (text, flag) in [
        (r#"{"preset": "gb", "kong_payments": [1, 1, 1]}"#, "kong_payments"),
        (r#"{"preset": "sichuan", "kong_payments": [-1, 1, 1]}"#, "kong_payments"),
        (r#"{"preset": "sichuan", "kong_payments": [1, 1]}"#, "kong_payments"),
        (r#"{"preset": "hongzhong", "call_transfer": false}"#, "call_transfer"),
        (r#"{"preset": "tenhou", "kong_refund": false}"#, "kong_refund"),
        (r#"{"preset": "gb", "flower_pig_pays_ready": true}"#, "flower_pig_pays_ready"),
        (r#"{"preset": "changsha", "refund_transferred_kong": true}"#, "refund_transferred_kong"),
        (r#"{"preset": "hongzhong", "refund_to_winners": false}"#, "refund_to_winners"),
    ] {
        let e = GameRules::from_json(text).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some(flag), "{text}: {e:?}");
    }
    let hz = GameRules::from_json(r#"{"preset": "hongzhong", "kong_payments": [1, 1, 1]}"#).unwrap();
    assert_eq!(hz.kong_payments(), [1, 1, 1]);
}

fn replayed(game: &Game) -> hupai_game::replay::Replayed {
    use hupai_game::{formats, mjai, replay};
    let text = mjai::write(game.events(), 4);
    let log = formats::read(&text).unwrap().remove(0).unwrap();
    assert_eq!(log.header.rules, Some(*game.rules()), "a Sichuan log names its rules");
    let rules = replay::default_rules(&log);
    replay::replay(&log, 0, rules, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"))
}

/// Whole seeded games by the built-in players: points conserved at every step (kong payments,
/// wins and the draw's checks alike), every event's deltas summing to zero, no seat asked with
/// nothing to do, and the written log replaying to the same events.
#[test]
fn whole_games_conserve_points_and_replay() {
    use hupai_game::policy::{Efficiency, Policy, Random};
    let (mut wins, mut multi, mut draws, mut kongs, mut exchanges) = (0, 0, 0, 0, 0);
    for blood_river in [false, true] {
        let mut rules = GameRules::preset("sichuan").unwrap();
        rules.blood_river = blood_river;
        for seed in 0..6 {
            for efficient in [false, true] {
                let mut game = Game::new(rules, seed);
                let mut random = Random::new(seed);
                let mut eff = Efficiency::new();
                let mut steps = 0;
                while let Some(seat) = game.next_seat() {
                    let legal = game.legal_actions(seat);
                    assert!(!legal.is_empty(), "seed {seed}: seat {seat} asked with nothing to do");
                    let a =
                        if efficient { eff.choose(&game, seat, &legal) } else { random.choose(&game, seat, &legal) };
                    game.apply(seat, a).unwrap();
                    assert_eq!(game.scores().iter().sum::<i32>(), 0, "seed {seed}");
                    steps += 1;
                    assert!(steps < 50_000);
                }
                let mut last_from = None;
                for e in game.events() {
                    match e {
                        Event::Hora { actor, target, deltas, .. } => {
                            wins += 1;
                            assert_eq!(deltas.iter().sum::<i32>(), 0);
                            assert!(deltas[usize::from(*actor)] > 0);
                            if *actor != *target && last_from == Some(*target) {
                                multi += 1;
                            }
                            last_from = Some(*target);
                        }
                        Event::Ryukyoku { deltas, .. } => {
                            draws += 1;
                            assert_eq!(deltas.iter().sum::<i32>(), 0);
                        }
                        Event::Gangfen { deltas, .. } => {
                            kongs += 1;
                            assert_eq!(deltas.iter().sum::<i32>(), 0);
                        }
                        Event::Huansanzhang { .. } => exchanges += 1,
                        _ => last_from = None,
                    }
                }
                let r = replayed(&game);
                assert_eq!(r.events, game.events(), "seed {seed}, blood_river {blood_river}");
                assert_eq!(r.scores, game.scores());
            }
        }
    }
    assert!(
        wins > 100 && draws > 0 && kongs > 0 && multi > 0,
        "{wins} wins, {multi} shared, {draws} draws, {kongs} kongs"
    );
    assert_eq!(exchanges % 4, 0);
    assert!(exchanges > 0);
}

#[test]
fn the_view_shows_the_void_suits_and_the_winners_out() {
    let mut g =
        game(["147p258p369p2346s", "123m456m789m55s78s", "123p456p789p55s78s", "123m456m789m33s99s"], "9s", "", "mpmp");
    let v = g.view(1);
    assert_eq!(v.voids, [Some(Suit::Man), Some(Suit::Pin), Some(Suit::Man), Some(Suit::Pin)]);
    assert_eq!(v.out, [false; 4]);
    g.apply(0, dahai("9s", true)).unwrap();
    g.apply(1, Action::None).unwrap();
    g.apply(2, Action::None).unwrap();
    g.apply(3, Action::Hora).unwrap();
    assert!(!g.is_over());
    assert_eq!(g.view(0).out, [false, false, false, true]);
}
