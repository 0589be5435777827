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
        other => other.kind().to_string(),
    }
}

/// Reads a bot's reply as mjai writes it (what [`action_json`] writes): the action and its
/// `actor`, if the object names one. Errors name the key that is missing or wrong.
///
/// ```
/// use hupai_game::{Action, Pai, mjai};
///
/// let reply = serde_json::json!({"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": false});
/// assert_eq!(mjai::action_from_json(&reply)?, (Some(0), Action::Dahai { pai: Pai::RED_5M, tsumogiri: false }));
/// # Ok::<(), String>(())
/// ```
pub fn action_from_json(value: &Value) -> Result<(Option<Seat>, Action), String> {
    let Value::Object(object) = value else { return Err(format!("an action is a JSON object, not {value}")) };
    let kind = object.get("type").and_then(Value::as_str).ok_or("the action has no \"type\" string")?;
    let actor = match object.get("actor") {
        None | Some(Value::Null) => None,
        Some(v) => {
            Some(v.as_u64().filter(|&s| s < 4).ok_or_else(|| format!("\"actor\" must be a seat 0-3, not {v}"))? as Seat)
        }
    };
    let pai = |key: &str| -> Result<Pai, String> {
        let v = object.get(key).ok_or_else(|| format!("{kind} needs \"{key}\""))?;
        let name = v.as_str().ok_or_else(|| format!("\"{key}\" must be a tile name, not {v}"))?;
        let pai: Pai = name.parse().map_err(|e: crate::pai::PaiError| format!("\"{key}\": {e}"))?;
        if pai.is_unknown() {
            return Err(format!("\"{key}\" must be a tile, not ?"));
        }
        Ok(pai)
    };
    let consumed = |n: usize| -> Result<[Pai; 4], String> {
        let v = object.get("consumed").ok_or_else(|| format!("{kind} needs \"consumed\""))?;
        let list =
            v.as_array().filter(|l| l.len() == n).ok_or_else(|| format!("\"consumed\" must be {n} tiles, not {v}"))?;
        let mut out = [Pai::UNKNOWN; 4];
        for (slot, item) in out.iter_mut().zip(list) {
            let name = item.as_str().ok_or_else(|| format!("\"consumed\" holds {item}, not a tile name"))?;
            *slot = name.parse().map_err(|e: crate::pai::PaiError| format!("\"consumed\": {e}"))?;
            if slot.is_unknown() {
                return Err("\"consumed\" must hold tiles, not ?".into());
            }
        }
        Ok(out)
    };
    let action = match kind {
        "dahai" => {
            let tsumogiri = match object.get("tsumogiri") {
                None => false,
                Some(v) => v.as_bool().ok_or_else(|| format!("\"tsumogiri\" must be true or false, not {v}"))?,
            };
            Action::Dahai { pai: pai("pai")?, tsumogiri }
        }
        "reach" => Action::Reach,
        "chi" => {
            let c = consumed(2)?;
            Action::Chi { pai: pai("pai")?, consumed: [c[0], c[1]] }
        }
        "pon" => {
            let c = consumed(2)?;
            Action::Pon { pai: pai("pai")?, consumed: [c[0], c[1]] }
        }
        "daiminkan" => {
            let c = consumed(3)?;
            Action::Daiminkan { pai: pai("pai")?, consumed: [c[0], c[1], c[2]] }
        }
        "kakan" => Action::Kakan { pai: pai("pai")? },
        "ankan" => Action::Ankan { consumed: consumed(4)? },
        "kita" => Action::Kita,
        "hora" => Action::Hora,
        "ryukyoku" => Action::Ryukyoku,
        "none" => Action::None,
        other => {
            return Err(format!(
                "\"{other}\" is not an action (dahai, reach, chi, pon, daiminkan, kakan, ankan, kita, hora, ryukyoku, none)"
            ));
        }
    };
    Ok((actor, action))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameRules};

    /// Every legal action of random games reads back from its JSON as itself.
    #[test]
    fn actions_read_back() {
        let mut read = 0;
        for rules in [GameRules::TENHOU, GameRules::preset("tenhou-3p").unwrap()] {
            let mut game = Game::new(rules, 11);
            let mut rng = crate::wall::SplitMix64(3);
            while let Some(seat) = game.next_seat() {
                let legal = game.legal_actions(seat);
                for a in &legal {
                    let json = action_json(seat, seat, a);
                    // mjai's pass names no actor.
                    let actor = if *a == Action::None { None } else { Some(seat) };
                    assert_eq!(action_from_json(&json), Ok((actor, *a)), "{json}");
                    read += 1;
                }
                let pick = legal[rng.below(legal.len() as u64) as usize];
                game.apply(seat, pick).unwrap();
            }
        }
        assert!(read > 1000);
        for bad in [
            json!(1),
            json!({}),
            json!({"type": "dahai"}),
            json!({"type": "dahai", "pai": "5x"}),
            json!({"type": "pon", "pai": "5m", "consumed": ["5m"]}),
            json!({"type": "fly"}),
            json!({"type": "none", "actor": 9}),
        ] {
            assert!(action_from_json(&bad).is_err(), "{bad}");
        }
    }
}
