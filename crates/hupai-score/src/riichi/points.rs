//! From han and fu to points: the basic points (fu × 2^(2 + han)), the limits (mangan …
//! yakuman × n, counted yakuman, kiriage), and who pays what on ron and tsumo, with counters
//! (honba) and riichi sticks (kyotaku), four- and three-player.

use serde::Serialize;

use super::options::{KazoeLimit, Options, SanmaTsumo};

/// The limit a hand reached, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// 5 han, or fewer with basic points above 2,000 (満貫).
    Mangan,
    /// 4 han 30 fu or 3 han 60 fu rounded up to mangan (切り上げ満貫), with `kiriage`.
    KiriageMangan,
    /// 6–7 han (跳満).
    Haneman,
    /// 8–10 han (倍満).
    Baiman,
    /// 11–12 han (三倍満), or 13 han and more under `kazoe_limit: sanbaiman`.
    Sanbaiman,
    /// Yakuman, this many times (役満; 13 han each as counted here).
    Yakuman(u32),
    /// 13 han and more of ordinary yaku counted as yakuman (数え役満), this many times.
    Kazoe(u32),
}

impl Limit {
    /// The limit's name as printed: `mangan`, `haneman`, …, `yakuman`, `2x yakuman`,
    /// `kazoe yakuman`, `kiriage mangan`.
    pub fn name(self) -> String {
        match self {
            Limit::Mangan => "mangan".into(),
            Limit::KiriageMangan => "kiriage mangan".into(),
            Limit::Haneman => "haneman".into(),
            Limit::Baiman => "baiman".into(),
            Limit::Sanbaiman => "sanbaiman".into(),
            Limit::Yakuman(1) => "yakuman".into(),
            Limit::Yakuman(n) => format!("{n}x yakuman"),
            Limit::Kazoe(1) => "kazoe yakuman".into(),
            Limit::Kazoe(n) => format!("{n}x kazoe yakuman"),
        }
    }
}

impl Serialize for Limit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

/// The basic points (基本点) of han and fu, and the limit reached. `yakuman` is true when the han
/// are yakuman (13 each), not a count of ordinary yaku.
pub fn basic_points(han: u32, fu: u32, yakuman: bool, o: &Options) -> (u32, Option<Limit>) {
    if yakuman {
        let n = han / 13;
        let n = if o.limit_to_sextuple_yakuman { n.min(6) } else { n };
        return (8000 * n, Some(Limit::Yakuman(n)));
    }
    if han >= 13 {
        return match o.kazoe_limit {
            KazoeLimit::Limited => (8000, Some(Limit::Kazoe(1))),
            KazoeLimit::Sanbaiman => (6000, Some(Limit::Sanbaiman)),
            KazoeLimit::None => {
                let n = han / 13;
                let n = if o.limit_to_sextuple_yakuman { n.min(6) } else { n };
                (8000 * n, Some(Limit::Kazoe(n)))
            }
        };
    }
    match han {
        11..=12 => (6000, Some(Limit::Sanbaiman)),
        8..=10 => (4000, Some(Limit::Baiman)),
        6..=7 => (3000, Some(Limit::Haneman)),
        5 => (2000, Some(Limit::Mangan)),
        _ => {
            if o.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60)) {
                return (2000, Some(Limit::KiriageMangan));
            }
            let base = fu << (2 + han);
            if base > 2000 { (2000, Some(Limit::Mangan)) } else { (base, None) }
        }
    }
}

/// Rounds up to a multiple of 100.
fn ceil100(points: u32) -> u32 {
    points.div_ceil(100) * 100
}

/// Who pays what. Each payment includes its share of the counters; `total` is what the winner
/// gains, riichi sticks included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Points {
    /// Everything the winner gains: the payments, the counters and the riichi sticks.
    pub total: u32,
    /// Ron: what the discarder pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ron: Option<u32>,
    /// A non-dealer's tsumo: what the dealer pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u32>,
    /// Tsumo: what each non-dealer pays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub non_dealer: Option<u32>,
    /// How many players pay on this tsumo (1 on ron).
    pub payers: u32,
    /// The counters' points included in the payments (本場).
    pub honba: u32,
    /// The riichi sticks' points (供託), 1,000 each.
    pub kyotaku: u32,
}

/// The payments for basic points `base`.
pub fn payments(base: u32, dealer: bool, tsumo: bool, honba: u32, kyotaku: u32, o: &Options) -> Points {
    let sticks = kyotaku.saturating_mul(1000);
    if !tsumo {
        let per_counter = if o.sanma { 200 } else { 300 };
        let counters = honba.saturating_mul(per_counter);
        let pay = ceil100(base * if dealer { 6 } else { 4 });
        return Points {
            total: pay.saturating_add(counters).saturating_add(sticks),
            ron: Some(pay.saturating_add(counters)),
            dealer: None,
            non_dealer: None,
            payers: 1,
            honba: counters,
            kyotaku: sticks,
        };
    }
    let counter = honba.saturating_mul(100);
    // The shares of a four-player tsumo: the dealer's (or each player's, when the dealer wins)
    // and each non-dealer's.
    let (mut from_dealer, mut from_other) =
        if dealer { (0, ceil100(2 * base)) } else { (ceil100(2 * base), ceil100(base)) };
    // Non-dealers who pay: everyone but the winner and the dealer (and, in three-player, the
    // absent north).
    let players = if o.sanma { 3 } else { 4 };
    let others = if dealer { players - 1 } else { players - 2 };
    if o.sanma && o.sanma_tsumo == SanmaTsumo::Split {
        // The north player's share, split between the two who pay.
        let half = ceil100(from_other.div_ceil(2));
        from_other += half;
        if !dealer {
            from_dealer += half;
        }
    }
    let payers = others + u32::from(!dealer);
    let paid = from_other.saturating_add(counter).saturating_mul(others).saturating_add(if dealer {
        0
    } else {
        from_dealer.saturating_add(counter)
    });
    Points {
        total: paid.saturating_add(sticks),
        ron: None,
        dealer: (!dealer).then(|| from_dealer.saturating_add(counter)),
        non_dealer: Some(from_other.saturating_add(counter)),
        payers,
        honba: counter.saturating_mul(payers),
        kyotaku: sticks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_basic_points() {
        let o = Options::default();
        assert_eq!(basic_points(1, 30, false, &o), (240, None));
        assert_eq!(basic_points(4, 30, false, &o), (1920, None));
        assert_eq!(basic_points(4, 40, false, &o), (2000, Some(Limit::Mangan)));
        assert_eq!(basic_points(13, 40, false, &o), (8000, Some(Limit::Kazoe(1))));
        assert_eq!(basic_points(26, 0, true, &o), (16000, Some(Limit::Yakuman(2))));
        let kiriage = Options { kiriage: true, ..Options::default() };
        assert_eq!(basic_points(4, 30, false, &kiriage), (2000, Some(Limit::KiriageMangan)));
    }

    #[test]
    fn payments_four_and_three_players() {
        let o = Options::default();
        // 1 han 30 fu: non-dealer ron 1,000, tsumo 300/500.
        assert_eq!(payments(240, false, false, 0, 0, &o).ron, Some(1000));
        let t = payments(240, false, true, 1, 1, &o);
        assert_eq!((t.dealer, t.non_dealer, t.total), (Some(600), Some(400), 600 + 800 + 1000));
        // Dealer mangan tsumo: 4,000 all.
        let d = payments(2000, true, true, 0, 0, &o);
        assert_eq!((d.non_dealer, d.total, d.payers), (Some(4000), 12000, 3));
        let sanma = Options::sanma();
        let d = payments(2000, true, true, 0, 0, &sanma);
        assert_eq!((d.non_dealer, d.total, d.payers), (Some(4000), 8000, 2));
        let split = Options { sanma_tsumo: SanmaTsumo::Split, ..Options::sanma() };
        let d = payments(2000, true, true, 0, 0, &split);
        assert_eq!((d.non_dealer, d.total), (Some(6000), 12000));
        let n = payments(2000, false, true, 0, 0, &split);
        assert_eq!((n.dealer, n.non_dealer, n.total), (Some(5000), Some(3000), 8000));
    }
}
