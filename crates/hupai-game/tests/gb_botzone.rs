//! The `gb-botzone` preset, read from Botzone's Chinese Standard Mahjong judge (`judge/main.cpp`):
//! each player deals and draws from a wall of its own, the hand ends when the player to draw finds
//! its wall empty, a call of a discard is refused once the wall of the player after the discarder
//! is empty (where the last discard is 海底捞月), and seeded hands keep every tile and every point
//! and replay from their logs.

use hupai_game::policy::{self, Efficiency, Random};
use hupai_game::{Action, ChineseWall, DrawReason, Event, Game, GameRules, Pai, WallSource, formats, mjai, replay};
use hupai_score::gb::Fan;

mod common;

use common::pai;

/// A wall in which seat `q` (seat 0 deals) takes the tiles of `takes[q]` in order from the end of
/// its own quarter: its 13 dealt tiles, then its draws and replacements. Every other tile is
/// placed wherever it is left, the flowers last (at the bottom of the last seat's quarter).
fn own_walls(takes: [&str; 4]) -> ChineseWall {
    let mut free: Vec<Vec<u8>> = (0..46).map(|_| Vec::new()).collect();
    for id in 0..136u8 {
        free[usize::from(id / 4)].push(id);
    }
    for f in 0..8u8 {
        free[38 + usize::from(f)].push(136 + f);
    }
    let mut slots = [None; 144];
    for (q, text) in takes.iter().enumerate() {
        for (k, pai) in common::tiles(text).into_iter().enumerate() {
            let id = free[usize::from(pai.index())].pop().unwrap_or_else(|| panic!("a fifth {pai}"));
            slots[36 * q + 35 - k] = Some(id);
        }
    }
    let mut rest = free.into_iter().flatten();
    let ids: Vec<u8> = slots.iter().map(|s| s.unwrap_or_else(|| rest.next().unwrap())).collect();
    ChineseWall::from_ids(&ids, [1, 1]).unwrap()
}

/// Seat 2 waits on 1m or 8s with a hand short of 8 fans unless the win is 海底捞月. Seat 0 draws
/// fifteen honors and then 1m, all discarded as drawn; seat 1's wall holds the eight flowers, so
/// it is empty after its fifteenth draw, just before seat 0 discards the 1m. With `early`, seat 0
/// draws the 1m first instead.
fn botzone_game(early: bool) -> Game {
    let hand0 = "234m567p234s567s9s";
    let draws0 = if early { "1m" } else { "555666777222333z1m" };
    let takes = [
        format!("{hand0}{draws0}"),
        "234m567p234s567s9s12345678f".to_string(),
        "11m345678p345s88s".to_string(),
        "567m999p1234567z".to_string(),
    ];
    let wall = own_walls([&takes[0], &takes[1], &takes[2], &takes[3]]);
    Game::with_walls(GameRules::preset("gb-botzone").unwrap(), WallSource::GivenChinese(vec![wall].into()))
}

/// Plays every turn as a discard of the tile drawn and passes every claim, until seat 0 discards
/// a 1m; returns with seat 2 to answer it.
fn until_the_1m(game: &mut Game) {
    loop {
        let seat = game.next_seat().expect("the hand goes on");
        if let Some(Event::Dahai { actor: 0, pai: p, .. }) = game.events().last()
            && *p == pai("1m")
        {
            return;
        }
        let action = match game.events().last() {
            Some(Event::Tsumo { actor, pai, .. }) if *actor == seat => Action::Dahai { pai: *pai, tsumogiri: true },
            _ => Action::None,
        };
        game.apply(seat, action).unwrap();
    }
}

/// The tiles `seat` took from the wall, in order: its 13 dealt, then each flower drawn and draw.
fn takes(game: &Game, seat: u8) -> Vec<Pai> {
    let mut out = Vec::new();
    let mut dealt = [Pai::UNKNOWN; 13];
    for e in game.events() {
        match *e {
            Event::StartKyoku { tehais, .. } => {
                dealt = tehais[usize::from(seat)];
                out.extend(dealt);
            }
            Event::Hua { actor, pai } if actor == seat && !dealt.contains(&pai) => out.push(pai),
            Event::Tsumo { actor, pai } if actor == seat => out.push(pai),
            _ => {}
        }
    }
    out
}

#[test]
fn the_pung_is_refused_and_the_last_discard_is_last_tile_claim_when_the_next_wall_is_empty() {
    let mut game = botzone_game(false);
    until_the_1m(&mut game);
    assert_eq!(game.wall_left(1), 0, "seat 1's own wall is empty");
    assert!(game.wall_left(0) > 0 && game.wall_left(2) > 0 && game.tiles_left() > 0);
    assert_eq!(takes(&game, 1).len(), 36);
    let legal = game.legal_actions(2);
    assert!(!legal.iter().any(|a| matches!(a, Action::Pon { .. })), "a pung the judge refuses: {legal:?}");
    assert!(legal.iter().any(|a| matches!(a, Action::Hora)), "{legal:?}");
    game.apply(2, Action::Hora).unwrap();
    while let Some(seat) = game.next_seat() {
        game.apply(seat, Action::None).unwrap();
    }
    let (deltas, score) = game
        .events()
        .iter()
        .find_map(|e| match e {
            Event::Hora { actor: 2, target: 0, deltas, score, .. } => Some((*deltas, *score)),
            _ => None,
        })
        .expect("seat 2 wins on seat 0's 1m");
    assert!(score.yaku().iter().any(|&(id, _)| id == Fan::LastTileClaim.id()), "{score:?}");
    let fan = score.points as i32;
    assert_eq!(deltas, [-(8 + fan), -8, 24 + fan, -8]);
}

#[test]
fn a_seat_whose_own_wall_is_empty_ends_the_hand_when_it_is_to_draw() {
    let mut game = botzone_game(false);
    until_the_1m(&mut game);
    // Seat 2 passes: seat 1 is to draw from an empty wall, and the hand is drawn there, with
    // tiles still in the other walls.
    while let Some(seat) = game.next_seat() {
        game.apply(seat, Action::None).unwrap();
    }
    let end = game.events().iter().position(|e| matches!(e, Event::Ryukyoku { .. })).expect("a drawn hand");
    assert!(matches!(game.events()[end], Event::Ryukyoku { reason: DrawReason::Exhaustive, .. }));
    assert!(matches!(game.events()[end - 1], Event::Dahai { actor: 0, .. }));
    // Seat 0 took 13 + 16 tiles, seats 2 and 3 13 + 15 each: 7 + 8 + 8 left in their walls.
    assert_eq!(game.tiles_left(), 23);
    for seat in [0, 2, 3] {
        assert!(game.wall_left(seat) > 0, "seat {seat}");
    }
}

#[test]
fn earlier_the_same_discard_may_be_punged_and_not_won() {
    let mut game = botzone_game(true);
    until_the_1m(&mut game);
    assert!(game.wall_left(1) > 0);
    let legal = game.legal_actions(2);
    assert!(legal.iter().any(|a| matches!(a, Action::Pon { .. })), "{legal:?}");
    assert!(!legal.iter().any(|a| matches!(a, Action::Hora)), "short of 8 fans: {legal:?}");
}

#[test]
fn each_seat_takes_its_own_quarter_from_its_end() {
    let rules = GameRules::preset("gb-botzone").unwrap();
    for seed in 0..40u64 {
        let mut game = Game::new(rules, seed);
        policy::play_out(&mut game, &mut Random::new(seed));
        let wall = ChineseWall::seeded(seed, 0);
        for seat in 0..4u8 {
            let taken = takes(&game, seat);
            assert!(taken.len() <= 36, "seed {seed} seat {seat}");
            for (k, &p) in taken.iter().enumerate() {
                let at = 36 * usize::from(seat) + 35 - k;
                assert_eq!(p, wall.tiles[at].pai([0; 3]), "seed {seed} seat {seat} take {k}");
            }
        }
        if let Some(Event::Ryukyoku { .. }) = game.events().iter().find(|e| matches!(e, Event::Ryukyoku { .. })) {
            // Drawn: the seat after the last discarder had taken its whole wall.
            let last = game.events().iter().rev().find_map(|e| match e {
                Event::Dahai { actor, .. } => Some(*actor),
                _ => None,
            });
            let next = (last.unwrap() + 1) % 4;
            assert_eq!(takes(&game, next).len(), 36, "seed {seed}");
        }
    }
}

#[test]
fn botzone_hands_keep_every_tile_and_point_and_replay() {
    let rules = GameRules::from_json(r#"{"preset": "gb-botzone", "start_wind": 2}"#).unwrap();
    assert!(rules.per_player_walls && rules.flower_ends_kong);
    let (mut wins, mut draws, mut last_tile) = (0, 0, 0);
    for seed in 0..60u64 {
        let mut game = Game::new(rules, seed);
        let mut rng = hupai_game::wall::SplitMix64(seed);
        while let Some(seat) = game.next_seat() {
            let view = game.view(0);
            let mut n = game.tiles_left();
            for s in 0..4 {
                n += game.hand(s).total() as usize;
                n += game.melds(s).iter().map(|m| m.len()).sum::<usize>();
                n += game.river(s).iter().filter(|r| !r.called).count();
                n += usize::from(view.flowers[usize::from(s)]);
            }
            assert_eq!(n, 144, "seed {seed}");
            let census = game.tile_census();
            assert_eq!(census.iter().map(|&c| usize::from(c)).sum::<usize>(), 136, "seed {seed}");
            assert!(census.iter().all(|&c| c <= 4), "seed {seed}");
            let legal = game.legal_actions(seat);
            let action = legal[rng.below(legal.len() as u64) as usize];
            game.apply(seat, action).unwrap();
            assert_eq!(game.scores().iter().sum::<i32>(), 0);
        }
        for e in game.events() {
            match e {
                Event::Hora { score, .. } => {
                    wins += 1;
                    last_tile += usize::from(
                        score
                            .yaku()
                            .iter()
                            .any(|&(id, _)| id == Fan::LastTileClaim.id() || id == Fan::LastTileDraw.id()),
                    );
                }
                Event::Ryukyoku { .. } => draws += 1,
                _ => {}
            }
        }
        if seed % 3 == 0 {
            let mut again = Game::new(rules, seed);
            policy::play_out(&mut again, &mut Efficiency::new());
            for g in [&game, &again] {
                let text = mjai::write(g.events(), 4);
                let log = formats::read(&text).unwrap().remove(0).unwrap();
                assert_eq!(log.header.rules, Some(rules));
                let r = replay::replay(&log, 0, replay::default_rules(&log), &mut |_| {}).unwrap();
                assert_eq!(r.events, g.events(), "seed {seed}");
            }
        }
    }
    eprintln!("gb-botzone: {wins} wins ({last_tile} on a last tile), {draws} draws");
    assert!(wins + draws == 60 && draws > 0);
}

/// Seat 0 konges its four 1m on its first draw; the replacement is a flower, and the flower's
/// replacement, 5s, completes the hand (不求人, 暗杠 and 幺九刻: 7 fans). Only 杠上开花 lifts it to 8: the judge's reading
/// (`flower_ends_kong`, in `gb-botzone`) forgets the kong once the flower is set aside.
#[test]
fn a_flower_ends_the_kong_under_the_judges_reading() {
    for ends in [true, false] {
        let mut rules = GameRules::preset("gb-botzone").unwrap();
        rules.flower_ends_kong = ends;
        let wall = own_walls(["111m234p678p11z67s1m1f5s", "", "", ""]);
        let mut game = Game::with_walls(rules, WallSource::GivenChinese(vec![wall].into()));
        assert_eq!(game.next_seat(), Some(0));
        let kong = *game.legal_actions(0).iter().find(|a| matches!(a, Action::Ankan { .. })).expect("a concealed kong");
        game.apply(0, kong).unwrap();
        while game.next_seat() != Some(0) {
            let seat = game.next_seat().unwrap();
            game.apply(seat, Action::None).unwrap();
        }
        let n = game.events().len();
        assert!(matches!(game.events()[n - 2], Event::Hua { actor: 0, .. }), "{:?}", &game.events()[n - 3..]);
        assert!(matches!(game.events()[n - 1], Event::Tsumo { actor: 0, pai: p } if p == pai("5s")));
        let can_win = game.legal_actions(0).iter().any(|a| matches!(a, Action::Hora));
        assert_eq!(can_win, !ends, "flower_ends_kong {ends}");
    }
}

#[test]
fn the_judges_rules_are_gb_flags() {
    let r = GameRules::from_json(r#"{"preset": "gb", "per_player_walls": true}"#).unwrap();
    assert!(r.per_player_walls && !r.flower_ends_kong);
    assert_eq!(GameRules::from_json(&r.to_json().to_string()).unwrap(), r);
    for text in
        [r#"{"preset": "tenhou", "per_player_walls": true}"#, r#"{"preset": "sichuan", "flower_ends_kong": true}"#]
    {
        let e = GameRules::from_json(text).unwrap_err();
        assert!(matches!(e.flag.as_deref(), Some("per_player_walls" | "flower_ends_kong")), "{e}");
    }
    // The match and the competitions' single hand keep the table's wall.
    for name in ["gb", "gb-single"] {
        assert!(!GameRules::preset(name).unwrap().per_player_walls, "{name}");
    }
}
