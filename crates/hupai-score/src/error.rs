//! Why a situation has no score: the hand, the situation, or the rules.

/// Why a situation could not be scored. Every message names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// The hand text or the hand itself is invalid (from the parser or the rules' checks).
    #[error("{0}")]
    Hand(#[from] hupai::Error),
    /// The situation is not a JSON object (a batch line that is not JSON, empty, or not UTF-8).
    #[error("{0}")]
    Input(String),
    /// A situation key is missing, has the wrong type, or holds a bad value.
    #[error("key '{key}': {reason}")]
    Key {
        /// The key, as written in the situation (`win`, `seat`, `options.kiriage`, …).
        key: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The hand, with its winning tile, is not a complete winning hand under the rules.
    #[error("the hand does not win: {0}")]
    NoWin(String),
    /// The hand wins but scores nothing the rules accept (riichi: no yaku).
    #[error("no yaku: the hand wins in shape but has no scoring pattern")]
    NoYaku,
    /// The situation cannot happen (ippatsu without riichi, rinshan without a kan, a fifth copy
    /// counting the dora indicators, …).
    #[error("impossible situation: {0}")]
    Impossible(String),
    /// The rules name no scorer, or a scorer does not handle this case.
    #[error("unsupported: {0}")]
    Unsupported(String),
}

impl ScoreError {
    /// A bad value under a situation key.
    pub fn key(key: impl Into<String>, reason: impl Into<String>) -> ScoreError {
        ScoreError::Key { key: key.into(), reason: reason.into() }
    }
}
