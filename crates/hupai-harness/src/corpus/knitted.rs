//! The knitted corpus: hands built around the GB knitted forms, so that the rules that allow them
//! (and the ones that do not) meet them often. Per knitted order (which suit holds 147, 258, 369):
//! every honors-and-knitted hand (fourteen of the sixteen kinds), and every knitted straight with
//! each meld and each pair, the meld concealed or declared. Each base hand comes complete and one
//! tile short, with 0–3 of its concealed tiles turned into wildcards.

use hupai_tiles::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds, knitted_tiles};
use hupai_tiles::{Hand, Meld, Rules, Tile, TileCounts};

use super::{Case, Cases, Size};

/// Hands kept by [`Size::Sampled`]: one in this many (a prime).
const SAMPLE_STEP: u64 = 157;

/// Most wildcards per hand.
const MAX_WILDCARDS: usize = 3;

/// The concealed tiles of a base hand and its declared meld, if any.
type Base = (Vec<Tile>, Option<Meld>);

fn bases() -> Vec<Base> {
    let mut out = Vec::new();
    for order in KNITTED_ORDERS {
        let kinds: Vec<Tile> = honors_and_knitted_kinds(order).iter().collect();
        for a in 0..kinds.len() {
            for b in a + 1..kinds.len() {
                let tiles = kinds.iter().enumerate().filter(|&(i, _)| i != a && i != b).map(|(_, &t)| t).collect();
                out.push((tiles, None));
            }
        }
        for start in Tile::ALL {
            let melds = [Some(Meld::Pon(start)), start.starts_sequence().then_some(Meld::Chi(start))];
            for meld in melds.into_iter().flatten() {
                for pair in Tile::ALL {
                    let mut tiles = knitted_tiles(order).to_vec();
                    tiles.extend([pair, pair]);
                    out.push((tiles.clone(), Some(meld)));
                    tiles.extend(meld.tiles());
                    out.push((tiles, None));
                }
            }
        }
    }
    out
}

/// Variant `v` of base hand `n`: complete or one short, some tiles turned into wildcards at
/// positions spread by `n`; `None` when two positions coincide or the hand is impossible.
fn variant(n: usize, base: &Base, v: usize) -> Option<Hand> {
    let (wildcards, short) = (v / 2, v % 2 == 1);
    let mut tiles = base.0.clone();
    if short {
        tiles.remove((n * 7 + 3) % tiles.len());
    }
    let mut wild = vec![false; tiles.len()];
    for k in 0..wildcards {
        let at = (n * 3 + k * 5) % tiles.len();
        if std::mem::replace(&mut wild[at], true) {
            return None;
        }
    }
    let counts = TileCounts::from_tiles(tiles.iter().zip(&wild).filter(|&(_, &w)| !w).map(|(&t, _)| t));
    let melds: Vec<Meld> = base.1.into_iter().collect();
    Hand::new(counts, wildcards as u8, &melds).ok()
}

pub(crate) fn cases(rules: Vec<Rules>, size: Size) -> Cases {
    let variants = 2 * (MAX_WILDCARDS + 1);
    let bases = bases();
    let all = (0..bases.len() * variants).filter(move |&i| size.keeps(i as u64, SAMPLE_STEP));
    Box::new(all.filter_map(move |i| variant(i / variants, &bases[i / variants], i % variants)).flat_map(move |hand| {
        let fitting: Vec<Rules> = rules.iter().copied().filter(|r| hand.shape(r).is_ok()).collect();
        fitting.into_iter().map(move |r| Case::new(hand.clone(), r))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_search::Backtrack;
    use hupai_tiles::Algorithm;

    #[test]
    fn base_hands_win_under_gb() {
        let bases = bases();
        // 6 orders × (120 honors-and-knitted + 55 melds × 34 pairs × 2)
        assert_eq!(bases.len(), 6 * (120 + 55 * 34 * 2));
        for (n, base) in bases.iter().enumerate().step_by(97) {
            if let Some(hand) = variant(n, base, 0) {
                assert!(Backtrack.is_win(&hand, &Rules::GB).unwrap(), "{hand}");
            }
        }
    }
}
