//! Running the `hupai` binary from the integration tests: one way to feed it stdin and collect what
//! it prints, shared by every test file.

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of `hupai` printed and how it ended.
// Each test binary compiles this module and reads only the fields it needs.
#[allow(dead_code)]
pub(crate) struct Run {
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) code: i32,
    /// Whether all of stdin was written (a command-line error may end hupai before it reads it).
    pub(crate) stdin_written: bool,
}

/// Runs `hupai ARGS` with `stdin` as its standard input. The input is written from another thread
/// so a large input cannot deadlock against a full stdout pipe; a broken pipe is not an error
/// here (a command-line error ends hupai before it reads stdin), only `stdin_written` false.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hupai runs");
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().expect("hupai ends");
    let stdin_written = writer.join().is_ok_and(|written| written.is_ok());
    Run {
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
        stdin_written,
    }
}
