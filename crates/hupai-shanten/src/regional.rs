//! Shanten, effective tiles and discard advice under the regional rule options: the 2-5-8 pair, a
//! void suit (declared, or any one), the 108- and 112-tile sets and the GB knitted forms, with
//! everything the classic path handles besides (wildcards, declared melds, the fifth-copy option,
//! seven pairs, thirteen orphans).
//!
//! The measure is the same as everywhere in this crate: the fewest tiles to add to the real
//! concealed tiles to reach a winning hand, each option only narrowing the winning hands.
//!
//! - A void suit and a smaller tile set take kinds out of every target: a suit (or honor kind)
//!   outside the allowed kinds gets no group tile, not even a stand-in (a wildcard stands only for
//!   kinds the rules allow). "Any one suit" is the minimum over the three ways to be void, each its
//!   own *variant*; a draw is effective when it lowers that minimum.
//! - The 2-5-8 pair puts the melds-and-pair form's pair (and the knitted straight's) on a 2, 5 or
//!   8 of a numbered suit.
//! - Honors and knitted tiles (全不靠): fourteen distinct kinds out of an order's sixteen, so the
//!   distance is 14 minus the kinds of them held (at most 14).
//! - The knitted straight (组合龙): one of each of the order's nine tiles, then a pair and the
//!   remaining meld (none when a meld is declared), enumerated directly over the reduced counts.
//!
//! Without fifth-copy stand-ins, each suit of each variant has a keyed [`Source`] (the plain table,
//! the 2-5-8-pair table, the honors histogram, per-kind arithmetic where no sequence fits, nothing
//! for a suit no target may hold), so the melds form is answered at table speed and effective
//! tiles by the classic path's argmin lanes ([`effective_from`]) per variant: a draw is effective
//! when it lowers a form at the best distance of a variant at the best distance over all of them.
//! The knitted straight is one missing-tile count plus the melds form of what the straight leaves
//! (one meld and a pair at most), per order.
//!
//! The exact rank-by-rank program ([`exact::suit_layers`]) stays the reference (a test compares
//! the keyed path with it on random hands under every preset) and answers the fifth-copy option
//! (stand-ins forced past the four copies couple the suits); its per-suit vectors are memoized per
//! (variant, suit, pattern, stand-in budget) for the one question. That path is slower
//! (microseconds to a few milliseconds for advice), exact by construction, and checked against a
//! brute force and every win-check engine.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use arrayvec::ArrayVec;

use hupai_tiles::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds, knitted_set};
use hupai_tiles::{Error, Hand, Rules, SevenPairs, Suit, Tile, TileCounts, TileSupply, VoidSuit};

use crate::advice::{self, AdviceLine, Discard, DiscardOption};
use crate::changes::{self, ALL_KINDS, Changes, Draws, Products, kinds_where, room_bits};
use crate::effective::{Effective, effective_from, listed};
use crate::exact::{self, Ranks};
use crate::lanes::Lanes;
use crate::prepared::{Prepared, suit_range};
use crate::shanten::{Form, Shanten};
use crate::sources::{ABSENT, Keyed, Source};
use crate::special::{ORPHANS, Stats};
use crate::table;
use crate::vector::{self, IMPOSSIBLE, INF, MAX_M, Vector, combine, finish, lane};

/// One way the hand may win: the kinds a target may hold and where its pair may go.
#[derive(Debug, Clone)]
struct Variant {
    /// Kinds a target may hold, as bits by kind.
    allowed: u64,
    /// Kinds the melds-and-pair form's pair (and the knitted straight's) may be.
    pair_kinds: u64,
    /// Room per kind for concealed tiles and stand-ins: 4 minus declared copies, 0 outside `allowed`.
    caps: [u8; 34],
    /// Per suit: the allowed ranks and pair ranks, for the exact program.
    ranks: [Ranks; 4],
    /// Per suit: whether the table (or the plain honors histogram) answers it exactly.
    plain: [bool; 4],
    /// Per suit: where its vectors come from without fifth-copy stand-ins.
    sources: [Source; 4],
    /// Allowed kinds whose copies declared melds hold all four, as bits.
    exhausted: u64,
    /// `allowed` as a byte per kind (0xFF allowed, 0 not), to mask counts without a branch.
    allowed_bytes: [u8; 34],
}

impl Variant {
    /// `counts` with the kinds this variant does not allow emptied.
    #[inline(always)]
    fn masked(&self, counts: &[u8; 34]) -> [u8; 34] {
        std::array::from_fn(|k| counts[k] & self.allowed_bytes[k])
    }
}

/// Distances (tiles to add to the real tiles) per form; `None` where the form cannot apply.
#[derive(Debug, Clone, Copy)]
struct Distances {
    melds: u8,
    seven_pairs: Option<u8>,
    thirteen_orphans: Option<u8>,
    honors_and_knitted: Option<u8>,
    knitted_straight: Option<u8>,
}

impl Distances {
    const NONE: Distances = Distances {
        melds: INF,
        seven_pairs: None,
        thirteen_orphans: None,
        honors_and_knitted: None,
        knitted_straight: None,
    };

    /// The smallest distance over the forms.
    fn best(&self) -> u8 {
        [self.seven_pairs, self.thirteen_orphans, self.honors_and_knitted, self.knitted_straight]
            .into_iter()
            .flatten()
            .fold(self.melds, u8::min)
    }

    /// The form-wise minimum of two variants.
    fn min(self, o: Distances) -> Distances {
        let m = |a: Option<u8>, b: Option<u8>| match (a, b) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        Distances {
            melds: self.melds.min(o.melds),
            seven_pairs: m(self.seven_pairs, o.seven_pairs),
            thirteen_orphans: m(self.thirteen_orphans, o.thirteen_orphans),
            honors_and_knitted: m(self.honors_and_knitted, o.honors_and_knitted),
            knitted_straight: m(self.knitted_straight, o.knitted_straight),
        }
    }
}

/// Per knitted order (as [`KNITTED_ORDERS`]): the straight's kinds and the honors and knitted
/// tiles' kinds, as bits.
static KNITTED_KINDS: LazyLock<[(u64, u64); 6]> = LazyLock::new(|| {
    std::array::from_fn(|i| (knitted_set(KNITTED_ORDERS[i]).bits(), honors_and_knitted_kinds(KNITTED_ORDERS[i]).bits()))
});

/// The kinds `counts` holds, as bits.
#[inline(always)]
fn held_kinds(counts: &[u8; 34]) -> u64 {
    ALL_KINDS & !kinds_where(counts, |x| x.equal(Lanes::splat(0)))
}

/// The knitted straight of `order` taken out of `counts`: its kinds (bits), what it leaves (one
/// held copy of each of its kinds taken) and how many of its kinds are not held; `None` if a kind
/// of it is not allowed or declared melds hold all its copies (no stand-in may take it).
fn straight_rest(v: &Variant, counts: &[u8; 34], order: [Suit; 3]) -> Option<(u64, [u8; 34], u8)> {
    let straight = knitted_set(order).bits();
    if straight & !v.allowed != 0 || straight & v.exhausted != 0 {
        return None;
    }
    let held = held_kinds(counts);
    Some((straight, take_one_each(counts, straight & held), (straight & !held).count_ones() as u8))
}

/// `counts` with one copy of each kind of `kinds` (all held) taken out.
#[inline(always)]
fn take_one_each(counts: &[u8; 34], mut kinds: u64) -> [u8; 34] {
    let mut rest = *counts;
    while kinds != 0 {
        rest[kinds.trailing_zeros() as usize] -= 1;
        kinds &= kinds - 1;
    }
    rest
}

/// Every meld shape as its kinds: 34 triplets, then the 21 sequences.
const MELD_SHAPES: [[u8; 3]; 55] = {
    let mut out = [[0u8; 3]; 55];
    let mut k = 0;
    while k < 34 {
        out[k] = [k as u8; 3];
        k += 1;
    }
    let mut i = 34;
    let mut s = 0;
    while s < 3 {
        let mut r = 0;
        while r < 7 {
            let t = (s * 9 + r) as u8;
            out[i] = [t, t + 1, t + 2];
            i += 1;
            r += 1;
        }
        s += 1;
    }
    out
};

/// The kinds a 2-5-8 pair may be on: 2, 5 and 8 of each numbered suit.
const PAIRS_258: u64 = 0b0_1001_0010 * (1 | 1 << 9 | 1 << 18);

/// The layered program's answers kept across hands on this thread, by (caps, ranks, pattern in octal,
/// budget, sequences): batches ask the same few suits again and again (under hongzhong the red
/// dragon's suit, held by nobody, in every hand with a wildcard), and a hand's own memo starts
/// empty. Cleared when full, so that memory stays bounded.
type LayersKey = ([u8; 9], Ranks, u32, u8, bool);

/// Entries [`layers_across_hands`] keeps at most (a few MB).
const LAYERS_KEPT: usize = 1 << 14;

thread_local! {
    static LAYERS: RefCell<HashMap<LayersKey, Vec<Vector>>> = RefCell::new(HashMap::new());
}

/// [`exact::suit_layers`] through this thread's cache.
fn layers_across_hands(counts: &[u8], caps: &[u8], ranks: Ranks, sequences: bool, budget: usize) -> Vec<Vector> {
    let mut key_caps = [0u8; 9];
    key_caps[..caps.len()].copy_from_slice(caps);
    if counts.len() > 9 || counts.iter().any(|&x| x > 7) {
        return exact::suit_layers(counts, caps, ranks, sequences, budget);
    }
    let code = counts.iter().rev().fold(0u32, |a, &x| a << 3 | u32::from(x));
    let key = (key_caps, ranks, code, budget as u8, sequences);
    if let Some(hit) = LAYERS.with_borrow(|m| m.get(&key).cloned()) {
        return hit;
    }
    let out = exact::suit_layers(counts, caps, ranks, sequences, budget);
    LAYERS.with_borrow_mut(|m| {
        if m.len() >= LAYERS_KEPT {
            m.clear();
        }
        m.insert(key, out.clone());
    });
    out
}

/// A suit's vectors are memoized by (variant, suit, pattern in base 5, stand-in budget).
type SuitKey = (u8, u8, u32, u8);

/// What the rules and the declared melds leave possible, before any question.
#[derive(Debug, Clone)]
struct Ways {
    /// One per way to be void (one without a void rule).
    variants: Vec<Variant>,
    /// Per suit, its source in the variants that allow it (the same in all of them: a void takes
    /// a whole suit out and changes nothing else), or absent if none does.
    sources: [Source; 4],
    /// The kinds some variant allows.
    allowed: u64,
    /// Whether some order's honors and knitted tiles (fourteen kinds of them) fit a variant.
    honors_and_knitted: bool,
    /// Whether some order's knitted straight fits a variant.
    knitted_straight: bool,
    /// Whether a hand holding no kind four times never needs a stand-in past the four copies in
    /// any variant, so that the keyed sources answer the fifth-copy option too. Either every suit
    /// of every variant is one where that holds suit by suit (the plain table, the 2-5-8 table, the
    /// honors with or without the pair, nothing; checked exhaustively in `exact`'s tests), or every
    /// variant has kinds enough to move a group off a fifth copy ([`ROOM_FOR_A_GROUP`]): sanma's
    /// man suit (1m and 9m cannot hold two triplets and a pair without a fifth copy, but the other
    /// suits can take one of them) and hongzhong's red dragon (one kind).
    stand_ins_never_help: bool,
}

/// Kinds of four copies (the pair allowed on each) a variant needs for no hand holding no kind
/// four times to gain from a stand-in past the four copies. The tables' suits and the honors
/// never do, suit by suit (`exact`'s tests); the other suits are per-kind ones, no sequence fitting
/// (sanma's 1m and 9m, hongzhong's red dragon). A completion putting five copies or more on a
/// kind k of such a suit (held at most three times) has two groups or more there, triplets and
/// the pair only, so at most `MAX_M − 1` groups elsewhere, on at most `3 (MAX_M − 1)` kinds; with
/// one kind more than those and k, some kind j is left empty. Moving the pair there (or, with no
/// pair on k, a triplet) lowers k's cost by the group's size (k keeps three copies or more, its
/// holding at most) and raises j's by at most that (j holds at most three): no more tiles to add,
/// one forced stand-in fewer. Repeating ends with no kind past four: the four-copy answer is the
/// answer, and only the draws that bring a kind to four are asked exactly.
const ROOM_FOR_A_GROUP: usize = 3 * (MAX_M - 1) + 2;

/// [`Ways`] of the rules without declared melds, by [`Ways::index`]: every void rule, tile set and
/// 2-5-8 choice.
static WAYS_OF_RULES: LazyLock<Vec<Option<Ways>>> = LazyLock::new(|| {
    let mut out = vec![None; 6 * TileSupply::ALL.len() * 2];
    let voids = [
        VoidSuit::Off,
        VoidSuit::AnyOne,
        VoidSuit::Declared(Suit::Man),
        VoidSuit::Declared(Suit::Pin),
        VoidSuit::Declared(Suit::Sou),
        VoidSuit::Declared(Suit::Honor),
    ];
    for void in voids {
        for tiles in TileSupply::ALL {
            for pair_258 in [false, true] {
                let rules = Rules::STANDARD.with_void_rule(void).with_tiles(tiles).with_pair_258(pair_258);
                if let (Some(i), Ok(ways)) = (Ways::index(&rules), Ways::new(&rules, &Hand::default())) {
                    out[i] = Some(ways);
                }
            }
        }
    }
    out
});

impl Ways {
    /// The variants the declared melds of `hand` leave possible under `rules`; [`Error::NeverWins`]
    /// when none is left.
    fn new(rules: &Rules, hand: &Hand) -> Result<Ways, Error> {
        let declared = if hand.melds().is_empty() { TileCounts::EMPTY } else { hand.declared_counts() };
        let mut variants = Vec::with_capacity(rules.void_choices().len());
        let mut refused = None;
        for &void in rules.void_choices() {
            let allowed = rules.allowed_kinds(void).bits();
            if let Some(meld) = hand.melds().iter().find(|m| m.tiles().iter().any(|t| allowed >> t.index() & 1 == 0)) {
                refused.get_or_insert((*meld, void));
                continue;
            }
            let mut pair_kinds = allowed;
            if rules.pair_258 {
                pair_kinds &= PAIRS_258;
            }
            let caps: [u8; 34] =
                std::array::from_fn(|k| if allowed >> k & 1 == 1 { 4u8.saturating_sub(declared.0[k]) } else { 0 });
            let ranks: [Ranks; 4] = std::array::from_fn(|s| {
                let r = suit_range(s);
                let bits = |mask: u64| ((mask >> r.start) & ((1 << r.len()) - 1)) as u16;
                Ranks { allowed: bits(allowed), pair: bits(pair_kinds) }
            });
            let plain: [bool; 4] = std::array::from_fn(|s| {
                let r = suit_range(s);
                let full = (1u16 << r.len()) - 1;
                ranks[s] == Ranks { allowed: full, pair: full } && caps[r].iter().all(|&c| c == 4)
            });
            let sources: [Source; 4] = std::array::from_fn(|s| Source::of(s, &caps, ranks[s]));
            let exhausted = (0..34).filter(|&k| allowed >> k & 1 == 1 && caps[k] == 0).fold(0, |b, k| b | 1 << k);
            let allowed_bytes = std::array::from_fn(|k| if allowed >> k & 1 == 1 { 0xFF } else { 0 });
            variants.push(Variant { allowed, pair_kinds, caps, ranks, plain, sources, exhausted, allowed_bytes });
        }
        if variants.is_empty() {
            let reason = match (refused, rules.void) {
                (_, VoidSuit::AnyOne) => {
                    "its declared melds use all three numbered suits; one suit must be void".to_owned()
                }
                (Some((meld, Some(suit))), _) => {
                    format!("the declared meld {meld} holds tiles of the void suit {}", suit.letter())
                }
                _ => "its declared melds hold tiles the rules do not allow".to_owned(),
            };
            return Err(Error::NeverWins { reason });
        }
        let sources = std::array::from_fn(|s| {
            variants.iter().map(|v| v.sources[s]).find(|&x| x != Source::Absent).unwrap_or(Source::Absent)
        });
        let suit_by_suit = variants.iter().all(|v| {
            v.sources
                .iter()
                .all(|s| matches!(s, Source::Plain | Source::Pair258 | Source::HonorsNoPair | Source::Absent))
        });
        let room_for_a_group = variants.iter().all(|v| {
            let four = (0..34).filter(|&k| v.allowed >> k & 1 == 1 && v.caps[k] == 4).count();
            four >= ROOM_FOR_A_GROUP && v.pair_kinds == v.allowed
        });
        let stand_ins_never_help = suit_by_suit || room_for_a_group;
        Ok(Ways {
            stand_ins_never_help,
            allowed: variants.iter().fold(0u64, |a, v| a | v.allowed),
            sources,
            honors_and_knitted: KNITTED_ORDERS
                .iter()
                .any(|&o| variants.iter().any(|v| (honors_and_knitted_kinds(o).bits() & v.allowed).count_ones() >= 14)),
            knitted_straight: KNITTED_ORDERS
                .iter()
                .any(|&o| variants.iter().any(|v| knitted_set(o).bits() & !v.allowed == 0)),
            variants,
        })
    }

    /// The place of these rules' void rule, tile set and 2-5-8 choice in [`WAYS_OF_RULES`].
    fn index(rules: &Rules) -> Option<usize> {
        let void = match rules.void {
            VoidSuit::Off => 0,
            VoidSuit::AnyOne => 1,
            VoidSuit::Declared(Suit::Man) => 2,
            VoidSuit::Declared(Suit::Pin) => 3,
            VoidSuit::Declared(Suit::Sou) => 4,
            VoidSuit::Declared(Suit::Honor) => 5,
        };
        let tiles = TileSupply::ALL.iter().position(|&t| t == rules.tiles)?;
        Some((void * TileSupply::ALL.len() + tiles) * 2 + usize::from(rules.pair_258))
    }

    /// The ways of rules without declared melds, built once.
    fn of_rules(rules: &Rules) -> Option<&'static Ways> {
        WAYS_OF_RULES.get(Ways::index(rules)?)?.as_ref()
    }
}

/// The regional path for one hand and its rules.
pub(crate) struct Regional<'a> {
    p: &'a Prepared<'a>,
    ways: Cow<'static, Ways>,
    /// The special forms, when they apply to this hand under these rules.
    seven_pairs: SevenPairs,
    thirteen_orphans: bool,
    honors_and_knitted: bool,
    /// Melds beside the knitted straight and its pair (0 or 1), when the form applies.
    knitted_straight: Option<usize>,
    memo: RefCell<HashMap<SuitKey, Vec<Vector>>>,
    /// Per suit of the one way to win, the last counts asked and the lanes each of its ranks'
    /// draws lowers ([`Regional::lowers_one`]): advice asks after every discard, and a discard
    /// changes one suit.
    lowers_memo: RefCell<[([u8; 9], [u16; 9]); 4]>,
    /// Answer from the exact program alone, never the keyed sources: the reference the keyed path
    /// is tested against.
    exact_only: bool,
}

/// True if the rules need this path (any regional option on).
pub(crate) fn applies(rules: &Rules) -> bool {
    !rules.is_classic()
}

impl<'a> Regional<'a> {
    /// The variants the declared melds leave possible. Fails with [`Error::NotInTileSet`] for a
    /// tile outside the rules' set and [`Error::NeverWins`] when no variant is left.
    pub(crate) fn new(p: &'a Prepared<'a>, hand: &Hand, rules: &Rules) -> Result<Regional<'a>, Error> {
        hand.check_tile_supply(rules)?;
        // Without declared melds the ways to win depend on the rules alone: built once per rules.
        let ways = match hand.melds().is_empty().then(|| Ways::of_rules(rules)).flatten() {
            Some(ways) => Cow::Borrowed(ways),
            None => Cow::Owned(Ways::new(rules, hand)?),
        };
        let special = hand.melds().is_empty() && rules.melds == 4 && p.melds == 4;
        Ok(Regional {
            p,
            seven_pairs: if special { rules.seven_pairs } else { SevenPairs::Off },
            thirteen_orphans: special && rules.thirteen_orphans && ORPHANS & !ways.allowed == 0,
            honors_and_knitted: special && rules.knitted && ways.honors_and_knitted,
            // Nine knitted tiles are three melds' worth: the form needs the concealed part to be at
            // least the straight and a pair (smaller hands count as if the missing melds were declared).
            knitted_straight: (rules.knitted && rules.melds == 4 && p.melds >= 3 && ways.knitted_straight)
                .then(|| p.melds - 3),
            ways,
            memo: RefCell::new(HashMap::new()),
            lowers_memo: RefCell::new([([u8::MAX; 9], [0; 9]); 4]),
            exact_only: false,
        })
    }

    /// The stand-in budget of the fifth-copy option for a hand with `wildcards` wildcards.
    fn budget(&self, wildcards: u8) -> usize {
        if self.p.fifth { (wildcards as usize).min(3 * MAX_M + 2) } else { 0 }
    }

    /// The stand-in budget worth spending on `counts`: none where stand-ins past the four copies
    /// cannot help (no declared melds, every source one where they never help a suit holding no
    /// kind four times, and no kind held four times), so that the keyed sources answer; `budget`
    /// otherwise. The knitted straight needs none either then: with the four copies it takes one
    /// of each of its kinds and leaves room for a meld and a pair (three copies at most).
    fn useful_budget(&self, counts: &[u8; 34], budget: usize) -> usize {
        if budget > 0
            && !self.exact_only
            && self.p.caps.is_none()
            && self.ways.stand_ins_never_help
            && counts.iter().all(|&c| c <= 3)
        {
            0
        } else {
            budget
        }
    }

    /// Suit `s`'s vectors by forced stand-ins (one vector without the fifth-copy option).
    fn suit(&self, vi: usize, s: usize, counts: &[u8; 34], budget: usize) -> Vec<Vector> {
        let v = &self.ways.variants[vi];
        let range = suit_range(s);
        let c = &counts[range.clone()];
        if budget == 0 && v.plain[s] {
            return vec![match c.first_chunk::<9>() {
                Some(nine) => table::numbered(nine),
                None => exact::honors_plain(c),
            }];
        }
        if budget > 0
            && !self.exact_only
            && matches!(v.sources[s], Source::Plain | Source::Pair258 | Source::HonorsNoPair)
            && c.iter().all(|&x| x <= 3)
        {
            // These sources with no kind held four times gain nothing from stand-ins past the four
            // copies (`exact`'s exhaustive test): every layer is at least the first lane by lane,
            // so the first alone gives the same layered product, and it is the keyed answer (a
            // table lookup) instead of the layered program.
            return self.suit(vi, s, counts, 0);
        }
        if v.ranks[s].allowed == 0 {
            // Nothing of this suit may be held: no groups, every real tile dropped.
            let mut none = IMPOSSIBLE;
            none[lane(0, 0)] = 0;
            let mut out = vec![IMPOSSIBLE; budget + 1];
            out[0] = none;
            return out;
        }
        let code = c.iter().rev().fold(0u32, |a, &x| a * 5 + u32::from(x.min(4)));
        let key = (vi as u8, s as u8, code, budget as u8);
        if let Some(hit) = self.memo.borrow().get(&key) {
            return hit.clone();
        }
        let out = if budget == 0 {
            vec![exact::suit_exact_in(c, &v.caps[range], v.ranks[s], s < 3)]
        } else {
            layers_across_hands(c, &v.caps[range], v.ranks[s], s < 3, budget)
        };
        self.memo.borrow_mut().insert(key, out.clone());
        out
    }

    /// Layered min-plus product: forced stand-ins add up, within the budget.
    fn combine_layers(a: &[Vector], b: &[Vector], budget: usize) -> Vec<Vector> {
        let mut out = vec![IMPOSSIBLE; budget + 1];
        for (f1, x) in a.iter().enumerate() {
            for (f2, y) in b.iter().enumerate().take((budget + 1).saturating_sub(f1)) {
                for (slot, v) in out[f1 + f2].iter_mut().zip(combine(x, y)) {
                    *slot = (*slot).min(v);
                }
            }
        }
        out
    }

    /// The melds-and-pair distance of variant `vi` for `melds` melds by its keyed sources; `None`
    /// when they cannot answer (a count above 4, an unusable table).
    #[inline(always)]
    fn melds_keyed(&self, vi: usize, counts: &[u8; 34], melds: usize) -> Option<u8> {
        if self.exact_only {
            return None;
        }
        let keyed = Keyed::new(counts, &self.ways.variants[vi].sources)?;
        let v = [keyed.full(0), keyed.full(1), keyed.full(2), keyed.full(3)];
        Some(vector::four_suits_distance(&v, melds))
    }

    /// The melds-and-pair distance of variant `vi`.
    fn melds(&self, vi: usize, counts: &[u8; 34], budget: usize) -> u8 {
        let budget = self.useful_budget(counts, budget);
        if budget == 0
            && let Some(d) = self.melds_keyed(vi, counts, self.p.melds)
        {
            return d;
        }
        if budget > 0 {
            // Without forced stand-ins is a completion the fifth-copy option allows too; at the
            // floor nothing does better, and the layered program is not needed.
            let capped = self.melds(vi, counts, 0);
            if capped <= self.p.floor(counts) {
                return capped;
            }
            if let Some(d) = self.melds_one_suit_forced(vi, counts, budget) {
                return d;
            }
        }
        let l: [Vec<Vector>; 4] = std::array::from_fn(|s| self.suit(vi, s, counts, budget));
        let a = Self::combine_layers(&l[0], &l[1], budget);
        let b = Self::combine_layers(&l[2], &l[3], budget);
        let mut best = INF;
        for (f1, x) in a.iter().enumerate() {
            for y in b.iter().take((budget + 1).saturating_sub(f1)) {
                best = best.min(finish(x, y, self.p.melds));
            }
        }
        best
    }

    /// The melds-and-pair distance of variant `vi` when one suit alone holds a kind four times
    /// (or more): only that suit can use stand-ins past the four copies, so the others are their
    /// keyed four-copy vectors and it is the lane-wise minimum of its layers within `budget` (one
    /// suit's exact program instead of four suits' layered product). A table-backed suit holding
    /// no kind four times never gains from stand-ins (`exact`'s tests); under
    /// [`ROOM_FOR_A_GROUP`] a per-kind suit holding none loses them by moving a group to a kind
    /// the completion leaves empty, which forces no stand-in anywhere else. `None` with declared
    /// melds, no such suit or two of them, or where the keyed sources cannot answer.
    fn melds_one_suit_forced(&self, vi: usize, counts: &[u8; 34], budget: usize) -> Option<u8> {
        if self.exact_only || self.p.caps.is_some() || !self.ways.stand_ins_never_help {
            return None;
        }
        let four = (0..34).filter(|&k| counts[k] >= 4).fold(0u8, |bits, k| bits | 1 << (k / 9));
        if four.count_ones() != 1 {
            return None;
        }
        let forced = four.trailing_zeros() as usize;
        let keyed = Keyed::new(counts, &self.ways.variants[vi].sources)?;
        let mut suits = [keyed.full(0), keyed.full(1), keyed.full(2), keyed.full(3)];
        let mut layered = IMPOSSIBLE;
        for layer in self.suit(vi, forced, counts, budget) {
            for (slot, x) in layered.iter_mut().zip(layer) {
                *slot = (*slot).min(x);
            }
        }
        suits[forced] = layered;
        Some(vector::four_suits_distance(&suits, self.p.melds))
    }

    /// Honors and knitted tiles: fourteen distinct kinds of an order's sixteen allowed ones.
    fn honors_and_knitted(&self, v: &Variant, counts: &[u8; 34]) -> u8 {
        let held = held_kinds(counts);
        KNITTED_KINDS
            .iter()
            .map(|&(_, kinds)| kinds & v.allowed)
            .filter(|kinds| kinds.count_ones() >= 14)
            .map(|kinds| 14 - (kinds & held).count_ones().min(14) as u8)
            .min()
            .unwrap_or(INF)
    }

    /// The knitted straight, its pair and `melds` (0 or 1) more melds; orders whose straight alone
    /// costs `limit` or more are skipped (the answer is then at least `limit`).
    fn knitted_straight(&self, vi: usize, counts: &[u8; 34], melds: usize, budget: usize, limit: u8) -> u8 {
        let budget = self.useful_budget(counts, budget);
        if budget == 0
            && let Some(d) = self.knitted_straight_keyed(vi, counts, melds, limit)
        {
            return d;
        }
        let v = &self.ways.variants[vi];
        let mut best = limit.min(INF);
        for order in KNITTED_ORDERS {
            let straight = knitted_set(order).bits();
            if straight & !v.allowed != 0 {
                continue;
            }
            // Take one of each knitted tile: what is missing is added, past the caps a stand-in.
            let (mut have, mut room) = (*counts, v.caps);
            let (mut cost, mut forced) = (0u32, 0u32);
            for k in 0..34 {
                if straight >> k & 1 == 1 {
                    if have[k] > 0 {
                        have[k] -= 1;
                    } else {
                        cost += 1;
                    }
                    if room[k] > 0 {
                        room[k] -= 1;
                    } else {
                        forced += 1;
                    }
                }
            }
            if cost >= u32::from(best) || forced as usize > budget {
                continue;
            }
            let mut need = [0u8; 34];
            let add = |need: &[u8; 34], k: usize, n: u8| -> (u32, u32) {
                let total = need[k] + n;
                (
                    u32::from(total.saturating_sub(have[k])) - u32::from(need[k].saturating_sub(have[k])),
                    u32::from(total.saturating_sub(room[k])) - u32::from(need[k].saturating_sub(room[k])),
                )
            };
            for pair in (0..34).filter(|&k| v.pair_kinds >> k & 1 == 1) {
                let (pc, pf) = add(&need, pair, 2);
                if cost + pc >= u32::from(best) || (forced + pf) as usize > budget {
                    continue;
                }
                if melds == 0 {
                    best = (cost + pc) as u8;
                    continue;
                }
                need[pair] += 2;
                for shape in MELD_SHAPES {
                    if shape.iter().any(|&k| v.allowed >> k & 1 == 0) {
                        continue;
                    }
                    let (mut mc, mut mf) = (0, 0);
                    for &k in &shape {
                        let (c, f) = add(&need, k as usize, 1);
                        need[k as usize] += 1;
                        mc += c;
                        mf += f;
                    }
                    for &k in &shape {
                        need[k as usize] -= 1;
                    }
                    if cost + pc + mc < u32::from(best) && (forced + pf + mf) as usize <= budget {
                        best = (cost + pc + mc) as u8;
                    }
                }
                need[pair] -= 2;
            }
        }
        best
    }

    /// [`Regional::knitted_straight`] without stand-ins, by the keyed sources: per order, the
    /// straight's missing kinds plus the melds form (`melds` melds, 0 or 1, and the pair) of what
    /// it leaves. Taking a held copy for the straight is never worse (the tiles to add split per
    /// kind into the straight's and the rest's), and the copy it takes never binds the rest: one
    /// meld and a pair hold at most three copies of a kind (a triplet and the pair would be five),
    /// and with a declared meld (no meld left) the pair fits in `cap − 1` exactly when in `cap`
    /// (a declared meld leaves a cap of 4, 3, 1 or 0). `None` when the sources cannot answer.
    fn knitted_straight_keyed(&self, vi: usize, counts: &[u8; 34], melds: usize, limit: u8) -> Option<u8> {
        if self.exact_only {
            return None;
        }
        let v = &self.ways.variants[vi];
        let keyed = Keyed::new(counts, &v.sources)?;
        let held = held_kinds(counts);
        let mut best = limit.min(INF);
        for (order, &(set, _)) in KNITTED_ORDERS.iter().zip(KNITTED_KINDS.iter()) {
            if set & !v.allowed != 0 || set & v.exhausted != 0 {
                continue;
            }
            let missing = (set & !held).count_ones() as u8;
            if missing >= best {
                continue;
            }
            // What the straight leaves: its held kinds one copy fewer, by key steps where the
            // suits are table-backed.
            let suits = match keyed.without(set & held) {
                Some(suits) => suits,
                None => {
                    let (_, rest, _) = straight_rest(v, counts, *order)?;
                    let keyed = Keyed::new(&rest, &v.sources)?;
                    [keyed.full(0), keyed.full(1), keyed.full(2), keyed.full(3)]
                }
            };
            best = best.min(missing.saturating_add(vector::four_suits_distance(&suits, melds)).min(INF));
        }
        Some(best)
    }

    /// Every form's distance for variant `vi`; the knitted straight only below `limit` (at least
    /// `limit` otherwise: it is the one form worth cutting short). With `only_best`, a melds
    /// distance at the floor (no form can do better) is returned alone.
    fn variant_distances(&self, vi: usize, counts: &[u8; 34], budget: usize, limit: u8, only_best: bool) -> Distances {
        let v = &self.ways.variants[vi];
        let mut d = Distances { melds: self.melds(vi, counts, budget), ..Distances::NONE };
        if only_best && d.melds <= self.p.floor(counts) {
            return d;
        }
        let orphans = self.thirteen_orphans && ORPHANS & !v.allowed == 0;
        if self.seven_pairs != SevenPairs::Off || orphans {
            // Tiles of kinds no target may hold count for neither form. At least eighteen kinds
            // stay allowed: enough fresh kinds for any missing pairs.
            let masked = v.masked(counts);
            (d.seven_pairs, d.thirteen_orphans) = Stats::distances(&masked, self.seven_pairs, orphans);
        }
        if self.honors_and_knitted {
            d.honors_and_knitted = Some(self.honors_and_knitted(v, counts)).filter(|&x| x < INF);
        }
        if let Some(m) = self.knitted_straight {
            d.knitted_straight = Some(self.knitted_straight(vi, counts, m, budget, limit)).filter(|&x| x < INF);
        }
        d
    }

    /// Every form's distance for these counts (the minimum over the variants).
    fn distances(&self, counts: &[u8; 34], budget: usize) -> Distances {
        (0..self.ways.variants.len())
            .map(|vi| self.variant_distances(vi, counts, budget, INF, false))
            .fold(Distances::NONE, Distances::min)
    }

    /// The best distance over every form and variant, exact below `limit` (at least `limit`
    /// otherwise).
    fn best_below(&self, counts: &[u8; 34], budget: usize, limit: u8) -> u8 {
        let floor = self.p.floor(counts);
        let mut best = limit;
        for vi in 0..self.ways.variants.len() {
            if best <= floor {
                // No variant or form can do better than the floor.
                break;
            }
            best = best.min(self.variant_distances(vi, counts, budget, best, true).best());
        }
        best
    }

    /// The shanten with every form's own number.
    pub(crate) fn shanten(&self) -> Shanten {
        let d = self.distances(self.p.counts, self.budget(self.p.wildcards));
        let w = self.p.wildcards as i16;
        let s = |d: u8| (d as i16 - w - 1).clamp(-1, 127) as i8;
        let mut out = Shanten {
            number: s(d.melds),
            form: Form::Melds,
            melds: s(d.melds),
            seven_pairs: d.seven_pairs.map(s),
            thirteen_orphans: d.thirteen_orphans.map(s),
            honors_and_knitted: d.honors_and_knitted.map(s),
            knitted_straight: d.knitted_straight.map(s),
        };
        for (form, n) in [
            (Form::SevenPairs, out.seven_pairs),
            (Form::ThirteenOrphans, out.thirteen_orphans),
            (Form::HonorsAndKnitted, out.honors_and_knitted),
            (Form::KnittedStraight, out.knitted_straight),
        ] {
            if let Some(n) = n
                && n < out.number
            {
                out.number = n;
                out.form = form;
            }
        }
        out
    }

    /// Effective tiles of `counts` with `wildcards`: `room` decides which kinds can be drawn,
    /// `seen` the unseen counts (as the classic path's `effective_of`).
    pub(crate) fn effective(
        &self,
        counts: &[u8; 34],
        room: &[u8; 34],
        seen: &[u8; 34],
        wildcards: u8,
        visible: &TileCounts,
    ) -> Effective {
        let (base, kinds) = self.effective_kinds(counts, room, wildcards);
        Effective { shanten: self.p.shanten_number(base, wildcards), tiles: listed(kinds, seen, visible) }
    }

    /// The waits of `counts` (3k + 1 with the hand's wildcards; `room` decides which kinds can be
    /// drawn) as bits by kind: the effective kinds of a ready hand, none otherwise. One tile short,
    /// the real tiles are at least the wildcards plus one short of a complete hand, so the distance
    /// is at least that, and the hand is ready exactly there: whether it is takes one distance
    /// asked only that far (most hands are not, and then no draw is looked at).
    pub(crate) fn waits(&self, counts: &[u8; 34], room: &[u8; 34]) -> u64 {
        let wildcards = self.p.wildcards;
        let ready = wildcards.saturating_add(1);
        let budget = self.budget(wildcards);
        let nearest = match self.nearest_shared(counts, budget) {
            Some(d) => d,
            None => self.best_below(counts, budget, ready.saturating_add(1)),
        };
        if nearest > ready {
            return 0;
        }
        match self.effective_kinds(counts, room, wildcards) {
            (base, kinds) if base == ready => kinds,
            _ => 0,
        }
    }

    /// Whether the hand (complete: its real tiles are the wildcards short of 3k + 2) wins: some
    /// form's distance is at most its wildcards, which is also the floor, so the first form of the
    /// first way to win reaching it ends the question, and a hand that does not win is asked each
    /// distance only that far (as [`Regional::waits`] asks whether a hand is ready).
    pub(crate) fn wins(&self) -> bool {
        let counts = self.p.counts;
        let wildcards = self.p.wildcards;
        let budget = self.budget(wildcards);
        let nearest = match self.nearest_shared(counts, budget) {
            Some(d) => d,
            None => self.best_below(counts, budget, wildcards.saturating_add(1)),
        };
        nearest <= wildcards
    }

    /// The best distance of `counts` over several ways to be void without the knitted forms, by the
    /// keyed sources, each suit looked up once for every variant (it is the same in every variant
    /// that allows it); `None` for one way to win, the knitted forms, or where the keyed sources
    /// cannot answer (then [`Regional::best_below`] does).
    fn nearest_shared(&self, counts: &[u8; 34], budget: usize) -> Option<u8> {
        if self.exact_only
            || self.ways.variants.len() == 1
            || self.honors_and_knitted
            || self.knitted_straight.is_some()
            || self.useful_budget(counts, budget) != 0
        {
            return None;
        }
        let shared = Keyed::new(counts, &self.ways.sources)?;
        let full = [shared.full(0), shared.full(1), shared.full(2), shared.full(3)];
        let mut best = INF;
        for v in &self.ways.variants {
            let suits = std::array::from_fn(|s| if v.sources[s] == Source::Absent { ABSENT } else { full[s] });
            let mut near = vector::four_suits_distance(&suits, self.p.melds);
            let orphans = self.thirteen_orphans && ORPHANS & !v.allowed == 0;
            if self.seven_pairs != SevenPairs::Off || orphans {
                let (seven, thirteen) = Stats::distances(&v.masked(counts), self.seven_pairs, orphans);
                near = near.min(seven.unwrap_or(INF)).min(thirteen.unwrap_or(INF));
            }
            best = best.min(near);
        }
        Some(best)
    }

    /// The best distance of `counts` with `wildcards` and, as bits, the kinds with room whose draw
    /// lowers it.
    fn effective_kinds(&self, counts: &[u8; 34], room: &[u8; 34], wildcards: u8) -> (u8, u64) {
        let budget = self.budget(wildcards);
        if self.useful_budget(counts, budget) == 0
            && let Some((base, kinds)) = self.effective_keyed(counts, room)
        {
            return (base, self.with_fifth_copy_draws(counts, room_bits(room), budget, base, kinds));
        }
        let base = self.best_below(counts, budget, INF);
        let drawable = self.ways.variants.iter().fold(0u64, |a, v| a | v.allowed);
        let mut c = *counts;
        let mut kinds = 0u64;
        for t in 0..34 {
            // A kind no target may hold never helps; one held four times cannot be drawn.
            if room[t] >= 4 || drawable >> t & 1 == 0 {
                continue;
            }
            c[t] += 1;
            // A draw lowers the distance by at most one: only "below base" matters.
            if self.best_below(&c, budget, base) < base {
                kinds |= 1 << t;
            }
            c[t] -= 1;
        }
        (base, kinds)
    }

    /// `kinds`, the draws lowering `counts` (3k + 1, holding no kind four times, at distance `base`)
    /// within the four copies, with those the fifth-copy option adds under a stand-in `budget`
    /// (none when it is 0). Only a draw bringing a kind to four may let stand-ins help: asked
    /// exactly, unless it already lowers the distance within the four copies (a completion the
    /// option allows too; the base is the same, no kind being held four times).
    fn with_fifth_copy_draws(&self, counts: &[u8; 34], room: u64, budget: usize, base: u8, mut kinds: u64) -> u64 {
        if budget == 0 {
            return kinds;
        }
        let threes = (0..34).filter(|&k| counts[k] == 3).fold(0u64, |b, k| b | 1 << k);
        let mut left = room & threes & self.ways.allowed & !kinds;
        let mut c = *counts;
        while left != 0 {
            let t = left.trailing_zeros() as usize;
            left &= left - 1;
            c[t] += 1;
            if self.best_below(&c, budget, base) < base {
                kinds |= 1 << t;
            }
            c[t] -= 1;
        }
        kinds
    }

    /// The best distance of `counts` (3k + 1 with the wildcards, no stand-in forced) and the kinds
    /// with room whose draw lowers it, by the keyed sources; `None` when they cannot answer.
    ///
    /// A draw lowers each variant's distance by at most one, so it is effective exactly when it
    /// lowers a variant at the best distance, and there a form at that distance: the melds form and
    /// seven pairs / thirteen orphans as on the classic path (argmin lanes and closed forms, over the
    /// variant's allowed kinds), honors and knitted by a kind of an order at the distance not yet
    /// held, the knitted straight (rarely the nearest form) by trying each draw.
    fn effective_keyed(&self, counts: &[u8; 34], room: &[u8; 34]) -> Option<(u8, u64)> {
        if self.exact_only {
            return None;
        }
        let room = room_bits(room);
        if self.ways.variants.len() == 1 {
            return self.effective_one(counts, room);
        }
        let m = self.p.melds;
        // A suit is the same in every variant that allows it and absent in the others, so its
        // vector and which lanes each of its draws lowers are looked up once for all variants.
        let shared = Keyed::new(counts, &self.ways.sources)?;
        let full = [shared.full(0), shared.full(1), shared.full(2), shared.full(3)];
        let suits_of = |v: &Variant| -> [Vector; 4] {
            std::array::from_fn(|s| if v.sources[s] == Source::Absent { ABSENT } else { full[s] })
        };
        // First every variant's distances, then the draws of the variants at the best distance
        // only: a draw lowers a variant by at most one.
        let mut near = [INF; 3];
        let mut knitted = [INF; 3];
        let mut straight = [INF; 3];
        let mut masked = [[0u8; 34]; 3];
        let mut stats = [None; 3];
        let mut best = INF;
        for (vi, v) in self.ways.variants.iter().enumerate().take(3) {
            masked[vi] = v.masked(counts);
            let orphans = self.thirteen_orphans && ORPHANS & !v.allowed == 0;
            let forms = self.p.with_forms(self.seven_pairs, orphans, m);
            let (seven, thirteen) = forms.special_distances(stats[vi].insert(Stats::new(&masked[vi])));
            let melds = vector::four_suits_distance(&suits_of(v), m);
            near[vi] = melds.min(seven.unwrap_or(INF)).min(thirteen.unwrap_or(INF));
            if self.honors_and_knitted {
                knitted[vi] = self.honors_and_knitted(v, counts);
            }
            if let Some(m) = self.knitted_straight {
                // Exact below one more than the nearer forms: only a straight at the best
                // distance matters.
                straight[vi] =
                    self.knitted_straight_keyed(vi, counts, m, near[vi].min(knitted[vi]).saturating_add(1))?;
            }
            best = best.min(near[vi]).min(knitted[vi]).min(straight[vi]);
        }
        let mut kinds = 0u64;
        let mut lowers = None;
        for (vi, v) in self.ways.variants.iter().enumerate().take(3) {
            let drawable = room & v.allowed;
            if near[vi] == best {
                let orphans = self.thirteen_orphans && ORPHANS & !v.allowed == 0;
                let forms = self.p.with_forms(self.seven_pairs, orphans, m);
                let all = self.ways.variants.iter().fold(0, |a, v| a | v.allowed);
                // Draws of a suit the variant does not allow are outside `drawable`.
                let lowers = *lowers.get_or_insert_with(|| changes::lowers(&shared, &full, room & all));
                let draws = Draws { prod: Products::of_vectors(suits_of(v), m), lowers };
                let stats = stats[vi].unwrap_or_else(|| Stats::new(&masked[vi]));
                kinds |= effective_from(&forms, &draws, &masked[vi], &stats).1 & drawable;
            }
            if self.honors_and_knitted || self.knitted_straight.is_some() {
                kinds |= self.knitted_draws(vi, counts, drawable, best, knitted[vi], straight[vi])?;
            }
        }
        Some((best, kinds))
    }

    /// [`Regional::effective_keyed`] for rules with one way to win (no void to choose): one pass.
    fn effective_one(&self, counts: &[u8; 34], room: u64) -> Option<(u8, u64)> {
        let v = &self.ways.variants[0];
        let drawable = room & v.allowed;
        let masked = v.masked(counts);
        let orphans = self.thirteen_orphans && ORPHANS & !v.allowed == 0;
        let forms = self.p.with_forms(self.seven_pairs, orphans, self.p.melds);
        let keyed = Keyed::new(counts, &v.sources)?;
        let prod = Products::new(&keyed, self.p.melds);
        let lowers = self.lowers_one(&keyed, &prod.v, counts, drawable);
        let draws = Draws { prod, lowers };
        let (near, near_kinds) = effective_from(&forms, &draws, &masked, &Stats::new(&masked));
        if !self.honors_and_knitted && self.knitted_straight.is_none() {
            return Some((near, near_kinds & drawable));
        }
        self.with_knitted_draws(counts, drawable, near, near_kinds & drawable)
    }

    /// For the one way to win: the best distance of `counts` and its effective kinds among
    /// `drawable`, from the melds and special forms' distance `near` and effective kinds
    /// `near_kinds` (within `drawable`) and the knitted forms asked here.
    fn with_knitted_draws(&self, counts: &[u8; 34], drawable: u64, near: u8, near_kinds: u64) -> Option<(u8, u64)> {
        let v = &self.ways.variants[0];
        let knitted = if self.honors_and_knitted { self.honors_and_knitted(v, counts) } else { INF };
        let straight = match self.knitted_straight {
            Some(m) => self.knitted_straight_keyed(0, counts, m, near.min(knitted).saturating_add(1))?,
            None => INF,
        };
        let best = near.min(knitted).min(straight);
        let mut kinds = if near == best { near_kinds } else { 0 };
        kinds |= self.knitted_draws(0, counts, drawable, best, knitted, straight)?;
        Some((best, kinds))
    }

    /// [`changes::lowers`] for the one way to win, a suit whose counts are those of the last call
    /// not looked up again (a suit's rows depend on its own counts and source alone).
    #[inline(always)]
    fn lowers_one(&self, keyed: &Keyed, full: &[Vector; 4], counts: &[u8; 34], drawable: u64) -> [u16; 48] {
        let mut memo = self.lowers_memo.borrow_mut();
        let mut lowers = [0u16; 48];
        for (s, (v, (last, rows))) in full.iter().zip(memo.iter_mut()).enumerate() {
            let range = suit_range(s);
            let mut c = [0u8; 9];
            c[..range.len()].copy_from_slice(&counts[range.clone()]);
            if *last != c {
                *last = c;
                let allowed = self.ways.variants[0].allowed >> range.start;
                for (r, row) in rows.iter_mut().enumerate().take(range.len()) {
                    // A kind held four times cannot be drawn (and its key has no step up); a kind
                    // no target holds never helps.
                    *row =
                        if c[r] < 4 && allowed >> r & 1 != 0 { vector::lanes_below(&keyed.plus(s, r), v) } else { 0 };
                }
            }
            for (r, t) in range.enumerate() {
                if drawable >> t & 1 != 0 {
                    lowers[t] = rows[r];
                }
            }
        }
        lowers
    }

    /// The draws among `drawable` lowering the knitted forms of variant `vi` whose distances are
    /// `knitted` and `straight`, those of them at `best`: a kind of an order's honors and knitted
    /// tiles not yet held; for the knitted straight, per order at the distance, a missing kind of
    /// the straight or a draw lowering the melds form of what the straight leaves (argmin lanes,
    /// as for the whole hand). `None` when the keyed sources cannot answer.
    fn knitted_draws(
        &self,
        vi: usize,
        counts: &[u8; 34],
        drawable: u64,
        best: u8,
        knitted: u8,
        straight: u8,
    ) -> Option<u64> {
        let v = &self.ways.variants[vi];
        let held = held_kinds(counts);
        let mut kinds = 0;
        if knitted == best && best > 0 {
            // Without branches: which orders are at the distance depends on the hand alone.
            for &(_, set) in KNITTED_KINDS.iter() {
                let set = set & v.allowed;
                let at = set.count_ones() >= 14 && 14 - (set & held).count_ones().min(14) as u8 == best;
                kinds |= set & !held & drawable & 0u64.wrapping_sub(u64::from(at));
            }
        }
        if let Some(m) = self.knitted_straight
            && straight == best
        {
            let forms = self.p.with_forms(SevenPairs::Off, false, m);
            for &(set, _) in KNITTED_KINDS.iter() {
                // As `straight_rest`, the missing kinds counted before anything is copied.
                let missing = (set & !held).count_ones() as u8;
                if set & !v.allowed != 0 || set & v.exhausted != 0 || missing > best {
                    continue;
                }
                let rest = take_one_each(counts, set & held);
                let keyed = Keyed::new(&rest, &v.sources)?;
                let suits = [keyed.full(0), keyed.full(1), keyed.full(2), keyed.full(3)];
                if missing.saturating_add(vector::four_suits_distance(&suits, m)) != best {
                    continue;
                }
                let draws = Draws::new(&keyed, m, drawable);
                let (distance, lowering) = effective_from(&forms, &draws, &rest, &Stats::new(&rest));
                if missing.saturating_add(distance) == best {
                    kinds |= (set & !held | lowering) & drawable;
                }
            }
        }
        Some(kinds)
    }

    /// The hand's questions with the special forms variant `v` allows.
    fn forms(&self, v: &Variant) -> Prepared<'_> {
        let orphans = self.thirteen_orphans && ORPHANS & !v.allowed == 0;
        self.p.with_forms(self.seven_pairs, orphans, self.p.melds)
    }

    /// Discard advice, in the advice order: by the keyed sources for all discards at once where
    /// they answer ([`Regional::advice_keyed`]), else discard by discard.
    pub(crate) fn advice(&self, physical: &[u8; 34], visible: &TileCounts) -> Vec<DiscardOption> {
        match self.advice_keyed(physical) {
            Some(lines) => advice::options_of(&lines, physical, visible),
            None => self.advice_each(physical, visible),
        }
    }

    /// Discard advice by each discard's effective tiles asked on their own (the reference the
    /// shared path is tested against, and the path where the keyed sources cannot answer), in
    /// the advice order.
    fn advice_each(&self, physical: &[u8; 34], visible: &TileCounts) -> Vec<DiscardOption> {
        let mut out = Vec::new();
        for d in 0..34 {
            if self.p.counts[d] == 0 {
                continue;
            }
            let (mut c, mut room) = (*self.p.counts, *physical);
            c[d] -= 1;
            room[d] -= 1;
            let after = self.effective(&c, &room, physical, self.p.wildcards, visible);
            out.push(DiscardOption { discard: Discard::Tile(Tile::ALL[d]), after });
        }
        if self.p.wildcards > 0 {
            let after = self.effective(self.p.counts, physical, physical, self.p.wildcards - 1, visible);
            out.push(DiscardOption { discard: Discard::Wildcard, after });
        }
        advice::sort_advice(&mut out);
        out
    }

    /// Every discard's line at once, as the classic advice answers ([`advice::advice_lines`]): per
    /// way to win, the suits' products once per hand, the discard's own suit by its argmin lanes,
    /// the others' effective kinds per (suit, lane) once. Several ways to win (any one suit void)
    /// are merged discard by discard: a line's distance is the least over them, its kinds those of
    /// the ways at that distance; a way whose distance on the whole hand is two or more above the
    /// best never is (a discard raises a distance by at most one, and never lowers it). The
    /// knitted forms and the fifth-copy option then correct the lines they can change: a line is
    /// asked again on its own when a knitted form may be at its distance (the whole hand's knitted
    /// distances bound those after any discard from below), and a line whose stand-in budget is
    /// not zero gets the draws bringing a kind to four that stand-ins make effective. `None`
    /// where the keyed sources cannot answer.
    fn advice_keyed(&self, physical: &[u8; 34]) -> Option<ArrayVec<AdviceLine, 35>> {
        if self.exact_only {
            return None;
        }
        let counts = self.p.counts;
        let m = self.p.melds;
        let room = room_bits(physical);
        let knitted = self.honors_and_knitted || self.knitted_straight.is_some();
        let mut lines = if self.ways.variants.len() == 1 {
            let v = &self.ways.variants[0];
            let keyed = Keyed::new(counts, &v.sources)?;
            let prod = Products::new(&keyed, m);
            let lowers = self.lowers_one(&keyed, &prod.v, counts, room & v.allowed);
            let draws = Draws { prod, lowers };
            advice::advice_lines(&self.forms(v), &keyed, &draws, room & v.allowed, &v.masked(counts), v.allowed)
        } else {
            if knitted {
                return None;
            }
            self.advice_variants(counts, room)?
        };
        let knitted_floor = if knitted {
            let v = &self.ways.variants[0];
            let most = lines.iter().map(|l| l.distance).max().unwrap_or(0);
            let honors = if self.honors_and_knitted { self.honors_and_knitted(v, counts) } else { INF };
            let straight = match self.knitted_straight {
                Some(melds) => self.knitted_straight_keyed(0, counts, melds, most.saturating_add(1))?,
                None => INF,
            };
            honors.min(straight)
        } else {
            INF
        };
        for line in lines.iter_mut() {
            let (wildcards, d) = match line.discard {
                Discard::Tile(t) => (self.p.wildcards, Some(t.index())),
                Discard::Wildcard => (self.p.wildcards - 1, None),
            };
            let budget = self.budget(wildcards);
            if knitted_floor > line.distance && budget == 0 {
                continue;
            }
            let (mut c, mut after_room) = (*counts, *physical);
            if let Some(d) = d {
                c[d] -= 1;
                after_room[d] -= 1;
            }
            let (distance, kinds) = if knitted_floor <= line.distance && budget == 0 {
                // The melds and special forms' line is the one `effective_one` starts from: only
                // the knitted forms are asked for this discard.
                self.with_knitted_draws(
                    &c,
                    room_bits(&after_room) & self.ways.variants[0].allowed,
                    line.distance,
                    line.kinds,
                )?
            } else if knitted_floor <= line.distance || self.useful_budget(&c, budget) != 0 {
                self.effective_kinds(&c, &after_room, wildcards)
            } else {
                (
                    line.distance,
                    self.with_fifth_copy_draws(&c, room_bits(&after_room), budget, line.distance, line.kinds),
                )
            };
            line.distance = distance;
            line.shanten = self.p.shanten_number(distance, wildcards);
            line.kinds = kinds;
        }
        Some(lines)
    }

    /// [`Regional::advice_keyed`]'s lines over several ways to win (no knitted form): each suit
    /// and the lanes each of its draws lowers looked up once for all of them (a suit is the same
    /// in every way that allows it), the lines of the ways that can be at the best distance
    /// merged.
    fn advice_variants(&self, counts: &[u8; 34], room: u64) -> Option<ArrayVec<AdviceLine, 35>> {
        let m = self.p.melds;
        let shared = Keyed::new(counts, &self.ways.sources)?;
        let full = [shared.full(0), shared.full(1), shared.full(2), shared.full(3)];
        let suits_of = |v: &Variant| -> [Vector; 4] {
            std::array::from_fn(|s| if v.sources[s] == Source::Absent { ABSENT } else { full[s] })
        };
        let mut near = [INF; 3];
        for (vi, v) in self.ways.variants.iter().enumerate().take(3) {
            let forms = self.forms(v);
            let (seven, thirteen) = forms.special_distances(&Stats::new(&v.masked(counts)));
            near[vi] =
                vector::four_suits_distance(&suits_of(v), m).min(seven.unwrap_or(INF)).min(thirteen.unwrap_or(INF));
        }
        let best = near.iter().copied().min().unwrap_or(INF);
        let all = self.ways.allowed;
        let lowers = changes::lowers(&shared, &full, room & all);
        let mut merged: Option<ArrayVec<AdviceLine, 35>> = None;
        for (vi, v) in self.ways.variants.iter().enumerate().take(3) {
            if near[vi] > best.saturating_add(1) {
                continue;
            }
            let keyed = Keyed::new(counts, &v.sources)?;
            let mut own = lowers;
            for (t, row) in own.iter_mut().enumerate().take(34) {
                if v.allowed >> t & 1 == 0 {
                    *row = 0;
                }
            }
            let draws = Draws { prod: Products::of_vectors(suits_of(v), m), lowers: own };
            let lines =
                advice::advice_lines(&self.forms(v), &keyed, &draws, room & v.allowed, &v.masked(counts), v.allowed);
            match merged.as_mut() {
                None => merged = Some(lines),
                Some(merged) => {
                    for (a, b) in merged.iter_mut().zip(lines) {
                        if b.distance < a.distance {
                            *a = b;
                        } else if b.distance == a.distance {
                            a.kinds |= b.kinds;
                        }
                    }
                }
            }
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prepared::prepare;
    use hupai_tiles::Meld;

    /// A small xorshift generator: the same hands on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A random hand of `tiles` tiles (counting 3 per declared meld) from the wall of `rules`' tile
    /// set: up to two declared melds (a triplet, a sequence or a kan of kinds in the set), then
    /// concealed tiles and `wildcards` wildcards.
    fn random_hand(rng: &mut Rng, rules: &Rules, tiles: usize, wildcards: u8) -> Option<Hand> {
        let kinds: Vec<usize> = rules.tiles.kinds().iter().map(|t| t.index()).collect();
        let mut left = [0u8; 34];
        for &k in &kinds {
            left[k] = 4;
        }
        let mut melds = Vec::new();
        for _ in 0..rng.below(4).saturating_sub(1) {
            let k = kinds[rng.below(kinds.len())];
            let shape: Vec<usize> = match rng.below(3) {
                0 if k < 27 && k % 9 < 7 => vec![k, k + 1, k + 2],
                1 => vec![k; 4],
                _ => vec![k; 3],
            };
            if shape.iter().any(|&x| left[x] == 0 || !kinds.contains(&x))
                || shape.iter().filter(|&&x| x == k).count() > left[k] as usize
            {
                continue;
            }
            for &x in &shape {
                left[x] -= 1;
            }
            melds.push(Meld::from_tiles(&shape.iter().map(|&x| Tile::ALL[x]).collect::<Vec<_>>())?);
        }
        let concealed = tiles.checked_sub(3 * melds.len() + wildcards as usize)?;
        let mut counts = TileCounts::EMPTY;
        let mut wall: Vec<usize> = (0..34).flat_map(|k| std::iter::repeat_n(k, left[k] as usize)).collect();
        for i in 0..concealed {
            let j = i + rng.below(wall.len() - i);
            wall.swap(i, j);
            counts.0[wall[i]] += 1;
        }
        Hand::new(counts, wildcards, &melds).ok()
    }

    /// The keyed path (tables, per-kind arithmetic, argmin lanes) answers exactly as the exact
    /// program on random hands under every regional preset and some combinations: wildcards,
    /// declared melds, 17-tile hands, every hand size; shanten with every form's number,
    /// effective tiles and advice.
    /// Asserts that the keyed path answers `hand` as the exact program does: shanten, and advice
    /// for a complete hand or effective tiles for one a tile short. False if the hand is not one
    /// to ask (its size, or no way to win).
    fn keyed_equals_exact(name: &str, rules: &Rules, hand: &Hand) -> bool {
        let Ok(p) = prepare(hand, rules) else { return false };
        let (Ok(keyed), Ok(mut exact)) = (Regional::new(&p, hand, rules), Regional::new(&p, hand, rules)) else {
            return false;
        };
        exact.exact_only = true;
        assert_eq!(keyed.shanten(), exact.shanten(), "{name}: {hand}");
        let physical = hand.held_counts().0;
        if p.complete {
            let advice = |r: &Regional| r.advice(&physical, &TileCounts::EMPTY);
            assert_eq!(advice(&keyed), advice(&exact), "{name}: {hand}");
        } else {
            let e = |r: &Regional| r.effective(p.counts, &physical, &physical, p.wildcards, &TileCounts::EMPTY);
            assert_eq!(e(&keyed), e(&exact), "{name}: {hand}");
        }
        true
    }

    #[test]
    fn keyed_path_equals_the_exact_program() {
        let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
        let per_rules = if full { 3000 } else { 120 };
        let rules_names = [
            "changsha",
            "changsha+tiles-108",
            "sichuan",
            "sichuan+void-p",
            "hongzhong",
            "sanma",
            "gb",
            "gb+258",
            "sanma+258+void-any",
            "riichi+tiles-112+258",
            "taiwan+258",
            "taiwan+void-any",
        ];
        // With the fifth-copy option (stand-ins past the four copies: the keyed sources answer where
        // they cannot help), fewer hands: the reference is slow there.
        let fifth_names = ["changsha+5th", "sichuan+5th", "gb+5th", "sanma+5th", "hongzhong+5th", "taiwan+258+5th"];
        let mut rng = Rng(0x5eed_2026_1125);
        let mut compared = 0;
        let runs = rules_names.iter().map(|n| (*n, per_rules)).chain(fifth_names.iter().map(|n| (*n, per_rules / 3)));
        for (name, per_rules) in runs {
            let rules: Rules = name.parse().expect("rules");
            for i in 0..per_rules {
                let size = [rules.hand_size() - 1, rules.hand_size(), 7, 8, 10, 11][i % 6];
                let wildcards =
                    if rules.wildcard_fifth_copy { 1 + rng.below(4) as u8 } else { [0, 0, 1, 2, 4][rng.below(5)] };
                let Some(hand) = random_hand(&mut rng, &rules, size, wildcards) else { continue };
                compared += usize::from(keyed_equals_exact(name, &rules, &hand));
            }
        }
        assert!(compared >= rules_names.len() * per_rules / 2, "{compared} hands compared");
    }

    /// Under the fifth-copy option, hands holding a kind three or four times (one suit alone then
    /// takes the layered program, for the hand or for a draw bringing the kind to four) with one to
    /// four wildcards, a tile short or complete: shanten, effective tiles and advice against the
    /// exact program.
    #[test]
    fn one_suit_holding_four_answers_as_the_exact_program() {
        let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
        let per_rules = if full { 1500 } else { 60 };
        let names = ["changsha+5th", "sichuan+5th", "hongzhong+5th", "sanma+5th", "standard+258+5th", "gb+5th"];
        let mut rng = Rng(0x5eed_2026_1126);
        let mut compared = 0;
        for name in names {
            let rules: Rules = name.parse().expect("rules");
            let kinds: Vec<usize> = rules.tiles.kinds().iter().map(|t| t.index()).collect();
            for i in 0..per_rules {
                let size = [rules.hand_size() - 1, rules.hand_size()][i % 2];
                let wildcards = 1 + rng.below(4) as u8;
                let mut left = [0u8; 34];
                for &k in &kinds {
                    left[k] = 4;
                }
                let mut counts = TileCounts::EMPTY;
                let k = kinds[rng.below(kinds.len())];
                counts.0[k] = 3 + (i / 2 % 2) as u8;
                left[k] = 0;
                let mut wall: Vec<usize> = (0..34).flat_map(|k| std::iter::repeat_n(k, left[k] as usize)).collect();
                let rest = size - wildcards as usize - counts.0[k] as usize;
                for j in 0..rest {
                    let x = j + rng.below(wall.len() - j);
                    wall.swap(j, x);
                    counts.0[wall[j]] += 1;
                }
                let Ok(hand) = Hand::new(counts, wildcards, &[]) else { continue };
                compared += usize::from(keyed_equals_exact(name, &rules, &hand));
            }
        }
        assert!(compared >= names.len() * per_rules / 2, "{compared} hands compared");
    }

    /// Where the fifth-copy option leaves the keyed sources answering because other suits have
    /// room for a group (`ROOM_FOR_A_GROUP`: sanma's 1m and 9m), on hands built to tempt a fifth
    /// copy there: 1m and 9m held up to three times each beside random tiles, one to four
    /// wildcards, every hand size; shanten, effective tiles and advice against the exact program.
    #[test]
    fn room_for_a_group_answers_as_the_exact_program() {
        let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
        let mut rng = Rng(0x0f1f_7e57_2026_1125);
        let mut compared = 0;
        for name in ["sanma+5th", "hongzhong+5th"] {
            let rules: Rules = name.parse().expect("rules");
            assert!(Ways::of_rules(&rules).expect("built").stand_ins_never_help, "{name}");
            let kinds: Vec<usize> = rules.tiles.kinds().iter().map(|t| t.index()).filter(|&k| k != 33).collect();
            for i in 0..if full { 20_000 } else { 1_500 } {
                let size = [rules.hand_size() - 1, rules.hand_size(), 7, 8, 10, 11, 4, 5][i % 8];
                let wildcards = 1 + rng.below(4) as u8;
                let Some(real) = size.checked_sub(wildcards as usize) else { continue };
                let mut counts = TileCounts::EMPTY;
                if name == "sanma+5th" {
                    counts.0[0] = rng.below(4) as u8;
                    counts.0[8] = rng.below(4) as u8;
                }
                while (counts.0.iter().map(|&c| c as usize).sum::<usize>()) < real {
                    let k = kinds[rng.below(kinds.len())];
                    if counts.0[k] < 3 {
                        counts.0[k] += 1;
                    }
                }
                if counts.0.iter().map(|&c| c as usize).sum::<usize>() != real {
                    continue;
                }
                let Ok(hand) = Hand::from_counts(counts, wildcards) else { continue };
                compared += usize::from(keyed_equals_exact(name, &rules, &hand));
            }
        }
        assert!(compared > if full { 30_000 } else { 2_000 }, "{compared} hands compared");
    }

    /// The advice of all discards at once (shared products, argmin lanes, ways to win merged,
    /// knitted forms and the fifth-copy option corrected line by line) equals the advice asked
    /// discard by discard, on random complete hands under every preset and option: 0 to 5
    /// wildcards, declared melds now and then, every complete hand size, and under the fifth-copy
    /// option half the hands holding a kind three or four times. The exact program is compared
    /// with both in the tests above.
    #[test]
    fn advice_of_all_discards_equals_advice_discard_by_discard() {
        let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
        let per_rules = if full { 20_000 } else { 600 };
        let names = [
            "changsha",
            "changsha+tiles-108",
            "sichuan",
            "sichuan+void-m",
            "sichuan+void-s",
            "hongzhong",
            "sanma",
            "gb",
            "gb+258",
            "gb+void-any",
            "standard+258",
            "standard+tiles-108",
            "standard+tiles-112",
            "sanma+258+void-any",
            "riichi+tiles-112+258",
            "taiwan+258",
            "taiwan+void-any",
            "changsha+5th",
            "sichuan+5th",
            "gb+5th",
            "sanma+5th",
            "hongzhong+5th",
            "standard+258+5th",
            "changsha+tiles-108+5th",
        ];
        let mut rng = Rng(0x5eed_2026_1127);
        let (mut compared, mut shared) = (0, 0);
        for name in names {
            let rules: Rules = name.parse().expect("rules");
            let kinds: Vec<usize> = rules.tiles.kinds().iter().map(|t| t.index()).collect();
            for i in 0..per_rules {
                let size = [rules.hand_size(), rules.hand_size(), 11, 8, 5][i % 5];
                let wildcards = (i / 5 % 6) as u8;
                let hand = if rules.wildcard_fifth_copy && i % 2 == 1 {
                    // A kind three or four times beside random tiles, no declared meld.
                    let mut left = [0u8; 34];
                    for &k in &kinds {
                        left[k] = 4;
                    }
                    let mut counts = TileCounts::EMPTY;
                    let k = kinds[rng.below(kinds.len())];
                    counts.0[k] = 3 + rng.below(2) as u8;
                    left[k] = 0;
                    let mut wall: Vec<usize> = (0..34).flat_map(|k| std::iter::repeat_n(k, left[k] as usize)).collect();
                    let Some(rest) = size.checked_sub(wildcards as usize + counts.0[k] as usize) else { continue };
                    for j in 0..rest {
                        let x = j + rng.below(wall.len() - j);
                        wall.swap(j, x);
                        counts.0[wall[j]] += 1;
                    }
                    Hand::new(counts, wildcards, &[]).ok()
                } else {
                    random_hand(&mut rng, &rules, size, wildcards)
                };
                let Some(hand) = hand else { continue };
                let Ok(p) = prepare(&hand, &rules) else { continue };
                let Ok(r) = Regional::new(&p, &hand, &rules) else { continue };
                assert!(p.complete, "{name}: {hand}");
                let physical = hand.held_counts().0;
                // Some tiles seen elsewhere, so the order by unseen copies is exercised too.
                let mut visible = TileCounts::EMPTY;
                for _ in 0..rng.below(6) {
                    let k = kinds[rng.below(kinds.len())];
                    if physical[k] + visible.0[k] < 4 {
                        visible.0[k] += 1;
                    }
                }
                assert_eq!(r.advice(&physical, &visible), r.advice_each(&physical, &visible), "{name}: {hand}");
                compared += 1;
                shared += usize::from(r.advice_keyed(&physical).is_some());
            }
        }
        assert!(compared >= names.len() * per_rules * 2 / 3, "{compared} hands compared");
        // Nearly every hand takes the shared path (declared melds under the fifth-copy option and
        // the knitted forms with a void to choose do not).
        assert!(shared >= compared * 3 / 4, "{shared} of {compared} hands by the shared path");
    }

    #[test]
    fn ways_of_rules_are_the_ways_of_a_hand_without_melds() {
        for name in ["changsha", "sichuan", "sichuan+void-s", "hongzhong", "sanma+258", "gb", "riichi+tiles-108+258"] {
            let rules: Rules = name.parse().expect("rules");
            let cached = Ways::of_rules(&rules).expect("every void rule, tile set and 2-5-8 choice is built");
            let built = Ways::new(&rules, &Hand::default()).expect("no melds, some variant");
            assert_eq!(format!("{cached:?}"), format!("{built:?}"), "{name}");
        }
        assert_eq!(WAYS_OF_RULES.iter().flatten().count(), WAYS_OF_RULES.len());
    }

    #[test]
    fn pairs_258_are_the_rules_pairs() {
        let rules = Rules::CHANGSHA;
        let want = Tile::ALL.iter().filter(|&&t| rules.pair_allowed(t)).fold(0u64, |b, t| b | 1 << t.index());
        assert_eq!(PAIRS_258, want);
    }

    #[test]
    fn meld_shapes_are_the_55_melds() {
        assert_eq!(MELD_SHAPES[0], [0, 0, 0]);
        assert_eq!(MELD_SHAPES[33], [33, 33, 33]);
        assert_eq!(MELD_SHAPES[34], [0, 1, 2]);
        assert_eq!(MELD_SHAPES[54], [24, 25, 26]);
        // Every sequence stays inside one numbered suit.
        assert!(MELD_SHAPES[34..].iter().all(|s| s[0] / 9 == s[2] / 9 && s[2] < 27));
    }
}
