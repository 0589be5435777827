//! The index table: what `index.bin` stores ([`IndexData`]), the perfect hash that places its keys,
//! and the validated, ready-to-probe form ([`IndexTable`]).
//!
//! The artifact stores the sorted keys (delta-coded), one flag byte and one count per key, the
//! decomposition words, and the perfect hash's seed and per-bucket pilots, all found offline by
//! `hupai_table`. Loading re-places every key with the stored pilots (rejecting the file if two keys
//! collide) and checks every decomposition word against the counts its key spells out, so a probe
//! never needs a bounds check to be right and a damaged table cannot answer wrongly.

use arrayvec::ArrayVec;
use hupai_tiles::{Decomposition, Group, Tile};
use serde::{Deserialize, Serialize};

use crate::format::{ArtifactKind, Payload};

/// The perfect hash shared by the builder (which searches seed and pilots) and the runtime.
///
/// "Hash and displace" (CHD / PTHash family), tuned for a short dependent chain at probe time: one
/// multiplication gives the hash, its top bits pick a bucket (a power of two), and the slot is a
/// middle slice of the hash XORed with the bucket's displacement (its 16-bit pilot, mixed once at
/// load time) and masked. The builder picks, bucket by bucket, the smallest pilot that sends all the
/// bucket's keys to free slots, and tries another seed if some bucket finds none.
pub mod phf {
    /// The key's 64-bit hash under `seed`.
    #[inline(always)]
    pub const fn hash(key: u32, seed: u64) -> u64 {
        (key as u64 ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The bucket of a hash: its top `bucket_bits` bits (`bucket_bits` in 1..=16).
    #[inline(always)]
    pub const fn bucket(hash: u64, bucket_bits: u32) -> usize {
        (hash >> (64 - bucket_bits)) as usize
    }

    /// A pilot's displacement (precomputed per bucket at load time).
    #[inline(always)]
    pub const fn displacement(pilot: u16) -> u32 {
        (pilot as u32).wrapping_mul(0x9E37_79B1)
    }

    /// The slot of a hash with its bucket's displacement, in `0..1 << slot_bits` (`slot_bits` at
    /// most 20, so the slice of the hash used never reaches the bucket bits).
    #[inline(always)]
    pub const fn slot(hash: u64, displacement: u32, slot_bits: u32) -> usize {
        (((hash >> 18) as u32 ^ displacement) & ((1 << slot_bits) - 1)) as usize
    }
}

/// Counts the builder reproduces from the seeds, stored so the runtime can report them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IndexStats {
    /// Distinct 14-tile hands of four melds and a pair, at most four of a kind (S000: 11,498,658).
    pub hands: u64,
    /// Distinct keys of those hands (S000: 8,185).
    pub keys_four_melds: u32,
    /// Distinct keys of every shape a real hand can win with: 0–4 melds and a pair, and seven
    /// distinct pairs (S002: 9,362).
    pub keys_real: u32,
    /// All keys in the table: also the shapes with a count above four, which only wildcards
    /// standing in as fifth copies reach.
    pub keys: u32,
}

/// Shape-level flags of a key (one byte per key in the artifact).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ShapeFlags(pub u8);

impl ShapeFlags {
    /// The shape has at least one pair-and-melds decomposition.
    pub const MELDS: ShapeFlags = ShapeFlags(1 << 0);
    /// The shape is seven distinct pairs (七对).
    pub const SEVEN_PAIRS: ShapeFlags = ShapeFlags(1 << 1);
    /// The shape is nine gates (九莲宝灯): `1112345678999` plus one, all in one suit.
    pub const NINE_GATES: ShapeFlags = ShapeFlags(1 << 2);
    /// Some decomposition holds a pure straight (一气通贯): 123, 456, 789 of one suit.
    pub const PURE_STRAIGHT: ShapeFlags = ShapeFlags(1 << 3);
    /// Some decomposition holds two identical sequences (一杯口).
    pub const ONE_IDENTICAL: ShapeFlags = ShapeFlags(1 << 4);
    /// Some decomposition holds two pairs of identical sequences (两杯口 / 二杯口).
    pub const TWO_IDENTICAL: ShapeFlags = ShapeFlags(1 << 5);
    /// The shape holds more than four of a kind: only wildcards standing in as fifth copies reach it.
    pub const OVER_FOUR: ShapeFlags = ShapeFlags(1 << 6);
    const ALL: u8 = 0x7f;

    /// True if every flag of `other` is set.
    #[inline]
    pub const fn contains(self, other: ShapeFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of two sets of flags.
    pub const fn union(self, other: ShapeFlags) -> ShapeFlags {
        ShapeFlags(self.0 | other.0)
    }
}

/// A group of a decomposition placed by run index (the position among the shape's held kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RunGroup {
    /// Three of the kind at this run index.
    Triplet(u8),
    /// The kinds at this run index and the next two.
    Sequence(u8),
}

/// One decomposition of a shape, by run index, with its precomputed flags.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RunDecomposition {
    /// Run index of the pair.
    pub pair: u8,
    /// The melds, sorted by run index, triplet before sequence.
    pub melds: ArrayVec<RunGroup, 4>,
    /// The melds hold 123, 456 and 789 of one suit.
    pub pure_straight: bool,
    /// Pairs of identical sequences among the melds (0, 1 = 一杯口, 2 = 两杯口).
    pub identical_sequences: u8,
}

/// A decomposition packed into 32 bits, as stored:
/// bits 0–3 pair run index, 4–6 number of melds, then 5 bits per meld (4 bits run index, 1 bit
/// "sequence") from bit 7, bit 27 pure straight, bits 28–29 identical-sequence pairs.
pub type DecompositionWord = u32;

impl RunDecomposition {
    /// Packs into a [`DecompositionWord`]; `None` if a run index exceeds 15 or there are more than
    /// four melds.
    pub fn to_word(&self) -> Option<DecompositionWord> {
        if self.pair > 15 || self.melds.len() > 4 || self.identical_sequences > 3 {
            return None;
        }
        let mut w = self.pair as u32 | (self.melds.len() as u32) << 4;
        for (i, g) in self.melds.iter().enumerate() {
            let (pos, seq) = match *g {
                RunGroup::Triplet(p) => (p, 0),
                RunGroup::Sequence(p) => (p, 1),
            };
            if pos > 15 {
                return None;
            }
            w |= (pos as u32 | seq << 4) << (7 + 5 * i);
        }
        Some(w | (self.pure_straight as u32) << 27 | (self.identical_sequences as u32) << 28)
    }

    /// Unpacks a [`DecompositionWord`] (any 32 bits give some value; validation checks meaning).
    pub fn from_word(w: DecompositionWord) -> RunDecomposition {
        let n = ((w >> 4) & 7).min(4) as usize;
        let melds = (0..n)
            .map(|i| {
                let m = (w >> (7 + 5 * i)) & 31;
                if m & 16 == 0 { RunGroup::Triplet((m & 15) as u8) } else { RunGroup::Sequence((m & 15) as u8) }
            })
            .collect();
        RunDecomposition {
            pair: (w & 15) as u8,
            melds,
            pure_straight: w >> 27 & 1 == 1,
            identical_sequences: (w >> 28 & 3) as u8,
        }
    }

    /// The concrete decomposition for a hand whose held kinds, in tile order, are `held`
    /// (run index `i` is `held[i]`). `None` if a run index is out of range.
    pub fn to_decomposition(&self, held: &[Tile]) -> Option<Decomposition> {
        let pair = *held.get(self.pair as usize)?;
        let mut groups: ArrayVec<Group, 5> = ArrayVec::new();
        for g in &self.melds {
            groups.push(match *g {
                RunGroup::Triplet(p) => Group::Triplet(*held.get(p as usize)?),
                RunGroup::Sequence(p) => Group::Sequence(*held.get(p as usize)?),
            });
        }
        Some(Decomposition::melds(pair, &groups))
    }
}

/// The index table as stored in `index.bin` (postcard). Built by `hupai_table::index::build`;
/// [`Payload::validate`] checks everything lookups rely on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexData {
    /// The seeds' counts, reproduced by the builder.
    pub stats: IndexStats,
    /// Perfect-hash seed.
    pub seed: u64,
    /// The table has `1 << slot_bits` slots.
    pub slot_bits: u8,
    /// One pilot per bucket; the number of buckets is a power of two.
    pub pilots: Vec<u16>,
    /// Keys in ascending order, each as its difference from the previous one (the first from 0).
    pub key_deltas: Vec<u32>,
    /// Per key: its [`ShapeFlags`] byte.
    pub flags: Vec<u8>,
    /// Per key: how many decomposition words it owns (0–4), in key order.
    pub decomposition_counts: Vec<u8>,
    /// Every key's decomposition words, concatenated in key order.
    pub decompositions: Vec<DecompositionWord>,
}

impl Payload for IndexData {
    const KIND: ArtifactKind = ArtifactKind::INDEX;
    const VERSION: u16 = 2;
    const FILE: &'static str = "index.bin";

    fn validate(&self) -> Result<(), String> {
        IndexTable::build(self).map(|_| ())
    }
}

/// A probe result: a key's flags and decompositions. Cheap to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeEntry<'a> {
    key: u32,
    flags: ShapeFlags,
    words: &'a [DecompositionWord],
}

impl<'a> ShapeEntry<'a> {
    /// The key.
    pub fn key(&self) -> u32 {
        self.key
    }

    /// The shape's flags.
    pub fn flags(&self) -> ShapeFlags {
        self.flags
    }

    /// True if the shape wins as melds and a pair (as opposed to only as seven pairs).
    pub fn has_melds(&self) -> bool {
        self.flags.contains(ShapeFlags::MELDS)
    }

    /// The stored decomposition words.
    pub fn words(&self) -> &'a [DecompositionWord] {
        self.words
    }

    /// Every pair-and-melds decomposition of the shape, by run index.
    pub fn decompositions(&self) -> impl Iterator<Item = RunDecomposition> + 'a {
        self.words.iter().map(|&w| RunDecomposition::from_word(w))
    }
}

/// Slot contents at runtime: the key (0 = empty; no key is 0) and where its data lives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C, align(8))]
struct Slot {
    key: u32,
    /// Bits 0–15 first decomposition word, 16–18 count, 24–31 flags.
    entry: u32,
}

/// The index table ready for probes: the perfect hash's slots, the decomposition words, the stats.
#[derive(Debug, Clone)]
pub struct IndexTable {
    seed: u64,
    slot_bits: u32,
    bucket_bits: u32,
    displacements: Box<[u32]>,
    slots: Box<[Slot]>,
    words: Box<[DecompositionWord]>,
    stats: IndexStats,
}

/// Most slot bits accepted (a million slots; the real table uses 14).
const MAX_SLOT_BITS: u8 = 20;

impl IndexTable {
    /// Checks `data` thoroughly and builds the probe form; the error names the first problem.
    pub fn build(data: &IndexData) -> Result<IndexTable, String> {
        let n = data.key_deltas.len();
        if data.flags.len() != n || data.decomposition_counts.len() != n {
            return Err(format!(
                "{n} keys but {} flag bytes and {} decomposition counts",
                data.flags.len(),
                data.decomposition_counts.len()
            ));
        }
        if data.stats.keys as usize != n {
            return Err(format!("stats say {} keys; the table holds {n}", data.stats.keys));
        }
        if !(1..=MAX_SLOT_BITS).contains(&data.slot_bits) || n > 1usize << data.slot_bits {
            return Err(format!("{n} keys cannot live in 2^{} slots", data.slot_bits));
        }
        if !data.pilots.len().is_power_of_two() || data.pilots.len() > 1 << 16 {
            return Err(format!("{} pilots: the buckets must be a power of two, at most 2^16", data.pilots.len()));
        }
        let total: usize = data.decomposition_counts.iter().map(|&c| c as usize).sum();
        if total != data.decompositions.len() || total > 0xffff {
            return Err(format!(
                "decomposition counts add up to {total}; {} words stored (at most 65535)",
                data.decompositions.len()
            ));
        }
        let slot_bits = data.slot_bits as u32;
        let bucket_bits = data.pilots.len().trailing_zeros();
        let displacements: Box<[u32]> = data.pilots.iter().map(|&p| phf::displacement(p)).collect();
        let mut slots = vec![Slot::default(); 1 << slot_bits].into_boxed_slice();
        let mut key = 0u32;
        let mut offset = 0usize;
        let mut real = 0u32;
        let mut four_melds = 0u32;
        for i in 0..n {
            key = match key.checked_add(data.key_deltas[i]) {
                Some(k) if k > key || (i == 0 && k > 0) => k,
                _ => return Err(format!("key #{i} is not above the previous key")),
            };
            let count = data.decomposition_counts[i] as usize;
            let words = &data.decompositions[offset..offset + count];
            let flags = ShapeFlags(data.flags[i]);
            check_key(key, flags, words).map_err(|e| format!("key {key:#b}: {e}"))?;
            if !flags.contains(ShapeFlags::OVER_FOUR) {
                real += 1;
                if flags.contains(ShapeFlags::MELDS) && runs(key).map(|r| tiles(&r)) == Ok(14) {
                    four_melds += 1;
                }
            }
            let h = phf::hash(key, data.seed);
            let s = phf::slot(h, displacements[phf::bucket(h, bucket_bits)], slot_bits);
            if slots[s].key != 0 {
                return Err(format!("keys {:#b} and {key:#b} share slot {s}: the pilots are wrong", slots[s].key));
            }
            slots[s] = Slot { key, entry: offset as u32 | (count as u32) << 16 | (flags.0 as u32) << 24 };
            offset += count;
        }
        if real != data.stats.keys_real || four_melds != data.stats.keys_four_melds {
            return Err(format!(
                "stats say {} real / {} four-meld keys; the table holds {real} / {four_melds}",
                data.stats.keys_real, data.stats.keys_four_melds
            ));
        }
        Ok(IndexTable {
            seed: data.seed,
            slot_bits,
            bucket_bits,
            displacements,
            slots,
            words: data.decompositions.clone().into_boxed_slice(),
            stats: data.stats,
        })
    }

    /// The stored counts.
    pub fn stats(&self) -> IndexStats {
        self.stats
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.stats.keys as usize
    }

    /// True if the table has no keys (never, for a valid artifact).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The packed slot entry of a key, if the key is in the table.
    #[inline(always)]
    pub(crate) fn probe(&self, key: u64) -> Option<u32> {
        let key = u32::try_from(key).ok()?;
        let h = phf::hash(key, self.seed);
        let displacement = *self.displacements.get(phf::bucket(h, self.bucket_bits))?;
        let slot = self.slots.get(phf::slot(h, displacement, self.slot_bits))?;
        (slot.key == key && key != 0).then_some(slot.entry)
    }

    /// Flags of a packed entry.
    #[inline(always)]
    pub(crate) const fn entry_flags(entry: u32) -> ShapeFlags {
        ShapeFlags((entry >> 24) as u8)
    }

    pub(crate) fn entry(&self, key: u32, entry: u32) -> ShapeEntry<'_> {
        let from = (entry & 0xffff) as usize;
        let to = from + (entry >> 16 & 7) as usize;
        ShapeEntry { key, flags: Self::entry_flags(entry), words: self.words.get(from..to).unwrap_or(&[]) }
    }

    /// The entry of a key, if the key is a winning shape.
    pub fn lookup(&self, key: u32) -> Option<ShapeEntry<'_>> {
        self.probe(key as u64).map(|e| self.entry(key, e))
    }

    /// Every key and its entry, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = ShapeEntry<'_>> + '_ {
        self.slots.iter().filter(|s| s.key != 0).map(|s| self.entry(s.key, s.entry))
    }
}

/// The runs a key spells out: (count, break after) per held kind, or why it is not a valid key.
pub fn runs(key: u32) -> Result<ArrayVec<(u8, bool), 32>, String> {
    if key == 0 {
        return Err("zero is no key".into());
    }
    let top = 31 - key.leading_zeros();
    let mut out = ArrayVec::new();
    let mut ones = 0u32;
    for bit in (0..top).rev() {
        if key >> bit & 1 == 1 {
            ones += 1;
        } else {
            out.push((ones as u8 / 2 + 1, ones % 2 == 1));
            ones = 0;
        }
    }
    if ones != 0 {
        return Err("the key does not end in 0".into());
    }
    if out.last().is_some_and(|r| r.1) {
        return Err("the last run has a break after it".into());
    }
    Ok(out)
}

fn tiles(runs: &[(u8, bool)]) -> u32 {
    runs.iter().map(|r| r.0 as u32).sum()
}

/// Checks a key's flags and decomposition words against the counts the key spells out.
fn check_key(key: u32, flags: ShapeFlags, words: &[DecompositionWord]) -> Result<(), String> {
    let runs = runs(key)?;
    let n = tiles(&runs);
    if n > 14 || n % 3 != 2 {
        return Err(format!("{n} tiles is no table shape"));
    }
    if flags.0 & !ShapeFlags::ALL != 0 {
        return Err("unknown flag bits".into());
    }
    if words.len() > 4 {
        return Err("more than four decompositions".into());
    }
    let over = runs.iter().any(|r| r.0 > 4);
    if over != flags.contains(ShapeFlags::OVER_FOUR) {
        return Err("wrong over-four flag".into());
    }
    if flags.contains(ShapeFlags::MELDS) == words.is_empty() {
        return Err("melds flag disagrees with the decompositions".into());
    }
    let seven = runs.len() == 7 && runs.iter().all(|r| r.0 == 2);
    if flags.contains(ShapeFlags::SEVEN_PAIRS) != seven {
        return Err("wrong seven-pairs flag".into());
    }
    if !seven && words.is_empty() {
        return Err("a key that wins in no form".into());
    }
    let nine = runs.len() == 9
        && n == 14
        && runs[..8].iter().all(|r| !r.1)
        && runs.iter().enumerate().all(|(i, r)| r.0 >= if i == 0 || i == 8 { 3 } else { 1 });
    if flags.contains(ShapeFlags::NINE_GATES) != nine {
        return Err("wrong nine-gates flag".into());
    }
    let mut any = ShapeFlags::default();
    for &w in words {
        let d = RunDecomposition::from_word(w);
        if d.to_word() != Some(w) {
            return Err(format!("decomposition word {w:#x} has stray bits"));
        }
        if d.melds.len() as u32 != (n - 2) / 3 {
            return Err(format!("decomposition {w:#x} has {} melds", d.melds.len()));
        }
        let mut counts = [0u8; 32];
        let mut add = |pos: usize, k: u8| -> Result<(), String> {
            match counts.get_mut(pos) {
                Some(c) if pos < runs.len() => {
                    *c += k;
                    Ok(())
                }
                _ => Err(format!("decomposition {w:#x} reaches past the last run")),
            }
        };
        add(d.pair as usize, 2)?;
        let mut seqs = [0u8; 16];
        for g in &d.melds {
            match *g {
                RunGroup::Triplet(p) => add(p as usize, 3)?,
                RunGroup::Sequence(p) => {
                    let p = p as usize;
                    if p + 2 >= runs.len() || runs[p].1 || runs[p + 1].1 {
                        return Err(format!("decomposition {w:#x} has a sequence across a break"));
                    }
                    for k in 0..3 {
                        add(p + k, 1)?;
                    }
                    seqs[p] += 1;
                }
            }
        }
        if runs.iter().zip(&counts).any(|(r, &c)| r.0 != c) {
            return Err(format!("decomposition {w:#x} does not use exactly the key's tiles"));
        }
        if !d.melds.windows(2).all(|m| m[0] <= m[1]) {
            return Err(format!("decomposition {w:#x} is not sorted"));
        }
        let identical: u8 = seqs.iter().map(|&s| s / 2).sum();
        let straight = (0..runs.len()).any(|p| {
            let block_start = p == 0 || runs[p - 1].1;
            block_start
                && p + 8 < runs.len()
                && runs[p..p + 8].iter().all(|r| !r.1)
                && (runs[p + 8].1 || p + 9 == runs.len())
                && seqs[p] > 0
                && seqs[p + 3] > 0
                && seqs[p + 6] > 0
        });
        if d.identical_sequences != identical || d.pure_straight != straight {
            return Err(format!("decomposition {w:#x} has wrong flags"));
        }
        any = any.union(ShapeFlags(
            ((straight as u8) * ShapeFlags::PURE_STRAIGHT.0)
                | (((identical >= 1) as u8) * ShapeFlags::ONE_IDENTICAL.0)
                | (((identical >= 2) as u8) * ShapeFlags::TWO_IDENTICAL.0),
        ));
    }
    let derived = ShapeFlags::PURE_STRAIGHT.0 | ShapeFlags::ONE_IDENTICAL.0 | ShapeFlags::TWO_IDENTICAL.0;
    if flags.0 & derived != any.0 {
        return Err("shape flags disagree with the decompositions".into());
    }
    if words.windows(2).any(|w| w[0] >= w[1]) {
        return Err("decomposition words are not sorted and distinct".into());
    }
    Ok(())
}
