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
/// assert_eq!(declared.to_string(), "sichuan + void p");
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
    /// 2-5-8 pair. The red dragons are the wildcards: the CLI turns `7z` into wildcards by default
    /// (in code, `Hand::with_wildcard_tile(Tile::RED)`).
    pub const HONGZHONG: Rules =
        Rules { seven_pairs: SevenPairs::AllowQuads, tiles: TileSupply::RedDragons112, ..Rules::STANDARD };
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
        ("sanma", Rules::SANMA),
        ("chinese", Rules::CHINESE),
        ("taiwan", Rules::TAIWAN),
        ("sichuan", Rules::SICHUAN),
        ("hongzhong", Rules::HONGZHONG),
        ("changsha", Rules::CHANGSHA),
        ("gb", Rules::GB),
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
    /// The preset name (`chinese`), or every field for custom rules, then the per-hand choices:
    /// `sichuan + void p`, `riichi + wildcard fifth copy`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(n) => f.write_str(n)?,
            None => {
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
            }
        }
        if let VoidSuit::Declared(s) = self.void {
            write!(f, " + void {}", s.letter())?;
        }
        if self.wildcard_fifth_copy {
            f.write_str(" + wildcard fifth copy")?;
        }
        Ok(())
    }
}

/// The error for an unknown preset name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rules '{0}': expected one of standard, riichi, sanma, chinese, taiwan, sichuan, hongzhong, changsha, gb, optionally followed by +void-m|p|s and +5th"
)]
pub struct UnknownRules(pub String);

/// Rules by name: a preset (`"riichi"`), optionally followed by the declared void suit
/// (`"+void-m"`, `"+void-p"`, `"+void-s"`) and then by `"+5th"` for the wildcard fifth-copy option:
/// `"sichuan+void-p"`, `"chinese+5th"`. One grammar for every front end that takes rules as text
/// (the C ABI, the Python module, the harness's corpus names).
impl FromStr for Rules {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unknown = || UnknownRules(s.to_string());
        // Most names are a bare preset: no suffix to look for.
        if !s.contains('+') {
            return Rules::preset(s).ok_or_else(unknown);
        }
        let (rest, fifth) = match s.strip_suffix("+5th") {
            Some(rest) => (rest, true),
            None => (s, false),
        };
        let (name, void) = match rest.rsplit_once("+void-") {
            Some((name, letter)) => {
                let mut chars = letter.chars();
                let suit =
                    chars.next().and_then(Suit::from_letter).filter(|s| s.is_numbered() && chars.next().is_none());
                (name, Some(suit.ok_or_else(unknown)?))
            }
            None => (rest, None),
        };
        let rules = Rules::preset(name).ok_or_else(unknown)?.with_wildcard_fifth_copy(fifth);
        Ok(match void {
            Some(suit) => rules.with_void(suit),
            None => rules,
        })
    }
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
        for bad in
            ["", "+5th", "riichi+5th+5th", "sichuan+5th+void-p", "sichuan+void-z", "sichuan+void-pp", "sichuan+void-"]
        {
            assert!(bad.parse::<Rules>().is_err(), "{bad:?}");
        }
        assert_eq!(Rules::RIICHI.with_wildcard_fifth_copy(true).preset_name(), Some("riichi"));
        let unknown = "mahjong".parse::<Rules>().unwrap_err().to_string();
        for (name, _) in Rules::PRESETS {
            assert!(unknown.contains(name), "{unknown}");
        }
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
        assert_eq!(
            r.to_string(),
            "4 melds, seven pairs Off, thirteen orphans false, 108 tiles (numbered suits only), 2-5-8 pair"
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
