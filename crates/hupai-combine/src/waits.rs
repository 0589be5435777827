//! Typed waits: for a hand one tile short, every waiting tile and how it is waited on (两面 two-sided,
//! 边张 edge, 嵌张 closed, 单钓 single, 双碰 double pair), read off the partial group each win
//! completes.

use std::fmt;

use hupai_tiles::{Algorithm, Error, Hand, Rules, Tile};

use crate::algorithm::{Combine, forms, melds_around, sets};
use crate::combiner::Combiners;
use crate::search::{Engine, Exists, Problem};

/// How a tile is waited on: which partial group the winning tile completes.
///
/// The stable lowercase names (`"two-sided"`, `"edge"`, `"closed"`, `"single"`, `"double-pair"`)
/// are what [`WaitKind::name`], `Display` and serde use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
pub enum WaitKind {
    /// 两面: two consecutive tiles completed at either end, neither end a terminal's edge
    /// (`23m` waiting on `1m` or `4m`).
    TwoSided,
    /// 边张: `12` waiting on `3`, or `89` waiting on `7`.
    Edge,
    /// 嵌张: two tiles one apart completed in the middle (`13m` waiting on `2m`).
    Closed,
    /// 单钓: a single tile completed into the pair; also every seven-pairs and thirteen-orphans wait.
    Single,
    /// 双碰: a pair completed into a triplet while another pair is the head.
    DoublePair,
}

impl WaitKind {
    /// Every kind, in the order sets of kinds list them.
    pub const ALL: [WaitKind; 5] =
        [WaitKind::TwoSided, WaitKind::Edge, WaitKind::Closed, WaitKind::Single, WaitKind::DoublePair];

    /// The stable lowercase name: `two-sided`, `edge`, `closed`, `single`, `double-pair`.
    pub const fn name(self) -> &'static str {
        match self {
            WaitKind::TwoSided => "two-sided",
            WaitKind::Edge => "edge",
            WaitKind::Closed => "closed",
            WaitKind::Single => "single",
            WaitKind::DoublePair => "double-pair",
        }
    }

    /// The Chinese term: 两面, 边张, 嵌张, 单钓, 双碰.
    pub const fn chinese(self) -> &'static str {
        match self {
            WaitKind::TwoSided => "两面",
            WaitKind::Edge => "边张",
            WaitKind::Closed => "嵌张",
            WaitKind::Single => "单钓",
            WaitKind::DoublePair => "双碰",
        }
    }

    /// The kind with this stable name.
    pub fn from_name(name: &str) -> Option<WaitKind> {
        WaitKind::ALL.into_iter().find(|k| k.name() == name)
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for WaitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`WaitKind`]s; iterates in [`WaitKind::ALL`] order. Serializes as a list of names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct WaitKinds(u8);

impl WaitKinds {
    /// No kind.
    pub const EMPTY: WaitKinds = WaitKinds(0);

    /// Adds a kind.
    pub fn insert(&mut self, kind: WaitKind) {
        self.0 |= kind.bit();
    }

    /// True if the kind is in the set.
    pub const fn contains(self, kind: WaitKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// Number of kinds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in [`WaitKind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = WaitKind> {
        WaitKind::ALL.into_iter().filter(move |k| self.contains(*k))
    }
}

impl FromIterator<WaitKind> for WaitKinds {
    fn from_iter<I: IntoIterator<Item = WaitKind>>(iter: I) -> Self {
        let mut s = WaitKinds::EMPTY;
        for k in iter {
            s.insert(k);
        }
        s
    }
}

impl fmt::Debug for WaitKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(WaitKind::name)).finish()
    }
}

impl fmt::Display for WaitKinds {
    /// Names joined by `, `: `two-sided, double-pair`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, k) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(k.name())?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for WaitKinds {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for WaitKinds {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<WaitKind> = serde::Deserialize::deserialize(d)?;
        Ok(v.into_iter().collect())
    }
}

/// A waiting tile and every way it is waited on. Serializes as
/// `{"tile": "1m", "kinds": ["two-sided", "double-pair"]}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypedWait {
    /// The tile that completes the hand.
    pub tile: Tile,
    /// How it completes it; never empty.
    pub kinds: WaitKinds,
}

impl fmt::Display for TypedWait {
    /// `1m (two-sided, double-pair)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.tile, self.kinds)
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct TypedWaitRepr {
    tile: String,
    kinds: WaitKinds,
}

#[cfg(feature = "serde")]
impl serde::Serialize for TypedWait {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TypedWaitRepr { tile: self.tile.to_string(), kinds: self.kinds }.serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TypedWait {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = TypedWaitRepr::deserialize(d)?;
        let tile = r.tile.parse::<Tile>().map_err(serde::de::Error::custom)?;
        Ok(TypedWait { tile, kinds: r.kinds })
    }
}

/// The kind of wait on `t` completing the sequence from `low`, `t` at position `pos` (0–2) in it.
fn sequence_kind(low: Tile, pos: u8) -> WaitKind {
    match pos {
        1 => WaitKind::Closed,
        0 if low.rank() == 7 => WaitKind::Edge,
        2 if low.rank() == 1 => WaitKind::Edge,
        _ => WaitKind::TwoSided,
    }
}

/// Is there a covering of `problem` by `set` around the fixed group `tiles`?
fn exists_with(set: &Combiners, problem: &Problem, tiles: &[Tile]) -> bool {
    let mut p = problem.clone();
    p.fix(tiles) && Engine::new(set, &p, Exists).run() > 0
}

/// The waits of a hand one tile short, each with how it is waited on, in tile order.
///
/// Tile `t` is waited on as kind K iff the hand plus `t` has a decomposition (any wildcard
/// assignment, copy limits included) with a group G containing `t` such that G minus that `t` is
/// K's partial: G a pair → single (from a lone tile); G a triplet → double pair (from a pair);
/// G a sequence with `t` in the middle → closed; G a sequence with `t` at an end → edge when the
/// other two tiles are `12` or `89`, else two-sided. A seven-pairs or thirteen-orphans win makes
/// `t` a single wait. The tiles are exactly [`Algorithm::waits`]; each has at least one kind.
///
/// ```
/// use hupai_combine::{typed_waits, WaitKind};
/// use hupai_tiles::{Hand, Rules};
/// let nine_gates: Hand = "1112345678999m".parse()?;
/// let waits = typed_waits(&nine_gates, &Rules::STANDARD)?;
/// assert_eq!(waits.len(), 9);
/// assert_eq!(waits[0].to_string(), "1m (two-sided, double-pair)"); // 23m + 1m, or 11m + 1m next to 99m
/// assert_eq!(waits[2].to_string(), "3m (two-sided, edge)"); // 45m + 3m, or 12m + 3m
/// assert!(waits[4].kinds.contains(WaitKind::Single)); // 111 234 5 678 999
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
pub fn typed_waits(hand: &Hand, rules: &Rules) -> Result<Vec<TypedWait>, Error> {
    let waits = Combine.waits(hand, rules)?;
    let s = sets();
    let (pairs, orphans) = forms(hand, rules);
    let mut out = Vec::with_capacity(waits.len());
    for t in waits.iter() {
        let full = hand.with_tile_unchecked(t);
        let mut kinds = WaitKinds::EMPTY;
        // Each group fixed in turn, on the problem each way to be void allows (one way, every kind,
        // without the regional options): a kind is waited on as K if some way allows it.
        for &void in rules.void_choices() {
            let Some(problem) = Combine::restricted_problem(&full, rules, void) else { continue };
            if rules.pair_allowed(t) && exists_with(&s.melds_only, &problem, &[t, t]) {
                kinds.insert(WaitKind::Single);
            }
            if melds_around(&problem, rules, &[t, t, t]) {
                kinds.insert(WaitKind::DoublePair);
            }
            for pos in 0..3u8 {
                if t.is_honor() || t.rank() <= pos {
                    continue;
                }
                let low = Tile::ALL[t.index() - pos as usize];
                if !low.starts_sequence() {
                    continue;
                }
                let kind = sequence_kind(low, pos);
                let i = low.index();
                if !kinds.contains(kind) && melds_around(&problem, rules, &[low, Tile::ALL[i + 1], Tile::ALL[i + 2]]) {
                    kinds.insert(kind);
                }
            }
            // Seven pairs and thirteen orphans complete on a lone tile.
            if !kinds.contains(WaitKind::Single)
                && [pairs, orphans].into_iter().flatten().any(|set| Engine::new(set, &problem, Exists).run() > 0)
            {
                kinds.insert(WaitKind::Single);
            }
        }
        out.push(TypedWait { tile: t, kinds });
    }
    Ok(out)
}
