//! Every decomposition of a plain concealed part (no wildcards) straight from its counts: the
//! lowest tile left is always the start of a triplet or a sequence, so a depth-first walk lists
//! every decomposition (dropping the repeats), without allocating. It gives exactly what `hupai::decompositions`
//! gives under `Rules::RIICHI` (a test checks it), in a fraction of the time.

use arrayvec::ArrayVec;
use hupai::{Decomposition, Group, Tile, TileCounts};

/// Most decompositions a riichi hand has (four identical sequences and their triplet readings
/// with a pair choice stay far below this); more sends the hand to the general path.
pub(super) const MOST: usize = 16;

/// The decompositions of `counts` as a pair and `sets` sets, plus seven pairs and thirteen
/// orphans when `sets` is 4; `None` if there are more than [`MOST`].
pub(super) fn decompositions(counts: &TileCounts, sets: usize) -> Option<ArrayVec<Decomposition, MOST>> {
    let mut out = ArrayVec::new();
    let mut c = counts.0;
    let mut groups: ArrayVec<Group, 4> = ArrayVec::new();
    for p in pair_candidates(&c) {
        if c[p] >= 2 {
            c[p] -= 2;
            let pair = Tile::ALL[p];
            if !walk(&mut c, 0, sets, pair, &mut groups, &mut out) {
                return None;
            }
            c[p] += 2;
        }
    }
    if sets == 4 {
        if c.iter().filter(|&&n| n == 2).count() == 7 {
            let mut pairs = [Tile::EAST; 7];
            for (slot, t) in pairs.iter_mut().zip(Tile::ALL.iter().filter(|t| c[t.index()] == 2)) {
                *slot = *t;
            }
            out.try_push(Decomposition::seven_pairs(pairs)).ok()?;
        }
        let orphans = Tile::TERMINALS_AND_HONORS;
        if orphans.iter().all(|t| c[t.index()] >= 1)
            && orphans.iter().map(|t| u32::from(c[t.index()])).sum::<u32>() == 14
        {
            let pair = orphans.iter().copied().find(|t| c[t.index()] == 2)?;
            out.try_push(Decomposition::ThirteenOrphans { pair }).ok()?;
        }
    }
    Some(out)
}

/// The kinds the pair can be: in the one suit whose count leaves 2 over 3, or the one honor held
/// twice (an honor held once or four times, or a suit leaving 1, and nothing decomposes).
fn pair_candidates(c: &[u8; 34]) -> std::ops::Range<usize> {
    let mut place = None;
    let mut places = 0;
    for suit in 0..3 {
        let total: u32 = c[9 * suit..9 * suit + 9].iter().map(|&n| u32::from(n)).sum();
        match total % 3 {
            1 => return 0..0,
            2 => {
                places += 1;
                place = Some(9 * suit..9 * suit + 9);
            }
            _ => {}
        }
    }
    for (h, &n) in c.iter().enumerate().skip(27) {
        match n {
            1 | 4 => return 0..0,
            2 => {
                places += 1;
                place = Some(h..h + 1);
            }
            _ => {}
        }
    }
    match (places, place) {
        (1, Some(range)) => range,
        _ => 0..0,
    }
}

/// Takes sets from the lowest tile at or after `from`; false when `out` is full.
fn walk(
    c: &mut [u8; 34],
    from: usize,
    sets: usize,
    pair: Tile,
    groups: &mut ArrayVec<Group, 4>,
    out: &mut ArrayVec<Decomposition, MOST>,
) -> bool {
    let Some(i) = (from..34).find(|&i| c[i] > 0) else {
        if groups.len() == sets {
            // The same sets can be taken in two orders (666m 678m from 6666m 78m), so a
            // decomposition already listed is not listed again.
            let d = Decomposition::melds(pair, groups);
            return out.contains(&d) || out.try_push(d).is_ok();
        }
        return true;
    };
    if groups.len() == sets {
        return true;
    }
    let t = Tile::ALL[i];
    if c[i] >= 3 {
        c[i] -= 3;
        groups.push(Group::Triplet(t));
        let ok = walk(c, i, sets, pair, groups, out);
        groups.pop();
        c[i] += 3;
        if !ok {
            return false;
        }
    }
    if t.starts_sequence() && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        groups.push(Group::Sequence(t));
        let ok = walk(c, i, sets, pair, groups, out);
        groups.pop();
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        if !ok {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai::{Hand, Meld, Rules};

    /// A tiny deterministic generator (no dependency for a test).
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n
        }
    }

    fn sorted(mut v: Vec<Decomposition>) -> Vec<Decomposition> {
        v.sort();
        v
    }

    /// Random winning shapes (sets and a pair, seven pairs, near-misses) and random deals: the
    /// fast path lists exactly the general path's decompositions.
    #[test]
    fn agrees_with_the_general_path() {
        let mut r = Lcg(7);
        let mut checked = 0;
        for round in 0..20_000 {
            let mut c = [0u8; 34];
            let sets = 1 + r.below(4);
            match round % 4 {
                0 => {
                    for _ in 0..3 * sets + 2 {
                        c[r.below(34)] += 1;
                    }
                }
                1 if sets == 4 => {
                    for _ in 0..7 {
                        c[r.below(34)] += 2;
                    }
                }
                _ => {
                    // Sets from a narrow range of kinds, so hands read many ways.
                    let base = 9 * r.below(3);
                    for _ in 0..sets {
                        let t = base + r.below(7);
                        if r.below(2) == 0 {
                            c[t] += 3;
                        } else {
                            for k in 0..3 {
                                c[t + k] += 1;
                            }
                        }
                    }
                    c[base + r.below(9)] += 2;
                }
            }
            if c.iter().any(|&n| n > 4) {
                continue;
            }
            // The other sets as declared pons of kinds the concealed part does not hold.
            let melds: Vec<Meld> =
                (0..34).rev().filter(|&k| c[k] == 0).take(4 - sets).map(|k| Meld::Pon(Tile::ALL[k])).collect();
            let hand = Hand::new(TileCounts(c), 0, &melds).unwrap();
            let want = match hupai::decompositions(&hand, &Rules::RIICHI) {
                Ok(d) => d,
                Err(_) => continue,
            };
            let got = decompositions(&TileCounts(c), sets).expect("fewer than MOST");
            assert_eq!(sorted(got.to_vec()), sorted(want), "{hand}");
            checked += 1;
        }
        assert!(checked > 10_000, "only {checked} hands checked");
    }
}
