//! `hupai_effective_tiles` and `hupai_discard_advice` called as C calls them give the facade's
//! answers (the ones Python and the CLI print) on the harness's hands under every rule set, the
//! rules' wildcard tile included, and leave their buffers alone on error.

use std::ffi::{CStr, CString};
use std::ptr;

use hupai_ffi::{
    HUPAI_KINDS, HUPAI_MAX_DISCARDS, HupaiDiscardOption, HupaiError, hupai_discard_advice, hupai_effective_tiles,
};
use hupai_harness::corpus::{self, Size};

fn c(text: &str) -> CString {
    CString::new(text).unwrap()
}

fn effective(hand: &CStr, rules: &CStr) -> Result<(i32, Vec<(u8, u8)>), i32> {
    let (mut kinds, mut unseen, mut shanten) = ([0u8; HUPAI_KINDS], [0u8; HUPAI_KINDS], 99);
    // SAFETY: NUL-terminated strings, two 34-byte buffers and an int32_t, alive for the call.
    let n = unsafe {
        hupai_effective_tiles(
            hand.as_ptr(),
            rules.as_ptr(),
            ptr::null(),
            kinds.as_mut_ptr(),
            unseen.as_mut_ptr(),
            &mut shanten,
        )
    };
    if n < 0 {
        assert_eq!(shanten, 99, "nothing written on error");
        return Err(n);
    }
    Ok((shanten, (0..n as usize).map(|i| (kinds[i], unseen[i])).collect()))
}

fn advice(hand: &CStr, rules: &CStr, out_len: usize) -> (i32, Vec<HupaiDiscardOption>) {
    let blank = HupaiDiscardOption { discard: 99, shanten: 99, unseen: -1, effective: 0 };
    let mut out = vec![blank; out_len];
    // SAFETY: NUL-terminated strings and `out_len` writable lines, alive for the call.
    let n = unsafe { hupai_discard_advice(hand.as_ptr(), rules.as_ptr(), ptr::null(), out.as_mut_ptr(), out_len) };
    (n, out)
}

#[test]
fn answers_are_the_facades() {
    let rules = corpus::all_rules();
    let (mut short, mut full) = (0, 0);
    for case in corpus::corpus("random").unwrap().cases(&rules, Size::Sampled).take(3000) {
        let text = case.hand.to_string();
        let rules_name = c(&corpus::rules_name(&case.rules));
        let hand = hupai::parse_hand(&text, &case.rules).unwrap();
        let shape = hand.tile_count() % 3;
        if shape == 1 {
            let Ok(want) = hupai::effective_tiles(&hand, &case.rules, &hupai::TileCounts::EMPTY) else { continue };
            let (shanten, got) = effective(&c(&text), &rules_name).unwrap();
            assert_eq!(shanten, i32::from(want.shanten), "{text}");
            let want: Vec<(u8, u8)> = want.tiles.iter().map(|t| (t.tile.index() as u8, t.unseen)).collect();
            assert_eq!(got, want, "{text} under {rules_name:?}");
            short += 1;
        } else if shape == 2 {
            let Ok(want) = hupai::discard_advice(&hand, &case.rules, &hupai::TileCounts::EMPTY) else { continue };
            let (n, got) = advice(&c(&text), &rules_name, HUPAI_MAX_DISCARDS);
            assert_eq!(n as usize, want.len(), "{text}");
            for (g, w) in got.iter().zip(&want) {
                let discard = match w.discard {
                    hupai::Discard::Tile(t) => t.index() as i32,
                    hupai::Discard::Wildcard => -1,
                };
                let bits = w.after.tiles.iter().fold(0u64, |b, t| b | 1 << t.tile.index());
                assert_eq!(
                    (g.discard, g.shanten, g.unseen as u32, g.effective),
                    (discard, i32::from(w.shanten()), w.after.unseen(), bits)
                );
            }
            full += 1;
        }
    }
    assert!(short > 300 && full > 300, "{short} one-short hands, {full} complete ones");
}

#[test]
fn the_rules_wildcard_tile_and_errors() {
    // Under hongzhong the red dragons are wild: 123m456p789s19m and two wildcards is ready.
    let (shanten, kinds) = effective(&c("123m456p789s19m77z"), &c("hongzhong")).unwrap();
    assert_eq!(shanten, 0, "ready");
    assert!(kinds.len() > 1 && kinds.iter().all(|&(k, _)| (k as usize) < 27));
    assert_eq!(effective(&c("123m456p789s19m77z"), &c("hongzhong+wild-none")).unwrap().0, 1);
    assert_eq!(effective(&c("123m"), &c("riichi")).unwrap_err(), HupaiError::WrongSize as i32);
    assert_eq!(effective(&c("12x"), &c("riichi")).unwrap_err(), HupaiError::Parse as i32);
    let (n, out) = advice(&c("123m456p789s1122z9p"), &c("riichi"), 1);
    assert!(n > 1 && out.len() == 1 && out[0].discard == 17, "9p first: {n} {out:?}");
    let (n, out) = advice(&c("123m"), &c("riichi"), 2);
    assert_eq!(n, HupaiError::WrongSize as i32);
    assert!(out.iter().all(|o| o.discard == 99), "the buffer is left alone on error");
    // SAFETY: a NULL output with a positive length is checked before any write.
    let null = unsafe {
        hupai_discard_advice(c("123m456p789s1122z9p").as_ptr(), ptr::null(), ptr::null(), ptr::null_mut(), 3)
    };
    assert_eq!(null, HupaiError::NullArgument as i32);
}
