//! What a seat may do: the legal actions of the seat to move and of the seats answering a
//! discard or a kan, and why an action that is not among them is refused.
//!
//! Everything here reads the game and writes into a fixed-capacity list; nothing allocates. A
//! win is offered only when the hand wins with a yaku and the seat is not furiten (the scorer
//! decides the yaku, so a win offered is a win the settlement can pay).

use std::sync::atomic::{AtomicU32, Ordering};

use hupai::{PackedHand, Tile, TileSet};

use crate::action::{Action, Actions};
use crate::event::Seat;
use crate::game::{ClaimOn, Game, MeldKind, Phase, Player};
use crate::pai::{Pai, PaiCounts};
use crate::rules::GameRules;

/// Every kind of action: the `want` of [`fill`] that lists them all.
pub(crate) const ALL: u16 = u16::MAX;

/// The bit of `action`'s kind in a `want` mask.
pub(crate) const fn kind_bit(action: &Action) -> u16 {
    1 << match action {
        Action::Dahai { .. } => 0,
        Action::Reach => 1,
        Action::Chi { .. } => 2,
        Action::Pon { .. } => 3,
        Action::Daiminkan { .. } => 4,
        Action::Kakan { .. } => 5,
        Action::Ankan { .. } => 6,
        Action::Kita => 7,
        Action::Hora => 8,
        Action::Ryukyoku => 9,
        Action::None => 10,
        Action::Qishouhu => 13,
        Action::Kaigang { .. } => 14,
        Action::Haidi => 15,
        Action::Exchange { .. } => 11,
        Action::Dingque { .. } => 12,
    }
}

/// Fills `out` with the legal actions of `seat` of the kinds in `want` (a mask of [`kind_bit`]s;
/// [`ALL`] for every one), in the order of the full list; a partial `want` may add other kinds'
/// actions where they cost nothing more (the calls on a discard). `apply` asks for the kind it is
/// given only, so checking a discard never decides whether riichi is possible, and the actions
/// of that kind are exactly those of the full list, by construction.
pub(crate) fn fill(game: &Game, seat: Seat, want: u16, out: &mut Actions) {
    // Changsha's own decisions (the deal's small wins, the last tile, 开杠) replace the plain ones.
    if crate::family::own_actions(game, seat, want, out) {
        return;
    }
    match game.phase {
        Phase::Turn { seat: s, drawn, reach, rinshan, can_tsumo } if s == seat => {
            turn(game, seat, drawn, reach, rinshan, can_tsumo, want, out)
        }
        Phase::Claims { from, pai, on, asked, answered, ron, .. } => {
            let bit = 1 << seat;
            if asked & !answered & bit != 0 {
                if ron & bit != 0 && wants(want, Action::Hora) {
                    out.push(Action::Hora);
                }
                if on == ClaimOn::Discard
                    && want & !(kind_bit(&Action::Hora) | kind_bit(&Action::None)) != 0
                    && game.abort_on_discard().is_none()
                {
                    calls(game, seat, from, pai, Some(out));
                }
                if wants(want, Action::None) {
                    out.push(Action::None);
                }
            }
        }
        Phase::Own(_) => crate::family::own_phase_actions(game, seat, want, out),
        _ => {}
    }
    crate::family::own_kongs(game, seat, want, out);
}

pub(crate) fn push(out: &mut Actions, action: Action) {
    // The capacity holds every action a seat can have; a full list would be a bug, never a panic.
    let _ = out.try_push(action);
}

/// Does `want` ask for `action`'s kind?
pub(crate) const fn wants(want: u16, action: Action) -> bool {
    want & kind_bit(&action) != 0
}

const DAHAI: Action = Action::Dahai { pai: Pai::UNKNOWN, tsumogiri: false };
const ANKAN: Action = Action::Ankan { consumed: [Pai::UNKNOWN; 4] };
const KAKAN: Action = Action::Kakan { pai: Pai::UNKNOWN };

#[allow(clippy::too_many_arguments)]
fn turn(
    game: &Game,
    seat: Seat,
    drawn: Option<Pai>,
    reach: bool,
    rinshan: bool,
    can_tsumo: bool,
    want: u16,
    out: &mut Actions,
) {
    let p = &game.players[usize::from(seat)];
    if reach {
        if !wants(want, DAHAI) {
            return;
        }
        // The discard declaring riichi must leave the hand ready.
        let packed = p.settled_packed();
        for pai in p.hand.distinct_of(p.held()) {
            if ready_without_in(p, &packed, pai, game) {
                discards_of(p, pai, drawn, out);
            }
        }
        return;
    }
    if can_tsumo && wants(want, Action::Hora) {
        push(out, Action::Hora);
    }
    let riichi = crate::family::hand_locked(game, seat);
    let void = crate::family::void(game, seat);
    // While the hand holds its declared void suit (定缺), only those tiles may go.
    let void_held = void.filter(|&v| holds_suit(p, v));
    if let Some(drawn) = drawn {
        if !riichi && wants(want, Action::Ryukyoku) && nine_terminals(game, p, rinshan) {
            push(out, Action::Ryukyoku);
        }
        if !riichi && wants(want, Action::Reach) && may_declare_riichi(game, seat, p) {
            push(out, Action::Reach);
        }
        // Asked once for both kinds of kong.
        let kong_drawable = game.kans < game.rules.family.most_kans() && own_kong_drawable(game, seat);
        if kong_drawable && wants(want, ANKAN) {
            // The kinds held four times, lowest first (most turns hold none).
            let mut fours = p.fours();
            while fours != 0 {
                let k = fours.trailing_zeros() as usize;
                fours &= fours - 1;
                if game.wait_rules.wildcard_tile != Some(Tile::ALL[k]) && void != Some(Tile::ALL[k].suit()) {
                    let kind = Tile::ALL[k];
                    if riichi && !(drawn.kind() == Some(kind) && ankan_keeps_waits(game, p, kind)) {
                        continue;
                    }
                    let mut consumed = [Pai::of(kind); 4];
                    let red = if k < 27 && k % 9 == 4 { usize::from(p.hand.red[k / 9]) } else { 0 };
                    for c in consumed.iter_mut().take(red) {
                        *c = Pai::with_red(kind, true);
                    }
                    consumed.reverse();
                    push(out, Action::Ankan { consumed });
                }
            }
        }
        if kong_drawable && wants(want, KAKAN) && !riichi {
            for m in p.melds.iter().filter(|m| m.kind == MeldKind::Pon) {
                let k = m.pais[0].kind_index();
                if p.hand.kinds[k] > 0 {
                    let kind = Tile::ALL[k];
                    let red = k < 27 && k % 9 == 4 && p.hand.red[k / 9] > 0;
                    push(out, Action::Kakan { pai: Pai::with_red(kind, red) });
                }
            }
        }
        if wants(want, Action::Kita)
            && game.rules.kita
            && p.hand.kinds[Tile::NORTH.index()] > 0
            && game.tiles_left() > 0
            && (!riichi || drawn == Pai::NORTH)
        {
            push(out, Action::Kita);
        }
    }
    if !wants(want, DAHAI) {
        return;
    }
    if riichi {
        if let Some(d) = drawn {
            push(out, Action::Dahai { pai: d, tsumogiri: true });
        }
        return;
    }
    if p.kuikae.is_empty() && game.wait_rules.wildcard_tile.is_none() && void_held.is_none() {
        // Nothing is kept back (most turns): every tile held may go.
        for pai in p.hand.distinct_of(p.held()) {
            discards_of(p, pai, drawn, out);
        }
        return;
    }
    for pai in p.hand.distinct_of(p.held()) {
        let kind = pai.kind().unwrap_or(Tile::EAST);
        // Wildcards are kept: Hongzhong never lets a red dragon go.
        if p.kuikae.contains(kind)
            || game.wait_rules.wildcard_tile == Some(kind)
            || void_held.is_some_and(|v| kind.suit() != v)
        {
            continue;
        }
        discards_of(p, pai, drawn, out);
    }
}

/// Whether discarding `pai` (from the hand, or the drawn tile if `tsumogiri`) is among `seat`'s
/// legal actions: the answer of looking for it in the list [`fill`] writes, without writing the
/// list (a replay checks every logged discard, and the list costs a push per kind held). It
/// follows `turn`'s discard rules one by one; Changsha's own decisions and the phases other
/// than the seat's turn are asked of the list itself.
pub(crate) fn allows_discard(game: &Game, seat: Seat, pai: Pai, tsumogiri: bool) -> bool {
    let Phase::Turn { seat: s, drawn, reach, .. } = game.phase else {
        return listed(game, seat, Action::Dahai { pai, tsumogiri });
    };
    if s != seat || crate::family::has_own_decisions(game.rules.family) {
        return listed(game, seat, Action::Dahai { pai, tsumogiri });
    }
    let p = &game.players[usize::from(seat)];
    // `discards_of`: the drawn tile goes as tsumogiri, or from the hand if another is held.
    let offered = |p: &Player| {
        if drawn == Some(pai) { tsumogiri || p.hand.count(pai) > 1 } else { !tsumogiri }
    };
    if reach {
        return p.hand.has(pai) && ready_without(p, pai, game) && offered(p);
    }
    if crate::family::hand_locked(game, seat) {
        return tsumogiri && drawn == Some(pai);
    }
    let Some(kind) = pai.kind() else { return false };
    let void_held = crate::family::void(game, seat).filter(|&v| holds_suit(p, v));
    p.hand.has(pai)
        && !p.kuikae.contains(kind)
        && game.wait_rules.wildcard_tile != Some(kind)
        && void_held.is_none_or(|v| kind.suit() == v)
        && offered(p)
}

/// Whether `action` is in the list of its kind.
fn listed(game: &Game, seat: Seat, action: Action) -> bool {
    let mut out = Actions::new();
    fill(game, seat, kind_bit(&action), &mut out);
    out.contains(&action)
}

/// Whether the hand holds a tile of `suit`.
pub(crate) fn holds_suit(p: &Player, suit: hupai::Suit) -> bool {
    let first = suit as usize * 9;
    suit.is_numbered() && p.hand.kinds[first..first + 9].iter().any(|&c| c > 0)
}

/// The discards of `pai`: the drawn tile (tsumogiri) and, if the hand holds another, from the hand.
fn discards_of(p: &Player, pai: Pai, drawn: Option<Pai>, out: &mut Actions) {
    if drawn == Some(pai) {
        push(out, Action::Dahai { pai, tsumogiri: true });
        if p.hand.count(pai) > 1 {
            push(out, Action::Dahai { pai, tsumogiri: false });
        }
    } else {
        push(out, Action::Dahai { pai, tsumogiri: false });
    }
}

/// True if the hand, without `pai`, is ready (waits on a tile it does not hold all four of;
/// under `karaten_tenpai`, on a tile its concealed tiles do not hold all four of).
pub(crate) fn ready_without(p: &Player, pai: Pai, game: &Game) -> bool {
    ready_without_in(p, &p.settled_packed(), pai, game)
}

/// [`ready_without`] with the seat's packed hand given (`Player::settled_packed`, made once for
/// the tiles of a hand asked in turn).
fn ready_without_in(p: &Player, packed: &PackedHand, pai: Pai, game: &Game) -> bool {
    let Some(kind) = pai.kind() else { return false };
    let mut packed = packed.clone();
    if packed.remove(kind).is_ok() && packed.waits(&game.wait_rules).is_ok_and(|w| !w.is_empty()) {
        return true;
    }
    if !game.rules.karaten_tenpai || p.melds.is_empty() || p.hand.kinds[kind.index()] == 0 {
        return false;
    }
    let mut kinds = p.hand.kinds;
    kinds[kind.index()] -= 1;
    !crate::family::concealed_waits(&kinds, p.melds.len(), &game.wait_rules).is_empty()
}

/// Asked after a draw only. A hand that was ready before its draw (its waits, which the seat
/// holds for the hand one tile short, are not empty) is ready again after discarding the drawn
/// tile: no shanten or waits to compute.
fn may_declare_riichi(game: &Game, seat: Seat, p: &Player) -> bool {
    game.rules.family.has_riichi()
        && p.is_closed()
        && game.scores[usize::from(seat)] >= 1000
        && game.tiles_left() >= usize::from(game.rules.riichi_min_wall)
        && (!p.waits.is_empty() || some_discard_leaves_ready(game, seat))
}

/// A lower bound on the shanten of a seat's concealed tiles at one of its turns (after a draw),
/// with the turn it holds for: a cache the riichi check of the seat's next turn reads, so that a
/// hand far from ready is answered without asking its shanten again.
///
/// Why a bound carries over: shanten plus one is the number of exchanges (a tile drawn for a
/// tile discarded) a hand needs to win. A discard cannot bring the hand nearer (the fourteen
/// tiles could make the same discard and go on as the thirteen do), and a draw brings it at most
/// one exchange nearer (the thirteen could draw that tile and go on as the fourteen do). So the
/// hand at the seat's next turn, the hand now less one discard plus one draw, is at shanten at
/// least this one's less one. The bound is kept for the turn it was found at, named by the
/// seat's discards so far, its melds, its kans and its norths set aside: the next turn with one
/// discard more and the same melds, kans and norths is that hand less a discard plus a draw (a
/// call, a kan or a north set aside changes one of them, and a new hand starts a new `Player`).
///
/// An atomic word, so that the checks that read the game (`&Game`) can write it: the game stays
/// `Sync`, and what any thread stores is a true bound for the turn stored with it. It is not part
/// of the game's state: two games that differ only here are equal, and a clone copies it.
#[derive(Debug, Default)]
pub(crate) struct ShantenFloor(AtomicU32);

impl ShantenFloor {
    /// The word of `floor` at the turn named by `turn` (discards, melds, norths): one byte each,
    /// the floor plus two (a shanten is −1 or more) so that zero means nothing kept.
    fn word(turn: [u8; 3], floor: i8) -> u32 {
        u32::from_le_bytes([turn[0], turn[1], turn[2], (floor + 2) as u8])
    }

    /// The bound kept for the turn `turn`, or (one less) for the seat's turn one discard before.
    fn get(&self, turn: [u8; 3]) -> Option<i8> {
        let [d, m, n, f] = self.0.load(Ordering::Relaxed).to_le_bytes();
        if f == 0 || [m, n] != [turn[1], turn[2]] {
            return None;
        }
        let floor = f as i8 - 2;
        if d == turn[0] {
            Some(floor)
        } else if d.wrapping_add(1) == turn[0] {
            Some(floor - 1)
        } else {
            None
        }
    }

    /// False if no turn could read a bound of 1 or more from the word (nothing kept, or less
    /// than 1 kept): a quick test before [`ShantenFloor::get`].
    fn may_be_one_or_more(&self) -> bool {
        // The floor's byte is the floor plus two.
        self.0.load(Ordering::Relaxed) >> 24 >= 3
    }

    fn set(&self, turn: [u8; 3], floor: i8) {
        self.0.store(ShantenFloor::word(turn, floor.clamp(-1, 100)), Ordering::Relaxed);
    }
}

impl Clone for ShantenFloor {
    fn clone(&self) -> ShantenFloor {
        ShantenFloor(AtomicU32::new(self.0.load(Ordering::Relaxed)))
    }
}

impl PartialEq for ShantenFloor {
    /// A cache, never part of the state: always equal.
    fn eq(&self, _: &ShantenFloor) -> bool {
        true
    }
}

/// The turn a [`ShantenFloor`] names: the seat's discards so far, its melds and kans (a pon made
/// a kan stays one meld), its norths set aside.
fn floor_turn(game: &Game, seat: Seat, p: &Player) -> [u8; 3] {
    [p.river.len() as u8, p.melds.len() as u8 | p.kans << 4, crate::family::nuki(game, seat)]
}

/// True if some discard leaves `seat`'s concealed tiles ready (asked at its turn, after a draw):
/// the plain answer (the waits of the hand less each kind held) asked only of hands that three
/// filters pass. The bound on the hand's shanten kept from the seat's last turn first (see
/// [`ShantenFloor`]); then the counts' filter; then the hand's shanten, which is 0 or less exactly
/// when one tile swapped makes it win, that is when some discard leaves it one tile from a win: a
/// hand of shanten 1 or more (most hands that pass the counts' filter) needs none of the up to
/// fourteen waits checks.
pub(crate) fn some_discard_leaves_ready(game: &Game, seat: Seat) -> bool {
    let p = &game.players[usize::from(seat)];
    let turn = floor_turn(game, seat, p);
    let kept = p.shanten_floor.get(turn);
    if let Some(floor) = kept
        && floor >= 1
    {
        p.shanten_floor.set(turn, floor);
        return false;
    }
    let (held, singles) = p.held_and_singles();
    if !may_be_ready_given(held, singles) {
        // No discard leaves the hand ready, so its shanten is 1 or more: a bound kept as any
        // other (a kept bound of 1 or more was answered above, so this one is as strong), and
        // the discard that follows finds its waits empty without asking them (`far_from_ready`).
        p.shanten_floor.set(turn, 1);
        return false;
    }
    let shanten = hupai::Hand::from_counts(hupai::TileCounts(p.hand.kinds), 0)
        .and_then(|hand| hupai::shanten(&hand, &game.wait_rules))
        .map(|s| s.number);
    if let Ok(number) = shanten {
        p.shanten_floor.set(turn, number);
    }
    let far = shanten.is_ok_and(|s| s >= 1);
    if far {
        return false;
    }
    // Whether some kind's discard leaves the hand ready (a red five and a plain one are the same
    // question): the kinds held once first, among which a hand one tile from ready most often
    // has the tile to let go, then the rest.
    let packed = p.settled_packed();
    [singles, held & !singles].into_iter().any(|mut kinds| {
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            if ready_without_in(p, &packed, Pai::of(Tile::ALL[k]), game) {
                return true;
            }
        }
        false
    })
}

/// True if the riichi check kept, for `seat` at this turn, a bound of 1 or more on its hand's
/// shanten (riichi only, where every seat's waits are asked under the one `wait_rules` the check
/// asks the shanten under). Then no discard leaves the hand ready (the check answers `false` from
/// that bound alone), so the hand after the discard waits on nothing: its waits are known without
/// asking them. `None` kept (another family, an open hand, a turn the check did not reach) says
/// nothing, and the waits are asked as before.
pub(crate) fn far_from_ready(game: &Game, seat: Seat) -> bool {
    let p = &game.players[usize::from(seat)];
    // Most discards are answered by the word's floor alone, before the turn is named.
    p.shanten_floor.may_be_one_or_more()
        && crate::family::waits_under_one_rule(game.rules.family)
        && p.shanten_floor.get(floor_turn(game, seat, p)).is_some_and(|floor| floor >= 1)
}

/// The shanten bound the riichi check keeps for `seat` at this turn, if any (for tests: it must
/// never exceed the hand's shanten).
#[cfg(test)]
pub(crate) fn kept_shanten_floor(game: &Game, seat: Seat) -> Option<i8> {
    let p = &game.players[usize::from(seat)];
    p.shanten_floor.get(floor_turn(game, seat, p))
}

/// A necessary condition for some discard to leave these concealed tiles ready, from counts alone
/// (most hands of random play fail it, and then no discard needs a waits check).
///
/// Call a tile isolated when it is the only one of its kind held and no tile within two ranks of
/// it in its suit is held (an honor: the only one of its kind). A complete hand of groups and a
/// pair (seven pairs included) has none. If the hand less a discard `d` is ready, the hand is
/// some complete `C` less a wait `w` plus `d`: taking `w` out of `C` isolates at most `w`'s
/// other copy (the rest of a sequence keep each other, two ranks apart at most), and adding `d`
/// isolates at most `d`. So at most two; unless `C` is thirteen orphans, and then the hand holds
/// twelve of its kinds or more.
#[cfg(test)]
pub(crate) fn may_be_ready_after_a_discard(hand: &PaiCounts) -> bool {
    may_be_ready_given(hand.held(), hand.singles())
}

/// [`may_be_ready_after_a_discard`] of the hand whose kinds held are `held` and held once
/// `singles` (as [`PaiCounts::held`] and [`PaiCounts::singles`] answer).
fn may_be_ready_given(held: u64, singles: u64) -> bool {
    // As bit sets of kinds, without a branch per kind (a loop over the ranks mispredicts): a
    // suited kind held once is isolated when no kind of its suit within two ranks is held, an
    // honor held once always. The shifts move each suit's bits by one or two ranks; the bits
    // that would cross into the next suit (or the honors) are masked off.
    const SUITED: u64 = (1 << 27) - 1;
    const HONORS: u64 = ((1 << 34) - 1) & !SUITED;
    const RANK: [u64; 10] = {
        let mut r = [0u64; 10];
        let mut k = 1;
        while k <= 9 {
            r[k] = 1 << (k - 1) | 1 << (k + 8) | 1 << (k + 17);
            k += 1;
        }
        r
    };
    // Terminals and honors: ranks 1 and 9 and every honor.
    const ORPHANS: u64 = RANK[1] | RANK[9] | HONORS;
    let suited = held & SUITED;
    let near = ((suited << 1) & !RANK[1])
        | ((suited << 2) & !(RANK[1] | RANK[2]))
        | ((suited >> 1) & !RANK[9])
        | ((suited >> 2) & !(RANK[8] | RANK[9]));
    let isolated = (singles & SUITED & !near) | (singles & HONORS);
    isolated.count_ones() <= 2 || (held & ORPHANS).count_ones() >= 12
}

/// [`may_be_ready_after_a_discard`] as first written, kind by kind: the definition the bit sets
/// are checked against.
#[cfg(test)]
pub(crate) fn may_be_ready_after_a_discard_plain(hand: &PaiCounts) -> bool {
    let k = &hand.kinds;
    let mut isolated = 0;
    for suit in 0..3 {
        let c = &k[9 * suit..9 * suit + 9];
        for r in 0..9 {
            if c[r] == 1 && (r.saturating_sub(2)..(r + 3).min(9)).all(|j| j == r || c[j] == 0) {
                isolated += 1;
            }
        }
    }
    isolated += k[27..34].iter().filter(|&&c| c == 1).count();
    isolated <= 2 || Tile::TERMINALS_AND_HONORS.iter().filter(|t| k[t.index()] > 0).count() >= 12
}

fn nine_terminals(game: &Game, p: &Player, rinshan: bool) -> bool {
    game.rules.nine_terminals_draw
        && game.no_calls
        && p.river.is_empty()
        && !rinshan
        && Tile::TERMINALS_AND_HONORS.iter().filter(|t| p.hand.kinds[t.index()] > 0).count() >= 9
}

/// After riichi, a concealed kan of the drawn tile may not change the waits (under
/// `karaten_tenpai`, the waits its concealed tiles count, those that made the riichi legal).
fn ankan_keeps_waits(game: &Game, p: &Player, kind: Tile) -> bool {
    let mut counts = p.hand.kinds;
    counts[kind.index()] = 0;
    if game.rules.karaten_tenpai {
        let mut before = p.hand.kinds;
        before[kind.index()] -= 1;
        let waits = |kinds: &[u8; 34], melds: usize| crate::family::concealed_waits(kinds, melds, &game.wait_rules);
        return waits(&counts, p.melds.len() + 1) == waits(&before, p.melds.len());
    }
    let Ok(mut packed) = PackedHand::from_counts(&counts, 0) else { return false };
    for m in &p.melds {
        let _ = packed.add_meld(m.meld());
    }
    if packed.add_meld(hupai::Meld::ClosedKan(kind)).is_err() {
        return false;
    }
    packed.waits(&game.wait_rules).is_ok_and(|w| w == p.waits)
}

/// Whether a kong of `seat`'s own (concealed or added) leaves a replacement to draw: a tile in the
/// wall; with `per_player_walls`, in its own wall and in the next player's (the Botzone judge's
/// refusal).
fn own_kong_drawable(game: &Game, seat: Seat) -> bool {
    if game.rules.per_player_walls {
        return game.wall_left(seat) > 0 && game.wall_left(game.next_in_turn(seat, 1)) > 0;
    }
    game.tiles_left() > 0
}

/// The calls `seat` may make on `pai` discarded by `from` (pushed to `out` if given); true if any.
pub(crate) fn calls(game: &Game, seat: Seat, from: Seat, pai: Pai, mut out: Option<&mut Actions>) -> bool {
    let p = &game.players[usize::from(seat)];
    // With `per_player_walls` the Botzone judge refuses any call of a discard once the wall of
    // the player after the discarder is empty.
    let wall_left =
        if game.rules.per_player_walls { game.wall_left(game.next_in_turn(from, 1)) } else { game.tiles_left() };
    if crate::family::hand_locked(game, seat)
        || crate::family::out(game, seat)
        || wall_left == 0
        || crate::family::locked(game, seat)
    {
        return false;
    }
    let Some(kind) = pai.kind() else { return false };
    if crate::family::void(game, seat) == Some(kind.suit()) {
        return false;
    }
    let k = kind.index();
    let mut any = false;
    let held = p.hand.kinds[k];
    let plain = Pai::of(kind);
    let red = Pai::with_red(kind, true);
    let reds = if red.is_red() { p.hand.count(red) } else { 0 };
    let plains = held - reds;
    // Whether a chi or pon taking one tile of each kind in `taken` (or two of one) leaves a
    // tile to discard: asked once for the kinds taken, which every red or plain variant of the
    // call shares (asked once a variant before, with the hand copied).
    let wildcard = game.wait_rules.wildcard_tile.map_or(0, |w| 1u64 << w.index());
    let total = p.hand.total();
    // Kuikae keeps back two kinds at most (the called one and the other end of the run), at
    // most eight tiles: a hand of eleven or more left after the call (no melds yet) always has
    // one to discard where no wildcard is kept back too.
    let surely_left = wildcard == 0 && total >= 2 + 9;
    let left_after = |taken: [usize; 2]| {
        if surely_left {
            return true;
        }
        let kept = kuikae_kinds(&game.rules, pai, &[Pai::of(Tile::ALL[taken[0]]), Pai::of(Tile::ALL[taken[1]])]).bits()
            | wildcard;
        discard_left_after_taking(&p.hand, total, kept, taken)
    };
    // Chi first, then pon, then kan: the order of `Action`'s variants.
    if game.rules.players == 4
        && game.rules.family.has_chi()
        && seat == game.next_in_turn(from, 1)
        && kind.suit().is_numbered()
    {
        let rank = kind.rank();
        for low in rank.saturating_sub(2).max(1)..=rank.min(7) {
            let others: [usize; 2] = match rank - low {
                0 => [k + 1, k + 2],
                1 => [k - 1, k + 1],
                _ => [k - 2, k - 1],
            };
            if p.hand.kinds[others[0]] == 0 || p.hand.kinds[others[1]] == 0 || !left_after(others) {
                continue;
            }
            // Each kind held gives one variant at least (its plain tile or its red five).
            let Some(out) = out.as_deref_mut() else { return true };
            any = true;
            for a in variants(&p.hand, Tile::ALL[others[0]]) {
                for b in variants(&p.hand, Tile::ALL[others[1]]) {
                    push(out, Action::Chi { pai, consumed: [a, b] });
                }
            }
        }
    }
    if held >= 2 && (plains >= 2 || (reds >= 1 && plains >= 1)) && left_after([k, k]) {
        let Some(out) = out.as_deref_mut() else { return true };
        any = true;
        if plains >= 2 {
            push(out, Action::Pon { pai, consumed: [plain, plain] });
        }
        if reds >= 1 && plains >= 1 {
            push(out, Action::Pon { pai, consumed: [plain, red] });
        }
    }
    if held == 3 && game.kans < game.rules.family.most_kans() {
        // A kan leaves the tile drawn after it to discard.
        let Some(out) = out else { return true };
        any = true;
        let mut consumed = [plain; 3];
        for c in consumed.iter_mut().skip(usize::from(plains)) {
            *c = red;
        }
        push(out, Action::Daiminkan { pai, consumed });
    }
    any
}

/// Whether `hand` (of `total` tiles) less one tile of each kind in `taken` (two of one kind if
/// both name it) holds a tile of a kind outside `kept` (a bit per kind): whether a
/// tile kuikae and the wildcard let go is left after a chi or pon, from the counts without copying
/// the hand (a wildcard is never discarded, so a pon leaving only wildcards is not offered).
/// Every kind taken is held (as many times as it is taken).
fn discard_left_after_taking(hand: &PaiCounts, total: u32, kept: u64, taken: [usize; 2]) -> bool {
    let mut blocked = 0u32;
    let mut bits = kept;
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        blocked += u32::from(hand.kinds.get(k).copied().unwrap_or(0));
    }
    for t in taken {
        if kept >> t & 1 != 0 {
            blocked = blocked.saturating_sub(1);
        }
    }
    total.saturating_sub(2) > blocked
}

/// The distinct tiles of a kind the hand holds: the plain one, the red five, or both.
fn variants(hand: &PaiCounts, kind: Tile) -> impl Iterator<Item = Pai> {
    let plain = Pai::of(kind);
    let red = Pai::with_red(kind, true);
    let has_plain = hand.count(plain) > 0;
    let has_red = red.is_red() && hand.count(red) > 0;
    [has_plain.then_some(plain), has_red.then_some(red)].into_iter().flatten()
}

#[cfg(test)]
/// Whether `hand` holds a tile of a kind outside `kept` (a bit per kind). Counted rather than
/// looked for kind by kind (a branch per kind, mispredicted often): the tiles held outnumber
/// those of the kinds in `kept`, a few kinds (kuikae's and the wildcard).
pub(crate) fn holds_a_kind_outside(hand: &PaiCounts, mut kept: u64) -> bool {
    let mut blocked = 0u32;
    while kept != 0 {
        let k = kept.trailing_zeros() as usize;
        kept &= kept - 1;
        blocked += u32::from(hand.kinds.get(k).copied().unwrap_or(0));
    }
    hand.total() > blocked
}

/// The kinds kuikae forbids discarding right after calling `pai` with `consumed`.
pub(crate) fn kuikae_kinds(rules: &GameRules, pai: Pai, consumed: &[Pai]) -> TileSet {
    let mut set = TileSet::EMPTY;
    if !rules.kuikae_forbidden {
        return set;
    }
    let Some(kind) = pai.kind() else { return set };
    set.insert(kind);
    if let [a, b] = consumed
        && let (Some(a), Some(b)) = (a.kind(), b.kind())
        && a != kind
    {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let k = kind.index();
        // The tile at the other end of the sequence would make the same shape (suji kuikae).
        if kind < lo && hi.rank() < 9 {
            set.insert(Tile::ALL[hi.index() + 1]);
        } else if kind > hi && lo.rank() > 1 {
            set.insert(Tile::ALL[lo.index() - 1]);
        }
        let _ = k;
    }
    set
}

/// Who may win on, and whose waits hold, `pai` discarded by `from`; and who must answer.
/// Returns (asked, ron, hit) as seat bits.
pub(crate) fn discard_claims(game: &Game, from: Seat, pai: Pai) -> (u8, u8, u8) {
    let (mut asked, mut ron, mut hit) = (0u8, 0u8, 0u8);
    let Some(kind) = pai.kind() else { return (0, 0, 0) };
    let n = game.rules.players;
    // A discard that aborts the hand unless won on cannot be called.
    let callable = game.abort_on_discard().is_none();
    let chi_seat = game.next_in_turn(from, 1);
    for k in 1..n {
        let s = game.next_in_turn(from, k);
        let p = &game.players[usize::from(s)];
        let bit = 1 << s;
        if crate::family::out(game, s) {
            continue;
        }
        if p.waits.contains(kind) {
            hit |= bit;
            if !crate::family::furiten(game, s)
                && (crate::family::yaku_certain(game, s, pai, false)
                    || crate::family::can_win(game, s, from, pai, false, Some(ClaimOn::Discard)))
            {
                ron |= bit;
                asked |= bit;
            }
        }
        if callable && asked & bit == 0 && may_call(p, kind, s == chi_seat) && calls(game, s, from, pai, None) {
            asked |= bit;
        }
    }
    (asked, ron, hit)
}

/// Whether the hand alone lets [`calls`] offer anything on `kind`: two of it (pon, kan), or for
/// the seat after the discarder two tiles it makes a run with (chi). Most seats at most discards
/// have neither, and are answered without the rest of [`calls`]' checks.
pub(crate) fn may_call(p: &Player, kind: Tile, chi_seat: bool) -> bool {
    let k = kind.index();
    let c = &p.hand.kinds;
    if c[k] >= 2 {
        return true;
    }
    if !chi_seat || !kind.suit().is_numbered() {
        return false;
    }
    let rank = kind.rank();
    (rank >= 3 && c[k - 2] > 0 && c[k - 1] > 0)
        || ((2..=8).contains(&rank) && c[k - 1] > 0 && c[k + 1] > 0)
        || (rank <= 7 && c[k + 1] > 0 && c[k + 2] > 0)
}

/// Who may rob the kan of `pai` made by `from`, and whose waits hold it. Returns (ron, hit).
pub(crate) fn chankan_claims(game: &Game, from: Seat, pai: Pai, on: ClaimOn) -> (u8, u8) {
    let (mut ron, mut hit) = (0u8, 0u8);
    let Some(kind) = pai.kind() else { return (0, 0) };
    if on == ClaimOn::Ankan && !game.rules.kokushi_chankan_ankan {
        return (0, 0);
    }
    let n = game.rules.players;
    for k in 1..n {
        let s = game.next_in_turn(from, k);
        let p = &game.players[usize::from(s)];
        if !p.waits.contains(kind) || crate::family::out(game, s) {
            continue;
        }
        if on == ClaimOn::Ankan && !thirteen_orphans_ready(p) {
            continue;
        }
        let bit = 1 << s;
        hit |= bit;
        if !crate::family::furiten(game, s) && crate::family::can_win(game, s, from, pai, false, Some(on)) {
            ron |= bit;
        }
    }
    (ron, hit)
}

/// A closed hand of terminals and honors only, twelve kinds or more: ready for thirteen orphans.
fn thirteen_orphans_ready(p: &Player) -> bool {
    p.melds.is_empty()
        && (0..34).all(|k| p.hand.kinds[k] == 0 || Tile::ALL[k].is_terminal_or_honor())
        && Tile::TERMINALS_AND_HONORS.iter().filter(|t| p.hand.kinds[t.index()] > 0).count() >= 12
}

/// Why `action` is not legal for `seat` now, in words.
pub(crate) fn why_not(game: &Game, seat: Seat, action: &Action) -> String {
    let p = &game.players[usize::from(seat)];
    let void = crate::family::void(game, seat);
    let holds = |pai: Pai| p.hand.has(pai);
    match (game.phase, action) {
        (Phase::Claims { .. }, Action::Dahai { .. } | Action::Reach | Action::Kakan { .. } | Action::Ankan { .. }) => {
            "the other seats are answering a discard or a kan: win, call or pass (none)".into()
        }
        (Phase::Turn { .. }, Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan { .. } | Action::None) => {
            "it is this seat's own turn: there is no discard to call or pass".into()
        }
        (_, Action::Dahai { pai, .. }) if !holds(*pai) => format!("the hand holds no {pai}"),
        (Phase::Turn { drawn, .. }, Action::Dahai { pai, tsumogiri: true }) if drawn != Some(*pai) => {
            format!("{pai} is not the tile just drawn (tsumogiri)")
        }
        (Phase::Turn { reach: true, .. }, Action::Dahai { .. }) => {
            "after riichi the discard must leave the hand ready".into()
        }
        (Phase::Turn { .. }, Action::Dahai { .. }) if crate::family::in_riichi(game, seat) => {
            "in riichi only the tile just drawn may be discarded".into()
        }
        (Phase::Turn { .. }, Action::Dahai { pai, .. })
            if void.is_some_and(|v| holds_suit(p, v) && pai.kind().is_some_and(|k| k.suit() != v)) =>
        {
            "while the hand holds its void suit (定缺) only those tiles may be discarded".into()
        }
        (Phase::Own(_), _) => crate::family::own_phase_why_not(game, seat, action),
        (_, Action::Hora) if void.is_some_and(|v| holds_suit(p, v)) => {
            "a hand holding its void suit (定缺) cannot win".into()
        }
        (Phase::Turn { .. }, Action::Dahai { pai, .. }) if p.kuikae.contains(pai.kind().unwrap_or(Tile::EAST)) => {
            format!("{pai} may not be discarded right after the call that took it (kuikae)")
        }
        (_, Action::Hora) if crate::family::has_minimum(game.rules.family) => {
            crate::family::short_of_minimum(game, seat)
                .unwrap_or_else(|| "the hand is not complete with this tile".into())
        }
        (_, Action::Hora) => "the hand does not win here (not complete, no yaku, or furiten)".into(),
        (_, Action::Reach) => {
            "riichi needs a closed hand, 1,000 points, enough tiles left and a discard that leaves the hand ready, once"
                .into()
        }
        (_, Action::Chi { .. }) => {
            "chi only on the left player's discard with two tiles held that make a sequence".into()
        }
        (_, Action::Pon { .. } | Action::Daiminkan { .. }) => {
            "the hand does not hold these tiles, or calls are not open (riichi, the last discard)".into()
        }
        (_, Action::Kakan { .. } | Action::Ankan { .. }) => {
            "no such kan: the tiles, the number of kans, riichi or the wall does not allow it".into()
        }
        (_, Action::Kita) => "kita needs a north in hand in a three-player game with tiles left".into(),
        (_, Action::Ryukyoku) => {
            "nine different terminals and honors are needed, on an uninterrupted first draw".into()
        }
        _ => "not among the legal actions now".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::{
        discard_left_after_taking, holds_a_kind_outside, may_be_ready_after_a_discard,
        may_be_ready_after_a_discard_plain,
    };
    use crate::pai::{Pai, PaiCounts};

    /// The tiles left after a chi or pon counted from the counts, against the hand copied and
    /// the called tiles taken out of it, on random hands and every call a hand could make.
    #[test]
    fn a_tile_left_after_a_call_is_counted_as_the_copy_finds() {
        let mut rng = crate::wall::SplitMix64(31);
        let (mut left, mut none) = (0, 0);
        for _ in 0..50_000 {
            let mut hand = PaiCounts::EMPTY;
            let base = rng.below(30);
            for _ in 0..2 + rng.below(12) {
                let pai = Pai::from_index(((base + rng.below(5)) % 37) as u8).expect("a tile");
                if hand.kinds[pai.kind_index()] < 4 {
                    hand.add(pai);
                }
            }
            let mut kept = 0u64;
            for _ in 0..rng.below(3) {
                kept |= 1 << ((base + rng.below(5)) % 34);
            }
            let total = hand.total();
            for a in 0..34usize {
                for b in a..34usize {
                    let need = if a == b { 2 } else { 1 };
                    if hand.kinds[a] < need || hand.kinds[b] < need {
                        continue;
                    }
                    let mut after = hand;
                    for k in [a, b] {
                        // The plain tile if held, else the red five: the kind is what counts.
                        let plain = Pai::from_index(k as u8).expect("a kind");
                        if !after.remove(plain) {
                            assert!(after.remove(Pai::with_red(plain.kind().expect("a kind"), true)));
                        }
                    }
                    let copied = holds_a_kind_outside(&after, kept);
                    assert_eq!(
                        discard_left_after_taking(&hand, total, kept, [a, b]),
                        copied,
                        "{hand:?} {a} {b} {kept:b}"
                    );
                    if copied { left += 1 } else { none += 1 }
                }
            }
        }
        assert!(left > 1000 && none > 1000, "{left} {none}");
    }

    /// The count of the tiles outside a few kinds against looking for one kind by kind.
    #[test]
    fn a_kind_outside_is_found_by_counting() {
        let mut rng = crate::wall::SplitMix64(23);
        let (mut found, mut not) = (0, 0);
        for _ in 0..50_000 {
            let mut hand = PaiCounts::EMPTY;
            let base = rng.below(34);
            for _ in 0..rng.below(14) {
                // Few kinds, so that some hands hold only kinds kept back.
                let pai = Pai::from_index(((base + rng.below(4)) % 34) as u8).expect("a kind");
                if hand.kinds[pai.kind_index()] < 4 {
                    hand.add(pai);
                }
            }
            // Up to three kinds kept back, often among those held.
            let mut kept = 0u64;
            for _ in 0..rng.below(4) {
                kept |= 1 << ((base + rng.below(5)) % 34);
            }
            let plain = (0..34).any(|k| hand.kinds[k] > 0 && kept >> k & 1 == 0);
            assert_eq!(holds_a_kind_outside(&hand, kept), plain, "{hand:?}, kept {kept:b}");
            if plain { found += 1 } else { not += 1 }
        }
        assert!(found > 1000 && not > 1000, "{found} {not}");
    }

    /// The counts' riichi filter on bit sets against the filter kind by kind, on random hands of
    /// every size, on hands of few kinds (many pairs and runs) and on hands of terminals and
    /// honors (thirteen orphans).
    #[test]
    fn the_riichi_filter_on_bit_sets_answers_as_kind_by_kind() {
        let mut rng = crate::wall::SplitMix64(29);
        let (mut passed, mut refused) = (0, 0);
        for round in 0..100_000 {
            let mut hand = PaiCounts::EMPTY;
            // Every other hand drawn from a few kinds, so that hands pass the filter too.
            // Every third from the terminals and honors (thirteen orphans' kinds).
            let kinds = if round % 3 == 0 { 37 } else { 6 + rng.below(8) };
            let base = rng.below(34);
            for _ in 0..rng.below(15) {
                let index = match round % 3 {
                    0 => rng.below(37),
                    1 => (base + rng.below(kinds)) % 34,
                    _ => hupai::Tile::TERMINALS_AND_HONORS[rng.below(13) as usize].index() as u64,
                };
                let pai = Pai::from_index(index as u8).expect("0-36 are tiles");
                if hand.kinds[pai.kind_index()] < 4 {
                    hand.add(pai);
                }
            }
            let plain = may_be_ready_after_a_discard_plain(&hand);
            assert_eq!(may_be_ready_after_a_discard(&hand), plain, "{hand:?}");
            if plain { passed += 1 } else { refused += 1 }
        }
        assert!(passed > 1000 && refused > 1000, "{passed} {refused}");
    }
}
