//! Runs the real `hupai odds`: the JSON fields and the table against `hupai_odds::deal` in-process
//! (exact fraction, seeded Monte Carlo wins), every wildcard count by default, the fifth-copy flag,
//! skipping the estimate, and the error for too many wildcards.

use std::process::Command;

use hupai_odds::deal as odds;
use hupai_tiles::Rules;
use serde_json::Value;

/// Runs `hupai odds ARGS`; returns stdout, stderr and the exit code.
fn hupai_odds(args: &[&str]) -> (String, String, i32) {
    let output = Command::new(env!("CARGO_BIN_EXE_hupai")).arg("odds").args(args).output().expect("hupai runs");
    (
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        output.status.code().expect("exit code"),
    )
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn one_wildcard_count_as_json() {
    let (out, err, code) = hupai_odds(&["--wildcards", "3", "--samples", "20000", "--seed", "5", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let v = &lines[0];
    let exact = odds::exact(&Rules::STANDARD, 3).unwrap();
    let (num, den) = exact.fraction();
    assert_eq!(v["rules"], "standard");
    assert_eq!(v["wildcard_fifth_copy"], false);
    assert_eq!(v["wildcards"], 3);
    assert_eq!(v["tiles"], 11);
    assert_eq!(v["numerator"], num.to_string());
    assert_eq!(v["denominator"], den.to_string());
    assert_eq!(v["probability"].as_f64(), Some(exact.probability()));
    let mc = odds::estimate(&Rules::STANDARD, 3, 20_000, 5).unwrap();
    assert_eq!((v["samples"].as_u64(), v["wins"].as_u64()), (Some(20_000), Some(mc.wins)));
    let (p, low, high) = (v["estimate"].as_f64().unwrap(), v["low"].as_f64().unwrap(), v["high"].as_f64().unwrap());
    assert_eq!(p, mc.p_hat());
    assert!(low <= p && p <= high && high - low < 0.01, "[{low}, {high}] around {p}");
}

#[test]
fn every_wildcard_count_without_sampling() {
    let (out, _, code) = hupai_odds(&["--rules", "riichi", "--wildcard-fifth-copy", "--samples", "0", "--json"]);
    assert_eq!(code, 0);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 9);
    let rules = Rules::RIICHI.with_wildcard_fifth_copy(true);
    for (k, v) in lines.iter().enumerate() {
        let (num, den) = odds::exact(&rules, k as u8).unwrap().fraction();
        assert_eq!(v["wildcards"], k);
        assert_eq!(v["wildcard_fifth_copy"], true);
        assert_eq!(
            (v["numerator"].as_str(), v["denominator"].as_str()),
            (Some(&*num.to_string()), Some(&*den.to_string()))
        );
        assert_eq!((v["samples"].as_u64(), v["wins"].as_u64()), (Some(0), Some(0)));
        assert!(v["estimate"].is_null() && v["low"].is_null() && v["high"].is_null());
    }
}

#[test]
fn the_table_shows_each_exact_fraction() {
    let (out, _, code) = hupai_odds(&["--rules", "taiwan", "--samples", "2000"]);
    assert_eq!(code, 0);
    assert!(out.contains("taiwan rules") && out.contains("17 − K"), "{out}");
    assert!(out.contains("2,000 random deals"), "{out}");
    for k in 0..=8u8 {
        let (num, den) = odds::exact(&Rules::TAIWAN, k).unwrap().fraction();
        let row = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&k.to_string()))
            .unwrap_or_else(|| panic!("no row for K={k}: {out}"));
        assert!(row.ends_with(&format!("{num}/{den}")), "{row}");
        assert!(row.contains("/2,000"), "{row}");
    }
}

#[test]
fn too_many_wildcards_is_an_error() {
    let (out, err, code) = hupai_odds(&["-k", "15"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("15 wildcards") && err.contains("14-tile"), "{err}");
}

#[test]
fn a_wildcard_tile_adds_its_copies_to_the_wildcards() {
    let (out, err, code) =
        hupai_odds(&["--wildcards", "1", "--wildcard-tile", "7z", "--samples", "20000", "--seed", "3", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let line = &json_lines(&out)[0];
    let red = hupai_tiles::Tile::RED;
    let exact = odds::exact_with_wildcard_tile(&Rules::STANDARD, 1, red).unwrap();
    let (numerator, denominator) = exact.fraction();
    assert_eq!(line["numerator"], numerator.to_string());
    assert_eq!(line["denominator"], denominator.to_string());
    assert_eq!(line["wildcard_tile"], "7z");
    let mc = odds::estimate_with_wildcard_tile(&Rules::STANDARD, 1, red, 20_000, 3).unwrap();
    assert_eq!(line["wins"], mc.wins);
    // Drawn red dragons are wild: better odds than one wildcard alone, and the estimate agrees.
    assert!(exact.probability() > odds::exact(&Rules::STANDARD, 1).unwrap().probability());
    let (low, high) = mc.wilson(odds::Estimate::Z99);
    assert!(low <= exact.probability() && exact.probability() <= high, "{low} {high} {}", exact.probability());
}

#[test]
fn regional_rules_deal_from_their_wall_and_fall_back_to_the_estimate() {
    // 108 tiles: the exact count over the smaller wall.
    let (out, err, code) = hupai_odds(&["--tiles", "108", "--wildcards", "2", "--samples", "0", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let v = &json_lines(&out)[0];
    let rules = Rules::STANDARD.with_tiles(hupai_tiles::TileSupply::Numbered108);
    let exact = odds::exact(&rules, 2).unwrap();
    let c108_12 = (0..12u128).fold(1u128, |acc, i| acc * (108 - i) / (i + 1));
    assert_eq!(exact.deals, c108_12, "deals are 12 tiles from the 108-tile wall");
    assert_eq!(v["numerator"], exact.fraction().0.to_string());
    // The 2-5-8 pair: no exact figure, the seeded estimate (suit-table on each deal) instead.
    let (out, err, code) = hupai_odds(&["--rules", "changsha", "--wildcards", "2", "--samples", "5000", "--json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let v = &json_lines(&out)[0];
    assert!(v["probability"].is_null() && v["numerator"].is_null(), "{v}");
    let mc = odds::estimate(&Rules::CHANGSHA, 2, 5000, 1).unwrap();
    assert_eq!(v["wins"], mc.wins);
    // Without samples there is nothing to show: an error that says why.
    let (_, err, code) = hupai_odds(&["--rules", "changsha", "--wildcards", "2", "--samples", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("exact odds do not handle the 2-5-8 pair"), "{err}");
}
