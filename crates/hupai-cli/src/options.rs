//! Options shared by `check` and `batch` (rules, wildcard options, algorithm choice) and the one
//! function both use to answer a hand.

use clap::{Args, ValueEnum};
use hupai_tiles::{Algorithm, Answer, Error, Hand, Rules, Tile, TileCounts};

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
    #[arg(long, value_name = "TILE")]
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
        let hand = match parse_plain(text.as_bytes()) {
            Some(hand) => hand,
            None => text.parse()?,
        };
        Ok(match self.wildcard_tile {
            Some(t) if hand.concealed()[t] > 0 => hand.with_wildcard_tile(t),
            _ => hand,
        })
    }
}

/// Parses the plain mpsz most batch lines use (digits 1-9 each run closed by `m`, `p`, `s` or
/// `z`, and `*`) without the general parser's bookkeeping. Anything else, including every error,
/// is `None` and goes to [`hupai_tiles::notation::parse_hand`], so results and error messages
/// are exactly the general parser's; a test checks the two agree.
pub(crate) fn parse_plain(line: &[u8]) -> Option<Hand> {
    let mut counts = TileCounts::EMPTY;
    let mut wildcards: u8 = 0;
    let mut run_start = None;
    for (i, &b) in line.iter().enumerate() {
        match b {
            b'1'..=b'9' => {
                run_start.get_or_insert(i);
            }
            b'm' | b'p' | b's' | b'z' => {
                let start = run_start.take()?;
                let (offset, ranks) = match b {
                    b'm' => (0, 9),
                    b'p' => (9, 9),
                    b's' => (18, 9),
                    _ => (27, 7),
                };
                for &d in &line[start..i] {
                    let rank = (d - b'0') as usize;
                    if rank > ranks {
                        return None;
                    }
                    let c = &mut counts.0[offset + rank - 1];
                    *c += 1;
                    if *c > 4 {
                        return None;
                    }
                }
            }
            b'*' if run_start.is_none() => wildcards = wildcards.checked_add(1)?,
            _ => return None,
        }
    }
    if run_start.is_some() {
        return None;
    }
    Hand::from_counts(counts, wildcards).ok()
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

/// Answers a hand: with `algorithm` if given, else with the fastest registered algorithm that
/// supports it. A size error wins over an unsupported one, so the message names the real problem.
pub(crate) fn answer(
    hand: &Hand,
    rules: &Rules,
    algorithm: Option<&'static dyn Algorithm>,
) -> Result<(&'static dyn Algorithm, Answer), Error> {
    let algorithm = match algorithm {
        Some(a) => a,
        None => {
            hand.shape(rules)?;
            hupai_harness::fastest_for(hand, rules)?
        }
    };
    algorithm.answer(hand, rules).map(|a| (algorithm, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string over an alphabet of notation bytes up to length 5, plus longer samples:
    /// the plain parser either declines or agrees with the general one exactly.
    #[test]
    fn plain_parser_agrees_with_the_general_one() {
        let alphabet = b"0189mpsz*[] x";
        let mut checked = 0;
        let mut accepted = 0;
        let mut check = |s: &[u8]| {
            let text = std::str::from_utf8(s).unwrap();
            if let Some(hand) = parse_plain(s) {
                assert_eq!(Ok(&hand), text.parse::<Hand>().as_ref(), "{text}");
                accepted += 1;
            }
            checked += 1;
        };
        let mut word = Vec::new();
        for len in 0..=5u32 {
            for mut n in 0..alphabet.len().pow(len) {
                word.clear();
                for _ in 0..len {
                    word.push(alphabet[n % alphabet.len()]);
                    n /= alphabet.len();
                }
                check(&word);
            }
        }
        for long in ["123m456p789s11122z", "11112m", "123456789m1234567z**", "99999p", "1m*2p*3s*"] {
            check(long.as_bytes());
        }
        assert!(accepted > 1000 && checked > accepted, "{accepted} of {checked}");
    }
}
