//! Fuzz target: hand notation from arbitrary bytes (lossy UTF-8) never panics, a parsed hand prints
//! in mpsz and in Unicode and parses back to itself (Unicode has no red five), and every error that
//! names a position points at a character of the input.
#![no_main]

use hupai_tiles::{Error, Hand};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    match input.parse::<Hand>() {
        Ok(hand) => {
            let mpsz = hand.to_string();
            let again: Hand = mpsz.parse().unwrap_or_else(|e| panic!("{input:?} printed as {mpsz:?}: {e}"));
            assert_eq!(again, hand, "{input:?} printed as {mpsz:?}");
            assert_eq!(again.to_string(), mpsz, "printing {input:?} is not stable");

            let unicode = hand.to_unicode();
            let back: Hand = unicode.parse().unwrap_or_else(|e| panic!("{input:?} printed as {unicode:?}: {e}"));
            assert_eq!(back.concealed(), hand.concealed(), "{unicode:?}");
            assert_eq!(back.wildcards(), hand.wildcards(), "{unicode:?}");
            assert_eq!(back.melds(), hand.melds(), "{unicode:?}");
            assert_eq!(back.bonus(), hand.bonus(), "{unicode:?}");
        }
        Err(err) => {
            let chars: Vec<char> = input.chars().collect();
            let at = |position: usize| {
                assert!((1..=chars.len()).contains(&position), "{input:?}: {err} is outside the input");
                chars[position - 1]
            };
            match &err {
                Error::UnexpectedChar { position, found, .. } => assert_eq!(at(*position), *found, "{input:?}: {err}"),
                Error::MissingSuit { position } => assert!(at(*position).is_ascii_digit(), "{input:?}: {err}"),
                Error::BadRank { position, digit, .. } => assert_eq!(at(*position), *digit, "{input:?}: {err}"),
                Error::UnclosedMeld { position, .. } | Error::NotAMeld { position, .. } => {
                    assert_eq!(at(*position), '[', "{input:?}: {err}")
                }
                Error::TooManyCopies { count, .. } => assert!(*count > 4, "{input:?}: {err}"),
                Error::TooManyMelds { found, max } => assert!(found > max, "{input:?}: {err}"),
                other => panic!("parsing {input:?} gave a non-notation error: {other}"),
            }
        }
    }
});
