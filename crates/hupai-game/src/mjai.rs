//! mjai JSON: events and actions written as mjai writes them (the event set Mortal and mjai.app
//! use, `kita` for three players).

use serde_json::{Value, json};

use crate::action::Action;
use crate::event::{Event, Seat};
use crate::pai::Pai;

fn tiles(pais: &[Pai]) -> Value {
    Value::Array(pais.iter().map(|p| Value::String(p.mjai().into())).collect())
}

/// An event as an mjai JSON object; score arrays have `players` entries.
pub fn event_json(event: &Event, players: u8) -> Value {
    let n = usize::from(players);
    match *event {
        Event::StartGame { .. } => json!({"type": "start_game"}),
        Event::StartKyoku { bakaze, dora_marker, kyoku, honba, kyotaku, oya, scores, tehais } => json!({
            "type": "start_kyoku", "bakaze": bakaze, "dora_marker": dora_marker, "kyoku": kyoku, "honba": honba,
            "kyotaku": kyotaku, "oya": oya, "scores": &scores[..n],
            "tehais": tehais[..n].iter().map(|h| tiles(h)).collect::<Vec<_>>(),
        }),
        Event::Tsumo { actor, pai } => json!({"type": "tsumo", "actor": actor, "pai": pai}),
        Event::Dahai { actor, pai, tsumogiri } => {
            json!({"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri})
        }
        Event::Chi { actor, target, pai, consumed } => {
            json!({"type": "chi", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Pon { actor, target, pai, consumed } => {
            json!({"type": "pon", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Daiminkan { actor, target, pai, consumed } => {
            json!({"type": "daiminkan", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Kakan { actor, pai, consumed } => {
            json!({"type": "kakan", "actor": actor, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Ankan { actor, consumed } => json!({"type": "ankan", "actor": actor, "consumed": tiles(&consumed)}),
        Event::Kita { actor, pai } => json!({"type": "kita", "actor": actor, "pai": pai}),
        Event::Hua { actor, pai } => json!({"type": "hua", "actor": actor, "pai": pai}),
        Event::Cuohu { actor, deltas } => json!({"type": "cuohu", "actor": actor, "deltas": &deltas[..n]}),
        Event::Niao { actor, pais, len } => {
            json!({"type": "niao", "actor": actor, "pais": tiles(&pais[..usize::from(len)])})
        }
        Event::Huansanzhang { actor, target, pais } => {
            json!({"type": "huansanzhang", "actor": actor, "target": target, "pais": tiles(&pais)})
        }
        Event::Dingque { actor, suit } => {
            json!({"type": "dingque", "actor": actor, "suit": suit.letter().to_string()})
        }
        Event::Gangfen { actor, deltas } => json!({"type": "gangfen", "actor": actor, "deltas": &deltas[..n]}),
        Event::Dora { dora_marker } => json!({"type": "dora", "dora_marker": dora_marker}),
        Event::Reach { actor } => json!({"type": "reach", "actor": actor}),
        Event::ReachAccepted { actor } => json!({"type": "reach_accepted", "actor": actor}),
        Event::Hora { actor, target, pai, deltas, ura_markers, ura_len, .. } => json!({
            "type": "hora", "actor": actor, "target": target, "pai": pai, "deltas": &deltas[..n],
            "ura_markers": tiles(&ura_markers[..usize::from(ura_len)]),
        }),
        Event::Ryukyoku { reason, deltas, .. } => {
            json!({"type": "ryukyoku", "reason": reason.mjai(), "deltas": &deltas[..n]})
        }
        Event::EndKyoku => json!({"type": "end_kyoku"}),
        Event::EndGame { scores } => json!({"type": "end_game", "scores": &scores[..n]}),
    }
}

/// An action of `actor` as mjai writes a bot's reply; `target` is the seat whose discard or kan
/// it answers (for chi, pon, daiminkan and ron), or the actor itself.
pub fn action_json(actor: Seat, target: Seat, action: &Action) -> Value {
    match *action {
        Action::Dahai { pai, tsumogiri } => {
            json!({"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri})
        }
        Action::Reach => json!({"type": "reach", "actor": actor}),
        Action::Chi { pai, consumed } => {
            json!({"type": "chi", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Action::Pon { pai, consumed } => {
            json!({"type": "pon", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Action::Daiminkan { pai, consumed } => {
            json!({"type": "daiminkan", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Action::Kakan { pai } => json!({"type": "kakan", "actor": actor, "pai": pai}),
        Action::Ankan { consumed } => json!({"type": "ankan", "actor": actor, "consumed": tiles(&consumed)}),
        Action::Kita => json!({"type": "kita", "actor": actor, "pai": Pai::NORTH}),
        Action::Hora => json!({"type": "hora", "actor": actor, "target": target}),
        Action::Ryukyoku => json!({"type": "ryukyoku", "actor": actor}),
        Action::None => json!({"type": "none"}),
        Action::Exchange { pai } => json!({"type": "huansanzhang", "actor": actor, "pai": pai}),
        Action::Dingque { suit } => json!({"type": "dingque", "actor": actor, "suit": suit.letter().to_string()}),
    }
}

/// An action in a few words for messages: `dahai 5mr`, `pon 5m with 5m 5mr`.
pub(crate) fn action_text(_actor: Seat, action: &Action) -> String {
    match action {
        Action::Dahai { pai, tsumogiri: true } => format!("dahai {pai} (tsumogiri)"),
        Action::Dahai { pai, .. } => format!("dahai {pai}"),
        Action::Chi { pai, consumed } | Action::Pon { pai, consumed } => {
            format!("{} {pai} with {} {}", action.kind(), consumed[0], consumed[1])
        }
        Action::Daiminkan { pai, consumed } => {
            format!("daiminkan {pai} with {} {} {}", consumed[0], consumed[1], consumed[2])
        }
        Action::Kakan { pai } => format!("kakan {pai}"),
        Action::Ankan { consumed } => format!("ankan {}", consumed[0]),
        Action::Exchange { pai } => format!("huansanzhang {pai}"),
        Action::Dingque { suit } => format!("dingque {}", suit.letter()),
        other => other.kind().to_string(),
    }
}
