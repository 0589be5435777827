//! Discard advice: for a complete-sized hand, every distinct discard with the shanten after it and
//! its effective tiles, best first ([`discard_advice`], [`DiscardOption`]).
//!
//! Per discard only the discarded suit changes: the other suits' products are computed once per
//! hand, and which draws of another suit are effective is known per (suit, argmin lane) once.

use arrayvec::ArrayVec;
use hupai_tiles::{Error, Hand, Rules, Tile, TileCounts};

use crate::changes::{
    ALL_KINDS, Capped, Changes, Draws, Plain, Products, SpecialForms, kinds_by_count, kinds_where, room_bits,
    suit_ranks,
};
use crate::effective::{Effective, EffectiveTile, EffectiveTiles, effective_from, effective_of, unseen};
use crate::fifth;
use crate::lanes::{self, LaneBits, Lanes};
use crate::prepared::{Prepared, prepare, suit_of_kind, suit_range};
use crate::regional;
use crate::special::Stats;
use crate::vector::{self, INF, finish_reversed};

/// A discard: a kind, or one of the hand's wildcards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Discard {
    /// A concealed tile of this kind.
    Tile(Tile),
    /// A wildcard (always at least as useful kept; listed so the table is complete).
    Wildcard,
}

/// One line of discard advice.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiscardOption {
    /// What to discard.
    pub discard: Discard,
    /// The shanten of the hand after the discard, and its effective tiles.
    pub after: Effective,
}

impl DiscardOption {
    /// The shanten after the discard.
    pub fn shanten(&self) -> i8 {
        self.after.shanten
    }
}

/// Discard advice for a hand of 3k + 2 tiles: for every distinct discard (each kind held, then a
/// wildcard if the hand has any), the shanten after it and its effective tiles with unseen
/// copies, best first: lowest shanten, then most unseen effective tiles, then tile order (the
/// wildcard last). A winning hand gets its advice too. The discarded tile counts as seen.
///
/// Errors: [`Error::WrongShape`] for a hand of 3k + 1 tiles (ask [`effective_tiles`](crate::effective_tiles)),
/// [`Error::TooManySeen`] ([`Hand::check_visible`]), and the errors of [`shanten`](crate::shanten()).
pub fn discard_advice(hand: &Hand, rules: &Rules, visible: &TileCounts) -> Result<Vec<DiscardOption>, Error> {
    let p = prepare(hand, rules)?;
    hand.check_visible(rules, visible)?;
    if !p.complete {
        let found = hand.tile_count();
        return Err(Error::WrongShape { operation: "discard advice", expected: found + 1, found });
    }
    let physical = p.physical.counts();
    if regional::applies(rules) {
        return Ok(regional::Regional::new(&p, hand, rules)?.advice(&physical, visible));
    }
    if p.fifth {
        if let Some(lines) = fifth::advice_lines_with_one_suit_forced(&p, &physical) {
            return Ok(options_of(&lines, &physical, visible));
        }
        let mut out = Vec::new();
        advice_slow(&p, &physical, visible, &mut out);
        // One wildcard fewer (`effective_of` shrinks the fifth-copy stand-in budget with it).
        out.push(DiscardOption {
            discard: Discard::Wildcard,
            after: effective_of(&p, p.counts, &physical, &physical, p.wildcards - 1, visible),
        });
        // Stable: options were pushed in tile order, the wildcard last.
        sort_advice(&mut out);
        return Ok(out);
    }
    Ok(options_of(&advice_fast(&p, &physical), &physical, visible))
}

/// The options of advice `lines`, sorted in the advice order (stably: tile order, the wildcard
/// last) before they are built, so each is built once, in its place. The discard is one of the
/// hand's own tiles, already seen: unseen counts are the hand's (`physical`).
pub(crate) fn options_of(lines: &[AdviceLine], physical: &[u8; 34], visible: &TileCounts) -> Vec<DiscardOption> {
    // Indexed by a kind masked to six bits, so the lookup needs no bounds check.
    let mut template = [EffectiveTile { tile: Tile::ALL[0], unseen: 0 }; 64];
    let mut unseen_by_kind = [0u8; 48];
    for (t, (slot, &tile)) in template.iter_mut().zip(&Tile::ALL).enumerate() {
        *slot = EffectiveTile { tile, unseen: unseen(physical, visible, t) };
        unseen_by_kind[t] = slot.unseen;
    }
    let mut order = [0u32; 64];
    for (i, line) in lines.iter().enumerate().take(64) {
        order[i] = advice_key(line.shanten, weighted_count(line.kinds, &unseen_by_kind), i);
    }
    let order = &mut order[..lines.len().min(64)];
    sort_keys(order);
    let mut out = Vec::with_capacity(lines.len());
    for &key in order.iter() {
        let Some(line) = lines.get((key & 63) as usize) else { continue };
        let mut tiles = EffectiveTiles::new();
        let mut kinds = line.kinds;
        while kinds != 0 {
            let tile = template[kinds.trailing_zeros() as usize & 63];
            kinds &= kinds - 1;
            // At most 34 kinds: never full.
            let _ = tiles.try_push(tile);
        }
        out.push(DiscardOption { discard: line.discard, after: Effective { shanten: line.shanten, tiles } });
    }
    out
}

/// The sum of `weights` over the kinds set in `kinds`, sixteen kinds at a time.
#[inline(always)]
pub(crate) fn weighted_count(kinds: u64, weights: &[u8; 48]) -> u32 {
    let mut total = 0;
    for (i, chunk) in weights.chunks_exact(16).enumerate() {
        let chunk: &[u8; 16] = chunk.try_into().unwrap_or(&[0; 16]);
        total += Lanes::from_bits((kinds >> (16 * i)) as LaneBits).and(Lanes::load(chunk)).sum();
    }
    total
}

/// An option's place in the advice order packed into one integer: lowest shanten, then most
/// unseen effective tiles, then `position` (its place in tile order, the wildcard last), in the
/// low six bits (at most 35 options: 34 kinds and a wildcard).
#[inline(always)]
pub(crate) fn advice_key(shanten: i8, unseen: u32, position: usize) -> u32 {
    let rank = (shanten as i32 + 1).clamp(0, 0xff) as u32;
    let fewer_unseen = 0xffff - unseen.min(0xffff);
    rank << 22 | fewer_unseen << 6 | (position & 63) as u32
}

/// Sorts packed [`advice_key`]s: a few dozen integers, often nearly in order, by insertion.
#[inline(always)]
pub(crate) fn sort_keys(order: &mut [u32]) {
    for i in 1..order.len() {
        let key = order[i];
        let mut j = i;
        while j > 0 && order[j - 1] > key {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = key;
    }
}

/// Sorts advice in the advice order ([`advice_key`]), stably, moving each option once.
pub(crate) fn sort_advice(out: &mut [DiscardOption]) {
    let mut order = [0u32; 64];
    if out.len() > order.len() {
        out.sort_by_key(|o| (o.after.shanten, std::cmp::Reverse(o.after.unseen())));
        return;
    }
    for (i, (slot, o)) in order.iter_mut().zip(out.iter()).enumerate() {
        *slot = advice_key(o.after.shanten, o.after.unseen(), i);
    }
    permute(out, &mut order[..out.len()]);
}

/// Sorts `out` by `order`, the options' [`advice_key`]s (position `i` for `out[i]`), moving each
/// option once.
#[inline(always)]
pub(crate) fn permute(out: &mut [DiscardOption], order: &mut [u32]) {
    sort_keys(order);
    // In place: position i takes the option first at `order[i]`, which earlier swaps may have
    // moved along the chain of positions already filled.
    for i in 0..order.len().min(out.len()) {
        let mut j = (order[i] & 63) as usize;
        while j < i {
            j = (order[j] & 63) as usize;
        }
        out.swap(i, j);
    }
}

/// Advice on the fifth-copy path where every discard's line at once does not answer (declared
/// melds, kinds held four times in two suits: [`fifth::advice_lines_with_one_suit_forced`]): each discard's effective
/// tiles from scratch.
pub(crate) fn advice_slow(p: &Prepared, physical: &[u8; 34], visible: &TileCounts, out: &mut Vec<DiscardOption>) {
    for d in 0..34 {
        if p.counts[d] == 0 {
            continue;
        }
        let (mut c, mut room) = (*p.counts, *physical);
        c[d] -= 1;
        room[d] -= 1;
        let after = effective_of(p, &c, &room, physical, p.wildcards, visible);
        if let Some(t) = Tile::new(d) {
            out.push(DiscardOption { discard: Discard::Tile(t), after });
        }
    }
}

/// Advice from per-suit products: a discard changes one suit; a draw changes one suit (the same
/// one, or another whose one-more vectors are computed once per hand).
///
/// A draw lowers a form's distance by at most one, so after a discard only the forms already at
/// the best distance can make a draw effective; the others are not evaluated for any draw. The
/// answer is built as a bitset of kinds: a draw in another suit than the discard's is effective
/// exactly when it lowers one of that suit's argmin lanes, and which kinds lower which lane is
/// known once per hand; only draws in the discard's own suit need their own lookup.
pub(crate) fn advice_fast(p: &Prepared, physical: &[u8; 34]) -> ArrayVec<AdviceLine, 35> {
    let counts = p.counts;
    match p.caps.is_none().then(|| Plain::new(counts)).flatten() {
        Some(plain) => advice_with(p, &plain, physical),
        None => advice_with(p, &Capped { p, counts }, physical),
    }
}

/// One discard's answer before it becomes a [`DiscardOption`]: its effective kinds as bits.
pub(crate) struct AdviceLine {
    pub(crate) discard: Discard,
    pub(crate) shanten: i8,
    /// The distance after the discard (tiles to add to the real tiles).
    pub(crate) distance: u8,
    pub(crate) kinds: u64,
}

/// [`advice_fast`] over one way of looking up changed suits.
///
/// After discarding `d` of suit `s`, a draw lowers the melds distance exactly when it lowers a
/// lane at which that distance is reached, and only if that form is at the best distance. The
/// lanes of suit `s` reaching it (argmin lanes) come from one add and compare against the other
/// suits' product. A draw in another suit `o` lowers an argmin lane of `o`'s, which are the lanes
/// of `o` reaching the three-suit product's minimum at the lane complementary to an argmin lane of
/// `s`: which kinds those are is known per (suit, lane of it) once per hand. A draw in suit `s`
/// itself changes the suit after the discard; which lanes the draw lowers on the full suit and which
/// the discard raised decide most ranks, and a lookup the rest. A wildcard discard keeps the real
/// tiles, so its line comes from the hand's own suits and draws.
#[inline(always)]
pub(crate) fn advice_with(p: &Prepared, changes: &impl Changes, physical: &[u8; 34]) -> ArrayVec<AdviceLine, 35> {
    let room = room_bits(physical);
    let draws = Draws::new(changes, p.melds, room);
    advice_lines(p, changes, &draws, room, p.counts, ALL_KINDS)
}

/// [`advice_with`] over suits and draws already looked up (`draws`, for the kinds of `room`),
/// for a way to win whose targets hold only the kinds of `allowed`: the special forms see
/// `masked` (the real tiles of those kinds; `p.counts` where every kind is allowed), a discard
/// outside them leaves every form as it is, and no kind outside them is effective. The regional
/// rules call it once per way to win.
#[inline(always)]
pub(crate) fn advice_lines(
    p: &Prepared,
    changes: &impl Changes,
    draws: &Draws,
    room: u64,
    masked: &[u8; 34],
    allowed: u64,
) -> ArrayVec<AdviceLine, 35> {
    let counts = p.counts;
    let m = p.melds;
    let prod = &draws.prod;
    let held = ALL_KINDS & !kinds_where(counts, |x| x.equal(Lanes::splat(0)));
    // The lanes a hand of m melds uses: (0..=m, without and with the pair).
    let used: vector::LaneBits = ((1 << (m + 1)) - 1) * 0x0101;
    // Per (suit, lane), computed on first use: the kinds of the other suits effective when that
    // lane of the suit is an argmin lane after a discard.
    let mut ready = [0u16; 4];
    let mut across = [[0u64; 16]; 4];
    let by_count = kinds_by_count(masked);
    let stats = Stats::of_kinds_by_count(&by_count);
    // A discard raises a special form's distance by at most one and never lowers it, so a form
    // whose distance on the whole hand is above the melds distance after a discard is not at the
    // best distance after it, and its draws are not effective: only the nearer forms are looked at.
    let (seven_now, orphans_now) = p.special_distances(&stats);
    let nearest_special = seven_now.unwrap_or(INF).min(orphans_now.unwrap_or(INF));
    let mut lines = ArrayVec::new();
    let mut discards = held;
    while discards != 0 {
        let d = discards.trailing_zeros() as usize;
        discards &= discards - 1;
        let s = suit_of_kind(d);
        let first = suit_range(s).start;
        let minus = &changes.minus(s, d - first);
        let melds_after = finish_reversed(&prod.others_rev[s], minus);
        let mut base = melds_after;
        // A discard of a kind no target holds changes no form.
        let in_forms = allowed >> d & 1 != 0;
        let special = if nearest_special <= melds_after {
            let after = SpecialForms::new(p, if in_forms { stats.with(masked[d], d, -1) } else { stats });
            base = base.min(after.now.0.unwrap_or(INF)).min(after.now.1.unwrap_or(INF));
            Some(after)
        } else {
            None
        };
        // After discarding d, a kind can be drawn if it has room or is d itself (four physical
        // copies of d less the discard).
        let drawable = room | 1 << d;
        let mut kinds = 0u64;
        if melds_after == base {
            let argmin = vector::lanes_summing_to(&prod.others_rev[s], minus, base) & used;
            // The lanes the discard raised (by one: a tile less raises each lane by at most one).
            let raised = vector::lanes_below(&prod.v[s], minus);
            // A draw t of the suit (t != d) takes a lane l of the suit after the discard from
            // v(l) + raised(l) to (v − d + t)(l), which lies between v(l) − lowers_t(l) and one
            // more: below v(l) + raised(l) for sure when t lowers l and d raised it, never when
            // neither, and only a lookup tells when exactly one holds.
            let mut lanes = argmin;
            while lanes != 0 {
                let l = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                if ready[s] >> l & 1 == 0 {
                    ready[s] |= 1 << l;
                    across[s][l] = other_suits_effective(prod, draws, s, l, m);
                }
                kinds |= across[s][l];
            }
            // Per rank: sure when it lowers a lane the discard raised; a lookup when it misses one
            // of those or lowers another argmin lane.
            let (sure, other) = (argmin & raised, argmin & !raised);
            let rows = draws.rows(s);
            let yes = lanes::rows_meeting(rows, sure);
            let maybe = !lanes::rows_covering(rows, sure) | lanes::rows_meeting(rows, other);
            // In ranks of the suit. Drawing d back restores the full suit: the bounds are for
            // other kinds.
            let suit_room = (room >> first) as u16 & suit_ranks(s) & !(1 << (d - first));
            let mut own_ranks = yes & suit_room;
            let mut unsure = maybe & suit_room & !yes;
            while unsure != 0 {
                let r = unsure.trailing_zeros() as usize;
                unsure &= unsure - 1;
                if vector::lanes_below(&changes.swap(s, d - first, r), minus) & argmin != 0 {
                    own_ranks |= 1 << r;
                }
            }
            let mut own_kinds = u64::from(own_ranks) << first;
            if raised & argmin != 0 {
                own_kinds |= 1 << d;
            }
            kinds |= own_kinds;
        }
        if let Some(after) = special {
            let mut after_count = by_count;
            if in_forms {
                let c = (masked[d] as usize).min(4);
                after_count[c] &= !(1 << d);
                after_count[c - 1] |= 1 << d;
            }
            kinds |= after.effective(p, &after_count, base);
        }
        // One line per kind held and one for a wildcard: at most 35, never full.
        let _ = lines.try_push(AdviceLine {
            discard: Discard::Tile(Tile::ALL[d]),
            shanten: p.shanten_number(base, p.wildcards),
            distance: base,
            kinds: kinds & drawable & allowed,
        });
    }
    if p.wildcards > 0 {
        // Discarding a wildcard leaves the real tiles as they are: the hand's own suits and draws,
        // one wildcard fewer.
        let (base, kinds) = effective_from(p, draws, masked, &stats);
        let _ = lines.try_push(AdviceLine {
            discard: Discard::Wildcard,
            shanten: p.shanten_number(base, p.wildcards - 1),
            distance: base,
            kinds: kinds & room & allowed,
        });
    }
    lines
}

/// The kinds of the suits other than `s` whose draw lowers the melds distance of a hand whose
/// suit `s` reaches it at lane `l`: per other suit `o`, the lanes of `o` at which `o` and the last
/// two suits reach the three suits' product at the lane complementary to `l` (so the whole hand
/// reaches the distance with them), and the kinds lowering one of those.
#[inline(always)]
pub(crate) fn other_suits_effective(prod: &Products, draws: &Draws, s: usize, l: usize, m: usize) -> u64 {
    let Some(c) = vector::complement(l, m) else { return 0 };
    let target = prod.others[s][c];
    let mut kinds = 0u64;
    for o in (0..4).filter(|&o| o != s) {
        kinds |= draws.lowering(o, vector::split_lanes(&prod.v[o], &prod.pair_rest_reversed[s][o], c, target));
    }
    kinds
}
