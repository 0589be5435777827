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

#[test]
fn impossible_situations_are_refused_by_name() {
    let impossible = |preset: &str, situation: Value, named: &str| match score(preset, situation.clone()) {
        Err(ScoreError::Impossible(what)) => assert!(what.contains(named), "{situation}: {what}"),
        other => panic!("{situation}: expected an impossible situation naming {named}, got {other:?}"),
    };
    // 6m is held once (the winning tile), so only the flags are wrong.
    let won = |flags: Value| {
        let mut v = json!({"hand": "11122233345556m", "win": "6m"});
        v.as_object_mut().unwrap().extend(flags.as_object().unwrap().clone());
        v
    };
    for first in ["tenhou", "chiihou"] {
        for preset in ["sichuan", "changsha", "hongzhong"] {
            impossible(preset, won(json!({"tsumo": true, first: true, "haitei": true})), "with haitei");
        }
    }
    impossible("sichuan", won(json!({"chankan": true, "after_kong_discard": true})), "chankan with after_kong_discard");
    impossible("changsha", won(json!({"chankan": true, "houtei": true})), "chankan with houtei");
    impossible("sichuan", won(json!({"tsumo": true, "haitei": true, "houtei": true})), "houtei (海底炮) with tsumo");
    impossible("sichuan", won(json!({"tsumo": true, "after_kong_discard": true})), "after_kong_discard");
    // A robbed kong holds the other three copies: none may be in the hand, nor among the birds.
    impossible("sichuan", json!({"hand": "11122233345556m", "win": "1m", "chankan": true}), "another 1m");
    impossible("hongzhong", won(json!({"chankan": true, "birds": ["6m"]})), "fifth copy of 6m");

    // The doubtful pairs that can happen: a kong's replacement is the wall's last tile (then
    // discarded). Both fans count.
    let s = score(
        "sichuan",
        json!({"hand": "11122m555777p(8888p)", "win": "2m", "tsumo": true, "rinshan": true, "haitei": true}),
    )
    .unwrap();
    let names: Vec<&str> = s.fans.iter().map(|f| f.name.as_str()).collect();
    assert!(names.contains(&"杠上开花") && names.contains(&"海底捞月"), "{names:?}");
    let s = score("changsha", won(json!({"houtei": true, "after_kong_discard": true}))).unwrap();
    let names: Vec<&str> = s.fans.iter().map(|f| f.name.as_str()).collect();
    assert!(names.contains(&"杠上炮") && names.contains(&"海底炮"), "{names:?}");
}

#[test]
fn birds_are_tiles_of_the_set_within_four_copies() {
    let hand = "123m456m789p234s55s";
    // Hongzhong plays the numbered suits and the red dragons: no east wind.
    let e = score("hongzhong", json!({"hand": hand, "win": "5s", "birds": ["1m", "1z"]})).unwrap_err().to_string();
    assert!(e.contains("birds[1]") && e.contains("1z") && e.contains("112 tiles"), "{e}");
    let e = score("sichuan", json!({"hand": "11122233345556m", "win": "6m", "birds": ["7z"]})).unwrap_err().to_string();
    assert!(e.contains("birds[0]") && e.contains("108 tiles"), "{e}");
    // Two 5s in the hand and two birds: four copies. A third bird would be a fifth.
    let s = score("hongzhong", json!({"hand": hand, "win": "5s", "birds": ["5s", "5s"]})).unwrap();
    assert_eq!(s.birds.hits, ["5s", "5s"]);
    let e = score("hongzhong", json!({"hand": hand, "win": "5s", "birds": ["5s", "5s", "5s"]})).unwrap_err();
    assert!(matches!(&e, ScoreError::Impossible(w) if w.contains("fifth copy of 5s")), "{e}");
    // The red dragons the hand holds as wildcards are copies too.
    let e = score("hongzhong", json!({"hand": "77z1133m5577p2299s", "win": "9s", "birds": ["7z", "7z", "7z"]}))
        .unwrap_err();
    assert!(matches!(&e, ScoreError::Impossible(w) if w.contains("fifth copy of 7z")), "{e}");
}

#[test]
fn each_table_lists_exactly_the_options_it_accepts() {
    let listed = |preset: &str| {
        let e = Table::preset(preset).unwrap().with_json(&json!({"kiriage": true})).unwrap_err().to_string();
        let list = e.split(" are ").nth(1).unwrap_or_else(|| panic!("{e}")).to_string();
        list.split(", ").map(String::from).collect::<Vec<_>>()
    };
    for preset in regional::PRESETS {
        let table = Table::preset(preset).unwrap();
        let options = listed(preset);
        for option in &options {
            let value = match option.as_str() {
                "cap" | "base" | "zero" => json!(2),
                "void" => json!("m"),
                "zimo" => json!("base"),
                _ => json!(true),
            };
            assert!(table.with_json(&json!({option: value})).is_ok(), "{preset} lists {option} but refuses it");
        }
        for option in ["void", "zimo", "menqing", "zhongzhang"] {
            if !options.iter().any(|o| o == option) {
                let value = if option == "void" { json!("m") } else { json!(true) };
                assert!(table.with_json(&json!({option: value})).is_err(), "{preset} accepts {option} unlisted");
            }
        }
    }
    assert_eq!(listed("sichuan"), ["cap", "base", "zero", "void", "zimo", "menqing", "zhongzhang"]);
    assert_eq!(listed("changsha"), ["cap", "base", "zero"]);
    assert_eq!(listed("hongzhong"), ["cap", "base", "zero"]);
}
