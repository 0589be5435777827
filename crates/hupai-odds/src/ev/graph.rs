//! The wider classes (hand changes that keep shanten, one step of shanten-back), exactly, over an
//! explicit graph of the hands they can reach.
//!
//! Hand changes make cycles among hands of one shanten (a hand can change and change back), so
//! the recursion of the shortest-path class does not apply. Instead every reachable hand (with
//! whether its shanten-back step is spent) is listed once, with its draws and, per draw, the hands
//! the class lets it discard to; then the figures are computed draw count by draw count, each
//! layer from the one before (`V_r(h) = Σ_t p(t)·best_{h' ∈ choices(h, t)} V_{r−1}(h')`), keeping
//! two layers. With riichi, a ready hand reached with a draw left is locked (its draws win or are
//! thrown) and its score loses the deposit when no draw wins. The work is the edges times the
//! horizon. Hand changes reach many hands: the graph holds only those within the horizon's draws
//! of the roots, and stops at the hand limit.

use std::collections::VecDeque;
use std::rc::Rc;

use super::model::{Key, KeyMap, Line, Model};
use super::{EvError, Figures, Policy};

/// A reachable hand after a discard, and whether its shanten-back step is spent.
type Node = (Key, bool);

/// One draw out of a hand.
enum Edge {
    /// The draw wins: value and whether the scorer valued it.
    Win { p: f64, value: f64, unvalued: bool },
    /// The draw leads to the best of these hands (indices into `Graph::choices`).
    Choose { p: f64, from: u32, to: u32 },
}

struct State {
    shanten: i8,
    edges: std::ops::Range<u32>,
    /// Probability that the draw changes nothing (thrown, or no room for it).
    stay: f64,
    /// Ready with riichi declared: every draw wins or is thrown.
    locked: bool,
}

/// The graph of one question's roots.
pub(crate) struct Graph<'m, 'a> {
    model: &'m Model<'a>,
    policy: Policy,
    ids: KeyMap<Node, u32>,
    nodes: Vec<Node>,
    states: Vec<State>,
    edges: Vec<Edge>,
    choices: Vec<u32>,
    /// Discard lines of drawn hands, shared by every hand drawing into them.
    lines: KeyMap<Key, Rc<[Line]>>,
    /// Hands to expand: id, shanten, effective kinds, draws from the nearest root.
    queue: VecDeque<(u32, i8, u64, usize)>,
}

impl<'m, 'a> Graph<'m, 'a> {
    pub(crate) fn new(model: &'m Model<'a>, policy: Policy) -> Graph<'m, 'a> {
        Graph {
            model,
            policy,
            ids: KeyMap::default(),
            nodes: Vec::new(),
            states: Vec::new(),
            edges: Vec::new(),
            choices: Vec::new(),
            lines: KeyMap::default(),
            queue: VecDeque::new(),
        }
    }

    /// The node of a hand (shanten `n`, effective kinds `effective`), queued for expansion when new
    /// (`depth`: draws from the nearest root, in breadth-first order).
    fn node(&mut self, node: Node, n: i8, effective: u64, depth: usize) -> Result<u32, EvError> {
        if let Some(&id) = self.ids.get(&node) {
            return Ok(id);
        }
        if self.nodes.len() >= self.model.max_hands {
            return Err(EvError::TooManyHands { limit: self.model.max_hands });
        }
        let id = self.nodes.len() as u32;
        self.ids.insert(node, id);
        self.nodes.push(node);
        self.states.push(State { shanten: n, edges: 0..0, stay: 1.0, locked: n <= 0 && self.model.riichi.is_some() });
        self.queue.push_back((id, n, effective, depth));
        Ok(id)
    }

    fn lines_of(&mut self, drawn: Key) -> Result<Rc<[Line]>, EvError> {
        if let Some(lines) = self.lines.get(&drawn) {
            return Ok(lines.clone());
        }
        let lines: Rc<[Line]> = self.model.lines(drawn, None)?.into();
        self.lines.insert(drawn, lines.clone());
        Ok(lines)
    }

    /// Lists a node's draws and, per draw, the hands the class allows after it.
    fn expand(&mut self, id: u32, n: i8, effective: u64, depth: usize) -> Result<(), EvError> {
        let model = self.model;
        let (key, spent) = self.nodes[id as usize];
        let first = self.edges.len() as u32;
        let locked = self.states[id as usize].locked;
        let mut stay = 1.0;
        // Later calls ([`Model::call_chance`]) raise the chance of the kinds that lower the shanten of
        // a hand not ready, and the other kinds share what is left of the turn (as the shortest
        // path's engine leaves it: its thrown draws are that rest). A call is only made when it
        // helps: the hand may stay instead.
        let counts = if n > 0 { model.call_counts(key) } else { None };
        let lowering = |t: usize| model.wild != Some(t) && effective & (1 << t) != 0 && model.room(key, t);
        let (mut plain, mut called) = (0.0, 0.0);
        if counts.is_some() {
            for t in (0..34).filter(|&t| lowering(t)) {
                plain += model.p[t];
                called += model.p[t] + model.call_chance(counts.as_ref(), t);
            }
        }
        let (lowering_scale, rest_scale) = if called >= 1.0 {
            (1.0 / called, 0.0)
        } else if plain < 1.0 {
            (1.0, (1.0 - called) / (1.0 - plain))
        } else {
            (1.0, 0.0)
        };
        for t in 0..34 {
            if model.p[t] == 0.0 {
                continue;
            }
            // The draw's chance, and a call's (a call may be declined: the hand staying is among
            // its choices).
            let (p, call) = match counts {
                None => (model.p[t], 0.0),
                Some(_) if lowering(t) => {
                    (model.p[t] * lowering_scale, model.call_chance(counts.as_ref(), t) * lowering_scale)
                }
                Some(_) => (model.p[t] * rest_scale, 0.0),
            };
            let is_wild = model.wild == Some(t);
            let (drawn, lowers) = if is_wild {
                if model.wild_draw(key).is_none() {
                    continue;
                }
                (key.plus_wild_copy(), model.wild_helps(key, effective, n)?)
            } else {
                if !model.room(key, t) {
                    continue;
                }
                (key.plus(t), effective & (1 << t) != 0)
            };
            stay -= p + call;
            if n == 0 && lowers {
                let value = model.win_value(drawn, t)?;
                self.edges.push(Edge::Win { p, value: value.unwrap_or(0.0), unvalued: value.is_none() });
                continue;
            }
            let best = if lowers { n - 1 } else { n };
            let widen = !lowers && self.policy.hand_changes && !locked;
            let back = self.policy.shanten_back && !spent && !locked;
            if !lowers && !widen && !back {
                // Thrown: the hand stays.
                stay += p;
                continue;
            }
            let lines = self.lines_of(drawn)?;
            let from = self.choices.len() as u32;
            for line in lines.iter() {
                let target = if line.shanten == best && (lowers || widen) {
                    Some(spent)
                } else if line.shanten == best + 1 && back {
                    Some(true)
                } else {
                    None
                };
                if let Some(spent) = target {
                    let child = self.node((line.after, spent), line.shanten, line.effective, depth + 1)?;
                    self.choices.push(child);
                }
            }
            if !lowers && !widen {
                // Throwing the drawn tile stays a choice beside the step back.
                self.choices.push(id);
            }
            let to = self.choices.len() as u32;
            if to == from {
                return Err(EvError::Inconsistent);
            }
            self.edges.push(Edge::Choose { p, from, to });
            if call > 0.0 {
                let at = self.choices.len() as u32;
                self.choices.extend_from_within(from as usize..to as usize);
                self.choices.push(id);
                self.edges.push(Edge::Choose { p: call, from: at, to: self.choices.len() as u32 });
            }
        }
        self.states[id as usize].edges = first..self.edges.len() as u32;
        self.states[id as usize].stay = stay;
        Ok(())
    }

    /// The figures of each root (a hand after a discard: key, shanten, effective kinds) with the
    /// model's horizon.
    pub(crate) fn figures(&mut self, roots: &[(Key, i8, u64)]) -> Result<Vec<Figures>, EvError> {
        let ids =
            roots.iter().map(|&(key, n, eff)| self.node((key, false), n, eff, 0)).collect::<Result<Vec<_>, _>>()?;
        // A hand first reached after d draws is needed with at most `turns − d` draws left, so
        // the hands reached after the last draw need only their value with none left: they are
        // not expanded (their edges would never be read with a valid layer).
        while let Some((id, n, effective, depth)) = self.queue.pop_front() {
            if depth < self.model.turns {
                self.expand(id, n, effective, depth)?;
            }
        }
        let scored = self.model.scorer.is_some();
        let k = if scored { 3 } else { 2 };
        let count = self.nodes.len();
        // Layer 0: ready hands are ready, nothing has won.
        let mut prev = vec![0.0; count * k];
        for (i, s) in self.states.iter().enumerate() {
            prev[i * k] = if s.shanten <= 0 { 1.0 } else { 0.0 };
        }
        let mut prev_unvalued = vec![false; count];
        let mut next = vec![0.0; count * k];
        let mut next_unvalued = vec![false; count];
        for r in 1..=self.model.turns {
            for (i, s) in self.states.iter().enumerate() {
                let mut v = [0.0; 3];
                let mut unvalued = prev_unvalued[i];
                for j in 0..k {
                    v[j] = s.stay * prev[i * k + j];
                }
                if let (true, 1, Some(deposit)) = (s.locked, r, self.model.riichi) {
                    // Riichi declared with one draw left: the deposit is lost unless it wins. With
                    // more left, the loss is in the layer before, times the chance of no win.
                    v[2] -= deposit * s.stay;
                }
                for edge in &self.edges[s.edges.start as usize..s.edges.end as usize] {
                    match *edge {
                        Edge::Win { p, value, unvalued: u } => {
                            v[0] += p;
                            v[1] += p;
                            v[2] += p * value;
                            unvalued |= u;
                        }
                        Edge::Choose { p, from, to } => {
                            for j in 0..k {
                                let best = self.choices[from as usize..to as usize]
                                    .iter()
                                    .map(|&c| prev[c as usize * k + j])
                                    .fold(f64::NEG_INFINITY, f64::max);
                                v[j] += p * best;
                            }
                            for &c in &self.choices[from as usize..to as usize] {
                                unvalued |= prev_unvalued[c as usize];
                            }
                        }
                    }
                }
                next[i * k..i * k + k].copy_from_slice(&v[..k]);
                next_unvalued[i] = unvalued;
            }
            std::mem::swap(&mut prev, &mut next);
            std::mem::swap(&mut prev_unvalued, &mut next_unvalued);
        }
        Ok(ids
            .iter()
            .map(|&id| {
                let i = id as usize;
                Figures {
                    tenpai: prev[i * k],
                    win: prev[i * k + 1],
                    score: (scored && !prev_unvalued[i]).then(|| prev[i * k + 2]),
                }
            })
            .collect())
    }
}
