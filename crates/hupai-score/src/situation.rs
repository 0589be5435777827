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

/// The keys whose values are flags ([`Situation::flag_mut`]).
pub const FLAG_KEYS: [&str; 13] = [
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
    "last_copy",
    "after_kong_discard",
];

/// The keys whose values are lists of tiles ([`Situation::tiles_mut`]).
pub const TILE_KEYS: [&str; 3] = ["dora", "ura", "birds"];

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
            return Err(unknown_key(unknown));
        }
        let text = |key: &str| -> Result<Option<&str>, ScoreError> {
            match object.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s)),
                Some(other) => Err(ScoreError::key(key, format!("expected a string, found {other}"))),
            }
        };
        let hand = text("hand")?.ok_or_else(|| ScoreError::key("hand", "missing (the complete hand)"))?;
        let win = text("win")?.ok_or_else(|| ScoreError::key("win", "missing (the winning tile)"))?;
        let mut s = Situation::parse(hand, win)?;
        for key in &KEYS[2..KEYS.len() - 1] {
            if let Some(value) = object.get(*key) {
                s.set(key, value)?;
            }
        }
        Ok(s)
    }

    /// The situation of `hand` (mpsz text) won on `win` with every flag false: what
    /// [`Situation::from_json`] starts from, errors naming the key.
    pub fn parse(hand: &str, win: &str) -> Result<Situation, ScoreError> {
        let hand: Hand = hand.parse().map_err(|e| ScoreError::key("hand", format!("{e}")))?;
        Ok(Situation::new(hand, tile("win", win)?))
    }

    /// Sets the field of one situation key other than `hand`, `win` and `options` from its JSON
    /// value, as [`Situation::from_json`] reads it (null leaves the default).
    pub fn set(&mut self, key: &str, value: &Value) -> Result<(), ScoreError> {
        if value.is_null() {
            return Ok(());
        }
        if let Some(field) = self.flag_mut(key) {
            *field = value
                .as_bool()
                .ok_or_else(|| ScoreError::key(key, format!("expected true or false, found {value}")))?;
            return Ok(());
        }
        match key {
            "seat" | "round" => {
                let Value::String(t) = value else {
                    return Err(ScoreError::key(key, format!("expected a string, found {value}")));
                };
                let wind = tile(key, t)?;
                if !(Tile::EAST..=Tile::NORTH).contains(&wind) {
                    return Err(ScoreError::key(
                        key,
                        format!("'{t}' is not a wind (1z east, 2z south, 3z west, 4z north)"),
                    ));
                }
                *if key == "seat" { &mut self.seat } else { &mut self.round } = wind;
            }
            "dora" => self.dora = tiles(key, value)?,
            "ura" => self.ura = tiles(key, value)?,
            "birds" => self.birds = tiles(key, value)?,
            "honba" => self.honba = number(key, value, u32::MAX.into())? as u32,
            "kyotaku" => self.kyotaku = number(key, value, u32::MAX.into())? as u32,
            "nuki" => self.nuki = number(key, value, 4)? as u8,
            "flowers" => self.flowers = number(key, value, 8)? as u8,
            "hand" | "win" | "options" => {
                return Err(ScoreError::key(key, "is not a field a situation sets after it is made"));
            }
            other => return Err(unknown_key(other)),
        }
        Ok(())
    }
}

impl Situation {
    /// The field of a flag key (`tsumo`, `riichi`, …, `after_kong_discard`), for a door that
    /// reads a boolean without going through JSON; `None` for a key that is not a flag.
    pub fn flag_mut(&mut self, key: &str) -> Option<&mut bool> {
        Some(match key {
            "tsumo" => &mut self.tsumo,
            "riichi" => &mut self.riichi,
            "double_riichi" => &mut self.double_riichi,
            "ippatsu" => &mut self.ippatsu,
            "rinshan" => &mut self.rinshan,
            "chankan" => &mut self.chankan,
            "haitei" => &mut self.haitei,
            "houtei" => &mut self.houtei,
            "tenhou" => &mut self.tenhou,
            "chiihou" => &mut self.chiihou,
            "renhou" => &mut self.renhou,
            "last_copy" => &mut self.last_copy,
            "after_kong_discard" => &mut self.after_kong_discard,
            _ => return None,
        })
    }

    /// The field of a list-of-tiles key (`dora`, `ura`, `birds`), for a door that reads the tiles
    /// without going through JSON; `None` for another key.
    pub fn tiles_mut(&mut self, key: &str) -> Option<&mut Vec<Tile>> {
        match key {
            "dora" => Some(&mut self.dora),
            "ura" => Some(&mut self.ura),
            "birds" => Some(&mut self.birds),
            _ => None,
        }
    }
}

/// The place of `key` in [`KEYS`], or the error every door reports for a key no situation has.
pub fn key_position(key: &str) -> Result<usize, ScoreError> {
    // A match (the compiler's switch on length and bytes), not a walk comparing with every key:
    // a batch reads it for every key of every situation. The test below holds it to `KEYS`.
    let place = match key {
        "hand" => 0,
        "win" => 1,
        "tsumo" => 2,
        "riichi" => 3,
        "double_riichi" => 4,
        "ippatsu" => 5,
        "rinshan" => 6,
        "chankan" => 7,
        "haitei" => 8,
        "houtei" => 9,
        "tenhou" => 10,
        "chiihou" => 11,
        "renhou" => 12,
        "seat" => 13,
        "round" => 14,
        "dora" => 15,
        "ura" => 16,
        "honba" => 17,
        "kyotaku" => 18,
        "nuki" => 19,
        "last_copy" => 20,
        "flowers" => 21,
        "birds" => 22,
        "after_kong_discard" => 23,
        "options" => 24,
        _ => return Err(unknown_key(key)),
    };
    Ok(place)
}

/// The error for a key no situation has.
fn unknown_key(key: &str) -> ScoreError {
    ScoreError::key(key.to_string(), format!("unknown key; the keys are {}", KEYS.join(", ")))
}

/// One tile under `key`.
fn tile(key: &str, text: &str) -> Result<Tile, ScoreError> {
    text.parse().map_err(|e| ScoreError::key(key, format!("{e}")))
}

/// A list of tiles: a JSON array of tile strings, or one string of tiles in mpsz (`"1m5z"`).
fn tiles(key: &str, value: &Value) -> Result<Vec<Tile>, ScoreError> {
    match value {
        Value::Null => Ok(Vec::new()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                // The key's name with its index is made only for an error.
                Value::String(t) => t.parse().map_err(|e| ScoreError::key(format!("{key}[{i}]"), format!("{e}"))),
                other => Err(ScoreError::key(format!("{key}[{i}]"), format!("expected a tile, found {other}"))),
            })
            .collect(),
        Value::String(text) => {
            let hand: Hand = text.parse().map_err(|e| ScoreError::key(key, format!("{e}")))?;
            if hand.wildcards() > 0 || !hand.melds().is_empty() || !hand.bonus().is_empty() {
                return Err(ScoreError::key(key, "expected plain tiles"));
            }
            Ok(hand.concealed().tiles().collect())
        }
        other => Err(ScoreError::key(key, format!("expected a list of tiles, found {other}"))),
    }
}

/// A whole number from 0 to `max` under `key`.
fn number(key: &str, value: &Value, max: u64) -> Result<u64, ScoreError> {
    match value.as_u64() {
        Some(n) if n <= max => Ok(n),
        _ => Err(ScoreError::key(key, format!("expected a whole number from 0 to {max}, found {value}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_at_its_place_in_keys() {
        for (i, key) in KEYS.iter().enumerate() {
            assert_eq!(key_position(key).ok(), Some(i), "{key}");
        }
        for other in ["", "Hand", "hands", "wins", "option", "after_kong"] {
            assert!(key_position(other).is_err(), "{other}");
        }
    }

    #[test]
    fn the_flag_and_tile_keys_are_the_fields_they_name() {
        let mut s = Situation::new(Hand::default(), Tile::EAST);
        for key in KEYS {
            assert_eq!(s.flag_mut(key).is_some(), FLAG_KEYS.contains(&key), "{key}");
            assert_eq!(s.tiles_mut(key).is_some(), TILE_KEYS.contains(&key), "{key}");
        }
    }
}
