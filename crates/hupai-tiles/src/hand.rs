//! A hand: concealed tile counts, wildcards, declared melds, and the checks that keep it physically possible.

use arrayvec::ArrayVec;

use crate::{BonusTile, Error, Rules, Tile, TileCounts, TileSet};

/// Most declared melds any rule set has room for (five under the 16-tile rules).
pub const MAX_MELDS: usize = 5;

/// A declared (exposed, or concealed kan) meld: fixed, not part of the decomposition search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Meld {
    /// A sequence (吃), named by its lowest tile.
    Chi(Tile),
    /// A triplet (碰).
    Pon(Tile),
    /// Four of a kind (杠) made with a claimed tile or added to a claimed triplet; counts as one
    /// meld of three toward the hand size.
    Kan(Tile),
    /// Four of a kind declared from the player's own concealed tiles (暗杠 / ankan), written
    /// `(5555z)`. It wins and waits exactly like [`Meld::Kan`]; scoring treats it as concealed.
    ClosedKan(Tile),
}

impl Meld {
    /// The meld made of exactly these counts, if they are one.
    pub fn from_tiles(tiles: &[Tile]) -> Option<Meld> {
        let mut sorted: ArrayVec<Tile, 4> = ArrayVec::new();
        for &t in tiles {
            sorted.try_push(t).ok()?;
        }
        sorted.sort();
        match sorted.as_slice() {
            [a, b, c] if a == b && b == c => Some(Meld::Pon(*a)),
            [a, b, c, d] if a == b && b == c && c == d => Some(Meld::Kan(*a)),
            [a, b, c] if a.starts_sequence() && a.next_in_suit() == Some(*b) && b.next_in_suit() == Some(*c) => {
                Some(Meld::Chi(*a))
            }
            _ => None,
        }
    }

    /// The meld's tiles in order. A chi that is not [`Meld::is_valid`] (`Chi(7z)`) gives
    /// meaningless tiles, but never panics.
    pub fn tiles(self) -> ArrayVec<Tile, 4> {
        let mut v = ArrayVec::new();
        match self {
            Meld::Chi(t) => {
                let i = t.index();
                for k in 0..3 {
                    v.push(Tile::new(i + k).unwrap_or(t));
                }
            }
            Meld::Pon(t) => v.extend([t; 3]),
            Meld::Kan(t) | Meld::ClosedKan(t) => v.extend([t; 4]),
        }
        v
    }

    /// The lowest tile.
    pub fn tile(self) -> Tile {
        match self {
            Meld::Chi(t) | Meld::Pon(t) | Meld::Kan(t) | Meld::ClosedKan(t) => t,
        }
    }

    /// True for either kind of kan (four of a kind).
    pub fn is_kan(self) -> bool {
        matches!(self, Meld::Kan(_) | Meld::ClosedKan(_))
    }

    /// True if the meld was made with another player's tile: everything but a concealed kan.
    pub fn is_open(self) -> bool {
        !matches!(self, Meld::ClosedKan(_))
    }

    /// True if the meld is well formed (a chi starts at rank 1–7 of a numbered suit).
    pub fn is_valid(self) -> bool {
        match self {
            Meld::Chi(t) => t.starts_sequence(),
            _ => true,
        }
    }
}

/// Whether a hand is complete (asks "does it win?") or one tile short (asks "what does it wait on?").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HandShape {
    /// Exactly the rules' hand size.
    Complete,
    /// One tile short of it.
    OneShort,
}

/// A hand: concealed tiles as counts, wildcards (癞子) as a number, declared melds, and any bonus
/// tiles set aside. Always physically possible: at most four copies of a kind counting concealed
/// tiles and declared melds.
///
/// ```
/// use hupai_tiles::{Hand, Rules, HandShape};
/// let hand: Hand = "11m234p**[789s][5555z]".parse().unwrap();
/// assert_eq!(hand.wildcards(), 2);
/// assert_eq!(hand.melds().len(), 2);
/// assert_eq!(hand.tile_count(), 13);
/// assert_eq!(hand.shape(&Rules::STANDARD).unwrap(), HandShape::OneShort);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hand {
    concealed: TileCounts,
    wildcards: u8,
    melds: ArrayVec<Meld, MAX_MELDS>,
    red_fives: [u8; 3],
    /// Red fives inside declared melds, per numbered suit.
    #[cfg_attr(feature = "serde", serde(default))]
    meld_red_fives: [u8; 3],
    bonus: ArrayVec<BonusTile, 8>,
    /// Wildcards that are physical copies of a wildcard tile ([`Hand::with_wildcard_tile`]), per
    /// kind: they still occupy copies of that kind, so it cannot be drawn once four are held.
    #[cfg_attr(feature = "serde", serde(default))]
    wildcard_copies: TileCounts,
}

impl Hand {
    /// A concealed hand with wildcards; fails if a kind has more than four copies.
    pub fn from_counts(concealed: TileCounts, wildcards: u8) -> Result<Hand, Error> {
        Hand::new(concealed, wildcards, &[])
    }

    /// A concealed hand from counts the caller has already checked (at most four of a kind): the
    /// notation's fast path, which counts as it reads.
    pub(crate) fn from_checked_counts(concealed: TileCounts, wildcards: u8) -> Hand {
        debug_assert!(concealed.0.iter().all(|&c| c <= 4));
        Hand { concealed, wildcards, ..Hand::default() }
    }

    /// A hand with declared melds; fails on a malformed meld, more than five melds, or a fifth copy.
    pub fn new(concealed: TileCounts, wildcards: u8, melds: &[Meld]) -> Result<Hand, Error> {
        if melds.len() > MAX_MELDS {
            return Err(Error::TooManyMelds { found: melds.len(), max: MAX_MELDS });
        }
        let mut hand = Hand { concealed, wildcards, ..Hand::default() };
        for &m in melds {
            if !m.is_valid() {
                return Err(Error::NotAMeld { position: 0, text: format!("{m:?}") });
            }
            hand.melds.push(m);
        }
        hand.check_copies()?;
        Ok(hand)
    }

    /// Fails with [`Error::TooManyCopies`] naming the first kind held more than four times.
    pub fn check_copies(&self) -> Result<(), Error> {
        let declared = self.declared_counts();
        // Over the plain arrays first, without a branch a kind (a saturated sum is still above
        // four); the kinds are walked one by one only for a hand that fails, to name the first.
        let over =
            self.concealed.0.iter().zip(&declared.0).fold(false, |over, (&c, &d)| over | (c.saturating_add(d) > 4));
        if !over {
            return Ok(());
        }
        for t in Tile::ALL {
            // Counted wide, so the error states the true count.
            let count = usize::from(self.concealed[t]) + usize::from(declared[t]);
            if count > 4 {
                return Err(Error::TooManyCopies { tile: t, count });
            }
        }
        Ok(())
    }

    /// The concealed tiles (wildcards excluded).
    #[inline]
    pub fn concealed(&self) -> &TileCounts {
        &self.concealed
    }

    /// Number of wildcards in the concealed part.
    #[inline]
    pub fn wildcards(&self) -> u8 {
        self.wildcards
    }

    /// Declared melds in the order given.
    #[inline]
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// Red fives among the concealed fives, per numbered suit (m, p, s). Bookkeeping only:
    /// a red five is a five for every win check.
    pub fn red_fives(&self) -> [u8; 3] {
        self.red_fives
    }

    /// Red fives inside declared melds (`[0m46m]`, `(0555p)`), per numbered suit (m, p, s).
    /// Bookkeeping only, like [`Hand::red_fives`]; scoring counts both.
    pub fn meld_red_fives(&self) -> [u8; 3] {
        self.meld_red_fives
    }

    /// True if no meld was declared with another player's tile (concealed kans allowed).
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.is_open())
    }

    /// Bonus tiles (flowers, seasons) set aside, in notation order `1f`–`8f`; they never enter a
    /// winning shape.
    pub fn bonus(&self) -> &[BonusTile] {
        &self.bonus
    }

    /// Tiles counted toward the hand size: concealed + wildcards + 3 per declared meld
    /// (a kan counts as three).
    #[inline]
    pub fn tile_count(&self) -> usize {
        self.concealed.total() as usize + self.wildcards as usize + 3 * self.melds.len()
    }

    /// Copies of each kind in declared melds.
    pub fn declared_counts(&self) -> TileCounts {
        let mut c = TileCounts::EMPTY;
        for m in &self.melds {
            for t in m.tiles() {
                c[t] += 1;
            }
        }
        c
    }

    /// Copies of each kind the hand physically holds as that kind: concealed plus declared
    /// (wildcards excluded). This is what limits wildcards standing in for a kind.
    pub fn physical_counts(&self) -> TileCounts {
        let mut c = self.concealed;
        for m in &self.melds {
            for t in m.tiles() {
                c[t] = c[t].saturating_add(1);
            }
        }
        c
    }

    /// The kinds of the hand's physical tiles (concealed and declared), without adding up copies
    /// when nothing is declared.
    #[inline]
    fn held_kinds(&self) -> TileSet {
        if self.melds.is_empty() { self.concealed.kinds() } else { self.physical_counts().kinds() }
    }

    /// Copies of each kind the hand holds in any role: concealed, declared, and wildcards that are
    /// physical copies of a wildcard tile ([`Hand::with_wildcard_tile`]). A kind held four times
    /// here cannot be drawn, so it is never a wait.
    pub fn held_counts(&self) -> TileCounts {
        let mut c = self.physical_counts();
        // Over the plain arrays, which the compiler adds sixteen kinds at a time.
        for (n, &w) in c.0.iter_mut().zip(&self.wildcard_copies.0) {
            *n = n.saturating_add(w);
        }
        c
    }

    /// Wildcards that are physical copies of a wildcard tile, per kind ([`Hand::with_wildcard_tile`]).
    pub fn wildcard_copies(&self) -> &TileCounts {
        &self.wildcard_copies
    }

    /// The kinds the hand holds all four copies of ([`Hand::held_counts`]): none can be drawn.
    pub fn exhausted_kinds(&self) -> TileSet {
        let held = self.held_counts();
        Tile::ALL.into_iter().filter(|&t| held[t] >= 4).collect()
    }

    /// Melds still to be formed from the concealed tiles and wildcards under these rules.
    pub fn melds_needed(&self, rules: &Rules) -> usize {
        (rules.melds as usize).saturating_sub(self.melds.len())
    }

    /// Whether the hand is complete or one short under the rules; an error names the size otherwise.
    pub fn shape(&self, rules: &Rules) -> Result<HandShape, Error> {
        if self.melds.len() > rules.melds as usize {
            return Err(Error::TooManyMelds { found: self.melds.len(), max: rules.melds as usize });
        }
        self.check_tile_supply(rules)?;
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

    /// Fails with [`Error::NotInTileSet`] naming the first tile (concealed, declared or bonus)
    /// outside the tile set the rules play with.
    pub fn check_tile_supply(&self, rules: &Rules) -> Result<(), Error> {
        let kinds = rules.tiles.kinds();
        // Every check of every hand passes here: a set of all 34 kinds needs no scan, and the
        // others one mask.
        if kinds != TileSet::ALL
            && let Some(t) = TileSet::from_bits(self.held_kinds().bits() & !kinds.bits()).iter().next()
        {
            return Err(Error::NotInTileSet { tile: t.to_string(), supply: rules.tiles });
        }
        match self.bonus.first() {
            Some(b) if !rules.tiles.has_bonus() => {
                Err(Error::NotInTileSet { tile: b.to_string(), supply: rules.tiles })
            }
            _ => Ok(()),
        }
    }

    /// Fails with [`Error::TooManySeen`] naming the first kind that `visible` (tiles seen outside
    /// the hand) and the hand's own copies (concealed, declared, and those turned into wildcards)
    /// hold more of than the tiles the rules play with: four, or none for a kind outside the set.
    /// Every question that counts unseen copies (effective tiles, discard advice, draw odds) asks
    /// this first, so too many tiles seen is an error, never "0 unseen".
    pub fn check_visible(&self, rules: &Rules, visible: &TileCounts) -> Result<(), Error> {
        // Batches ask with nothing visible: no scan, and the hand's counts only when needed.
        if visible.0 == [0; 34] {
            return Ok(());
        }
        let mut held = None;
        let kinds = rules.tiles.kinds();
        for tile in Tile::ALL {
            let seen = visible[tile];
            if seen == 0 {
                continue;
            }
            let held = held.get_or_insert_with(|| self.held_counts());
            let limit = if kinds.contains(tile) { 4 } else { 0 };
            if u16::from(held[tile]) + u16::from(seen) > u16::from(limit) {
                return Err(Error::TooManySeen { tile, held: held[tile], visible: seen, limit });
            }
        }
        Ok(())
    }

    /// True if seven pairs and thirteen orphans can apply: no declared melds and a 14-tile hand.
    pub fn special_forms_apply(&self, rules: &Rules) -> bool {
        self.melds.is_empty() && rules.melds == 4
    }

    /// Adds one concealed tile (e.g. the drawn tile). Fails on a fifth copy, counting copies
    /// turned into wildcards by [`Hand::with_wildcard_tile`].
    pub fn with_tile(&self, tile: Tile) -> Result<Hand, Error> {
        let mut h = self.clone();
        h.concealed[tile] += 1;
        let count = usize::from(h.held_counts()[tile]);
        if count > 4 {
            return Err(Error::TooManyCopies { tile, count });
        }
        Ok(h)
    }

    /// The same hand with one more concealed tile, without the copy check; for wait searches
    /// that have already excluded kinds held four times.
    #[inline]
    pub fn with_tile_unchecked(&self, tile: Tile) -> Hand {
        let mut h = self.clone();
        h.concealed[tile] += 1;
        h
    }

    /// Every concealed copy of `tile` becomes a wildcard (as in 红中癞子, where the red dragon
    /// is wild). Declared melds are untouched. The hand remembers that those wildcards are copies
    /// of `tile` ([`Hand::held_counts`]), so four of them make `tile` impossible to draw.
    ///
    /// Fails with [`Error::TooManyWildcards`] if the wildcards would number more than 255.
    ///
    /// ```
    /// use hupai_tiles::{Hand, Tile};
    /// let hand: Hand = "123m456p789s7777z".parse()?;
    /// let wild = hand.with_wildcard_tile(Tile::RED)?;
    /// assert_eq!(wild.wildcards(), 4);
    /// assert!(wild.exhausted_kinds().contains(Tile::RED)); // all four red dragons are held
    /// # Ok::<(), hupai_tiles::Error>(())
    /// ```
    pub fn with_wildcard_tile(&self, tile: Tile) -> Result<Hand, Error> {
        let mut h = self.clone();
        let n = h.concealed[tile];
        let total = usize::from(h.wildcards) + usize::from(n);
        h.wildcards = u8::try_from(total).map_err(|_| Error::TooManyWildcards { found: total, max: u8::MAX.into() })?;
        h.concealed[tile] = 0;
        h.wildcard_copies[tile] += n;
        if tile.rank() == 5 && !tile.is_honor() {
            h.red_fives[tile.suit().offset() / 9] = 0;
        }
        Ok(h)
    }

    /// Sets the wildcard count. The wildcards are plain ones: the hand forgets any it knew to be
    /// copies of a wildcard tile.
    pub fn with_wildcards(&self, wildcards: u8) -> Hand {
        let mut h = self.clone();
        h.wildcards = wildcards;
        h.wildcard_copies = TileCounts::EMPTY;
        h
    }

    /// This hand with red fives marked: `concealed` among the concealed fives and `melds` inside
    /// declared melds, per numbered suit (m, p, s). Fails if a suit marks more red fives than the
    /// hand holds fives there. Red fives are bookkeeping for scoring (dora); no check sees them.
    pub fn with_red_fives(mut self, concealed: [u8; 3], melds: [u8; 3]) -> Result<Hand, Error> {
        let declared = self.declared_counts();
        for (s, offset) in [0usize, 9, 18].into_iter().enumerate() {
            let five = Tile::ALL[offset + 4];
            if concealed[s] > self.concealed[five] || melds[s] > declared[five] {
                return Err(Error::NotHeld { tile: format!("red {five}") });
            }
        }
        self.red_fives = concealed;
        self.meld_red_fives = melds;
        Ok(self)
    }

    pub(crate) fn set_red_fives(&mut self, red: [u8; 3]) {
        self.red_fives = red;
    }

    /// Inserts in notation order, so that hands equal as multisets compare equal and `Display`
    /// (which prints bonus tiles sorted) parses back to the same hand.
    /// Adds a bonus tile in notation order; false if the set already has it (there is one of each).
    pub(crate) fn push_bonus(&mut self, b: BonusTile) -> bool {
        if self.bonus.is_full() || self.bonus.contains(&b) {
            return false;
        }
        let at = self.bonus.partition_point(|&x| x <= b);
        self.bonus.insert(at, b);
        true
    }

    pub(crate) fn set_meld_red_fives(&mut self, red: [u8; 3]) {
        self.meld_red_fives = red;
    }

    pub(crate) fn push_meld(&mut self, m: Meld) -> bool {
        self.melds.try_push(m).is_ok()
    }

    pub(crate) fn concealed_mut(&mut self) -> &mut TileCounts {
        &mut self.concealed
    }

    pub(crate) fn add_wildcard(&mut self) {
        self.wildcards = self.wildcards.saturating_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn visible_tiles_beyond_the_copies_played_with_are_named() {
        let hand: Hand = "123m456p789s1122z[111m]".parse().unwrap();
        let visible = |text: &str| text.parse::<Hand>().unwrap().physical_counts();
        assert_eq!(hand.check_visible(&Rules::STANDARD, &visible("9m22z")), Ok(()));
        let err = hand.check_visible(&Rules::STANDARD, &visible("11m")).unwrap_err();
        assert_eq!(err, Error::TooManySeen { tile: t("1m"), held: 4, visible: 2, limit: 4 });
        assert_eq!(err.to_string(), "visible tiles: 1m is seen 6 times (the hand's 4 and 2 visible); there are only 4");
        // Copies turned into wildcards are still the hand's tiles.
        let wild = hand.with_wildcard_tile(t("2z")).unwrap();
        assert!(matches!(wild.check_visible(&Rules::STANDARD, &visible("333z")), Ok(())));
        assert!(matches!(
            wild.check_visible(&Rules::STANDARD, &visible("222z")),
            Err(Error::TooManySeen { held: 2, visible: 3, .. })
        ));
        // A kind outside the tiles played with cannot be seen at all.
        let sichuan: Hand = "123m456p789s1199m".parse().unwrap();
        let err = sichuan.check_visible(&Rules::SICHUAN, &visible("7z")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "visible tiles: 7z is seen once (the hand's 0 and 1 visible); the tiles played with have none"
        );
    }

    #[test]
    fn meld_from_tiles() {
        assert_eq!(Meld::from_tiles(&[t("9s"), t("7s"), t("8s")]), Some(Meld::Chi(t("7s"))));
        assert_eq!(Meld::from_tiles(&[t("5z"); 4]), Some(Meld::Kan(t("5z"))));
        assert_eq!(Meld::from_tiles(&[t("1z"), t("2z"), t("3z")]), None);
        assert_eq!(Meld::from_tiles(&[t("8m"), t("9m"), t("1p")]), None);
        assert_eq!(Meld::from_tiles(&[t("1m"), t("1m")]), None);
    }

    #[test]
    fn copies_count_declared_melds() {
        let mut c = TileCounts::EMPTY;
        c[t("5z")] = 1;
        let err = Hand::new(c, 0, &[Meld::Kan(t("5z"))]).unwrap_err();
        assert_eq!(err, Error::TooManyCopies { tile: t("5z"), count: 5 });
    }

    #[test]
    fn shape_follows_rules() {
        let h: Hand = "123m456p789s11122z".parse().unwrap();
        assert_eq!(h.shape(&Rules::STANDARD).unwrap(), HandShape::Complete);
        assert!(matches!(h.shape(&Rules::TAIWAN), Err(Error::HandSize { found: 14, expected: 17 })));
        let short: Hand = "123m456p789s1122z".parse().unwrap();
        assert_eq!(short.shape(&Rules::STANDARD).unwrap(), HandShape::OneShort);
    }

    #[test]
    fn wildcard_tile_moves_copies() {
        let h: Hand = "123m456p789s111z77z".parse().unwrap();
        let w = h.with_wildcard_tile(Tile::RED).unwrap();
        assert_eq!(w.wildcards(), 2);
        assert_eq!(w.concealed()[Tile::RED], 0);
        assert_eq!(w.tile_count(), 14);
        assert_eq!(w.held_counts()[Tile::RED], 2);
        assert_eq!(w.physical_counts()[Tile::RED], 0);
        // Two more red dragons are drawable; a third is not.
        let w = w.with_tile(Tile::RED).unwrap().with_tile(Tile::RED).unwrap();
        assert_eq!(w.with_tile(Tile::RED).unwrap_err(), Error::TooManyCopies { tile: Tile::RED, count: 5 });
    }

    #[test]
    fn wildcard_tile_overflow_states_the_true_count() {
        let h: Hand = format!("{}7777z", "*".repeat(252)).parse().unwrap();
        let err = h.with_wildcard_tile(Tile::RED).unwrap_err();
        assert_eq!(err, Error::TooManyWildcards { found: 256, max: 255 });
        assert_eq!(err.to_string(), "256 wildcards; a hand holds at most 255");
        assert_eq!(h.with_wildcard_tile(t("1z")).unwrap().wildcards(), 252);
    }

    #[test]
    fn four_wildcard_copies_exhaust_the_kind() {
        let h: Hand = "123m456p789s7777z".parse().unwrap();
        let w = h.with_wildcard_tile(Tile::RED).unwrap();
        assert_eq!(w.exhausted_kinds().iter().collect::<Vec<_>>(), vec![Tile::RED]);
        assert!(w.with_wildcards(4).exhausted_kinds().is_empty());
    }
}
