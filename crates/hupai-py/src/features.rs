//! The feature planes of `hupai.game`: what one seat sees, as a `(channels, 34)` float32 array
//! (a row per plane, a column per tile kind in `hupai.TILES` order), for policy networks that
//! take tables rather than event streams. docs/python.md lists the planes of each family; the
//! names `plane_names` gives are the ones it uses.
//!
//! Seats are relative: block 0 is the seat seeing, block 1 the next seat to its right (who plays
//! after it), and so on. Counts are thermometers (plane `k` is 1 where the count is at least
//! `k + 1`), flags are planes of ones, numbers are planes of one value scaled to about 0–1.

use hupai_game::{Game, Pai, Seat};

use crate::action_table::Family;

/// Planes before the per-seat blocks: hand ≥1–4, red fives held, the drawn tile, the tile on offer.
const OWN: usize = 7;
/// Planes per seat: discards ≥1–4, meld tiles ≥1–4, riichi, the last discard.
const PER_SEAT: usize = 10;
/// Planes after the per-seat blocks, before the per-seat numbers: dora indicators ≥1–4, dora,
/// round wind, seat wind, round, counters, riichi sticks, tiles left, dealer.
const TABLE: usize = 12;

/// Planes of a family.
pub(crate) fn channels(family: Family) -> usize {
    let p = family.players();
    let nuki = if family == Family::Riichi3 { p } else { 0 };
    OWN + PER_SEAT * p + TABLE + p + nuki
}

/// The name of every plane, in order.
pub(crate) fn plane_names(family: Family) -> Vec<String> {
    let mut names: Vec<String> = (1..=4).map(|k| format!("hand>={k}")).collect();
    names.extend(["hand_red", "drawn", "on_offer"].map(String::from));
    for r in 0..family.players() {
        names.extend((1..=4).map(|k| format!("seat{r}_discards>={k}")));
        names.extend((1..=4).map(|k| format!("seat{r}_melds>={k}")));
        names.push(format!("seat{r}_riichi"));
        names.push(format!("seat{r}_last_discard"));
    }
    names.extend((1..=4).map(|k| format!("dora_markers>={k}")));
    names.extend(
        ["dora", "round_wind", "seat_wind", "round", "honba", "kyotaku", "tiles_left", "dealer"].map(String::from),
    );
    names.extend((0..family.players()).map(|r| format!("seat{r}_score")));
    if family == Family::Riichi3 {
        names.extend((0..family.players()).map(|r| format!("seat{r}_kita")));
    }
    names
}

/// The kind a dora indicator points at: the next number of its suit, the next wind, the next
/// dragon; with three players a 1m indicator points at 9m (2m–8m are not in the wall).
fn dora_of(indicator: usize, family: Family) -> usize {
    match indicator {
        0 if family == Family::Riichi3 => 8,
        0..=26 => indicator / 9 * 9 + (indicator % 9 + 1) % 9,
        27..=30 => 27 + (indicator - 27 + 1) % 4,
        _ => 31 + (indicator.saturating_sub(31) + 1) % 3,
    }
}

/// Writes `seat`'s planes into `out` (`channels(family) * 34` values, overwritten).
pub(crate) fn write(game: &Game, seat: Seat, family: Family, out: &mut [f32]) {
    out.fill(0.0);
    let p = family.players();
    let view = game.view(seat);
    let row = |out: &mut [f32], plane: usize, kind: usize, value: f32| {
        if let Some(cell) = out.get_mut(plane * 34 + kind) {
            *cell = value;
        }
    };
    let fill = |out: &mut [f32], plane: usize, value: f32| {
        if let Some(cells) = out.get_mut(plane * 34..plane * 34 + 34) {
            cells.fill(value);
        }
    };
    let thermometer = |out: &mut [f32], first: usize, counts: &[u8; 34]| {
        for (k, &c) in counts.iter().enumerate() {
            for level in 0..usize::from(c.min(4)) {
                row(out, first + level, k, 1.0);
            }
        }
    };
    thermometer(out, 0, &view.hand.kinds);
    for (suit, &red) in view.hand.red.iter().enumerate() {
        if red > 0 {
            row(out, 4, suit * 9 + 4, 1.0);
        }
    }
    if let Some(drawn) = view.drawn {
        row(out, 5, drawn.kind_index(), 1.0);
    }
    if let Some((_, pai)) = game.tile_on_offer() {
        row(out, 6, pai.kind_index(), 1.0);
    }
    let seat = usize::from(seat);
    for r in 0..p {
        let s = (seat + r) % p;
        let first = OWN + PER_SEAT * r;
        let mut discards = [0u8; 34];
        for t in &view.rivers[s] {
            if let Some(c) = discards.get_mut(t.pai.kind_index()) {
                *c += 1;
            }
        }
        thermometer(out, first, &discards);
        let mut melded = [0u8; 34];
        for m in &view.melds[s] {
            for pai in m.tiles() {
                if let Some(c) = melded.get_mut(pai.kind_index()) {
                    *c += 1;
                }
            }
        }
        thermometer(out, first + 4, &melded);
        if view.riichi[s] {
            fill(out, first + 8, 1.0);
        }
        if let Some(last) = view.rivers[s].last() {
            row(out, first + 9, last.pai.kind_index(), 1.0);
        }
    }
    let table = OWN + PER_SEAT * p;
    let mut markers = [0u8; 34];
    for m in &view.dora_markers {
        let k = m.kind_index();
        if k < 34 {
            markers[k] += 1;
            let dora = dora_of(k, family);
            out[(table + 4) * 34 + dora] += 1.0;
        }
    }
    thermometer(out, table, &markers);
    row(out, table + 5, view.bakaze.kind_index(), 1.0);
    let jikaze = (seat + p - usize::from(view.oya)) % p;
    row(out, table + 6, Pai::of(hupai::Tile::ALL[27 + jikaze]).kind_index(), 1.0);
    let round = view.bakaze.kind_index().saturating_sub(27) * 4 + usize::from(view.kyoku.saturating_sub(1));
    fill(out, table + 7, round as f32 / 8.0);
    fill(out, table + 8, f32::from(view.honba) / 10.0);
    fill(out, table + 9, f32::from(view.kyotaku) / 10.0);
    fill(out, table + 10, f32::from(view.tiles_left) / 70.0);
    fill(out, table + 11, if usize::from(view.oya) == seat { 1.0 } else { 0.0 });
    let numbers = table + TABLE;
    for r in 0..p {
        let s = (seat + r) % p;
        fill(out, numbers + r, view.scores[s] as f32 / 100_000.0);
        if family == Family::Riichi3 {
            fill(out, numbers + p + r, f32::from(view.nuki[s]) / 4.0);
        }
    }
}
