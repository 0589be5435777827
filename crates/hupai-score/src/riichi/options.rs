//! The riichi scoring options, named and meaning as in the Python `mahjong` package's
//! `OptionalRules` (the convention its users know), the platform presets, and reading them from a
//! JSON `options` object.

use serde_json::Value;

use crate::ScoreError;

/// What happens to a hand of 13 han or more made of ordinary yaku (数え役満).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KazoeLimit {
    /// Counted as one yakuman, however many han (`"limited"`, `mahjong`'s `KAZOE_LIMITED`).
    Limited,
    /// Capped at sanbaiman: no counted yakuman (`"sanbaiman"`).
    Sanbaiman,
    /// Counted as one yakuman per 13 han: 26 han a double yakuman (`"none"`).
    None,
}

impl KazoeLimit {
    /// The option's value as written in JSON.
    pub fn name(self) -> &'static str {
        match self {
            KazoeLimit::Limited => "limited",
            KazoeLimit::Sanbaiman => "sanbaiman",
            KazoeLimit::None => "none",
        }
    }
}

/// How a three-player tsumo is paid, with no north player to pay a share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SanmaTsumo {
    /// The missing player's share is simply not paid (ツモ損 / tsumo loss): the two others pay
    /// what they would pay in a four-player game. `mahjong`'s three-player convention.
    Loss,
    /// The missing player's share is split between the two payers (北家折半), each half rounded
    /// up to 100, so a tsumo is worth what a ron is.
    Split,
}

impl SanmaTsumo {
    /// The option's value as written in JSON.
    pub fn name(self) -> &'static str {
        match self {
            SanmaTsumo::Loss => "loss",
            SanmaTsumo::Split => "split",
        }
    }
}

/// The riichi scoring options. Each field but `sanma` and `sanma_tsumo` is named and means as in
/// `mahjong`'s `OptionalRules`, and the defaults are that package's defaults.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// Three-player (sanma): 108 tiles without 2m–8m, north as nuki dora, two payers.
    pub sanma: bool,
    /// Tanyao counts in an open hand (喰いタン, kuitan). Default false.
    pub has_open_tanyao: bool,
    /// Red fives are dora (赤ドラ). Default false: a red five is a plain five.
    pub has_aka_dora: bool,
    /// Four-concealed-triplets single wait, thirteen-sided thirteen orphans, pure nine gates and
    /// big four winds are double yakuman. Default true.
    pub has_double_yakuman: bool,
    /// 13 han or more of ordinary yaku. Default [`KazoeLimit::Limited`].
    pub kazoe_limit: KazoeLimit,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫). Default false.
    pub kiriage: bool,
    /// An open hand won by ron with no fu beyond the base gets 2 fu (30 fu, no 1 han 20 fu).
    /// Default true.
    pub fu_for_open_pinfu: bool,
    /// A tsumo always gets its 2 fu, so a pinfu-shaped tsumo scores menzen tsumo at 30 fu without
    /// pinfu (ピンヅモなし). Default false: pinfu tsumo is 20 fu with both yaku.
    pub fu_for_pinfu_tsumo: bool,
    /// Renhou is a yakuman instead of a 5-han yaku. Default false.
    pub renhou_as_yakuman: bool,
    /// Yakuman stop at six times (78 han counted). Default true.
    pub limit_to_sextuple_yakuman: bool,
    /// Three-player tsumo payments. Default [`SanmaTsumo::Loss`].
    pub sanma_tsumo: SanmaTsumo,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            sanma: false,
            has_open_tanyao: false,
            has_aka_dora: false,
            has_double_yakuman: true,
            kazoe_limit: KazoeLimit::Limited,
            kiriage: false,
            fu_for_open_pinfu: true,
            fu_for_pinfu_tsumo: false,
            renhou_as_yakuman: false,
            limit_to_sextuple_yakuman: true,
            sanma_tsumo: SanmaTsumo::Loss,
        }
    }
}

/// The preset names [`Options::preset`] accepts.
pub const PRESETS: [&str; 4] = ["tenhou", "mahjongsoul", "wrc", "mleague"];

/// Every key an `options` object may hold.
pub const OPTION_KEYS: [&str; 12] = [
    "preset",
    "sanma",
    "has_open_tanyao",
    "has_aka_dora",
    "has_double_yakuman",
    "kazoe_limit",
    "kiriage",
    "fu_for_open_pinfu",
    "fu_for_pinfu_tsumo",
    "renhou_as_yakuman",
    "limit_to_sextuple_yakuman",
    "sanma_tsumo",
];

impl Options {
    /// The three-player defaults.
    pub fn sanma() -> Options {
        Options { sanma: true, ..Options::default() }
    }

    /// A platform's rules (the sources are in `docs/scoring-riichi.md`), four-player:
    ///
    /// - `tenhou`: open tanyao, red fives, no double yakuman, counted yakuman, no kiriage.
    /// - `mahjongsoul`: open tanyao, red fives, double yakuman, counted yakuman, no kiriage.
    /// - `wrc`: open tanyao, no red fives, no double yakuman, no counted yakuman (13 han is
    ///   sanbaiman), kiriage mangan.
    /// - `mleague`: open tanyao, red fives, no double yakuman, no counted yakuman, kiriage mangan.
    pub fn preset(name: &str) -> Option<Options> {
        let base = Options { has_open_tanyao: true, ..Options::default() };
        match name {
            "tenhou" => Some(Options { has_aka_dora: true, has_double_yakuman: false, ..base }),
            "mahjongsoul" => Some(Options { has_aka_dora: true, ..base }),
            "wrc" => {
                Some(Options { has_double_yakuman: false, kazoe_limit: KazoeLimit::Sanbaiman, kiriage: true, ..base })
            }
            "mleague" => Some(Options {
                has_aka_dora: true,
                has_double_yakuman: false,
                kazoe_limit: KazoeLimit::Sanbaiman,
                kiriage: true,
                ..base
            }),
            _ => None,
        }
    }

    /// These options with the keys of a JSON `options` object applied: `preset` first (keeping
    /// `sanma` as it was unless the object sets it), then every other key. An unknown key or a
    /// value of the wrong type is an error naming it (`options.kiriage`).
    pub fn with_json(&self, options: &Value) -> Result<Options, ScoreError> {
        let object = match options {
            Value::Object(o) => o,
            Value::Null => return Ok(self.clone()),
            other => return Err(ScoreError::key("options", format!("expected an object, found {other}"))),
        };
        if let Some(unknown) = object.keys().find(|k| !OPTION_KEYS.contains(&k.as_str())) {
            return Err(ScoreError::key(
                format!("options.{unknown}"),
                format!("unknown option; the riichi options are {}", OPTION_KEYS.join(", ")),
            ));
        }
        let mut out = self.clone();
        if let Some(preset) = object.get("preset").filter(|v| !v.is_null()) {
            let name = preset
                .as_str()
                .ok_or_else(|| ScoreError::key("options.preset", format!("expected a preset name, found {preset}")))?;
            let p = Options::preset(name).ok_or_else(|| {
                ScoreError::key(
                    "options.preset",
                    format!("unknown preset '{name}'; the presets are {}", PRESETS.join(", ")),
                )
            })?;
            out = Options { sanma: self.sanma, sanma_tsumo: self.sanma_tsumo, ..p };
        }
        for (key, field) in [
            ("sanma", &mut out.sanma),
            ("has_open_tanyao", &mut out.has_open_tanyao),
            ("has_aka_dora", &mut out.has_aka_dora),
            ("has_double_yakuman", &mut out.has_double_yakuman),
            ("kiriage", &mut out.kiriage),
            ("fu_for_open_pinfu", &mut out.fu_for_open_pinfu),
            ("fu_for_pinfu_tsumo", &mut out.fu_for_pinfu_tsumo),
            ("renhou_as_yakuman", &mut out.renhou_as_yakuman),
            ("limit_to_sextuple_yakuman", &mut out.limit_to_sextuple_yakuman),
        ] {
            match object.get(key) {
                None | Some(Value::Null) => {}
                Some(Value::Bool(b)) => *field = *b,
                Some(other) => {
                    return Err(ScoreError::key(
                        format!("options.{key}"),
                        format!("expected true or false, found {other}"),
                    ));
                }
            }
        }
        if let Some(v) = object.get("kazoe_limit").filter(|v| !v.is_null()) {
            out.kazoe_limit = match v.as_str() {
                Some("limited") => KazoeLimit::Limited,
                Some("sanbaiman") => KazoeLimit::Sanbaiman,
                Some("none") => KazoeLimit::None,
                _ => {
                    return Err(ScoreError::key(
                        "options.kazoe_limit",
                        format!("expected \"limited\", \"sanbaiman\" or \"none\", found {v}"),
                    ));
                }
            };
        }
        if let Some(v) = object.get("sanma_tsumo").filter(|v| !v.is_null()) {
            out.sanma_tsumo = match v.as_str() {
                Some("loss") => SanmaTsumo::Loss,
                Some("split") => SanmaTsumo::Split,
                _ => {
                    return Err(ScoreError::key(
                        "options.sanma_tsumo",
                        format!("expected \"loss\" or \"split\", found {v}"),
                    ));
                }
            };
        }
        Ok(out)
    }
}
