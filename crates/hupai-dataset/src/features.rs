//! The feature planes of `hupai.game`: what one seat sees, as a `(channels, 34)` float32 array
//! (a row per plane, a column per tile kind in `hupai.TILES` order), for policy networks that
//! take tables rather than event streams. docs/python.md lists the planes of each family; the
//! names `plane_names` gives are the ones it uses.
//!
//! Seats are relative: block 0 is the seat seeing, block 1 the next seat to its right (who plays
//! after it), and so on. Counts are thermometers (plane `k` is 1 where the count is at least
//! `k + 1`), flags are planes of ones, numbers are planes of one value scaled to about 0–1.
//!
//! Which planes a family has follows from its [`Family`] (red fives, riichi's table, flowers, a
//! wildcard, declared void suits), so a new family gets its planes from the same description as its action table. Every
//! plane is written whole on every call, so the caller's buffer is never cleared first.
//!
//! [`write()`] reads what the seat sees from the game (its own hand, the table's public state; no
//! `View` is built) and writes every plane; [`write_u8`] the same in the packed form. A reader
//! that writes a seat's planes at every decision of a game keeps them in a [`Running`], which
//! writes again only the cells whose inputs changed since the seat's last decision (most do not
//! between two decisions) and gives the whole to copy out. Both go through one writer
//! (`update`), which finds where each field's planes are from a plan made once per family.

use hupai_game::{Game, MeldRecord, Pai, RiverTile, Seat};

use crate::action_table::{FAMILY_COUNT, Family, kinds, suit_index};

/// The planes of `family`, in order: what [`write()`] writes and [`plane_names`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plane {
    /// The seat's concealed tiles, at least `k` of a kind.
    Hand(u8),
    HandRed,
    Drawn,
    OnOffer,
    /// Relative seat `r`'s discards, at least `k` of a kind.
    Discards(u8, u8),
    /// Relative seat `r`'s declared meld tiles, at least `k` of a kind.
    Melds(u8, u8),
    Riichi(u8),
    LastDiscard(u8),
    DoraMarkers(u8),
    Dora,
    Wildcard,
    RoundWind,
    SeatWind,
    Round,
    Honba,
    Kyotaku,
    TilesLeft,
    Dealer,
    Score(u8),
    Kita(u8),
    Flowers(u8),
    /// Relative seat `r`'s declared void suit: ones on that suit's nine kinds.
    Void(u8),
    /// Relative seat `r` has won and left the hand.
    Out(u8),
}

/// Most planes a family has (sized for four players with every optional plane).
const MOST: usize = 80;

/// The planes of `family` (listed once per process).
fn planes(family: &'static Family) -> &'static [Plane] {
    use std::sync::OnceLock;
    static PLANES: [OnceLock<arrayvec::ArrayVec<Plane, MOST>>; FAMILY_COUNT] =
        [const { OnceLock::new() }; FAMILY_COUNT];
    PLANES[family.index()].get_or_init(|| list(family))
}

fn list(family: &Family) -> arrayvec::ArrayVec<Plane, MOST> {
    let mut out = arrayvec::ArrayVec::new();
    let p = family.players as u8;
    let riichi = family.actions & kinds::REACH != 0;
    out.extend((1..=4).map(Plane::Hand));
    if family.has_reds() {
        out.push(Plane::HandRed);
    }
    out.extend([Plane::Drawn, Plane::OnOffer]);
    for r in 0..p {
        out.extend((1..=4).map(|k| Plane::Discards(r, k)));
        out.extend((1..=4).map(|k| Plane::Melds(r, k)));
        if riichi {
            out.push(Plane::Riichi(r));
        }
        out.push(Plane::LastDiscard(r));
    }
    if family.dora {
        out.extend((1..=4).map(Plane::DoraMarkers));
        out.push(Plane::Dora);
    }
    if family.wildcard.is_some() {
        out.push(Plane::Wildcard);
    }
    out.extend([Plane::RoundWind, Plane::SeatWind, Plane::Round]);
    if family.dora {
        out.extend([Plane::Honba, Plane::Kyotaku]);
    }
    out.extend([Plane::TilesLeft, Plane::Dealer]);
    out.extend((0..p).map(Plane::Score));
    if family.actions & kinds::KITA != 0 {
        out.extend((0..p).map(Plane::Kita));
    }
    if family.flowers {
        out.extend((0..p).map(Plane::Flowers));
    }
    if family.has(kinds::DINGQUE) {
        out.extend((0..p).map(Plane::Void));
        out.extend((0..p).map(Plane::Out));
    }
    out
}

/// Planes of a family.
pub fn channels(family: &'static Family) -> usize {
    planes(family).len()
}

/// The name of every plane, in order.
pub fn plane_names(family: &'static Family) -> Vec<String> {
    planes(family)
        .iter()
        .map(|plane| match *plane {
            Plane::Hand(k) => format!("hand>={k}"),
            Plane::HandRed => "hand_red".into(),
            Plane::Drawn => "drawn".into(),
            Plane::OnOffer => "on_offer".into(),
            Plane::Discards(r, k) => format!("seat{r}_discards>={k}"),
            Plane::Melds(r, k) => format!("seat{r}_melds>={k}"),
            Plane::Riichi(r) => format!("seat{r}_riichi"),
            Plane::LastDiscard(r) => format!("seat{r}_last_discard"),
            Plane::DoraMarkers(k) => format!("dora_markers>={k}"),
            Plane::Dora => "dora".into(),
            Plane::Wildcard => "wildcard".into(),
            Plane::RoundWind => "round_wind".into(),
            Plane::SeatWind => "seat_wind".into(),
            Plane::Round => "round".into(),
            Plane::Honba => "honba".into(),
            Plane::Kyotaku => "kyotaku".into(),
            Plane::TilesLeft => "tiles_left".into(),
            Plane::Dealer => "dealer".into(),
            Plane::Score(r) => format!("seat{r}_score"),
            Plane::Kita(r) => format!("seat{r}_kita"),
            Plane::Flowers(r) => format!("seat{r}_flowers"),
            Plane::Void(r) => format!("seat{r}_void"),
            Plane::Out(r) => format!("seat{r}_out"),
        })
        .collect()
}

/// The kind a dora indicator points at: the next number of its suit, the next wind, the next
/// dragon; with three players a 1m indicator points at 9m (2m–8m are not in the wall).
fn dora_of(indicator: usize, family: &Family) -> usize {
    match indicator {
        0 if family.players == 3 => 8,
        0..=26 => indicator / 9 * 9 + (indicator % 9 + 1) % 9,
        27..=30 => 27 + (indicator - 27 + 1) % 4,
        _ => 31 + (indicator.saturating_sub(31) + 1) % 3,
    }
}

/// Writes `seat`'s planes into `out` (`channels(family) * 34` values; every one written). A
/// shorter `out` gets the planes that fit, a longer one is written as far as the planes go.
pub fn write(game: &Game, seat: Seat, family: &'static Family, out: &mut [f32]) {
    write_whole(game, seat, family, out);
}

/// Writes `seat`'s planes in the packed `uint8` form into `out` (`channels(family) * 34` bytes;
/// every one written; a shorter or longer `out` as with [`write()`]): each cell is the float32
/// cell [`write()`] writes, as [`quantize`] stores it with the plane's `(lo, step)` from
/// [`plane_scales`].
pub fn write_u8(game: &Game, seat: Seat, family: &'static Family, out: &mut [u8]) {
    write_whole(game, seat, family, out);
}

/// Every plane of `seat` written whole (nothing kept) into `out`, through a buffer of the planes'
/// size where `out` is not that size, so that no length a caller passes can fail.
fn write_whole<T: Cell>(game: &Game, seat: Seat, family: &'static Family, out: &mut [T]) {
    let size = channels(family) * 34;
    let mut nothing = Inputs::NOTHING;
    if out.len() == size {
        update(game, seat, family, &mut nothing, true, out);
    } else {
        let mut whole = vec![T::default(); size];
        update(game, seat, family, &mut nothing, true, &mut whole);
        let n = size.min(out.len());
        out[..n].copy_from_slice(&whole[..n]);
    }
}

/// A float32 cell in the packed form: `(v - lo) / step` rounded (halves away from zero), a value
/// past the range stored as its end.
pub fn quantize(v: f32, (lo, step): (f32, f32)) -> u8 {
    // Clamped first, then rounded by hand: `f32::round` is a library call on the baseline x86-64
    // target (no SSE4.1), called for every row written. On [0, 255] the truncation is exact, so
    // the fraction is too, and the answer is `round` then `clamp`'s, NaN (0) included.
    let x = ((v - lo) / step).clamp(0.0, 255.0);
    let whole = x as u8;
    if x - f32::from(whole) >= 0.5 { whole + 1 } else { whole }
}

/// Each plane's `(lo, step)` in the `uint8` form: a cell's value is `lo + byte * step`. Flags,
/// thermometers and counts are stored exactly (step 1); the scalar planes in steps of 1/100 from 0
/// to 2.55 (round, counters, sticks, tiles left, north tiles, flowers), the scores in steps of
/// 1/128 from -0.5 to 1.49 of the family's score unit; a value past the range is stored as its end.
pub fn plane_scales(family: &'static Family) -> Vec<(f32, f32)> {
    planes(family).iter().map(|&plane| scale(plane)).collect()
}

/// The `(lo, step)` of the planes stored exactly: flags, thermometers and counts.
const EXACT: (f32, f32) = (0.0, 1.0);

/// A plane's `(lo, step)` in the `uint8` form ([`plane_scales`]).
fn scale(plane: Plane) -> (f32, f32) {
    match plane {
        Plane::Score(_) => (-0.5, 1.0 / 128.0),
        Plane::Round | Plane::Honba | Plane::Kyotaku | Plane::TilesLeft | Plane::Kita(_) | Plane::Flowers(_) => {
            (0.0, 0.01)
        }
        _ => EXACT,
    }
}

/// A cell type of the planes: `float32` as computed, or one byte in the packed form.
pub trait Cell: Copy + Default {
    /// The cell that stores `v` in a plane of `(lo, step)` (the packed form's scale).
    fn of(v: f32, scale: (f32, f32)) -> Self;
}

impl Cell for f32 {
    fn of(v: f32, _: (f32, f32)) -> f32 {
        v
    }
}

impl Cell for u8 {
    fn of(v: f32, scale: (f32, f32)) -> u8 {
        quantize(v, scale)
    }
}

/// Per-kind counts of some tiles, padded from 34 kinds to five words of eight so that two of them
/// compare a word at a time ([`each_changed`]); the padding stays zero.
type Counts = [u8; 40];

/// `kinds` padded to [`Counts`].
fn padded(kinds: &[u8; 34]) -> Counts {
    let mut out = [0u8; 40];
    out[..34].copy_from_slice(kinds);
    out
}

/// `kept` to `new`, calling `f` with every kind whose count differs, found eight kinds at a time:
/// between two decisions of a seat a count changes in a kind or two, if at all.
fn each_changed(kept: &mut Counts, new: &Counts, mut f: impl FnMut(usize)) {
    let (kept, new) = (kept.as_chunks_mut::<8>().0, new.as_chunks::<8>().0);
    for (w, (old, new)) in kept.iter_mut().zip(new).enumerate() {
        let mut diff = u64::from_le_bytes(*old) ^ u64::from_le_bytes(*new);
        if diff == 0 {
            continue;
        }
        *old = *new;
        while diff != 0 {
            let byte = diff.trailing_zeros() as usize / 8;
            f(w * 8 + byte);
            diff &= !(0xff << (byte * 8));
        }
    }
}

/// Each tile's kind by its [`Pai::index`] (34 for flowers and the hidden tile, which no plane
/// shows): looked up, as tiles are counted by the hundred at every decision.
const KIND_OF: [u8; 64] = {
    let mut out = [34u8; 64];
    let mut i = 0;
    while i < 64 {
        if let Some(pai) = Pai::from_index(i as u8) {
            out[i] = pai.kind_index() as u8;
        }
        i += 1;
    }
    out
};

/// A tile's kind as [`Inputs`] keeps it (34 for flowers and the hidden tile).
fn kind(pai: Pai) -> u8 {
    KIND_OF[usize::from(pai.index() & 63)]
}

/// Everything a seat's planes are made of, as they were last written, in relative seats (index
/// 0 the seat seeing). Each plane is a function of one of these fields and of the family alone:
/// [`update`] writes again the planes of the fields that changed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Inputs {
    /// The game's [`Game::deal_id`] when the planes were written: while it is the same, the
    /// rivers and the dora indicators only grew since.
    deal: u64,
    hand: Counts,
    red: [u8; 3],
    drawn: Option<u8>,
    on_offer: Option<u8>,
    discards: [Counts; 4],
    /// The length of each relative seat's river (the tiles `discards` counts).
    river_len: [u8; 4],
    /// Each relative seat's melds (their tiles counted only when they change), and their tiles
    /// counted.
    melds: [arrayvec::ArrayVec<MeldRecord, 4>; 4],
    meld_tiles: [Counts; 4],
    riichi: [bool; 4],
    last_discard: [Option<u8>; 4],
    markers: arrayvec::ArrayVec<Pai, 5>,
    round_wind: Option<u8>,
    seat_wind: Option<u8>,
    round: usize,
    honba: u8,
    kyotaku: u8,
    tiles_left: u8,
    dealer: bool,
    scores: [i32; 4],
    kita: [u8; 4],
    flowers: [u8; 4],
    voids: [Option<usize>; 4],
    out: [bool; 4],
}

impl Inputs {
    /// The inputs of planes not written yet (every field is written whole, whatever it holds).
    const NOTHING: Inputs = Inputs {
        deal: 0,
        hand: [0; 40],
        red: [0; 3],
        drawn: None,
        on_offer: None,
        discards: [[0; 40]; 4],
        river_len: [0; 4],
        melds: [const { arrayvec::ArrayVec::new_const() }; 4],
        meld_tiles: [[0; 40]; 4],
        riichi: [false; 4],
        last_discard: [None; 4],
        markers: arrayvec::ArrayVec::new_const(),
        round_wind: None,
        seat_wind: None,
        round: 0,
        honba: 0,
        kyotaku: 0,
        tiles_left: 0,
        dealer: false,
        scores: [0; 4],
        kita: [0; 4],
        flowers: [0; 4],
        voids: [None; 4],
        out: [false; 4],
    };
}

/// Where a family's planes are, field by field of [`Inputs`]: the row each field's planes begin
/// at (`None` for a field the family has no plane of), found in its list once per process. A
/// thermometer's four rows follow one another, and the dora follows the dora markers' four.
#[derive(Debug)]
struct Rows {
    hand: usize,
    hand_red: Option<usize>,
    drawn: usize,
    on_offer: usize,
    /// Each relative seat's.
    seats: arrayvec::ArrayVec<SeatRows, 4>,
    dora_markers: Option<usize>,
    wildcard: Option<usize>,
    round_wind: usize,
    seat_wind: usize,
    round: usize,
    honba: Option<usize>,
    kyotaku: Option<usize>,
    tiles_left: usize,
    dealer: usize,
}

/// Where one relative seat's planes are.
#[derive(Debug)]
struct SeatRows {
    discards: usize,
    melds: usize,
    riichi: Option<usize>,
    last_discard: usize,
    score: usize,
    kita: Option<usize>,
    flowers: Option<usize>,
    void: Option<usize>,
    out: Option<usize>,
}

fn rows(family: &'static Family) -> &'static Rows {
    use std::sync::OnceLock;
    static ROWS: [OnceLock<Rows>; FAMILY_COUNT] = [const { OnceLock::new() }; FAMILY_COUNT];
    ROWS[family.index()].get_or_init(|| {
        let planes = planes(family);
        let find = |plane: Plane| planes.iter().position(|&p| p == plane);
        // Every family has these: `list` puts them in unconditionally.
        let first = |plane: Plane| find(plane).unwrap_or_else(|| panic!("{} has no {plane:?} plane", family.name));
        // The rows a thermometer's writer writes are its planes.
        let thermometer = |plane: &dyn Fn(u8) -> Plane| {
            let at = first(plane(1));
            assert!((1..=4).all(|k| find(plane(k)) == Some(at + usize::from(k) - 1)), "{:?}", plane(1));
            at
        };
        let dora_markers = find(Plane::DoraMarkers(1)).map(|_| thermometer(&Plane::DoraMarkers));
        if let Some(at) = dora_markers {
            assert_eq!(find(Plane::Dora), Some(at + 4));
        }
        Rows {
            hand: thermometer(&Plane::Hand),
            hand_red: find(Plane::HandRed),
            drawn: first(Plane::Drawn),
            on_offer: first(Plane::OnOffer),
            seats: (0..family.players as u8)
                .map(|r| SeatRows {
                    discards: thermometer(&|k| Plane::Discards(r, k)),
                    melds: thermometer(&|k| Plane::Melds(r, k)),
                    riichi: find(Plane::Riichi(r)),
                    last_discard: first(Plane::LastDiscard(r)),
                    score: first(Plane::Score(r)),
                    kita: find(Plane::Kita(r)),
                    flowers: find(Plane::Flowers(r)),
                    void: find(Plane::Void(r)),
                    out: find(Plane::Out(r)),
                })
                .collect(),
            dora_markers,
            wildcard: find(Plane::Wildcard),
            round_wind: first(Plane::RoundWind),
            seat_wind: first(Plane::SeatWind),
            round: first(Plane::Round),
            honba: find(Plane::Honba),
            kyotaku: find(Plane::Kyotaku),
            tiles_left: first(Plane::TilesLeft),
            dealer: first(Plane::Dealer),
        }
    })
}

/// `new` into `slot`: true if the planes of the field must be written again (they show another
/// value, or nothing yet when `fresh`).
fn changed<V: PartialEq>(slot: &mut V, new: V, fresh: bool) -> bool {
    let changed = fresh || *slot != new;
    *slot = new;
    changed
}

/// A flag's, thermometer's or one-hot row's cells for 0 and 1.
fn marks<T: Cell>() -> (T, T) {
    (T::of(0.0, EXACT), T::of(1.0, EXACT))
}

/// Row `at` of `cells`.
fn row<T>(cells: &mut [T], at: usize) -> &mut [T] {
    &mut cells[at * 34..at * 34 + 34]
}

/// The four rows from `at` to the thermometer of `new` (row `k` is 1 where the count is at
/// least `k + 1`), where they show `kept`'s (which becomes `new`): only the kinds whose counts
/// changed are written again; when `fresh`, every cell.
#[inline]
fn put_thermometer<T: Cell>(cells: &mut [T], at: usize, kept: &mut Counts, new: &Counts, fresh: bool) {
    let rows = &mut cells[at * 34..(at + 4) * 34];
    if fresh {
        *kept = *new;
        return write_thermometer(rows, new);
    }
    each_changed(kept, new, |kind| put_column(rows, kind, new[kind]));
}

/// The cells of `kind` in the four rows of a thermometer, for a count of `n`.
fn put_column<T: Cell>(rows: &mut [T], kind: usize, n: u8) {
    let (zero, one) = marks::<T>();
    for k in 0..4 {
        rows[usize::from(k) * 34 + kind] = if n > k { one } else { zero };
    }
}

/// Every cell of the four rows of the thermometer of `counts`.
#[inline(never)]
fn write_thermometer<T: Cell>(rows: &mut [T], counts: &Counts) {
    let (zero, one) = marks::<T>();
    for (k, row) in (0..4).zip(rows.chunks_exact_mut(34)) {
        for (c, &n) in row.iter_mut().zip(counts) {
            *c = if n > k { one } else { zero };
        }
    }
}

/// Row `at` to 1 at `new` (nowhere if `None`, or not one of the 34 kinds) and 0 elsewhere, where
/// it shows `kept` (which becomes `new`); when `fresh`, every cell.
fn put_one_hot<T: Cell>(cells: &mut [T], at: usize, kept: &mut Option<u8>, new: Option<u8>, fresh: bool) {
    if !fresh && *kept == new {
        return;
    }
    let (zero, one) = marks::<T>();
    let row = row(cells, at);
    if fresh {
        row.fill(zero);
    } else if let Some(c) = kept.and_then(|k| row.get_mut(usize::from(k))) {
        *c = zero;
    }
    if let Some(c) = new.and_then(|k| row.get_mut(usize::from(k))) {
        *c = one;
    }
    *kept = new;
}

/// The tiles of a river past those `kept` counts (`added`), counted into `kept`, and their
/// cells written in the four rows of the thermometer from `at`, which show `kept`: a kind's count
/// going from `n - 1` to `n` turns on row `n - 1`'s cell alone (none past the fourth row).
fn put_added<T: Cell>(cells: &mut [T], at: usize, kept: &mut Counts, added: &[RiverTile]) {
    let (_, one) = marks::<T>();
    let rows = &mut cells[at * 34..(at + 4) * 34];
    for t in added {
        let k = usize::from(kind(t.pai));
        // Flowers and the hidden tile are not counted (as `count` leaves them out).
        if k < 34 {
            kept[k] += 1;
            if let Some(c) = rows.get_mut(usize::from(kept[k] - 1) * 34 + k) {
                *c = one;
            }
        }
    }
}

/// Counts `tiles` into `out` (flowers and hidden tiles not counted).
fn count(out: &mut Counts, tiles: impl Iterator<Item = Pai>) {
    *out = [0; 40];
    for t in tiles {
        // Flowers and the hidden tile are of "kind" 34: counted in the padding, then forgotten
        // (no branch per tile). No count comes near 255 (a river holds at most 32 tiles).
        out[usize::from(kind(t))] += 1;
    }
    out[34] = 0;
}

/// Whether two lists of melds are the same: `==`, a meld's four tiles compared as one word.
fn same_melds(a: &[MeldRecord], b: &[MeldRecord]) -> bool {
    let tiles = |m: &MeldRecord| u32::from_le_bytes(m.pais.map(Pai::index));
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| tiles(a) == tiles(b) && a.kind == b.kind && a.from == b.from)
}

/// The tiles of `melds`.
fn meld_tiles(melds: &[MeldRecord]) -> impl Iterator<Item = Pai> + '_ {
    melds.iter().flat_map(|m| m.tiles().iter().copied())
}

/// Writes `seat`'s planes into `cells` (`channels(family) * 34` of them) where they changed:
/// `kept` holds the inputs the cells show, unless `fresh` (they show nothing yet: every plane is
/// written), and is brought up to date. The one writer of the planes, in both forms: a cell of
/// the packed form is the float32 cell quantized (`Cell::of`), by construction.
fn update<T: Cell>(game: &Game, seat: Seat, family: &'static Family, kept: &mut Inputs, fresh: bool, cells: &mut [T]) {
    let rows = rows(family);
    let (zero, one) = marks::<T>();
    let flag = |cells: &mut [T], at: usize, on: bool| row(cells, at).fill(if on { one } else { zero });
    let value = |cells: &mut [T], at: usize, v: f32, plane: Plane| row(cells, at).fill(T::of(v, scale(plane)));
    let mut counted = [0u8; 40];

    let hand = game.hand(seat);
    put_thermometer(cells, rows.hand, &mut kept.hand, &padded(&hand.kinds), fresh);
    if let Some(at) = rows.hand_red
        && changed(&mut kept.red, hand.red, fresh)
    {
        let row = row(cells, at);
        // Only the fives' cells are ever 1.
        if fresh {
            row.fill(zero);
        }
        for (suit, &red) in hand.red.iter().enumerate() {
            row[suit * 9 + 4] = if red > 0 { one } else { zero };
        }
    }
    put_one_hot(cells, rows.drawn, &mut kept.drawn, game.drawn(seat).map(kind), fresh);
    put_one_hot(cells, rows.on_offer, &mut kept.on_offer, game.tile_on_offer().map(|(_, pai)| kind(pai)), fresh);

    // Under the deal's number the cells show (and the turn order with it), the rivers and the
    // dora indicators only grew: the tiles past those counted are all that changed of them.
    let deal = game.deal_id();
    let same_deal = !fresh && kept.deal == deal;
    kept.deal = deal;

    let scores = game.scores();
    for (r, at) in rows.seats.iter().enumerate() {
        // Relative seats in turn order, which in GB follows the places the players sit at.
        let s = game.next_in_turn(seat, r as u8);
        let river = game.river(s);
        let seen = usize::from(kept.river_len[r]);
        kept.river_len[r] = river.len() as u8;
        match river.get(seen..) {
            Some(added) if same_deal => {
                if !added.is_empty() {
                    put_added(cells, at.discards, &mut kept.discards[r], added);
                    let last = river.last().map(|t| kind(t.pai));
                    put_one_hot(cells, at.last_discard, &mut kept.last_discard[r], last, false);
                }
            }
            _ => {
                count(&mut counted, river.iter().map(|t| t.pai));
                put_thermometer(cells, at.discards, &mut kept.discards[r], &counted, fresh);
                let last = river.last().map(|t| kind(t.pai));
                put_one_hot(cells, at.last_discard, &mut kept.last_discard[r], last, fresh);
            }
        }
        let melds = game.melds(s);
        if fresh || !same_melds(melds, &kept.melds[r]) {
            count(&mut counted, meld_tiles(melds));
            put_thermometer(cells, at.melds, &mut kept.meld_tiles[r], &counted, fresh);
            kept.melds[r] = melds.iter().copied().collect();
        }
        if let Some(at) = at.riichi
            && changed(&mut kept.riichi[r], game.in_riichi(s), fresh)
        {
            flag(cells, at, kept.riichi[r]);
        }
        if changed(&mut kept.scores[r], scores[usize::from(s & 3)], fresh) {
            value(cells, at.score, kept.scores[r] as f32 / family.score_unit, Plane::Score(r as u8));
        }
        if let Some(at) = at.kita
            && changed(&mut kept.kita[r], game.nuki(s), fresh)
        {
            value(cells, at, f32::from(kept.kita[r]) / 4.0, Plane::Kita(r as u8));
        }
        if let Some(at) = at.flowers
            && changed(&mut kept.flowers[r], game.flowers(s), fresh)
        {
            value(cells, at, f32::from(kept.flowers[r]) / 8.0, Plane::Flowers(r as u8));
        }
        if let Some(at) = at.void
            && changed(&mut kept.voids[r], game.void_suit(s).map(suit_index), fresh)
        {
            let row = row(cells, at);
            row.fill(zero);
            if let Some(suit) = kept.voids[r] {
                row[suit * 9..suit * 9 + 9].fill(one);
            }
        }
        if let Some(at) = at.out
            && changed(&mut kept.out[r], game.is_out(s), fresh)
        {
            flag(cells, at, kept.out[r]);
        }
    }

    // Under one deal's number the indicators only grow: the same number of them are the same.
    if let Some(at) = rows.dora_markers
        && !(same_deal && kept.markers.len() == game.dora_marker_count())
    {
        let markers = game.dora_markers();
        if fresh || markers != kept.markers {
            let mut before = [0; 40];
            count(&mut before, kept.markers.iter().copied());
            count(&mut counted, markers.iter().copied());
            put_thermometer(cells, at, &mut before, &counted, fresh);
            let mut dora = [0f32; 34];
            // Each indicator adds one at the kind it points at (the hidden tile points nowhere).
            for k in markers.iter().map(|&m| usize::from(kind(m))).filter(|&k| k < 34) {
                dora[dora_of(k, family)] += 1.0;
            }
            for (c, &v) in row(cells, at + 4).iter_mut().zip(&dora) {
                *c = T::of(v, scale(Plane::Dora));
            }
            kept.markers = markers;
        }
    }
    if let Some(at) = rows.wildcard
        && fresh
    {
        let mut never = None;
        put_one_hot(cells, at, &mut never, family.wildcard.map(|k| k as u8), true);
    }
    let wind = kind(game.bakaze());
    put_one_hot(cells, rows.round_wind, &mut kept.round_wind, Some(wind), fresh);
    put_one_hot(cells, rows.seat_wind, &mut kept.seat_wind, Some(kind(game.seat_wind(seat))), fresh);
    let round = usize::from(wind).saturating_sub(27) * 4 + usize::from(game.kyoku().saturating_sub(1));
    if changed(&mut kept.round, round, fresh) {
        value(cells, rows.round, round as f32 / family.hands, Plane::Round);
    }
    if let Some(at) = rows.honba
        && changed(&mut kept.honba, game.honba(), fresh)
    {
        value(cells, at, f32::from(kept.honba) / 10.0, Plane::Honba);
    }
    if let Some(at) = rows.kyotaku
        && changed(&mut kept.kyotaku, game.kyotaku(), fresh)
    {
        value(cells, at, f32::from(kept.kyotaku) / 10.0, Plane::Kyotaku);
    }
    if changed(&mut kept.tiles_left, game.tiles_left().min(255) as u8, fresh) {
        value(cells, rows.tiles_left, f32::from(kept.tiles_left) / family.live_tiles, Plane::TilesLeft);
    }
    if changed(&mut kept.dealer, game.oya() == seat, fresh) {
        flag(cells, rows.dealer, kept.dealer);
    }
}

/// Each seat's planes kept from its last decision, for readers that write a seat's planes at
/// every decision of a game: between two decisions of a seat most planes do not change (a
/// discard changes one seat's discards and last discard, a draw the hand and the tiles left), so
/// only the cells whose inputs changed are written again, and the whole is copied out. The
/// planes are those [`write()`] (or [`write_u8`]) would write, whatever the games and seats asked
/// in whatever order: a cell is kept only when everything it is made of is the same. A river
/// and the dora indicators are compared by their lengths alone when the game holds the
/// [`Game::deal_id`] they were last seen under, under which they only grow: then only the tiles
/// added since are counted.
#[derive(Debug, Clone)]
pub struct Running<T> {
    family: &'static Family,
    seats: [Option<(Box<Inputs>, Vec<T>)>; 4],
}

impl<T: Cell> Running<T> {
    /// No seat's planes kept yet.
    pub fn new(family: &'static Family) -> Running<T> {
        Running { family, seats: Default::default() }
    }

    /// The planes kept in `slot` if they are of `family`, else new ones put there.
    pub fn kept_for<'a>(slot: &'a mut Option<Running<T>>, family: &'static Family) -> &'a mut Running<T> {
        if slot.as_ref().is_some_and(|r| !std::ptr::eq(r.family, family)) {
            *slot = None;
        }
        slot.get_or_insert_with(|| Running::new(family))
    }

    /// `seat`'s planes in `game` now (`channels(family) * 34` cells), brought up to date.
    pub fn planes(&mut self, game: &Game, seat: Seat) -> &[T] {
        let family = self.family;
        let kept = &mut self.seats[usize::from(seat) & 3];
        let fresh = kept.is_none();
        let (inputs, cells) =
            kept.get_or_insert_with(|| (Box::new(Inputs::NOTHING), vec![T::default(); channels(family) * 34]));
        update(game, seat, family, inputs, fresh, cells);
        cells
    }
}
