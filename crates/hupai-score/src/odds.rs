//! A scorer as the draw odds' value of a reachable win (`hupai::odds::ev::WinValue`): a tsumo,
//! east seat and round, no dora; under the riichi rules also the win after a riichi declaration
//! with its ura-dora indicator, the expectation over that indicator, and the deposit.

use hupai::odds::ev::WinValue;
use hupai::{Hand, Suit, Tile};

use crate::riichi::dora_of;
use crate::{Scorer, Situation};

/// What a riichi declaration puts on the table: 1,000 points.
pub const RIICHI_DEPOSIT: u32 = 1000;

impl Scorer {
    /// The worth of `hand` won by drawing `win` after a riichi declaration, with `ura` the
    /// ura-dora indicator, as [`Scorer::worth`]: a tsumo, east seat and round, no dora (the dora
    /// indicator one whose dora the hand does not hold). `None` for rules without riichi, an
    /// open hand, or a situation that cannot happen (a fifth copy of `ura`).
    pub fn riichi_tsumo_worth(&self, hand: &Hand, win: Tile, ura: Tile) -> Option<f64> {
        let Scorer::Riichi(options) = self else { return None };
        if !hand.is_closed() {
            return None;
        }
        let mut situation = Situation::new(hand.clone(), win);
        situation.tsumo = true;
        situation.riichi = true;
        // An ura-dora indicator lies under a dora indicator: one showing nothing the hand holds.
        situation.dora = vec![blank_indicator(hand, ura, options.sanma)?];
        situation.ura = vec![ura];
        self.worth(&situation)
    }
}

/// The first kind that can be a dora indicator beside `ura` and whose dora the hand does not
/// hold: no dora counted, no fifth copy shown.
fn blank_indicator(hand: &Hand, ura: Tile, sanma: bool) -> Option<Tile> {
    let counts = hand.physical_counts();
    Tile::ALL.into_iter().find(|&d| {
        let absent_in_sanma = sanma && d.suit() == Suit::Man && (2..=8).contains(&d.rank());
        !absent_in_sanma && counts[dora_of(d, sanma)] == 0 && counts[d] + 1 + u8::from(d == ura) <= 4
    })
}

/// The rules' scorer values each reachable win ([`Scorer::tsumo_worth`]); under the riichi rules
/// a declaration costs [`RIICHI_DEPOSIT`] and wins after one are worth
/// [`Scorer::riichi_tsumo_worth`].
impl WinValue for Scorer {
    fn value(&self, hand: &Hand, tile: Tile) -> Option<f64> {
        self.tsumo_worth(hand, tile)
    }

    fn riichi_deposit(&self) -> Option<f64> {
        matches!(self, Scorer::Riichi(_)).then_some(f64::from(RIICHI_DEPOSIT))
    }

    fn riichi_value(&self, hand: &Hand, tile: Tile, ura: Tile) -> Option<f64> {
        self.riichi_tsumo_worth(hand, tile, ura)
    }

    /// The sum over indicators of the trait, with each indicator's score computed once per ura
    /// count: a riichi score depends on its ura-dora indicator only through the copies of the
    /// indicated kind the hand holds (concealed and declared), so indicators with the same count
    /// score alike. At most five scores per win instead of one per kind.
    fn riichi_expected(&self, hand: &Hand, tile: Tile, ura: &[f64; 34]) -> Option<f64> {
        let Scorer::Riichi(options) = self else { return None };
        let counts = hand.physical_counts();
        // Per ura count 0–4: the probability of an indicator giving it, and one such indicator.
        let mut groups: [(f64, Option<Tile>); 5] = [(0.0, None); 5];
        for k in Tile::ALL {
            let p = ura[k.index()];
            if p > 0.0 {
                let group = &mut groups[usize::from(counts[dora_of(k, options.sanma)].min(4))];
                group.0 += p;
                group.1.get_or_insert(k);
            }
        }
        let mut sum = 0.0;
        for (p, indicator) in groups {
            if let Some(k) = indicator {
                sum += p * self.riichi_tsumo_worth(hand, tile, k)?;
            }
        }
        Some(sum)
    }
}
