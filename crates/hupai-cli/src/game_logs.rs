//! Game logs on the command line: `replay` (every game of mjai, tenhou.net/6 or mjlog logs driven
//! through the engine, each result checked), `convert` (a log written again as mjai or
//! tenhou.net/6, from the engine's own replay of it, or every decision of many logs as numpy
//! arrays: `--to npz`) and `wall` (Tenhou's shuffle from a seed).

use std::io::{self, Read as _, Write};
use std::time::Instant;

use clap::{Args, ValueEnum};
use cpu_time::ProcessTime;
use hupai_game::formats::{self, GameLog, LogError};
use hupai_game::replay::{self, Decision, Replayed};
use hupai_game::tenhou_shuffle::TenhouShuffle;
use hupai_game::{Event, GameRules, mjai};
use rayon::prelude::*;
use serde_json::{Value, json};

/// `hupai replay`.
#[derive(Args)]
pub(crate) struct ReplayArgs {
    /// The rules to replay under: a preset name or a JSON object of flags (default: the rules the
    /// log names; an mjai log: tenhou, or tenhou-3p with three players).
    #[arg(long)]
    rules: Option<String>,
    /// Also print, for every decision where a seat could do more than pass, its legal actions and
    /// the one the log records.
    #[arg(long)]
    legal: bool,
    /// Print one JSON line of speed instead: the files read and parsed, and every game replayed
    /// with every check, over and over for about `--seconds` — {"files", "games", "failed",
    /// "hands", "decisions", "passes", "seconds", "cpu_seconds", "games_per_second",
    /// "hands_per_second", "threads"} (hands and decisions of the games that replay; cpu_seconds:
    /// the CPU time of every thread); with `--legal`, every decision's legal actions listed too
    /// (not printed).
    #[arg(long)]
    bench: bool,
    /// How long `--bench` runs (it runs the whole set at least once).
    #[arg(long, default_value_t = 3.0, requires = "bench")]
    seconds: f64,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Log files (`-` reads stdin); the format of each is detected.
    #[arg(required = true)]
    files: Vec<String>,
}

/// The formats `convert` writes.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum To {
    /// mjai JSON lines.
    Mjai,
    /// tenhou.net/6 JSON, one game a line.
    Tenhou6,
    /// 電脳麻将's paipu JSON, one game a line.
    Majiang,
    /// Training data: every decision of the logs as numpy arrays in one `.npz` archive (`--out`),
    /// the arrays `hupai.game.decisions` gives (feature planes, legal masks, actions, outcomes).
    Npz,
}

/// The feature planes `convert --to npz` writes.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum PlanesArg {
    /// float32, as the Python package's `VecGame.obs`.
    Float32,
    /// One byte a cell (see `hupai.game.plane_scales`).
    Uint8,
    /// No planes: masks, actions and outcomes only.
    None,
}

/// `hupai convert`.
#[derive(Args)]
pub(crate) struct ConvertArgs {
    /// The format to write.
    #[arg(long, value_enum)]
    to: To,
    /// The rules the log is replayed under (as for `replay`).
    #[arg(long)]
    rules: Option<String>,
    /// With `--to npz`: the archive to write.
    #[arg(long, required_if_eq("to", "npz"))]
    out: Option<String>,
    /// With `--to npz`: the feature planes.
    #[arg(long, value_enum, default_value = "float32")]
    planes: PlanesArg,
    /// With `--to npz`: the seats whose decisions are kept, e.g. `0,2` (default: every seat).
    #[arg(long, value_delimiter = ',')]
    seats: Vec<u8>,
    /// With `--to npz`: also every seat's concealed tiles (`oracle_hands`), hidden information for
    /// privileged training only.
    #[arg(long)]
    oracle: bool,
    /// The logs (`-` reads stdin); with `--to npz`, files or folders (every file in a folder, in
    /// name order) read on every core.
    #[arg(required = true)]
    files: Vec<String>,
}

/// `hupai wall`.
#[derive(Args)]
pub(crate) struct WallArgs {
    /// A Tenhou log's shuffle seed (`mt19937ar-sha512-n288-base64,…`).
    #[arg(long)]
    tenhou: String,
    /// How many hands' walls to print.
    #[arg(long, default_value_t = 1)]
    hands: u32,
    /// Players: 4, or 3 (108 tiles).
    #[arg(long, default_value_t = 4)]
    players: u8,
}

/// A log file's text (`-`: stdin). A gzipped file (Tenhou's own client saves its mjlogs so) is
/// inflated first.
fn read_text(file: &str) -> io::Result<String> {
    let mut bytes = Vec::new();
    if file == "-" {
        io::stdin().read_to_end(&mut bytes)?;
    } else {
        bytes = std::fs::read(file)?;
    }
    if bytes.starts_with(&[0x1f, 0x8b]) {
        bytes = gunzip(&bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("gzip: {e}")))?;
    }
    String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("not UTF-8 text: {e}")))
}

/// The content of a gzip file (RFC 1952): its header's optional fields skipped, the deflate
/// stream inflated and its length checked against the trailer's.
fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if bytes.len() < 18 || bytes[2] != 8 {
        return Err("not a gzip file this reader knows (too short, or not deflate)".into());
    }
    let flags = bytes[3];
    let mut at = 10;
    if flags & 4 != 0 {
        at += 2 + usize::from(u16::from_le_bytes([bytes[10], bytes[11]]));
    }
    // The original file name and a comment, each ended by a zero byte.
    for flag in [8, 16] {
        if flags & flag != 0 {
            let end = bytes.get(at..).and_then(|rest| rest.iter().position(|&b| b == 0));
            at += end.ok_or("the header's name or comment has no end")? + 1;
        }
    }
    if flags & 2 != 0 {
        at += 2;
    }
    let body = bytes.get(at..bytes.len() - 8).ok_or("the header is longer than the file")?;
    let out = miniz_oxide::inflate::decompress_to_vec(body).map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => "the compressed data ends early".to_string(),
        status => format!("damaged compressed data ({status:?})"),
    })?;
    let size = u32::from_le_bytes([
        bytes[bytes.len() - 4],
        bytes[bytes.len() - 3],
        bytes[bytes.len() - 2],
        bytes[bytes.len() - 1],
    ]);
    if out.len() as u32 != size {
        return Err(format!("inflated to {} bytes where the trailer says {size}", out.len()));
    }
    Ok(out)
}

fn rules_arg(rules: &Option<String>) -> Result<Option<GameRules>, String> {
    rules.as_deref().map(|r| GameRules::from_json(r).map_err(|e| e.to_string())).transpose()
}

/// Replays one game; `on` is told every decision with its legal actions (slower: each
/// decision lists them all), none checks each logged action on its own.
fn replay_one(
    log: &GameLog,
    game: usize,
    rules: Option<GameRules>,
    on: Option<&mut dyn FnMut(&Decision)>,
) -> Result<Replayed, LogError> {
    let rules = rules.unwrap_or_else(|| replay::default_rules(log));
    match on {
        Some(on) => replay::replay(log, game, rules, on),
        None => replay::check(log, game, rules),
    }
}

/// The games of one part of a log, handed on as they were read: the games and events of the
/// parts before it (what the part's own numbers are to be raised by) and what `each` made of each
/// game.
struct PartDone<T> {
    games_before: usize,
    events_before: usize,
    done: Vec<T>,
}

/// Every game of a log given to `each` with its index: a file of many games is cut before each
/// game and each part is read and its games given to `each` on one thread, in parallel (a game's
/// events are still in the cache when it is replayed, and no list of the whole file's games is
/// renumbered and joined on one thread). The games and events of a part are numbered from the
/// part's start; the caller adds the counts of the parts before it. A part cut where the whole
/// text does not start a game (a damaged line naming `start_game`) has the whole text read again
/// as [`formats::read`] reads it, as one part.
fn each_game<T: Send>(
    text: &str,
    each: &(dyn Fn(usize, Result<GameLog, LogError>) -> T + Sync),
) -> Result<Vec<PartDone<T>>, String> {
    let split = formats::split(text)?;
    let n = split.parts().len();
    if n > 1 {
        let parts: Vec<Option<(usize, usize, Vec<T>)>> = (0..n)
            .into_par_iter()
            .map(|i| {
                let part = split.read_part(i);
                if !split.part_is_clean(i, &part) {
                    return None;
                }
                let events = part.events();
                let done: Vec<T> = part.into_games().into_iter().enumerate().map(|(g, log)| each(g, log)).collect();
                Some((done.len(), events, done))
            })
            .collect();
        if parts.iter().all(Option::is_some) {
            let (mut games_before, mut events_before) = (0, 0);
            return Ok(parts
                .into_iter()
                .flatten()
                .map(|(games, events, done)| {
                    let part = PartDone { games_before, events_before, done };
                    games_before += games;
                    events_before += events;
                    part
                })
                .collect());
        }
    }
    let games = if n == 1 { split.join(vec![split.read_part(0)]) } else { formats::read(text).unwrap_or_default() };
    let done = games.into_par_iter().enumerate().map(|(g, log)| each(g, log)).collect();
    Ok(vec![PartDone { games_before: 0, events_before: 0, done }])
}

/// Raises a line's `game` and `event` numbers by the games and events of the parts read before.
fn renumber(line: &mut Value, games_before: usize, events_before: usize) {
    for (key, by) in [("game", games_before), ("event", events_before)] {
        if by > 0
            && let Some(v) = line.get_mut(key)
            && let Some(n) = v.as_u64()
        {
            *v = json!(n + by as u64);
        }
    }
}

fn failure(file: &str, e: &LogError) -> Value {
    json!({"file": file, "game": e.game, "ok": false, "kyoku": e.kyoku, "event": e.event, "error": e.message})
}

/// `hupai replay`: one line per game (the games replayed in parallel, printed in order); true if
/// any failed.
pub(crate) fn run_replay(args: &ReplayArgs, out: &mut dyn Write) -> io::Result<bool> {
    let rules = match rules_arg(&args.rules) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("hupai replay: {e}");
            return Ok(true);
        }
    };
    if args.threads == Some(0) {
        eprintln!("hupai replay: --threads must be at least 1");
        return Ok(true);
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        pool = pool.num_threads(n);
    }
    let pool = match pool.build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("hupai replay: cannot start the threads: {e}");
            return Ok(true);
        }
    };
    if args.bench {
        return bench_replay(args, rules, &pool, out);
    }
    replay_files(args, rules, &pool, out)
}

/// `hupai replay --bench`: what a replay does (read, parse, replay with every check), timed.
fn bench_replay(
    args: &ReplayArgs,
    rules: Option<GameRules>,
    pool: &rayon::ThreadPool,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let mut texts = Vec::new();
    for file in &args.files {
        match read_text(file) {
            Ok(t) => texts.push(t),
            Err(e) => {
                eprintln!("hupai replay: {file}: {e}");
                return Ok(true);
            }
        }
    }
    // One pass: every file parsed (in parallel) and every game of it replayed; as without
    // `--bench`, a game that fails is counted and the others go on.
    #[derive(Default, Clone, Copy)]
    struct Count {
        games: u64,
        failed: u64,
        hands: u64,
        decisions: u64,
    }
    let add = |a: Count, b: Count| Count {
        games: a.games + b.games,
        failed: a.failed + b.failed,
        hands: a.hands + b.hands,
        decisions: a.decisions + b.decisions,
    };
    // The games of a file are replayed in parallel too, so a single file of many games uses
    // every thread.
    let pass = || -> Count {
        pool.install(|| {
            texts
                .par_iter()
                .map(|text| {
                    let replay_game = |i: usize, log: Result<GameLog, LogError>| {
                        let mut c = Count { games: 1, ..Count::default() };
                        let mut listed = |_: &Decision| {};
                        let on: Option<&mut dyn FnMut(&Decision)> = if args.legal { Some(&mut listed) } else { None };
                        match log.and_then(|log| replay_one(&log, i, rules, on)) {
                            Ok(r) => {
                                c.hands +=
                                    r.events.iter().filter(|e| matches!(e, Event::StartKyoku { .. })).count() as u64;
                                c.decisions += r.decisions;
                            }
                            Err(_) => c.failed += 1,
                        }
                        c
                    };
                    let Ok(parts) = each_game(text, &replay_game) else {
                        return Count { failed: 1, ..Count::default() };
                    };
                    parts.iter().flat_map(|p| p.done.iter().copied()).fold(Count::default(), add)
                })
                .reduce(Count::default, add)
        })
    };
    let start = Instant::now();
    let cpu_start = ProcessTime::try_now().ok();
    let mut total = Count::default();
    let mut passes = 0u64;
    loop {
        total = add(total, pass());
        passes += 1;
        if start.elapsed().as_secs_f64() >= args.seconds {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    // CPU seconds of every thread: on a shared machine, games per CPU second say what the
    // replay costs when the wall clock says how busy the machine was.
    let cpu_seconds = cpu_start.map(|t| t.elapsed().as_secs_f64());
    let line = json!({"files": args.files.len(), "games": total.games, "failed": total.failed,
        "hands": total.hands, "decisions": total.decisions, "passes": passes, "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "games_per_second": total.games as f64 / seconds, "hands_per_second": total.hands as f64 / seconds,
        "threads": pool.current_num_threads()});
    writeln!(out, "{line}")?;
    Ok(false)
}

/// A replayed game's lines (its `--legal` lines, then its own) and whether it failed.
type GameLines = (Vec<Value>, bool);

/// Every game of every file replayed, one line each.
fn replay_files(
    args: &ReplayArgs,
    rules: Option<GameRules>,
    pool: &rayon::ThreadPool,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let texts: Vec<(&String, io::Result<String>)> = args.files.iter().map(|file| (file, read_text(file))).collect();
    // Each game's lines, numbered from the start of its part of the file.
    let replay_game = |file: &str, game: usize, log: Result<GameLog, LogError>| -> GameLines {
        let mut lines: Vec<Value> = Vec::new();
        let result = match log {
            Ok(log) => {
                let mut on = |d: &Decision| {
                    let legal: Vec<Value> = d.legal.iter().map(|a| mjai::action_json(d.seat, d.target, a)).collect();
                    lines.push(json!({"game": game, "event": d.event, "seat": d.seat, "legal": legal,
                        "chosen": mjai::action_json(d.seat, d.target, &d.chosen)}));
                };
                replay_one(&log, game, rules, if args.legal { Some(&mut on) } else { None })
            }
            Err(e) => Err(e),
        };
        match result {
            Ok(r) => {
                lines.push(json!({"file": file, "game": game, "ok": true, "kyoku": r.kyoku, "decisions": r.decisions, "scores": r.scores, "rules": mjai::rules_json(&r.rules)}));
                (lines, false)
            }
            Err(e) => {
                lines.push(failure(file, &e));
                (lines, true)
            }
        }
    };
    let results: Vec<Result<Vec<PartDone<GameLines>>, String>> = pool.install(|| {
        texts
            .par_iter()
            .map(|(file, text)| {
                let text = text.as_ref().map_err(|e| e.to_string())?;
                each_game(text, &|game, log| replay_game(file, game, log))
            })
            .collect()
    });
    let mut failed = false;
    for ((file, _), parts) in texts.iter().zip(results) {
        let parts = match parts {
            Ok(parts) => parts,
            Err(error) => {
                failed = true;
                let line = json!({"file": file, "game": 0, "ok": false, "kyoku": "start", "event": 0, "error": error});
                writeln!(out, "{line}")?;
                continue;
            }
        };
        for part in parts {
            for (lines, bad) in part.done {
                failed |= bad;
                for mut l in lines {
                    renumber(&mut l, part.games_before, part.events_before);
                    writeln!(out, "{l}")?;
                }
            }
        }
    }
    Ok(failed)
}

/// `hupai convert --to npz`: every decision of the logs in one archive; damaged logs are named
/// on stderr (and make the exit status 2), the rest written. Ends with one JSON line on stdout:
/// {"games", "decisions", "damaged", "family", "out"}.
fn run_npz(args: &ConvertArgs, rules: Option<GameRules>, out: &mut dyn Write) -> io::Result<bool> {
    let Some(target) = args.out.as_deref() else {
        eprintln!("hupai convert: --to npz needs --out FILE.npz");
        return Ok(true);
    };
    let mut seats = 0u8;
    for &s in &args.seats {
        if s > 3 {
            eprintln!("hupai convert: --seats: {s} is not a seat (0 to 3)");
            return Ok(true);
        }
        seats |= 1 << s;
    }
    let family = match rules.map(|r| hupai_dataset::action_table::ActionTable::for_rules(&r)).transpose() {
        Ok(t) => t.map(|t| t.family),
        Err(e) => {
            eprintln!("hupai convert: --rules: {e}");
            return Ok(true);
        }
    };
    let options = hupai_dataset::Options {
        rules,
        seats: if seats == 0 { 0b1111 } else { seats },
        planes: match args.planes {
            PlanesArg::Float32 => hupai_dataset::Planes::F32,
            PlanesArg::Uint8 => hupai_dataset::Planes::U8,
            PlanesArg::None => hupai_dataset::Planes::None,
        },
        oracle: args.oracle,
        family,
    };
    let mut sources = Vec::new();
    for f in &args.files {
        let path = std::path::Path::new(f);
        if f == "-" {
            sources.push(hupai_dataset::Source { name: "-".into(), text: read_text(f).map_err(|e| e.to_string()) });
        } else if path.is_dir() {
            let mut inside: Vec<std::path::PathBuf> = match std::fs::read_dir(path) {
                Ok(entries) => entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect(),
                Err(e) => {
                    eprintln!("hupai convert: {f}: {e}");
                    return Ok(true);
                }
            };
            inside.sort();
            sources.extend(inside.into_iter().map(|p| hupai_dataset::Source {
                name: p.display().to_string(),
                text: std::fs::read_to_string(&p).map_err(|e| format!("cannot be read: {e}")),
            }));
        } else {
            sources.push(hupai_dataset::Source {
                name: f.clone(),
                text: std::fs::read_to_string(path).map_err(|e| format!("cannot be read: {e}")),
            });
        }
    }
    let columns = hupai_dataset::read_texts(&sources, &options);
    for d in &columns.damaged {
        eprintln!("hupai convert: {d}");
    }
    let written = std::fs::File::create(target)
        .map(io::BufWriter::new)
        .and_then(|mut w| hupai_dataset::npz::write(&columns, &mut w).and_then(|()| w.flush()));
    if let Err(e) = written {
        eprintln!("hupai convert: {target}: {e}");
        return Ok(true);
    }
    let line = json!({
        "games": columns.games,
        "decisions": columns.len(),
        "damaged": columns.damaged.len(),
        "family": columns.family.map(|f| f.name),
        "out": target,
    });
    writeln!(out, "{line}")?;
    Ok(!columns.damaged.is_empty())
}

/// `hupai convert`: the engine's events of each game, in the chosen format; true if any failed.
pub(crate) fn run_convert(args: &ConvertArgs, out: &mut dyn Write) -> io::Result<bool> {
    let rules = match rules_arg(&args.rules) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("hupai convert: {e}");
            return Ok(true);
        }
    };
    if matches!(args.to, To::Npz) {
        return run_npz(args, rules, out);
    }
    let mut failed = false;
    for file in &args.files {
        failed |= convert_one(args, file, rules, out)?;
    }
    Ok(failed)
}

/// One log written again in a text format; true if any of its games failed.
fn convert_one(args: &ConvertArgs, file: &str, rules: Option<GameRules>, out: &mut dyn Write) -> io::Result<bool> {
    let text = match read_text(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("hupai convert: {}: {e}", file);
            return Ok(true);
        }
    };
    let games = match formats::read(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("hupai convert: {}: {e}", file);
            return Ok(true);
        }
    };
    let mut failed = false;
    for (game, log) in games.iter().enumerate() {
        let replayed =
            log.as_ref().map_err(Clone::clone).and_then(|log| replay_one(log, game, rules, None).map(|r| (log, r)));
        match replayed {
            Ok((log, r)) => match args.to {
                To::Npz => {}
                To::Mjai => out.write_all(mjai::write_with_rules(&r.events, &r.rules).as_bytes())?,
                To::Tenhou6 => match formats::tenhou6::check_rules(&r.rules) {
                    Ok(()) => writeln!(out, "{}", formats::tenhou6::write(&r.events, &r.rules, &log.header.names))?,
                    Err(e) => {
                        failed = true;
                        eprintln!("hupai convert: {}: game {game}: {e}", file);
                    }
                },
                // The same families as tenhou.net/6: its tiles have no flowers, its results are
                // riichi's.
                To::Majiang => match formats::tenhou6::check_rules(&r.rules) {
                    Ok(()) => writeln!(out, "{}", formats::majiang::write(&r.events, &r.rules, &log.header.names))?,
                    Err(e) => {
                        failed = true;
                        eprintln!("hupai convert: {}: game {game}: {}", file, e.replace("tenhou.net/6", "majiang"));
                    }
                },
            },
            Err(e) => {
                failed = true;
                eprintln!("hupai convert: {}: {e}", file);
            }
        }
    }
    Ok(failed)
}

/// `hupai wall --tenhou SEED`: each hand's tile ids and dice, one JSON line a hand.
pub(crate) fn run_wall(args: &WallArgs, out: &mut dyn Write) -> io::Result<bool> {
    if !matches!(args.players, 3 | 4) {
        eprintln!("hupai wall: --players must be 3 or 4");
        return Ok(true);
    }
    let mut shuffle = match TenhouShuffle::from_seed(&args.tenhou) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hupai wall: {e}");
            return Ok(true);
        }
    };
    for hand in 0..args.hands {
        let wall = shuffle.next_wall(args.players);
        let ids: Vec<u8> = wall.ids().iter().map(|id| id.0).collect();
        writeln!(out, "{}", json!({"hand": hand, "yama": ids, "dice": wall.dice}))?;
    }
    Ok(false)
}
