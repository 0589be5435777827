//! What every question needs first: the rules checked ([`check_rules`]), the hand's shape under them
//! and its tiles split for the per-suit programs ([`Prepared`]), and the distances every form is
//! measured in (tiles to add to the real tiles), turned into shanten numbers.

use hupai_tiles::{Error, Feature, Hand, Rules, SevenPairs};

use crate::shanten::{Form, Shanten};
use crate::special::Stats;
use crate::vector::{self, EMPTY, INF, MAX_M, Vector};
use crate::{NAME, exact, table};

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
pub(crate) struct Prepared<'a> {
    /// Real concealed tiles.
    pub(crate) counts: &'a [u8; 34],
    /// Where physical copies (concealed and declared) come from, for the questions that need them.
    pub(crate) physical: PhysicalSource<'a>,
    /// Room per kind for concealed tiles plus stand-ins (4 minus declared copies), when declared
    /// melds lower any; `None` for the plain four everywhere.
    pub(crate) caps: Option<[u8; 34]>,
    pub(crate) wildcards: u8,
    /// Melds the concealed tiles and wildcards must form (besides the pair).
    pub(crate) melds: usize,
    /// Whether seven pairs / thirteen orphans count for this hand.
    pub(crate) seven_pairs: SevenPairs,
    pub(crate) thirteen_orphans: bool,
    /// The fifth-copy option matters (it is on and the hand has wildcards).
    pub(crate) fifth: bool,
    /// Concealed tiles plus wildcards is 3k + 2.
    pub(crate) complete: bool,
}

#[inline(always)]
pub(crate) fn prepare<'a>(hand: &'a Hand, rules: &Rules) -> Result<Prepared<'a>, Error> {
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
pub(crate) struct PhysicalSource<'a>(pub(crate) &'a Hand);

impl PhysicalSource<'_> {
    pub(crate) fn counts(&self) -> [u8; 34] {
        self.0.held_counts().0
    }
}

/// Suit `s` (0–3) of a count array, and its length (9, or 7 for honors).
#[inline(always)]
pub(crate) fn suit_range(s: usize) -> std::ops::Range<usize> {
    if s < 3 { s * 9..s * 9 + 9 } else { 27..34 }
}

/// The suit of kind `k`: 0–2 numbered, 3 honors.
#[inline(always)]
pub(crate) fn suit_of_kind(k: usize) -> usize {
    (k / 9).min(3)
}

impl Prepared<'_> {
    /// The vector of suit `s` for these counts (capped; not the fifth-copy path).
    #[inline(always)]
    pub(crate) fn vector(&self, counts: &[u8; 34], s: usize) -> Vector {
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

    /// Fewest tiles to add for the melds form from scratch.
    pub(crate) fn melds_distance(&self, counts: &[u8; 34]) -> u8 {
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
    pub(crate) fn melds_capped(&self, counts: &[u8; 34]) -> u8 {
        // Spelled out: `array::from_fn`'s closure is not always inlined, and this is the hot path.
        let v = [self.vector(counts, 0), self.vector(counts, 1), self.vector(counts, 2), self.vector(counts, 3)];
        vector::four_suits_distance(&v, self.melds)
    }

    /// The fewest tiles any form can need: the target's size less the real tiles held (each real
    /// tile saves at most one tile to add). A distance found at the floor is the answer.
    pub(crate) fn floor(&self, counts: &[u8; 34]) -> u8 {
        let real: usize = counts.iter().map(|&c| usize::from(c)).sum();
        (3 * self.melds + 2).saturating_sub(real).min(usize::from(u8::MAX)) as u8
    }

    /// These questions with seven pairs and thirteen orphans counting as given (the regional
    /// options narrow them per way to win) and `melds` melds to form.
    pub(crate) fn with_forms(&self, seven_pairs: SevenPairs, thirteen_orphans: bool, melds: usize) -> Prepared<'_> {
        Prepared {
            counts: self.counts,
            physical: PhysicalSource(self.physical.0),
            caps: self.caps,
            wildcards: self.wildcards,
            melds,
            seven_pairs,
            thirteen_orphans,
            fifth: self.fifth,
            complete: self.complete,
        }
    }

    /// The special forms' distances (seven pairs, thirteen orphans), when they count.
    #[inline(always)]
    pub(crate) fn special_distances(&self, stats: &Stats) -> (Option<u8>, Option<u8>) {
        let seven = match self.seven_pairs {
            SevenPairs::Off => None,
            rule => Some(stats.seven_pairs(rule)),
        };
        let orphans = self.thirteen_orphans.then(|| stats.thirteen_orphans());
        (seven, orphans)
    }

    /// The shanten from the forms' distances (tiles to add to the real tiles).
    pub(crate) fn shanten_of(&self, melds: u8, seven: Option<u8>, orphans: Option<u8>) -> Shanten {
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
    pub(crate) fn best(&self, melds: u8, stats: &Stats) -> u8 {
        let (seven, orphans) = self.special_distances(stats);
        melds.min(seven.unwrap_or(INF)).min(orphans.unwrap_or(INF))
    }

    pub(crate) fn shanten_number(&self, distance: u8, wildcards: u8) -> i8 {
        (distance as i16 - wildcards as i16 - 1).clamp(-1, 127) as i8
    }
}
