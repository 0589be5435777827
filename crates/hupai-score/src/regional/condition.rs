//! The closed vocabulary fans are written in: conditions over a reading's [`Facts`]. A server
//! composes new fans from these names; the scorer computes the facts once per reading.

use serde::{Deserialize, Serialize};

/// One condition a fan (or a loose reading) requires. In JSON a plain condition is its name
/// (`"one_suit"`), one with a number an object (`{"quads_at_least": 1}`), and `not` / `any`
/// combine them (`{"not": "tsumo"}`, `{"any": ["haitei", "houtei"]}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Condition {
    /// The reading is melds and a pair.
    Melds,
    /// The reading is seven pairs (a four of a kind may count as two).
    SevenPairs,
    /// The reading has no shape (the table's `loose` reading).
    Loose,
    /// Melds and a pair, every set (concealed or declared) three or four of a kind (对对胡, 碰碰胡).
    AllTriplets,
    /// Every tile (declared melds and wildcards as they stand included) of one numbered suit (清一色).
    OneSuit,
    /// Every set and the pair (every pair, in seven pairs) holds a 1 or a 9 (带幺九).
    TerminalInEachSet,
    /// Every tile is a 2, 5 or 8 of a numbered suit (将将胡, 将对 with `all_triplets`).
    #[serde(rename = "all_258")]
    All258,
    /// Every tile is a 2 to 8 of a numbered suit (中张).
    AllSimples,
    /// Melds and a pair whose pair is a 2, 5 or 8 (Changsha's small win).
    #[serde(rename = "pair_258")]
    Pair258,
    /// The winning tile completes the pair (a melds reading; a wildcard winning tile completes it
    /// when a wildcard stands in the pair).
    WonOnPair,
    /// No wildcard stands for anything but itself: none was used, or each copy of the wildcard
    /// tile stands as that tile (无红中).
    NaturalWildcards,
    /// No meld was claimed (concealed kans allowed; 门清).
    Closed,
    /// Won by drawing (自摸).
    Tsumo,
    /// Won on a discard.
    Ron,
    /// Won on the replacement tile after a kong (杠上开花).
    Rinshan,
    /// Won on a discard made right after the discarder's kong (杠上炮).
    AfterKongDiscard,
    /// Won by robbing a kong (抢杠胡).
    Chankan,
    /// Won by drawing the last tile (海底捞月).
    Haitei,
    /// Won on the last discard (海底炮).
    Houtei,
    /// The dealer won on the initial deal (天胡).
    Tenhou,
    /// A non-dealer won on the first draw (地胡).
    Chiihou,
    /// The hand holds all four of at least this many kinds.
    QuadsAtLeast(u8),
    /// At least this many melds were declared (concealed kans included; 金钩钓 with 4).
    DeclaredMeldsAtLeast(u8),
    /// At least this many melds were claimed from others (全求人 with 4).
    OpenMeldsAtLeast(u8),
    /// The hand holds at least this many copies of the wildcard tile (四红中 with 4).
    WildcardTilesAtLeast(u8),
    /// The condition does not hold.
    Not(Box<Condition>),
    /// At least one of the conditions holds.
    Any(Vec<Condition>),
}

/// The facts of one reading the conditions are evaluated on: yes/no facts as bits and the
/// counts. Two readings with equal facts score the same under every table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Facts {
    /// [`bit`] flags.
    pub(crate) bits: u32,
    /// Kinds held four times.
    pub(crate) quads: u8,
    /// Declared melds.
    pub(crate) declared: u8,
    /// Melds claimed from others.
    pub(crate) open: u8,
    /// Copies of the wildcard tile held.
    pub(crate) wildcard_tiles: u8,
}

impl Facts {
    /// The facts as one number, for memoizing evaluations.
    pub(crate) fn key(self) -> u64 {
        u64::from(self.bits)
            | u64::from(self.quads) << 32
            | u64::from(self.declared) << 40
            | u64::from(self.open) << 48
            | u64::from(self.wildcard_tiles) << 56
    }

    pub(crate) fn has(self, b: u32) -> bool {
        self.bits & b != 0
    }
}

/// The yes/no facts, one bit each.
pub(crate) mod bit {
    pub(crate) const MELDS: u32 = 1;
    pub(crate) const SEVEN_PAIRS: u32 = 1 << 1;
    pub(crate) const LOOSE: u32 = 1 << 2;
    pub(crate) const ALL_TRIPLETS: u32 = 1 << 3;
    pub(crate) const ONE_SUIT: u32 = 1 << 4;
    pub(crate) const TERMINAL_IN_EACH_SET: u32 = 1 << 5;
    pub(crate) const ALL_258: u32 = 1 << 6;
    pub(crate) const ALL_SIMPLES: u32 = 1 << 7;
    pub(crate) const PAIR_258: u32 = 1 << 8;
    pub(crate) const WON_ON_PAIR: u32 = 1 << 9;
    pub(crate) const NATURAL_WILDCARDS: u32 = 1 << 10;
    pub(crate) const CLOSED: u32 = 1 << 11;
    pub(crate) const TSUMO: u32 = 1 << 12;
    pub(crate) const RINSHAN: u32 = 1 << 13;
    pub(crate) const AFTER_KONG_DISCARD: u32 = 1 << 14;
    pub(crate) const CHANKAN: u32 = 1 << 15;
    pub(crate) const HAITEI: u32 = 1 << 16;
    pub(crate) const HOUTEI: u32 = 1 << 17;
    pub(crate) const TENHOU: u32 = 1 << 18;
    pub(crate) const CHIIHOU: u32 = 1 << 19;
    /// The facts of the hand and the situation, the same in every reading of a hand.
    pub(crate) const HAND: u32 =
        CLOSED | TSUMO | RINSHAN | AFTER_KONG_DISCARD | CHANKAN | HAITEI | HOUTEI | TENHOU | CHIIHOU;
}

impl Condition {
    /// The one fact bit a plain condition is (`one_suit`, `tsumo`, …); `None` for the others
    /// (`ron`, the counts, `not`, `any`).
    #[inline]
    pub(crate) fn plain_bit(&self) -> Option<u32> {
        use Condition::*;
        Some(match self {
            Melds => bit::MELDS,
            SevenPairs => bit::SEVEN_PAIRS,
            Loose => bit::LOOSE,
            AllTriplets => bit::ALL_TRIPLETS,
            OneSuit => bit::ONE_SUIT,
            TerminalInEachSet => bit::TERMINAL_IN_EACH_SET,
            All258 => bit::ALL_258,
            AllSimples => bit::ALL_SIMPLES,
            Pair258 => bit::PAIR_258,
            WonOnPair => bit::WON_ON_PAIR,
            NaturalWildcards => bit::NATURAL_WILDCARDS,
            Closed => bit::CLOSED,
            Tsumo => bit::TSUMO,
            Rinshan => bit::RINSHAN,
            AfterKongDiscard => bit::AFTER_KONG_DISCARD,
            Chankan => bit::CHANKAN,
            Haitei => bit::HAITEI,
            Houtei => bit::HOUTEI,
            Tenhou => bit::TENHOU,
            Chiihou => bit::CHIIHOU,
            Ron
            | QuadsAtLeast(_)
            | DeclaredMeldsAtLeast(_)
            | OpenMeldsAtLeast(_)
            | WildcardTilesAtLeast(_)
            | Not(_)
            | Any(_) => return None,
        })
    }

    /// True if the condition holds for a reading with these facts.
    pub(crate) fn holds(&self, f: Facts) -> bool {
        use Condition::*;
        match self {
            Ron => !f.has(bit::TSUMO),
            QuadsAtLeast(n) => f.quads >= *n,
            DeclaredMeldsAtLeast(n) => f.declared >= *n,
            OpenMeldsAtLeast(n) => f.open >= *n,
            WildcardTilesAtLeast(n) => f.wildcard_tiles >= *n,
            Not(c) => !c.holds(f),
            Any(cs) => cs.iter().any(|c| c.holds(f)),
            _ => self.plain_bit().is_some_and(|b| f.has(b)),
        }
    }

    /// True if the condition reads only what every reading of a hand shares (the situation, the
    /// declared melds, the wildcard tiles held): it holds for all of them or for none.
    pub(crate) fn on_hand(&self) -> bool {
        use Condition::*;
        match self {
            Ron | DeclaredMeldsAtLeast(_) | OpenMeldsAtLeast(_) | WildcardTilesAtLeast(_) => true,
            QuadsAtLeast(_) => false,
            Not(c) => c.on_hand(),
            Any(cs) => cs.iter().all(Condition::on_hand),
            _ => self.plain_bit().is_some_and(|b| b & bit::HAND == b),
        }
    }

    /// The facts the condition reads: its bits, and whether it reads the count of fours of a
    /// kind. Facts it does not read cannot change its verdict.
    pub(crate) fn reads(&self) -> (u32, bool) {
        use Condition::*;
        match self {
            Ron => (bit::TSUMO, false),
            QuadsAtLeast(_) => (0, true),
            // The hand's own counts: the same for every reading of it.
            DeclaredMeldsAtLeast(_) | OpenMeldsAtLeast(_) | WildcardTilesAtLeast(_) => (0, false),
            Not(c) => c.reads(),
            Any(cs) => cs.iter().map(Condition::reads).fold((0, false), |a, b| (a.0 | b.0, a.1 | b.1)),
            _ => (self.plain_bit().unwrap_or(0), false),
        }
    }

    /// Why the condition cannot be used, if it cannot.
    pub(crate) fn check(&self) -> Result<(), String> {
        match self {
            Condition::Any(cs) if cs.is_empty() => Err("'any' needs at least one condition".into()),
            Condition::Any(cs) => cs.iter().try_for_each(Condition::check),
            Condition::Not(c) => c.check(),
            _ => Ok(()),
        }
    }
}
