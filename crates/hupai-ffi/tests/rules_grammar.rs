//! The C ABI reads rules in the grammar the CLI and Python read, the wildcard tile included: a
//! `hongzhong` hand with red dragons wins through C as it does on the command line.

use std::ffi::CString;

use hupai_ffi::{HupaiError, hupai_is_win, hupai_shanten};

fn is_win(hand: &str, rules: &str) -> i32 {
    let (hand, rules) = (CString::new(hand).unwrap(), CString::new(rules).unwrap());
    // SAFETY: NUL-terminated strings alive for the call.
    unsafe { hupai_is_win(hand.as_ptr(), rules.as_ptr()) }
}

#[test]
fn the_wildcard_tile_is_part_of_the_rules() {
    // Three red dragons stand for 1m, 2m/3m, …: the hand wins only if 7z is wild.
    assert_eq!(is_win("123m456p789s19m777z", "hongzhong"), 1);
    assert_eq!(is_win("123m456p789s19m777z", "hongzhong+wild-none"), 0);
    assert_eq!(is_win("123m456p789s19m555z", "standard+wild-5z"), 1);
    assert_eq!(is_win("123m456p789s19m555z", "standard"), 0);
    assert_eq!(is_win("123m456p789s19m555z", "standard+wild-0m"), HupaiError::UnknownRules as i32);
    let (hand, rules) = (CString::new("123m456p789s19m77z").unwrap(), CString::new("hongzhong").unwrap());
    let mut shanten = 99;
    // SAFETY: NUL-terminated strings and a writable int32_t alive for the call.
    assert_eq!(unsafe { hupai_shanten(hand.as_ptr(), rules.as_ptr(), &mut shanten) }, 0);
    assert_eq!(shanten, 0, "two wildcards and a 1m/9m pair shape: ready");
}

#[test]
fn every_option_of_the_grammar_is_read() {
    assert_eq!(is_win("22m123456789p111s", "changsha+tiles-108"), 1);
    assert_eq!(is_win("11m123456789p111s", "changsha+tiles-108"), 0, "the pair must be a 2, 5 or 8");
    assert_eq!(is_win("11m123456789p111s", "standard+258"), 0);
    assert_eq!(is_win("11p123456789p111s", "sichuan+void-any"), 1);
    assert_eq!(is_win("11m123456789p111z", "sichuan"), HupaiError::InvalidHand as i32, "no honors in 108 tiles");
    assert_eq!(is_win("19m19p19s1234567z9m", "sanma"), 1);
}
