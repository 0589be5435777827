//! Runs the real `hupai` binary against hostile input: a 200 MB line (one error line, bounded
//! memory), a byte-order mark, damaged tables (a clear error and exit 2 from every command, never
//! a panic; a table changed in one bit with its checksum fixed is refused too), table folders that
//! cannot be read, a wildcard tile held four times (never a wait), errors that state true counts,
//! hands with millions of decompositions (bounded time and memory, cut short by a closed pipe),
//! contradicting options, and output that cannot be written.

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
    let mut suit = Table::Suit.embedded().to_vec();
    let middle = suit.len() / 2;
    suit[middle] ^= 0x40;
    let index = Table::Index.embedded();
    table_dir("damaged-tables", &[("suit.bin", &suit), ("index.bin", &index[..index.len() / 3])])
}

/// A folder under the test's temporary directory holding `files` (name, bytes), and nothing else.
fn table_dir(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, bytes) in files {
        std::fs::write(dir.join(file), bytes).unwrap();
    }
    dir
}

/// `suit.bin` with payload bit `bit` flipped and its checksum recomputed: well-formed, and wrong.
fn suit_with_flipped_code(bit: usize) -> Vec<u8> {
    use hupai_lookup::format::{self, Header, Payload};
    use hupai_lookup::suit_table::SuitTables;
    let mut payload = Table::Suit.embedded()[format::HEADER_LEN..].to_vec();
    payload[bit / 8] ^= 1 << (bit % 8);
    let mut out = Header::encode(SuitTables::KIND, SuitTables::VERSION, &payload);
    out.extend_from_slice(&payload);
    out
}

#[test]
fn damaged_tables_from_a_folder_stop_every_command_with_a_clear_error() {
    let dir = damaged_tables();
    let env = [("HUPAI_TABLE_DIR", dir.as_os_str())];
    let index_error = "hupai: HUPAI_TABLE_DIR: the index.bin table is unusable: truncated";
    let commands: [&[&str]; 7] = [
        &["check", "--json", "123m456p789s11122z"],
        &["check", "--json", "--algorithm", "all", "123m456p789s11122z"],
        &["batch"],
        &["batch", "--algorithm", "index"],
        &["diff", "--corpus", "seeds"],
        &["odds", "-k", "1", "--samples", "0"],
        &["algorithms"],
    ];
    for args in commands {
        let (out, err, code) = run(args, b"123m456p789s11122z\n", &env);
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.starts_with(index_error), "{args:?}: {err}");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
    }

    // The default path reads only suit.bin, and still reports a damaged index.bin.
    let truncated = &Table::Index.embedded()[..5000];
    let only_index = table_dir("damaged-index", &[("index.bin", truncated), ("suit.bin", Table::Suit.embedded())]);
    let (out, err, code) = run(&["check", "123m456p789s11122z"], b"", &[("HUPAI_TABLE_DIR", only_index.as_os_str())]);
    assert!(err.starts_with(index_error), "{err}");
    assert_eq!((out.as_str(), code), ("", 2));

    // One flipped code with the checksum recomputed passes every structural check; it changed
    // answers before (`233366667789m*` lost its 2m wait). Now it is refused like any damage.
    let payload_bits = (Table::Suit.embedded().len() - hupai_lookup::format::HEADER_LEN) * 8;
    for bit in [payload_bits / 3, payload_bits / 2 + 1, payload_bits / 5 + 2] {
        let dir = table_dir("flipped-code", &[("suit.bin", &suit_with_flipped_code(bit))]);
        let (out, err, code) = run(&["batch"], b"233366667789m*\n", &[("HUPAI_TABLE_DIR", dir.as_os_str())]);
        assert!(
            err.starts_with("hupai: HUPAI_TABLE_DIR: the suit.bin table is unusable: ")
                && err.contains("not the table this build was made with"),
            "bit {bit}: {err}"
        );
        assert_eq!((out.as_str(), code), ("", 2));
    }

    // Each error gives its advice once (the header's own checks used to add a second).
    let mut banner = Table::Suit.embedded().to_vec();
    banner[12] ^= 0x20;
    let dir = table_dir("altered-banner", &[("suit.bin", &banner)]);
    let (_, err, code) = run(&["check", "123m456p789s11122z"], b"", &[("HUPAI_TABLE_DIR", dir.as_os_str())]);
    assert!(err.contains("the header banner was altered"), "{err}");
    assert_eq!(err.matches("cargo xtask tables").count(), 1, "{err}");
    assert_eq!(code, 2);

    // An intact copy answers as the embedded table does.
    let intact = table_dir("intact-tables", &[("suit.bin", Table::Suit.embedded())]);
    let (out, _, code) = run(&["batch"], b"123m456p789s11122z\n", &[("HUPAI_TABLE_DIR", intact.as_os_str())]);
    assert_eq!(json_lines(&out)[0], serde_json::json!({"hand": "123m456p789s11122z", "win": true}));
    assert_eq!(code, 0);
}

#[test]
fn a_table_folder_that_cannot_be_read_is_a_clear_error() {
    let refused = |dir: &std::ffi::OsStr, expected: &str| {
        let (out, err, code) = run(&["check", "123m456p789s11122z"], b"", &[("HUPAI_TABLE_DIR", dir)]);
        assert!(err.contains(expected), "{expected}: {err}");
        assert_eq!((out.as_str(), code), ("", 2), "{err}");
    };
    let empty = table_dir("no-tables", &[]);
    refused(empty.as_os_str(), "holds neither index.bin nor suit.bin");
    refused(std::ffi::OsStr::new(""), "HUPAI_TABLE_DIR is set but empty");
    let missing = empty.join("no-such-folder");
    refused(missing.as_os_str(), "cannot open the folder");

    // Too large: refused from its size, unread (a sparse file, so the test writes nothing).
    let big = table_dir("big-table", &[]);
    let file = std::fs::File::create(big.join("suit.bin")).unwrap();
    file.set_len(3 << 30).unwrap();
    refused(
        big.as_os_str(),
        &format!("suit.bin is {} bytes; the table is {}", 3u64 << 30, Table::Suit.embedded().len()),
    );

    // Not a regular file: a device never ends, a FIFO would block.
    #[cfg(unix)]
    {
        let device = table_dir("device-table", &[]);
        std::os::unix::fs::symlink("/dev/zero", device.join("suit.bin")).unwrap();
        refused(device.as_os_str(), "suit.bin is not a regular file");
        let fifo = table_dir("fifo-table", &[]);
        let made = Command::new("mkfifo").arg(fifo.join("index.bin")).status();
        if made.is_ok_and(|s| s.success()) {
            refused(fifo.as_os_str(), "index.bin is not a regular file");
        }
    }
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

/// Runs `hupai ARGS` under a shell's `ulimit -v` of about 1 GB; returns stdout, stderr, the exit
/// code and the wall time.
fn run_limited(args: &[&str]) -> (String, String, i32, std::time::Duration) {
    let start = std::time::Instant::now();
    let output = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .output()
        .expect("sh runs");
    let took = start.elapsed();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap_or(-1),
        took,
    )
}

#[test]
fn fourteen_wildcards_answer_in_bounded_time_and_memory() {
    // 28 million decompositions under the Chinese rules: counted, the first 5000 listed.
    let (out, err, code, took) = run_limited(&["check", "**************", "--rules", "chinese"]);
    assert_eq!(code, 0, "{err}");
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
    assert!(out.contains("decompositions (5000 of 27997684, the first found, listed by hupai"), "{out:.400}");
    assert_eq!(out.lines().filter(|l| l.starts_with("    ")).count(), 5000);

    for rules in ["gb", "taiwan", "sichuan", "standard"] {
        let hand = if rules == "taiwan" { "*".repeat(17) } else { "*".repeat(14) };
        let (out, err, code, _) = run_limited(&["check", "--json", "--limit", "3", "--rules", rules, &hand]);
        assert_eq!(code, 0, "{rules}: {err}");
        let report = &json_lines(&out)[0];
        assert_eq!(report["decompositions"].as_array().unwrap().len(), 3, "{rules}");
        assert!(report["decompositions_total"].as_u64().unwrap() > 1000, "{rules}: {report}");
    }

    // Every algorithm side by side: the answers, the lists not built.
    let (out, err, code, _) = run_limited(&["check", "--json", "--algorithm", "all", "*".repeat(14).as_str()]);
    assert_eq!(code, 0, "{err}");
    let report = &json_lines(&out)[0];
    assert!(report["answers"].as_array().unwrap().iter().all(|row| row["decompositions"].is_null()), "{report}");
    assert_eq!(report["decompositions_total"], 11_580_567);

    // A small hand is listed whole and sorted, as before, with no total.
    let (out, _, code) = run(&["check", "--json", "111222333m11z456p"], b"", &[]);
    let report = &json_lines(&out)[0];
    assert_eq!(report["decompositions"].as_array().unwrap().len(), 2);
    assert!(report["decompositions_total"].is_null());
    assert_eq!(code, 0);
    let (_, err, code) = run(&["check", "--limit", "many", "11m"], b"", &[]);
    assert!(err.contains("'many' is neither a count nor 'all'"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn a_closed_pipe_ends_an_unlimited_listing_at_once() {
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["check", "--limit", "all", "**************"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..4 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        lines.push(line);
    }
    // Printed as found: the header says so, and the first decompositions come before the rest
    // (11.6 million, half a minute to print) are found.
    assert!(lines[2].contains("decompositions (11580567, in the order found"), "{lines:?}");
    assert!(lines[3].starts_with("    "), "{lines:?}");
    drop(stdout);
    let status = child.wait().unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    assert_eq!(status.code(), Some(1));
}

#[test]
fn contradicting_options_are_refused() {
    let (out, err, code) = run(&["check", "123m456p789s1122z7z", "--tiles", "108", "--wildcard-tile", "7z"], b"", &[]);
    assert!(err.contains("--wildcard-tile 7z is not a tile of the set played with (108 tiles"), "{err}");
    assert_eq!((out.as_str(), code), ("", 2));
    let (_, err, code) = run(&["batch", "--rules", "hongzhong", "--tiles", "108"], b"11m\n", &[]);
    assert!(err.contains("the rules' wildcard tile 7z is not a tile of the set"), "{err}");
    assert_eq!(code, 2);
    let (out, err, code) = run(&["batch", "--visible", "1m"], b"123m456p789s1122z\n", &[]);
    assert!(err.contains("--shanten"), "{err}");
    assert_eq!((out.as_str(), code), ("", 2));
    // Each alone is fine.
    let (_, _, code) = run(&["batch", "--tiles", "108"], b"123m456p789s11122s\n", &[]);
    assert_eq!(code, 0);
}

#[test]
fn output_that_cannot_be_written_fails_the_run() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let run_to = |args: &[&str], stdout: Stdio| {
        let output = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        (output.status.code(), String::from_utf8(output.stderr).unwrap())
    };
    for args in [&["--help"][..], &["--version"], &["check", "123m456p789s11122z"], &["algorithms"]] {
        let (code, err) = run_to(args, Stdio::from(full.try_clone().unwrap()));
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
    }
    // A closed stdout: the shell's `>&-`.
    let closed = Command::new("sh")
        .arg("-c")
        .arg("printf '123m456p789s11122z\\n' | \"$0\" batch >&-; echo $?")
        .arg(env!("CARGO_BIN_EXE_hupai"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&closed.stdout).trim(), "1");
    assert!(String::from_utf8_lossy(&closed.stderr).contains("standard output is closed"));
}

#[test]
fn the_readable_report_shows_escapes_instead_of_obeying_them() {
    let (out, _, code) = run(&["check", "12\u{1b}[31m3m"], b"", &[]);
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(out.contains("\\u{1b}"), "{out}");
    assert_eq!(code, 2);
}

#[test]
fn a_line_of_4096_bytes_with_crlf_is_a_hand() {
    // Spaces pad a real hand to exactly 4096 bytes.
    let hand = "123m456p789s11122z";
    let line = format!("{hand}{}", " ".repeat(4096 - hand.len()));
    let (out, _, code) = run(&["batch"], format!("{line}\r\n{line}\n{line} \r\n").as_bytes(), &[]);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["win"], true, "{}", lines[0]);
    assert_eq!(lines[1]["win"], true, "{}", lines[1]);
    assert!(lines[2]["error"].as_str().unwrap().starts_with("line longer than 4096 bytes"), "{}", lines[2]);
    assert_eq!(code, 2);
}
