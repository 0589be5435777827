//! `review`: a game log reviewed decision by decision against the hupai player
//! (`hupai_player::review`), answered as the one JSON object `hupai review --format json` writes
//! (`decisions`, `summary`, `errors`). It lives in the players' module (the `player` feature):
//! the page's module answers it with an error naming that module.

use serde_json::Value;

use crate::Failure;
use crate::args::Args;

/// Longest log read: a whole tournament file is far smaller; a larger text is refused by name
/// rather than filling the module's memory.
const MOST_LOG: usize = 64 << 20;

/// `seat`: one seat (0 to 3) or a list of them; every seat when absent.
fn read_seats(value: Option<Value>) -> Result<Vec<u8>, Failure> {
    let one = |v: &Value| -> Result<u8, Failure> {
        v.as_u64()
            .filter(|&s| s <= 3)
            .map(|s| s as u8)
            .ok_or_else(|| Failure::argument(format!("seat: {v} is not a seat (0 to 3)")))
    };
    match value {
        None => Ok(Vec::new()),
        Some(Value::Array(seats)) => seats.iter().map(one).collect(),
        Some(v) => Ok(vec![one(&v)?]),
    }
}

/// `rules`: a preset name or an object of flags, as `hupai review --rules`; the log's own when
/// absent.
fn read_rules(value: Option<Value>) -> Result<Option<hupai_game::GameRules>, Failure> {
    let text = match value {
        None => return Ok(None),
        Some(Value::String(name)) => name,
        Some(object @ Value::Object(_)) => object.to_string(),
        Some(other) => {
            return Err(Failure::argument(format!(
                "rules: expected a preset name or an object of flags, found {}",
                if other.is_array() { "an array" } else { "a number or a boolean" }
            )));
        }
    };
    hupai_game::GameRules::from_json(&text).map(Some).map_err(|e| Failure::argument(format!("rules: {e}")))
}

/// Reviews `log` (any format the engine reads) for `seat` under `rules`, with each turn's draw
/// odds unless `odds` is false.
pub(crate) fn review(args: &mut Args) -> Result<Value, Failure> {
    let log = args.string("log")?;
    if log.len() > MOST_LOG {
        return Err(Failure::log(format!("log: {} bytes long; at most {MOST_LOG} are read", log.len())));
    }
    let seats = read_seats(args.value("seat"))?;
    let rules = read_rules(args.value("rules"))?;
    let odds = match args.value("odds") {
        None => true,
        Some(Value::Bool(b)) => b,
        Some(other) => return Err(Failure::argument(format!("odds: expected a boolean, found {other}"))),
    };
    review_text(&log, &seats, rules, odds)
}

#[cfg(feature = "player")]
fn review_text(log: &str, seats: &[u8], rules: Option<hupai_game::GameRules>, odds: bool) -> Result<Value, Failure> {
    use hupai_player::review::{self, ReviewOptions};
    let mut options = ReviewOptions::new().odds(odds);
    for &s in seats {
        options = options.seat(s);
    }
    let answer = review::review(log, rules, options).map_err(Failure::log)?;
    serde_json::to_value(&answer).map_err(|e| Failure::log(format!("review: {e}")))
}

#[cfg(not(feature = "player"))]
fn review_text(_: &str, _: &[u8], _: Option<hupai_game::GameRules>, _: bool) -> Result<Value, Failure> {
    Err(Failure::game(
        "review: the hupai player is in the module hupai_player_bg.wasm, not in hupai_bg.wasm".to_owned(),
    ))
}

#[cfg(all(test, feature = "player"))]
mod tests {
    use super::*;

    #[test]
    fn bad_arguments_are_named() {
        let mut args = Args::parse(r#"{"log": "x", "seat": 4}"#).unwrap();
        assert!(review(&mut args).unwrap_err().message.contains("seat: 4"));
        let mut args = Args::parse(r#"{"log": "not a log"}"#).unwrap();
        assert!(review(&mut args).unwrap_err().message.contains("not a game log"));
    }
}
