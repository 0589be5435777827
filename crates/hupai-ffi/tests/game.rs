//! The game handle through the C ABI: `examples/game.c` compiled against the header and the shared
//! library and run (a server's loop and its error paths), and the entry points called from Rust as
//! C calls them, checked against the engine played directly: the same actions give the same log.
#![cfg(unix)]

use std::ffi::{CStr, CString, c_char};
use std::path::{Path, PathBuf};
use std::process::Command;

use hupai_ffi::*;
use library::{DYLIB, library_dir, show};

mod library;

fn last_error() -> String {
    // SAFETY: never NULL; valid until this thread's next failing call.
    unsafe { CStr::from_ptr(hupai_last_error()) }.to_string_lossy().into_owned()
}

#[test]
fn c_game_server_example() {
    let dir = library_dir(DYLIB);
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hupai-ffi-game-{}", std::process::id()));
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let mut cc = Command::new(&compiler);
    cc.args(["-std=c11", "-O1", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(crate_dir.join("include"))
        .arg(crate_dir.join("examples").join("game.c"))
        .arg("-o")
        .arg(&binary)
        .arg(format!("-L{}", dir.display()))
        .arg("-lhupai_ffi")
        .arg(format!("-Wl,-rpath,{}", dir.display()));
    let built = cc.output().unwrap_or_else(|e| panic!("cannot run the C compiler `{compiler}` (set CC): {e}"));
    assert!(built.status.success(), "compiling game.c failed: {cc:?}\n{}", show(&built));
    let ran = Command::new(&binary).env_remove("LD_LIBRARY_PATH").output().expect("running game");
    let report = show(&ran);
    assert!(ran.status.success(), "game.c failed:\n{report}");
    assert!(String::from_utf8_lossy(&ran.stdout).contains("game ok: "), "{report}");
    let _ = std::fs::remove_file(&binary);
}

/// Reads a buffer entry point's text.
fn text_of(call: impl Fn(*mut c_char, usize) -> i32) -> Result<String, i32> {
    let mut buffer = vec![0u8; 1 << 16];
    let n = call(buffer.as_mut_ptr().cast(), buffer.len());
    if n < 0 {
        return Err(n);
    }
    Ok(String::from_utf8(buffer[..n as usize].to_vec()).expect("UTF-8"))
}

/// A game played through the handle with a seeded choice among the listed actions gives the log
/// of the same choices made on the engine directly.
#[test]
fn the_handle_plays_as_the_engine() {
    for (rules, seed) in [
        ("tenhou", 3u64),
        ("tenhou-3p", 4),
        ("{\"preset\": \"mahjong-soul\", \"length\": \"east\"}", 5),
        ("gb", 6),
        ("gb-single", 7),
        ("gb-botzone", 10),
        ("{\"preset\": \"gb-single\", \"start_wind\": 3, \"start_dealer\": 1}", 8),
        ("{\"preset\": \"gb\", \"length\": \"east\", \"false_win_penalty\": 10}", 9),
        ("changsha", 6),
    ] {
        let rules_c = CString::new(rules).unwrap();
        let mut handle: *mut HupaiGame = std::ptr::null_mut();
        // SAFETY: valid strings and a writable pointer slot.
        assert_eq!(unsafe { hupai_game_new(rules_c.as_ptr(), seed, &mut handle) }, 0, "{}", last_error());
        let mut engine = hupai_game::Game::new(hupai_game::GameRules::from_json(rules).unwrap(), seed);
        let mut rng = hupai_game::wall::SplitMix64(seed);
        let mut decisions = 0;
        // SAFETY: `handle` is live until freed below.
        while unsafe { hupai_game_is_over(handle) } == 0 {
            // SAFETY: as above.
            let to_act = unsafe { hupai_game_to_act(handle) };
            assert_eq!(to_act, i32::from(engine.to_act()));
            let seat = to_act.trailing_zeros() as i32;
            // SAFETY: as above, and the buffer is `len` writable bytes.
            let listed = text_of(|out, len| unsafe { hupai_game_legal_actions(handle, seat, out, len) }).unwrap();
            let listed: Vec<serde_json::Value> = serde_json::from_str(&listed).unwrap();
            let legal = engine.legal_actions(seat as u8);
            assert_eq!(listed.len(), legal.len());
            let pick = rng.below(legal.len() as u64) as usize;
            let json = CString::new(listed[pick].to_string()).unwrap();
            // SAFETY: as above.
            assert_eq!(unsafe { hupai_game_apply(handle, seat, json.as_ptr()) }, 0, "{}", last_error());
            engine.apply(seat as u8, legal[pick]).unwrap();
            decisions += 1;
        }
        assert!(engine.is_over() && decisions > 100);
        // SAFETY: as above.
        let log = text_of(|out, len| unsafe { hupai_game_events(handle, 0, out, len) });
        let log = match log {
            Ok(log) => log,
            Err(_) => {
                let mut big = vec![0u8; 1 << 24];
                // SAFETY: as above.
                let n = unsafe { hupai_game_events(handle, 0, big.as_mut_ptr().cast(), big.len()) };
                assert!(n > 0, "{}", last_error());
                String::from_utf8(big[..n as usize].to_vec()).unwrap()
            }
        };
        let expected: String = engine
            .events()
            .iter()
            .map(|e| hupai_game::mjai::event_json(e, engine.players()).to_string() + "\n")
            .collect();
        assert_eq!(log, expected);
        // The log the handle wrote replays through the engine to the same events, under every
        // family (Changsha's qishouhu, kaigang and haidi included).
        let read = hupai_game::formats::read(&log).unwrap().remove(0).unwrap();
        let replayed = hupai_game::replay::replay(&read, 0, *engine.rules(), &mut |_| {})
            .unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert_eq!(replayed.events, engine.events(), "{rules}");
        assert_eq!(replayed.scores, engine.scores()[..usize::from(engine.players())], "{rules}");
        let mut scores = [0i32; 4];
        // SAFETY: as above, and four writable i32.
        assert_eq!(unsafe { hupai_game_scores(handle, scores.as_mut_ptr()) }, i32::from(engine.players()));
        assert_eq!(scores, engine.scores());
        // SAFETY: freed once.
        unsafe { hupai_game_free(handle) };
    }
}

#[test]
fn bad_input_is_an_error_code() {
    let mut handle: *mut HupaiGame = std::ptr::null_mut();
    let bad_utf8 = [0xffu8, 0];
    // SAFETY: a NUL-terminated buffer and a writable slot.
    assert_eq!(unsafe { hupai_game_new(bad_utf8.as_ptr().cast(), 1, &mut handle) }, HupaiError::InvalidUtf8 as i32);
    let unknown = CString::new("tenhoo").unwrap();
    // SAFETY: as above.
    assert_eq!(unsafe { hupai_game_new(unknown.as_ptr(), 1, &mut handle) }, HupaiError::Json as i32);
    assert!(handle.is_null());
    // SAFETY: NULL rules is the default preset.
    assert_eq!(unsafe { hupai_game_new(std::ptr::null(), 1, &mut handle) }, 0);
    for (action, code) in [
        (&b"{\"type\":\"dahai\",\"pai\":\"9z\"}\0"[..], HupaiError::Json),
        (b"[1,2]\0", HupaiError::Json),
        (b"{\"type\":\"none\",\"actor\":2}\0", HupaiError::Illegal),
        (b"\xff\0", HupaiError::InvalidUtf8),
        (b"{\"type\":\"hora\"}\0", HupaiError::Illegal),
    ] {
        // SAFETY: a live handle and a NUL-terminated string.
        let got = unsafe { hupai_game_apply(handle, 0, action.as_ptr().cast()) };
        assert_eq!(got, code as i32, "{}: {}", String::from_utf8_lossy(action), last_error());
        assert!(!last_error().is_empty());
    }
    // SAFETY: as above; a null buffer is refused before anything is written.
    let null_buffer = unsafe { hupai_game_legal_actions(handle, 0, std::ptr::null_mut(), 10) };
    assert_eq!(null_buffer, HupaiError::NullArgument as i32);
    // SAFETY: as above.
    assert_eq!(unsafe { hupai_game_scores(handle, std::ptr::null_mut()) }, HupaiError::NullArgument as i32);
    // SAFETY: freed once.
    unsafe { hupai_game_free(handle) };
}

/// A GB hand through the handle: a false win refused with the reason, or with the penalty
/// option played as the penalty (a `cuohu` event) while the game goes on.
#[test]
fn a_gb_false_win_is_refused_or_penalised() {
    let claim = CString::new("{\"type\":\"hora\",\"actor\":0}").unwrap();
    for (rules, penalty) in [("gb-single", 0), ("{\"preset\": \"gb-single\", \"false_win_penalty\": 10}", 10)] {
        let rules_c = CString::new(rules).unwrap();
        let mut handle: *mut HupaiGame = std::ptr::null_mut();
        // SAFETY: valid strings and a writable pointer slot.
        assert_eq!(unsafe { hupai_game_new(rules_c.as_ptr(), 1, &mut handle) }, 0, "{}", last_error());
        // SAFETY: `handle` is live until freed below.
        let before = unsafe { hupai_game_event_count(handle) };
        // Seed 1's dealer holds no winning hand on its first draw.
        // SAFETY: as above.
        let got = unsafe { hupai_game_apply(handle, 0, claim.as_ptr()) };
        // SAFETY: as above.
        let after = unsafe { hupai_game_event_count(handle) };
        let mut scores = [0i32; 4];
        // SAFETY: as above, and four writable i32.
        unsafe { hupai_game_scores(handle, scores.as_mut_ptr()) };
        if penalty == 0 {
            assert_eq!(got, HupaiError::Illegal as i32);
            assert!(last_error().contains("hora"), "{}", last_error());
            assert_eq!((after, scores), (before, [0; 4]));
        } else {
            assert_eq!(got, 0, "{}", last_error());
            assert_eq!(after, before + 1);
            // SAFETY: as above.
            let event = text_of(|out, len| unsafe { hupai_game_events(handle, before as usize, out, len) }).unwrap();
            assert_eq!(event.trim(), r#"{"actor":0,"deltas":[-30,10,10,10],"type":"cuohu"}"#);
            assert_eq!(scores, [-30, 10, 10, 10]);
            // The dealer's turn goes on: it still has to discard.
            // SAFETY: as above.
            assert_eq!(unsafe { hupai_game_to_act(handle) }, 1);
        }
        // SAFETY: freed once.
        unsafe { hupai_game_free(handle) };
    }
}

/// A game under `rules` played to its end through the handle by the hupai player: at every
/// decision `hupai_game_choose` answers what the player chooses on the engine directly, as an
/// action the handle accepts, and (the first three times) `hupai_game_explain` names the same
/// choice. The handle is returned live, its game over.
fn hupai_plays_through_the_handle(rules: &str, seed: u64) -> *mut HupaiGame {
    let rules_c = CString::new(rules).unwrap();
    let mut handle: *mut HupaiGame = std::ptr::null_mut();
    // SAFETY: valid strings and a writable pointer slot.
    assert_eq!(unsafe { hupai_game_new(rules_c.as_ptr(), seed, &mut handle) }, 0, "{}", last_error());
    let mut engine = hupai_game::Game::new(hupai_game::GameRules::from_json(rules).unwrap(), seed);
    let hupai = CString::new("hupai").unwrap();
    let mut explained = 0;
    // SAFETY: `handle` is live until the caller frees it.
    while unsafe { hupai_game_is_over(handle) } == 0 {
        let seat = engine.next_seat().unwrap();
        // SAFETY: as above, a valid name, and the buffer is `len` writable bytes.
        let chosen =
            text_of(|out, len| unsafe { hupai_game_choose(handle, i32::from(seat), hupai.as_ptr(), 0, out, len) })
                .unwrap();
        let legal = engine.legal_actions(seat);
        let mut player = hupai_player::Hupai::new();
        let direct = hupai_game::policy::Policy::choose(&mut player, &engine, seat, &legal);
        let target = engine.claim_target().unwrap_or(seat);
        assert_eq!(chosen, hupai_game::mjai::action_json(seat, target, &direct).to_string(), "{rules}");
        if explained < 3 {
            // SAFETY: as above.
            let why = text_of(|out, len| unsafe { hupai_game_explain(handle, i32::from(seat), out, len) }).unwrap();
            let why: serde_json::Value = serde_json::from_str(&why).unwrap();
            assert_eq!(why["action"], direct.kind(), "{rules}");
            explained += 1;
        }
        let json = CString::new(chosen).unwrap();
        // SAFETY: as above.
        assert_eq!(unsafe { hupai_game_apply(handle, i32::from(seat), json.as_ptr()) }, 0, "{}", last_error());
        engine.apply(seat, direct).unwrap();
    }
    assert!(engine.is_over(), "{rules}");
    handle
}

/// The hupai player through the handle under riichi; once the game is over there is nothing to
/// choose, and a bad player name is an error naming it.
#[test]
fn built_in_players_choose_through_the_handle() {
    let handle = hupai_plays_through_the_handle("{\"preset\": \"tenhou\", \"length\": \"single\"}", 11);
    // Nothing to decide once the game is over.
    // SAFETY: the handle is live, a null name is the default player, the buffer is `len` bytes.
    let after = text_of(|out, len| unsafe { hupai_game_choose(handle, 0, std::ptr::null(), 0, out, len) });
    assert_eq!(after.unwrap(), "null");
    let bad = CString::new("mortal").unwrap();
    // SAFETY: as above.
    let code = text_of(|out, len| unsafe { hupai_game_choose(handle, 0, bad.as_ptr(), 0, out, len) }).unwrap_err();
    assert_eq!(code, HupaiError::Json as i32);
    assert!(last_error().contains("mortal"), "{}", last_error());
    // SAFETY: `handle` came from `hupai_game_new` and is not used again.
    unsafe { hupai_game_free(handle) };
}

/// The rule flags real logs need reach a game made through the C ABI as rules JSON; a bad value
/// is refused naming the flag.
#[test]
fn the_rule_flags_real_logs_need_are_read() {
    let mut handle: *mut HupaiGame = std::ptr::null_mut();
    let rules = CString::new(
        r#"{"preset": "tenhou", "tenpai_yame": false, "honba_points": 1500, "pao_honba": "discarder", "open_tanyao": false, "kiriage": true, "karaten_tenpai": true}"#,
    )
    .unwrap();
    // SAFETY: a NUL-terminated string and a writable slot.
    assert_eq!(unsafe { hupai_game_new(rules.as_ptr(), 1, &mut handle) }, 0, "{}", last_error());
    assert!(!handle.is_null());
    // SAFETY: freed once.
    unsafe { hupai_game_free(handle) };
    let mut handle: *mut HupaiGame = std::ptr::null_mut();
    let bad = CString::new(r#"{"preset": "tenhou", "honba_points": 1000}"#).unwrap();
    // SAFETY: as above.
    assert_eq!(unsafe { hupai_game_new(bad.as_ptr(), 1, &mut handle) }, HupaiError::Json as i32);
    assert!(last_error().contains("honba_points"), "{}", last_error());
    assert!(handle.is_null());
    let bad = CString::new(r#"{"preset": "gb", "karaten_tenpai": true}"#).unwrap();
    // SAFETY: as above.
    assert_eq!(unsafe { hupai_game_new(bad.as_ptr(), 1, &mut handle) }, HupaiError::Json as i32);
    assert!(last_error().contains("karaten_tenpai"), "{}", last_error());
    assert!(handle.is_null());
}

/// Under the Chinese families the hupai player plays through the handle as on the engine, and the
/// rules JSON takes the Sichuan draw flags.
#[test]
fn the_hupai_player_plays_the_chinese_families_through_the_handle() {
    for rules in [
        r#"{"preset": "gb", "length": "single"}"#,
        r#"{"preset": "sichuan", "length": "single", "flower_pig_pays_ready": true, "refund_transferred_kong": true, "refund_to_winners": false}"#,
    ] {
        let handle = hupai_plays_through_the_handle(rules, 4);
        // SAFETY: `handle` came from `hupai_game_new` and is not used again.
        unsafe { hupai_game_free(handle) };
    }
}
