//! The hand as riichi scoring sees it: the facts that hold for every reading (which kinds it
//! holds, dora, closedness), and a reading's four sets with their open or concealed state.

use hupai::{Group, Hand, Meld, Suit, Tile};

use super::Options;
use crate::Situation;

/// What a set is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum SetKind {
    /// Three in a row.
    Sequence,
    /// Three of a kind.
    Triplet,
    /// Four of a kind (declared).
    Kan,
}

/// One of a reading's four sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Set {
    /// Its lowest tile.
    pub tile: Tile,
    /// Sequence, triplet or kan.
    pub kind: SetKind,
    /// Made with another player's tile: a claimed meld.
    pub claimed: bool,
    /// A concealed triplet or kan (暗刻): not claimed, and not a triplet completed by ron.
    pub concealed: bool,
}

impl Set {
    /// The set of a declared meld.
    pub(super) fn of_meld(m: Meld) -> Set {
        let (kind, claimed) = match m {
            Meld::Chi(_) => (SetKind::Sequence, true),
            Meld::Pon(_) => (SetKind::Triplet, true),
            Meld::Kan(_) => (SetKind::Kan, true),
            Meld::ClosedKan(_) => (SetKind::Kan, false),
        };
        Set { tile: m.tile(), kind, claimed, concealed: !claimed && kind != SetKind::Sequence }
    }

    /// The set of a concealed group; `ron_completed` for the triplet a ron finished.
    pub(super) fn of_group(g: Group, ron_completed: bool) -> Set {
        match g {
            Group::Sequence(t) => Set { tile: t, kind: SetKind::Sequence, claimed: false, concealed: false },
            Group::Triplet(t) => Set { tile: t, kind: SetKind::Triplet, claimed: false, concealed: !ron_completed },
        }
    }

    /// A triplet or kan.
    pub(super) fn is_triplet(&self) -> bool {
        self.kind != SetKind::Sequence
    }

    /// Holds a terminal or honor.
    pub(super) fn has_terminal_or_honor(&self) -> bool {
        match self.kind {
            SetKind::Sequence => matches!(self.tile.rank(), 1 | 7),
            _ => kinds::is(self.tile, kinds::TERMINALS_AND_HONORS),
        }
    }

    /// The set in words, for the fu parts.
    pub(super) fn describe(&self) -> &'static str {
        match (self.kind, self.concealed) {
            (SetKind::Sequence, _) => "sequence",
            (SetKind::Triplet, true) => "concealed triplet",
            (SetKind::Triplet, false) => "open triplet",
            (SetKind::Kan, true) => "concealed kan",
            (SetKind::Kan, false) => "open kan",
        }
    }
}

/// Facts about the hand that every reading shares.
pub(super) struct Facts {
    /// No claimed meld (concealed kans allowed).
    pub closed: bool,
    /// Numbered suits present, as bits (man 1, pin 2, sou 4).
    pub suits: u8,
    /// Holds an honor.
    pub honors: bool,
    /// Only simples (2–8).
    pub all_simples: bool,
    /// Only terminals and honors.
    pub all_terminals_and_honors: bool,
    /// Only 2s, 3s, 4s, 6s, 8s of sou and green dragons.
    pub all_green: bool,
    /// Declared kans.
    pub kans: usize,
    /// Nine gates: `Some(true)` for the pure nine-sided form (純正).
    pub chuuren: Option<bool>,
    /// Dora counted from the indicators (and nuki).
    pub dora: u32,
    /// Ura-dora (riichi only).
    pub ura: u32,
    /// Red fives (with `has_aka_dora`).
    pub aka: u32,
}

/// The dora an indicator points to: the next kind in order, 9 → 1, north → east, red → white;
/// in three-player 1m → 9m.
pub fn dora_of(indicator: Tile, sanma: bool) -> Tile {
    let i = indicator.index();
    let next = match indicator.suit() {
        Suit::Honor if indicator == Tile::NORTH => Tile::EAST.index(),
        Suit::Honor if indicator == Tile::RED => Tile::WHITE.index(),
        Suit::Honor => i + 1,
        // Three-player sets have no 2m–8m: 1m points to 9m (and 9m, as always, to 1m).
        _ if sanma && indicator.suit() == Suit::Man && indicator.rank() == 1 => i + 8,
        _ if indicator.rank() == 9 => i - 8,
        _ => i + 1,
    };
    Tile::new(next).unwrap_or(indicator)
}

/// Kinds as bits of a `u64` (bit `i` for tile index `i`): the scorer's tile classes, tested with
/// one AND each.
pub(super) mod kinds {
    use hupai::Tile;

    /// The bit of a tile.
    #[inline]
    pub(in super::super) fn bit(t: Tile) -> u64 {
        1 << t.index()
    }
    /// 1 and 9 of each suit.
    pub(in super::super) const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
    /// The seven honors.
    pub(in super::super) const HONORS: u64 = 0x7f << 27;
    /// The four winds.
    pub(in super::super) const WINDS: u64 = 0xf << 27;
    /// The three dragons.
    pub(in super::super) const DRAGONS: u64 = 0x7 << 31;
    /// Terminals and honors.
    pub(in super::super) const TERMINALS_AND_HONORS: u64 = TERMINALS | HONORS;
    /// 2–8 of each suit.
    pub(in super::super) const SIMPLES: u64 = ((1 << 27) - 1) & !TERMINALS;
    /// 2, 3, 4, 6, 8 of sou and the green dragon (緑一色's tiles).
    pub(in super::super) const GREEN: u64 = (0b1_0101_1100 << 17) | 1 << 32;
    /// The kinds of each numbered suit.
    pub(in super::super) const SUITS: [u64; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];

    /// True if `t` is in `class`.
    #[inline]
    pub(in super::super) fn is(t: Tile, class: u64) -> bool {
        bit(t) & class != 0
    }
}

impl Facts {
    /// The facts of a situation's hand.
    pub(super) fn of(s: &Situation, o: &Options) -> Facts {
        let hand: &Hand = &s.hand;
        let counts = hand.physical_counts();
        let held = counts.0.iter().enumerate().fold(0u64, |m, (i, &n)| m | (u64::from(n > 0) << i));
        let suits = kinds::SUITS.iter().enumerate().fold(0u8, |m, (i, &suit)| m | (u8::from(held & suit != 0) << i));
        let count_dora = |indicators: &[Tile]| -> u32 {
            indicators.iter().map(|&i| u32::from(counts[dora_of(i, o.sanma)])).sum::<u32>()
                + if o.sanma {
                    u32::from(s.nuki) * indicators.iter().filter(|&&i| dora_of(i, true) == Tile::NORTH).count() as u32
                } else {
                    0
                }
        };
        let dora = count_dora(&s.dora) + if o.sanma { u32::from(s.nuki) } else { 0 };
        let ura = if s.riichi || s.double_riichi { count_dora(&s.ura) } else { 0 };
        let aka = if o.has_aka_dora {
            hand.red_fives().iter().chain(hand.meld_red_fives().iter()).map(|&n| u32::from(n)).sum()
        } else {
            0
        };
        Facts {
            closed: hand.is_closed(),
            suits,
            honors: held & kinds::HONORS != 0,
            all_simples: held & !kinds::SIMPLES == 0,
            all_terminals_and_honors: held & !kinds::TERMINALS_AND_HONORS == 0,
            all_green: held & !kinds::GREEN == 0,
            kans: hand.melds().iter().filter(|m| m.is_kan()).count(),
            chuuren: chuuren(hand, s.win),
            dora,
            ura,
            aka,
        }
    }
}

/// Nine gates: a concealed hand without melds of one suit holding 1112345678999 plus one more;
/// pure (nine-sided) when those thirteen were the hand before the winning tile.
fn chuuren(hand: &Hand, win: Tile) -> Option<bool> {
    if !hand.melds().is_empty() || win.is_honor() {
        return None;
    }
    let c = hand.concealed();
    let suit = c.suit(win.suit());
    if c.total() != 14 || suit.iter().map(|&n| u32::from(n)).sum::<u32>() != 14 {
        return None;
    }
    let needed = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    if suit.iter().zip(needed).any(|(&have, need)| have < need) {
        return None;
    }
    let before_win = usize::from(win.rank() - 1);
    Some(suit[before_win] == needed[before_win] + 1)
}
