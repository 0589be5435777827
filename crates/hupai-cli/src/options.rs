//! Options shared by `check` and `batch` (rules, wildcard options, algorithm choice) and the one
//! function both use to answer a hand.

use clap::{Args, ValueEnum};
use hupai_tiles::{Algorithm, Answer, Error, Hand, Rules, Tile};

/// Rule presets by name; `Rules::preset` turns the name into rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Preset {
    /// Melds and a pair, 14 tiles, no special forms.
    Standard,
    /// Standard plus seven distinct pairs and thirteen orphans.
    Riichi,
    /// Standard plus seven pairs (a quad counts as two pairs) and thirteen orphans.
    Chinese,
    /// Five melds and a pair, 17 tiles.
    Taiwan,
}

/// How a hand is read and judged.
#[derive(Debug, Clone, Args)]
pub(crate) struct RuleArgs {
    /// Rule preset.
    #[arg(long, value_enum, value_name = "RULES", default_value_t = Preset::Standard)]
    pub(crate) rules: Preset,

    /// Let a wildcard stand for a fifth copy of a kind.
    #[arg(long)]
    pub(crate) wildcard_fifth_copy: bool,

    /// Every concealed copy of this tile counts as a wildcard (e.g. 7z, red dragon, as in 红中癞子).
    /// A kind, so `5m` means every 5m (a red five is refused: it is no kind of its own).
    #[arg(long, value_name = "TILE", value_parser = parse_wildcard_tile)]
    pub(crate) wildcard_tile: Option<Tile>,
}

impl RuleArgs {
    /// The rules these options select.
    pub(crate) fn rules(&self) -> Rules {
        let preset = match self.rules {
            Preset::Standard => Rules::STANDARD,
            Preset::Riichi => Rules::RIICHI,
            Preset::Chinese => Rules::CHINESE,
            Preset::Taiwan => Rules::TAIWAN,
        };
        preset.with_wildcard_fifth_copy(self.wildcard_fifth_copy)
    }

    /// Parses one hand and applies `--wildcard-tile`.
    pub(crate) fn parse_hand(&self, text: &str) -> Result<Hand, Error> {
        let hand = text.parse().map_err(|e| self.under_rules(e))?;
        self.apply_wildcard_tile(hand)
    }

    /// A parse error restated under the chosen rules: the parser only knows the most declared
    /// melds any rules allow, so "the rules allow at most" names the chosen rules' own limit.
    fn under_rules(&self, e: Error) -> Error {
        match e {
            Error::TooManyMelds { found, max } => {
                Error::TooManyMelds { found, max: max.min(usize::from(self.rules().melds)) }
            }
            e => e,
        }
    }

    /// Applies `--wildcard-tile` to a parsed hand.
    #[inline]
    pub(crate) fn apply_wildcard_tile(&self, hand: Hand) -> Result<Hand, Error> {
        match self.wildcard_tile {
            Some(t) if hand.concealed()[t] > 0 => hand.with_wildcard_tile(t),
            _ => Ok(hand),
        }
    }
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

/// Parses `--visible`: tiles in hand notation that the player can see outside the hand
/// (discards, other players' melds, indicators). Wildcards make no sense there and are refused.
pub(crate) fn parse_visible(text: &str) -> Result<hupai_tiles::TileCounts, String> {
    let hand: Hand = text.parse().map_err(|e: Error| format!("--visible: {e}"))?;
    if hand.wildcards() > 0 {
        return Err("--visible: wildcards are not tiles one can see; list concrete tiles".to_owned());
    }
    Ok(hand.physical_counts())
}
