//! Runs the real `hupai` binary against hostile input: a 200 MB line (one error line, bounded
//! memory), a byte-order mark, damaged tables (a clear error and exit 2 from every command, never
//! a panic), a wildcard tile held four times (never a wait), and errors that state true counts.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use hupai_lookup::tables::Table;
use hupai_tiles::{Answer, Hand, Rules, Tile};
use serde_json::Value;

/// Runs `hupai ARGS` with `stdin` and extra environment; returns stdout, stderr and the exit code.
fn run(args: &[&str], stdin: &[u8], env: &[(&str, &std::ffi::OsStr)]) -> (String, String, i32) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hupai"));
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("hupai runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().unwrap();
    // A command that fails before reading its input closes the pipe: not the test's concern.
    if let Err(e) = writer.join().unwrap() {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    (
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        output.status.code().expect("exit code (not a signal)"),
    )
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// Peak resident memory of a live process in KiB (`VmHWM`), where /proc has it.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_200_mb_line_is_one_error_line_in_bounded_memory() {
    const LINE: usize = 200_000_000;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hupai runs");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut input = child.stdin.take().unwrap();
    // NUL bytes: the worst case before the cap (each escapes to six bytes of JSON).
    let block = vec![0u8; 1 << 20];
    let mut sent = 0;
    while sent < LINE {
        let n = block.len().min(LINE - sent);
        input.write_all(&block[..n]).unwrap();
        sent += n;
    }
    input.write_all(b"\n123m456p789s11122z\n").unwrap();
    input.flush().unwrap();
    // The batch answers each line as it arrives, so both answers come while stdin is still open
    // and the process alive: its peak memory can be read then.
    let mut lines = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        lines.push(serde_json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("{e}: {line:.300}")));
    }
    let peak = peak_rss_kib(child.id());
    drop(input);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(rest, "", "one line per input line");
    assert_eq!(lines[0]["hand"], format!("{}…", "\u{0}".repeat(32)));
    assert!(lines[0]["error"].as_str().unwrap().starts_with("line longer than 4096 bytes"), "{}", lines[0]);
    assert_eq!(lines[1], serde_json::json!({"hand": "123m456p789s11122z", "win": true}));
    assert_eq!(status.code(), Some(2));
    match peak {
        Some(kib) => {
            println!("peak resident memory for a {LINE}-byte line: {kib} KiB");
            // Buffering the line would take 200 MB or more; the cap keeps the batch to a few MiB.
            assert!(kib < 50 * 1024, "peak resident memory {kib} KiB");
        }
        None => println!("peak memory not measured: no /proc/PID/status on this system"),
    }
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let (out, _, code) = run(&["batch"], "\u{feff}123m456p789s11122z\n\u{feff}11m\n".as_bytes(), &[]);
    let lines = json_lines(&out);
    assert_eq!(lines[0], serde_json::json!({"hand": "123m456p789s11122z", "win": true}));
    // Only the first: a BOM inside the input is a character like any other (and not a tile).
    assert!(lines[1]["error"].as_str().unwrap().contains("position 1"), "{}", lines[1]);
    assert_eq!(code, 2);
}

/// A directory holding damaged copies of the tables: `suit.bin` with one byte flipped, `index.bin`
/// truncated.
fn damaged_tables() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("damaged-tables");
    std::fs::create_dir_all(&dir).unwrap();
    let mut suit = Table::Suit.embedded().to_vec();
    let middle = suit.len() / 2;
    suit[middle] ^= 0x40;
    std::fs::write(dir.join("suit.bin"), suit).unwrap();
    let index = Table::Index.embedded();
    std::fs::write(dir.join("index.bin"), &index[..index.len() / 3]).unwrap();
    dir
}

#[test]
fn damaged_tables_give_a_clear_error_and_exit_2_everywhere() {
    let dir = damaged_tables();
    let env = [("HUPAI_TABLE_DIR", dir.as_os_str())];
    let no_panic = |stderr: &str| assert!(!stderr.contains("panicked"), "{stderr}");
    let suit_error = "the suit.bin table is unusable: checksum mismatch";
    let index_error = "the index.bin table is unusable: truncated";

    // check: the default algorithm reads suit.bin.
    let (out, err, code) = run(&["check", "--json", "123m456p789s11122z"], b"", &env);
    no_panic(&err);
    assert!(json_lines(&out)[0]["error"].as_str().unwrap().starts_with(suit_error), "{out}");
    assert_eq!(code, 2);

    // check --algorithm all: the table algorithms say why, the others still answer.
    let (out, err, code) = run(&["check", "--json", "--algorithm", "all", "123m456p789s11122z"], b"", &env);
    no_panic(&err);
    let report = &json_lines(&out)[0];
    let rows = report["answers"].as_array().unwrap();
    let error_of = |name: &str| {
        let row = rows.iter().find(|r| r["algorithm"] == name).unwrap();
        row["error"].as_str().unwrap_or("").to_owned()
    };
    assert!(error_of("suit-table").starts_with(suit_error), "{report}");
    assert!(error_of("index").starts_with(index_error), "{report}");
    assert!(error_of("substitute").starts_with(index_error), "{report}");
    let backtrack = rows.iter().find(|r| r["algorithm"] == "backtrack").unwrap();
    assert_eq!(backtrack["win"], true);
    assert_eq!(code, 2);

    // batch: one error line per line, in order, then exit 2.
    let (out, err, code) = run(&["batch"], b"123m456p789s11122z\n12x\n123m456p789s1122z\n", &env);
    no_panic(&err);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert!(lines[0]["error"].as_str().unwrap().starts_with(suit_error), "{}", lines[0]);
    assert!(lines[1]["error"].as_str().unwrap().starts_with("unexpected 'x'"), "{}", lines[1]);
    assert!(lines[2]["error"].as_str().unwrap().starts_with(suit_error), "{}", lines[2]);
    assert_eq!(code, 2);

    // batch with an algorithm reading index.bin.
    let (out, err, code) = run(&["batch", "--algorithm", "index"], b"123m456p789s11122z\n", &env);
    no_panic(&err);
    assert!(json_lines(&out)[0]["error"].as_str().unwrap().starts_with(index_error), "{out}");
    assert_eq!(code, 2);

    // diff: one clear line instead of a flood of failed cases.
    let (_, err, code) = run(&["diff", "--corpus", "seeds"], b"", &env);
    no_panic(&err);
    assert!(err.contains("table is unusable"), "{err}");
    assert_eq!(code, 2);

    // odds reads suit.bin.
    let (_, err, code) = run(&["odds", "-k", "1", "--samples", "0"], b"", &env);
    no_panic(&err);
    assert!(err.contains("suit tables are unusable: suit.bin: checksum mismatch"), "{err}");
    assert_eq!(code, 2);

    // An intact copy answers as the embedded table does.
    let intact = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("intact-tables");
    std::fs::create_dir_all(&intact).unwrap();
    std::fs::write(intact.join("suit.bin"), Table::Suit.embedded()).unwrap();
    let (out, _, code) = run(&["batch"], b"123m456p789s11122z\n", &[("HUPAI_TABLE_DIR", intact.as_os_str())]);
    assert_eq!(json_lines(&out)[0], serde_json::json!({"hand": "123m456p789s11122z", "win": true}));
    assert_eq!(code, 0);

    // A directory with no table in it is a mistake worth saying.
    let empty = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-tables");
    std::fs::create_dir_all(&empty).unwrap();
    let (_, err, code) = run(&["batch"], b"11m\n", &[("HUPAI_TABLE_DIR", empty.as_os_str())]);
    assert!(err.contains("holds neither index.bin nor suit.bin"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn a_wildcard_tile_held_four_times_is_never_a_wait() {
    let hand: Hand = "123m456p789s7777z".parse().unwrap();
    let wild = hand.with_wildcard_tile(Tile::RED).unwrap();
    let backtrack = hupai_harness::find("backtrack").unwrap();
    let Answer::Waits(expected) = backtrack.answer(&wild, &Rules::STANDARD).unwrap() else { panic!("waits") };
    assert!(!expected.contains(Tile::RED));
    let expected: Vec<String> = expected.iter().map(|t| t.to_string()).collect();
    assert_eq!(expected.len(), 33, "every kind but the red dragon");

    let (out, _, code) = run(&["batch", "--wildcard-tile", "7z"], b"123m456p789s7777z\n", &[]);
    assert_eq!(json_lines(&out)[0]["waits"], serde_json::json!(expected));
    assert_eq!(code, 0);
    let (out, _, code) =
        run(&["check", "--json", "--algorithm", "all", "--wildcard-tile", "7z", "123m456p789s7777z"], b"", &[]);
    let report = &json_lines(&out)[0];
    for row in report["answers"].as_array().unwrap() {
        if row["error"].is_null() {
            assert_eq!(row["waits"], serde_json::json!(expected), "{row}");
        }
    }
    assert!(report["wait_types"].as_array().unwrap().iter().all(|w| w["tile"] != "7z"), "{report}");
    assert_eq!(code, 0);
}

#[test]
fn errors_state_the_true_counts_and_limits() {
    let melds = "[111m]".repeat(1000);
    let (out, _, code) = run(&["check", "--json", &melds], b"", &[]);
    assert_eq!(json_lines(&out)[0]["error"], "1000 declared melds; the rules allow at most 4");
    assert_eq!(code, 2);
    let (out, _, _) = run(&["check", "--json", "--rules", "taiwan", &melds], b"", &[]);
    assert_eq!(json_lines(&out)[0]["error"], "1000 declared melds; the rules allow at most 5");

    let copies = "1m".repeat(300);
    let (out, _, _) = run(&["check", "--json", &copies], b"", &[]);
    let expected = "300 copies of 1m, counting concealed tiles and declared melds; there are only 4";
    assert_eq!(json_lines(&out)[0]["error"], expected);

    let wild = format!("{}7777z", "*".repeat(252));
    let (out, _, code) = run(&["batch", "--wildcard-tile", "7z"], format!("{wild}\n").as_bytes(), &[]);
    assert_eq!(json_lines(&out)[0]["error"], "256 wildcards; a hand holds at most 255");
    assert_eq!(code, 2);
}

#[test]
fn a_red_five_is_refused_as_the_wildcard_tile() {
    for command in [&["check", "11m"][..], &["batch"], &["odds", "--samples", "0"]] {
        let mut args = command.to_vec();
        args.extend(["--wildcard-tile", "0p"]);
        let (_, err, code) = run(&args, b"", &[]);
        assert!(err.contains("'0p' is a red five") && err.contains("write '5p'"), "{err}");
        assert_eq!(code, 2);
    }
}
