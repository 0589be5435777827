//! The random corpus: seeded deals from the 136-tile wall, and seeded winning hands (a pair and
//! melds drawn from the wall, so that wins are common enough to matter). Each deal has 14 or 17
//! tiles, complete or one short, 0–8 of its tiles turned into wildcards and 0–2 declared melds.
//! Deal `i` depends only on the seed and `i`, so a sample draws exactly the deals the full run does.

use hupai_tiles::{Hand, Meld, Rules, Suit, Tile, TileCounts, TileSet, VoidSuit};

use super::{Case, Cases, Size};
use crate::rng::Rng;

/// The fixed seed of every deal.
pub(crate) const SEED: u64 = 0x6875_7061_6920_2024; // "hupai 2024"

/// Deals in the full corpus.
pub(crate) const FULL: u64 = 200_000;

/// Deals kept by [`Size::Sampled`]: one in this many.
const SAMPLE_STEP: u64 = 53;

/// What a deal looks like before it meets rule sets.
#[derive(Debug, Clone)]
pub(crate) struct Deal {
    pub(crate) hand: Hand,
    /// 14 or 17: the complete size it was dealt for (it may be one short of it).
    pub(crate) complete: usize,
}

/// Takes one copy of each of `tiles` from `wall` (counts of what is left), or nothing if any is gone.
pub(crate) fn take(wall: &mut TileCounts, tiles: &[Tile]) -> bool {
    let mut w = *wall;
    for &t in tiles {
        if w[t] == 0 {
            return false;
        }
        w[t] -= 1;
    }
    *wall = w;
    true
}

/// A random meld shape (sequence or triplet, or kan when `declared`) starting at a random kind of `kinds`.
pub(crate) fn random_meld(rng: &mut Rng, declared: bool, kinds: TileSet) -> Meld {
    loop {
        let t = Tile::ALL[rng.below(Tile::COUNT)];
        if !kinds.contains(t) {
            continue;
        }
        match rng.below(if declared { 3 } else { 2 }) {
            0 if t.starts_sequence() => return Meld::Chi(t),
            0 => continue,
            1 => return Meld::Pon(t),
            _ => return Meld::Kan(t),
        }
    }
}

/// Deal number `index` from the 136-tile wall.
pub(crate) fn deal(index: u64) -> Deal {
    deal_in(index, TileSet::ALL)
}

/// Deal number `index` from a wall of four copies of each of `kinds` (with every kind, the same
/// deal as [`deal`]).
pub(crate) fn deal_in(index: u64, kinds: TileSet) -> Deal {
    let mut rng = Rng::for_case(SEED, index);
    let complete = if rng.below(3) == 0 { 17 } else { 14 };
    let one_short = rng.below(2) == 1;
    let declared = [0, 0, 0, 1, 1, 2][rng.below(6)];
    let wildcards = rng.below(9);
    let built = rng.below(2) == 1;
    let mut wall =
        TileCounts(std::array::from_fn(|t| if Tile::new(t).is_some_and(|k| kinds.contains(k)) { 4 } else { 0 }));
    let mut melds = Vec::new();
    while melds.len() < declared {
        let m = random_meld(&mut rng, true, kinds);
        if take(&mut wall, &m.tiles()) {
            melds.push(m);
        }
    }
    let mut concealed: Vec<Tile> = Vec::new();
    let size = complete - 3 * declared - one_short as usize;
    if built {
        // A pair and melds from what the wall still holds: a winning hand before tiles are dropped
        // or turned into wildcards.
        let mut pair = None;
        while pair.is_none() {
            let t = Tile::ALL[rng.below(Tile::COUNT)];
            if take(&mut wall, &[t, t]) {
                pair = Some(t);
            }
        }
        concealed.extend([pair.unwrap_or(Tile::EAST); 2]);
        let mut attempts = 0;
        while concealed.len() + 3 <= complete - 3 * declared && attempts < 1000 {
            attempts += 1;
            let m = random_meld(&mut rng, false, kinds);
            let tiles = m.tiles();
            if take(&mut wall, &tiles[..3]) {
                concealed.extend_from_slice(&tiles[..3]);
            }
        }
        rng.shuffle(&mut concealed);
        concealed.truncate(size);
    }
    // Fill up (a deal, or a built hand that ran out of melds) from the shuffled rest of the wall.
    let mut rest: Vec<Tile> = Tile::ALL.iter().flat_map(|&t| std::iter::repeat_n(t, wall[t] as usize)).collect();
    rng.shuffle(&mut rest);
    concealed.extend(rest.into_iter().take(size - concealed.len()));
    rng.shuffle(&mut concealed);
    // The first `wildcards` tiles become wildcards (as if they were the wildcard kind).
    let wildcards = wildcards.min(concealed.len());
    let counts = TileCounts::from_tiles(concealed[wildcards..].iter().copied());
    let hand = Hand::new(counts, wildcards as u8, &melds).unwrap_or_else(|e| panic!("deal {index} is impossible: {e}"));
    Deal { hand, complete }
}

/// The wall deal `index` is drawn from under `rules`: the rules' tile set, without the declared
/// void suit, and for "any one suit void" without one suit in every other deal (the rest use all
/// three, which never win, but must be found not to).
pub(crate) fn wall_kinds(rules: &Rules, index: u64) -> TileSet {
    let void = match rules.void {
        VoidSuit::Declared(s) => Some(s),
        VoidSuit::AnyOne if index.is_multiple_of(2) => {
            Some([Suit::Man, Suit::Pin, Suit::Sou][(index / 2 % 3) as usize])
        }
        _ => None,
    };
    rules.allowed_kinds(void)
}

pub(crate) fn cases(rules: Vec<Rules>, size: Size) -> Cases {
    Box::new((0..FULL).filter(move |&i| size.keeps(i, SAMPLE_STEP)).flat_map(move |i| {
        let d = deal(i);
        rules.clone().into_iter().filter_map(move |r| {
            let kinds = wall_kinds(&r, i);
            let d = if kinds == TileSet::ALL { d.clone() } else { deal_in(i, kinds) };
            (r.hand_size() == d.complete).then(|| Case::new(d.hand, r))
        })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_tiles::HandShape;

    #[test]
    fn deals_fit_their_size_and_vary() {
        let mut shapes = [0u32; 2];
        let mut with_melds = 0;
        let mut max_wild = 0;
        for i in 0..2000 {
            let d = deal(i);
            assert!(d.hand.tile_count() + 1 >= d.complete);
            let rules = if d.complete == 17 { Rules::TAIWAN } else { Rules::STANDARD };
            match d.hand.shape(&rules).unwrap() {
                HandShape::Complete => shapes[0] += 1,
                HandShape::OneShort => shapes[1] += 1,
            }
            with_melds += !d.hand.melds().is_empty() as u32;
            max_wild = max_wild.max(d.hand.wildcards());
            assert_eq!(deal(i).hand, d.hand, "deal {i} is not deterministic");
        }
        assert!(shapes.iter().all(|&n| n > 500), "{shapes:?}");
        assert!(with_melds > 500);
        assert_eq!(max_wild, 8);
    }
}
