//! The 55 riichi yaku by their Tenhou ids (0–54: yaku, yakuman, then dora, ura-dora and red
//! fives), with the names the Python `mahjong` package prints.

/// A yaku (役), yakuman (役満) or dora count, numbered as Tenhou's logs number them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
#[repr(u8)]
#[allow(missing_docs)] // The names are the yaku's own; `Yaku::name` says them in full.
pub enum Yaku {
    MenzenTsumo = 0,
    Riichi = 1,
    Ippatsu = 2,
    Chankan = 3,
    Rinshan = 4,
    Haitei = 5,
    Houtei = 6,
    Pinfu = 7,
    Tanyao = 8,
    Iipeikou = 9,
    SeatEast = 10,
    SeatSouth = 11,
    SeatWest = 12,
    SeatNorth = 13,
    RoundEast = 14,
    RoundSouth = 15,
    RoundWest = 16,
    RoundNorth = 17,
    Haku = 18,
    Hatsu = 19,
    Chun = 20,
    DoubleRiichi = 21,
    Chiitoitsu = 22,
    Chanta = 23,
    Ittsu = 24,
    SanshokuDoujun = 25,
    SanshokuDoukou = 26,
    Sankantsu = 27,
    Toitoi = 28,
    Sanankou = 29,
    Shousangen = 30,
    Honroutou = 31,
    Ryanpeikou = 32,
    Junchan = 33,
    Honitsu = 34,
    Chinitsu = 35,
    Renhou = 36,
    Tenhou = 37,
    Chiihou = 38,
    Daisangen = 39,
    Suuankou = 40,
    SuuankouTanki = 41,
    Tsuuiisou = 42,
    Ryuuiisou = 43,
    Chinroutou = 44,
    ChuurenPoutou = 45,
    JunseiChuurenPoutou = 46,
    Kokushi = 47,
    Kokushi13 = 48,
    Daisuushii = 49,
    Shousuushii = 50,
    Suukantsu = 51,
    Dora = 52,
    UraDora = 53,
    AkaDora = 54,
}

/// Names by Tenhou id, as `mahjong` prints them.
const NAMES: [&str; 55] = [
    "Menzen Tsumo",
    "Riichi",
    "Ippatsu",
    "Chankan",
    "Rinshan Kaihou",
    "Haitei Raoyue",
    "Houtei Raoyui",
    "Pinfu",
    "Tanyao",
    "Iipeiko",
    "Yakuhai (seat wind east)",
    "Yakuhai (seat wind south)",
    "Yakuhai (seat wind west)",
    "Yakuhai (seat wind north)",
    "Yakuhai (round wind east)",
    "Yakuhai (round wind south)",
    "Yakuhai (round wind west)",
    "Yakuhai (round wind north)",
    "Yakuhai (haku)",
    "Yakuhai (hatsu)",
    "Yakuhai (chun)",
    "Double Riichi",
    "Chiitoitsu",
    "Chantai",
    "Ittsu",
    "Sanshoku Doujun",
    "Sanshoku Doukou",
    "San Kantsu",
    "Toitoi",
    "San Ankou",
    "Shou Sangen",
    "Honroutou",
    "Ryanpeikou",
    "Junchan",
    "Honitsu",
    "Chinitsu",
    "Renhou",
    "Tenhou",
    "Chiihou",
    "Daisangen",
    "Suu Ankou",
    "Suu Ankou Tanki",
    "Tsuu Iisou",
    "Ryuuiisou",
    "Chinroutou",
    "Chuuren Poutou",
    "Daburu Chuuren Poutou",
    "Kokushi Musou",
    "Kokushi Musou Juusanmen Matchi",
    "Dai Suushii",
    "Shousuushii",
    "Suu Kantsu",
    "Dora",
    "Ura Dora",
    "Aka Dora",
];

impl Yaku {
    /// Every yaku in id order.
    pub const ALL: [Yaku; 55] = {
        use Yaku::*;
        [
            MenzenTsumo,
            Riichi,
            Ippatsu,
            Chankan,
            Rinshan,
            Haitei,
            Houtei,
            Pinfu,
            Tanyao,
            Iipeikou,
            SeatEast,
            SeatSouth,
            SeatWest,
            SeatNorth,
            RoundEast,
            RoundSouth,
            RoundWest,
            RoundNorth,
            Haku,
            Hatsu,
            Chun,
            DoubleRiichi,
            Chiitoitsu,
            Chanta,
            Ittsu,
            SanshokuDoujun,
            SanshokuDoukou,
            Sankantsu,
            Toitoi,
            Sanankou,
            Shousangen,
            Honroutou,
            Ryanpeikou,
            Junchan,
            Honitsu,
            Chinitsu,
            Renhou,
            Tenhou,
            Chiihou,
            Daisangen,
            Suuankou,
            SuuankouTanki,
            Tsuuiisou,
            Ryuuiisou,
            Chinroutou,
            ChuurenPoutou,
            JunseiChuurenPoutou,
            Kokushi,
            Kokushi13,
            Daisuushii,
            Shousuushii,
            Suukantsu,
            Dora,
            UraDora,
            AkaDora,
        ]
    };

    /// The Tenhou id, 0–54.
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The yaku with this Tenhou id.
    pub fn from_id(id: u8) -> Option<Yaku> {
        Yaku::ALL.get(usize::from(id)).copied()
    }

    /// The name, as the Python `mahjong` package prints it.
    pub const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// True for the yakuman (37–51; renhou only as a yakuman, which the score's han says).
    pub const fn is_yakuman(self) -> bool {
        matches!(self as u8, 37..=51)
    }

    /// The han of an ordinary yaku: closed, and open (`0`: not allowed open). Yakuman, renhou and
    /// the dora counts have no fixed value here.
    pub const fn han(self) -> (u8, u8) {
        use Yaku::*;
        match self {
            MenzenTsumo | Riichi | Ippatsu | Pinfu | Iipeikou => (1, 0),
            Chankan | Rinshan | Haitei | Houtei | Tanyao => (1, 1),
            SeatEast | SeatSouth | SeatWest | SeatNorth => (1, 1),
            RoundEast | RoundSouth | RoundWest | RoundNorth | Haku | Hatsu | Chun => (1, 1),
            DoubleRiichi | Chiitoitsu => (2, 0),
            Chanta | Ittsu | SanshokuDoujun => (2, 1),
            SanshokuDoukou | Sankantsu | Toitoi | Sanankou | Shousangen | Honroutou => (2, 2),
            Ryanpeikou => (3, 0),
            Junchan | Honitsu => (3, 2),
            Chinitsu => (6, 5),
            Renhou => (5, 0),
            _ => (0, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_names_and_order_agree() {
        for (i, y) in Yaku::ALL.iter().enumerate() {
            assert_eq!(usize::from(y.id()), i);
            assert_eq!(Yaku::from_id(y.id()), Some(*y));
        }
        assert_eq!(Yaku::Kokushi13.name(), "Kokushi Musou Juusanmen Matchi");
        assert_eq!(Yaku::from_id(55), None);
        assert!(Yaku::Tenhou.is_yakuman() && Yaku::Suukantsu.is_yakuman() && !Yaku::Renhou.is_yakuman());
    }
}
