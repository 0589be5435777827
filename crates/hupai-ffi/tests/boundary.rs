//! The C entry points called from Rust exactly as C calls them (raw pointers, NUL-terminated
//! strings): every NULL pointer, non-UTF-8 text, buffers left alone on error, the string and
//! counts entry points agreeing with the facade, per-thread error messages, and arbitrary input
//! never reaching a panic.

use std::ffi::{CStr, CString};
use std::ptr;

use hupai::{Hand, PackedHand, Rules, Tile};
use hupai_ffi::{
    HUPAI_ABI_VERSION, HUPAI_KINDS, HUPAI_MAX_DISCARDS, HupaiDiscardEv, HupaiError, hupai_abi_version,
    hupai_discard_ev, hupai_is_win, hupai_is_win_counts, hupai_last_error, hupai_shanten, hupai_waits,
    hupai_waits_counts,
};
use hupai_harness::corpus::{self, Size};
use hupai_harness::rng::Rng;

fn c(text: &str) -> CString {
    CString::new(text).expect("no NUL in test strings")
}

fn last_error() -> String {
    // SAFETY: never NULL, NUL-terminated, valid until this thread's next failing call.
    unsafe { CStr::from_ptr(hupai_last_error()) }.to_str().expect("UTF-8 messages").to_string()
}

fn is_win(hand: &CStr, rules: Option<&CStr>) -> i32 {
    // SAFETY: both are NUL-terminated strings (or NULL) alive for the call.
    unsafe { hupai_is_win(hand.as_ptr(), rules.map_or(ptr::null(), CStr::as_ptr)) }
}

fn waits(hand: &CStr, rules: Option<&CStr>, out: &mut [u8; HUPAI_KINDS]) -> i32 {
    // SAFETY: NUL-terminated strings (or NULL) and a 34-byte buffer, alive for the call.
    unsafe { hupai_waits(hand.as_ptr(), rules.map_or(ptr::null(), CStr::as_ptr), out.as_mut_ptr()) }
}

fn shanten(hand: &CStr, rules: Option<&CStr>) -> Result<i32, i32> {
    let mut out = 99;
    // SAFETY: NUL-terminated strings (or NULL) and a writable int32_t, alive for the call.
    let status = unsafe { hupai_shanten(hand.as_ptr(), rules.map_or(ptr::null(), CStr::as_ptr), &mut out) };
    match status {
        0 => Ok(out),
        e => {
            assert_eq!(out, 99, "an error writes nothing");
            Err(e)
        }
    }
}

const NULL: i32 = HupaiError::NullArgument as i32;

#[test]
fn abi_version_matches_the_header_constant() {
    assert_eq!(hupai_abi_version(), HUPAI_ABI_VERSION);
    let header = include_str!("../include/hupai.h");
    assert!(header.contains(&format!("#define HUPAI_ABI_VERSION {HUPAI_ABI_VERSION}")));
}

#[test]
fn every_null_pointer_is_an_error_code_and_buffers_stay_untouched() {
    let hand = c("1112345678999m");
    let counts = [3, 1, 1, 1, 1, 1, 1, 1, 3].into_iter().chain([0; 25]).collect::<Vec<u8>>();
    let mut out = [0xAA; HUPAI_KINDS];
    // Every non-NULL pointer below is valid for the call; the NULLs are what is tested.
    // SAFETY: NULL hand and rules.
    assert_eq!(unsafe { hupai_is_win(ptr::null(), ptr::null()) }, NULL);
    assert_eq!(last_error(), "hand is NULL");
    // SAFETY: NULL hand, a 34-byte buffer.
    assert_eq!(unsafe { hupai_waits(ptr::null(), ptr::null(), out.as_mut_ptr()) }, NULL);
    // SAFETY: a NUL-terminated hand, NULL buffer.
    assert_eq!(unsafe { hupai_waits(hand.as_ptr(), ptr::null(), ptr::null_mut()) }, NULL);
    assert_eq!(last_error(), "out_kinds is NULL");
    // SAFETY: NULL counts.
    assert_eq!(unsafe { hupai_is_win_counts(ptr::null(), 0, ptr::null()) }, NULL);
    assert_eq!(last_error(), "counts is NULL");
    // SAFETY: NULL counts, a 34-byte buffer.
    assert_eq!(unsafe { hupai_waits_counts(ptr::null(), 0, ptr::null(), out.as_mut_ptr()) }, NULL);
    // SAFETY: 34 counts, NULL buffer.
    assert_eq!(unsafe { hupai_waits_counts(counts.as_ptr(), 0, ptr::null(), ptr::null_mut()) }, NULL);
    // NULL rules is standard, not an error.
    // SAFETY: 34 counts, a 34-byte buffer.
    assert_eq!(unsafe { hupai_waits_counts(counts.as_ptr(), 0, ptr::null(), out.as_mut_ptr()) }, 9);
    assert_eq!(out[..9], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert!(out[9..].iter().all(|&b| b == 0xAA), "only the waits are written");
    let mut untouched = [0xAA; HUPAI_KINDS];
    assert_eq!(waits(&c("123m456p789s11122z"), None, &mut untouched), HupaiError::WrongSize as i32);
    assert_eq!(untouched, [0xAA; HUPAI_KINDS], "an error writes nothing");
}

#[test]
fn non_utf8_text_is_an_error_code() {
    let bad = CString::new(b"123m\xff456p".to_vec()).unwrap();
    assert_eq!(is_win(&bad, None), HupaiError::InvalidUtf8 as i32);
    assert_eq!(last_error(), "hand is not valid UTF-8: invalid byte at position 5");
    let rules = CString::new(b"riichi\xc3".to_vec()).unwrap();
    assert_eq!(is_win(&c("123m456p789s11122z"), Some(&rules)), HupaiError::InvalidUtf8 as i32);
    assert!(last_error().starts_with("rules is not valid UTF-8"), "{}", last_error());
}

#[test]
fn messages_are_the_cli_text_of_hupai_errors() {
    for (text, code) in [
        ("123m456p789s11122x", HupaiError::Parse),
        ("1234m", HupaiError::WrongSize),
        ("11111m456p789s111z", HupaiError::InvalidHand),
        ("1112345678999m", HupaiError::WrongSize), // one short: a win check needs 14
    ] {
        let expected = text.parse::<Hand>().and_then(|h| hupai::is_win(&h, &Rules::STANDARD)).unwrap_err();
        assert_eq!(is_win(&c(text), None), code as i32, "{text}");
        assert_eq!(last_error(), expected.to_string(), "{text}");
    }
    assert_eq!(is_win(&c("123m456p789s11122z"), Some(&c("mahjong"))), HupaiError::UnknownRules as i32);
    let unknown = "mahjong".parse::<Rules>().unwrap_err();
    assert_eq!(last_error(), unknown.to_string());
    // Ten megabytes of rules name: the message echoes its start and length, not all of it.
    let huge = "x".repeat(10 << 20);
    assert_eq!(is_win(&c("123m456p789s11122z"), Some(&c(&huge))), HupaiError::UnknownRules as i32);
    let message = last_error();
    assert!(message.len() < 400, "{} bytes", message.len());
    assert!(message.starts_with(&format!("unknown rules '{}… (10485760 bytes)'", "x".repeat(64))), "{message}");
}

#[test]
fn shanten_answers_through_the_out_parameter() {
    assert_eq!(shanten(&c("19m19p19s1234567z*"), Some(&c("riichi"))), Ok(-1));
    assert_eq!(shanten(&c("1112345678999m"), None), Ok(0));
    assert_eq!(shanten(&c("123m456p789s1134z"), Some(&c("riichi"))), Ok(1));
    assert_eq!(shanten(&c("1m"), None), Ok(0), "a single tile is ready for its pair");
    assert_eq!(shanten(&c("123456m"), None), Err(HupaiError::WrongSize as i32));
    assert!(last_error().contains("shanten needs 3k + 1 or 3k + 2 tiles"), "{}", last_error());
    assert_eq!(shanten(&c("1x"), None), Err(HupaiError::Parse as i32));
    let hand = c("1112345678999m");
    // SAFETY: a NUL-terminated hand, NULL rules and NULL out: the NULL is what is tested.
    assert_eq!(unsafe { hupai_shanten(hand.as_ptr(), ptr::null(), ptr::null_mut()) }, NULL);
    assert_eq!(last_error(), "out_shanten is NULL");
    let mut out = 99;
    // SAFETY: NULL hand, a writable int32_t.
    assert_eq!(unsafe { hupai_shanten(ptr::null(), ptr::null(), &mut out) }, NULL);
    assert_eq!(out, 99);
}

#[test]
fn thirteen_wildcards_wait_on_all_34_kinds() {
    let mut out = [0; HUPAI_KINDS];
    assert_eq!(waits(&c("*************"), None, &mut out), 34);
    assert!(out.iter().enumerate().all(|(i, &k)| k as usize == i));
}

/// The string and counts entry points give the facade's answers (verdicts, waits, shanten) on the
/// named corpora and a sample of random deals, under every rule set.
#[test]
fn entry_points_agree_with_the_facade() {
    let rules = corpus::all_rules();
    let mut checked = 0;
    for name in ["seeds", "tricky", "random"] {
        let corpus = corpus::corpus(name).unwrap();
        for case in corpus.cases(&rules, Size::Sampled).take(3000) {
            let rules_name = c(&corpus::rules_name(&case.rules));
            let hand = c(&case.hand.to_string());
            let mut out = [0; HUPAI_KINDS];
            // The string entry points read the text as the facade's `parse_hand` does (the rules'
            // wildcard tile applied); the counts entry points take the counts as they are.
            let read = hupai::parse_hand(&case.hand.to_string(), &case.rules).unwrap();
            // The same number, or the same error for a hand that can never win.
            let expected_shanten = match hupai::shanten(&read, &case.rules) {
                Ok(s) => Ok(i32::from(s.number)),
                Err(hupai::Error::NeverWins { .. }) => Err(HupaiError::InvalidHand as i32),
                Err(e) => panic!("shanten of {}: {e}", case.hand),
            };
            assert_eq!(shanten(&hand, Some(&rules_name)), expected_shanten, "{} {rules_name:?}", case.hand);
            let concealed = case.hand.melds().is_empty();
            let counts = case.hand.concealed().0;
            match hupai::answer(&read, &case.rules).unwrap() {
                hupai::Answer::Win(win) => {
                    assert_eq!(is_win(&hand, Some(&rules_name)), win as i32, "{}", case.hand);
                }
                hupai::Answer::Waits(set) => {
                    let expected: Vec<u8> = set.iter().map(|t| t.index() as u8).collect();
                    let n = waits(&hand, Some(&rules_name), &mut out);
                    assert_eq!(&out[..n as usize], &expected[..], "{}", case.hand);
                }
            }
            match hupai::answer(&case.hand, &case.rules).unwrap() {
                hupai::Answer::Win(win) if concealed => {
                    // SAFETY: 34 counts and a NUL-terminated rules name, alive for the call.
                    let by_counts =
                        unsafe { hupai_is_win_counts(counts.as_ptr(), case.hand.wildcards(), rules_name.as_ptr()) };
                    assert_eq!(by_counts, win as i32, "{} by counts", case.hand);
                }
                hupai::Answer::Waits(set) if concealed => {
                    let expected: Vec<u8> = set.iter().map(|t| t.index() as u8).collect();
                    let mut by_counts = [0; HUPAI_KINDS];
                    // SAFETY: 34 counts, a rules name and a 34-byte buffer, alive for the call.
                    let n = unsafe {
                        hupai_waits_counts(
                            counts.as_ptr(),
                            case.hand.wildcards(),
                            rules_name.as_ptr(),
                            by_counts.as_mut_ptr(),
                        )
                    };
                    assert_eq!(&by_counts[..n as usize], &expected[..], "{} by counts", case.hand);
                }
                _ => {}
            }
            checked += 1;
        }
    }
    assert!(checked > 3000, "{checked} cases");
}

#[test]
fn counts_above_four_are_rejected_with_the_kind_named() {
    let mut counts = [0u8; HUPAI_KINDS];
    counts[Tile::ALL[30].index()] = 5; // 4z
    counts[0] = 9;
    // SAFETY: 34 counts, NULL rules.
    assert_eq!(unsafe { hupai_is_win_counts(counts.as_ptr(), 0, ptr::null()) }, HupaiError::InvalidHand as i32);
    assert_eq!(last_error(), PackedHand::from_counts(&counts, 0).unwrap_err().to_string());
    assert!(last_error().starts_with("9 copies of 1m"), "{}", last_error());
}

#[test]
fn each_thread_has_its_own_last_error() {
    assert_eq!(is_win(&c("1234m"), None), HupaiError::WrongSize as i32);
    let mine = last_error();
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                assert_eq!(last_error(), "", "a new thread has no error yet");
                let hand = c(&format!("123m456p789s1122{}x", t + 1));
                for _ in 0..1000 {
                    assert_eq!(is_win(&hand, None), HupaiError::Parse as i32);
                    assert!(last_error().contains(&format!("at position {}", 18)), "{}", last_error());
                    assert_eq!(is_win(&c("111z222z333z44z***"), None), 1);
                }
                last_error()
            })
        })
        .collect();
    for t in threads {
        assert!(t.join().unwrap().starts_with("unexpected 'x'"));
    }
    assert_eq!(last_error(), mine, "other threads' errors do not show here");
}

/// Arbitrary bytes and notation-like noise: always an answer or an error code, never a panic
/// (which would surface as `HUPAI_ERROR_INTERNAL`).
#[test]
fn arbitrary_input_never_reaches_a_panic() {
    const ALPHABET: &[u8] = b"0123456789mpszf*[]  x\xff\xe3";
    let mut rng = Rng::for_case(0x05EE_DFF1, 0);
    let rules = ["standard", "riichi+5th", "chinese", "taiwan", "taiwan+5th"].map(c);
    for i in 0..20_000 {
        let len = rng.below(40);
        let bytes: Vec<u8> = (0..len)
            .map(|_| if i % 4 == 0 { (rng.below(255) + 1) as u8 } else { ALPHABET[rng.below(ALPHABET.len())] })
            .collect();
        let hand = CString::new(bytes).expect("no NUL: bytes are 1..=255");
        let r = &rules[i % rules.len()];
        let verdict = is_win(&hand, Some(r));
        assert!((-7..=1).contains(&verdict), "{hand:?}: {verdict} {}", last_error());
        let mut out = [0; HUPAI_KINDS];
        let n = waits(&hand, Some(r), &mut out);
        assert!((-7..=34).contains(&n), "{hand:?}: {n} {}", last_error());
        let s = shanten(&hand, Some(r));
        assert!(matches!(s, Ok(-1..=13) | Err(-7..=-1)), "{hand:?}: {s:?} {}", last_error());
    }
    let mut counts = [0u8; HUPAI_KINDS];
    for _ in 0..20_000 {
        for c in counts.iter_mut() {
            *c = if rng.below(4) == 0 { rng.below(7) as u8 } else { 0 };
        }
        let wildcards = rng.below(256) as u8;
        // SAFETY: 34 counts, NULL rules.
        let verdict = unsafe { hupai_is_win_counts(counts.as_ptr(), wildcards, ptr::null()) };
        assert!((-7..=1).contains(&verdict), "{counts:?} + {wildcards}: {verdict} {}", last_error());
    }
}

/// `hupai_discard_ev` with Rust arguments: the count it returns and the lines it wrote.
fn discard_ev(hand: &str, turns: u8, visible: Option<&str>, wild: i32, out_len: usize) -> (i32, Vec<HupaiDiscardEv>) {
    let hand = c(hand);
    let visible = visible.map(c);
    let blank = HupaiDiscardEv { discard: 99, shanten: 99, tenpai: -1.0, win: -1.0, score: -1.0 };
    let mut out = vec![blank; out_len];
    // SAFETY: NUL-terminated strings (or NULL) and `out_len` writable lines, alive for the call.
    let n = unsafe {
        hupai_discard_ev(
            hand.as_ptr(),
            ptr::null(),
            turns,
            visible.as_ref().map_or(ptr::null(), |v| v.as_ptr()),
            wild,
            0,
            out.as_mut_ptr(),
            out_len,
        )
    };
    (n, out)
}

#[test]
fn discard_ev_agrees_with_the_facade_and_keeps_to_the_buffer() {
    use hupai::odds::ev::{self, EvOptions};
    for (text, visible, wild) in [
        ("123m456p789s1122z9p", None, -1),
        ("12m456p789s1134z5z*", Some("1z9m"), -1),
        ("123m456p789s1m2p77z8s", None, 33),
    ] {
        let (n, out) = discard_ev(text, 9, visible, wild, HUPAI_MAX_DISCARDS);
        let hand: Hand = text.parse().unwrap();
        let seen = visible.map_or(hupai::TileCounts::EMPTY, |v| v.parse::<Hand>().unwrap().physical_counts());
        let options = EvOptions {
            turns: 9,
            visible: seen,
            wildcard_tile: (wild >= 0).then(|| Tile::ALL[wild as usize]),
            ..EvOptions::default()
        };
        let want = ev::discard_ev(&hand, &Rules::STANDARD, &options).unwrap();
        assert_eq!(n as usize, want.len(), "{text}");
        for (got, want) in out.iter().zip(&want) {
            let kind = match want.discard {
                hupai::Discard::Tile(t) => t.index() as i32,
                hupai::Discard::Wildcard => -1,
            };
            assert_eq!((got.discard, got.shanten), (kind, i32::from(want.shanten)), "{text}");
            assert_eq!((got.tenpai, got.win), (want.tenpai(), want.win()), "{text}");
            assert!(got.score.is_nan());
        }
        // A short buffer: the count of every line, only the first written, nothing past it.
        let (short, out) = discard_ev(text, 9, visible, wild, 1);
        assert_eq!((short, out.len(), out[0].discard), (n, 1, discard_ev(text, 9, visible, wild, 35).1[0].discard));
    }
    // Errors: the codes, and the buffer left alone.
    let (n, out) = discard_ev("123m456p789s1122z", 9, None, -1, 4);
    assert_eq!(n, HupaiError::WrongSize as i32, "{}", last_error());
    assert!(out.iter().all(|l| l.discard == 99));
    assert_eq!(discard_ev("123m456p789s1122z9p", 9, Some("1111z"), -1, 4).0, HupaiError::InvalidHand as i32);
    assert!(last_error().contains("visible tiles: 1z is seen 6 times"), "{}", last_error());
    assert_eq!(discard_ev("123m456p789s1122z9p", 9, Some("1x"), -1, 4).0, HupaiError::Parse as i32);
    assert_eq!(discard_ev("123m456p789s1122z9p", 9, None, 34, 4).0, HupaiError::InvalidHand as i32);
    let hand = c("123m456p789s1122z9p");
    // SAFETY: a NUL-terminated string; `out` NULL with a length, which must be refused.
    let n = unsafe { hupai_discard_ev(hand.as_ptr(), ptr::null(), 9, ptr::null(), -1, 0, ptr::null_mut(), 3) };
    assert_eq!(n, HupaiError::NullArgument as i32);
    // SAFETY: as above; with `out_len` 0 NULL is fine and the count comes back.
    let n = unsafe { hupai_discard_ev(hand.as_ptr(), ptr::null(), 9, ptr::null(), -1, 0, ptr::null_mut(), 0) };
    assert_eq!(n, 12);
}
