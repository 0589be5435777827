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

/// The rules a Tenhou lobby's name says (`四鳳南喰赤`: four players, east and south, open
/// tanyao, red fives), on Tenhou's preset for the player count.
fn rules_of(title: &str, players: u8) -> GameRules {
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
