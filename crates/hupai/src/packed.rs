//! [`PackedHand`]: a hand kept ready for checking, for game loops that ask after every draw and
//! discard, and for batches of count arrays.
//!
//! The hand keeps its per-suit table keys ([`SuitKeys`]) up to date as tiles come and go, so a
//! win check is three index lookups, a few word operations for the honors, and a compare. Under
//! the regional options (the 2-5-8 pair, void suits, smaller tile sets, the knitted forms) the keys
//! of the classic rules beneath answer most hands (those options only take winning hands away, the
//! knitted forms aside), and `hupai-shanten`'s keyed sources the rest. Hands no keys answer exactly
//! (a suit of more than 14 tiles, rule options the keys do not know) go to [`SuitTable`], which
//! answers every hand: the fast path is an optimisation, never a different answer. Declared melds that lower a copy limit while
//! wildcards are held are answered by the keys first (the plain cap's answer holds the right one:
//! most such hands win nothing and wait on nothing), then by the exact program on the suits whose
//! limit is lowered, for the kinds the keys left. The harness checks it as one more engine
//! (`hupai`).

use arrayvec::ArrayVec;
use hupai_lookup::SuitTable;
use hupai_lookup::suit_table::keyed::{self, CappedAndFree, Keyed, SuitCost, SuitKeys};
use std::sync::LazyLock;

use hupai_tiles::{
    Algorithm, Answer, Error, Hand, HandShape, MAX_MELDS, Meld, Rules, Tile, TileCounts, TileSet, TileSupply, VoidSuit,
    knitted,
};

/// A hand prepared for repeated checks: concealed counts, wildcards and declared melds, with the
/// table keys kept up to date by [`add`](PackedHand::add) and [`remove`](PackedHand::remove) in O(1).
///
/// ```
/// use hupai::{PackedHand, Rules, Tile};
///
/// let mut hand = PackedHand::from_hand(&"123m456p789s1122z".parse()?);
/// let rules = Rules::STANDARD;
/// assert_eq!(hand.waits(&rules)?.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["1z", "2z"]);
/// let drawn: Tile = "2z".parse()?;
/// hand.add(drawn)?;
/// assert!(hand.is_win(&rules)?);
/// hand.remove(drawn)?; // decline the win, discard it again
/// assert_eq!(hand.tile_count(), 13);
/// # Ok::<(), hupai::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PackedHand {
    keys: SuitKeys,
    /// Per suit (m, p, s, honors): the costs under the four-copy cap and without it, updated
    /// whenever a tile of the suit comes or goes, so a win check is arithmetic on cached values.
    costs: [CappedAndFree; 4],
    /// Bit `s` set when suit `s`'s costs are unknown (a suit beyond the table, or tables that did
    /// not load): the general path answers.
    uncached: u8,
    /// Bit `t` of `at_least[k]` set when the concealed tiles hold more than `k` of kind `t`: the
    /// seven-pairs and thirteen-orphans census in O(1).
    at_least: [u64; 4],
    counts: TileCounts,
    /// Copies held outside the concealed counts (declared melds).
    declared: TileCounts,
    /// Bit `t` set when the hand physically holds four of kind `t`.
    full: u64,
    /// Tiles counted toward the hand size.
    tiles: u16,
    wildcards: u8,
    melds: ArrayVec<Meld, MAX_MELDS>,
}

impl Default for PackedHand {
    fn default() -> Self {
        PackedHand::new()
    }
}

impl From<&Hand> for PackedHand {
    fn from(hand: &Hand) -> Self {
        PackedHand::from_hand(hand)
    }
}

impl PackedHand {
    /// An empty hand.
    pub fn new() -> PackedHand {
        let mut hand = PackedHand::blank();
        hand.refresh_all();
        hand
    }

    /// An empty hand whose cached costs are not yet computed.
    fn blank() -> PackedHand {
        PackedHand {
            keys: SuitKeys { halves: [[0; 2]; 3], honors: 0 },
            costs: [[SuitCost { melds: 0, delta: 0 }; 2]; 4],
            uncached: 0b1111,
            at_least: [0; 4],
            counts: TileCounts::EMPTY,
            declared: TileCounts::EMPTY,
            full: 0,
            tiles: 0,
            wildcards: 0,
            melds: ArrayVec::new(),
        }
    }

    /// The hand's concealed tiles, wildcards and declared melds. (Red fives and bonus tiles are
    /// bookkeeping for scoring and play no part in a check.)
    pub fn from_hand(hand: &Hand) -> PackedHand {
        let counts = *hand.concealed();
        let physical = hand.physical_counts();
        let mut declared = TileCounts::EMPTY;
        for t in Tile::ALL {
            declared[t] = physical[t].saturating_sub(counts[t]);
        }
        let mut melds = ArrayVec::new();
        for &m in hand.melds().iter().take(MAX_MELDS) {
            melds.push(m);
        }
        let mut packed = PackedHand {
            // A `Hand` never holds more than four of a kind.
            keys: SuitKeys::from_counts(&counts.0).unwrap_or_default(),
            counts,
            declared,
            // Wildcards that are copies of a wildcard tile use up their kind too.
            full: full_kinds(&hand.held_counts()),
            tiles: hand.tile_count().min(u16::MAX as usize) as u16,
            wildcards: hand.wildcards(),
            melds,
            ..PackedHand::blank()
        };
        packed.at_least = masks(&counts.0);
        packed.refresh_all();
        packed
    }

    /// The pack of a hand for one check: without declared melds straight from the counts (the
    /// common case, no pass over melds or physical copies), else through [`PackedHand::from_hand`].
    #[inline]
    pub(crate) fn for_check(hand: &Hand) -> PackedHand {
        if hand.melds().is_empty()
            && let Ok(packed) = PackedHand::from_counts(&hand.concealed().0, hand.wildcards())
        {
            return packed;
        }
        PackedHand::from_hand(hand)
    }

    /// A concealed hand from 34 counts in tile order (`1m`…`9m`, `1p`…, `1s`…, `1z`…`7z`) and a
    /// number of wildcards; fails naming the first kind held more than four times.
    #[inline]
    pub fn from_counts(counts: &[u8; 34], wildcards: u8) -> Result<PackedHand, Error> {
        let keys = match SuitKeys::from_counts(counts) {
            Some(keys) => keys,
            None => return Err(too_many(counts)),
        };
        let at_least = masks(counts);
        let tiles = tile_sum(counts) + wildcards as u16;
        let counts = TileCounts(*counts);
        let mut hand =
            PackedHand { keys, counts, at_least, full: at_least[3], tiles, wildcards, ..PackedHand::blank() };
        hand.refresh_all();
        Ok(hand)
    }

    /// Recomputes every suit's cached costs.
    fn refresh_all(&mut self) {
        match Keyed::get() {
            Ok(keyed) => {
                self.uncached = 0;
                for s in 0..3 {
                    self.refresh_numbered(keyed, s);
                }
                self.costs[3] = keyed.honors(self.keys.honors);
            }
            Err(_) => self.uncached = 0b1111,
        }
    }

    #[inline(always)]
    fn refresh_numbered(&mut self, keyed: Keyed, s: usize) {
        match keyed.numbered(self.keys.halves[s]) {
            Some(costs) => {
                self.costs[s] = costs;
                self.uncached &= !(1 << s);
            }
            None => self.uncached |= 1 << s,
        }
    }

    /// Recomputes the cached costs of `tile`'s suit.
    #[inline(always)]
    fn refresh(&mut self, tile: Tile) {
        let Ok(keyed) = Keyed::get() else {
            self.uncached = 0b1111;
            return;
        };
        let s = tile.index() / 9;
        if s < 3 {
            self.refresh_numbered(keyed, s);
        } else {
            self.costs[3] = keyed.honors(self.keys.honors);
        }
    }

    /// The same hand as a [`Hand`].
    pub fn to_hand(&self) -> Hand {
        // The counts and melds were checked on the way in.
        Hand::new(self.counts, self.wildcards, &self.melds).unwrap_or_default()
    }

    /// Adds a concealed tile (a draw). Fails on a fifth physical copy.
    #[inline]
    pub fn add(&mut self, tile: Tile) -> Result<(), Error> {
        let t = tile.index();
        let held = self.counts[tile];
        let physical = held + self.declared[tile];
        if physical >= 4 {
            return Err(Error::TooManyCopies { tile, count: usize::from(physical) + 1 });
        }
        self.counts[tile] = held + 1;
        self.at_least[held as usize & 3] |= 1 << t;
        self.keys.add(tile);
        self.tiles += 1;
        if physical == 3 {
            self.full |= 1 << t;
        }
        self.refresh(tile);
        Ok(())
    }

    /// Removes a concealed tile (a discard). Fails if the hand holds none.
    #[inline]
    pub fn remove(&mut self, tile: Tile) -> Result<(), Error> {
        let t = tile.index();
        let held = self.counts[tile];
        if held == 0 {
            return Err(Error::NotHeld { tile: tile.to_string() });
        }
        self.counts[tile] = held - 1;
        self.at_least[(held - 1) as usize & 3] &= !(1 << t);
        self.keys.remove(tile);
        self.tiles -= 1;
        self.full &= !(1 << t);
        self.refresh(tile);
        Ok(())
    }

    /// Adds a wildcard (fails past 255).
    pub fn add_wildcard(&mut self) -> Result<(), Error> {
        match self.wildcards.checked_add(1) {
            Some(w) => {
                self.wildcards = w;
                self.tiles += 1;
                Ok(())
            }
            None => Err(Error::HandSize { found: self.tile_count() + 1, expected: self.tile_count() }),
        }
    }

    /// Removes a wildcard. Fails if the hand holds none.
    pub fn remove_wildcard(&mut self) -> Result<(), Error> {
        match self.wildcards.checked_sub(1) {
            Some(w) => {
                self.wildcards = w;
                self.tiles -= 1;
                Ok(())
            }
            None => Err(Error::NotHeld { tile: "*".to_string() }),
        }
    }

    /// Declares a meld. Its tiles are added as declared tiles: take the concealed ones that went
    /// into it out first with [`remove`](PackedHand::remove). Fails past five melds or on a fifth
    /// physical copy.
    pub fn add_meld(&mut self, meld: Meld) -> Result<(), Error> {
        if self.melds.is_full() {
            return Err(Error::TooManyMelds { found: self.melds.len() + 1, max: MAX_MELDS });
        }
        let mut declared = self.declared;
        for t in meld.tiles() {
            declared[t] += 1;
            let physical = declared[t] + self.counts[t];
            if physical > 4 {
                return Err(Error::TooManyCopies { tile: t, count: usize::from(physical) });
            }
        }
        self.declared = declared;
        self.melds.push(meld);
        self.tiles += 3;
        // Kind by kind over the arrays (a loop the compiler makes a few vector additions; by
        // `Tile`, each index was checked).
        let mut physical = self.counts;
        for (p, &d) in physical.0.iter_mut().zip(&declared.0) {
            *p += d;
        }
        self.full = full_kinds(&physical);
        Ok(())
    }

    /// Concealed counts in tile order.
    pub fn counts(&self) -> &TileCounts {
        &self.counts
    }

    /// The kinds the concealed tiles hold `copies` or more of (1 to 4), as a bit set (bit `t` for
    /// kind index `t`); 0 for any other `copies`. Kept as tiles come and go, so a caller that
    /// needs the kinds held (or held once: `held_at_least(1) & !held_at_least(2)`) reads them
    /// without a pass over the counts. Wildcards are not counted.
    #[inline]
    pub fn held_at_least(&self, copies: u8) -> u64 {
        match copies {
            1..=4 => self.at_least[usize::from(copies - 1)],
            _ => 0,
        }
    }

    /// Wildcards held.
    pub fn wildcards(&self) -> u8 {
        self.wildcards
    }

    /// Declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// Tiles counted toward the hand size: concealed + wildcards + 3 per declared meld.
    #[inline(always)]
    pub fn tile_count(&self) -> usize {
        self.tiles as usize
    }

    /// Complete or one tile short under the rules; an error names the size otherwise.
    pub fn shape(&self, rules: &Rules) -> Result<HandShape, Error> {
        if self.melds.len() > rules.melds as usize {
            return Err(Error::TooManyMelds { found: self.melds.len(), max: rules.melds as usize });
        }
        if rules.tiles.kinds() != TileSet::ALL {
            // A tile set without every kind (108 or 112 tiles): a tile outside it is an error, as
            // `Hand::shape` says.
            self.to_hand().check_tile_supply(rules)?;
        }
        let n = self.tile_count();
        let expected = rules.hand_size();
        if n == expected {
            Ok(HandShape::Complete)
        } else if n + 1 == expected {
            Ok(HandShape::OneShort)
        } else {
            Err(Error::HandSize { found: n, expected })
        }
    }

    /// Does this complete hand win? Errors if it is not complete under the rules.
    #[inline]
    pub fn is_win(&self, rules: &Rules) -> Result<bool, Error> {
        self.expect(rules, HandShape::Complete, "a win check")?;
        self.check_win(rules)
    }

    /// The waits of this hand one tile short, in tile order. Errors if it is not one tile short.
    pub fn waits(&self, rules: &Rules) -> Result<TileSet, Error> {
        self.expect(rules, HandShape::OneShort, "waits")?;
        self.check_waits(rules)
    }

    /// The win verdict or the waits, whichever the hand's size asks for.
    pub fn answer(&self, rules: &Rules) -> Result<Answer, Error> {
        match self.shape(rules)? {
            HandShape::Complete => self.check_win(rules).map(Answer::Win),
            HandShape::OneShort => self.check_waits(rules).map(Answer::Waits),
        }
    }

    #[inline(always)]
    fn expect(&self, rules: &Rules, want: HandShape, operation: &'static str) -> Result<(), Error> {
        let n = self.tile_count();
        let expected = match want {
            HandShape::Complete => rules.hand_size(),
            HandShape::OneShort => rules.hand_size() - 1,
        };
        // A tile set without every kind needs `shape`'s scan even at the right size: a tile
        // outside the set is an error, as for a `Hand`.
        if n == expected && self.melds.len() <= rules.melds as usize && rules.tiles.kinds() == TileSet::ALL {
            return Ok(());
        }
        if self.shape(rules)? == want {
            return Ok(());
        }
        Err(Error::WrongShape { operation, expected, found: n })
    }

    /// The win check of a hand whose size was checked.
    #[inline(always)]
    pub(crate) fn check_win(&self, rules: &Rules) -> Result<bool, Error> {
        if !self.fast(rules) {
            return self.general_win(rules);
        }
        let capped = (!rules.wildcard_fifth_copy) as usize ^ 1;
        let costs = self.costs.map(|c| c[capped]);
        if keyed::melds_form_total(&costs) <= self.wildcards as i32 {
            return Ok(true);
        }
        Ok(self.special_forms_apply(rules) && keyed::special_form_win_of_masks(&self.at_least, self.wildcards, rules))
    }

    /// The waits of a hand whose size was checked.
    pub(crate) fn check_waits(&self, rules: &Rules) -> Result<TileSet, Error> {
        let keyed = if self.fast(rules) { Keyed::get().ok() } else { None };
        let capped = !rules.wildcard_fifth_copy;
        let melds = keyed.and_then(|keyed| {
            let costs = self.costs.map(|c| c[(!capped) as usize]);
            keyed.melds_form_waits(&self.keys, &costs, self.wildcards, capped, self.full, self.at_least[0])
        });
        let waits = match melds {
            Some(melds) if self.special_forms_apply(rules) => TileSet::from_bits(
                melds.bits() | keyed::special_form_waits_of_masks(&self.at_least, self.wildcards, rules).bits(),
            ),
            Some(melds) => melds,
            None => self.general_waits(rules)?,
        };
        // A kind held four times is never a wait, whichever path answered.
        Ok(TileSet::from_bits(waits.bits() & !self.full))
    }

    /// The win check of a hand the keys do not answer alone, out of line so that the keyed path
    /// stays small.
    #[inline(never)]
    fn general_win(&self, rules: &Rules) -> Result<bool, Error> {
        if self.keyed_lowered(rules)
            && let Ok(keyed) = Keyed::get()
        {
            // Only the melds form applies with declared melds: the plain cap's verdict from the
            // cached costs first (a lowered cap only takes completions away), then the lowered one.
            let costs = self.costs.map(|c| c[0]);
            let within = self.wildcards as i32;
            return Ok(keyed::melds_form_total(&costs) <= within
                && keyed.melds_form_cost_lowered(&self.counts.0, &self.caps(), self.wildcards) <= within);
        }
        // The regional options: a hand the classic rules refuse from the cached costs loses under
        // them too (`general_win` says why).
        if self.melds.is_empty()
            && !keys_cover(rules)
            && let Some(classic) = classic_core(rules)
            && self.fast(&classic)
        {
            if let Some(win) = win_with_knitted_forms(&self.counts.0, self.wildcards, rules, &classic) {
                return Ok(win);
            }
            if !knitted_forms_may_win(self.at_least[0], self.wildcards, rules) && !self.check_win(&classic)? {
                return Ok(false);
            }
            // Told by the keys as `general_win` would tell it: not asked again.
            return regional_win(&self.to_hand(), rules);
        }
        general_win(&self.to_hand(), rules)
    }

    /// The waits of a hand the keys do not answer alone, out of line so that the keyed path stays
    /// small.
    #[inline(never)]
    fn general_waits(&self, rules: &Rules) -> Result<TileSet, Error> {
        if self.keyed_lowered(rules)
            && let Some(waits) = self.lowered_waits()
        {
            return Ok(waits);
        }
        // The classic keys' verdict is asked once: `general_waits` would ask it again of the same
        // hand.
        if self.not_ready_by_classic_keys(rules)? {
            return Ok(TileSet::EMPTY);
        }
        regional_waits(&self.to_hand(), rules)
    }

    /// True when the classic rules beneath these regional ones ([`classic_core`]) find by the
    /// cached costs that this concealed hand one tile short waits on nothing, and it holds too few
    /// of every knitted order's kinds for a knitted form: then it waits on nothing under these
    /// rules either, since a regional option only takes winning hands away (a wait is a draw that
    /// wins). False whenever that cannot be told from the keys (declared melds, a suit beyond the
    /// table, an option the keys do not know): the caller asks the regional path.
    #[inline]
    fn not_ready_by_classic_keys(&self, rules: &Rules) -> Result<bool, Error> {
        if !self.melds.is_empty()
            || keys_cover(rules)
            || (rules.knitted && knitted_forms_may_win(self.at_least[0], self.wildcards.saturating_add(1), rules))
        {
            return Ok(false);
        }
        match classic_core(rules) {
            Some(classic) if self.fast(&classic) => Ok(self.check_waits(&classic)?.is_empty()),
            _ => Ok(false),
        }
    }

    /// True when the cached costs answer this hand under these rules exactly: rules with nothing
    /// beyond melds, seven pairs, thirteen orphans and the fifth-copy option, every suit within
    /// the table, and no declared meld lowering a copy limit that a wildcard could hit.
    #[inline(always)]
    fn fast(&self, rules: &Rules) -> bool {
        let lowered_caps = !self.melds.is_empty() && self.wildcards > 0 && !rules.wildcard_fifth_copy;
        self.uncached == 0 && !lowered_caps && keys_cover(rules)
    }

    /// True when the keys answer this hand but for declared melds lowering copy limits that a
    /// wildcard could hit (see [`PackedHand::lowered_waits`]). Special forms never apply: the hand
    /// has declared melds.
    #[inline(always)]
    fn keyed_lowered(&self, rules: &Rules) -> bool {
        let lowered_caps = !self.melds.is_empty() && self.wildcards > 0 && !rules.wildcard_fifth_copy;
        self.uncached == 0 && lowered_caps && keys_cover(rules)
    }

    /// Room per kind for concealed tiles plus stand-ins: four less the declared copies.
    fn caps(&self) -> [u8; 34] {
        std::array::from_fn(|t| 4u8.saturating_sub(self.declared.0[t]))
    }

    /// The waits of a hand whose declared melds lower copy limits (four-copy cap, wildcards
    /// held): the plain cap's waits from the cached costs hold every wait, since a lowered cap
    /// only takes completions away; most hands have none, and the others have each of those
    /// tried under the lowered caps. `None` when a suit would exceed the table.
    #[inline(never)]
    fn lowered_waits(&self) -> Option<TileSet> {
        let keyed = Keyed::get().ok()?;
        let costs = self.costs.map(|c| c[0]);
        let plain = keyed.melds_form_waits(&self.keys, &costs, self.wildcards, true, self.full, self.at_least[0])?;
        let candidates = TileSet::from_bits(plain.bits() & !self.full);
        if candidates.is_empty() {
            return Some(candidates);
        }
        Some(keyed.melds_form_waits_lowered(&self.counts.0, &self.caps(), self.wildcards, candidates))
    }

    #[inline(always)]
    fn special_forms_apply(&self, rules: &Rules) -> bool {
        self.melds.is_empty() && rules.melds == 4 && rules.has_special_forms()
    }
}

/// The waits of a hand one tile short whose size was checked, when the keys do not answer it.
///
/// Under the regional options (the 2-5-8 pair, a void suit, a smaller tile set, the knitted forms)
/// `hupai-shanten`'s keyed sources answer: a ready hand's effective tiles are its waits, and a hand
/// that is not ready (most are) is found so without looking at any draw. [`SuitTable`] would try a
/// whole win check per kind there. Everything else, and any hand that path refuses, goes to
/// [`SuitTable`], which answers every hand.
///
/// Most hands are not ready, and a regional option only takes winning hands away (but for the
/// knitted forms, which [`knitted_forms_may_win`] rules out cheaply): a concealed hand the classic
/// rules beneath find not ready by the keys waits on nothing, without the regional path.
pub(crate) fn general_waits(hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
    if !keys_cover(rules) && hand.melds().is_empty() && PackedHand::for_check(hand).not_ready_by_classic_keys(rules)? {
        return Ok(TileSet::EMPTY);
    }
    regional_waits(hand, rules)
}

/// [`general_waits`] past the classic keys: `hupai-shanten`'s keyed sources, then [`SuitTable`].
fn regional_waits(hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
    if !keys_cover(rules)
        && let Ok(waits) = hupai_shanten::waits(hand, rules)
    {
        return Ok(waits);
    }
    SuitTable.check_waits(hand, rules)
}

/// The win check of a complete hand whose size was checked, when the keys do not answer it.
///
/// Under the regional options `hupai-shanten`'s keyed sources answer, as for waits: the hand wins
/// exactly when its shanten is −1, one distance per way to win asked no further than that, where
/// [`SuitTable`] would search for a decomposition (up to a microsecond and more with wildcards and
/// the knitted forms). Everything that path refuses goes to [`SuitTable`], which answers every hand.
///
/// Most hands do not win, and a regional option only narrows the winning hands (the 2-5-8 pair, a
/// void suit, a smaller tile set take completions away) but for the knitted forms, which add two:
/// so a concealed hand the classic rules beneath them refuse by the keys ([`classic_core`]: one
/// lookup per suit), and that holds too few of any knitted order's kinds for a knitted form,
/// does not win, and only the others are asked of the regional path.
///
/// Under rules whose one regional option is the knitted forms (GB's), the keys answer every
/// concealed hand ([`win_with_knitted_forms`]).
pub(crate) fn general_win(hand: &Hand, rules: &Rules) -> Result<bool, Error> {
    if !keys_cover(rules) {
        let counts = &hand.concealed().0;
        if hand.melds().is_empty()
            && let Some(classic) = classic_core(rules)
        {
            if let Some(win) = win_with_knitted_forms(counts, hand.wildcards(), rules, &classic) {
                return Ok(win);
            }
            if !(rules.knitted && knitted_forms_may_win(masks(counts)[0], hand.wildcards(), rules))
                && win_once(counts, hand.wildcards(), &classic) == Some(false)
            {
                return Ok(false);
            }
        }
    }
    regional_win(hand, rules)
}

/// [`general_win`] past the classic keys: `hupai-shanten`'s keyed sources, then [`SuitTable`].
fn regional_win(hand: &Hand, rules: &Rules) -> Result<bool, Error> {
    if !keys_cover(rules)
        && let Ok(win) = hupai_shanten::is_win(hand, rules)
    {
        return Ok(win);
    }
    SuitTable.check_win(hand, rules)
}

/// These rules without the 2-5-8 pair, the void rule, the smaller tile sets and the knitted forms,
/// when what is left is rules the keys cover; `None` otherwise (an option the keys do not know).
/// Every winning hand under the rules that is not a knitted form wins under these: each of those
/// options only takes targets away (a pair off 2, 5 and 8, a kind outside the allowed ones, for a
/// tile or for what a wildcard stands for), and the copy limits, wildcards and remaining forms are
/// the same.
#[inline(always)]
pub(crate) fn classic_core(rules: &Rules) -> Option<Rules> {
    let mut classic = rules.with_pair_258(false).with_void_rule(VoidSuit::Off).with_tiles(TileSupply::Standard136);
    classic.knitted = false;
    keys_cover(&classic).then_some(classic)
}

/// True when a complete concealed hand given as counts (no size checked) loses under `rules`, told
/// by the keys under `classic` (its [`classic_core`]) as [`general_win`] tells it: the counts make
/// a complete hand of tiles within the rules' set, the classic rules refuse it, and no knitted form
/// can win it. False when that cannot be told so (the caller's general path answers, or names what
/// is wrong with the hand).
#[inline]
pub(crate) fn loses_by_classic_keys(counts: &[u8; 34], wildcards: u8, rules: &Rules, classic: &Rules) -> bool {
    // The keys first: they refuse a count above four, which `masks` needs.
    if win_once_complete(counts, wildcards, classic) != Some(false) {
        return false;
    }
    let held = masks(counts)[0];
    held & !rules.tiles.kinds().bits() == 0 && !(rules.knitted && knitted_forms_may_win(held, wildcards, rules))
}

/// The verdict of a complete concealed hand (counts of at most four each, no size checked beyond
/// what the keys check) under rules that are their [`classic_core`] `classic` plus the knitted
/// forms and nothing else (GB's: no 2-5-8 pair, no void, every kind, four copies), from the keys
/// alone; `None` under other rules or where the keys cannot answer. Such a hand wins when it wins
/// under the classic rules (the knitted forms only add winning hands), or as honors and knitted
/// tiles (fourteen distinct kinds, each held once, of one order's sixteen), or as a knitted
/// straight: one of each of an order's nine kinds (held, or a wildcard for each missing one), the
/// rest a meld and a pair, which is the keys' verdict on the rest as a 5-tile hand (a meld and a
/// pair hold at most three copies of a kind, so the straight's copy never binds them).
#[inline]
fn win_with_knitted_forms(counts: &[u8; 34], wildcards: u8, rules: &Rules, classic: &Rules) -> Option<bool> {
    let mut knitted_only = *classic;
    knitted_only.knitted = true;
    // 144 tiles differ from 136 only by the bonus tiles, which never enter a winning shape.
    if rules.tiles.kinds() == TileSet::ALL {
        knitted_only.tiles = rules.tiles;
    }
    if !rules.knitted || rules.melds != 4 || rules.wildcard_fifth_copy || knitted_only != *rules {
        return None;
    }
    if win_once(counts, wildcards, classic)? {
        return Some(true);
    }
    let at_least = masks(counts);
    let held = at_least[0];
    let mut rest_rules = Rules::STANDARD;
    rest_rules.melds = 1;
    for &(straight, honors_and_knitted) in KNITTED_KINDS.iter() {
        if at_least[1] == 0 && held & !honors_and_knitted == 0 && held.count_ones() + u32::from(wildcards) == 14 {
            return Some(true);
        }
        let missing = (straight & !held).count_ones();
        if missing > u32::from(wildcards) {
            continue;
        }
        let mut rest = *counts;
        let mut taken = straight & held;
        while taken != 0 {
            rest[taken.trailing_zeros() as usize] -= 1;
            taken &= taken - 1;
        }
        if win_once_complete(&rest, wildcards - missing as u8, &rest_rules)? {
            return Some(true);
        }
    }
    Some(false)
}

/// Per knitted order (as [`knitted::KNITTED_ORDERS`]): the straight's nine kinds and the honors
/// and knitted tiles' sixteen, as bits.
static KNITTED_KINDS: LazyLock<[(u64, u64); 6]> = LazyLock::new(|| {
    knitted::KNITTED_ORDERS.map(|o| (knitted::knitted_set(o).bits(), knitted::honors_and_knitted_kinds(o).bits()))
});

/// False when neither knitted form can win a concealed hand holding the kinds `held` (bits) with
/// `added` more tiles (its wildcards, plus one for a hand one short): under rules without them, or
/// when every order's straight misses more kinds than that and the hand holds fewer than
/// 14 − `added` of every order's honors and knitted kinds (each form needs one of each of its
/// kinds, held or added).
#[inline(always)]
fn knitted_forms_may_win(held: u64, added: u8, rules: &Rules) -> bool {
    rules.knitted
        && KNITTED_KINDS.iter().any(|&(straight, honors_and_knitted)| {
            (straight & !held).count_ones() <= u32::from(added)
                || (honors_and_knitted & held).count_ones() + u32::from(added) >= 14
        })
}

/// The verdict of a complete concealed hand (no declared melds) from one lookup per suit, without
/// packing it; `None` when a count exceeds four, a suit exceeds the table or the tables did not
/// load (the caller takes the general path). The caller has checked [`keys_cover`].
#[inline]
pub(crate) fn win_once(counts: &[u8; 34], wildcards: u8, rules: &Rules) -> Option<bool> {
    let keys = SuitKeys::from_counts(counts)?;
    win_of_keys(&keys, counts, wildcards, rules)
}

/// [`win_once`] for counts whose size nobody has checked: `None` also when the counts and
/// wildcards are not the rules' complete hand size, so that the caller's general path names the
/// error. The caller has checked [`keys_cover`].
#[inline]
pub(crate) fn win_once_complete(counts: &[u8; 34], wildcards: u8, rules: &Rules) -> Option<bool> {
    // The keys first: they refuse a count above four, which `tile_sum` needs.
    let keys = SuitKeys::from_counts(counts)?;
    if usize::from(tile_sum(counts)) + usize::from(wildcards) != rules.hand_size() {
        return None;
    }
    win_of_keys(&keys, counts, wildcards, rules)
}

#[inline(always)]
fn win_of_keys(keys: &SuitKeys, counts: &[u8; 34], wildcards: u8, rules: &Rules) -> Option<bool> {
    let keyed = Keyed::get().ok()?;
    let costs = keyed.costs(keys, !rules.wildcard_fifth_copy)?;
    if keyed::melds_form_total(&costs) <= wildcards as i32 {
        return Some(true);
    }
    Some(rules.melds == 4 && rules.has_special_forms() && keyed::special_form_win(counts, wildcards, rules))
}

/// True if `rules` set nothing the keyed lookups do not know: every field other than the meld
/// count, seven pairs, thirteen orphans and the fifth-copy option is as in [`Rules::STANDARD`].
/// New rule options therefore take the general path until the keyed path learns them.
#[inline(always)]
pub(crate) fn keys_cover(rules: &Rules) -> bool {
    let mut known = Rules::STANDARD;
    known.melds = rules.melds;
    known.seven_pairs = rules.seven_pairs;
    known.thirteen_orphans = rules.thirteen_orphans;
    known.wildcard_fifth_copy = rules.wildcard_fifth_copy;
    // The wildcard tile is applied when a hand's text is read, before any check.
    known.wildcard_tile = rules.wildcard_tile;
    // 144 tiles differ from 136 only by the bonus tiles, which never enter a winning shape.
    if rules.tiles.kinds() == TileSet::ALL {
        known.tiles = rules.tiles;
    }
    known == *rules
}

const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The 34 counts as five little-endian words (the last holds two kinds).
#[inline(always)]
fn words(counts: &[u8; 34]) -> [u64; 5] {
    std::array::from_fn(|w| {
        let mut bytes = [0u8; 8];
        let from = 8 * w;
        let to = (from + 8).min(34);
        bytes[..to - from].copy_from_slice(&counts[from..to]);
        u64::from_le_bytes(bytes)
    })
}

/// The "held more than k times" masks of concealed counts (each at most 4), byte-parallel: a
/// byte's top bit says "at least k + 1", and one multiply gathers the eight top bits of a word.
#[inline]
fn masks(counts: &[u8; 34]) -> [u64; 4] {
    let mut at_least = [0u64; 4];
    for (w, x) in words(counts).into_iter().enumerate() {
        for (k, mask) in at_least.iter_mut().enumerate() {
            // Counts are at most 4, so adding 0x7f − k never carries into the next byte.
            let flags = ((x + (0x7f - k as u64) * LOW) & HIGH) >> 7;
            *mask |= (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * w);
        }
    }
    at_least
}

/// The number of tiles in counts of at most 4 each.
#[inline]
fn tile_sum(counts: &[u8; 34]) -> u16 {
    words(counts).into_iter().map(|x| (x.wrapping_mul(LOW) >> 56) as u16).sum()
}

fn full_kinds(physical: &TileCounts) -> u64 {
    // Without a branch a kind: a bit for each count of four or more.
    physical.0.iter().enumerate().fold(0, |bits, (k, &c)| bits | u64::from(c >= 4) << k)
}

fn too_many(counts: &[u8; 34]) -> Error {
    match Tile::ALL.iter().find(|t| counts[t.index()] > 4) {
        Some(&tile) => Error::TooManyCopies { tile, count: usize::from(counts[tile.index()]) },
        None => Error::HandSize { found: counts.iter().map(|&n| n as usize).sum(), expected: 14 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_and_remove_keep_keys_equal_to_a_fresh_pack() {
        let hand: Hand = "1112345678999m".parse().unwrap();
        let mut packed = PackedHand::from_hand(&hand);
        let nine: Tile = "9m".parse().unwrap();
        packed.add(nine).unwrap();
        assert!(matches!(packed.add(nine), Err(Error::TooManyCopies { count: 5, .. })), "a fifth 9m");
        packed.remove(nine).unwrap();
        packed.remove(nine).unwrap();
        packed.add("5z".parse().unwrap()).unwrap();
        let again = PackedHand::from_hand(&packed.to_hand());
        assert_eq!(packed, again);
        assert!(matches!(packed.remove("6z".parse().unwrap()), Err(Error::NotHeld { .. })));
    }

    /// `held_at_least` is the counts' census, as tiles come and go.
    #[test]
    fn held_at_least_follows_the_counts() {
        let mut packed = PackedHand::from_hand(&"1112345678999m55p7z".parse().unwrap());
        let census = |packed: &PackedHand, copies: u8| {
            (0..34).filter(|&t| packed.counts().0[t] >= copies).fold(0u64, |set, t| set | 1 << t)
        };
        for step in 0..4 {
            for copies in 1..=4 {
                assert_eq!(packed.held_at_least(copies), census(&packed, copies), "{copies} copies, step {step}");
            }
            if step < 3 {
                packed.remove("1m".parse().unwrap()).unwrap();
                packed.add("7z".parse().unwrap()).unwrap();
            }
        }
        assert_eq!(packed.held_at_least(0), 0);
        assert_eq!(packed.held_at_least(5), 0);
    }
}
