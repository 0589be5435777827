//! The calls as the package makes them, on the host: answers in the Python package's shapes (tiles
//! in tile order), errors with the command line's messages and a kind, unknown options refused, and
//! the draw odds one discard at a time equal to the whole table under rules with and without
//! wildcard tiles.

use hupai_wasm::{FailureKind, call_json};
use serde_json::Value;

fn call(name: &str, args: &str) -> Value {
    serde_json::from_str(&call_json(name, args).unwrap_or_else(|e| panic!("{name} {args}: {e:?}"))).unwrap()
}

#[test]
fn answers_have_the_python_shapes() {
    assert_eq!(call("isWin", r#"{"hand": "123m456p789s11122z"}"#), Value::Bool(true));
    assert_eq!(call("isWin", r#"{"hand": "123m456p789s999m77z", "rules": "hongzhong"}"#), Value::Bool(true));
    assert_eq!(call("shanten", r#"{"hand": "123456789m11p222s", "rules": "sichuan+void-p"}"#), Value::from(1));
    // Effective tiles keep tile order in the JSON text, as Python's dict does.
    let text = call_json("effectiveTiles", r#"{"hand": "1p1z2m3s4z5m6p7s8m9p1s2z3m"}"#).unwrap();
    let keys: Vec<&str> =
        text.split('"').skip(1).step_by(2).filter(|k| k.len() == 2 && k.as_bytes()[0].is_ascii_digit()).collect();
    let mut sorted = keys.clone();
    sorted.sort_by_key(|k| ("mpsz".find(&k[1..]).unwrap(), k.as_bytes()[0]));
    assert!(keys.len() > 5 && keys == sorted, "{text}");
    let advice = call("discardAdvice", r#"{"hand": "123m456p789s11223z"}"#);
    assert_eq!(
        advice[0],
        serde_json::json!({"discard": "3z", "shanten": 0, "effective": {"1z": 2, "2z": 2}, "unseen": 4})
    );
    assert_eq!(call("check", r#"{"hand": "123m"}"#)["error"].as_str().map(|e| e.contains("13")), Some(true));
    let decompositions = call("decompositions", r#"{"hand": "111222333m11z456p"}"#);
    assert_eq!(decompositions.as_array().map(Vec::len), Some(2));
    assert_eq!(call("countDecompositions", r#"{"hand": "**************"}"#), Value::from(11_580_567));
}

#[test]
fn errors_name_what_is_wrong() {
    let e = call_json("isWin", r#"{"hand": "12x"}"#).unwrap_err();
    assert_eq!(e.kind, FailureKind::Hand);
    assert_eq!(e.message, hupai::parse_hand("12x", &hupai::Rules::STANDARD).unwrap_err().to_string());
    assert_eq!(call_json("isWin", r#"{"hand": " "}"#).unwrap_err().message, "empty hand");
    let e = call_json("shanten", r#"{"hand": "123m", "wildcrdTile": "7z"}"#).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (FailureKind::Argument, "unknown option 'wildcrdTile'"));
    let e = call_json("waits", r#"{"hand": 5}"#).unwrap_err();
    assert_eq!(e.message, "hand: expected a string, found a number");
    assert_eq!(call_json("nothing", "{}").unwrap_err().kind, FailureKind::Argument);
    assert_eq!(call_json("isWin", "[").unwrap_err().kind, FailureKind::Argument);
    assert_eq!(
        call_json("shanten", r#"{"hand": "123m456p789s1134z", "wildcardTile": "0m"}"#).unwrap_err().kind,
        FailureKind::Argument
    );
    let e = call_json("score", r#"{"situation": {"hand": "123m456p789s1123z", "win": "3z"}}"#).unwrap_err();
    assert_eq!(e.kind, FailureKind::Score);
    let long = format!(r#"{{"hand": "{}m"}}"#, "1".repeat(10_000));
    assert_eq!(call_json("isWin", &long).unwrap_err().kind, FailureKind::Hand);
}

#[test]
fn draw_odds_one_discard_at_a_time_equal_the_table() {
    for (hand, rules) in [
        ("123m456p789s1122z9p", "riichi"),
        ("123m456p78s11z2357z", "standard"),
        ("123m456p789s19m77z4p", "hongzhong"),
        ("123m456p79s1z**[555z]", "standard"),
        ("1233m456p789s1155p", "sichuan"),
    ] {
        let table = call("discardEv", &format!(r#"{{"hand": "{hand}", "rules": "{rules}", "turns": 6}}"#));
        let table = table.as_array().unwrap();
        assert!(!table.is_empty(), "{hand}");
        for line in table {
            let discard = line["discard"].as_str().unwrap();
            let one = call(
                "discardEv",
                &format!(r#"{{"hand": "{hand}", "rules": "{rules}", "turns": 6, "discard": "{discard}"}}"#),
            );
            let one = &one[0];
            assert_eq!((&one["discard"], &one["shanten"]), (&line["discard"], &line["shanten"]), "{hand} {discard}");
            for k in ["tenpai", "win", "score"] {
                let (a, b) = (one[k].as_f64(), line[k].as_f64());
                assert_eq!(a.is_some(), b.is_some(), "{hand} {discard} {k}");
                if let (Some(a), Some(b)) = (a, b) {
                    assert!(
                        (a - b).abs() <= 1e-9 * b.abs().max(1.0),
                        "{hand} under {rules}, {discard} {k}: {a} vs {b}"
                    );
                }
            }
        }
    }
    let e = call_json("discardEv", r#"{"hand": "123m456p789s1122z9p", "discard": "5m"}"#).unwrap_err();
    assert_eq!(e.message, "discard: the hand holds no 5m to discard");
}
