//! Fuzz target: `hupai batch`'s line cutter (`crates/hupai-cli/src/lines.rs`, included as it is)
//! passes on exactly what splitting the input at every `\n` gives (over-long lines as their
//! start, a leading byte-order mark dropped), however the input is split into reads, and never
//! holds more than the cap of an unfinished line. The first bytes pick the cap and the read sizes.
#![no_main]

#[path = "../../crates/hupai-cli/src/lines.rs"]
#[allow(dead_code)]
mod lines;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&[cap, a, b, c], input)) = data.split_first_chunk::<4>().map(|(h, r)| (h, r)) else { return };
    // Small caps reach the over-long path with short inputs; 0 means the real cap.
    let cap = if cap == 0 { lines::MAX_LINE } else { usize::from(cap % 64) + 1 };
    let reads = [usize::from(a) + 1, usize::from(b) + 1, usize::from(c) + 1];
    let got = lines::cut_in_reads(input, cap, &reads);
    assert_eq!(got, lines::expected_cut(input, cap), "cap {cap}, reads {reads:?}");
});
