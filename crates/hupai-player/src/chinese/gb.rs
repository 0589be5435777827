//! GB (国标麻将): a win needs 8 fans without flowers, so the player values a winning hand by the
//! GB scorer (nothing when it is short of 8) and, far from ready, by the fans its plans can still
//! reach: 清一色 / 混一色, 碰碰和, 七对, 五门齐, 花龙 / 清龙, 三色三同顺 and the dragon pungs.

use hupai::{Hand, Meld, Tile};
use hupai_score::Situation;
use hupai_score::gb;

use super::{Ctx, is_triplet, pairs_and_triplets, suit_counts};

/// Points a GB win is worth to the winner from its fans: 8 + fan from the discarder and 8 from
/// each other player, or 8 + fan from each on a self-draw; blended.
fn points(fan: u32) -> f64 {
    24.0 + 2.0 * f64::from(fan)
}

/// The value of winning with `hand` on `tile`, scored as a win on a discard (the common case and
/// the stricter one: no 自摸 or 不求人): nothing when short of 8 fans without flowers.
pub(super) fn win_value(ctx: &Ctx, hand: &Hand, tile: Tile) -> f64 {
    let mut s = Situation::new(hand.clone(), tile);
    s.seat = Tile::ALL[27 + ctx.seat_winds[ctx.me] % 4];
    s.round = Tile::ALL[27 + ctx.bakaze % 4];
    s.flowers = ctx.view.flowers[ctx.me];
    match gb::score(&s, &ctx.rules.gb_options()) {
        Ok(score) if score.enough => points(score.fan),
        _ => 0.0,
    }
}

/// The plans a hand of `counts` concealed and `melds` declared can still reach, each as (fans,
/// how much of the hand already fits it, 0–1).
pub(crate) fn plans(counts: &[u8; 34], melds: &[Meld]) -> [(f64, f64); 7] {
    let mut all = *counts;
    for m in melds {
        for t in meld_tiles(m) {
            all[t] += 1;
        }
    }
    let total = f64::from(all.iter().map(|&c| u32::from(c)).sum::<u32>().max(1));
    let suits = suit_counts(&all);
    let honors = f64::from(all[27..].iter().map(|&c| u32::from(c)).sum::<u32>());
    let top = f64::from(*suits.iter().max().unwrap_or(&0));
    // 清一色 (24) and 混一色 (6): the dominant suit, with honors for the half flush.
    let full = top / total;
    let half = (top + honors) / total;
    // 碰碰和 (6): pungs declared and pairs or better held; a chow rules it out.
    let (pairs, triplets) = pairs_and_triplets(counts);
    let chows = melds.iter().any(|m| !is_triplet(m));
    let pungs = melds.iter().filter(|m| is_triplet(m)).count() as f64;
    let all_pungs = if chows { 0.0 } else { ((pungs + f64::from(pairs) + 0.5 * f64::from(triplets)) / 5.0).min(1.0) };
    // 七对 (24): pairs in a closed hand.
    let seven =
        if melds.is_empty() { f64::from(counts.iter().map(|&c| u32::from(c / 2)).sum::<u32>()) / 7.0 } else { 0.0 };
    // 五门齐 (6): the three suits, a wind and a dragon.
    let winds = all[27..31].iter().any(|&c| c > 0);
    let dragons = all[31..].iter().any(|&c| c > 0);
    let gates =
        f64::from(suits.iter().filter(|&&n| n > 0).count() as u32 + u32::from(winds) + u32::from(dragons)) / 5.0;
    // 清龙 (16) / 花龙 (8): 123, 456, 789 in one suit or across the three.
    let dragon = straight_fit(&all);
    // 三色三同顺 (8): one chow's numbers in all three suits.
    let mixed = (0..7)
        .map(|r| {
            let have: u32 = (0..3).map(|s| (0..3).filter(|i| all[s * 9 + r + i] > 0).count() as u32).sum();
            f64::from(have) / 9.0
        })
        .fold(0.0, f64::max);
    [
        (24.0, full.powi(2)),
        (6.0, half),
        (6.0, all_pungs),
        (24.0, seven),
        (6.0, gates * 0.9),
        (8.0, dragon),
        (8.0, mixed),
    ]
}

/// How much of the best 清龙 or 花龙 the tiles hold (0–1).
fn straight_fit(all: &[u8; 34]) -> f64 {
    let mut best = 0.0f64;
    // Each of the three runs (1, 4, 7) from a suit: the same suit for 清龙, three suits for 花龙.
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                let pure = a == b && b == c;
                if !pure && (a == b || b == c || a == c) {
                    continue;
                }
                let have: usize = [(a, 0), (b, 3), (c, 6)]
                    .iter()
                    .map(|&(s, r)| (0..3).filter(|i| all[s * 9 + r + i] > 0).count())
                    .sum();
                best = best.max(have as f64 / 9.0);
            }
        }
    }
    best
}

fn meld_tiles(m: &Meld) -> impl Iterator<Item = usize> {
    let (t, chow) = match *m {
        Meld::Chi(t) => (t.index(), true),
        Meld::Pon(t) | Meld::Kan(t) | Meld::ClosedKan(t) => (t.index(), false),
    };
    (0..3).map(move |i| if chow { t + i } else { t })
}

/// The best plan's reachable fans, weighted by how much of the hand fits it: a plan fitting
/// less than about three quarters of the hand is far from sure.
pub(crate) fn best_plan(counts: &[u8; 34], melds: &[Meld]) -> (f64, f64) {
    let mut dragons = 0.0;
    let mut all = *counts;
    for m in melds {
        for t in meld_tiles(m) {
            all[t] += 1;
        }
    }
    for &c in &all[31..] {
        if c >= 2 {
            // 箭刻 (2): a dragon pair is half a pung.
            dragons += if c >= 3 { 2.0 } else { 1.0 };
        }
    }
    plans(counts, melds)
        .into_iter()
        .map(|(fans, fit)| (fans + dragons, fit))
        .max_by(|a, b| (a.0 * a.1.powi(3)).total_cmp(&(b.0 * b.1.powi(3))))
        .unwrap_or((0.0, 0.0))
}

/// A hand far from ready: the points of its best plan times how sure the plan is (a hand with
/// no plan reaching 8 fans is worth little: it cannot win).
pub(super) fn plan_value(ctx: &Ctx, counts: &[u8; 34]) -> f64 {
    let (fans, fit) = best_plan(counts, &ctx.melds);
    let reach = if fans >= 8.0 { fit.powi(3) } else { fit.powi(3) * fans / 16.0 };
    points(fans.max(8.0) as u32) * reach
}

/// A call is worth making when 8 fans stay reachable: the best plan after it fits most of the
/// hand. Its value (0: not worth it).
pub(super) fn call_value(_ctx: &Ctx, counts: &[u8; 34], melds: &[Meld], shanten: i8) -> f64 {
    let (fans, fit) = best_plan(counts, melds);
    let needed = if shanten <= 1 { 0.8 } else { 0.7 };
    if fans >= 8.0 && fit >= needed { points(fans as u32) * fit.powi(3) } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(text: &str) -> [u8; 34] {
        let hand: Hand = text.parse().unwrap();
        hand.concealed().0
    }

    /// A half-flush hand's plan is the flush; a scattered hand has no plan reaching 8.
    #[test]
    fn plans_follow_the_hand() {
        let flush = counts("1235779m11p555z66z");
        let (fans, fit) = best_plan(&flush, &[]);
        assert!(fans >= 8.0 && fit > 0.8, "{fans} {fit}");
        let scattered = counts("147m258p369s1234z");
        let (_, fit) = best_plan(&scattered, &[]);
        let (_, flush_fit) = best_plan(&flush, &[]);
        assert!(fit < flush_fit);
    }
}
