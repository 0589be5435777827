//! `cargo xtask`: repository automation (table generation, full harness sweeps).

fn main() {
    eprintln!("usage: cargo xtask <tables|diff> (not yet implemented)");
    std::process::exit(2);
}
