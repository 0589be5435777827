//! The fans of the Chinese Official rules: the 81 of the Green Book, numbered in the book's order,
//! with their values and names, plus the reference calculator's one addition (明暗杠).

use std::fmt;

/// One fan (番种). The discriminant is the fan's number in the official list (1–81), so
/// `Fan::ChickenHand as u8 == 43`; [`Fan::ConcealedKongAndMeldedKong`] (82) is not in the book
/// but in the reference calculator (see the crate docs and `docs/scoring-gb.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[non_exhaustive]
pub enum Fan {
    /// 大四喜, 88.
    BigFourWinds = 1,
    /// 大三元, 88.
    BigThreeDragons,
    /// 绿一色, 88.
    AllGreen,
    /// 九莲宝灯, 88.
    NineGates,
    /// 四杠, 88.
    FourKongs,
    /// 连七对, 88.
    SevenShiftedPairs,
    /// 十三幺, 88.
    ThirteenOrphans,
    /// 清幺九, 64.
    AllTerminals,
    /// 小四喜, 64.
    LittleFourWinds,
    /// 小三元, 64.
    LittleThreeDragons,
    /// 字一色, 64.
    AllHonors,
    /// 四暗刻, 64.
    FourConcealedPungs,
    /// 一色双龙会, 64.
    PureTerminalChows,
    /// 一色四同顺, 48.
    QuadrupleChow,
    /// 一色四节高, 48.
    FourPureShiftedPungs,
    /// 一色四步高, 32.
    FourPureShiftedChows,
    /// 三杠, 32.
    ThreeKongs,
    /// 混幺九, 32.
    AllTerminalsAndHonors,
    /// 七对, 24.
    SevenPairs,
    /// 七星不靠, 24.
    GreaterHonorsAndKnittedTiles,
    /// 全双刻, 24.
    AllEvenPungs,
    /// 清一色, 24.
    FullFlush,
    /// 一色三同顺, 24.
    PureTripleChow,
    /// 一色三节高, 24.
    PureShiftedPungs,
    /// 全大, 24.
    UpperTiles,
    /// 全中, 24.
    MiddleTiles,
    /// 全小, 24.
    LowerTiles,
    /// 清龙, 16.
    PureStraight,
    /// 三色双龙会, 16.
    ThreeSuitedTerminalChows,
    /// 一色三步高, 16.
    PureShiftedChows,
    /// 全带五, 16.
    AllFive,
    /// 三同刻, 16.
    TriplePung,
    /// 三暗刻, 16.
    ThreeConcealedPungs,
    /// 全不靠, 12.
    LesserHonorsAndKnittedTiles,
    /// 组合龙, 12.
    KnittedStraight,
    /// 大于五, 12.
    UpperFour,
    /// 小于五, 12.
    LowerFour,
    /// 三风刻, 12.
    BigThreeWinds,
    /// 花龙, 8.
    MixedStraight,
    /// 推不倒, 8.
    ReversibleTiles,
    /// 三色三同顺, 8.
    MixedTripleChow,
    /// 三色三节高, 8.
    MixedShiftedPungs,
    /// 无番和, 8.
    ChickenHand,
    /// 妙手回春, 8.
    LastTileDraw,
    /// 海底捞月, 8.
    LastTileClaim,
    /// 杠上开花, 8.
    OutWithReplacementTile,
    /// 抢杠和, 8.
    RobbingTheKong,
    /// 碰碰和, 6.
    AllPungs,
    /// 混一色, 6.
    HalfFlush,
    /// 三色三步高, 6.
    MixedShiftedChows,
    /// 五门齐, 6.
    AllTypes,
    /// 全求人, 6.
    MeldedHand,
    /// 双暗杠, 6.
    TwoConcealedKongs,
    /// 双箭刻, 6.
    TwoDragonsPungs,
    /// 全带幺, 4.
    OutsideHand,
    /// 不求人, 4.
    FullyConcealedHand,
    /// 双明杠, 4.
    TwoMeldedKongs,
    /// 和绝张, 4.
    LastTile,
    /// 箭刻, 2.
    DragonPung,
    /// 圈风刻, 2.
    PrevalentWind,
    /// 门风刻, 2.
    SeatWind,
    /// 门前清, 2.
    ConcealedHand,
    /// 平和, 2.
    AllChows,
    /// 四归一, 2.
    TileHog,
    /// 双同刻, 2.
    DoublePung,
    /// 双暗刻, 2.
    TwoConcealedPungs,
    /// 暗杠, 2.
    ConcealedKong,
    /// 断幺, 2.
    AllSimples,
    /// 一般高, 1.
    PureDoubleChow,
    /// 喜相逢, 1.
    MixedDoubleChow,
    /// 连六, 1.
    ShortStraight,
    /// 老少副, 1.
    TwoTerminalChows,
    /// 幺九刻, 1.
    PungOfTerminalsOrHonors,
    /// 明杠, 1.
    MeldedKong,
    /// 缺一门, 1.
    OneVoidedSuit,
    /// 无字, 1.
    NoHonors,
    /// 边张, 1.
    EdgeWait,
    /// 嵌张, 1.
    ClosedWait,
    /// 单钓将, 1.
    SingleWait,
    /// 自摸, 1.
    SelfDrawn,
    /// 花牌, 1 per flower or season tile.
    FlowerTiles,
    /// 明暗杠, 5: one concealed and one melded kong, the reference calculator's fan (the Green
    /// Book counts 暗杠 and 明杠 instead; option `kongs: "book"`).
    ConcealedKongAndMeldedKong,
}

/// Number of entries a fan table needs (index 0 unused, 1–82).
pub(crate) const TABLE_SIZE: usize = 83;

/// Every fan in number order.
pub const ALL: [Fan; 82] = {
    let mut all = [Fan::BigFourWinds; 82];
    let mut i = 0;
    while i < 82 {
        all[i] = FANS[i + 1].0;
        i += 1;
    }
    all
};

/// Value, Chinese name and English name of each fan, by number (index 0 is a placeholder).
const FANS: [(Fan, u16, &str, &str); TABLE_SIZE] = [
    (Fan::BigFourWinds, 0, "", ""),
    (Fan::BigFourWinds, 88, "大四喜", "Big Four Winds"),
    (Fan::BigThreeDragons, 88, "大三元", "Big Three Dragons"),
    (Fan::AllGreen, 88, "绿一色", "All Green"),
    (Fan::NineGates, 88, "九莲宝灯", "Nine Gates"),
    (Fan::FourKongs, 88, "四杠", "Four Kongs"),
    (Fan::SevenShiftedPairs, 88, "连七对", "Seven Shifted Pairs"),
    (Fan::ThirteenOrphans, 88, "十三幺", "Thirteen Orphans"),
    (Fan::AllTerminals, 64, "清幺九", "All Terminals"),
    (Fan::LittleFourWinds, 64, "小四喜", "Little Four Winds"),
    (Fan::LittleThreeDragons, 64, "小三元", "Little Three Dragons"),
    (Fan::AllHonors, 64, "字一色", "All Honors"),
    (Fan::FourConcealedPungs, 64, "四暗刻", "Four Concealed Pungs"),
    (Fan::PureTerminalChows, 64, "一色双龙会", "Pure Terminal Chows"),
    (Fan::QuadrupleChow, 48, "一色四同顺", "Quadruple Chow"),
    (Fan::FourPureShiftedPungs, 48, "一色四节高", "Four Pure Shifted Pungs"),
    (Fan::FourPureShiftedChows, 32, "一色四步高", "Four Pure Shifted Chows"),
    (Fan::ThreeKongs, 32, "三杠", "Three Kongs"),
    (Fan::AllTerminalsAndHonors, 32, "混幺九", "All Terminals and Honors"),
    (Fan::SevenPairs, 24, "七对", "Seven Pairs"),
    (Fan::GreaterHonorsAndKnittedTiles, 24, "七星不靠", "Greater Honors and Knitted Tiles"),
    (Fan::AllEvenPungs, 24, "全双刻", "All Even Pungs"),
    (Fan::FullFlush, 24, "清一色", "Full Flush"),
    (Fan::PureTripleChow, 24, "一色三同顺", "Pure Triple Chow"),
    (Fan::PureShiftedPungs, 24, "一色三节高", "Pure Shifted Pungs"),
    (Fan::UpperTiles, 24, "全大", "Upper Tiles"),
    (Fan::MiddleTiles, 24, "全中", "Middle Tiles"),
    (Fan::LowerTiles, 24, "全小", "Lower Tiles"),
    (Fan::PureStraight, 16, "清龙", "Pure Straight"),
    (Fan::ThreeSuitedTerminalChows, 16, "三色双龙会", "Three-Suited Terminal Chows"),
    (Fan::PureShiftedChows, 16, "一色三步高", "Pure Shifted Chows"),
    (Fan::AllFive, 16, "全带五", "All Five"),
    (Fan::TriplePung, 16, "三同刻", "Triple Pung"),
    (Fan::ThreeConcealedPungs, 16, "三暗刻", "Three Concealed Pungs"),
    (Fan::LesserHonorsAndKnittedTiles, 12, "全不靠", "Lesser Honors and Knitted Tiles"),
    (Fan::KnittedStraight, 12, "组合龙", "Knitted Straight"),
    (Fan::UpperFour, 12, "大于五", "Upper Four"),
    (Fan::LowerFour, 12, "小于五", "Lower Four"),
    (Fan::BigThreeWinds, 12, "三风刻", "Big Three Winds"),
    (Fan::MixedStraight, 8, "花龙", "Mixed Straight"),
    (Fan::ReversibleTiles, 8, "推不倒", "Reversible Tiles"),
    (Fan::MixedTripleChow, 8, "三色三同顺", "Mixed Triple Chow"),
    (Fan::MixedShiftedPungs, 8, "三色三节高", "Mixed Shifted Pungs"),
    (Fan::ChickenHand, 8, "无番和", "Chicken Hand"),
    (Fan::LastTileDraw, 8, "妙手回春", "Last Tile Draw"),
    (Fan::LastTileClaim, 8, "海底捞月", "Last Tile Claim"),
    (Fan::OutWithReplacementTile, 8, "杠上开花", "Out with Replacement Tile"),
    (Fan::RobbingTheKong, 8, "抢杠和", "Robbing the Kong"),
    (Fan::AllPungs, 6, "碰碰和", "All Pungs"),
    (Fan::HalfFlush, 6, "混一色", "Half Flush"),
    (Fan::MixedShiftedChows, 6, "三色三步高", "Mixed Shifted Chows"),
    (Fan::AllTypes, 6, "五门齐", "All Types"),
    (Fan::MeldedHand, 6, "全求人", "Melded Hand"),
    (Fan::TwoConcealedKongs, 6, "双暗杠", "Two Concealed Kongs"),
    (Fan::TwoDragonsPungs, 6, "双箭刻", "Two Dragons Pungs"),
    (Fan::OutsideHand, 4, "全带幺", "Outside Hand"),
    (Fan::FullyConcealedHand, 4, "不求人", "Fully Concealed Hand"),
    (Fan::TwoMeldedKongs, 4, "双明杠", "Two Melded Kongs"),
    (Fan::LastTile, 4, "和绝张", "Last Tile"),
    (Fan::DragonPung, 2, "箭刻", "Dragon Pung"),
    (Fan::PrevalentWind, 2, "圈风刻", "Prevalent Wind"),
    (Fan::SeatWind, 2, "门风刻", "Seat Wind"),
    (Fan::ConcealedHand, 2, "门前清", "Concealed Hand"),
    (Fan::AllChows, 2, "平和", "All Chows"),
    (Fan::TileHog, 2, "四归一", "Tile Hog"),
    (Fan::DoublePung, 2, "双同刻", "Double Pung"),
    (Fan::TwoConcealedPungs, 2, "双暗刻", "Two Concealed Pungs"),
    (Fan::ConcealedKong, 2, "暗杠", "Concealed Kong"),
    (Fan::AllSimples, 2, "断幺", "All Simples"),
    (Fan::PureDoubleChow, 1, "一般高", "Pure Double Chow"),
    (Fan::MixedDoubleChow, 1, "喜相逢", "Mixed Double Chow"),
    (Fan::ShortStraight, 1, "连六", "Short Straight"),
    (Fan::TwoTerminalChows, 1, "老少副", "Two Terminal Chows"),
    (Fan::PungOfTerminalsOrHonors, 1, "幺九刻", "Pung of Terminals or Honors"),
    (Fan::MeldedKong, 1, "明杠", "Melded Kong"),
    (Fan::OneVoidedSuit, 1, "缺一门", "One Voided Suit"),
    (Fan::NoHonors, 1, "无字", "No Honors"),
    (Fan::EdgeWait, 1, "边张", "Edge Wait"),
    (Fan::ClosedWait, 1, "嵌张", "Closed Wait"),
    (Fan::SingleWait, 1, "单钓将", "Single Wait"),
    (Fan::SelfDrawn, 1, "自摸", "Self-Drawn"),
    (Fan::FlowerTiles, 1, "花牌", "Flower Tiles"),
    (Fan::ConcealedKongAndMeldedKong, 5, "明暗杠", "Concealed Kong and Melded Kong"),
];

impl Fan {
    /// The fan's number: 1–81 in the official list, 82 for 明暗杠.
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The fan with this number, if there is one.
    pub fn from_id(id: u8) -> Option<Fan> {
        ALL.get(usize::from(id).checked_sub(1)?).copied()
    }

    /// What one occurrence of the fan is worth.
    pub const fn value(self) -> u16 {
        FANS[self as usize].1
    }

    /// The Chinese name (简体), as the Green Book prints it.
    pub const fn name_zh(self) -> &'static str {
        FANS[self as usize].2
    }

    /// The English name, as the reference calculator and the MCR translations print it.
    pub const fn name_en(self) -> &'static str {
        FANS[self as usize].3
    }
}

impl fmt::Display for Fan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.name_zh(), self.name_en())
    }
}

/// How many times each fan counts, indexed by fan number: the working table of one reading. A
/// bit per fan present rides along, so that the few fans a reading has are found without reading
/// all 83 counts (the total, the answer, the exclusion rules).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct FanTable {
    counts: [u8; TABLE_SIZE],
    /// Bit `i` set exactly when `counts[i] > 0`.
    present: u128,
}

/// What one occurrence of each fan is worth, by fan number.
const VALUES: [u16; TABLE_SIZE] = {
    let mut v = [0; TABLE_SIZE];
    let mut i = 0;
    while i < TABLE_SIZE {
        v[i] = FANS[i].1;
        i += 1;
    }
    v
};

/// The bits of a list of fans, for [`FanTable::clear_all`].
pub(crate) const fn mask(fans: &[Fan]) -> u128 {
    let mut m = 0;
    let mut i = 0;
    while i < fans.len() {
        m |= 1 << (fans[i] as u32);
        i += 1;
    }
    m
}

impl FanTable {
    pub(crate) const EMPTY: FanTable = FanTable { counts: [0; TABLE_SIZE], present: 0 };

    #[cfg(test)]
    pub(crate) fn get(&self, fan: Fan) -> u8 {
        self.counts[fan as usize]
    }

    #[inline]
    pub(crate) fn has(&self, fan: Fan) -> bool {
        self.present >> (fan as u32) & 1 != 0
    }

    /// True if any fan of `mask` is present.
    #[inline]
    pub(crate) fn has_any(&self, mask: u128) -> bool {
        self.present & mask != 0
    }

    #[inline]
    pub(crate) fn set(&mut self, fan: Fan, count: u8) {
        self.counts[fan as usize] = count;
        let bit = 1u128 << (fan as u32);
        if count > 0 { self.present |= bit } else { self.present &= !bit }
    }

    #[inline]
    pub(crate) fn add(&mut self, fan: Fan) {
        self.counts[fan as usize] += 1;
        self.present |= 1 << (fan as u32);
    }

    #[inline]
    pub(crate) fn clear(&mut self, fan: Fan) {
        self.counts[fan as usize] = 0;
        self.present &= !(1 << (fan as u32));
    }

    /// Clears every fan of `mask`.
    #[inline]
    pub(crate) fn clear_all(&mut self, mask: u128) {
        let mut hit = self.present & mask;
        while hit != 0 {
            self.counts[hit.trailing_zeros() as usize] = 0;
            hit &= hit - 1;
        }
        self.present &= !mask;
    }

    /// Takes `n` away from a count, never below zero.
    #[inline]
    pub(crate) fn take(&mut self, fan: Fan, n: u8) {
        let c = self.counts[fan as usize].saturating_sub(n);
        self.set(fan, c);
    }

    /// The fans present, by number, with their counts.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        let mut bits = self.present;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some((i, self.counts[i]))
        })
    }

    /// The table's total in fans.
    pub(crate) fn total(&self) -> u32 {
        self.iter().map(|(i, n)| u32::from(n) * u32::from(VALUES[i])).sum()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.present == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_official_list() {
        for (i, fan) in ALL.iter().enumerate() {
            assert_eq!(usize::from(fan.id()), i + 1, "{fan}");
            assert_eq!(Fan::from_id(fan.id()), Some(*fan));
        }
        assert_eq!(Fan::ChickenHand.id(), 43);
        assert_eq!(Fan::FlowerTiles.id(), 81);
        assert_eq!(Fan::from_id(0), None);
        assert_eq!(Fan::from_id(83), None);
        // The book's counts per value: 7 × 88, 6 × 64, 2 × 48, 3 × 32, 9 × 24, 6 × 16, 5 × 12,
        // 9 × 8, 7 × 6, 4 × 4, 10 × 2, 13 × 1.
        let count = |v: u16| ALL[..81].iter().filter(|f| f.value() == v).count();
        let expected =
            [(88, 7), (64, 6), (48, 2), (32, 3), (24, 9), (16, 6), (12, 5), (8, 9), (6, 7), (4, 4), (2, 10), (1, 13)];
        for (v, n) in expected {
            assert_eq!(count(v), n, "fans worth {v}");
        }
    }
}
