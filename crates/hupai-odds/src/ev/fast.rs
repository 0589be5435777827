//! The shortest-path class, exactly, by memoised recursion over the hands it can reach.
//!
//! Under this class a hand's shanten only falls, so the hands form levels and the recursion ends
//! at the ready ones, whose figures are closed forms: a ready hand keeps its waits (every draw
//! that does not win is thrown), so with per-draw winning chance `P` it wins within `r` draws with
//! probability `1 − (1 − P)^r` (with riichi its expected score loses the deposit times
//! `(1 − P)^r`: the hand is locked anyway, so riichi changes only the values). Two memos, keyed
//! by the packed hand: hands after a discard (3k + 1 tiles, shanten ≥ 1) and hands after an
//! effective draw (3k + 2 tiles), whose figures are the best over the discards the class allows;
//! with a scorer, a third keeps each ready hand's per-draw figures. Each figure is an array over the draws remaining,
//! so one visit serves every horizon up to the one asked.

use super::model::{Key, KeyMap, Line, Model, Ready};
use super::{EvError, Figures};

/// Where an entry's figures start in the arena.
type Entry = u32;

/// The memoised recursion for one model.
pub(crate) struct Fast {
    /// Values per draw count: `turns + 1`.
    len: usize,
    /// Figures per entry: tenpai, win and (with a scorer) score, `len` each.
    stride: usize,
    arena: Vec<f64>,
    /// Per entry: some reachable win had no value from the scorer.
    unvalued: Vec<bool>,
    /// Hands after a discard (shanten ≥ 1).
    hands: KeyMap<Key, Entry>,
    /// Hands after an effective draw.
    drawn: KeyMap<Key, Entry>,
    /// With a scorer, ready hands' per-draw figures: one ready hand is reached from many drawn
    /// hands, and valuing its wins is most of the work.
    ready: KeyMap<Key, Ready>,
}

impl Fast {
    pub(crate) fn new(model: &Model) -> Fast {
        let len = model.turns + 1;
        let objectives = if model.scorer.is_some() { 3 } else { 2 };
        Fast {
            len,
            stride: objectives * len,
            // Sized for a ready or 1-shanten hand's few hundred entries: no regrowth on the fast cases.
            arena: Vec::with_capacity(512 * objectives * len),
            unvalued: Vec::new(),
            hands: KeyMap::with_capacity_and_hasher(256, Default::default()),
            drawn: KeyMap::with_capacity_and_hasher(256, Default::default()),
            ready: KeyMap::default(),
        }
    }

    /// Hands visited so far (both memos).
    pub(crate) fn visited(&self) -> usize {
        self.hands.len() + self.drawn.len()
    }

    fn alloc(&mut self, model: &Model, fill: f64) -> Result<Entry, EvError> {
        if self.visited() > model.max_hands {
            return Err(EvError::TooManyHands { limit: model.max_hands });
        }
        let e = self.unvalued.len();
        self.arena.resize(self.arena.len() + self.stride, fill);
        self.unvalued.push(false);
        Ok(e as Entry)
    }

    fn at(&self, e: Entry) -> usize {
        e as usize * self.stride
    }

    /// The figures of a hand after a discard with shanten `n` and effective kinds `effective`,
    /// with `turns` draws left (at most the model's).
    pub(crate) fn figures(
        &mut self,
        model: &Model,
        key: Key,
        n: i8,
        effective: u64,
        turns: usize,
    ) -> Result<Figures, EvError> {
        let turns = turns.min(model.turns);
        if n <= 0 {
            let ready = self.ready(model, key, effective)?;
            let (win, score) = closed_form(ready.p, ready.value, model.riichi, turns);
            return Ok(Figures { tenpai: 1.0, win, score: model.scorer.map(|_| score).filter(|_| !ready.unvalued) });
        }
        let e = self.hand(model, key, n, effective)?;
        let at = self.at(e);
        Ok(Figures {
            tenpai: self.arena[at + turns],
            win: self.arena[at + self.len + turns],
            score: model.scorer.map(|_| self.arena[at + 2 * self.len + turns]).filter(|_| !self.unvalued[e as usize]),
        })
    }

    /// A hand after a discard, shanten `n ≥ 1`: each effective draw leads to the best of its
    /// discards keeping the lower shanten; every other draw is thrown and the hand stays.
    fn hand(&mut self, model: &Model, key: Key, n: i8, effective: u64) -> Result<Entry, EvError> {
        if let Some(&e) = self.hands.get(&key) {
            return Ok(e);
        }
        // Per kind: the draw's chance, a call's (counted calls only) and the hand after it.
        let mut draws: Vec<(f64, f64, Entry)> = Vec::with_capacity(35);
        let counts = model.call_counts(key);
        for t in model.concrete(effective) {
            let call = model.call_chance(counts.as_ref(), t);
            draws.push((model.p[t], call, self.after_draw(model, key.plus(t), n - 1)?));
        }
        if let Some(p) = model.wild_draw(key)
            && model.wild_helps(key, effective, n)?
        {
            draws.push((p, 0.0, self.after_draw(model, key.plus_wild_copy(), n - 1)?));
        }
        let e = self.alloc(model, 0.0)?;
        self.hands.insert(key, e);
        let at = self.at(e);
        let arriving = draws.iter().map(|&(p, call, _)| p + call).sum::<f64>();
        if arriving > 1.0 {
            // Counted calls can weigh a wide hand's useful kinds past one a turn: at most one
            // tile comes a turn.
            for (p, call, _) in &mut draws {
                *p /= arriving;
                *call /= arriving;
            }
        }
        let stay = (1.0 - arriving).max(0.0);
        let mut unvalued = false;
        for block in 0..self.stride / self.len {
            let base = at + block * self.len;
            // V[0] = 0 (not ready, no win); V[r] = Σ p·W[r − 1] + Σ call·max(W[r − 1], V[r − 1])
            // + stay·V[r − 1]: a draw that lowers the shanten is kept, a call only made when it
            // helps.
            for r in 1..self.len {
                let here = self.arena[base + r - 1];
                let mut v = stay * here;
                for &(p, call, child) in &draws {
                    let w = self.arena[self.at(child) + block * self.len + r - 1];
                    v += p * w;
                    if call > 0.0 {
                        v += call * w.max(here);
                    }
                }
                self.arena[base + r] = v;
            }
        }
        for &(_, _, child) in &draws {
            unvalued |= self.unvalued[child as usize];
        }
        self.unvalued[e as usize] = unvalued;
        Ok(e)
    }

    /// A hand after an effective draw, at shanten `m` after its best discards: the best, figure by
    /// figure and draw count by draw count, over the discards keeping `m`.
    fn after_draw(&mut self, model: &Model, key: Key, m: i8) -> Result<Entry, EvError> {
        if let Some(&e) = self.drawn.get(&key) {
            return Ok(e);
        }
        let lines: Vec<Line> = model.lines(key, Some(m))?;
        if lines.is_empty() {
            return Err(EvError::Inconsistent);
        }
        if m <= 0 {
            return self.ready_choice(model, key, &lines);
        }
        let mut children = Vec::with_capacity(lines.len());
        for line in &lines {
            children.push(self.hand(model, line.after, m, line.effective)?);
        }
        let e = self.alloc(model, f64::NEG_INFINITY)?;
        self.drawn.insert(key, e);
        let at = self.at(e);
        let mut unvalued = false;
        for &child in &children {
            let from = self.at(child);
            for i in 0..self.stride {
                self.arena[at + i] = self.arena[at + i].max(self.arena[from + i]);
            }
            unvalued |= self.unvalued[child as usize];
        }
        self.unvalued[e as usize] = unvalued;
        Ok(e)
    }

    /// A ready hand's per-draw figures (`Model::ready`), kept when there is a scorer.
    fn ready(&mut self, model: &Model, key: Key, waits: u64) -> Result<Ready, EvError> {
        if model.scorer.is_none() {
            return model.ready(key, waits);
        }
        if let Some(&ready) = self.ready.get(&key) {
            return Ok(ready);
        }
        let ready = model.ready(key, waits)?;
        self.ready.insert(key, ready);
        Ok(ready)
    }

    /// A drawn hand whose best discards leave it ready: each such discard's closed form.
    fn ready_choice(&mut self, model: &Model, key: Key, lines: &[Line]) -> Result<Entry, EvError> {
        let mut ready = Vec::with_capacity(lines.len());
        for line in lines {
            ready.push(self.ready(model, line.after, line.effective)?);
        }
        let e = self.alloc(model, f64::NEG_INFINITY)?;
        self.drawn.insert(key, e);
        let at = self.at(e);
        self.arena[at..at + self.len].fill(1.0);
        if model.scorer.is_none() {
            // Winning within r draws rises with P for every r: the widest wait is best throughout.
            let p = ready.iter().map(|r| r.p).fold(0.0, f64::max);
            let mut miss = 1.0;
            for r in 0..self.len {
                self.arena[at + self.len + r] = 1.0 - miss;
                miss *= 1.0 - p;
            }
            return Ok(e);
        }
        let mut unvalued = false;
        for r in &ready {
            unvalued |= r.unvalued;
            let mut miss = 1.0;
            let mut score = 0.0;
            for i in 0..self.len {
                let win = &mut self.arena[at + self.len + i];
                *win = win.max(1.0 - miss);
                // Riichi (declared with a draw left): the deposit is lost when no draw wins.
                let here = match model.riichi {
                    Some(deposit) if i > 0 => score - deposit * miss,
                    _ => score,
                };
                let best = &mut self.arena[at + 2 * self.len + i];
                *best = best.max(here);
                score += r.value * miss;
                miss *= 1.0 - r.p;
            }
        }
        self.unvalued[e as usize] = unvalued;
        Ok(e)
    }
}

/// A ready hand's win probability and expected score within `turns` draws, from its per-draw
/// winning chance `p` and expected value per draw `value`; with riichi (declared when a draw is
/// left), less the `deposit` times the chance that no draw wins.
pub(crate) fn closed_form(p: f64, value: f64, deposit: Option<f64>, turns: usize) -> (f64, f64) {
    let mut miss = 1.0;
    let mut score = 0.0;
    for _ in 0..turns {
        score += value * miss;
        miss *= 1.0 - p;
    }
    let score = match deposit {
        Some(deposit) if turns > 0 => score - deposit * miss,
        _ => score,
    };
    (1.0 - miss, score)
}
