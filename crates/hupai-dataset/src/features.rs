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
//! [`write()`] reads the seat's view and writes every plane; [`write_u8`] the same in the packed
//! form. A reader that writes a seat's planes at every decision of a game keeps them in a
//! [`Running`], which writes again only the planes whose inputs changed since the seat's last
//! decision (most do not between two decisions) and gives the whole to copy out.

use hupai_game::{Game, Pai, Seat};

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

/// Per-kind counts of some tiles (flowers and hidden tiles not counted).
fn counts(tiles: impl Iterator<Item = Pai>) -> [u8; 34] {
    let mut out = [0u8; 34];
    for t in tiles {
        if let Some(c) = out.get_mut(t.kind_index()) {
            *c = c.saturating_add(1);
        }
    }
    out
}

/// Writes `seat`'s planes into `out` (`channels(family) * 34` values; every one written).
pub fn write(game: &Game, seat: Seat, family: &'static Family, out: &mut [f32]) {
    write_all(&Inputs::read(game, seat, family), family, out);
}

/// Writes `seat`'s planes in the packed `uint8` form into `out` (`channels(family) * 34` bytes;
/// every one written): each cell is the float32 cell [`write()`] writes, as [`quantize`] stores
/// it with the plane's `(lo, step)` from [`plane_scales`].
pub fn write_u8(game: &Game, seat: Seat, family: &'static Family, out: &mut [u8]) {
    write_all(&Inputs::read(game, seat, family), family, out);
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
    plane_names(family)
        .iter()
        .map(|name| {
            if name.ends_with("_score") {
                (-0.5, 1.0 / 128.0)
            } else if ["round", "honba", "kyotaku", "tiles_left"].contains(&name.as_str())
                || name.ends_with("_kita")
                || name.ends_with("_flowers")
            {
                (0.0, 0.01)
            } else {
                (0.0, 1.0)
            }
        })
        .collect()
}

/// [`plane_scales`], listed once per family.
fn scales(family: &'static Family) -> &'static [(f32, f32)] {
    use std::sync::OnceLock;
    static SCALES: [OnceLock<Vec<(f32, f32)>>; FAMILY_COUNT] = [const { OnceLock::new() }; FAMILY_COUNT];
    SCALES[family.index()].get_or_init(|| plane_scales(family))
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

/// Everything a seat's planes are made of, read from the game once per decision, in relative
/// seats (index 0 the seat seeing). Each plane is a function of a few of these fields and of the
/// family alone ([`write_row`]); [`Running`] rewrites a plane only when its fields changed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Inputs {
    hand: [u8; 34],
    red: [u8; 3],
    drawn: Option<usize>,
    on_offer: Option<usize>,
    discards: [[u8; 34]; 4],
    melded: [[u8; 34]; 4],
    riichi: [bool; 4],
    last_discard: [Option<usize>; 4],
    markers: [u8; 34],
    round_wind: usize,
    seat_wind: usize,
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
    fn read(game: &Game, seat: Seat, family: &'static Family) -> Inputs {
        let view = game.view(seat);
        let p = family.players;
        let mut inputs = Inputs {
            hand: view.hand.kinds,
            red: view.hand.red,
            drawn: view.drawn.map(Pai::kind_index),
            on_offer: game.tile_on_offer().map(|(_, pai)| pai.kind_index()),
            discards: [[0; 34]; 4],
            melded: [[0; 34]; 4],
            riichi: [false; 4],
            last_discard: [None; 4],
            markers: counts(view.dora_markers.iter().copied()),
            round_wind: view.bakaze.kind_index(),
            seat_wind: game.seat_wind(seat).kind_index(),
            round: view.bakaze.kind_index().saturating_sub(27) * 4 + usize::from(view.kyoku.saturating_sub(1)),
            honba: view.honba,
            kyotaku: view.kyotaku,
            tiles_left: view.tiles_left,
            dealer: view.oya == seat,
            scores: [0; 4],
            kita: [0; 4],
            flowers: [0; 4],
            voids: [None; 4],
            out: [false; 4],
        };
        for r in 0..p {
            // Relative seats in turn order, which in GB follows the places the players sit at.
            let a = usize::from(game.next_in_turn(seat, r as u8));
            inputs.discards[r] = counts(view.rivers[a].iter().map(|t| t.pai));
            inputs.melded[r] = counts(view.melds[a].iter().flat_map(|m| m.tiles().iter().copied()));
            inputs.riichi[r] = view.riichi[a];
            inputs.last_discard[r] = view.rivers[a].last().map(|t| t.pai.kind_index());
            inputs.scores[r] = view.scores[a];
            inputs.kita[r] = view.nuki[a];
            inputs.flowers[r] = view.flowers[a];
            inputs.voids[r] = view.voids[a].map(suit_index);
            inputs.out[r] = view.out[a];
        }
        inputs
    }

    /// True if `plane` reads the same fields in both (so its row is the same).
    fn same_for(&self, other: &Inputs, plane: Plane) -> bool {
        let r = |r: u8| usize::from(r);
        match plane {
            Plane::Hand(_) => self.hand == other.hand,
            Plane::HandRed => self.red == other.red,
            Plane::Drawn => self.drawn == other.drawn,
            Plane::OnOffer => self.on_offer == other.on_offer,
            Plane::Discards(s, _) => self.discards[r(s)] == other.discards[r(s)],
            Plane::Melds(s, _) => self.melded[r(s)] == other.melded[r(s)],
            Plane::Riichi(s) => self.riichi[r(s)] == other.riichi[r(s)],
            Plane::LastDiscard(s) => self.last_discard[r(s)] == other.last_discard[r(s)],
            Plane::DoraMarkers(_) | Plane::Dora => self.markers == other.markers,
            Plane::Wildcard => true,
            Plane::RoundWind => self.round_wind == other.round_wind,
            Plane::SeatWind => self.seat_wind == other.seat_wind,
            Plane::Round => self.round == other.round,
            Plane::Honba => self.honba == other.honba,
            Plane::Kyotaku => self.kyotaku == other.kyotaku,
            Plane::TilesLeft => self.tiles_left == other.tiles_left,
            Plane::Dealer => self.dealer == other.dealer,
            Plane::Score(s) => self.scores[r(s)] == other.scores[r(s)],
            Plane::Kita(s) => self.kita[r(s)] == other.kita[r(s)],
            Plane::Flowers(s) => self.flowers[r(s)] == other.flowers[r(s)],
            Plane::Void(s) => self.voids[r(s)] == other.voids[r(s)],
            Plane::Out(s) => self.out[r(s)] == other.out[r(s)],
        }
    }
}

/// True if two planes read the same fields of [`Inputs`] (so one comparison answers for both).
fn same_field(a: Plane, b: Plane) -> bool {
    match (a, b) {
        (Plane::Hand(_), Plane::Hand(_)) => true,
        (Plane::Discards(r, _), Plane::Discards(s, _)) | (Plane::Melds(r, _), Plane::Melds(s, _)) => r == s,
        (Plane::DoraMarkers(_) | Plane::Dora, Plane::DoraMarkers(_) | Plane::Dora) => true,
        _ => false,
    }
}

/// Every plane of `inputs` into `out`.
fn write_all<T: Cell>(inputs: &Inputs, family: &'static Family, out: &mut [T]) {
    let scales = scales(family);
    for (i, (&plane, row)) in planes(family).iter().zip(out.chunks_exact_mut(34)).enumerate() {
        write_row(plane, scales[i], inputs, family, row);
    }
}

/// The one writer of a plane's row, in both forms: a cell of the packed form is the float32
/// cell quantized (`Cell::of`), by construction.
fn write_row<T: Cell>(plane: Plane, scale: (f32, f32), inputs: &Inputs, family: &Family, row: &mut [T]) {
    let zero = T::of(0.0, scale);
    let one = T::of(1.0, scale);
    let thermometer = |row: &mut [T], counts: &[u8; 34], k: u8| {
        for (c, &n) in row.iter_mut().zip(counts) {
            *c = if n >= k { one } else { zero };
        }
    };
    let one_hot = |row: &mut [T], kind: Option<usize>| {
        row.fill(zero);
        if let Some(c) = kind.and_then(|k| row.get_mut(k)) {
            *c = one;
        }
    };
    let flag = |row: &mut [T], on: bool| row.fill(if on { one } else { zero });
    let value = |row: &mut [T], v: f32| row.fill(T::of(v, scale));
    let r = |r: u8| usize::from(r);
    match plane {
        Plane::Hand(k) => thermometer(row, &inputs.hand, k),
        Plane::HandRed => {
            row.fill(zero);
            for (suit, &red) in inputs.red.iter().enumerate() {
                if red > 0 {
                    row[suit * 9 + 4] = one;
                }
            }
        }
        Plane::Drawn => one_hot(row, inputs.drawn),
        Plane::OnOffer => one_hot(row, inputs.on_offer),
        Plane::Discards(s, k) => thermometer(row, &inputs.discards[r(s)], k),
        Plane::Melds(s, k) => thermometer(row, &inputs.melded[r(s)], k),
        Plane::Riichi(s) => flag(row, inputs.riichi[r(s)]),
        Plane::LastDiscard(s) => one_hot(row, inputs.last_discard[r(s)]),
        Plane::DoraMarkers(k) => thermometer(row, &inputs.markers, k),
        Plane::Dora => {
            let mut dora = [0f32; 34];
            for (k, &c) in inputs.markers.iter().enumerate() {
                dora[dora_of(k, family)] += f32::from(c);
            }
            for (c, &v) in row.iter_mut().zip(&dora) {
                *c = T::of(v, scale);
            }
        }
        Plane::Wildcard => one_hot(row, family.wildcard),
        Plane::RoundWind => one_hot(row, Some(inputs.round_wind)),
        Plane::SeatWind => one_hot(row, Some(inputs.seat_wind)),
        Plane::Round => value(row, inputs.round as f32 / family.hands),
        Plane::Honba => value(row, f32::from(inputs.honba) / 10.0),
        Plane::Kyotaku => value(row, f32::from(inputs.kyotaku) / 10.0),
        Plane::TilesLeft => value(row, f32::from(inputs.tiles_left) / family.live_tiles),
        Plane::Dealer => flag(row, inputs.dealer),
        Plane::Score(s) => value(row, inputs.scores[r(s)] as f32 / family.score_unit),
        Plane::Kita(s) => value(row, f32::from(inputs.kita[r(s)]) / 4.0),
        Plane::Flowers(s) => value(row, f32::from(inputs.flowers[r(s)]) / 8.0),
        Plane::Void(s) => {
            row.fill(zero);
            if let Some(suit) = inputs.voids[r(s)] {
                row[suit * 9..suit * 9 + 9].fill(one);
            }
        }
        Plane::Out(s) => flag(row, inputs.out[r(s)]),
    }
}

/// Each seat's planes kept from its last decision, for readers that write a seat's planes at
/// every decision of a game: between two decisions of a seat most planes do not change (a
/// discard changes one seat's discards and last discard, a draw the hand and the tiles left), so
/// only the planes whose inputs changed are written again, and the whole is copied out. The
/// planes are those [`write()`] (or [`write_u8`]) would write, whatever the games and seats asked
/// in whatever order: a plane is kept only when everything it is made of is the same.
#[derive(Debug, Clone)]
pub struct Running<T> {
    family: &'static Family,
    seats: [Option<(Inputs, Vec<T>)>; 4],
}

impl<T: Cell> Running<T> {
    /// No seat's planes kept yet.
    pub fn new(family: &'static Family) -> Running<T> {
        Running { family, seats: Default::default() }
    }

    /// `seat`'s planes in `game` now (`channels(family) * 34` cells), brought up to date.
    pub fn planes(&mut self, game: &Game, seat: Seat) -> &[T] {
        let family = self.family;
        let inputs = Inputs::read(game, seat, family);
        let kept = &mut self.seats[usize::from(seat) & 3];
        match kept {
            Some((old, cells)) => {
                let scales = scales(family);
                // The planes of one field (a thermometer's four, the dora markers' and the dora)
                // are listed together: the field is compared once for them all.
                let mut last: Option<(Plane, bool)> = None;
                for (i, (&plane, row)) in planes(family).iter().zip(cells.chunks_exact_mut(34)).enumerate() {
                    let same = match last {
                        Some((before, same)) if same_field(before, plane) => same,
                        _ => old.same_for(&inputs, plane),
                    };
                    last = Some((plane, same));
                    if !same {
                        write_row(plane, scales[i], &inputs, family, row);
                    }
                }
                *old = inputs;
                cells
            }
            None => {
                let mut cells = vec![T::default(); channels(family) * 34];
                write_all(&inputs, family, &mut cells);
                &kept.insert((inputs, cells)).1
            }
        }
    }
}
