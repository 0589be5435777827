//! The draw odds at the command line: `check --turns` adds tenpai and win to the discard table
//! (readable and JSON), `batch --ev` adds an `"ev"` object per line; both against
//! `hupai_odds::ev` in-process.

mod common;

use hupai_odds::ev::{self, EvOptions, Policy};
use hupai_tiles::{Hand, Rules, Tile};
use serde_json::Value;

fn hupai(args: &[&str], stdin: &str) -> (String, String, i32) {
    let run = common::run(args, stdin.as_bytes());
    (run.stdout, run.stderr, run.code)
}

fn name(d: hupai_shanten::Discard) -> String {
    match d {
        hupai_shanten::Discard::Tile(t) => t.to_string(),
        hupai_shanten::Discard::Wildcard => "*".to_string(),
    }
}

#[test]
fn check_turns_adds_tenpai_and_win_to_the_advice() {
    let (out, err, code) = hupai(&["check", "123m456p789s1122z9p", "--turns", "17", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((report["turns"].as_u64(), report["policy"].as_str()), (Some(17), Some("shortest-path")));
    let hand: Hand = "123m456p789s1122z9p".parse().unwrap();
    let want = ev::discard_ev(&hand, &Rules::STANDARD, &EvOptions::default()).unwrap();
    let advice = report["advice"].as_array().unwrap();
    assert_eq!(advice.len(), want.len());
    for line in &want {
        let got = advice.iter().find(|a| a["discard"] == name(line.discard)).expect("every discard");
        // serde_json reads floats to within an ulp or so.
        assert!((got["tenpai"].as_f64().unwrap() - line.tenpai()).abs() < 1e-15);
        assert!((got["win"].as_f64().unwrap() - line.win()).abs() < 1e-15);
        assert!(got.get("score").is_none());
    }
    // The readable table has the columns, and the first line's win as a percentage.
    let (out, _, code) = hupai(&["check", "123m456p789s1122z9p", "--turns", "17"], "");
    assert_eq!(code, 0);
    assert!(out.contains("tenpai and win over 17 draws (shortest-path policy"), "{out}");
    assert!(out.contains("shanten  tenpai      win  unseen"), "{out}");
    assert!(out.contains(&format!("{:.2}%", 100.0 * want[0].win())), "{out}");
    // Without --turns nothing changes.
    let (out, _, _) = hupai(&["check", "123m456p789s1122z9p", "--json"], "");
    assert!(!out.contains("tenpai") && !out.contains("\"turns\""), "{out}");
}

#[test]
fn batch_ev_adds_the_figures_per_line() {
    let input = "123m456p789s1122z9p\n123m456p789s1122z\n123m456p789s1m2p77z8s\n12x\n";
    let (out, err, code) = hupai(&["batch", "--ev", "--turns", "2", "--rules", "hongzhong", "--hand-changes"], input);
    assert_eq!(code, 2, "{err}"); // the last line is an error line
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    // 1z/2z are not tiles of the 112-tile set: an ev error, not a crash.
    assert!(lines[0].get("error").is_some() || lines[0].get("ev_error").is_some(), "{}", lines[0]);
    let options = EvOptions {
        turns: 2,
        policy: Policy::SHORTEST_PATH.with_hand_changes(true),
        wildcard_tile: Some(Tile::RED),
        ..EvOptions::default()
    };
    let hand: Hand = "123m456p789s1m2p77z8s".parse().unwrap();
    let want = ev::discard_ev(&hand, &Rules::HONGZHONG, &options).unwrap();
    let got = &lines[2]["ev"];
    assert_eq!(got["policy"], "shortest-path+hand-changes");
    assert_eq!(got["turns"], 2);
    let discards = got["discards"].as_array().unwrap();
    assert_eq!(discards.len(), want.len());
    for (g, w) in discards.iter().zip(&want) {
        assert_eq!(g["discard"], name(w.discard));
        assert_eq!(g["shanten"], i64::from(w.shanten));
        assert!((g["tenpai"].as_f64().unwrap() - w.tenpai()).abs() < 1e-15);
        assert!((g["win"].as_f64().unwrap() - w.win()).abs() < 1e-15);
    }
    assert!(lines[3].get("ev").is_none());
    // A hand one short gets its own figures.
    let (out, _, code) = hupai(&["batch", "--ev"], "123m456p789s1122z\n");
    assert_eq!(code, 0);
    let line: Value = serde_json::from_str(out.trim()).unwrap();
    let p = 4.0 / 123.0;
    assert_eq!(line["ev"]["shanten"], 0);
    assert!((line["ev"]["win"].as_f64().unwrap() - (1.0 - f64::powi(1.0 - p, 17))).abs() < 1e-12, "{line}");
}

#[test]
fn riichi_at_tenpai_scores_with_the_riichi_scorer() {
    let scorer = hupai_score::Scorer::by_name("riichi").unwrap();
    let hand: Hand = "123m456p789s1122z9p".parse().unwrap();
    let args = ["check", "123m456p789s1122z9p", "--rules", "riichi", "--turns", "5", "--riichi-at-tenpai"];
    let (out, err, code) = hupai(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["riichi"], true);
    let options = EvOptions { turns: 5, riichi: true, scorer: Some(&scorer), ..EvOptions::default() };
    let want = ev::discard_ev(&hand, &Rules::RIICHI, &options).unwrap();
    for line in &want {
        let got = report["advice"].as_array().unwrap().iter().find(|a| a["discard"] == name(line.discard)).unwrap();
        let score = got["score"].as_f64().unwrap();
        assert!((score - line.score().unwrap()).abs() <= 1e-9 * score.abs().max(1.0), "{got}");
    }
    let (out, _, _) = hupai(&args, "");
    assert!(out.contains("(shortest-path policy, riichi at tenpai;"), "{out}");
    // batch --ev says so on each line; rules without riichi give each line an ev_error.
    let (out, _, code) =
        hupai(&["batch", "--ev", "--turns", "5", "--rules", "riichi", "--riichi-at-tenpai"], "123m456p789s1122z9p\n");
    assert_eq!(code, 0);
    let line: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(line["ev"]["riichi"], true);
    assert!((line["ev"]["discards"][0]["score"].as_f64().unwrap() - want[0].score().unwrap()).abs() < 1e-9);
    let (out, _, _) = hupai(&["batch", "--ev", "--rules", "gb", "--riichi-at-tenpai"], "123m456p789s1122z9p\n");
    assert!(out.contains("\"ev_error\": \"riichi at tenpai needs a scorer with riichi"), "{out}");
}
