//! `cargo xtask`: repository automation. `cargo xtask tables [--check]` regenerates the committed
//! lookup tables (or checks that they are up to date) and prints the seeds' counts.

use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["tables"] => xtask::Mode::Write,
        ["tables", "--check"] => xtask::Mode::Check,
        _ => {
            eprintln!("usage: cargo xtask tables [--check]");
            return ExitCode::from(2);
        }
    };
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template("{msg:32} [{bar:40}] {pos}/{len}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let progress = |step: &str, done: u64, total: u64| {
        if bar.message() != step {
            bar.set_message(step.to_string());
        }
        bar.set_length(total);
        bar.set_position(done);
    };
    let result = xtask::tables(&xtask::workspace_root(), mode, &progress);
    bar.finish_and_clear();
    match result {
        Ok(lines) => {
            for l in lines {
                println!("{l}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
