//! Sichuan (血战到底): the three tiles to pass (换三张) and the suit to void (定缺) chosen by what
//! the hand keeps, wins valued by the `sichuan` table (1 × 2^fan: 清一色, 七对, 对对胡, 根 …),
//! being ready at an exhaustive draw counted (查大叫), kongs made for their payments (刮风下雨,
//! in the shared turn), play going on after others have won (their seats are out of the danger).

use std::sync::OnceLock;

use hupai::{Hand, Suit, Tile};
use hupai_game::{Action, Actions};
use hupai_score::regional::{self, Table};
use hupai_score::{Scorer, Situation};

use super::{Ctx, pairs_and_triplets, suit_counts};

/// What a deal-in costs on average (the discarder alone pays the winner's 1–16).
pub(super) const DEAL_IN: f64 = 3.0;
/// What being ready at an exhaustive draw is worth (查大叫: each player not ready pays the most
/// the hand could win).
pub(super) const READY_AT_DRAW: f64 = 4.0;

const SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];

/// The `sichuan` table with each void suit declared.
fn tables() -> Option<&'static [Table; 3]> {
    static TABLES: OnceLock<Option<[Table; 3]>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let Ok(Scorer::Regional(base)) = Scorer::shared("sichuan") else { return None };
            Some(std::array::from_fn(|i| {
                let mut t = base.clone();
                t.void = Some(SUITS[i]);
                t
            }))
        })
        .as_ref()
}

/// The value of winning with `hand` on `tile` with the seat's void suit declared: the table's
/// points, a self-draw (paid by every player still in) and a discard blended.
pub(super) fn win_value(ctx: &Ctx, hand: &Hand, tile: Tile) -> f64 {
    let Some(void) = ctx.view.voids[ctx.me] else { return 0.0 };
    let Some(i) = SUITS.iter().position(|&s| s == void) else { return 0.0 };
    let Some(table) = tables().map(|t| &t[i]) else { return 0.0 };
    let s = Situation::new(hand.clone(), tile);
    match regional::score(&s, table) {
        Ok(score) => score.total as f64 * 1.6,
        Err(_) => 0.0,
    }
}

/// A hand far from ready: its likeliest fans (清一色 from the dominant suit, 七对 and 对对胡 from
/// its pairs), in points.
pub(super) fn plan_value(ctx: &Ctx, counts: &[u8; 34]) -> f64 {
    let void = ctx.view.voids[ctx.me].and_then(|v| SUITS.iter().position(|&s| s == v));
    plan_points(counts, &ctx.melds, void)
}

pub(crate) fn plan_points(counts: &[u8; 34], melds: &[hupai::Meld], void: Option<usize>) -> f64 {
    let mut suits = suit_counts(counts);
    for m in melds {
        if let Some(s) = super::meld_suit(m) {
            suits[s] += 3;
        }
    }
    if let Some(v) = void {
        suits[v] = 0;
    }
    let total = f64::from(suits.iter().sum::<u32>().max(1));
    let top = f64::from(*suits.iter().max().unwrap_or(&0));
    let flush = (top / total).powi(4);
    let (pairs, triplets) = pairs_and_triplets(counts);
    let seven = if melds.is_empty() { (f64::from(pairs) / 7.0).powi(3) } else { 0.0 };
    let pungs = melds.iter().filter(|m| super::is_triplet(m)).count() as f64;
    let all_pungs = ((pungs + f64::from(pairs) + 0.5 * f64::from(triplets)) / 5.0).min(1.0).powi(3);
    // 平胡 1, 对对胡 2, 七对 4, 清一色 4 (and 8 with 对对胡 or 七对).
    (1.0 + 3.0 * flush + 3.0 * seven + 1.0 * all_pungs + 4.0 * flush * seven.max(all_pungs)) * 1.6
}

/// How much a suit is worth keeping: its tiles and the blocks they make (pairs, triplets,
/// neighbours). The suit worth least is voided and its tiles passed.
pub(crate) fn suit_worth(counts: &[u8; 34], suit: usize) -> f64 {
    let c = &counts[suit * 9..suit * 9 + 9];
    let mut w = 0.0;
    for r in 0..9 {
        let n = f64::from(c[r]);
        w += n;
        if c[r] >= 2 {
            w += 1.0;
        }
        if c[r] >= 3 {
            w += 1.0;
        }
        if r + 1 < 9 && c[r] > 0 && c[r + 1] > 0 {
            w += 0.7;
        }
        if r + 2 < 9 && c[r] > 0 && c[r + 2] > 0 {
            w += 0.3;
        }
    }
    w
}

/// How useful one tile of the hand is: copies and neighbours (the least useful are passed).
fn tile_use(counts: &[u8; 34], k: usize) -> f64 {
    let r = k % 9;
    let mut u = f64::from(counts[k].saturating_sub(1)) * 2.0;
    for (d, w) in [(1usize, 1.0), (2, 0.5)] {
        if r >= d && counts[k - d] > 0 {
            u += w;
        }
        if r + d < 9 && counts[k + d] > 0 {
            u += w;
        }
    }
    // Ends connect less.
    u + if r == 0 || r == 8 { 0.0 } else { 0.1 }
}

/// The suit to void (定缺) of a hand of `counts`, among `allowed`: the one worth least.
pub(crate) fn void_choice(counts: &[u8; 34], allowed: &[usize]) -> Option<usize> {
    allowed.iter().copied().min_by(|&a, &b| suit_worth(counts, a).total_cmp(&suit_worth(counts, b)))
}

/// The deal's choices: the three tiles to pass, one at a time, from the suit worth least that
/// has three; the void suit, the suit worth least.
pub(super) fn setup(ctx: &Ctx, legal: &Actions) -> Option<(Action, String)> {
    let counts = ctx.view.hand.kinds;
    match legal.first()? {
        Action::Dingque { .. } => {
            let allowed: Vec<usize> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Dingque { suit } => SUITS.iter().position(|s| s == suit),
                    _ => None,
                })
                .collect();
            let s = void_choice(&counts, &allowed)?;
            let why = format!("定缺: the suit worth least to the hand ({:.1})", suit_worth(&counts, s));
            Some((Action::Dingque { suit: SUITS[s] }, why))
        }
        Action::Exchange { .. } => {
            let kinds: Vec<(usize, Action)> = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Exchange { pai } => pai.kind().map(|k| (k.index(), a)),
                    _ => None,
                })
                .collect();
            let mut allowed: Vec<usize> = kinds.iter().map(|&(k, _)| k / 9).collect();
            allowed.dedup();
            let s = void_choice(&counts, &allowed)?;
            let &(_, a) = kinds
                .iter()
                .filter(|&&(k, _)| k / 9 == s)
                .min_by(|x, y| tile_use(&counts, x.0).total_cmp(&tile_use(&counts, y.0)))?;
            Some((a, "换三张: the least useful tiles of the suit worth least".to_string()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(text: &str) -> [u8; 34] {
        let hand: Hand = text.parse().unwrap();
        hand.concealed().0
    }

    /// The void is the shortest suit; between two of equal length, the one with fewer blocks.
    #[test]
    fn voids_the_shortest_or_worst_suit() {
        let c = counts("1234567m2345p19s1s");
        assert_eq!(void_choice(&c, &[0, 1, 2]), Some(2), "three souzu, one pair and nothing else");
        let c = counts("1112345m3456p19s55s");
        // Four souzu with a pair against four connected pinzu: the souzu go.
        assert_eq!(void_choice(&c, &[0, 1, 2]), Some(2));
        assert_eq!(void_choice(&c, &[0, 1]), Some(1), "only the allowed suits");
    }

    /// A hand of one suit is worth more than a scattered one (清一色 in reach).
    #[test]
    fn a_flush_plans_higher() {
        let flush = plan_points(&counts("1123456789m23m4p"), &[], Some(2));
        let split = plan_points(&counts("11234m56789p23p4p"), &[], Some(2));
        assert!(flush > split, "{flush} {split}");
    }
}
