//! Scripted hands for the rules real logs of other platforms and older lobbies need: who pays a
//! liability (pao) ron's counters, what a counter is worth, a dealer's tenpai at the last hand's
//! exhaustive draw apart from its win, a game that starts from other scores, and draw reasons in
//! other writers' names.

use hupai_game::formats::{self, LogEvent};
use hupai_game::replay;
use hupai_game::{Action, DrawReason, Event, Game, GameLength, GameRules, PaoHonba, Seat, WallSource};

mod common;
use common::{pai, riichi_wall as wall};

/// What a seat does, given the game, the hands dealt so far, the seat and its legal actions;
/// nothing stops the game there.
type Policy<'a> = &'a mut dyn FnMut(&Game, usize, Seat, &[Action]) -> Option<Action>;

/// Plays until the game is over or `choose` gives nothing: each seat to move does what
/// `choose` says.
fn play(g: &mut Game, choose: Policy<'_>) {
    while let Some(seat) = g.next_seat() {
        let hands = g.events().iter().filter(|e| matches!(e, Event::StartKyoku { .. })).count();
        let legal = g.legal_actions(seat);
        let Some(a) = choose(g, hands, seat, &legal) else { return };
        g.apply(seat, a).unwrap_or_else(|e| panic!("seat {seat} {a:?}: {e}"));
    }
}

/// Passes every claim and discards the tile just drawn.
fn tsumogiri(g: &Game, seat: Seat, legal: &[Action]) -> Action {
    if legal.contains(&Action::None) {
        return Action::None;
    }
    let drawn = g.view(seat).drawn.expect("a turn after a draw");
    Action::Dahai { pai: drawn, tsumogiri: true }
}

const DEALER: &str = "19m19p19s1234567z";
const SEAT1: &str = "234m567m234p678s5p";
const NOTEN: &str = "1357m2468p135s23z";
const SEAT3: &str = "666777888999s1z";

/// The first hand drawn with the dealer tenpai (one counter), then seat 1 wins big three dragons
/// on seat 0's 9p, its third dragon pung called from seat 3 (liable). The deltas of the win.
fn pao_ron_on_one_counter(rules: GameRules) -> [i32; 4] {
    let first = wall([DEALER, SEAT1, NOTEN, SEAT3], "");
    let second =
        wall(["147m2589p369s125z", "123m19p19s556677z", "258m369p147s3446z", "369m147p258s1237z"], "1m9m2s8s3p7p4s");
    let mut rules = rules;
    rules.length = GameLength::East;
    let mut g = Game::with_walls(rules, WallSource::Given(vec![first, second.clone(), second].into()));
    let dragon = |a: &Action| matches!(a, Action::Pon { pai, .. } if pai.kind().is_some_and(|k| k.is_dragon()));
    play(&mut g, &mut |g, hands, seat, legal| {
        if hands == 1 {
            return Some(tsumogiri(g, seat, legal));
        }
        if hands > 2 {
            return None;
        }
        if seat == 1 && legal.contains(&Action::Hora) {
            return Some(Action::Hora);
        }
        if seat == 1
            && let Some(a) = legal.iter().find(|a| dragon(a))
        {
            return Some(*a);
        }
        if legal.contains(&Action::None) {
            return Some(Action::None);
        }
        let hand = g.hand(seat);
        let first_of = |names: &[&str]| names.iter().map(|n| pai(n)).find(|&p| hand.count(p) > 0);
        let wanted = match seat {
            0 => first_of(&["P", "9p"]),
            1 => first_of(&["1p", "1s", "9s"]),
            2 => first_of(&["F"]),
            _ => first_of(&["C"]),
        };
        let drawn = g.view(seat).drawn;
        Some(match wanted {
            Some(p) => Action::Dahai { pai: p, tsumogiri: drawn == Some(p) && hand.count(p) == 1 },
            None => Action::Dahai { pai: drawn.expect("a turn after a draw"), tsumogiri: true },
        })
    });
    let wins: Vec<(Seat, Seat, [i32; 4], Option<Seat>)> = g
        .events()
        .iter()
        .filter_map(|e| match *e {
            Event::Hora { actor, target, deltas, score, .. } => Some((actor, target, deltas, score.pao)),
            _ => None,
        })
        .collect();
    let start = g.events().iter().filter_map(|e| match *e {
        Event::StartKyoku { honba, .. } => Some(honba),
        _ => None,
    });
    assert_eq!(start.take(2).collect::<Vec<_>>(), [0, 1], "the second hand has one counter");
    assert_eq!(wins.len(), 1, "{wins:?}");
    let (actor, target, deltas, pao) = wins[0];
    assert_eq!((actor, target, pao), (1, 0, Some(3)), "seat 1 wins on seat 0's discard, seat 3 liable");
    deltas
}

#[test]
fn a_liability_rons_counters_are_paid_as_the_rules_say() {
    // Tenhou's result of such a hand: the discarder 16,000, the liable player 16,300.
    let tenhou = pao_ron_on_one_counter(GameRules::TENHOU);
    assert_eq!(tenhou, [-16000, 32300, 0, -16300]);
    assert_eq!(GameRules::MAHJONG_SOUL.pao_honba, PaoHonba::Liable);
    let mut rules = GameRules::TENHOU;
    rules.pao_honba = PaoHonba::Discarder;
    let discarder = pao_ron_on_one_counter(rules);
    assert_eq!(discarder, [-16300, 32300, 0, -16000]);
    assert_eq!(GameRules::WRC.pao_honba, PaoHonba::Discarder);
}

#[test]
fn a_counter_is_worth_what_the_rules_say() {
    // A lobby paying 1,500 a counter: the liable player pays them all on top of its half.
    let mut rules = GameRules::TENHOU;
    rules.honba_points = 1500;
    let deltas = pao_ron_on_one_counter(rules);
    assert_eq!(deltas, [-16000, 33500, 0, -17500]);
    let bad = GameRules::from_json(r#"{"preset": "tenhou", "honba_points": 1000}"#).unwrap_err();
    assert_eq!(bad.flag.as_deref(), Some("honba_points"), "{bad}");
}

/// The last hand (East 4, seat 3 dealing) drawn with only the dealer tenpai: whether the game
/// ends there.
fn ends_on_the_dealers_tenpai(rules: GameRules) -> bool {
    let mut rules = rules;
    rules.length = GameLength::East;
    rules.start_dealer = 3;
    rules.target_points = rules.starting_points;
    // Offsets from the dealer: the dealer (seat 3) waits on thirteen orphans, the rest are noten.
    let w = wall([DEALER, NOTEN, NOTEN, NOTEN], "");
    let mut g = Game::with_walls(rules, WallSource::Given(vec![w.clone(), w].into()));
    play(&mut g, &mut |g, hands, seat, legal| (hands == 1).then(|| tsumogiri(g, seat, legal)));
    let draw = g.events().iter().find_map(|e| match *e {
        Event::Ryukyoku { reason, tenpai, .. } => Some((reason, tenpai)),
        _ => None,
    });
    assert_eq!(draw, Some((DrawReason::Exhaustive, 0b1000)), "only the dealer is tenpai");
    assert_eq!(g.scores()[3], 28000);
    g.is_over()
}

#[test]
fn a_dealers_tenpai_at_the_last_draw_ends_the_game_only_under_tenpai_yame() {
    assert!(ends_on_the_dealers_tenpai(GameRules::TENHOU));
    // Tenhou before mid-2010: a dealer's win ended the game, its tenpai did not.
    let old = GameRules::from_json(r#"{"preset": "tenhou", "tenpai_yame": false}"#).unwrap();
    assert!(old.agari_yame && !old.tenpai_yame);
    assert!(!ends_on_the_dealers_tenpai(old));
    // One flag given alone sets both, as it did when it was the only one.
    let none = GameRules::from_json(r#"{"preset": "tenhou", "agari_yame": false}"#).unwrap();
    assert!(!none.agari_yame && !none.tenpai_yame);
    assert!(!ends_on_the_dealers_tenpai(none));
    let only_tenpai =
        GameRules::from_json(r#"{"preset": "tenhou", "agari_yame": false, "tenpai_yame": true}"#).unwrap();
    assert!(ends_on_the_dealers_tenpai(only_tenpai));
}

/// An east game started in the extension (South 1, 25,000 each, the target 29,000): South 1
/// drawn with only seat 3 tenpai (28,000), then South 2 (seat 1 dealing) drawn with seat 3
/// tenpai (29,500, past the target) and the dealer tenpai or not. The hands dealt.
fn extension_hands(rules: GameRules, dealer_tenpai: bool) -> (bool, Vec<(u8, u8)>) {
    let mut rules = rules;
    rules.length = GameLength::East;
    rules.start_wind = 1;
    rules.target_points = 29000;
    // Hands from the dealer on: South 1 seat 0 dealing, South 2 seat 1 (the others noten, each
    // its own tiles: a wall holds three plain fives of a suit).
    let (b, c, d) = ("2468m1379p246s45z", "1379m2468p2468s6z", "2468m1379p1379s7z");
    let first = wall([NOTEN, b, c, SEAT1], "");
    let dealer = if dealer_tenpai { DEALER } else { NOTEN };
    let second = wall([dealer, b, SEAT1, c], "");
    let third = wall([NOTEN, b, c, d], "");
    let mut g = Game::with_walls(rules, WallSource::Given(vec![first, second, third].into()));
    play(&mut g, &mut |g, hands, seat, legal| (hands <= 2).then(|| tsumogiri(g, seat, legal)));
    let want = if dealer_tenpai { [22500, 25500, 22500, 29500] } else { [23000, 23000, 23000, 31000] };
    assert_eq!(g.scores()[..4], want);
    let dealt = g
        .events()
        .iter()
        .filter_map(|e| match *e {
            Event::StartKyoku { kyoku, honba, .. } => Some((kyoku, honba)),
            _ => None,
        })
        .collect();
    (g.is_over(), dealt)
}

#[test]
fn a_dealer_who_repeats_in_the_extension_plays_on_under_extension_renchan() {
    // Tenhou: the dealer, not first, repeats on its tenpai: South 2 is dealt again though seat 3
    // is past the target, as at the last hand of the game.
    for name in ["tenhou", "mahjong-soul", "tenhou-3p", "mahjong-soul-3p"] {
        assert!(GameRules::preset(name).unwrap().extension_renchan, "{name}");
    }
    let (over, dealt) = extension_hands(GameRules::TENHOU, true);
    assert_eq!((over, dealt), (false, vec![(1, 0), (2, 1), (2, 2)]));
    // The dealer noten passes the deal: seat 3 past the target ends the game.
    let (over, dealt) = extension_hands(GameRules::TENHOU, false);
    assert_eq!((over, dealt), (true, vec![(1, 0), (2, 1)]));
    // 電脳麻将's sudden death: any hand of the extension after which a seat has the target
    // ends the game, the dealer's repeat too.
    let sudden = GameRules::from_json(r#"{"preset": "tenhou", "extension_renchan": false}"#).unwrap();
    let (over, dealt) = extension_hands(sudden, true);
    assert_eq!((over, dealt), (true, vec![(1, 0), (2, 1)]));
    let (over, dealt) = extension_hands(GameRules::preset("majiang").unwrap(), true);
    assert_eq!((over, dealt), (true, vec![(1, 0), (2, 1)]));
}

/// One hand (East 1) played out to its exhaustive draw: seat 1, dealt a concealed kan's four 2m,
/// a 1m-3m gap waiting on nothing but 2m and a pair of east, kans its 2m on its first draw and
/// then discards what it draws, as every other seat does (noten hands of their own). Whether
/// riichi was offered to seat 1 on its next draw (a north, which only a riichi on the gap can
/// discard), the draw's tenpai seats and deltas, and the game.
fn karaten_after_a_kan(rules: GameRules) -> (bool, u8, [i32; 4], Game) {
    let mut rules = rules;
    rules.length = GameLength::Single;
    // Draws: seat 0, seat 1 (the east it kans on), seats 2, 3 and 0, then seat 1's north.
    let w = wall([NOTEN, "2222m13m456p789p1z", NOTEN, NOTEN], "9s1z9s9s9s4z");
    let mut g = Game::with_walls(rules, WallSource::Given(vec![w].into()));
    let mut riichi_offered = false;
    play(&mut g, &mut |g, _, seat, legal| {
        if seat == 1 {
            if let Some(kan) = legal.iter().find(|a| matches!(a, Action::Ankan { .. })) {
                return Some(*kan);
            }
            if g.view(seat).drawn == Some(pai("N")) {
                riichi_offered |= legal.contains(&Action::Reach);
            }
        }
        Some(tsumogiri(g, seat, legal))
    });
    assert!(g.is_over());
    let kans = g.events().iter().filter(|e| matches!(e, Event::Ankan { actor: 1, .. })).count();
    assert_eq!(kans, 1, "seat 1 made its kan");
    let draw = g.events().iter().find_map(|e| match *e {
        Event::Ryukyoku { reason, tenpai, deltas } => Some((reason, tenpai, deltas)),
        _ => None,
    });
    let (reason, tenpai, deltas) = draw.expect("the hand was drawn");
    assert_eq!(reason, DrawReason::Exhaustive);
    (riichi_offered, tenpai, deltas, g)
}

/// The hand of [`karaten_after_a_kan`] under `karaten_tenpai`, as mjai, kept for the other
/// doors' tests (the CLI, C, Python and npm replay it under `tenhou` with and without the flag).
const KARATEN_LOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/karaten_tenpai.mjson");

#[test]
fn a_wait_on_a_kind_the_seat_holds_all_four_of_is_tenpai_only_under_karaten_tenpai() {
    // Tenhou: all four 2m are seat 1's own, so it waits on nothing (純カラ): noten, no riichi.
    let tenhou = GameRules::preset("tenhou").unwrap();
    assert!(!tenhou.karaten_tenpai);
    let (riichi, tenpai, deltas, _) = karaten_after_a_kan(tenhou);
    assert_eq!((riichi, tenpai, deltas), (false, 0, [0; 4]));
    // 電脳麻将 counts a wait its concealed tiles do not hold all four of: tenpai, paid 3,000,
    // and riichi may be declared on it.
    let majiang = GameRules::preset("majiang").unwrap();
    assert!(majiang.karaten_tenpai);
    let (riichi, tenpai, deltas, _) = karaten_after_a_kan(majiang);
    assert_eq!((riichi, tenpai, deltas), (true, 0b0010, [-1000, 3000, -1000, -1000]));
    let flag = GameRules::from_json(r#"{"preset": "tenhou", "karaten_tenpai": true}"#).unwrap();
    let (riichi, tenpai, deltas, g) = karaten_after_a_kan(flag);
    assert_eq!((riichi, tenpai, deltas), (true, 0b0010, [-1000, 3000, -1000, -1000]));
    // The log replays under the flag and not without it; the kept copy is this one (rewrite it
    // with HUPAI_WRITE_KARATEN=1).
    let text = hupai_game::mjai::write(g.events(), 4);
    let log = &formats::read(&text).unwrap()[0].as_ref().unwrap().clone();
    let mut single = GameRules::TENHOU;
    single.length = GameLength::Single;
    let refused = replay::check(log, 0, single).unwrap_err().to_string();
    assert!(refused.contains("ryukyoku") || refused.contains("delta"), "{refused}");
    single.karaten_tenpai = true;
    replay::check(log, 0, single).unwrap();
    if std::env::var_os("HUPAI_WRITE_KARATEN").is_some() {
        std::fs::write(KARATEN_LOG, &text).unwrap();
    }
    assert_eq!(std::fs::read_to_string(KARATEN_LOG).unwrap(), text, "stale: rerun with HUPAI_WRITE_KARATEN=1");
    // A riichi rule: the Chinese families refuse it, naming it.
    let gb = GameRules::from_json(r#"{"preset": "gb", "karaten_tenpai": true}"#).unwrap_err();
    assert_eq!(gb.flag.as_deref(), Some("karaten_tenpai"), "{gb}");
}

#[test]
fn the_new_flags_read_back_from_json() {
    let mut rules = GameRules::TENHOU;
    rules.tenpai_yame = false;
    rules.honba_points = 1500;
    rules.pao_honba = PaoHonba::Discarder;
    rules.open_tanyao = Some(false);
    rules.kiriage = Some(true);
    rules.extension_renchan = false;
    rules.karaten_tenpai = true;
    let text = rules.to_json().to_string();
    assert_eq!(GameRules::from_json(&text).unwrap(), rules, "{text}");
    // No open tanyao and kiriage reach the scorer.
    let o = rules.scoring_options();
    assert!(!o.has_open_tanyao && o.kiriage);
    assert!(GameRules::TENHOU.scoring_options().has_open_tanyao);
}

/// Tenhou's rules for the east round.
fn east() -> GameRules {
    let mut rules = GameRules::TENHOU;
    rules.length = GameLength::East;
    rules
}

/// An engine game of exhaustive draws written as mjai, every `ryukyoku` reason named `name`.
fn draws_named(name: &str) -> String {
    let mut g = Game::new(east(), 5);
    play(&mut g, &mut |g, _, seat, legal| Some(tsumogiri(g, seat, legal)));
    let text = hupai_game::mjai::write(g.events(), 4);
    assert!(text.contains("\"reason\":\"fanpai\""), "the game has exhaustive draws");
    text.replace("\"reason\":\"fanpai\"", &format!("\"reason\":\"{name}\""))
}

#[test]
fn draws_named_by_other_writers_and_unknown_reasons_replay() {
    assert_eq!(DrawReason::from_name("exhaustive_draw"), Some(DrawReason::Exhaustive));
    assert_eq!(DrawReason::from_name("kyushu_kyuhai"), Some(DrawReason::NineTerminals));
    assert_eq!(DrawReason::from_name("Suufon-Renda"), Some(DrawReason::FourWinds));
    assert_eq!(DrawReason::from_name("yao9"), Some(DrawReason::NineTerminals));
    assert_eq!(DrawReason::from_name("四家立直"), Some(DrawReason::FourRiichi));
    assert_eq!(DrawReason::from_name("a draw"), None);
    let rules = east();
    for name in ["exhaustive_draw", "nobody knows"] {
        let text = draws_named(name);
        let log = formats::read(&text).unwrap().remove(0).unwrap_or_else(|e| panic!("{name}: {e}"));
        replay::check(&log, 0, rules).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The deltas are still checked: a wrong one fails.
        let mut broken = log.clone();
        let Some(LogEvent { event: Event::Ryukyoku { deltas, .. }, .. }) =
            broken.events.iter_mut().find(|e| matches!(e.event, Event::Ryukyoku { .. }))
        else {
            panic!("{name}: no ryukyoku read")
        };
        deltas[0] += 100;
        assert!(replay::check(&broken, 0, rules).is_err(), "{name}");
    }
}
