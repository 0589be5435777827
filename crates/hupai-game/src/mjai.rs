//! mjai JSON: events and actions written as mjai writes them (the event set Mortal and mjai.app
//! use, `kita` for three players), and mjai logs read back ([`read`]: one event a line, games
//! from `start_game` to `end_game`). The Chinese families extend it: `start_game` names their
//! rules (`"rules"`), `hua` sets a flower aside, `cuohu` is a false win's penalty, `niao` the
//! birds turned over.
//!
//! The line matchers' `inline(always)` holds on native targets only: inlined into every layout
//! they read a corpus fastest, while on wasm32 (the page reads one log at a time, and its
//! modules must stay under 2 MB) the size-optimising compiler decides, which keeps them about
//! 13 KB smaller.

use arrayvec::ArrayVec;
use hupai::Suit;
use serde_json::{Value, json};

use crate::formats::json::Json;

use crate::action::Action;
use crate::event::{DrawReason, WinScore};
use crate::event::{Event, Seat};
use crate::formats::{GameLog, Header, LogError, LogEvent, kyoku_name};
use crate::pai::Pai;
use crate::rules::{Family, GameRules};

fn tiles(pais: &[Pai]) -> Value {
    Value::Array(pais.iter().map(|p| Value::String(p.mjai().into())).collect())
}

/// Rules as a log names them: a preset's name when they are one, else every flag.
/// Rules as a log or a reply names them: a preset's name, else every flag.
pub fn rules_json(rules: &GameRules) -> Value {
    match rules.preset_name() {
        Some(name) => Value::String(name.to_string()),
        None => rules.to_json(),
    }
}

/// A game's events as mjai JSON lines whose `start_game` names the rules (`"rules"`, a preset's
/// name or every flag) unless they are those a log naming none is replayed under (`tenhou`, or
/// `tenhou-3p` with three players): so a log converted from another format keeps the rules it
/// was played under (an east-only game, a lobby's starting points) and replays under them.
pub fn write_with_rules(events: &[Event], rules: &GameRules) -> String {
    let plain = if rules.players == 3 { GameRules::TENHOU_3P } else { GameRules::TENHOU };
    let fans = rules.family != Family::Riichi;
    let mut out = String::new();
    for e in events {
        let line = match *e {
            Event::StartGame { players, rules: None } if *rules != plain => {
                event_json(&Event::StartGame { players, rules: Some(*rules) }, rules.players)
            }
            _ => logged_json(e, rules.players, fans),
        };
        out.push_str(&line.to_string());
        out.push('\n');
    }
    out
}

/// An event as a log writes it: under the Chinese families (`fans`) a `hora` carries its
/// `score`, `{"han": 3, "points": 8, "capped": false, "fans": [[id, fan], ...]}`: the fan total
/// (the count of big wins under Changsha), the points the win is worth before birds and kong
/// payments, whether the table's cap was reached, and each fan as `hupai-score`'s id for the
/// family's table with its value (fan × count). mjai readers ignore the key.
pub fn logged_json(event: &Event, players: u8, fans: bool) -> Value {
    let mut value = event_json(event, players);
    if let (true, Event::Hora { score, .. }, Value::Object(object)) = (fans, event, &mut value) {
        object.insert("score".into(), score_json(score));
    }
    value
}

/// A Chinese family's win score as its `hora` line carries it (see [`logged_json`]).
pub fn score_json(score: &WinScore) -> Value {
    let list: Vec<Value> = score.yaku().iter().map(|&(id, fan)| json!([id, fan])).collect();
    json!({"han": score.han, "points": score.points, "capped": score.yakuman, "fans": list})
}

/// A `hora`'s `score` as [`logged_json`] writes it; `None` when the line has none. A score that
/// is there but malformed is an error naming the member.
fn score_of(v: &Json<'_>) -> Result<Option<WinScore>, String> {
    let Some(s) = v.get("score") else { return Ok(None) };
    let number = |key: &str, most: u64| {
        s.get(key)
            .and_then(Json::as_u64)
            .filter(|&n| n <= most)
            .ok_or_else(|| format!("hora: \"score\" needs \"{key}\", a whole number from 0 to {most}"))
    };
    let han = number("han", 255)? as u8;
    let points = number("points", u64::from(u32::MAX))? as u32;
    let capped = s
        .get("capped")
        .map_or(Some(false), Json::as_bool)
        .ok_or("hora: \"score\": \"capped\" must be true or false")?;
    let mut yaku = [(0u8, 0u8); crate::event::MOST_YAKU];
    let mut yaku_len = 0u8;
    if let Some(list) = s.get("fans") {
        let list = list.as_array().ok_or("hora: \"score\": \"fans\" must be a list of [id, fan] pairs")?;
        if list.len() > yaku.len() {
            return Err(format!("hora: \"score\": at most {} fans, not {}", yaku.len(), list.len()));
        }
        for (slot, pair) in yaku.iter_mut().zip(list) {
            let byte = |i: usize| pair.get(i).and_then(Json::as_u64).filter(|&n| n <= 255).map(|n| n as u8);
            let (Some(id), Some(fan), Some(2)) = (byte(0), byte(1), pair.as_array().map(Vec::len)) else {
                return Err("hora: \"score\": each fan is [id, fan], two whole numbers from 0 to 255".into());
            };
            *slot = (id, fan);
            yaku_len += 1;
        }
    }
    Ok(Some(WinScore { han, fu: 0, yakuman: capped, points, yaku, yaku_len, pao: None }))
}

/// An event as an mjai JSON object; score arrays have `players` entries.
pub fn event_json(event: &Event, players: u8) -> Value {
    let n = usize::from(players);
    match *event {
        Event::StartGame { rules: None, .. } => json!({"type": "start_game"}),
        Event::StartGame { rules: Some(rules), .. } => json!({"type": "start_game", "rules": rules_json(&rules)}),
        Event::StartKyoku { bakaze, dora_marker, kyoku, honba, kyotaku, oya, scores, tehais } => json!({
            "type": "start_kyoku", "bakaze": bakaze, "dora_marker": dora_marker, "kyoku": kyoku, "honba": honba,
            "kyotaku": kyotaku, "oya": oya, "scores": &scores[..n],
            "tehais": tehais[..n].iter().map(|h| tiles(h)).collect::<Vec<_>>(),
        }),
        Event::Tsumo { actor, pai } => json!({"type": "tsumo", "actor": actor, "pai": pai}),
        Event::Dahai { actor, pai, tsumogiri } => {
            json!({"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri})
        }
        Event::Chi { actor, target, pai, consumed } => {
            json!({"type": "chi", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Pon { actor, target, pai, consumed } => {
            json!({"type": "pon", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Daiminkan { actor, target, pai, consumed } => {
            json!({"type": "daiminkan", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Kakan { actor, pai, consumed } => {
            json!({"type": "kakan", "actor": actor, "pai": pai, "consumed": tiles(&consumed)})
        }
        Event::Ankan { actor, consumed } => json!({"type": "ankan", "actor": actor, "consumed": tiles(&consumed)}),
        Event::Kita { actor, pai } => json!({"type": "kita", "actor": actor, "pai": pai}),
        Event::Hua { actor, pai } => json!({"type": "hua", "actor": actor, "pai": pai}),
        Event::Cuohu { actor, deltas } => json!({"type": "cuohu", "actor": actor, "deltas": &deltas[..n]}),
        Event::Niao { actor, pais, len } => {
            json!({"type": "niao", "actor": actor, "pais": tiles(&pais[..usize::from(len)])})
        }
        Event::Qishouhu { actor, hands, deltas } => json!({
            "type": "qishouhu", "actor": actor, "hands": crate::event::opening_names(&hands),
            "deltas": &deltas[..n],
        }),
        Event::Kaigang { actor, pais } => json!({"type": "kaigang", "actor": actor, "pais": tiles(&pais)}),
        Event::Haidi { actor } => json!({"type": "haidi", "actor": actor}),
        Event::Huansanzhang { actor, target, pais } => {
            json!({"type": "huansanzhang", "actor": actor, "target": target, "pais": tiles(&pais)})
        }
        Event::Dingque { actor, suit } => {
            json!({"type": "dingque", "actor": actor, "suit": suit.letter().to_string()})
        }
        Event::Gangfen { actor, deltas } => json!({"type": "gangfen", "actor": actor, "deltas": &deltas[..n]}),
        Event::Dora { dora_marker } => json!({"type": "dora", "dora_marker": dora_marker}),
        Event::Reach { actor } => json!({"type": "reach", "actor": actor}),
        Event::ReachAccepted { actor } => json!({"type": "reach_accepted", "actor": actor}),
        Event::Hora { actor, target, pai, deltas, ura_markers, ura_len, .. } => json!({
            "type": "hora", "actor": actor, "target": target, "pai": pai, "deltas": &deltas[..n],
            "ura_markers": tiles(&ura_markers[..usize::from(ura_len)]),
        }),
        Event::Ryukyoku { reason, deltas, .. } => {
            json!({"type": "ryukyoku", "reason": reason.mjai(), "deltas": &deltas[..n]})
        }
        Event::EndKyoku => json!({"type": "end_kyoku"}),
        Event::EndGame { scores } => json!({"type": "end_game", "scores": &scores[..n]}),
    }
}

/// An action of `actor` as mjai writes a bot's reply; `target` is the seat whose discard or kan
/// it answers (for chi, pon, daiminkan and ron), or the actor itself.
pub fn action_json(actor: Seat, target: Seat, action: &Action) -> Value {
    match *action {
        Action::Dahai { pai, tsumogiri } => {
            json!({"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri})
        }
        Action::Reach => json!({"type": "reach", "actor": actor}),
        Action::Chi { pai, consumed } => {
            json!({"type": "chi", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Action::Pon { pai, consumed } => {
            json!({"type": "pon", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Action::Daiminkan { pai, consumed } => {
            json!({"type": "daiminkan", "actor": actor, "target": target, "pai": pai, "consumed": tiles(&consumed)})
        }
        Action::Kakan { pai } => json!({"type": "kakan", "actor": actor, "pai": pai}),
        Action::Ankan { consumed } => json!({"type": "ankan", "actor": actor, "consumed": tiles(&consumed)}),
        Action::Kita => json!({"type": "kita", "actor": actor, "pai": Pai::NORTH}),
        Action::Hora => json!({"type": "hora", "actor": actor, "target": target}),
        Action::Ryukyoku => json!({"type": "ryukyoku", "actor": actor}),
        Action::None => json!({"type": "none"}),
        Action::Qishouhu => json!({"type": "qishouhu", "actor": actor}),
        Action::Kaigang { pai } => json!({"type": "kaigang", "actor": actor, "pai": pai}),
        Action::Haidi => json!({"type": "haidi", "actor": actor}),
        Action::Exchange { pai } => json!({"type": "huansanzhang", "actor": actor, "pai": pai}),
        Action::Dingque { suit } => json!({"type": "dingque", "actor": actor, "suit": suit.letter().to_string()}),
    }
}

/// Reads an mjai log: one event a line (blank lines skipped), a game from each `start_game` (or
/// from the first line, if the log has none). A line that is not an mjai event fails its game
/// with an error naming the line; the next game is read from its `start_game`.
pub fn read(text: &str) -> Vec<Result<GameLog, LogError>> {
    read_counting(text).0
}

/// [`read`], and the count of events read (where a next part's events would start).
pub(crate) fn read_counting(text: &str) -> (Vec<Result<GameLog, LogError>>, usize) {
    let mut games: Vec<Result<GameLog, LogError>> = Vec::new();
    let mut current: Option<Result<GameLog, LogError>> = None;
    // Room for the first game's events at once (a game is a thousand lines or two): growing a
    // list of a thousand events step by step copies it over and over. The lines are not
    // counted (a pass over the whole text): draws and discards, most of them, are 35-60 bytes,
    // so this is room for every line of most games.
    let mut room = (text.len() / 32 + 1).min(1 << 12);
    // The hand being read (round wind, number, counters), named only for an error: formatted at
    // every `start_kyoku`, its name was an allocation a hand that most reads never used.
    let mut hand: Option<(u8, u8, u8)> = None;
    let mut at = 0usize;
    // Lines cut at each newline found by memchr (for lines this short, much faster than
    // `str::lines`' search line by line); a `\r` before it goes with the trimmed whitespace.
    let body = text.trim_start_matches('\u{feff}');
    let bytes = body.as_bytes();
    let mut from = 0;
    while from <= bytes.len() {
        // Where both in-place matchers refused a line: the same bytes need not be matched again.
        let mut refused = usize::MAX;
        // Draws and discards, most of a log's lines, straight into the game being read (they
        // neither start a game nor a hand), one after another; then the other lines hupai
        // writes. Written as hupai writes them, alone on their line, they are read in place,
        // their end the line's: no search for the newline, no trimming.
        if let Some(Ok(log)) = current.as_mut() {
            loop {
                let common_refused;
                (from, common_refused) = read_in_place(bytes, from, &mut log.events, &mut at);
                if common_refused != from {
                    break;
                }
                let Some(((event, recorded, players), len)) = layout_prefix(&body[from..]) else {
                    refused = from;
                    break;
                };
                if !matches!(bytes.get(from + len), None | Some(b'\n')) {
                    break;
                }
                // A quick line never starts a game (`start_game` is read by the general reader).
                if let Event::StartKyoku { bakaze, kyoku: k, honba, .. } = event {
                    hand = Some((bakaze.kind_index().saturating_sub(27) as u8, k, honba));
                    if let Some(n) = players {
                        log.header.players = n;
                    }
                }
                log.events.push(LogEvent { event, at, recorded });
                at += 1;
                from += len + 1;
            }
            if from > bytes.len() {
                break;
            }
        }
        let end = memchr::memchr(b'\n', &bytes[from..]).map_or(bytes.len(), |i| from + i);
        let untrimmed = &body[from..end];
        let line = untrimmed.trim();
        // The line starts where the in-place matchers refused it: the line matchers would too.
        let seen = refused == from && line.as_ptr() == untrimmed.as_ptr();
        from = end + 1;
        if line.is_empty() {
            continue;
        }
        let index = at;
        at += 1;
        // Each quick reader asked once.
        let quick =
            if seen { None } else { common_line(line).or_else(|| layout_event(line)) }.or_else(|| flat_event(line));
        if let (Some(Ok(log)), Some((event, recorded, players))) = (current.as_mut(), quick) {
            // A quick line never starts a game (`start_game` is read by the general reader).
            if let Event::StartKyoku { bakaze, kyoku: k, honba, .. } = event {
                hand = Some((bakaze.kind_index().saturating_sub(27) as u8, k, honba));
                if let Some(n) = players {
                    log.header.players = n;
                }
            }
            log.events.push(LogEvent { event, at: index, recorded });
            continue;
        }
        let (parsed, players) = match quick {
            Some((event, recorded, players)) => (Ok((event, recorded, Vec::new())), players),
            None => {
                let value = Json::parse(line).map_err(|e| format!("not JSON: {e}"));
                let parsed = value.as_ref().map_err(Clone::clone).and_then(event_of);
                (parsed, value.as_ref().ok().and_then(players_of))
            }
        };
        let starts = matches!(parsed, Ok((Event::StartGame { .. }, ..)));
        if starts || current.is_none() {
            if let Some(done) = current.take() {
                games.push(done);
            }
            hand = None;
            current = Some(Ok(GameLog {
                header: Header { players: 4, names: Vec::new(), rules: None, seed: None },
                events: Vec::with_capacity(std::mem::take(&mut room)),
            }));
        }
        let game = games.len();
        let Some(Ok(log)) = current.as_mut() else { continue };
        match parsed {
            Ok((event, recorded, names)) => {
                match event {
                    Event::StartKyoku { bakaze, kyoku: k, honba, .. } => {
                        hand = Some((bakaze.kind_index().saturating_sub(27) as u8, k, honba));
                    }
                    Event::StartGame { players, rules } => {
                        log.header.players = players;
                        log.header.names = names;
                        log.header.rules = rules;
                    }
                    _ => {}
                }
                if let (Event::StartKyoku { .. }, Some(n)) = (event, players) {
                    log.header.players = n;
                }
                log.events.push(LogEvent { event, at: index, recorded });
            }
            Err(message) => {
                let kyoku = hand.map_or_else(|| String::from("start"), |(wind, k, honba)| kyoku_name(wind, k, honba));
                current = Some(Err(LogError { game, kyoku, event: index, message }));
            }
        }
    }
    if let Some(done) = current {
        games.push(done);
    }
    (games, at)
}

/// Draws and discards read in place from `from` on, one after another, into `events` (numbered
/// from `at`): where the run ends (past the text's end if its last line was one), and there
/// again if the matcher refused the line there (`usize::MAX` if a line matched but does not end
/// there: spaces or a `\r` after it, which the line by line path reads). A function of its own:
/// inlined into the reader, the loop kept its place and the list's length on the stack.
#[inline(never)]
fn read_in_place(bytes: &[u8], mut from: usize, events: &mut Vec<LogEvent>, at: &mut usize) -> (usize, usize) {
    while let Some(rest) = bytes.get(from..) {
        // Matched in a window of a size known when compiling, which leaves the matcher's reads
        // without bounds checks; the same answer as the rest of the text, as every line it
        // takes is at most 56 bytes (a tile's name is at most 3).
        let fields = match rest.first_chunk::<64>() {
            Some(window) => common_prefix(window),
            None => common_prefix(rest),
        };
        let Some((event, recorded, len)) = fields else {
            return (from, from);
        };
        if !matches!(rest.get(len), None | Some(b'\n')) {
            break;
        }
        // The event built by the inlined matcher, written once where it goes (merged into one
        // event from the matcher's scalars, it took a chain of conditional moves a line).
        events.push(LogEvent { event, at: *at, recorded });
        *at += 1;
        from += len + 1;
    }
    (from, usize::MAX)
}

/// A value of a flat object the quick reader takes: a string without escapes, a whole number,
/// true or false, a list of at most four such strings, a list of at most four whole numbers
/// (scores and deltas), or a list of at most four lists of at most fourteen such strings (the
/// hands of `start_kyoku`).
#[derive(Clone, Copy)]
enum Flat<'a> {
    Str(&'a str),
    Int(u64),
    Bool(bool),
    /// The list's text between its brackets (strings without escapes, commas, whitespace) and
    /// how many strings it holds.
    Strs(&'a str, u8),
    /// The list's text between its brackets (whole numbers, each `-?[0-9]+` without a leading
    /// zero and at most nine digits, commas, whitespace) and how many numbers it holds.
    Ints(&'a str, u8),
    /// The list's text between its outer brackets: lists of strings without escapes, commas,
    /// whitespace.
    Lists(&'a str),
}

/// Short strings compared byte by byte (keys and tile names: shorter than a call to `memcmp`).
fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// The members of `line` if it is one flat JSON object of the simple values [`Flat`] holds, each
/// key once; none for anything else (nested values, escapes, numbers other than small whole
/// ones, null, a key written twice, not JSON at all), which the general reader then reads.
fn flat_members(line: &str) -> Option<ArrayVec<(&str, Flat<'_>), 12>> {
    let b = line.as_bytes();
    let mut i = 0;
    let ws = |i: &mut usize| {
        while *i < b.len() && matches!(b[*i], b' ' | b'\t' | b'\n' | b'\r') {
            *i += 1;
        }
    };
    // A string without escapes or control characters, from its opening quote.
    let string = |i: &mut usize| -> Option<&str> {
        if b.get(*i) != Some(&b'"') {
            return None;
        }
        let start = *i + 1;
        let len = b[start..].iter().position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
        if b[start + len] != b'"' {
            return None;
        }
        *i = start + len + 1;
        line.get(start..start + len)
    };
    // After an item of a list or object: `Some(true)` past a comma (another item follows),
    // `Some(false)` past the closing `close`, `None` for anything else.
    let more = |i: &mut usize, close: u8| -> Option<bool> {
        ws(i);
        match b.get(*i) {
            Some(b',') => {
                *i += 1;
                ws(i);
                Some(true)
            }
            Some(&c) if c == close => {
                *i += 1;
                Some(false)
            }
            _ => None,
        }
    };
    // A list of strings from its opening bracket: its text between the brackets and how many
    // strings it holds (at most `most`).
    let strs = |i: &mut usize, most: u8| -> Option<(&str, u8)> {
        *i += 1;
        let start = *i;
        ws(i);
        let mut n = 0u8;
        if b.get(*i) == Some(&b']') {
            *i += 1;
        } else {
            loop {
                string(i)?;
                n += 1;
                if n > most {
                    return None;
                }
                if !more(i, b']')? {
                    break;
                }
            }
        }
        Some((&line[start..*i - 1], n))
    };
    // A whole number as JSON writes it, at most nine digits, with its sign.
    let int = |i: &mut usize| -> Option<()> {
        let negative = b.get(*i) == Some(&b'-');
        if negative {
            *i += 1;
        }
        let len = b[*i..].iter().position(|c| !c.is_ascii_digit()).unwrap_or(b.len() - *i);
        // JSON writes no leading zero; long numbers and -0 go the general way.
        if len == 0 || len > 9 || ((len > 1 || negative) && b[*i] == b'0') {
            return None;
        }
        *i += len;
        Some(())
    };
    let mut members: ArrayVec<(&str, Flat<'_>), 12> = ArrayVec::new();
    ws(&mut i);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    ws(&mut i);
    if b.get(i) == Some(&b'}') {
        i += 1;
    } else {
        loop {
            let key = string(&mut i)?;
            ws(&mut i);
            if b.get(i) != Some(&b':') {
                return None;
            }
            i += 1;
            ws(&mut i);
            let value = match *b.get(i)? {
                b'"' => Flat::Str(string(&mut i)?),
                b'0'..=b'9' => {
                    let len = b[i..].iter().position(|c| !c.is_ascii_digit()).unwrap_or(b.len() - i);
                    // JSON writes no leading zero; long numbers go the general way.
                    if len > 9 || (len > 1 && b[i] == b'0') {
                        return None;
                    }
                    let n = line[i..i + len].parse().ok()?;
                    i += len;
                    Flat::Int(n)
                }
                b't' if b[i..].starts_with(b"true") => {
                    i += 4;
                    Flat::Bool(true)
                }
                b'f' if b[i..].starts_with(b"false") => {
                    i += 5;
                    Flat::Bool(false)
                }
                b'[' => {
                    let mut j = i + 1;
                    ws(&mut j);
                    match b.get(j) {
                        Some(b'-' | b'0'..=b'9') => {
                            // Whole numbers.
                            let start = i + 1;
                            i = j;
                            let mut n = 0u8;
                            loop {
                                int(&mut i)?;
                                n += 1;
                                if n > 4 {
                                    return None;
                                }
                                if !more(&mut i, b']')? {
                                    break;
                                }
                            }
                            Flat::Ints(&line[start..i - 1], n)
                        }
                        Some(b'[') => {
                            // Lists of strings.
                            let start = i + 1;
                            i = j;
                            let mut n = 0u8;
                            loop {
                                strs(&mut i, 14)?;
                                n += 1;
                                if n > 4 {
                                    return None;
                                }
                                if !more(&mut i, b']')? {
                                    break;
                                }
                                if b.get(i) != Some(&b'[') {
                                    return None;
                                }
                            }
                            Flat::Lists(&line[start..i - 1])
                        }
                        _ => {
                            let (text, n) = strs(&mut i, 4)?;
                            Flat::Strs(text, n)
                        }
                    }
                }
                _ => return None,
            };
            // Each key once: a key written twice means its last value, left to the general reader.
            if members.iter().any(|(k, _)| same_text(k, key)) || members.try_push((key, value)).is_err() {
                return None;
            }
            if !more(&mut i, b'}')? {
                break;
            }
        }
    }
    ws(&mut i);
    (i == b.len()).then_some(members)
}

/// The events of a riichi game (deals, draws, discards, calls, riichi, dora, wins, draws, the
/// end) read straight from a flat line, with the same answer as the general reader
/// ([`event_of`] over the parsed JSON, and the players of a `start_kyoku` as [`players_of`]
/// counts them); none when the line is anything else or anything in it is wrong, so the general
/// reader reads it (and names what is wrong).
/// The reader asks the two halves itself (so that a refused line is not asked twice); the tests
/// ask them together.
#[cfg(test)]
fn quick_event(line: &str) -> Option<(Event, bool, Option<u8>)> {
    common_line(line).or_else(|| layout_event(line)).or_else(|| flat_event(line))
}

/// The events [`common_line`] refuses (deals, calls, riichi, dora, wins, the end), read from a
/// flat line's members. Not inlined, as [`layout_event`].
#[inline(never)]
fn flat_event(line: &str) -> Option<(Event, bool, Option<u8>)> {
    let members = flat_members(line)?;
    let get = |key: &str| members.iter().find(|(k, _)| same_text(k, key)).map(|(_, v)| *v);
    let seat = |key: &str| match get(key)? {
        Flat::Int(n) if n < 4 => Some(n as Seat),
        _ => None,
    };
    let pai = |key: &str| match get(key)? {
        Flat::Str(name) => Pai::from_name_bytes(name.as_bytes()),
        _ => None,
    };
    let consumed = |n: u8| -> Option<[Pai; 4]> {
        let Flat::Strs(list, len) = get("consumed")? else { return None };
        if len != n {
            return None;
        }
        // The strings hold no quotes: they are every other piece between quotes.
        let mut out = [Pai::UNKNOWN; 4];
        for (slot, name) in out.iter_mut().zip(list.split('"').skip(1).step_by(2)) {
            *slot = Pai::from_name_bytes(name.as_bytes())?;
        }
        Some(out)
    };
    // Scores and deltas: absent (or null, left to the general reader) is none; 3 or 4 whole
    // numbers that fit an i32.
    let numbers = |key: &str| -> Option<Option<(usize, [i32; 4])>> {
        let list = match get(key) {
            None => return Some(None),
            Some(Flat::Ints(list, n @ (3 | 4))) => (list, usize::from(n)),
            Some(_) => return None,
        };
        let mut out = [0i32; 4];
        for (slot, n) in out.iter_mut().zip(list.0.split(',')) {
            *slot = n.trim_matches([' ', '\t', '\n', '\r']).parse().ok()?;
        }
        Some(Some((list.1, out)))
    };
    let small = |key: &str| match get(key)? {
        Flat::Int(n) if n < 256 => Some(n as u8),
        _ => None,
    };
    let Flat::Str(kind) = get("type")? else { return None };
    let plain = |e: Event| Some((e, false, None));
    match kind {
        "tsumo" => plain(Event::Tsumo { actor: seat("actor")?, pai: pai("pai")? }),
        "dahai" => {
            let tsumogiri = match get("tsumogiri") {
                None => None,
                Some(Flat::Bool(b)) => Some(b),
                Some(_) => return None,
            };
            Some((
                Event::Dahai { actor: seat("actor")?, pai: pai("pai")?, tsumogiri: tsumogiri.unwrap_or(false) },
                tsumogiri.is_some(),
                None,
            ))
        }
        "reach" => plain(Event::Reach { actor: seat("actor")? }),
        "reach_accepted" => plain(Event::ReachAccepted { actor: seat("actor")? }),
        "chi" | "pon" => {
            let (actor, target, pai, c) = (seat("actor")?, seat("target")?, pai("pai")?, consumed(2)?);
            let consumed = [c[0], c[1]];
            plain(if kind == "chi" {
                Event::Chi { actor, target, pai, consumed }
            } else {
                Event::Pon { actor, target, pai, consumed }
            })
        }
        "daiminkan" => {
            let c = consumed(3)?;
            plain(Event::Daiminkan {
                actor: seat("actor")?,
                target: seat("target")?,
                pai: pai("pai")?,
                consumed: [c[0], c[1], c[2]],
            })
        }
        "kakan" => {
            let c = consumed(3)?;
            plain(Event::Kakan { actor: seat("actor")?, pai: pai("pai")?, consumed: [c[0], c[1], c[2]] })
        }
        "ankan" => plain(Event::Ankan { actor: seat("actor")?, consumed: consumed(4)? }),
        "dora" => plain(Event::Dora { dora_marker: pai("dora_marker")? }),
        "kita" | "nukidora" => plain(Event::Kita { actor: seat("actor")?, pai: Pai::NORTH }),
        "end_kyoku" => plain(Event::EndKyoku),
        "start_kyoku" => {
            let bakaze = pai("bakaze")?;
            if !bakaze.kind().is_some_and(|k| k.is_wind()) {
                return None;
            }
            let (players, scores) = numbers("scores")??;
            let Flat::Lists(list) = get("tehais")? else { return None };
            let tehais = hands(list)?;
            let kyoku = small("kyoku")?;
            if !(1..=4).contains(&kyoku) {
                return None;
            }
            Some((
                Event::StartKyoku {
                    bakaze,
                    dora_marker: pai("dora_marker")?,
                    kyoku,
                    honba: small("honba")?,
                    kyotaku: small("kyotaku")?,
                    oya: seat("oya")?,
                    scores,
                    tehais,
                },
                false,
                Some(players as u8),
            ))
        }
        "hora" => {
            let actor = seat("actor")?;
            let target = if get("target").is_some() { seat("target")? } else { actor };
            let deltas = numbers("deltas")?;
            if get("uradora_markers").is_some() {
                return None;
            }
            let mut ura_markers = [Pai::UNKNOWN; 5];
            let mut ura_len = 0u8;
            match get("ura_markers") {
                None => {}
                Some(Flat::Strs(list, _)) => {
                    for (slot, name) in ura_markers.iter_mut().zip(list.split('"').skip(1).step_by(2)) {
                        *slot = Pai::from_name_bytes(name.as_bytes())?;
                        ura_len += 1;
                    }
                }
                Some(_) => return None,
            }
            let pai = match get("pai") {
                None => Pai::UNKNOWN,
                Some(_) => pai("pai")?,
            };
            let score = WinScore::UNSCORED;
            Some((
                Event::Hora { actor, target, pai, deltas: deltas.map_or([0; 4], |d| d.1), ura_markers, ura_len, score },
                deltas.is_some(),
                None,
            ))
        }
        "ryukyoku" => {
            let reason = match get("reason") {
                None => DrawReason::Exhaustive,
                // A name no writer uses: kept as a draw without a reason (see `DrawReason::from_name`).
                Some(Flat::Str(name)) => DrawReason::from_name(name).unwrap_or(DrawReason::Exhaustive),
                Some(_) => return None,
            };
            let deltas = numbers("deltas")?;
            Some((
                Event::Ryukyoku { reason, deltas: deltas.map_or([0; 4], |d| d.1), tenpai: 0 },
                deltas.is_some(),
                None,
            ))
        }
        "end_game" => {
            let scores = numbers("scores")?;
            Some((Event::EndGame { scores: scores.map_or([0; 4], |s| s.1) }, scores.is_some(), None))
        }
        _ => None,
    }
}

/// The two lines most of a log is made of, matched byte for byte in the two layouts logs write
/// them in (hupai's keys in order; mjai servers' `type` first): a draw
/// `{"actor":0,"pai":"3p","type":"tsumo"}` and a discard
/// `{"actor":0,"pai":"8s","tsumogiri":false,"type":"dahai"}`. None for anything else, which
/// [`quick_event`] reads member by member.
fn common_line(line: &str) -> Option<(Event, bool, Option<u8>)> {
    match common_prefix(line.as_bytes()) {
        Some((event, recorded, len)) if len == line.len() => Some((event, recorded, None)),
        _ => None,
    }
}

/// [`common_line`]'s match at the start of `b`, which may go on past it (the rest of a log):
/// the event, whether it records its result, and the bytes it takes.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn common_prefix(b: &[u8]) -> Option<(Event, bool, usize)> {
    let (actor, pai, tsumogiri, len) = common_fields(b)?;
    Some(match tsumogiri {
        None => (Event::Tsumo { actor, pai }, false, len),
        Some(tsumogiri) => (Event::Dahai { actor, pai, tsumogiri }, true, len),
    })
}

/// Whether `b` holds `text` from `at` on: a comparison of a size known when compiling, which
/// the compiler writes as a few word comparisons (a slice's `starts_with` of a constant called
/// `memcmp` for each: three or four calls a line).
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn holds<const N: usize>(b: &[u8], at: usize, text: &[u8; N]) -> bool {
    b.get(at..).and_then(|rest| rest.first_chunk::<N>()) == Some(text)
}

/// [`common_prefix`]'s fields: the seat, the tile, for a discard whether it was tsumogiri (none
/// for a draw), and the bytes the line takes; [`common_prefix`], inlined where the event goes,
/// builds the event from them.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn common_fields(b: &[u8]) -> Option<(Seat, Pai, Option<bool>, usize)> {
    if holds(b, 0, br#"{"actor":"#) {
        let (actor, pai, at) = seat_and_tile(b, 9)?;
        const TSUMO: &[u8; 16] = br#","type":"tsumo"}"#;
        // In two pieces: a comparison of more than 32 bytes is a call to `bcmp`.
        const FLAG: &[u8; 13] = br#","tsumogiri":"#;
        const KEPT: &[u8; 21] = br#"false,"type":"dahai"}"#;
        const DRAWN: &[u8; 20] = br#"true,"type":"dahai"}"#;
        if holds(b, at, TSUMO) {
            return Some((actor, pai, None, at + TSUMO.len()));
        }
        if !holds(b, at, FLAG) {
            return None;
        }
        let at = at + FLAG.len();
        if holds(b, at, KEPT) {
            return Some((actor, pai, Some(false), at + KEPT.len()));
        }
        return holds(b, at, DRAWN).then_some((actor, pai, Some(true), at + DRAWN.len()));
    }
    if holds(b, 0, br#"{"type":"tsumo","actor":"#) {
        let (actor, pai, at) = seat_and_tile(b, 24)?;
        return holds(b, at, b"}").then_some((actor, pai, None, at + 1));
    }
    if holds(b, 0, br#"{"type":"dahai","actor":"#) {
        let (actor, pai, at) = seat_and_tile(b, 24)?;
        const KEPT: &[u8; 19] = br#","tsumogiri":false}"#;
        const DRAWN: &[u8; 18] = br#","tsumogiri":true}"#;
        if holds(b, at, KEPT) {
            return Some((actor, pai, Some(false), at + KEPT.len()));
        }
        return holds(b, at, DRAWN).then_some((actor, pai, Some(true), at + DRAWN.len()));
    }
    None
}

/// [`common_fields`]' seat digit at `at`, then `,"pai":"`, the tile's name and its closing quote:
/// the seat, the tile and where what follows starts. Inlined into each layout (as a closure it
/// was a call a line, its answer returned through memory).
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn seat_and_tile(b: &[u8], at: usize) -> Option<(Seat, Pai, usize)> {
    // The layouts' cursor: one reader of a seat and a quoted tile for every matcher.
    let mut c = Layout { b, at };
    let actor = c.seat()?;
    // The key and the name's opening quote compared as one word.
    c.expect(br#","pai":""#)?;
    let (pai, after) = quoted_tile(b, c.at)?;
    Some((actor, pai, after))
}

/// A tile's name from `at` to its closing quote, read as [`flat_members`] reads a string (no
/// escapes, no control characters) and then [`Pai::from_name_bytes`]: the tile and where what
/// follows the quote starts. The names of the 34 kinds and the red fives (one to three bytes,
/// none of them a quote, a backslash or a control character, so the first quote after them is
/// the string's end) are found by looking at the bytes where their quote would be; anything
/// else is searched for as before.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn quoted_tile(b: &[u8], at: usize) -> Option<(Pai, usize)> {
    let rest = b.get(at..)?;
    let len = match rest {
        [_, b'"', ..] => 1,
        [_, _, b'"', ..] => 2,
        [_, _, _, b'"', ..] => 3,
        _ => 0,
    };
    if len > 0
        && let Some(pai) = Pai::from_common_name(&rest[..len])
    {
        return Some((pai, at + len + 1));
    }
    let len = rest.iter().position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
    if rest[len] != b'"' {
        return None;
    }
    Some((Pai::from_name_bytes(&rest[..len])?, at + len + 1))
}

/// A line read by a quick reader: the event, whether it records its result (as [`LogEvent`]'s
/// `recorded`), and for a `start_kyoku` the players its scores count.
type QuickEvent = (Event, bool, Option<u8>);

/// The other lines as hupai writes them (each key once, in order, no spaces), matched byte for
/// byte as [`common_fields`] matches draws and discards: calls, riichi, the end of a hand,
/// wins, draws, the end of a game and the deals (each line's members were gathered into a list
/// and then looked up key by key, its lists cut at their quotes and commas). The answer is
/// [`flat_event`]'s for the same line; none for anything else (another layout, another kind,
/// a value out of the forms `flat_members` takes), which `flat_event` then reads.
fn layout_event(line: &str) -> Option<QuickEvent> {
    layout_prefix(line).and_then(|(event, len)| (len == line.len()).then_some(event))
}

/// [`layout_event`]'s match at the start of `text`, which may go on past it (the rest of a
/// log), and the bytes it takes: no match crosses a newline (its texts, names and numbers hold
/// none), so the reader matches a line in place, without looking for its end first. Not
/// inlined: its event is written once, where the caller takes it, rather than field by field
/// through the reader's registers and stack.
#[inline(never)]
fn layout_prefix(text: &str) -> Option<(QuickEvent, usize)> {
    let mut c = Layout { b: text.as_bytes(), at: 0 };
    let plain = |e: Event| Some((e, false, None));
    let event = if c.text(br#"{"actor":"#) {
        let actor = c.seat()?;
        if c.text(br#","consumed":["#) {
            let consumed = [c.tile()?, c.then(b',')?.tile()?];
            c.then(b']')?.expect(br#","pai":"#)?;
            let pai = c.tile()?;
            c.expect(br#","target":"#)?;
            let target = c.seat()?;
            if c.text(br#","type":"chi"}"#) {
                plain(Event::Chi { actor, target, pai, consumed })
            } else {
                c.expect(br#","type":"pon"}"#)?;
                plain(Event::Pon { actor, target, pai, consumed })
            }
        } else if c.text(br#","deltas":"#) {
            let (_, deltas) = c.numbers()?;
            c.expect(br#","pai":"#)?;
            let pai = c.tile()?;
            c.expect(br#","target":"#)?;
            let target = c.seat()?;
            c.expect(br#","type":"hora","ura_markers":["#)?;
            // At most four, as `flat_members` takes a list of strings.
            let mut ura_markers = [Pai::UNKNOWN; 5];
            let mut ura_len = 0u8;
            if !c.text(b"]") {
                loop {
                    if ura_len == 4 {
                        return None;
                    }
                    ura_markers[usize::from(ura_len)] = c.tile()?;
                    ura_len += 1;
                    if c.text(b"]") {
                        break;
                    }
                    c.then(b',')?;
                }
            }
            c.expect(b"}")?;
            let score = WinScore::UNSCORED;
            Some((Event::Hora { actor, target, pai, deltas, ura_markers, ura_len, score }, true, None))
        } else if c.text(br#","type":"reach"}"#) {
            plain(Event::Reach { actor })
        } else {
            c.expect(br#","type":"reach_accepted"}"#)?;
            plain(Event::ReachAccepted { actor })
        }
    } else if c.text(br#"{"type":"end_kyoku"}"#) {
        plain(Event::EndKyoku)
    } else if c.text(br#"{"bakaze":"#) {
        let bakaze = c.tile()?;
        if !bakaze.kind().is_some_and(|k| k.is_wind()) {
            return None;
        }
        c.expect(br#","dora_marker":"#)?;
        let dora_marker = c.tile()?;
        c.expect(br#","honba":"#)?;
        let honba = c.small()?;
        c.expect(br#","kyoku":"#)?;
        let kyoku = c.small()?;
        if !(1..=4).contains(&kyoku) {
            return None;
        }
        c.expect(br#","kyotaku":"#)?;
        let kyotaku = c.small()?;
        c.expect(br#","oya":"#)?;
        let oya = c.seat()?;
        c.expect(br#","scores":"#)?;
        let (players, scores) = c.numbers()?;
        c.expect(br#","tehais":["#)?;
        let mut tehais = [[Pai::UNKNOWN; 13]; 4];
        let mut hands = 0;
        loop {
            *tehais.get_mut(hands)? = c.hand()?;
            hands += 1;
            if c.text(b"]") {
                break;
            }
            c.then(b',')?;
        }
        if hands < 3 {
            return None;
        }
        c.expect(br#","type":"start_kyoku"}"#)?;
        Some((
            Event::StartKyoku { bakaze, dora_marker, kyoku, honba, kyotaku, oya, scores, tehais },
            false,
            Some(players),
        ))
    } else if c.text(br#"{"deltas":"#) {
        let (_, deltas) = c.numbers()?;
        c.expect(br#","reason":""#)?;
        let start = c.at;
        let len = c.b[start..].iter().position(|&x| x == b'"' || x == b'\\' || x < 0x20)?;
        if c.b[start + len] != b'"' {
            return None;
        }
        // A name no writer uses: kept as a draw without a reason (see `DrawReason::from_name`).
        let reason = DrawReason::from_name(text.get(start..start + len)?).unwrap_or(DrawReason::Exhaustive);
        c.at = start + len + 1;
        c.expect(br#","type":"ryukyoku"}"#)?;
        Some((Event::Ryukyoku { reason, deltas, tenpai: 0 }, true, None))
    } else if c.text(br#"{"scores":"#) {
        let (_, scores) = c.numbers()?;
        c.expect(br#","type":"end_game"}"#)?;
        Some((Event::EndGame { scores }, true, None))
    } else {
        None
    };
    Some((event?, c.at))
}

/// [`layout_event`]'s place in a line.
struct Layout<'a> {
    b: &'a [u8],
    at: usize,
}

impl Layout<'_> {
    /// Past `text` if the line holds it here.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn text<const N: usize>(&mut self, text: &[u8; N]) -> bool {
        let found = holds(self.b, self.at, text);
        if found {
            self.at += N;
        }
        found
    }

    /// [`Self::text`] as an option, for `?`.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn expect<const N: usize>(&mut self, text: &[u8; N]) -> Option<()> {
        self.text(text).then_some(())
    }

    /// Past the byte `c` if it is here.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn then(&mut self, c: u8) -> Option<&mut Self> {
        (self.b.get(self.at) == Some(&c)).then(|| {
            self.at += 1;
            self
        })
    }

    /// A seat: one digit 0-3 (the text expected next refuses a second digit, as `flat_members`
    /// reads the whole number and `flat_event` refuses it).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn seat(&mut self) -> Option<Seat> {
        match self.b.get(self.at)? {
            d @ b'0'..=b'3' => {
                self.at += 1;
                Some(d - b'0')
            }
            _ => None,
        }
    }

    /// A quoted tile name.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn tile(&mut self) -> Option<Pai> {
        if self.b.get(self.at) != Some(&b'"') {
            return None;
        }
        let (pai, after) = quoted_tile(self.b, self.at + 1)?;
        self.at = after;
        Some(pai)
    }

    /// A hand of `start_kyoku`: 13 quoted tile names in brackets. Its place kept in a local
    /// (the 52 names of a deal are most of the line).
    fn hand(&mut self) -> Option<[Pai; 13]> {
        let (b, mut at) = (self.b, self.at);
        if b.get(at) != Some(&b'[') {
            return None;
        }
        at += 1;
        let mut hand = [Pai::UNKNOWN; 13];
        for (i, slot) in hand.iter_mut().enumerate() {
            if i > 0 {
                if b.get(at) != Some(&b',') {
                    return None;
                }
                at += 1;
            }
            if b.get(at) != Some(&b'"') {
                return None;
            }
            let (pai, after) = quoted_tile(b, at + 1)?;
            *slot = pai;
            at = after;
        }
        if b.get(at) != Some(&b']') {
            return None;
        }
        self.at = at + 1;
        Some(hand)
    }

    /// A whole number below 256 as JSON writes it (no sign, no leading zero): what
    /// `flat_event`'s `small` takes.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn small(&mut self) -> Option<u8> {
        let digits = self.b.get(self.at..)?.iter().take_while(|c| c.is_ascii_digit()).count();
        let text = self.b.get(self.at..self.at + digits)?;
        if digits == 0 || digits > 3 || (digits > 1 && text[0] == b'0') {
            return None;
        }
        let n = text.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        self.at += digits;
        u8::try_from(n).ok()
    }

    /// A list of 3 or 4 whole numbers, each `-?[0-9]+` without a leading zero and at most nine
    /// digits (what `flat_members` takes and `flat_event` reads as scores or deltas; not `-0`):
    /// how many and the numbers.
    /// Read digit by digit in one pass, its place kept in a local.
    fn numbers(&mut self) -> Option<(u8, [i32; 4])> {
        let (b, mut at) = (self.b, self.at);
        if b.get(at) != Some(&b'[') {
            return None;
        }
        at += 1;
        let mut out = [0i32; 4];
        let mut n = 0;
        loop {
            let negative = b.get(at) == Some(&b'-');
            if negative {
                at += 1;
            }
            let start = at;
            let mut value = 0i32;
            while let Some(&d) = b.get(at)
                && d.is_ascii_digit()
            {
                if at - start == 9 {
                    return None;
                }
                value = value * 10 + i32::from(d - b'0');
                at += 1;
            }
            let digits = at - start;
            if digits == 0 || ((digits > 1 || negative) && b[start] == b'0') {
                return None;
            }
            *out.get_mut(n)? = if negative { -value } else { value };
            n += 1;
            match b.get(at) {
                Some(b']') => break,
                Some(b',') => at += 1,
                _ => return None,
            }
        }
        self.at = at + 1;
        (n >= 3).then_some((n as u8, out))
    }
}

/// The hands of a `start_kyoku` from the text between the outer brackets of its `tehais`
/// (lists of strings without escapes, as [`flat_members`] took them): 3 or 4 hands of 13 tiles.
fn hands(list: &str) -> Option<[[Pai; 13]; 4]> {
    let mut tehais = [[Pai::UNKNOWN; 13]; 4];
    let (mut hand, mut tiles) = (0usize, 0usize);
    // The strings hold no quotes: from each opening quote to the next is a tile's name; between
    // the names, the brackets, commas and whitespace. Byte by byte: 52 names a line.
    let b = list.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let len = b[i + 1..].iter().position(|&c| c == b'"')?;
                *tehais.get_mut(hand)?.get_mut(tiles)? = Pai::from_name_bytes(&b[i + 1..i + 1 + len])?;
                tiles += 1;
                i += len + 2;
                continue;
            }
            b'[' => tiles = 0,
            b']' => {
                if tiles != 13 {
                    return None;
                }
                hand += 1;
            }
            _ => {}
        }
        i += 1;
    }
    matches!(hand, 3 | 4).then_some(tehais)
}

/// Players at the table from a `start_kyoku` line's scores.
fn players_of(v: &Json<'_>) -> Option<u8> {
    let n = v.get("scores")?.as_array()?.len();
    matches!(n, 3 | 4).then_some(n as u8)
}

fn field<'a>(v: &'a Json<'a>, key: &str) -> Result<&'a Json<'a>, String> {
    v.get(key).ok_or_else(|| format!("{} without '{key}'", v.get("type").and_then(Json::as_str).unwrap_or("event")))
}

fn seat(v: &Json<'_>, key: &str) -> Result<Seat, String> {
    let x = field(v, key)?;
    x.as_u64().filter(|&s| s < 4).map(|s| s as Seat).ok_or_else(|| format!("'{key}' must be a seat 0-3, not {x}"))
}

fn small(v: &Json<'_>, key: &str) -> Result<u8, String> {
    let x = field(v, key)?;
    x.as_u64().filter(|&n| n < 256).map(|n| n as u8).ok_or_else(|| format!("'{key}' must be a small number, not {x}"))
}

fn pai_of(x: &Json<'_>) -> Result<Pai, String> {
    let name = x.as_str().ok_or_else(|| format!("a tile must be a string like \"5mr\", not {x}"))?;
    name.parse::<Pai>().map_err(|e| e.to_string())
}

fn pai(v: &Json<'_>, key: &str) -> Result<Pai, String> {
    pai_of(field(v, key)?)
}

fn pais<const N: usize>(v: &Json<'_>, key: &str) -> Result<[Pai; N], String> {
    let list = field(v, key)?.as_array().ok_or_else(|| format!("'{key}' must be a list of tiles"))?;
    if list.len() != N {
        return Err(format!("'{key}' must hold {N} tiles, not {}", list.len()));
    }
    let mut out = [Pai::UNKNOWN; N];
    for (slot, x) in out.iter_mut().zip(list) {
        *slot = pai_of(x)?;
    }
    Ok(out)
}

fn scores(v: &Json<'_>, key: &str) -> Result<Option<[i32; 4]>, String> {
    let Some(x) = v.get(key) else { return Ok(None) };
    if x.is_null() {
        return Ok(None);
    }
    let list = x.as_array().ok_or_else(|| format!("'{key}' must be a list of numbers"))?;
    if !matches!(list.len(), 3 | 4) {
        return Err(format!("'{key}' must have 3 or 4 entries, not {}", list.len()));
    }
    let mut out = [0i32; 4];
    for (slot, n) in out.iter_mut().zip(list) {
        *slot = n
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| format!("'{key}' holds {n}, not a whole number"))?;
    }
    Ok(Some(out))
}

/// One mjai event: the event, whether it records its deltas, and `start_game`'s names.
fn event_of(v: &Json<'_>) -> Result<(Event, bool, Vec<String>), String> {
    let kind = v.get("type").and_then(Json::as_str).ok_or("an mjai event needs a \"type\"")?;
    let plain = |e: Event| Ok((e, false, Vec::new()));
    match kind {
        "start_game" => {
            let names: Vec<String> = v
                .get("names")
                .and_then(Json::as_array)
                .map(|a| a.iter().map(|n| n.as_str().unwrap_or("").to_string()).collect())
                .unwrap_or_default();
            // hupai's extension: the rules of a family other than riichi.
            let rules = match v.get("rules") {
                None | Some(Json::Null) => None,
                Some(r) => Some(
                    GameRules::from_json(&r.to_value().to_string()).map_err(|e| format!("start_game's rules: {e}"))?,
                ),
            };
            let players = rules.map_or(if names.len() == 3 { 3 } else { 4 }, |r| r.players);
            Ok((Event::StartGame { players, rules }, false, names))
        }
        "start_kyoku" => {
            let bakaze = pai(v, "bakaze")?;
            if !bakaze.kind().is_some_and(|k| k.is_wind()) {
                return Err(format!("'bakaze' must be a wind, not {bakaze}"));
            }
            let scores = scores(v, "scores")?.ok_or("start_kyoku without 'scores'")?;
            let list = field(v, "tehais")?.as_array().ok_or("'tehais' must be a list of hands")?;
            if !matches!(list.len(), 3 | 4) {
                return Err(format!("'tehais' must hold 3 or 4 hands, not {}", list.len()));
            }
            let mut tehais = [[Pai::UNKNOWN; 13]; 4];
            for (hand, x) in tehais.iter_mut().zip(list) {
                let tiles = x.as_array().filter(|t| t.len() == 13).ok_or("each hand of 'tehais' must hold 13 tiles")?;
                for (slot, t) in hand.iter_mut().zip(tiles) {
                    *slot = pai_of(t)?;
                }
            }
            let kyoku = small(v, "kyoku")?;
            if !(1..=4).contains(&kyoku) {
                return Err(format!("'kyoku' must be 1-4, not {kyoku}"));
            }
            plain(Event::StartKyoku {
                bakaze,
                dora_marker: pai(v, "dora_marker")?,
                kyoku,
                honba: small(v, "honba")?,
                kyotaku: small(v, "kyotaku")?,
                oya: seat(v, "oya")?,
                scores,
                tehais,
            })
        }
        "tsumo" => plain(Event::Tsumo { actor: seat(v, "actor")?, pai: pai(v, "pai")? }),
        "dahai" => {
            let tsumogiri = v.get("tsumogiri").and_then(Json::as_bool);
            // A log without the flag: the replay decides it from the tile just drawn (`recorded` false).
            Ok((
                Event::Dahai { actor: seat(v, "actor")?, pai: pai(v, "pai")?, tsumogiri: tsumogiri.unwrap_or(false) },
                tsumogiri.is_some(),
                Vec::new(),
            ))
        }
        "chi" => plain(Event::Chi {
            actor: seat(v, "actor")?,
            target: seat(v, "target")?,
            pai: pai(v, "pai")?,
            consumed: pais(v, "consumed")?,
        }),
        "pon" => plain(Event::Pon {
            actor: seat(v, "actor")?,
            target: seat(v, "target")?,
            pai: pai(v, "pai")?,
            consumed: pais(v, "consumed")?,
        }),
        "daiminkan" => plain(Event::Daiminkan {
            actor: seat(v, "actor")?,
            target: seat(v, "target")?,
            pai: pai(v, "pai")?,
            consumed: pais(v, "consumed")?,
        }),
        "kakan" => {
            plain(Event::Kakan { actor: seat(v, "actor")?, pai: pai(v, "pai")?, consumed: pais(v, "consumed")? })
        }
        "ankan" => plain(Event::Ankan { actor: seat(v, "actor")?, consumed: pais(v, "consumed")? }),
        "hua" => {
            let pai = pai(v, "pai")?;
            if !pai.is_flower() {
                return Err(format!("hua sets a flower aside (1f-8f), not {pai}"));
            }
            plain(Event::Hua { actor: seat(v, "actor")?, pai })
        }
        "niao" => {
            let list = field(v, "pais")?.as_array().ok_or("'pais' must be a list of tiles")?;
            let mut pais = [Pai::UNKNOWN; 8];
            if list.len() > pais.len() {
                return Err(format!("'pais' holds {} birds; at most {}", list.len(), pais.len()));
            }
            for (slot, x) in pais.iter_mut().zip(list) {
                *slot = pai_of(x)?;
            }
            plain(Event::Niao { actor: seat(v, "actor")?, pais, len: list.len() as u8 })
        }
        "cuohu" => {
            let deltas = scores(v, "deltas")?;
            Ok((
                Event::Cuohu { actor: seat(v, "actor")?, deltas: deltas.unwrap_or([0; 4]) },
                deltas.is_some(),
                Vec::new(),
            ))
        }
        "huansanzhang" => {
            let list =
                field(v, "pais")?.as_array().filter(|l| l.len() == 3).ok_or("'pais' must be a list of 3 tiles")?;
            let mut pais = [Pai::UNKNOWN; 3];
            for (slot, x) in pais.iter_mut().zip(list) {
                *slot = pai_of(x)?;
            }
            plain(Event::Huansanzhang { actor: seat(v, "actor")?, target: seat(v, "target")?, pais })
        }
        "dingque" => {
            let letter = field(v, "suit")?.as_str().unwrap_or("");
            let suit = match letter {
                "m" => Suit::Man,
                "p" => Suit::Pin,
                "s" => Suit::Sou,
                _ => return Err(format!("'suit' must be m, p or s, not {letter:?}")),
            };
            plain(Event::Dingque { actor: seat(v, "actor")?, suit })
        }
        "gangfen" => {
            let deltas = scores(v, "deltas")?;
            Ok((
                Event::Gangfen { actor: seat(v, "actor")?, deltas: deltas.unwrap_or([0; 4]) },
                deltas.is_some(),
                Vec::new(),
            ))
        }
        "kita" | "nukidora" => plain(Event::Kita { actor: seat(v, "actor")?, pai: Pai::NORTH }),
        "dora" => plain(Event::Dora { dora_marker: pai(v, "dora_marker")? }),
        "qishouhu" => {
            let names = field(v, "hands")?.as_array().ok_or("'hands' must be a list of names")?;
            let mut hands = [0u8; 4];
            for x in names {
                let name = x.as_str().unwrap_or("");
                let k = crate::event::OPENING_NAMES
                    .iter()
                    .position(|n| *n == name)
                    .ok_or_else(|| format!("'hands' holds {x}, not one of sixi, banban, queyise, liuliushun"))?;
                hands[k] = hands[k].saturating_add(1);
            }
            let deltas = scores(v, "deltas")?;
            Ok((
                Event::Qishouhu { actor: seat(v, "actor")?, hands, deltas: deltas.unwrap_or([0; 4]) },
                deltas.is_some(),
                Vec::new(),
            ))
        }
        "kaigang" => plain(Event::Kaigang { actor: seat(v, "actor")?, pais: pais(v, "pais")? }),
        "haidi" => plain(Event::Haidi { actor: seat(v, "actor")? }),
        "reach" => plain(Event::Reach { actor: seat(v, "actor")? }),
        "reach_accepted" => plain(Event::ReachAccepted { actor: seat(v, "actor")? }),
        "hora" => {
            let actor = seat(v, "actor")?;
            let target = if v.get("target").is_some() { seat(v, "target")? } else { actor };
            let deltas = scores(v, "deltas")?;
            let mut ura_markers = [Pai::UNKNOWN; 5];
            let mut ura_len = 0u8;
            if let Some(list) = v.get("ura_markers").or_else(|| v.get("uradora_markers")).and_then(Json::as_array) {
                for (slot, x) in ura_markers.iter_mut().zip(list) {
                    *slot = pai_of(x)?;
                    ura_len += 1;
                }
            }
            let pai = v.get("pai").map(pai_of).transpose()?.unwrap_or(Pai::UNKNOWN);
            let score = score_of(v)?.unwrap_or(WinScore::UNSCORED);
            Ok((
                Event::Hora { actor, target, pai, deltas: deltas.unwrap_or([0; 4]), ura_markers, ura_len, score },
                deltas.is_some(),
                Vec::new(),
            ))
        }
        "ryukyoku" => {
            // A reason no writer uses is kept as a draw without a reason: the replay decides
            // which draw it is from the game and checks the deltas.
            let reason = match v.get("reason") {
                None | Some(Json::Null) => DrawReason::Exhaustive,
                Some(r) => match r.as_str() {
                    Some(name) => DrawReason::from_name(name).unwrap_or(DrawReason::Exhaustive),
                    None => return Err(format!("ryukyoku's reason must be a name, not {r}")),
                },
            };
            let deltas = scores(v, "deltas")?;
            Ok((Event::Ryukyoku { reason, deltas: deltas.unwrap_or([0; 4]), tenpai: 0 }, deltas.is_some(), Vec::new()))
        }
        "end_kyoku" => plain(Event::EndKyoku),
        "end_game" => {
            let s = scores(v, "scores")?;
            Ok((Event::EndGame { scores: s.unwrap_or([0; 4]) }, s.is_some(), Vec::new()))
        }
        other => Err(format!("unknown mjai event type '{other}'")),
    }
}

/// A game's events as mjai JSON lines (each line an object, `\n` after each).
pub fn write(events: &[Event], players: u8) -> String {
    let mut out = String::new();
    // A game's rules come with its `start_game`: under a Chinese family the wins carry their
    // score.
    let mut fans = false;
    for e in events {
        if let Event::StartGame { rules, .. } = e {
            fans = rules.is_some_and(|r| r.family != Family::Riichi);
        }
        out.push_str(&logged_json(e, players, fans).to_string());
        out.push('\n');
    }
    out
}

/// Reads a bot's reply as mjai writes it (what [`action_json`] writes): the action and its
/// `actor`, if the object names one. Errors name the key that is missing or wrong.
///
/// ```
/// use hupai_game::{Action, Pai, mjai};
///
/// let reply = serde_json::json!({"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": false});
/// assert_eq!(mjai::action_from_json(&reply)?, (Some(0), Action::Dahai { pai: Pai::RED_5M, tsumogiri: false }));
/// # Ok::<(), String>(())
/// ```
pub fn action_from_json(value: &Value) -> Result<(Option<Seat>, Action), String> {
    let Value::Object(object) = value else { return Err(format!("an action is a JSON object, not {value}")) };
    let kind = object.get("type").and_then(Value::as_str).ok_or("the action has no \"type\" string")?;
    let actor = match object.get("actor") {
        None | Some(Value::Null) => None,
        Some(v) => {
            Some(v.as_u64().filter(|&s| s < 4).ok_or_else(|| format!("\"actor\" must be a seat 0-3, not {v}"))? as Seat)
        }
    };
    let pai = |key: &str| -> Result<Pai, String> {
        let v = object.get(key).ok_or_else(|| format!("{kind} needs \"{key}\""))?;
        let name = v.as_str().ok_or_else(|| format!("\"{key}\" must be a tile name, not {v}"))?;
        let pai: Pai = name.parse().map_err(|e: crate::pai::PaiError| format!("\"{key}\": {e}"))?;
        if pai.is_unknown() {
            return Err(format!("\"{key}\" must be a tile, not ?"));
        }
        Ok(pai)
    };
    let consumed = |n: usize| -> Result<[Pai; 4], String> {
        let v = object.get("consumed").ok_or_else(|| format!("{kind} needs \"consumed\""))?;
        let list =
            v.as_array().filter(|l| l.len() == n).ok_or_else(|| format!("\"consumed\" must be {n} tiles, not {v}"))?;
        let mut out = [Pai::UNKNOWN; 4];
        for (slot, item) in out.iter_mut().zip(list) {
            let name = item.as_str().ok_or_else(|| format!("\"consumed\" holds {item}, not a tile name"))?;
            *slot = name.parse().map_err(|e: crate::pai::PaiError| format!("\"consumed\": {e}"))?;
            if slot.is_unknown() {
                return Err("\"consumed\" must hold tiles, not ?".into());
            }
        }
        Ok(out)
    };
    let action = match kind {
        "dahai" => {
            let tsumogiri = match object.get("tsumogiri") {
                None => false,
                Some(v) => v.as_bool().ok_or_else(|| format!("\"tsumogiri\" must be true or false, not {v}"))?,
            };
            Action::Dahai { pai: pai("pai")?, tsumogiri }
        }
        "reach" => Action::Reach,
        "chi" => {
            let c = consumed(2)?;
            Action::Chi { pai: pai("pai")?, consumed: [c[0], c[1]] }
        }
        "pon" => {
            let c = consumed(2)?;
            Action::Pon { pai: pai("pai")?, consumed: [c[0], c[1]] }
        }
        "daiminkan" => {
            let c = consumed(3)?;
            Action::Daiminkan { pai: pai("pai")?, consumed: [c[0], c[1], c[2]] }
        }
        "kakan" => Action::Kakan { pai: pai("pai")? },
        "ankan" => Action::Ankan { consumed: consumed(4)? },
        "kita" => Action::Kita,
        "hora" => Action::Hora,
        "ryukyoku" => Action::Ryukyoku,
        "none" => Action::None,
        "qishouhu" => Action::Qishouhu,
        "kaigang" => Action::Kaigang { pai: pai("pai")? },
        "haidi" => Action::Haidi,
        "huansanzhang" => Action::Exchange { pai: pai("pai")? },
        "dingque" => {
            let v = object.get("suit").ok_or("dingque needs \"suit\"")?;
            let suit = match v.as_str() {
                Some("m") => Suit::Man,
                Some("p") => Suit::Pin,
                Some("s") => Suit::Sou,
                _ => return Err(format!("\"suit\" must be m, p or s, not {v}")),
            };
            Action::Dingque { suit }
        }
        other => {
            return Err(format!(
                "\"{other}\" is not an action (dahai, reach, chi, pon, daiminkan, kakan, ankan, kita, hora, ryukyoku, none, qishouhu, kaigang, haidi, huansanzhang, dingque)"
            ));
        }
    };
    Ok((actor, action))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, GameRules};

    /// Sichuan's deal actions read back as written, so the JSON doors can play them.
    #[test]
    fn the_sichuan_deal_actions_read_back() {
        for action in [
            Action::Exchange { pai: "6p".parse().unwrap() },
            Action::Dingque { suit: Suit::Sou },
            Action::Dingque { suit: Suit::Man },
        ] {
            let json = action_json(2, 2, &action);
            assert_eq!(action_from_json(&json), Ok((Some(2), action)), "{json}");
        }
        let e = action_from_json(&json!({"type": "dingque", "actor": 0, "suit": "z"})).unwrap_err();
        assert!(e.contains("suit"), "{e}");
    }

    /// The quick reader of common lines gives what the general one gives, and leaves every
    /// line it does not take exactly as it is to the general one.
    /// Draws and discards read in place (their end the line's) give the same games as the same
    /// lines read one by one: a log as written, and the same log with its lines ended by CRLF,
    /// spaced after, indented, separated by blank lines and without its last newline (each of
    /// which the reader in place leaves to the line-by-line path).
    #[test]
    fn lines_read_in_place_read_as_cut_at_their_newlines() {
        for (rules, players) in [(GameRules::TENHOU, 4), (GameRules::preset("tenhou-3p").unwrap(), 3)] {
            let mut text = String::new();
            for seed in 0..3 {
                let mut game = Game::new(rules, seed);
                let mut rng = crate::wall::SplitMix64(seed + 40);
                while let Some(seat) = game.next_seat() {
                    let legal = game.legal_actions(seat);
                    game.apply(seat, legal[rng.below(legal.len() as u64) as usize]).unwrap();
                }
                text.push_str(&write(game.events(), players));
            }
            let (plain, lines) = read_counting(&text);
            assert!(plain.len() == 3 && plain.iter().all(Result::is_ok), "{plain:?}");
            let variant = |f: &dyn Fn(usize, &str) -> String| -> String {
                text.lines().enumerate().map(|(i, l)| f(i, l)).collect::<Vec<_>>().join("\n")
            };
            for other in [
                variant(&|_, l| format!("{l}\r")),
                variant(&|i, l| if i % 3 == 0 { format!("{l} ") } else { l.to_string() }),
                variant(&|i, l| if i % 5 == 0 { format!("\t{l}") } else { l.to_string() }),
                variant(&|i, l| if i % 7 == 0 { format!("\n{l}\n") } else { l.to_string() }),
                text.trim_end().to_string(),
            ] {
                let (read, counted) = read_counting(&other);
                assert_eq!(counted, lines);
                assert_eq!(read, plain);
            }
        }
    }

    #[test]
    fn quick_reader_answers_as_the_general_one() {
        let mut quick = 0;
        let (mut kinds, mut all) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
        let (mut laid_out, mut unread) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
        for (rules, players) in [(GameRules::TENHOU, 4), (GameRules::preset("tenhou-3p").unwrap(), 3)] {
            let mut game = Game::new(rules, 5);
            let mut rng = crate::wall::SplitMix64(9);
            while let Some(seat) = game.next_seat() {
                let legal = game.legal_actions(seat);
                game.apply(seat, legal[rng.below(legal.len() as u64) as usize]).unwrap();
            }
            for written in write(game.events(), players).lines() {
                let line = written;
                let spaced = line.replace(':', " : ").replace(',', " ,\t");
                let more = line.replacen('{', "{\"x\":[\"a\"],\"y\":true,", 1);
                for line in [line, &spaced, &more] {
                    // The layouts matched byte for byte answer as the flat reader, and take
                    // every line of the kinds they know as hupai writes it.
                    let layout = layout_event(line);
                    if layout.is_some() {
                        assert_eq!(layout, flat_event(line), "{line}");
                        laid_out.insert(layout.map_or("", |(e, ..)| e.kind()));
                    } else if line.len() == written.len() && common_line(line).is_none() {
                        unread.insert(line.to_string());
                    }
                    let value = Json::parse(line).unwrap();
                    let general = event_of(&value).map(|(e, r, _)| (e, r));
                    all.insert(general.as_ref().map_or("", |(e, _)| e.kind()));
                    if let Some((e, r, players)) = quick_event(line) {
                        assert_eq!(Ok((e, r)), general, "{line}");
                        if matches!(e, Event::StartKyoku { .. }) {
                            assert_eq!(players, players_of(&value), "{line}");
                            assert_eq!(players, Some(players_of(&value).unwrap_or(0)));
                        }
                        quick += 1;
                        kinds.insert(e.kind());
                    }
                }
            }
        }
        assert!(quick > 1000, "{quick}");
        // Every kind of line these games write but draws and discards (matched in place),
        // `start_game` (names, rules), kans, dora, kita and nine terminals' draws (which name
        // no deltas) is matched by its layout.
        for kind in
            ["chi", "pon", "reach", "reach_accepted", "end_kyoku", "hora", "ryukyoku", "end_game", "start_kyoku"]
        {
            assert!(laid_out.contains(kind) || !all.contains(kind), "{kind}: {laid_out:?}");
        }
        assert!(laid_out.len() >= 5, "{laid_out:?}");
        for line in &unread {
            let kind = Json::parse(line).ok().and_then(|v| v.get("type").and_then(Json::as_str).map(str::to_string));
            assert!(
                matches!(
                    kind.as_deref(),
                    Some("start_game" | "daiminkan" | "kakan" | "ankan" | "dora" | "kita" | "ryukyoku")
                ),
                "{line}"
            );
        }
        // Every kind of these logs but start_game (names, rules) is read quickly.
        all.remove("start_game");
        assert!(all.is_subset(&kinds) && kinds.contains("start_kyoku"), "{all:?} {kinds:?}");
        // The common lines in both layouts are matched whole; the same answer.
        for line in [
            r#"{"actor":3,"pai":"5mr","type":"tsumo"}"#,
            r#"{"actor":0,"pai":"?","type":"tsumo"}"#,
            r#"{"actor":1,"pai":"C","tsumogiri":false,"type":"dahai"}"#,
            r#"{"actor":2,"pai":"9s","tsumogiri":true,"type":"dahai"}"#,
            r#"{"type":"tsumo","actor":0,"pai":"1m"}"#,
            r#"{"type":"dahai","actor":3,"pai":"E","tsumogiri":true}"#,
            r#"{"type":"dahai","actor":3,"pai":"E","tsumogiri":false}"#,
        ] {
            let general = event_of(&Json::parse(line).unwrap()).map(|(e, r, _)| (e, r));
            let (e, r, _) = common_line(line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(Ok((e, r)), general, "{line}");
        }
        for line in [
            r#"{"actor":4,"pai":"5m","type":"tsumo"}"#,
            r#"{"actor":0,"pai":"5\u006d","type":"tsumo"}"#,
            r#"{"actor":0,"pai":"5m","type":"tsumo"} "#,
            r#"{"actor":0,"pai":"5m","type":"tsumo","type":"dahai"}"#,
            r#"{"actor":0,"pai":"5m","tsumogiri":0,"type":"dahai"}"#,
            r#"{"actor":0,"pai":"5x","type":"tsumo"}"#,
            r#"{"actor":0,"pai":"5m"}"#,
            r#"{"actor":0,"pai":"5m""#,
            r#"{"actor":0"#,
            r#"{"type":"tsumo","actor":0,"pai":"1m","x":1}"#,
            r#"{"type":"dahai","actor":0,"pai":"1m"}"#,
            r#"{"type":"dahai","actor":10,"pai":"1m","tsumogiri":true}"#,
        ] {
            assert!(common_line(line).is_none(), "{line}");
        }
        // Lines read quickly: the same answer.
        for line in [
            r#"{"type":"hora","actor":2,"deltas":[-0,1,2]}"#,
            r#"{"type":"hora","actor":2,"deltas":[0,1,-2]}"#,
            r#"{"type":"hora","actor":2,"deltas":[0,1,-2],"ura_markers":[]}"#,
            r#"{"type":"hora","actor":2,"pai":"5mr","target":0,"ura_markers":["1m", "N"]}"#,
            r#"{"type":"ryukyoku"}"#,
            r#"{"type":"ryukyoku","reason":"nagashimangan","deltas":[1,2,3,4]}"#,
            r#"{"type":"ryukyoku","reason":"exhaustive_draw","deltas":[1,2,3,4]}"#,
            r#"{"type":"ryukyoku","reason":"kyushu_kyuhai"}"#,
            r#"{"type":"ryukyoku","reason":"a name no writer uses"}"#,
            r#"{"type":"end_game"}"#,
            r#"{"type":"end_game","scores":[ 1 , -2 , 3 ]}"#,
            r#"{"type":"start_kyoku","bakaze":"S","dora_marker":"1m","kyoku":4,"honba":255,"kyotaku":0,"oya":3,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"] , [ "1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m" ] ]}"#,
        ] {
            let value = Json::parse(line).unwrap();
            let general = event_of(&value).map(|(e, r, _)| (e, r));
            let quick = quick_event(line);
            if line.contains("-0") {
                assert!(quick.is_none(), "{line}");
                continue;
            }
            let (e, r, players) = quick.unwrap_or_else(|| panic!("{line}"));
            assert_eq!(Ok((e, r)), general, "{line}");
            if matches!(e, Event::StartKyoku { .. }) {
                assert_eq!(players, players_of(&value), "{line}");
            }
        }
        for line in [
            r#"{"type":"dahai","actor":0,"pai":"5m","tsumogiri":1}"#,
            r#"{"type":"tsumo","actor":0,"actor":1,"pai":"5m"}"#,
            r#"{"type":"tsumo","actor":4,"pai":"5m"}"#,
            r#"{"type":"tsumo","actor":0,"pai":"5x"}"#,
            r#"{"type":"tsumo","actor":0.0,"pai":"5m"}"#,
            r#"{"type":"tsumo","actor":00,"pai":"5m"}"#,
            r#"{"type":"tsumo","actor":-1,"pai":"5m"}"#,
            r#"{"type":"tsumo","actor":0,"pai":"5\u006d"}"#,
            r#"{"type":"tsumo","actor":0,"pai":"5m"} x"#,
            r#"{"type":"tsumo","actor":0,"pai":"5m",}"#,
            r#"{"type":"tsumo","actor":0,"pai":null}"#,
            r#"{"type":"pon","actor":0,"target":1,"pai":"5m","consumed":["5m","5m","5m"]}"#,
            r#"{"type":"tsumo","actor":0,"pai":"5m""#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":[1,2]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":[1,2,3,4,5]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":[1,2,3,4000000000]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":[1,2,3,4.0]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":[1,2,3,04]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":[1,2,3,-]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":null}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","deltas":[1,2,3],"uradora_markers":["1m"]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","ura_markers":"1m"}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":"5m","ura_markers":["1x"]}"#,
            r#"{"type":"hora","actor":0,"target":1,"pai":5}"#,
            r#"{"type":"ryukyoku","reason":1}"#,
            r#"{"type":"end_game","scores":["1","2","3"]}"#,
            r#"{"type":"start_kyoku","bakaze":"1m","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":5,"honba":0,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":256,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":4,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[1,2],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m]"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"]]}"#,
            r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m"],[1]]}"#,
        ] {
            assert!(quick_event(line).is_none(), "{line}");
        }
    }

    /// The layouts matched byte for byte answer as the flat reader wherever they answer, and as
    /// the general one; they take the lines as hupai writes them.
    #[test]
    fn layouts_answer_as_the_flat_reader() {
        for line in [
            r#"{"actor":1,"consumed":["2p","3p"],"pai":"1p","target":0,"type":"chi"}"#,
            r#"{"actor":3,"consumed":["5pr","5p"],"pai":"5p","target":2,"type":"pon"}"#,
            r#"{"actor":1,"consumed":["?","1f"],"pai":"0m","target":3,"type":"pon"}"#,
            r#"{"actor":2,"type":"reach"}"#,
            r#"{"actor":0,"type":"reach_accepted"}"#,
            r#"{"type":"end_kyoku"}"#,
            r#"{"actor":2,"deltas":[0,-12000,13000,0],"pai":"2s","target":1,"type":"hora","ura_markers":["3s"]}"#,
            r#"{"actor":2,"deltas":[0,-12000,13000],"pai":"C","target":2,"type":"hora","ura_markers":[]}"#,
            r#"{"actor":2,"deltas":[999999999,-999999999,0,1],"pai":"5sr","target":0,"type":"hora","ura_markers":["1m","E","5mr","9s"]}"#,
            r#"{"deltas":[0,0,0,0],"reason":"fanpai","type":"ryukyoku"}"#,
            r#"{"deltas":[1000,-1000,1000,-1000],"reason":"kyushukyuhai","type":"ryukyoku"}"#,
            r#"{"deltas":[1,2,3],"reason":"流局","type":"ryukyoku"}"#,
            r#"{"deltas":[1,2,3],"reason":"a name no writer uses","type":"ryukyoku"}"#,
            r#"{"scores":[1,2,3],"type":"end_game"}"#,
            r#"{"scores":[25000,-100,0,75100],"type":"end_game"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"S","dora_marker":"1m","honba":255,"kyoku":4,"kyotaku":12,"oya":3,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[35000,35000,35000],"tehais":[["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[1,2,3],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
        ] {
            let layout = layout_event(line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(Some(layout), flat_event(line), "{line}");
            let value = Json::parse(line).unwrap();
            assert_eq!(event_of(&value).map(|(e, r, _)| (e, r)), Ok((layout.0, layout.1)), "{line}");
            if matches!(layout.0, Event::StartKyoku { .. }) {
                assert_eq!(layout.2, players_of(&value), "{line}");
            }
        }
        for line in [
            r#"{"actor":1,"consumed":["2p","2p","2p"],"pai":"2p","target":0,"type":"pon"}"#,
            r#"{"actor":1,"consumed":["2p","2p"],"pai":"2p","target":0,"type":"daiminkan"}"#,
            r#"{"actor":1,"consumed":["2p"],"pai":"2p","target":0,"type":"chi"}"#,
            r#"{"actor":1,"consumed":["2p","2x"],"pai":"2p","target":0,"type":"chi"}"#,
            r#"{"actor":1,"consumed":["2p","2\\u0070"],"pai":"2p","target":0,"type":"chi"}"#,
            r#"{"actor":4,"consumed":["2p","3p"],"pai":"1p","target":0,"type":"chi"}"#,
            r#"{"actor":1,"consumed":["2p","3p"],"pai":"1p","target":10,"type":"chi"}"#,
            r#"{"actor":1,"consumed":["2p","3p"],"pai":"1p","target":0,"type":"chi"} "#,
            r#"{"actor":1,"consumed":["2p","3p"],"pai":"1p","target":0,"type":"chi","x":1}"#,
            r#"{"actor":1, "type":"reach"}"#,
            r#"{"actor":01,"type":"reach"}"#,
            r#"{"actor":2,"type":"reach_accepted","type":"reach"}"#,
            r#"{"type":"end_kyoku"}x"#,
            r#"{"actor":2,"deltas":[-0,1,2,3],"pai":"2s","target":1,"type":"hora","ura_markers":[]}"#,
            r#"{"actor":2,"deltas":[01,1,2,3],"pai":"2s","target":1,"type":"hora","ura_markers":[]}"#,
            r#"{"actor":2,"deltas":[1000000000,1,2,3],"pai":"2s","target":1,"type":"hora","ura_markers":[]}"#,
            r#"{"actor":2,"deltas":[1,2],"pai":"2s","target":1,"type":"hora","ura_markers":[]}"#,
            r#"{"actor":2,"deltas":[1,2,3,4,5],"pai":"2s","target":1,"type":"hora","ura_markers":[]}"#,
            r#"{"actor":2,"deltas":[1,2,3,4],"pai":"2s","target":1,"type":"hora","ura_markers":["1m","1m","1m","1m","1m"]}"#,
            r#"{"actor":2,"deltas":[1,2,3,4],"pai":"2s","target":1,"type":"hora","ura_markers":["1m",]}"#,
            r#"{"actor":2,"deltas":[1,2,3,4],"pai":"2s","target":1,"type":"hora"}"#,
            r#"{"actor":2,"deltas":[1,2,3,4],"pai":"2s","score":{"han":1},"target":1,"type":"hora","ura_markers":[]}"#,
            r#"{"deltas":[0,0,0,0],"reason":"fan\\u0070ai","type":"ryukyoku"}"#,
            r#"{"deltas":[0,0,0,0],"reason":1,"type":"ryukyoku"}"#,
            r#"{"scores":[1,2,3,],"type":"end_game"}"#,
            r#"{"scores":[],"type":"end_game"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":256,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":1000,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":01,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":5,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"1m","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":4,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"],["2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p","2p"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"1m","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[1,2],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
            r#"{"bakaze":"E","dora_marker":"x","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","5mr"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","?"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","C"],["1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","1m","9s"]],"type":"start_kyoku"}"#,
        ] {
            assert_eq!(layout_event(line), None, "{line}");
        }
    }

    /// Every legal action of random games reads back from its JSON as itself.
    #[test]
    fn actions_read_back() {
        let mut read = 0;
        for rules in [GameRules::TENHOU, GameRules::preset("tenhou-3p").unwrap()] {
            let mut game = Game::new(rules, 11);
            let mut rng = crate::wall::SplitMix64(3);
            while let Some(seat) = game.next_seat() {
                let legal = game.legal_actions(seat);
                for a in &legal {
                    let json = action_json(seat, seat, a);
                    // mjai's pass names no actor.
                    let actor = if *a == Action::None { None } else { Some(seat) };
                    assert_eq!(action_from_json(&json), Ok((actor, *a)), "{json}");
                    read += 1;
                }
                let pick = legal[rng.below(legal.len() as u64) as usize];
                game.apply(seat, pick).unwrap();
            }
        }
        assert!(read > 1000);
        for bad in [
            json!(1),
            json!({}),
            json!({"type": "dahai"}),
            json!({"type": "dahai", "pai": "5x"}),
            json!({"type": "pon", "pai": "5m", "consumed": ["5m"]}),
            json!({"type": "fly"}),
            json!({"type": "none", "actor": 9}),
        ] {
            assert!(action_from_json(&bad).is_err(), "{bad}");
        }
    }
}
