//! The fixed-seed random deals that `hupai bench` and the criterion benches (`hupai-benches`) time:
//! one generator, so the CLI table and the criterion figures are measured on the same hands.

pub use crate::rng::Rng;
use hupai_tiles::{Hand, Tile, TileCounts};

/// The seed of every benchmark corpus (`hupai bench` without `--seed` uses it too).
pub const SEED: u64 = 0x6265_6e63_6820_2024; // "bench 2024"

/// Stream tag of [`deal`], so deals and other generated hands of the same index are unrelated.
const DEAL_STREAM: u64 = 0x6465_616c; // "deal"

/// Deal number `index`: `tiles` tiles (at most 136) drawn from a shuffled 136-tile wall, the first
/// `wildcards` of them (at most `tiles`) turned into wildcards. Concealed, no declared melds.
pub fn deal(seed: u64, index: u64, tiles: usize, wildcards: u8) -> Hand {
    let tiles = tiles.min(136);
    let wildcards = (wildcards as usize).min(tiles);
    let mut rng = Rng::for_case(seed ^ DEAL_STREAM.rotate_left(32), index);
    let mut wall: [u8; 136] = std::array::from_fn(|i| (i / 4) as u8);
    let mut counts = TileCounts::EMPTY;
    for i in 0..tiles {
        let j = i + rng.below(136 - i);
        wall.swap(i, j);
        if i >= wildcards {
            counts.0[wall[i] as usize] += 1;
        }
    }
    // A wall holds four copies of each kind, so the counts are always a valid hand.
    Hand::from_counts(counts, wildcards as u8).unwrap_or_default()
}

/// Stream tag of winning hands, unrelated to [`deal`]'s stream.
const WIN_STREAM: u64 = 0x0077_696e; // "win"

/// Winning hand number `index`: a pair and `melds` melds (at most five; sequences and triplets, at most four
/// copies of a kind), then `wildcards` of its tiles, chosen at random, turned into wildcards. It
/// wins under every preset with `melds` melds (the wildcards stand for the tiles they replaced).
pub fn winning(seed: u64, index: u64, melds: usize, wildcards: u8) -> Hand {
    let melds = melds.min(hupai_tiles::MAX_MELDS);
    let mut rng = Rng::for_case(seed ^ WIN_STREAM.rotate_left(32), index);
    let mut counts = TileCounts::EMPTY;
    counts.0[rng.below(Tile::COUNT)] = 2;
    let mut placed = 0;
    while placed < melds {
        let t = rng.below(Tile::COUNT);
        let sequence = rng.below(2) == 0 && Tile::ALL[t].starts_sequence();
        let group: &[usize] = if sequence { &[t, t + 1, t + 2] } else { &[t, t, t] };
        let mut next = counts;
        for &x in group {
            next.0[x] += 1;
        }
        if next.0.iter().all(|&n| n <= 4) {
            counts = next;
            placed += 1;
        }
    }
    let mut wild = 0u8;
    while wild < wildcards && counts.total() > 0 {
        let mut pick = rng.below(counts.total() as usize);
        for n in counts.0.iter_mut() {
            if pick < *n as usize {
                *n -= 1;
                wild += 1;
                break;
            }
            pick -= *n as usize;
        }
    }
    Hand::from_counts(counts, wild).unwrap_or_default()
}

/// A hand one tile short of winning: [`winning`] hand number `index` without one of its concealed
/// tiles (or a wildcard, if it has no other). Its waits are never empty.
pub fn one_short(seed: u64, index: u64, melds: usize, wildcards: u8) -> Hand {
    let hand = winning(seed, index, melds, wildcards);
    let mut counts = *hand.concealed();
    let mut rng = Rng::for_case(seed ^ (WIN_STREAM ^ 1).rotate_left(32), index);
    let total = counts.total() as usize;
    if total == 0 {
        return Hand::from_counts(counts, hand.wildcards().saturating_sub(1)).unwrap_or_default();
    }
    let mut pick = rng.below(total);
    for n in counts.0.iter_mut() {
        if pick < *n as usize {
            *n -= 1;
            break;
        }
        pick -= *n as usize;
    }
    Hand::from_counts(counts, hand.wildcards()).unwrap_or_default()
}
