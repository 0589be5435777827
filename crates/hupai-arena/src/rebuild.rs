//! A seat's table rebuilt from the events it saw: the tiles hidden from it (`?`: the other seats'
//! deals, draws and passed tiles) dealt so that every event stays possible, then the hand
//! replayed through the engine ([`hupai_game::replay::resume`]) to the decision pending.
//!
//! The hidden tiles are dealt in three steps. Every tile a seat shows (a discard, a call's
//! tiles, a kan, a north or a flower set aside) is put in one of its hidden places: the tile
//! just drawn for a tsumogiri, one held before for a discard from the hand. A hand that must
//! have a shape when it acts (ready when it declares riichi; complete when it wins and play goes
//! on, as in Sichuan) gets its still-unknown tiles built to that shape. The rest come from the
//! tiles nobody has seen, never a flower (it would have been set aside) and never a Sichuan
//! seat's void suit. The game so dealt is one the seat cannot tell from the real one: its own
//! hand, every public tile and every decision are the same, so its legal actions are too.

use hupai::Suit;
use hupai_game::formats::{GameLog, Header, LogEvent};
use hupai_game::wall::SplitMix64;
use hupai_game::{Event, Game, GameRules, Pai, Seat};

/// Tiles counted by [`Pai::index`]: 34 kinds, 3 red fives, `?`, 8 flowers.
pub(crate) type Census = [u8; 46];

/// Every tile of the set `rules` play with, counted by [`Pai::index`].
pub(crate) fn full_set(rules: &GameRules) -> Census {
    let mut full = [0u8; 46];
    let game = Game::new(*rules, 0);
    for (slot, n) in full.iter_mut().zip(game.tile_census()) {
        *slot = n;
    }
    // The census leaves the GB flowers out: eight, one of each.
    if rules.tile_count() == 144 {
        for k in 0..8 {
            if let Some(f) = Pai::flower(k) {
                full[usize::from(f.index())] = 1;
            }
        }
    }
    full
}

/// Where a hidden tile is written in the events: the event and the place in it.
#[derive(Clone, Copy)]
enum Place {
    /// `start_kyoku`'s hand of a seat, tile `i`.
    Tehai(usize, Seat, usize),
    /// A `tsumo`'s tile.
    Tsumo(usize),
    /// A `huansanzhang`'s tile `k`.
    Passed(usize, usize),
}

/// A hand shape one seat's tiles must have at one moment.
struct Shape {
    seat: Seat,
    /// The tiles (slots) the seat held.
    held: Vec<usize>,
    /// Ready (one short of a complete hand) or complete (with `extra`, the tile won on).
    ready: bool,
    extra: Option<Pai>,
}

struct Filler {
    me: Seat,
    players: u8,
    slots: Vec<Option<Pai>>,
    places: Vec<Vec<Place>>,
    /// Each other seat's concealed tiles (slots) and the slot it drew last, while it may still
    /// discard it as tsumogiri.
    hands: [Vec<usize>; 4],
    drawn: [Option<usize>; 4],
    seen: Census,
    shapes: Vec<Shape>,
    /// Hands that declared a small win of the deal (Changsha): dealt without one suit (缺一色).
    lacks: Vec<(Seat, Vec<usize>)>,
    /// The suit each such hand lacks: the one it shows least after declaring.
    lack_suit: [Option<Suit>; 4],
    /// `lack_suit` chosen beforehand, set as the declaration is met.
    lack_plan: [Option<Suit>; 4],
    /// Hands that declared 板板胡 (no 2, 5 or 8) and no missing suit: their 2s, 5s and 8s came
    /// in after the declaration where they can. Chosen beforehand, set as the declaration is met.
    no_258: [bool; 4],
    no_258_plan: [bool; 4],
    /// Three tiles passed between two other seats: one suit, and the receiver keeps them.
    passes: Vec<([usize; 3], Seat)>,
    voids: [Option<Suit>; 4],
    /// The event of each seat's last discard of a suit other than its void (Sichuan): from then
    /// on the hand holds none of its void suit, until it draws again.
    plain: [Option<usize>; 4],
    /// The event each slot came into being at, and the event being read.
    born: Vec<usize>,
    now: usize,
    owner: Vec<Seat>,
    /// Each slot is a tile of the deal (not drawn).
    dealt: Vec<bool>,
    /// Slots passed between two other seats (kept for the pass's suit where another will do).
    passed: Vec<bool>,
    /// Tiles passed (Sichuan), reaching their receivers once every seat has passed.
    incoming: Vec<(usize, Seat)>,
    /// Flowers set aside (GB): dealt (taken from the hand), else drawn (the wall's, no slot).
    flower_dealt: Vec<bool>,
    /// The seats that have declared riichi this hand.
    riichi: [bool; 4],
    /// Whether the hidden places a shown tile may come from are chosen at random among the
    /// equally likely ones (every attempt but the first), and the generator choosing them.
    jitter: bool,
    /// Whether a tile of a seat's void suit it shows is taken from the tiles passed to it first.
    void_from_pass: bool,
    rng: SplitMix64,
}

fn see(seen: &mut Census, pai: Pai) {
    if let Some(n) = seen.get_mut(usize::from(pai.index())) {
        *n = n.saturating_add(1);
    }
}

impl Filler {
    fn slot(&mut self, seat: Seat, value: Option<Pai>, place: Option<Place>) -> usize {
        self.slots.push(value);
        self.born.push(self.now);
        self.places.push(place.into_iter().collect());
        self.owner.push(seat);
        self.dealt.push(matches!(place, Some(Place::Tehai(..))));
        self.passed.push(false);
        self.hands[usize::from(seat & 3)].push(self.slots.len() - 1);
        self.slots.len() - 1
    }

    /// `seat` shows `pai` from its concealed tiles: one of its slots holds it from now on.
    /// `tsumogiri`: the tile just drawn; `Some(false)`: one held before it (if it can).
    fn take(&mut self, seat: Seat, pai: Pai, drawn_first: Option<bool>) -> Result<usize, String> {
        let s = usize::from(seat & 3);
        let drawn = self.drawn[s];
        // A tile of the seat's void suit (Sichuan) was taken in after its last other discard:
        // the newest tiles first. Any other tile: the oldest first.
        let suit = suit_of(pai.kind_index());
        let newest_first = (self.voids[s].is_some() && suit == self.voids[s])
            || (self.lack_suit[s].is_some() && suit == self.lack_suit[s])
            || (self.no_258[s] && is_258(pai.kind_index()));
        let hand: Vec<usize> =
            if newest_first { self.hands[s].iter().rev().copied().collect() } else { self.hands[s].clone() };
        let pick = if drawn_first == Some(true) {
            drawn.filter(|&d| self.slots[d].is_none_or(|v| v == pai))
        } else {
            let r = if self.jitter { self.rng.next_u64() as usize } else { 0 };
            let not_drawn = |i: usize| Some(i) != drawn || drawn_first.is_none();
            let pass_suit = |i: usize| self.pass_suit(i);
            let slots = &self.slots;
            let passed = &self.passed;
            let suit = suit_of(pai.kind_index());
            // The tiers in order of preference; within a tier the first (oldest, or newest for a
            // void suit) on the first attempt, one at random on the others.
            let tiers: [&dyn Fn(usize) -> bool; 6] = [
                &|i| not_drawn(i) && slots[i] == Some(pai),
                &|i| not_drawn(i) && slots[i].is_none() && !passed[i],
                // A tile passed to the seat: of a pass whose suit is this tile's, or not known yet.
                &|i| not_drawn(i) && slots[i].is_none() && pass_suit(i) == Some(suit),
                &|i| not_drawn(i) && slots[i].is_none() && pass_suit(i).is_none(),
                // Never a slot passed in another suit: its pass would not be of one suit.
                &|i| not_drawn(i) && slots[i].is_none() && pass_suit(i).is_none_or(|s| s == suit),
                &|i| slots[i] == Some(pai) || (slots[i].is_none() && pass_suit(i).is_none_or(|s| s == suit)),
            ];
            // A void-suit tile may be one of the three passed to the seat (the suit it was given,
            // then declared void and discarded first): on every other deal those places are
            // tried before its own.
            let order: [usize; 6] =
                if newest_first && self.void_from_pass { [0, 2, 3, 1, 4, 5] } else { [0, 1, 2, 3, 4, 5] };
            let mut pick = None;
            for tier in order.map(|t| tiers[t]) {
                let found: Vec<usize> = hand.iter().copied().filter(|&i| tier(i)).collect();
                if found.is_empty() {
                    continue;
                }
                // An exact tile is the same whichever copy; otherwise vary on later attempts.
                let k = if self.jitter && found.len() > 1 && slots[found[0]] != Some(pai) {
                    if r % 2 == 0 { 0 } else { r / 2 % found.len() }
                } else {
                    0
                };
                pick = Some(found[k]);
                break;
            }
            pick
        };
        let Some(i) = pick else {
            return Err(format!("seat {seat} shows {pai}, which it cannot hold"));
        };
        // A tile first seen now (one known before, passed to this seat, is not seen twice).
        if self.slots[i].is_none() {
            see(&mut self.seen, pai);
        }
        self.slots[i] = Some(pai);
        self.hands[s].retain(|&x| x != i);
        if drawn == Some(i) {
            self.drawn[s] = None;
        }
        Ok(i)
    }

    /// The suit of the pass slot `i` was passed in, once one of its tiles is known (`None`: not
    /// passed, or none known).
    fn pass_suit(&self, i: usize) -> Option<Option<Suit>> {
        let (three, _) = self.passes.iter().find(|(three, _)| three.contains(&i))?;
        three.iter().find_map(|&j| self.slots[j]).map(|p| suit_of(p.kind_index()))
    }

    /// The suit slot `i` may not hold: its owner's void, once the owner has discarded another
    /// suit since the tile came in (before that the hand may still hold its void suit, to be
    /// discarded first).
    fn slot_void(&self, i: usize) -> Option<Suit> {
        let s = usize::from(self.owner[i] & 3);
        self.voids[s].filter(|_| self.plain[s].is_some_and(|e| self.born[i] <= e))
    }

    fn event(&mut self, index: usize, event: &Event, sichuan: bool) -> Result<(), String> {
        let me = self.me;
        self.now = index;
        if !matches!(event, Event::Huansanzhang { .. }) {
            for (i, target) in std::mem::take(&mut self.incoming) {
                self.hands[usize::from(target & 3)].push(i);
            }
        }
        match *event {
            Event::StartKyoku { dora_marker, tehais, .. } => {
                self.riichi = [false; 4];
                see(&mut self.seen, dora_marker);
                for (seat, hand) in tehais.iter().enumerate().take(usize::from(self.players)) {
                    let seat = seat as Seat;
                    for (i, &pai) in hand.iter().enumerate() {
                        if seat == me {
                            if pai.is_unknown() {
                                return Err("start_kyoku hides the seat's own tiles".into());
                            }
                            see(&mut self.seen, pai);
                        } else if pai.is_unknown() {
                            self.slot(seat, None, Some(Place::Tehai(index, seat, i)));
                        } else {
                            see(&mut self.seen, pai);
                            self.slot(seat, Some(pai), None);
                        }
                    }
                }
            }
            Event::Tsumo { actor, pai } => {
                if actor == me {
                    if pai.is_unknown() {
                        return Err("the seat's own draw is hidden".into());
                    }
                    see(&mut self.seen, pai);
                } else {
                    let (value, place) = if pai.is_unknown() {
                        (None, Some(Place::Tsumo(index)))
                    } else {
                        see(&mut self.seen, pai);
                        (Some(pai), None)
                    };
                    let slot = self.slot(actor, value, place);
                    self.drawn[usize::from(actor & 3)] = Some(slot);
                }
            }
            Event::Dahai { actor, pai, tsumogiri } if actor != me => {
                self.take(actor, pai, Some(tsumogiri))?;
                let a = usize::from(actor & 3);
                if self.voids[a].is_some() && suit_of(pai.kind_index()) != self.voids[a] {
                    self.plain[a] = Some(index);
                }
                self.drawn[usize::from(actor & 3)] = None;
                if let Some(shape) = self.shapes.last_mut()
                    && shape.seat == actor
                    && shape.ready
                    && shape.held.is_empty()
                {
                    shape.held = self.hands[usize::from(actor & 3)].clone();
                }
            }
            Event::Chi { actor, consumed, .. } | Event::Pon { actor, consumed, .. } if actor != me => {
                for pai in consumed {
                    self.take(actor, pai, None)?;
                }
            }
            Event::Daiminkan { actor, consumed, .. } if actor != me => {
                for pai in consumed {
                    self.take(actor, pai, None)?;
                }
            }
            Event::Ankan { actor, consumed } if actor != me => {
                // After riichi a closed kan may only be of the tile just drawn: that tile is one
                // of the four (else every copy could be put among the tiles held before, a kan
                // the rules refuse, on every deal).
                let a = usize::from(actor & 3);
                let from_draw = self.riichi[a]
                    && self.drawn[a]
                        .is_some_and(|d| self.slots[d].is_none_or(|v| Some(v) == consumed.first().copied()));
                for (j, pai) in consumed.into_iter().enumerate() {
                    self.take(actor, pai, (from_draw && j == 0).then_some(true))?;
                }
                self.drawn[a] = None;
            }
            Event::Hua { actor, pai } if actor != me => {
                see(&mut self.seen, pai);
                if self.flower_dealt.get(index).copied().unwrap_or(false) {
                    let a = usize::from(actor & 3);
                    let Some(pos) = self.hands[a].iter().position(|&i| self.dealt[i] && self.slots[i].is_none()) else {
                        return Err(format!("seat {actor} sets aside {pai}, which it cannot hold"));
                    };
                    let i = self.hands[a].remove(pos);
                    self.slots[i] = Some(pai);
                }
            }
            Event::Kakan { actor, pai, .. } | Event::Kita { actor, pai } if actor != me => {
                // The tile just drawn, or (on every other later attempt) one held before: a
                // kakan may add a tile kept from an earlier draw, the drawn one staying in the hand.
                let held = self.jitter && self.rng.next_u64() & 1 == 1;
                let drawn =
                    !held && self.drawn[usize::from(actor & 3)].is_some_and(|d| self.slots[d].is_none_or(|v| v == pai));
                self.take(actor, pai, if drawn { Some(true) } else { None })?;
                self.drawn[usize::from(actor & 3)] = None;
            }
            Event::Dora { dora_marker } => see(&mut self.seen, dora_marker),
            Event::Kaigang { pais, .. } => pais.into_iter().for_each(|p| see(&mut self.seen, p)),
            Event::Reach { actor } if actor != me => {
                self.riichi[usize::from(actor & 3)] = true;
                // Ready once its declaring discard is made (the hand is taken then).
                self.shapes.push(Shape { seat: actor, held: Vec::new(), ready: true, extra: None });
            }
            Event::Huansanzhang { actor, target, pais } => {
                if actor == me {
                    for pai in pais {
                        let i = self.slot(target, Some(pai), None);
                        self.hands[usize::from(target & 3)].retain(|&x| x != i);
                        self.incoming.push((i, target));
                    }
                } else if target == me {
                    for pai in pais {
                        self.take(actor, pai, None)?;
                    }
                } else {
                    let mut three = [0usize; 3];
                    for (k, slot) in three.iter_mut().enumerate() {
                        let a = usize::from(actor & 3);
                        let Some(pos) = self.hands[a].iter().position(|&i| self.slots[i].is_none()) else {
                            return Err(format!("seat {actor} passes three tiles it cannot hold"));
                        };
                        let i = self.hands[a].remove(pos);
                        self.places[i].push(Place::Passed(index, k));
                        self.passed[i] = true;
                        self.incoming.push((i, target));
                        self.owner[i] = target;
                        *slot = i;
                    }
                    self.passes.push((three, target));
                }
            }
            Event::Dingque { actor, suit } => self.voids[usize::from(actor & 3)] = Some(suit),
            Event::Qishouhu { actor, .. } if actor != me => {
                self.lack_suit[usize::from(actor & 3)] = self.lack_plan[usize::from(actor & 3)];
                self.no_258[usize::from(actor & 3)] = self.no_258_plan[usize::from(actor & 3)];
                self.lacks.push((actor, self.hands[usize::from(actor & 3)].clone()));
            }
            Event::Hora { actor, target, pai, .. } if actor != me && sichuan => {
                // Play goes on after a win: the winner's hand was complete.
                let a = usize::from(actor & 3);
                let extra = if actor == target {
                    see(&mut self.seen, pai);
                    if let Some(d) = self.drawn[a] {
                        self.slots[d] = Some(pai);
                    }
                    None
                } else {
                    Some(pai)
                };
                self.shapes.push(Shape { seat: actor, held: self.hands[a].clone(), ready: false, extra });
            }
            _ => {}
        }
        Ok(())
    }

    /// Tiles not seen and not dealt yet, counted by index.
    fn pool(&self, full: &Census) -> Census {
        // Slots holding a tile shown were counted in `seen`; the ones dealt to a shape are taken
        // out of the pool as they are dealt.
        let mut pool = *full;
        for (p, s) in pool.iter_mut().zip(self.seen) {
            *p = p.saturating_sub(s);
        }
        pool
    }
}

/// Takes a tile of `kind` out of `pool` (a plain one before a red five).
fn draw_kind(pool: &mut Census, kind: usize) -> Option<Pai> {
    let plain = Pai::from_index(kind as u8)?;
    if pool[kind] > 0 {
        pool[kind] -= 1;
        return Some(plain);
    }
    let red = match kind {
        4 => 34,
        13 => 35,
        22 => 36,
        _ => return None,
    };
    if pool[red] > 0 {
        pool[red] -= 1;
        return Pai::from_index(red as u8);
    }
    None
}

fn kind_count(pool: &Census, kind: usize) -> u8 {
    pool[kind]
        + match kind {
            4 => pool[34],
            13 => pool[35],
            22 => pool[36],
            _ => 0,
        }
}

/// The suit of a kind index, none for honors.
fn suit_of(kind: usize) -> Option<Suit> {
    match kind {
        0..9 => Some(Suit::Man),
        9..18 => Some(Suit::Pin),
        18..27 => Some(Suit::Sou),
        _ => None,
    }
}

/// Builds `sets` sets and a pair (if `pair`) using every tile of `need` and others from
/// `avail`; the tiles taken from `avail` are added to `chosen`.
#[allow(clippy::too_many_arguments)]
fn build(
    need: &mut [u8; 34],
    avail: &mut [u8; 34],
    budget: &mut [usize; 4],
    sets: usize,
    pair: bool,
    chosen: &mut [u8; 34],
    rng: &mut SplitMix64,
) -> bool {
    let first = need.iter().position(|&n| n > 0);
    if sets == 0 && !pair {
        return first.is_none();
    }
    let mut forms: Vec<Vec<usize>> = Vec::new();
    match first {
        Some(i) => {
            if pair {
                forms.push(vec![i, i]);
            }
            if sets > 0 {
                forms.push(vec![i, i, i]);
                if i < 27 {
                    let n = i % 9;
                    if n <= 6 {
                        forms.push(vec![i, i + 1, i + 2]);
                    }
                    if (1..=7).contains(&n) {
                        forms.push(vec![i - 1, i, i + 1]);
                    }
                    if n >= 2 {
                        forms.push(vec![i - 2, i - 1, i]);
                    }
                }
            }
        }
        None => {
            // Nothing left that must be used: the rest from what is available, the pair first.
            if pair {
                forms.extend((0..34).filter(|&k| avail[k] >= 2).map(|k| vec![k, k]));
            } else {
                for k in 0..34 {
                    if k < 27 && k % 9 <= 6 && (0..3).all(|d| avail[k + d] > 0) {
                        forms.push(vec![k, k + 1, k + 2]);
                    }
                    if avail[k] >= 3 {
                        forms.push(vec![k, k, k]);
                    }
                }
            }
            for i in (1..forms.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                forms.swap(i, j);
            }
            forms.truncate(6);
        }
    }
    if let Some(k) = first {
        for i in (1..forms.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            forms.swap(i, j);
        }
        // Three or four known tiles of a kind (a closed kan later, say, which riichi allows
        // only when the waits stay) are a triplet first.
        if need[k] >= 3
            && let Some(t) = forms.iter().position(|f| f.len() == 3 && f[0] == f[1])
        {
            let triplet = forms.remove(t);
            forms.insert(0, triplet);
        }
    }
    for form in forms {
        let mut from_need = [false; 3];
        let mut ok = true;
        for (j, &k) in form.iter().enumerate() {
            if need[k] > 0 {
                need[k] -= 1;
                from_need[j] = true;
            } else if avail[k] > 0 && budget[kind_pile(k)] > 0 {
                avail[k] -= 1;
                budget[kind_pile(k)] -= 1;
                chosen[k] += 1;
            } else {
                ok = false;
                // Undo this form's tiles so far.
                for (jj, &kk) in form.iter().enumerate().take(j) {
                    if from_need[jj] {
                        need[kk] += 1;
                    } else {
                        avail[kk] += 1;
                        budget[kind_pile(kk)] += 1;
                        chosen[kk] -= 1;
                    }
                }
                break;
            }
        }
        if !ok {
            continue;
        }
        let is_pair = form.len() == 2;
        let (s, p) = if is_pair { (sets, false) } else { (sets - 1, pair) };
        if build(need, avail, budget, s, p, chosen, rng) {
            return true;
        }
        for (j, &k) in form.iter().enumerate() {
            if from_need[j] {
                need[k] += 1;
            } else {
                avail[k] += 1;
                budget[kind_pile(k)] += 1;
                chosen[k] -= 1;
            }
        }
    }
    false
}

/// Seven pairs using every tile of `need` (at most two of a kind) and others from `avail`; the
/// tiles taken from `avail` are added to `chosen`.
fn seven_pairs(need: &[u8; 34], avail: &[u8; 34], chosen: &mut [u8; 34]) -> bool {
    let mut pairs = 0;
    let mut take = [0u8; 34];
    for k in 0..34 {
        if need[k] > 2 {
            return false;
        }
        if need[k] > 0 {
            if need[k] + avail[k] < 2 {
                return false;
            }
            take[k] = 2 - need[k];
            pairs += 1;
        }
    }
    for k in 0..34 {
        if pairs < 7 && need[k] == 0 && avail[k] >= 2 {
            take[k] = 2;
            pairs += 1;
        }
    }
    if pairs != 7 {
        return false;
    }
    for (c, t) in chosen.iter_mut().zip(take) {
        *c = t;
    }
    true
}

/// Deals the unknown tiles of one hand so that it has its shape; false if none found.
fn shape_hand(f: &mut Filler, shape: &Shape, pool: &mut Census, rng: &mut SplitMix64) -> bool {
    let mut need = [0u8; 34];
    let mut free = Vec::new();
    for &i in &shape.held {
        match f.slots[i] {
            Some(p) if p.kind_index() < 34 => need[p.kind_index()] += 1,
            Some(_) => return false,
            None => free.push(i),
        }
    }
    if free.is_empty() {
        return true;
    }
    if let Some(p) = shape.extra {
        need[p.kind_index().min(33)] += 1;
    }
    let void = f.voids[usize::from(shape.seat & 3)];
    let mut avail = [0u8; 34];
    for (k, a) in avail.iter_mut().enumerate() {
        if void.is_none() || suit_of(k) != void {
            *a = kind_count(pool, k);
        }
    }
    let size = need.iter().map(|&n| usize::from(n)).sum::<usize>() + free.len() + usize::from(shape.ready);
    if size % 3 != 2 {
        return false;
    }
    // Tiles passed to the seat between two other seats (a seat receives one pass a hand): three
    // of one suit, the suit known once one of the three is. Their kinds are chosen first (the
    // same kind, or a run), for the known suit or each suit the hand may hold in turn, then the
    // hand built round them.
    let forced: Vec<usize> = free.iter().copied().filter(|&i| f.passed[i]).collect();
    let known = forced.iter().find_map(|&i| f.pass_suit(i)).flatten();
    let mut suits: Vec<Suit> = match known {
        Some(suit) => vec![suit],
        None if !forced.is_empty() => {
            [Suit::Man, Suit::Pin, Suit::Sou].into_iter().filter(|&x| Some(x) != void).collect()
        }
        None => Vec::new(),
    };
    for i in (1..suits.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        suits.swap(i, j);
    }
    let mut candidates: Vec<Vec<usize>> = Vec::new();
    for &suit in &suits {
        let k = forced.len();
        let mut kinds: Vec<usize> = (0..27).filter(|&x| suit_of(x) == Some(suit)).collect();
        kinds.sort_by_key(|&x| std::cmp::Reverse(avail[x]));
        for &x in &kinds {
            candidates.push(vec![x; k]);
        }
        for &x in &kinds {
            if x % 9 + k <= 9 {
                candidates.push((x..x + k).collect());
            }
        }
    }
    if candidates.is_empty() {
        candidates.push(Vec::new());
    }
    let rest: Vec<usize> = free.iter().copied().filter(|i| !forced.contains(i)).collect();
    // How many tiles the hand may take from each pile and still leave the other empty slots a
    // deal without their void suits (Sichuan). By Hall's condition (see `fits`), the slots of
    // void class v need the piles other than v to hold them: every tile taken from a pile g
    // lowers what is left for each class v other than g, so a pile's budget is the least
    // slack of the classes it feeds.
    let budget = {
        let mut slots = [0usize; 4];
        for i in 0..f.slots.len() {
            if f.slots[i].is_none() && !free.contains(&i) {
                slots[class(f.slot_void(i))] += 1;
            }
        }
        let piles = piles_of(pool);
        let total: usize = piles.iter().sum();
        let slack = |v: usize| (total - piles[v]).saturating_sub(slots[v]);
        let all = total.saturating_sub(slots.iter().sum());
        let mut budget = [all; 4];
        for (g, b) in budget.iter_mut().enumerate() {
            for v in (0..3).filter(|&v| v != g && slots[v] > 0) {
                *b = (*b).min(slack(v));
            }
        }
        budget
    };
    // Each try builds the hand another way (the forms are shuffled): one that leaves the other
    // hidden tiles a deal without their void suits is taken.
    let tries = std::iter::repeat_n(candidates, 8).flatten();
    for kinds in tries {
        let (mut need, mut avail, mut budget) = (need, avail, budget);
        if kinds.iter().any(|&x| {
            if avail[x] == 0 || budget[kind_pile(x)] == 0 {
                return true;
            }
            avail[x] -= 1;
            budget[kind_pile(x)] -= 1;
            need[x] += 1;
            false
        }) {
            continue;
        }
        let mut chosen = [0u8; 34];
        let built = build(&mut need, &mut avail, &mut budget, size / 3, true, &mut chosen, rng)
            || (size == 14 && seven_pairs(&need, &avail, &mut chosen));
        if !built {
            continue;
        }
        if shape.ready {
            // One tile of the complete hand is the wait, left out.
            match chosen.iter().position(|&c| c > 0) {
                Some(k) => chosen[k] -= 1,
                None => continue,
            }
        }
        let mut left = *pool;
        let mut tiles = Vec::new();
        let mut ok = true;
        for &x in &kinds {
            match draw_kind(&mut left, x) {
                Some(p) => tiles.push(p),
                None => ok = false,
            }
        }
        for (k, &c) in chosen.iter().enumerate() {
            for _ in 0..c {
                match draw_kind(&mut left, k) {
                    Some(p) => tiles.push(p),
                    None => ok = false,
                }
            }
        }
        let mut slots: Vec<usize> = forced.clone();
        slots.extend(rest.iter().copied());
        if !ok || tiles.len() != slots.len() {
            continue;
        }
        // Each slot in turn; a passed one takes a tile of its pass's suit once that is known.
        let mut done = Vec::new();
        for &i in &slots {
            let pos = match f.pass_suit(i) {
                Some(want) => tiles.iter().position(|p| suit_of(p.kind_index()) == want),
                None if f.passed[i] => tiles.iter().position(|p| suit_of(p.kind_index()).is_some()),
                None => Some(0),
            };
            match pos {
                Some(pos) if pos < tiles.len() => {
                    f.slots[i] = Some(tiles.swap_remove(pos));
                    done.push(i);
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok || !rest_fits(f, &left, &[]) {
            for i in done {
                f.slots[i] = None;
            }
            continue;
        }
        *pool = left;
        return true;
    }
    false
}

/// Deals each of the slots `free` a tile of one of `kinds` left in `pool`, a kind at random each.
fn deal_kinds(f: &mut Filler, free: &[usize], mut kinds: Vec<usize>, pool: &mut Census, rng: &mut SplitMix64) {
    for &i in free {
        for j in (1..kinds.len()).rev() {
            let r = rng.below(j as u64 + 1) as usize;
            kinds.swap(j, r);
        }
        if let Some(&k) = kinds.iter().find(|&&k| kind_count(pool, k) > 0) {
            f.slots[i] = draw_kind(pool, k);
        }
    }
}

/// A suited kind numbered 2, 5 or 8.
fn is_258(kind: usize) -> bool {
    kind < 27 && matches!(kind % 9, 1 | 4 | 7)
}

/// The pile of a kind (0..34): 0, 1, 2 for the three suits, 3 for honors.
fn kind_pile(kind: usize) -> usize {
    if kind < 27 { kind / 9 } else { 3 }
}

/// The pile of a tile: 0, 1, 2 for the three suits, 3 for honors.
fn pile(p: Pai) -> usize {
    match suit_of(p.kind_index()) {
        Some(Suit::Man) => 0,
        Some(Suit::Pin) => 1,
        Some(Suit::Sou) => 2,
        _ => 3,
    }
}

/// The class of a slot: the pile it may not take (its seat's void suit, Sichuan), 3 for none.
fn class(void: Option<Suit>) -> usize {
    match void {
        Some(Suit::Man) => 0,
        Some(Suit::Pin) => 1,
        Some(Suit::Sou) => 2,
        _ => 3,
    }
}

/// Whether slots counted by class can each take a tile of the piles counted, none of its void
/// suit. By Hall's theorem: each void class alone fits in the other piles, and all of them fit in
/// all the tiles (two void classes together may take every pile).
fn fits(slots: [usize; 4], piles: [usize; 4]) -> bool {
    let total: usize = piles.iter().sum();
    (0..3).all(|v| slots[v] <= total - piles[v]) && slots.iter().sum::<usize>() <= total
}

/// The tiles of `pool` (no flowers) counted by pile.
fn piles_of(pool: &Census) -> [usize; 4] {
    let mut piles = [0usize; 4];
    for (index, &n) in pool.iter().enumerate().take(37) {
        if let Some(p) = Pai::from_index(index as u8) {
            piles[pile(p)] += usize::from(n);
        }
    }
    piles
}

/// Whether the slots still empty, less `skip`, can still be dealt from `pool` without a void
/// suit: a shape or a pass dealt first must leave the others a deal.
fn rest_fits(f: &Filler, pool: &Census, skip: &[usize]) -> bool {
    let mut slots = [0usize; 4];
    for i in 0..f.slots.len() {
        if f.slots[i].is_none() && !skip.contains(&i) {
            slots[class(f.slot_void(i))] += 1;
        }
    }
    fits(slots, piles_of(pool))
}

/// One tile of `rest` for each slot, none of its slot's void suit (Sichuan), at random among the
/// deals that exist: each slot in turn (in random order) takes a tile from a pile after which the
/// slots left can still be dealt. `None` if no deal exists.
fn deal_avoiding_voids(rest: &[Pai], voids: &[Option<Suit>], rng: &mut SplitMix64) -> Option<Vec<Pai>> {
    let mut piles: [Vec<Pai>; 4] = Default::default();
    for &p in rest {
        piles[pile(p)].push(p);
    }
    let mut left = [0usize; 4];
    for &v in voids {
        left[class(v)] += 1;
    }
    let counts = |piles: &[Vec<Pai>; 4]| [piles[0].len(), piles[1].len(), piles[2].len(), piles[3].len()];
    if !fits(left, counts(&piles)) {
        return None;
    }
    let mut order: Vec<usize> = (0..voids.len()).collect();
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    let mut out = vec![Pai::UNKNOWN; voids.len()];
    for i in order {
        let c = class(voids[i]);
        left[c] -= 1;
        // The piles by their tiles, a random one among equals first: the deal stays random.
        let mut gs: Vec<usize> = (0..4).filter(|&g| g != c && !piles[g].is_empty()).collect();
        for k in (1..gs.len()).rev() {
            let j = rng.below(k as u64 + 1) as usize;
            gs.swap(k, j);
        }
        let weight = |g: usize| piles[g].len();
        // A pile chosen with odds by its size, among those that keep a deal for the rest.
        let ok: Vec<usize> = gs
            .into_iter()
            .filter(|&g| {
                let mut n = counts(&piles);
                n[g] -= 1;
                fits(left, n)
            })
            .collect();
        let total: usize = ok.iter().map(|&g| weight(g)).sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.below(total as u64) as usize;
        let g = *ok.iter().find(|&&g| {
            if r < weight(g) {
                return true;
            }
            r -= weight(g);
            false
        })?;
        let k = rng.below(piles[g].len() as u64) as usize;
        out[i] = piles[g].swap_remove(k);
    }
    Some(out)
}

/// The events of one hand as `me` saw them (from its `start_kyoku`), every hidden tile dealt.
/// `seed` shuffles the tiles dealt freely.
pub(crate) fn fill(
    events: &[Event],
    me: Seat,
    rules: &GameRules,
    full: &Census,
    seed: u64,
    jitter: bool,
) -> Result<Vec<Event>, String> {
    let sichuan = rules.family == hupai_game::Family::Sichuan;
    // GB's flowers: one set aside from the deal (each seat in turn, each replaced from the back
    // of the wall) or drawn (no event of its own but the `hua`: right after the seat's previous
    // flower, on the dealer's first draw, or in play).
    let first_dahai = events.iter().position(|e| matches!(e, Event::Dahai { .. }));
    let oya = events.iter().find_map(|e| match *e {
        Event::StartKyoku { oya, .. } => Some(oya),
        _ => None,
    });
    let dealer_draw = first_dahai
        .and_then(|d| events[..d].iter().rposition(|e| matches!(*e, Event::Tsumo { actor, .. } if Some(actor) == oya)));
    let flower_dealt: Vec<bool> = (0..events.len())
        .map(|i| {
            let Event::Hua { actor, .. } = events[i] else { return false };
            if first_dahai.is_some_and(|d| i > d) {
                return false;
            }
            if Some(actor) == oya
                && let Some(t) = dealer_draw
                && i < t
                && events[i..t].iter().all(|e| matches!(*e, Event::Hua { actor: a, .. } if a == actor))
            {
                return false;
            }
            !matches!(events.get(i.wrapping_sub(1)), Some(Event::Hua { actor: a, .. }) if *a == actor)
        })
        .collect();
    // A seat declaring a small win of the deal lacks the suit it shows least afterwards.
    let mut lack_plan = [None; 4];
    let mut no_258_plan = [false; 4];
    for (q, e) in events.iter().enumerate() {
        if let Event::Qishouhu { actor, hands, .. } = *e
            && hands[2] == 0
            && hands[1] > 0
        {
            no_258_plan[usize::from(actor & 3)] = true;
        }
        if let Event::Qishouhu { actor, .. } = *e {
            let mut shown = [0usize; 3];
            for later in &events[q..] {
                if let Event::Dahai { actor: a, pai, .. } = *later
                    && a == actor
                    && pai.kind_index() < 27
                {
                    shown[pai.kind_index() / 9] += 1;
                }
            }
            // A suit it could lack: every tile of it it shows came in after the declaration (a
            // tile drawn then and not shown yet), the others taken from the hand first.
            let fits = |g: usize| {
                let (mut before, mut after) = (14usize, 0usize);
                for later in &events[q + 1..] {
                    if let Event::Dahai { actor: a, tsumogiri: true, .. } = *later
                        && a == actor
                    {
                        // The tile just drawn, whatever its suit.
                        after = after.saturating_sub(1);
                        continue;
                    }
                    let shows: Vec<Pai> = match *later {
                        Event::Tsumo { actor: a, .. } if a == actor => {
                            after += 1;
                            Vec::new()
                        }
                        Event::Dahai { actor: a, pai, .. } => {
                            if a == actor {
                                vec![pai]
                            } else {
                                Vec::new()
                            }
                        }
                        Event::Chi { actor: a, consumed, .. } | Event::Pon { actor: a, consumed, .. } if a == actor => {
                            consumed.to_vec()
                        }
                        Event::Daiminkan { actor: a, consumed, .. } if a == actor => consumed.to_vec(),
                        Event::Ankan { actor: a, consumed } if a == actor => consumed.to_vec(),
                        Event::Kakan { actor: a, pai, .. } if a == actor => vec![pai],
                        _ => Vec::new(),
                    };
                    for pai in shows {
                        if pai.kind_index() / 9 == g {
                            if after == 0 {
                                return false;
                            }
                            after -= 1;
                        } else if before > 0 {
                            before -= 1;
                        } else {
                            after = after.saturating_sub(1);
                        }
                    }
                }
                true
            };
            let mut order = [0usize, 1, 2];
            order.sort_by_key(|&g| shown[g]);
            let least = order.into_iter().find(|&g| fits(g)).unwrap_or(order[0]);
            lack_plan[usize::from(actor & 3)] = Some([Suit::Man, Suit::Pin, Suit::Sou][least]);
        }
    }
    let mut f = Filler {
        players: rules.players,
        dealt: Vec::new(),
        flower_dealt,
        riichi: [false; 4],
        jitter,
        void_from_pass: SplitMix64(seed ^ 0x0F0E_7A55).next_u64() & 1 == 1,
        rng: SplitMix64(seed ^ 0x7A4E_0F5E),
        incoming: Vec::new(),
        passed: Vec::new(),
        me,
        slots: Vec::new(),
        places: Vec::new(),
        hands: Default::default(),
        drawn: [None; 4],
        seen: [0; 46],
        shapes: Vec::new(),
        lacks: Vec::new(),
        lack_suit: [None; 4],
        lack_plan,
        no_258: [false; 4],
        no_258_plan,
        passes: Vec::new(),
        voids: [None; 4],
        plain: [None; 4],
        born: Vec::new(),
        now: 0,
        owner: Vec::new(),
    };
    for (i, e) in events.iter().enumerate() {
        f.event(i, e, sichuan).map_err(|m| format!("event {i} ({}): {m}", e.kind()))?;
    }
    let mut pool = f.pool(full);
    let mut shapes = std::mem::take(&mut f.shapes);
    // Every other deal, the tiles of the hands with a void suit (Sichuan) that no shape or pass
    // decides are dealt first: the shapes may otherwise take the suits those hands need.
    if SplitMix64(seed ^ 0x7E5E_47E5).next_u64() & 1 == 1 {
        let decided: Vec<usize> =
            shapes.iter().flat_map(|s| s.held.iter().copied()).chain(f.passes.iter().flat_map(|(t, _)| *t)).collect();
        let slots: Vec<usize> = (0..f.slots.len())
            .filter(|&i| f.slots[i].is_none() && f.slot_void(i).is_some() && !decided.contains(&i))
            .collect();
        let voids: Vec<Option<Suit>> = slots.iter().map(|&i| f.slot_void(i)).collect();
        let mut tiles: Vec<Pai> = Vec::new();
        for (index, &n) in pool.iter().enumerate().take(37) {
            if let Some(p) = Pai::from_index(index as u8) {
                tiles.extend(std::iter::repeat_n(p, usize::from(n)));
            }
        }
        let mut r = SplitMix64(seed ^ 0x0DEA_1F57);
        if let Some(dealt) = deal_avoiding_voids(&tiles, &voids, &mut r) {
            for (&i, p) in slots.iter().zip(dealt) {
                f.slots[i] = Some(p);
                if let Some(n) = pool.get_mut(usize::from(p.index())) {
                    *n -= 1;
                }
            }
        }
    }
    // Each new deal (another seed) builds the hands another way.
    let mut shape_rng = SplitMix64(seed ^ 0x5A4E_5EED);
    for i in (1..shapes.len()).rev() {
        let j = shape_rng.below(i as u64 + 1) as usize;
        shapes.swap(i, j);
    }
    // The hands with the most tiles known first: they have the fewest ways to be built.
    shapes.sort_by_key(|shape| std::cmp::Reverse(shape.held.iter().filter(|&&i| f.slots[i].is_some()).count()));
    for shape in &shapes {
        // A shape not found leaves the tiles to the free deal; the replay then says what failed.
        shape_hand(&mut f, shape, &mut pool, &mut shape_rng);
    }
    let mut rng = SplitMix64(seed ^ 0x0A4E_4A11);
    // A small win of the deal declared (Changsha): the hand lacks a suit its known tiles lack.
    for (seat, held) in std::mem::take(&mut f.lacks) {
        let known: Vec<Option<Suit>> =
            held.iter().filter_map(|&i| f.slots[i]).map(|p| suit_of(p.kind_index())).collect();
        let free: Vec<usize> = held.iter().copied().filter(|&i| f.slots[i].is_none()).collect();
        let planned = f.lack_suit[usize::from(seat & 3)];
        let Some(lack) = planned.into_iter().chain([Suit::Man, Suit::Pin, Suit::Sou]).find(|s| {
            let others: usize = (0..34)
                .filter(|&k| suit_of(k).is_some_and(|x| x != *s))
                .map(|k| usize::from(kind_count(&pool, k)))
                .sum();
            !known.contains(&Some(*s)) && others >= free.len()
        }) else {
            // Any small win will do (the engine only offers the declaration): 板板胡 where it
            // was declared and the known tiles hold no 2, 5 or 8.
            if f.no_258[usize::from(seat & 3)]
                && !held.iter().filter_map(|&i| f.slots[i]).any(|p| is_258(p.kind_index()))
                && (0..27).filter(|&k| !is_258(k)).map(|k| usize::from(kind_count(&pool, k))).sum::<usize>()
                    >= free.len()
            {
                let kinds: Vec<usize> = (0..27).filter(|&k| !is_258(k)).collect();
                deal_kinds(&mut f, &free, kinds, &mut pool, &mut rng);
                continue;
            }
            // Its known tiles hold every suit: two triplets (六六顺) instead, each kind the one
            // needing the fewest made-up tiles.
            let mut held_kinds = [0u8; 34];
            for p in held.iter().filter_map(|&i| f.slots[i]) {
                held_kinds[p.kind_index().min(33)] += 1;
            }
            let mut needs: Vec<(usize, usize)> = (0..27)
                .filter(|&k| held_kinds[k] <= 3 && usize::from(held_kinds[k] + kind_count(&pool, k)) >= 3)
                .map(|k| (usize::from(3 - held_kinds[k]), k))
                .collect();
            needs.sort();
            let mut free = free.into_iter();
            for &(n, k) in needs.iter().take(2) {
                for _ in 0..n {
                    if let Some(i) = free.next() {
                        f.slots[i] = draw_kind(&mut pool, k);
                    }
                }
            }
            continue;
        };
        let kinds: Vec<usize> = (0..34).filter(|&k| suit_of(k).is_some_and(|x| x != lack)).collect();
        deal_kinds(&mut f, &free, kinds, &mut pool, &mut rng);
    }
    for (three, target) in f.passes.clone() {
        let void = f.voids[usize::from(target & 3)];
        let fixed = three.iter().find_map(|&i| f.slots[i]).and_then(|p| suit_of(p.kind_index()));
        // A suit the receiver may keep, with copies enough, chosen at random (another deal of
        // the same events may choose another: the suit the void hands are short of can be left).
        let mut suits: Vec<Option<Suit>> = match fixed {
            Some(s) => vec![Some(s)],
            None => {
                let mut v: Vec<Option<Suit>> = [Suit::Man, Suit::Pin, Suit::Sou]
                    .into_iter()
                    .filter(|&s| Some(s) != void)
                    .filter(|&s| {
                        (0..34).filter(|&k| suit_of(k) == Some(s)).map(|k| u32::from(kind_count(&pool, k))).sum::<u32>()
                            >= 3
                    })
                    .map(Some)
                    .collect();
                for i in (1..v.len()).rev() {
                    let j = rng.below(i as u64 + 1) as usize;
                    v.swap(i, j);
                }
                v
            }
        };
        if suits.is_empty() {
            suits.push(None);
        }
        // The first suit (at random) whose tiles leave the other hidden tiles a deal.
        let empty: Vec<usize> = three.iter().copied().filter(|&i| f.slots[i].is_none()).collect();
        let mut chosen: Option<(Vec<Option<Pai>>, Census)> = None;
        for &suit in &suits {
            let mut left = pool;
            let tiles: Vec<Option<Pai>> = empty
                .iter()
                .map(|_| {
                    let kind = (0..34).filter(|&k| suit_of(k) == suit).max_by_key(|&k| kind_count(&left, k));
                    kind.and_then(|k| draw_kind(&mut left, k))
                })
                .collect();
            let complete = tiles.iter().all(Option::is_some);
            let ok = complete && rest_fits(&f, &left, &empty);
            // Failing a deal that fits, three tiles of one suit (the pass's rule) rather than
            // a suit short of tiles.
            let better = match &chosen {
                None => true,
                Some((t, _)) => complete && !t.iter().all(Option::is_some),
            };
            if ok || better {
                chosen = Some((tiles, left));
            }
            if ok {
                break;
            }
        }
        if let Some((tiles, left)) = chosen {
            for (&i, p) in empty.iter().zip(tiles) {
                f.slots[i] = p;
            }
            pool = left;
        }
    }
    // The rest at random among the tiles nobody has seen (never a flower, never a void suit).
    let mut rest: Vec<Pai> = Vec::new();
    for (index, &n) in pool.iter().enumerate().take(37) {
        if let Some(p) = Pai::from_index(index as u8) {
            rest.extend(std::iter::repeat_n(p, usize::from(n)));
        }
    }
    for i in (1..rest.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        rest.swap(i, j);
    }
    let free: Vec<usize> = (0..f.slots.len()).filter(|&i| f.slots[i].is_none()).collect();
    if free.len() > rest.len() {
        return Err("more hidden tiles than tiles unseen".into());
    }
    let voids: Vec<Option<Suit>> = free.iter().map(|&i| f.slot_void(i)).collect();
    match deal_avoiding_voids(&rest, &voids, &mut rng) {
        Some(tiles) => {
            for (&i, p) in free.iter().zip(tiles) {
                f.slots[i] = Some(p);
            }
        }
        // No deal keeps every void suit out (the events cannot have happened): the tiles as
        // they come, and the replay says what fails.
        None => {
            for (&i, &p) in free.iter().zip(&rest) {
                f.slots[i] = Some(p);
            }
        }
    }
    let mut out = events.to_vec();
    for (i, places) in f.places.iter().enumerate() {
        let Some(pai) = f.slots[i] else { continue };
        for &place in places {
            match place {
                Place::Tehai(e, seat, k) => {
                    if let Event::StartKyoku { tehais, .. } = &mut out[e] {
                        tehais[usize::from(seat & 3)][k] = pai;
                    }
                }
                Place::Tsumo(e) => {
                    if let Event::Tsumo { pai: p, .. } = &mut out[e] {
                        *p = pai;
                    }
                }
                Place::Passed(e, k) => {
                    if let Event::Huansanzhang { pais, .. } = &mut out[e] {
                        pais[k] = pai;
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Deals tried before a bot gives up (only a table that fails is dealt again).
const ATTEMPTS: u64 = 128;

/// The game as `me` sees it after `events` (one hand's, from its `start_kyoku`; `tsumogiri`
/// recorded for each discard), the hidden tiles dealt to fit, the decision pending. A deal the
/// replay refuses (a made-up hand that could not have played as the events show) is dealt again
/// another way, a few times.
pub(crate) fn rebuild(events: &[Event], me: Seat, rules: &GameRules, full: &Census, seed: u64) -> Result<Game, String> {
    let mut last = String::new();
    for attempt in 0..ATTEMPTS {
        // A deal that cannot be completed (a tile shown that no hidden place left can hold) is
        // tried again another way, as a deal the replay refuses is.
        let filled = match fill(
            events,
            me,
            rules,
            full,
            seed.wrapping_add(attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            attempt > 0,
        ) {
            Ok(f) => f,
            Err(e) => {
                last = e;
                continue;
            }
        };
        let log = GameLog {
            header: Header { players: rules.players, names: Vec::new(), rules: Some(*rules), seed: None },
            events: filled
                .into_iter()
                .enumerate()
                // Wins and draws of the other seats' made-up hands are worth what the engine
                // says; the log's deltas are not compared.
                .map(|(at, event)| LogEvent {
                    event,
                    at,
                    recorded: !matches!(event, Event::Hora { .. } | Event::Ryukyoku { .. } | Event::Qishouhu { .. }),
                })
                .collect(),
        };
        match hupai_game::replay::resume(&log, *rules) {
            Ok(game) => return Ok(game),
            Err(e) => last = e.to_string(),
        }
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tiles of every family's set, counted by index, add up to the set's size.
    #[test]
    fn full_sets() {
        for preset in ["tenhou", "tenhou-3p", "gb", "sichuan", "hongzhong", "changsha"] {
            let rules = GameRules::preset(preset).unwrap();
            let full = full_set(&rules);
            let total: usize = full.iter().map(|&n| usize::from(n)).sum();
            assert_eq!(total, rules.tile_count(), "{preset}: {full:?}");
        }
    }

    /// A hand that must be ready is dealt one: the made-up tiles and the ones it holds make a
    /// complete hand with one more tile.
    #[test]
    fn ready_hands_are_built() {
        let rules = GameRules::TENHOU;
        let mut pool = full_set(&rules);
        let mut f = Filler {
            me: 0,
            players: 4,
            slots: vec![
                Some(Pai::of(hupai::Tile::ALL[0])),
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
            ],
            places: vec![Vec::new(); 13],
            hands: Default::default(),
            drawn: [None; 4],
            seen: [0; 46],
            shapes: Vec::new(),
            lacks: Vec::new(),
            lack_suit: [None; 4],
            lack_plan: [None; 4],
            no_258: [false; 4],
            no_258_plan: [false; 4],
            passes: Vec::new(),
            voids: [None; 4],
            plain: [None; 4],
            born: vec![0; 13],
            now: 0,
            owner: vec![1; 13],
            dealt: vec![true; 13],
            passed: vec![false; 13],
            incoming: Vec::new(),
            flower_dealt: Vec::new(),
            riichi: [false; 4],
            jitter: false,
            void_from_pass: false,
            rng: SplitMix64(0),
        };
        let shape = Shape { seat: 1, held: (0..13).collect(), ready: true, extra: None };
        assert!(shape_hand(&mut f, &shape, &mut pool, &mut SplitMix64(1)));
        let mut counts = [0u8; 34];
        for p in f.slots.iter().flatten() {
            counts[p.kind_index()] += 1;
        }
        let waits = (0..34).filter(|&k| {
            let mut c = counts;
            c[k] += 1;
            hupai::Hand::new(hupai::TileCounts(c), 0, &[])
                .is_ok_and(|h| hupai::is_win(&h, &hupai::Rules::default()).unwrap_or(false))
        });
        assert!(waits.count() > 0, "{counts:?}");
    }
}
