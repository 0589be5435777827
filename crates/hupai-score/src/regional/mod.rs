//! Regional Chinese scoring with wildcards (Sichuan, Changsha, Hongzhong): fans as data.

use serde_json::Value;

use crate::{ScoreError, Situation};

/// A regional rule set's fan table: a preset, or one a server loads and changes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Table {
    /// The preset's name.
    pub name: String,
}

impl Table {
    /// A built-in preset: `sichuan`, `changsha` or `hongzhong`.
    pub fn preset(name: &str) -> Option<Table> {
        ["sichuan", "changsha", "hongzhong"].contains(&name).then(|| Table { name: name.to_string() })
    }

    /// A table from its JSON text (the shape docs/scoring.md describes).
    pub fn from_json_text(_text: &str) -> Result<Table, ScoreError> {
        Err(ScoreError::Unsupported("regional tables are not built yet".into()))
    }

    /// This table with the keys of a JSON `options` object applied.
    pub fn with_json(&self, _options: &Value) -> Result<Table, ScoreError> {
        Ok(self.clone())
    }
}

/// A regional score, serialized as the `hupai score` answer line.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Score {}

/// Scores a situation under a regional table.
pub fn score(_situation: &Situation, _table: &Table) -> Result<Score, ScoreError> {
    Err(ScoreError::Unsupported("regional scoring is not built yet".into()))
}
