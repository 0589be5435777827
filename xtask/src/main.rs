//! `cargo xtask`: repository automation. `cargo xtask tables [--check]` regenerates the committed
//! lookup tables and the C header (or checks that they are up to date) and prints the seeds'
//! counts; `cargo xtask header [--check]` does the C header alone.
//! `cargo xtask diff [--full] [...]` runs the differential harness (`hupai diff`) in release.
//! `cargo xtask package` packages every publishable crate (`cargo package --no-verify`), so a
//! crate that could not be published fails CI.
//! `cargo xtask wasm` builds the npm package `hupai` and the page into `target/wasm/` (docs/web.md).

use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "diff") {
        return diff(&args[1..]);
    }
    if args.first().is_some_and(|a| a == "package") {
        return package(&args[1..]);
    }
    if args.len() == 1 && args[0] == "wasm" {
        return report(xtask::wasm::build(&xtask::workspace_root()));
    }
    let (task, mode) = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [task @ ("tables" | "header")] => (*task, xtask::Mode::Write),
        [task @ ("tables" | "header"), "--check"] => (*task, xtask::Mode::Check),
        _ => {
            eprintln!(
                "usage: cargo xtask tables [--check]\n       cargo xtask header [--check]\n       \
                 cargo xtask diff [--full] [hupai diff options]\n       cargo xtask package [cargo package options]\n       \
                 cargo xtask wasm"
            );
            return ExitCode::from(2);
        }
    };
    let root = xtask::workspace_root();
    if task == "header" {
        return report(xtask::header(&root, mode));
    }
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
    let tables = xtask::tables(&root, mode, &progress);
    bar.finish_and_clear();
    // The tables' codegen includes the header, so one command leaves every generated file fresh.
    let header = xtask::header(&root, mode);
    report(match (tables, header) {
        (Ok(mut lines), Ok(more)) => {
            lines.extend(more);
            Ok(lines)
        }
        (Err(e), Ok(_)) | (Ok(_), Err(e)) => Err(e),
        (Err(a), Err(b)) => Err(format!("{a}\n{b}")),
    })
}

/// Prints a task's summary lines, or its error; the exit status says which.
fn report(result: Result<Vec<String>, String>) -> ExitCode {
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

/// `cargo xtask diff [OPTIONS]`: `hupai diff OPTIONS` built in release, since the full corpora
/// (`--full`) are millions of cases. Exits with its status (2 on any disagreement).
fn diff(options: &[String]) -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let status = std::process::Command::new(cargo)
        .args(["run", "--release", "--quiet", "--package", "hupai-cli", "--bin", "hupai", "--", "diff"])
        .args(options)
        .status();
    match status {
        Ok(s) => ExitCode::from(s.code().map_or(1, |c| c.clamp(0, 255) as u8)),
        Err(e) => {
            eprintln!("cannot run cargo: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask package [OPTIONS]`: `cargo package --no-verify --allow-dirty OPTIONS` for every
/// workspace crate that can be published (not `publish = false`: tools, benches and bindings may
/// depend on crates by path alone, which only publishable crates must not). Together, so that the
/// crates depending on each other resolve before any is on crates.io.
fn package(options: &[String]) -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let metadata =
        match std::process::Command::new(&cargo).args(["metadata", "--no-deps", "--format-version", "1"]).output() {
            Ok(out) if out.status.success() => out.stdout,
            Ok(out) => {
                eprintln!("cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("cannot run cargo: {e}");
                return ExitCode::FAILURE;
            }
        };
    let crates = match xtask::publishable(&metadata) {
        Ok(crates) => crates,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut command = std::process::Command::new(cargo);
    command.args(["package", "--no-verify", "--allow-dirty"]);
    for name in &crates {
        command.args(["--package", name]);
    }
    match command.args(options).status() {
        Ok(s) => ExitCode::from(s.code().map_or(1, |c| c.clamp(0, 255) as u8)),
        Err(e) => {
            eprintln!("cannot run cargo: {e}");
            ExitCode::FAILURE
        }
    }
}
