//! `Backtrack`: the reference win check. Plain backtracking over tile counts, every rule, every
//! decomposition; written to be trusted by reading, not to be fast.

use std::ops::ControlFlow;

use arrayvec::ArrayVec;
use hupai_tiles::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds, knitted_tiles};
use hupai_tiles::{
    Algorithm, Capabilities, Decomposition, Error, Group, Hand, HandShape, Rules, SevenPairs, Suit, Tile, TileSet,
};

/// The reference algorithm (name `"backtrack"`): S002's baseline backtracking, extended to
/// wildcards, seven pairs, thirteen orphans, declared melds and 17-tile hands.
///
/// Two searches live here, both plain enough to check by reading:
/// - the *enumerator* lists every decomposition: it picks the pair, then the melds as a
///   non-decreasing sequence of groups in [`Group`] order, so every multiset of groups is built
///   exactly once and no deduplication is needed;
/// - the *win check* asks only whether one decomposition exists: it repeatedly covers a concealed
///   tile not yet used (an honor if any, else the lowest) with each group that can contain it,
///   and stops at the first success.
///
/// Every other algorithm is tested against this one.
///
/// ```
/// use hupai_search::Backtrack;
/// use hupai_tiles::{Algorithm, Hand, Rules};
///
/// let hand: Hand = "111z222z333z44z***".parse()?;
/// // The three wildcards cannot all join the honors held (that would make a fifth copy), so
/// // they become a fresh triplet, such as 555z.
/// assert!(Backtrack.is_win(&hand, &Rules::STANDARD)?);
/// let all: Vec<String> = Backtrack.decompositions(&hand, &Rules::STANDARD)?.iter().map(|d| d.to_string()).collect();
/// assert!(all.contains(&"44z 111z 222z 333z 555z".to_string()));
/// // Or one joins 44z and two make a pair of a kind not held: 30 such pairs, and 30 fresh
/// // triplets + 21 sequences beside 44z.
/// assert!(all.contains(&"11m 111z 222z 333z 444z".to_string()));
/// assert_eq!(all.len(), 30 + 30 + 21);
/// # Ok::<(), hupai_tiles::Error>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Backtrack;

/// Every group, in [`Group`] order: by lowest tile, the triplet before the sequence.
const GROUPS: [Group; 55] = {
    let mut out = [Group::Triplet(Tile::ALL[0]); 55];
    let mut n = 0;
    let mut i = 0;
    while i < Tile::COUNT {
        out[n] = Group::Triplet(Tile::ALL[i]);
        n += 1;
        if Tile::ALL[i].starts_sequence() {
            out[n] = Group::Sequence(Tile::ALL[i]);
            n += 1;
        }
        i += 1;
    }
    assert!(n == 55);
    out
};

/// The search state: which concealed tiles are still to be placed, how many wildcards are left,
/// and how many tiles of each kind the groups placed so far use.
#[derive(Debug, Clone, Copy)]
struct State {
    /// Concealed tiles not yet in a group.
    left: [u8; Tile::COUNT],
    /// Sum of `left`.
    left_total: u32,
    /// Wildcards not yet in a group.
    wild: u8,
    /// Tiles of each kind in the groups so far, concealed and stand-ins alike.
    placed: [u8; Tile::COUNT],
    /// Most tiles of a kind the groups may use: 4 minus the declared copies, so that concealed +
    /// declared + stand-ins never exceeds 4. With the fifth-copy rule there is no limit: concealed
    /// + declared is at most 4 anyway, so only stand-ins can push a kind past 4, which the rule allows.
    ///
    /// Kinds outside the tile set or in the void suit have no room at all.
    limit: [u8; Tile::COUNT],
    /// Kinds the pair of a melds form may be (the 2-5-8 pair rule), within `limit`.
    pairs: TileSet,
}

impl State {
    /// The state for the hand with the numbered suit `void` (if any) absent; `None` if a declared
    /// meld holds a kind the rules forbid there.
    fn new(hand: &Hand, rules: &Rules, void: Option<Suit>) -> Option<State> {
        let declared = hand.declared_counts();
        let allowed = rules.allowed_kinds(void);
        if declared.kinds().bits() & !allowed.bits() != 0 {
            return None;
        }
        let mut limit = [u8::MAX; Tile::COUNT];
        for t in Tile::ALL {
            if !allowed.contains(t) {
                limit[t.index()] = 0;
            } else if !rules.wildcard_fifth_copy {
                limit[t.index()] = 4 - declared[t];
            }
        }
        Some(State {
            left: hand.concealed().0,
            left_total: hand.concealed().total(),
            wild: hand.wildcards(),
            placed: [0; Tile::COUNT],
            limit,
            pairs: Tile::ALL.into_iter().filter(|&t| rules.pair_allowed(t)).collect(),
        })
    }

    /// The lowest kind with a concealed tile not yet placed.
    fn lowest(&self) -> Option<usize> {
        self.left.iter().position(|&n| n > 0)
    }

    /// Places `tiles` as part of one group, each a concealed tile if one is left, else a wildcard.
    /// Taking the concealed tile whenever there is one loses nothing: which physical tile plays
    /// which role does not change the multiset of groups. All or nothing: on failure the state is
    /// unchanged. Returns which positions were wildcards.
    fn take(&mut self, tiles: &[Tile]) -> Option<u32> {
        let mut wild_mask = 0u32;
        for (i, &t) in tiles.iter().enumerate() {
            let k = t.index();
            let ok = self.placed[k] < self.limit[k] && (self.left[k] > 0 || self.wild > 0);
            if !ok {
                self.give_back(&tiles[..i], wild_mask);
                return None;
            }
            self.placed[k] += 1;
            if self.left[k] > 0 {
                self.left[k] -= 1;
                self.left_total -= 1;
            } else {
                self.wild -= 1;
                wild_mask |= 1 << i;
            }
        }
        Some(wild_mask)
    }

    /// Undoes [`State::take`].
    fn give_back(&mut self, tiles: &[Tile], wild_mask: u32) {
        for (i, &t) in tiles.iter().enumerate() {
            let k = t.index();
            self.placed[k] -= 1;
            if wild_mask & (1 << i) != 0 {
                self.wild += 1;
            } else {
                self.left[k] += 1;
                self.left_total += 1;
            }
        }
    }

    /// Runs `f` with `tiles` placed, if they can be; false if they cannot.
    fn with(&mut self, tiles: &[Tile], f: impl FnOnce(&mut State) -> bool) -> bool {
        match self.take(tiles) {
            Some(mask) => {
                let found = f(self);
                self.give_back(tiles, mask);
                found
            }
            None => false,
        }
    }

    /// Like [`State::with`] for the enumerator, passing its control flow through.
    fn visit_with(&mut self, tiles: &[Tile], f: impl FnOnce(&mut State) -> ControlFlow<()>) -> ControlFlow<()> {
        match self.take(tiles) {
            Some(mask) => {
                let flow = f(self);
                self.give_back(tiles, mask);
                flow
            }
            None => ControlFlow::Continue(()),
        }
    }

    // ---- win check: cover the lowest tile left, stop at the first success ----

    /// Can the tiles and wildcards left form `melds` melds, plus a pair if `pair`? Any tile left
    /// will do to branch on; the lowest keeps the sequences through it to three.
    fn cover(&mut self, melds: usize, pair: bool) -> bool {
        // Honors first: they join only a pair or a triplet, so a hand that fails on them fails fast.
        let honor = (27..Tile::COUNT).find(|&k| self.left[k] > 0);
        let Some(u) = honor.or_else(|| self.lowest()) else {
            return self.wildcards_only(melds, pair);
        };
        // Some group of any decomposition holds this tile; try each group that can.
        let t = Tile::ALL[u];
        if pair && self.pairs.contains(t) && self.with(&[t, t], |s| s.cover(melds, false)) {
            return true;
        }
        if melds == 0 {
            return false;
        }
        let mut holders: ArrayVec<Group, 4> = ArrayVec::new();
        holders.push(Group::Triplet(t));
        for below in 0..=2 {
            if let Some(start) = u.checked_sub(below).and_then(Tile::new) {
                // A start of rank 1–7 keeps the whole sequence in its suit, so it holds `t`.
                if start.starts_sequence() {
                    holders.push(Group::Sequence(start));
                }
            }
        }
        holders.into_iter().any(|g| self.with(&g.tiles(), |s| s.cover(melds - 1, pair)))
    }

    /// Every concealed tile is placed: can the wildcards left alone make `melds` melds and a pair
    /// if `pair`, within the copy limit? (They always can when the count fits, since at most 17
    /// tiles leave at least 17 kinds untouched, but the search shows it rather than assumes it.)
    fn wildcards_only(&mut self, melds: usize, pair: bool) -> bool {
        if self.wild as usize != 3 * melds + 2 * pair as usize {
            return false;
        }
        if pair {
            let pairs = self.pairs;
            return pairs.iter().any(|t| self.with(&[t, t], |s| s.wildcards_only(melds, false)));
        }
        if melds == 0 {
            return true;
        }
        GROUPS.into_iter().any(|g| self.with(&g.tiles(), |s| s.wildcards_only(melds - 1, false)))
    }

    // ---- enumerator: every decomposition exactly once ----

    /// Every pair-and-melds decomposition: the pair first, then `melds` groups in non-decreasing
    /// [`Group`] order, so each multiset of groups is built once.
    fn melds_form(&mut self, melds: usize, visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>) -> ControlFlow<()> {
        for pair in self.pairs.iter() {
            let mut groups = ArrayVec::new();
            self.visit_with(&[pair, pair], |s| s.more_melds(0, melds, pair, &mut groups, visit))?;
        }
        ControlFlow::Continue(())
    }

    /// Adds groups from `GROUPS[from..]` until `groups` holds `melds` of them.
    fn more_melds(
        &mut self,
        from: usize,
        melds: usize,
        pair: Tile,
        groups: &mut ArrayVec<Group, 5>,
        visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let to_go = melds - groups.len();
        if to_go == 0 {
            return if self.left_total == 0 {
                visit(Decomposition::melds(pair, groups))
            } else {
                ControlFlow::Continue(())
            };
        }
        if self.left_total as usize > 3 * to_go {
            return ControlFlow::Continue(());
        }
        // Later groups start no lower than this one, and a group holds no tile below its start:
        // once past the lowest tile left, nothing can cover it.
        let lowest = self.lowest().unwrap_or(Tile::COUNT);
        for (i, g) in GROUPS.iter().enumerate().skip(from) {
            if g.tile().index() > lowest {
                break;
            }
            groups.push(*g);
            let flow = self.visit_with(&g.tiles(), |s| s.more_melds(i, melds, pair, groups, visit));
            groups.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Every seven-pairs decomposition: pairs in non-decreasing tile order, strictly increasing
    /// for [`SevenPairs::Distinct`], at most two of a kind for [`SevenPairs::AllowQuads`].
    fn seven_pairs(
        &mut self,
        rule: SevenPairs,
        pairs: &mut ArrayVec<Tile, 7>,
        visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if pairs.is_full() {
            return match pairs.as_slice().try_into() {
                Ok(all) if self.left_total == 0 => visit(Decomposition::seven_pairs(all)),
                _ => ControlFlow::Continue(()),
            };
        }
        // A pair holds two tiles of one kind: the concealed tiles left need this many more pairs.
        let needed: usize = self.left.iter().map(|&n| n.div_ceil(2) as usize).sum();
        if needed > pairs.remaining_capacity() {
            return ControlFlow::Continue(());
        }
        let from = pairs.last().map_or(0, |t| t.index());
        let lowest = self.lowest().unwrap_or(Tile::COUNT);
        for t in Tile::ALL.into_iter().skip(from) {
            if t.index() > lowest {
                break;
            }
            let held = pairs.iter().filter(|&&p| p == t).count();
            let allowed = match rule {
                SevenPairs::Off => false,
                SevenPairs::Distinct => held == 0,
                SevenPairs::AllowQuads => held < 2,
            };
            if !allowed {
                continue;
            }
            pairs.push(t);
            let flow = self.visit_with(&[t, t], |s| s.seven_pairs(rule, pairs, visit));
            pairs.pop();
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Every thirteen-orphans decomposition: one of each terminal and honor plus a second `pair`.
    fn thirteen_orphans(&mut self, visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>) -> ControlFlow<()> {
        for pair in Tile::TERMINALS_AND_HONORS {
            let mut tiles: ArrayVec<Tile, 14> = Tile::TERMINALS_AND_HONORS.into_iter().collect();
            tiles.push(pair);
            self.visit_with(&tiles, |s| {
                if s.left_total == 0 {
                    visit(Decomposition::ThirteenOrphans { pair })
                } else {
                    ControlFlow::Continue(())
                }
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Every honors-and-knitted decomposition (全不靠): for each knitted order, every choice of
    /// fourteen of its sixteen kinds, one tile each. Fourteen such kinds include at least seven
    /// knitted tiles, so at least one of each rank class, which fixes the order: no decomposition
    /// comes from two orders.
    fn honors_and_knitted(&mut self, visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>) -> ControlFlow<()> {
        for order in KNITTED_ORDERS {
            let kinds: ArrayVec<Tile, 16> = honors_and_knitted_kinds(order).iter().collect();
            self.pick_singles(&kinds, TileSet::EMPTY, visit)?;
        }
        ControlFlow::Continue(())
    }

    /// Chooses, one kind at a time, whether `kinds[0]` is one of the fourteen.
    fn pick_singles(
        &mut self,
        kinds: &[Tile],
        chosen: TileSet,
        visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == 14 {
            return if self.left_total == 0 {
                visit(Decomposition::HonorsAndKnitted { tiles: chosen })
            } else {
                ControlFlow::Continue(())
            };
        }
        let Some((&t, rest)) = kinds.split_first() else { return ControlFlow::Continue(()) };
        if rest.len() + chosen.len() >= 14 && self.left[t.index()] == 0 {
            self.pick_singles(rest, chosen, visit)?;
        }
        let mut with = chosen;
        with.insert(t);
        self.visit_with(&[t], |s| s.pick_singles(rest, with, visit))
    }

    /// Every knitted-straight decomposition (组合龙): the nine knitted tiles of an order, a pair
    /// and `melds` (0 or 1) concealed melds.
    fn knitted_straight(
        &mut self,
        melds: usize,
        visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for order in KNITTED_ORDERS {
            self.visit_with(&knitted_tiles(order), |s| {
                for pair in s.pairs.iter() {
                    s.visit_with(&[pair, pair], |s| {
                        if melds == 0 {
                            return if s.left_total == 0 {
                                visit(Decomposition::KnittedStraight { order, pair, meld: None })
                            } else {
                                ControlFlow::Continue(())
                            };
                        }
                        for g in GROUPS {
                            s.visit_with(&g.tiles(), |s| {
                                if s.left_total == 0 {
                                    visit(Decomposition::KnittedStraight { order, pair, meld: Some(g) })
                                } else {
                                    ControlFlow::Continue(())
                                }
                            })?;
                        }
                        ControlFlow::Continue(())
                    })?;
                }
                ControlFlow::Continue(())
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Every decomposition of the hand, in the order the searches find them.
    fn all_forms(
        &mut self,
        hand: &Hand,
        rules: &Rules,
        visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.melds_form(hand.melds_needed(rules), visit)?;
        self.special_forms(hand, rules, visit)
    }

    /// Every decomposition in a form other than melds and a pair.
    fn special_forms(
        &mut self,
        hand: &Hand,
        rules: &Rules,
        visit: &mut dyn FnMut(Decomposition) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if hand.special_forms_apply(rules) {
            if rules.seven_pairs != SevenPairs::Off {
                self.seven_pairs(rules.seven_pairs, &mut ArrayVec::new(), visit)?;
            }
            if rules.thirteen_orphans {
                self.thirteen_orphans(visit)?;
            }
            if rules.knitted {
                self.honors_and_knitted(visit)?;
            }
        }
        if rules.knitted && rules.melds == 4 && hand.melds().len() <= 1 {
            self.knitted_straight(1 - hand.melds().len(), visit)?;
        }
        ControlFlow::Continue(())
    }
}

/// Runs `f` on the search state of each void suit the rules allow (one state when there is no
/// void rule), skipping states a declared meld rules out, until `f` breaks. Under "any one suit
/// void" a decomposition missing two suits is found from both; `f` gets the suits tried before so
/// it can keep only the first.
fn for_each_void(
    hand: &Hand,
    rules: &Rules,
    mut f: impl FnMut(&mut State, &[Option<Suit>]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let choices = rules.void_choices();
    for (i, &void) in choices.iter().enumerate() {
        if let Some(mut state) = State::new(hand, rules, void) {
            f(&mut state, &choices[..i])?;
        }
    }
    ControlFlow::Continue(())
}

/// True if the decomposition (with the declared melds) holds no tile of one of `suits`: it was
/// already found with that suit void.
fn misses_any(d: &Decomposition, hand: &Hand, suits: &[Option<Suit>]) -> bool {
    let mut used = d.counts();
    for (u, k) in used.0.iter_mut().zip(hand.declared_counts().0) {
        *u += k;
    }
    suits.iter().flatten().any(|s| used.suit(*s).iter().all(|&n| n == 0))
}

impl Backtrack {
    /// Calls `visit` with every decomposition of a complete hand, each once, in no particular
    /// order, until it returns [`ControlFlow::Break`]. Unlike [`Algorithm::decompositions`] this
    /// neither sorts nor collects, so it suits hands with very many decompositions (a hand of
    /// fourteen wildcards has millions). Errors like [`Algorithm::decompositions`].
    pub fn visit_decompositions(
        &self,
        hand: &Hand,
        rules: &Rules,
        mut visit: impl FnMut(Decomposition) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Error> {
        let found = hand.tile_count();
        if hand.shape(rules)? != HandShape::Complete {
            return Err(Error::WrongShape { operation: "decompositions", expected: rules.hand_size(), found });
        }
        self.supports(hand, rules)?;
        Ok(for_each_void(hand, rules, |state, earlier| {
            state.all_forms(hand, rules, &mut |d| {
                if misses_any(&d, hand, earlier) { ControlFlow::Continue(()) } else { visit(d) }
            })
        }))
    }
}

impl Algorithm for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::ALL
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let found = for_each_void(hand, rules, |state, _| {
            if state.cover(hand.melds_needed(rules), true) {
                return ControlFlow::Break(());
            }
            // The other forms: the enumerator, stopped at the first decomposition.
            state.special_forms(hand, rules, &mut |_| ControlFlow::Break(()))
        });
        Ok(found.is_break())
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        let mut out = Vec::new();
        let _ = for_each_void(hand, rules, |state, _| {
            state.all_forms(hand, rules, &mut |d| {
                out.push(d);
                ControlFlow::Continue(())
            })
        });
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn groups_are_in_group_order() {
        assert!(GROUPS.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(GROUPS.iter().filter(|g| matches!(g, Group::Sequence(_))).count(), 21);
    }

    #[test]
    fn take_is_all_or_nothing() {
        let h = hand("1m*[111m]");
        let mut s = State::new(&h, &Rules::STANDARD, None).unwrap();
        let before = (s.left, s.wild, s.placed);
        // 1m has one copy of room left (three declared), so 11m takes the concealed 1m, then fails.
        let t: Tile = "1m".parse().unwrap();
        assert_eq!(s.take(&[t, t]), None);
        assert_eq!((s.left, s.wild, s.placed), before);
        let two: Tile = "2m".parse().unwrap();
        assert_eq!(s.take(&[t, two]), Some(0b10));
        assert_eq!((s.left_total, s.wild), (0, 0));
    }
}
