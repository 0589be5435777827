//! Criterion benchmarks for hupai live in `benches/benches/`; this library is empty.
