//! `hupai-score` says how much a winning mahjong hand is worth: riichi (yaku, fu, han, points;
//! four- and three-player), Chinese Official (GB: the 81 fans) and the regional Chinese rule sets
//! with wildcards (Sichuan, Changsha, Hongzhong; their fans are data a server can change).
//!
//! Every scorer is a pure function of the hand, the [`Situation`] it won in and the rules' options.
//! It reads the decompositions `hupai` finds ([`reading`]), reads each with every place the winning
//! tile can sit, and reports the reading that scores most.
//!
//! ```
//! use hupai_score::Scorer;
//!
//! let scorer = Scorer::by_name("riichi")?;
//! let answer = scorer.score_line(r#"{"hand": "123m456p789s1122z", "win": "2z"}"#);
//! assert!(answer.is_object());
//! # Ok::<(), hupai_score::ScoreError>(())
//! ```
//!
//! # The doors
//!
//! [`Scorer::score_line`] is the one path from a JSON situation to a JSON answer: the CLI's
//! `hupai score`, the Python package's `hupai.score` and the C ABI's `hupai_score` all call it, so
//! every door gives the same answer. Rust callers who want typed answers call the rule family's
//! `score` directly: [`riichi::score`], [`gb::score`], [`regional::score`].

mod error;
pub mod gb;
mod odds;
pub mod reading;
pub mod regional;
pub mod riichi;
mod situation;

pub use error::ScoreError;
pub use odds::RIICHI_DEPOSIT;
pub use situation::{KEYS, Situation};

use serde_json::{Map, Value};

/// Rule set names [`Scorer::by_name`] accepts.
pub const RULE_SETS: [&str; 6] = ["riichi", "sanma", "gb", "sichuan", "changsha", "hongzhong"];

/// A rule family with its options: what [`Scorer::score_line`] scores with.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Scorer {
    /// Riichi, four- or three-player.
    Riichi(riichi::Options),
    /// Chinese Official (GB).
    Gb(gb::Options),
    /// A regional Chinese fan table.
    Regional(regional::Table),
}

impl Scorer {
    /// The scorer of a rule set by name ([`RULE_SETS`]).
    pub fn by_name(name: &str) -> Result<Scorer, ScoreError> {
        match name {
            "riichi" => Ok(Scorer::Riichi(riichi::Options::default())),
            "sanma" => Ok(Scorer::Riichi(riichi::Options::sanma())),
            "gb" => Ok(Scorer::Gb(gb::Options::default())),
            other => regional::Table::preset(other).map(Scorer::Regional).ok_or_else(|| {
                ScoreError::Unsupported(format!(
                    "no scorer for rules '{other}'; the scored rule sets are {}",
                    RULE_SETS.join(", ")
                ))
            }),
        }
    }

    /// Scores one situation; `options` (a JSON object) changes this scorer's options for this
    /// situation alone. The answer is the rule family's score as JSON.
    pub fn score(&self, situation: &Situation, options: Option<&Value>) -> Result<Value, ScoreError> {
        let value = match self {
            Scorer::Riichi(base) => {
                let o = match options {
                    Some(v) => base.with_json(v)?,
                    None => base.clone(),
                };
                serde_json::to_value(riichi::score(situation, &o)?)
            }
            Scorer::Gb(base) => {
                let o = match options {
                    Some(v) => base.with_json(v)?,
                    None => base.clone(),
                };
                serde_json::to_value(gb::score(situation, &o)?)
            }
            Scorer::Regional(base) => {
                let t = match options {
                    Some(v) => base.with_json(v)?,
                    None => base.clone(),
                };
                serde_json::to_value(regional::score(situation, &t)?)
            }
        };
        value.map_err(|e| ScoreError::Unsupported(format!("the answer could not be written as JSON: {e}")))
    }

    /// A winning situation's worth as one number, for expectations (`hupai-odds`'s expected score):
    /// riichi and sanma the points the winner receives (`points.total`), GB the fans with flowers
    /// (`fan`), the regional tables their `total`. A hand that wins in shape but has no yaku is worth
    /// 0 (it cannot be declared); any other error is `None`.
    pub fn worth(&self, situation: &Situation) -> Option<f64> {
        let answer = match self.score(situation, None) {
            Ok(answer) => answer,
            Err(ScoreError::NoYaku) => return Some(0.0),
            Err(_) => return None,
        };
        let number = match self {
            Scorer::Riichi(_) => answer.get("points").and_then(|p| p.get("total")),
            Scorer::Gb(_) => answer.get("fan"),
            Scorer::Regional(_) => answer.get("total"),
        };
        number.and_then(Value::as_f64)
    }

    /// The scorer of rules as text (`riichi+5th` scores as riichi, `hongzhong` as Hongzhong): the
    /// scorer of the preset the rules start from, if it has one.
    pub fn for_rules(rules: &hupai::Rules) -> Option<Scorer> {
        let text = rules.to_string();
        Scorer::by_name(text.split(['+', ' ']).next().unwrap_or_default()).ok()
    }

    /// The worth of `hand` won by drawing `win`, as [`Scorer::worth`]: a tsumo without riichi,
    /// east seat and round, no dora. What the draw odds (`hupai::odds::ev`, through this
    /// scorer's `WinValue`) count for a reachable win; with riichi at tenpai,
    /// [`Scorer::riichi_tsumo_worth`].
    pub fn tsumo_worth(&self, hand: &hupai::Hand, win: hupai::Tile) -> Option<f64> {
        let mut situation = Situation::new(hand.clone(), win);
        situation.tsumo = true;
        self.worth(&situation)
    }

    /// Scores a situation given as a JSON object (the keys of [`KEYS`]).
    pub fn score_object(&self, object: &Map<String, Value>) -> Result<Value, ScoreError> {
        let situation = Situation::from_json(object)?;
        self.score(&situation, object.get("options").filter(|v| !v.is_null()))
    }

    /// Scores one line of JSON: the answer object, or `{"error": "…"}` naming what is wrong.
    /// Never panics and never fails: a batch reports the bad line and goes on.
    pub fn score_line(&self, line: &str) -> Value {
        let answer = match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(object)) => self.score_object(&object),
            Ok(other) => Err(ScoreError::Input(format!("expected a JSON object, found {}", kind_of(&other)))),
            Err(e) => Err(ScoreError::Input(format!("not JSON: {e}"))),
        };
        answer.unwrap_or_else(|e| error_value(&e))
    }
}

/// The answer for an error: `{"error": message}`.
pub fn error_value(error: &ScoreError) -> Value {
    let mut object = Map::new();
    object.insert("error".into(), Value::String(error.to_string()));
    Value::Object(object)
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
