//! The draw odds at the command line (`hupai_odds::ev`): `check --turns T` adds each discard's
//! tenpai and win probability over the remaining draws to the discard table, and `batch --ev` adds
//! an `"ev"` object to each answered line. Kept here, apart from the commands, which only call in.

use std::fmt::Write as _;
use std::io::Write as _;

use clap::Args;
use hupai_odds::ev::{self, EvOptions, Figures, Policy};
use hupai_shanten::Discard;
use hupai_tiles::{Hand, Rules, Tile, TileCounts};

use crate::json::{self, TILE_NAMES};

/// The horizon and policy class of the draw odds.
#[derive(Clone, Default, Args)]
pub(crate) struct EvArgs {
    /// Draws remaining: add to each discard the probability of being ready (tenpai) and of
    /// winning by the last draw (one player, no calls, tsumo only; docs/odds.md). 17 is a
    /// player's draws in a whole hand.
    #[arg(long, value_name = "T")]
    pub(crate) turns: Option<u8>,

    /// With the draw odds: the player may also keep a draw that does not lower the shanten,
    /// discarding a tile that keeps it (hand changes).
    #[arg(long)]
    pub(crate) hand_changes: bool,

    /// With the draw odds: once, a discard may leave the hand one shanten above the best.
    #[arg(long)]
    pub(crate) shanten_back: bool,

    /// With the draw odds under riichi rules: declare riichi on reaching closed tenpai with a draw
    /// left. The hand is then locked, the expected score counts riichi and the ura-dora by
    /// expectation, and loses the 1,000-point deposit when the hand does not win.
    #[arg(long)]
    pub(crate) riichi_at_tenpai: bool,
}

impl EvArgs {
    /// The policy class asked for.
    pub(crate) fn policy(&self) -> Policy {
        Policy::SHORTEST_PATH.with_hand_changes(self.hand_changes).with_shanten_back(self.shanten_back)
    }

    /// The options for one hand under `rules`: with the rules' scorer, when they have one.
    pub(crate) fn options(
        &self,
        turns: u8,
        visible: &TileCounts,
        wildcard_tile: Option<Tile>,
        rules: &Rules,
    ) -> EvOptions<'static> {
        EvOptions {
            turns,
            policy: self.policy(),
            riichi: self.riichi_at_tenpai,
            visible: *visible,
            wildcard_tile,
            scorer: scorer(rules),
            ..EvOptions::default()
        }
    }
}

/// The value of a reachable win under the rules (riichi points, GB fans, regional totals:
/// `hupai_score::Scorer` as the draw odds' `WinValue`), or `None` for rules without a scorer.
/// Built once: a command's rules are the same for every hand.
fn scorer(rules: &Rules) -> Option<&'static dyn ev::WinValue> {
    static SCORER: std::sync::OnceLock<Option<hupai_score::Scorer>> = std::sync::OnceLock::new();
    SCORER.get_or_init(|| hupai_score::Scorer::for_rules(rules)).as_ref().map(|s| s as &dyn ev::WinValue)
}

/// A discard as the CLI names it: the tile, or `*`.
pub(crate) fn discard_name(d: Discard) -> &'static str {
    match d {
        Discard::Tile(t) => TILE_NAMES[t.index()],
        Discard::Wildcard => "*",
    }
}

/// Each discard's figures by its name, for `check`'s table; or the error's message.
pub(crate) fn by_discard(
    hand: &Hand,
    rules: &Rules,
    options: &EvOptions,
) -> Result<Vec<(&'static str, Figures)>, String> {
    ev::discard_ev(hand, rules, options)
        .map(|table| table.into_iter().map(|line| (discard_name(line.discard), line.figures)).collect())
        .map_err(|e| e.to_string())
}

/// A probability as the table shows it: a percentage with two decimals.
pub(crate) fn percent(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

/// `, "ev": {...}` for `batch --ev`: for a hand of 3k + 2 tiles every discard best first, for a
/// hand of 3k + 1 its own figures; `, "ev_error": "..."` when they cannot be computed.
pub(crate) fn write_batch(out: &mut Vec<u8>, hand: &Hand, rules: &Rules, options: &EvOptions) {
    let head = |out: &mut Vec<u8>| {
        let _ = write!(out, ", \"ev\": {{\"policy\": \"{}\", \"turns\": {}", options.policy, options.turns);
        if options.riichi {
            out.extend_from_slice(b", \"riichi\": true");
        }
    };
    let result = if hand.tile_count() % 3 == 2 {
        ev::discard_ev(hand, rules, options).map(|table| {
            head(out);
            out.extend_from_slice(b", \"discards\": [");
            for (i, line) in table.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(b", ");
                }
                let _ = write!(out, "{{\"discard\": \"{}\", \"shanten\": {}", discard_name(line.discard), line.shanten);
                write_figures(out, &line.figures);
                out.push(b'}');
            }
            out.extend_from_slice(b"]}");
        })
    } else {
        let shanten = hupai_shanten::shanten(hand, rules).map_err(ev::EvError::Hand);
        shanten.and_then(|s| ev::hand_ev(hand, rules, options).map(|f| (s.number, f))).map(|(n, figures)| {
            head(out);
            let _ = write!(out, ", \"shanten\": {n}");
            write_figures(out, &figures);
            out.push(b'}');
        })
    };
    if let Err(e) = result {
        out.extend_from_slice(b", \"ev_error\": \"");
        let _ = write!(json::Escaped(out), "{e}");
        out.push(b'"');
    }
}

/// `, "tenpai": p, "win": p` and, with a score, `, "score": x`.
fn write_figures(out: &mut Vec<u8>, f: &Figures) {
    let _ = write!(out, ", \"tenpai\": {}, \"win\": {}", f.tenpai, f.win);
    if let Some(s) = f.score {
        let _ = write!(out, ", \"score\": {s}");
    }
}

/// The heading line `check` prints above a table with the figures.
pub(crate) fn heading(turns: u8, policy: &str, riichi: bool) -> String {
    let riichi = if riichi { ", riichi at tenpai" } else { "" };
    format!("over {turns} draws ({policy} policy{riichi}; one player, tsumo only)")
}
