//! Tenhou's mjlog XML (read): `<GO type>` (the rules' bits), `<UN n0…>` (names, URL-encoded),
//! `<SHUFFLE seed>`, then per hand `<INIT seed="kyoku,honba,sticks,dice,dice,dora" ten oya
//! hai0…>`, draws `<T…W id>`, discards `<D…G id>`, calls `<N who m>` (Tenhou's meld bits),
//! `<REACH who step>`, `<DORA hai>`, and `<AGARI …>` or `<RYUUKYOKU …>` with the scores and
//! deltas in hundreds (`sc`), the final scores in `owari`.
//!
//! `GO type` bits: 0x02 no red fives, 0x04 no open tanyao, 0x08 east and south (else east
//! only), 0x10 three players.
//!
//! Tiles are Tenhou's physical ids, so a discard is tsumogiri exactly when it is the id just
//! drawn.

use crate::event::{DrawReason, Event, MOST_YAKU, Seat, WinScore};
use crate::formats::{GameLog, Header, LogError, LogEvent, kyoku_name};
use crate::pai::{Pai, PaiId};
use crate::rules::{GameLength, GameRules};

/// Reads an mjlog file (one game; several `<mjloggm>` documents in one text are several games).
pub fn read(text: &str) -> Vec<Result<GameLog, LogError>> {
    read_counting(text).0
}

/// [`read`], and the count of events read (where a next part's events would start).
pub(crate) fn read_counting(text: &str) -> (Vec<Result<GameLog, LogError>>, usize) {
    let mut games = Vec::new();
    let mut at = 0usize;
    let mut rest = text;
    while let Some(start) = rest.find("<mjloggm") {
        let after = &rest[start..];
        let end = after.find("</mjloggm>").map_or(after.len(), |e| e + "</mjloggm>".len());
        games.push(read_game(&after[..end], games.len(), &mut at));
        rest = &after[end..];
    }
    if games.is_empty() {
        games.push(Err(LogError { game: 0, kyoku: "start".into(), event: 0, message: "no <mjloggm> element".into() }));
    }
    (games, at)
}

/// The tags of a document: name and attributes, in order.
/// A tag: its name and its attributes in order.
type Tag<'a> = (&'a str, Vec<(&'a str, &'a str)>);

fn tags(text: &str) -> Result<Vec<Tag<'_>>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').ok_or("a tag without its '>' (the log is cut short)")? + open;
        let inner = rest[open + 1..close].trim_end_matches('/').trim();
        rest = &rest[close + 1..];
        if inner.starts_with('/') || inner.starts_with('?') || inner.starts_with('!') {
            continue;
        }
        let name_end = inner.find(char::is_whitespace).unwrap_or(inner.len());
        let name = &inner[..name_end];
        let mut attrs = Vec::new();
        let mut a = inner[name_end..].trim();
        while !a.is_empty() {
            let eq = a.find('=').ok_or_else(|| format!("<{name}>: an attribute without a value"))?;
            let key = a[..eq].trim();
            let v = a[eq + 1..].trim_start();
            let quote = v
                .chars()
                .next()
                .filter(|c| *c == '"' || *c == '\'')
                .ok_or_else(|| format!("<{name}>: attribute {key} not quoted"))?;
            let end = v[1..].find(quote).ok_or_else(|| format!("<{name}>: attribute {key} not closed"))? + 1;
            attrs.push((key, &v[1..end]));
            a = v[end + 1..].trim_start();
        }
        out.push((name, attrs));
    }
    Ok(out)
}

fn get<'a>(attrs: &[(&str, &'a str)], key: &str) -> Option<&'a str> {
    attrs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

fn numbers(s: &str) -> Result<Vec<i64>, String> {
    s.split(',')
        .filter(|x| !x.is_empty())
        .map(|x| x.trim().parse::<i64>().map_err(|_| format!("'{x}' is not a number")))
        .collect()
}

fn url_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

struct State {
    players: u8,
    red: [u8; 3],
    last_draw: [Option<u8>; 4],
}

impl State {
    fn pai(&self, id: i64) -> Result<Pai, String> {
        if !(0..136).contains(&id) {
            return Err(format!("tile id {id} (ids are 0-135)"));
        }
        Ok(PaiId(id as u8).pai(self.red))
    }

    fn seat(&self, x: i64) -> Result<Seat, String> {
        if (0..i64::from(self.players)).contains(&x) { Ok(x as Seat) } else { Err(format!("seat {x}")) }
    }
}

fn read_game(text: &str, game: usize, at: &mut usize) -> Result<GameLog, LogError> {
    let fail =
        |kyoku: &str, at: usize, message: String| LogError { game, kyoku: kyoku.to_string(), event: at, message };
    let tags = tags(text).map_err(|m| fail("start", *at, m))?;
    let mut header = Header { players: 4, names: Vec::new(), rules: None, seed: None };
    let mut st = State { players: 4, red: [1, 1, 1], last_draw: [None; 4] };
    let mut events: Vec<LogEvent> = Vec::new();
    let mut kyoku = String::from("start");
    let mut started = false;
    for (name, attrs) in &tags {
        let here = *at;
        let mut push = |events: &mut Vec<LogEvent>, event: Event, recorded: bool| {
            events.push(LogEvent { event, at: *at, recorded });
            *at += 1;
        };
        let r: Result<(), String> = (|| {
            match *name {
                "GO" => {
                    let t = get(attrs, "type").map(numbers).transpose()?.and_then(|v| v.first().copied()).unwrap_or(9);
                    let players = if t & 0x10 != 0 { 3 } else { 4 };
                    let mut rules = if players == 3 { GameRules::TENHOU_3P } else { GameRules::TENHOU };
                    rules.length = if t & 0x08 != 0 { GameLength::South } else { GameLength::East };
                    if t & 0x02 != 0 {
                        rules.red_fives = [0; 3];
                    }
                    // Tenhou's bit for a lobby without open tanyao (喰断なし).
                    if t & 0x04 != 0 {
                        rules.open_tanyao = Some(false);
                    }
                    st.players = players;
                    st.red = rules.red_fives;
                    header.players = players;
                    header.rules = Some(rules);
                }
                "SHUFFLE" => header.seed = get(attrs, "seed").map(str::to_string),
                "UN" if header.names.is_empty() => {
                    header.names =
                        (0..st.players).map(|s| url_decode(get(attrs, &format!("n{s}")).unwrap_or(""))).collect();
                }
                "INIT" => {
                    if !started {
                        started = true;
                        push(&mut events, Event::StartGame { players: st.players, rules: None }, false);
                    }
                    let seed = numbers(get(attrs, "seed").ok_or("INIT without seed")?)?;
                    let [k, honba, sticks, _, _, dora] = seed[..] else {
                        return Err("INIT seed must have six numbers".into());
                    };
                    let ten = numbers(get(attrs, "ten").ok_or("INIT without ten")?)?;
                    let oya = st
                        .seat(get(attrs, "oya").ok_or("INIT without oya")?.parse().map_err(|_| "oya is not a seat")?)?;
                    let mut scores = [0i32; 4];
                    for (s, t) in scores.iter_mut().zip(ten.iter().take(usize::from(st.players))) {
                        *s = t.saturating_mul(100).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
                    }
                    let mut tehais = [[Pai::UNKNOWN; 13]; 4];
                    for (seat, hand) in tehais.iter_mut().enumerate().take(usize::from(st.players)) {
                        let ids = numbers(get(attrs, &format!("hai{seat}")).ok_or("INIT without a hand")?)?;
                        if ids.len() != 13 {
                            return Err(format!("seat {seat} is dealt {} tiles", ids.len()));
                        }
                        for (slot, &id) in hand.iter_mut().zip(&ids) {
                            *slot = st.pai(id)?;
                        }
                    }
                    let (bakaze, num) = ((k / 4).clamp(0, 3) as u8, (k % 4 + 1) as u8);
                    kyoku = kyoku_name(bakaze, num, honba.clamp(0, 255) as u8);
                    st.last_draw = [None; 4];
                    push(
                        &mut events,
                        Event::StartKyoku {
                            bakaze: Pai::of(hupai::Tile::ALL[27 + usize::from(bakaze)]),
                            dora_marker: st.pai(dora)?,
                            kyoku: num,
                            honba: honba.clamp(0, 255) as u8,
                            kyotaku: sticks.clamp(0, 255) as u8,
                            oya,
                            scores,
                            tehais,
                        },
                        false,
                    );
                }
                "N" => {
                    let who =
                        st.seat(get(attrs, "who").ok_or("N without who")?.parse().map_err(|_| "who is not a seat")?)?;
                    let m: i64 = get(attrs, "m").ok_or("N without m")?.parse().map_err(|_| "m is not a number")?;
                    let e = meld(&st, who, m)?;
                    st.last_draw[usize::from(who)] = None;
                    push(&mut events, e, false);
                }
                "REACH" => {
                    let who = st.seat(
                        get(attrs, "who").ok_or("REACH without who")?.parse().map_err(|_| "who is not a seat")?,
                    )?;
                    let step = get(attrs, "step").unwrap_or("1");
                    let e = if step == "2" { Event::ReachAccepted { actor: who } } else { Event::Reach { actor: who } };
                    push(&mut events, e, false);
                }
                "DORA" => {
                    let hai = numbers(get(attrs, "hai").ok_or("DORA without hai")?)?;
                    push(
                        &mut events,
                        Event::Dora { dora_marker: st.pai(*hai.first().ok_or("DORA without hai")?)? },
                        false,
                    );
                }
                "AGARI" => {
                    let who = st
                        .seat(numbers(get(attrs, "who").ok_or("AGARI without who")?)?.first().copied().unwrap_or(-1))?;
                    let from = st.seat(
                        numbers(get(attrs, "fromWho").ok_or("AGARI without fromWho")?)?.first().copied().unwrap_or(-1),
                    )?;
                    let deltas = sc_deltas(get(attrs, "sc").ok_or("AGARI without sc")?, st.players)?;
                    let mut ura_markers = [Pai::UNKNOWN; 5];
                    let mut ura_len = 0u8;
                    if let Some(u) = get(attrs, "doraHaiUra") {
                        for (slot, id) in ura_markers.iter_mut().zip(numbers(u)?) {
                            *slot = st.pai(id)?;
                            ura_len += 1;
                        }
                    }
                    let pai = get(attrs, "machi")
                        .map(numbers)
                        .transpose()?
                        .and_then(|v| v.first().copied())
                        .map(|id| st.pai(id))
                        .transpose()?;
                    let score = WinScore {
                        han: 0,
                        fu: 0,
                        yakuman: false,
                        points: 0,
                        yaku: [(0, 0); MOST_YAKU],
                        yaku_len: 0,
                        pao: None,
                    };
                    push(
                        &mut events,
                        Event::Hora {
                            actor: who,
                            target: from,
                            pai: pai.unwrap_or(Pai::UNKNOWN),
                            deltas,
                            ura_markers,
                            ura_len,
                            score,
                        },
                        true,
                    );
                    end(&mut events, attrs, st.players, &mut push)?;
                }
                "RYUUKYOKU" => {
                    // A type Tenhou does not write is kept as a draw without a reason: the replay
                    // decides which draw it is and checks the deltas.
                    let reason = get(attrs, "type").and_then(DrawReason::from_name).unwrap_or(DrawReason::Exhaustive);
                    let deltas = match get(attrs, "sc") {
                        Some(sc) => sc_deltas(sc, st.players)?,
                        None => [0; 4],
                    };
                    push(&mut events, Event::Ryukyoku { reason, deltas, tenpai: 0 }, true);
                    end(&mut events, attrs, st.players, &mut push)?;
                }
                other => {
                    let mut chars = other.chars();
                    let (Some(c), rest) = (chars.next(), chars.as_str()) else { return Ok(()) };
                    let Ok(id) = rest.parse::<i64>() else { return Ok(()) };
                    if let Some(seat) = "TUVW".find(c) {
                        let seat = st.seat(seat as i64)?;
                        st.last_draw[usize::from(seat)] = Some(id as u8);
                        push(&mut events, Event::Tsumo { actor: seat, pai: st.pai(id)? }, false);
                    } else if let Some(seat) = "DEFG".find(c.to_ascii_uppercase()) {
                        let seat = st.seat(seat as i64)?;
                        let tsumogiri = st.last_draw[usize::from(seat)] == Some(id as u8);
                        st.last_draw[usize::from(seat)] = None;
                        push(&mut events, Event::Dahai { actor: seat, pai: st.pai(id)?, tsumogiri }, true);
                    }
                }
            }
            Ok(())
        })();
        r.map_err(|m| fail(&kyoku, here, m))?;
    }
    // The wins of one double ron are one hand's end: end_kyoku after the last of them.
    let mut i = 0;
    while i + 1 < events.len() {
        if events[i].event == Event::EndKyoku && matches!(events[i + 1].event, Event::Hora { .. }) {
            events.remove(i);
        } else {
            i += 1;
        }
    }
    Ok(GameLog { header, events })
}

/// After a hand's result: `end_kyoku`, and with `owari` the final scores and `end_game`.
fn end(
    events: &mut Vec<LogEvent>,
    attrs: &[(&str, &str)],
    players: u8,
    push: &mut dyn FnMut(&mut Vec<LogEvent>, Event, bool),
) -> Result<(), String> {
    // Several AGARI of one double ron share the hand's end: end_kyoku after the last.
    push(events, Event::EndKyoku, false);
    if let Some(owari) = get(attrs, "owari") {
        // Scores in hundreds, each followed by its result with uma (a decimal).
        let v: Vec<f64> = owari
            .split(',')
            .map(|x| x.trim().parse::<f64>().map_err(|_| format!("'{x}' is not a number")))
            .collect::<Result<_, _>>()?;
        let mut scores = [0i32; 4];
        for (s, pair) in scores.iter_mut().zip(v.chunks(2).take(usize::from(players))) {
            *s = (pair[0] * 100.0).round() as i32;
        }
        push(events, Event::EndGame { scores }, true);
    }
    Ok(())
}

fn sc_deltas(sc: &str, players: u8) -> Result<[i32; 4], String> {
    let v = numbers(sc)?;
    if v.len() < 2 * usize::from(players) {
        return Err("sc must hold a score and a delta per seat".into());
    }
    let mut d = [0i32; 4];
    for (s, pair) in d.iter_mut().zip(v.chunks(2).take(usize::from(players))) {
        *s = pair[1].saturating_mul(100).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    }
    Ok(d)
}

/// A call from Tenhou's meld bits.
fn meld(st: &State, who: Seat, m: i64) -> Result<Event, String> {
    // Tenhou counts the source seat around a table of four even with three players (its empty
    // fourth seat counted): seat 0's left is the empty seat 3, its across is seat 2.
    let target = (who + (m & 3) as u8) % 4;
    if m & 3 != 0 && target >= st.players {
        return Err(format!("the call's source (m={m}) is the empty fourth seat"));
    }
    if m & 0x4 != 0 {
        let t = m >> 10;
        let called = t % 3;
        let t = t / 3;
        let base = (t / 7) * 9 + t % 7;
        let ids: Vec<i64> = (0..3).map(|i| (base + i) * 4 + ((m >> (3 + 2 * i)) & 3)).collect();
        let pai = st.pai(ids[called as usize])?;
        let others: Vec<Pai> = ids
            .iter()
            .enumerate()
            .filter(|(i, _)| *i as i64 != called)
            .map(|(_, &id)| st.pai(id))
            .collect::<Result<_, _>>()?;
        return Ok(Event::Chi { actor: who, target, pai, consumed: [others[0], others[1]] });
    }
    if m & 0x18 != 0 {
        let unused = (m >> 5) & 3;
        let t = m >> 9;
        let called = t % 3;
        let kind = t / 3;
        let ids: Vec<i64> = (0..4).filter(|&c| c != unused).map(|c| kind * 4 + c).collect();
        if m & 0x8 != 0 {
            let pai = st.pai(ids[called as usize])?;
            let others: Vec<Pai> = ids
                .iter()
                .enumerate()
                .filter(|(i, _)| *i as i64 != called)
                .map(|(_, &id)| st.pai(id))
                .collect::<Result<_, _>>()?;
            return Ok(Event::Pon { actor: who, target, pai, consumed: [others[0], others[1]] });
        }
        let consumed = [st.pai(ids[0])?, st.pai(ids[1])?, st.pai(ids[2])?];
        return Ok(Event::Kakan { actor: who, pai: st.pai(kind * 4 + unused)?, consumed });
    }
    if m & 0x20 != 0 {
        return Ok(Event::Kita { actor: who, pai: Pai::NORTH });
    }
    let hai0 = m >> 8;
    let kind = hai0 / 4;
    let all: Vec<Pai> = (0..4).map(|c| st.pai(kind * 4 + c)).collect::<Result<_, _>>()?;
    if m & 3 == 0 {
        return Ok(Event::Ankan { actor: who, consumed: [all[0], all[1], all[2], all[3]] });
    }
    let called = st.pai(hai0)?;
    let others: Vec<Pai> =
        (0..4).filter(|&c| kind * 4 + c != hai0).map(|c| st.pai(kind * 4 + c)).collect::<Result<_, _>>()?;
    Ok(Event::Daiminkan { actor: who, target, pai: called, consumed: [others[0], others[1], others[2]] })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tenhou writes a call's source as an offset around a table of four, with three players
    /// too: from seat 0, 2 is seat 2 (across); from seat 1, 3 is seat 0; from seat 2, 2 is seat 0.
    #[test]
    fn three_player_calls_count_the_empty_fourth_seat() {
        let st = State { players: 3, red: [0, 1, 1], last_draw: [None; 4] };
        // A pon of 9p (kind 17): bit 0x8, kind * 3 << 9, the offset in the low bits.
        let pon = |offset: i64| 0x8 | ((17 * 3) << 9) | offset;
        for (who, offset, target) in [(0, 1, 1), (0, 2, 2), (1, 1, 2), (1, 3, 0), (2, 2, 0), (2, 3, 1)] {
            match meld(&st, who, pon(offset)) {
                Ok(Event::Pon { actor, target: t, .. }) => assert_eq!((actor, t), (who, target), "offset {offset}"),
                other => panic!("seat {who}, offset {offset}: {other:?}"),
            }
        }
        for (who, offset) in [(0, 3), (1, 2), (2, 1)] {
            assert!(meld(&st, who, pon(offset)).is_err(), "seat {who}, offset {offset} is the empty seat");
        }
    }
}
