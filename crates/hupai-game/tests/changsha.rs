//! Changsha (长沙麻将) hands written out tile by tile, each chosen so that one rule decides the
//! outcome, with the settlement expected: a small win of the deal (起手胡) paid before the first
//! discard, the 2-5-8 pair a small win needs and a big win without it, a kong made plainly (补张)
//! or opened (开杠: refused when the hand would not be ready, won on its tiles by its maker or by
//! another), the last tile (海底) offered to each player in turn, and the birds (扎鸟).

use hupai_game::{Action, ChineseWall, DrawReason, Event, Game, GameRules, Pai, WallSource};

mod common;

/// A 108-tile wall dealing `hands` (seat 0 deals), then drawing `draws` from the front and `back`
/// from the back; tiles at given positions too; every other tile wherever it is left.
fn wall(hands: [&str; 4], draws: &str, back: &str, at: &[(usize, &str)]) -> ChineseWall {
    let free = (0..27).map(|k| (0..4).map(|c| 4 * k + c).collect()).collect();
    let ids = common::wall_ids(free, hands, draws, back, at);
    ChineseWall::numbered_from_ids(&ids, [1, 1]).unwrap()
}

/// One hand under the preset with `flags` changed.
fn game(flags: &str, wall: ChineseWall) -> Game {
    let rules = GameRules::from_json(&format!(r#"{{"preset": "changsha", "length": "single"{flags}}}"#)).unwrap();
    Game::with_walls(rules, WallSource::GivenChinese(vec![wall].into()))
}

fn pai(t: &str) -> Pai {
    t.parse().unwrap()
}

/// The discard of the tile just drawn.
fn dahai(t: &str) -> Action {
    Action::Dahai { pai: pai(t), tsumogiri: true }
}

fn wins(game: &Game) -> Vec<(u8, u8, Pai, [i32; 4], u8)> {
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::Hora { actor, target, pai, deltas, score, .. } => Some((*actor, *target, *pai, *deltas, score.han)),
            _ => None,
        })
        .collect()
}

/// Hands that hold none of the deal's small wins (2, 5 and 8, all three suits, no four, at most
/// one triplet), for the seats a test does not look at.
const PLAIN_1: &str = "12346789p119m36s";
const PLAIN_2: &str = "12346789p229m47s";
const PLAIN_3: &str = "12346789p339m14s";

#[test]
fn a_small_win_of_the_deal_is_paid_before_the_first_discard() {
    // Seat 1 holds four 1m (四喜): each other player pays a self-drawn small win, 2.
    let w = wall(["234m567m5p2378s99s", "1111m258m5p369s47s", PLAIN_2, PLAIN_3], "5s", "", &[]);
    let mut g = game("", w);
    assert_eq!(g.next_seat(), Some(1), "seat 1 is asked before the dealer discards");
    assert_eq!(g.legal_actions(1).as_slice(), &[Action::Qishouhu, Action::None]);
    assert!(g.apply(0, dahai("5s")).is_err(), "the dealer may not discard yet");
    g.apply(1, Action::Qishouhu).unwrap();
    let declared = g.events().iter().position(|e| matches!(e, Event::Qishouhu { .. })).unwrap();
    assert!(matches!(g.events()[declared], Event::Qishouhu { actor: 1, hands: [1, 0, 0, 0], deltas: [-2, 6, -2, -2] }));
    assert!(!g.events().iter().any(|e| matches!(e, Event::Dahai { .. })));
    assert_eq!(g.scores(), [-2, 6, -2, -2]);
    // Now the dealer plays its first turn.
    assert_eq!(g.next_seat(), Some(0));
    g.apply(0, dahai("5s")).unwrap();
    let json = hupai_game::mjai::event_json(&g.events()[declared], 4);
    assert_eq!(json["hands"], serde_json::json!(["sixi"]));

    // Declining pays nothing; with `opening_wins` off nobody is asked.
    let w = wall(["234m567m5p2378s99s", "1111m258m5p369s47s", PLAIN_2, PLAIN_3], "5s", "", &[]);
    let mut g = game("", w.clone());
    g.apply(1, Action::None).unwrap();
    assert_eq!((g.next_seat(), g.scores()), (Some(0), [0; 4]));
    let g = game(r#", "opening_wins": false"#, w);
    assert_eq!(g.next_seat(), Some(0));
}

#[test]
fn the_deal_small_wins_count_each_kind() {
    // The dealer (with its draw) holds two triplets (六六顺) and no sou (缺一色); seat 2 no 2, 5 or
    // 8 (板板胡). The dealer is asked first, then seat 2.
    let w = wall(["111m555p2346789m", PLAIN_2, "3467m1379s34679p", PLAIN_3], "1p", "", &[]);
    let mut g = game("", w);
    assert_eq!(g.next_seat(), Some(0));
    g.apply(0, Action::Qishouhu).unwrap();
    assert_eq!(g.next_seat(), Some(2));
    g.apply(2, Action::Qishouhu).unwrap();
    let declared: Vec<_> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Qishouhu { actor, hands, deltas } => Some((*actor, *hands, *deltas)),
            _ => None,
        })
        .collect();
    assert_eq!(declared, [(0, [0, 0, 1, 1], [12, -4, -4, -4]), (2, [0, 1, 0, 0], [-2, -2, 6, -2])]);
    assert_eq!(g.scores(), [10, -6, 2, -6]);
    assert!(g.legal_actions(0).iter().any(|a| matches!(a, Action::Dahai { .. })));
}

#[test]
fn a_small_win_needs_the_258_pair() {
    // Seat 1 waits on a single 1s: a small win needs a 2, 5 or 8 pair, so the 1s the dealer
    // discards is not a win (and seat 1 is not even asked).
    let w = wall([PLAIN_2, "123m456m789m345s1s", PLAIN_3, "123m456m789m345s5s"], "1s", "", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    g.apply(0, dahai("1s")).unwrap();
    assert_eq!(g.next_seat(), Some(1));
    assert!(!g.legal_actions(1).contains(&Action::Hora));
    assert!(wins(&g).is_empty());

    // The same shape waiting on 5s wins it: a small win, 1 from the discarder.
    let w = wall([PLAIN_2, "123m456m789m345s5s", PLAIN_3, PLAIN_1], "5s", "", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    g.apply(0, dahai("5s")).unwrap();
    assert!(g.legal_actions(1).contains(&Action::Hora));
    g.apply(1, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(1, 0, pai("5s"), [-1, 1, 0, 0], 0)]);
}

#[test]
fn a_big_win_needs_no_258_pair() {
    // All pungs (碰碰胡) on a 1s pair: a big win, 6 from the discarder.
    let w = wall([PLAIN_2, "444m777m666s888s1s", PLAIN_3, PLAIN_1], "1s", "", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    g.apply(0, dahai("1s")).unwrap();
    g.apply(1, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(1, 0, pai("1s"), [-6, 6, 0, 0], 1)]);
}

#[test]
fn a_kong_opened_only_when_ready() {
    // The dealer holds four 5p but the rest is not ready: a plain kong (补张) is offered, an
    // opened one (开杠) is not, and is refused.
    let w = wall(["5555p13m479m258s7p", PLAIN_1, PLAIN_2, PLAIN_3], "9s", "", &[]);
    let mut g = game(r#", "opening_wins": false"#, w);
    let legal = g.legal_actions(0);
    assert!(legal.contains(&Action::Ankan { consumed: [pai("5p"); 4] }));
    assert!(!legal.iter().any(|a| matches!(a, Action::Kaigang { .. })));
    let before = g.clone();
    let e = g.apply(0, Action::Kaigang { pai: pai("5p") }).unwrap_err();
    assert!(e.to_string().contains("kaigang"), "{e}");
    assert!(g == before);
}

/// The dealer: four 5p and 123m 456m 78s 2s, drawing 2s: after a kong of 5p it waits on 6s / 9s
/// with a 2s pair.
const KONG_HAND: &str = "5555p123m456m78s2s";

#[test]
fn a_plain_kong_draws_one_tile_and_earns_nothing() {
    // 补张: one replacement from the back; winning on it is a small self-drawn win (2 each), not
    // 杠上开花.
    let w = wall([KONG_HAND, PLAIN_1, PLAIN_2, PLAIN_3], "2s", "9s", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    g.apply(0, Action::Ankan { consumed: [pai("5p"); 4] }).unwrap();
    assert!(matches!(g.events().last(), Some(Event::Tsumo { actor: 0, pai }) if *pai == Pai::from_index(26).unwrap()));
    g.apply(0, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(0, 0, pai("9s"), [6, -2, -2, -2], 0)]);
}

#[test]
fn an_opened_kong_wins_on_its_tiles() {
    // 开杠: two tiles from the back (3m, then 9s); the 9s wins: 杠上开花, a big win, 6 from each.
    let w = wall([KONG_HAND, PLAIN_1, PLAIN_2, PLAIN_3], "2s", "3m9s", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    assert!(g.legal_actions(0).contains(&Action::Kaigang { pai: pai("5p") }));
    g.apply(0, Action::Kaigang { pai: pai("5p") }).unwrap();
    let n = g.events().len();
    assert!(matches!(g.events()[n - 2], Event::Ankan { actor: 0, .. }));
    assert_eq!(g.events()[n - 1], Event::Kaigang { actor: 0, pais: [pai("3m"), pai("9s")] });
    assert_eq!(g.legal_actions(0).as_slice(), &[Action::Hora, Action::None]);
    g.apply(0, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(0, 0, pai("9s"), [18, -6, -6, -6], 1)]);
}

#[test]
fn an_opened_kong_tiles_go_to_the_others_then_the_hand_is_locked() {
    // Neither 3m nor 7m wins for the dealer; seat 2 waits on 7m: 杠上炮, a big win the kong's
    // maker pays.
    let w = wall([KONG_HAND, PLAIN_1, "123s456s789s55m68m", PLAIN_3], "2s", "3m7m", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    g.apply(0, Action::Kaigang { pai: pai("5p") }).unwrap();
    assert_eq!(g.to_act(), 1 << 2, "only the seat that wins on a tile is asked");
    assert_eq!(g.legal_actions(2).as_slice(), &[Action::Hora, Action::None]);
    g.apply(2, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(2, 0, pai("7m"), [-6, 0, 6, 0], 1)]);

    // Passed, play goes on with the next seat; the dealer's hand is locked: it discards what it
    // draws.
    let w = wall([KONG_HAND, PLAIN_1, "123s456s789s55m68m", PLAIN_3], "2s1p3p4p1m", "3m7m", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    g.apply(0, Action::Kaigang { pai: pai("5p") }).unwrap();
    g.apply(2, Action::None).unwrap();
    assert_eq!(g.next_seat(), Some(1));
    for (seat, t) in [(1, "1p"), (2, "3p"), (3, "4p")] {
        g.apply(seat, Action::Dahai { pai: pai(t), tsumogiri: true }).unwrap();
        while let Some(s) = g.next_seat().filter(|&s| g.legal_actions(s).contains(&Action::None)) {
            g.apply(s, Action::None).unwrap();
        }
    }
    assert_eq!(g.legal_actions(0).as_slice(), &[Action::Dahai { pai: pai("1m"), tsumogiri: true }]);
}

/// The hand's log written as mjai and replayed: the same events, the same scores.
fn assert_replays(g: &Game) {
    use hupai_game::{formats, mjai, replay};
    let text = mjai::write(g.events(), 4);
    let log = formats::read(&text).unwrap().remove(0).unwrap();
    let r = replay::replay(&log, 0, replay::default_rules(&log), &mut |_| {}).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(r.events, g.events());
    assert_eq!(r.scores, g.scores());
}

#[test]
fn a_win_on_an_opened_kong_tile_replays_with_its_birds() {
    // As above with the preset's birds: the log writes the opened kong, the birds, then seat 2's
    // win on 7m; the replay answers the claims on the opened tiles with that win instead of
    // passing them when it reads the opened kong.
    let w = wall([KONG_HAND, PLAIN_1, "123s456s789s55m68m", PLAIN_3], "2s", "3m7m", &[]);
    let mut g = game(r#", "opening_wins": false"#, w);
    g.apply(0, Action::Kaigang { pai: pai("5p") }).unwrap();
    g.apply(2, Action::Hora).unwrap();
    let kinds: Vec<&str> = g.events().iter().rev().take(4).map(Event::kind).collect();
    assert!(kinds.contains(&"niao") && kinds.contains(&"hora"), "{kinds:?}");
    assert_eq!((wins(&g)[0].0, wins(&g)[0].1, wins(&g)[0].2), (2, 0, pai("7m")));
    assert_replays(&g);

    // The same with a kong added to a pung: the dealer pungs seat 3's 5p, discards 1p, then
    // draws 2s (ready on 6s and 9s with the 2s pair) and adds its fourth 5p, opened.
    let hands = ["555p123m456m78s2s1p", PLAIN_1, "123s456s789s55m68m", PLAIN_3];
    let w = wall(hands, "9p9s9s5p3p4m6m2s", "3m7m", &[]);
    let mut g = game(r#", "opening_wins": false"#, w);
    let pass = |g: &mut Game| {
        while let Some(s) = g.next_seat().filter(|&s| g.legal_actions(s).contains(&Action::None)) {
            g.apply(s, Action::None).unwrap();
        }
    };
    for (seat, t) in [(0, "9p"), (1, "9s"), (2, "9s")] {
        g.apply(seat, dahai(t)).unwrap();
        pass(&mut g);
    }
    g.apply(3, dahai("5p")).unwrap();
    g.apply(0, Action::Pon { pai: pai("5p"), consumed: [pai("5p"), pai("5p")] }).unwrap();
    g.apply(0, Action::Dahai { pai: pai("1p"), tsumogiri: false }).unwrap();
    pass(&mut g);
    for (seat, t) in [(1, "3p"), (2, "4m"), (3, "6m")] {
        g.apply(seat, dahai(t)).unwrap();
        pass(&mut g);
    }
    g.apply(0, Action::Kaigang { pai: pai("5p") }).unwrap();
    let n = g.events().len();
    assert!(matches!(g.events()[n - 2], Event::Kakan { actor: 0, .. }), "{:?}", g.events()[n - 2]);
    assert_eq!(g.to_act(), 1 << 2);
    g.apply(2, Action::Hora).unwrap();
    assert_eq!((wins(&g)[0].0, wins(&g)[0].1, wins(&g)[0].2), (2, 0, pai("7m")));
    assert_replays(&g);

    // And with a kong called on a discard: the dealer calls seat 3's 5p and opens it at once
    // (ready on 6s and 9s); the replay ends the discard's window there and leaves the opened
    // tiles' window to the win that follows.
    let hands = ["555p123m456m78s22s", PLAIN_1, "123s456s789s55m68m", PLAIN_3];
    let w = wall(hands, "9p9s9s5p", "3m7m", &[]);
    let mut g = game(r#", "opening_wins": false"#, w);
    for (seat, t) in [(0, "9p"), (1, "9s"), (2, "9s")] {
        g.apply(seat, dahai(t)).unwrap();
        pass(&mut g);
    }
    g.apply(3, dahai("5p")).unwrap();
    assert!(g.legal_actions(0).contains(&Action::Kaigang { pai: pai("5p") }));
    g.apply(0, Action::Kaigang { pai: pai("5p") }).unwrap();
    assert_eq!(g.to_act(), 1 << 2);
    g.apply(2, Action::Hora).unwrap();
    assert!(g.events().iter().any(|e| matches!(e, Event::Daiminkan { actor: 0, .. })));
    assert_eq!((wins(&g)[0].0, wins(&g)[0].1, wins(&g)[0].2), (2, 0, pai("7m")));
    assert_replays(&g);
}

#[test]
fn the_last_tile_is_offered_in_turn() {
    // Everyone discards what it draws until one tile is left; it is offered to seat 3 (whose draw
    // it is), then 0, then 1, which takes it: the 9s completes seat 1's hand, 海底捞月 (a big win).
    let hand1 = "123m456m789m78s22s";
    let play_to_the_end = |g: &mut Game| {
        while let Some(seat) = g.next_seat() {
            let legal = g.legal_actions(seat);
            if legal.contains(&Action::Haidi) {
                return seat;
            }
            let a = legal.iter().find(|a| matches!(a, Action::Dahai { tsumogiri: true, .. })).copied();
            g.apply(seat, a.unwrap_or(Action::None)).unwrap();
        }
        panic!("no last tile offered");
    };
    let w = wall([PLAIN_2, hand1, PLAIN_3, PLAIN_1], "", "9s", &[]);
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w.clone());
    assert_eq!(play_to_the_end(&mut g), 3);
    assert_eq!(g.tiles_left(), 1);
    assert_eq!(g.legal_actions(3).as_slice(), &[Action::Haidi, Action::None]);
    g.apply(3, Action::None).unwrap();
    assert_eq!(g.legal_actions(0).as_slice(), &[Action::Haidi, Action::None]);
    g.apply(0, Action::None).unwrap();
    g.apply(1, Action::Haidi).unwrap();
    assert!(matches!(g.events()[g.events().len() - 2], Event::Haidi { actor: 1 }));
    assert!(g.legal_actions(1).contains(&Action::Hora));
    g.apply(1, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(1, 1, pai("9s"), [-6, 18, -6, -6], 1)]);

    // Nobody takes it: the hand is drawn, the tile left in the wall.
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w.clone());
    play_to_the_end(&mut g);
    for seat in [3, 0, 1, 2] {
        g.apply(seat, Action::None).unwrap();
    }
    assert!(g.events().iter().any(|e| matches!(e, Event::Ryukyoku { reason: DrawReason::Exhaustive, .. })));
    assert!(g.tile_census()[..27].iter().all(|&c| c == 4));

    // Taken by a hand it does not complete, it must be discarded, and wins another (海底炮).
    let mut g = game(r#", "opening_wins": false, "birds": 0"#, w);
    play_to_the_end(&mut g);
    g.apply(3, Action::Haidi).unwrap();
    assert_eq!(g.legal_actions(3).as_slice(), &[Action::Dahai { pai: pai("9s"), tsumogiri: true }]);
    g.apply(3, Action::Dahai { pai: pai("9s"), tsumogiri: true }).unwrap();
    assert_eq!(g.legal_actions(1).as_slice(), &[Action::Hora, Action::None]);
    g.apply(1, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(1, 3, pai("9s"), [0, 6, 0, -6], 1)]);
}

#[test]
fn birds_count_round_the_table_from_the_winner() {
    // Seat 1 wins a small win (1) on the dealer's 5s. The birds, the next two tiles of the wall:
    // 1m (1: the winner) and 4p (4: the seat before the winner, the dealer, who pays): the payment
    // is added once for each, 1 + 2 = 3; with `bird_doubles`, doubled twice, 4.
    for (flags, paid) in [("", 3), (r#", "bird_doubles": true"#, 4)] {
        let w = wall([PLAIN_2, "123m456m789m345s5s", PLAIN_3, PLAIN_1], "5s1m4p", "", &[]);
        let mut g = game(&format!(r#", "opening_wins": false{flags}"#), w);
        g.apply(0, dahai("5s")).unwrap();
        g.apply(1, Action::Hora).unwrap();
        let n = g.events().len();
        assert_eq!(g.events()[n - 4], Event::Niao { actor: 1, pais: birds(&["1m", "4p"]), len: 2 });
        assert_eq!(wins(&g), [(1, 0, pai("5s"), [-paid, paid, 0, 0], 0)]);
    }
    // Birds on seats that do not pay change nothing: 2 (the next seat) and 3 (across).
    let w = wall([PLAIN_2, "123m456m789m345s5s", PLAIN_3, PLAIN_1], "5s2m3p", "", &[]);
    let mut g = game(r#", "opening_wins": false"#, w);
    g.apply(0, dahai("5s")).unwrap();
    g.apply(1, Action::Hora).unwrap();
    assert_eq!(wins(&g), [(1, 0, pai("5s"), [-1, 1, 0, 0], 0)]);
}

fn birds(names: &[&str]) -> [Pai; 8] {
    let mut out = [Pai::UNKNOWN; 8];
    for (slot, n) in out.iter_mut().zip(names) {
        *slot = pai(n);
    }
    out
}

#[test]
fn rules_read_and_refuse_by_name() {
    let r = GameRules::from_json(r#"{"preset": "changsha", "birds": 4, "big_win": 8, "bird_doubles": true}"#).unwrap();
    assert_eq!((r.birds, r.big_win, r.bird_doubles), (4, 8, true));
    for (json, flag) in [
        (r#"{"preset": "changsha", "birds": 9}"#, "birds"),
        (r#"{"preset": "changsha", "small_win": -1}"#, "small_win"),
        (r#"{"preset": "changsha", "discard_wins": true}"#, "discard_wins"),
        (r#"{"preset": "changsha", "red_fives": [1, 1, 1]}"#, "red_fives"),
        (r#"{"preset": "changsha", "players": 3}"#, "players"),
        (r#"{"preset": "changsha", "big_wins": 6}"#, "big_wins"),
        (r#"{"preset": "tenhou", "opening_wins": false}"#, "opening_wins"),
        (r#"{"preset": "hongzhong", "bird_doubles": true}"#, "bird_doubles"),
        (r#"{"preset": "gb", "big_win": 2}"#, "big_win"),
    ] {
        let e = GameRules::from_json(json).unwrap_err();
        assert_eq!(e.flag.as_deref(), Some(flag), "{json}: {e}");
    }
    let preset = GameRules::preset("changsha").unwrap();
    assert_eq!(GameRules::from_json(&preset.to_json().to_string()).unwrap(), preset);
    assert_eq!(preset.tile_count(), 108);
}
