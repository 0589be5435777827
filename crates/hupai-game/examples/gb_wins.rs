//! Prints every win of seeded GB matches as one JSON line: the hand before the win, its melds,
//! the winning tile and the flags a judge reads off the table (worked out here from the public
//! view, not from the engine's own situation), with the fans the engine paid. The fans are
//! compared with PyMahjongGB's by `examples/gb_wins_pymahjonggb.py`:
//!
//! ```text
//! cargo run --release -p hupai-game --example gb_wins -- 200 | python3 crates/hupai-game/examples/gb_wins_pymahjonggb.py
//! ```

use hupai_game::wall::SplitMix64;
use hupai_game::{Action, Event, Game, GameRules, MeldKind};
use serde_json::json;

fn main() {
    let matches: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    for seed in 0..matches {
        let mut game = Game::new(GameRules::GB, seed);
        let mut rng = SplitMix64(seed);
        // A claimed win is settled once every seat asked has answered: the situation is taken
        // when the seat claims, the fans when its `hora` appears.
        let mut claimed: [Option<serde_json::Value>; 4] = Default::default();
        let mut seen = game.events().len();
        while let Some(seat) = game.next_seat() {
            let legal = game.legal_actions(seat);
            let action = if legal.contains(&Action::Hora) {
                Action::Hora
            } else {
                let calls: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::Dahai { .. } | Action::None | Action::Hora))
                    .collect();
                if !calls.is_empty() && rng.below(2) == 0 {
                    calls[rng.below(calls.len() as u64) as usize]
                } else {
                    advised(&game, seat, &legal).unwrap_or(legal[rng.below(legal.len() as u64) as usize])
                }
            };
            if action == Action::Hora {
                claimed[usize::from(seat)] = Some(situation(&game, seat));
            }
            game.apply(seat, action).unwrap();
            for e in &game.events()[seen..] {
                match e {
                    Event::Hora { actor, score, .. } => {
                        if let Some(mut line) = claimed[usize::from(*actor)].take() {
                            line["fans"] = json!(score.yaku());
                            println!("{line}");
                        }
                    }
                    Event::StartKyoku { .. } => claimed = Default::default(),
                    _ => {}
                }
            }
            seen = game.events().len();
        }
    }
}

fn advised(game: &Game, seat: u8, legal: &[Action]) -> Option<Action> {
    let melds: Vec<hupai::Meld> = game.melds(seat).iter().map(|m| m.meld()).collect();
    let hand = hupai::Hand::new(game.hand(seat).tile_counts(), 0, &melds).ok()?;
    let advice = hupai::discard_advice(&hand, &game.rules().hand_rules(), &hupai::TileCounts::EMPTY).ok()?;
    let kind = advice.iter().find_map(|o| match o.discard {
        hupai::Discard::Tile(k) => Some(k),
        _ => None,
    })?;
    legal.iter().copied().find(|a| matches!(a, Action::Dahai { pai, .. } if pai.kind() == Some(kind)))
}

/// The win as a judge sees the table: PyMahjongGB's arguments.
fn situation(game: &Game, seat: u8) -> serde_json::Value {
    let view = game.view(seat);
    let events = game.events();
    let tsumo = view.drawn.is_some();
    let (win, robbed) = if let Some(d) = view.drawn {
        (d, false)
    } else {
        match events.iter().rev().find(|e| matches!(e, Event::Dahai { .. } | Event::Kakan { .. })) {
            Some(Event::Dahai { pai, .. }) => (*pai, false),
            Some(Event::Kakan { pai, .. }) => (*pai, true),
            _ => unreachable!("a win on nothing"),
        }
    };
    let kind = win.kind().unwrap();
    let mut hand = game.hand(seat);
    if tsumo {
        hand.remove(win);
    }
    // After a kong, the replacement (past any flowers) is the last draw.
    let after_kong = tsumo
        && events
            .iter()
            .rev()
            .skip(1)
            .find(|e| !matches!(e, Event::Hua { .. } | Event::Tsumo { .. }))
            .is_some_and(|e| matches!(e, Event::Ankan { .. } | Event::Kakan { .. } | Event::Daiminkan { .. }));
    let mut shown = 0;
    for s in 0..4 {
        shown += game.river(s).iter().filter(|r| !r.called && r.pai.kind() == Some(kind)).count();
        for m in game.melds(s).iter().filter(|m| m.kind != MeldKind::Ankan) {
            shown += m.tiles().iter().filter(|t| t.kind() == Some(kind)).count();
        }
    }
    if !tsumo {
        shown -= 1;
    }
    let packs: Vec<serde_json::Value> = game
        .melds(seat)
        .iter()
        .map(|m| {
            let kinds: Vec<usize> = m.tiles().iter().map(|t| t.kind_index()).collect();
            match m.kind {
                MeldKind::Chi => json!(["CHI", kinds.iter().min().unwrap() + 1, 1]),
                MeldKind::Pon => json!(["PENG", kinds[0], 1]),
                MeldKind::Ankan => json!(["GANG", kinds[0], 0]),
                _ => json!(["GANG", kinds[0], 1]),
            }
        })
        .collect();
    let concealed: Vec<usize> = hand.tiles().map(|p| p.kind_index()).collect();
    json!({
        "pack": packs,
        "hand": concealed,
        "win": kind.index(),
        "flowers": view.flowers[usize::from(seat)],
        "tsumo": tsumo,
        "last_copy": shown >= 3 && !robbed,
        "about_kong": after_kong || robbed,
        "wall_last": game.tiles_left() == 0,
        "seat": game.seat_wind(seat).kind_index() - 27,
        "round": view.bakaze.kind_index() - 27,
    })
}
