//! `hupai-shanten`: shanten (向听数 / シャンテン), effective tiles (有效牌 / 受け入れ) and discard
//! advice (打哪张) for mahjong hands **with wildcards** (癞子), declared melds, 17-tile hands, seven
//! pairs and thirteen orphans, and under the regional rules (the 2-5-8 pair, void suits, 108/112-tile
//! sets, the GB knitted forms). Exact, and at table speed (the regional options take an exact
//! program instead: slower, the same semantics).
//!
//! - [`shanten`]: how far a hand of 3k + 1 or 3k + 2 tiles is from winning: −1 wins, 0 is ready, …
//! - [`effective_tiles`]: for a hand one tile short (3k + 1), the kinds whose draw lowers its
//!   shanten, each with how many copies are still unseen.
//! - [`discard_advice`]: for a complete-sized hand (3k + 2), every distinct discard with the shanten
//!   after it and its effective tiles, best first.
//!
//! ```
//! use hupai_shanten::{Discard, Form, discard_advice, effective_tiles, shanten};
//! use hupai_tiles::{Hand, Rules, TileCounts};
//!
//! // Thirteen orphans completed by a wildcard: it wins.
//! let hand: Hand = "19m19p19s1234567z*".parse()?;
//! let s = shanten(&hand, &Rules::RIICHI)?;
//! assert_eq!((s.number, s.form), (-1, Form::ThirteenOrphans));
//!
//! // One short and not ready (shanten 1): a second honor of a kind held makes it ready.
//! let hand: Hand = "123m456p789s157z*".parse()?;
//! let e = effective_tiles(&hand, &Rules::STANDARD, &TileCounts::EMPTY)?;
//! assert_eq!(e.shanten, 1);
//! let kinds: Vec<String> = e.tiles.iter().map(|t| t.tile.to_string()).collect();
//! assert_eq!(kinds, ["1z", "5z", "7z"]);
//! assert_eq!(e.unseen(), 9);
//!
//! // A complete hand: which discard keeps it closest to a win.
//! let hand: Hand = "11m234p678s3z***5z6z".parse()?;
//! let advice = discard_advice(&hand, &Rules::STANDARD, &TileCounts::EMPTY)?;
//! assert_eq!(advice[0].shanten(), 0);
//! assert!(matches!(advice.last().map(|o| o.discard), Some(Discard::Wildcard)));
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! # Semantics
//!
//! The **replacement number** r of a hand is the fewest tiles that must be drawn, each in exchange
//! for one of its tiles, to make it a winning hand (same declared melds). Its **shanten** is r − 1.
//! Equivalently r = min over winning hands C of |C \ R| − w, with R the hand's real concealed
//! tiles and w its wildcards (a wildcard covers any tile of C). C obeys the four-copy limit exactly
//! as a win does (concealed, declared and stand-ins together; with the wildcard-fifth-copy option
//! only wildcards may be fifth copies, never a drawn tile), so a ready hand's effective tiles are
//! exactly its waits. A hand smaller than the rules' (3k + 1 or 3k + 2 tiles) is measured against
//! k melds and a pair, as if the missing melds were declared. `docs/semantics.md` has checked
//! examples.
//!
//! # How
//!
//! Per numbered suit an embedded table ([`table`]) gives, for every count pattern of at most 14
//! tiles, the fewest tiles to add for `m` melds and `p` pairs of that suit; honors are per-kind
//! arithmetic; the suits combine by a min-plus convolution over the meld count and the pair's
//! suit. Suits the table does not cover (more than 14 tiles, copies taken by declared melds) and
//! the fifth-copy option (which couples the suits through the wildcards that must stand in past
//! the limit) go through an exact rank-by-rank program: same answers, slower. Seven pairs and
//! thirteen orphans are closed forms. Effective tiles and advice never recompute a whole hand: a
//! drawn tile lowers each lane of its suit's vector by at most one, so a draw is effective exactly
//! when it lowers a lane at which the best split of the hand is reached (an argmin lane). Which
//! lanes each draw lowers is one lookup per kind; the argmin lanes after each discard come from
//! products of the other suits computed once per hand.

mod exact;
mod lanes;
mod regional;
mod special;
pub mod table;
mod vector;

use arrayvec::ArrayVec;
use hupai_tiles::{Error, Feature, Hand, Rules, SevenPairs, Tile, TileCounts};

use lanes::{LaneBits, Lanes};
use special::Stats;
use vector::{EMPTY, INF, MAX_M, Vector, combine, combine_to, finish, finish_reversed, reversed};

pub use table::tables;

/// The name this crate's errors give as the algorithm.
pub const NAME: &str = "shanten";

/// The winning form a shanten number was reached with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Form {
    /// Melds and a pair (with any declared melds).
    Melds,
    /// Seven pairs, under rules that allow it.
    SevenPairs,
    /// Thirteen orphans, under rules that allow it.
    ThirteenOrphans,
    /// Honors and knitted tiles (全不靠), under the GB knitted forms.
    HonorsAndKnitted,
    /// The knitted straight with a meld and a pair (组合龙), under the GB knitted forms.
    KnittedStraight,
}

/// A hand's shanten: the number and the form reaching it, plus each form's own number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shanten {
    /// −1 wins, 0 is ready (one tile from a win), 1, 2, …: the replacement number minus one.
    pub number: i8,
    /// The form reaching `number`; on a tie the first of melds, seven pairs, thirteen orphans.
    pub form: Form,
    /// The shanten in the melds-and-pair form.
    pub melds: i8,
    /// The shanten in seven pairs, when the rules allow it and it can apply to this hand (no
    /// declared melds, 13 or 14 tiles under 14-tile rules).
    pub seven_pairs: Option<i8>,
    /// The shanten in thirteen orphans, under the same conditions.
    pub thirteen_orphans: Option<i8>,
    /// The shanten in honors and knitted tiles (全不靠), under the knitted forms, for a concealed
    /// hand of 13 or 14 tiles that some allowed set of its kinds can reach.
    pub honors_and_knitted: Option<i8>,
    /// The shanten in the knitted straight form (组合龙), under the knitted forms, for a hand with
    /// room for the straight and a pair (at most one meld declared or missing).
    pub knitted_straight: Option<i8>,
}

impl Shanten {
    /// The replacement number: tiles to draw (each for a discard) to win; `number + 1`.
    pub fn replacement(&self) -> u8 {
        (self.number + 1) as u8
    }

    /// True if the hand wins as it is (shanten −1).
    pub fn is_win(&self) -> bool {
        self.number < 0
    }
}

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

/// Whether these rules are within what this crate answers: fails with [`Error::Unsupported`]
/// naming the first option it does not handle. Every entry point calls it first, so a rule option
/// added later is refused rather than ignored.
pub fn check_rules(rules: &Rules) -> Result<(), Error> {
    if rules.melds as usize > MAX_M {
        return Err(Error::Unsupported { algorithm: NAME, feature: Feature::HandSize(rules.hand_size() as u8) });
    }
    // Rebuild the rules from the fields this crate reads; a field added to `Rules` later and set
    // away from the standard preset is an option it does not know yet, refused, never ignored.
    let mut known = Rules::STANDARD;
    known.melds = rules.melds;
    known.seven_pairs = rules.seven_pairs;
    known.thirteen_orphans = rules.thirteen_orphans;
    known.wildcard_fifth_copy = rules.wildcard_fifth_copy;
    known.pair_258 = rules.pair_258;
    known.void = rules.void;
    known.tiles = rules.tiles;
    known.knitted = rules.knitted;
    // The wildcard tile is applied when a hand's text is read: the hand this crate gets already
    // holds those copies as wildcards.
    known.wildcard_tile = rules.wildcard_tile;
    if known != *rules {
        return Err(Error::Unsupported { algorithm: NAME, feature: Feature::RuleOptions });
    }
    Ok(())
}

/// What every question needs: the hand's shape under the rules and its tiles split for the
/// per-suit programs.
struct Prepared<'a> {
    /// Real concealed tiles.
    counts: &'a [u8; 34],
    /// Where physical copies (concealed and declared) come from, for the questions that need them.
    physical: PhysicalSource<'a>,
    /// Room per kind for concealed tiles plus stand-ins (4 minus declared copies), when declared
    /// melds lower any; `None` for the plain four everywhere.
    caps: Option<[u8; 34]>,
    wildcards: u8,
    /// Melds the concealed tiles and wildcards must form (besides the pair).
    melds: usize,
    /// Whether seven pairs / thirteen orphans count for this hand.
    seven_pairs: SevenPairs,
    thirteen_orphans: bool,
    /// The fifth-copy option matters (it is on and the hand has wildcards).
    fifth: bool,
    /// Concealed tiles plus wildcards is 3k + 2.
    complete: bool,
}

#[inline(always)]
fn prepare<'a>(hand: &'a Hand, rules: &Rules) -> Result<Prepared<'a>, Error> {
    check_rules(rules)?;
    let max = rules.hand_size();
    if hand.melds().len() > rules.melds as usize {
        return Err(Error::TooManyMelds { found: hand.melds().len(), max: rules.melds as usize });
    }
    let found = hand.tile_count();
    if found > max || found.is_multiple_of(3) {
        return Err(Error::ShantenSize { found, max });
    }
    let concealed = found - 3 * hand.melds().len();
    let special = hand.melds().is_empty() && rules.melds == 4 && concealed >= 13;
    // Declared melds are rare in the hot paths: caps and physical counts only when there are some.
    let caps = if hand.melds().is_empty() {
        None
    } else {
        let declared = hand.declared_counts();
        Some(std::array::from_fn(|k| 4u8.saturating_sub(declared.0[k])))
    };
    Ok(Prepared {
        counts: &hand.concealed().0,
        physical: PhysicalSource(hand),
        caps,
        wildcards: hand.wildcards(),
        melds: concealed / 3,
        seven_pairs: if special { rules.seven_pairs } else { SevenPairs::Off },
        thirteen_orphans: special && rules.thirteen_orphans,
        fifth: rules.wildcard_fifth_copy && hand.wildcards() > 0,
        complete: concealed % 3 == 2,
    })
}

/// The hand, for its physical copies (concealed, declared, and wildcards that are copies of a
/// wildcard tile: `Hand::held_counts`), computed only when asked. They decide which kinds can
/// still be drawn and how many copies are unseen.
struct PhysicalSource<'a>(&'a Hand);

impl PhysicalSource<'_> {
    fn counts(&self) -> [u8; 34] {
        self.0.held_counts().0
    }
}

/// Suit `s` (0–3) of a count array, and its length (9, or 7 for honors).
#[inline(always)]
fn suit_range(s: usize) -> std::ops::Range<usize> {
    if s < 3 { s * 9..s * 9 + 9 } else { 27..34 }
}

/// The suit of kind `k`: 0–2 numbered, 3 honors.
#[inline(always)]
fn suit_of_kind(k: usize) -> usize {
    (k / 9).min(3)
}

impl Prepared<'_> {
    /// The vector of suit `s` for these counts (capped; not the fifth-copy path).
    #[inline(always)]
    fn vector(&self, counts: &[u8; 34], s: usize) -> Vector {
        let range = suit_range(s);
        let lowered = self.caps.as_ref().filter(|caps| caps[range.clone()].iter().any(|&c| c < 4));
        match (s, lowered) {
            (3, None) => exact::honors_plain(&counts[27..34]),
            (3, Some(caps)) => exact::honors(&counts[27..34], &caps[27..34]),
            (_, None) => match counts[range].first_chunk::<9>() {
                Some(c) => table::numbered(c),
                None => EMPTY,
            },
            (_, Some(caps)) => exact::suit_exact(&counts[range.clone()], &caps[range], true),
        }
    }

    /// The stand-in budget of the fifth-copy path: the wildcards, at most a whole hand.
    fn budget(&self) -> usize {
        (self.wildcards as usize).min(3 * MAX_M + 2)
    }

    /// Suit `s`'s vectors by forced stand-ins (fifth-copy path).
    fn fifth_layers(&self, counts: &[u8; 34], s: usize) -> Vec<Vector> {
        let caps = self.caps.unwrap_or([4; 34]);
        let range = suit_range(s);
        exact::suit_fifth(&counts[range.clone()], &caps[range], s < 3, self.budget())
    }

    /// Layered min-plus product: forced stand-ins add up, within the budget.
    fn fifth_combine(&self, a: &[Vector], b: &[Vector]) -> Vec<Vector> {
        let budget = self.budget();
        let mut out = vec![vector::IMPOSSIBLE; budget + 1];
        for (f1, x) in a.iter().enumerate() {
            for (f2, y) in b.iter().enumerate().take((budget + 1).saturating_sub(f1)) {
                let c = combine(x, y);
                for (slot, v) in out[f1 + f2].iter_mut().zip(c) {
                    *slot = (*slot).min(v);
                }
            }
        }
        out
    }

    /// The fewest tiles to add over every split of the budget between `a` and `b`.
    fn fifth_finish(&self, a: &[Vector], b: &[Vector]) -> u8 {
        let budget = self.budget();
        let mut best = INF;
        for (f1, x) in a.iter().enumerate() {
            for y in b.iter().take((budget + 1).saturating_sub(f1)) {
                best = best.min(finish(x, y, self.melds));
            }
        }
        best
    }

    /// For each suit, the other three suits' layered product (fifth-copy path).
    fn fifth_others(&self, layers: &[Vec<Vector>; 4]) -> [Vec<Vector>; 4] {
        let p01 = self.fifth_combine(&layers[0], &layers[1]);
        let p23 = self.fifth_combine(&layers[2], &layers[3]);
        [
            self.fifth_combine(&layers[1], &p23),
            self.fifth_combine(&layers[0], &p23),
            self.fifth_combine(&p01, &layers[3]),
            self.fifth_combine(&p01, &layers[2]),
        ]
    }

    /// Fewest tiles to add for the melds form, exactly, on the fifth-copy path.
    fn melds_fifth(&self, counts: &[u8; 34]) -> u8 {
        let layers: [Vec<Vector>; 4] = std::array::from_fn(|s| self.fifth_layers(counts, s));
        let p01 = self.fifth_combine(&layers[0], &layers[1]);
        let p23 = self.fifth_combine(&layers[2], &layers[3]);
        self.fifth_finish(&p01, &p23)
    }

    /// Fewest tiles to add for the melds form from scratch.
    fn melds_distance(&self, counts: &[u8; 34]) -> u8 {
        if self.fifth {
            // A completion within the four copies is one the fifth-copy option allows too, and no
            // form does better than the floor: there the table's answer is exact, and the layered
            // program (milliseconds with many wildcards) is not needed.
            let capped = self.melds_capped(counts);
            if capped <= self.floor(counts) {
                return capped;
            }
            return self.melds_fifth(counts);
        }
        self.melds_capped(counts)
    }

    /// Fewest tiles to add for the melds form within the four copies (the tables).
    #[inline(always)]
    fn melds_capped(&self, counts: &[u8; 34]) -> u8 {
        // Spelled out: `array::from_fn`'s closure is not always inlined, and this is the hot path.
        let v = [self.vector(counts, 0), self.vector(counts, 1), self.vector(counts, 2), self.vector(counts, 3)];
        vector::four_suits_distance(&v, self.melds)
    }

    /// The fewest tiles any form can need: the target's size less the real tiles held (each real
    /// tile saves at most one tile to add). A distance found at the floor is the answer.
    fn floor(&self, counts: &[u8; 34]) -> u8 {
        let real: usize = counts.iter().map(|&c| usize::from(c)).sum();
        (3 * self.melds + 2).saturating_sub(real).min(usize::from(u8::MAX)) as u8
    }

    /// The special forms' distances (seven pairs, thirteen orphans), when they count.
    #[inline(always)]
    fn special_distances(&self, stats: &Stats) -> (Option<u8>, Option<u8>) {
        let seven = match self.seven_pairs {
            SevenPairs::Off => None,
            rule => Some(stats.seven_pairs(rule)),
        };
        let orphans = self.thirteen_orphans.then(|| stats.thirteen_orphans());
        (seven, orphans)
    }

    /// The shanten from the forms' distances (tiles to add to the real tiles).
    fn shanten_of(&self, melds: u8, seven: Option<u8>, orphans: Option<u8>) -> Shanten {
        let w = self.wildcards as i16;
        let s = |d: u8| (d as i16 - w - 1).clamp(-1, 127) as i8;
        let mut out = Shanten {
            number: s(melds),
            form: Form::Melds,
            melds: s(melds),
            seven_pairs: seven.map(s),
            thirteen_orphans: orphans.map(s),
            honors_and_knitted: None,
            knitted_straight: None,
        };
        for (form, n) in [(Form::SevenPairs, out.seven_pairs), (Form::ThirteenOrphans, out.thirteen_orphans)] {
            if let Some(n) = n
                && n < out.number
            {
                out.number = n;
                out.form = form;
            }
        }
        out
    }

    /// The smallest distance over the forms.
    #[inline(always)]
    fn best(&self, melds: u8, stats: &Stats) -> u8 {
        let (seven, orphans) = self.special_distances(stats);
        melds.min(seven.unwrap_or(INF)).min(orphans.unwrap_or(INF))
    }

    fn shanten_number(&self, distance: u8, wildcards: u8) -> i8 {
        (distance as i16 - wildcards as i16 - 1).clamp(-1, 127) as i8
    }
}

/// The shanten of a hand of 3k + 1 or 3k + 2 tiles (counting 3 per declared meld) up to the rules'
/// complete hand.
///
/// Errors: [`Error::ShantenSize`] for another size, [`Error::TooManyMelds`], and
/// [`Error::Unsupported`] for rule options this crate does not handle ([`check_rules`]).
pub fn shanten(hand: &Hand, rules: &Rules) -> Result<Shanten, Error> {
    let p = prepare(hand, rules)?;
    if regional::applies(rules) {
        return Ok(regional::Regional::new(&p, hand, rules)?.shanten());
    }
    let melds = p.melds_distance(p.counts);
    let (seven, orphans) = if p.seven_pairs != SevenPairs::Off || p.thirteen_orphans {
        Stats::distances(p.counts, p.seven_pairs, p.thirteen_orphans)
    } else {
        (None, None)
    };
    Ok(p.shanten_of(melds, seven, orphans))
}

/// Unseen copies of `t`: four minus the hand's physical copies and the visible ones.
#[inline(always)]
fn unseen(physical: &[u8; 34], visible: &TileCounts, t: usize) -> u8 {
    4u8.saturating_sub(physical[t]).saturating_sub(visible.0[t])
}

/// Products of the suits' vectors, for answering many one-suit changes.
struct Products {
    v: [Vector; 4],
    /// `others[s]`: the other three suits combined.
    others: [Vector; 4],
    /// `others_rev[s]`: `others[s]` reversed around the target.
    others_rev: [Vector; 4],
    /// `pair_rest[a][b]`: the two suits other than `a` and `b` combined, byte-reversed (lane `i`
    /// holding lane `15 − i`), the form [`vector::split_lanes`] reads.
    pair_rest_reversed: [[Vector; 4]; 4],
}

impl Products {
    #[inline(always)]
    fn new(changes: &impl Changes, m: usize) -> Products {
        let v = [changes.full(0), changes.full(1), changes.full(2), changes.full(3)];
        match m {
            0 => Products::of::<0>(v),
            1 => Products::of::<1>(v),
            2 => Products::of::<2>(v),
            3 => Products::of::<3>(v),
            4 => Products::of::<4>(v),
            _ => Products::of::<MAX_M>(v),
        }
    }

    /// The products for `M` melds: one copy per meld count, so every shift is a constant.
    #[inline(never)]
    fn of<const M: usize>(v: [Vector; 4]) -> Products {
        // The six unordered pairs of suits, each product once (the diagonal is never read).
        let mut pair_rest = [[vector::IMPOSSIBLE; 4]; 4];
        let mut pair_rest_reversed = [[vector::IMPOSSIBLE; 4]; 4];
        for (a, b, x, y) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2), (1, 2, 0, 3), (1, 3, 0, 2), (2, 3, 0, 1)] {
            let rest = combine_to::<M>(&v[x], &v[y]);
            pair_rest[a][b] = rest;
            pair_rest[b][a] = rest;
            let reversed = vector::byte_reversed(&rest);
            pair_rest_reversed[a][b] = reversed;
            pair_rest_reversed[b][a] = reversed;
        }
        let others: [Vector; 4] = std::array::from_fn(|s| {
            let b = if s == 0 { 1 } else { 0 };
            combine_to::<M>(&v[b], &pair_rest[s][b])
        });
        let others_rev = others.map(|o| reversed(&o, M));
        Products { v, others, others_rev, pair_rest_reversed }
    }
}

/// The suits' vectors of a hand and of the hand after one-tile changes, as effective tiles and
/// advice ask for them: the other suits stay as they are, so only the changed suit is looked up.
trait Changes {
    /// Suit `s` as it is.
    fn full(&self, s: usize) -> Vector;
    /// Suit `s` with one more of rank `r` (the caller keeps every count within 4).
    fn plus(&self, s: usize, r: usize) -> Vector;
    /// Suit `s` with one of rank `r` less (the hand holds one).
    fn minus(&self, s: usize, r: usize) -> Vector;
    /// Suit `s` with one of rank `from` less and one more of rank `to` (`from != to`).
    fn swap(&self, s: usize, from: usize, to: usize) -> Vector;
}

/// [`Changes`] under the plain four-copy cap: each suit as a table key (numbered) or histogram
/// key (honors) that a one-tile change moves by an add, so a changed suit costs one lookup and
/// no copy of the counts.
struct Plain<'a> {
    table: &'static table::Runtime,
    counts: &'a [u8; 34],
    numbered: [table::Key; 3],
    honors: usize,
}

impl Plain<'_> {
    /// `None` if a count is above 4 (no hand holds one) or the embedded table is unusable; the
    /// caller then takes [`Capped`].
    #[inline(always)]
    fn new(counts: &[u8; 34]) -> Option<Plain<'_>> {
        let key = |s: usize| counts[9 * s..9 * s + 9].first_chunk::<9>().and_then(table::Key::of);
        Some(Plain {
            table: table::runtime()?,
            counts,
            numbered: [key(0)?, key(1)?, key(2)?],
            honors: exact::honors_key(&counts[27..34]),
        })
    }

    /// The honors key after kind `k`'s count moves by `delta` (±1).
    #[inline(always)]
    fn honors_moved(&self, key: usize, k: usize, delta: i8) -> usize {
        let c = self.counts[k];
        exact::honors_key_moved(key, c, c.wrapping_add_signed(delta))
    }
}

impl Changes for Plain<'_> {
    #[inline(always)]
    fn full(&self, s: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key),
            None => exact::honors_by_key(self.honors),
        }
    }

    #[inline(always)]
    fn plus(&self, s: usize, r: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key.plus(r)),
            None => exact::honors_by_key(self.honors_moved(self.honors, 27 + r, 1)),
        }
    }

    #[inline(always)]
    fn minus(&self, s: usize, r: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key.minus(r)),
            None => exact::honors_by_key(self.honors_moved(self.honors, 27 + r, -1)),
        }
    }

    #[inline(always)]
    fn swap(&self, s: usize, from: usize, to: usize) -> Vector {
        match self.numbered.get(s) {
            Some(&key) => self.table.numbered_key(key.minus(from).plus(to)),
            None => exact::honors_by_key(self.honors_moved(self.honors_moved(self.honors, 27 + from, -1), 27 + to, 1)),
        }
    }
}

/// [`Changes`] by [`Prepared::vector`] on changed copies of the counts: any caps.
struct Capped<'a, 'b> {
    p: &'a Prepared<'b>,
    counts: &'a [u8; 34],
}

impl Changes for Capped<'_, '_> {
    fn full(&self, s: usize) -> Vector {
        self.p.vector(self.counts, s)
    }

    fn plus(&self, s: usize, r: usize) -> Vector {
        let mut c = *self.counts;
        c[suit_range(s).start + r] += 1;
        self.p.vector(&c, s)
    }

    fn minus(&self, s: usize, r: usize) -> Vector {
        let mut c = *self.counts;
        c[suit_range(s).start + r] -= 1;
        self.p.vector(&c, s)
    }

    fn swap(&self, s: usize, from: usize, to: usize) -> Vector {
        let mut c = *self.counts;
        c[suit_range(s).start + from] -= 1;
        c[suit_range(s).start + to] += 1;
        self.p.vector(&c, s)
    }
}

/// The effective tiles of a hand of 3k + 1 tiles (one short of 3k + 2): every kind whose draw
/// lowers its shanten, with its unseen copies. `visible` are the tiles the player can see outside
/// the hand (discards, other players' melds, indicators); the hand's own tiles always count as seen.
///
/// Errors: [`Error::WrongShape`] for a hand of 3k + 2 tiles (ask [`discard_advice`]),
/// [`Error::TooManySeen`] for visible tiles that make more copies than the tiles played with hold
/// ([`Hand::check_visible`]), and the errors of [`shanten`].
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

/// Effective tiles of `counts` (3k + 1 with the wildcards): `room` decides which kinds can be
/// drawn (fewer than four physical copies), `seen` the unseen counts.
fn effective_of(
    p: &Prepared,
    counts: &[u8; 34],
    room: &[u8; 34],
    seen: &[u8; 34],
    wildcards: u8,
    visible: &TileCounts,
) -> Effective {
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
    let mut tiles = Vec::new();
    let base;
    if p.fifth {
        // The layered program only where the tables' capped answer is above the floor (see
        // `melds_distance`); with many wildcards that is almost never.
        let mut layered = None;
        let capped = p.melds_capped(counts);
        let melds = if capped <= p.floor(counts) {
            capped
        } else {
            let (layers, others) = fifth_layered(p, counts, &mut layered);
            p.fifth_finish(&others[0], &layers[0])
        };
        base = p.best(melds, &stats);
        let mut c = *counts;
        for t in 0..34 {
            if room[t] >= 4 {
                continue;
            }
            let s = suit_of_kind(t);
            c[t] += 1;
            let capped = p.melds_capped(&c);
            let melds = if capped <= p.floor(&c) {
                capped
            } else {
                let (_, others) = fifth_layered(p, counts, &mut layered);
                p.fifth_finish(&others[s], &p.fifth_layers(&c, s))
            };
            let d = p.best(melds, &stats.with(counts[t], t, 1));
            c[t] -= 1;
            if d < base {
                tiles.push(t);
            }
        }
    } else {
        let plain = if p.caps.is_none() { Plain::new(counts) } else { None };
        base = match &plain {
            Some(plain) => effective_kinds(p, plain, counts, room, &stats, &mut tiles),
            None => effective_kinds(p, &Capped { p, counts }, counts, room, &stats, &mut tiles),
        };
    }
    let mut out = EffectiveTiles::new();
    for t in tiles {
        if let Some(tile) = Tile::new(t) {
            // Each kind once: at most 34, never full.
            let _ = out.try_push(EffectiveTile { tile, unseen: unseen(seen, visible, t) });
        }
    }
    Effective { shanten: p.shanten_number(base, wildcards), tiles: out }
}

/// Per suit, the fifth-copy path's layers of a hand, and the other three suits' product.
type FifthLayers = ([Vec<Vector>; 4], [Vec<Vector>; 4]);

/// The [`FifthLayers`] of `counts`, computed on first need and kept in `cache`.
fn fifth_layered<'c>(p: &Prepared, counts: &[u8; 34], cache: &'c mut Option<FifthLayers>) -> &'c FifthLayers {
    cache.get_or_insert_with(|| {
        let layers: [Vec<Vector>; 4] = std::array::from_fn(|s| p.fifth_layers(counts, s));
        let others = p.fifth_others(&layers);
        (layers, others)
    })
}

/// A hand's suits and what one drawn tile does to them: the products of [`Products`] and, for
/// every kind that can be drawn, the lanes of its suit's vector the draw lowers (one bit per lane;
/// none for a kind without room).
struct Draws {
    prod: Products,
    /// By kind, padded with none past the honors so that any suit's sixteen rows can be read.
    lowers: [u16; 48],
}

impl Draws {
    #[inline(always)]
    fn new(changes: &impl Changes, m: usize, room: u64) -> Draws {
        let prod = Products::new(changes, m);
        let mut lowers = [0u16; 48];
        for s in 0..4 {
            let range = suit_range(s);
            for (r, t) in range.enumerate() {
                if room >> t & 1 != 0 {
                    lowers[t] = vector::lanes_below(&changes.plus(s, r), &prod.v[s]);
                }
            }
        }
        Draws { prod, lowers }
    }

    /// The lanes each rank of suit `s` lowers (row `r` for the kind at the suit's start plus `r`;
    /// rows past the suit's end belong to the next suit or to none, and callers mask them off).
    #[inline(always)]
    fn rows(&self, s: usize) -> &[u16; 16] {
        let start = suit_range(s).start;
        self.lowers[start..start + 16].first_chunk::<16>().unwrap_or(&[0; 16])
    }

    /// The kinds of suit `s` whose draw lowers one of `lanes` (bits) of the suit's vector.
    #[inline(always)]
    fn lowering(&self, s: usize, lanes: LaneBits) -> u64 {
        u64::from(lanes::rows_meeting(self.rows(s), lanes) & suit_ranks(s)) << suit_range(s).start
    }
}

/// The ranks of suit `s` as bits (nine, or seven for honors).
#[inline(always)]
fn suit_ranks(s: usize) -> u16 {
    if s < 3 { 0x1ff } else { 0x7f }
}

/// Every kind, as bits.
const ALL_KINDS: u64 = (1 << 34) - 1;

/// The kinds (as bits) whose count (more than 4 read as 4) passes a lane test, sixteen at a time.
#[inline(always)]
fn kinds_where(counts: &[u8; 34], test: impl Fn(Lanes) -> LaneBits) -> u64 {
    let chunk = |from: usize| {
        let mut c = [0u8; 16];
        let part = &counts[from..counts.len().min(from + 16)];
        c[..part.len()].copy_from_slice(part);
        u64::from(test(Lanes::load(&c).min(Lanes::splat(4))))
    };
    (chunk(0) | chunk(16) << 16 | chunk(32) << 32) & ALL_KINDS
}

/// Kinds by concealed count (0–4), as bits: the special forms see a drawn kind only through its
/// count and whether it is a terminal or honor.
#[inline(always)]
fn kinds_by_count(counts: &[u8; 34]) -> [u64; 5] {
    std::array::from_fn(|c| kinds_where(counts, |x| x.equal(Lanes::splat(c as u8))))
}

/// Kinds with room for one more physical copy (fewer than four), as bits.
#[inline(always)]
fn room_bits(physical: &[u8; 34]) -> u64 {
    kinds_where(physical, |x| x.below(Lanes::splat(4)))
}

/// The best distance of `counts` (3k + 1 with the wildcards), and into `tiles` every kind with
/// room whose draw lowers it (not the fifth-copy path).
#[inline(always)]
fn effective_kinds(
    p: &Prepared,
    changes: &impl Changes,
    counts: &[u8; 34],
    room: &[u8; 34],
    stats: &Stats,
    tiles: &mut Vec<usize>,
) -> u8 {
    let room = room_bits(room);
    let draws = Draws::new(changes, p.melds, room);
    let (base, mut kinds) = effective_from(p, &draws, counts, stats);
    kinds &= room;
    while kinds != 0 {
        tiles.push(kinds.trailing_zeros() as usize);
        kinds &= kinds - 1;
    }
    base
}

/// The best distance of a hand of 3k + 1 tiles with the wildcards whose suits and draws are
/// `draws` (its real tiles `counts`, their stats `stats`), and the kinds whose draw lowers it
/// (room not yet applied).
///
/// A draw lowers each lane of its suit's vector by at most one, so it lowers the melds distance
/// exactly when it lowers a lane at which that distance is reached (an argmin lane), and only if
/// the melds form is at the best distance; likewise for the special forms.
#[inline(always)]
fn effective_from(p: &Prepared, draws: &Draws, counts: &[u8; 34], stats: &Stats) -> (u8, u64) {
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

/// Discard advice for a hand of 3k + 2 tiles: for every distinct discard (each kind held, then a
/// wildcard if the hand has any), the shanten after it and its effective tiles with unseen
/// copies, best first: lowest shanten, then most unseen effective tiles, then tile order (the
/// wildcard last). A winning hand gets its advice too. The discarded tile counts as seen.
///
/// Errors: [`Error::WrongShape`] for a hand of 3k + 1 tiles (ask [`effective_tiles`]),
/// [`Error::TooManySeen`] ([`Hand::check_visible`]), and the errors of [`shanten`].
pub fn discard_advice(hand: &Hand, rules: &Rules, visible: &TileCounts) -> Result<Vec<DiscardOption>, Error> {
    let p = prepare(hand, rules)?;
    hand.check_visible(rules, visible)?;
    if !p.complete {
        let found = hand.tile_count();
        return Err(Error::WrongShape { operation: "discard advice", expected: found + 1, found });
    }
    let physical = p.physical.counts();
    if regional::applies(rules) {
        let mut out = regional::Regional::new(&p, hand, rules)?.advice(&physical, visible);
        sort_advice(&mut out);
        return Ok(out);
    }
    if p.fifth {
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
    // The discard is one of the hand's own tiles, already seen: unseen counts are the hand's.
    // Indexed by a kind masked to six bits, so the lookup needs no bounds check.
    let mut template = [EffectiveTile { tile: Tile::ALL[0], unseen: 0 }; 64];
    let mut unseen_by_kind = [0u8; 48];
    for (t, (slot, &tile)) in template.iter_mut().zip(&Tile::ALL).enumerate() {
        *slot = EffectiveTile { tile, unseen: unseen(&physical, visible, t) };
        unseen_by_kind[t] = slot.unseen;
    }
    let lines = advice_fast(&p, &physical);
    // Sorted (stably: tile order, the wildcard last) before the options are built, so each is
    // built once, in its place.
    let mut order = [0u32; 64];
    for (i, line) in lines.iter().enumerate() {
        order[i] = advice_key(line.shanten, weighted_count(line.kinds, &unseen_by_kind), i);
    }
    let order = &mut order[..lines.len()];
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
    Ok(out)
}

/// The sum of `weights` over the kinds set in `kinds`, sixteen kinds at a time.
#[inline(always)]
fn weighted_count(kinds: u64, weights: &[u8; 48]) -> u32 {
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
fn advice_key(shanten: i8, unseen: u32, position: usize) -> u32 {
    let rank = (shanten as i32 + 1).clamp(0, 0xff) as u32;
    let fewer_unseen = 0xffff - unseen.min(0xffff);
    rank << 22 | fewer_unseen << 6 | (position & 63) as u32
}

/// Sorts packed [`advice_key`]s: a few dozen integers, often nearly in order, by insertion.
#[inline(always)]
fn sort_keys(order: &mut [u32]) {
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
fn sort_advice(out: &mut [DiscardOption]) {
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
fn permute(out: &mut [DiscardOption], order: &mut [u32]) {
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

/// Advice on the fifth-copy path: each discard's effective tiles from scratch.
fn advice_slow(p: &Prepared, physical: &[u8; 34], visible: &TileCounts, out: &mut Vec<DiscardOption>) {
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
fn advice_fast(p: &Prepared, physical: &[u8; 34]) -> ArrayVec<AdviceLine, 35> {
    let counts = p.counts;
    match p.caps.is_none().then(|| Plain::new(counts)).flatten() {
        Some(plain) => advice_with(p, &plain, physical),
        None => advice_with(p, &Capped { p, counts }, physical),
    }
}

/// One discard's answer before it becomes a [`DiscardOption`]: its effective kinds as bits.
struct AdviceLine {
    discard: Discard,
    shanten: i8,
    kinds: u64,
}

/// Seven pairs and thirteen orphans for one hand: their distances, and which draws lower them.
/// They see a drawn kind only through its count and whether it is a terminal or honor, so the
/// draws come from closed forms over the hand's counts ([`Stats::seven_pairs_draws`]).
#[derive(Clone, Copy)]
struct SpecialForms {
    stats: Stats,
    now: (Option<u8>, Option<u8>),
}

impl SpecialForms {
    #[inline(always)]
    fn new(p: &Prepared, stats: Stats) -> SpecialForms {
        SpecialForms { stats, now: p.special_distances(&stats) }
    }

    /// The kinds whose draw lowers a form below `base`, among `by_count` (the hand's kinds by
    /// count); only a form already at `base` can.
    #[inline(always)]
    fn effective(&self, p: &Prepared, by_count: &[u64; 5], base: u8) -> u64 {
        let of_counts = |draws: u8| (0..4).filter(|&k| draws >> k & 1 != 0).fold(0, |kinds, k| kinds | by_count[k]);
        let mut kinds = 0u64;
        if self.now.0 == Some(base) {
            kinds |= of_counts(self.stats.seven_pairs_draws(p.seven_pairs));
        }
        if self.now.1 == Some(base) {
            kinds |= of_counts(self.stats.thirteen_orphans_draws()) & special::ORPHANS;
        }
        kinds
    }
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
fn advice_with(p: &Prepared, changes: &impl Changes, physical: &[u8; 34]) -> ArrayVec<AdviceLine, 35> {
    let counts = p.counts;
    let m = p.melds;
    let room = room_bits(physical);
    let draws = Draws::new(changes, m, room);
    let prod = &draws.prod;
    let held = ALL_KINDS & !kinds_where(counts, |x| x.equal(Lanes::splat(0)));
    // The lanes a hand of m melds uses: (0..=m, without and with the pair).
    let used: vector::LaneBits = ((1 << (m + 1)) - 1) * 0x0101;
    // Per (suit, lane), computed on first use: the kinds of the other suits effective when that
    // lane of the suit is an argmin lane after a discard.
    let mut ready = [0u16; 4];
    let mut across = [[0u64; 16]; 4];
    let by_count = kinds_by_count(counts);
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
        let special = if nearest_special <= melds_after {
            let after = SpecialForms::new(p, stats.with(counts[d], d, -1));
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
                    across[s][l] = other_suits_effective(prod, &draws, s, l, m);
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
            let c = (counts[d] as usize).min(4);
            after_count[c] &= !(1 << d);
            after_count[c - 1] |= 1 << d;
            kinds |= after.effective(p, &after_count, base);
        }
        // One line per kind held and one for a wildcard: at most 35, never full.
        let _ = lines.try_push(AdviceLine {
            discard: Discard::Tile(Tile::ALL[d]),
            shanten: p.shanten_number(base, p.wildcards),
            kinds: kinds & drawable,
        });
    }
    if p.wildcards > 0 {
        // Discarding a wildcard leaves the real tiles as they are: the hand's own suits and draws,
        // one wildcard fewer.
        let (base, kinds) = effective_from(p, &draws, counts, &stats);
        let _ = lines.try_push(AdviceLine {
            discard: Discard::Wildcard,
            shanten: p.shanten_number(base, p.wildcards - 1),
            kinds: kinds & room,
        });
    }
    lines
}

/// The kinds of the suits other than `s` whose draw lowers the melds distance of a hand whose
/// suit `s` reaches it at lane `l`: per other suit `o`, the lanes of `o` at which `o` and the last
/// two suits reach the three suits' product at the lane complementary to `l` (so the whole hand
/// reaches the distance with them), and the kinds lowering one of those.
#[inline(always)]
fn other_suits_effective(prod: &Products, draws: &Draws, s: usize, l: usize, m: usize) -> u64 {
    let Some(c) = vector::complement(l, m) else { return 0 };
    let target = prod.others[s][c];
    let mut kinds = 0u64;
    for o in (0..4).filter(|&o| o != s) {
        kinds |= draws.lowering(o, vector::split_lanes(&prod.v[o], &prod.pair_rest_reversed[s][o], c, target));
    }
    kinds
}

// The crate README's example runs as a doctest, so it cannot drift.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
