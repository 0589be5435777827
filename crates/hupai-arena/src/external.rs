//! An external bot: a command started for one table, spoken to through the protocol on its
//! standard input and output, each answer awaited at most the arena's timeout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use hupai_game::Seat;

/// Why an external bot lost a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fault {
    /// It exited, closed its output, or could not be started.
    Crash,
    /// It did not answer within the timeout.
    Timeout,
    /// It answered something that is not a legal action (or not an action).
    Illegal,
}

impl Fault {
    /// The fault's name in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Fault::Crash => "crash",
            Fault::Timeout => "timeout",
            Fault::Illegal => "illegal",
        }
    }
}

/// A running external bot.
pub(crate) struct External {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    /// It crashed or timed out: every later decision of this game is the default action.
    pub(crate) dead: Option<Fault>,
}

impl External {
    /// Starts `command` (run by `sh -c`, the seat appended as its last argument).
    pub(crate) fn start(command: &str, seat: Seat) -> External {
        let spawned = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command} {seat}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn();
        let Ok(mut child) = spawned else {
            return External { child: None, stdin: None, lines: None, dead: Some(Fault::Crash) };
        };
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = channel();
        if let Some(stdout) = stdout {
            // A thread per bot reads its lines, so that the table can wait with a timeout.
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        External { child: Some(child), stdin, lines: Some(rx), dead: None }
    }

    /// Sends one line and waits for the answer.
    pub(crate) fn ask(&mut self, line: &str, timeout: Duration) -> Result<String, Fault> {
        if let Some(fault) = self.dead {
            return Err(fault);
        }
        let sent = match self.stdin.as_mut() {
            Some(stdin) => {
                stdin.write_all(line.as_bytes()).and_then(|_| stdin.write_all(b"\n")).and_then(|_| stdin.flush())
            }
            None => Err(std::io::Error::other("no input")),
        };
        let fault = match (sent, self.lines.as_ref()) {
            (Ok(()), Some(lines)) => match lines.recv_timeout(timeout) {
                Ok(answer) => return Ok(answer),
                Err(RecvTimeoutError::Timeout) => Fault::Timeout,
                Err(RecvTimeoutError::Disconnected) => Fault::Crash,
            },
            _ => Fault::Crash,
        };
        self.dead = Some(fault);
        self.stop();
        Err(fault)
    }

    /// Closes its input and ends it (killed if it has not exited by itself shortly).
    pub(crate) fn stop(&mut self) {
        self.stdin = None;
        if let Some(mut child) = self.child.take() {
            for _ in 0..50 {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.stop();
    }
}
