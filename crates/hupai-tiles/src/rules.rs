//! Rule sets: hand size, which special forms win, and whether a wildcard may be a fifth copy.

use std::fmt;
use std::str::FromStr;

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

/// A rule set. Start from a preset and adjust fields:
///
/// ```
/// use hupai_tiles::{Rules, SevenPairs};
/// let mut rules = Rules::CHINESE;
/// rules.wildcard_fifth_copy = true;
/// assert_eq!(rules.hand_size(), 14);
/// assert_eq!(rules.seven_pairs, SevenPairs::AllowQuads);
/// assert_eq!(Rules::TAIWAN.hand_size(), 17);
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
}

impl Rules {
    /// Melds and a pair, 14 tiles, no special forms.
    pub const STANDARD: Rules =
        Rules { melds: 4, seven_pairs: SevenPairs::Off, thirteen_orphans: false, wildcard_fifth_copy: false };
    /// Standard plus seven distinct pairs and thirteen orphans.
    pub const RIICHI: Rules = Rules { seven_pairs: SevenPairs::Distinct, thirteen_orphans: true, ..Rules::STANDARD };
    /// Standard plus seven pairs (a four-of-a-kind counts as two pairs) and thirteen orphans.
    pub const CHINESE: Rules = Rules { seven_pairs: SevenPairs::AllowQuads, thirteen_orphans: true, ..Rules::STANDARD };
    /// Five melds and a pair, 17 tiles (Taiwan's 16-tile mahjong), no special forms.
    pub const TAIWAN: Rules = Rules { melds: 5, ..Rules::STANDARD };

    /// The presets by name, in the order the CLI lists them.
    pub const PRESETS: [(&'static str, Rules); 4] = [
        ("standard", Rules::STANDARD),
        ("riichi", Rules::RIICHI),
        ("chinese", Rules::CHINESE),
        ("taiwan", Rules::TAIWAN),
    ];

    /// The preset with this name.
    pub fn preset(name: &str) -> Option<Rules> {
        Rules::PRESETS.iter().find(|(n, _)| *n == name).map(|&(_, r)| r)
    }

    /// Tiles in a complete hand: 3 per meld plus the pair.
    pub const fn hand_size(&self) -> usize {
        3 * self.melds as usize + 2
    }

    /// True if seven pairs or thirteen orphans can win under these rules.
    pub const fn has_special_forms(&self) -> bool {
        !matches!(self.seven_pairs, SevenPairs::Off) || self.thirteen_orphans
    }

    /// These rules with the fifth-copy option set as given.
    pub const fn with_wildcard_fifth_copy(mut self, allowed: bool) -> Rules {
        self.wildcard_fifth_copy = allowed;
        self
    }

    /// The preset name, if these rules equal a preset apart from the fifth-copy option.
    pub fn preset_name(&self) -> Option<&'static str> {
        let base = self.with_wildcard_fifth_copy(false);
        Rules::PRESETS.iter().find(|(_, r)| *r == base).map(|&(n, _)| n)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(n) => f.write_str(n)?,
            None => write!(
                f,
                "{} melds, seven pairs {:?}, thirteen orphans {}",
                self.melds, self.seven_pairs, self.thirteen_orphans
            )?,
        }
        if self.wildcard_fifth_copy {
            f.write_str(" + wildcard fifth copy")?;
        }
        Ok(())
    }
}

/// The error for an unknown preset name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules '{0}': expected one of standard, riichi, chinese, taiwan")]
pub struct UnknownRules(pub String);

impl FromStr for Rules {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rules::preset(s).ok_or_else(|| UnknownRules(s.to_string()))
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
        assert_eq!(Rules::RIICHI.with_wildcard_fifth_copy(true).preset_name(), Some("riichi"));
    }
}
