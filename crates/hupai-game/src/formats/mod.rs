//! Game logs read from the formats the platforms write: mjai JSON lines ([`crate::mjai`]),
//! tenhou.net/6 JSON ([`tenhou6`]) and Tenhou's mjlog XML ([`mjlog`]).
//!
//! Every reader gives the same thing: a list of games ([`GameLog`]), each a header (players,
//! names, the rules the log names) and its events in mjai's vocabulary ([`Event`]), the way
//! the engine itself records a game. A replay ([`crate::replay`]) drives the engine with them. A
//! damaged game is an error naming the game, the hand and the event ([`LogError`]); the other
//! games of the file are still read.

pub mod mjlog;
pub mod tenhou6;

use crate::event::Event;
use crate::rules::GameRules;

/// One event of a log, with where it is in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogEvent {
    /// The event.
    pub event: Event,
    /// Its index among the file's events (0-based; an mjai file's line without blank lines).
    pub at: usize,
    /// For `hora`, `ryukyoku` and `end_game`: the log records the deltas (or final scores), so a
    /// replay compares them; for `dahai`: the log says whether it was tsumogiri (else the replay
    /// decides it from the tile just drawn). False where the format leaves them out.
    pub recorded: bool,
}

/// What a log says about its game besides the events.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// Players at the table (3 or 4).
    pub players: u8,
    /// The players' names, in seat order, where the log has them.
    pub names: Vec<String>,
    /// The rules the log names (tenhou.net/6 and mjlog headers), if it names any.
    pub rules: Option<GameRules>,
    /// Tenhou's shuffle seed (mjlog `SHUFFLE`), if the log has one.
    pub seed: Option<String>,
}

/// One game of a log.
#[derive(Debug, Clone, PartialEq)]
pub struct GameLog {
    /// Players, names, rules.
    pub header: Header,
    /// The events from `start_game` to `end_game` (either may be missing from a partial log).
    pub events: Vec<LogEvent>,
}

/// A game that could not be read or replayed: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, {kyoku}, event {event}: {message}")]
#[non_exhaustive]
pub struct LogError {
    /// The game's index in the file (0-based).
    pub game: usize,
    /// The hand, as logs name it (`E2-1`), or `start` before the first hand.
    pub kyoku: String,
    /// The event's index in the file (0-based).
    pub event: usize,
    /// What is wrong.
    pub message: String,
}

/// The log formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// mjai JSON lines.
    Mjai,
    /// tenhou.net/6 JSON (one object, or several, one a line).
    Tenhou6,
    /// Tenhou's mjlog XML.
    Mjlog,
}

impl Format {
    /// The format of a log's text, from its first non-blank characters.
    pub fn detect(text: &str) -> Option<Format> {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('<') {
            return Some(Format::Mjlog);
        }
        if !t.starts_with('{') {
            return None;
        }
        let first = t.lines().next().unwrap_or("");
        if first.contains("\"type\"") && !first.contains("\"log\"") {
            Some(Format::Mjai)
        } else {
            Some(Format::Tenhou6)
        }
    }
}

/// Reads every game of a log of any format. The outer error says the text is no log at all.
pub fn read(text: &str) -> Result<Vec<Result<GameLog, LogError>>, String> {
    match Format::detect(text) {
        Some(Format::Mjai) => Ok(crate::mjai::read(text)),
        Some(Format::Tenhou6) => Ok(tenhou6::read(text)),
        Some(Format::Mjlog) => Ok(mjlog::read(text)),
        None => Err("not a game log: expected mjai JSON lines, tenhou.net/6 JSON or mjlog XML".into()),
    }
}

/// The hand's name as logs write it (`E1`, `S3-2`) from the round wind, the hand (1–4) and the
/// counters.
pub(crate) fn kyoku_name(bakaze: u8, kyoku: u8, honba: u8) -> String {
    let wind = ["E", "S", "W", "N"][usize::from(bakaze & 3)];
    if honba > 0 { format!("{wind}{kyoku}-{honba}") } else { format!("{wind}{kyoku}") }
}
