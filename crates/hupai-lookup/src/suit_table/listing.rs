//! Decompositions listed one at a time or only counted, so that a hand with millions of them (fourteen
//! wildcards have 11.6 million under the standard rules) never needs them all in memory.
//!
//! Every form hands its decompositions to a [`Sink`] as it finds them and stops as soon as the sink
//! says so; what is kept meanwhile is per-suit (a few thousand splits at most). Counting the melds
//! form multiplies the per-suit split counts, seven pairs is counted kind by kind, and the small
//! forms (thirteen orphans, the knitted forms) are counted by listing them. Under a void suit that
//! any one suit may be, a decomposition holding no tile of two suits is valid under both choices:
//! it is listed under the first only, and counted by inclusion and exclusion over the suits.

use std::ops::ControlFlow;

use hupai_tiles::{Algorithm, Decomposition, Error, Hand, HandShape, Rules, SevenPairs, Suit, TileSet};

use super::{
    NO_CAP, Runtime, SuitTable, declared_caps, decompose, knitted, plain_room, restricted, runtime, special, total,
};

/// Where decompositions go as they are found: each is handed to a visitor, which may stop the
/// listing (`ControlFlow::Break`); after that, pushes are ignored and the searches return early.
pub(crate) struct Sink<'a> {
    visit: &'a mut dyn FnMut(Decomposition) -> ControlFlow<()>,
    stopped: bool,
}

impl<'a> Sink<'a> {
    pub(crate) fn new(visit: &'a mut dyn FnMut(Decomposition) -> ControlFlow<()>) -> Self {
        Sink { visit, stopped: false }
    }

    /// Hands `d` to the visitor unless it has stopped.
    #[inline]
    pub(crate) fn push(&mut self, d: Decomposition) {
        if !self.stopped {
            self.stopped = (self.visit)(d).is_break();
        }
    }

    /// Has the visitor stopped the listing?
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}

impl SuitTable {
    /// Hands every decomposition of a complete hand to `visit` as it is found, each once, in no
    /// particular order (the same order on every run), until `visit` returns
    /// `ControlFlow::Break`. Memory stays small whatever the hand: nothing is collected.
    /// Errors as [`Algorithm::decompositions`] does.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use hupai_lookup::SuitTable;
    /// use hupai_tiles::{Hand, Rules};
    ///
    /// let hand: Hand = "**************".parse()?; // 11.6 million decompositions
    /// let mut first = Vec::new();
    /// SuitTable.for_each_decomposition(&hand, &Rules::STANDARD, |d| {
    ///     first.push(d);
    ///     if first.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert_eq!(first.len(), 3);
    /// # Ok::<(), hupai_tiles::Error>(())
    /// ```
    pub fn for_each_decomposition(
        &self,
        hand: &Hand,
        rules: &Rules,
        mut visit: impl FnMut(Decomposition) -> ControlFlow<()>,
    ) -> Result<(), Error> {
        let rt = self.ready(hand, rules)?;
        for_each(rt, hand, rules, &mut Sink::new(&mut visit));
        Ok(())
    }

    /// How many decompositions a complete hand has, without building them: the number
    /// [`Algorithm::decompositions`] would list. Milliseconds for any hand.
    ///
    /// ```
    /// use hupai_lookup::SuitTable;
    /// use hupai_tiles::{Hand, Rules};
    ///
    /// let hand: Hand = "**************".parse()?;
    /// assert_eq!(SuitTable.count_decompositions(&hand, &Rules::STANDARD)?, 11_580_567);
    /// # Ok::<(), hupai_tiles::Error>(())
    /// ```
    pub fn count_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<u64, Error> {
        let rt = self.ready(hand, rules)?;
        Ok(count(rt, hand, rules))
    }

    /// The checks [`Algorithm::decompositions`] runs before listing, then the tables.
    fn ready(&self, hand: &Hand, rules: &Rules) -> Result<&'static Runtime, Error> {
        if hand.shape(rules)? != HandShape::Complete {
            return Err(Error::WrongShape {
                operation: "decompositions",
                expected: rules.hand_size(),
                found: hand.tile_count(),
            });
        }
        self.supports(hand, rules)?;
        runtime()
    }
}

/// Every decomposition of `hand` (complete, supported) into `out`.
pub(crate) fn for_each(rt: &Runtime, hand: &Hand, rules: &Rules, out: &mut Sink<'_>) {
    if rules.pair_258 || rules.restricts_kinds() {
        return restricted_for_each(rt, hand, rules, out);
    }
    let counts = &hand.concealed().0;
    let wildcards = hand.wildcards() as i32;
    let capped = !rules.wildcard_fifth_copy;
    let caps = declared_caps(hand, rules);
    let costs = rt.costs(counts, capped, caps.as_ref());
    if total(&costs) <= wildcards {
        let room = plain_caps(caps, capped);
        decompose::melds_decompositions(rt, counts, &room, &costs, wildcards, &|_| true, out);
    }
    if hand.special_forms_apply(rules) {
        if rules.seven_pairs != SevenPairs::Off {
            special::seven_pairs_decompositions(counts, wildcards, rules.seven_pairs, out);
        }
        if rules.thirteen_orphans {
            special::thirteen_orphans_decompositions(counts, out);
        }
    }
    if rules.knitted {
        knitted_decompositions(rt, hand, rules, TileSet::ALL, &plain_room(hand, rules), out);
    }
}

/// The number of decompositions [`for_each`] gives.
pub(crate) fn count(rt: &Runtime, hand: &Hand, rules: &Rules) -> u64 {
    let mut listed = 0u64;
    let mut tally = |_| {
        listed += 1;
        ControlFlow::Continue(())
    };
    if rules.pair_258 || rules.restricts_kinds() {
        return restricted_count(rt, hand, rules);
    }
    let counts = &hand.concealed().0;
    let wildcards = hand.wildcards() as i32;
    let capped = !rules.wildcard_fifth_copy;
    let caps = declared_caps(hand, rules);
    let costs = rt.costs(counts, capped, caps.as_ref());
    let mut n = 0u64;
    if total(&costs) <= wildcards {
        let room = plain_caps(caps, capped);
        n = decompose::melds_count(rt, counts, &room, &costs, wildcards, &|_| true);
    }
    if hand.special_forms_apply(rules) {
        if rules.seven_pairs != SevenPairs::Off {
            n = n.saturating_add(special::seven_pairs_count(counts, wildcards, rules.seven_pairs, u64::MAX));
        }
        if rules.thirteen_orphans {
            special::thirteen_orphans_decompositions(counts, &mut Sink::new(&mut tally));
        }
    }
    if rules.knitted {
        // At most a few thousand (fourteen of sixteen kinds, or a straight plus five tiles).
        knitted_decompositions(rt, hand, rules, TileSet::ALL, &plain_room(hand, rules), &mut Sink::new(&mut tally));
    }
    n.saturating_add(listed)
}

/// Room per kind in the plain case: the declared melds' caps, else four, else none.
fn plain_caps(caps: Option<[u8; 34]>, capped: bool) -> [u8; 34] {
    match (caps, capped) {
        (Some(k), _) => k,
        (None, true) => [4; 34],
        (None, false) => [NO_CAP; 34],
    }
}

/// The knitted forms' decompositions, their kinds among `allowed`, with `room` per kind.
fn knitted_decompositions(
    rt: &Runtime,
    hand: &Hand,
    rules: &Rules,
    allowed: TileSet,
    room: &[u8; 34],
    out: &mut Sink<'_>,
) {
    let counts = &hand.concealed().0;
    let wildcards = hand.wildcards() as i32;
    if hand.special_forms_apply(rules) {
        knitted::honors_and_knitted_decompositions(counts, wildcards, allowed, out);
    }
    if rules.melds == 4 && hand.melds().len() <= 1 {
        knitted::knitted_straight_decompositions(rt, counts, wildcards, room, &|t| rules.pair_allowed(t), out);
    }
}

/// Every decomposition under restricted rules: per void suit, the melds forms with no room on
/// forbidden kinds and the pair only where the rules allow it (the restricted costs without the
/// 2-5-8 rule are lower bounds), and the special forms whose kinds are allowed. A decomposition
/// valid under an earlier void choice as well (it holds no tile of that suit) was given there.
fn restricted_for_each(rt: &Runtime, hand: &Hand, rules: &Rules, out: &mut Sink<'_>) {
    let counts = &hand.concealed().0;
    let wildcards = hand.wildcards() as i32;
    let choices = rules.void_choices();
    let open = |void: Option<Suit>| restricted::room(hand, rules, void).filter(|room| restricted::fits(counts, room));
    for (i, &void) in choices.iter().enumerate() {
        let Some(room) = open(void) else { continue };
        let earlier: Vec<Suit> = choices[..i].iter().filter(|&&v| open(v).is_some()).filter_map(|&v| v).collect();
        let allowed = rules.allowed_kinds(void);
        let mut fresh = |d: Decomposition| {
            let held = d.counts();
            if earlier.iter().any(|&s| held.suit(s).iter().all(|&n| n == 0)) {
                return ControlFlow::Continue(());
            }
            out.push(d);
            if out.stopped() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        let mut sink = Sink::new(&mut fresh);
        let costs = restricted::costs(rt, counts, &room, false);
        if total(&restricted::costs(rt, counts, &room, rules.pair_258)) <= wildcards {
            decompose::melds_decompositions(
                rt,
                counts,
                &room,
                &costs,
                wildcards,
                &|t| rules.pair_allowed(t),
                &mut sink,
            );
        }
        if hand.special_forms_apply(rules) {
            let mut special_fresh = |d: Decomposition| {
                if subset(d.counts().kinds(), allowed) {
                    sink.push(d);
                }
                if sink.stopped() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            };
            let mut special = Sink::new(&mut special_fresh);
            if rules.seven_pairs != SevenPairs::Off {
                special::seven_pairs_decompositions(counts, wildcards, rules.seven_pairs, &mut special);
            }
            if rules.thirteen_orphans && subset(super::orphan_kinds(), allowed) {
                special::thirteen_orphans_decompositions(counts, &mut special);
            }
        }
        if rules.knitted {
            knitted_decompositions(rt, hand, rules, allowed, &room, &mut sink);
        }
        if sink.stopped() {
            return;
        }
    }
}

/// The number of decompositions [`restricted_for_each`] gives. With one void choice, those of
/// that choice; with any one suit void, by inclusion and exclusion over the suits: a decomposition
/// valid with both `m` and `p` void is one valid with neither suit's tiles, and so on.
fn restricted_count(rt: &Runtime, hand: &Hand, rules: &Rules) -> u64 {
    match rules.void_choices() {
        [void] => count_with_void(rt, hand, rules, *void, &[]),
        _ => {
            let [m, p, s] = [Suit::Man, Suit::Pin, Suit::Sou];
            let one = [m, p, s].map(|v| count_with_void(rt, hand, rules, Some(v), &[]));
            let two = [(m, p), (m, s), (p, s)].map(|(a, b)| count_with_void(rt, hand, rules, Some(a), &[b]));
            let three = count_with_void(rt, hand, rules, Some(m), &[p, s]);
            let sum = |x: &[u64]| x.iter().fold(0u64, |a, &b| a.saturating_add(b));
            (sum(&one) + three).saturating_sub(sum(&two))
        }
    }
}

/// The decompositions under restricted rules with `void` (and every suit of `also`) holding no
/// tile: the melds form from the per-suit split counts, seven pairs kind by kind, the small forms
/// listed.
fn count_with_void(rt: &Runtime, hand: &Hand, rules: &Rules, void: Option<Suit>, also: &[Suit]) -> u64 {
    let counts = &hand.concealed().0;
    let wildcards = hand.wildcards() as i32;
    let Some(mut room) = restricted::room(hand, rules, void) else { return 0 };
    let mut allowed = rules.allowed_kinds(void);
    for &suit in also {
        let kinds = 0x1ffu64 << suit.offset();
        if hand.declared_counts().kinds().bits() & kinds != 0 {
            return 0;
        }
        allowed = TileSet::from_bits(allowed.bits() & !kinds);
        room[suit.offset()..suit.offset() + 9].fill(0);
    }
    if !restricted::fits(counts, &room) {
        return 0;
    }
    let mut n = 0u64;
    let costs = restricted::costs(rt, counts, &room, false);
    if total(&restricted::costs(rt, counts, &room, rules.pair_258)) <= wildcards {
        n = decompose::melds_count(rt, counts, &room, &costs, wildcards, &|t| rules.pair_allowed(t));
    }
    let mut listed = 0u64;
    let mut tally = |d: Decomposition| {
        listed += u64::from(subset(d.counts().kinds(), allowed));
        ControlFlow::Continue(())
    };
    if hand.special_forms_apply(rules) {
        if rules.seven_pairs != SevenPairs::Off {
            n = n.saturating_add(special::seven_pairs_count(counts, wildcards, rules.seven_pairs, allowed.bits()));
        }
        if rules.thirteen_orphans && subset(super::orphan_kinds(), allowed) {
            special::thirteen_orphans_decompositions(counts, &mut Sink::new(&mut tally));
        }
    }
    if rules.knitted {
        knitted_decompositions(rt, hand, rules, allowed, &room, &mut Sink::new(&mut tally));
    }
    n.saturating_add(listed)
}

fn subset(a: TileSet, b: TileSet) -> bool {
    a.bits() & !b.bits() == 0
}
