//! Lookups by per-suit keys that the caller keeps up to date, for game loops and batches that
//! check the same hand after every draw and discard (the `hupai` crate's `PackedHand`).
//!
//! [`SuitKeys`] holds, per numbered suit, the two base-5 halves the dense pattern index is made
//! of (ranks 1–4 and 5–9), and the seven honor counts one per byte. Adding or removing a tile is
//! one add or subtract, so a check needs no pass over 34 counts: three index lookups for the
//! numbered suits and a few word operations for the honors. The verdicts are exactly
//! [`SuitTable`](super::SuitTable)'s for the plain four-copy cap (or none, under the fifth-copy
//! rule); callers whose suits hold more than [`MAX_TILES`](super::MAX_TILES) tiles get `None` and
//! take the general path. Callers whose declared melds lower a cap ask the plain cap's waits first
//! (they hold every wait) and check those with [`Keyed::melds_form_waits_lowered`].

use hupai_tiles::{Rules, SevenPairs, TileSet};

pub use super::costs::Cost as SuitCost;
use super::costs::{self, Cost, INF};
use super::{Runtime, index, special};
use crate::format::FormatError;

/// How much one tile of each rank moves its suit's half: ranks 1–4 are the left half's base-5
/// digits, ranks 5–9 the right half's.
pub const RANK_STEP: [u16; 9] = [1, 5, 25, 125, 1, 5, 25, 125, 625];

/// Per-suit keys of a hand's concealed tiles (wildcards and declared melds excluded).
///
/// ```
/// use hupai_lookup::suit_table::keyed::{Keyed, SuitKeys};
/// use hupai_tiles::Tile;
///
/// let mut counts = [0u8; 34];
/// for t in ["1m", "2m", "3m", "5p", "5p", "7z", "7z", "7z"] {
///     counts[t.parse::<Tile>()?.index()] += 1;
/// }
/// let mut keys = SuitKeys::from_counts(&counts).expect("no count above 4");
/// let tables = Keyed::get().expect("embedded tables");
/// // 123m 55p 777z: melds and the pair already, two melds short of 14 tiles with no wildcard.
/// assert_eq!(tables.melds_form_cost(&keys, true), Some(0));
/// keys.remove(Tile::RED);
/// assert_eq!(tables.melds_form_cost(&keys, true), Some(1));
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SuitKeys {
    /// Per numbered suit (m, p, s): the base-5 value of ranks 1–4 and of ranks 5–9.
    pub halves: [[u16; 2]; 3],
    /// The honor counts 1z–7z, one per byte, 1z in the low byte; the top byte is zero.
    pub honors: u64,
}

impl SuitKeys {
    /// The keys of 34 concealed counts; `None` if a count exceeds 4.
    pub fn from_counts(counts: &[u8; 34]) -> Option<SuitKeys> {
        let mut halves = [[0u16; 2]; 3];
        for (s, slot) in halves.iter_mut().enumerate() {
            let (l, r) = index::halves(super::suit_of(counts, s))?;
            *slot = [l as u16, r as u16];
        }
        // One load of the last eight counts; shifting out 9s leaves the seven honors, top byte zero.
        let honors = match counts.last_chunk::<8>() {
            Some(last) => u64::from_le_bytes(*last) >> 8,
            None => return None,
        };
        // A count above 4 has its top bit set, or gets it by adding 0x7b.
        if (honors | honors.wrapping_add(0x007b_7b7b_7b7b_7b7b)) & 0x0080_8080_8080_8080 != 0 {
            return None;
        }
        Some(SuitKeys { halves, honors })
    }

    /// One more concealed tile. The caller keeps every count at most 4.
    #[inline(always)]
    pub fn add(&mut self, tile: hupai_tiles::Tile) {
        let t = tile.index();
        if t < 27 {
            let (s, rank) = (t / 9, t % 9);
            let half = &mut self.halves[s][(rank >= 4) as usize];
            *half = half.wrapping_add(RANK_STEP[rank]);
        } else {
            self.honors = self.honors.wrapping_add(1 << (8 * (t - 27)));
        }
    }

    /// One concealed tile fewer. The caller only removes tiles the hand holds.
    #[inline(always)]
    pub fn remove(&mut self, tile: hupai_tiles::Tile) {
        let t = tile.index();
        if t < 27 {
            let (s, rank) = (t / 9, t % 9);
            let half = &mut self.halves[s][(rank >= 4) as usize];
            *half = half.wrapping_sub(RANK_STEP[rank]);
        } else {
            self.honors = self.honors.wrapping_sub(1 << (8 * (t - 27)));
        }
    }
}

/// Per tile count `n` of a suit: the residues mod 3 that its melds-only and its melds-and-pair
/// wildcard counts must have once it holds `n + 1` tiles (melds take 3k tiles, melds and the
/// pair 3k + 2).
const RESIDUES: [[u8; 2]; 64] = {
    let mut out = [[0u8; 2]; 64];
    let mut n = 0;
    while n < 64 {
        let more = (n + 1) % 3;
        out[n] = [((3 - more) % 3) as u8, ((5 - more) % 3) as u8];
        n += 1;
    }
    out
};

/// The validated suit tables, for lookups by [`SuitKeys`].
#[derive(Clone, Copy)]
pub struct Keyed {
    rt: &'static Runtime,
}

impl std::fmt::Debug for Keyed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keyed")
    }
}

/// A suit's costs under the four-copy cap and without it (the fifth-copy rule), as a prepared hand
/// caches them: index 0 capped, 1 free.
pub type CappedAndFree = [SuitCost; 2];

impl Keyed {
    /// The embedded tables, validated on first use.
    #[inline]
    pub fn get() -> Result<Keyed, FormatError> {
        match super::RUNTIME.as_ref() {
            Ok(rt) => Ok(Keyed { rt }),
            Err(e) => Err(failed(e)),
        }
    }

    /// A numbered suit's costs from its halves, capped and free; `None` if it holds more than
    /// [`MAX_TILES`](super::MAX_TILES) tiles.
    #[inline(always)]
    pub fn numbered(&self, [l, r]: [u16; 2]) -> Option<CappedAndFree> {
        let located = index::locate(l as usize, r as usize);
        Some([self.rt.at(located, &self.rt.capped)?, self.rt.at(located, &self.rt.free)?])
    }

    /// The honors' costs from their packed counts, capped and free.
    #[inline(always)]
    pub fn honors(&self, word: u64) -> CappedAndFree {
        [costs::honors_word(word, true), costs::honors_word(word, false)]
    }

    /// The four suits' costs of `keys` under the cap or not; `None` if a numbered suit holds more
    /// than [`MAX_TILES`](super::MAX_TILES) tiles.
    #[inline(always)]
    pub fn costs(&self, keys: &SuitKeys, capped: bool) -> Option<[SuitCost; 4]> {
        let dec = self.rt.decode(capped);
        let at = |[l, r]: [u16; 2]| self.rt.at(index::locate(l as usize, r as usize), dec);
        Some([at(keys.halves[0])?, at(keys.halves[1])?, at(keys.halves[2])?, costs::honors_word(keys.honors, capped)])
    }

    /// Fewest wildcards completing the concealed tiles into melds and a pair, with the plain cap
    /// (four copies, counting stand-ins) when `capped`, else none; at least 1000 if impossible.
    /// `None` if a numbered suit holds more than [`MAX_TILES`](super::MAX_TILES) tiles.
    ///
    /// The number of melds is implied: concealed tiles plus wildcards make `3k + 2` tiles.
    #[inline(always)]
    pub fn melds_form_cost(&self, keys: &SuitKeys, capped: bool) -> Option<i32> {
        Some(melds_form_total(&self.costs(keys, capped)?))
    }

    /// The kinds that complete the concealed tiles plus `wildcards` (one tile short) into melds
    /// and a pair, given the suits' `costs` under the same cap ([`Keyed::costs`]). `full` has bit
    /// `t` set for every kind the hand physically holds four of (concealed and declared), which
    /// are never waits; `present` must have the bit of every kind it holds concealed (bits of other
    /// kinds may be set: they only cost time). `None` when a suit would exceed the table with one more tile.
    pub fn melds_form_waits(
        &self,
        keys: &SuitKeys,
        costs: &[SuitCost; 4],
        wildcards: u8,
        capped: bool,
        full: u64,
        present: u64,
    ) -> Option<TileSet> {
        let base = costs;
        let wildcards = wildcards as i32;
        // One more real tile saves at most one wildcard (that wildcard could have stood for it),
        // so a hand more than one wildcard short has no wait in this form.
        if melds_form_total(base) > wildcards + 1 {
            return Some(TileSet::EMPTY);
        }
        let melds_all: i32 = base.iter().map(|c| c.melds).sum();
        // The smallest delta over the other three suits, per suit: six minimums, no branch.
        let d = base.map(|c| c.delta);
        let (low, high) = (d[0].min(d[1]), d[2].min(d[3]));
        let others_deltas = [d[1].min(high), d[0].min(high), d[3].min(low), d[2].min(low)];
        let others_melds = base.map(|c| melds_all - c.melds);
        let tiles: [u32; 4] = std::array::from_fn(|s| match keys.halves.get(s) {
            Some(&[l, r]) => index::tiles_of(index::locate(l as usize, r as usize)),
            None => (keys.honors.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32,
        });
        // One more tile lowers each of the suit's costs by at most one, and a cost keeps the
        // residue its tile count forces (melds take 3k tiles, melds and the pair 3k + 2): if even
        // those bounds lose, no kind of this suit can be a wait. All four suits first, without a
        // branch, so their loads overlap; then only the suits that pass.
        let mut pass = 0u32;
        for s in 0..4 {
            let cost = base[s];
            let [residue_melds, residue_pair] = RESIDUES[tiles[s] as usize & 63];
            let least_melds = (cost.melds - 1).max(residue_melds as i32);
            let least_pair = (cost.pair() - 1).max(residue_pair as i32);
            let least = (others_melds[s] + least_melds + others_deltas[s]).min(others_melds[s] + least_pair);
            pass |= u32::from(least <= wildcards) << s;
        }
        let mut bits = 0u64;
        if pass & 8 != 0 {
            // Without wildcards only a kind held can pair or make a triplet.
            let skip = if wildcards == 0 { full | !present } else { full };
            let within = wildcards - others_melds[3];
            bits |= honor_waits_by_count(keys.honors, base[3], capped, skip >> 27, within, others_deltas[3]) << 27;
        }
        let mut numbered = pass & 7;
        while numbered != 0 {
            let s = numbered.trailing_zeros() as usize;
            numbered &= numbered - 1;
            let (cost, others_melds, others_delta, tiles) = (base[s], others_melds[s], others_deltas[s], tiles[s]);
            let wins = |new: Cost| others_melds + new.melds + new.delta.min(others_delta) <= wildcards;
            // Ranks with no tile held within two ranks: the drawn tile's group holds no other real
            // tile, so it is a pair or meld of its own with stand-ins (no cheapest completion of
            // the rest puts a stand-in on its rank, so the copy limit never binds), and the suit
            // costs two more for melds, or one more holding the pair there.
            let held = (present >> (9 * s)) & 0x1ff;
            let near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1ff;
            let open = !(full >> (9 * s)) & 0x1ff;
            let alone = Cost { melds: cost.melds + 2, delta: (cost.melds + 1).min(cost.pair() + 2) - cost.melds - 2 };
            if near != 0x1ff && wins(alone) {
                bits |= (!near & open & 0x1ff) << (9 * s);
            }
            let candidates = near & open;
            if candidates == 0 {
                continue;
            }
            if tiles + 1 > super::MAX_TILES {
                return None;
            }
            // `wins` on a pattern of `tiles + 1` tiles depends on its code alone: which codes win
            // is two mask loads, and each candidate rank then costs one code read and a bit test.
            let pair_at_most = wildcards - others_melds;
            let winning = self.rt.codes_within(capped, tiles + 1, pair_at_most, pair_at_most - others_delta);
            if winning == 0 {
                continue;
            }
            let [l, r] = keys.halves[s];
            let (l, r) = (l as usize, r as usize);
            let wins_at = |rank: usize| {
                let step = RANK_STEP[rank] as usize;
                let more = if rank < 4 { index::locate(l + step, r) } else { index::locate(l, r + step) };
                // A rank already at four carries into the next digit, which changes the tile count
                // by anything but +1: such a kind is full, whatever `full` says.
                let counted = index::tiles_of(more) == tiles + 1;
                let i = index::index_of(more);
                let code = (self.rt.codes[(i >> 1) & (super::CODES_PADDED - 1)] >> ((i & 1) * 4)) & 15;
                (counted as u64) & (winning >> code) as u64 & 1
            };
            // All nine ranks without a branch, masked afterwards: independent loads and nothing to
            // mispredict. (A loop over the candidates when there were few did fewer lookups but
            // lost more to mispredicted loop exits: 75 against 71 ns per ready riichi hand without
            // wildcards, 107 against 103 with 8, thread CPU time on a loaded machine.)
            let mut suit_waits = 0u64;
            for rank in 0..9 {
                suit_waits |= wins_at(rank) << rank;
            }
            suit_waits &= candidates;
            bits |= suit_waits << (9 * s);
        }
        Some(TileSet::from_bits(bits))
    }
}

impl Keyed {
    /// Fewest wildcards completing the concealed `counts` plus `wildcards` into melds and a pair
    /// when declared melds lower copy limits under the four-copy cap: `caps` is the room per kind
    /// for concealed tiles plus stand-ins (four less the declared copies). The answer is
    /// [`SuitTable`](super::SuitTable)'s for the hand with those melds: at most `wildcards` when the
    /// hand wins, at least 1000 if impossible.
    pub fn melds_form_cost_lowered(&self, counts: &[u8; 34], caps: &[u8; 34], wildcards: u8) -> i32 {
        super::total(&self.rt.lowered_costs(counts, &binding_caps(counts, caps, wildcards)))
    }

    /// The kinds among `candidates` that complete the concealed `counts` plus `wildcards` (one
    /// tile short) into melds and a pair, with `caps` as in [`Keyed::melds_form_cost_lowered`].
    ///
    /// A lowered cap only takes completions away, so the waits under the plain cap
    /// ([`Keyed::melds_form_waits`]) hold every wait here: passed as `candidates`, only those are
    /// tried, each by the one suit it changes (looked up, or the exact program where that suit's
    /// room binds) against the other suits' costs. Kinds the hand physically holds four of must be
    /// left out of `candidates` by the caller.
    pub fn melds_form_waits_lowered(
        &self,
        counts: &[u8; 34],
        caps: &[u8; 34],
        wildcards: u8,
        candidates: TileSet,
    ) -> TileSet {
        let room = binding_caps(counts, caps, wildcards);
        let base = self.rt.lowered_costs(counts, &room);
        let dec = self.rt.decode(true);
        let within = i32::from(wildcards);
        let mut bits = 0u64;
        let mut left = candidates.bits();
        while left != 0 {
            let t = left.trailing_zeros() as usize;
            left &= left - 1;
            let s = t / 9;
            // The drawn tile's own kind binds when it leaves less room than the wildcards.
            let binds_here = u16::from(counts[t]) + 1 + u16::from(wildcards) > u16::from(caps[t]);
            let new = if s < 3 {
                let mut more = *super::suit_of(counts, s);
                let rank = t - 9 * s;
                more[rank] += 1;
                let mut suit_room = *super::suit_of(&room, s);
                if binds_here {
                    suit_room[rank] = caps[t];
                }
                if suit_room.iter().any(|&x| x < 4) {
                    costs::numbered_exact(&more, &suit_room)
                } else {
                    self.rt.numbered(&more, dec, true)
                }
            } else {
                let mut more = [0u8; 7];
                more.copy_from_slice(&counts[27..]);
                more[t - 27] += 1;
                let mut honor_room = [4u8; 7];
                honor_room.copy_from_slice(&room[27..]);
                if binds_here {
                    honor_room[t - 27] = caps[t];
                }
                costs::honors_capped(&more, &honor_room)
            };
            let mut after = base;
            after[s] = new;
            if super::total(&after) <= within {
                bits |= 1 << t;
            }
        }
        TileSet::from_bits(bits)
    }
}

/// `caps` where they can bind, four elsewhere: a kind whose concealed count plus every wildcard
/// fits its room keeps it in any completion, so only the others need the exact program (most
/// hands with one wildcard and pungs declared have none).
fn binding_caps(counts: &[u8; 34], caps: &[u8; 34], wildcards: u8) -> [u8; 34] {
    std::array::from_fn(|t| if u16::from(counts[t]) + u16::from(wildcards) > u16::from(caps[t]) { caps[t] } else { 4 })
}

/// The error of tables that did not load, out of line: every check asks for the tables, and the
/// clone of an error would otherwise be inlined into each.
#[cold]
#[inline(never)]
fn failed(e: &FormatError) -> FormatError {
    e.clone()
}

/// The honor kinds (bit `k` for kind `27 + k`) whose one more copy wins, given the honors' packed
/// counts and `base` cost. A kind's cost depends on its count alone, so the kinds are taken by
/// count, four cases whatever the hand; the smallest delta over the other kinds is the smallest
/// over the other counts present, or this count's own if another kind shares it. `skip` masks
/// kinds not to try (held four times; or, without wildcards, not held). A kind wins when the honors'
/// new cost plus the other suits' melds costs and `others_delta` (the other suits' smallest delta)
/// is at most `within` (the wildcards less the other suits' melds costs).
///
/// Not inlined: inlined, its census of the honor counts was hoisted out of the loop over the suits
/// and paid on every call, though the honors pass their bound on few ready hands without wildcards.
#[inline(never)]
fn honor_waits_by_count(word: u64, base: Cost, capped: bool, skip: u64, within: i32, others_delta: i32) -> u64 {
    const LOW: u64 = 0x0001_0101_0101_0101;
    const HIGH: u64 = 0x0080_8080_8080_8080;
    let (per_count, least) =
        if capped { (&costs::HONOR_CAPPED, &HONOR_LEAST_CAPPED) } else { (&costs::HONOR_FREE, &HONOR_LEAST_FREE) };
    // at_least[k]: kinds held at least k times (counts are at most 4: no byte carries).
    let at_least: [u64; 5] = std::array::from_fn(|k| {
        let flags = ((word + (0x80 - k as u64) * LOW) & HIGH) >> 7;
        (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) & 0x7f
    });
    let by_count: [u64; 5] = std::array::from_fn(|v| if v < 4 { at_least[v] & !at_least[v + 1] } else { at_least[4] });
    // Bit `u` set when some kind is held `u` times.
    let present = by_count.iter().enumerate().fold(0, |set, (u, &kinds)| set | usize::from(kinds != 0) << u);
    let mut bits = 0;
    for v in 0..4 {
        // The other kinds' counts: those present but this one, which stays if two kinds share it.
        let shared = by_count[v] & by_count[v].wrapping_sub(1) != 0;
        let others = least[(present & !(1 << v)) | usize::from(shared) << v];
        let (old, new) = (per_count[v], per_count[v + 1]);
        let cost = Cost { melds: base.melds - old.melds + new.melds, delta: new.delta.min(others) };
        // No branch per count: the verdict masks the count's kinds.
        let wins = cost.melds + cost.delta.min(others_delta) <= within;
        bits |= by_count[v] & !skip & u64::from(wins).wrapping_neg();
    }
    bits
}

/// The smallest honor delta over a set of counts (bit `u` for count `u`), [`INF`] for none.
const fn least_deltas(per_count: &[Cost; 5]) -> [i32; 32] {
    let mut out = [INF; 32];
    let mut set = 0;
    while set < 32 {
        let mut u = 0;
        while u < 5 {
            if set >> u & 1 == 1 && per_count[u].delta < out[set] {
                out[set] = per_count[u].delta;
            }
            u += 1;
        }
        set += 1;
    }
    out
}

const HONOR_LEAST_CAPPED: [i32; 32] = least_deltas(&costs::HONOR_CAPPED);
const HONOR_LEAST_FREE: [i32; 32] = least_deltas(&costs::HONOR_FREE);

/// Fewest wildcards for the whole hand in the melds form, from its four suits' costs: every suit
/// completes into melds, one of them also holds the pair.
#[inline(always)]
pub fn melds_form_total(costs: &[SuitCost; 4]) -> i32 {
    super::total(costs)
}

/// Does a complete concealed 14-tile hand (`counts` plus `wildcards`) win as seven pairs or
/// thirteen orphans under `rules`? (Only meaningful without declared melds.)
pub fn special_form_win(counts: &[u8; 34], wildcards: u8, rules: &Rules) -> bool {
    special::special_win(counts, wildcards as i32, rules.seven_pairs, rules.thirteen_orphans)
}

/// [`special_form_win`] of a hand given as count masks: bit `t` of `at_least[k]` is set when the
/// hand holds more than `k` concealed copies of kind `t`.
#[inline]
pub fn special_form_win_of_masks(at_least: &[u64; 4], wildcards: u8, rules: &Rules) -> bool {
    special::special_win_of_masks(at_least, wildcards as i32, rules.seven_pairs, rules.thirteen_orphans)
}

/// The kinds completing a concealed 13-tile hand into seven pairs or thirteen orphans under
/// `rules`. (Only meaningful without declared melds.)
pub fn special_form_waits(counts: &[u8; 34], wildcards: u8, rules: &Rules) -> TileSet {
    let mut bits = 0;
    if rules.seven_pairs != SevenPairs::Off {
        bits |= special::seven_pairs_waits(counts, wildcards as i32, rules.seven_pairs).bits();
    }
    if rules.thirteen_orphans {
        bits |= special::thirteen_orphans_waits(counts).bits();
    }
    TileSet::from_bits(bits)
}

/// [`special_form_waits`] of a hand given as count masks (see [`special_form_win_of_masks`]).
#[inline]
pub fn special_form_waits_of_masks(at_least: &[u64; 4], wildcards: u8, rules: &Rules) -> TileSet {
    special::special_waits_of_masks(at_least, wildcards as i32, rules.seven_pairs, rules.thirteen_orphans)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The honors' waits kind by count with a branch per count and a loop for the other counts:
    /// the form the census replaced, kept to check it.
    fn reference(word: u64, base: Cost, capped: bool, skip: u64, within: i32, others_delta: i32) -> u64 {
        let wins = |new: Cost| new.melds + new.delta.min(others_delta) <= within;
        const LOW: u64 = 0x0001_0101_0101_0101;
        const HIGH: u64 = 0x0080_8080_8080_8080;
        let per_count = if capped { &costs::HONOR_CAPPED } else { &costs::HONOR_FREE };
        // at_least[k]: kinds held at least k times (counts are at most 4: no byte carries).
        let at_least: [u64; 5] = std::array::from_fn(|k| {
            let flags = ((word + (0x80 - k as u64) * LOW) & HIGH) >> 7;
            (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) & 0x7f
        });
        let by_count: [u64; 4] = std::array::from_fn(|v| at_least[v] & !at_least[v + 1]);
        let mut bits = 0;
        for v in 0..4 {
            let kinds = by_count[v] & !skip;
            if kinds == 0 {
                continue;
            }
            let (old, new) = (per_count[v], per_count[v + 1]);
            let mut others = if by_count[v].count_ones() >= 2 { old.delta } else { INF };
            for (u, &held) in by_count.iter().enumerate() {
                if u != v && held != 0 {
                    others = others.min(per_count[u].delta);
                }
            }
            if at_least[4] != 0 {
                others = others.min(per_count[4].delta);
            }
            let cost = Cost { melds: base.melds - old.melds + new.melds, delta: new.delta.min(others) };
            if wins(cost) {
                bits |= kinds;
            }
        }
        bits
    }

    #[test]
    fn honor_census_equals_the_loop_over_counts() {
        for code in 0..5u32.pow(7) {
            let mut word = 0u64;
            let mut x = code;
            for k in 0..7 {
                word |= u64::from(x % 5) << (8 * k);
                x /= 5;
            }
            for capped in [true, false] {
                let base = costs::honors_word(word, capped);
                for skip in [0u64, 0x55, 0x7f ^ (code as u64 & 0x7f)] {
                    for within in -3..=9 {
                        for others_delta in [-1, 0, 1, 2, 3, INF] {
                            assert_eq!(
                                honor_waits_by_count(word, base, capped, skip, within, others_delta),
                                reference(word, base, capped, skip, within, others_delta),
                                "{word:014x} capped={capped} skip={skip:x} within={within} others_delta={others_delta}"
                            );
                        }
                    }
                }
            }
        }
    }
}
