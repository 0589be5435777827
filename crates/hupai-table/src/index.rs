//! The index table builder: S000's enumeration of winning hands, done per shape, and S002's index
//! (run-length key → every decomposition and the yaku flags), placed in a perfect hash.
//!
//! [`shapes`] enumerates the winning shapes; [`build`] turns them into the [`IndexData`] payload of
//! `index.bin`: the sorted keys, each key's [`ShapeFlags`] and decomposition words, and the perfect
//! hash's seed and pilots, searched here so the runtime only re-places keys.

pub mod shapes;

use hupai_lookup::index::{IndexData, IndexStats, RunDecomposition, RunGroup, ShapeFlags, phf};

use shapes::{BlockDecomposition, Counts, Shape, Unit};

/// What [`build`] reports besides the payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexSummary {
    /// The seeds' counts, as stored in the payload.
    pub stats: IndexStats,
    /// Decomposition words stored.
    pub decompositions: usize,
    /// Slots in the perfect hash.
    pub slots: usize,
    /// Buckets (pilots) in the perfect hash.
    pub buckets: usize,
    /// Seeds tried before every bucket found a pilot.
    pub seeds_tried: u32,
}

/// Builds the index payload. `progress(step, done, total)` is called as the enumeration advances.
pub fn build(progress: &dyn Fn(&str, u64, u64)) -> (IndexData, IndexSummary) {
    let shapes = shapes::shapes_with_progress(Counts::Unlimited, &|done, total| {
        progress("index: enumerating shapes", done, total)
    });
    progress("index: counting hands", 0, 1);
    let stats = stats(&shapes);
    progress("index: counting hands", 1, 1);

    let mut keys = Vec::with_capacity(shapes.len());
    let mut flags = Vec::with_capacity(shapes.len());
    let mut counts = Vec::with_capacity(shapes.len());
    let mut words = Vec::new();
    for s in &shapes {
        let (f, w) = encode_shape(s);
        keys.push(s.key());
        flags.push(f.0);
        counts.push(w.len() as u8);
        words.extend(w);
    }
    progress("index: perfect hash", 0, 1);
    let (seed, slot_bits, pilots, seeds_tried) = perfect_hash(&keys);
    progress("index: perfect hash", 1, 1);
    let key_deltas = keys.iter().scan(0u32, |prev, &k| Some(k - std::mem::replace(prev, k))).collect();
    let summary =
        IndexSummary { stats, decompositions: words.len(), slots: 1 << slot_bits, buckets: pilots.len(), seeds_tried };
    let data = IndexData {
        stats,
        seed,
        slot_bits,
        pilots,
        key_deltas,
        flags,
        decomposition_counts: counts,
        decompositions: words,
    };
    (data, summary)
}

/// The seeds' counts over the enumerated shapes.
pub fn stats(shapes: &[Shape]) -> IndexStats {
    let real: Vec<&Shape> = shapes.iter().filter(|s| s.max_count() <= 4).collect();
    let four: Vec<&&Shape> = real.iter().filter(|s| s.tiles() == 14 && !s.decompositions.is_empty()).collect();
    IndexStats {
        hands: four.iter().map(|s| s.hands()).sum(),
        keys_four_melds: four.len() as u32,
        keys_real: real.len() as u32,
        keys: shapes.len() as u32,
    }
}

/// A shape's flag byte and its decomposition words, sorted.
pub fn encode_shape(shape: &Shape) -> (ShapeFlags, Vec<u32>) {
    // Where each block starts, by run index, and the blocks of exactly nine kinds (a whole suit).
    let mut starts = Vec::new();
    let mut at = 0u8;
    for b in &shape.blocks {
        starts.push((at, b.len()));
        at += b.len() as u8;
    }
    let suits: Vec<u8> = starts.iter().filter(|&&(_, len)| len == 9).map(|&(s, _)| s).collect();
    let mut flags = ShapeFlags::default();
    let mut words = Vec::new();
    for d in &shape.decompositions {
        let run = run_decomposition(d, &suits);
        if run.pure_straight {
            flags = flags.union(ShapeFlags::PURE_STRAIGHT);
        }
        if run.identical_sequences >= 1 {
            flags = flags.union(ShapeFlags::ONE_IDENTICAL);
        }
        if run.identical_sequences >= 2 {
            flags = flags.union(ShapeFlags::TWO_IDENTICAL);
        }
        words.push(run.to_word().expect("table shapes have at most 14 runs and 4 melds"));
    }
    words.sort_unstable();
    if !words.is_empty() {
        flags = flags.union(ShapeFlags::MELDS);
    }
    if shape.seven_pairs {
        flags = flags.union(ShapeFlags::SEVEN_PAIRS);
    }
    if is_nine_gates(shape) {
        flags = flags.union(ShapeFlags::NINE_GATES);
    }
    if shape.max_count() > 4 {
        flags = flags.union(ShapeFlags::OVER_FOUR);
    }
    (flags, words)
}

fn run_decomposition(d: &BlockDecomposition, suits: &[u8]) -> RunDecomposition {
    let melds = d
        .melds
        .iter()
        .map(|&u| match u {
            Unit::Triplet(p) => RunGroup::Triplet(p),
            Unit::Sequence(p) => RunGroup::Sequence(p),
        })
        .collect();
    let mut seqs = [0u8; 16];
    for &u in &d.melds {
        if let Unit::Sequence(p) = u {
            seqs[p as usize] += 1;
        }
    }
    let pure_straight = suits.iter().any(|&s| {
        let s = s as usize;
        seqs[s] > 0 && seqs[s + 3] > 0 && seqs[s + 6] > 0
    });
    RunDecomposition {
        pair: d.pair.expect("every meld shape has its pair"),
        melds,
        pure_straight,
        identical_sequences: seqs.iter().map(|&n| n / 2).sum(),
    }
}

/// Nine gates: one block of nine kinds (a whole suit), fourteen tiles, at least `311111113`.
fn is_nine_gates(shape: &Shape) -> bool {
    match shape.blocks.as_slice() {
        [b] if b.len() == 9 && shape.tiles() == 14 => {
            b.iter().enumerate().all(|(i, &c)| c >= if i == 0 || i == 8 { 3 } else { 1 })
        }
        _ => false,
    }
}

/// Searches the perfect hash for `keys`: returns seed, slot bits, one pilot per bucket and the
/// number of seeds tried. Deterministic: seeds are tried in a fixed order and buckets are filled
/// largest first, ties by bucket number.
pub fn perfect_hash(keys: &[u32]) -> (u64, u8, Vec<u16>, u32) {
    // About 78% full, about three keys per bucket: pilots are found fast and stay small.
    let slot_bits = (keys.len() as f64 / 0.8).log2().ceil().max(1.0) as u8;
    let bucket_bits = (keys.len() as f64 / 3.0).log2().floor().clamp(1.0, 16.0) as u32;
    let mut seed_state = 0x5E_ED0F_1DE7_u64;
    for tried in 1.. {
        seed_state = seed_state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let seed = splitmix(seed_state);
        if let Some(pilots) = try_seed(keys, seed, slot_bits as u32, bucket_bits) {
            return (seed, slot_bits, pilots, tried);
        }
    }
    unreachable!("the loop only ends by returning")
}

fn splitmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn try_seed(keys: &[u32], seed: u64, slot_bits: u32, bucket_bits: u32) -> Option<Vec<u16>> {
    let buckets = 1usize << bucket_bits;
    let mut members: Vec<Vec<u64>> = vec![Vec::new(); buckets];
    for &k in keys {
        let h = phf::hash(k, seed);
        members[phf::bucket(h, bucket_bits)].push(h);
    }
    let mut order: Vec<usize> = (0..buckets).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(members[b].len()), b));
    let mut taken = vec![false; 1 << slot_bits];
    let mut pilots = vec![0u16; buckets];
    let mut chosen = Vec::new();
    // Displacements repeat modulo the slot count, so more pilots than slots would add nothing.
    let max_pilot = ((1u32 << slot_bits) - 1).min(u16::MAX as u32) as u16;
    for b in order {
        if members[b].is_empty() {
            break;
        }
        let found = (0..=max_pilot).find(|&pilot| {
            chosen.clear();
            let d = phf::displacement(pilot);
            for &h in &members[b] {
                let s = phf::slot(h, d, slot_bits);
                if taken[s] || chosen.contains(&s) {
                    return false;
                }
                chosen.push(s);
            }
            true
        })?;
        for &s in &chosen {
            taken[s] = true;
        }
        pilots[b] = found;
    }
    Some(pilots)
}
