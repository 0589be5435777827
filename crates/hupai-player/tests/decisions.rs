//! The player's decisions on positions written out tile by tile: a fold against riichi, a push
//! with a mangan against one call, a push in the last hand whose win takes first place, a legal
//! win, choices that do not change when only hidden tiles do, and whole hands under every preset
//! played legally.

use hupai_game::policy::{self, Policy};
use hupai_game::rules::PRESETS;
use hupai_game::{Action, Game, GameLength, GameRules, Pai, Wall, WallSource};
use hupai_player::{Hupai, Mode, PlayerKind};

/// The opponents' hands of most positions: far from ready, so none of them claims the discards
/// a test makes.
const DEALER: &str = "1368m1357s2468p5z";
const SEAT2: &str = "1247m2358s2369p6z";
const SEAT3: &str = "1359m1359p1369s7z";

/// Tiles of an mpsz string in the order written.
fn tiles(text: &str) -> Vec<Pai> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            for d in digits.drain(..) {
                out.push(format!("{d}{c}").parse().unwrap_or_else(|e| panic!("{e}")));
            }
        }
    }
    out
}

fn pai(t: &str) -> Pai {
    t.parse().unwrap()
}

fn dahai(t: &str, tsumogiri: bool) -> Action {
    Action::Dahai { pai: pai(t), tsumogiri }
}

/// A four-player wall dealing `hands` (seat 0 deals), drawing `draws` in order, with the dora
/// indicator `dora`; every other tile wherever it is left.
fn wall(hands: [&str; 4], draws: &str, dora: &str) -> Wall {
    let hands = hands.map(tiles);
    Wall::scripted([&hands[0], &hands[1], &hands[2], &hands[3]], &tiles(draws), tiles(dora).first().copied()).unwrap()
}

fn game(hands: [&str; 4], draws: &str, dora: &str) -> Game {
    let mut rules = GameRules::TENHOU;
    rules.length = GameLength::Single;
    Game::with_walls(rules, WallSource::Given(vec![wall(hands, draws, dora)].into()))
}

/// Every seat still to answer a claim passes.
fn pass_all(g: &mut Game) {
    while let Some(s) = g.next_seat() {
        if !g.legal_actions(s).contains(&Action::None) {
            break;
        }
        g.apply(s, Action::None).unwrap();
    }
}

/// The dealer's riichi (ready on 1z/2z, discarding 7p), then seat 1 draws 9s holding a cheap
/// hand one from ready whose 78p holds the only tile safe against the dealer.
fn riichi_then_cheap_hand() -> Game {
    let dealer = "123m456p789s1122z";
    let seat1 = "234m67m345p78p22s3z";
    let seat2 = "1358m2469p1357s6z";
    let seat3 = "1369m1357p2468s7z";
    let mut g = game([dealer, seat1, seat2, seat3], "7p9s", "9m");
    g.apply(0, Action::Reach).unwrap();
    g.apply(0, dahai("7p", true)).unwrap();
    pass_all(&mut g);
    assert_eq!(g.next_seat(), Some(1));
    g
}

#[test]
fn folds_with_the_genbutsu_against_a_riichi() {
    let g = riichi_then_cheap_hand();
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert_eq!(why.mode, Mode::Fold, "{why:#?}");
    assert_eq!(why.chosen, dahai("7p", false), "{why:#?}");
    // The same hand with no riichi at the table pushes on with an isolated tile.
    let mut g =
        game(["123m456p789s1122z", "234m67m345p78p22s3z", "1358m2469p1357s6z", "1369m1357p2468s7z"], "7p9s", "9m");
    g.apply(0, dahai("7p", true)).unwrap();
    pass_all(&mut g);
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert_eq!(why.mode, Mode::Push, "{why:#?}");
    assert!(
        matches!(why.chosen, Action::Dahai { pai, .. } if pai == self::pai("9s") || pai == self::pai("3z")),
        "{why:#?}"
    );
}

#[test]
fn pushes_a_mangan_against_one_call() {
    // A mangan ready: one suit, a straight; the table shows one call.
    let seat1 = "2479m2468s1357p3z";
    let seat2 = "124m2358s2369p55z";
    let seat3 = "123456789p1122z";
    let mut g = game([DEALER, seat1, seat2, seat3], "5z5s", "9m");
    g.apply(0, dahai("5z", true)).unwrap();
    // Seat 2 pons, then throws 9p: a tile seat 3 holds and could fold with.
    let pon = *g.legal_actions(2).iter().find(|a| matches!(a, Action::Pon { .. })).expect("seat 2 may pon");
    while let Some(s) = g.next_seat() {
        let a = if s == 2 { pon } else { Action::None };
        g.apply(s, a).unwrap();
        if s == 2 {
            break;
        }
    }
    g.apply(2, dahai("9p", false)).unwrap();
    // Seat 3 could chi the 9p: a call that does not lower its shanten is declined.
    if g.next_seat() == Some(3) {
        let mut p = Hupai::new();
        let legal = g.legal_actions(3);
        assert_eq!(p.choose(&g, 3, &legal), Action::None);
        g.apply(3, Action::None).unwrap();
    }
    pass_all(&mut g);
    assert_eq!(g.next_seat(), Some(3));
    let hand = g.view(3).hand;
    assert_eq!(hand.total(), 14);
    let why = Hupai::new().explain(&g, 3).unwrap();
    // Still ready: the 5s drawn goes (or riichi is declared), not the 9p that is safe.
    assert_eq!(g.view(3).drawn, Some(pai("5s")));
    let kept_ready = why.chosen == dahai("5s", true) || why.chosen == Action::Reach;
    assert!(kept_ready, "{why:#?}");
    assert_ne!(why.mode, Mode::Fold, "{why:#?}");
}

#[test]
fn takes_a_legal_win() {
    // Seat 1 is ready on 5z/6z (a dragon triplet is its yaku) and the dealer throws 5z.
    let seat1 = "123m456p789s5566z";
    let mut g = game([DEALER, seat1, SEAT2, SEAT3], "7z", "9m");
    g.apply(0, dahai("5z", false)).unwrap();
    let legal = g.legal_actions(1);
    assert!(legal.contains(&Action::Hora), "{legal:?}");
    assert_eq!(Hupai::new().choose(&g, 1, &legal), Action::Hora);
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert_eq!(why.mode, Mode::Win);
}

#[test]
fn hidden_tiles_do_not_change_a_choice() {
    // Through seeded games, at every few decisions: the same choice on games that deal every tile
    // the seat cannot see again.
    let mut rules = GameRules::TENHOU;
    rules.length = GameLength::Single;
    let mut compared = 0;
    for seed in 0..3u64 {
        let mut g = Game::new(rules, seed);
        g.set_recording(false);
        let mut player = Hupai::new();
        let mut step = 0u64;
        while let Some(seat) = g.next_seat() {
            let legal = g.legal_actions(seat);
            let action = player.choose(&g, seat, &legal);
            if step.is_multiple_of(7) {
                for k in 0..2 {
                    let other = g.determinize(seat, seed * 100 + k);
                    let other_legal = other.legal_actions(seat);
                    if other_legal != legal {
                        // A claim asked again can differ (another seat's win); not this seat's view.
                        continue;
                    }
                    let mut p = Hupai::new();
                    assert_eq!(p.choose(&other, seat, &other_legal), action, "seed {seed} step {step}");
                    let a = Hupai::new().explain(&g, seat).unwrap();
                    let b = Hupai::new().explain(&other, seat).unwrap();
                    assert_eq!(a, b);
                    compared += 1;
                }
            }
            g.apply(seat, action).unwrap();
            step += 1;
        }
    }
    assert!(compared > 20, "{compared} decisions compared");
}

#[test]
fn plays_every_preset_legally() {
    for name in PRESETS {
        let mut rules = GameRules::preset(name).unwrap();
        rules.length = GameLength::Single;
        for seed in 0..2 {
            let mut g = Game::new(rules, seed);
            g.set_recording(false);
            let mut p = PlayerKind::Hupai.build(seed);
            let decisions = policy::play_out(&mut g, &mut *p);
            assert!(g.is_over(), "{name} seed {seed}: stopped after {decisions} decisions");
        }
    }
}

#[test]
fn names_parse_and_explanations_serialize() {
    for name in PlayerKind::NAMES {
        assert_eq!(name.parse::<PlayerKind>().unwrap().name(), name);
    }
    let err = "mortal".parse::<PlayerKind>().unwrap_err();
    assert!(err.to_string().contains("mortal"), "{err}");
    let g = riichi_then_cheap_hand();
    let why = Hupai::new().explain(&g, 1).unwrap();
    let json = serde_json::to_value(&why).unwrap();
    assert_eq!(json["mode"], "fold");
    assert_eq!(json["action"], "dahai");
    let cands = json["candidates"].as_array().unwrap();
    assert!(cands.len() >= 5, "{json}");
    assert_eq!(cands.iter().filter(|c| c["chosen"] == true).count(), 1, "{json}");
    for c in cands {
        for key in ["win", "tenpai", "score", "danger", "loss", "value"] {
            assert!(c[key].is_number(), "{key} in {c}");
        }
    }
    assert!(Hupai::new().explain(&g, 2).is_none(), "seat 2 has nothing to decide");
}

#[test]
fn calls_only_with_a_yaku_in_reach() {
    // A pon of a dragon (its own yaku) that lowers the shanten is taken.
    let mut g = game([DEALER, "1239m145p178s255z", SEAT2, SEAT3], "7z", "9m");
    g.apply(0, dahai("5z", false)).unwrap();
    let legal = g.legal_actions(1);
    let chosen = Hupai::new().choose(&g, 1, &legal);
    assert!(matches!(chosen, Action::Pon { pai, .. } if pai == self::pai("5z")), "{chosen:?} of {legal:?}");
    // A chi that lowers the shanten but leaves a hand of honors and terminals with no yaku is not.
    let mut g = game([DEALER, "234m78p9m1s9s12346z", SEAT2, SEAT3], "7z", "9m");
    g.apply(0, dahai("6p", false)).unwrap();
    let legal = g.legal_actions(1);
    assert!(legal.iter().any(|a| matches!(a, Action::Chi { .. })), "{legal:?}");
    assert_eq!(Hupai::new().choose(&g, 1, &legal), Action::None);
}

#[test]
fn calls_by_expected_value_near_ready() {
    // One from ready with a pair of white dragons, which are dora: the pon makes it ready with
    // the dragon's yaku and three dora, worth more than waiting for riichi.
    let mut g = game([DEALER, "234m9m456p78s99s55z", SEAT2, SEAT3], "7z", "7z");
    g.apply(0, dahai("5z", false)).unwrap();
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert!(matches!(why.chosen, Action::Pon { pai, .. } if pai == self::pai("5z")), "{why:#?}");
    // Both weighed by the odds: the pass has its own figures beside the call's.
    let pass = why.candidates.iter().find(|c| c.action == "none").expect("the pass weighed");
    let call = why.candidates.iter().find(|c| c.action == "pon").expect("the pon weighed");
    assert!(call.value > pass.value, "{why:#?}");
    assert!(call.win > 0.0 && pass.win > 0.0, "{why:#?}");

    // One from ready with two two-sided waits, all simples and a pair: riichi (with pinfu and
    // tanyao) is worth more than the chi that makes it ready for open tanyao alone.
    let mut g = game([DEALER, "345m67m456p34s88s1p", SEAT2, SEAT3], "7z", "9m");
    g.apply(0, dahai("8m", false)).unwrap();
    let legal = g.legal_actions(1);
    assert!(legal.iter().any(|a| matches!(a, Action::Chi { .. })), "{legal:?}");
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert_eq!(why.chosen, Action::None, "{why:#?}");
}

#[test]
fn declares_riichi_on_an_early_two_sided_wait() {
    // Ready at the first draw on 2s/5s with all simples and pinfu: dama is worth 2 han, riichi 3
    // and the ura-dora; the deposit is lost only when the hand is not won (by tsumo or ron).
    let mut g = game([DEALER, "234m567m345p34s88s", SEAT2, SEAT3], "7z1z", "9m");
    g.apply(0, dahai("7z", true)).unwrap();
    pass_all(&mut g);
    assert_eq!(g.next_seat(), Some(1));
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert_eq!(why.chosen, Action::Reach, "{why:#?}");
    assert_eq!(why.mode, Mode::Riichi, "{why:#?}");
}

#[test]
fn pons_a_value_honor_far_from_ready() {
    // Two from ready with a pair of white dragons: the pon keeps the shanten but gives the hand
    // its yaku, and is made.
    let mut g = game([DEALER, "23m666m4p23s56s8s55z", SEAT2, SEAT3], "7z", "9m");
    g.apply(0, dahai("5z", false)).unwrap();
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert!(matches!(why.chosen, Action::Pon { pai, .. } if pai == self::pai("5z")), "{why:#?}");
    assert!(why.reason.contains("value-honor pon"), "{why:#?}");
}

#[test]
fn pons_the_last_copy_of_a_value_honor() {
    // The same hand, the dora indicator showing the third white dragon: the one discarded is the
    // last. Counted both in the river and in the meld, it made the hand after the pon hold a
    // fifth copy, and the call was never weighed.
    let mut g = game([DEALER, "23m666m4p23s56s8s55z", SEAT2, SEAT3], "7z", "5z");
    g.apply(0, dahai("5z", false)).unwrap();
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert!(why.candidates.iter().any(|c| c.action == "pon"), "{why:#?}");
    assert!(matches!(why.chosen, Action::Pon { pai, .. } if pai == self::pai("5z")), "{why:#?}");
}

#[test]
fn weighs_a_pon_when_the_dora_indicator_shows_a_tile_held() {
    // One from ready holding 2s2s under the indicator 2s: some hands the odds reach would hold a
    // fifth 2s. They win nothing, and the pass still gets its figures to weigh the pon of the
    // round wind against.
    let dealer = "1368m1357s2468p1z";
    let mut g = game([dealer, "789m1223s3456p11z", SEAT2, SEAT3], "7z", "2s");
    g.apply(0, dahai("1z", false)).unwrap();
    let why = Hupai::new().explain(&g, 1).unwrap();
    let pass = why.candidates.iter().find(|c| c.action == "none").expect("the pass weighed");
    let call = why.candidates.iter().find(|c| c.action == "pon").expect("the pon weighed");
    assert!(pass.win > 0.0 && call.win > 0.0, "{why:#?}");
    let chosen = if call.value > pass.value { "pon" } else { "none" };
    assert_eq!(why.action, chosen, "{why:#?}");
}

/// Seat 2 declares riichi with its first tile, 7p (the only tile of seat 3's safe against it),
/// after the dealer and seat 1 have thrown a west each. Seat 3 (holding `seat3`) then draws 9s.
fn riichi_after_two_wests(seat3: &str) -> Game {
    let mut g = game(["1368m1357s2468p3z", "1247m2358s2369p3z", "123m456p789s1122z", seat3], "9m9p7p9s", "9m");
    g.apply(0, dahai("3z", false)).unwrap();
    pass_all(&mut g);
    g.apply(1, dahai("3z", false)).unwrap();
    pass_all(&mut g);
    g.apply(2, Action::Reach).unwrap();
    g.apply(2, dahai("7p", true)).unwrap();
    pass_all(&mut g);
    assert_eq!(g.next_seat(), Some(3));
    assert_eq!(g.view(3).drawn, Some(pai("9s")));
    g
}

#[test]
fn folds_with_a_tile_almost_as_safe_that_keeps_the_hand() {
    // Two from ready with a cheap hand holding 78p and the third west seen: the last west can
    // only be a single wait, a little riskier than the genbutsu 7p, and throwing it keeps the hand
    // two from ready where 7p breaks the 78p. The player folds with the west.
    let g = riichi_after_two_wests("234m67m345p78p25s3z");
    let why = Hupai::new().explain(&g, 3).unwrap();
    assert_eq!(why.mode, Mode::Fold, "{why:#?}");
    assert_eq!(why.chosen, dahai("3z", false), "{why:#?}");
    assert!(why.reason.contains("almost as safe"), "{why:#?}");
    let west = why.candidates.iter().find(|c| c.pai == Some(pai("3z"))).expect("the west weighed");
    let genbutsu = why.candidates.iter().find(|c| c.pai == Some(pai("7p"))).expect("7p weighed");
    assert!(genbutsu.danger < west.danger && west.danger < 0.02, "{why:#?}");
    assert!(west.shanten < genbutsu.shanten, "{why:#?}");
    // A 1m in place of the west: every tile keeping the hand two from ready (1m, 2s, 5s, 9s) may
    // be waited on two-sided; folding takes the genbutsu.
    let g = riichi_after_two_wests("1234m67m345p78p25s");
    let why = Hupai::new().explain(&g, 3).unwrap();
    assert_eq!(why.mode, Mode::Fold, "{why:#?}");
    assert_eq!(why.chosen, dahai("7p", false), "{why:#?}");
    assert!(!why.reason.contains("almost as safe"), "{why:#?}");
}

/// After a discard, `seat` makes the call of `pai` its legal actions hold (the first chi or pon
/// of that tile), the others pass.
fn call(g: &mut Game, seat: u8, kind: &str, claimed: &str) {
    let action = g
        .legal_actions(seat)
        .iter()
        .copied()
        .find(|a| {
            a.kind() == kind
                && matches!(a, Action::Chi { pai, .. } | Action::Pon { pai, .. } if *pai == self::pai(claimed))
        })
        .unwrap_or_else(|| panic!("seat {seat} cannot {kind} {claimed}: {:?}", g.legal_actions(seat)));
    while let Some(s) = g.next_seat() {
        if s == seat || !g.legal_actions(s).contains(&Action::None) {
            break;
        }
        g.apply(s, Action::None).unwrap();
    }
    g.apply(seat, action).unwrap();
    pass_all(g);
}

/// The seat to act draws and throws the tile drawn; the claims on it are passed.
fn tsumogiri(g: &mut Game) {
    let seat = g.next_seat().expect("a seat to act");
    let drawn = g.view(seat).drawn.expect("a tile drawn");
    g.apply(seat, Action::Dahai { pai: drawn, tsumogiri: true }).unwrap();
    pass_all(g);
}

#[test]
fn calls_while_no_single_opponent_is_likely_ready() {
    // Seats 2 and 3 each chi early, then every seat throws what it draws for eight go-arounds,
    // and the dealer throws a white dragon. No one has declared riichi; each opponent's ready
    // chance is at most about a fifth, their sum over a half. The pon that brings seat 1 nearer
    // a win with the dragon's yaku (two from ready after it) is made: only an opponent likely
    // enough ready to fold against stops a call that does not make the hand ready.
    let seat1 = "1239m145p178s255z";
    let draws =
        format!("5m3m{}4s", "1z3z4z6z".repeat(2) + "7z8p9p1s" + "9s9m8m7s" + "3z4z1z6z" + "2s7p6p8s" + "1z9p9s2p");
    let mut g = game([DEALER, seat1, SEAT2, SEAT3], &draws, "9m");
    tsumogiri(&mut g);
    assert_eq!(g.next_seat(), Some(1));
    g.apply(1, dahai("3m", true)).unwrap();
    call(&mut g, 2, "chi", "3m");
    g.apply(2, dahai("2p", false)).unwrap();
    call(&mut g, 3, "chi", "2p");
    g.apply(3, dahai("7z", false)).unwrap();
    pass_all(&mut g);
    for _ in 0..8 * 4 {
        tsumogiri(&mut g);
    }
    assert_eq!(g.next_seat(), Some(0));
    g.apply(0, dahai("5z", false)).unwrap();
    let view = g.view(1);
    assert!(view.riichi.iter().all(|&r| !r), "no riichi: {:?}", view.riichi);
    let why = Hupai::new().explain(&g, 1).unwrap();
    assert!(why.threat >= 0.5, "the opponents' ready chances sum past a half: {why:#?}");
    assert!(matches!(why.chosen, Action::Pon { pai, .. } if pai == self::pai("5z")), "{why:#?}");
    let pon = why.candidates.iter().find(|c| c.action == "pon").expect("the pon weighed");
    assert!(pon.shanten.is_some_and(|s| s > 0), "{why:#?}");
}

/// A hand of the given round with the given scores where the dealer (seat 3) declares riichi at
/// once, ready on 1z/2z, and seat 0 draws a 9s holding a cheap hand one from ready whose 78p holds
/// the only tile safe against it (much as in `folds_with_the_genbutsu_against_a_riichi`), read
/// from an mjai log that starts at that hand.
fn dealer_riichi_in(bakaze: &str, scores: [i32; 4]) -> Game {
    let [a, b, c, d] = scores;
    let log = format!(
        r#"{{"type":"start_game","names":["a","b","c","d"]}}
{{"type":"start_kyoku","bakaze":"{bakaze}","kyoku":4,"honba":0,"kyotaku":0,"oya":3,"dora_marker":"9m","scores":[{a},{b},{c},{d}],"tehais":[["2m","3m","4m","6m","7m","3p","4p","5p","7p","8p","2s","2s","F"],["1m","3m","5m","8m","2p","4p","6p","9p","1s","3s","5s","7s","P"],["1m","3m","6m","9m","1p","3p","5p","7p","2s","4s","6s","8s","C"],["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"]]}}
{{"type":"tsumo","actor":3,"pai":"7p"}}
{{"type":"reach","actor":3}}
{{"type":"dahai","actor":3,"pai":"7p","tsumogiri":true}}
{{"type":"reach_accepted","actor":3}}
{{"type":"tsumo","actor":0,"pai":"9s"}}
"#
    );
    let logs = hupai_game::formats::read(&log).unwrap();
    let log = logs.into_iter().next().unwrap().unwrap();
    hupai_game::replay::resume(&log, GameRules::TENHOU).unwrap()
}

#[test]
fn pushes_in_the_last_hand_a_cheap_hand_whose_win_takes_first_place() {
    // Seat 0 second, 1,500 points behind seat 1; the dealer's riichi comes from 11,500 below.
    let scores = [30000, 31500, 20000, 18500];
    // East 4 of a south game: far from the end, the cheap hand folds.
    let g = dealer_riichi_in("E", scores);
    assert_eq!(g.next_seat(), Some(0));
    let why = Hupai::new().explain(&g, 0).unwrap();
    assert_eq!(why.mode, Mode::Fold, "{why:#?}");
    // South 4, the last hand: any win (the riichi stick with it) takes first place.
    let g = dealer_riichi_in("S", scores);
    let why = Hupai::new().explain(&g, 0).unwrap();
    assert_eq!(why.mode, Mode::Push, "{why:#?}");
    assert!(
        matches!(why.chosen, Action::Dahai { pai, .. } if pai == self::pai("9s") || pai == self::pai("F")),
        "{why:#?}"
    );
}
