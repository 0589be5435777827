//! Typed waits: for a hand one tile short, every waiting tile and how it is waited on (两面 two-sided,
//! 边张 edge, 嵌张 closed, 单钓 single, 双碰 double pair), read off the partial group each win
//! completes.

use std::fmt;

use hupai_tiles::{Algorithm, Error, Hand, Rules, Tile};

use crate::algorithm::{Combine, forms, sets};
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

/// Typed waits under the regional rule options, by the fixed-group search of [`typed_waits`] on the
/// problem restricted to the allowed kinds (per way to be void: a kind is waited on as K if some way
/// to be void allows it), and with the 2-5-8 pair the pair fixed too: each allowed one in turn.
/// Reading them off every decomposition instead (the tests' reference) takes seconds for a hand of
/// ten wildcards or more.
fn typed_restricted(hand: &Hand, rules: &Rules, waits: hupai_tiles::TileSet) -> Vec<TypedWait> {
    let s = sets();
    let (pairs, orphans) = forms(hand, rules);
    let mut out = Vec::with_capacity(waits.len());
    for t in waits.iter() {
        let full = hand.with_tile_unchecked(t);
        let mut kinds = WaitKinds::EMPTY;
        for &void in rules.void_choices() {
            let Some(problem) = Combine::restricted_problem(&full, rules, void) else { continue };
            // Melds and a pair the rules allow around the fixed group.
            let melds_with = |fixed: &[Tile]| {
                if !rules.pair_258 {
                    return exists_with(&s.melds, &problem, fixed);
                }
                Tile::ALL.into_iter().filter(|&u| rules.pair_allowed(u)).any(|u| {
                    let mut p = problem.clone();
                    p.fix(fixed) && p.fix(&[u, u]) && Engine::new(&s.melds_only, &p, Exists).run() > 0
                })
            };
            if rules.pair_allowed(t) && exists_with(&s.melds_only, &problem, &[t, t]) {
                kinds.insert(WaitKind::Single);
            }
            if melds_with(&[t, t, t]) {
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
                if !kinds.contains(kind) && melds_with(&[Tile::ALL[i], Tile::ALL[i + 1], Tile::ALL[i + 2]]) {
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
    out
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
    if !rules.is_classic() {
        return Ok(typed_restricted(hand, rules, waits));
    }
    let s = sets();
    let (pairs, orphans) = forms(hand, rules);
    let mut out = Vec::with_capacity(waits.len());
    for t in waits.iter() {
        let problem = Problem::from_hand(&hand.with_tile_unchecked(t), rules.wildcard_fifth_copy);
        let mut kinds = WaitKinds::EMPTY;
        if exists_with(&s.melds_only, &problem, &[t, t]) {
            kinds.insert(WaitKind::Single);
        }
        if exists_with(&s.melds, &problem, &[t, t, t]) {
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
            if kinds.contains(kind) {
                continue;
            }
            let i = low.index();
            if exists_with(&s.melds, &problem, &[Tile::ALL[i], Tile::ALL[i + 1], Tile::ALL[i + 2]]) {
                kinds.insert(kind);
            }
        }
        if !kinds.contains(WaitKind::Single)
            && [pairs, orphans].into_iter().flatten().any(|set| Engine::new(set, &problem, Exists).run() > 0)
        {
            kinds.insert(WaitKind::Single);
        }
        out.push(TypedWait { tile: t, kinds });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_tiles::{Decomposition, Group, TileCounts};

    /// Typed waits under the regional rule options, read off the decompositions of the hand plus each
    /// wait by the definition of [`typed_waits`] (slow with many wildcards, and exact): the reference
    /// `typed_restricted` is tested against.
    fn typed_from_decompositions(hand: &Hand, rules: &Rules, waits: hupai_tiles::TileSet) -> Vec<TypedWait> {
        let mut out = Vec::with_capacity(waits.len());
        for t in waits.iter() {
            let full = Combine.check_decompositions(&hand.with_tile_unchecked(t), rules).unwrap_or_default();
            let mut kinds = WaitKinds::EMPTY;
            for d in &full {
                match d {
                    Decomposition::Melds { pair, melds } => {
                        if *pair == t {
                            kinds.insert(WaitKind::Single);
                        }
                        for g in melds {
                            match *g {
                                Group::Triplet(x) if x == t => kinds.insert(WaitKind::DoublePair),
                                Group::Sequence(low) => {
                                    let tiles = g.tiles();
                                    if tiles[1] == t {
                                        kinds.insert(WaitKind::Closed);
                                    }
                                    if tiles[0] == t {
                                        kinds.insert(if low.rank() == 7 { WaitKind::Edge } else { WaitKind::TwoSided });
                                    }
                                    if tiles[2] == t {
                                        kinds.insert(if low.rank() == 1 { WaitKind::Edge } else { WaitKind::TwoSided });
                                    }
                                }
                                Group::Triplet(_) => {}
                            }
                        }
                    }
                    // Seven pairs and thirteen orphans complete on a lone tile; combine lists no
                    // knitted forms.
                    _ => kinds.insert(WaitKind::Single),
                }
            }
            out.push(TypedWait { tile: t, kinds });
        }
        out
    }

    /// The regional presets combine answers, with each declared void suit too.
    fn regional_rules() -> Vec<Rules> {
        let mut out: Vec<Rules> =
            Rules::PRESETS.iter().map(|&(_, r)| r).filter(|r| !r.is_classic() && !r.knitted).collect();
        for name in ["sichuan+void-m", "sichuan+void-p", "sichuan+void-s", "changsha+5th", "hongzhong+5th"] {
            out.push(name.parse().expect("a rules name"));
        }
        out
    }

    /// Hands one tile short: a pair and melds of kinds the rules allow (often a 2-5-8 pair), one
    /// tile dropped, some tiles turned into wildcards.
    fn hands(rules: &Rules, seed: u64, n: usize) -> Vec<Hand> {
        let kinds: Vec<Tile> = rules.tiles.kinds().iter().collect();
        let mut x = seed;
        let mut next = |m: usize| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (x >> 33) as usize % m
        };
        let mut out = Vec::new();
        while out.len() < n {
            let mut counts = [0u8; 34];
            let mut declared = Vec::new();
            let pair = kinds[next(kinds.len())];
            counts[pair.index()] += 2;
            for _ in 0..4 {
                let t = kinds[next(kinds.len())];
                let sequence = next(2) == 0 && t.starts_sequence() && kinds.contains(&Tile::ALL[t.index() + 2]);
                // One meld in four declared (up to the rules' count, which the hand size keeps).
                if next(4) == 0 {
                    declared.push(if sequence { hupai_tiles::Meld::Chi(t) } else { hupai_tiles::Meld::Pon(t) });
                } else if sequence {
                    for k in 0..3 {
                        counts[t.index() + k] += 1;
                    }
                } else {
                    counts[t.index()] += 3;
                }
            }
            // Drop one tile, then turn some into wildcards (as many as the concealed tiles allow).
            let mut wildcards = 0u8;
            for turn in 0..=next(6) {
                let held: Vec<usize> = (0..34).filter(|&k| counts[k] > 0).collect();
                if held.is_empty() {
                    break;
                }
                counts[held[next(held.len())]] -= 1;
                wildcards += u8::from(turn > 0);
            }
            if let Ok(hand) = Hand::new(TileCounts(counts), wildcards, &declared) {
                out.push(hand);
            }
        }
        out
    }

    #[test]
    fn restricted_search_matches_the_decompositions() {
        let mut typed = 0;
        for rules in regional_rules() {
            for hand in hands(&rules, 0x7e57 ^ rules.hand_size() as u64, 150) {
                let Ok(waits) = Combine.waits(&hand, &rules) else { continue };
                let fast = typed_restricted(&hand, &rules, waits);
                let slow = typed_from_decompositions(&hand, &rules, waits);
                assert_eq!(fast, slow, "{hand} under {rules}");
                typed += fast.iter().filter(|w| !w.kinds.is_empty()).count();
            }
        }
        assert!(typed > 200, "only {typed} typed waits compared");
    }
}
