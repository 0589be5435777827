//! The suit tables under rules that restrict the hand: the 2-5-8 pair, a void suit, a tile set
//! without all 34 kinds. One idea covers all three: a kind the hand may not hold gets no room
//! (no concealed copy, no stand-in), and the pair may sit only where the rules allow it.
//!
//! Per suit the cost stays exact: a numbered suit whose room is the plain cap (four, or none) is
//! looked up (the 2-5-8 column when the rule is on); any other room goes through the exact
//! rank-by-rank program with the pair restricted to the allowed ranks. Honors compute per kind
//! with their room, and hold no 2-5-8 pair. The sum over suits is then exact as in the plain case
//! (`docs/suit-table.md`): wildcards left over form fresh triplets on kinds with room, and every
//! restriction leaves at least 18 kinds (108 tiles with a void suit), more than a 17-tile hand can
//! fill.

use hupai_tiles::{Hand, Rules, Suit};

use super::costs::{self, ANY_RANK, Cost, INF, NO_CAP, RANKS_258};
use super::{Runtime, suit_of};

/// Room per kind for concealed tiles plus stand-ins under `rules` with `void` absent: none for
/// kinds the hand may not hold, no limit with the fifth-copy rule, else four minus the declared
/// copies. `None` if a declared meld holds a kind the hand may not hold.
pub(crate) fn room(hand: &Hand, rules: &Rules, void: Option<Suit>) -> Option<[u8; 34]> {
    let allowed = rules.allowed_kinds(void);
    let declared = hand.declared_counts();
    if declared.kinds().bits() & !allowed.bits() != 0 {
        return None;
    }
    Some(std::array::from_fn(|t| match hupai_tiles::Tile::new(t) {
        Some(k) if allowed.contains(k) => {
            if rules.wildcard_fifth_copy {
                NO_CAP
            } else {
                4u8.saturating_sub(declared.0[t])
            }
        }
        _ => 0,
    }))
}

/// True if every concealed kind of `counts` has room.
pub(crate) fn fits(counts: &[u8; 34], room: &[u8; 34]) -> bool {
    counts.iter().zip(room).all(|(&c, &r)| c == 0 || r > 0)
}

/// The four suits' costs of `counts` with `room` per kind, the pair anywhere or (with `pair_258`)
/// on a 2, 5 or 8 only.
pub(crate) fn costs(rt: &Runtime, counts: &[u8; 34], room: &[u8; 34], pair_258: bool) -> [Cost; 4] {
    let mut out = [Cost { melds: 0, delta: 0 }; 4];
    for (s, slot) in out.iter_mut().take(3).enumerate() {
        let (c, k) = (suit_of(counts, s), suit_of(room, s));
        let plain = if k.iter().all(|&x| x == 4) {
            Some(true)
        } else if k.iter().all(|&x| x == NO_CAP) {
            Some(false)
        } else {
            None
        };
        *slot = match (plain, pair_258) {
            (Some(capped), false) => rt.numbered(c, rt.decode(capped), capped),
            (Some(capped), true) => rt.numbered_258(c, capped),
            (None, _) => costs::numbered_exact_pairs(c, k, if pair_258 { RANKS_258 } else { ANY_RANK }),
        };
    }
    let mut honors = costs::honors_capped(&counts[27..], &room[27..]);
    if pair_258 {
        honors.delta = INF;
    }
    out[3] = honors;
    out
}
