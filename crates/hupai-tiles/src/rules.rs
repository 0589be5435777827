//! Rule sets: hand size, which special forms win, whether a wildcard may be a fifth copy, the 2-5-8
//! pair, the void suit, the tile set played with and the GB knitted forms.

use std::fmt;
use std::str::FromStr;

use crate::{Suit, Tile, TileSet};

/// Whether seven pairs (七对) wins, and how a four-of-a-kind counts in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SevenPairs {
    /// Seven pairs does not win.
    Off,
    /// Seven pairs of seven distinct kinds (riichi).
    Distinct,
    /// Seven pairs where a four-of-a-kind counts as two pairs (Chinese rules, 龙七对).
    AllowQuads,
}

/// The void-suit rule (缺一门 / 定缺): a hand holding a tile of the void suit cannot win. "Holding"
/// counts concealed tiles, declared melds and what wildcards stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum VoidSuit {
    /// No void suit.
    Off,
    /// Some numbered suit must be missing, any one (the looser 缺一门): a hand using all three
    /// numbered suits cannot win.
    AnyOne,
    /// The player declared this numbered suit void (定缺): no tile of it may be in the hand.
    Declared(Suit),
}

/// The tiles the game is played with. A hand holding a tile outside the set is an error, a
/// wildcard stands only for kinds of the set, and `odds` counts the wall of the set.
///
/// (Not to be confused with [`TileSet`], a set of kinds.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TileSupply {
    /// 108 tiles: the three numbered suits only (Sichuan, Changsha).
    Numbered108,
    /// 112 tiles: the numbered suits and the four red dragons `7z` (红中麻将).
    RedDragons112,
    /// 136 tiles: all 34 kinds, no bonus tiles.
    Standard136,
    /// 144 tiles: the 136 and the eight bonus tiles `1f`–`8f` (set aside when drawn).
    WithBonus144,
    /// 108 tiles of three-player riichi (三麻 / sanma): the 136 without `2m`–`8m`.
    ThreePlayer108,
}

impl TileSupply {
    /// Every tile set, smallest first.
    pub const ALL: [TileSupply; 5] = [
        TileSupply::Numbered108,
        TileSupply::ThreePlayer108,
        TileSupply::RedDragons112,
        TileSupply::Standard136,
        TileSupply::WithBonus144,
    ];

    /// Physical tiles in the set: 108, 112, 136 or 144.
    pub const fn tiles(self) -> u16 {
        match self {
            TileSupply::Numbered108 | TileSupply::ThreePlayer108 => 108,
            TileSupply::RedDragons112 => 112,
            TileSupply::Standard136 => 136,
            TileSupply::WithBonus144 => 144,
        }
    }

    /// The kinds in the set (four copies of each).
    pub const fn kinds(self) -> TileSet {
        const NUMBERED: u64 = (1 << 27) - 1;
        match self {
            TileSupply::Numbered108 => TileSet::from_bits(NUMBERED),
            // 1m and 9m, then every pin, sou and honor.
            TileSupply::ThreePlayer108 => TileSet::from_bits(TileSet::ALL.bits() & !0b0_1111_1110),
            TileSupply::RedDragons112 => TileSet::from_bits(NUMBERED | 1 << 33),
            TileSupply::Standard136 | TileSupply::WithBonus144 => TileSet::ALL,
        }
    }

    /// True if the set has the bonus tiles.
    pub const fn has_bonus(self) -> bool {
        matches!(self, TileSupply::WithBonus144)
    }

    /// A short description for messages: "108 tiles (numbered suits only)".
    pub const fn describe(self) -> &'static str {
        match self {
            TileSupply::Numbered108 => "108 tiles (numbered suits only)",
            TileSupply::RedDragons112 => "112 tiles (numbered suits and red dragons)",
            TileSupply::Standard136 => "136 tiles (no bonus tiles)",
            TileSupply::WithBonus144 => "144 tiles (with bonus tiles)",
            TileSupply::ThreePlayer108 => "108 tiles (three-player: no 2m-8m)",
        }
    }

    /// The set's name in rules and options: `108`, `112`, `136`, `144`, or `sanma` (the
    /// three-player set, also 108 tiles).
    pub const fn name(self) -> &'static str {
        match self {
            TileSupply::Numbered108 => "108",
            TileSupply::RedDragons112 => "112",
            TileSupply::Standard136 => "136",
            TileSupply::WithBonus144 => "144",
            TileSupply::ThreePlayer108 => "sanma",
        }
    }
}

impl fmt::Display for TileSupply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a tile-set size that is not 108, 112, 136 or 144.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tile set '{0}': expected 108, 112, 136, 144 or sanma")]
pub struct UnknownTileSupply(pub String);

impl FromStr for TileSupply {
    type Err = UnknownTileSupply;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TileSupply::ALL.into_iter().find(|t| t.name() == s).ok_or_else(|| UnknownTileSupply(s.to_string()))
    }
}

/// A rule set. Start from a preset and adjust fields:
///
/// ```
/// use hupai_tiles::{Rules, SevenPairs, Suit, TileSupply, VoidSuit};
/// let mut rules = Rules::CHINESE;
/// rules.wildcard_fifth_copy = true;
/// assert_eq!(rules.hand_size(), 14);
/// assert_eq!(rules.seven_pairs, SevenPairs::AllowQuads);
/// assert_eq!(Rules::TAIWAN.hand_size(), 17);
/// // Sichuan: 108 tiles, a void suit; the player declares which one per hand.
/// let declared = Rules::SICHUAN.with_void(Suit::Pin);
/// assert_eq!(declared.void, VoidSuit::Declared(Suit::Pin));
/// assert_eq!(declared.tiles, TileSupply::Numbered108);
/// assert_eq!(declared.to_string(), "sichuan+void-p");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Rules {
    /// Melds in a complete hand besides the pair: 4 (14 tiles) or 5 (17 tiles, 16-tile rules).
    pub melds: u8,
    /// Whether and how seven pairs wins. Only a concealed 14-tile hand can be seven pairs.
    pub seven_pairs: SevenPairs,
    /// Whether thirteen orphans (国士无双 / 十三幺) wins. Only a concealed 14-tile hand can be one.
    pub thirteen_orphans: bool,
    /// Whether a wildcard may stand for a fifth copy of a kind (counting concealed tiles,
    /// declared melds and what other wildcards stand for). Off by default.
    pub wildcard_fifth_copy: bool,
    /// The 2-5-8 pair (二五八将): the pair of a melds-and-pair hand (and of the knitted straight
    /// form) must be a 2, 5 or 8 of a numbered suit. Seven pairs, thirteen orphans and the honors
    /// and knitted form have no single pair and are unaffected.
    pub pair_258: bool,
    /// The void-suit rule (缺一门 / 定缺).
    pub void: VoidSuit,
    /// The tiles played with.
    pub tiles: TileSupply,
    /// The GB knitted forms (国标): honors and knitted tiles (全不靠) and the knitted straight
    /// with one meld and a pair (组合龙). Only a 14-tile hand; the knitted straight allows one
    /// declared meld, honors and knitted none.
    pub knitted: bool,
    /// The wildcard tile (癞子牌): every concealed copy of this kind in a hand read under these rules
    /// is a wildcard (`7z` under `hongzhong`). Applied when a hand's text is read
    /// ([`Hand::with_wildcard_tile`](crate::Hand::with_wildcard_tile)); a hand built in code is
    /// taken as given.
    #[cfg_attr(feature = "serde", serde(default))]
    pub wildcard_tile: Option<Tile>,
}

impl Rules {
    /// Melds and a pair, 14 tiles, no special forms, 136 tiles.
    pub const STANDARD: Rules = Rules {
        melds: 4,
        seven_pairs: SevenPairs::Off,
        thirteen_orphans: false,
        wildcard_fifth_copy: false,
        pair_258: false,
        void: VoidSuit::Off,
        tiles: TileSupply::Standard136,
        knitted: false,
        wildcard_tile: None,
    };
    /// Standard plus seven distinct pairs and thirteen orphans.
    pub const RIICHI: Rules = Rules { seven_pairs: SevenPairs::Distinct, thirteen_orphans: true, ..Rules::STANDARD };
    /// Standard plus seven pairs (a four-of-a-kind counts as two pairs) and thirteen orphans.
    pub const CHINESE: Rules = Rules { seven_pairs: SevenPairs::AllowQuads, thirteen_orphans: true, ..Rules::STANDARD };
    /// Five melds and a pair, 17 tiles (Taiwan's 16-tile mahjong), no special forms, 144 tiles
    /// (flowers are part of the game).
    pub const TAIWAN: Rules = Rules { melds: 5, tiles: TileSupply::WithBonus144, ..Rules::STANDARD };
    /// Sichuan (血战到底): 108 tiles, a void suit (any one suit missing until the player declares
    /// one with [`Rules::with_void`]), seven pairs with a four of a kind as two pairs.
    pub const SICHUAN: Rules = Rules {
        seven_pairs: SevenPairs::AllowQuads,
        void: VoidSuit::AnyOne,
        tiles: TileSupply::Numbered108,
        ..Rules::STANDARD
    };
    /// Red-dragon mahjong (红中麻将): 112 tiles, seven pairs with a four of a kind as two pairs, no
    /// 2-5-8 pair. The red dragons are the wildcards ([`Rules::wildcard_tile`]): a hand read under
    /// these rules turns its `7z` into wildcards (in code, `Hand::with_wildcard_tile(Tile::RED)`).
    pub const HONGZHONG: Rules = Rules {
        seven_pairs: SevenPairs::AllowQuads,
        tiles: TileSupply::RedDragons112,
        wildcard_tile: Some(Tile::RED),
        ..Rules::STANDARD
    };
    /// Changsha: melds and a 2-5-8 pair. (The table game uses 108 tiles; this preset keeps the 136
    /// so that any hand can be asked; add `tiles: TileSupply::Numbered108` for the table game.)
    pub const CHANGSHA: Rules = Rules { pair_258: true, ..Rules::STANDARD };
    /// Three-player riichi (三麻 / sanma): the riichi forms over the 108 tiles without `2m`–`8m`.
    pub const SANMA: Rules = Rules { tiles: TileSupply::ThreePlayer108, ..Rules::RIICHI };
    /// Chinese Official (国标, GB): 144 tiles, seven pairs with a four of a kind as two pairs,
    /// thirteen orphans, honors and knitted (全不靠) and the knitted straight (组合龙).
    pub const GB: Rules = Rules {
        seven_pairs: SevenPairs::AllowQuads,
        thirteen_orphans: true,
        tiles: TileSupply::WithBonus144,
        knitted: true,
        ..Rules::STANDARD
    };

    /// The presets by name, in the order the CLI lists them.
    pub const PRESETS: [(&'static str, Rules); 9] = [
        ("standard", Rules::STANDARD),
        ("riichi", Rules::RIICHI),
        ("chinese", Rules::CHINESE),
        ("taiwan", Rules::TAIWAN),
        ("sichuan", Rules::SICHUAN),
        ("hongzhong", Rules::HONGZHONG),
        ("changsha", Rules::CHANGSHA),
        ("gb", Rules::GB),
        ("sanma", Rules::SANMA),
    ];

    /// The preset with this name.
    pub fn preset(name: &str) -> Option<Rules> {
        Rules::PRESETS.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
    }

    /// Tiles in a complete hand: 3 per meld plus the pair.
    pub const fn hand_size(&self) -> usize {
        3 * self.melds as usize + 2
    }

    /// True if seven pairs, thirteen orphans or the knitted forms can win under these rules.
    pub const fn has_special_forms(&self) -> bool {
        !matches!(self.seven_pairs, SevenPairs::Off) || self.thirteen_orphans || self.knitted
    }

    /// These rules with the fifth-copy option set as given.
    pub const fn with_wildcard_fifth_copy(mut self, allowed: bool) -> Rules {
        self.wildcard_fifth_copy = allowed;
        self
    }

    /// These rules with the 2-5-8 pair on or off.
    pub const fn with_pair_258(mut self, on: bool) -> Rules {
        self.pair_258 = on;
        self
    }

    /// These rules with `suit` declared void (定缺). `suit` must be numbered; honors give
    /// [`VoidSuit::Off`] unchanged rules (honors are never a void suit).
    pub const fn with_void(mut self, suit: Suit) -> Rules {
        if suit.is_numbered() {
            self.void = VoidSuit::Declared(suit);
        }
        self
    }

    /// These rules with the void-suit rule set as given.
    pub const fn with_void_rule(mut self, void: VoidSuit) -> Rules {
        self.void = void;
        self
    }

    /// These rules played with the given tiles.
    pub const fn with_tiles(mut self, tiles: TileSupply) -> Rules {
        self.tiles = tiles;
        self
    }

    /// These rules with the given wildcard tile (`None`: no tile is wild).
    pub const fn with_wildcard_tile(mut self, tile: Option<Tile>) -> Rules {
        self.wildcard_tile = tile;
        self
    }

    /// True if a pair of `tile` may be the pair of a melds-and-pair hand under these rules.
    #[inline]
    pub const fn pair_allowed(&self, tile: Tile) -> bool {
        !self.pair_258 || (!tile.is_honor() && matches!(tile.rank(), 2 | 5 | 8))
    }

    /// The suits a winning hand may be void in: `[None]` without a void rule, the declared suit,
    /// or all three numbered suits for [`VoidSuit::AnyOne`]. A hand wins under the void rule if
    /// it wins with one of these suits absent.
    pub fn void_choices(&self) -> &'static [Option<Suit>] {
        match self.void {
            VoidSuit::Off => &[None],
            VoidSuit::AnyOne => &[Some(Suit::Man), Some(Suit::Pin), Some(Suit::Sou)],
            VoidSuit::Declared(Suit::Man) => &[Some(Suit::Man)],
            VoidSuit::Declared(Suit::Pin) => &[Some(Suit::Pin)],
            VoidSuit::Declared(Suit::Sou) => &[Some(Suit::Sou)],
            VoidSuit::Declared(Suit::Honor) => &[None],
        }
    }

    /// The kinds a hand may hold (concealed, declared or as wildcards) under the tile set with
    /// `void` absent.
    pub fn allowed_kinds(&self, void: Option<Suit>) -> TileSet {
        let kinds = self.tiles.kinds();
        match void {
            Some(s) if s.is_numbered() => TileSet::from_bits(kinds.bits() & !(0x1ff << s.offset())),
            _ => kinds,
        }
    }

    /// True if the rules restrict what a hand may hold beyond the 34 kinds: a void suit or a tile
    /// set smaller than 136.
    pub const fn restricts_kinds(&self) -> bool {
        !matches!(self.void, VoidSuit::Off) || self.tiles.kinds().len() < 34
    }

    /// True if none of the regional options is on (the 2-5-8 pair, a void suit, a tile set other
    /// than 136 or 144, the knitted forms): the rules every algorithm handles.
    pub const fn is_classic(&self) -> bool {
        !self.pair_258 && !self.restricts_kinds() && !self.knitted
    }

    /// The preset name, if these rules equal a preset apart from the fifth-copy option and the
    /// suit declared void (a declared void is the per-hand choice under a void-suit preset).
    pub fn preset_name(&self) -> Option<&'static str> {
        let mut base = self.with_wildcard_fifth_copy(false);
        if matches!(base.void, VoidSuit::Declared(_)) {
            base.void = VoidSuit::AnyOne;
        }
        Rules::PRESETS.iter().find(|(_, r)| *r == base).map(|&(n, _)| n)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

impl fmt::Display for Rules {
    /// The canonical text of the rules, which [`Rules::from_str`] reads back: the preset closest to
    /// them, then each option that differs from it, in a fixed order (`sichuan+void-p`,
    /// `changsha+tiles-108`, `hongzhong+wild-5z+5th`; see [`Rules::from_str`]). Rules no preset
    /// shape matches (a custom meld count or special forms) print every field instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((name, preset)) = self.closest_preset() else {
            write!(
                f,
                "{} melds, seven pairs {:?}, thirteen orphans {}, {}",
                self.melds,
                self.seven_pairs,
                self.thirteen_orphans,
                self.tiles.describe()
            )?;
            if self.pair_258 {
                f.write_str(", 2-5-8 pair")?;
            }
            if self.void == VoidSuit::AnyOne {
                f.write_str(", any one suit void")?;
            }
            if self.knitted {
                f.write_str(", knitted forms")?;
            }
            if let Some(t) = self.wildcard_tile {
                write!(f, ", {t} wild")?;
            }
            if self.wildcard_fifth_copy {
                f.write_str(", wildcard fifth copy")?;
            }
            return Ok(());
        };
        f.write_str(name)?;
        for option in self.options_beyond(&preset) {
            write!(f, "+{option}")?;
        }
        Ok(())
    }
}

impl Rules {
    /// The preset of the same shape (melds, seven pairs, thirteen orphans, knitted forms) that
    /// needs the fewest options to reach these rules; the first in [`Rules::PRESETS`] order on a tie.
    fn closest_preset(&self) -> Option<(&'static str, Rules)> {
        Rules::PRESETS
            .iter()
            .filter(|(_, p)| {
                p.melds == self.melds
                    && p.seven_pairs == self.seven_pairs
                    && p.thirteen_orphans == self.thirteen_orphans
                    && p.knitted == self.knitted
            })
            .min_by_key(|(_, p)| self.options_beyond(p).len())
            .copied()
    }

    /// The grammar's options that turn `preset` into these rules, in canonical order.
    fn options_beyond(&self, preset: &Rules) -> Vec<String> {
        let mut out = Vec::new();
        if self.void != preset.void {
            out.push(match self.void {
                VoidSuit::Off | VoidSuit::Declared(Suit::Honor) => "void-none".to_string(),
                VoidSuit::AnyOne => "void-any".to_string(),
                VoidSuit::Declared(s) => format!("void-{}", s.letter()),
            });
        }
        if self.pair_258 != preset.pair_258 {
            out.push(if self.pair_258 { "258" } else { "no-258" }.to_string());
        }
        if self.tiles != preset.tiles {
            out.push(format!("tiles-{}", self.tiles.name()));
        }
        if self.wildcard_tile != preset.wildcard_tile {
            out.push(match self.wildcard_tile {
                Some(t) => format!("wild-{t}"),
                None => "wild-none".to_string(),
            });
        }
        if self.wildcard_fifth_copy != preset.wildcard_fifth_copy {
            out.push(if self.wildcard_fifth_copy { "5th" } else { "no-5th" }.to_string());
        }
        out
    }
}

/// The error for rules text that is not a preset followed by options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rules '{0}': expected a preset (standard, riichi, sanma, chinese, taiwan, sichuan, hongzhong, changsha, gb) followed by options: +void-m|p|s|any|none, +258 or +no-258, +tiles-108|112|136|144|sanma, +wild-TILE or +wild-none, +5th"
)]
pub struct UnknownRules(pub String);

/// Rules by name: the one grammar every front end that takes rules as text reads (the command
/// line's `--rules`, the Python module, the C ABI, the harness's corpus names), and the form
/// [`Rules`] prints. A preset, then options in any order, each at most once:
///
/// | option | meaning |
/// | --- | --- |
/// | `+void-m`, `+void-p`, `+void-s` | that suit declared void (定缺) |
/// | `+void-any`, `+void-none` | some numbered suit must be missing; no void rule |
/// | `+258`, `+no-258` | the pair must (must not need to) be a 2, 5 or 8 |
/// | `+tiles-108`, `-112`, `-136`, `-144`, `-sanma` | the tile set |
/// | `+wild-7z`, `+wild-none` | the wildcard tile (a kind: a red five is refused); no wildcard tile |
/// | `+5th` | a wildcard may stand for a fifth copy |
///
/// ```
/// use hupai_tiles::{Rules, Suit, Tile, TileSupply};
/// let rules: Rules = "changsha+tiles-108".parse().unwrap();
/// assert_eq!(rules, Rules::CHANGSHA.with_tiles(TileSupply::Numbered108));
/// assert_eq!(rules.to_string(), "changsha+tiles-108");
/// assert_eq!("hongzhong".parse::<Rules>().unwrap().wildcard_tile, Some(Tile::RED));
/// assert_eq!("standard+258".parse::<Rules>().unwrap().to_string(), "changsha");
/// assert_eq!("sichuan+5th+void-p".parse::<Rules>().unwrap().to_string(), "sichuan+void-p+5th");
/// ```
impl FromStr for Rules {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownRules(s.to_string());
        let mut parts = s.split('+');
        let mut rules = parts.next().and_then(Rules::preset).ok_or_else(unknown)?;
        let mut seen: Vec<&str> = Vec::new();
        for option in parts {
            // Each option at most once: `+5th+5th` or `+void-p+void-s` is a mistake, not a choice.
            let key = option.split('-').next().unwrap_or(option);
            let key = if key == "no" { option.trim_start_matches("no-") } else { key };
            if seen.contains(&key) {
                return Err(unknown());
            }
            seen.push(key);
            rules = match option {
                "5th" => rules.with_wildcard_fifth_copy(true),
                "no-5th" => rules.with_wildcard_fifth_copy(false),
                "258" => rules.with_pair_258(true),
                "no-258" => rules.with_pair_258(false),
                "void-any" => rules.with_void_rule(VoidSuit::AnyOne),
                "void-none" => rules.with_void_rule(VoidSuit::Off),
                "wild-none" => rules.with_wildcard_tile(None),
                _ => {
                    if let Some(letter) = option.strip_prefix("void-") {
                        let mut chars = letter.chars();
                        let suit = chars
                            .next()
                            .and_then(Suit::from_letter)
                            .filter(|s| s.is_numbered() && chars.next().is_none())
                            .ok_or_else(unknown)?;
                        rules.with_void(suit)
                    } else if let Some(set) = option.strip_prefix("tiles-") {
                        rules.with_tiles(set.parse().map_err(|_| unknown())?)
                    } else if let Some(tile) = option.strip_prefix("wild-") {
                        rules.with_wildcard_tile(Some(wildcard_kind(tile).ok_or_else(unknown)?))
                    } else {
                        return Err(unknown());
                    }
                }
            };
        }
        Ok(rules)
    }
}

/// A wildcard tile's text: one kind in mpsz (`7z`, `5m`), not a red five (`0m` names no kind of
/// its own, so it cannot say which tiles are wild).
pub fn wildcard_kind(text: &str) -> Option<Tile> {
    if text.starts_with('0') {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_round_trip_by_name() {
        for (name, rules) in Rules::PRESETS {
            assert_eq!(name.parse::<Rules>().unwrap(), rules);
            assert_eq!(rules.to_string(), name);
        }
        assert!("mahjong".parse::<Rules>().is_err());
        assert_eq!("sichuan+void-p".parse::<Rules>(), Ok(Rules::SICHUAN.with_void(Suit::Pin)));
        assert_eq!(
            "changsha+void-s+5th".parse::<Rules>(),
            Ok(Rules::CHANGSHA.with_void(Suit::Sou).with_wildcard_fifth_copy(true))
        );
        assert_eq!("riichi+5th".parse::<Rules>(), Ok(Rules::RIICHI.with_wildcard_fifth_copy(true)));
        for bad in [
            "",
            "+5th",
            "riichi+5th+5th",
            "riichi+5th+no-5th",
            "sichuan+void-p+void-s",
            "sichuan+void-z",
            "sichuan+void-pp",
            "sichuan+void-",
            "standard+tiles-100",
            "hongzhong+wild-0m",
            "hongzhong+wild-8z",
            "standard+258+",
            "standard+fast",
        ] {
            assert!(bad.parse::<Rules>().is_err(), "{bad:?}");
        }
        assert_eq!("sichuan+5th+void-p".parse::<Rules>(), "sichuan+void-p+5th".parse::<Rules>());
        assert_eq!(Rules::RIICHI.with_wildcard_fifth_copy(true).preset_name(), Some("riichi"));
        let unknown = "mahjong".parse::<Rules>().unwrap_err().to_string();
        for (name, _) in Rules::PRESETS {
            assert!(unknown.contains(name), "{unknown}");
        }
    }

    /// Every combination of the options prints as text that reads back as the same rules, and
    /// the printed form is the shortest from the closest preset.
    #[test]
    fn every_option_combination_round_trips() {
        let voids = [None, Some(VoidSuit::Off), Some(VoidSuit::AnyOne), Some(VoidSuit::Declared(Suit::Sou))];
        let tiles =
            [None, Some(TileSupply::Numbered108), Some(TileSupply::ThreePlayer108), Some(TileSupply::WithBonus144)];
        let wilds = [None, Some(None), Some(Some(Tile::RED)), Some(Some(Tile::WHITE))];
        let mut texts = std::collections::HashSet::new();
        for (_, preset) in Rules::PRESETS {
            for void in voids {
                for set in tiles {
                    for wild in wilds {
                        for (pair, fifth) in [(None, false), (Some(true), true), (Some(false), false)] {
                            let mut r = preset.with_wildcard_fifth_copy(fifth);
                            if let Some(v) = void {
                                r = r.with_void_rule(v);
                            }
                            if let Some(t) = set {
                                r = r.with_tiles(t);
                            }
                            if let Some(w) = wild {
                                r = r.with_wildcard_tile(w);
                            }
                            if let Some(p) = pair {
                                r = r.with_pair_258(p);
                            }
                            let text = r.to_string();
                            assert_eq!(text.parse::<Rules>(), Ok(r), "{text}");
                            texts.insert(text);
                        }
                    }
                }
            }
        }
        assert!(texts.len() > 300, "{}", texts.len());
        assert_eq!(Rules::HONGZHONG.with_wildcard_tile(None).to_string(), "hongzhong+wild-none");
        assert_eq!(Rules::STANDARD.with_tiles(TileSupply::RedDragons112).to_string(), "standard+tiles-112");
        assert_eq!(Rules::CHANGSHA.with_tiles(TileSupply::Numbered108).to_string(), "changsha+tiles-108");
        assert_eq!(Rules::SICHUAN.with_void_rule(VoidSuit::Off).to_string(), "sichuan+void-none");
    }

    #[test]
    fn void_and_tiles_restrict_kinds() {
        let r = Rules::SICHUAN.with_void(Suit::Pin);
        assert_eq!(r.void_choices(), &[Some(Suit::Pin)]);
        let allowed = r.allowed_kinds(Some(Suit::Pin));
        assert_eq!(allowed.len(), 18);
        assert!(!allowed.contains("5p".parse().unwrap()) && !allowed.contains(Tile::EAST));
        assert_eq!(Rules::HONGZHONG.allowed_kinds(None).len(), 28);
        assert!(Rules::HONGZHONG.allowed_kinds(None).contains(Tile::RED));
        assert_eq!(Rules::STANDARD.allowed_kinds(None), TileSet::ALL);
        assert!(!Rules::STANDARD.restricts_kinds() && Rules::SICHUAN.restricts_kinds());
        assert_eq!(Rules::STANDARD.with_void(Suit::Honor), Rules::STANDARD);
        assert_eq!("112".parse::<TileSupply>(), Ok(TileSupply::RedDragons112));
        assert!("100".parse::<TileSupply>().is_err());
    }

    #[test]
    fn pair_258() {
        let r = Rules::CHANGSHA;
        let ok: Vec<String> = Tile::ALL.into_iter().filter(|&t| r.pair_allowed(t)).map(|t| t.to_string()).collect();
        assert_eq!(ok, ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s"]);
        assert!(Rules::STANDARD.pair_allowed(Tile::EAST));
    }

    #[test]
    fn custom_rules_print_every_field() {
        let r = Rules::STANDARD.with_pair_258(true).with_tiles(TileSupply::Numbered108);
        assert_eq!(r.to_string(), "changsha+tiles-108");
        let custom = Rules { melds: 5, seven_pairs: SevenPairs::Distinct, ..Rules::STANDARD };
        assert_eq!(
            custom.to_string(),
            "5 melds, seven pairs Distinct, thirteen orphans false, 136 tiles (no bonus tiles)"
        );
        assert_eq!(Rules::SANMA.to_string(), "sanma");
        assert_eq!(Rules::SANMA.allowed_kinds(None).len(), 27);
        assert!(!Rules::SANMA.allowed_kinds(None).contains("2m".parse().unwrap()));
        assert!(Rules::SANMA.allowed_kinds(None).contains("9m".parse().unwrap()));
        assert_eq!("sanma".parse::<TileSupply>(), Ok(TileSupply::ThreePlayer108));
        for t in TileSupply::ALL {
            assert_eq!(t.name().parse::<TileSupply>(), Ok(t));
            assert_eq!(t.kinds().len() * 4 + if t.has_bonus() { 8 } else { 0 }, usize::from(t.tiles()));
        }
    }
}
