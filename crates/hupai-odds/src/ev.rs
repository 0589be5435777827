//! For every discard of a hand: the probability of being ready (tenpai) by the last draw, of
//! winning, and (with a scorer) the expected score, over the remaining draws. Exact for the
//! policy class asked (no sampling), with wildcards, declared melds and every rule set
//! `hupai-shanten` answers.
//!
//! # The model
//!
//! One player. After the discard asked about, `turns` draws remain (17 by default); each turn the
//! player draws one tile from the unseen wall and discards one. No calls (unless [`EvOptions::calls`]
//! counts them as more frequent draws), no other player wins.
//! The unseen copies of each kind (four per kind of the rules' tile set, minus the hand's
//! concealed, declared and wildcard-tile copies, minus the visible tiles given) stay fixed over
//! the horizon, and a draw is kind `t` with probability `unseen(t) / S`, `S` their sum (as if
//! discards went back to the wall). With a wildcard tile, drawing it draws a wildcard. A draw that
//! would be a fifth copy of a kind the hand holds four of is thrown. The hand wins only by
//! drawing (tsumo), and a drawn tile that completes it always wins.
//!
//! # The policies
//!
//! - [`Policy::SHORTEST_PATH`] (the default): a draw that lowers the shanten is kept, discarding a
//!   tile that keeps the lower shanten; any other draw is thrown.
//! - [`Policy::hand_changes`]: also, a draw that does not lower the shanten may be kept,
//!   discarding a tile that keeps the shanten (手変わり).
//! - [`Policy::shanten_back`]: also, once over the horizon, the discard after a draw may leave the
//!   hand one shanten above the best that draw allows (向聴戻し).
//!
//! Each figure is the best any play in the class achieves for that figure (as in tomohxx's method,
//! which mahjong-cpp implements): the best tenpai probability, the best win probability and the
//! best expected score, each maximised on its own, so the three may come from different play.
//! Tenpai counts a hand that has won.
//!
//! # Scores
//!
//! A [`WinValue`] values a winning hand (the hand with the drawn tile, and the tile); the expected
//! score is the sum over wins of their probability times their value. Without one, `score` is
//! `None`; so it is when the scorer declines a reachable winning hand.
//!
//! # Riichi
//!
//! With [`EvOptions::riichi`] and a closed hand, riichi is declared whenever the play reaches
//! tenpai with a draw left (the discard asked about included). From then the hand is locked, its
//! wins are valued by [`WinValue::riichi_expected`]: the expectation over the ura-dora indicator,
//! a tile drawn uniformly from the wall less the visible tiles and the winning hand's tiles
//! (concealed, declared, wildcard-tile copies). A declaration that does not win by the last draw
//! loses the deposit ([`WinValue::riichi_deposit`]); one that wins gets it back, so a win counts
//! its value alone. Ippatsu, the dora, the next hand and tenpai payments are not counted.
//!
//! ```
//! use hupai_odds::ev::{self, EvOptions};
//! use hupai_tiles::{Hand, Rules};
//!
//! // One shanten after any honor single: three melds, a pair and two singles.
//! let hand: Hand = "123m456p789s11345z".parse()?;
//! let table = ev::discard_ev(&hand, &Rules::STANDARD, &EvOptions::default())?;
//! let best = &table[0];
//! assert_eq!(best.shanten, 1);
//! assert!(0.0 < best.win() && best.win() < best.tenpai() && best.tenpai() < 1.0);
//! assert_eq!(best.score(), None); // no scorer
//!
//! // With a scorer (here: 1 point a win), the expected score is the win probability.
//! let one = |_: &Hand, _: hupai_tiles::Tile| Some(1.0);
//! let scored = ev::discard_ev(&hand, &Rules::STANDARD, &EvOptions { scorer: Some(&one), ..EvOptions::default() })?;
//! assert!((scored[0].score().unwrap() - best.win()).abs() < 1e-12);
//! # Ok::<(), ev::EvError>(())
//! ```

mod fast;
mod graph;
mod model;

use hupai_shanten::Discard;
use hupai_tiles::{Hand, Rules, Tile, TileCounts};

use model::{Key, Model, kind_bits};

/// Draws remaining by default: a player's draws in a 136-tile game after the deal.
pub const DEFAULT_TURNS: u8 = 17;

/// Most hands an evaluation visits by default before giving up with [`EvError::TooManyHands`].
pub const DEFAULT_MAX_HANDS: usize = 2_000_000;

/// Values a winning hand: `hand` holds the winning tile (a drawn wildcard-tile copy is a wildcard
/// in it), `tile` is the tile drawn. `None` when the hand cannot be valued; the expected score is
/// then `None` for every discard that can reach it. Closures `Fn(&Hand, Tile) -> Option<f64>`
/// implement it (without riichi).
///
/// A scorer of rules with riichi ([`EvOptions::riichi`]) also says what a declaration costs
/// ([`WinValue::riichi_deposit`]) and values wins after one ([`WinValue::riichi_value`]), for
/// every ura-dora indicator.
pub trait WinValue: Sync {
    /// The value of winning with `hand` on `tile` (no riichi declared).
    fn value(&self, hand: &Hand, tile: Tile) -> Option<f64>;

    /// What declaring riichi costs, lost when the hand does not win (the 1,000-point deposit,
    /// in the scorer's units); `None` (the default): the rules have no riichi.
    fn riichi_deposit(&self) -> Option<f64> {
        None
    }

    /// The value of the same win with riichi declared and `ura` the ura-dora indicator. By
    /// default the value without riichi (a scorer without riichi is never asked: see
    /// [`WinValue::riichi_deposit`]).
    fn riichi_value(&self, hand: &Hand, tile: Tile, ura: Tile) -> Option<f64> {
        let _ = ura;
        self.value(hand, tile)
    }

    /// The expected value of the win with riichi declared, the ura-dora indicator being kind
    /// `t` with probability `ura[t]` (they sum to 1): by default the sum of
    /// `ura[t] · riichi_value(hand, tile, t)` over the kinds with `ura[t] > 0`, `None` if any of
    /// them is. A scorer may compute it faster (indicators that score alike scored once), but
    /// must give this sum.
    fn riichi_expected(&self, hand: &Hand, tile: Tile, ura: &[f64; 34]) -> Option<f64> {
        let mut sum = 0.0;
        for t in Tile::ALL {
            let p = ura[t.index()];
            if p > 0.0 {
                sum += p * self.riichi_value(hand, tile, t)?;
            }
        }
        Some(sum)
    }
}

impl<F: Fn(&Hand, Tile) -> Option<f64> + Sync> WinValue for F {
    fn value(&self, hand: &Hand, tile: Tile) -> Option<f64> {
        self(hand, tile)
    }
}

/// The policy class: which hands the player may keep after a draw. Each figure is the best over
/// the class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Policy {
    /// A draw that does not lower the shanten may be kept, discarding a tile that keeps it.
    pub hand_changes: bool,
    /// Once over the horizon, a discard may leave the hand one shanten above the best.
    pub shanten_back: bool,
}

impl Policy {
    /// Draws that lower shanten are kept (discarding to keep it), all others thrown.
    pub const SHORTEST_PATH: Policy = Policy { hand_changes: false, shanten_back: false };

    /// This policy with hand changes that keep shanten allowed or not.
    pub const fn with_hand_changes(self, on: bool) -> Policy {
        Policy { hand_changes: on, ..self }
    }

    /// This policy with one step of shanten-back allowed or not.
    pub const fn with_shanten_back(self, on: bool) -> Policy {
        Policy { shanten_back: on, ..self }
    }

    /// The class's name: `shortest-path`, `+hand-changes`, `+shanten-back` joined.
    pub fn name(self) -> String {
        let mut name = String::from("shortest-path");
        if self.hand_changes {
            name.push_str("+hand-changes");
        }
        if self.shanten_back {
            name.push_str("+shanten-back");
        }
        name
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// Later calls counted in the odds of a hand that may still call (an open one): while the hand is
/// not ready, a draw that lowers its shanten and that it could also claim from another player's
/// discard comes to it more often than the wall alone brings it.
///
/// Per turn, a kind the hand holds two of comes `1 + pon` times as often as a draw brings it (the
/// other players' discards, any of which it may pon), one that completes a run with two tiles the
/// hand holds `1 + chi` times (the discards of the player before it), the larger when both hold.
/// The hand after a call is taken to be the hand after keeping the drawn tile: a called triplet or
/// run counts as a concealed one (its shape is the same; a scorer sees it concealed). A ready hand
/// wins by its draws only, as without calls; never with riichi (a declared hand calls nothing).
/// The weights are a model, not a count. Over a hand the three other players discard about 40 % of
/// the tiles a hand does not see, its own draws reach about 18 %: a copy is then about twice as
/// likely to come as another player's discard as by a draw, a third of that from the player before.
/// Opponents keep what they need, so [`Calls::FOUR_PLAYERS`] counts a pon's tiles twice a draw's
/// chance and a chi's one and a half times. (電脳麻将's AI counts a pon's four times in its
/// evaluation, `eval_fulou`, which is not a probability.)
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Calls {
    /// Extra arrivals, in draws, of a kind the hand could pon.
    pub pon: f64,
    /// Extra arrivals, in draws, of a kind the hand could chi.
    pub chi: f64,
}

impl Calls {
    /// Four players: three players' discards to pon from, one to chi from.
    pub const FOUR_PLAYERS: Calls = Calls { pon: 1.0, chi: 0.5 };
    /// Three players: two players' discards to pon from, no chi.
    pub const THREE_PLAYERS: Calls = Calls { pon: 0.7, chi: 0.0 };

    /// The extra chances, in draws, that kind `t` comes by a call to a hand holding `counts`
    /// (before the draw).
    pub(crate) fn extra(&self, counts: &[u8; 34], t: usize) -> f64 {
        let mut extra: f64 = 0.0;
        if counts[t] >= 2 {
            extra = self.pon;
        }
        if t < 27 {
            let rank = t % 9;
            let held = |d: isize| {
                let r = rank as isize + d;
                (0..9).contains(&r) && counts[(t as isize + d) as usize] > 0
            };
            if (held(-2) && held(-1)) || (held(-1) && held(1)) || (held(1) && held(2)) {
                extra = extra.max(self.chi);
            }
        }
        extra.max(0.0)
    }
}

/// What to ask: the horizon, the policy class, riichi, the tiles seen, the wildcard tile and the
/// scorer.
#[derive(Clone, Copy)]
pub struct EvOptions<'a> {
    /// Draws remaining after the discard.
    pub turns: u8,
    /// The policy class.
    pub policy: Policy,
    /// Riichi is declared on reaching closed tenpai with a draw left: from then the hand never
    /// changes (every draw that does not win is thrown), its wins are valued with riichi and the
    /// ura-dora by expectation ([`WinValue::riichi_expected`]; the indicator a random tile of the
    /// wall less the winning hand and the visible tiles), and a declaration that does not win by
    /// the last draw costs the deposit ([`WinValue::riichi_deposit`]). Never for an open hand.
    /// Needs a scorer with riichi ([`EvError::NoRiichi`]). Ippatsu is not counted.
    pub riichi: bool,
    /// Tiles seen outside the hand (discards, other players' melds, indicators).
    pub visible: TileCounts,
    /// Every copy of this tile is a wildcard: the hand's (turned into wildcards first) and every
    /// one drawn (as in 红中癞子).
    pub wildcard_tile: Option<Tile>,
    /// Values winning hands; `None`: no expected score.
    pub scorer: Option<&'a dyn WinValue>,
    /// Most hands to visit before giving up ([`EvError::TooManyHands`]).
    pub max_hands: usize,
    /// Later calls counted while the hand is not ready ([`Calls`]); `None`: draws only. Ignored
    /// with [`EvOptions::riichi`] on a closed hand, and with a wildcard tile.
    pub calls: Option<Calls>,
}

impl Default for EvOptions<'_> {
    fn default() -> Self {
        EvOptions {
            turns: DEFAULT_TURNS,
            policy: Policy::SHORTEST_PATH,
            riichi: false,
            visible: TileCounts::EMPTY,
            wildcard_tile: None,
            scorer: None,
            max_hands: DEFAULT_MAX_HANDS,
            calls: None,
        }
    }
}

impl std::fmt::Debug for EvOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EvOptions")
            .field("turns", &self.turns)
            .field("policy", &self.policy)
            .field("riichi", &self.riichi)
            .field("visible", &self.visible)
            .field("wildcard_tile", &self.wildcard_tile)
            .field("scorer", &self.scorer.is_some())
            .field("max_hands", &self.max_hands)
            .field("calls", &self.calls)
            .finish()
    }
}

/// Why the figures cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EvError {
    /// The hand or rules were refused (size, rule options, a hand that can never win).
    #[error("{0}")]
    Hand(#[from] hupai_tiles::Error),
    /// More copies of a kind seen (in the hand and the visible tiles) than exist.
    #[error("{seen} copies of {tile} seen (the hand and the visible tiles); there are only 4")]
    TooManySeen {
        /// The kind.
        tile: Tile,
        /// Copies seen.
        seen: u32,
    },
    /// The policy reaches more hands than the limit (far from ready, or a wide class).
    #[error("more than {limit} hands to evaluate: the hand is too far from ready for this policy and horizon")]
    TooManyHands {
        /// The limit ([`EvOptions::max_hands`]).
        limit: usize,
    },
    /// Riichi at tenpai was asked for ([`EvOptions::riichi`]) without a scorer that has riichi.
    #[error("riichi at tenpai needs a scorer with riichi (the riichi or sanma rules)")]
    NoRiichi,
    /// The shanten engine's effective tiles and its discard advice disagreed (a bug; never
    /// answered with a guess).
    #[error("internal error: effective tiles and discard advice disagree")]
    Inconsistent,
}

/// The three figures of one hand after a discard.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figures {
    /// Probability of being ready (or having won) after the last draw.
    pub tenpai: f64,
    /// Probability of winning by the last draw.
    pub win: f64,
    /// Expected score (0 for no win); `None` without a scorer or when it declined a reachable win.
    pub score: Option<f64>,
}

/// One discard's line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct DiscardEv {
    /// What to discard.
    pub discard: Discard,
    /// Shanten after the discard.
    pub shanten: i8,
    /// The figures over the remaining draws.
    pub figures: Figures,
}

impl DiscardEv {
    /// Probability of being ready by the last draw.
    pub fn tenpai(&self) -> f64 {
        self.figures.tenpai
    }

    /// Probability of winning by the last draw.
    pub fn win(&self) -> f64 {
        self.figures.win
    }

    /// Expected score, when there is a scorer.
    pub fn score(&self) -> Option<f64> {
        self.figures.score
    }
}

/// The hand with its wildcard tile's copies as wildcards.
fn prepared(hand: &Hand, options: &EvOptions) -> Result<Hand, EvError> {
    match options.wildcard_tile {
        Some(t) => hand.with_wildcard_tile(t).map_err(EvError::Hand),
        None => Ok(hand.clone()),
    }
}

/// The table for a hand of 3k + 2 tiles: every distinct discard (each kind held, then a wildcard)
/// with the shanten after it and its figures, best first: highest expected score (when there is
/// one), then win, then tenpai probability, then discard advice's order.
///
/// Errors: [`EvError::Hand`] for a hand of another size, rules `hupai-shanten` refuses or visible
/// tiles that make more copies than the tiles played with hold (`Error::TooManySeen`),
/// [`EvError::TooManySeen`], [`EvError::TooManyHands`].
pub fn discard_ev(hand: &Hand, rules: &Rules, options: &EvOptions) -> Result<Vec<DiscardEv>, EvError> {
    let hand = prepared(hand, options)?;
    hand.check_tile_supply(rules).and_then(|()| hand.check_visible(rules, &options.visible)).map_err(EvError::Hand)?;
    let model = Model::new(&hand, rules, options)?;
    let advice = hupai_shanten::discard_advice(&hand, rules, &options.visible).map_err(EvError::Hand)?;
    let key = model.key(&hand);
    let roots: Vec<(Key, i8, u64)> = advice
        .iter()
        .map(|o| (key.without(o.discard), o.after.shanten, kind_bits(o.after.tiles.iter().map(|e| e.tile))))
        .collect();
    let figures = evaluate(&model, options.policy, &roots)?;
    let mut table: Vec<DiscardEv> = advice
        .iter()
        .zip(figures)
        .map(|(o, figures)| DiscardEv { discard: o.discard, shanten: o.after.shanten, figures })
        .collect();
    // Stable, on figures rounded to 1e-12 (equivalent discards differ only in rounding): ties keep
    // discard advice's order.
    let rounded = |x: f64| (x * 1e12).round() as i64;
    table.sort_by_key(|d| {
        let score = d.figures.score.map_or(i64::MIN, |s| (s * 1e6).round() as i64);
        std::cmp::Reverse((score, rounded(d.win()), rounded(d.tenpai())))
    });
    Ok(table)
}

/// The figures of a hand of 3k + 1 tiles (as after a discard), with the horizon of `options`.
///
/// Errors: as [`discard_ev`], for a hand one tile short.
pub fn hand_ev(hand: &Hand, rules: &Rules, options: &EvOptions) -> Result<Figures, EvError> {
    let hand = prepared(hand, options)?;
    hand.check_tile_supply(rules).and_then(|()| hand.check_visible(rules, &options.visible)).map_err(EvError::Hand)?;
    let model = Model::new(&hand, rules, options)?;
    let effective = hupai_shanten::effective_tiles(&hand, rules, &options.visible).map_err(EvError::Hand)?;
    let root = (model.key(&hand), effective.shanten, kind_bits(effective.tiles.iter().map(|e| e.tile)));
    Ok(evaluate(&model, options.policy, &[root])?.remove(0))
}

fn evaluate(model: &Model, policy: Policy, roots: &[(Key, i8, u64)]) -> Result<Vec<Figures>, EvError> {
    if policy == Policy::SHORTEST_PATH {
        let mut fast = fast::Fast::new(model);
        roots.iter().map(|&(key, n, eff)| fast.figures(model, key, n, eff, model.turns)).collect()
    } else {
        graph::Graph::new(model, policy).figures(roots)
    }
}

/// A reusable evaluator under the shortest-path class: one wall (the unseen counts are fixed when
/// it is made, from a hand and the visible tiles) and one horizon, asked about many hands after a
/// discard that share its memo: the hands along one game, or a simulation's.
pub struct Evaluator<'a> {
    model: Model<'a>,
    fast: fast::Fast,
}

impl<'a> Evaluator<'a> {
    /// An evaluator whose wall is what `hand` (and `options.visible`) leave unseen; the policy of
    /// `options` is not read (always the shortest-path class).
    pub fn new(hand: &Hand, rules: &Rules, options: &EvOptions<'a>) -> Result<Evaluator<'a>, EvError> {
        let hand = prepared(hand, options)?;
        hand.check_tile_supply(rules)
            .and_then(|()| hand.check_visible(rules, &options.visible))
            .map_err(EvError::Hand)?;
        let model = Model::new(&hand, rules, options)?;
        let fast = fast::Fast::new(&model);
        Ok(Evaluator { model, fast })
    }

    /// The figures of a hand of 3k + 1 tiles (declared melds as the evaluator's hand; wildcards
    /// that are wildcard-tile copies as in [`Hand::with_wildcard_tile`]) with `turns` draws left
    /// (at most the evaluator's horizon).
    pub fn figures(&mut self, hand: &Hand, turns: u8) -> Result<Figures, EvError> {
        let effective =
            hupai_shanten::effective_tiles(hand, &self.model.rules, &TileCounts::EMPTY).map_err(EvError::Hand)?;
        let key = self.model.key(hand);
        self.fast.figures(
            &self.model,
            key,
            effective.shanten,
            kind_bits(effective.tiles.iter().map(|e| e.tile)),
            usize::from(turns),
        )
    }

    /// Hands in the memo.
    pub fn visited(&self) -> usize {
        self.fast.visited()
    }
}
