//! A small sample of the differential for CI: games of four and three players in lockstep with
//! riichienv, every difference explained (the offline run plays 10,000 of each:
//! `cargo run --release -p hupai-riichienv-diff -- --players 4 --games 10000`).

use hupai_riichienv_diff::lockstep::{self, HandPaid};

fn sample(players: u8, games: u64) {
    let (mut decisions, mut unexplained) = (0u64, Vec::new());
    for seed in 0..games {
        let report = lockstep::play(players, seed);
        decisions += report.decisions;
        for d in report.differences {
            if d.explained().is_none() {
                unexplained.push((seed, d));
            }
        }
    }
    // Enough decisions compared for the sample to mean something (a hanchan has hundreds).
    assert!(decisions > 100 * games, "{decisions} decisions in {games} games");
    assert!(
        unexplained.is_empty(),
        "{} unexplained differences: {:#?}",
        unexplained.len(),
        &unexplained[..unexplained.len().min(3)]
    );
}

#[test]
fn four_players_agree_with_riichienv() {
    sample(4, 40);
}

#[test]
fn three_players_agree_with_riichienv() {
    sample(3, 40);
}

/// A hand paid differently is put down to a wait on the seat's own four copies only when
/// hupai's draw, repaid with those seats tenpai, gives riichienv's payments to the point.
#[test]
fn a_draw_paid_with_own_four_copies_tenpai_is_recognised() {
    use hupai_game::{DrawReason, Event};
    let draw = |deltas: [i32; 4], tenpai: u8| [Event::Ryukyoku { reason: DrawReason::Exhaustive, deltas, tenpai }];
    let (four, _) = lockstep::rules(4);
    let hupai = [1500, 1500, -1500, -1500];
    let results = draw(hupai, 0b0011);
    let cause = |four_own: u8, riichienv: &[i32]| {
        let hand = HandPaid { events: &results, four_own, hupai: &hupai, riichienv, sticks_left_in_riichienv: None };
        lockstep::settlement_cause(&four, &hand)
    };
    assert_eq!(cause(0b1000, &[1000, 1000, -3000, 1000]), Some(lockstep::FOUR_OWN_DRAW));
    // The wrong seat paid, or no seat ready on its own four copies: not this cause.
    assert_eq!(cause(0b1000, &[1000, 1000, 1000, -3000]), None);
    assert_eq!(cause(0, &[1000, 1000, -3000, 1000]), None);
    // Three players: 2,000 points change hands.
    let (three, _) = lockstep::rules(3);
    let hupai = [-1000, -1000, 2000];
    let results = draw([-1000, -1000, 2000, 0], 0b100);
    let hand = HandPaid {
        events: &results,
        four_own: 0b010,
        hupai: &hupai,
        riichienv: &[-2000, 1000, 1000],
        sticks_left_in_riichienv: None,
    };
    assert_eq!(lockstep::settlement_cause(&three, &hand), Some(lockstep::FOUR_OWN_DRAW));
}

/// The game over in hupai only: the sticks hupai gave the top seat, and nothing else, are put
/// down to riichienv playing on with them on the table.
#[test]
fn sticks_given_at_an_end_riichienv_does_not_have_are_recognised() {
    use hupai_game::{DrawReason, Event};
    let (rules, _) = lockstep::rules(4);
    let results = [Event::Ryukyoku { reason: DrawReason::Exhaustive, deltas: [1000, 1000, 1000, -3000], tenpai: 7 }];
    let hand = |riichienv: &'static [i32], sticks: Option<u32>| HandPaid {
        events: &results,
        four_own: 0,
        hupai: &[1000, 2000, 1000, -3000],
        riichienv,
        sticks_left_in_riichienv: sticks,
    };
    let cause = |riichienv, sticks| lockstep::settlement_cause(&rules, &hand(riichienv, sticks));
    assert_eq!(cause(&[1000, 1000, 1000, -3000], Some(1)), Some(lockstep::STICKS_AT_HUPAI_END));
    // Both engines over, or two sticks on the table, or a second seat paid differently: not it.
    assert_eq!(cause(&[1000, 1000, 1000, -3000], None), None);
    assert_eq!(cause(&[1000, 1000, 1000, -3000], Some(2)), None);
    assert_eq!(cause(&[0, 1000, 1000, -3000], Some(1)), None);
}

/// A tsumo on a kita's replacement after an open kan, no discard between (the kan's dora still to
/// show), paid more by riichienv: put down to riichienv showing the kan's dora at the kita. A
/// discard after the kan (its dora shown in both) or riichienv paying less is not this cause.
#[test]
fn a_kan_dora_shown_at_a_kita_is_recognised() {
    use hupai_game::event::{MOST_YAKU, WinScore};
    use hupai_game::{Event, Pai};
    let pai = |p: &str| p.parse::<Pai>().unwrap();
    let score =
        WinScore { han: 4, fu: 40, yakuman: false, points: 6000, yaku: [(0, 0); MOST_YAKU], yaku_len: 0, pao: None };
    let kakan = Event::Kakan { actor: 0, pai: pai("4p"), consumed: [pai("4p"); 3] };
    let tsumo = |p: &str| Event::Tsumo { actor: 0, pai: pai(p) };
    let kita = Event::Kita { actor: 0, pai: Pai::NORTH };
    let hora = Event::Hora {
        actor: 0,
        target: 0,
        pai: pai("9p"),
        deltas: [7200, -2100, -4100, 0],
        ura_markers: [Pai::UNKNOWN; 5],
        ura_len: 0,
        score,
    };
    let discard = Event::Dahai { actor: 0, pai: pai("1m"), tsumogiri: false };
    let (rules, _) = lockstep::rules(3);
    let cause = |events: &[Event], riichienv: &[i32]| {
        let hand =
            HandPaid { events, four_own: 0, hupai: &[7200, -2100, -4100], riichienv, sticks_left_in_riichienv: None };
        lockstep::settlement_cause(&rules, &hand)
    };
    let pending = [kakan, tsumo("N"), kita, tsumo("9p"), hora];
    assert_eq!(cause(&pending, &[10200, -3100, -6100]), Some(lockstep::KAN_DORA_AT_KITA));
    assert_eq!(cause(&pending, &[6200, -2100, -4100]), None);
    let shown = [kakan, tsumo("N"), discard, tsumo("N"), kita, tsumo("9p"), hora];
    assert_eq!(cause(&shown, &[10200, -3100, -6100]), None);
}
