//! `hupai review`: a real Tenhou game reviewed for one seat gives, at every turn, the draw odds
//! `hupai advice` gives for the same position; the summary adds up; the HTML is one page; a
//! Chinese family's log and bad input are handled.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn hupai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hupai")).args(args).output().expect("hupai runs")
}

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../hupai-game/tests/data").join(path)
}

/// A Tenhou ranked game of 2023 (a whole hanchan), as Tenhou wrote it.
const REAL_GAME: &str = "mjlog/upd-aft-ron3.mjlog";

fn review(args: &[&str]) -> Value {
    let out = hupai(args);
    assert!(out.status.success(), "hupai {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn every_turn_has_the_odds_hupai_advice_gives() {
    let file = data(REAL_GAME);
    let r = review(&["review", file.to_str().unwrap(), "--seat", "2"]);
    let decisions = r["decisions"].as_array().unwrap();
    assert!(decisions.len() > 50, "a hanchan holds many decisions of one seat: {}", decisions.len());
    assert!(r["errors"].as_array().unwrap().is_empty());
    let mut compared = 0;
    for d in decisions {
        assert_eq!(d["seat"], 2);
        let Some(position) = d["position"].as_object() else { continue };
        let odds = d["odds"].as_array().unwrap();
        assert!(!odds.is_empty(), "a turn has its odds: {d}");
        let turns = position["turns"].as_u64().unwrap().to_string();
        let out = hupai(&[
            "advice",
            position["hand"].as_str().unwrap(),
            "--rules",
            position["rules"].as_str().unwrap(),
            "--visible",
            position["visible"].as_str().unwrap(),
            "--turns",
            &turns,
            "--json",
        ]);
        assert!(out.status.success(), "advice on {position:?}: {}", String::from_utf8_lossy(&out.stderr));
        let advice: Value = serde_json::from_slice(&out.stdout).unwrap();
        let lines = advice["advice"].as_array().unwrap();
        assert_eq!(lines.len(), odds.len(), "as many discards as the advice: {position:?}");
        for o in odds {
            let line = lines.iter().find(|l| l["discard"] == o["discard"]).expect("the advice has the discard");
            assert_eq!(line["shanten"], o["shanten"]);
            for key in ["tenpai", "win"] {
                let (a, b) = (line[key].as_f64().unwrap(), o[key].as_f64().unwrap());
                assert!((a - b).abs() < 1e-12, "{key} of {} at {position:?}: advice {a}, review {b}", o["discard"]);
            }
        }
        compared += 1;
    }
    assert!(compared > 30, "turns compared: {compared}");
}

#[test]
fn the_summary_adds_up_and_losses_are_never_negative() {
    let file = data(REAL_GAME);
    let r = review(&["review", file.to_str().unwrap(), "--no-odds"]);
    let decisions = r["decisions"].as_array().unwrap();
    let seats: std::collections::BTreeSet<u64> = decisions.iter().map(|d| d["seat"].as_u64().unwrap()).collect();
    assert_eq!(seats.len(), 4, "every seat by default");
    let s = &r["summary"];
    assert_eq!(s["decisions"].as_u64().unwrap() as usize, decisions.len());
    let agreements = decisions.iter().filter(|d| d["agree"] == true).count();
    assert_eq!(s["agreements"].as_u64().unwrap() as usize, agreements);
    assert!(agreements > 0 && agreements < decisions.len(), "{agreements} of {}", decisions.len());
    let mut total = 0.0;
    for d in decisions {
        assert!(d["odds"].as_array().unwrap().is_empty(), "--no-odds");
        let agree = d["agree"] == true;
        let played = &d["played"];
        let chosen = &d["hupai"];
        if agree {
            assert_eq!(played["type"].as_str(), chosen["action"].as_str());
            assert_eq!(d["loss"].as_f64(), Some(0.0));
        }
        if let Some(loss) = d["loss"].as_f64() {
            assert!(loss >= 0.0, "{d}");
            total += loss;
        }
    }
    assert!((s["total_loss"].as_f64().unwrap() - total).abs() < 1e-6);
    let largest: Vec<usize> = s["largest"].as_array().unwrap().iter().map(|i| i.as_u64().unwrap() as usize).collect();
    assert!(!largest.is_empty());
    let loss = |i: usize| decisions[i]["loss"].as_f64().unwrap();
    assert!(largest.windows(2).all(|w| loss(w[0]) >= loss(w[1])), "largest first");
    let hands: u64 = s["hands"].as_array().unwrap().iter().map(|h| h["decisions"].as_u64().unwrap()).sum();
    assert_eq!(hands as usize, decisions.len());
}

#[test]
fn html_is_one_page_linking_each_decision() {
    let file = data(REAL_GAME);
    let out = hupai(&["review", file.to_str().unwrap(), "--seat", "0", "--no-odds", "--format", "html"]);
    assert!(out.status.success());
    let html = String::from_utf8(out.stdout).unwrap();
    assert!(html.starts_with("<!doctype html>"));
    assert!(html.contains("id=\"summary\""));
    let sections = html.matches("<section id=\"d").count();
    assert!(sections > 50, "one section per decision: {sections}");
    assert!(html.contains("href=\"#d"), "the largest losses link to their decisions");
    assert!(!html.contains("<script") && !html.contains("src="), "self-contained");
    assert!(html.trim_end().ends_with("</html>"));
}

#[test]
fn a_chinese_game_from_hupai_play_is_reviewed() {
    for rules in ["sichuan", "gb"] {
        let out = hupai(&["play", "--rules", rules, "--games", "1", "--seed", "3", "--policy", "efficiency"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let dir = std::env::temp_dir().join(format!("hupai-review-{rules}-{}", std::process::id()));
        std::fs::write(&dir, &out.stdout).unwrap();
        let r = review(&["review", dir.to_str().unwrap(), "--seat", "1", "--no-odds"]);
        let _ = std::fs::remove_file(&dir);
        let decisions = r["decisions"].as_array().unwrap();
        assert!(!decisions.is_empty(), "{rules}");
        assert!(r["errors"].as_array().unwrap().is_empty(), "{rules}: {}", r["errors"]);
        // Both sides are the efficiency player's choices here (the hupai player plays the
        // Chinese families as it), so they agree wherever the choice is the player's own.
        let agree = decisions.iter().filter(|d| d["agree"] == true).count();
        assert!(agree * 10 >= decisions.len() * 9, "{rules}: {agree} of {}", decisions.len());
    }
}

#[test]
fn bad_input_is_named_and_a_damaged_game_does_not_stop_the_rest() {
    let out = hupai(&["review", "/nonexistent/log.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/log.json"));

    let out = hupai(&["review", data(REAL_GAME).to_str().unwrap(), "--seat", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seat 7"));

    // Two games of mjai: the first damaged (a discard of a tile the seat does not hold), the second whole.
    let good = hupai(&["play", "--rules", "tenhou", "--games", "2", "--seed", "5", "--policy", "efficiency"]);
    let text = String::from_utf8(good.stdout).unwrap();
    let first_dahai = text.find("\"type\":\"dahai\"").expect("a discard");
    let line_start = text[..first_dahai].rfind('\n').map_or(0, |i| i + 1);
    let line_end = line_start + text[line_start..].find('\n').unwrap();
    let damaged = format!(
        "{}{}{}",
        &text[..line_start],
        r#"{"type":"dahai","actor":0,"pai":"?","tsumogiri":false}"#,
        &text[line_end..]
    );
    let path = std::env::temp_dir().join(format!("hupai-review-damaged-{}", std::process::id()));
    std::fs::write(&path, damaged).unwrap();
    let out = hupai(&["review", path.to_str().unwrap(), "--seat", "0", "--no-odds"]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(2), "a game that does not replay: exit 2, as `replay`");
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["errors"].as_array().unwrap().len(), 1, "{}", r["errors"]);
    assert!(r["decisions"].as_array().unwrap().iter().any(|d| d["game"] == 1), "the second game is reviewed");
    assert!(!String::from_utf8_lossy(&out.stderr).is_empty());
}
