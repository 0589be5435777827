//! Effective tiles: for a hand one tile short, the kinds whose draw lowers its shanten, with their
//! unseen copies ([`effective_tiles`], [`Effective`]).
//!
//! A draw lowers each lane of its suit's vector by at most one, so it lowers the melds distance
//! exactly when it lowers a lane at which that distance is reached (an argmin lane): one lookup per
//! drawn kind against products of the other suits, never a whole hand recomputed.

use hupai_tiles::{Error, Hand, Rules, Tile, TileCounts, TileSet};

use crate::changes::{Capped, Changes, Draws, Plain, SpecialForms, kinds_by_count, room_bits};
use crate::fifth;
use crate::prepared::{PhysicalSource, Prepared, prepare};
use crate::regional;
use crate::special::Stats;
use crate::vector::{self, INF, finish_reversed};

/// One effective kind and the copies of it not yet seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EffectiveTile {
    /// The kind whose draw lowers the shanten.
    pub tile: Tile,
    /// Copies neither in the hand (concealed or declared) nor among the visible tiles passed in.
    pub unseen: u8,
}

/// The effective kinds of a hand, in tile order: an inline list of at most 34 (derefs to a slice).
pub type EffectiveTiles = arrayvec::ArrayVec<EffectiveTile, 34>;

/// The effective tiles of a hand one tile short.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Effective {
    /// The hand's shanten (at least 0: a hand one short never wins as it is).
    pub shanten: i8,
    /// Every kind whose draw lowers the shanten, in tile order (a kind with 0 unseen copies is still
    /// listed: it would help, but none is left to draw). Never a kind the hand holds four of.
    /// Inline (at most one per kind): a slice to read, no allocation to make.
    pub tiles: EffectiveTiles,
}

impl Effective {
    /// Unseen copies of every effective kind together: how many draws help.
    pub fn unseen(&self) -> u32 {
        self.tiles.iter().map(|t| t.unseen as u32).sum()
    }
}

/// Unseen copies of `t`: four minus the hand's physical copies and the visible ones.
#[inline(always)]
pub(crate) fn unseen(physical: &[u8; 34], visible: &TileCounts, t: usize) -> u8 {
    4u8.saturating_sub(physical[t]).saturating_sub(visible.0[t])
}

/// The effective tiles of a hand of 3k + 1 tiles (one short of 3k + 2): every kind whose draw
/// lowers its shanten, with its unseen copies. `visible` are the tiles the player can see outside
/// the hand (discards, other players' melds, indicators); the hand's own tiles always count as seen.
///
/// Errors: [`Error::WrongShape`] for a hand of 3k + 2 tiles (ask [`discard_advice`](crate::discard_advice)),
/// [`Error::TooManySeen`] for visible tiles that make more copies than the tiles played with hold
/// ([`Hand::check_visible`]), and the errors of [`shanten`](crate::shanten()).
pub fn effective_tiles(hand: &Hand, rules: &Rules, visible: &TileCounts) -> Result<Effective, Error> {
    let p = prepare(hand, rules)?;
    hand.check_visible(rules, visible)?;
    if p.complete {
        let found = hand.tile_count();
        return Err(Error::WrongShape { operation: "effective tiles", expected: found - 1, found });
    }
    let physical = p.physical.counts();
    if regional::applies(rules) {
        return Ok(regional::Regional::new(&p, hand, rules)?.effective(
            p.counts,
            &physical,
            &physical,
            p.wildcards,
            visible,
        ));
    }
    Ok(effective_of(&p, p.counts, &physical, &physical, p.wildcards, visible))
}

/// The waits of a hand of 3k + 1 tiles: the kinds whose draw makes it win, in tile order (never a
/// kind the hand holds four of, nor one outside the rules' tile set). These are the effective
/// tiles of a ready hand (the replacement number counts a win exactly as a win check does), and
/// none for a hand that is not ready, which is found without looking at any draw under the
/// regional options: the question a game asks after every discard, answered at the keyed
/// sources' speed where a win check per kind would take one whole search each.
///
/// Errors as [`effective_tiles`] without visible tiles.
///
/// ```
/// use hupai_tiles::{Hand, Rules};
///
/// let hand: Hand = "11123456789m22p".parse()?;
/// let names = |rules| -> Result<Vec<String>, hupai_tiles::Error> {
///     Ok(hupai_shanten::waits(&hand, rules)?.iter().map(|t| t.to_string()).collect())
/// };
/// assert_eq!(names(&Rules::STANDARD)?, ["1m", "4m", "7m", "2p"]);
/// // Under the 2-5-8 pair, 11m cannot be the pair beside a 222p triplet.
/// assert_eq!(names(&Rules::CHANGSHA)?, ["1m", "4m", "7m"]);
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
pub fn waits(hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
    let p = prepare(hand, rules)?;
    if p.complete {
        let found = hand.tile_count();
        return Err(Error::WrongShape { operation: "waits", expected: found - 1, found });
    }
    let physical = p.physical.counts();
    let kinds = if regional::applies(rules) {
        regional::Regional::new(&p, hand, rules)?.waits(p.counts, &physical)
    } else {
        let e = effective_of(&p, p.counts, &physical, &physical, p.wildcards, &TileCounts::EMPTY);
        if e.shanten == 0 { e.tiles.iter().fold(0, |bits, t| bits | 1 << t.tile.index()) } else { 0 }
    };
    Ok(TileSet::from_bits(kinds & rules.tiles.kinds().bits()))
}

/// Effective tiles of `counts` (3k + 1 with the wildcards): `room` decides which kinds can be
/// drawn (fewer than four physical copies), `seen` the unseen counts.
pub(crate) fn effective_of(
    p: &Prepared,
    counts: &[u8; 34],
    room: &[u8; 34],
    seen: &[u8; 34],
    wildcards: u8,
    visible: &TileCounts,
) -> Effective {
    let (shanten, _, kinds) = effective_bits(p, counts, room, wildcards);
    Effective { shanten, tiles: listed(kinds, seen, visible) }
}

/// [`effective_of`] before the tiles are listed: the shanten number, the best distance, and the
/// effective kinds as bits.
pub(crate) fn effective_bits(p: &Prepared, counts: &[u8; 34], room: &[u8; 34], wildcards: u8) -> (i8, u8, u64) {
    // With fewer wildcards than the hand (its wildcard discarded), the fifth-copy path's stand-in
    // budget must shrink with them, and with none left the option no longer matters: answer as
    // `prepare` would for the hand after the discard.
    let fewer;
    let p = if wildcards == p.wildcards {
        p
    } else {
        fewer = Prepared {
            counts: p.counts,
            physical: PhysicalSource(p.physical.0),
            caps: p.caps,
            wildcards,
            melds: p.melds,
            seven_pairs: p.seven_pairs,
            thirteen_orphans: p.thirteen_orphans,
            fifth: p.fifth && wildcards > 0,
            complete: p.complete,
        };
        &fewer
    };
    let stats = Stats::new(counts);
    // The effective kinds as bits: no list is allocated per hand (batches ask this millions of times).
    let (base, kinds) = if p.fifth
        && let Some(found) = fifth::effective_one_suit_forced(p, counts, room_bits(room), &stats)
    {
        found
    } else if p.fifth {
        fifth::effective_layered(p, counts, room, &stats)
    } else {
        match if p.caps.is_none() { Plain::new(counts) } else { None } {
            Some(plain) => effective_kinds(p, &plain, counts, room, &stats),
            None => effective_kinds(p, &Capped { p, counts }, counts, room, &stats),
        }
    };
    (p.shanten_number(base, wildcards), base, kinds)
}

/// The effective kinds `kinds` (bits by kind) as tiles with their unseen copies, in tile order.
pub(crate) fn listed(mut kinds: u64, seen: &[u8; 34], visible: &TileCounts) -> EffectiveTiles {
    let mut out = EffectiveTiles::new();
    while kinds != 0 {
        let t = kinds.trailing_zeros() as usize;
        kinds &= kinds - 1;
        if let Some(tile) = Tile::new(t) {
            // Each kind once: at most 34, never full.
            let _ = out.try_push(EffectiveTile { tile, unseen: unseen(seen, visible, t) });
        }
    }
    out
}

/// The best distance of `counts` (3k + 1 with the wildcards), and as bits every kind with room
/// whose draw lowers it (not the fifth-copy path).
#[inline(always)]
pub(crate) fn effective_kinds(
    p: &Prepared,
    changes: &impl Changes,
    counts: &[u8; 34],
    room: &[u8; 34],
    stats: &Stats,
) -> (u8, u64) {
    let room = room_bits(room);
    let draws = Draws::new(changes, p.melds, room);
    let (base, kinds) = effective_from(p, &draws, counts, stats);
    (base, kinds & room)
}

/// The best distance of a hand of 3k + 1 tiles with the wildcards whose suits and draws are
/// `draws` (its real tiles `counts`, their stats `stats`), and the kinds whose draw lowers it
/// (room not yet applied).
///
/// A draw lowers each lane of its suit's vector by at most one, so it lowers the melds distance
/// exactly when it lowers a lane at which that distance is reached (an argmin lane), and only if
/// the melds form is at the best distance; likewise for the special forms.
#[inline(always)]
pub(crate) fn effective_from(p: &Prepared, draws: &Draws, counts: &[u8; 34], stats: &Stats) -> (u8, u64) {
    let prod = &draws.prod;
    let melds = finish_reversed(&prod.others_rev[0], &prod.v[0]);
    let (seven, orphans) = p.special_distances(stats);
    let base = melds.min(seven.unwrap_or(INF)).min(orphans.unwrap_or(INF));
    let mut kinds = 0u64;
    // Only a special form at the best distance can make a draw effective.
    if seven == Some(base) || orphans == Some(base) {
        kinds |= SpecialForms::new(p, *stats).effective(p, &kinds_by_count(counts), base);
    }
    if melds == base {
        for s in 0..4 {
            kinds |= draws.lowering(s, vector::lanes_summing_to(&prod.others_rev[s], &prod.v[s], base));
        }
    }
    (base, kinds)
}
