//! Options shared by `check` and `batch` (rules, wildcard options, algorithm choice) and the one
//! function both use to answer a hand.

use clap::{Args, ValueEnum};
use hupai_tiles::{Algorithm, Answer, Error, Hand, Rules, Suit, Tile, TileSupply, VoidSuit};

/// Rule presets by name; `Rules::preset` turns the name into rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Preset {
    /// Melds and a pair, 14 tiles, no special forms.
    Standard,
    /// Standard plus seven distinct pairs and thirteen orphans.
    Riichi,
    /// Three-player riichi: the riichi forms over 108 tiles without 2m-8m.
    Sanma,
    /// Standard plus seven pairs (a quad counts as two pairs) and thirteen orphans.
    Chinese,
    /// Five melds and a pair, 17 tiles, 144 tiles with flowers.
    Taiwan,
    /// Sichuan: 108 tiles, a void suit (any one; declare it with --void), seven pairs with quads.
    Sichuan,
    /// Red-dragon mahjong: 112 tiles, 7z are the wildcards, seven pairs with quads.
    Hongzhong,
    /// Changsha: the pair must be a 2, 5 or 8.
    Changsha,
    /// Chinese Official (GB): 144 tiles, seven pairs with quads, thirteen orphans, the knitted forms.
    Gb,
}

/// The void suit: a numbered suit the hand may hold no tile of, or any one suit missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum VoidArg {
    /// Characters.
    M,
    /// Dots.
    P,
    /// Bamboo.
    S,
    /// Any one numbered suit missing.
    Any,
}

/// The tiles played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum TilesArg {
    /// Numbered suits only.
    #[value(name = "108")]
    Numbered108,
    /// Numbered suits and red dragons.
    #[value(name = "112")]
    RedDragons112,
    /// All 34 kinds, no bonus tiles.
    #[value(name = "136")]
    Standard136,
    /// All 34 kinds and the eight bonus tiles.
    #[value(name = "144")]
    WithBonus144,
    /// Three-player riichi's 108 tiles: no 2m-8m.
    #[value(name = "sanma")]
    ThreePlayer108,
}

/// How a hand is read and judged.
#[derive(Debug, Clone, Args)]
pub(crate) struct RuleArgs {
    /// Rules: a preset (standard, riichi, sanma, chinese, taiwan, sichuan, hongzhong, changsha, gb),
    /// optionally followed by options in the one rules grammar every door reads: +void-m|p|s|any,
    /// +258, +tiles-108|112|136|144|sanma, +wild-TILE or +wild-none, +5th (e.g. changsha+tiles-108).
    #[arg(long, value_name = "RULES", default_value = "standard", value_parser = parse_rules)]
    pub(crate) rules: Rules,

    /// Let a wildcard stand for a fifth copy of a kind.
    #[arg(long)]
    pub(crate) wildcard_fifth_copy: bool,

    /// Every concealed copy of this tile counts as a wildcard (e.g. 7z, red dragon, as in 红中癞子).
    /// Default: 7z under `--rules hongzhong`, none otherwise.
    /// A kind, so `5m` means every 5m (a red five is refused: it is no kind of its own).
    #[arg(long, value_name = "TILE", value_parser = parse_wildcard_tile)]
    pub(crate) wildcard_tile: Option<Tile>,

    /// The pair must be a 2, 5 or 8 of a numbered suit (二五八将).
    #[arg(long)]
    pub(crate) pair_258: bool,

    /// The suit declared void (定缺): a hand holding any tile of it does not win; `any`: some
    /// numbered suit must be missing.
    #[arg(long, value_enum, value_name = "m|p|s|any")]
    pub(crate) void: Option<VoidArg>,

    /// The tiles played with: a hand holding a tile outside the set is an error, wildcards stand
    /// only for kinds of the set. Default: the preset's.
    #[arg(long, value_enum, value_name = "108|112|136|144|sanma")]
    pub(crate) tiles: Option<TilesArg>,
}

impl Preset {
    /// The preset's rules.
    pub(crate) fn rules(self) -> Rules {
        match self {
            Preset::Standard => Rules::STANDARD,
            Preset::Riichi => Rules::RIICHI,
            Preset::Sanma => Rules::SANMA,
            Preset::Chinese => Rules::CHINESE,
            Preset::Taiwan => Rules::TAIWAN,
            Preset::Sichuan => Rules::SICHUAN,
            Preset::Hongzhong => Rules::HONGZHONG,
            Preset::Changsha => Rules::CHANGSHA,
            Preset::Gb => Rules::GB,
        }
    }
}

impl RuleArgs {
    /// A preset with every other option at its default.
    pub(crate) fn preset(rules: Preset) -> RuleArgs {
        RuleArgs {
            rules: rules.rules(),
            wildcard_fifth_copy: false,
            wildcard_tile: None,
            pair_258: false,
            void: None,
            tiles: None,
        }
    }

    /// The rules these options select: `--rules`, then each flag on top of it.
    pub(crate) fn rules(&self) -> Rules {
        let mut rules = self.rules;
        if self.wildcard_fifth_copy {
            rules = rules.with_wildcard_fifth_copy(true);
        }
        if self.pair_258 {
            rules = rules.with_pair_258(true);
        }
        rules = match self.void {
            None => rules,
            Some(VoidArg::M) => rules.with_void(Suit::Man),
            Some(VoidArg::P) => rules.with_void(Suit::Pin),
            Some(VoidArg::S) => rules.with_void(Suit::Sou),
            Some(VoidArg::Any) => rules.with_void_rule(VoidSuit::AnyOne),
        };
        rules = match self.tiles {
            None => rules,
            Some(TilesArg::Numbered108) => rules.with_tiles(TileSupply::Numbered108),
            Some(TilesArg::RedDragons112) => rules.with_tiles(TileSupply::RedDragons112),
            Some(TilesArg::Standard136) => rules.with_tiles(TileSupply::Standard136),
            Some(TilesArg::WithBonus144) => rules.with_tiles(TileSupply::WithBonus144),
            Some(TilesArg::ThreePlayer108) => rules.with_tiles(TileSupply::ThreePlayer108),
        };
        match self.wildcard_tile {
            Some(t) => rules.with_wildcard_tile(Some(t)),
            None => rules,
        }
    }

    /// Options that contradict each other: a wildcard tile outside the tiles played with.
    pub(crate) fn conflicts(&self) -> Result<(), String> {
        let rules = self.rules();
        if let Some(t) = self.wildcard_tile()
            && !rules.tiles.kinds().contains(t)
        {
            let given = if self.wildcard_tile.is_some() { "--wildcard-tile" } else { "the rules' wildcard tile" };
            return Err(format!(
                "{given} {t} is not a tile of the set played with ({}); choose a tile of the set or other --tiles",
                rules.tiles.describe()
            ));
        }
        Ok(())
    }

    /// The tile that counts as a wildcard: `--wildcard-tile`, else the rules' own (`7z` under
    /// `--rules hongzhong`, or `+wild-TILE`).
    pub(crate) fn wildcard_tile(&self) -> Option<Tile> {
        self.wildcard_tile.or(self.rules.wildcard_tile)
    }

    /// Parses one hand (errors under the chosen rules: `hupai::parse_hand`) and applies the
    /// wildcard tile.
    pub(crate) fn parse_hand(&self, text: &str) -> Result<Hand, Error> {
        self.parse_hand_under(text, &self.rules())
    }

    /// [`RuleArgs::parse_hand`] with the rules already built (batch builds them once, not per line).
    pub(crate) fn parse_hand_under(&self, text: &str, rules: &Rules) -> Result<Hand, Error> {
        self.apply_wildcard_tile(hupai::parse_hand(text, rules)?)
    }

    /// Applies the wildcard tile ([`RuleArgs::wildcard_tile`]) to a parsed hand.
    #[inline]
    pub(crate) fn apply_wildcard_tile(&self, hand: Hand) -> Result<Hand, Error> {
        match self.wildcard_tile() {
            Some(t) if hand.concealed()[t] > 0 => hand.with_wildcard_tile(t),
            _ => Ok(hand),
        }
    }
}

/// Parses `--rules`: the rules grammar of `hupai_tiles::Rules`.
fn parse_rules(text: &str) -> Result<Rules, String> {
    text.parse().map_err(|e: hupai_tiles::UnknownRules| e.to_string())
}

/// Parses `--wildcard-tile`: one kind, `5m` not `0m` (a red five is a five, so `0m` would silently
/// make every 5m wild).
pub(crate) fn parse_wildcard_tile(text: &str) -> Result<Tile, String> {
    if let [b'0', suit @ (b'm' | b'p' | b's')] = text.as_bytes() {
        let suit = *suit as char;
        return Err(format!(
            "'0{suit}' is a red five; the wildcard tile is a kind: write '5{suit}' to make every 5{suit} a wildcard"
        ));
    }
    text.parse::<Tile>().map_err(|e| e.to_string())
}

/// Which algorithm answers: one by name, or (for `check`) every registered one.
#[derive(Clone, Copy)]
pub(crate) enum Choice {
    /// This algorithm.
    One(&'static dyn Algorithm),
    /// Every registered algorithm, side by side.
    All,
}

/// Parses `--algorithm` for `check`: a registered name or `all`.
pub(crate) fn parse_choice(name: &str) -> Result<Choice, String> {
    if name == "all" {
        return Ok(Choice::All);
    }
    parse_algorithm(name).map(Choice::One)
}

/// Parses `--algorithm` for `batch`: a registered name.
pub(crate) fn parse_algorithm(name: &str) -> Result<&'static dyn Algorithm, String> {
    hupai_harness::find(name).ok_or_else(|| {
        let names: Vec<&str> = hupai_harness::names().collect();
        format!("unknown algorithm '{name}'; registered: {}", names.join(", "))
    })
}

/// Answers a hand: with `algorithm` if given, else through the `hupai` facade (which picks the
/// fastest exact engine).
pub(crate) fn answer(
    hand: &Hand,
    rules: &Rules,
    algorithm: Option<&'static dyn Algorithm>,
) -> Result<(&'static dyn Algorithm, Answer), Error> {
    match algorithm {
        Some(a) => a.answer(hand, rules).map(|answer| (a, answer)),
        // The facade's engine answers every hand (its fast path, else the suit tables).
        None => hupai::answer(hand, rules).map(|answer| (&hupai::Hupai as &'static dyn Algorithm, answer)),
    }
}

/// `--visible`, as `check`, `shanten` and `advice` take it.
#[derive(Clone, Default, clap::Args)]
pub(crate) struct VisibleArgs {
    /// Tiles you can see outside the hand (discards, other players' melds, indicators), in hand
    /// notation: they lower the unseen counts of effective tiles. The hand's own tiles always count.
    #[arg(long, value_name = "TILES", value_parser = parse_visible)]
    pub(crate) visible: Option<hupai_tiles::TileCounts>,
}

/// Parses `--visible`: tiles in hand notation that the player can see outside the hand
/// (discards, other players' melds, indicators). Wildcards make no sense there and are refused.
pub(crate) fn parse_visible(text: &str) -> Result<hupai_tiles::TileCounts, String> {
    let hand: Hand = text.parse().map_err(|e: Error| format!("--visible: {e}"))?;
    if hand.wildcards() > 0 {
        return Err("--visible: wildcards are not tiles one can see; list concrete tiles".to_owned());
    }
    Ok(hand.physical_counts())
}
