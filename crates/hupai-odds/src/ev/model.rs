//! The draw model both engines share: hands packed into one integer key, the draw probabilities,
//! and the questions the engines ask `hupai-shanten` about a hand.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use hupai_shanten::Discard;
use hupai_tiles::{Hand, Meld, Rules, Tile, TileCounts};

use super::{Calls, EvError, EvOptions, WinValue};

/// Bits per kind's count in a [`Key`] (counts are 0–4).
const COUNT_BITS: u32 = 3;
/// Where the wildcard count starts (after 34 counts).
const WILD_SHIFT: u32 = 34 * COUNT_BITS;
/// Where the count of wildcards that are copies of the wildcard tile starts.
const COPIES_SHIFT: u32 = WILD_SHIFT + 8;

/// A hand's concealed part as one integer: 34 counts of 3 bits, the wildcards (8 bits) and how many
/// of them are physical copies of the wildcard tile (3 bits). Declared melds never change over the
/// horizon (a call the odds count is taken as the tile kept concealed), so they are not part of it.
/// Adding or removing a tile is one addition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Key(u128);

impl Key {
    /// The key of concealed `counts` (each at most 4), `wildcards` and `copies` of them copies of
    /// the wildcard tile.
    pub(crate) fn of(counts: &[u8; 34], wildcards: u8, copies: u8) -> Key {
        let mut k = 0u128;
        for (t, &c) in counts.iter().enumerate() {
            k |= u128::from(c.min(4)) << (COUNT_BITS * t as u32);
        }
        Key(k | u128::from(wildcards) << WILD_SHIFT | u128::from(copies.min(7)) << COPIES_SHIFT)
    }

    /// Copies of kind `t` held concealed.
    pub(crate) fn count(self, t: usize) -> u8 {
        ((self.0 >> (COUNT_BITS * t as u32)) & 7) as u8
    }

    pub(crate) fn wildcards(self) -> u8 {
        ((self.0 >> WILD_SHIFT) & 0xff) as u8
    }

    pub(crate) fn copies(self) -> u8 {
        ((self.0 >> COPIES_SHIFT) & 7) as u8
    }

    /// The concealed counts.
    pub(crate) fn counts(self) -> [u8; 34] {
        std::array::from_fn(|t| self.count(t))
    }

    /// One more concealed `t` (the caller checked there is room).
    pub(crate) fn plus(self, t: usize) -> Key {
        Key(self.0 + (1u128 << (COUNT_BITS * t as u32)))
    }

    /// One concealed `t` less (the caller checked there is one).
    pub(crate) fn minus(self, t: usize) -> Key {
        Key(self.0 - (1u128 << (COUNT_BITS * t as u32)))
    }

    /// One more wildcard, a drawn copy of the wildcard tile.
    pub(crate) fn plus_wild_copy(self) -> Key {
        Key(self.0 + (1u128 << WILD_SHIFT) + (1u128 << COPIES_SHIFT))
    }

    /// One wildcard less: a copy of the wildcard tile when the hand holds one (discarding it frees
    /// a copy of that kind to be drawn again), else a plain wildcard.
    pub(crate) fn minus_wildcard(self) -> Key {
        let copy = if self.copies() > 0 { 1u128 << COPIES_SHIFT } else { 0 };
        Key(self.0 - (1u128 << WILD_SHIFT) - copy)
    }

    /// The hand after `discard` (the caller checked the hand holds it).
    pub(crate) fn without(self, discard: Discard) -> Key {
        match discard {
            Discard::Tile(t) => self.minus(t.index()),
            Discard::Wildcard => self.minus_wildcard(),
        }
    }
}

/// A hasher for [`Key`]s: one multiply-and-fold of the two halves (the keys are dense integers;
/// SipHash would cost more than the work the memo saves on small states).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(26) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

/// A hash map keyed by [`Key`]s (or pairs holding one).
pub(crate) type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// One discard of a drawn hand, as the engines use it: the hand after it, its shanten and its
/// effective kinds (a bit per kind, as `hupai-shanten` lists them).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line {
    pub(crate) after: Key,
    pub(crate) shanten: i8,
    pub(crate) effective: u64,
}

/// Everything fixed over the horizon: rules, declared melds, draw probabilities, the wildcard
/// tile, the horizon, the scorer and riichi.
pub(crate) struct Model<'a> {
    pub(crate) rules: Rules,
    melds: Vec<Meld>,
    /// Copies of each kind in declared melds.
    declared: [u8; 34],
    /// Probability that a draw is kind `t` (for the wildcard tile: that the draw is a wildcard).
    pub(crate) p: [f64; 34],
    /// The wildcard tile's index, if drawn copies of it are wildcards.
    pub(crate) wild: Option<usize>,
    /// Draws remaining after the discard asked about.
    pub(crate) turns: usize,
    pub(crate) scorer: Option<&'a dyn WinValue>,
    /// Riichi declared on reaching tenpai with a draw left (asked for, and the hand is closed):
    /// the deposit a declaration that does not win costs.
    pub(crate) riichi: Option<f64>,
    /// Per kind, the wall's copies less the visible ones: the ura-dora indicator is one of these
    /// not in the winning hand.
    ura_wall: [u8; 34],
    /// Most hands the engines may visit before giving up.
    pub(crate) max_hands: usize,
    /// Later calls counted while not ready (never with riichi).
    calls: Option<Calls>,
}

/// A bit per kind.
pub(crate) fn kind_bits(tiles: impl IntoIterator<Item = Tile>) -> u64 {
    tiles.into_iter().fold(0, |bits, t| bits | 1 << t.index())
}

impl<'a> Model<'a> {
    /// The model for `hand` (already with its wildcard tile's copies turned into wildcards):
    /// unseen copies are the wall's minus the hand's (concealed, declared, wildcard copies) minus
    /// the visible ones, fixed over the horizon.
    pub(crate) fn new(hand: &Hand, rules: &Rules, options: &EvOptions<'a>) -> Result<Model<'a>, EvError> {
        let visible = &options.visible;
        let held = hand.held_counts();
        let supply = rules.tiles.kinds();
        let mut unseen = [0u32; 34];
        let mut ura_wall = [0u8; 34];
        for t in Tile::ALL {
            let wall = if supply.contains(t) { 4u32 } else { 0 };
            let seen = u32::from(held[t]) + u32::from(visible[t]);
            if seen > 4 {
                return Err(EvError::TooManySeen { tile: t, seen });
            }
            unseen[t.index()] = wall.saturating_sub(seen);
            ura_wall[t.index()] = wall.saturating_sub(u32::from(visible[t])) as u8;
        }
        let total: u32 = unseen.iter().sum();
        let p = std::array::from_fn(|t| if total == 0 { 0.0 } else { f64::from(unseen[t]) / f64::from(total) });
        let deposit = match (options.riichi, options.scorer) {
            (false, _) => None,
            (true, Some(scorer)) => Some(scorer.riichi_deposit().ok_or(EvError::NoRiichi)?),
            (true, None) => return Err(EvError::NoRiichi),
        };
        let riichi = deposit.filter(|_| hand.is_closed());
        Ok(Model {
            rules: *rules,
            melds: hand.melds().to_vec(),
            declared: hand.declared_counts().0,
            p,
            wild: options.wildcard_tile.map(Tile::index),
            turns: usize::from(options.turns),
            scorer: options.scorer,
            riichi,
            ura_wall,
            max_hands: options.max_hands,
            // A called wildcard tile is not modelled: with wildcards the odds count draws only.
            calls: options.calls.filter(|_| riichi.is_none() && options.wildcard_tile.is_none()),
        })
    }

    /// The concealed counts of `key` when later calls are counted (what [`Model::call_chance`]
    /// reads), else `None`: read once per hand, not once per kind.
    pub(crate) fn call_counts(&self, key: Key) -> Option<[u8; 34]> {
        self.calls.map(|_| key.counts())
    }

    /// The chance per turn that kind `t` comes by a call, beside its draw's, to a hand (its
    /// [`Model::call_counts`]) that is not ready and whose shanten it lowers ([`Calls`]); 0 when
    /// calls are not counted.
    pub(crate) fn call_chance(&self, counts: Option<&[u8; 34]>, t: usize) -> f64 {
        match (&self.calls, counts) {
            (Some(calls), Some(counts)) => self.p[t] * calls.extra(counts, t),
            _ => 0.0,
        }
    }

    /// The key of a hand given as a [`Hand`] (its wildcard copies of the wildcard tile counted).
    pub(crate) fn key(&self, hand: &Hand) -> Key {
        let copies = self.wild.map_or(0, |w| hand.wildcard_copies().0[w]);
        Key::of(&hand.concealed().0, hand.wildcards(), copies)
    }

    /// The hand as `hupai-shanten` sees it: concealed tiles, wildcards, the declared melds. (Which
    /// wildcards are copies of the wildcard tile changes only what can be drawn, which the model
    /// decides itself.)
    fn plain_hand(&self, key: Key) -> Result<Hand, EvError> {
        Hand::new(TileCounts(key.counts()), key.wildcards(), &self.melds).map_err(EvError::Hand)
    }

    /// The hand as a scorer sees it: its wildcard copies are copies of the wildcard tile.
    pub(crate) fn full_hand(&self, key: Key) -> Result<Hand, EvError> {
        let Some(w) = self.wild.filter(|_| key.copies() > 0) else { return self.plain_hand(key) };
        let mut counts = key.counts();
        counts[w] += key.copies();
        let hand = Hand::new(TileCounts(counts), key.wildcards() - key.copies(), &self.melds).map_err(EvError::Hand)?;
        hand.with_wildcard_tile(Tile::ALL[w]).map_err(EvError::Hand)
    }

    /// Whether a concrete `t` (not the wildcard tile) can be drawn into the hand: fewer than four
    /// copies held.
    pub(crate) fn room(&self, key: Key, t: usize) -> bool {
        key.count(t) + self.declared[t] < 4
    }

    /// The probability of drawing a wildcard into this hand: the wildcard tile's, when the hand
    /// holds fewer than four copies of it (a fifth copy cannot be drawn; such a draw is thrown).
    pub(crate) fn wild_draw(&self, key: Key) -> Option<f64> {
        let w = self.wild?;
        (self.p[w] > 0.0 && key.copies() + self.declared[w] < 4).then_some(self.p[w])
    }

    /// Every discard of a drawn hand (3k + 2 tiles) with the shanten after it and its effective
    /// kinds, from `hupai-shanten`'s discard advice; only those leaving shanten `only` when given.
    pub(crate) fn lines(&self, drawn: Key, only: Option<i8>) -> Result<Vec<Line>, EvError> {
        let hand = self.plain_hand(drawn)?;
        let advice = hupai_shanten::discard_advice(&hand, &self.rules, &TileCounts::EMPTY).map_err(EvError::Hand)?;
        Ok(advice
            .into_iter()
            .filter(|o| only.is_none_or(|m| o.after.shanten == m))
            .map(|o| Line {
                after: drawn.without(o.discard),
                shanten: o.after.shanten,
                effective: kind_bits(o.after.tiles.iter().map(|e| e.tile)),
            })
            .collect())
    }

    /// Whether drawing a wildcard lowers the shanten `n` of a hand whose effective kinds are
    /// `effective`. Without the fifth-copy option, exactly when some kind is effective: the
    /// wildcard can stand for it (same copies), and any target the wildcard reaches, that
    /// concrete kind reaches too. With it, a wildcard may be a fifth copy, so it is measured.
    pub(crate) fn wild_helps(&self, key: Key, effective: u64, n: i8) -> Result<bool, EvError> {
        if !self.rules.wildcard_fifth_copy {
            return Ok(effective != 0);
        }
        let hand = self.plain_hand(key.plus_wild_copy())?;
        Ok(hupai_shanten::shanten(&hand, &self.rules).map_err(EvError::Hand)?.number < n)
    }

    /// The concrete kinds whose draw counts (effective, not the wildcard tile, probability above 0).
    pub(crate) fn concrete(&self, effective: u64) -> impl Iterator<Item = usize> + '_ {
        let wild = self.wild.map_or(0, |w| 1u64 << w);
        let mut bits = effective & !wild;
        std::iter::from_fn(move || {
            while bits != 0 {
                let t = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.p[t] > 0.0 {
                    return Some(t);
                }
            }
            None
        })
    }

    /// The value of winning on `drawn` (the hand with the winning tile), `None` when the scorer
    /// cannot value it; `Some(0)` without a scorer. With riichi, the expectation over the
    /// ura-dora indicator.
    pub(crate) fn win_value(&self, won: Key, tile: usize) -> Result<Option<f64>, EvError> {
        let Some(scorer) = self.scorer else { return Ok(Some(0.0)) };
        let hand = self.full_hand(won)?;
        if self.riichi.is_none() {
            return Ok(scorer.value(&hand, Tile::ALL[tile]));
        }
        Ok(self.ura_odds(&hand).and_then(|ura| scorer.riichi_expected(&hand, Tile::ALL[tile], &ura)))
    }

    /// The ura-dora indicator's distribution for a winning hand: a tile drawn uniformly from the
    /// wall less the visible tiles and the hand's (concealed, declared, wildcard-tile copies);
    /// `None` if there is none.
    pub(crate) fn ura_odds(&self, hand: &Hand) -> Option<[f64; 34]> {
        let held = hand.held_counts();
        let left: [u8; 34] = std::array::from_fn(|t| self.ura_wall[t].saturating_sub(held.0[t]));
        let total: u32 = left.iter().map(|&n| u32::from(n)).sum();
        (total > 0).then(|| std::array::from_fn(|t| f64::from(left[t]) / f64::from(total)))
    }

    /// A ready hand's chance per draw to win and, with a scorer, its expected value per draw
    /// (`Σ p(t)·value`), and whether some win went unvalued.
    pub(crate) fn ready(&self, key: Key, waits: u64) -> Result<Ready, EvError> {
        let mut out = Ready { p: 0.0, value: 0.0, unvalued: false };
        let mut add = |p: f64, won: Key, tile: usize, model: &Model| -> Result<(), EvError> {
            out.p += p;
            if model.scorer.is_some() {
                match model.win_value(won, tile)? {
                    Some(v) => out.value += p * v,
                    None => out.unvalued = true,
                }
            }
            Ok(())
        };
        for t in self.concrete(waits) {
            add(self.p[t], key.plus(t), t, self)?;
        }
        if let Some(p) = self.wild_draw(key)
            && self.wild_wins(key, waits)?
            && let Some(w) = self.wild
        {
            add(p, key.plus_wild_copy(), w, self)?;
        }
        Ok(out)
    }

    /// Whether a drawn wildcard completes a ready hand with waits `waits` (as [`Model::wild_helps`]).
    pub(crate) fn wild_wins(&self, key: Key, waits: u64) -> Result<bool, EvError> {
        self.wild_helps(key, waits, 0)
    }
}

/// What a ready hand wins per draw.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ready {
    /// Probability that one draw wins.
    pub(crate) p: f64,
    /// `Σ p(t)·value(t)` over the winning draws (0 without a scorer).
    pub(crate) value: f64,
    /// Some winning hand had no value from the scorer.
    pub(crate) unvalued: bool,
}
