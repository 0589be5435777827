//! Criterion bench for `split` (placeholder until the deal generator lands).
fn main() {}
