//! `index`: S002's index method. A hand's run-length key is computed from its counts and probed in a
//! perfect hash built offline; the table value lists every decomposition, so wins, waits and
//! decompositions need no search.

mod key;
mod table;

use std::sync::LazyLock;

use hupai_tiles::{Algorithm, Capabilities, Decomposition, Error, Hand, Rules, SevenPairs, Tile, TileCounts, TileSet};

use crate::format::FormatError;
use crate::tables::{self, Table};
pub(crate) use key::{key_and_even, key_general, segment_key};
pub use table::{
    DecompositionWord, IndexData, IndexStats, IndexTable, RunDecomposition, RunGroup, ShapeEntry, ShapeFlags, phf, runs,
};

/// The committed artifact (or its [`crate::tables::replace`]ment), validated on first use.
static TABLE: LazyLock<Result<IndexTable, FormatError>> =
    LazyLock::new(|| tables::load_index(tables::bytes(Table::Index)));

/// The embedded index table, validated once (on first use) and shared by every thread.
pub fn table() -> Result<&'static IndexTable, FormatError> {
    TABLE.as_ref().map_err(Clone::clone)
}

/// The validated table, or the error every algorithm reading it answers with. The artifact is
/// fixed at compile time and the crate's tests decode it, so a failure means a damaged build (or a
/// damaged [`crate::tables::replace`]ment), never bad input.
#[inline]
pub(crate) fn loaded() -> Result<&'static IndexTable, Error> {
    TABLE.as_ref().map_err(|e| tables::unusable(Table::Index, e))
}

/// S002's key of a concealed part: `None` if it holds more than 14 tiles (no table shape is larger).
///
/// ```
/// use hupai_lookup::index::key;
/// use hupai_tiles::Hand;
/// // S000's example: 1 1 1 2 3 4 6 7 8 东 东 东 西 西 -> 3 1 1 1 0 1 1 1 0 3 0 2.
/// let hand: Hand = "111234678m11133z".parse()?;
/// assert_eq!(key(hand.concealed()), Some(0b1_11110_0_0_10_0_0_10_111110_110));
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
pub fn key(counts: &TileCounts) -> Option<u32> {
    if counts.total() > 14 {
        return None;
    }
    if counts.0.iter().all(|&c| c <= 4) {
        // The table-driven pass of the win check; the general loop handles larger counts.
        return u32::try_from(key_and_even(&counts.0).0).ok();
    }
    key_general(&counts.0)
}

/// The index method (name `"index"`): no wildcards; declared melds, seven pairs (both variants) and
/// thirteen orphans yes; 17-tile hands no (the table stops at four melds).
///
/// The win check computes the key from the concealed counts in one pass, probes the perfect hash and
/// reads the slot's flags. Seven distinct pairs come from the table (S002's flag); seven pairs with a
/// four-of-a-kind counted as two pairs is "every count even" (14 tiles in counts of 0, 2 and 4 are
/// seven pairs), which the key pass computes on the side. Thirteen orphans is a direct check, run
/// only when the key says all fourteen tiles sit in thirteen isolated runs.
///
/// The embedded table is validated on first use. If validation ever failed (a damaged build: the
/// crate's tests decode the committed table, so no input can cause it), every hand gets
/// [`Error::Table`] naming the table and the reason; [`table`] returns the [`FormatError`] itself.
///
/// ```
/// use hupai_lookup::Index;
/// use hupai_tiles::{Algorithm, Hand, Rules};
/// // S002's example: 111 2222 3333 444 is one key, 3 4 4 3.
/// let hand: Hand = "11122223333444m".parse()?;
/// assert!(Index.is_win(&hand, &Rules::STANDARD)?);
/// let all: Vec<String> = Index.decompositions(&hand, &Rules::STANDARD)?.iter().map(|d| d.to_string()).collect();
/// assert_eq!(all.len(), 4); // straight from the table value, no search
/// assert!(all.contains(&"44m 111m 222m 234m 333m".to_string()));
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Index;

/// Kinds held, in tile order: run index `i` of the hand's key is `held[i]`.
fn held(counts: &TileCounts) -> arrayvec::ArrayVec<Tile, 34> {
    Tile::ALL.iter().copied().filter(|&t| counts[t] > 0).collect()
}

/// Every count of a thirteen-orphans hand sits on a terminal or honor, all thirteen held.
fn is_thirteen_orphans(c: &[u8; 34]) -> bool {
    let mut held = 0;
    let mut tiles = 0;
    for t in Tile::TERMINALS_AND_HONORS {
        let n = c[t.index()];
        held += (n > 0) as u32;
        tiles += n as u32;
    }
    held == 13 && tiles == 14
}

impl Index {
    /// The win check on concealed counts alone: `special` says whether seven pairs and thirteen
    /// orphans may apply (no declared melds, 14-tile rules). `None` if the counts are no concealed
    /// part of a supported hand: a count above four, or a size other than `3n + 2` tiles (n ≤ 4).
    ///
    /// ```
    /// use hupai_lookup::{Index, index};
    /// use hupai_tiles::{Hand, Rules, TileCounts};
    /// let table = index::table().unwrap();
    /// let hand: Hand = "11122223333444m".parse()?;
    /// assert_eq!(Index::wins(table, hand.concealed(), &Rules::STANDARD, true), Some(true));
    /// assert_eq!(Index::wins(table, &TileCounts::EMPTY, &Rules::STANDARD, true), None);
    /// # Ok::<(), hupai_tiles::Error>(())
    /// ```
    pub fn wins(table: &IndexTable, counts: &TileCounts, rules: &Rules, special: bool) -> Option<bool> {
        let n = counts.total();
        let valid = n <= 14 && n % 3 == 2 && counts.0.iter().all(|&c| c <= 4);
        valid.then(|| Index::wins_unchecked(table, counts, rules, special && n == 14))
    }

    /// [`Index::wins`] without the checks: the caller guarantees at most four of a kind (a
    /// [`Hand`] does) and a size the rules ask for.
    #[inline]
    pub(crate) fn wins_unchecked(table: &IndexTable, counts: &TileCounts, rules: &Rules, special: bool) -> bool {
        let c = &counts.0;
        let (key, even) = key_and_even(c);
        if let Some(entry) = table.probe(key) {
            let flags = IndexTable::entry_flags(entry);
            if flags.contains(ShapeFlags::MELDS) {
                return true;
            }
            if special && rules.seven_pairs != SevenPairs::Off && flags.contains(ShapeFlags::SEVEN_PAIRS) {
                return true;
            }
        }
        if !special {
            return false;
        }
        if rules.seven_pairs == SevenPairs::AllowQuads && even {
            return true;
        }
        // Fourteen tiles in fourteen-or-fewer isolated runs give a 28-bit key; orphans need that.
        rules.thirteen_orphans && key >> 27 == 1 && is_thirteen_orphans(c)
    }

    /// Every decomposition of the concealed counts (empty if they do not win), sorted.
    pub(crate) fn decompositions_of(
        table: &IndexTable,
        counts: &TileCounts,
        rules: &Rules,
        special: bool,
    ) -> Vec<Decomposition> {
        let c = &counts.0;
        let (key, even) = key_and_even(c);
        let mut out = Vec::new();
        let held = held(counts);
        if let Some(entry) = table.probe(key) {
            let entry = table.entry(key as u32, entry);
            out.extend(entry.decompositions().filter_map(|d| d.to_decomposition(&held)));
            let pairs_allowed = special && rules.seven_pairs != SevenPairs::Off;
            if pairs_allowed
                && entry.flags().contains(ShapeFlags::SEVEN_PAIRS)
                && rules.seven_pairs == SevenPairs::Distinct
            {
                out.extend(seven_pairs(counts));
            }
        }
        if special && rules.seven_pairs == SevenPairs::AllowQuads && even {
            out.extend(seven_pairs(counts));
        }
        if special && rules.thirteen_orphans && is_thirteen_orphans(c) {
            let pair = Tile::TERMINALS_AND_HONORS.iter().copied().find(|&t| c[t.index()] == 2);
            out.extend(pair.map(|pair| Decomposition::ThirteenOrphans { pair }));
        }
        out.sort_unstable();
        out
    }
}

/// The seven-pairs decomposition of counts that are all even and add up to 14.
fn seven_pairs(counts: &TileCounts) -> Option<Decomposition> {
    let mut pairs = [Tile::ALL[0]; 7];
    let mut n = 0;
    for t in Tile::ALL {
        for _ in 0..counts[t] / 2 {
            *pairs.get_mut(n)? = t;
            n += 1;
        }
    }
    (n == 7).then(|| Decomposition::seven_pairs(pairs))
}

impl Algorithm for Index {
    fn name(&self) -> &'static str {
        "index"
    }

    /// No wildcards, so the void suit and the tile set are checks on the tiles held, and the 2-5-8
    /// pair a filter on the stored decompositions.
    fn capabilities(&self) -> Capabilities {
        Capabilities {
            wildcards: false,
            max_wildcards: 0,
            wildcard_fifth_copy: false,
            seventeen_tiles: false,
            pair_258: true,
            void_suit: true,
            tile_supply: true,
            ..Capabilities::CLASSIC
        }
    }

    #[inline]
    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let special = hand.special_forms_apply(rules);
        if !rules.is_classic() {
            return Ok(restricted_win(loaded()?, hand.concealed(), hand, rules, special));
        }
        Ok(Index::wins_unchecked(loaded()?, hand.concealed(), rules, special))
    }

    fn check_waits(&self, hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
        let table = loaded()?;
        let held = hand.held_counts();
        let special = hand.special_forms_apply(rules);
        let mut counts = *hand.concealed();
        let mut waits = TileSet::EMPTY;
        for t in Tile::ALL {
            if held[t] >= 4 {
                continue;
            }
            counts[t] += 1;
            let wins = if rules.is_classic() {
                Index::wins_unchecked(table, &counts, rules, special)
            } else {
                restricted_win(table, &counts, hand, rules, special)
            };
            if wins {
                waits.insert(t);
            }
            counts[t] -= 1;
        }
        Ok(waits)
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        let (counts, special) = (hand.concealed(), hand.special_forms_apply(rules));
        if !rules.is_classic() && !holds_allowed(counts, hand, rules) {
            return Ok(Vec::new());
        }
        let mut list = Index::decompositions_of(loaded()?, counts, rules, special);
        list.retain(|d| pair_allowed(d, rules));
        Ok(list)
    }
}

/// True if the concealed `counts` and the hand's declared melds hold only kinds the rules allow
/// under one of their void choices (and the tile set).
fn holds_allowed(counts: &TileCounts, hand: &Hand, rules: &Rules) -> bool {
    let held = counts.kinds().bits() | hand.declared_counts().kinds().bits();
    rules.void_choices().iter().any(|&void| held & !rules.allowed_kinds(void).bits() == 0)
}

/// True unless `d` is a melds form whose pair the 2-5-8 rule forbids.
fn pair_allowed(d: &Decomposition, rules: &Rules) -> bool {
    match d {
        Decomposition::Melds { pair, .. } => rules.pair_allowed(*pair),
        _ => true,
    }
}

/// The verdict under the regional options: without wildcards every tile is held as is, so the
/// hand must hold only allowed kinds, and under the 2-5-8 pair some stored decomposition must
/// have an allowed pair (or be a special form).
fn restricted_win(table: &IndexTable, counts: &TileCounts, hand: &Hand, rules: &Rules, special: bool) -> bool {
    if !holds_allowed(counts, hand, rules) {
        return false;
    }
    if !rules.pair_258 {
        return Index::wins_unchecked(table, counts, rules, special);
    }
    Index::decompositions_of(table, counts, rules, special).iter().any(|d| pair_allowed(d, rules))
}
