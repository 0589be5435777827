//! Random regional fan tables a server could write, as JSON, and the placing of a random hand's
//! groups (declared or concealed), for the scorer's tests: the in-crate
//! tests of the search's shortcuts (`src/regional/tests.rs`) and the brute-force comparison
//! (`tests/regional.rs`) both include this file, so the two draw tables from one vocabulary.

use hupai::{Group, Meld, TileCounts};
use serde_json::{Map, Value, json};

/// xorshift64*: every run sees the same tables and hands.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub(crate) fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// The conditions without a parameter.
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

/// A condition in the table's JSON vocabulary: plain, counted, `not` and `any`, nested twice.
pub(crate) fn condition(rng: &mut Rng, depth: usize) -> Value {
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

/// What a generated table may hold beyond the fans every table has.
pub(crate) struct Shape<'a> {
    /// The rule set it extends.
    pub(crate) rules: &'a str,
    /// Percent of hongzhong tables naming the red dragon as the wildcard (the others leave it out).
    pub(crate) red_wildcard: usize,
    /// The kinds a loose reading may cover.
    pub(crate) loose_kinds: &'a [&'a str],
    /// Percent of fans switched off (`"enabled": false`).
    pub(crate) disabled: usize,
}

/// A table a server could send as JSON text: cap, points formula, loose reading and 2–11 fans
/// with any conditions, groups, replacements (counted for per-quad fans) and base additions.
pub(crate) fn table_json(rng: &mut Rng, shape: &Shape) -> String {
    let mut t = Map::new();
    t.insert("name".into(), json!("random"));
    t.insert("rules".into(), json!(shape.rules));
    if shape.rules == "hongzhong" && rng.chance(shape.red_wildcard) {
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
        let kinds = shape.loose_kinds[rng.below(shape.loose_kinds.len())];
        let when: Vec<Value> = (0..1 + rng.below(2)).map(|_| condition(rng, 1)).collect();
        t.insert("loose".into(), json!({ "when": when, "kinds": kinds }));
    }
    let n = 2 + rng.below(10);
    let per_quad: Vec<bool> = (0..n).map(|_| rng.chance(15)).collect();
    let mut fans = Vec::new();
    for (i, &per) in per_quad.iter().enumerate() {
        let mut f = Map::new();
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
        if rng.chance(shape.disabled) {
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
    Value::Object(t).to_string()
}

/// Puts a hand's `group` among its declared melds (a chi where `chi` allows sequences to be
/// claimed, else a pon or a kan, open or closed) or among its concealed tiles.
pub(crate) fn place(
    rng: &mut Rng,
    group: Group,
    declare: bool,
    chi: bool,
    melds: &mut Vec<Meld>,
    concealed: &mut TileCounts,
) {
    if declare {
        melds.push(match group {
            Group::Sequence(t) if chi => Meld::Chi(t),
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
