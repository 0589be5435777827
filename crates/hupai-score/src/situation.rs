//! The situation a hand wins in: one plain value with named fields, the same keys for every rule
//! set, read from a JSON object (the CLI's lines, Python's keyword arguments, the C ABI's text).

use hupai::{Hand, Tile};
use serde_json::{Map, Value};

use crate::ScoreError;

/// Everything a score depends on besides the rules: the hand and how and when it won.
///
/// One value with named fields, like `mahjong`'s `HandConfig` or the GB fan calculator's
/// `calculate_param_t`; each scorer reads the fields its rules give a meaning to and refuses
/// ([`ScoreError::Impossible`]) a combination that cannot happen. Every flag defaults to false,
/// every number to 0, every list to empty and both winds to east.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Situation {
    /// The complete hand, the winning tile included among its concealed tiles. Open melds in
    /// `[ ]`, concealed kans in `( )`, red fives as `0`, wildcards as `*`.
    pub hand: Hand,
    /// The winning tile (a red five is written `0m`/`0p`/`0s`; its kind is the five).
    pub win: Tile,
    /// Won by drawing the tile (自摸 / tsumo) rather than on a discard (ron).
    pub tsumo: bool,
    /// Riichi declared.
    pub riichi: bool,
    /// Riichi declared on the first turn (double riichi); implies `riichi`.
    pub double_riichi: bool,
    /// Won within one turn of riichi, uninterrupted.
    pub ippatsu: bool,
    /// Won on the replacement tile after a kan (嶺上開花 / 杠上开花).
    pub rinshan: bool,
    /// Won on a tile another player added to a pon (搶槓 / 抢杠和).
    pub chankan: bool,
    /// Won by drawing the last tile of the wall (海底摸月 / 妙手回春).
    pub haitei: bool,
    /// Won on the last discard (河底撈魚 / 海底捞月).
    pub houtei: bool,
    /// The dealer won on the initial deal (天和 / 天胡).
    pub tenhou: bool,
    /// A non-dealer won by drawing on the first turn, uninterrupted (地和 / 地胡).
    pub chiihou: bool,
    /// A non-dealer won on a discard before their first draw, uninterrupted (人和).
    pub renhou: bool,
    /// The winner's seat wind, `1z`–`4z` (east is the dealer).
    pub seat: Tile,
    /// The round wind (prevailing wind), `1z`–`4z`.
    pub round: Tile,
    /// Dora indicators (the dora is the next kind in order), as shown on the wall.
    pub dora: Vec<Tile>,
    /// Ura-dora indicators (counted only with riichi).
    pub ura: Vec<Tile>,
    /// Counters on the table (本場): 300 points each to a ron, 100 from each payer on tsumo.
    pub honba: u32,
    /// Riichi sticks on the table (供託), 1,000 points each to the winner.
    pub kyotaku: u32,
    /// Three-player: north tiles set aside as nuki dora.
    pub nuki: u8,
    /// The winning tile is the last copy not yet visible (和绝张).
    pub last_copy: bool,
    /// Flower and season tiles drawn (花牌), 0–8.
    pub flowers: u8,
    /// Bird tiles (抓码) turned over after the win.
    pub birds: Vec<Tile>,
    /// Won on a discard made right after the discarder's kan (杠上炮).
    pub after_kong_discard: bool,
}

/// Every key a situation object may hold, in the order the documentation lists them.
pub const KEYS: [&str; 25] = [
    "hand",
    "win",
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "seat",
    "round",
    "dora",
    "ura",
    "honba",
    "kyotaku",
    "nuki",
    "last_copy",
    "flowers",
    "birds",
    "after_kong_discard",
    "options",
];

impl Situation {
    /// A situation with every flag false: the hand won on `win` by ron, east seat, east round.
    pub fn new(hand: Hand, win: Tile) -> Situation {
        Situation {
            hand,
            win,
            tsumo: false,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            rinshan: false,
            chankan: false,
            haitei: false,
            houtei: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            seat: Tile::EAST,
            round: Tile::EAST,
            dora: Vec::new(),
            ura: Vec::new(),
            honba: 0,
            kyotaku: 0,
            nuki: 0,
            last_copy: false,
            flowers: 0,
            birds: Vec::new(),
            after_kong_discard: false,
        }
    }

    /// True if the winner is the dealer (east seat).
    pub fn is_dealer(&self) -> bool {
        self.seat == Tile::EAST
    }

    /// Reads a situation from a JSON object with the keys of [`KEYS`]. `hand` and `win` are
    /// required; an unknown key is an error (a misspelt flag must not be silently false).
    /// `options` is read by the caller ([`crate::Scorer`]), not here.
    pub fn from_json(object: &Map<String, Value>) -> Result<Situation, ScoreError> {
        if let Some(unknown) = object.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(ScoreError::key(unknown.clone(), format!("unknown key; the keys are {}", KEYS.join(", "))));
        }
        let text = |key: &str| -> Result<Option<&str>, ScoreError> {
            match object.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s)),
                Some(other) => Err(ScoreError::key(key, format!("expected a string, found {other}"))),
            }
        };
        let hand_text = text("hand")?.ok_or_else(|| ScoreError::key("hand", "missing (the complete hand)"))?;
        let hand: Hand = hand_text.parse().map_err(|e| ScoreError::key("hand", format!("{e}")))?;
        let win_text = text("win")?.ok_or_else(|| ScoreError::key("win", "missing (the winning tile)"))?;
        let win = tile("win", win_text)?;
        let mut s = Situation::new(hand, win);
        for (key, field) in [
            ("tsumo", &mut s.tsumo),
            ("riichi", &mut s.riichi),
            ("double_riichi", &mut s.double_riichi),
            ("ippatsu", &mut s.ippatsu),
            ("rinshan", &mut s.rinshan),
            ("chankan", &mut s.chankan),
            ("haitei", &mut s.haitei),
            ("houtei", &mut s.houtei),
            ("tenhou", &mut s.tenhou),
            ("chiihou", &mut s.chiihou),
            ("renhou", &mut s.renhou),
            ("last_copy", &mut s.last_copy),
            ("after_kong_discard", &mut s.after_kong_discard),
        ] {
            match object.get(key) {
                None | Some(Value::Null) => {}
                Some(Value::Bool(b)) => *field = *b,
                Some(other) => return Err(ScoreError::key(key, format!("expected true or false, found {other}"))),
            }
        }
        for (key, field) in [("seat", &mut s.seat), ("round", &mut s.round)] {
            if let Some(t) = text(key)? {
                let wind = tile(key, t)?;
                if !(Tile::EAST..=Tile::NORTH).contains(&wind) {
                    return Err(ScoreError::key(
                        key,
                        format!("'{t}' is not a wind (1z east, 2z south, 3z west, 4z north)"),
                    ));
                }
                *field = wind;
            }
        }
        for (key, field) in [("dora", &mut s.dora), ("ura", &mut s.ura), ("birds", &mut s.birds)] {
            *field = tiles(key, object.get(key))?;
        }
        s.honba = number(object, "honba", u32::MAX.into())? as u32;
        s.kyotaku = number(object, "kyotaku", u32::MAX.into())? as u32;
        s.nuki = number(object, "nuki", 4)? as u8;
        s.flowers = number(object, "flowers", 8)? as u8;
        Ok(s)
    }
}

/// One tile under `key`.
fn tile(key: &str, text: &str) -> Result<Tile, ScoreError> {
    text.parse().map_err(|e| ScoreError::key(key, format!("{e}")))
}

/// A list of tiles: a JSON array of tile strings, or one string of tiles in mpsz (`"1m5z"`).
fn tiles(key: &str, value: Option<&Value>) -> Result<Vec<Tile>, ScoreError> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(t) => tile(&format!("{key}[{i}]"), t),
                other => Err(ScoreError::key(format!("{key}[{i}]"), format!("expected a tile, found {other}"))),
            })
            .collect(),
        Some(Value::String(text)) => {
            let hand: Hand = text.parse().map_err(|e| ScoreError::key(key, format!("{e}")))?;
            if hand.wildcards() > 0 || !hand.melds().is_empty() || !hand.bonus().is_empty() {
                return Err(ScoreError::key(key, "expected plain tiles"));
            }
            Ok(hand.concealed().tiles().collect())
        }
        Some(other) => Err(ScoreError::key(key, format!("expected a list of tiles, found {other}"))),
    }
}

/// A whole number from 0 to `max` under `key`, 0 when absent.
fn number(object: &Map<String, Value>, key: &str, max: u64) -> Result<u64, ScoreError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(0),
        Some(v) => match v.as_u64() {
            Some(n) if n <= max => Ok(n),
            _ => Err(ScoreError::key(key, format!("expected a whole number from 0 to {max}, found {v}"))),
        },
    }
}
