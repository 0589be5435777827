//! The tables' two one-off costs: validating the embedded artifacts on first use (what a program
//! pays once at start-up before its first lookup), and building every artifact from scratch (what
//! `cargo xtask tables` spends before writing or checking the files).
//!
//! Validation is timed on the committed bytes with the same steps the runtime's lazy statics take:
//! `format::decode` (magic, versions, length, checksum, postcard, `Payload::validate`), and for the
//! index table `IndexTable::build` (the perfect hash). The suit tables' last step (expanding the
//! 4-bit codes into the runtime's decode arrays) is private to `hupai-lookup` and not included.
//!
//! `cargo bench -p hupai-benches --bench tables` (about a minute: the build runs ten times).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use hupai_lookup::format;
use hupai_lookup::index::{IndexData, IndexTable};
use hupai_lookup::suit_table::SuitTables;

const INDEX_BIN: &[u8] = include_bytes!("../../crates/hupai-lookup/tables/index.bin");
const SUIT_BIN: &[u8] = include_bytes!("../../crates/hupai-lookup/tables/suit.bin");

fn validation(c: &mut Criterion) {
    // The runtime's own validation must accept the same bytes, or the timing would be of a failure.
    assert!(hupai_lookup::index::table().is_ok() && hupai_lookup::suit_table::tables().is_ok());
    let mut g = c.benchmark_group("validate");
    g.sample_size(20).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    g.bench_function("index", |b| {
        b.iter(|| {
            let data: IndexData = format::decode(black_box(INDEX_BIN)).expect("committed index.bin decodes");
            IndexTable::build(&data).expect("committed index.bin builds")
        })
    });
    g.bench_function("suit", |b| {
        b.iter(|| format::decode::<SuitTables>(black_box(SUIT_BIN)).expect("committed suit.bin decodes"))
    });
    g.finish();
}

fn build(c: &mut Criterion) {
    let artifacts = hupai_table::build_all(&|_, _, _| {}).expect("the tables build");
    // What is timed is what `cargo xtask tables --check` compares with the committed files.
    for a in &artifacts {
        let committed = match a.file {
            "index.bin" => INDEX_BIN,
            "suit.bin" => SUIT_BIN,
            "shanten.bin" => hupai_shanten::table::embedded_bytes(),
            other => panic!("an artifact this bench does not know: {other}"),
        };
        if a.bytes != committed {
            eprintln!("note: the committed {} differs from a fresh build (run `cargo xtask tables`)", a.file);
        }
    }
    let mut g = c.benchmark_group("xtask-tables");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(5));
    g.bench_function("build_all", |b| b.iter(|| hupai_table::build_all(&|_, _, _| {}).expect("the tables build")));
    g.finish();
}

criterion_group!(benches, validation, build);
criterion_main!(benches);
