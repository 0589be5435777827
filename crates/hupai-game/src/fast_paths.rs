//! The engine's shortcuts against the plain computations they replace, at every decision of many
//! seeded random games under every preset: `apply`'s legality check of one kind of action, the
//! riichi filter on counts, and three players' waits from riichi's forms.

use hupai::Rules;

use crate::action::Action;
use crate::game::{Game, Phase};
use crate::legal;
use crate::policy::{Policy, Random};
use crate::rules::{GameRules, PRESETS};

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
        let p = &game.players[usize::from(seat)];
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
            if game.rules.players == 3 {
                for pai in p.hand.distinct() {
                    let mut packed = p.packed.clone();
                    if let Some(kind) = pai.kind()
                        && packed.remove(kind).is_ok()
                    {
                        assert_eq!(packed.waits(&Rules::SANMA).ok(), packed.waits(&Rules::RIICHI).ok());
                        checks += 1;
                    }
                }
            }
        }
        if game.rules.players == 3 && p.packed.tile_count() % 3 == 1 {
            assert_eq!(p.packed.waits(&Rules::SANMA).ok(), p.packed.waits(&Rules::RIICHI).ok());
        }
    }
    checks
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
