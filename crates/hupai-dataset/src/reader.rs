//! The reader: files parsed and every game replayed on rayon's pool, one [`Columns`] per run of
//! games, joined in corpus order (file by file, game by game) whatever thread read them. A
//! [`Reader`] keeps its memory from read to read (its columns and each worker's rows), and can
//! write into memory its caller owns ([`ColumnsMut`]), so that a read after the first takes no
//! fresh pages from the system: on a busy machine the kernel's zeroing of fresh pages cost more
//! than the writing of the planes.

use std::collections::VecDeque;
use std::path::Path;

use hupai_game::formats::{self, GameLog, LogError};
use hupai_game::replay::{self, Decision};
use hupai_game::{Event, Game, GameRules};
use rayon::prelude::*;

use crate::action_table::{ActionTable, Family};
use crate::features;
use crate::masks::MaskBlock;
use crate::streaming::{Plain, Streams};

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

    /// No rows, no family, no games or reports: the columns' room is kept for the next rows written.
    pub fn clear(&mut self) {
        self.truncate(0);
        self.family = None;
        self.games = 0;
        self.damaged.clear();
    }

    /// Columns of `rows` rows of zeros in every column `options` fills for `family` (the others
    /// empty): memory to read into through [`Columns::as_mut`], again and again.
    pub fn with_rows(family: &'static Family, rows: usize, options: &Options) -> Columns {
        let w = Widths::of(family);
        let planes = |on: bool| if on { rows * w.planes } else { 0 };
        Columns {
            family: Some(family),
            planes_f32: vec![0.0; planes(options.planes == Planes::F32)],
            planes_u8: vec![0; planes(options.planes == Planes::U8)],
            mask: vec![false; rows * w.actions],
            action: vec![0; rows],
            seat: vec![0; rows],
            file: vec![0; rows],
            game: vec![0; rows],
            hand: vec![0; rows],
            event: vec![0; rows],
            hand_deltas: vec![0; rows * w.players],
            final_scores: vec![0; rows * w.players],
            rank: vec![0; rows],
            oracle_hands: vec![0; if options.oracle { rows * w.players * 34 } else { 0 }],
            games: 0,
            damaged: Vec::new(),
        }
    }

    /// `rows` rows in every column `options` fills for `family` (zeros past the rows held, the
    /// room kept), the others empty: memory for [`Columns::as_mut`].
    pub(crate) fn resize_rows(&mut self, family: &'static Family, rows: usize, options: &Options) {
        let w = Widths::of(family);
        let planes = |on: bool| if on { rows * w.planes } else { 0 };
        self.family = Some(family);
        self.planes_f32.resize(planes(options.planes == Planes::F32), 0.0);
        self.planes_u8.resize(planes(options.planes == Planes::U8), 0);
        self.mask.resize(rows * w.actions, false);
        self.action.resize(rows, 0);
        self.seat.resize(rows, 0);
        self.file.resize(rows, 0);
        self.game.resize(rows, 0);
        self.hand.resize(rows, 0);
        self.event.resize(rows, 0);
        self.hand_deltas.resize(rows * w.players, 0);
        self.final_scores.resize(rows * w.players, 0);
        self.rank.resize(rows, 0);
        self.oracle_hands.resize(if options.oracle { rows * w.players * 34 } else { 0 }, 0);
    }

    /// Every column as a slice to write into (as long as the column now is).
    pub fn as_mut(&mut self) -> ColumnsMut<'_> {
        ColumnsMut {
            planes_f32: &mut self.planes_f32,
            planes_u8: &mut self.planes_u8,
            mask: &mut self.mask,
            action: &mut self.action,
            seat: &mut self.seat,
            file: &mut self.file,
            game: &mut self.game,
            hand: &mut self.hand,
            event: &mut self.event,
            hand_deltas: &mut self.hand_deltas,
            final_scores: &mut self.final_scores,
            rank: &mut self.rank,
            oracle_hands: &mut self.oracle_hands,
        }
    }

    /// Appends the rows `order` names (of `src`, the same family), in that order: one copy of each.
    pub(crate) fn gather_from(&mut self, src: &Columns, order: &[usize]) {
        let (p, a, c) = (src.players(), src.actions(), src.channels() * 34);
        fn pick<T: Copy>(out: &mut Vec<T>, v: &[T], width: usize, order: &[usize]) {
            if v.is_empty() {
                return;
            }
            out.reserve(order.len() * width);
            for &i in order {
                out.extend_from_slice(&v[i * width..(i + 1) * width]);
            }
        }
        if self.family.is_none() {
            self.family = src.family;
        }
        pick(&mut self.planes_f32, &src.planes_f32, c, order);
        pick(&mut self.planes_u8, &src.planes_u8, c, order);
        pick(&mut self.mask, &src.mask, a, order);
        pick(&mut self.action, &src.action, 1, order);
        pick(&mut self.seat, &src.seat, 1, order);
        pick(&mut self.file, &src.file, 1, order);
        pick(&mut self.game, &src.game, 1, order);
        pick(&mut self.hand, &src.hand, 1, order);
        pick(&mut self.event, &src.event, 1, order);
        pick(&mut self.hand_deltas, &src.hand_deltas, p, order);
        pick(&mut self.final_scores, &src.final_scores, p, order);
        pick(&mut self.rank, &src.rank, 1, order);
        pick(&mut self.oracle_hands, &src.oracle_hands, p * 34, order);
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
        // The planes (most of the bytes) streamed: a read's columns outgrow the caches and are read
        // once it ends, from memory either way.
        let mut streams = Streams::new();
        streams.append(&mut self.planes_f32, &mut other.planes_f32);
        streams.append(&mut self.planes_u8, &mut other.planes_u8);
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
        let mut out = Columns { family: self.family, ..Columns::default() };
        out.gather_from(self, order);
        out
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

/// Values a row of each column holds under a family.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Widths {
    players: usize,
    actions: usize,
    planes: usize,
}

impl Widths {
    pub(crate) fn of(family: &'static Family) -> Widths {
        Widths {
            players: family.players,
            actions: ActionTable::of(family).len(),
            planes: features::channels(family) * 34,
        }
    }
}

/// Columns in memory the caller owns (numpy's arrays, a training loop's buffers): the same
/// columns as [`Columns`], flat and row after row, written in place by
/// [`Reader::read_texts_into_slices`] and [`Stream::fill`](crate::Stream::fill). A column the
/// options do not fill (the planes of the other form, or none; the oracle's hands unasked) is
/// left empty.
#[derive(Debug, Default)]
pub struct ColumnsMut<'a> {
    /// `(rows, channels, 34)` with [`Planes::F32`].
    pub planes_f32: &'a mut [f32],
    /// `(rows, channels, 34)` with [`Planes::U8`].
    pub planes_u8: &'a mut [u8],
    /// `(rows, actions)`.
    pub mask: &'a mut [bool],
    /// `(rows,)`.
    pub action: &'a mut [i16],
    /// `(rows,)`.
    pub seat: &'a mut [i8],
    /// `(rows,)`.
    pub file: &'a mut [u32],
    /// `(rows,)`.
    pub game: &'a mut [u32],
    /// `(rows,)`.
    pub hand: &'a mut [u16],
    /// `(rows,)`.
    pub event: &'a mut [u32],
    /// `(rows, players)`.
    pub hand_deltas: &'a mut [i32],
    /// `(rows, players)`.
    pub final_scores: &'a mut [i32],
    /// `(rows,)`.
    pub rank: &'a mut [i8],
    /// `(rows, players, 34)` with [`Options::oracle`].
    pub oracle_hands: &'a mut [u8],
}

/// A column of [`ColumnsMut`] that does not fit the read: which, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutError {
    /// The column's name, as `Columns` and the Python arrays name it (`planes` for either form).
    pub column: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for OutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.column, self.message)
    }
}

impl std::error::Error for OutError {}

impl ColumnsMut<'_> {
    /// Each column's name, length, and the values a row of it takes under `family` with
    /// `options` (0: a column the options do not fill).
    fn layout(&self, family: &'static Family, options: &Options) -> [(&'static str, usize, usize); 13] {
        let w = Widths::of(family);
        let planes = |form: Planes| if options.planes == form { w.planes } else { 0 };
        [
            ("action", self.action.len(), 1),
            ("planes", self.planes_f32.len(), planes(Planes::F32)),
            ("planes", self.planes_u8.len(), planes(Planes::U8)),
            ("mask", self.mask.len(), w.actions),
            ("seat", self.seat.len(), 1),
            ("file", self.file.len(), 1),
            ("game", self.game.len(), 1),
            ("hand", self.hand.len(), 1),
            ("event", self.event.len(), 1),
            ("hand_deltas", self.hand_deltas.len(), w.players),
            ("final_scores", self.final_scores.len(), w.players),
            ("rank", self.rank.len(), 1),
            ("oracle_hands", self.oracle_hands.len(), if options.oracle { w.players * 34 } else { 0 }),
        ]
    }

    /// Rows `from..to` of every column `options` fills (the others empty), for one game's rows
    /// to be written in place.
    fn rows_between(&mut self, from: usize, to: usize, w: Widths, options: &Options) -> ColumnsMut<'_> {
        fn cut<T>(v: &mut [T], from: usize, to: usize, width: usize) -> &mut [T] {
            &mut v[from * width..to * width]
        }
        let planes = |form: Planes| if options.planes == form { w.planes } else { 0 };
        ColumnsMut {
            planes_f32: cut(self.planes_f32, from, to, planes(Planes::F32)),
            planes_u8: cut(self.planes_u8, from, to, planes(Planes::U8)),
            mask: cut(self.mask, from, to, w.actions),
            action: cut(self.action, from, to, 1),
            seat: cut(self.seat, from, to, 1),
            file: cut(self.file, from, to, 1),
            game: cut(self.game, from, to, 1),
            hand: cut(self.hand, from, to, 1),
            event: cut(self.event, from, to, 1),
            hand_deltas: cut(self.hand_deltas, from, to, w.players),
            final_scores: cut(self.final_scores, from, to, w.players),
            rank: cut(self.rank, from, to, 1),
            oracle_hands: cut(self.oracle_hands, from, to, if options.oracle { w.players * 34 } else { 0 }),
        }
    }

    /// The whole rows every column `options` fills has room for.
    pub fn room(&self, family: &'static Family, options: &Options) -> usize {
        self.layout(family, options).iter().filter(|c| c.2 > 0).map(|&(_, len, width)| len / width).min().unwrap_or(0)
    }

    /// The rows of these columns (as many as `action` has), if every column `options` fills
    /// holds exactly that many rows of `family`'s width and every other column is empty; else
    /// the first column that does not, and why.
    pub fn check(&self, family: &'static Family, options: &Options) -> Result<usize, OutError> {
        let rows = self.action.len();
        let layout = self.layout(family, options);
        // Columns given that the read does not write first: planes of the other form would
        // otherwise be reported as the planes missing.
        if let Some(&(column, len, _)) = layout.iter().find(|c| c.2 == 0 && c.1 > 0) {
            let why = match (column, options.planes) {
                ("planes", Planes::None) => "the read writes no planes".to_string(),
                ("planes", form) => format!("the wrong form: the read writes {} planes", form_name(form)),
                _ => "the read writes no hidden hands (oracle is off)".to_string(),
            };
            return Err(OutError { column, message: format!("{len} values given, but {why}; leave it empty") });
        }
        for (column, len, width) in layout {
            if width > 0 && len != rows * width {
                let message = if len % width == 0 {
                    format!(
                        "{} rows of {width} values, but `action` has {rows} rows (every column needs the same rows)",
                        len / width
                    )
                } else {
                    format!(
                        "{len} values is not a whole number of rows: a row of the {} family is {width} values \
                         (wrong family or shape?)",
                        family.name
                    )
                };
                return Err(OutError { column, message });
            }
        }
        Ok(rows)
    }
}

/// The numpy name of a form of planes.
fn form_name(planes: Planes) -> &'static str {
    match planes {
        Planes::None => "no",
        Planes::F32 => "float32",
        Planes::U8 => "uint8",
    }
}

/// What a read into caller memory did.
#[derive(Debug, Clone, Default)]
pub struct Filled {
    /// Rows written, from the first row of each column on.
    pub rows: usize,
    /// Decisions the read found: more than `rows` when the columns had too little room (the
    /// first `rows` of them, in corpus order, are written).
    pub decisions: usize,
    /// The family whose action table and planes the rows use (`None` if no game was read).
    pub family: Option<&'static Family>,
    /// Games read whole.
    pub games: u64,
    /// Logs skipped, in corpus order.
    pub damaged: Vec<Damaged>,
}

/// A reader that keeps its memory between reads: its own columns ([`Reader::read_texts`]
/// clears them, room kept) and each worker's rows, so that only the first read takes fresh
/// pages from the system. Every read gives the same rows as [`read_texts`] with the same options
/// would.
#[derive(Debug, Default)]
pub struct Reader {
    pub(crate) options: Options,
    /// The family of the last read (or the options').
    family: Option<&'static Family>,
    /// The columns [`Reader::read_texts`] fills, kept.
    columns: Columns,
    /// The workers' rows of a wave, kept (emptied) from wave to wave and read to read.
    spare: Vec<Rows>,
    /// The most events of a game read so far: the room each worker's rows are given.
    longest: usize,
}

/// Where a read's rows go.
enum Sink<'o, 'a> {
    /// Appended to growing columns.
    Grow(&'o mut Columns),
    /// Written into caller memory, from row `written` on, while it has room.
    Fixed { out: &'o mut ColumnsMut<'a>, room: usize, written: usize, strict: bool },
    /// Each game's rows kept as its worker wrote them (for the stream, which copies each row
    /// once from there into its batch).
    Keep(&'o mut Vec<Rows>),
}

/// A read's totals, beside its rows.
#[derive(Debug, Default)]
pub(crate) struct Totals {
    pub(crate) family: Option<&'static Family>,
    decisions: usize,
    /// Rows written into caller memory.
    written: usize,
    pub(crate) games: u64,
    pub(crate) damaged: Vec<Damaged>,
}

impl Reader {
    /// A reader of `options`, holding no memory yet.
    pub fn new(options: Options) -> Reader {
        Reader { options, family: options.family, ..Reader::default() }
    }

    /// Reads with `options` from now on, the memory kept.
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
        self.family = options.family;
    }

    /// What it reads.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The family of the last read (the options' before any): its action table and planes.
    pub fn family(&self) -> Option<&'static Family> {
        self.family
    }

    /// Reads the files at `paths` into the reader's own columns (their memory reused).
    pub fn read(&mut self, paths: &[impl AsRef<Path> + Sync]) -> &Columns {
        let sources = load(paths);
        self.read_texts(&sources)
    }

    /// Every decision of the games in `sources`, into the reader's own columns (cleared, their
    /// room kept): the same columns as [`read_texts`] gives.
    pub fn read_texts(&mut self, sources: &[Source]) -> &Columns {
        let mut columns = std::mem::take(&mut self.columns);
        columns.clear();
        self.append_texts(sources, &mut columns);
        self.columns = columns;
        &self.columns
    }

    /// Appends every decision of the games in `sources` to `out` (file `i` of the new rows is
    /// `sources[i]`), their games counted and reports appended.
    pub(crate) fn append_texts(&mut self, sources: &[Source], out: &mut Columns) {
        let totals = self.read_core(sources, &mut Sink::Grow(out)).unwrap_or_default();
        if out.family.is_none() {
            out.family = totals.family;
        }
        out.games += totals.games;
        out.damaged.extend(totals.damaged);
    }

    /// Every decision of the games in `sources` written into `out`, from its first row, as many
    /// as the columns the options fill have room for ([`ColumnsMut::room`]; the rest of the
    /// corpus is still replayed, to count its decisions and report its damage): the rows
    /// [`read_texts`] gives, in caller memory. Columns the options do not fill are not touched;
    /// the rows past those written may hold what a game found damaged as it was replayed wrote
    /// there before its fault (a game's rows go straight into `out`, not through a copy), and
    /// keep what they held otherwise.
    pub fn read_texts_into_slices(&mut self, sources: &[Source], out: &mut ColumnsMut<'_>) -> Filled {
        // A lenient read cannot fail: the room is what fits.
        self.read_slices(sources, out, false).unwrap_or_default()
    }

    /// [`Reader::read_texts_into_slices`], after checking `out` against the family read
    /// ([`ColumnsMut::check`], before any game is replayed), and failing if the logs hold more
    /// decisions than `out` has rows (the rows that fit are written).
    pub fn read_texts_into_slices_checked(
        &mut self,
        sources: &[Source],
        out: &mut ColumnsMut<'_>,
    ) -> Result<Filled, OutError> {
        let filled = self.read_slices(sources, out, true)?;
        if filled.decisions > filled.rows {
            return Err(OutError {
                column: "action",
                message: format!(
                    "room for {} rows, but the logs hold {} decisions: give arrays of at least {} rows",
                    filled.rows, filled.decisions, filled.decisions
                ),
            });
        }
        Ok(filled)
    }

    /// Every decision of the games in `sources`, each game's rows pushed onto `kept` as its
    /// worker wrote them (corpus order; file `i` of the rows is `sources[i]`).
    pub(crate) fn read_rows(&mut self, sources: &[Source], kept: &mut Vec<Rows>) -> Totals {
        self.read_core(sources, &mut Sink::Keep(kept)).unwrap_or_default()
    }

    /// Takes back a game's rows whose reader is done with them: their memory for the next read.
    pub(crate) fn recycle(&mut self, mut rows: Rows) {
        rows.clear();
        rows.cols.games = 0;
        self.spare.push(rows);
    }

    fn read_slices(&mut self, sources: &[Source], out: &mut ColumnsMut<'_>, strict: bool) -> Result<Filled, OutError> {
        let totals = self.read_core(sources, &mut Sink::Fixed { out, room: 0, written: 0, strict })?;
        Ok(Filled {
            rows: totals.written,
            decisions: totals.decisions,
            family: totals.family,
            games: totals.games,
            damaged: totals.damaged,
        })
    }
}

/// Each file at `paths` read (on the current rayon pool) as text.
pub(crate) fn load(paths: &[impl AsRef<Path> + Sync]) -> Vec<Source> {
    paths
        .par_iter()
        .map(|p| {
            let p = p.as_ref();
            let text = std::fs::read(p).map_err(|e| format!("cannot be read: {e}")).and_then(|bytes| {
                String::from_utf8(bytes)
                    .map_err(|e| format!("is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
            });
            Source { name: p.display().to_string(), text }
        })
        .collect()
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
    read_texts(&load(paths), options)
}

/// Reports with the file and game they are of, to be put in corpus order.
type Placed = Vec<(u32, usize, Damaged)>;

/// One game to replay.
struct Job<'a> {
    file: u32,
    name: &'a str,
    game: usize,
    log: GameLog,
    /// Its share of its file's bytes (for the estimate of the rows to come).
    bytes: usize,
}

/// The files of a read, parsed a few at a time as their games are wanted.
struct Files<'a> {
    sources: &'a [Source],
    /// The first file not parsed yet.
    next: usize,
    /// Games parsed and not yet replayed, in corpus order.
    pending: VecDeque<Job<'a>>,
    /// The files' and games' parse errors, in corpus order.
    early: Placed,
}

impl<'a> Files<'a> {
    /// Parses files (on rayon's pool) until `games` games are pending or every file is parsed.
    fn fill(&mut self, games: usize) {
        while self.pending.len() < games && self.next < self.sources.len() {
            let want = (games - self.pending.len()).min(self.sources.len() - self.next);
            self.parse(want);
        }
    }

    /// Parses files until a game is pending or every file is parsed.
    fn fill_until_a_game(&mut self) {
        while self.pending.is_empty() && self.next < self.sources.len() {
            self.parse(rayon::current_num_threads().max(1));
        }
    }

    /// Parses the next `count` files (at least one).
    fn parse(&mut self, count: usize) {
        let from = self.next;
        let to = (from + count.max(1)).min(self.sources.len());
        self.next = to;
        let parsed: Vec<(Vec<Job<'a>>, Vec<Damaged>)> =
            self.sources[from..to].par_iter().enumerate().map(|(k, source)| parse_file(from + k, source)).collect();
        for (k, (jobs, bad)) in parsed.into_iter().enumerate() {
            self.pending.extend(jobs);
            self.early.extend(bad.into_iter().map(|d| ((from + k) as u32, d.game.unwrap_or(0), d)));
        }
    }
}

/// File `i`'s games to replay, and what could not be read of it.
fn parse_file(i: usize, source: &Source) -> (Vec<Job<'_>>, Vec<Damaged>) {
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
            let bytes = text.len() / games.len().max(1);
            let mut jobs = Vec::new();
            let mut bad = Vec::new();
            for (g, game) in games.into_iter().enumerate() {
                match game {
                    Ok(log) => jobs.push(Job { file: i as u32, name: &source.name, game: g, log, bytes }),
                    Err(e) => bad.push(damaged(Some(g), e.kyoku, e.event, e.message)),
                }
            }
            (jobs, bad)
        }
    }
}

/// Every decision of the games in `sources` (file `i` of the columns is `sources[i]`), in new
/// columns (a [`Reader`] reads into memory it keeps).
pub fn read_texts(sources: &[Source], options: &Options) -> Columns {
    let mut out = Columns::default();
    Reader::new(*options).append_texts(sources, &mut out);
    out
}

impl Reader {
    /// The read itself: `sources` parsed a few files at a time, just before their games are
    /// replayed in waves on rayon's pool, each wave's rows put into `sink` in corpus order. Fails
    /// only for a strict sink whose columns do not fit the family read.
    fn read_core(&mut self, sources: &[Source], sink: &mut Sink<'_, '_>) -> Result<Totals, OutError> {
        // Run on one of the pool's threads: a parallel loop started from a thread outside the
        // pool hands its work over and sleeps until it is done (a wake and a sleep for every
        // wave and every group of files parsed: 400 a read of 200 games on one thread), while
        // one started on the pool's own thread runs there at once.
        if rayon::current_thread_index().is_none() {
            return rayon::scope(|_| self.read_on_the_pool(sources, sink));
        }
        self.read_on_the_pool(sources, sink)
    }

    /// [`Reader::read_core`] on one of the pool's threads.
    fn read_on_the_pool(&mut self, sources: &[Source], sink: &mut Sink<'_, '_>) -> Result<Totals, OutError> {
        let options = self.options;
        let mut totals = Totals::default();
        // The games are replayed in waves of a few per thread, each into its own small columns,
        // which are put into the output in corpus order before the next wave: the small columns'
        // memory is written again wave after wave (pages the process already has), and only the
        // output's pages can be new. (All the games' columns at once, then joined, would take
        // every byte twice from the system, and a fresh page costs more than the writing.)
        // Into caller memory, one game a thread: its rows are copied out while they are still in
        // the caches (four a thread took a fifth more CPU time with float32 planes); growing
        // columns keep four, whose count of rows so far sizes the output's room better.
        let per_thread = if matches!(sink, Sink::Fixed { .. }) { 1 } else { 4 };
        let wave = rayon::current_num_threads().max(1) * per_thread;
        // Files are parsed a wave's worth at a time, just before their games are replayed: a
        // game's events (about 1,350 of 128 bytes) are then still in the caches when the replay
        // reads them, and the next files' events take the memory the last ones left (every
        // file parsed first, the events of 200 hanchan were 34 MB written, then read back cold).
        let mut files = Files { sources, next: 0, pending: VecDeque::new(), early: Vec::new() };
        files.fill(wave);
        // One action table a corpus: the rules given, else the first game's.
        let first_rules = match options.rules {
            Some(rules) => Some(rules),
            None => {
                files.fill_until_a_game();
                files.pending.front().map(|j| replay::default_rules(&j.log))
            }
        };
        let Some(first_rules) = first_rules else {
            files.fill(usize::MAX);
            totals.damaged = files.early.into_iter().map(|(_, _, d)| d).collect();
            return Ok(totals);
        };
        let table =
            match options.family.map_or_else(|| ActionTable::for_rules(&first_rules), |f| Ok(ActionTable::of(f))) {
                Ok(t) => t,
                Err(e) => {
                    files.fill(usize::MAX);
                    let mut placed = files.early;
                    placed.extend(files.pending.iter().map(|j| {
                        let d = Damaged {
                            file: j.name.to_string(),
                            game: Some(j.game),
                            kyoku: "start".into(),
                            event: 0,
                            message: e.clone(),
                        };
                        (j.file, j.game, d)
                    }));
                    totals.damaged = placed.into_iter().map(|(_, _, d)| d).collect();
                    return Ok(totals);
                }
            };
        totals.family = Some(table.family);
        self.family = Some(table.family);
        // Caller memory is checked (strict) or measured (lenient) once the family is known,
        // before any game is replayed.
        if let Sink::Fixed { out, room, strict, .. } = sink {
            *room = if *strict { out.check(table.family, &options)? } else { out.room(table.family, &options) };
        }
        // The bytes of the files to read, to estimate the rows still to come from the rows a
        // byte gave so far.
        let bytes: usize = sources.iter().map(|s| s.text.as_ref().map_or(0, String::len)).sum();
        let (mut bytes_done, mut late) = (0usize, Vec::new());
        // The small columns of the last wave, emptied with their room kept: the next wave (and
        // the next read) writes into the same memory rather than taking new (a column freed on
        // another thread than the one that made it returns to the allocator late, as fresh
        // pages).
        // Rows already in growing columns (a stream's left over) count apart from the read's.
        let held = if let Sink::Grow(out) = sink { out.len() } else { 0 };
        let spare = &mut self.spare;
        loop {
            files.fill(wave);
            if files.pending.is_empty() {
                break;
            }
            let n = files.pending.len().min(wave);
            let jobs: Vec<Job<'_>> = files.pending.drain(..n).collect();
            let jobs = &jobs[..];
            self.longest = self.longest.max(jobs.iter().map(|j| j.log.events.len()).max().unwrap_or(0));
            let longest = self.longest;
            if spare.len() < jobs.len() {
                spare.resize_with(jobs.len(), Rows::default);
            }
            let work = |job: &Job<'_>, mut rows: Rows, direct: Option<ColumnsMut<'_>>| {
                rows.cols.family = Some(table.family);
                // A game has fewer decisions than its log has events, most of the time: room
                // reserved past the rows written is never touched, and a game with more grows.
                // Room for the longest game so far: the rows go from game to game and read to
                // read, and a room that grew would be moved onto fresh pages, again and again.
                rows.reserve(job.log.events.len().max(longest), &options);
                let bad = replay_game(job, table, &options, &mut rows, direct).err();
                (rows, bad)
            };
            // Into caller memory, the wave's first game starts at the row written so far: its
            // rows go straight there (every column, the mask from its ids), written once rather
            // than into its rows and then copied. The other games' offsets are known only once
            // the games before them are done, so they are copied as before.
            let direct = match sink {
                Sink::Fixed { out, room, written, .. } => {
                    Some(out.rows_between(*written, *room, Widths::of(table.family), &options))
                }
                _ => None,
            };
            let mut parts: Vec<(Rows, Option<Damaged>)> = match direct {
                Some(direct) => {
                    let mut taken = spare.drain(..jobs.len());
                    let first_rows = taken.next().unwrap_or_default();
                    let rest: Vec<Rows> = taken.collect();
                    let (first, mut rest) = rayon::join(
                        || work(&jobs[0], first_rows, Some(direct)),
                        || jobs[1..].par_iter().zip(rest).map(|(job, rows)| work(job, rows, None)).collect::<Vec<_>>(),
                    );
                    rest.insert(0, first);
                    rest
                }
                None => jobs
                    .par_iter()
                    .zip(spare.par_drain(..jobs.len()))
                    .map(|(job, rows)| work(job, rows, None))
                    .collect(),
            };
            bytes_done += jobs.iter().map(|j| j.bytes).sum::<usize>();
            let wave_rows: usize = parts.iter().map(|(r, _)| r.cols.len() + r.direct).sum();
            totals.decisions += wave_rows;
            for (job, (rows, bad)) in jobs.iter().zip(&mut parts) {
                totals.games += std::mem::take(&mut rows.cols.games);
                late.extend(bad.take().map(|d| (job.file, job.game, d)));
            }
            match sink {
                Sink::Grow(out) => {
                    // Room for the rows still to come, estimated from the rows a log's event gave
                    // so far: when the estimate passes the room, room for a quarter more than
                    // it, so that `out` (moved whole to grow, onto fresh pages) is moved seldom;
                    // room never written is never touched.
                    if out.family.is_none() {
                        out.family = Some(table.family);
                    }
                    let rows = out.len() + wave_rows - held;
                    let expected = held + (rows as f64 * bytes as f64 / bytes_done.max(1) as f64) as usize + 64;
                    if out.mask.capacity() < expected * out.actions().max(1) {
                        out.reserve(expected + expected / 4 - out.len(), &options);
                    }
                    for (rows, _) in &mut parts {
                        rows.move_into(out);
                    }
                }
                Sink::Fixed { out, room, written, .. } => {
                    for (rows, _) in &mut parts {
                        if rows.direct > 0 {
                            // Written in place already (as many as had room).
                            *written += rows.direct.min(*room - *written);
                            rows.direct = 0;
                            continue;
                        }
                        let n = rows.cols.len().min(*room - *written);
                        rows.write_into(out, *written, n, Widths::of(table.family));
                        *written += n;
                        rows.clear();
                    }
                }
                Sink::Keep(kept) => {
                    // A game's rows leave the wave whole (an empty one, a damaged game's, stays
                    // as spare).
                    for (rows, _) in &mut parts {
                        if !rows.cols.is_empty() {
                            kept.push(std::mem::take(rows));
                        }
                    }
                }
            }
            // (The rows kept by a stream left empty rows behind: not spare, which has memory.)
            spare.extend(parts.into_iter().map(|(rows, _)| rows).filter(|r| r.cols.action.capacity() > 0));
        }
        if let Sink::Fixed { written, .. } = sink {
            totals.written = *written;
        }
        let mut early = files.early;
        early.extend(late);
        early.sort_by_key(|&(f, g, _)| (f, g));
        totals.damaged = early.into_iter().map(|(_, _, d)| d).collect();
        Ok(totals)
    }
}

/// A wave's rows of one game as a worker writes them: the columns less the masks, which are kept
/// as each row's legal ids and written out only into the output's mask (a mask row is hundreds
/// of bytes, most of them false; its ids are a few: written once, not written then copied).
#[derive(Debug, Default)]
pub(crate) struct Rows {
    /// Every column but `mask`, which stays empty.
    pub(crate) cols: Columns,
    /// The legal ids of every row, row after row; `u16::MAX` for an action the family's table
    /// does not hold (past every row's end, skipped where the mask is written).
    ids: Vec<u16>,
    /// Where each row's ids end in `ids`.
    ends: Vec<u32>,
    /// Rows of a game written straight into caller memory (not held here): its decisions,
    /// those past the memory's room counted but not written.
    direct: usize,
    /// The block the masks written into caller memory are built in.
    masks: MaskBlock,
    /// Each seat's planes as the last game replayed here left them, for the next game's first
    /// decisions to write only what changed (and no new planes taken for every game).
    running_f32: Option<features::Running<f32>>,
    running_u8: Option<features::Running<u8>>,
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

    /// Writes row `r` into `out`'s row `at` (the family's widths `w`), its mask from its ids.
    pub(crate) fn put_row(&self, r: usize, out: &mut ColumnsMut<'_>, at: usize, w: Widths) {
        fn put<T: Copy>(out: &mut [T], from: &[T], r: usize, at: usize, width: usize) {
            if width > 0 && !from.is_empty() {
                out[at * width..(at + 1) * width].copy_from_slice(&from[r * width..(r + 1) * width]);
            }
        }
        let c = &self.cols;
        put(out.planes_f32, &c.planes_f32, r, at, w.planes);
        put(out.planes_u8, &c.planes_u8, r, at, w.planes);
        let mask = &mut out.mask[at * w.actions..(at + 1) * w.actions];
        mask.fill(false);
        let from = if r == 0 { 0 } else { self.ends[r - 1] as usize };
        for &id in &self.ids[from..self.ends[r] as usize] {
            // `u16::MAX` (an action the table does not hold) falls past the row: skipped.
            if let Some(cell) = mask.get_mut(usize::from(id)) {
                *cell = true;
            }
        }
        put(out.action, &c.action, r, at, 1);
        put(out.seat, &c.seat, r, at, 1);
        put(out.file, &c.file, r, at, 1);
        put(out.game, &c.game, r, at, 1);
        put(out.hand, &c.hand, r, at, 1);
        put(out.event, &c.event, r, at, 1);
        put(out.hand_deltas, &c.hand_deltas, r, at, w.players);
        put(out.final_scores, &c.final_scores, r, at, w.players);
        put(out.rank, &c.rank, r, at, 1);
        put(out.oracle_hands, &c.oracle_hands, r, at, w.players * 34);
    }

    /// Appends `src`'s row `r` (of the same family and options).
    pub(crate) fn push_row_from(&mut self, src: &Rows, r: usize) {
        fn push<T: Copy>(out: &mut Vec<T>, from: &[T], r: usize, width: usize) {
            if width > 0 && !from.is_empty() {
                out.extend_from_slice(&from[r * width..(r + 1) * width]);
            }
        }
        let w = src.cols.family.map_or(Widths { players: 4, actions: 0, planes: 0 }, Widths::of);
        let (c, out) = (&src.cols, &mut self.cols);
        out.family = c.family;
        push(&mut out.planes_f32, &c.planes_f32, r, w.planes);
        push(&mut out.planes_u8, &c.planes_u8, r, w.planes);
        push(&mut out.action, &c.action, r, 1);
        push(&mut out.seat, &c.seat, r, 1);
        push(&mut out.file, &c.file, r, 1);
        push(&mut out.game, &c.game, r, 1);
        push(&mut out.hand, &c.hand, r, 1);
        push(&mut out.event, &c.event, r, 1);
        push(&mut out.hand_deltas, &c.hand_deltas, r, w.players);
        push(&mut out.final_scores, &c.final_scores, r, w.players);
        push(&mut out.rank, &c.rank, r, 1);
        push(&mut out.oracle_hands, &c.oracle_hands, r, w.players * 34);
        let from = if r == 0 { 0 } else { src.ends[r - 1] as usize };
        self.ids.extend_from_slice(&src.ids[from..src.ends[r] as usize]);
        self.ends.push(self.ids.len() as u32);
    }

    /// No rows (the games counted are kept), the room kept.
    pub(crate) fn clear(&mut self) {
        self.cols.truncate(0);
        self.ids.clear();
        self.ends.clear();
        self.direct = 0;
    }

    /// Writes the first `n` rows into `out` from its row `at` on (the room checked by the
    /// caller), each row's mask written from its ids.
    fn write_into(&mut self, out: &mut ColumnsMut<'_>, at: usize, n: usize, w: Widths) {
        fn put<T: Copy>(out: &mut [T], from: &[T], at: usize, n: usize, width: usize) {
            if width > 0 && n > 0 {
                out[at * width..(at + n) * width].copy_from_slice(&from[..n * width]);
            }
        }
        // The planes (most of the bytes) streamed: the output is not read before the read ends.
        fn stream<T: Plain>(out: &mut [T], from: &[T], at: usize, n: usize, width: usize) {
            if width > 0 && n > 0 {
                Streams::new().copy(&mut out[at * width..(at + n) * width], &from[..n * width]);
            }
        }
        let c = &self.cols;
        if !c.planes_f32.is_empty() {
            stream(out.planes_f32, &c.planes_f32, at, n, w.planes);
        }
        if !c.planes_u8.is_empty() {
            stream(out.planes_u8, &c.planes_u8, at, n, w.planes);
        }
        self.masks.start(w.actions, at);
        let mut from = 0;
        for &end in &self.ends[..n] {
            self.masks.push(out.mask, self.ids[from..end as usize].iter().copied());
            from = end as usize;
        }
        self.masks.finish(out.mask);
        put(out.action, &c.action, at, n, 1);
        put(out.seat, &c.seat, at, n, 1);
        put(out.file, &c.file, at, n, 1);
        put(out.game, &c.game, at, n, 1);
        put(out.hand, &c.hand, at, n, 1);
        put(out.event, &c.event, at, n, 1);
        put(out.hand_deltas, &c.hand_deltas, at, n, w.players);
        put(out.final_scores, &c.final_scores, at, n, w.players);
        put(out.rank, &c.rank, at, n, 1);
        if !c.oracle_hands.is_empty() {
            put(out.oracle_hands, &c.oracle_hands, at, n, w.players * 34);
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
                // `u16::MAX` (an action the table does not hold) falls past the row: skipped.
                if let Some(cell) = mask.get_mut(usize::from(id)) {
                    *cell = true;
                }
            }
            from = end as usize;
        }
        self.ids.clear();
        self.ends.clear();
        out.take_rows_of(&mut self.cols);
    }
}

/// Writes a row's `planes` as row `row` of `to`, streamed (the row is made in the cache; the
/// output is not read before the read ends).
fn put_planes<T: Plain>(streams: &mut Streams, to: &mut [T], row: usize, planes: &[T]) {
    let w = planes.len();
    if let Some(cells) = to.get_mut(row * w..(row + 1) * w) {
        streams.copy(cells, planes);
    }
}

/// Replays one game into `rows`, which it leaves as they were if the game fails. With `direct`
/// (caller memory from the row the game's rows start at to the end of the room), the rows go
/// there instead, the rows past its end counted (`rows.direct`) but not written; a game that
/// fails may have written some of its rows there, and counts none.
fn replay_game(
    job: &Job<'_>,
    table: &'static ActionTable,
    options: &Options,
    rows: &mut Rows,
    mut direct: Option<ColumnsMut<'_>>,
) -> Result<(), Damaged> {
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
    let Rows { cols: out, ids, ends, masks, running_f32, running_u8, .. } = rows;
    let start = out.len();
    let p = family.players;
    let actions = ActionTable::of(family).len();
    let mut seen = 0usize;
    let mut hand: i32 = -1;
    let mut fault: Option<String> = None;
    // The game's rows so far; into caller memory, their masks built a block of rows at a time.
    let mut count = 0usize;
    masks.start(actions, 0);
    // Each seat's planes kept from decision to decision (and game to game), only the changed
    // planes written again.
    let running_f32 = features::Running::<f32>::kept_for(running_f32, family);
    let running_u8 = features::Running::<u8>::kept_for(running_u8, family);
    // The planes' rows into caller memory, fenced when the game's replay returns.
    let mut streams = Streams::new();
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
        // The row's index in the game.
        let row = count;
        count += 1;
        if let Some(to) = &mut direct {
            if row >= to.action.len() {
                // Past the room: counted, not written.
                return;
            }
            table.mark(&d.legal, masks.next_row(to.mask));
            to.action[row] = taken as i16;
            to.seat[row] = d.seat as i8;
            to.hand[row] = hand.max(0) as u16;
            to.event[row] = d.event as u32;
            match options.planes {
                Planes::None => {}
                Planes::F32 => put_planes(&mut streams, to.planes_f32, row, running_f32.planes(game, d.seat)),
                Planes::U8 => put_planes(&mut streams, to.planes_u8, row, running_u8.planes(game, d.seat)),
            }
            if options.oracle {
                for r in 0..p {
                    let s = game.next_in_turn(d.seat, r as u8);
                    let at = (row * p + r) * 34;
                    to.oracle_hands[at..at + 34].copy_from_slice(&game.view(s).hand.kinds);
                }
            }
            return;
        }
        // An action the table does not hold is kept as `u16::MAX`, past the end of every mask
        // row, and skipped where the row is written (as `ActionTable::mark` does): the ids
        // extend by the list's known length, with no test and no room check per action.
        ids.extend(d.legal.iter().map(|action| table.id_or_max(action).unwrap_or(u16::MAX)));
        ends.push(ids.len() as u32);
        out.action.push(taken as i16);
        out.seat.push(d.seat as i8);
        out.hand.push(hand.max(0) as u16);
        out.event.push(d.event as u32);
        match options.planes {
            Planes::None => {}
            // Plain stores: these rows are read back soon (moved into the output after the wave),
            // from the caches if they still hold them (streamed, u8 reads took a fifth longer).
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
    let mut rank = [0i8; 4];
    for s in 0..p {
        rank[s] = (0..p).filter(|&o| last[o] > last[s] || (last[o] == last[s] && o < s)).count() as i8;
    }
    // Each hand's deltas, by the hand's index (a hand without a next start has none).
    let hand_deltas: Vec<[i32; 4]> = starts
        .windows(2)
        .map(|w| {
            let mut d = [0i32; 4];
            for s in 0..p {
                d[s] = w[1][s] - w[0][s];
            }
            d
        })
        .collect();
    let outcomes = Outcomes { players: p, hand_deltas: &hand_deltas, final_scores: last, rank };
    if let Some(to) = direct {
        rows.masks.finish(to.mask);
        let n = count.min(to.action.len());
        // The game's own columns, the same in every row, written once the rows are known.
        to.file[..n].fill(job.file);
        to.game[..n].fill(job.game as u32);
        outcomes.put(&to.hand[..n], &to.seat[..n], to.hand_deltas, to.final_scores, &mut to.rank[..n]);
        rows.direct = count;
        rows.cols.games += 1;
        return Ok(());
    }
    let out = &mut rows.cols;
    let end = out.len();
    out.file.resize(end, job.file);
    out.game.resize(end, job.game as u32);
    out.hand_deltas.resize(end * p, 0);
    out.final_scores.resize(end * p, 0);
    out.rank.resize(end, 0);
    outcomes.put(
        &out.hand[start..end],
        &out.seat[start..end],
        &mut out.hand_deltas[start * p..],
        &mut out.final_scores[start * p..],
        &mut out.rank[start..end],
    );
    out.games += 1;
    Ok(())
}

/// What a game's end gives each of its rows.
struct Outcomes<'a> {
    /// Players at the table (3 or 4).
    players: usize,
    /// Each hand's deltas, by the hand's index.
    hand_deltas: &'a [[i32; 4]],
    /// The final scores.
    final_scores: [i32; 4],
    /// Each seat's final rank.
    rank: [i8; 4],
}

impl Outcomes<'_> {
    /// Writes the outcome columns of the rows of `hand` and `seat` (as many rows of each column
    /// as `hand` has).
    fn put(&self, hand: &[u16], seat: &[i8], hand_deltas: &mut [i32], final_scores: &mut [i32], rank: &mut [i8]) {
        match self.players {
            3 => self.put_rows::<3>(hand, seat, hand_deltas, final_scores, rank),
            _ => self.put_rows::<4>(hand, seat, hand_deltas, final_scores, rank),
        }
    }

    /// [`Outcomes::put`] for `P` players: a row's deltas and scores moved whole (a copy of a
    /// length not known when compiling was a call to `memcpy` a row, element by element a loop).
    fn put_rows<const P: usize>(
        &self,
        hand: &[u16],
        seat: &[i8],
        hand_deltas: &mut [i32],
        final_scores: &mut [i32],
        rank: &mut [i8],
    ) {
        debug_assert_eq!(self.players, P);
        let n = hand.len();
        let (hand_deltas, _) = hand_deltas[..n * P].as_chunks_mut::<P>();
        let (final_scores, _) = final_scores[..n * P].as_chunks_mut::<P>();
        let mut last = [0i32; P];
        last.copy_from_slice(&self.final_scores[..P]);
        let none = [0i32; 4];
        let rows = hand.iter().zip(seat).zip(hand_deltas).zip(final_scores).zip(rank);
        for ((((&h, &s), deltas), scores), rank) in rows {
            let d = self.hand_deltas.get(usize::from(h)).unwrap_or(&none);
            deltas.copy_from_slice(&d[..P]);
            *scores = last;
            *rank = self.rank[usize::from(s as u8 & 3)];
        }
    }
}
