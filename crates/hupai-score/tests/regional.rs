//! The regional scorer against an independent brute force, on generated winning hands of every
//! preset with 0–4 wildcards, declared melds, every situation flag and the options, and under
//! random tables a server could write (any conditions, `not` and `any`, groups, replacements,
//! counted fans, caps, points formulas, loose readings, shape overrides).
//!
//! The brute force shares nothing with the scorer's search: it takes every decomposition from
//! `hupai::decompositions` (the library's, with wildcards shown as the kinds they became), adds
//! the loose readings by enumerating every assignment of the wildcards to the table's loose kinds,
//! works out each reading's facts from the decomposition itself, and applies the table's fans
//! to them with its own evaluator. The scorer must answer the best (points, fan) found, with the
//! fans and the wildcards of a reading that scores it. `HUPAI_FULL=1` runs ten times more hands.

use std::collections::BTreeSet;

use hupai::{Decomposition, Group, Hand, Meld, Rules, SevenPairs, Suit, Tile, TileCounts};
use hupai_score::regional::{self, Adds, Condition, FanValue, Per, PointsKind, Replaced, Table};
use hupai_score::{ScoreError, Situation};
use serde_json::json;

#[path = "support/random_tables.rs"]
mod random_tables;

use random_tables::{Rng, Shape, place, table_json};

/// A reading's facts, worked out from the decomposition by the brute force.
#[derive(Debug, Clone, Default)]
struct Facts {
    melds: bool,
    seven_pairs: bool,
    loose: bool,
    all_triplets: bool,
    one_suit: bool,
    terminal_in_each_set: bool,
    all_258: bool,
    all_simples: bool,
    pair_258: bool,
    won_on_pair: bool,
    natural: bool,
    closed: bool,
    tsumo: bool,
    rinshan: bool,
    after_kong_discard: bool,
    chankan: bool,
    haitei: bool,
    houtei: bool,
    tenhou: bool,
    chiihou: bool,
    quads: u8,
    declared: u8,
    open: u8,
    wildcard_tiles: u8,
}

fn holds(c: &Condition, f: &Facts) -> bool {
    match c {
        Condition::Melds => f.melds,
        Condition::SevenPairs => f.seven_pairs,
        Condition::Loose => f.loose,
        Condition::AllTriplets => f.all_triplets,
        Condition::OneSuit => f.one_suit,
        Condition::TerminalInEachSet => f.terminal_in_each_set,
        Condition::All258 => f.all_258,
        Condition::AllSimples => f.all_simples,
        Condition::Pair258 => f.pair_258,
        Condition::WonOnPair => f.won_on_pair,
        Condition::NaturalWildcards => f.natural,
        Condition::Closed => f.closed,
        Condition::Tsumo => f.tsumo,
        Condition::Ron => !f.tsumo,
        Condition::Rinshan => f.rinshan,
        Condition::AfterKongDiscard => f.after_kong_discard,
        Condition::Chankan => f.chankan,
        Condition::Haitei => f.haitei,
        Condition::Houtei => f.houtei,
        Condition::Tenhou => f.tenhou,
        Condition::Chiihou => f.chiihou,
        Condition::QuadsAtLeast(n) => f.quads >= *n,
        Condition::DeclaredMeldsAtLeast(n) => f.declared >= *n,
        Condition::OpenMeldsAtLeast(n) => f.open >= *n,
        Condition::WildcardTilesAtLeast(n) => f.wildcard_tiles >= *n,
        Condition::Not(c) => !holds(c, f),
        Condition::Any(cs) => cs.iter().any(|c| holds(c, f)),
        other => panic!("the brute force does not know {other:?}"),
    }
}

/// What one reading scores: (points, fan, the fans as (name, value, count)), or `None`.
type Scored = (u64, u32, Vec<(String, u32, u32)>);

/// The table applied to facts, written from the table's documentation.
fn brute_evaluate(table: &Table, f: &Facts) -> Option<Scored> {
    let limit = table.cap.unwrap_or(table.uncapped_limit);
    // (index, value, count, is worth the cap)
    let mut applying: Vec<(usize, u32, u32, bool)> = Vec::new();
    for (i, fan) in table.fans.iter().enumerate() {
        if !fan.enabled || !fan.when.iter().all(|c| holds(c, f)) {
            continue;
        }
        let count = if fan.per == Some(Per::Quad) { u32::from(f.quads) } else { 1 };
        let (value, cap) = match fan.value {
            FanValue::Fan(v) => (v, false),
            _ => (limit, true),
        };
        if count > 0 {
            applying.push((i, value, count, cap));
        }
    }
    let mut kept = Vec::new();
    for &(i, v, c, cap) in &applying {
        let beaten = table.fans[i].group.as_ref().is_some_and(|g| {
            applying.iter().any(|&(j, v2, c2, cap2)| {
                j != i
                    && table.fans[j].group.as_ref() == Some(g)
                    && ((cap2, v2 * c2) > (cap, v * c) || ((cap2, v2 * c2) == (cap, v * c) && j < i))
            })
        });
        if !beaten {
            kept.push((i, v, c, cap));
        }
    }
    let mut counts: Vec<u32> = kept.iter().map(|k| k.2).collect();
    for &(i, ..) in &kept {
        for r in &table.fans[i].replaces {
            for (n, k) in kept.iter().enumerate() {
                match r {
                    Replaced::All(name) if *name == table.fans[k.0].name => counts[n] = 0,
                    Replaced::Count { name, count } if *name == table.fans[k.0].name => {
                        counts[n] = counts[n].saturating_sub(*count)
                    }
                    _ => {}
                }
            }
        }
    }
    let mut fans = Vec::new();
    let (mut sum, mut bases, mut at_cap) = (0u64, 0u64, false);
    for (n, &(i, v, _, cap)) in kept.iter().enumerate() {
        if counts[n] == 0 {
            continue;
        }
        at_cap |= cap;
        if table.fans[i].adds == Adds::Base {
            bases += u64::from(v * counts[n]);
        } else {
            sum += u64::from(v * counts[n]);
        }
        fans.push((table.fans[i].name.clone(), v, counts[n]));
    }
    if fans.is_empty() {
        return None;
    }
    let fan = if at_cap {
        limit
    } else {
        match table.cap {
            Some(c) if sum > u64::from(c) => c,
            _ => sum as u32,
        }
    };
    let p = table.points;
    let points = match p.kind {
        PointsKind::Doubling => p.base << fan,
        PointsKind::Linear if fan == 0 => p.zero.unwrap_or(0),
        PointsKind::Linear => p.base * u64::from(fan),
        PointsKind::Additive => p.base + u64::from(fan),
        _ => unreachable!(),
    };
    Some((points + p.base * bases, fan, fans))
}

fn rank(t: Tile) -> u8 {
    if t.is_honor() { 0 } else { t.rank() }
}

fn group_has_terminal(g: Group) -> bool {
    g.tiles().iter().any(|&t| matches!(rank(t), 1 | 9))
}

/// The facts of a reading with these concealed counts (wildcards as they stood).
fn facts_of(
    counts: &TileCounts,
    shape: Option<&Decomposition>,
    hand: &Hand,
    s: &Situation,
    win_wild: bool,
    wildcard: Option<Tile>,
) -> Facts {
    let mut total = *counts;
    for m in hand.melds() {
        for t in m.tiles() {
            total[t] += 1;
        }
    }
    let kinds: Vec<Tile> = Tile::ALL.into_iter().filter(|&t| total[t] > 0).collect();
    let suits: BTreeSet<Suit> = kinds.iter().map(|t| t.suit()).collect();
    let declared_groups: Vec<Group> = hand
        .melds()
        .iter()
        .map(|m| match m {
            Meld::Chi(t) => Group::Sequence(*t),
            _ => Group::Triplet(m.tile()),
        })
        .collect();
    let mut f = Facts {
        one_suit: suits.len() == 1 && !suits.contains(&Suit::Honor),
        all_258: kinds.iter().all(|&t| matches!(rank(t), 2 | 5 | 8)),
        all_simples: kinds.iter().all(|&t| (2..=8).contains(&rank(t))),
        quads: kinds.iter().filter(|&&t| total[t] == 4).count() as u8,
        natural: Tile::ALL
            .into_iter()
            .all(|t| counts[t].saturating_sub(hand.concealed()[t]) <= hand.wildcard_copies()[t]),
        closed: hand.melds().iter().all(|m| !m.is_open()),
        tsumo: s.tsumo,
        rinshan: s.rinshan,
        after_kong_discard: s.after_kong_discard,
        chankan: s.chankan,
        haitei: s.haitei,
        houtei: s.houtei,
        tenhou: s.tenhou,
        chiihou: s.chiihou,
        declared: hand.melds().len() as u8,
        open: hand.melds().iter().filter(|m| m.is_open()).count() as u8,
        wildcard_tiles: wildcard.map_or(0, |w| hand.wildcard_copies()[w]),
        ..Facts::default()
    };
    match shape {
        Some(Decomposition::Melds { pair, melds }) => {
            f.melds = true;
            f.all_triplets = melds.iter().chain(&declared_groups).all(|g| matches!(g, Group::Triplet(_)));
            f.terminal_in_each_set =
                matches!(rank(*pair), 1 | 9) && melds.iter().chain(&declared_groups).all(|&g| group_has_terminal(g));
            f.pair_258 = matches!(rank(*pair), 2 | 5 | 8);
            f.won_on_pair = *pair == s.win || (win_wild && counts[*pair] > hand.concealed()[*pair]);
        }
        Some(Decomposition::SevenPairs { pairs }) => {
            f.seven_pairs = true;
            f.terminal_in_each_set = pairs.iter().all(|&p| matches!(rank(p), 1 | 9));
        }
        Some(other) => panic!("unexpected form {other:?}"),
        None => f.loose = true,
    }
    f
}

/// One brute-force reading: what it scores and what its wildcards stood for.
type Reading = (Scored, Vec<Tile>);

fn stand_ins(counts: &TileCounts, hand: &Hand) -> Vec<Tile> {
    let mut v = Vec::new();
    for t in Tile::ALL {
        for _ in hand.concealed()[t]..counts[t] {
            v.push(t);
        }
    }
    v
}

/// Every reading of the situation under the table, scored.
fn brute(table: &Table, rules: &Rules, s: &Situation) -> Vec<Reading> {
    let mut hand = s.hand.clone();
    if let Some(w) = table.wildcard
        && hand.concealed()[w] > 0
    {
        hand = hand.with_wildcard_tile(w).unwrap();
    }
    let win_wild = table.wildcard == Some(s.win) && hand.wildcard_copies()[s.win] > 0;
    let mut out = Vec::new();
    for d in hupai::decompositions(&hand, rules).unwrap() {
        let counts = d.counts();
        let f = facts_of(&counts, Some(&d), &hand, s, win_wild, table.wildcard);
        if let Some(scored) = brute_evaluate(table, &f) {
            out.push((scored, stand_ins(&counts, &hand)));
        }
    }
    if let Some(loose) = &table.loose {
        // Every multiset of loose kinds for the wildcards, within four copies and the rules' kinds.
        let kinds: Vec<Tile> = loose.kinds.iter().collect();
        let mut assignments: Vec<Vec<Tile>> = vec![vec![]];
        for _ in 0..hand.wildcards() {
            let mut next = Vec::new();
            for a in &assignments {
                for &k in &kinds {
                    if a.last().is_none_or(|&l| l <= k) {
                        let mut b = a.clone();
                        b.push(k);
                        next.push(b);
                    }
                }
            }
            assignments = next;
        }
        for a in assignments {
            let mut counts = *hand.concealed();
            for &t in &a {
                counts[t] += 1;
            }
            let mut total = counts;
            for m in hand.melds() {
                for t in m.tiles() {
                    total[t] += 1;
                }
            }
            let used: Vec<Tile> = Tile::ALL.into_iter().filter(|&t| total[t] > 0).collect();
            if used.iter().any(|&t| total[t] > 4) {
                continue;
            }
            let allowed =
                rules.void_choices().iter().any(|&void| used.iter().all(|&t| rules.allowed_kinds(void).contains(t)));
            if !allowed {
                continue;
            }
            let f = facts_of(&counts, None, &hand, s, win_wild, table.wildcard);
            if !loose.when.iter().all(|c| holds(c, &f)) {
                continue;
            }
            if let Some(scored) = brute_evaluate(table, &f) {
                out.push((scored, a));
            }
        }
    }
    out
}

/// The rules the brute force reads each preset's shapes under (written here, not taken from
/// the table): Changsha reads every pair and seven pairs, since its big wins need no 2-5-8 pair.
fn brute_rules(preset: &str, void: Option<Suit>) -> Rules {
    let mut rules = match preset {
        "sichuan" => Rules::SICHUAN,
        "changsha" => Rules::CHANGSHA.with_pair_258(false),
        "hongzhong" => Rules::HONGZHONG,
        _ => unreachable!(),
    };
    if preset == "changsha" {
        rules.seven_pairs = SevenPairs::AllowQuads;
    }
    match void {
        Some(suit) => rules.with_void(suit),
        None => rules,
    }
}

/// A generated hand: the kinds its groups use, some declared, some tiles turned into wildcards.
fn generate(rng: &mut Rng, preset: &str) -> Option<Situation> {
    let suits: Vec<usize> = match preset {
        // Two suits, now and then three (which cannot win under the void rule).
        "sichuan" => {
            let skip = rng.below(3);
            (0..3).filter(|&s| s != skip || rng.chance(10)).collect()
        }
        _ => vec![0, 1, 2],
    };
    let honors = preset == "changsha" && rng.chance(20);
    let numbered = |rng: &mut Rng, ranks: &[u8]| -> Tile {
        let s = suits[rng.below(suits.len())];
        Tile::new(s * 9 + usize::from(ranks[rng.below(ranks.len())]) - 1).unwrap()
    };
    let any_kind = |rng: &mut Rng| -> Tile {
        if honors && rng.chance(25) {
            Tile::new(27 + rng.below(7)).unwrap()
        } else {
            numbered(rng, &[1, 2, 3, 4, 5, 6, 7, 8, 9])
        }
    };
    let mut concealed = TileCounts::EMPTY;
    let mut melds: Vec<Meld> = Vec::new();
    let form = rng.below(100);
    if preset == "hongzhong" && form < 6 {
        // Four red dragons and ten other tiles: a win at once.
        concealed[Tile::RED] = 4;
        for _ in 0..10 {
            concealed[numbered(rng, &[1, 2, 3, 4, 5, 6, 7, 8, 9])] += 1;
        }
    } else if preset == "changsha" && form < 6 {
        // Every tile a 2, 5 or 8: 将将胡 needs no shape.
        let declared = rng.below(3);
        for _ in 0..declared {
            melds.push(Meld::Pon(numbered(rng, &[2, 5, 8])));
        }
        for _ in 0..14 - 3 * declared {
            concealed[numbered(rng, &[2, 5, 8])] += 1;
        }
    } else if form < 20 {
        for _ in 0..7 {
            concealed[any_kind(rng)] += 2;
        }
    } else {
        let pair_258 = preset == "changsha" && rng.chance(60);
        let pair = if pair_258 { numbered(rng, &[2, 5, 8]) } else { any_kind(rng) };
        concealed[pair] += 2;
        let declared = [0, 0, 0, 1, 1, 2, 3, 4][rng.below(8)];
        let triplets_only = rng.chance(30);
        for i in 0..4 {
            let sequence = !triplets_only && rng.chance(60);
            let group = if sequence {
                Group::Sequence(numbered(rng, &[1, 2, 3, 4, 5, 6, 7]))
            } else if rng.chance(25) {
                Group::Triplet(numbered(rng, &[1, 9]))
            } else {
                Group::Triplet(any_kind(rng))
            };
            place(rng, group, i < declared, preset != "sichuan", &mut melds, &mut concealed);
        }
    }
    let hand = Hand::new(concealed, 0, &melds).ok()?;
    let tiles: Vec<Tile> = concealed.tiles().collect();
    let win = tiles[rng.below(tiles.len())];
    // Some concealed tiles become wildcards (red dragons under hongzhong), never the winning
    // tile's last copy.
    let wildcards = rng.below(5);
    let mut concealed = *hand.concealed();
    let mut plain = 0u8;
    for _ in 0..wildcards {
        let t = tiles[rng.below(tiles.len())];
        if concealed[t] == 0 || t == Tile::RED || (t == win && concealed[t] == 1) {
            continue;
        }
        if preset == "hongzhong" {
            if concealed[Tile::RED] >= 4 {
                continue;
            }
            concealed[t] -= 1;
            concealed[Tile::RED] += 1;
        } else {
            concealed[t] -= 1;
            plain += 1;
        }
    }
    let hand = Hand::new(concealed, plain, &melds).ok()?;
    let mut s = Situation::new(hand, win);
    if preset == "hongzhong" && concealed[Tile::RED] > 0 && rng.chance(15) {
        s.win = Tile::RED;
    }
    let kongs = melds.iter().any(|m| m.is_kan());
    // Only flags that can hold together (the scorer refuses the others, tested in
    // regional_examples.rs).
    s.tsumo = rng.chance(50);
    if s.tsumo {
        s.rinshan = kongs && rng.chance(30);
        s.haitei = rng.chance(10);
        if melds.is_empty() && !s.haitei && rng.chance(5) {
            if rng.chance(50) { s.tenhou = true } else { s.chiihou = true }
        }
    } else {
        // A robbed kong holds the winning tile's other three copies.
        let held = s.hand.held_counts();
        s.chankan = held[s.win] == 1 && rng.chance(8);
        s.houtei = !s.chankan && rng.chance(8);
        s.after_kong_discard = !s.chankan && rng.chance(8);
    }
    // Birds from the rules' tiles, never a fifth copy.
    let mut shown = s.hand.held_counts();
    if s.chankan {
        shown[s.win] = 4;
    }
    for _ in 0..rng.below(5) {
        let t = if rng.chance(10) { Tile::RED } else { numbered(rng, &[1, 2, 3, 4, 5, 6, 7, 8, 9]) };
        if (t == Tile::RED && preset == "sichuan") || shown[t] >= 4 {
            continue;
        }
        shown[t] += 1;
        s.birds.push(t);
    }
    Some(s)
}

/// Per-situation options, as a server would send them.
fn options(rng: &mut Rng, preset: &str) -> serde_json::Value {
    let mut o = serde_json::Map::new();
    match preset {
        "sichuan" => {
            if rng.chance(30) {
                o.insert("cap".into(), [json!(3), json!(4), json!(5), json!(6), json!(null)][rng.below(5)].clone());
            }
            if rng.chance(20) {
                o.insert("zimo".into(), json!("base"));
            }
            if rng.chance(30) {
                o.insert("menqing".into(), json!(true));
            }
            if rng.chance(30) {
                o.insert("zhongzhang".into(), json!(true));
            }
            if rng.chance(20) {
                o.insert("void".into(), json!(["m", "p", "s"][rng.below(3)]));
            }
        }
        "changsha" => {
            if rng.chance(20) {
                o.insert("base".into(), json!(1 + rng.below(10)));
                o.insert("zero".into(), json!(1 + rng.below(3)));
            }
        }
        _ => {
            if rng.chance(20) {
                o.insert("cap".into(), [json!(1), json!(3), json!(null)][rng.below(3)].clone());
            }
        }
    }
    serde_json::Value::Object(o)
}

/// Checks the scorer on one situation against the brute force; true if it wins.
fn check(table: &Table, rules: &Rules, s: &Situation, what: &str) -> bool {
    let readings = brute(table, rules, s);
    let answer = regional::score(s, table);
    let Some(best) = readings.iter().map(|r| (r.0.0, r.0.1)).max() else {
        assert!(
            matches!(answer, Err(ScoreError::NoWin(_))),
            "{what} {}: no reading wins, scorer says {answer:?}",
            s.hand
        );
        return false;
    };
    let score = answer
        .unwrap_or_else(|e| panic!("{what} {} win {}: brute force wins with {best:?}, scorer: {e}", s.hand, s.win));
    let fans: Vec<(String, u32, u32)> = score.fans.iter().map(|f| (f.name.clone(), f.value, f.count)).collect();
    let wildcards: Vec<Tile> = score.wildcards.iter().map(|t| t.parse().unwrap()).collect();
    assert_eq!(
        (score.points, score.fan),
        best,
        "{what} {} win {} {s:?}: scorer {fans:?} via {} ({:?}); brute force's best {:?}",
        s.hand,
        s.win,
        score.reading,
        score.wildcards,
        readings.iter().filter(|r| (r.0.0, r.0.1) == best).collect::<Vec<_>>()
    );
    assert!(
        readings.iter().any(|r| r.0.2 == fans && r.1 == wildcards),
        "{what} {} win {}: no reading scores {fans:?} with wildcards {wildcards:?}; brute force: {readings:?}",
        s.hand,
        s.win
    );
    true
}

/// The wildcards in a situation's hand (red dragons count under Hongzhong's rules).
fn wildcards_in(s: &Situation, rules_name: &str) -> usize {
    s.hand.wildcards() as usize + if rules_name == "hongzhong" { s.hand.concealed()[Tile::RED] as usize } else { 0 }
}

fn agree(preset: &str, seed: u64, wanted: usize) {
    let base = Table::preset(preset).unwrap();
    let mut rng = Rng(seed);
    let (mut wins, mut attempts, mut by_wildcards) = (0usize, 0usize, [0usize; 5]);
    while wins < wanted {
        attempts += 1;
        assert!(attempts < wanted * 20, "{preset}: too few winning hands generated ({wins} of {attempts})");
        let Some(s) = generate(&mut rng, preset) else { continue };
        let o = options(&mut rng, preset);
        let table = base.with_json(&o).unwrap();
        let rules = brute_rules(preset, table.void);
        if check(&table, &rules, &s, &format!("{preset} {o}")) {
            by_wildcards[wildcards_in(&s, preset).min(4)] += 1;
            wins += 1;
        }
    }
    // Every wildcard count was exercised.
    assert!(by_wildcards.iter().all(|&n| n > wanted / 50), "{preset}: winning hands by wildcards {by_wildcards:?}");
}

/// A table a server could write for one of the rule sets: its own fans (any conditions,
/// groups, replacements, counted fans), cap, points formula and loose reading.
fn random_table(rng: &mut Rng, rules: &str) -> Table {
    let shape =
        Shape { rules, red_wildcard: 100, loose_kinds: &["258m258p258s", "7z", "19m19p19s", "5m5p5s7z"], disabled: 0 };
    let text = table_json(rng, &shape);
    Table::from_json_text(&text).unwrap_or_else(|e| panic!("a generated table is refused: {e}\n{text}"))
}

/// The rules a custom table's shapes are read under, from its rules' name and overrides.
fn custom_rules(table: &Table) -> Rules {
    let mut rules = match table.rules.as_str() {
        "sichuan" => Rules::SICHUAN,
        "changsha" => Rules::CHANGSHA,
        "hongzhong" => Rules::HONGZHONG,
        other => unreachable!("{other}"),
    };
    if let Some(on) = table.pair_258 {
        rules = rules.with_pair_258(on);
    }
    if let Some(on) = table.seven_pairs {
        rules.seven_pairs = if on { SevenPairs::AllowQuads } else { SevenPairs::Off };
    }
    rules
}

/// Tables a server writes itself are scored as exactly as the presets: a new table per hand.
fn agree_custom(seed: u64, wanted: usize) {
    let mut rng = Rng(seed);
    let (mut wins, mut attempts, mut by_wildcards) = (0usize, 0usize, [0usize; 5]);
    while wins < wanted {
        attempts += 1;
        assert!(attempts < wanted * 20, "custom tables: too few winning hands generated ({wins} of {attempts})");
        let rules_name = ["sichuan", "changsha", "hongzhong"][rng.below(3)];
        let table = random_table(&mut rng, rules_name);
        let Some(s) = generate(&mut rng, rules_name) else { continue };
        if check(&table, &custom_rules(&table), &s, &table.to_json_text()) {
            by_wildcards[wildcards_in(&s, rules_name).min(4)] += 1;
            wins += 1;
        }
    }
    assert!(
        by_wildcards.iter().all(|&n| n > wanted / 50),
        "custom tables: winning hands by wildcards {by_wildcards:?}"
    );
}

fn hands() -> usize {
    if std::env::var_os("HUPAI_FULL").is_some() { 500_000 } else { 50_000 }
}

#[test]
fn sichuan_agrees_with_the_brute_force() {
    agree("sichuan", 0x5c1c_4a11, hands());
}

#[test]
fn changsha_agrees_with_the_brute_force() {
    agree("changsha", 0xc4a1_65a4, hands());
}

#[test]
fn hongzhong_agrees_with_the_brute_force() {
    agree("hongzhong", 0x4011_6240, hands());
}

#[test]
fn custom_tables_agree_with_the_brute_force() {
    agree_custom(0xc057_0a11, hands() / 2);
}
