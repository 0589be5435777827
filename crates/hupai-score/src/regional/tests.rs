//! The search's shortcuts against the search without them, on random tables a server could
//! write (any conditions, `not` and `any`, groups, replacements, counted fans, caps, points
//! formulas, loose readings) and random hands with 0 to 8 wildcards: dropping partial readings
//! whose bound cannot beat the best, trying interchangeable kinds once and testing conditions as
//! bit masks must change no answer. The bound itself is checked to be at least what any reading
//! it covers scores. `HUPAI_FULL=1` runs ten times more.

use hupai::{Group, Hand, Meld, Tile, TileCounts};
use serde_json::{Value, json};

use super::bound::{Bound, Known};
use super::compiled::Compiled;
use super::condition::{Facts, bit};
use super::evaluate::evaluate;
use super::{Table, score_with};
use crate::Situation;

/// xorshift64*: every run sees the same tables and hands.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

fn size(default: usize) -> usize {
    if std::env::var_os("HUPAI_FULL").is_some() { default * 10 } else { default }
}

const PLAIN: [&str; 21] = [
    "melds",
    "seven_pairs",
    "loose",
    "all_triplets",
    "one_suit",
    "terminal_in_each_set",
    "all_258",
    "all_simples",
    "pair_258",
    "won_on_pair",
    "natural_wildcards",
    "closed",
    "tsumo",
    "ron",
    "rinshan",
    "after_kong_discard",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
];

/// A condition in the table's JSON vocabulary.
fn condition(rng: &mut Rng, depth: usize) -> Value {
    match rng.below(100) {
        0..=64 => json!(PLAIN[rng.below(PLAIN.len())]),
        65..=79 => {
            let key = ["quads_at_least", "declared_melds_at_least", "open_melds_at_least", "wildcard_tiles_at_least"]
                [rng.below(4)];
            json!({ key: rng.below(4) })
        }
        80..=91 if depth < 2 => json!({ "not": condition(rng, depth + 1) }),
        _ if depth < 2 => {
            let n = 1 + rng.below(3);
            json!({ "any": (0..n).map(|_| condition(rng, depth + 1)).collect::<Vec<_>>() })
        }
        _ => json!(PLAIN[rng.below(PLAIN.len())]),
    }
}

/// A table a server could send: random rules, cap, points, loose reading and fans.
fn table(rng: &mut Rng) -> Table {
    let rules = ["sichuan", "changsha", "hongzhong"][rng.below(3)];
    let mut t = serde_json::Map::new();
    t.insert("name".into(), json!("random"));
    t.insert("rules".into(), json!(rules));
    if rules == "hongzhong" && rng.chance(70) {
        t.insert("wildcard".into(), json!("7z"));
    }
    if rng.chance(30) {
        t.insert("pair_258".into(), json!(rng.chance(50)));
    }
    if rng.chance(30) {
        t.insert("seven_pairs".into(), json!(rng.chance(70)));
    }
    t.insert("cap".into(), if rng.chance(30) { Value::Null } else { json!(1 + rng.below(8)) });
    t.insert("uncapped_limit".into(), json!(2 + rng.below(9)));
    let kind = ["doubling", "linear", "additive"][rng.below(3)];
    let mut points = json!({ "kind": kind, "base": 1 + rng.below(4) });
    if kind == "linear" && rng.chance(60) {
        points["zero"] = json!(1 + rng.below(5));
    }
    t.insert("points".into(), points);
    if rng.chance(25) {
        let kinds = ["258m258p258s", "7z", "19m19p19s", "123456789m", "5m5p5s7z"][rng.below(5)];
        let when: Vec<Value> = (0..1 + rng.below(2)).map(|_| condition(rng, 1)).collect();
        t.insert("loose".into(), json!({ "when": when, "kinds": kinds }));
    }
    let n = 2 + rng.below(10);
    let per_quad: Vec<bool> = (0..n).map(|_| rng.chance(15)).collect();
    let mut fans = Vec::new();
    for (i, &per) in per_quad.iter().enumerate() {
        let mut f = serde_json::Map::new();
        f.insert("name".into(), json!(format!("f{i}")));
        f.insert("value".into(), if rng.chance(10) { json!("cap") } else { json!(rng.below(5)) });
        let when: Vec<Value> = (0..rng.below(4)).map(|_| condition(rng, 0)).collect();
        f.insert("when".into(), json!(when));
        if rng.chance(40) {
            f.insert("group".into(), json!(format!("g{}", rng.below(2))));
        }
        if per {
            f.insert("per".into(), json!("quad"));
        }
        if rng.chance(15) {
            f.insert("adds".into(), json!("base"));
        }
        if rng.chance(10) {
            f.insert("enabled".into(), json!(false));
        }
        if rng.chance(25) {
            let target = rng.below(n);
            let replaced = if per_quad[target] && rng.chance(50) {
                json!({ "name": format!("f{target}"), "count": 1 + rng.below(2) })
            } else {
                json!(format!("f{target}"))
            };
            f.insert("replaces".into(), json!([replaced]));
        }
        fans.push(Value::Object(f));
    }
    t.insert("fans".into(), json!(fans));
    let text = Value::Object(t).to_string();
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
            if i < declared {
                melds.push(match group {
                    Group::Sequence(t) if table.rules != "sichuan" => Meld::Chi(t),
                    Group::Sequence(t) | Group::Triplet(t) => match rng.below(4) {
                        0 => Meld::Kan(t),
                        1 => Meld::ClosedKan(t),
                        _ => Meld::Pon(t),
                    },
                });
            } else {
                for t in group.tiles() {
                    concealed[t] += 1;
                }
            }
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
