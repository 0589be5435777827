//! Changsha (长沙麻将): a small win needs a 2-5-8 pair and pays 1 (2 each self-drawn); a big win
//! (碰碰胡, 将将胡, 清一色, 七小对, …) pays 6 per big win and needs no 2-5-8 pair. The player
//! values wins by the `changsha` table, plans toward the big wins its hand is near (and keeps a
//! 2-5-8 pair for the small one), takes the deal's small wins (in the shared decision), opens a
//! kong (开杠) whenever the engine offers one (it is offered only to a ready hand), and takes the
//! last tile (海底) when ready.

use std::sync::OnceLock;

use hupai::{Hand, Meld, Tile};
use hupai_game::Action;
use hupai_score::regional::{self, Table};
use hupai_score::{Scorer, Situation};

use super::{Ctx, pairs_and_triplets, suit_counts};

/// What a deal-in costs on average.
pub(super) const DEAL_IN: f64 = 2.0;

fn table() -> Option<&'static Table> {
    static TABLE: OnceLock<Option<Table>> = OnceLock::new();
    TABLE
        .get_or_init(|| match Scorer::shared("changsha") {
            Ok(Scorer::Regional(t)) => Some(t.clone()),
            _ => None,
        })
        .as_ref()
}

/// Points of a win with `fan` big wins (0 a small win), a self-draw and a discard blended.
fn points(fan: u32) -> f64 {
    if fan == 0 { 2.0 } else { 9.0 * f64::from(fan) }
}

pub(super) fn win_value(_ctx: &Ctx, hand: &Hand, tile: Tile) -> f64 {
    let Some(table) = table() else { return 0.0 };
    let s = Situation::new(hand.clone(), tile);
    match regional::score(&s, table) {
        Ok(score) => points(score.fan),
        Err(_) => 0.0,
    }
}

fn is_258(k: usize) -> bool {
    k < 27 && matches!(k % 9, 1 | 4 | 7)
}

/// A hand far from ready: the small win (worth more with a 2-5-8 pair held) or the big win its
/// tiles are nearest (七小对 from pairs, 碰碰胡 from pairs and pungs, 清一色 from one suit,
/// 将将胡 from 2s, 5s and 8s).
pub(crate) fn plan_points(counts: &[u8; 34], melds: &[Meld]) -> f64 {
    let pair258 = (0..27).any(|k| is_258(k) && counts[k] >= 2);
    let small: f64 = if pair258 { 2.0 } else { 1.2 };
    let (pairs, triplets) = pairs_and_triplets(counts);
    let seven = if melds.is_empty() { (f64::from(pairs) / 7.0).powi(3) } else { 0.0 };
    let pungs = melds.iter().filter(|m| super::is_triplet(m)).count() as f64;
    let chows = melds.iter().any(|m| !super::is_triplet(m));
    let all_pungs =
        if chows { 0.0 } else { ((pungs + f64::from(pairs) + 0.5 * f64::from(triplets)) / 5.0).min(1.0).powi(3) };
    let mut suits = suit_counts(counts);
    for m in melds {
        if let Some(s) = super::meld_suit(m) {
            suits[s] += 3;
        }
    }
    let total = f64::from(suits.iter().sum::<u32>().max(1));
    let flush = (f64::from(*suits.iter().max().unwrap_or(&0)) / total).powi(4);
    let n258: u32 = (0..27).filter(|&k| is_258(k)).map(|k| u32::from(counts[k])).sum();
    let jiang = (f64::from(n258) / total).powi(6);
    let big = 9.0 * seven.max(all_pungs).max(flush).max(jiang);
    small.max(big)
}

pub(super) fn plan_value(ctx: &Ctx, counts: &[u8; 34]) -> f64 {
    plan_points(counts, &ctx.melds)
}

/// A call is worth it unless it breaks a 七小对 the hand is near.
pub(super) fn call_value(ctx: &Ctx, counts: &[u8; 34], melds: &[Meld], _call: Action) -> f64 {
    let before = plan_points(&ctx.view.hand.kinds, &ctx.melds);
    let after = plan_points(counts, melds);
    if after + 1.0 < before * 0.5 { 0.0 } else { after }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(text: &str) -> [u8; 34] {
        let hand: Hand = text.parse().unwrap();
        hand.concealed().0
    }

    /// A hand keeping its 2-5-8 pair plans higher than the same hand with the pair broken.
    #[test]
    fn keeps_a_258_pair() {
        let with = plan_points(&counts("55m123p456p789s13s"), &[]);
        let without = plan_points(&counts("5m123p456p789s134s"), &[]);
        assert!(with > without, "{with} {without}");
    }
}
