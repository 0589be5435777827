//! The GB knitted forms from the suit tables: honors and knitted tiles (全不靠) by counting, the
//! knitted straight (组合龙) by taking its nine tiles out and asking the tables for the rest.
//!
//! Taking a knitted tile from the concealed tiles when the hand holds one, and from the wildcards
//! only otherwise, loses nothing: a wildcard standing for that kind elsewhere gives the same
//! multiset of groups. Either way the kind's room shrinks by one.

use hupai_tiles::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds, knitted_tiles};
use hupai_tiles::{Decomposition, Suit, Tile, TileSet};

use super::costs::Cost;
use super::listing::Sink;
use super::{Runtime, decompose, restricted, total};

fn subset(a: TileSet, b: TileSet) -> bool {
    a.bits() & !b.bits() == 0
}

/// The orders whose sixteen kinds are all `allowed` and hold every concealed tile, at most one of each.
fn honors_and_knitted_orders(counts: &[u8; 34], allowed: TileSet) -> impl Iterator<Item = [Suit; 3]> + '_ {
    let held: TileSet = Tile::ALL.into_iter().filter(|t| counts[t.index()] > 0).collect();
    let singles = counts.iter().all(|&n| n <= 1);
    KNITTED_ORDERS.into_iter().filter(move |&o| {
        let kinds = honors_and_knitted_kinds(o);
        singles && subset(kinds, allowed) && subset(held, kinds)
    })
}

/// Does a complete concealed hand (no declared melds) form honors and knitted tiles? The
/// wildcards fill any of the sixteen kinds not held: there are always enough.
pub(crate) fn honors_and_knitted_win(counts: &[u8; 34], allowed: TileSet) -> bool {
    honors_and_knitted_orders(counts, allowed).next().is_some()
}

/// Every honors-and-knitted decomposition: per order, the held kinds and each choice of
/// `wildcards` kinds among the sixteen not held.
pub(crate) fn honors_and_knitted_decompositions(
    counts: &[u8; 34],
    wildcards: i32,
    allowed: TileSet,
    out: &mut Sink<'_>,
) {
    let held: TileSet = Tile::ALL.into_iter().filter(|t| counts[t.index()] > 0).collect();
    for order in honors_and_knitted_orders(counts, allowed) {
        let free: Vec<Tile> = honors_and_knitted_kinds(order).iter().filter(|&t| !held.contains(t)).collect();
        choose(&free, wildcards.max(0) as usize, held, out);
    }
}

fn choose(free: &[Tile], k: usize, chosen: TileSet, out: &mut Sink<'_>) {
    if out.stopped() {
        return;
    }
    if k == 0 {
        if chosen.len() == 14 {
            out.push(Decomposition::HonorsAndKnitted { tiles: chosen });
        }
        return;
    }
    for (i, &t) in free.iter().enumerate() {
        if free.len() - i < k {
            break;
        }
        let mut with = chosen;
        with.insert(t);
        choose(&free[i + 1..], k - 1, with, out);
    }
}

/// The hand without the knitted straight of `order`: counts, wildcards and room left, or `None`
/// if some knitted kind has no room or no wildcard can stand for it.
fn without_straight(
    counts: &[u8; 34],
    wildcards: i32,
    room: &[u8; 34],
    order: [Suit; 3],
) -> Option<([u8; 34], i32, [u8; 34])> {
    let (mut c, mut w, mut r) = (*counts, wildcards, *room);
    for t in knitted_tiles(order) {
        let i = t.index();
        r[i] = r[i].checked_sub(1)?;
        if c[i] > 0 {
            c[i] -= 1;
        } else if w > 0 {
            w -= 1;
        } else {
            return None;
        }
    }
    Some((c, w, r))
}

/// Does the hand (at most one declared meld; `room` per kind) form a knitted straight, a pair
/// (a 2-5-8 pair if `pair_258`) and the melds the declared ones leave?
pub(crate) fn knitted_straight_win(
    rt: &Runtime,
    counts: &[u8; 34],
    wildcards: i32,
    room: &[u8; 34],
    pair_258: bool,
) -> bool {
    KNITTED_ORDERS.into_iter().any(|order| match without_straight(counts, wildcards, room, order) {
        Some((c, w, r)) => restricted::fits(&c, &r) && total(&restricted::costs(rt, &c, &r, pair_258)) <= w,
        None => false,
    })
}

/// Every knitted-straight decomposition: per order, the melds-and-pair decompositions of the rest
/// (one meld, or none beside a declared meld), the pair filtered by `pair_ok`.
pub(crate) fn knitted_straight_decompositions(
    rt: &Runtime,
    counts: &[u8; 34],
    wildcards: i32,
    room: &[u8; 34],
    pair_ok: &dyn Fn(Tile) -> bool,
    out: &mut Sink<'_>,
) {
    for order in KNITTED_ORDERS {
        let Some((c, w, r)) = without_straight(counts, wildcards, room, order) else { continue };
        if !restricted::fits(&c, &r) {
            continue;
        }
        let costs: [Cost; 4] = restricted::costs(rt, &c, &r, false);
        if total(&costs) > w {
            continue;
        }
        // The rest is five tiles at most (one meld and the pair): few decompositions.
        let mut rest = Vec::new();
        let mut collect = |d| {
            rest.push(d);
            std::ops::ControlFlow::Continue(())
        };
        decompose::melds_decompositions(rt, &c, &r, &costs, w, pair_ok, &mut Sink::new(&mut collect));
        for d in rest {
            if let Decomposition::Melds { pair, melds } = d
                && melds.len() <= 1
            {
                out.push(Decomposition::KnittedStraight { order, pair, meld: melds.first().copied() });
            }
        }
    }
}
