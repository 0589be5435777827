//! `hupai_score` called as C calls it: the answer is the line `hupai score` prints (the same
//! `Scorer::score_line`), a situation that cannot be scored is an error code with the same
//! message, and small buffers and NULL pointers are error codes that leave the buffer alone.

use std::ffi::{CStr, CString, c_char};
use std::ptr;

use hupai_ffi::{HupaiError, hupai_last_error, hupai_score};
use hupai_score::{RULE_SETS, Scorer};

fn last_error() -> String {
    // SAFETY: never NULL, NUL-terminated, valid until this thread's next failing call.
    unsafe { CStr::from_ptr(hupai_last_error()) }.to_str().expect("UTF-8 messages").to_string()
}

/// The answer text, or the error code and message.
fn score(rules: &str, situation: &str, capacity: usize) -> Result<String, (i32, String)> {
    let rules = CString::new(rules).unwrap();
    let situation = CString::new(situation).unwrap();
    let mut out = vec![b'#' as c_char; capacity.max(1)];
    // SAFETY: NUL-terminated strings and a buffer of `capacity` bytes, alive for the call.
    let n = unsafe { hupai_score(rules.as_ptr(), situation.as_ptr(), out.as_mut_ptr(), capacity) };
    if n < 0 {
        assert!(out.iter().all(|&b| b == b'#' as c_char), "the buffer is left alone on error");
        return Err((n, last_error()));
    }
    // SAFETY: on success the answer is NUL-terminated within the buffer.
    let text = unsafe { CStr::from_ptr(out.as_ptr()) }.to_str().unwrap().to_string();
    assert_eq!(text.len(), n as usize, "the return value is the answer's length");
    Ok(text)
}

const SITUATIONS: [&str; 8] = [
    r#"{"hand": "123m456p789s1122z", "win": "2z"}"#,
    r#"{"hand": "234m456p678s22p567s", "win": "2m", "tsumo": true, "riichi": true, "dora": ["1m"]}"#,
    r#"{"hand": "11223344556677m", "win": "7m", "tsumo": true}"#,
    r#"{"hand": "123m456p22z(5555z)[789s]", "win": "3m", "tsumo": true, "rinshan": true}"#,
    r#"{"hand": "123m456p789s77*7z11z", "win": "1z", "birds": ["1m"]}"#,
    r#"{"hand": "123m456p789s1123z", "win": "3z"}"#,
    r#"{"hand": "123m456p789s1122z", "win": "2z", "seat": "5z"}"#,
    r#"{"hand": "12x", "win": "2z"}"#,
];

#[test]
fn answers_and_errors_are_those_of_the_command_line() {
    for rules in RULE_SETS {
        let scorer = Scorer::by_name(rules).unwrap();
        for situation in SITUATIONS {
            let expected = scorer.score_line(situation);
            match score(rules, situation, 4096) {
                Ok(text) => assert_eq!(text, expected.to_string(), "{rules} {situation}"),
                Err((code, message)) => {
                    assert_eq!(Some(message.as_str()), expected["error"].as_str(), "{rules} {situation}");
                    // A situation error, or the hand's own class when the rules refuse the hand.
                    let classes = [HupaiError::Situation, HupaiError::InvalidHand, HupaiError::WrongSize];
                    assert!(classes.iter().any(|&c| c as i32 == code), "{rules} {situation}: {code} {message}");
                }
            }
        }
    }
}

#[test]
fn bad_input_is_an_error_code() {
    assert_eq!(score("poker", SITUATIONS[0], 4096).unwrap_err().0, HupaiError::UnknownRules as i32);
    let (code, message) = score("riichi", "[1, 2]", 4096).unwrap_err();
    assert_eq!((code, message.as_str()), (HupaiError::Situation as i32, "situation: expected a JSON object"));
    assert_eq!(score("riichi", "{", 4096).unwrap_err().0, HupaiError::Situation as i32);
    let mut out = [0 as c_char; 8];
    let situation = CString::new(SITUATIONS[0]).unwrap();
    let bad = [0xffu8 as c_char, 0];
    // SAFETY: NULL pointers where the function checks them; valid, live pointers elsewhere.
    let null_situation = unsafe { hupai_score(ptr::null(), ptr::null(), out.as_mut_ptr(), 8) };
    // SAFETY: as above.
    let null_out = unsafe { hupai_score(ptr::null(), situation.as_ptr(), ptr::null_mut(), 8) };
    // SAFETY: as above; `bad` is NUL-terminated.
    let not_utf8 = unsafe { hupai_score(ptr::null(), bad.as_ptr(), out.as_mut_ptr(), 8) };
    assert_eq!(null_situation, HupaiError::NullArgument as i32);
    assert_eq!(null_out, HupaiError::NullArgument as i32);
    assert_eq!(not_utf8, HupaiError::InvalidUtf8 as i32);
}

#[test]
fn a_small_buffer_names_the_size_needed() {
    // Find a situation some rule set answers, then offer one byte too few.
    for rules in RULE_SETS {
        for situation in SITUATIONS {
            if let Ok(text) = score(rules, situation, 4096) {
                let needed = text.len() + 1;
                let (code, message) = score(rules, situation, needed - 1).unwrap_err();
                assert_eq!(code, HupaiError::BufferTooSmall as i32);
                assert!(message.contains(&format!("needs {needed} bytes")), "{message}");
                assert_eq!(score(rules, situation, needed).unwrap(), text);
                return;
            }
        }
    }
    // Until a rule set scores one of these situations, the unscored path above is all there is.
    assert!(RULE_SETS.iter().all(|r| score(r, SITUATIONS[0], 4096).is_err()));
}

/// `hupai_discard_ev` under scored rules gives the expected score the facade gives with the
/// rules' scorer (`Scorer` as the draw odds' `WinValue`), as the command line and Python do; with
/// `HUPAI_POLICY_RIICHI_AT_TENPAI` too, which rules without riichi refuse.
#[test]
fn discard_ev_scores_with_the_rules_scorer() {
    use hupai::odds::ev::{self, EvOptions, WinValue};
    use hupai_ffi::{HUPAI_POLICY_RIICHI_AT_TENPAI, HupaiDiscardEv, hupai_discard_ev};
    let (text, rules_name) = ("123m456p789s1122z9p", "riichi");
    let (hand, rules) = (CString::new(text).unwrap(), CString::new(rules_name).unwrap());
    let scorer = Scorer::by_name(rules_name).unwrap();
    let mut firsts = Vec::new();
    for flags in [0, HUPAI_POLICY_RIICHI_AT_TENPAI] {
        let mut out = vec![HupaiDiscardEv { discard: 99, shanten: 99, tenpai: -1.0, win: -1.0, score: -1.0 }; 35];
        // SAFETY: NUL-terminated strings, NULL visible tiles and 35 writable lines, alive for the call.
        let n =
            unsafe { hupai_discard_ev(hand.as_ptr(), rules.as_ptr(), 9, ptr::null(), -1, flags, out.as_mut_ptr(), 35) };
        assert!(n > 0, "{}", last_error());
        let options =
            EvOptions { turns: 9, riichi: flags != 0, scorer: Some(&scorer as &dyn WinValue), ..EvOptions::default() };
        let want = ev::discard_ev(&text.parse().unwrap(), &hupai::Rules::RIICHI, &options).unwrap();
        assert_eq!(n as usize, want.len());
        for (got, want) in out.iter().zip(&want) {
            assert_eq!(Some(got.score), want.score());
        }
        assert!(out[0].score > 0.0, "a ready hand that can win has a positive expected score");
        firsts.push(out[0].score);
    }
    assert!(firsts[1] > firsts[0], "riichi's han and ura-dora outweigh the deposit over 9 draws: {firsts:?}");
    let gb = CString::new("gb").unwrap();
    let mut out = [HupaiDiscardEv { discard: 99, shanten: 99, tenpai: -1.0, win: -1.0, score: -1.0 }; 35];
    // SAFETY: as above.
    let n = unsafe {
        hupai_discard_ev(
            hand.as_ptr(),
            gb.as_ptr(),
            9,
            ptr::null(),
            -1,
            HUPAI_POLICY_RIICHI_AT_TENPAI,
            out.as_mut_ptr(),
            35,
        )
    };
    assert_eq!(n, HupaiError::Unsupported as i32);
    assert!(last_error().contains("riichi"), "{}", last_error());
    assert_eq!(out[0].discard, 99, "nothing written on an error");
}
