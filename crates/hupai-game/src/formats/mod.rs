//! Game logs read from the formats the platforms write: mjai JSON lines ([`crate::mjai`]),
//! tenhou.net/6 JSON ([`tenhou6`]), Tenhou's mjlog XML ([`mjlog`]) and 電脳麻将's paipu JSON
//! ([`majiang`]).
//!
//! Every reader gives the same thing: a list of games ([`GameLog`]), each a header (players,
//! names, the rules the log names) and its events in mjai's vocabulary ([`Event`]), the way
//! the engine itself records a game. A replay ([`crate::replay`]) drives the engine with them. A
//! damaged game is an error naming the game, the hand and the event ([`LogError`]); the other
//! games of the file are still read.

pub(crate) mod json;
pub mod majiang;
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
    /// 電脳麻将's paipu JSON (`@kobalab/majiang-core`).
    Majiang,
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
        // The first line's test first: a paipu is looked for in the whole text only when it
        // is not an mjai log.
        if !first.contains("\"type\"") && majiang::looks_like(t) {
            return Some(Format::Majiang);
        }
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
        Some(Format::Majiang) => Ok(majiang::read(text)),
        None => {
            Err("not a game log: expected mjai JSON lines, tenhou.net/6 JSON, mjlog XML or majiang paipu JSON".into())
        }
    }
}

/// A log's text cut before its games, so that the parts can be read apart (on several threads)
/// and joined into exactly what [`read`] gives for the whole text.
///
/// ```
/// use hupai_game::formats;
///
/// let text = "{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}\n{\"type\":\"start_game\"}\n";
/// let split = formats::split(text)?;
/// assert_eq!(split.parts().len(), 2);
/// let parts = (0..split.parts().len()).map(|i| split.read_part(i)).collect();
/// assert_eq!(split.join(parts), formats::read(text)?);
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone)]
pub struct Split<'a> {
    text: &'a str,
    format: Format,
    parts: Vec<&'a str>,
}

/// The games of one part of a [`Split`], numbered from the part's start.
#[derive(Debug, Clone)]
pub struct Part {
    games: Vec<Result<GameLog, LogError>>,
    /// Events read, where the next part's event numbers start.
    events: usize,
}

impl Part {
    /// The events the part holds: in the whole text, the next part's events are numbered from
    /// this many more than this part's.
    pub fn events(&self) -> usize {
        self.events
    }

    /// The part's games, games and events numbered from the part's start (a clean part's game
    /// `g` is the whole text's game `g` plus the games of the parts before it, and so on for
    /// the events).
    pub fn into_games(self) -> Vec<Result<GameLog, LogError>> {
        self.games
    }
}

/// Cuts a log's text before each game: mjai lines of `start_game`, mjlog `<mjloggm>` elements,
/// tenhou.net/6 lines of one game each (a log that is one JSON value stays whole). The outer
/// error says the text is no log at all.
pub fn split(text: &str) -> Result<Split<'_>, String> {
    let format = Format::detect(text)
        .ok_or("not a game log: expected mjai JSON lines, tenhou.net/6 JSON, mjlog XML or majiang paipu JSON")?;
    let mut cuts: Vec<usize> = Vec::new();
    let mut body = text;
    match format {
        Format::Mjai => {
            // memchr's substring search: several times faster than `str::match_indices` over a
            // file of many games.
            for i in memchr::memmem::find_iter(text.as_bytes(), b"\"start_game\"") {
                let line = text[..i].rfind('\n').map_or(0, |n| n + 1);
                if line > 0 && cuts.last() != Some(&line) {
                    cuts.push(line);
                }
            }
        }
        Format::Mjlog => cuts.extend(text.match_indices("<mjloggm").map(|(i, _)| i).skip(1)),
        // One part: a paipu is read whole.
        Format::Majiang => {}
        Format::Tenhou6 => {
            // One game a line only when every line holds one object: then the whole text is no
            // single JSON value (an object cannot follow a complete value), and `read` reads it
            // line by line too.
            body = text.trim_start_matches('\u{feff}').trim();
            let mut lines = 0;
            let mut start = 0;
            for line in body.split_inclusive('\n') {
                let t = line.trim();
                if !t.is_empty() {
                    if !(t.starts_with('{') && t.ends_with('}')) {
                        cuts.clear();
                        break;
                    }
                    if lines > 0 {
                        cuts.push(start);
                    }
                    lines += 1;
                }
                start += line.len();
            }
        }
    }
    let mut parts = Vec::with_capacity(cuts.len() + 1);
    let mut from = 0;
    for cut in cuts {
        parts.push(&body[from..cut]);
        from = cut;
    }
    parts.push(&body[from..]);
    Ok(Split { text, format, parts })
}

impl Split<'_> {
    /// The parts' texts, in order.
    pub fn parts(&self) -> &[&str] {
        &self.parts
    }

    /// Reads part `i` (numbered as if it were a file of its own; [`Split::join`] renumbers).
    pub fn read_part(&self, i: usize) -> Part {
        let text = self.parts.get(i).copied().unwrap_or("");
        let (games, events) = match self.format {
            Format::Mjai => crate::mjai::read_counting(text),
            Format::Mjlog => mjlog::read_counting(text),
            Format::Tenhou6 if self.parts.len() > 1 => tenhou6::read_lines(text),
            Format::Tenhou6 => {
                let games = tenhou6::read(text);
                (games, 0)
            }
            Format::Majiang => (majiang::read(text), 0),
        };
        Part { games, events }
    }

    /// True if part `i`, as read, starts where the whole text starts a game, so that its games
    /// are the whole text's (renumbered): false for a part cut at a damaged line naming
    /// `start_game`, or an mjlog game without its end tag. [`Split::join`] reads the whole text
    /// again when a part is not.
    pub fn part_is_clean(&self, i: usize, part: &Part) -> bool {
        let text = self.parts.get(i).copied().unwrap_or("");
        match self.format {
            Format::Mjai => {
                i == 0
                    || matches!(part.games.first(), Some(Ok(log))
                        if matches!(log.events.first(), Some(LogEvent { event: Event::StartGame { .. }, at: 0, .. })))
            }
            Format::Mjlog => {
                i + 1 == self.parts.len()
                    || text.find("<mjloggm").is_some_and(|start| text[start..].contains("</mjloggm>"))
            }
            Format::Tenhou6 | Format::Majiang => true,
        }
    }

    /// The parts' games joined, numbered through the whole text: what [`read`] gives for it.
    /// Parts cut where the whole text would not start a game (see [`Split::part_is_clean`]) are
    /// read again as one text.
    pub fn join(&self, parts: Vec<Part>) -> Vec<Result<GameLog, LogError>> {
        let clean =
            parts.len() == self.parts.len() && parts.iter().enumerate().all(|(i, part)| self.part_is_clean(i, part));
        if !clean {
            return read(self.text).unwrap_or_default();
        }
        let mut games = Vec::new();
        let mut events = 0;
        for part in parts {
            let first = games.len();
            for game in part.games {
                games.push(match game {
                    Ok(mut log) => {
                        for e in &mut log.events {
                            e.at += events;
                        }
                        Ok(log)
                    }
                    Err(mut e) => {
                        e.game += first;
                        e.event += events;
                        Err(e)
                    }
                });
            }
            events += part.events;
        }
        games
    }
}

/// The hand's name as logs write it (`E1`, `S3-2`) from the round wind, the hand (1–4) and the
/// counters.
pub(crate) fn kyoku_name(bakaze: u8, kyoku: u8, honba: u8) -> String {
    let wind = ["E", "S", "W", "N"][usize::from(bakaze & 3)];
    if honba > 0 { format!("{wind}{kyoku}-{honba}") } else { format!("{wind}{kyoku}") }
}
