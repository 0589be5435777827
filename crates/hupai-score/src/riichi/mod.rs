//! Riichi (Japanese) scoring: yaku, fu, han, limits and payments, four- and three-player.

use serde_json::Value;

use crate::{ScoreError, Situation};

/// The riichi scoring options (named as in `mahjong`'s `OptionalRules`), and whether the game is
/// three-player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Options {
    /// Three-player (sanma).
    pub sanma: bool,
}

impl Options {
    /// The three-player defaults.
    pub fn sanma() -> Options {
        Options { sanma: true }
    }

    /// These options with the keys of a JSON `options` object applied.
    pub fn with_json(&self, _options: &Value) -> Result<Options, ScoreError> {
        Ok(self.clone())
    }
}

/// A riichi score, serialized as the `hupai score` answer line.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Score {}

/// Scores a situation under riichi rules.
pub fn score(_situation: &Situation, _options: &Options) -> Result<Score, ScoreError> {
    Err(ScoreError::Unsupported("riichi scoring is not built yet".into()))
}
