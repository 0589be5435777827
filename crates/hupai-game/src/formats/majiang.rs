//! 電脳麻将's paipu JSON (kobalab's `@kobalab/majiang-core`, read): `{"title", "player",
//! "qijia", "log": [hand, …], "defen", "rank", "point"}`, each hand a list of one-key messages:
//! `qipai` (the deal: `zhuangfeng` the round wind, `jushu` the hand, `changbang` the counters,
//! `lizhibang` the sticks, `defen` the scores, `baopai` the dora indicator, `shoupai` the hands),
//! `zimo` and `gangzimo` (draws), `dapai` (discards: `_` after the tile tsumogiri, `*` riichi),
//! `fulou` (chi, pon, open kan), `gang` (concealed or added kan), `kaigang` (a kan's dora),
//! `penuki` (a north set aside), `hule` (a win: `baojia` who paid, `fenpei` the deltas,
//! `fubaopai` the ura indicators) and `pingju` (a draw: `name`, `fenpei`).
//!
//! Seats in a hand (`l`) count from the hand's dealer; the game's seats count from the first
//! dealer (`qijia` the player who dealt first), so a hand's `l` is seat `(jushu + l) % players`
//! and the game's `player`, `defen` are rotated by `qijia`. Tiles are `m1`–`m9`, `p`, `s`,
//! `z1`–`z7`, `0` a red five. A call's source is the seat whose discard it follows (the marks
//! `-` `=` `+` say the same from the caller's side; with three players the converters disagree
//! on them, the order of the log does not).

use crate::event::{DrawReason, Event, MOST_YAKU, Seat, WinScore};
use crate::formats::json::Json;
use crate::formats::{GameLog, Header, LogError, LogEvent, kyoku_name};
use crate::pai::Pai;
use crate::rules::{GameLength, GameRules};

/// True if the text looks like a majiang paipu (its hands are lists of `qipai`… messages).
pub(crate) fn looks_like(text: &str) -> bool {
    text.contains("\"qipai\"") && text.contains("\"log\"")
}

/// Reads majiang paipu: one JSON object, a list of them, or one object a line.
pub fn read(text: &str) -> Vec<Result<GameLog, LogError>> {
    let text = text.trim_start_matches('\u{feff}').trim();
    let objects: Vec<Result<Json<'_>, String>> = match Json::parse(text) {
        Ok(Json::Array(list)) => list.into_iter().map(Ok).collect(),
        Ok(v) => vec![Ok(v)],
        Err(_) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| Json::parse(l).map_err(|e| format!("not JSON: {e}")))
            .collect(),
    };
    let mut at = 0usize;
    objects
        .into_iter()
        .enumerate()
        .map(|(game, v)| {
            let v = v.map_err(|message| LogError { game, kyoku: "start".into(), event: at, message })?;
            read_game(&v, game, &mut at)
        })
        .collect()
}

/// The rules a paipu's title says: 電脳麻将's own (`電脳麻将…`, the `majiang` preset), else a
/// Tenhou lobby's name (`四鳳南喰赤`: four players, east and south, open tanyao, red fives) on
/// Tenhou's preset for the player count.
fn rules_of(title: &str, players: u8) -> GameRules {
    // A game 電脳麻将 itself played (its default title): its rules.
    if title.starts_with("電脳麻将") && players == 4 {
        return GameRules::MAJIANG;
    }
    let mut rules = if players == 3 { GameRules::TENHOU_3P } else { GameRules::TENHOU };
    if title.contains('東') {
        rules.length = GameLength::East;
    }
    if title.contains(['般', '上', '特', '鳳', '若', '銀', '琥', '孔', '技']) {
        if !title.contains('喰') {
            rules.open_tanyao = Some(false);
        }
        if !title.contains('赤') {
            rules.red_fives = [0; 3];
        }
    }
    rules
}

/// A tile: `m1`–`m9`, `p…`, `s…`, `z1`–`z7`, `0` a red five; marks after it are not read here.
fn tile(s: &str) -> Result<Pai, String> {
    let mut chars = s.chars();
    let (Some(suit), Some(digit)) = (chars.next(), chars.next()) else { return Err(format!("'{s}' is not a tile")) };
    if !matches!(suit, 'm' | 'p' | 's' | 'z') || !digit.is_ascii_digit() {
        return Err(format!("'{s}' is not a tile"));
    }
    format!("{digit}{suit}").parse::<Pai>().map_err(|_| format!("'{s}' is not a tile"))
}

/// The tiles of a hand or a meld written suit letter then digits (`m19p6s234z12`), each digit
/// with the mark after it (`-` `=` `+`), if any.
fn tiles_of(s: &str) -> Result<Vec<(Pai, Option<char>)>, String> {
    let mut out: Vec<(Pai, Option<char>)> = Vec::new();
    let mut suit = None;
    for c in s.chars() {
        match c {
            'm' | 'p' | 's' | 'z' => suit = Some(c),
            '0'..='9' => {
                let suit = suit.ok_or_else(|| format!("'{s}': a digit before its suit"))?;
                out.push((tile(&format!("{suit}{c}"))?, None));
            }
            '-' | '=' | '+' => match out.last_mut() {
                Some(last) => last.1 = Some(c),
                None => return Err(format!("'{s}': a mark before any tile")),
            },
            '_' | '*' | ',' => {}
            _ => return Err(format!("'{s}': '{c}' is not a tile")),
        }
    }
    Ok(out)
}

fn read_game(v: &Json<'_>, game: usize, at: &mut usize) -> Result<GameLog, LogError> {
    let fail =
        |kyoku: &str, at: usize, message: String| LogError { game, kyoku: kyoku.to_string(), event: at, message };
    let hands = v.get("log").and_then(Json::as_array).ok_or_else(|| fail("start", *at, "no \"log\" list".into()))?;
    let first = hands
        .first()
        .and_then(Json::as_array)
        .and_then(|h| h.first())
        .and_then(|m| m.get("qipai"))
        .ok_or_else(|| fail("start", *at, "the first hand does not start with qipai".into()))?;
    let players = first.get("shoupai").and_then(Json::as_array).map_or(4, |s| s.len());
    let players: u8 = match players {
        3 => 3,
        4 => 4,
        n => return Err(fail("start", *at, format!("{n} hands dealt: 3 or 4 players"))),
    };
    let n = usize::from(players);
    let qijia = v.get("qijia").and_then(Json::as_u64).unwrap_or(0) as usize % n;
    let names: Vec<String> = v
        .get("player")
        .and_then(Json::as_array)
        .map(|a| (0..n).map(|s| a.get((qijia + s) % n).and_then(Json::as_str).unwrap_or("").to_string()).collect())
        .unwrap_or_default();
    let title = v.get("title").and_then(Json::as_str).unwrap_or("");
    let rules = rules_of(title, players);
    let mut events = vec![LogEvent { event: Event::StartGame { players, rules: None }, at: *at, recorded: false }];
    *at += 1;
    let mut kyoku = String::from("start");
    for hand in hands {
        let messages = hand.as_array().ok_or_else(|| fail(&kyoku, *at, "a hand must be a list of messages".into()))?;
        let mut hand = Hand { players, jushu: 0, last_discard: None };
        for m in messages {
            if let Some(q) = m.get("qipai") {
                kyoku = hand_name(q);
            }
            let out = hand.message(m).map_err(|e| fail(&kyoku, *at, e))?;
            for (event, recorded) in out {
                events.push(LogEvent { event, at: *at, recorded });
                *at += 1;
            }
        }
        events.push(LogEvent { event: Event::EndKyoku, at: *at, recorded: false });
        *at += 1;
    }
    if let Some(defen) = v.get("defen").and_then(Json::as_array) {
        let mut scores = [0i32; 4];
        for (s, slot) in scores.iter_mut().enumerate().take(n) {
            *slot = defen
                .get((qijia + s) % n)
                .and_then(Json::as_i64)
                .ok_or_else(|| fail(&kyoku, *at, "the final defen must be a score per player".into()))?
                as i32;
        }
        events.push(LogEvent { event: Event::EndGame { scores }, at: *at, recorded: true });
        *at += 1;
    }
    Ok(GameLog { header: Header { players, names, rules: Some(rules), seed: None }, events })
}

fn hand_name(q: &Json<'_>) -> String {
    let num = |k: &str| q.get(k).and_then(Json::as_u64).unwrap_or(0);
    kyoku_name(num("zhuangfeng").min(3) as u8, (num("jushu") % 4 + 1) as u8, num("changbang").min(255) as u8)
}

/// One hand being read: where its seats start and the last discard (what a call takes).
struct Hand {
    players: u8,
    jushu: u8,
    last_discard: Option<(Seat, Pai)>,
}

impl Hand {
    /// The game's seat of the hand's seat `l` (counted from the hand's dealer).
    fn seat(&self, m: &Json<'_>) -> Result<Seat, String> {
        let l = m.get("l").and_then(Json::as_u64).ok_or("a message without its seat (l)")?;
        if l >= u64::from(self.players) {
            return Err(format!("seat {l} in a {}-player game", self.players));
        }
        Ok(((u64::from(self.jushu) + l) % u64::from(self.players)) as Seat)
    }

    /// A list indexed by the hand's seats (`defen`, `fenpei`), by the game's seats.
    fn by_seat(&self, list: Option<&Json<'_>>, what: &str) -> Result<[i32; 4], String> {
        let list = list.and_then(Json::as_array).ok_or_else(|| format!("no {what} list"))?;
        let n = usize::from(self.players);
        if list.len() < n {
            return Err(format!("{what} must hold {n} numbers"));
        }
        let mut out = [0i32; 4];
        for (l, x) in list.iter().take(n).enumerate() {
            let seat = (usize::from(self.jushu) + l) % n;
            out[seat] = x.as_i64().ok_or_else(|| format!("{what} must be numbers"))? as i32;
        }
        Ok(out)
    }

    fn message(&mut self, m: &Json<'_>) -> Result<Vec<(Event, bool)>, String> {
        let Json::Object(fields) = m else { return Err(format!("a message must be an object, not {m}")) };
        let Some((kind, body)) = fields.first() else { return Err("an empty message".into()) };
        let text = |k: &str| body.get(k).and_then(Json::as_str).ok_or_else(|| format!("{kind} without '{k}'"));
        Ok(match kind.as_ref() {
            "qipai" => {
                let num = |k: &str| body.get(k).and_then(Json::as_u64).ok_or_else(|| format!("qipai without '{k}'"));
                let wind = num("zhuangfeng")?.min(3) as usize;
                self.jushu = (num("jushu")? % u64::from(self.players)) as u8;
                let scores = self.by_seat(body.get("defen"), "defen")?;
                let shoupai = body.get("shoupai").and_then(Json::as_array).ok_or("qipai without 'shoupai'")?;
                let mut tehais = [[Pai::UNKNOWN; 13]; 4];
                for (l, h) in shoupai.iter().enumerate().take(usize::from(self.players)) {
                    let tiles = tiles_of(h.as_str().ok_or("a hand must be a string")?)?;
                    if tiles.len() != 13 {
                        return Err(format!("hand {l} is dealt {} tiles", tiles.len()));
                    }
                    let seat = (usize::from(self.jushu) + l) % usize::from(self.players);
                    for (slot, (p, _)) in tehais[seat].iter_mut().zip(tiles) {
                        *slot = p;
                    }
                }
                self.last_discard = None;
                vec![(
                    Event::StartKyoku {
                        bakaze: Pai::of(hupai::Tile::ALL[27 + wind]),
                        dora_marker: tile(text("baopai")?)?,
                        kyoku: self.jushu + 1,
                        honba: num("changbang")?.min(255) as u8,
                        kyotaku: num("lizhibang")?.min(255) as u8,
                        oya: self.jushu,
                        scores,
                        tehais,
                    },
                    false,
                )]
            }
            "zimo" | "gangzimo" => vec![(Event::Tsumo { actor: self.seat(body)?, pai: tile(text("p")?)? }, false)],
            "dapai" => {
                let actor = self.seat(body)?;
                let p = text("p")?;
                let pai = tile(p)?;
                self.last_discard = Some((actor, pai));
                let dahai = (Event::Dahai { actor, pai, tsumogiri: p.contains('_') }, true);
                if p.contains('*') { vec![(Event::Reach { actor }, false), dahai] } else { vec![dahai] }
            }
            "fulou" => {
                let actor = self.seat(body)?;
                let tiles = tiles_of(text("m")?)?;
                let (target, called) = self.last_discard.take().ok_or("a call with no discard before it")?;
                if !tiles.iter().any(|(_, mark)| mark.is_some()) {
                    return Err(format!("'{}': a call without its mark", text("m")?));
                }
                // A pon's or kan's mark stands at the end whichever copy was called: the called
                // tile is the discard it follows.
                let k = tiles
                    .iter()
                    .position(|(p, _)| *p == called)
                    .ok_or_else(|| format!("a call of '{}' after a discard of {called}", text("m").unwrap_or("")))?;
                let pai = tiles[k].0;
                let others: Vec<Pai> = tiles.iter().enumerate().filter(|&(i, _)| i != k).map(|(_, t)| t.0).collect();
                let same = tiles.iter().all(|(p, _)| p.kind() == pai.kind());
                match (others.len(), same) {
                    (2, false) => vec![(Event::Chi { actor, target, pai, consumed: [others[0], others[1]] }, false)],
                    (2, true) => vec![(Event::Pon { actor, target, pai, consumed: [others[0], others[1]] }, false)],
                    (3, true) => vec![(
                        Event::Daiminkan { actor, target, pai, consumed: [others[0], others[1], others[2]] },
                        false,
                    )],
                    _ => return Err(format!("'{}' is not a chi, pon or open kan", text("m")?)),
                }
            }
            "gang" => {
                let actor = self.seat(body)?;
                let m = text("m")?;
                let tiles = tiles_of(m)?;
                if tiles.len() != 4 {
                    return Err(format!("'{m}' is not a kan"));
                }
                let all: Vec<Pai> = tiles.iter().map(|t| t.0).collect();
                if tiles.iter().any(|(_, mark)| mark.is_some()) {
                    // An added kan: the pung, then the tile added.
                    vec![(Event::Kakan { actor, pai: all[3], consumed: [all[0], all[1], all[2]] }, false)]
                } else {
                    vec![(Event::Ankan { actor, consumed: [all[0], all[1], all[2], all[3]] }, false)]
                }
            }
            "kaigang" => vec![(Event::Dora { dora_marker: tile(text("baopai")?)? }, false)],
            "penuki" => vec![(Event::Kita { actor: self.seat(body)?, pai: Pai::NORTH }, false)],
            "hule" => {
                let actor = self.seat(body)?;
                let target = match body.get("baojia") {
                    None | Some(Json::Null) => actor,
                    Some(b) => {
                        let l = b.as_u64().filter(|&l| l < u64::from(self.players)).ok_or("baojia must be a seat")?;
                        ((u64::from(self.jushu) + l) % u64::from(self.players)) as Seat
                    }
                };
                let deltas = self.by_seat(body.get("fenpei"), "fenpei")?;
                let mut ura_markers = [Pai::UNKNOWN; 5];
                let mut ura_len = 0u8;
                if let Some(list) = body.get("fubaopai").and_then(Json::as_array) {
                    for (slot, u) in ura_markers.iter_mut().zip(list) {
                        *slot = tile(u.as_str().ok_or("an ura indicator must be a tile")?)?;
                        ura_len += 1;
                    }
                }
                let score = WinScore {
                    han: 0,
                    fu: 0,
                    yakuman: false,
                    points: 0,
                    yaku: [(0, 0); MOST_YAKU],
                    yaku_len: 0,
                    pao: None,
                };
                vec![(Event::Hora { actor, target, pai: Pai::UNKNOWN, deltas, ura_markers, ura_len, score }, true)]
            }
            "pingju" => {
                let name = body.get("name").and_then(Json::as_str).unwrap_or("");
                let reason = DrawReason::from_name(name).unwrap_or(DrawReason::Exhaustive);
                let deltas = self.by_seat(body.get("fenpei"), "fenpei")?;
                vec![(Event::Ryukyoku { reason, deltas, tenpai: 0 }, true)]
            }
            other => return Err(format!("'{other}' is not a message of a hand")),
        })
    }
}

/// A tile as the paipu writes it (`m1`, `p0` a red five, `z7`).
fn name(p: Pai) -> String {
    let code = p.tenhou6();
    match code {
        51..=53 => format!("{}0", ['m', 'p', 's'][usize::from(code - 51)]),
        _ => format!("{}{}", ['m', 'p', 's', 'z'][usize::from(code / 10).saturating_sub(1).min(3)], code % 10),
    }
}

/// Tiles as a hand or a meld writes them: grouped by suit (m, p, s, z), digits in order with a
/// red five (`0`) after the fives; `mark` after the `at`-th tile given, if any.
fn written(tiles: &[Pai], mark: Option<(usize, char)>) -> String {
    let key = |p: &Pai| {
        let n = name(*p);
        let digit = n.as_bytes()[1];
        let order = if digit == b'0' { 55 } else { u16::from(digit - b'0') * 10 };
        ("mpsz".find(n.as_bytes()[0] as char).unwrap_or(3), order)
    };
    let mut order: Vec<usize> = (0..tiles.len()).collect();
    order.sort_by_key(|&i| key(&tiles[i]));
    let mut out = String::new();
    let mut suit = None;
    for i in order {
        let n = name(tiles[i]);
        let (s, d) = n.split_at(1);
        if suit != Some(s.to_string()) {
            out.push_str(s);
            suit = Some(s.to_string());
        }
        out.push_str(d);
        if let Some((at, c)) = mark
            && at == i
        {
            out.push(c);
        }
    }
    out
}

/// The mark of a call from `target` seen from `actor`: `-` the seat before (上家), `+` the seat
/// after (下家), `=` across.
fn mark(actor: Seat, target: Seat, players: u8) -> char {
    match (actor + players - target) % players {
        1 => '-',
        b if b == players - 1 => '+',
        _ => '=',
    }
}

/// The name the paipu gives a draw.
fn draw_name(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Exhaustive => "流局",
        DrawReason::NineTerminals => "九種九牌",
        DrawReason::FourWinds => "四風連打",
        DrawReason::FourRiichi => "四家立直",
        DrawReason::FourKans => "四開槓",
        DrawReason::TripleRon => "三家和",
        DrawReason::Nagashi => "流し満貫",
    }
}

/// A game's events as one paipu JSON object (`title` a Tenhou lobby's name for the length, the
/// players, open tanyao and red fives, so that [`read`] takes the same rules back; the first
/// dealer is the first player, `qijia` 0).
pub fn write(events: &[Event], rules: &GameRules, names: &[String]) -> String {
    use serde_json::{Value, json};
    let players = rules.players;
    let n = usize::from(players);
    let mut hands: Vec<Value> = Vec::new();
    let mut hand: Vec<Value> = Vec::new();
    let mut jushu = 0u8;
    let mut after_kan = false;
    let mut reach = [false; 4];
    let mut pons: Vec<(Seat, Option<hupai::Tile>, String)> = Vec::new();
    let mut final_scores = None;
    let l = |seat: Seat, jushu: u8| (seat + players - jushu) % players;
    let by_l =
        |list: &[i32; 4], jushu: u8| -> Vec<i32> { (0..n).map(|l| list[(usize::from(jushu) + l) % n]).collect() };
    for e in events {
        match *e {
            Event::StartKyoku { bakaze, dora_marker, kyoku, honba, kyotaku, scores, tehais, .. } => {
                if !hand.is_empty() {
                    hands.push(Value::Array(std::mem::take(&mut hand)));
                }
                jushu = kyoku.saturating_sub(1);
                after_kan = false;
                reach = [false; 4];
                pons.clear();
                let shoupai: Vec<String> =
                    (0..n).map(|l| written(&tehais[(usize::from(jushu) + l) % n], None)).collect();
                hand.push(json!({"qipai": {
                    "zhuangfeng": bakaze.kind_index().saturating_sub(27), "jushu": jushu, "changbang": honba,
                    "lizhibang": kyotaku, "defen": by_l(&scores, jushu), "baopai": name(dora_marker), "shoupai": shoupai,
                }}));
            }
            Event::Tsumo { actor, pai } => {
                let kind = if std::mem::take(&mut after_kan) { "gangzimo" } else { "zimo" };
                hand.push(json!({kind: {"l": l(actor, jushu), "p": name(pai)}}));
            }
            Event::Reach { actor } => reach[usize::from(actor)] = true,
            Event::Dahai { actor, pai, tsumogiri } => {
                let mut p = name(pai);
                if tsumogiri {
                    p.push('_');
                }
                if std::mem::take(&mut reach[usize::from(actor)]) {
                    p.push('*');
                }
                hand.push(json!({"dapai": {"l": l(actor, jushu), "p": p}}));
            }
            Event::Chi { actor, target, pai, consumed } => {
                let m = written(&[pai, consumed[0], consumed[1]], Some((0, mark(actor, target, players))));
                hand.push(json!({"fulou": {"l": l(actor, jushu), "m": m}}));
            }
            Event::Pon { actor, target, pai, consumed } => {
                let mut m = written(&[pai, consumed[0], consumed[1]], None);
                m.push(mark(actor, target, players));
                pons.push((actor, pai.kind(), m.clone()));
                hand.push(json!({"fulou": {"l": l(actor, jushu), "m": m}}));
            }
            Event::Daiminkan { actor, target, pai, consumed } => {
                let mut m = written(&[pai, consumed[0], consumed[1], consumed[2]], None);
                m.push(mark(actor, target, players));
                after_kan = true;
                hand.push(json!({"fulou": {"l": l(actor, jushu), "m": m}}));
            }
            Event::Kakan { actor, pai, consumed } => {
                let pon = pons.iter().find(|(s, k, _)| *s == actor && *k == pai.kind()).map(|(_, _, m)| m.clone());
                let mut m = pon.unwrap_or_else(|| format!("{}=", written(&consumed, None)));
                m.push_str(&name(pai)[1..]);
                after_kan = true;
                hand.push(json!({"gang": {"l": l(actor, jushu), "m": m}}));
            }
            Event::Ankan { actor, consumed } => {
                after_kan = true;
                hand.push(json!({"gang": {"l": l(actor, jushu), "m": written(&consumed, None)}}));
            }
            Event::Kita { actor, pai } => hand.push(json!({"penuki": {"l": l(actor, jushu), "p": name(pai)}})),
            Event::Dora { dora_marker } => hand.push(json!({"kaigang": {"baopai": name(dora_marker)}})),
            Event::Hora { actor, target, deltas, ura_markers, ura_len, score, .. } => {
                let ura: Vec<String> = ura_markers[..usize::from(ura_len)].iter().map(|&p| name(p)).collect();
                hand.push(json!({"hule": {
                    "l": l(actor, jushu),
                    "baojia": if actor == target { Value::Null } else { Value::from(l(target, jushu)) },
                    "fubaopai": if ura.is_empty() { Value::Null } else { json!(ura) },
                    "fu": score.fu, "fanshu": score.han, "defen": score.points,
                    "fenpei": by_l(&deltas, jushu),
                }}));
            }
            Event::Ryukyoku { reason, deltas, .. } => {
                hand.push(json!({"pingju": {"name": draw_name(reason), "fenpei": by_l(&deltas, jushu)}}));
            }
            Event::EndGame { scores } => final_scores = Some(scores[..n].to_vec()),
            _ => {}
        }
    }
    if !hand.is_empty() {
        hands.push(Value::Array(hand));
    }
    let length = match rules.length {
        GameLength::East | GameLength::Single => "東",
        _ => "南",
    };
    let kuitan = if rules.open_tanyao == Some(false) { "" } else { "喰" };
    let aka = if rules.red_fives.iter().any(|&r| r > 0) { "赤" } else { "" };
    let title = if *rules == GameRules::MAJIANG {
        "電脳麻将".to_string()
    } else {
        format!("{}般{length}{kuitan}{aka}", if players == 3 { "三" } else { "四" })
    };
    let player: Vec<&str> = (0..n).map(|s| names.get(s).map_or("", String::as_str)).collect();
    let mut object = json!({"title": title, "player": player, "qijia": 0, "log": hands});
    if let Some(defen) = final_scores {
        object["defen"] = json!(defen);
    }
    object.to_string()
}
