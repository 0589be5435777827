//! `hupai score` and `hupai check --win`: JSON lines in and out in order, a bad line answered with
//! its error while the batch goes on (exit 2), and the same answer in `check`'s report.

mod common;

fn hupai(args: &[&str], stdin: &str) -> (String, i32) {
    let run = common::run(args, stdin.as_bytes());
    (run.stdout, run.code)
}

#[test]
fn score_answers_every_line_in_order() {
    let input = concat!(
        r#"{"hand": "234m456p678s22p567s", "win": "2m", "tsumo": true, "riichi": true}"#,
        "\n",
        "not json\n",
        "\n",
        r#"{"hand": "123m456p789s22z[555z]", "win": "3m", "spelling": 1}"#,
        "\n",
        r#"{"hand": "19m19p19s1234567z1m", "win": "1m"}"#,
        "\r\n",
    );
    let (out, code) = hupai(&["score", "--rules", "riichi"], input);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(code, 2, "some lines were errors");
    assert!(lines[0]["han"].as_u64().unwrap() >= 4, "{}", lines[0]);
    assert!(lines[1]["error"].as_str().unwrap().starts_with("not JSON"));
    assert_eq!(lines[2]["error"], "empty line");
    assert!(lines[3]["error"].as_str().unwrap().contains("'spelling'"));
    assert_eq!(lines[4]["limit"], "2x yakuman", "thirteen-sided thirteen orphans: {}", lines[4]);
    let (_, code) = hupai(&["score", "--rules", "riichi"], &input[..input.find('\n').unwrap() + 1]);
    assert_eq!(code, 0, "every line scored");
    let (out, code) = hupai(&["score", "--rules", "poker"], "");
    assert_eq!((out.as_str(), code), ("", 2));
}

#[test]
fn check_with_a_winning_tile_scores_the_hand() {
    let (out, code) = hupai(&["check", "234m456p678s22p567s", "--rules", "riichi", "--win", "2m", "--tsumo"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("score: ") && out.contains("Pinfu") && out.contains("reading: "), "{out}");
    let (json, _) =
        hupai(&["check", "--json", "234m456p678s22p567s", "--rules", "riichi", "--win", "2m", "--tsumo"], "");
    let report: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    let line = r#"{"hand": "234m456p678s22p567s", "win": "2m", "tsumo": true}"#;
    let (scored, _) = hupai(&["score", "--rules", "riichi"], line);
    assert_eq!(report["score"], serde_json::from_str::<serde_json::Value>(scored.trim()).unwrap());
    let (out, code) = hupai(&["check", "123m456p789s22z[555z]", "--rules", "gb", "--win", "9p"], "");
    assert_eq!(code, 2, "the winning tile is not in the hand: {out}");
    assert!(out.contains("score: impossible situation"), "{out}");
}
