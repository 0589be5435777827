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
    greedy_with_pair(&rows[pair_row])
}

/// S004's step one and two: try each pair the row holds, then the greedy on the rest.
fn greedy_with_pair(row: &Row) -> bool {
    (PAD..PAD + 9).any(|i| {
        row[i] >= 2 && {
            let mut rest = *row;
            rest[i] -= 2;
            greedy(rest)
        }
    })
}

// ---- with wildcards ----

/// The fewest wildcards, up to `budget`, that complete one numbered row into groups:
/// `[without the pair, with it]`, [`NEVER`] if impossible within the budget. `room[i]` is how many
/// wildcards may stand for the kind in column `i`.
///
/// A dynamic programme over the ranks, lowest first: S004's "what does the lowest tile join",
/// asked of every rank in turn with the wildcards' help. Its state is how many sequences started
/// one rank below (they still need this rank and the next) and two ranks below (they need this
/// rank only), and whether the pair is placed. At each rank it chooses how many sequences start
/// here and how many triplets and pairs sit here; every concealed tile of the rank must be used,
/// and wildcards fill what the choice needs beyond them.
///
/// The choices are bounded by what some cheapest completion looks like, so the bounds lose
/// nothing: no group is made of wildcards alone (it could be dropped, three wildcards cheaper,
/// and rebuilt of a kind nobody holds), so there are no more triplets plus pairs at a rank than
/// concealed tiles there, and no sequence starts where it would meet no concealed tile; at most
/// two sequences start at a rank (three equal sequences hold the same tiles as three triplets).
/// A pair of wildcards alone is left to the caller.
fn row_costs(row: &Row, room: &Row, budget: u32) -> [u32; 2] {
    let Some(first) = (PAD..PAD + 9).find(|&i| row[i] > 0) else {
        return [0, NEVER];
    };
    let last = (PAD..PAD + 9).rev().find(|&i| row[i] > 0).unwrap_or(first);
    // cost[(s1 * 3 + s2) * 2 + pair placed]: s1 sequences started one rank below, s2 two ranks
    // below; `live` marks the entries within budget.
    let mut cost = [NEVER; 18];
    cost[0] = 0;
    let mut live = 1u32;
    // Sequences holding the first tile start up to two ranks below it; the padding has no room,
    // so none starts below rank 1 or runs past rank 9.
    for i in first - 2..=last {
        let have = row[i] as u32;
        let free = room[i] as u32;
        let most_starts = if have + row[i + 1] as u32 + row[i + 2] as u32 > 0 { 2 } else { 0 };
        let mut next = [NEVER; 18];
        let mut next_live = 0u32;
        let mut todo = live;
        while todo != 0 {
            let entry = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let (state, placed) = (entry / 2, entry % 2);
            let (s1, open) = (state / 3, (state / 3 + state % 3) as u32);
            for starts in 0..=most_starts {
                for triplets in 0..=have.min(2) {
                    let most_pairs = if placed == 1 { 0 } else { (have - triplets).min(1) };
                    for pairs in 0..=most_pairs {
                        let need = open + starts + 3 * triplets + 2 * pairs;
                        if need < have || need - have > free {
                            continue;
                        }
                        let total = cost[entry] + need - have;
                        let to = (starts as usize * 3 + s1) * 2 + placed + pairs as usize;
                        if total <= budget && total < next[to] {
                            next[to] = total;
                            next_live |= 1 << to;
                        }
                    }
                }
            }
        }
        if next_live == 0 {
            return [NEVER; 2];
        }
        cost = next;
        live = next_live;
    }
    // Sequences still open after `last` end on the next two ranks, on wildcards alone: s1 + s2 of
    // them need the next rank, s1 the one after. Past rank 9 the padding has no room.
    let (a, b) = (room[last + 1] as usize, room[last + 2] as usize);
    let mut done = [NEVER; 2];
    while live != 0 {
        let entry = live.trailing_zeros() as usize;
        live &= live - 1;
        let (s1, s2) = (entry / 6, entry / 2 % 3);
        let total = cost[entry] + (2 * s1 + s2) as u32;
        if s1 + s2 <= a && s1 <= b && total <= budget && total < done[entry % 2] {
            done[entry % 2] = total;
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
    // units[0..7]: honors; units[7..10]: the numbered rows.
    let mut units = [[0u32; 2]; 7 + 3];
    for h in 0..7 {
        units[h] = honor_costs(counts[27 + h], room[27 + h]);
    }
    // The fewest wildcards each unit could possibly take; for a row, from its count mod 3 alone.
    let mut floor = [0u32; 7 + 3];
    for (f, u) in floor.iter_mut().zip(&units) {
        *f = u[0].min(u[1]);
    }
    for s in 0..3 {
        let n = tiles[s].iter().map(|&c| c as u32).sum::<u32>();
        floor[7 + s] = match n % 3 {
            1 => 1,
            _ => 0,
        };
    }
    let floors: u32 = floor.iter().sum();
    if floors > wildcards {
        return false;
    }
    for s in 0..3 {
        // What the other units leave at most for this row.
        let budget = wildcards - (floors - floor[7 + s]);
        units[7 + s] = if budget == 0 {
            plain_row_costs(&tiles[s])
        } else if floor[7 + s] == 0 && greedy(tiles[s]) {
            // Already whole melds (or empty): it takes no wildcards without the pair, and with
            // the pair it would take at least two (its count is 0 mod 3), no better than a pair
            // of wildcards alone.
            [0, NEVER]
        } else {
            row_costs(&tiles[s], &rooms[s], budget)
        };
    }
    let without: u32 = units.iter().map(|u| u[0]).sum();
    let best = units.iter().map(|u| without - u[0] + u[1]).min().unwrap_or(NEVER).min(without + 2);
    best <= wildcards
}

/// [`row_costs`] with no wildcards to spend: S004's greedy, with and without the pair.
fn plain_row_costs(row: &Row) -> [u32; 2] {
    [if greedy(*row) { 0 } else { NEVER }, if greedy_with_pair(row) { 0 } else { NEVER }]
}

// ---- special forms ----

fn seven_pairs(counts: &[u8; Tile::COUNT], wildcards: u32, rule: SevenPairs) -> bool {
    // The counts always add up (concealed + wildcards = 14 = 7 pairs); what matters is the shape.
    match rule {
        SevenPairs::Off => false,
        // Every kind held once or twice, at most seven kinds: wildcards pair the singles and fill
        // the missing pairs with fresh kinds.
        SevenPairs::Distinct => counts.iter().all(|&n| n <= 2) && counts.iter().filter(|&&n| n > 0).count() <= 7,
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
        Capabilities { decompositions: false, ..Capabilities::CLASSIC }
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
        let held = hand.held_counts();
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
            if held[t] < 4 && self.check_win(&hand.with_tile_unchecked(t), rules)? {
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
        let costs = |ranks: &str, room: &Row| row_costs(&row(ranks), room, 8);
        assert_eq!(costs("123", &room), [0, 2]);
        assert_eq!(costs("13", &room), [1, 3]);
        assert_eq!(costs("11", &room), [1, 0]);
        assert_eq!(costs("89", &room), [1, 3]);
        assert_eq!(costs("1357", &room), [2, 4]);
        // The budget cuts: 1357 needs two wildcards.
        assert_eq!(row_costs(&row("1357"), &room, 1), [NEVER, NEVER]);
        // 9 with no room left at 9: 789 from two wildcards, never 999.
        let mut tight = room;
        tight[PAD + 8] = 0;
        // With the pair, 99 is impossible too; a pair of wildcards alone is the caller's business.
        assert_eq!(costs("9", &tight), [2, NEVER]);
        assert_eq!(costs("", &room), [0, NEVER]);
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
