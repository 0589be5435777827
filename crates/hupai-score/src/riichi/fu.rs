//! Fu (符) of a reading, each part named: the base 20, 10 for a concealed hand won by ron, the
//! pair, each triplet or kan, the wait, 2 for tsumo, 2 for an open hand with nothing else, and the
//! rounding up to 10; seven pairs are 25 flat.

use hupai::Tile;
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::hand::{Set, SetKind, kinds};
use crate::reading::Wait;

/// What a part of the fu is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FuPartKind {
    /// 20 fu every hand has (符底).
    Base,
    /// 10 fu for a concealed hand won by ron (門前加符).
    MenzenRon,
    /// A pair of dragons, the seat wind or the round wind: 2 fu each (4 for a double wind).
    Pair,
    /// A triplet or kan: 2 (open simple), ×2 terminal or honor, ×2 concealed, ×4 kan.
    Set,
    /// An edge, closed or single wait: 2 fu.
    Wait,
    /// 2 fu for winning by tsumo (not with pinfu).
    Tsumo,
    /// 2 fu for an open hand won by ron with no other fu (`fu_for_open_pinfu`).
    OpenPinfu,
    /// Up to the next 10.
    Rounding,
    /// Seven pairs: 25 fu flat, never rounded.
    Chiitoitsu,
}

impl FuPartKind {
    /// The part's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            FuPartKind::Base => "base",
            FuPartKind::MenzenRon => "menzen ron",
            FuPartKind::Pair => "pair",
            FuPartKind::Set => "set",
            FuPartKind::Wait => "wait",
            FuPartKind::Tsumo => "tsumo",
            FuPartKind::OpenPinfu => "open pinfu",
            FuPartKind::Rounding => "rounding",
            FuPartKind::Chiitoitsu => "chiitoitsu",
        }
    }
}

/// One part of the fu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct FuPart {
    /// What it is for.
    pub kind: FuPartKind,
    /// Its fu.
    pub fu: u32,
    /// The pair's or set's tile.
    pub tile: Option<Tile>,
    /// What the set or wait is: `concealed triplet`, `open kan`, `closed`, …
    pub what: Option<&'static str>,
}

impl FuPart {
    fn new(kind: FuPartKind, fu: u32) -> FuPart {
        FuPart { kind, fu, tile: None, what: None }
    }
}

impl Serialize for FuPart {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("part", self.kind.name())?;
        map.serialize_entry("fu", &self.fu)?;
        if let Some(t) = self.tile {
            map.serialize_entry("tile", &t.to_string())?;
        }
        if let Some(w) = self.what {
            map.serialize_entry("what", w)?;
        }
        map.end()
    }
}

/// The fu of a reading: the total (rounded), the sum before rounding, the parts, and whether the
/// reading scores pinfu (no fu but the base, concealed, a two-sided wait).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Fu {
    /// The fu, rounded up to 10 (25 for seven pairs).
    pub total: u32,
    /// The sum of the parts before rounding (breaks ties between readings).
    pub raw: u32,
    /// The parts, the rounding last.
    pub parts: Vec<FuPart>,
    /// The reading scores pinfu.
    pub pinfu: bool,
}

/// What the fu depend on besides the reading.
pub(super) struct FuContext {
    /// No claimed meld.
    pub closed: bool,
    /// Won by tsumo.
    pub tsumo: bool,
    /// The seat and round winds.
    pub seat: Tile,
    /// The round wind.
    pub round: Tile,
    /// `fu_for_open_pinfu`.
    pub fu_for_open_pinfu: bool,
    /// `fu_for_pinfu_tsumo`.
    pub fu_for_pinfu_tsumo: bool,
}

/// Fu of the value pair: 2 per reason (a dragon, the seat wind, the round wind).
pub(super) fn pair_fu(pair: Tile, seat: Tile, round: Tile) -> u32 {
    2 * (u32::from(kinds::is(pair, kinds::DRAGONS)) + u32::from(pair == seat) + u32::from(pair == round))
}

/// The fu of a triplet or kan.
pub(super) fn set_fu(set: &Set) -> u32 {
    let base = if kinds::is(set.tile, kinds::TERMINALS_AND_HONORS) { 4 } else { 2 };
    let concealed = if set.concealed { 2 } else { 1 };
    let kan = if set.kind == SetKind::Kan { 4 } else { 1 };
    match set.kind {
        SetKind::Sequence => 0,
        _ => base * concealed * kan,
    }
}

/// The fu of a pair-and-sets reading. `parts` is filled only when asked (the best reading's).
pub(super) fn standard(pair: Tile, sets: &[Set], wait: Wait, c: &FuContext, with_parts: bool) -> Fu {
    let mut parts = Vec::new();
    let mut extra = 0;
    let pair_fu = pair_fu(pair, c.seat, c.round);
    let mut add = |part: FuPart, extra: &mut u32| {
        *extra += part.fu;
        if with_parts {
            parts.push(part);
        }
    };
    if pair_fu > 0 {
        add(FuPart { tile: Some(pair), ..FuPart::new(FuPartKind::Pair, pair_fu) }, &mut extra);
    }
    for set in sets {
        let fu = set_fu(set);
        if fu > 0 {
            add(
                FuPart { tile: Some(set.tile), what: Some(set.describe()), ..FuPart::new(FuPartKind::Set, fu) },
                &mut extra,
            );
        }
    }
    if matches!(wait, Wait::Edge | Wait::Closed | Wait::Single) {
        add(FuPart { what: Some(wait.name()), ..FuPart::new(FuPartKind::Wait, 2) }, &mut extra);
    }
    let pinfu = c.closed && extra == 0 && !(c.tsumo && c.fu_for_pinfu_tsumo);
    if c.tsumo && !pinfu {
        add(FuPart::new(FuPartKind::Tsumo, 2), &mut extra);
    }
    if !c.closed && !c.tsumo && extra == 0 && c.fu_for_open_pinfu {
        add(FuPart::new(FuPartKind::OpenPinfu, 2), &mut extra);
    }
    let menzen_ron = if c.closed && !c.tsumo { 10 } else { 0 };
    let raw = 20 + menzen_ron + extra;
    let total = raw.div_ceil(10) * 10;
    if with_parts {
        parts.insert(0, FuPart::new(FuPartKind::Base, 20));
        if menzen_ron > 0 {
            parts.insert(1, FuPart::new(FuPartKind::MenzenRon, 10));
        }
        if total > raw {
            parts.push(FuPart::new(FuPartKind::Rounding, total - raw));
        }
    }
    Fu { total, raw, parts, pinfu }
}

/// Seven pairs: 25 fu.
pub(super) fn chiitoitsu() -> Fu {
    Fu { total: 25, raw: 25, parts: vec![FuPart::new(FuPartKind::Chiitoitsu, 25)], pinfu: false }
}
