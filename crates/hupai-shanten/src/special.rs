//! Seven pairs and thirteen orphans as closed forms over how many kinds hold each count.
//!
//! Both forms are concealed 14-tile hands, so the distance (tiles to add to the real tiles) is 14
//! minus the most real tiles a target keeps:
//!
//! - seven distinct pairs: each kind kept as a pair keeps up to 2 tiles; take up to seven kinds,
//!   pairs first, then singles;
//! - seven pairs where four of a kind is two pairs: each kind offers a first pair (keeping
//!   min(count, 2)) and a second (keeping count − 2 beyond that); the seven best units, greedily
//!   (a kind's second unit never keeps more than its first, so greedy is exact);
//! - thirteen orphans: one of each terminal and honor kept if held, plus one more if any of them is
//!   held twice.
//!
//! No form needs more than two copies of a kind beyond what a kind can hold (at most 4), so
//! neither the four-copy limit nor the fifth-copy option changes them.

use hupai_tiles::SevenPairs;

/// Whether kind `k` (0–33) is a terminal or an honor.
pub(crate) const fn is_orphan(k: usize) -> bool {
    k >= 27 || k.is_multiple_of(9) || k % 9 == 8
}

/// The terminals and honors as bits by kind.
pub(crate) const ORPHANS: u64 = {
    let mut bits = 0u64;
    let mut k = 0;
    while k < 34 {
        if is_orphan(k) {
            bits |= 1 << k;
        }
        k += 1;
    }
    bits
};

/// Kinds by count (0–4), over all 34 and over the 13 terminals and honors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stats {
    all: [u8; 5],
    orphans: [u8; 5],
}

impl Stats {
    /// The stats of `counts` (a count above 4 read as 4).
    pub(crate) fn new(counts: &[u8; 34]) -> Stats {
        Stats::of_kinds_by_count(&crate::changes::kinds_by_count(counts))
    }

    /// The stats of a hand whose kinds held 0, 1, 2, 3 and 4 times are `by_count` (bits by
    /// kind): [`Stats::new`] for a caller who has those already.
    #[inline(always)]
    pub(crate) fn of_kinds_by_count(by_count: &[u64; 5]) -> Stats {
        Stats {
            all: by_count.map(|kinds| kinds.count_ones() as u8),
            orphans: by_count.map(|kinds| (kinds & ORPHANS).count_ones() as u8),
        }
    }

    /// The special forms' distances straight from the counts (seven pairs under `seven`, when
    /// not `Off`; thirteen orphans when `orphans`): the same numbers as [`Stats::new`] followed by
    /// [`Stats::seven_pairs`] / [`Stats::thirteen_orphans`], counting only the thresholds those
    /// need (kinds held at least once and twice; three and four times only for four-of-a-kind
    /// pairs).
    #[inline(always)]
    pub(crate) fn distances(counts: &[u8; 34], seven: SevenPairs, orphans: bool) -> (Option<u8>, Option<u8>) {
        const LOW: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        const ORPHAN_MASK: [u64; 5] = [0x80, 0x8080, 0x0080_8000, 0x8080_8080_8080_0000, 0x8080];
        let mut padded = [0u8; 40];
        padded[..34].copy_from_slice(counts);
        let quads = seven == SevenPairs::AllowQuads;
        // Lane-wise sums of "at least k" flags: all kinds for k = 1..4, terminals and honors for 1, 2.
        let (mut ge, mut orphan_ge) = ([0u64; 5], [0u64; 3]);
        for (w, chunk) in padded.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) & 0x7f7f_7f7f_7f7f_7f7f;
            for k in 1..=2 {
                let flags = (x + (0x80 - k as u64) * LOW) & HIGH;
                ge[k] += flags >> 7;
                orphan_ge[k] += (flags & ORPHAN_MASK[w]) >> 7;
            }
            if quads {
                for (k, slot) in ge.iter_mut().enumerate().skip(3) {
                    *slot += ((x + (0x80 - k as u64) * LOW) & HIGH) >> 7;
                }
            }
        }
        let total = |v: u64| (v.wrapping_mul(LOW) >> 56) as u8;
        let (ge1, ge2) = (total(ge[1]), total(ge[2]));
        let seven = match seven {
            SevenPairs::Off => None,
            rule => {
                let (ge3, ge4) = if quads { (total(ge[3]), total(ge[4])) } else { (0, 0) };
                let (full, half) = match rule {
                    SevenPairs::AllowQuads => (ge2 + ge4, ge1 - ge2 + ge3 - ge4),
                    _ => (ge2, ge1 - ge2),
                };
                let full = full.min(7);
                Some(14 - 2 * full - half.min(7 - full))
            }
        };
        let orphans = orphans.then(|| 14 - total(orphan_ge[1]) - u8::from(total(orphan_ge[2]) > 0));
        (seven, orphans)
    }

    /// The stats after kind `k`, holding `count`, changes by `delta` (±1).
    #[inline(always)]
    pub(crate) fn with(&self, count: u8, k: usize, delta: i8) -> Stats {
        let mut s = *self;
        let from = (count as usize).min(4);
        let to = (count as i16 + delta as i16).clamp(0, 4) as usize;
        s.all[from] = s.all[from].saturating_sub(1);
        s.all[to] += 1;
        if is_orphan(k) {
            s.orphans[from] = s.orphans[from].saturating_sub(1);
            s.orphans[to] += 1;
        }
        s
    }

    /// Seven pairs' units under `rule` (not `Off`), before the limit of seven: those keeping two
    /// tiles and those keeping one.
    #[inline(always)]
    fn seven_pairs_units(&self, rule: SevenPairs) -> (u8, u8) {
        let [_, one, two, three, four] = self.all;
        match rule {
            SevenPairs::AllowQuads => (two + three + 2 * four, one + three),
            _ => (two + three + four, one),
        }
    }

    /// Tiles to add for seven pairs under `rule` (not `Off`).
    #[inline(always)]
    pub(crate) fn seven_pairs(&self, rule: SevenPairs) -> u8 {
        let (full, half) = self.seven_pairs_units(rule);
        let full = full.min(7);
        let half = half.min(7 - full);
        14 - 2 * full - half
    }

    /// Tiles to add for thirteen orphans.
    #[inline(always)]
    pub(crate) fn thirteen_orphans(&self) -> u8 {
        let [none, _, two, three, four] = self.orphans;
        let doubled = u8::from(two + three + four > 0);
        14 - (13 - none) - doubled
    }

    /// Whether drawing a kind held `k` times (bit `k`, 0–3) lowers [`Stats::seven_pairs`] under
    /// `rule` (not `Off`). A draw moves one kind up one count, so each case is one unit more (a
    /// first pair from a single, a second from a three) or one more single while there is room.
    #[inline(always)]
    pub(crate) fn seven_pairs_draws(&self, rule: SevenPairs) -> u8 {
        let (full, half) = self.seven_pairs_units(rule);
        // A pair unit gained (a single to a pair; with quads also a three to a four).
        let pair = if full < 7 { if rule == SevenPairs::AllowQuads { 0b1010 } else { 0b0010 } } else { 0 };
        // A single unit gained (a new kind; with quads also a pair to a three), if one still fits.
        let single =
            if half < 7 - full.min(7) { if rule == SevenPairs::AllowQuads { 0b0101 } else { 0b0001 } } else { 0 };
        pair | single
    }

    /// Whether drawing a terminal or honor held `k` times (bit `k`, 0–3) lowers
    /// [`Stats::thirteen_orphans`]: a kind not yet held, or the first one doubled.
    #[inline(always)]
    pub(crate) fn thirteen_orphans_draws(&self) -> u8 {
        let [_, _, two, three, four] = self.orphans;
        if two + three + four > 0 { 0b0001 } else { 0b0011 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(s: &str) -> [u8; 34] {
        s.parse::<hupai_tiles::Hand>().map(|h| h.concealed().0).unwrap_or([0; 34])
    }

    #[test]
    fn closed_forms() {
        let s = Stats::new(&counts("19m19p19s1234567z"));
        assert_eq!(s.thirteen_orphans(), 1);
        assert_eq!(s.seven_pairs(SevenPairs::Distinct), 7);
        let s = Stats::new(&counts("1111m22m33p44p55s66s"));
        assert_eq!(s.seven_pairs(SevenPairs::Distinct), 2);
        assert_eq!(s.seven_pairs(SevenPairs::AllowQuads), 0);
        let s = Stats::new(&counts("1188m288p55s1111z"));
        // xiangting's example: replacement number 3 for seven distinct pairs (13 tiles held).
        assert_eq!(s.seven_pairs(SevenPairs::Distinct), 3);
    }

    #[test]
    fn new_matches_a_plain_count() {
        let mut rng = 0x1234_5678_u64;
        for _ in 0..20_000 {
            let mut c = [0u8; 34];
            for x in c.iter_mut() {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *x = ((rng >> 40) % 5) as u8;
            }
            let mut all = [0u8; 5];
            let mut orphans = [0u8; 5];
            for (k, &n) in c.iter().enumerate() {
                all[n as usize] += 1;
                if is_orphan(k) {
                    orphans[n as usize] += 1;
                }
            }
            assert_eq!(Stats::new(&c), Stats { all, orphans }, "{c:?}");
            let by_count: [u64; 5] =
                std::array::from_fn(|n| (0..34).filter(|&k| c[k] as usize == n).fold(0, |m, k| m | 1 << k));
            assert_eq!(Stats::of_kinds_by_count(&by_count), Stats { all, orphans }, "{c:?}");
        }
    }

    #[test]
    fn distances_match_the_stats() {
        let mut rng = 0x9e37_79b9_u64;
        for _ in 0..20_000 {
            let mut c = [0u8; 34];
            for x in c.iter_mut() {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *x = ((rng >> 40) % 5) as u8;
            }
            let s = Stats::new(&c);
            for rule in [SevenPairs::Off, SevenPairs::Distinct, SevenPairs::AllowQuads] {
                let seven = (rule != SevenPairs::Off).then(|| s.seven_pairs(rule));
                for orphans in [false, true] {
                    let expected = (seven, orphans.then(|| s.thirteen_orphans()));
                    assert_eq!(Stats::distances(&c, rule, orphans), expected, "{c:?} {rule:?}");
                }
            }
        }
    }

    #[test]
    fn draws_match_the_distances_after_a_draw() {
        let mut rng = 0x2545_f491_u64;
        let mut next = move || {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            rng >> 33
        };
        let (mut few_pairs, mut many_pairs) = (0, 0);
        for _ in 0..20_000 {
            // Sparse to dense hands, so both sides of seven units are reached.
            let held = 1 + next() % 40;
            let mut c = [0u8; 34];
            for _ in 0..held {
                let k = (next() % 34) as usize;
                c[k] = (c[k] + 1).min(4);
            }
            let pairs = c.iter().filter(|&&n| n >= 2).count();
            if pairs < 7 {
                few_pairs += 1
            } else {
                many_pairs += 1
            }
            let s = Stats::new(&c);
            for k in (0..34).filter(|&k| c[k] < 4) {
                let after = s.with(c[k], k, 1);
                let bit = 1 << c[k];
                for rule in [SevenPairs::Distinct, SevenPairs::AllowQuads] {
                    let lowers = after.seven_pairs(rule) < s.seven_pairs(rule);
                    assert_eq!(s.seven_pairs_draws(rule) & bit != 0, lowers, "{c:?} {k} {rule:?}");
                }
                if is_orphan(k) {
                    let lowers = after.thirteen_orphans() < s.thirteen_orphans();
                    assert_eq!(s.thirteen_orphans_draws() & bit != 0, lowers, "{c:?} {k}");
                }
            }
        }
        assert!(few_pairs > 1000 && many_pairs > 1000, "{few_pairs} {many_pairs}");
    }

    #[test]
    fn with_matches_new() {
        let c = counts("1112345678999m1z");
        let s = Stats::new(&c);
        for k in 0..34 {
            let mut d = c;
            if d[k] < 4 {
                d[k] += 1;
                assert_eq!(s.with(c[k], k, 1), Stats::new(&d));
            }
            let mut d = c;
            if d[k] > 0 {
                d[k] -= 1;
                assert_eq!(s.with(c[k], k, -1), Stats::new(&d));
            }
        }
    }
}
