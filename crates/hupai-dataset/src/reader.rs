//! The reader: files parsed and every game replayed on rayon's pool, one [`Columns`] per run of
//! games, joined in corpus order (file by file, game by game) whatever thread read them.

use std::path::Path;

use hupai_game::formats::{self, GameLog, LogError};
use hupai_game::replay::{self, Decision};
use hupai_game::{Event, Game, GameRules};
use rayon::prelude::*;

use crate::action_table::{ActionTable, Family};
use crate::features;

/// The feature planes written for each decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Planes {
    /// None: masks, actions and outcomes only.
    None,
    /// `float32`, as `Game.features` and `VecGame.obs` give them.
    F32,
    /// One byte a cell: `lo + byte * step` with the plane's `(lo, step)` from [`plane_scales`](crate::plane_scales)
    /// (exact for every count and flag plane; the few scalar planes rounded to a step of their range).
    U8,
}

/// What to read.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The rules every log is replayed under; `None`: the rules each log names (else Tenhou's).
    pub rules: Option<GameRules>,
    /// The seats whose decisions are kept (bit `s` for seat `s`).
    pub seats: u8,
    /// Which planes to write.
    pub planes: Planes,
    /// Also write every seat's concealed tiles (`oracle_hands`): hidden information, for
    /// privileged (oracle) training only.
    pub oracle: bool,
    /// The family every game must be of (its action table and planes); `None`: the family of the
    /// rules given, else of the first game read.
    pub family: Option<&'static Family>,
}

impl Default for Options {
    fn default() -> Options {
        Options { rules: None, seats: 0b1111, planes: Planes::F32, oracle: false, family: None }
    }
}

/// A log (or one game of it) that was skipped, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damaged {
    /// The file's name as given.
    pub file: String,
    /// The game's index in the file; `None` when the file as a whole could not be read.
    pub game: Option<usize>,
    /// The hand the fault is in (`E1-0`, …; `start` before the first).
    pub kyoku: String,
    /// The index of the file's event (line, tag or entry) the fault is at.
    pub event: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Damaged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.game {
            Some(g) => write!(f, "{}: game {g}, {}, event {}: {}", self.file, self.kyoku, self.event, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// Every decision read, one row each; per-seat columns hold `players` values a row in absolute
/// seat order, and the planes are the deciding seat's (its own seat first).
#[derive(Debug, Clone, Default)]
pub struct Columns {
    /// The family whose action table and planes the rows use (`None` until a game is read).
    pub family: Option<&'static Family>,
    /// `(rows, channels, 34)` planes with [`Planes::F32`].
    pub planes_f32: Vec<f32>,
    /// `(rows, channels, 34)` planes with [`Planes::U8`].
    pub planes_u8: Vec<u8>,
    /// `(rows, actions)`: the legal ids of the decision.
    pub mask: Vec<bool>,
    /// The id taken.
    pub action: Vec<i16>,
    /// The seat deciding.
    pub seat: Vec<i8>,
    /// The file's index in the list read.
    pub file: Vec<u32>,
    /// The game's index in its file.
    pub game: Vec<u32>,
    /// The hand's index in its game (0 for the first hand).
    pub hand: Vec<u16>,
    /// The index of the file's last event before the decision.
    pub event: Vec<u32>,
    /// `(rows, players)`: what each seat's score gained or lost over the decision's hand.
    pub hand_deltas: Vec<i32>,
    /// `(rows, players)`: each seat's score at the end of the game.
    pub final_scores: Vec<i32>,
    /// The deciding seat's final rank (0 first; ties go to the seat nearer the first dealer).
    pub rank: Vec<i8>,
    /// `(rows, players, 34)` with [`Options::oracle`]: every seat's concealed tiles, in relative
    /// seats as the planes are (the deciding seat first). Hidden information.
    pub oracle_hands: Vec<u8>,
    /// Games read whole.
    pub games: u64,
    /// Logs skipped, in corpus order.
    pub damaged: Vec<Damaged>,
}

impl Columns {
    /// Rows (decisions).
    pub fn len(&self) -> usize {
        self.action.len()
    }

    /// True if no decision was read.
    pub fn is_empty(&self) -> bool {
        self.action.is_empty()
    }

    /// Players at the table of the family read (4 until a game is read).
    pub fn players(&self) -> usize {
        self.family.map_or(4, |f| f.players)
    }

    /// Actions in the family's table.
    pub fn actions(&self) -> usize {
        self.family.map_or(0, |f| ActionTable::of(f).len())
    }

    /// Feature planes a row.
    pub fn channels(&self) -> usize {
        self.family.map_or(0, features::channels)
    }

    /// Cuts every column back to `rows` rows.
    fn truncate(&mut self, rows: usize) {
        let (p, a, c) = (self.players(), self.actions(), self.channels() * 34);
        self.planes_f32.truncate(rows * c);
        self.planes_u8.truncate(rows * c);
        self.mask.truncate(rows * a);
        self.action.truncate(rows);
        self.seat.truncate(rows);
        self.file.truncate(rows);
        self.game.truncate(rows);
        self.hand.truncate(rows);
        self.event.truncate(rows);
        self.hand_deltas.truncate(rows * p);
        self.final_scores.truncate(rows * p);
        self.rank.truncate(rows);
        self.oracle_hands.truncate(rows * p * 34);
    }

    /// Room for `rows` more rows in every column `options` fills, reserved once: each page of the
    /// columns is then first touched where its rows are written, not again by a copy as they grow
    /// (fresh pages cost far more than the writing on a busy machine).
    fn reserve(&mut self, rows: usize, options: &Options) {
        self.reserve_rows(rows, options, true);
    }

    /// [`Columns::reserve`], the mask's room too if `mask`.
    fn reserve_rows(&mut self, rows: usize, options: &Options, mask: bool) {
        let (p, a, c) = (self.players(), self.actions(), self.channels() * 34);
        match options.planes {
            Planes::None => {}
            Planes::F32 => self.planes_f32.reserve_exact(rows * c),
            Planes::U8 => self.planes_u8.reserve_exact(rows * c),
        }
        if mask {
            self.mask.reserve_exact(rows * a);
        }
        self.action.reserve_exact(rows);
        self.seat.reserve_exact(rows);
        self.rank.reserve_exact(rows);
        self.file.reserve_exact(rows);
        self.game.reserve_exact(rows);
        self.event.reserve_exact(rows);
        self.hand.reserve_exact(rows);
        self.hand_deltas.reserve_exact(rows * p);
        self.final_scores.reserve_exact(rows * p);
        if options.oracle {
            self.oracle_hands.reserve_exact(rows * p * 34);
        }
    }

    /// Appends `other`'s rows and reports (same family).
    pub fn append(&mut self, mut other: Columns) {
        self.take_rows_of(&mut other);
    }

    /// Moves `other`'s rows and reports to the end of these, leaving it empty with its room kept
    /// (for the next rows written into it).
    fn take_rows_of(&mut self, other: &mut Columns) {
        if self.family.is_none() {
            self.family = other.family;
        }
        self.planes_f32.append(&mut other.planes_f32);
        self.planes_u8.append(&mut other.planes_u8);
        self.mask.append(&mut other.mask);
        self.action.append(&mut other.action);
        self.seat.append(&mut other.seat);
        self.file.append(&mut other.file);
        self.game.append(&mut other.game);
        self.hand.append(&mut other.hand);
        self.event.append(&mut other.event);
        self.hand_deltas.append(&mut other.hand_deltas);
        self.final_scores.append(&mut other.final_scores);
        self.rank.append(&mut other.rank);
        self.oracle_hands.append(&mut other.oracle_hands);
        self.games += std::mem::take(&mut other.games);
        self.damaged.append(&mut other.damaged);
    }

    /// The rows `order` names, in that order, as new columns (no reports, no games counted).
    pub fn take(&self, order: &[usize]) -> Columns {
        let (p, a, c) = (self.players(), self.actions(), self.channels() * 34);
        fn pick<T: Copy>(v: &[T], width: usize, order: &[usize]) -> Vec<T> {
            if v.is_empty() {
                return Vec::new();
            }
            let mut out = Vec::with_capacity(order.len() * width);
            for &i in order {
                out.extend_from_slice(&v[i * width..(i + 1) * width]);
            }
            out
        }
        Columns {
            family: self.family,
            planes_f32: pick(&self.planes_f32, c, order),
            planes_u8: pick(&self.planes_u8, c, order),
            mask: pick(&self.mask, a, order),
            action: pick(&self.action, 1, order),
            seat: pick(&self.seat, 1, order),
            file: pick(&self.file, 1, order),
            game: pick(&self.game, 1, order),
            hand: pick(&self.hand, 1, order),
            event: pick(&self.event, 1, order),
            hand_deltas: pick(&self.hand_deltas, p, order),
            final_scores: pick(&self.final_scores, p, order),
            rank: pick(&self.rank, 1, order),
            oracle_hands: pick(&self.oracle_hands, p * 34, order),
            games: 0,
            damaged: Vec::new(),
        }
    }

    /// Every row from `from` on, moved out (the first `from` stay).
    pub fn split_off(&mut self, from: usize) -> Columns {
        let (p, a, c) = (self.players(), self.actions(), self.channels() * 34);
        fn cut<T>(v: &mut Vec<T>, at: usize) -> Vec<T> {
            if v.len() < at { Vec::new() } else { v.split_off(at) }
        }
        Columns {
            family: self.family,
            planes_f32: cut(&mut self.planes_f32, from * c),
            planes_u8: cut(&mut self.planes_u8, from * c),
            mask: cut(&mut self.mask, from * a),
            action: cut(&mut self.action, from),
            seat: cut(&mut self.seat, from),
            file: cut(&mut self.file, from),
            game: cut(&mut self.game, from),
            hand: cut(&mut self.hand, from),
            event: cut(&mut self.event, from),
            hand_deltas: cut(&mut self.hand_deltas, from * p),
            final_scores: cut(&mut self.final_scores, from * p),
            rank: cut(&mut self.rank, from),
            oracle_hands: cut(&mut self.oracle_hands, from * p * 34),
            games: 0,
            damaged: Vec::new(),
        }
    }
}

/// A file's contents (or why it could not be read), with its name for reports.
#[derive(Debug, Clone)]
pub struct Source {
    /// The name reports give.
    pub name: String,
    /// The text, or why there is none.
    pub text: Result<String, String>,
}

/// Reads the files at `paths` (on the current rayon pool) and every decision of their games.
pub fn read(paths: &[impl AsRef<Path> + Sync], options: &Options) -> Columns {
    let sources: Vec<Source> = paths
        .par_iter()
        .map(|p| {
            let p = p.as_ref();
            let text = std::fs::read(p).map_err(|e| format!("cannot be read: {e}")).and_then(|bytes| {
                String::from_utf8(bytes)
                    .map_err(|e| format!("is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
            });
            Source { name: p.display().to_string(), text }
        })
        .collect();
    read_texts(&sources, options)
}

/// Reports with the file and game they are of, to be put in corpus order.
type Placed = Vec<(u32, usize, Damaged)>;

/// One game to replay.
struct Job<'a> {
    file: u32,
    name: &'a str,
    game: usize,
    log: GameLog,
}

/// Every decision of the games in `sources` (file `i` of the columns is `sources[i]`).
pub fn read_texts(sources: &[Source], options: &Options) -> Columns {
    let mut out = Columns::default();
    let parsed: Vec<(Vec<Job<'_>>, Vec<Damaged>)> = sources
        .par_iter()
        .enumerate()
        .map(|(i, source)| {
            let damaged = |game: Option<usize>, kyoku: String, event: usize, message: String| Damaged {
                file: source.name.clone(),
                game,
                kyoku,
                event,
                message,
            };
            let text = match &source.text {
                Ok(t) => t,
                Err(e) => return (Vec::new(), vec![damaged(None, "start".into(), 0, e.clone())]),
            };
            match formats::read(text) {
                Err(e) => (Vec::new(), vec![damaged(None, "start".into(), 0, e)]),
                Ok(games) => {
                    let mut jobs = Vec::new();
                    let mut bad = Vec::new();
                    for (g, game) in games.into_iter().enumerate() {
                        match game {
                            Ok(log) => jobs.push(Job { file: i as u32, name: &source.name, game: g, log }),
                            Err(e) => bad.push(damaged(Some(g), e.kyoku, e.event, e.message)),
                        }
                    }
                    (jobs, bad)
                }
            }
        })
        .collect();
    let mut jobs = Vec::new();
    // Reports in corpus order: a file's parse errors before its games' replay errors.
    let mut early: Placed = Vec::new();
    for (i, (j, bad)) in parsed.into_iter().enumerate() {
        jobs.extend(j);
        early.extend(bad.into_iter().map(|d| (i as u32, d.game.unwrap_or(0), d)));
    }
    // One action table a corpus: the rules given, else the first game's.
    let first_rules = options.rules.or_else(|| jobs.first().map(|j| replay::default_rules(&j.log)));
    let Some(first_rules) = first_rules else {
        out.damaged = early.into_iter().map(|(_, _, d)| d).collect();
        return out;
    };
    let table = match options.family.map_or_else(|| ActionTable::for_rules(&first_rules), |f| Ok(ActionTable::of(f))) {
        Ok(t) => t,
        Err(e) => {
            out.damaged = early.into_iter().map(|(_, _, d)| d).collect();
            out.damaged.extend(jobs.iter().map(|j| Damaged {
                file: j.name.to_string(),
                game: Some(j.game),
                kyoku: "start".into(),
                event: 0,
                message: e.clone(),
            }));
            return out;
        }
    };
    out.family = Some(table.family);
    // The games are replayed in waves of a few per thread, each into its own small columns, which
    // are appended to `out` in corpus order before the next wave: the small columns' memory is
    // freed and taken again wave after wave (pages the process already has), and only `out`'s
    // pages are new. (All the games' columns at once, then joined, would take every byte twice
    // from the system, and a fresh page costs more than the writing.)
    let wave = rayon::current_num_threads().max(1) * 4;
    let events: usize = jobs.iter().map(|j| j.log.events.len()).sum();
    let (mut events_done, mut late) = (0usize, Vec::new());
    // The small columns of the last wave, emptied into `out` with their room kept: the next wave
    // writes into the same memory rather than taking new (a column freed on another thread than
    // the one that made it returns to the allocator late, as fresh pages).
    let mut spare: Vec<Rows> = Vec::new();
    for jobs in jobs.chunks(wave) {
        spare.resize_with(jobs.len().max(spare.len()), || Rows {
            cols: Columns { family: Some(table.family), ..Columns::default() },
            ..Rows::default()
        });
        let mut parts: Vec<(Rows, Option<Damaged>)> = jobs
            .par_iter()
            .zip(spare.par_drain(..jobs.len()))
            .map(|(job, mut rows)| {
                // A game has fewer decisions than its log has events, most of the time: room
                // reserved past the rows written is never touched, and a game with more grows.
                rows.reserve(job.log.events.len(), options);
                let bad = replay_game(job, table, options, &mut rows).err();
                (rows, bad)
            })
            .collect();
        // Room for the rows still to come, estimated from the rows a log's event gave so far: when
        // the estimate passes the room, room for a quarter more than it, so that `out` (moved whole
        // to grow, onto fresh pages) is moved seldom; room never written is never touched.
        events_done += jobs.iter().map(|j| j.log.events.len()).sum::<usize>();
        let rows = out.len() + parts.iter().map(|(r, _)| r.cols.len()).sum::<usize>();
        let expected = (rows as f64 * events as f64 / events_done.max(1) as f64) as usize + 64;
        if out.mask.capacity() < expected * out.actions().max(1) {
            out.reserve(expected + expected / 4 - out.len(), options);
        }
        for (job, (rows, bad)) in jobs.iter().zip(&mut parts) {
            rows.move_into(&mut out);
            late.extend(bad.take().map(|d| (job.file, job.game, d)));
        }
        spare.extend(parts.into_iter().map(|(rows, _)| rows));
    }
    early.extend(late);
    early.sort_by_key(|&(f, g, _)| (f, g));
    out.damaged = early.into_iter().map(|(_, _, d)| d).collect();
    out
}

/// A wave's rows of one game as a worker writes them: the columns less the masks, which are kept
/// as each row's legal ids and written out only into the output's mask (a mask row is hundreds
/// of bytes, most of them false; its ids are a few: written once, not written then copied).
#[derive(Debug, Default)]
struct Rows {
    /// Every column but `mask`, which stays empty.
    cols: Columns,
    /// The legal ids of every row, row after row.
    ids: Vec<u16>,
    /// Where each row's ids end in `ids`.
    ends: Vec<u32>,
}

impl Rows {
    /// Room for `rows` more rows (see [`Columns::reserve`]; a row's ids are a few).
    fn reserve(&mut self, rows: usize, options: &Options) {
        self.cols.reserve_rows(rows, options, false);
        self.ends.reserve_exact(rows);
        self.ids.reserve(rows * 4);
    }

    /// Cuts back to `rows` rows.
    fn truncate(&mut self, rows: usize) {
        self.cols.truncate(rows);
        if rows < self.ends.len() {
            self.ids.truncate(if rows == 0 { 0 } else { self.ends[rows - 1] as usize });
            self.ends.truncate(rows);
        }
    }

    /// Moves the rows and reports to the end of `out`, each row's mask written from its ids,
    /// leaving these empty with their room kept.
    fn move_into(&mut self, out: &mut Columns) {
        let a = out.actions().max(self.cols.actions());
        let start = out.mask.len();
        out.mask.resize(start + self.ends.len() * a, false);
        let mut from = 0;
        for (row, &end) in self.ends.iter().enumerate() {
            let mask = &mut out.mask[start + row * a..start + (row + 1) * a];
            for &id in &self.ids[from..end as usize] {
                mask[usize::from(id)] = true;
            }
            from = end as usize;
        }
        self.ids.clear();
        self.ends.clear();
        out.take_rows_of(&mut self.cols);
    }
}

/// Replays one game into `rows`, which it leaves as they were if the game fails.
fn replay_game(job: &Job<'_>, table: &'static ActionTable, options: &Options, rows: &mut Rows) -> Result<(), Damaged> {
    let damaged = |kyoku: String, event: usize, message: String| Damaged {
        file: job.name.to_string(),
        game: Some(job.game),
        kyoku,
        event,
        message,
    };
    let rules = options.rules.unwrap_or_else(|| replay::default_rules(&job.log));
    let family = table.family;
    match ActionTable::for_rules(&rules) {
        Ok(t) if std::ptr::eq(t, table) => {}
        Ok(t) => {
            return Err(damaged(
                "start".into(),
                0,
                format!(
                    "its rules are of the {} family; the corpus's are {} (one action table a corpus: give the rules, \
                     or read each family apart)",
                    t.family.name, family.name
                ),
            ));
        }
        Err(e) => return Err(damaged("start".into(), 0, e)),
    }
    let Rows { cols: out, ids, ends } = rows;
    let start = out.len();
    let p = family.players;
    let mut seen = 0usize;
    let mut hand: i32 = -1;
    let mut fault: Option<String> = None;
    // Each seat's planes kept from decision to decision, only the changed planes written again.
    let mut running_f32 = features::Running::<f32>::new(family);
    let mut running_u8 = features::Running::<u8>::new(family);
    let mut on = |game: &Game, d: &Decision| {
        if fault.is_some() {
            return;
        }
        for e in &game.events()[seen..] {
            if matches!(e, Event::StartKyoku { .. }) {
                hand += 1;
            }
        }
        seen = game.events().len();
        if options.seats & (1 << d.seat) == 0 {
            return;
        }
        let Some(taken) = table.id(&d.chosen) else {
            fault =
                Some(format!("seat {}'s {} has no id in the {} action table", d.seat, d.chosen.kind(), family.name));
            return;
        };
        ids.extend(d.legal.iter().filter_map(|action| table.id(action)));
        ends.push(ids.len() as u32);
        out.action.push(taken as i16);
        out.seat.push(d.seat as i8);
        out.file.push(job.file);
        out.game.push(job.game as u32);
        out.hand.push(hand.max(0) as u16);
        out.event.push(d.event as u32);
        match options.planes {
            Planes::None => {}
            Planes::F32 => out.planes_f32.extend_from_slice(running_f32.planes(game, d.seat)),
            Planes::U8 => out.planes_u8.extend_from_slice(running_u8.planes(game, d.seat)),
        }
        if options.oracle {
            for r in 0..p {
                let s = game.next_in_turn(d.seat, r as u8);
                out.oracle_hands.extend_from_slice(&game.view(s).hand.kinds);
            }
        }
    };
    let result = replay::replay_with_game(&job.log, job.game, rules, &mut on);
    let replayed = match (result, fault) {
        (Err(e), _) => {
            rows.truncate(start);
            let LogError { kyoku, event, message, .. } = e;
            return Err(damaged(kyoku, event, message));
        }
        (Ok(_), Some(message)) => {
            rows.truncate(start);
            return Err(damaged("start".into(), 0, message));
        }
        (Ok(r), None) => r,
    };
    let out = &mut rows.cols;
    // Each hand's deltas: the scores at the next hand's start (or the game's end) less its own.
    let mut starts: Vec<[i32; 4]> = replayed
        .events
        .iter()
        .filter_map(|e| match *e {
            Event::StartKyoku { scores, .. } => Some(scores),
            _ => None,
        })
        .collect();
    let mut last = [0i32; 4];
    last[..p].copy_from_slice(&replayed.scores[..p]);
    starts.push(last);
    let end = out.len();
    let mut rank = [0i8; 4];
    for s in 0..p {
        rank[s] = (0..p).filter(|&o| last[o] > last[s] || (last[o] == last[s] && o < s)).count() as i8;
    }
    for row in start..end {
        let h = usize::from(out.hand[row]);
        let (from, to) = match (starts.get(h), starts.get(h + 1)) {
            (Some(f), Some(t)) => (*f, *t),
            _ => ([0; 4], [0; 4]),
        };
        for s in 0..p {
            out.hand_deltas.push(to[s] - from[s]);
        }
        out.final_scores.extend_from_slice(&last[..p]);
        out.rank.push(rank[usize::from(out.seat[row] as u8 & 3)]);
    }
    out.games += 1;
    Ok(())
}
