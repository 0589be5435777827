//! [`Combine`]: the shared [`Algorithm`] interface answered by the combiner search, for every rule
//! preset, wildcard count, declared melds and hand size.

use std::sync::OnceLock;

use hupai_tiles::{Algorithm, Capabilities, Decomposition, Error, Group, Hand, HandShape, Rules, SevenPairs, Tile};

use arrayvec::ArrayVec;

use crate::combiner::{Catalog, Combiners, Jiang, Ke, Limits, ShiSanYao, Shun};
use crate::search::{Counter, Each, Engine, Exists, Problem, Visitor};

/// The combiner sets one rule set can need, prepared once.
pub(crate) struct Sets {
    /// Jiang once, ke, shun: a hand of 3n + 2 tiles covered by it is n melds and a pair.
    pub(crate) melds: Combiners,
    /// Ke and shun only: the melds around a pair fixed elsewhere.
    pub(crate) melds_only: Combiners,
    /// Seven distinct pairs.
    pub(crate) pairs_distinct: Combiners,
    /// Seven pairs, a kind at most twice (a four-of-a-kind as two pairs).
    pub(crate) pairs_quads: Combiners,
    /// Thirteen orphans as one group.
    pub(crate) orphans: Combiners,
}

pub(crate) fn sets() -> &'static Sets {
    static SETS: OnceLock<Sets> = OnceLock::new();
    SETS.get_or_init(|| Sets {
        melds: Combiners::standard(),
        melds_only: Combiners::new().with(Ke).with(Shun),
        pairs_distinct: Combiners::new().with_limits(Jiang, Limits { max_uses: u8::MAX, max_identical: 1 }),
        pairs_quads: Combiners::new().with_limits(Jiang, Limits { max_uses: u8::MAX, max_identical: 2 }),
        orphans: Combiners::new().with(ShiSanYao),
    })
}

/// Is there a covering of `problem` by melds and a pair the rules allow, with the group `fixed`
/// among them? With the 2-5-8 pair each allowed pair is fixed in turn and the rest must be melds.
pub(crate) fn melds_around(problem: &Problem, rules: &Rules, fixed: &[Tile]) -> bool {
    let s = sets();
    if !rules.pair_258 {
        let mut p = problem.clone();
        return p.fix(fixed) && run(&s.melds, &p, Exists).0 > 0;
    }
    Tile::ALL.into_iter().filter(|&u| rules.pair_allowed(u)).any(|u| {
        let mut p = problem.clone();
        p.fix(fixed) && p.fix(&[u, u]) && run(&s.melds_only, &p, Exists).0 > 0
    })
}

/// The winning forms a hand can take under some rules, as combiner sets.
pub(crate) fn forms(hand: &Hand, rules: &Rules) -> (Option<&'static Combiners>, Option<&'static Combiners>) {
    let s = sets();
    let special = hand.special_forms_apply(rules);
    let pairs = match rules.seven_pairs {
        SevenPairs::Distinct if special => Some(&s.pairs_distinct),
        SevenPairs::AllowQuads if special => Some(&s.pairs_quads),
        _ => None,
    };
    let orphans = if special && rules.thirteen_orphans { Some(&s.orphans) } else { None };
    (pairs, orphans)
}

fn run<V: Visitor>(set: &Combiners, problem: &Problem, visitor: V) -> (u64, V) {
    let mut engine = Engine::new(set, problem, visitor);
    let n = engine.run();
    (n, engine.into_visitor())
}

/// S001's recursive combiner framework behind the shared interface (name `combine`): a hand wins
/// if the standard set (jiang once, ke, shun) covers it, or, where the rules allow them, seven
/// jiang or the [`ShiSanYao`] combiner do. Decompositions are the coverings, each once by
/// construction, already in ascending order.
///
/// ```
/// use hupai_combine::Combine;
/// use hupai_tiles::{Algorithm, Hand, Rules};
/// let hand: Hand = "22334455m667788p".parse()?;
/// let listed: Vec<String> = Combine.decompositions(&hand, &Rules::CHINESE)?.iter().map(|d| d.to_string()).collect();
/// assert_eq!(listed, ["22m 345m 345m 678p 678p", "55m 234m 234m 678p 678p", "22m 33m 44m 55m 66p 77p 88p"]);
/// assert_eq!(Combine.count_decompositions(&hand, &Rules::CHINESE)?, 3);
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Combine;

impl Combine {
    /// The number of decompositions of a complete hand, without listing them: memoized, fast
    /// even when there are millions (many wildcards). Errors like [`Algorithm::decompositions`].
    pub fn count_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<u64, Error> {
        let shape = hand.shape(rules)?;
        if shape != HandShape::Complete {
            return Err(Error::WrongShape {
                operation: "decompositions",
                expected: rules.hand_size(),
                found: hand.tile_count(),
            });
        }
        self.supports(hand, rules)?;
        if !rules.is_classic() {
            // The regional options filter the decompositions: count the filtered list.
            return Ok(self.restricted_decompositions(hand, rules)?.len() as u64);
        }
        let problem = Problem::from_hand(hand, rules.wildcard_fifth_copy);
        let (pairs, orphans) = forms(hand, rules);
        let mut n = run(&sets().melds, &problem, Counter).0;
        for set in [pairs, orphans].into_iter().flatten() {
            n = n.saturating_add(run(set, &problem, Counter).0);
        }
        Ok(n)
    }
}

impl Algorithm for Combine {
    fn name(&self) -> &'static str {
        "combine"
    }

    /// Everything but the knitted forms: the 2-5-8 pair, the void suit and small tile sets come
    /// from the copy caps (a forbidden kind has none) and a filter on the pair.
    fn capabilities(&self) -> Capabilities {
        Capabilities { pair_258: true, void_suit: true, tile_supply: true, ..Capabilities::CLASSIC }
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        if !rules.is_classic() {
            return Ok(self.restricted_win(hand, rules));
        }
        let problem = Problem::from_hand(hand, rules.wildcard_fifth_copy);
        self.win_of(hand, rules, &problem)
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        if !rules.is_classic() {
            return self.restricted_decompositions(hand, rules);
        }
        let problem = Problem::from_hand(hand, rules.wildcard_fifth_copy);
        self.decompositions_of(hand, rules, problem)
    }
}

impl Combine {
    /// The verdict for a problem, every form the rules allow.
    fn win_of(&self, hand: &Hand, rules: &Rules, problem: &Problem) -> Result<bool, Error> {
        if run(&sets().melds, problem, Exists).0 > 0 {
            return Ok(true);
        }
        let (pairs, orphans) = forms(hand, rules);
        Ok([pairs, orphans].into_iter().flatten().any(|set| run(set, problem, Exists).0 > 0))
    }

    /// The problem of `hand` with the numbered suit `void` (if any) absent: kinds outside the
    /// rules' tile set or in the void suit get no room; `None` if the hand holds one.
    pub(crate) fn restricted_problem(hand: &Hand, rules: &Rules, void: Option<hupai_tiles::Suit>) -> Option<Problem> {
        let allowed = rules.allowed_kinds(void);
        if hand.physical_counts().kinds().bits() & !allowed.bits() != 0 {
            return None;
        }
        let mut problem = Problem::from_hand(hand, rules.wildcard_fifth_copy);
        for t in Tile::ALL.into_iter().filter(|&t| !allowed.contains(t)) {
            problem.caps[t.index()] = 0;
        }
        Some(problem)
    }

    /// The verdict under the 2-5-8 pair, a void suit or a small tile set: per void suit, the
    /// restricted problem, melds around a pair the rules allow, or a special form.
    fn restricted_win(&self, hand: &Hand, rules: &Rules) -> bool {
        let (pairs, orphans) = forms(hand, rules);
        rules.void_choices().iter().any(|&void| {
            let Some(problem) = Self::restricted_problem(hand, rules, void) else { return false };
            melds_around(&problem, rules, &[])
                || [pairs, orphans].into_iter().flatten().any(|set| run(set, &problem, Exists).0 > 0)
        })
    }

    /// Every decomposition under restricted rules: per void suit, those of the restricted problem,
    /// melds forms only with an allowed pair; merged in order.
    fn restricted_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        let mut out = Vec::new();
        for &void in rules.void_choices() {
            let Some(problem) = Self::restricted_problem(hand, rules, void) else { continue };
            let list = self.decompositions_of(hand, rules, problem)?;
            out.extend(list.into_iter().filter(|d| match d {
                Decomposition::Melds { pair, .. } => rules.pair_allowed(*pair),
                _ => true,
            }));
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Every decomposition of a problem, in order.
    fn decompositions_of(&self, hand: &Hand, rules: &Rules, problem: Problem) -> Result<Vec<Decomposition>, Error> {
        // The search lists coverings lexicographically over their sorted groups (pair included).
        // Coverings sharing a pair stay in that order once it is taken out, which is the order of
        // decompositions with that pair; a stable counting sort by pair, applied in place, finishes
        // the job. With many wildcards there can be tens of thousands: the memoized count sizes
        // the output exactly (and skips the walk when there are none).
        let mut out: Vec<Decomposition> = Vec::new();
        let mut pair_of: Vec<u8> = Vec::new();
        if problem.wildcards >= 3 {
            let n = run(&sets().melds, &problem, Counter).0.min(1 << 26) as usize;
            if n == 0 {
                return self.special_decompositions(hand, rules, &problem, out);
            }
            out.reserve_exact(n);
            pair_of.reserve_exact(n);
        }
        run(
            &sets().melds,
            &problem,
            Each(|cat: &Catalog, ids: &[u16]| {
                let mut pair = Tile::ALL[0];
                let mut melds: ArrayVec<Group, 5> = ArrayVec::new();
                for &id in ids {
                    let e = &cat.entries[id as usize];
                    let t = Tile::ALL[e.lowest as usize];
                    let g = match e.combiner {
                        0 => {
                            pair = t;
                            continue;
                        }
                        1 => Group::Triplet(t),
                        _ => Group::Sequence(t),
                    };
                    if melds.try_push(g).is_err() {
                        return; // more than five melds: no rule set has such hands
                    }
                }
                out.push(Decomposition::Melds { pair, melds });
                pair_of.push(pair.index() as u8);
            }),
        );
        let mut next = [0usize; 35];
        for &p in &pair_of {
            next[p as usize + 1] += 1;
        }
        for p in 0..34 {
            next[p + 1] += next[p];
        }
        let mut dest: Vec<u32> = pair_of
            .iter()
            .map(|&p| {
                next[p as usize] += 1;
                (next[p as usize] - 1) as u32
            })
            .collect();
        for i in 0..dest.len() {
            while dest[i] as usize != i {
                let j = dest[i] as usize;
                out.swap(i, j);
                dest.swap(i, j);
            }
        }
        self.special_decompositions(hand, rules, &problem, out)
    }

    /// Appends the seven-pairs and thirteen-orphans decompositions the rules allow, in order.
    fn special_decompositions(
        &self,
        hand: &Hand,
        rules: &Rules,
        problem: &Problem,
        mut out: Vec<Decomposition>,
    ) -> Result<Vec<Decomposition>, Error> {
        let (pairs, orphans) = forms(hand, rules);
        if let Some(set) = pairs {
            run(
                set,
                problem,
                Each(|cat: &Catalog, ids: &[u16]| {
                    let mut pairs = [Tile::ALL[0]; 7];
                    for (slot, &id) in pairs.iter_mut().zip(ids) {
                        *slot = Tile::ALL[cat.entries[id as usize].lowest as usize];
                    }
                    out.push(Decomposition::SevenPairs { pairs });
                }),
            );
        }
        if let Some(set) = orphans {
            run(
                set,
                problem,
                Each(|cat: &Catalog, ids: &[u16]| {
                    for &id in ids {
                        let e = &cat.entries[id as usize];
                        if let Some(&(t, _)) = cat.parts(e).iter().find(|&&(_, k)| k == 2) {
                            out.push(Decomposition::ThirteenOrphans { pair: Tile::ALL[t as usize] });
                        }
                    }
                }),
            );
        }
        Ok(out)
    }
}
