//! The seat protocol, as mjai.app's submissions speak it: the table sends a bot one line, a JSON
//! array of the events since its last answer as its seat saw them (the other seats' deals,
//! draws and passed tiles hidden as `"?"`; its seat as `start_game`'s `id`), and the bot answers
//! with one line, one mjai action (`{"type":"none"}` to pass).
//!
//! ```text
//! > [{"type":"start_game","id":0},{"type":"start_kyoku",...,"tehais":[["1m",...],["?",...],...]},{"type":"tsumo","actor":0,"pai":"5p"}]
//! < {"type":"dahai","actor":0,"pai":"9s","tsumogiri":false}
//! ```

use hupai_game::{Action, Event, Game, Pai, Seat, mjai};
use serde_json::Value;

/// The line a seat is sent: the events of `game` from `from` on, as `seat` saw them.
pub fn seat_line(game: &Game, seat: Seat, from: usize) -> String {
    let players = game.players();
    let events: Vec<Value> = game.events_seen_by(seat).skip(from).map(|e| event_value(&e, seat, players)).collect();
    Value::Array(events).to_string()
}

/// One event as `seat` is sent it: `start_game` carries the seat as `id`.
pub fn event_value(event: &Event, seat: Seat, players: u8) -> Value {
    let mut value = mjai::event_json(event, players);
    if let (Event::StartGame { .. }, Value::Object(object)) = (event, &mut value) {
        object.insert("id".into(), Value::from(seat));
    }
    value
}

/// One event read from the protocol, with `start_game`'s `id` when it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Received {
    /// The event.
    pub event: Event,
    /// `start_game`'s `id`: the seat the bot plays.
    pub id: Option<Seat>,
    /// For `dahai`: the event says whether it was tsumogiri.
    pub recorded: bool,
}

/// Reads one line of events (a JSON array of mjai events, or one event alone).
pub fn read_events(line: &str) -> Result<Vec<Received>, String> {
    let value: Value = serde_json::from_str(line.trim()).map_err(|e| format!("not JSON: {e}"))?;
    let items = match value {
        Value::Array(items) => items,
        object @ Value::Object(_) => vec![object],
        other => return Err(format!("expected a JSON array of events, not {other}")),
    };
    items
        .iter()
        .enumerate()
        .map(|(k, item)| {
            let id = match item.get("id") {
                None | Some(Value::Null) => None,
                Some(v) => Some(
                    v.as_u64()
                        .filter(|&s| s < 4)
                        .ok_or_else(|| format!("event {k}: \"id\" must be a seat 0-3, not {v}"))?
                        as Seat,
                ),
            };
            let games = mjai::read(&item.to_string());
            match games.into_iter().next() {
                Some(Ok(log)) => match log.events.first() {
                    Some(le) => Ok(Received { event: le.event, id, recorded: le.recorded }),
                    None => Err(format!("event {k}: empty")),
                },
                Some(Err(e)) => Err(format!("event {k}: {}", e.message)),
                None => Err(format!("event {k}: empty")),
            }
        })
        .collect()
}

/// Reads a bot's answer: one mjai action (what [`mjai::action_json`] writes, and Sichuan's
/// `huansanzhang` with one `pai` and `dingque` with a `suit` letter). An `actor` other than
/// `seat` is refused.
pub fn read_action(line: &str, seat: Seat) -> Result<Action, String> {
    let value: Value = serde_json::from_str(line.trim()).map_err(|e| format!("not JSON: {e}"))?;
    let kind = value.get("type").and_then(Value::as_str).unwrap_or("");
    let (actor, action) = match kind {
        "huansanzhang" => {
            let pai: Pai = value
                .get("pai")
                .and_then(Value::as_str)
                .ok_or("huansanzhang needs \"pai\"")?
                .parse()
                .map_err(|e: hupai_game::pai::PaiError| format!("\"pai\": {e}"))?;
            (actor_of(&value)?, Action::Exchange { pai })
        }
        "dingque" => {
            let suit = match value.get("suit").and_then(Value::as_str) {
                Some("m") => hupai::Suit::Man,
                Some("p") => hupai::Suit::Pin,
                Some("s") => hupai::Suit::Sou,
                other => return Err(format!("dingque's \"suit\" must be m, p or s, not {other:?}")),
            };
            (actor_of(&value)?, Action::Dingque { suit })
        }
        _ => mjai::action_from_json(&value)?,
    };
    match actor {
        Some(a) if a != seat && action != Action::None => Err(format!("the answer is for seat {a}, not {seat}")),
        _ => Ok(action),
    }
}

fn actor_of(value: &Value) -> Result<Option<Seat>, String> {
    match value.get("actor") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => Ok(Some(
            v.as_u64().filter(|&s| s < 4).ok_or_else(|| format!("\"actor\" must be a seat 0-3, not {v}"))? as Seat,
        )),
    }
}

/// The answer line for `action` of `seat` (`target`: whose discard it answers).
pub fn action_line(seat: Seat, target: Seat, action: &Action) -> String {
    mjai::action_json(seat, target, action).to_string()
}

/// The legal action `wanted` names, if any: the consumed tiles of a call in any order, and a
/// discard's tsumogiri flag corrected when only the other is legal (bots differ on it).
pub fn match_legal(legal: &[Action], wanted: &Action) -> Option<Action> {
    fn sorted<const N: usize>(mut x: [Pai; N]) -> [Pai; N] {
        x.sort();
        x
    }
    if legal.contains(wanted) {
        return Some(*wanted);
    }
    legal.iter().copied().find(|a| match (*a, *wanted) {
        (Action::Chi { pai: p, consumed: c }, Action::Chi { pai: q, consumed: d })
        | (Action::Pon { pai: p, consumed: c }, Action::Pon { pai: q, consumed: d }) => {
            p == q && sorted(c) == sorted(d)
        }
        (Action::Daiminkan { pai: p, consumed: c }, Action::Daiminkan { pai: q, consumed: d }) => {
            p == q && sorted(c) == sorted(d)
        }
        (Action::Ankan { consumed: c }, Action::Ankan { consumed: d }) => sorted(c) == sorted(d),
        (Action::Dahai { pai: p, .. }, Action::Dahai { pai: q, .. }) => p == q,
        _ => false,
    })
}

/// The action a seat that failed to answer (crashed, too slow, illegal) plays: a pass where it
/// may pass, else the tile just drawn (or the first legal discard), else the first legal action.
pub fn default_action(legal: &[Action]) -> Action {
    if legal.contains(&Action::None) {
        return Action::None;
    }
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Dahai { tsumogiri: true, .. }))
        .or_else(|| legal.iter().copied().find(|a| matches!(a, Action::Dahai { .. })))
        .or_else(|| legal.first().copied())
        .unwrap_or(Action::None)
}
