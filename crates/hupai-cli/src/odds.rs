//! `hupai odds`: the exact probability that K wildcards plus the rest of a hand drawn from the
//! wall of the rules' tile set (136 tiles by default) win (counted from the per-suit tables by `hupai_odds::deal`), beside a seeded
//! Monte Carlo estimate with its 99% Wilson interval, so the two can be seen to agree. (99%, not
//! 95%: a table of nine rows would show a 95% miss in a third of the runs.)

use std::io::{self, Write};

use clap::Args;
use hupai_odds::deal::{self as odds, Estimate, Odds};
use hupai_tiles::{Rules, Tile};
use rayon::prelude::*;

use crate::options::{Preset, RuleArgs, TilesArg, VoidArg};

/// Arguments of `hupai odds`.
#[derive(Clone, Args)]
pub(crate) struct OddsArgs {
    /// Wildcards in every hand (the rest drawn from the wall). Default: a table of 0 to 8.
    #[arg(long, short = 'k', value_name = "K")]
    pub(crate) wildcards: Option<u8>,

    /// Rule preset.
    #[arg(long, value_enum, value_name = "RULES", default_value_t = Preset::Standard)]
    pub(crate) rules: Preset,

    /// Let a wildcard stand for a fifth copy of a kind.
    #[arg(long)]
    pub(crate) wildcard_fifth_copy: bool,

    /// Every copy of this tile drawn is a wildcard too (e.g. 7z, as in 红中癞子), on top of the K
    /// wildcards. Default: 7z under `--rules hongzhong`, none otherwise.
    #[arg(long, value_name = "TILE", value_parser = crate::options::parse_wildcard_tile)]
    pub(crate) wildcard_tile: Option<Tile>,

    /// The pair must be a 2, 5 or 8 (only the Monte Carlo estimate handles it).
    #[arg(long)]
    pub(crate) pair_258: bool,

    /// A void suit (only the Monte Carlo estimate handles it).
    #[arg(long, value_enum, value_name = "m|p|s|any")]
    pub(crate) void: Option<VoidArg>,

    /// The tiles played with: deals come from this wall (bonus tiles of the 144 are replaced when
    /// drawn, so 144 deals like 136). Default: the preset's.
    #[arg(long, value_enum, value_name = "108|112|136|144")]
    pub(crate) tiles: Option<TilesArg>,

    /// Random deals for the Monte Carlo estimate beside each exact figure; 0 skips it.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub(crate) samples: u64,

    /// Seed of the Monte Carlo deals (the same seed deals the same hands).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,

    /// One JSON object per wildcard count per line instead of the table.
    #[arg(long)]
    pub(crate) json: bool,
}

impl OddsArgs {
    /// The tile whose drawn copies are wildcards: `--wildcard-tile`, else the red dragon under
    /// `--rules hongzhong`.
    fn wildcard_tile(&self) -> Option<Tile> {
        match (self.wildcard_tile, self.rules) {
            (Some(t), _) => Some(t),
            (None, Preset::Hongzhong) => Some(Tile::RED),
            (None, _) => None,
        }
    }

    fn rules(&self) -> Rules {
        RuleArgs {
            wildcard_fifth_copy: self.wildcard_fifth_copy,
            pair_258: self.pair_258,
            void: self.void,
            tiles: self.tiles,
            ..RuleArgs::preset(self.rules)
        }
        .rules()
    }
}

/// One row: the exact odds and, if sampled, the estimate.
struct Row {
    /// Wildcards in every hand.
    wildcards: u8,
    /// `None` when the exact count does not model the rules (the estimate still does).
    exact: Option<Odds>,
    estimate: Option<Estimate>,
}

impl Row {
    fn interval(&self) -> Option<(f64, f64)> {
        self.estimate.map(|e| e.wilson(Estimate::Z99))
    }
}

/// Runs `hupai odds`; `Ok(true)` when the question was wrong (reported on stderr).
pub(crate) fn run(args: &OddsArgs, out: &mut impl Write) -> io::Result<bool> {
    let rules = args.rules();
    let wildcard_tile = args.wildcard_tile();
    let ks: Vec<u8> = match args.wildcards {
        Some(k) => vec![k],
        None => (0..=8).collect(),
    };
    let rows: Result<Vec<Row>, odds::OddsError> = ks
        .par_iter()
        .map(|&k| {
            // Rules the exact count does not model still get the estimate, if one is asked for.
            let exact = match wildcard_tile {
                Some(t) => odds::exact_with_wildcard_tile(&rules, k, t),
                None => odds::exact(&rules, k),
            };
            let exact = match exact {
                Err(odds::OddsError::UnsupportedRule(_)) if args.samples > 0 => None,
                other => Some(other?),
            };
            let estimate = match (args.samples, wildcard_tile) {
                (0, _) => None,
                (n, Some(t)) => Some(odds::estimate_with_wildcard_tile(&rules, k, t, n, args.seed)?),
                (n, None) => Some(odds::estimate(&rules, k, n, args.seed)?),
            };
            Ok(Row { wildcards: k, exact, estimate })
        })
        .collect();
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) => {
            eprintln!("hupai odds: {e}");
            return Ok(true);
        }
    };
    if args.json {
        for row in &rows {
            writeln!(out, "{}", json_line(args, &rules, row))?;
        }
    } else {
        write_table(args, &rules, &rows, out)?;
    }
    out.flush()?;
    Ok(false)
}

fn json_line(args: &OddsArgs, rules: &Rules, row: &Row) -> String {
    let fraction = row.exact.map(|e| e.fraction());
    let interval = row.interval();
    serde_json::json!({
        "rules": rules.preset_name().unwrap_or("custom"),
        "wildcard_fifth_copy": rules.wildcard_fifth_copy,
        "wildcard_tile": args.wildcard_tile().map(|t| t.to_string()),
        "wildcards": row.wildcards,
        "tiles": rules.hand_size() - row.wildcards as usize,
        "numerator": fraction.map(|f| f.0.to_string()),
        "denominator": fraction.map(|f| f.1.to_string()),
        "probability": row.exact.map(|e| e.probability()),
        "samples": args.samples,
        "seed": args.seed,
        "wins": row.estimate.map_or(0, |e| e.wins),
        "estimate": row.estimate.map(|e| e.p_hat()),
        "low": interval.map(|i| i.0),
        "high": interval.map(|i| i.1),
        "confidence": 0.99,
    })
    .to_string()
}

/// `x` in plain decimal with `digits` significant digits (`0.000002671133`), never in E notation.
pub(crate) fn decimal(x: f64, digits: usize) -> String {
    if x <= 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.log10().floor() as i32;
    let decimals = (digits as i32 - 1 - magnitude).max(0) as usize;
    format!("{x:.decimals$}")
}

/// `n` with thousands separators.
fn grouped(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn write_table(args: &OddsArgs, rules: &Rules, rows: &[Row], out: &mut impl Write) -> io::Result<()> {
    let size = rules.hand_size();
    let name = rules.preset_name().unwrap_or("custom");
    let fifth = if rules.wildcard_fifth_copy { ", a wildcard may be a fifth copy" } else { "" };
    let wall = hupai_odds::Wall::of(rules.tiles).tiles();
    writeln!(out, "Win odds, {name} rules{fifth}: K wildcards plus {size} − K tiles drawn from the {wall}-tile wall.")?;
    if let Some(t) = args.wildcard_tile() {
        writeln!(out, "Every {t} drawn is a wildcard too.")?;
    }
    if args.samples > 0 {
        writeln!(
            out,
            "Beside each exact figure: {} random deals (seed {}) and the 99% Wilson interval.",
            grouped(args.samples as u128),
            args.seed
        )?;
    }
    writeln!(out)?;
    let sampled = args.samples > 0;
    write!(out, "{:>2}  {:<16} {:>12}", "K", "probability", "1 in")?;
    if sampled {
        write!(out, "  {:>19}  {:<14} {:<30}", "wins", "estimate", "99% interval")?;
    }
    writeln!(out, "  exact fraction")?;
    for row in rows {
        let p = row.exact.map(|e| e.probability());
        let fraction = row.exact.map(|e| e.fraction());
        let (probability, one_in) = match (p, fraction) {
            (Some(p), Some((0, _))) => (decimal(p, 10), "never".to_string()),
            (Some(p), Some((num, den))) => (decimal(p, 10), decimal(den as f64 / num as f64, 6)),
            _ => ("-".to_string(), "-".to_string()),
        };
        write!(out, "{:>2}  {probability:<16} {one_in:>12}", row.wildcards)?;
        if let (Some(e), Some((low, high))) = (row.estimate, row.interval()) {
            let outside = p.is_some_and(|p| !(low <= p && p <= high));
            let verdict = if outside { "  (outside)" } else { "" };
            let wins = format!("{}/{}", grouped(e.wins as u128), grouped(e.samples as u128));
            let interval = format!("[{}, {}]{verdict}", decimal(low, 4), decimal(high, 4));
            write!(out, "  {wins:>19}  {:<14} {interval:<30}", decimal(e.p_hat(), 6))?;
        }
        match fraction {
            Some((num, den)) => writeln!(out, "  {num}/{den}")?,
            None => writeln!(out, "  -")?,
        }
    }
    if rows.iter().any(|r| r.exact.is_none()) {
        writeln!(
            out,
            "\nThe exact count does not model these rules (the 2-5-8 pair, a void suit or the knitted forms); \
             the estimate checks each deal with suit-table, which does."
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_never_use_exponents() {
        assert_eq!(decimal(2.671133e-6, 7), "0.000002671133");
        assert_eq!(decimal(0.8155312, 4), "0.8155");
        assert_eq!(decimal(374373.4, 6), "374373");
        assert_eq!(decimal(0.0, 6), "0");
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(grouped(999), "999");
    }
}
