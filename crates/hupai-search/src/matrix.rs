//! `Matrix`: S004's suit matrix with boundary padding. The lowest-tile greedy decides hands without
//! wildcards; a small dynamic programme over each row's ranks decides hands with them.

use hupai_tiles::{Algorithm, Capabilities, Error, Hand, Rules, SevenPairs, Tile, TileCounts, TileSet};

/// S004's suit-matrix algorithm (name `"matrix"`), made exact with wildcards.
///
/// Each numbered suit is a row of counts padded with two empty columns on each side (S004's
/// values −1, 0, 10 and 11), so a sequence check reads past rank 9 or below rank 1 without a
/// bounds test and finds nothing there.
///
/// - Without wildcards: the pair must sit in the one row whose count is 2 mod 3; try each pair
///   there, then clear every row from its lowest tile, a triplet when it has three or more, else
///   sequences (S004's greedy, exact: see `docs/search.md`).
/// - With wildcards: for every row, the fewest wildcards that complete it without the pair and
///   with it, by a dynamic programme over its ranks whose state is the sequences still open from
///   the two ranks below; honors need no programme. The hand wins if the cheapest split of the
///   pair among the rows needs no more wildcards than it has; wildcards left over always form
///   whole groups of kinds nobody holds.
/// - Seven pairs and thirteen orphans, with or without wildcards, by counting.
///
/// It never allocates. Decompositions are not listed (a greedy finds one witness, not all):
/// [`Algorithm::decompositions`] answers [`Error::Unsupported`].
///
/// ```
/// use hupai_search::Matrix;
/// use hupai_tiles::{Algorithm, Hand, Rules};
///
/// // S004's sequence-first reading fails here; taking the triplet first does not.
/// let hand: Hand = "111234m456p789s11z".parse()?;
/// assert!(Matrix.is_win(&hand, &Rules::STANDARD)?);
/// // Two wildcards complete 13m and 55z into 123m and 555z.
/// assert!(Matrix.is_win(&"13m456p789s11z55z**".parse()?, &Rules::STANDARD)?);
/// assert!(Matrix.decompositions(&hand, &Rules::STANDARD).unwrap_err().is_unsupported());
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Matrix;

/// Columns before rank 1 in a row (S004's values −1 and 0).
const PAD: usize = 2;
/// Columns in a row: values −1 to 11, ranks 1–9 at columns 2–10.
const COLS: usize = PAD + 9 + 2;
/// One numbered suit: counts (or room) by column; the padding columns stay 0.
type Row = [u8; COLS];

/// The cost of an impossible completion; sums of up to a dozen of them stay above any wildcard count.
const NEVER: u32 = 1 << 16;

/// The three numbered suits of `counts` as padded rows.
fn rows(counts: &[u8; Tile::COUNT]) -> [Row; 3] {
    let mut rows = [[0; COLS]; 3];
    for (s, row) in rows.iter_mut().enumerate() {
        row[PAD..PAD + 9].copy_from_slice(&counts[9 * s..9 * s + 9]);
    }
    rows
}

// ---- without wildcards: S004 ----

/// Can this row, with no pair in it, be cleared into triplets and sequences? From the lowest
/// tile: three or more make a triplet, whatever is left of it (one or two) starts that many
/// sequences. The padding makes a sequence from rank 8 or 9 fail on its own.
fn greedy(mut row: Row) -> bool {
    for i in PAD..PAD + 9 {
        let mut n = row[i];
        if n >= 3 {
            n -= 3;
        }
        if n > 0 {
            if row[i + 1] < n || row[i + 2] < n {
                return false;
            }
            row[i + 1] -= n;
            row[i + 2] -= n;
        }
    }
    true
}

/// Pair and melds, no wildcards: the pair lies in the only suit (or honor) whose count is 2 mod 3.
fn plain_melds(counts: &[u8; Tile::COUNT]) -> bool {
    let rows = rows(counts);
    // 0–2: that numbered row; 3: an honor.
    let mut pair_row = None;
    for (s, row) in rows.iter().enumerate() {
        match row.iter().map(|&n| n as u32).sum::<u32>() % 3 {
            0 => {}
            2 if pair_row.is_none() => pair_row = Some(s),
            _ => return false,
        }
    }
    for &n in &counts[27..] {
        match n {
            0 | 3 => {}
            2 if pair_row.is_none() => pair_row = Some(3),
            _ => return false,
        }
    }
    let Some(pair_row) = pair_row else { return false };
    if !rows.iter().enumerate().all(|(s, &row)| s == pair_row || greedy(row)) {
        return false;
    }
    if pair_row == 3 {
        return true;
    }
    let row = rows[pair_row];
    (PAD..PAD + 9).any(|i| {
        row[i] >= 2 && {
            let mut rest = row;
            rest[i] -= 2;
            greedy(rest)
        }
    })
}

// ---- with wildcards ----

/// The fewest wildcards that complete one numbered row into groups: `[without the pair, with it]`,
/// [`NEVER`] if impossible. `room[i]` is how many wildcards may stand for the kind in column `i`.
///
/// A dynamic programme over the ranks, lowest first. Its state is how many sequences started one
/// rank below (they still need this rank and the next) and two ranks below (they need this rank
/// only), and whether the pair is placed. At each rank it chooses how many sequences start here,
/// triplets and pairs sit here; every concealed tile of the rank must be used and the wildcards
/// fill what the choice needs beyond them. Some cheapest completion starts at most two sequences
/// per rank (three equal sequences are three triplets) and holds at most two triplets of a kind
/// and no group made of wildcards alone (that group could move to a kind nobody holds), so those
/// bounds lose nothing.
fn row_costs(row: &Row, room: &Row) -> [u32; 2] {
    let Some(first) = (PAD..PAD + 9).find(|&i| row[i] > 0) else {
        return [0, NEVER];
    };
    let last = (PAD..PAD + 9).rev().find(|&i| row[i] > 0).unwrap_or(first);
    // Sequences holding a tile start at most two ranks below it (the padding gives the room for
    // that: none, so a sequence cannot start below rank 1 or run past rank 9).
    let start = first - 2;
    // dp[s1 * 3 + s2][pair placed]: s1 sequences started one rank below, s2 two ranks below.
    let mut dp = [[NEVER; 2]; 9];
    dp[0][0] = 0;
    for i in start..=last {
        let have = row[i] as u32;
        let free = room[i] as u32;
        let mut next = [[NEVER; 2]; 9];
        for (state, costs) in dp.iter().enumerate() {
            let (s1, s2) = ((state / 3) as u32, (state % 3) as u32);
            for (placed, &cost) in costs.iter().enumerate() {
                if cost >= NEVER {
                    continue;
                }
                for starts in 0..=2u32 {
                    for triplets in 0..=2u32 {
                        for pairs in 0..=(1 - placed as u32) {
                            let need = s1 + s2 + starts + 3 * triplets + 2 * pairs;
                            if need < have || need - have > free {
                                continue;
                            }
                            let to = (starts * 3 + s1) as usize;
                            let slot = &mut next[to][placed + pairs as usize];
                            *slot = (*slot).min(cost + need - have);
                        }
                    }
                }
            }
        }
        dp = next;
    }
    // Sequences still open after `last` end on the next two ranks, on wildcards alone: s1 + s2 of
    // them need the next rank, s1 the one after. Past rank 9 the padding has no room.
    let (a, b) = (room[last + 1] as usize, room[last + 2] as usize);
    let mut done = [NEVER; 2];
    for (state, costs) in dp.iter().enumerate() {
        let (s1, s2) = (state / 3, state % 3);
        if s1 + s2 <= a && s1 <= b {
            for (d, &c) in done.iter_mut().zip(costs) {
                *d = (*d).min(c + (2 * s1 + s2) as u32);
            }
        }
    }
    done
}

/// The fewest wildcards that make `n` honors of one kind into triplets: `[without a pair, with one]`.
fn honor_costs(n: u8, room: u8) -> [u32; 2] {
    let fit = |x: u8| if x <= room { x as u32 } else { NEVER };
    [fit((6 - n) % 3), fit((8 - n) % 3)]
}

/// Pair and melds with wildcards. Each row (and each honor kind) is completed on its own, one of
/// them holding the pair; the cheapest such split must fit in the wildcards. Any left over come in
/// whole groups (the counts add up to 3 per meld plus 2), and they always fit in kinds nobody holds:
/// at most 17 tiles touch at most 17 of the 34 kinds. A pair of wildcards alone costs 2.
fn wild_melds(counts: &[u8; Tile::COUNT], room: &[u8; Tile::COUNT], wildcards: u32) -> bool {
    let (tiles, rooms) = (rows(counts), rows(room));
    let mut units = [[0u32; 2]; 3 + 7];
    for s in 0..3 {
        units[s] = row_costs(&tiles[s], &rooms[s]);
    }
    for h in 0..7 {
        units[3 + h] = honor_costs(counts[27 + h], room[27 + h]);
    }
    let without: u32 = units.iter().map(|u| u[0]).sum();
    let best = units.iter().map(|u| without - u[0] + u[1]).min().unwrap_or(NEVER).min(without + 2);
    best <= wildcards
}

// ---- special forms ----

fn seven_pairs(counts: &[u8; Tile::COUNT], wildcards: u32, rule: SevenPairs) -> bool {
    // The counts always add up (concealed + wildcards = 14 = 7 pairs); what matters is the shape.
    match rule {
        SevenPairs::Off => false,
        // Every kind held once or twice, at most seven kinds: wildcards pair the singles and fill
        // the missing pairs with fresh kinds.
        SevenPairs::Distinct => {
            counts.iter().all(|&n| n <= 2) && counts.iter().filter(|&&n| n > 0).count() <= 7
        }
        // Every odd count needs one wildcard to become 2 or 4; the rest go in pairs.
        SevenPairs::AllowQuads => counts.iter().filter(|&&n| n % 2 == 1).count() as u32 <= wildcards,
    }
}

fn thirteen_orphans(counts: &[u8; Tile::COUNT]) -> bool {
    let mut doubled = 0;
    for t in Tile::ALL {
        let n = counts[t.index()];
        if n == 0 {
            continue;
        }
        if !t.is_terminal_or_honor() || n > 2 {
            return false;
        }
        doubled += (n == 2) as u32;
    }
    // Wildcards stand for every orphan missing, and for the second copy if none is doubled.
    doubled <= 1
}

/// Kinds a hand without wildcards can wait on for pair and melds or seven pairs: each must join
/// a group with a tile already held, so it is at most two ranks from one in the same suit.
fn near(counts: &TileCounts) -> TileSet {
    let mut bits = 0u64;
    for t in Tile::ALL {
        if counts[t] == 0 {
            continue;
        }
        let i = t.index();
        if t.is_honor() {
            bits |= 1 << i;
        } else {
            let suit = t.suit().offset();
            let lo = i.saturating_sub(2).max(suit);
            let hi = (i + 2).min(suit + 8);
            for j in lo..=hi {
                bits |= 1 << j;
            }
        }
    }
    TileSet::from_bits(bits)
}

impl Algorithm for Matrix {
    fn name(&self) -> &'static str {
        "matrix"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities { decompositions: false, ..Capabilities::ALL }
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let counts = &hand.concealed().0;
        let wildcards = hand.wildcards() as u32;
        let melds = if wildcards == 0 {
            plain_melds(counts)
        } else {
            let physical = hand.physical_counts();
            let mut room = [u8::MAX; Tile::COUNT];
            if !rules.wildcard_fifth_copy {
                for (r, &p) in room.iter_mut().zip(physical.0.iter()) {
                    *r = 4u8.saturating_sub(p);
                }
            }
            wild_melds(counts, &room, wildcards)
        };
        if melds {
            return Ok(true);
        }
        if !hand.special_forms_apply(rules) {
            return Ok(false);
        }
        Ok(seven_pairs(counts, wildcards, rules.seven_pairs) || (rules.thirteen_orphans && thirteen_orphans(counts)))
    }

    fn check_waits(&self, hand: &Hand, rules: &Rules) -> Result<TileSet, Error> {
        let physical = hand.physical_counts();
        let candidates = if hand.wildcards() > 0 {
            TileSet::ALL
        } else if hand.special_forms_apply(rules) && rules.thirteen_orphans {
            // Thirteen orphans can wait on the one orphan it lacks, held nowhere.
            let orphans: TileSet = Tile::TERMINALS_AND_HONORS.into_iter().collect();
            TileSet::from_bits(near(hand.concealed()).bits() | orphans.bits())
        } else {
            near(hand.concealed())
        };
        let mut waits = TileSet::EMPTY;
        for t in candidates.iter() {
            if physical[t] < 4 && self.check_win(&hand.with_tile_unchecked(t), rules)? {
                waits.insert(t);
            }
        }
        Ok(waits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ranks: &str) -> Row {
        let mut r = [0; COLS];
        for c in ranks.chars() {
            r[PAD + c.to_digit(10).unwrap() as usize - 1] += 1;
        }
        r
    }

    #[test]
    fn greedy_takes_triplets_from_the_lowest_tile() {
        assert!(greedy(row("111234")));
        assert!(greedy(row("111222333")));
        assert!(greedy(row("111123")));
        assert!(!greedy(row("1789")));
        assert!(!greedy(row("89")));
        assert!(!greedy(row("1122")));
    }

    #[test]
    fn row_costs_count_wildcards() {
        let free = [4; COLS];
        let mut room = [0; COLS];
        room[PAD..PAD + 9].copy_from_slice(&free[..9]);
        assert_eq!(row_costs(&row("123"), &room), [0, 2]);
        assert_eq!(row_costs(&row("13"), &room), [1, 3]);
        assert_eq!(row_costs(&row("11"), &room), [1, 0]);
        assert_eq!(row_costs(&row("89"), &room), [1, 3]);
        // 9 with no room left at 9: 789 from two wildcards, never 999.
        let mut tight = room;
        tight[PAD + 8] = 0;
        // With the pair: 789 and a pair of wildcards, as cheap as a pair of a fresh kind.
        assert_eq!(row_costs(&row("9"), &tight), [2, 4]);
        assert_eq!(row_costs(&row(""), &room), [0, NEVER]);
    }

    #[test]
    fn honors_by_count() {
        assert_eq!(honor_costs(0, 4), [0, 2]);
        assert_eq!(honor_costs(1, 3), [2, 1]);
        assert_eq!(honor_costs(3, 1), [0, NEVER]);
        assert_eq!(honor_costs(4, 0), [NEVER, NEVER]);
        assert_eq!(honor_costs(4, u8::MAX), [2, 1]);
    }
}
