//! Hand-checked regional scores (each worked out from the preset's rules in
//! docs/scoring-regional.md), tables written by hand, and the errors a bad table or option gets.

use hupai_score::regional::{self, Score, Table};
use hupai_score::{ScoreError, Scorer};
use serde_json::{Value, json};

fn score(preset: &str, situation: Value) -> Result<Score, ScoreError> {
    let object = situation.as_object().expect("an object");
    let s = hupai_score::Situation::from_json(object)?;
    let mut table = Table::preset(preset).expect("a preset");
    if let Some(o) = object.get("options") {
        table = table.with_json(o)?;
    }
    regional::score(&s, &table)
}

fn fans(s: &Score) -> Vec<(&str, u32)> {
    s.fans.iter().map(|f| (f.name.as_str(), f.value * f.count)).collect()
}

#[test]
fn sichuan_examples() {
    // One suit, no four of a kind: 清一色 2, 2^2 = 4.
    let s = score("sichuan", json!({"hand": "11122233345556m", "win": "6m"})).unwrap();
    assert_eq!((fans(&s), s.fan, s.points), (vec![("清一色", 2)], 2, 4));
    // All pungs with a concealed kong: 对对胡 1 + 根 1; 门清 (the kong is concealed) +1 when on.
    let hand = json!("11122m555777p(8888p)");
    let s = score("sichuan", json!({"hand": hand, "win": "2m"})).unwrap();
    assert_eq!((fans(&s), s.fan, s.points), (vec![("对对胡", 1), ("根", 1)], 2, 4));
    let s = score("sichuan", json!({"hand": hand, "win": "2m", "options": {"menqing": true}})).unwrap();
    assert_eq!((fans(&s), s.fan), (vec![("对对胡", 1), ("根", 1), ("门清", 1)], 3));
    // Four declared pungs, won on the pair: 金钩钓 2 over 对对胡; in one suit 清金钩钓 4.
    let s = score("sichuan", json!({"hand": "55m[111p][222p][333p][999p]", "win": "5m"})).unwrap();
    assert_eq!(fans(&s), [("金钩钓", 2)]);
    let s = score("sichuan", json!({"hand": "55p[111p][222p][333p][999p]", "win": "5p"})).unwrap();
    assert_eq!((fans(&s), s.points), (vec![("清金钩钓", 4)], 16));
    // Seven pairs of one suit with four 1m: 清龙七对 5 (its four of a kind is no 根), over the
    // default cap of 4; without a cap 2^5.
    let hand = json!("1111m22m33m44m55m66m");
    let s = score("sichuan", json!({"hand": hand, "win": "6m"})).unwrap();
    assert_eq!((fans(&s), s.fan, s.capped, s.points), (vec![("清龙七对", 5)], 4, true, 16));
    let s = score("sichuan", json!({"hand": hand, "win": "6m", "options": {"cap": null}})).unwrap();
    assert_eq!((s.fan, s.points), (5, 32));
    // A wildcard: as 2m it makes the pair (22m 111m 123m …), as 3m a second 123m (11m 123m
    // 123m …); either way the hand holds all four 1m (根) and scores the same.
    let s = score("sichuan", json!({"hand": "123m456m789m111m2m*", "win": "3m"})).unwrap();
    assert_eq!((fans(&s), s.fan), (vec![("清一色", 2), ("根", 1)], 3));
    assert!(s.wildcards == ["2m"] || s.wildcards == ["3m"], "{:?}", s.wildcards);
    // Tsumo: +1 fan, or one base with `zimo: base`.
    let s = score("sichuan", json!({"hand": "11122233345556m", "win": "6m", "tsumo": true})).unwrap();
    assert_eq!((s.fan, s.points), (3, 8));
    let s =
        score("sichuan", json!({"hand": "11122233345556m", "win": "6m", "tsumo": true, "options": {"zimo": "base"}}))
            .unwrap();
    assert_eq!((s.fan, s.points), (2, 5));
    // 天胡 scores the cap.
    let s =
        score("sichuan", json!({"hand": "123m456m789m234p55p", "win": "5p", "tsumo": true, "tenhou": true})).unwrap();
    assert_eq!((s.fan, s.capped), (4, true));
    // Three suits: never a win under the void rule; a declared void suit the hand holds neither.
    let e = score("sichuan", json!({"hand": "123m456m789p234s55s", "win": "5s"})).unwrap_err();
    assert!(matches!(e, ScoreError::NoWin(_)), "{e}");
    let e =
        score("sichuan", json!({"hand": "123m456m789m234p55p", "win": "5p", "options": {"void": "p"}})).unwrap_err();
    assert!(matches!(e, ScoreError::NoWin(_)), "{e}");
    // 中张: no 1 or 9 anywhere.
    let s =
        score("sichuan", json!({"hand": "234m456m678m234p55p", "win": "5p", "options": {"zhongzhang": true}})).unwrap();
    assert_eq!(fans(&s), [("平胡", 0), ("中张", 1)]);
}

#[test]
fn changsha_examples() {
    // A small win needs the 2-5-8 pair: 1 unit.
    let s = score("changsha", json!({"hand": "123m456m789p234s55s", "win": "5s"})).unwrap();
    assert_eq!((fans(&s), s.fan, s.points), (vec![("小胡", 0)], 0, 1));
    let e = score("changsha", json!({"hand": "123m456m789p234s11s", "win": "1s"})).unwrap_err();
    assert!(matches!(e, ScoreError::NoWin(_)), "{e}");
    // A big win does not: 碰碰胡 with a 1s pair, 6 units; 海底捞月 on the same small shape.
    let s = score("changsha", json!({"hand": "111m555p777s999s11s", "win": "1s"})).unwrap();
    assert_eq!((fans(&s), s.points), (vec![("碰碰胡", 1)], 6));
    let s =
        score("changsha", json!({"hand": "123m456m789p234s11s", "win": "1s", "tsumo": true, "haitei": true})).unwrap();
    assert_eq!((fans(&s), s.points), (vec![("海底捞月", 1)], 6));
    // Every tile a 2, 5 or 8, no shape at all: 将将胡.
    let s = score("changsha", json!({"hand": "22558m2558p25588s", "win": "8s"})).unwrap();
    assert_eq!((fans(&s), s.form, s.points), (vec![("将将胡", 1)], "loose", 6));
    // One suit in seven pairs: 清一色 and 七小对 both count (the melds reading 123m 123m 789m
    // 789m 55m would be 清一色 alone).
    let s = score("changsha", json!({"hand": "11223355778899m", "win": "9m"})).unwrap();
    assert_eq!((fans(&s), s.fan, s.points), (vec![("清一色", 1), ("七小对", 1)], 2, 12));
    // A four of a kind in seven pairs: 豪华七小对 counts 2; two: 双豪华七小对 3.
    let s = score("changsha", json!({"hand": "1111m33m55m77p99p22s", "win": "2s"})).unwrap();
    assert_eq!((fans(&s), s.points), (vec![("豪华七小对", 2)], 12));
    let s = score("changsha", json!({"hand": "1111m3333m55m77p99p", "win": "9p"})).unwrap();
    assert_eq!((fans(&s), s.points), (vec![("双豪华七小对", 3)], 18));
    // Four claimed melds, won on the pair by ron: 全求人; by tsumo only the small win is left.
    let hand = json!("55m[123m][456p][777s][888s]");
    let s = score("changsha", json!({"hand": hand, "win": "5m"})).unwrap();
    assert_eq!(fans(&s), [("全求人", 1)]);
    let s = score("changsha", json!({"hand": hand, "win": "5m", "tsumo": true})).unwrap();
    assert_eq!(fans(&s), [("小胡", 0)]);
    // The units are options.
    let s = score("changsha", json!({"hand": "111m555p777s999s11s", "win": "1s", "options": {"base": 10}})).unwrap();
    assert_eq!(s.points, 10);
}

#[test]
fn hongzhong_examples() {
    // The red dragon stands for 5s (pair 55s) or 2s (pair 22s, 345s): 平胡, 1 point; it stood
    // for something else, so no 无红中.
    let s = score("hongzhong", json!({"hand": "123m456m789p234s5s7z", "win": "5s"})).unwrap();
    assert_eq!((fans(&s), s.points), (vec![("平胡", 0)], 1));
    assert!(s.wildcards == ["5s"] || s.wildcards == ["2s"], "{:?}", s.wildcards);
    // No red dragon: 无红中 +1; with birds on 1m, 5p and 7z (not 3s): 3 more points.
    let s = score("hongzhong", json!({"hand": "123m456m789p234s55s", "win": "5s", "birds": ["1m", "5p", "7z", "3s"]}))
        .unwrap();
    assert_eq!((fans(&s), s.points, s.birds.points, s.total), (vec![("平胡", 0), ("无红中", 1)], 2, 3, 5));
    assert_eq!(s.birds.hits, ["1m", "5p", "7z"]);
    // Seven pairs, the two red dragons as themselves: 七对 and 无红中.
    let s = score("hongzhong", json!({"hand": "77z1133m5577p2299s", "win": "9s"})).unwrap();
    assert_eq!((fans(&s), s.fan, s.points), (vec![("平胡", 0), ("七对", 1), ("无红中", 1)], 2, 3));
    // Four red dragons win at once, at the cap, whatever the other tiles.
    let s = score("hongzhong", json!({"hand": "7777z1357m2468p19s", "win": "1s", "tsumo": true})).unwrap();
    assert_eq!((s.fan, s.capped, s.form), (2, true, "loose"));
    assert!(fans(&s).contains(&("四红中", 2)));
}

#[test]
fn a_table_written_by_hand() {
    // A house rule: 断幺九 (no 1 or 9) worth 1, all pungs 2, doubling, cap 3.
    let text = r#"{
        "name": "house", "rules": "sichuan", "cap": 3,
        "points": {"kind": "doubling", "base": 2},
        "fans": [
            {"name": "base", "value": 0},
            {"name": "断幺九", "value": 1, "when": ["all_simples"]},
            {"name": "对对", "value": 2, "when": ["all_triplets", {"not": "seven_pairs"}]},
            {"name": "最后", "value": 1, "when": [{"any": ["haitei", "houtei"]}]}
        ]
    }"#;
    let table = Table::from_json_text(text).unwrap();
    let s = hupai_score::Situation::from_json(
        json!({"hand": "222m444m666p888p33p", "win": "3p", "houtei": true}).as_object().unwrap(),
    )
    .unwrap();
    let answer = regional::score(&s, &table).unwrap();
    assert_eq!(
        (fans(&answer), answer.fan, answer.capped, answer.points),
        (vec![("base", 0), ("断幺九", 1), ("对对", 2), ("最后", 1)], 3, true, 16)
    );
    // The presets read back from their own JSON.
    for name in regional::PRESETS {
        let t = Table::preset(name).unwrap();
        assert_eq!(Table::from_json_text(&t.to_json_text()).unwrap(), t, "{name}");
    }
}

#[test]
fn bad_tables_and_options_are_named() {
    let err = |text: &str| Table::from_json_text(text).unwrap_err().to_string();
    let head = r#""name": "t", "rules": "sichuan", "cap": 4, "points": {"kind": "doubling", "base": 1}"#;
    let e = err(&format!(r#"{{{head}, "fans": [{{"name": "a", "value": 1}}, {{"name": "a", "value": 2}}]}}"#));
    assert!(e.contains("fans[1].name") && e.contains("'a' names two fans"), "{e}");
    let e = err(&format!(r#"{{{head}, "fans": [{{"name": "a", "value": 1, "replaces": ["b"]}}]}}"#));
    assert!(e.contains("fans[0].replaces[0]") && e.contains("'b'"), "{e}");
    let e = err(&format!(r#"{{{head}, "fans": [{{"name": "a", "value": 1, "when": ["all_sevens"]}}]}}"#));
    assert!(e.contains("unknown variant `all_sevens`") && e.contains("line"), "{e}");
    let e = err(r#"{"name": "t", "rules": "riichi", "cap": 4, "points": {"kind": "doubling", "base": 1}, "fans": []}"#);
    assert!(e.contains("rules") && e.contains("thirteen orphans"), "{e}");

    let sichuan = Table::preset("sichuan").unwrap();
    let e = sichuan.with_json(&json!({"kiriage": true})).unwrap_err().to_string();
    assert!(e.contains("options.kiriage") && e.contains("menqing"), "{e}");
    let e = sichuan.with_json(&json!({"cap": "big"})).unwrap_err().to_string();
    assert!(e.contains("options.cap"), "{e}");
    let e = sichuan.with_json(&json!({"void": "z"})).unwrap_err().to_string();
    assert!(e.contains("options.void"), "{e}");
    let e = Table::preset("changsha").unwrap().with_json(&json!({"void": "m"})).unwrap_err().to_string();
    assert!(e.contains("no void suit"), "{e}");

    // Through the one door every front end uses.
    let scorer = Scorer::by_name("hongzhong").unwrap();
    let answer =
        scorer.score_line(r#"{"hand": "123m456m789p234s55s", "win": "5s", "options": {"cap": 9, "menqing": true}}"#);
    assert!(answer["error"].as_str().unwrap().contains("options.menqing"), "{answer}");
    let answer = scorer.score_line(r#"{"hand": "123m456m789p234s55s", "win": "5s"}"#);
    assert_eq!(answer["points"], 2);
    let answer = scorer.score_line(r#"{"hand": "123m456m789p234s55s", "win": "6s"}"#);
    assert!(answer["error"].as_str().unwrap().contains("not among"), "{answer}");
}
