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

use hupai_game::{Game, Pai, Seat};

use crate::action_table::{FAMILY_COUNT, Family, kinds, suit_index};

/// The planes of `family`, in order: what [`write`] writes and [`plane_names`] names.
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

/// A row of 34 with one cell set (none if `kind` is not a kind).
fn one_hot(row: &mut [f32], kind: Option<usize>) {
    row.fill(0.0);
    if let Some(cell) = kind.and_then(|k| row.get_mut(k)) {
        *cell = 1.0;
    }
}

/// Writes `seat`'s planes into `out` (`channels(family) * 34` values; every one written).
pub fn write(game: &Game, seat: Seat, family: &'static Family, out: &mut [f32]) {
    let view = game.view(seat);
    let p = family.players;
    let s = usize::from(seat);
    // Relative seats in turn order, which in GB follows the places the players sit at.
    let abs = |r: u8| usize::from(game.next_in_turn(seat, r));
    let hand = view.hand.kinds;
    let mut discards = [[0u8; 34]; 4];
    let mut melded = [[0u8; 34]; 4];
    for r in 0..p {
        discards[r] = counts(view.rivers[abs(r as u8)].iter().map(|t| t.pai));
        melded[r] = counts(view.melds[abs(r as u8)].iter().flat_map(|m| m.tiles().iter().copied()));
    }
    let markers = counts(view.dora_markers.iter().copied());
    let round = view.bakaze.kind_index().saturating_sub(27) * 4 + usize::from(view.kyoku.saturating_sub(1));
    let thermometer = |row: &mut [f32], counts: &[u8; 34], k: u8| {
        for (cell, &c) in row.iter_mut().zip(counts) {
            *cell = if c >= k { 1.0 } else { 0.0 };
        }
    };
    for (plane, row) in planes(family).iter().zip(out.chunks_exact_mut(34)) {
        match *plane {
            Plane::Hand(k) => thermometer(row, &hand, k),
            Plane::HandRed => {
                row.fill(0.0);
                for (suit, &red) in view.hand.red.iter().enumerate() {
                    if red > 0 {
                        row[suit * 9 + 4] = 1.0;
                    }
                }
            }
            Plane::Drawn => one_hot(row, view.drawn.map(Pai::kind_index)),
            Plane::OnOffer => one_hot(row, game.tile_on_offer().map(|(_, pai)| pai.kind_index())),
            Plane::Discards(r, k) => thermometer(row, &discards[usize::from(r)], k),
            Plane::Melds(r, k) => thermometer(row, &melded[usize::from(r)], k),
            Plane::Riichi(r) => row.fill(if view.riichi[abs(r)] { 1.0 } else { 0.0 }),
            Plane::LastDiscard(r) => one_hot(row, view.rivers[abs(r)].last().map(|t| t.pai.kind_index())),
            Plane::DoraMarkers(k) => thermometer(row, &markers, k),
            Plane::Dora => {
                row.fill(0.0);
                for (k, &c) in markers.iter().enumerate() {
                    row[dora_of(k, family)] += f32::from(c);
                }
            }
            Plane::Wildcard => one_hot(row, family.wildcard),
            Plane::RoundWind => one_hot(row, Some(view.bakaze.kind_index())),
            Plane::SeatWind => one_hot(row, Some(game.seat_wind(seat).kind_index())),
            Plane::Round => row.fill(round as f32 / family.hands),
            Plane::Honba => row.fill(f32::from(view.honba) / 10.0),
            Plane::Kyotaku => row.fill(f32::from(view.kyotaku) / 10.0),
            Plane::TilesLeft => row.fill(f32::from(view.tiles_left) / family.live_tiles),
            Plane::Dealer => row.fill(if usize::from(view.oya) == s { 1.0 } else { 0.0 }),
            Plane::Score(r) => row.fill(view.scores[abs(r)] as f32 / family.score_unit),
            Plane::Kita(r) => row.fill(f32::from(view.nuki[abs(r)]) / 4.0),
            Plane::Flowers(r) => row.fill(f32::from(view.flowers[abs(r)]) / 8.0),
            Plane::Void(r) => {
                row.fill(0.0);
                if let Some(suit) = view.voids[abs(r)] {
                    let first = suit_index(suit) * 9;
                    row[first..first + 9].fill(1.0);
                }
            }
            Plane::Out(r) => row.fill(if view.out[abs(r)] { 1.0 } else { 0.0 }),
        }
    }
}
