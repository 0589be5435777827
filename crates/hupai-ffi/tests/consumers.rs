//! The C ABI as its users meet it: `examples/check.c` compiled with the system C compiler against
//! `include/hupai.h` and the library cargo just built (linked dynamically and statically) and run,
//! and `tests/ctypes_check.py` loading the same shared library from Python through `ctypes`.
//!
//! Both also check a file of cases written here: the seed articles' and the tricky corpus's named
//! examples, and a sample of random deals, under every rule set they fit, each with the answer of
//! the reference engine (`backtrack`), so the boundary is checked against an engine it does not
//! call, and each with its shanten (from the facade: what crosses the boundary is checked). Unix only (the library names and linker flags are those of Linux and macOS).
#![cfg(unix)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use hupai::{Algorithm, Answer};
use hupai_harness::corpus::{self, Size};
use hupai_search::Backtrack;
use library::{DYLIB, library_dir};

mod library;

use library::show;

const STATICLIB: &str = "libhupai_ffi.a";
/// What the Rust standard library needs from the system when linked statically into a C program.
const STATIC_SYSTEM_LIBS: &[&str] =
    if cfg!(target_os = "macos") { &["-lSystem"] } else { &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"] };

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hupai-ffi-{}-{name}", std::process::id()))
}

/// `win RULES 0|1 HAND` and `waits RULES K1,K2,... HAND` lines with the reference's answers, and
/// `shanten RULES N HAND` lines with the facade's.
fn cases_file(name: &str) -> PathBuf {
    let mut text = String::new();
    let mut lines = 0;
    let rules = corpus::all_rules();
    let mut add = |hand_text: &str, hand: &hupai::Hand, rules: &hupai::Rules| {
        let name = corpus::rules_name(rules);
        // The library reads the text under the rules (their wildcard tile applied): so does the
        // reference answer.
        let read = hupai::parse_hand(hand_text, rules).unwrap_or_else(|e| panic!("{hand_text}: {e}"));
        debug_assert!(read.tile_count() == hand.tile_count());
        let hand = &read;
        match Backtrack.answer(hand, rules) {
            Ok(Answer::Win(win)) => writeln!(text, "win {name} {} {hand_text}", win as u8),
            Ok(Answer::Waits(waits)) => {
                let kinds: Vec<String> = waits.iter().map(|t| t.index().to_string()).collect();
                let kinds = if kinds.is_empty() { "-".to_string() } else { kinds.join(",") };
                writeln!(text, "waits {name} {kinds} {hand_text}")
            }
            Err(e) => panic!("the reference cannot answer {hand_text} under {name}: {e}"),
        }
        .expect("writing to a String");
        // Shanten has no second engine to compare with; this checks what crosses the boundary.
        // A hand that can never win (a declared meld of the void suit) has no shanten; the
        // boundary tests check that error, this file holds answers only.
        match hupai::shanten(hand, rules) {
            Ok(shanten) => {
                writeln!(text, "shanten {name} {} {hand_text}", shanten.number).expect("writing to a String")
            }
            Err(hupai::Error::NeverWins { .. }) => {}
            Err(e) => panic!("shanten of {hand_text}: {e}"),
        }
        lines += 2;
    };
    for name in ["seeds", "tricky"] {
        let corpus = corpus::corpus(name).expect("a named corpus");
        for example in corpus.examples() {
            let hand = example.parse().expect("the corpus's examples parse");
            assert!(!example.hand.contains(char::is_whitespace), "{}", example.hand);
            for r in rules.iter().filter(|r| hand.shape(r).is_ok()) {
                add(example.hand, &hand, r);
            }
        }
    }
    let random = corpus::corpus("random").expect("the random corpus");
    for case in random.cases(&rules, Size::Sampled).take(2000) {
        add(&case.hand.to_string(), &case.hand, &case.rules);
    }
    assert!(lines > 4000, "{lines} cases");
    let path = scratch(&format!("{name}-cases.txt"));
    std::fs::write(&path, text).expect("writing the cases file");
    path
}

fn compile_and_run(name: &str, link: &[String]) {
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let binary = scratch(name);
    let source = crate_dir().join("examples").join("check.c");
    let include = crate_dir().join("include");
    let mut cc = Command::new(&compiler);
    cc.args(["-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-pthread"])
        .arg("-I")
        .arg(&include)
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .args(link);
    let built = cc.output().unwrap_or_else(|e| panic!("cannot run the C compiler `{compiler}` (set CC): {e}"));
    assert!(built.status.success(), "compiling check.c ({name}) failed: {cc:?}\n{}", show(&built));
    let cases = cases_file(name);
    // The rpath names the library this run built; cargo's LD_LIBRARY_PATH (which takes precedence)
    // may name an older copy in target/<profile>, so the program runs without it.
    let ran = Command::new(&binary).arg(&cases).env_remove("LD_LIBRARY_PATH").output().expect("running check");
    let report = show(&ran);
    assert!(ran.status.success(), "check.c ({name}) failed:\n{report}");
    let stdout = String::from_utf8_lossy(&ran.stdout);
    assert!(stdout.contains(", 0 failed"), "{report}");
    assert!(stdout.contains(" cases from "), "the cases file was read:\n{report}");
    let _ = std::fs::remove_file(&binary);
    let _ = std::fs::remove_file(&cases);
}

#[test]
fn c_example_linked_dynamically() {
    let dir = library_dir(DYLIB);
    // As a C user links it: `-L DIR -lhupai_ffi` (the shared library wins over the static one).
    let link = [format!("-L{}", dir.display()), "-lhupai_ffi".to_string(), format!("-Wl,-rpath,{}", dir.display())];
    compile_and_run("check-dynamic", &link);
}

#[test]
fn c_example_linked_statically() {
    let dir = library_dir(STATICLIB);
    let mut link = vec![dir.join(STATICLIB).display().to_string()];
    link.extend(STATIC_SYSTEM_LIBS.iter().map(|s| s.to_string()));
    compile_and_run("check-static", &link);
}

#[test]
fn python_ctypes() {
    let library = library_dir(DYLIB).join(DYLIB);
    let script = crate_dir().join("tests").join("ctypes_check.py");
    let cases = cases_file("ctypes");
    let ran = match Command::new("python3").arg(&script).arg(&library).arg(&cases).output() {
        Ok(ran) => ran,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("SKIPPED python_ctypes: python3 is not installed ({e})");
            return;
        }
        Err(e) => panic!("cannot run python3: {e}"),
    };
    let report = show(&ran);
    assert!(ran.status.success(), "ctypes_check.py failed:\n{report}");
    assert!(String::from_utf8_lossy(&ran.stdout).contains(", 0 failed"), "{report}");
    let _ = std::fs::remove_file(&cases);
}
