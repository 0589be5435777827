//! Readings: a decomposition of a winning hand together with where the winning tile sits in it,
//! which decides the wait (two-sided, edge, closed, single, triplet). Every scorer picks among
//! the readings of a hand the one that scores most.

use std::fmt;

use hupai::{Decomposition, Group, Hand, Meld, Rules, Tile};

use crate::ScoreError;

/// How the winning tile completed the hand in a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wait {
    /// Completed a sequence from either side (`23m` on 1m or 4m; 両面 / 两面).
    TwoSided,
    /// Completed `12` on 3 or `89` on 7 (辺張 / 边张).
    Edge,
    /// Completed the middle of a sequence (`13m` on 2m; 嵌張 / 嵌张).
    Closed,
    /// Completed the pair (単騎 / 单钓), including the seventh pair of seven pairs.
    Single,
    /// Completed a triplet from a pair (双碰 / shanpon).
    Triplet,
    /// Thirteen orphans on its thirteen-sided wait (the pair is the winning tile).
    ThirteenSided,
    /// Thirteen orphans on a single kind (the winning tile fills the missing orphan).
    OrphanSingle,
    /// The winning tile is one of a knitted form's tiles (GB 全不靠 / 组合龙).
    Knitted,
}

impl Wait {
    /// The wait's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Wait::TwoSided => "two-sided",
            Wait::Edge => "edge",
            Wait::Closed => "closed",
            Wait::Single => "single",
            Wait::Triplet => "triplet",
            Wait::ThirteenSided => "thirteen-sided",
            Wait::OrphanSingle => "single orphan",
            Wait::Knitted => "knitted",
        }
    }
}

impl fmt::Display for Wait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A decomposition and where the winning tile sits in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The concealed part's decomposition (declared melds are the hand's own).
    pub decomposition: Decomposition,
    /// For a pair-and-melds decomposition won in a concealed group: its index in the
    /// decomposition's melds. `None` when the winning tile completed the pair or a special form.
    pub group: Option<usize>,
    /// How the winning tile completed the hand.
    pub wait: Wait,
}

impl Reading {
    /// The reading in words: the groups (declared melds in brackets, concealed kans in
    /// parentheses) and how the winning tile completed them, e.g.
    /// `11z 123m 456p 789s [555z], 3m in 123m (edge)`.
    pub fn describe(&self, hand: &Hand, win: Tile) -> String {
        use hupai::notation::{push_meld, push_tiles};
        // Pushed into one string: every score answer carries this text.
        let mut text = String::with_capacity(80);
        self.decomposition.push_to(&mut text);
        for &m in hand.melds() {
            text.push(' ');
            push_meld(&mut text, m);
        }
        text.push_str(", ");
        push_tiles(&mut text, [win]);
        match (&self.decomposition, self.group) {
            (Decomposition::Melds { melds, .. }, Some(i)) if i < melds.len() => {
                text.push_str(" in ");
                push_tiles(&mut text, melds[i].tiles());
            }
            (Decomposition::Melds { pair, .. }, None) => {
                text.push_str(" in ");
                push_tiles(&mut text, [*pair, *pair]);
            }
            _ => {}
        }
        text.push_str(" (");
        text.push_str(self.wait.name());
        text.push(')');
        text
    }
}

/// Every reading of a complete winning hand won on `win`: each decomposition, with each distinct
/// place the winning tile can sit (a hand `123345m` won on 3m reads two ways). Wildcards are shown as
/// the kinds they became. An error when the hand is not complete, does not hold the winning tile
/// (nor a wildcard that could be it), or does not win.
pub fn readings(hand: &Hand, win: Tile, rules: &Rules) -> Result<Vec<Reading>, ScoreError> {
    if hand.concealed()[win] == 0 && hand.wildcards() == 0 {
        return Err(ScoreError::Impossible(format!("the winning tile {win} is not among the hand's concealed tiles")));
    }
    let decompositions = hupai::decompositions(hand, rules)?;
    if decompositions.is_empty() {
        return Err(ScoreError::NoWin(format!("{hand} is not a complete winning hand")));
    }
    let mut out = Vec::new();
    for d in decompositions {
        readings_of(&d, win, &mut out);
    }
    if out.is_empty() {
        return Err(ScoreError::NoWin(format!(
            "no reading of {hand} holds the winning tile {win} in a concealed group"
        )));
    }
    Ok(out)
}

/// The readings of one decomposition, appended to `out`.
fn readings_of(d: &Decomposition, win: Tile, out: &mut Vec<Reading>) {
    let mut push = |group: Option<usize>, wait: Wait| {
        out.push(Reading { decomposition: d.clone(), group, wait });
    };
    match d {
        Decomposition::Melds { pair, melds } => {
            if *pair == win {
                push(None, Wait::Single);
            }
            for (i, &g) in melds.iter().enumerate() {
                // The same group twice (123m 123m) is one place for the winning tile.
                if melds[..i].contains(&g) {
                    continue;
                }
                if let Some(wait) = group_wait(g, win) {
                    push(Some(i), wait);
                }
            }
        }
        Decomposition::SevenPairs { pairs } => {
            if pairs.contains(&win) {
                push(None, Wait::Single);
            }
        }
        Decomposition::ThirteenOrphans { pair } => {
            push(None, if *pair == win { Wait::ThirteenSided } else { Wait::OrphanSingle });
        }
        Decomposition::HonorsAndKnitted { .. } => push(None, Wait::Knitted),
        Decomposition::KnittedStraight { pair, meld, .. } => {
            if *pair == win {
                push(None, Wait::Single);
            }
            if let Some(wait) = meld.and_then(|g| group_wait(g, win)) {
                push(Some(0), wait);
            }
            push(None, Wait::Knitted);
        }
    }
}

/// How `win` completes group `g`, if `g` holds it.
pub fn group_wait(g: Group, win: Tile) -> Option<Wait> {
    match g {
        Group::Triplet(t) => (t == win).then_some(Wait::Triplet),
        Group::Sequence(t) => {
            let offset = win.index().checked_sub(t.index())?;
            match offset {
                1 => Some(Wait::Closed),
                0 if t.rank() == 7 => Some(Wait::Edge),
                2 if t.rank() == 1 => Some(Wait::Edge),
                0 | 2 => Some(Wait::TwoSided),
                _ => None,
            }
        }
    }
}

/// The declared melds as groups of three (a kan as its triplet), for scorers that count sets.
pub fn declared_groups(hand: &Hand) -> impl Iterator<Item = (Meld, Group)> + '_ {
    hand.melds().iter().map(|&m| match m {
        Meld::Chi(t) => (m, Group::Sequence(t)),
        Meld::Pon(t) | Meld::Kan(t) | Meld::ClosedKan(t) => (m, Group::Triplet(t)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn waits_of_groups() {
        assert_eq!(group_wait(Group::Sequence(t("1m")), t("3m")), Some(Wait::Edge));
        assert_eq!(group_wait(Group::Sequence(t("7m")), t("7m")), Some(Wait::Edge));
        assert_eq!(group_wait(Group::Sequence(t("2m")), t("2m")), Some(Wait::TwoSided));
        assert_eq!(group_wait(Group::Sequence(t("1m")), t("1m")), Some(Wait::TwoSided));
        assert_eq!(group_wait(Group::Sequence(t("2m")), t("3m")), Some(Wait::Closed));
        assert_eq!(group_wait(Group::Sequence(t("2m")), t("5m")), None);
        assert_eq!(group_wait(Group::Sequence(t("2m")), t("1m")), None);
        assert_eq!(group_wait(Group::Triplet(t("5z")), t("5z")), Some(Wait::Triplet));
    }

    #[test]
    fn a_hand_reads_every_way_its_winning_tile_can_sit() {
        let hand: Hand = "123345m456p789s11z".parse().unwrap();
        let r = readings(&hand, t("3m"), &Rules::RIICHI).unwrap();
        let waits: Vec<Wait> = r.iter().map(|r| r.wait).collect();
        assert_eq!(waits, [Wait::Edge, Wait::TwoSided]);
        assert_eq!(r[0].describe(&hand, t("3m")), "11z 123m 345m 456p 789s, 3m in 123m (edge)");
        let err = readings(&hand, t("9p"), &Rules::RIICHI).unwrap_err();
        assert!(matches!(err, ScoreError::Impossible(_)), "{err}");
        let no_win: Hand = "123345m456p789s12z".parse().unwrap();
        assert!(matches!(readings(&no_win, t("1z"), &Rules::RIICHI), Err(ScoreError::NoWin(_))));
    }
}
