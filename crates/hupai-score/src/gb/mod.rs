//! Chinese Official (GB) scoring: the 81 fans and their exclusion rules.

use serde_json::Value;

use crate::{ScoreError, Situation};

/// GB scoring options.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Options {}

impl Options {
    /// These options with the keys of a JSON `options` object applied.
    pub fn with_json(&self, _options: &Value) -> Result<Options, ScoreError> {
        Ok(self.clone())
    }
}

/// A GB score, serialized as the `hupai score` answer line.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Score {}

/// Scores a situation under GB rules.
pub fn score(_situation: &Situation, _options: &Options) -> Result<Score, ScoreError> {
    Err(ScoreError::Unsupported("GB scoring is not built yet".into()))
}
