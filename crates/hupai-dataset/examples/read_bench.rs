//! Times the reader on logs of games the efficiency player plays (as `hupai play --policy
//! efficiency` writes them), for each form of planes, per CPU second of the process: a loop to
//! profile with `perf` without the Python layer. `cargo run --release -p hupai-dataset --example
//! read_bench -- [games] [rules] [none|u8|f32|all|ladder|none-out|u8-out|f32-out|out] [repeat]`. A
//! form ending in `-out` reads with a [`Reader`] into one set of columns made before the timing
//! and written once untimed (the memory a training loop reads into again and again; `out`: the
//! three of them), the plain forms into new columns each read (`all`: both kinds, side by side).
//! `stream-none`, `stream-u8`, `stream-f32` time `Stream` over the same files (batches of 4096,
//! 16 files a read, shuffled), each batch into new columns and into one set of columns made once
//! (`Stream::fill`), side by side. `ladder` also times what the
//! reader stands on, step by step: the logs parsed only (`parse`), replayed with each logged
//! action checked on its own (`check`), replayed with every decision's legal actions listed and
//! nothing written (`legal`), then the reader without planes (`none`). `memory` (and `out`, after
//! its three forms) measures what one thread writes per CPU second into memory as large as a
//! read's float32 planes, in rows of the planes' width copied from a row the cache holds: with
//! plain stores and with streaming stores (the reader's); `out` then states what writing allows
//! each planes form (the masks' own time plus the planes' bytes at the streaming rate) and the
//! read's share of it.

// The streaming stores measured take raw pointers (the library's own are in src/streaming.rs).
#![allow(unsafe_code)]

use std::time::Instant;

use hupai_dataset::{Columns, Options, Planes, Reader, Source, Stream, read_texts};
use hupai_game::policy::{Efficiency, play_out};
use hupai_game::{Game, GameRules};

/// The process's user and system CPU seconds and minor page faults, from `/proc/self/stat`
/// (times in clock ticks of 1/100 s).
fn usage() -> [f64; 3] {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis: minflt is the 8th, utime and stime the
    // 12th and 13th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest.split_whitespace().map(|x| x.parse().unwrap_or(0.0)).collect();
    let at = |i: usize| f.get(i).copied().unwrap_or(0.0);
    [at(11) / 100.0, at(12) / 100.0, at(7)]
}

/// The Python module's allocator (its buffers become numpy's arrays).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let preset = args.get(2).map_or("tenhou", String::as_str);
    let rules = GameRules::preset(preset).expect("a preset's name");
    let forms: Vec<&str> = match args.get(3).map(String::as_str) {
        Some("all") | None => vec!["none", "none-out", "u8", "u8-out", "f32", "f32-out"],
        Some("out") => vec!["none-out", "u8-out", "f32-out", "memory"],
        Some("ladder") => vec!["parse", "check", "legal", "none"],
        Some(f) => vec![f],
    };
    let repeat: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(3);
    // The logs are played once and kept (in the system's temporary folder), so that runs to
    // compare (and profiles) time the reader only.
    let dir = std::env::temp_dir().join(format!("hupai-read-bench-{preset}-{games}"));
    if !dir.join("done").exists() {
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        for seed in 0..games {
            let mut game = Game::new(rules, seed);
            play_out(&mut game, &mut Efficiency);
            let text = hupai_game::mjai::write_with_rules(game.events(), game.rules());
            std::fs::write(dir.join(format!("{seed}.mjson")), text).expect("room for the logs");
        }
        std::fs::write(dir.join("done"), "").expect("room for the logs");
    }
    let sources: Vec<Source> = (0..games)
        .map(|seed| {
            let name = format!("{seed}.mjson");
            let text = std::fs::read_to_string(dir.join(&name)).map_err(|e| e.to_string());
            Source { name, text }
        })
        .collect();
    // Each form's hanchan per CPU second over all its reads (finer than one read's clock ticks),
    // and its rows a read, for `memory`'s summary.
    let mut timed: Vec<(&str, f64, usize)> = Vec::new();
    for form in forms {
        if form == "memory" {
            memory(&rules, &sources, &timed);
            continue;
        }
        if let Some(base) = form.strip_prefix("stream-") {
            stream(&dir, games, base, repeat);
            continue;
        }
        if matches!(form, "parse" | "check" | "legal") {
            let (wall, before) = (Instant::now(), usage());
            for _ in 0..repeat {
                step(&sources, rules, form);
            }
            let after = usage();
            let (wall, user, system) = (wall.elapsed().as_secs_f64(), after[0] - before[0], after[1] - before[1]);
            let hanchan = (games as usize * repeat) as f64;
            println!(
                "{form:>8}: {:.0} hanchan / CPU-s, {:.0} / s wall (user {user:.2} s, system {system:.2} s)",
                hanchan / (user + system),
                hanchan / wall,
            );
            continue;
        }
        let (base, reuse) = form.split_once('-').map_or((form, false), |(b, _)| (b, true));
        let planes = match base {
            "none" => Planes::None,
            "u8" => Planes::U8,
            _ => Planes::F32,
        };
        let options = Options { planes, ..Options::default() };
        // The reused memory: made, and written by one read, before the timing.
        let mut reader = Reader::new(options);
        let mut memory = reuse.then(|| {
            let family = hupai_dataset::action_table::ActionTable::for_rules(&rules).expect("a preset's table").family;
            let rows = read_texts(&sources, &options).len();
            let mut memory = Columns::with_rows(family, rows, &options);
            reader.read_texts_into_slices_checked(&sources, &mut memory.as_mut()).expect("columns of the read's shape");
            memory
        });
        let (wall, before) = (Instant::now(), usage());
        let mut rows = 0;
        // Each read's CPU seconds apart too: on a machine other work shares, the fastest read and
        // the median say more than the sum (the clock ticks are of 10 ms: reads of 200 games or
        // more).
        let mut reads = Vec::with_capacity(repeat);
        for _ in 0..repeat {
            let at = usage();
            if let Some(memory) = &mut memory {
                let filled = reader
                    .read_texts_into_slices_checked(&sources, &mut memory.as_mut())
                    .expect("columns of the read's shape");
                assert_eq!(filled.games, games, "{:?}", filled.damaged.first());
                rows = filled.rows;
            } else {
                let c = read_texts(&sources, &options);
                assert_eq!(c.games, games, "{:?}", c.damaged.first());
                rows = c.len();
                drop(c);
            }
            let now = usage();
            reads.push((now[0] - at[0]) + (now[1] - at[1]));
        }
        reads.sort_by(f64::total_cmp);
        let after = usage();
        let (wall, user, system) = (wall.elapsed().as_secs_f64(), after[0] - before[0], after[1] - before[1]);
        let (cpu, hanchan) = (user + system, (games as usize * repeat) as f64);
        timed.push((form, hanchan / cpu.max(0.01), rows));
        println!(
            "{form:>8}: {rows} rows a read, {:.0} hanchan / CPU-s, {:.0} / s wall ({:.2} µs a row CPU; user {user:.2} s, \
             system {system:.2} s, {:.0} minor faults); reads of {games}: fastest {:.0} / CPU-s, median {:.0}",
            hanchan / cpu,
            hanchan / wall,
            cpu * 1e6 / (rows * repeat) as f64,
            after[2] - before[2],
            games as f64 / reads[0].max(0.01),
            games as f64 / reads[reads.len() / 2].max(0.01),
        );
    }
}

/// What one thread writes per CPU second (bytes), with plain and with streaming stores, into
/// memory the size of a read's float32 planes, a row of planes at a time from a row the cache
/// holds; then, after the forms timed before it, what writing allows each planes form.
fn memory(rules: &GameRules, sources: &[Source], timed: &[(&str, f64, usize)]) {
    let family = hupai_dataset::action_table::ActionTable::for_rules(rules).expect("a preset's table").family;
    let width = hupai_dataset::features::channels(family) * 34 * 4;
    let rows = timed.first().map_or_else(|| read_texts(sources, &Options::default()).len(), |f| f.2);
    let row: Vec<u8> = (0..width).map(|i| (i % 3) as u8).collect();
    let mut out = vec![0u8; rows * width];
    let mut rate = |stream: bool| {
        let mut best = 0f64;
        for _ in 0..4 {
            let at = usage();
            for to in out.chunks_exact_mut(width) {
                if stream { stream_copy(to, &row) } else { to.copy_from_slice(&row) }
            }
            fence();
            let now = usage();
            best = best.max(out.len() as f64 / ((now[0] - at[0]) + (now[1] - at[1])).max(0.01));
        }
        std::hint::black_box(&out);
        best
    };
    let (plain, streamed) = (rate(false), rate(true));
    println!(
        "  memory: rows of {width} bytes into {:.2} GB, one thread, fastest of 4: plain stores {:.1} GB per CPU-s, \
         streaming stores {:.1}",
        out.len() as f64 / 1e9,
        plain / 1e9,
        streamed / 1e9,
    );
    let Some(&(_, masks, rows)) = timed.iter().find(|f| f.0.starts_with("none")) else { return };
    let games = sources.len() as f64;
    for &(form, got, _) in timed {
        let bytes = match form.split('-').next() {
            Some("f32") => width,
            Some("u8") => width / 4,
            _ => continue,
        } as f64
            * rows as f64
            / games;
        let allows = 1.0 / (1.0 / masks + bytes / streamed);
        println!(
            "  {form}: writing allows {allows:.0} hanchan / CPU-s ({:.1} MB of planes a hanchan streamed beside the \
             masks' {masks:.0}); the read {got:.0}, {:.0} % of it; planes written at {:.1} GB per CPU-s",
            bytes / 1e6,
            100.0 * got / allows,
            got * bytes / 1e9,
        );
    }
}

/// `to.copy_from_slice(from)` with streaming stores where the CPU has them (as the reader writes
/// its planes), not fenced.
fn stream_copy(to: &mut [u8], from: &[u8]) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx") {
        // SAFETY: the CPU has AVX.
        return unsafe { stream_copy_avx(to, from) };
    }
    to.copy_from_slice(from);
}

/// [`stream_copy`] in aligned pieces of 32 bytes.
///
/// # Safety
///
/// The CPU has AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn stream_copy_avx(to: &mut [u8], from: &[u8]) {
    use std::arch::x86_64::{__m256i, _mm256_loadu_si256, _mm256_stream_si256};
    let head = to.as_ptr().align_offset(32).min(to.len());
    to[..head].copy_from_slice(&from[..head]);
    let (pieces, rest) = to[head..].as_chunks_mut::<32>();
    let (sources, _) = from[head..].as_chunks::<32>();
    for (to, from) in pieces.iter_mut().zip(sources) {
        // SAFETY: 32 bytes of `from` (an unaligned load); AVX (the caller's).
        let v = unsafe { _mm256_loadu_si256(from.as_ptr().cast::<__m256i>()) };
        // SAFETY: 32 bytes of `to`, aligned to 32 (`head`); AVX (the caller's).
        unsafe { _mm256_stream_si256(to.as_mut_ptr().cast::<__m256i>(), v) };
    }
    let done = from.len() - rest.len();
    rest.copy_from_slice(&from[done..]);
}

/// The streaming stores made so far ordered before later stores.
fn fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE, part of x86-64's baseline.
    unsafe {
        std::arch::x86_64::_mm_sfence();
    }
}

/// Streams the logs in `dir` (`repeat` times over) in batches of 4096, 16 files a read, shuffled:
/// each batch into new columns, then into one set of columns made before the timing.
fn stream(dir: &std::path::Path, games: u64, form: &str, repeat: usize) {
    let planes = match form {
        "none" => Planes::None,
        "u8" => Planes::U8,
        _ => Planes::F32,
    };
    let options = Options { planes, ..Options::default() };
    let paths: Vec<std::path::PathBuf> =
        (0..repeat).flat_map(|_| (0..games).map(|seed| dir.join(format!("{seed}.mjson")))).collect();
    let family =
        hupai_dataset::action_table::ActionTable::for_rules(&GameRules::TENHOU).expect("Tenhou's table").family;
    let mut memory = Columns::with_rows(family, 4096, &options);
    for reuse in [false, true] {
        let mut s = Stream::new(paths.clone(), options, 4096, 16, Some(1));
        let (wall, before) = (Instant::now(), usage());
        let mut rows = 0;
        if reuse {
            while let Some(f) = s.fill(&mut memory.as_mut()).expect("columns of a batch") {
                rows += f.rows;
            }
        } else {
            while let Some(b) = s.next_batch() {
                rows += b.len();
            }
        }
        let after = usage();
        let (wall, user, system) = (wall.elapsed().as_secs_f64(), after[0] - before[0], after[1] - before[1]);
        let hanchan = s.games as f64;
        println!(
            "stream-{form}{}: {rows} rows, {:.0} hanchan / CPU-s, {:.0} / s wall (user {user:.2} s, system {system:.2} s, \
             {:.0} minor faults)",
            if reuse { " into one set of columns" } else { " into new columns" },
            hanchan / (user + system),
            hanchan / wall,
            after[2] - before[2],
        );
    }
}

/// One step of the ladder over every log, on the calling thread: parsed (`parse`), replayed with
/// each action checked alone (`check`), or with every decision's legal actions listed (`legal`).
fn step(sources: &[Source], rules: GameRules, form: &str) {
    for source in sources {
        let text = source.text.as_deref().expect("the logs were written");
        let logs = hupai_game::formats::read(text).expect("a log the engine wrote");
        for (g, log) in logs.into_iter().enumerate() {
            let log = log.expect("a log the engine wrote");
            match form {
                "check" => {
                    hupai_game::replay::check(&log, g, rules).expect("a log the engine wrote");
                }
                "legal" => {
                    let mut decisions = 0usize;
                    hupai_game::replay::replay(&log, g, rules, &mut |d| decisions += d.legal.len())
                        .expect("a log the engine wrote");
                    std::hint::black_box(decisions);
                }
                _ => {
                    std::hint::black_box(&log);
                }
            }
        }
    }
}
