//! hupai compiled to WebAssembly: the engine of the `hupai` npm package and of the web page
//! (`web/`). Every answer comes from the [`hupai`] facade and [`hupai_score`]; this crate only reads
//! arguments and writes answers, as JSON text, in the shapes the command line and the Python
//! package give.
//!
//! The boundary is one call: a function's name and its arguments as a JSON object in, the answer
//! (or the error, with the command line's message) as JSON out. [`call_json`] is that call in plain
//! Rust, which the unit tests ask and the host build of the workspace compiles; on `wasm32` the
//! module `exports` wraps it in three exports the package's JavaScript uses (`hupai_buffer`,
//! `hupai_call`, `hupai_output`), with memory passed as byte offsets, so no `unsafe` block is needed.
//!
//! ```
//! let answer = hupai_wasm::call_json("waits", r#"{"hand": "1112345678999m"}"#);
//! assert_eq!(answer, Ok(r#"["1m","2m","3m","4m","5m","6m","7m","8m","9m"]"#.to_owned()));
//! let error = hupai_wasm::call_json("isWin", r#"{"hand": "123x"}"#).unwrap_err();
//! assert_eq!(error.kind, hupai_wasm::FailureKind::Hand);
//! ```
//!
//! Build the package with `cargo xtask wasm` (docs/web.md). `replay` reads a game log through the
//! game engine (`hupai-game`) and lays it out discard by discard for the page's log viewer. The
//! package's `Game` plays the engine's games: they live in the module between calls, in a table
//! named by handles (`gameNew`, `gameStep`, … `gameFree`), the one state the module keeps.

mod args;
pub mod calls;
#[cfg(target_arch = "wasm32")]
pub mod exports;
mod game;
#[cfg(not(feature = "player"))]
mod replay;
mod review;

/// What kind of failure a call met: the package throws a `HupaiError` with this as its `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FailureKind {
    /// The hand (or the visible tiles) cannot be answered: the command line's message.
    Hand,
    /// A bad argument: unknown rules, a wrong type, an unknown option.
    Argument,
    /// A situation that cannot be scored.
    Score,
    /// A text that is no game log.
    Log,
    /// Something a game cannot do: unknown rules, an illegal action or one out of turn, a seat
    /// not at the table, a freed game. The message names what and where, as Python's `GameError`.
    Game,
}

impl FailureKind {
    /// The kind's name as the package shows it.
    pub fn name(self) -> &'static str {
        match self {
            FailureKind::Hand => "hand",
            FailureKind::Argument => "argument",
            FailureKind::Score => "score",
            FailureKind::Log => "log",
            FailureKind::Game => "game",
        }
    }
}

/// Why a call gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What went wrong, in a word.
    pub kind: FailureKind,
    /// The message, as the command line prints it.
    pub message: String,
}

impl Failure {
    pub(crate) fn hand(message: String) -> Failure {
        Failure { kind: FailureKind::Hand, message }
    }

    pub(crate) fn argument(message: String) -> Failure {
        Failure { kind: FailureKind::Argument, message }
    }

    pub(crate) fn score(message: String) -> Failure {
        Failure { kind: FailureKind::Score, message }
    }

    pub(crate) fn log(message: String) -> Failure {
        Failure { kind: FailureKind::Log, message }
    }

    pub(crate) fn game(message: String) -> Failure {
        Failure { kind: FailureKind::Game, message }
    }

    /// `{"kind", "message"}`, what the package turns into a thrown error.
    pub fn to_json(&self) -> String {
        serde_json::json!({"kind": self.kind.name(), "message": self.message}).to_string()
    }
}

/// Answers one call: `name` is the package's function (`isWin`, `waits`, `check`,
/// `decompositions`, `countDecompositions`, `shanten`, `effectiveTiles`, `discardAdvice`,
/// `discardEv`, `score`, `replay`, `review` (the players' module only), `constants`, and the game calls behind the package's `Game`:
/// `gameNew`, `gameState`, `gameLegalActions`, `gameStep`, `gameEvents`, `gameView`, `gameClone`,
/// `gameFree`, `gameCount`, `gameWins`, `gameTenhou6`, and with the `player` feature `gameChoose`
/// and `gameExplain`), `arguments` a JSON object of its arguments. The answer is JSON text.
/// Games are kept between calls, per thread, named by the handle `gameNew` answers.
pub fn call_json(name: &str, arguments: &str) -> Result<String, Failure> {
    calls::call(name, arguments)
}
