//! The fan table: what a server loads and changes. Its JSON shape is the serde shape of these
//! types (docs/scoring-regional.md shows it in full); [`Table::from_json_text`] reads and checks it.

use std::collections::BTreeSet;

use hupai::{Rules, SevenPairs, Suit, Tile, TileSet, VoidSuit};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::condition::Condition;
use crate::ScoreError;

/// A regional rule set's fan table: the shape rules a hand wins under, the fans (each a predicate
/// over a reading with a value), how fans add up to points, and the birds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Table {
    /// The table's name, echoed in every answer.
    pub name: String,
    /// The hupai rules the winning shapes are read under, by name (`sichuan`, `changsha`,
    /// `hongzhong`, optionally `+void-m|p|s`).
    pub rules: String,
    /// Overrides the rules' 2-5-8 pair: `false` reads every pair, so that fans decide which
    /// pairs win (Changsha's big wins need no 2-5-8 pair; its small win names the condition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair_258: Option<bool>,
    /// Overrides whether seven pairs (a four of a kind as two pairs) is a winning shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seven_pairs: Option<bool>,
    /// The suit the player declared void (定缺), `m`, `p` or `s`; without it, any one
    /// numbered suit must be missing when the rules have a void suit.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "suit_letter")]
    pub void: Option<Suit>,
    /// The kind whose concealed copies are wildcards (`7z` for 红中麻将); `*` in the hand is
    /// always a wildcard.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "tile_text")]
    pub wildcard: Option<Tile>,
    /// Most fan a hand scores; `null` for no cap.
    pub cap: Option<u32>,
    /// The value of a fan worth `"cap"` when the table has no cap.
    #[serde(default = "default_uncapped_limit")]
    pub uncapped_limit: u32,
    /// How the fan total becomes points.
    pub points: Points,
    /// A reading with no shape: the hand as it is, when its tiles meet conditions (将将胡's
    /// 2-5-8 tiles, 四红中's four red dragons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loose: Option<Loose>,
    /// Bird tiles (抓码) that score, and what each is worth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birds: Option<Birds>,
    /// The fans, in the order answers list them.
    pub fans: Vec<Fan>,
}

fn default_uncapped_limit() -> u32 {
    6
}

/// How the fan total becomes points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Points {
    /// The formula.
    pub kind: PointsKind,
    /// The base the formula multiplies or adds (one base is also what a fan adding to the base is
    /// worth, per value).
    pub base: u64,
    /// Points of a hand whose fan total is 0 under [`PointsKind::Linear`] (Changsha's small win).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zero: Option<u64>,
}

/// The formula from fan to points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PointsKind {
    /// `base × 2^fan` (Sichuan's doublings).
    Doubling,
    /// `base × fan`, or `zero` when the fan is 0 (Changsha: 1 for a small win, 6 per big win).
    Linear,
    /// `base + fan` (红中麻将).
    Additive,
}

/// A reading with no shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Loose {
    /// What the hand's tiles (wildcards as they stand) must meet.
    pub when: Vec<Condition>,
    /// The kinds a wildcard may stand for in a loose reading, in notation (`258m258p258s`).
    #[serde(with = "tile_set_text")]
    pub kinds: TileSet,
}

/// Birds (抓码): tiles turned over after the win.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Birds {
    /// The kinds a bird hits on, in notation (`159m159p159s7z`).
    #[serde(with = "tile_set_text")]
    pub hits: TileSet,
    /// Points per hit, added to the hand's points and reported separately.
    pub points: u64,
}

/// One fan: a name, a value, the conditions a reading must meet, and what it replaces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Fan {
    /// The name the answer gives it (unique in the table).
    pub name: String,
    /// What it is worth: a number, or `"cap"` (the hand scores the cap).
    pub value: FanValue,
    /// Every condition must hold (an empty list always holds).
    #[serde(default)]
    pub when: Vec<Condition>,
    /// Fans of one group exclude each other: only the most valuable that holds counts (the first
    /// in table order on a tie), like Sichuan's hand patterns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// Fans this one replaces when it counts: all of it, or some of a counted fan's count.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replaces: Vec<Replaced>,
    /// Counts once per such thing in the reading (根: per kind held four times).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per: Option<Per>,
    /// Whether its value adds fan (the default) or bases to the points (Sichuan's `zimo: base`).
    #[serde(default, skip_serializing_if = "Adds::is_fan")]
    pub adds: Adds,
    /// The situation option that switches it (`menqing`, `zhongzhang`; `zimo` chooses [`Adds`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// Whether it counts at all; an option turns it on or off per situation.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub enabled: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

/// A fan's value: a number, or the cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum FanValue {
    /// So many fan (or bases, for a fan that adds to the base).
    Fan(u32),
    /// The hand scores the cap (天胡, 四红中).
    Cap(CapWord),
}

/// The word `"cap"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum CapWord {
    /// The cap.
    Cap,
}

/// What a fan replaces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Replaced {
    /// The fan by that name, entirely.
    All(String),
    /// So much of a counted fan's count (龙七对 replaces one 根).
    Count {
        /// The counted fan.
        name: String,
        /// How many counts.
        count: u32,
    },
}

impl Replaced {
    /// The replaced fan's name.
    pub fn name(&self) -> &str {
        match self {
            Replaced::All(n) | Replaced::Count { name: n, .. } => n,
        }
    }
}

/// What a counted fan counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Per {
    /// Kinds the hand holds all four of (concealed, declared, wildcards as they stand).
    Quad,
}

/// Where a fan's value goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Adds {
    /// To the fan total.
    #[default]
    Fan,
    /// To the points, one base per value, after the fan becomes points.
    Base,
}

impl Adds {
    fn is_fan(&self) -> bool {
        *self == Adds::Fan
    }
}

const SICHUAN: &str = include_str!("presets/sichuan.json");
const CHANGSHA: &str = include_str!("presets/changsha.json");
const HONGZHONG: &str = include_str!("presets/hongzhong.json");

/// The built-in presets' names.
pub const PRESETS: [&str; 3] = ["sichuan", "changsha", "hongzhong"];

impl Table {
    /// A built-in preset: `sichuan`, `changsha` or `hongzhong` (JSON files shipped with the
    /// crate, read by the same [`Table::from_json_text`] a server's table goes through).
    pub fn preset(name: &str) -> Option<Table> {
        let text = match name {
            "sichuan" => SICHUAN,
            "changsha" => CHANGSHA,
            "hongzhong" => HONGZHONG,
            _ => return None,
        };
        // The presets are checked by the crate's tests; a failure here is a build defect.
        Table::from_json_text(text).ok()
    }

    /// The preset's JSON text, a starting point for a server's own table.
    pub fn preset_text(name: &str) -> Option<&'static str> {
        match name {
            "sichuan" => Some(SICHUAN),
            "changsha" => Some(CHANGSHA),
            "hongzhong" => Some(HONGZHONG),
            _ => None,
        }
    }

    /// A table from its JSON text (the shape docs/scoring-regional.md describes), checked: every
    /// name a fan replaces exists, names are unique, the rules are ones the scorer reads.
    pub fn from_json_text(text: &str) -> Result<Table, ScoreError> {
        let table: Table = serde_json::from_str(text).map_err(|e| ScoreError::Input(format!("fan table: {e}")))?;
        table.check()?;
        Ok(table)
    }

    /// The table as JSON text (what [`Table::from_json_text`] reads back).
    pub fn to_json_text(&self) -> String {
        // Every field is plain data: serialization cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    fn check(&self) -> Result<(), ScoreError> {
        let bad = |key: String, reason: String| Err(ScoreError::key(key, reason));
        self.shape_rules()?;
        let mut names = BTreeSet::new();
        for (i, fan) in self.fans.iter().enumerate() {
            if !names.insert(fan.name.as_str()) {
                return bad(format!("fans[{i}].name"), format!("'{}' names two fans", fan.name));
            }
        }
        for (i, fan) in self.fans.iter().enumerate() {
            for (j, r) in fan.replaces.iter().enumerate() {
                if !names.contains(r.name()) {
                    return bad(format!("fans[{i}].replaces[{j}]"), format!("no fan is named '{}'", r.name()));
                }
                if let Replaced::Count { name, .. } = r
                    && self.fans.iter().any(|f| &f.name == name && f.per.is_none())
                {
                    return bad(
                        format!("fans[{i}].replaces[{j}]"),
                        format!("'{name}' counts once; replace it by name, not by a count"),
                    );
                }
            }
            for (j, c) in fan.when.iter().enumerate() {
                c.check().map_err(|reason| ScoreError::key(format!("fans[{i}].when[{j}]"), reason))?;
            }
        }
        if let Some(loose) = &self.loose {
            for (j, c) in loose.when.iter().enumerate() {
                c.check().map_err(|reason| ScoreError::key(format!("loose.when[{j}]"), reason))?;
            }
        }
        if self.points.base == 0 {
            return bad("points.base".into(), "must be at least 1".into());
        }
        Ok(())
    }

    /// The hupai rules winning shapes are read under: the named rules with the table's
    /// overrides and declared void.
    pub fn shape_rules(&self) -> Result<Rules, ScoreError> {
        let mut rules: Rules =
            self.rules.parse().map_err(|e: hupai::UnknownRules| ScoreError::key("rules", e.to_string()))?;
        if let Some(on) = self.pair_258 {
            rules = rules.with_pair_258(on);
        }
        if let Some(on) = self.seven_pairs {
            rules.seven_pairs = if on { SevenPairs::AllowQuads } else { SevenPairs::Off };
        }
        if let Some(suit) = self.void {
            if rules.void == VoidSuit::Off {
                return Err(ScoreError::key("void", format!("the rules '{}' have no void suit", self.rules)));
            }
            rules = rules.with_void(suit);
        }
        if rules.melds != 4 || rules.thirteen_orphans || rules.knitted || rules.wildcard_fifth_copy {
            return Err(ScoreError::key(
                "rules",
                format!(
                    "'{}': regional tables read 14-tile hands of melds and a pair or seven pairs, without \
                     thirteen orphans, the knitted forms or a wildcard fifth copy",
                    self.rules
                ),
            ));
        }
        Ok(rules)
    }

    /// This table with the keys of a JSON `options` object applied (for one situation): `cap`
    /// (a number, or `null`/`"none"`), `base`, `zero`, `void` (`m`/`p`/`s`), `zimo` (`fan` or
    /// `base`: where the fans tagged `zimo` add), and any fan option tag (`menqing`,
    /// `zhongzhang`) as `true`/`false` to switch the fans it tags on or off.
    pub fn with_json(&self, options: &Value) -> Result<Table, ScoreError> {
        let Value::Object(map) = options else {
            return Err(ScoreError::key("options", format!("expected an object, found {options}")));
        };
        let mut t = self.clone();
        for (key, v) in map {
            let at = format!("options.{key}");
            match key.as_str() {
                "cap" => {
                    t.cap = match v {
                        Value::Null => None,
                        Value::String(s) if s == "none" => None,
                        _ => Some(v.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
                            ScoreError::key(&at, format!("expected a number or \"none\", found {v}"))
                        })?),
                    }
                }
                "base" | "zero" => {
                    let n = v
                        .as_u64()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| ScoreError::key(&at, format!("expected a whole number from 1, found {v}")))?;
                    if key == "base" {
                        t.points.base = n;
                    } else {
                        t.points.zero = Some(n);
                    }
                }
                "void" => {
                    let suit = v
                        .as_str()
                        .and_then(|s| s.parse::<char>().ok())
                        .and_then(Suit::from_letter)
                        .filter(|s| s.is_numbered())
                        .ok_or_else(|| ScoreError::key(&at, format!("expected \"m\", \"p\" or \"s\", found {v}")))?;
                    t.void = Some(suit);
                    t.shape_rules().map_err(|e| ScoreError::key(&at, e.to_string()))?;
                }
                "zimo" => {
                    let adds = match v.as_str() {
                        Some("fan") => Adds::Fan,
                        Some("base") => Adds::Base,
                        _ => return Err(ScoreError::key(&at, format!("expected \"fan\" or \"base\", found {v}"))),
                    };
                    t.tagged(key, &at)?.for_each(|f| f.adds = adds);
                }
                _ => {
                    let on = v.as_bool().ok_or_else(|| {
                        ScoreError::key(&at, format!("expected true or false, found {v}; {}", self.options_list()))
                    })?;
                    t.tagged(key, &at)?.for_each(|f| f.enabled = on);
                }
            }
        }
        Ok(t)
    }

    /// The fans an option tags; an error naming the options if none.
    fn tagged<'a>(&'a mut self, tag: &str, at: &str) -> Result<impl Iterator<Item = &'a mut Fan>, ScoreError> {
        if !self.fans.iter().any(|f| f.option.as_deref() == Some(tag)) {
            return Err(ScoreError::key(at, format!("unknown option; {}", self.options_list())));
        }
        let tag = tag.to_string();
        Ok(self.fans.iter_mut().filter(move |f| f.option.as_deref() == Some(tag.as_str())))
    }

    /// The options this table accepts: `void` only under rules with a void suit.
    fn options_list(&self) -> String {
        let mut names: Vec<&str> = vec!["cap", "base", "zero"];
        if self.rules.parse::<Rules>().is_ok_and(|r| r.void != VoidSuit::Off) {
            names.push("void");
        }
        for f in &self.fans {
            if let Some(o) = f.option.as_deref()
                && !names.contains(&o)
            {
                names.push(o);
            }
        }
        format!("the options of table '{}' are {}", self.name, names.join(", "))
    }
}

/// A suit as its letter.
mod suit_letter {
    use hupai::Suit;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(suit: &Option<Suit>, s: S) -> Result<S::Ok, S::Error> {
        match suit {
            Some(x) => s.serialize_str(&x.letter().to_string()),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Suit>, D::Error> {
        let text: Option<String> = Option::deserialize(d)?;
        let Some(text) = text else { return Ok(None) };
        let mut chars = text.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) if suit.is_numbered() => Ok(Some(suit)),
            _ => Err(D::Error::custom(format!("'{text}' is not a numbered suit (m, p or s)"))),
        }
    }
}

/// A tile in notation.
mod tile_text {
    use hupai::Tile;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(tile: &Option<Tile>, s: S) -> Result<S::Ok, S::Error> {
        match tile {
            Some(t) => s.serialize_str(&t.to_string()),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Tile>, D::Error> {
        let text: Option<String> = Option::deserialize(d)?;
        text.map(|t| t.parse::<Tile>().map_err(|e| D::Error::custom(format!("'{t}': {e}")))).transpose()
    }
}

/// A set of kinds in notation (`159m7z`).
mod tile_set_text {
    use hupai::{Hand, Tile, TileSet};
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(set: &TileSet, s: S) -> Result<S::Ok, S::Error> {
        let counts = hupai::TileCounts::from_tiles(set.iter());
        let hand = Hand::from_counts(counts, 0).map_err(serde::ser::Error::custom)?;
        s.serialize_str(&hand.to_string())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<TileSet, D::Error> {
        let text = String::deserialize(d)?;
        let hand: Hand = text.parse().map_err(|e| D::Error::custom(format!("'{text}': {e}")))?;
        if hand.wildcards() > 0 || !hand.melds().is_empty() {
            return Err(D::Error::custom(format!("'{text}': expected plain tiles")));
        }
        Ok(hand.concealed().tiles().collect::<Vec<Tile>>().into_iter().collect())
    }
}
