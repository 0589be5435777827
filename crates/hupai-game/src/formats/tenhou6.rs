//! tenhou.net/6 JSON, the log Tenhou's viewer opens: `{"name", "rule", "log": [hand, …]}`, each
//! hand `[[kyoku, honba, sticks], scores, dora, ura, (deal, takes, discards) per seat, result]`.
//!
//! The format keeps each seat's takes (draws and calls) and discards apart, so the reader puts
//! them back in order: the dealer first, then after each discard the seat whose next take calls
//! it (a pon or kan before a chi), else the next seat. When one seat discards the same tile twice
//! in a row and another calls one of them, the format cannot say which; the reader tries the
//! first and, if the hand then cannot be put in order, the second.
//!
//! Tile codes: 11–19 characters, 21–29 dots, 31–39 bamboo, 41–47 winds and dragons, 51–53 red
//! fives, 60 the tile just drawn (tsumogiri). Calls are strings whose letter's place says from
//! whom: `c` chi, `p` pon, `m` open kan, `k` added kan, `a` concealed kan, `f` kita, `r` riichi.

use serde_json::{Value, json};

use crate::event::{DrawReason, Event, MOST_YAKU, Seat, WinScore};
use crate::formats::json::Json;
use crate::formats::{GameLog, Header, LogError, LogEvent, kyoku_name};
use crate::pai::Pai;
use crate::rules::{GameLength, GameRules};

/// Reads tenhou.net/6 logs: one JSON object, or several (a JSON list, or one object a line).
pub fn read(text: &str) -> Vec<Result<GameLog, LogError>> {
    let text = text.trim_start_matches('\u{feff}').trim();
    let objects: Vec<Result<Json<'_>, String>> = match Json::parse(text) {
        Ok(Json::Array(list)) => list.into_iter().map(Ok).collect(),
        Ok(v) => vec![Ok(v)],
        Err(_) => return read_lines(text).0,
    };
    read_objects(objects).0
}

/// A log of one game a line, each line read on its own; and the count of events read (where a
/// next part's events would start).
pub(crate) fn read_lines(text: &str) -> (Vec<Result<GameLog, LogError>>, usize) {
    read_objects(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| Json::parse(l).map_err(|e| format!("not JSON: {e}")))
            .collect(),
    )
}

fn read_objects(objects: Vec<Result<Json<'_>, String>>) -> (Vec<Result<GameLog, LogError>>, usize) {
    let mut at = 0usize;
    let games = objects
        .into_iter()
        .enumerate()
        .map(|(game, v)| {
            let v = v.map_err(|message| LogError { game, kyoku: "start".into(), event: at, message })?;
            read_game(&v, game, &mut at)
        })
        .collect();
    (games, at)
}

/// What in a `rule.disp` marks a Mahjong Soul record: its exporters (tensoul, the MajsoulPlus
/// log download and their forks) write the room's name there (`玉の間南喰赤`, `3金の間東喰赤`,
/// `Gold Room South`, `友人戦南喰赤`, `大会戦東喰赤`; `金之间 · 三人东` in Chinese), and
/// hupai's writer `雀魂` (the platform's name) with its length, open tanyao and red fives.
const MAHJONG_SOUL_MARKS: [&str; 10] =
    ["雀魂", "の間", "友人戦", "大会戦", "之间", "友人场", "比赛场", "Room", "Friendly", "Tournament"];

/// Whether a tenhou.net/6 log is a Mahjong Soul record: its room's name in `rule.disp`, or its
/// `ref` a Mahjong Soul game id (`220602-d182ba37-3b4a-44d8-b095-726d53b8ec20`: a date, then a
/// UUID) where Tenhou's are `2019050417gm-0029-0000-4f2a8622`.
fn is_mahjong_soul(v: &Json<'_>, disp: &str) -> bool {
    let uuid = |r: &str| {
        let Some((date, id)) = r.split_once('-') else { return false };
        date.len() == 6
            && date.bytes().all(|b| b.is_ascii_digit())
            && id.len() == 36
            && id
                .bytes()
                .enumerate()
                .all(|(i, b)| if [8, 13, 18, 23].contains(&i) { b == b'-' } else { b.is_ascii_hexdigit() })
    };
    MAHJONG_SOUL_MARKS.iter().any(|m| disp.contains(m)) || v.get("ref").and_then(Json::as_str).is_some_and(uuid)
}

/// The rules a tenhou.net/6 log's header names: Tenhou's (`tenhou`, `tenhou-3p`) with the
/// length, open tanyao and red fives of its lobby, or Mahjong Soul's (`mahjong-soul`,
/// `mahjong-soul-3p`) for a Mahjong Soul record, with the length and red fives of its room.
fn rules_of(v: &Json<'_>, players: u8) -> GameRules {
    let rule = v.get("rule");
    let disp = rule.and_then(|r| r.get("disp")).and_then(Json::as_str).unwrap_or("");
    let soul = is_mahjong_soul(v, disp);
    let mut rules = match (soul, players) {
        (true, 3) => GameRules::MAHJONG_SOUL_3P,
        (true, _) => GameRules::MAHJONG_SOUL,
        (false, 3) => GameRules::TENHOU_3P,
        (false, _) => GameRules::TENHOU,
    };
    // 東 in Tenhou's and the Japanese exports, East in the English, 东 in the Chinese.
    if disp.contains('東') || disp.contains('东') || disp.contains("East") {
        rules.length = GameLength::East;
    }
    // A Tenhou lobby's name says 喰 when open tanyao is allowed (般南喰赤); one of its lobbies
    // without it leaves it out. Mahjong Soul allows it in every room (`三銀の間赤` says
    // neither).
    if !soul && disp.contains(['般', '上', '特', '鳳', '若', '銀', '琥', '孔', '技']) && !disp.contains('喰')
    {
        rules.open_tanyao = Some(false);
    }
    let aka = |k: &str| rule.and_then(|r| r.get(k)).and_then(Json::as_u64);
    if let Some(a) = aka("aka") {
        let a = a.min(1) as u8;
        rules.red_fives = if players == 3 { [0, a, a] } else { [a; 3] };
    }
    for (i, k) in ["aka51", "aka52", "aka53"].iter().enumerate() {
        if let Some(a) = aka(k) {
            rules.red_fives[i] = a.min(1) as u8;
        }
    }
    if players == 3 {
        rules.red_fives[0] = 0;
    }
    rules
}

fn read_game(v: &Json<'_>, game: usize, at: &mut usize) -> Result<GameLog, LogError> {
    let fail =
        |kyoku: &str, at: usize, message: String| LogError { game, kyoku: kyoku.to_string(), event: at, message };
    let hands = v.get("log").and_then(Json::as_array).ok_or_else(|| fail("start", *at, "no \"log\" list".into()))?;
    let names: Vec<String> = v
        .get("name")
        .and_then(Json::as_array)
        .map(|a| a.iter().map(|n| n.as_str().unwrap_or("").to_string()).collect())
        .unwrap_or_default();
    let disp = v.get("rule").and_then(|r| r.get("disp")).and_then(Json::as_str).unwrap_or("");
    let sanma_seat_empty = hands.first().and_then(|h| h.get(13)).and_then(Json::as_array).is_some_and(|a| a.is_empty());
    // 三 in Tenhou's lobbies, a leading 3 in tensoul's Japanese rooms, 3-Player in its English.
    let three = disp.contains('三') || disp.starts_with('3') || disp.contains("3-Player");
    let players: u8 = if three || sanma_seat_empty || names.len() == 3 { 3 } else { 4 };
    let rules = rules_of(v, players);
    let mut events = vec![LogEvent { event: Event::StartGame { players, rules: None }, at: *at, recorded: false }];
    *at += 1;
    for hand in hands {
        let kyoku = hand_name(hand);
        let hand_events = read_hand(hand, players, &rules).map_err(|m| fail(&kyoku, *at, m))?;
        for (event, recorded) in hand_events {
            events.push(LogEvent { event, at: *at, recorded });
            *at += 1;
        }
    }
    Ok(GameLog {
        header: Header {
            players,
            names: names.into_iter().take(usize::from(players)).collect(),
            rules: Some(rules),
            seed: None,
        },
        events,
    })
}

fn hand_name(hand: &Json<'_>) -> String {
    let meta = hand.get(0).and_then(Json::as_array);
    let num = |i: usize| meta.and_then(|m| m.get(i)).and_then(Json::as_u64).unwrap_or(0);
    kyoku_name((num(0) / 4) as u8, (num(0) % 4 + 1) as u8, num(1).min(255) as u8)
}

/// A take: a draw or a call of another seat's discard.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Take {
    Draw(Pai),
    Call(Event),
}

/// A discard-side item.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Give {
    Dahai(Pai),
    Tsumogiri,
    Reach(Option<Pai>),
    Kan(Event),
    Kita,
    /// The place left after an open kan.
    Nothing,
}

fn tile(code: u64) -> Result<Pai, String> {
    Pai::from_tenhou6(code as u32).ok_or_else(|| format!("{code} is not a tile code"))
}

fn tile_str(s: &str) -> Result<Pai, String> {
    s.parse::<u64>().map_err(|_| format!("'{s}' is not a tile code")).and_then(tile)
}

/// The tiles of a call string with its letter at `letter`: (the letter's tile, the others).
fn call_tiles(s: &str, letter: usize) -> Result<(Pai, Vec<Pai>), String> {
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    if !digits.len().is_multiple_of(2) || !s.is_ascii() {
        return Err(format!("'{s}' is not a call"));
    }
    let mut tiles = Vec::new();
    for i in (0..digits.len()).step_by(2) {
        tiles.push(tile_str(&digits[i..i + 2])?);
    }
    // The letter stands before the tile it marks; its index among the tiles is letter / 2.
    let k = letter / 2;
    if k >= tiles.len() {
        return Err(format!("'{s}' is not a call"));
    }
    let marked = tiles.remove(k);
    Ok((marked, tiles))
}

/// The seat a call's letter position names: 0 the seat to the left, 2 across, 4 or 6 the right.
/// Tenhou places the letter around a table of four even with three players (the empty fourth
/// seat counted), so seat 0 calls seat 2 from across and seat 2 calls seat 0 from across.
fn from_position(actor: Seat, letter: usize, players: u8, kan: bool) -> Result<Seat, String> {
    let back = match (letter, kan) {
        (0, _) => 1,
        (2, _) => 2,
        (4, false) | (6, true) => 3,
        _ => return Err(format!("a call letter at position {letter}")),
    };
    let seat = (actor + 4 - back) % 4;
    if seat >= players {
        return Err(format!("a call letter at position {letter} names the empty fourth seat"));
    }
    Ok(seat)
}

fn take_of(x: &Json<'_>, actor: Seat, players: u8) -> Result<Take, String> {
    if let Some(code) = x.as_u64() {
        return Ok(Take::Draw(tile(code)?));
    }
    let s = x.as_str().ok_or_else(|| format!("a take must be a tile code or a call, not {x}"))?;
    let (letter, kind) =
        s.char_indices().find(|(_, c)| c.is_ascii_alphabetic()).ok_or_else(|| format!("'{s}' is not a call"))?;
    let (pai, others) = call_tiles(s, letter)?;
    match kind {
        'c' => {
            let [a, b] = others[..] else { return Err(format!("'{s}': a chi has three tiles")) };
            Ok(Take::Call(Event::Chi { actor, target: (actor + players - 1) % players, pai, consumed: [a, b] }))
        }
        'p' => {
            let [a, b] = others[..] else { return Err(format!("'{s}': a pon has three tiles")) };
            let target = from_position(actor, letter, players, false)?;
            Ok(Take::Call(Event::Pon { actor, target, pai, consumed: [a, b] }))
        }
        'm' => {
            let [a, b, c] = others[..] else { return Err(format!("'{s}': an open kan has four tiles")) };
            let target = from_position(actor, letter, players, true)?;
            Ok(Take::Call(Event::Daiminkan { actor, target, pai, consumed: [a, b, c] }))
        }
        _ => Err(format!("'{s}' is not a take (chi c, pon p, open kan m)")),
    }
}

fn give_of(x: &Json<'_>, actor: Seat) -> Result<Give, String> {
    if let Some(code) = x.as_u64() {
        return match code {
            60 => Ok(Give::Tsumogiri),
            0 => Ok(Give::Nothing),
            c => Ok(Give::Dahai(tile(c)?)),
        };
    }
    let s = x.as_str().ok_or_else(|| format!("a discard must be a tile code or a call, not {x}"))?;
    let (letter, kind) =
        s.char_indices().find(|(_, c)| c.is_ascii_alphabetic()).ok_or_else(|| format!("'{s}' is not a call"))?;
    match kind {
        'r' => {
            let code = &s[letter + 1..];
            Ok(Give::Reach(if code == "60" { None } else { Some(tile_str(code)?) }))
        }
        'f' => Ok(Give::Kita),
        'k' => {
            let (pai, others) = call_tiles(s, letter)?;
            let [a, b, c] = others[..] else { return Err(format!("'{s}': an added kan has four tiles")) };
            Ok(Give::Kan(Event::Kakan { actor, pai, consumed: [a, b, c] }))
        }
        'a' => {
            let (pai, others) = call_tiles(s, letter)?;
            let [a, b, c] = others[..] else { return Err(format!("'{s}': a concealed kan has four tiles")) };
            Ok(Give::Kan(Event::Ankan { actor, consumed: [a, b, c, pai] }))
        }
        _ => Err(format!("'{s}' is not a discard-side call (riichi r, added kan k, concealed kan a, kita f)")),
    }
}

fn list<'a>(hand: &'a Json<'a>, i: usize, what: &str) -> Result<&'a Vec<Json<'a>>, String> {
    hand.get(i).and_then(Json::as_array).ok_or_else(|| format!("the hand has no {what} list"))
}

/// One hand's events, each with whether it records its deltas.
fn read_hand(hand: &Json<'_>, players: u8, rules: &GameRules) -> Result<Vec<(Event, bool)>, String> {
    let meta = list(hand, 0, "[kyoku, honba, sticks]")?;
    let num =
        |i: usize| meta.get(i).and_then(Json::as_u64).ok_or("the hand's [kyoku, honba, sticks] is not three numbers");
    let (k, honba, kyotaku) = (num(0)?, num(1)?, num(2)?);
    let n = usize::from(players);
    let score_list = list(hand, 1, "scores")?;
    let mut scores = [0i32; 4];
    for (slot, x) in scores.iter_mut().zip(score_list.iter().take(n)) {
        *slot = x.as_i64().ok_or("scores must be numbers")? as i32;
    }
    let dora: Vec<Pai> = list(hand, 2, "dora")?
        .iter()
        .map(|x| x.as_u64().ok_or("a dora code").map_err(String::from).and_then(tile))
        .collect::<Result<_, _>>()?;
    let ura: Vec<Pai> = list(hand, 3, "ura-dora")?
        .iter()
        .map(|x| x.as_u64().ok_or("an ura-dora code").map_err(String::from).and_then(tile))
        .collect::<Result<_, _>>()?;
    let mut tehais = [[Pai::UNKNOWN; 13]; 4];
    let mut takes: Vec<Vec<Take>> = Vec::new();
    let mut gives: Vec<Vec<Give>> = Vec::new();
    for seat in 0..players {
        let base = 4 + 3 * usize::from(seat);
        let deal = list(hand, base, "deal")?;
        if deal.len() != 13 {
            return Err(format!("seat {seat} is dealt {} tiles, not 13", deal.len()));
        }
        for (slot, x) in tehais[usize::from(seat)].iter_mut().zip(deal) {
            *slot = tile(x.as_u64().ok_or("a dealt tile must be a code")?)?;
        }
        takes.push(list(hand, base + 1, "takes")?.iter().map(|x| take_of(x, seat, players)).collect::<Result<_, _>>()?);
        gives.push(list(hand, base + 2, "discards")?.iter().map(|x| give_of(x, seat)).collect::<Result<_, _>>()?);
    }
    let result =
        hand.get(4 + 3 * 4).or_else(|| hand.get(4 + 3 * n)).and_then(Json::as_array).ok_or("the hand has no result")?;
    let head = Event::StartKyoku {
        bakaze: Pai::of(hupai::Tile::ALL[27 + (k / 4).min(3) as usize]),
        dora_marker: *dora.first().ok_or("the hand has no dora indicator")?,
        kyoku: (k % 4 + 1) as u8,
        honba: honba.min(255) as u8,
        kyotaku: kyotaku.min(255) as u8,
        oya: (k % 4) as u8 % players,
        scores,
        tehais,
    };
    let end = ending(result, &ura, players)?;
    // Put the takes and discards in order, trying the other readings of doubled discards in
    // turn (the last one met flipped first) until one puts every take and discard in place and
    // the engine plays it through.
    let mut choices: Vec<bool> = Vec::new();
    let mut first_error = None;
    let mut first_ordered = None;
    for _ in 0..64 {
        let mut used = 0;
        let result = order(head, &takes, &gives, &dora, players, &choices, &mut used);
        if let Ok(mut events) = result.clone() {
            events.extend(end.iter().copied());
            events.push((Event::EndKyoku, false));
            if used == 0 || plays(&events, rules) {
                return Ok(events);
            }
            first_ordered.get_or_insert(events);
        } else if let Err(e) = result {
            first_error.get_or_insert(e);
        }
        choices.resize(used, false);
        while choices.last() == Some(&true) {
            choices.pop();
        }
        match choices.last_mut() {
            Some(last) => *last = true,
            None => break,
        }
    }
    // No reading plays through: the first that is in order, for the replay to say what fails.
    first_ordered.ok_or_else(|| first_error.unwrap_or_else(|| "the takes and discards cannot be put in order".into()))
}

/// True if the engine plays this hand through with every check passed.
fn plays(events: &[(Event, bool)], rules: &GameRules) -> bool {
    let mut log = GameLog {
        header: Header { players: rules.players, names: Vec::new(), rules: Some(*rules), seed: None },
        events: Vec::new(),
    };
    for (at, &(event, recorded)) in events.iter().enumerate() {
        log.events.push(LogEvent { event, at, recorded });
    }
    crate::replay::replay(&log, 0, *rules, &mut |_| {}).is_ok()
}

fn ending(result: &[Json<'_>], ura: &[Pai], players: u8) -> Result<Vec<(Event, bool)>, String> {
    let what = result.first().and_then(Json::as_str).ok_or("the hand's result has no name")?;
    let deltas_at = |i: usize| -> Result<Option<[i32; 4]>, String> {
        let Some(x) = result.get(i) else { return Ok(None) };
        let list = x.as_array().ok_or("deltas must be a list")?;
        let mut d = [0i32; 4];
        for (slot, v) in d.iter_mut().zip(list.iter().take(usize::from(players))) {
            *slot = v.as_i64().ok_or("deltas must be numbers")? as i32;
        }
        Ok(Some(d))
    };
    let mut out = Vec::new();
    match what {
        "和了" => {
            let mut ura_markers = [Pai::UNKNOWN; 5];
            for (slot, &u) in ura_markers.iter_mut().zip(ura) {
                *slot = u;
            }
            let mut i = 1;
            while i + 1 < result.len() + 1 && result.get(i).is_some() {
                let deltas = deltas_at(i)?.ok_or("a win without deltas")?;
                let info = result.get(i + 1).and_then(Json::as_array).ok_or("a win without [who, from, pao, …]")?;
                let seat = |j: usize| {
                    info.get(j).and_then(Json::as_u64).filter(|&s| s < u64::from(players)).map(|s| s as Seat)
                };
                let actor = seat(0).ok_or("a win's winner is not a seat")?;
                let target = seat(1).ok_or("a win's payer is not a seat")?;
                let score = WinScore {
                    han: 0,
                    fu: 0,
                    yakuman: false,
                    points: 0,
                    yaku: [(0, 0); MOST_YAKU],
                    yaku_len: 0,
                    pao: None,
                };
                let ura_len = ura.len().min(5) as u8;
                out.push((Event::Hora { actor, target, pai: Pai::UNKNOWN, deltas, ura_markers, ura_len, score }, true));
                i += 2;
            }
        }
        other => {
            // A result name Tenhou does not write is kept as a draw without a reason: the
            // replay decides which draw it is and checks the deltas.
            let reason = DrawReason::from_name(other).unwrap_or(DrawReason::Exhaustive);
            let deltas = deltas_at(1)?.unwrap_or([0; 4]);
            out.push((Event::Ryukyoku { reason, deltas, tenpai: 0 }, true));
        }
    }
    Ok(out)
}

fn is_call_on(take: Option<&Take>, from: Seat, pai: Pai) -> Option<u8> {
    match take {
        Some(Take::Call(Event::Chi { target, pai: p, .. })) if *target == from && *p == pai => Some(1),
        Some(Take::Call(Event::Pon { target, pai: p, .. } | Event::Daiminkan { target, pai: p, .. }))
            if *target == from && *p == pai =>
        {
            Some(2)
        }
        _ => None,
    }
}

/// The hand's takes and discards in play order. `choices[j]` says, for the j-th doubled discard
/// met, whether the call is on the second copy (true) rather than the first; `used` counts the
/// doubled discards met.
fn order(
    head: Event,
    takes: &[Vec<Take>],
    gives: &[Vec<Give>],
    dora: &[Pai],
    players: u8,
    choices: &[bool],
    used: &mut usize,
) -> Result<Vec<(Event, bool)>, String> {
    let Event::StartKyoku { oya, .. } = head else { return Err("no deal".into()) };
    let n = usize::from(players);
    let mut out = vec![(head, false)];
    let mut ti = vec![0usize; n];
    let mut gi = vec![0usize; n];
    let mut dora_next = 1usize;
    let mut actor = oya;
    let mut reach: Option<Seat> = None;
    let mut push_dora = |out: &mut Vec<(Event, bool)>| {
        if let Some(&d) = dora.get(dora_next) {
            out.push((Event::Dora { dora_marker: d }, false));
        }
        dora_next += 1;
    };
    let all_taken = |ti: &[usize]| (0..n).all(|s| ti[s] >= takes[s].len());
    loop {
        let a = usize::from(actor);
        let take = *takes[a].get(ti[a]).ok_or_else(|| format!("seat {actor} has no take left"))?;
        ti[a] += 1;
        if let Some(r) = reach.take() {
            out.push((Event::ReachAccepted { actor: r }, false));
        }
        let drawn = match take {
            Take::Draw(p) => {
                out.push((Event::Tsumo { actor, pai: p }, false));
                Some(p)
            }
            Take::Call(e) => {
                out.push((e, false));
                if matches!(e, Event::Daiminkan { .. }) {
                    push_dora(&mut out);
                    if gives[a].get(gi[a]) == Some(&Give::Nothing) {
                        gi[a] += 1;
                    }
                    continue;
                }
                None
            }
        };
        let Some(&give) = gives[a].get(gi[a]) else { break };
        gi[a] += 1;
        let pai = match give {
            Give::Dahai(p) => {
                out.push((Event::Dahai { actor, pai: p, tsumogiri: false }, true));
                p
            }
            Give::Tsumogiri => {
                let p = drawn.ok_or_else(|| format!("seat {actor} discards the tile just drawn after a call"))?;
                out.push((Event::Dahai { actor, pai: p, tsumogiri: true }, true));
                p
            }
            Give::Reach(p) => {
                let (p, t) = match p {
                    Some(p) => (p, false),
                    None => (
                        drawn.ok_or_else(|| {
                            format!("seat {actor} declares riichi with the tile just drawn after a call")
                        })?,
                        true,
                    ),
                };
                out.push((Event::Reach { actor }, false));
                out.push((Event::Dahai { actor, pai: p, tsumogiri: t }, true));
                reach = Some(actor);
                p
            }
            Give::Kan(e) => {
                out.push((e, false));
                push_dora(&mut out);
                if all_taken(&ti) {
                    break;
                }
                continue;
            }
            Give::Kita => {
                out.push((Event::Kita { actor, pai: Pai::NORTH }, false));
                if all_taken(&ti) {
                    break;
                }
                continue;
            }
            Give::Nothing => return Err(format!("seat {actor} has an empty discard after no open kan")),
        };
        if all_taken(&ti) {
            break;
        }
        // Who takes next: a seat whose next take calls this discard (pon or kan before chi).
        let caller = (1..players)
            .map(|k| (actor + k) % players)
            .filter_map(|s| is_call_on(takes[usize::from(s)].get(ti[usize::from(s)]), actor, pai).map(|p| (p, s)))
            .max_by_key(|&(p, _)| p)
            .map(|(_, s)| s);
        let mut next = (actor + 1) % players;
        if let Some(c) = caller {
            // The same tile discarded again later by this seat could be the one called.
            let doubled = (gi[a]..gives[a].len()).any(|j| match gives[a][j] {
                Give::Dahai(p) | Give::Reach(Some(p)) => p == pai,
                Give::Tsumogiri | Give::Reach(None) => takes[a].get(j) == Some(&Take::Draw(pai)),
                _ => false,
            });
            let second = if doubled {
                let c = choices.get(*used).copied().unwrap_or(false);
                *used += 1;
                c
            } else {
                false
            };
            if !second {
                next = c;
            }
        }
        actor = next;
    }
    if !all_taken(&ti) {
        let s = (0..n).find(|&s| ti[s] < takes[s].len()).unwrap_or(0);
        return Err(format!("the hand ends with seat {s}'s takes not all used"));
    }
    Ok(out)
}

/// Tenhou's names of its yaku, by Tenhou's yaku id (what a win's [`WinScore`] lists).
const YAKU_NAMES: [&str; 55] = [
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
];

fn code(p: Pai) -> Value {
    Value::from(p.tenhou6())
}

fn two(p: Pai) -> String {
    format!("{:02}", p.tenhou6())
}

/// A call string with the letter before the tile taken from `target` (seen from `actor`).
fn call_string(letter: char, actor: Seat, target: Seat, pai: Pai, consumed: &[Pai]) -> String {
    // Left: first; across: second; right: last. Tenhou counts the seats around a table of four
    // even with three players (the empty fourth seat counted), as `from_position` reads them.
    let back = (actor + 4 - target) % 4;
    let at = match back {
        1 => 0,
        2 => 1,
        _ => consumed.len(),
    };
    let mut s = String::new();
    for (i, c) in consumed.iter().enumerate() {
        if i == at {
            s.push(letter);
            s.push_str(&two(pai));
        }
        s.push_str(&two(*c));
    }
    if at == consumed.len() {
        s.push(letter);
        s.push_str(&two(pai));
    }
    s
}

fn win_text(score: &WinScore) -> String {
    let (han, fu, points) = (score.han, score.fu, score.points);
    let limit = if score.yakuman {
        "役満"
    } else if han >= 13 {
        "数え役満"
    } else if han >= 11 {
        "三倍満"
    } else if han >= 8 {
        "倍満"
    } else if han >= 6 {
        "跳満"
    } else if han >= 5 || (han == 4 && fu >= 40) || (han == 3 && fu >= 70) {
        "満貫"
    } else {
        ""
    };
    if limit.is_empty() { format!("{fu}符{han}飜{points}点") } else { format!("{limit}{points}点") }
}

/// Whether a game under `rules` can be written in this format: riichi's only. The Chinese
/// families cannot: the tile codes have no flowers, the header's `rule` names Tenhou's rules
/// only, and a result is riichi's points, fu and yaku. The error says so, for a message.
pub fn check_rules(rules: &GameRules) -> Result<(), String> {
    if rules.family == crate::rules::Family::Riichi {
        return Ok(());
    }
    Err(format!(
        "tenhou.net/6 cannot hold {} games (its tile codes have no flowers, its header names only \
         Tenhou's rules, its results are riichi points and yaku); write mjai instead",
        rules.family.title()
    ))
}

/// A game's events as one tenhou.net/6 JSON object (the engine's events: every win's yaku and
/// points are written from its score).
pub fn write(events: &[Event], rules: &GameRules, names: &[String]) -> String {
    let n = usize::from(rules.players);
    let mut hands: Vec<Value> = Vec::new();
    struct Hand {
        meta: [u32; 3],
        scores: Vec<i32>,
        dora: Vec<Value>,
        ura: Vec<Value>,
        deal: Vec<Vec<Value>>,
        takes: Vec<Vec<Value>>,
        gives: Vec<Vec<Value>>,
        result: Vec<Value>,
    }
    let mut hand: Option<Hand> = None;
    let mut reach = [false; 4];
    let flush = |hand: &mut Option<Hand>, hands: &mut Vec<Value>| {
        if let Some(h) = hand.take() {
            let mut v = vec![json!(h.meta), json!(h.scores), json!(h.dora), json!(h.ura)];
            for s in 0..n {
                v.push(json!(h.deal[s]));
                v.push(json!(h.takes[s]));
                v.push(json!(h.gives[s]));
            }
            v.push(json!(h.result));
            hands.push(Value::Array(v));
        }
    };
    for e in events {
        match *e {
            Event::StartKyoku { bakaze, dora_marker, kyoku, honba, kyotaku, scores, tehais, .. } => {
                flush(&mut hand, &mut hands);
                reach = [false; 4];
                let wind = bakaze.kind_index().saturating_sub(27) as u32;
                hand = Some(Hand {
                    meta: [wind * 4 + u32::from(kyoku) - 1, u32::from(honba), u32::from(kyotaku)],
                    scores: scores[..n].to_vec(),
                    dora: vec![code(dora_marker)],
                    ura: Vec::new(),
                    deal: (0..n).map(|s| tehais[s].iter().map(|&p| code(p)).collect()).collect(),
                    takes: vec![Vec::new(); n],
                    gives: vec![Vec::new(); n],
                    result: Vec::new(),
                });
            }
            _ => {
                let Some(h) = hand.as_mut() else { continue };
                match *e {
                    Event::Tsumo { actor, pai } => h.takes[usize::from(actor)].push(code(pai)),
                    Event::Dahai { actor, pai, tsumogiri } => {
                        let a = usize::from(actor);
                        let c = if tsumogiri { 60 } else { pai.tenhou6() };
                        if std::mem::take(&mut reach[a]) {
                            h.gives[a].push(Value::from(format!("r{c:02}")));
                        } else {
                            h.gives[a].push(Value::from(c));
                        }
                    }
                    Event::Reach { actor } => reach[usize::from(actor)] = true,
                    Event::Chi { actor, target, pai, consumed } => {
                        h.takes[usize::from(actor)].push(Value::from(call_string('c', actor, target, pai, &consumed)))
                    }
                    Event::Pon { actor, target, pai, consumed } => {
                        h.takes[usize::from(actor)].push(Value::from(call_string('p', actor, target, pai, &consumed)))
                    }
                    Event::Daiminkan { actor, target, pai, consumed } => {
                        let a = usize::from(actor);
                        h.takes[a].push(Value::from(call_string('m', actor, target, pai, &consumed)));
                        h.gives[a].push(Value::from(0));
                    }
                    Event::Kakan { actor, pai, consumed } => {
                        // The added tile stands where the pon's called tile came from; the engine keeps
                        // the called tile first, so it is written first (from the left).
                        let s = format!("k{}{}{}{}", two(pai), two(consumed[0]), two(consumed[1]), two(consumed[2]));
                        h.gives[usize::from(actor)].push(Value::from(s));
                    }
                    Event::Ankan { actor, consumed } => {
                        let s = format!(
                            "{}{}{}a{}",
                            two(consumed[0]),
                            two(consumed[1]),
                            two(consumed[2]),
                            two(consumed[3])
                        );
                        h.gives[usize::from(actor)].push(Value::from(s));
                    }
                    Event::Kita { actor, .. } => h.gives[usize::from(actor)].push(Value::from("f44")),
                    Event::Dora { dora_marker } => h.dora.push(code(dora_marker)),
                    Event::Hora { actor, target, deltas, ura_markers, ura_len, score, .. } => {
                        if h.result.is_empty() {
                            h.result.push(Value::from("和了"));
                        }
                        if h.ura.is_empty() {
                            h.ura = ura_markers[..usize::from(ura_len)].iter().map(|&p| code(p)).collect();
                        }
                        h.result.push(json!(deltas[..n]));
                        let mut info = vec![
                            json!(actor),
                            json!(target),
                            json!(score.pao.unwrap_or(actor)),
                            json!(win_text(&score)),
                        ];
                        for &(id, han) in score.yaku() {
                            let name = YAKU_NAMES.get(usize::from(id)).copied().unwrap_or("?");
                            let text =
                                if score.yakuman { format!("{name}(役満)") } else { format!("{name}({han}飜)") };
                            info.push(Value::from(text));
                        }
                        h.result.push(Value::Array(info));
                    }
                    Event::Ryukyoku { reason, deltas, .. } => {
                        let name = match reason {
                            DrawReason::Exhaustive => "流局",
                            DrawReason::Nagashi => "流し満貫",
                            DrawReason::NineTerminals => "九種九牌",
                            DrawReason::FourWinds => "四風連打",
                            DrawReason::FourRiichi => "四家立直",
                            DrawReason::FourKans => "四槓散了",
                            DrawReason::TripleRon => "三家和了",
                        };
                        h.result = vec![Value::from(name)];
                        if matches!(reason, DrawReason::Exhaustive | DrawReason::Nagashi) {
                            h.result.push(json!(deltas[..n]));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    flush(&mut hand, &mut hands);
    let length = if rules.length == GameLength::East { "東" } else { "南" };
    let sanma = if rules.players == 3 { "三" } else { "" };
    let aka = u8::from(rules.red_fives.iter().any(|&r| r > 0));
    let kuitan = if rules.open_tanyao == Some(false) { "" } else { "喰" };
    // Mahjong Soul's rules are named by the platform (a room's name would say more than the
    // engine knows), which the reader takes back as Mahjong Soul's.
    let soul = if rules.players == 3 { GameRules::MAHJONG_SOUL_3P } else { GameRules::MAHJONG_SOUL };
    let as_soul = GameRules { length: rules.length, red_fives: rules.red_fives, ..soul };
    let room = if as_soul == *rules { "雀魂" } else { "般" };
    let disp = format!("{sanma}{room}{length}{kuitan}{}", if aka == 1 { "赤" } else { "" });
    json!({"title": ["", ""], "name": names, "rule": {"disp": disp, "aka": aka}, "log": hands}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tenhou places a call's letter around a table of four with three players too: seat 0's
    /// left is the empty seat, so seat 2 is across from it; seat 2's right is empty, seat 0 across.
    #[test]
    fn three_player_calls_count_the_empty_fourth_seat() {
        let n = Pai::NORTH;
        for (actor, target, letter) in [(0, 2, 2), (0, 1, 4), (1, 0, 0), (1, 2, 4), (2, 1, 0), (2, 0, 2)] {
            assert_eq!(from_position(actor, letter, 3, false), Ok(target), "seat {actor} from {target}");
            let s = call_string('p', actor, target, n, &[n, n]);
            assert_eq!(s.find('p'), Some(letter), "{s}");
            // An open kan's letter from the right stands last, at 6.
            let kan = if letter == 4 { 6 } else { letter };
            assert_eq!(from_position(actor, kan, 3, true), Ok(target), "an open kan: seat {actor}");
        }
        // The letter naming the empty seat is no call.
        assert!(from_position(0, 0, 3, false).is_err());
        assert!(from_position(2, 4, 3, false).is_err());
        assert!(from_position(1, 2, 3, false).is_err());
    }

    fn header_rules(json: &str) -> GameRules {
        let log = read(json).remove(0).unwrap();
        log.header.rules.unwrap()
    }

    /// A Mahjong Soul export names its room, not Tenhou's lobby: its rules are Mahjong Soul's,
    /// with the room's length and red fives, open tanyao allowed in every room; Tenhou's lobbies
    /// keep Tenhou's rules.
    #[test]
    fn a_mahjong_soul_room_names_mahjong_souls_rules() {
        let east = |r: GameRules| GameRules { length: GameLength::East, ..r };
        for (json, want) in [
            // tensoul's Japanese export of a Throne room hanchan, four players.
            (r#"{"rule":{"disp":"王座の間南喰赤","aka53":1,"aka52":1,"aka51":1},"log":[]}"#, GameRules::MAHJONG_SOUL),
            // Its English export, east only.
            (
                r#"{"rule":{"disp":"Gold Room East","aka53":1,"aka52":1,"aka51":1},"log":[]}"#,
                east(GameRules::MAHJONG_SOUL),
            ),
            // Three players: tensoul's leading 3; the 三 and no 喰 of mjai-reviewer's fixtures.
            (
                r#"{"name":["a","b","c",""],"rule":{"disp":"3金の間東喰赤","aka53":1,"aka52":1,"aka51":0},"log":[]}"#,
                east(GameRules::MAHJONG_SOUL_3P),
            ),
            (r#"{"rule":{"disp":"三銀の間赤","aka53":1,"aka52":1,"aka51":0},"log":[]}"#, GameRules::MAHJONG_SOUL_3P),
            // A friendly room; a Chinese room name.
            (r#"{"rule":{"disp":"友人戦南喰赤","aka":1},"log":[]}"#, GameRules::MAHJONG_SOUL),
            (
                r#"{"name":["a","b","c"],"rule":{"disp":"金之间 · 三人东","aka":1},"log":[]}"#,
                east(GameRules::MAHJONG_SOUL_3P),
            ),
            // No room's name, but a Mahjong Soul game id.
            (
                r#"{"ref":"220602-d182ba37-3b4a-44d8-b095-726d53b8ec20","rule":{"aka":1},"log":[]}"#,
                GameRules::MAHJONG_SOUL,
            ),
            // Tenhou's lobbies: its ids and names stay Tenhou's.
            (
                r#"{"ref":"2019050417gm-0029-0000-4f2a8622","rule":{"disp":"特南喰赤","aka":1},"log":[]}"#,
                GameRules::TENHOU,
            ),
            (r#"{"rule":{"disp":"三鳳南喰赤","aka":1},"log":[]}"#, GameRules::TENHOU_3P),
            (
                r#"{"rule":{"disp":"般南赤","aka":1},"log":[]}"#,
                GameRules { open_tanyao: Some(false), ..GameRules::TENHOU },
            ),
        ] {
            assert_eq!(header_rules(json), want, "{json}");
        }
        // No red fives in a friendly room's export.
        let none = header_rules(r#"{"rule":{"disp":"友人戦南喰","aka53":0,"aka52":0,"aka51":0},"log":[]}"#);
        assert_eq!(none, GameRules { red_fives: [0, 0, 0], ..GameRules::MAHJONG_SOUL });
    }

    /// Written under Mahjong Soul's rules, a log says so in its header, and reads back under them.
    #[test]
    fn mahjong_souls_rules_are_written_back() {
        let east3 = GameRules { length: GameLength::East, ..GameRules::MAHJONG_SOUL_3P };
        for rules in [GameRules::MAHJONG_SOUL, east3, GameRules::TENHOU, GameRules::TENHOU_3P] {
            let names: Vec<String> = (0..rules.players).map(|i| format!("p{i}")).collect();
            let text = write(&[], &rules, &names);
            assert_eq!(header_rules(&text), rules, "{text}");
        }
        // Rules of neither platform fall back to Tenhou's lobby with the same length and fives.
        let majiang = write(&[], &GameRules::MAJIANG, &[]);
        assert!(majiang.contains("般南喰赤"), "{majiang}");
    }
}
