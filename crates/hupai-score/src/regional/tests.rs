//! The search's shortcuts against the search without them, on random tables a server could
//! write (any conditions, `not` and `any`, groups, replacements, counted fans, caps, points
//! formulas, loose readings) and random hands with 0 to 8 wildcards: dropping partial readings
//! whose bound cannot beat the best, trying interchangeable kinds once and testing conditions as
//! bit masks must change no answer. The bound itself is checked to be at least what any reading
//! it covers scores. `HUPAI_FULL=1` runs ten times more.

use hupai::{Group, Hand, Tile, TileCounts};

use super::bound::{Bound, Known};
use super::compiled::Compiled;
use super::condition::{Facts, bit};
use super::evaluate::evaluate;
use super::{Table, score_with};
use crate::Situation;

#[path = "../../tests/support/random_tables.rs"]
mod random_tables;

use random_tables::{Rng, Shape, place, table_json};

fn size(default: usize) -> usize {
    if std::env::var_os("HUPAI_FULL").is_some() { default * 10 } else { default }
}

/// A table a server could send: random rules, cap, points, loose reading and fans.
fn table(rng: &mut Rng) -> Table {
    let rules = ["sichuan", "changsha", "hongzhong"][rng.below(3)];
    let shape = Shape {
        rules,
        red_wildcard: 70,
        loose_kinds: &["258m258p258s", "7z", "19m19p19s", "123456789m", "5m5p5s7z"],
        disabled: 10,
    };
    let text = table_json(rng, &shape);
    Table::from_json_text(&text).unwrap_or_else(|e| panic!("a generated table is refused: {e}\n{text}"))
}

/// A numbered kind of one of `suits`, of one of `ranks`.
fn numbered(rng: &mut Rng, suits: &[usize], ranks: &[usize]) -> Tile {
    Tile::ALL[suits[rng.below(suits.len())] * 9 + ranks[rng.below(ranks.len())] - 1]
}

/// A winning-shaped hand (melds and a pair, or seven pairs, some melds declared) whose
/// concealed tiles become `wildcards` wildcards (red dragons first when the table makes them
/// wild), with a situation that can happen.
fn hand(rng: &mut Rng, table: &Table, wildcards: usize) -> Option<Situation> {
    let suits: Vec<usize> = match rng.below(10) {
        0 => vec![rng.below(3)],
        1 => vec![0, 1, 2],
        _ => {
            let skip = rng.below(3);
            (0..3).filter(|&s| s != skip).collect()
        }
    };
    let any = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let honors = rng.chance(15);
    let kind = |rng: &mut Rng| {
        if honors && rng.chance(20) { Tile::ALL[27 + rng.below(6)] } else { numbered(rng, &suits, &any) }
    };
    let mut concealed = TileCounts::EMPTY;
    let mut melds = Vec::new();
    if rng.chance(15) {
        for _ in 0..7 {
            concealed[kind(rng)] += 2;
        }
    } else {
        concealed[kind(rng)] += 2;
        let declared = [0, 0, 0, 1, 1, 2, 4][rng.below(7)];
        for i in 0..4 {
            let group = if rng.chance(50) {
                Group::Sequence(numbered(rng, &suits, &[1, 2, 3, 4, 5, 6, 7]))
            } else {
                Group::Triplet(kind(rng))
            };
            place(rng, group, i < declared, table.rules != "sichuan", &mut melds, &mut concealed);
        }
    }
    let tiles: Vec<Tile> = concealed.tiles().collect();
    let win = tiles[rng.below(tiles.len())];
    let mut plain = 0u8;
    for _ in 0..wildcards {
        let t = tiles[rng.below(tiles.len())];
        if concealed[t] == 0 || t == Tile::RED || (t == win && concealed[t] == 1) {
            continue;
        }
        concealed[t] -= 1;
        if table.wildcard == Some(Tile::RED) && concealed[Tile::RED] < 4 && rng.chance(70) {
            concealed[Tile::RED] += 1;
        } else {
            plain += 1;
        }
    }
    let mut s = Situation::new(Hand::new(concealed, plain, &melds).ok()?, win);
    if table.wildcard == Some(Tile::RED) && concealed[Tile::RED] > 0 && rng.chance(15) {
        s.win = Tile::RED;
    }
    s.tsumo = rng.chance(50);
    if s.tsumo {
        s.rinshan = melds.iter().any(|m| m.is_kan()) && rng.chance(30);
        s.haitei = rng.chance(10);
        if melds.is_empty() && rng.chance(5) {
            if rng.chance(50) { s.tenhou = true } else { s.chiihou = true }
        }
    } else {
        s.chankan = rng.chance(10);
        s.houtei = rng.chance(10);
        s.after_kong_discard = rng.chance(10);
    }
    Some(s)
}

#[test]
fn the_shortcuts_change_no_answer() {
    let mut rng = Rng(0x7e57_ab1e);
    let presets: Vec<Table> = super::PRESETS.iter().filter_map(|p| Table::preset(p)).collect();
    let mut wins = [0usize; 9];
    for i in 0..size(4000) {
        let table = if i % 4 == 0 { presets[rng.below(3)].clone() } else { table(&mut rng) };
        let wildcards = rng.below(9);
        let Some(s) = hand(&mut rng, &table, wildcards) else { continue };
        let fast = score_with(&s, &table, true);
        let every = score_with(&s, &table, false);
        assert_eq!(fast, every, "{} win {} under {}", s.hand, s.win, table.to_json_text());
        if fast.is_ok() {
            wins[wildcards] += 1;
        }
    }
    // Every wildcard count was met with winning hands.
    assert!(wins.iter().all(|&n| n > 20), "winning hands by wildcards: {wins:?}");
}

/// Random facts of a hand: the hand's own facts, and reading facts of any shape.
fn facts(rng: &mut Rng) -> (Facts, Facts) {
    let hand = Facts {
        bits: (rng.next() as u32) & bit::HAND,
        quads: 0,
        declared: rng.below(5) as u8,
        open: rng.below(5) as u8,
        wildcard_tiles: rng.below(5) as u8,
    };
    let reading = Facts {
        bits: hand.bits | (rng.next() as u32 & ((1 << 20) - 1) & !bit::HAND),
        quads: rng.below(5) as u8,
        ..hand
    };
    (hand, reading)
}

#[test]
fn compiled_conditions_score_as_the_table_says() {
    let mut rng = Rng(0xc0_4411ed);
    for _ in 0..size(3000) {
        let table = table(&mut rng);
        let (hand, f) = facts(&mut rng);
        let compiled = Compiled::new(&table, hand);
        let reference = evaluate(&table, f);
        let mut read = f;
        read.bits &= compiled.read_bits;
        if !compiled.reads_quads {
            read.quads = 0;
        }
        for g in [f, read] {
            let at = || format!("{g:?} under {}", table.to_json_text());
            assert_eq!(compiled.evaluation(g), reference, "{}", at());
            let points_and_fan = reference.as_ref().map(|e| (e.points, e.fan));
            assert_eq!(compiled.points_and_fan(g, &mut Vec::new()), points_and_fan, "{}", at());
        }
    }
}

#[test]
fn the_bound_is_at_least_what_a_reading_scores() {
    let mut rng = Rng(0xb0_0d);
    for _ in 0..size(3000) {
        let table = table(&mut rng);
        let (hand, f) = facts(&mut rng);
        let compiled = Compiled::new(&table, hand);
        let mut bound = Bound::new(&compiled);
        for _ in 0..8 {
            // Known facts the reading is one of: fewer bits for sure, more maybe, a range of
            // fours of a kind around its own.
            let known = Known {
                yes: f.bits & rng.next() as u32,
                maybe: f.bits | (rng.next() as u32 & ((1 << 20) - 1)),
                quads: (f.quads.saturating_sub(rng.below(2) as u8), f.quads + rng.below(2) as u8),
            };
            let (points, fan) = bound.most(&compiled, known);
            if let Some(e) = evaluate(&table, f) {
                assert!(
                    e.points <= points && e.fan <= fan,
                    "{f:?} scores {} points {} fan, bound {points} {fan} for {known:?} under {}",
                    e.points,
                    e.fan,
                    table.to_json_text()
                );
            }
        }
    }
}
