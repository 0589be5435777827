//! The engine's shortcuts against the plain computations they replace, at every decision of many
//! seeded random games under every preset: `apply`'s legality check of one kind of action and
//! its direct check of one discard, the
//! riichi filters on counts and on shanten (and the bound on shanten kept from the seat's last
//! turn), three players' waits from riichi's forms, the self-drawn win offered
//! under the Chinese families (asked of the scorer only when the drawn tile is a wait or a wildcard
//! completing a ready hand), and Hongzhong's waits and win checks of hands with declared melds
//! and wildcards (hupai's keys first) against the suit tables' plain answers, and the filter on
//! a hand that discard claims ask before the whole call check, and a riichi win's yaku asked
//! without its score.

use hupai::{Algorithm, Rules, TileSupply};
use hupai_lookup::SuitTable;

use crate::action::Action;
use crate::event::Seat;
use crate::game::{ClaimOn, Game, Phase};
use crate::legal;
use crate::policy::{Efficiency, Policy, Random};
use crate::rules::{Family, GameRules, PRESETS};

const KINDS: [Action; 11] = [
    Action::Dahai { pai: crate::Pai::UNKNOWN, tsumogiri: false },
    Action::Reach,
    Action::Chi { pai: crate::Pai::UNKNOWN, consumed: [crate::Pai::UNKNOWN; 2] },
    Action::Pon { pai: crate::Pai::UNKNOWN, consumed: [crate::Pai::UNKNOWN; 2] },
    Action::Daiminkan { pai: crate::Pai::UNKNOWN, consumed: [crate::Pai::UNKNOWN; 3] },
    Action::Kakan { pai: crate::Pai::UNKNOWN },
    Action::Ankan { consumed: [crate::Pai::UNKNOWN; 4] },
    Action::Kita,
    Action::Hora,
    Action::Ryukyoku,
    Action::None,
];

/// Checks every shortcut at the game's current state.
fn check_state(game: &Game) -> usize {
    let mut checks = 0;
    for seat in 0..game.rules.players {
        let full = game.legal_actions(seat);
        for kind in KINDS {
            let bit = legal::kind_bit(&kind);
            let mut some = crate::Actions::new();
            legal::fill(game, seat, bit, &mut some);
            let of_kind =
                |list: &crate::Actions| list.iter().copied().filter(|a| legal::kind_bit(a) == bit).collect::<Vec<_>>();
            assert_eq!(of_kind(&some), of_kind(&full), "seat {seat}, {}", kind.kind());
            checks += 1;
        }
        // `apply`'s direct check of one discard answers as the full list does, for every tile
        // (red fives, the hidden tile and the flowers included), from the hand or drawn.
        for index in 0..=45 {
            let pai = crate::Pai::from_index(index).expect("0-45 are tiles");
            for tsumogiri in [false, true] {
                let listed = full.contains(&Action::Dahai { pai, tsumogiri });
                assert_eq!(legal::allows_discard(game, seat, pai, tsumogiri), listed, "seat {seat}, {pai} {tsumogiri}");
                checks += 1;
            }
        }
        let p = &game.players[usize::from(seat)];
        // The packed hand, kept up to date tile by tile and call by call, is the hand packed anew.
        let mut fresh = p.clone();
        fresh.repack(game.wait_rules.wildcard_tile);
        assert_eq!(fresh.packed, *p.settled_packed(), "seat {seat}: {:?}, melds {:?}", p.hand, p.melds);
        checks += 1;
        // The waits a riichi seat holds one tile short are those of its hand asked anew (a
        // discard from a hand the riichi check found far from ready sets none without asking).
        if game.rules.family == Family::Riichi && p.settled_packed().tile_count() % 3 == 1 {
            fresh.refresh_waits(&crate::family::seat_wait_rules(game, seat));
            assert_eq!(fresh.waits, p.waits, "seat {seat}: {:?}, melds {:?}", p.hand, p.melds);
            checks += 1;
        }
        // Whether a riichi hand wins with a yaku, asked without building the score, answers as
        // the score: for the tile drawn and the tile discarded, and for every tile the hand waits
        // on as if the seat before had discarded it (hands without a yaku among them).
        if game.rules.family == Family::Riichi {
            let before = game.next_in_turn(seat, game.rules.players - 1);
            let mut asked: Vec<(Seat, crate::Pai, bool, Option<ClaimOn>)> = Vec::new();
            match game.phase {
                Phase::Turn { seat: s, drawn: Some(d), rinshan, .. } if s == seat => {
                    asked.push((seat, d, rinshan, None))
                }
                Phase::Claims { from, pai, on, .. } if from != seat => asked.push((from, pai, false, Some(on))),
                _ => {}
            }
            if !matches!(game.phase, Phase::Turn { seat: s, .. } if s == seat) {
                for kind in p.waits.iter() {
                    asked.push((before, crate::Pai::of(kind), false, Some(ClaimOn::Discard)));
                }
            }
            for (from, pai, rinshan, on) in asked {
                let scored = crate::family::riichi_win_scored(game, seat, from, pai, rinshan, on);
                // Where the hand is complete and the shortcut says a yaku is sure, the scorer
                // scores the win.
                let complete = pai.kind().is_some_and(|k| p.waits.contains(k));
                if complete && crate::family::yaku_certain(game, seat, pai, from == seat) {
                    assert!(scored, "seat {seat}, {pai} from {from}: a sure yaku the scorer refuses: {:?}", p.hand);
                    checks += 1;
                }
                assert_eq!(
                    crate::family::can_win(game, seat, from, pai, rinshan, on),
                    scored,
                    "seat {seat}, {pai} from {from}: {:?}",
                    p.hand
                );
                checks += 1;
            }
        }
        // Whatever tile the seat on turn discarded, a seat `calls` lets call it passes the
        // filter on its hand that discard claims ask first.
        if let Phase::Turn { seat: from, .. } = game.phase
            && from != seat
        {
            for kind in hupai::Tile::ALL.iter().take(34) {
                for pai in [crate::Pai::of(*kind), crate::Pai::with_red(*kind, true)] {
                    if legal::calls(game, seat, from, pai, None) {
                        assert!(legal::may_call(p, *kind, seat == game.next_in_turn(from, 1)), "{pai} {:?}", p.hand);
                        checks += 1;
                    }
                }
            }
        }
        // The riichi filter never refuses a hand that a discard leaves ready.
        // (Riichi families only: the filter decides riichi, and counts no wildcards.)
        if let Phase::Turn { seat: s, drawn: Some(_), .. } = game.phase
            && s == seat
            && game.rules.family.has_riichi()
        {
            let plain = p.hand.distinct().any(|pai| legal::ready_without(p, pai, game));
            if plain {
                assert!(legal::may_be_ready_after_a_discard(&p.hand), "{:?}", p.hand);
            }
            // The shanten filter with it answers exactly as the plain computation.
            // (With the bound kept from the seat's last turn, which must never exceed the hand's
            // shanten.)
            if let Some(floor) = legal::kept_shanten_floor(game, seat) {
                let hand = hupai::Hand::from_counts(hupai::TileCounts(p.hand.kinds), 0).expect("a hand");
                let shanten = hupai::shanten(&hand, &game.wait_rules).expect("a shanten").number;
                assert!(floor <= shanten, "floor {floor}, shanten {shanten}: {:?}", p.hand);
                checks += 1;
            }
            assert_eq!(legal::some_discard_leaves_ready(game, seat), plain, "{:?}", p.hand);
            checks += 1;
        }
        // The waits a seat holds after a draw are those of its hand before the draw, asked anew
        // (a drawn tile discarded keeps them, and riichi is offered from them), and a hand ready
        // before its draw may declare riichi by discarding the drawn tile.
        if let Phase::Turn { seat: s, drawn: Some(d), .. } = game.phase
            && s == seat
            && game.rules.family == Family::Riichi
        {
            let mut before = p.clone();
            before.hand.remove(d);
            before.repack(game.wait_rules.wildcard_tile);
            before.refresh_waits(&crate::family::seat_wait_rules(game, seat));
            assert_eq!(before.waits, p.waits, "seat {seat} drew {d}: {:?}", p.hand);
            if !p.waits.is_empty() {
                assert!(legal::ready_without(p, d, game), "seat {seat} drew {d}: {:?}", p.hand);
            }
            checks += 1;
            if game.rules.players == 3 {
                for pai in p.hand.distinct() {
                    let mut packed = p.settled_packed().into_owned();
                    if let Some(kind) = pai.kind()
                        && packed.remove(kind).is_ok()
                    {
                        assert_eq!(packed.waits(&Rules::SANMA).ok(), packed.waits(&Rules::RIICHI).ok());
                        checks += 1;
                    }
                }
            }
        }
        if let Phase::Turn { seat: s, drawn: Some(pai), rinshan, can_tsumo, .. } = game.phase
            && s == seat
            && matches!(game.rules.family, Family::Gb | Family::Hongzhong)
        {
            let plain = crate::family::can_win(game, seat, seat, pai, rinshan, None);
            assert_eq!(can_tsumo, plain, "seat {seat} drawing {pai:?}: {:?}", p.hand);
            checks += 1;
        }
        if game.rules.family == Family::Hongzhong {
            checks += hongzhong_checks(p)[0];
        }
        if game.rules.players == 3 && p.settled_packed().tile_count() % 3 == 1 {
            assert_eq!(p.packed.waits(&Rules::SANMA).ok(), p.packed.waits(&Rules::RIICHI).ok());
        }
    }
    checks
}

/// A Hongzhong hand's waits (one tile short; and, a tile over, those after each discard) and win
/// check from its packed hand over the 136 tiles, as `refresh_waits` asks them, against the suit
/// tables' plain answers for the same hand. Returns the checks made, and how many of them were of
/// hands with declared melds and wildcards that wait or win (where the keys alone do not answer).
fn hongzhong_checks(p: &crate::game::Player) -> [usize; 2] {
    let rules = Rules::HONGZHONG.with_tiles(TileSupply::Standard136);
    let mut counts = [0; 2];
    let mut count = |packed: &hupai::PackedHand, answered: bool| {
        counts[0] += 1;
        counts[1] += usize::from(answered && !packed.melds().is_empty() && packed.wildcards() > 0);
    };
    let mut plain_waits = |packed: &hupai::PackedHand| {
        let found = packed.waits(&rules).ok();
        assert_eq!(found, SuitTable.waits(&packed.to_hand(), &rules).ok(), "{:?}", packed.to_hand());
        count(packed, found.is_some_and(|w| !w.is_empty()));
    };
    match p.packed.tile_count() % 3 {
        1 => plain_waits(&p.packed),
        2 => {
            for pai in p.hand.distinct() {
                let mut after = p.packed.clone();
                if let Some(kind) = pai.kind()
                    && kind != hupai::Tile::RED
                    && after.remove(kind).is_ok()
                {
                    plain_waits(&after);
                }
            }
            let packed = &p.packed;
            let found = packed.is_win(&rules).ok();
            assert_eq!(found, SuitTable.is_win(&packed.to_hand(), &rules).ok(), "{:?}", packed.to_hand());
            count(packed, found == Some(true));
        }
        _ => {}
    }
    counts
}

#[test]
fn shortcuts_answer_as_the_plain_computations() {
    let mut checks = 0;
    for name in PRESETS {
        let rules = GameRules::preset(name).unwrap();
        for seed in 0..6 {
            let mut game = Game::new(rules, seed);
            game.set_recording(false);
            let mut policy = Random::new(seed);
            while let Some(seat) = game.next_seat() {
                checks += check_state(&game);
                let legal = game.legal_actions(seat);
                let action = policy.choose(&game, seat, &legal);
                game.apply(seat, action).unwrap();
            }
        }
    }
    assert!(checks > 100_000, "{checks} checks");
}

#[test]
fn the_direct_discard_check_answers_as_the_list_in_efficiency_games() {
    // Random play seldom declares riichi; the efficiency player does, so the discards declaring
    // riichi and those of a locked hand are checked here too.
    let mut checks = 0;
    for name in PRESETS {
        let rules = GameRules::preset(name).unwrap();
        for seed in 0..2 {
            let mut game = Game::new(rules, seed);
            game.set_recording(false);
            let mut policy = Efficiency::new();
            while let Some(seat) = game.next_seat() {
                checks += check_state(&game);
                let legal = game.legal_actions(seat);
                let action = policy.choose(&game, seat, &legal);
                game.apply(seat, action).unwrap();
            }
        }
    }
    assert!(checks > 50_000, "{checks} checks");
}

#[test]
fn hongzhong_hands_with_melds_and_wildcards_answer_as_the_suit_tables() {
    // More Hongzhong games than above, counting the hands the keys alone do not answer.
    let rules = GameRules::preset("hongzhong").unwrap();
    let [mut checks, mut lowered] = [0; 2];
    for seed in 100..130 {
        let mut game = Game::new(rules, seed);
        game.set_recording(false);
        let mut policy = Random::new(seed);
        while let Some(seat) = game.next_seat() {
            for p in &game.players {
                let [c, l] = hongzhong_checks(p);
                checks += c;
                lowered += l;
            }
            let legal = game.legal_actions(seat);
            let action = policy.choose(&game, seat, &legal);
            game.apply(seat, action).unwrap();
        }
    }
    eprintln!("{checks} checks, {lowered} ready hands with melds and wildcards");
    assert!(checks > 100_000 && lowered > 500, "{checks} checks, {lowered} ready hands with melds and wildcards");
}

#[test]
fn the_riichi_filter_passes_ready_hands() {
    // Hands one discard from ready of every form pass the filter.
    for text in ["123m456p789s1122z5z", "1199m1199p1199s1z2z", "19m19p19s1234567z9s", "19m19p19s123456z5m6m"] {
        let hand: hupai::Hand = text.parse().unwrap();
        let mut counts = crate::pai::PaiCounts::EMPTY;
        for (k, &c) in hand.concealed().0.iter().enumerate() {
            for _ in 0..c {
                counts.add(crate::Pai::of(hupai::Tile::ALL[k]));
            }
        }
        assert!(legal::may_be_ready_after_a_discard(&counts), "{text}");
    }
    let far: hupai::Hand = "147m258p369s1234z5z".parse().unwrap();
    let mut counts = crate::pai::PaiCounts::EMPTY;
    for (k, &c) in far.concealed().0.iter().enumerate() {
        for _ in 0..c {
            counts.add(crate::Pai::of(hupai::Tile::ALL[k]));
        }
    }
    assert!(!legal::may_be_ready_after_a_discard(&counts));
}
