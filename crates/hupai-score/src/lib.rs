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
//! [`Scorer::score_line`] takes a JSON situation to a JSON answer: the CLI's `hupai score` and the C
//! ABI's `hupai_score` call it. The Python package's `hupai.score` reads each keyword with
//! [`Situation::set`], the reader of a JSON line's keys, and writes the typed [`Score`] that
//! [`Scorer::answer`] gives straight into Python objects; the same reader and the same `Serialize`
//! make every door give the same answer and the same errors. Rust callers who want typed answers
//! call [`Scorer::answer`], or the rule family's `score` directly: [`riichi::score`], [`gb::score`],
//! [`regional::score`].

mod error;
pub mod gb;
mod odds;
pub mod reading;
pub mod regional;
pub mod riichi;
mod situation;

pub use error::ScoreError;
pub use odds::RIICHI_DEPOSIT;
pub use situation::{FLAG_KEYS, KEYS, Situation, TILE_KEYS, key_position};

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

    /// The shared scorer of a rule set by name: [`Scorer::by_name`] built once per process, for
    /// doors that score one situation a call (the Python package, the C ABI) and must not parse a
    /// preset's table every time.
    pub fn shared(name: &str) -> Result<&'static Scorer, ScoreError> {
        static SHARED: std::sync::OnceLock<Vec<(&'static str, Scorer)>> = std::sync::OnceLock::new();
        let scorers =
            SHARED.get_or_init(|| RULE_SETS.iter().filter_map(|&n| Scorer::by_name(n).ok().map(|s| (n, s))).collect());
        match scorers.iter().find(|(n, _)| *n == name) {
            Some((_, scorer)) => Ok(scorer),
            // Not a rule set name: by_name says why in the words every door uses.
            None => Err(Scorer::by_name(name)
                .err()
                .unwrap_or_else(|| ScoreError::Unsupported(format!("no shared scorer for rules '{name}'")))),
        }
    }

    /// This scorer with a JSON `options` object applied, as [`Scorer::answer`] applies it to one
    /// situation: for a door that scores many situations with the same options and reads them
    /// once.
    pub fn with_options(&self, options: &Value) -> Result<Scorer, ScoreError> {
        Ok(match self {
            Scorer::Riichi(base) => Scorer::Riichi(base.with_json(options)?),
            Scorer::Gb(base) => Scorer::Gb(base.with_json(options)?),
            Scorer::Regional(base) => Scorer::Regional(base.with_json(options)?),
        })
    }

    /// Scores one situation; `options` (a JSON object) changes this scorer's options for this
    /// situation alone. The answer is the rule family's typed score.
    pub fn answer(&self, situation: &Situation, options: Option<&Value>) -> Result<Score, ScoreError> {
        // Borrow the scorer's own options unless the situation changes them: a regional table is
        // a list of fans, not worth copying per situation.
        Ok(match self {
            Scorer::Riichi(base) => {
                let changed;
                let o = match options {
                    Some(v) => {
                        changed = base.with_json(v)?;
                        &changed
                    }
                    None => base,
                };
                Score::Riichi(riichi::score(situation, o)?)
            }
            Scorer::Gb(base) => {
                let changed;
                let o = match options {
                    Some(v) => {
                        changed = base.with_json(v)?;
                        &changed
                    }
                    None => base,
                };
                Score::Gb(gb::score(situation, o)?)
            }
            Scorer::Regional(base) => {
                let changed;
                let t = match options {
                    Some(v) => {
                        changed = base.with_json(v)?;
                        &changed
                    }
                    None => base,
                };
                Score::Regional(regional::score(situation, t)?)
            }
        })
    }

    /// Scores one situation as [`Scorer::answer`], the answer as JSON.
    pub fn score(&self, situation: &Situation, options: Option<&Value>) -> Result<Value, ScoreError> {
        self.answer(situation, options)?.to_json()
    }

    /// A winning situation's worth as one number, for expectations (`hupai-odds`'s expected score):
    /// riichi and sanma the points the winner receives (`points.total`), GB the fans with flowers
    /// (`fan`), the regional tables their `total`. A hand that wins in shape but has no yaku is worth
    /// 0 (it cannot be declared); any other error is `None`.
    pub fn worth(&self, situation: &Situation) -> Option<f64> {
        match self.answer(situation, None) {
            Ok(answer) => Some(answer.worth()),
            Err(ScoreError::NoYaku) => Some(0.0),
            Err(_) => None,
        }
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

    /// Scores a situation given as a JSON object (the keys of [`KEYS`]), the typed answer.
    pub fn answer_object(&self, object: &Map<String, Value>) -> Result<Score, ScoreError> {
        let situation = Situation::from_json(object)?;
        self.answer(&situation, object.get("options").filter(|v| !v.is_null()))
    }

    /// Scores a situation given as a JSON object (the keys of [`KEYS`]), the answer as JSON.
    pub fn score_object(&self, object: &Map<String, Value>) -> Result<Value, ScoreError> {
        self.answer_object(object)?.to_json()
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

/// A score as its rule family gives it; serialized, the `hupai score` answer line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Score {
    /// A riichi or sanma score.
    Riichi(riichi::Score),
    /// A GB score.
    Gb(gb::Score),
    /// A regional table's score.
    Regional(regional::Score),
}

impl Score {
    /// The answer as JSON: the `hupai score` answer line.
    pub fn to_json(&self) -> Result<Value, ScoreError> {
        serde_json::to_value(self)
            .map_err(|e| ScoreError::Unsupported(format!("the answer could not be written as JSON: {e}")))
    }

    /// The score as one number ([`Scorer::worth`]).
    pub fn worth(&self) -> f64 {
        match self {
            Score::Riichi(s) => f64::from(s.points.total),
            Score::Gb(s) => f64::from(s.fan),
            // Regional totals stay far below 2^53, where f64 is exact.
            Score::Regional(s) => s.total as f64,
        }
    }
}

impl serde::Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Score::Riichi(s) => s.serialize(serializer),
            Score::Gb(s) => s.serialize(serializer),
            Score::Regional(s) => s.serialize(serializer),
        }
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
