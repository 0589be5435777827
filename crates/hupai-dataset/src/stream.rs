//! Batches of a fixed size over a corpus larger than memory: the files in an order shuffled with
//! a seed, read a few at a time (on every core), their rows shuffled together with what the last
//! read left over, and cut into batches. What is held at once is one read's rows and less than a
//! batch left over, whatever the corpus's size. The rows read wait where the reader's workers
//! wrote them (each game's rows apart, their memory given back to the reader at the next read),
//! and each batch copies its rows from there once, into new columns ([`Stream::next_batch`]) or
//! into memory the caller keeps ([`Stream::fill`], [`Stream::next_batch_into`]); only the rows
//! left over at a read (less than a batch) are copied once more, to lead the next read's.

use std::path::PathBuf;

use crate::action_table::Family;
use crate::reader::{Columns, ColumnsMut, Damaged, Filled, Options, OutError, Reader, Rows, Widths, load};

/// The batches of a corpus, in a seeded order.
#[derive(Debug)]
pub struct Stream {
    /// The files, in the order they are read, with their index in the list given.
    order: Vec<(usize, PathBuf)>,
    next: usize,
    reader: Reader,
    batch: usize,
    files_per_read: usize,
    shuffle: bool,
    rng: u64,
    /// The games read whose rows are not all given yet, each game's rows as its worker wrote them.
    waiting: Vec<Rows>,
    /// The order rows are given in, as (index in `waiting`, row): `queue[at..]` are still to give.
    queue: Vec<(u32, u32)>,
    at: usize,
    /// True if `waiting[0]` is the rows the last read left over, copied out of their games.
    leads: bool,
    /// Room for the rows left over at the next read (the last read's, emptied).
    left_over: Rows,
    /// Games read whole so far.
    pub games: u64,
    /// Logs skipped so far, in the order met.
    pub damaged: Vec<Damaged>,
}

/// splitmix64: a small, fast generator whose streams are fixed by the seed in every version.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A Fisher–Yates shuffle of `v` drawn from `state`.
fn shuffle<T>(v: &mut [T], state: &mut u64) {
    for i in (1..v.len()).rev() {
        let j = (next_random(state) % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

impl Stream {
    /// Batches of `batch` rows (at least 1) from `paths`, reading `files_per_read` files (at least 1)
    /// at a time. With `shuffle`, the files' order and the rows within each read are shuffled
    /// from `seed`; without, the rows come in corpus order.
    pub fn new(
        paths: Vec<PathBuf>,
        options: Options,
        batch: usize,
        files_per_read: usize,
        shuffle_with: Option<u64>,
    ) -> Stream {
        let mut order: Vec<(usize, PathBuf)> = paths.into_iter().enumerate().collect();
        let mut rng = shuffle_with.unwrap_or(0);
        if shuffle_with.is_some() {
            shuffle(&mut order, &mut rng);
        }
        Stream {
            order,
            next: 0,
            reader: Reader::new(options),
            batch: batch.max(1),
            files_per_read: files_per_read.max(1),
            shuffle: shuffle_with.is_some(),
            rng,
            waiting: Vec::new(),
            queue: Vec::new(),
            at: 0,
            leads: false,
            left_over: Rows::default(),
            games: 0,
            damaged: Vec::new(),
        }
    }

    /// What it reads (the family fixed by the first game read, once read).
    pub fn options(&self) -> &Options {
        self.reader.options()
    }

    /// The family of every batch: the options', else the first game read's (`None` before).
    pub fn family(&self) -> Option<&'static Family> {
        self.reader.options().family
    }

    /// Rows in a batch (the last may have fewer).
    pub fn batch_size(&self) -> usize {
        self.batch
    }

    /// Reads files until a batch's rows wait or the corpus is read, and gives the rows waiting
    /// (0: the corpus is done): after it, [`Stream::family`] is known if any game was read.
    pub fn prepare(&mut self) -> usize {
        self.top_up();
        self.queue.len() - self.at
    }

    /// [`Stream::prepare`], giving the games and reports of the reads it made.
    fn top_up(&mut self) -> (u64, Vec<Damaged>) {
        let (mut games, mut damaged) = (0, Vec::new());
        while self.queue.len() - self.at < self.batch && self.next < self.order.len() {
            let end = (self.next + self.files_per_read).min(self.order.len());
            let chunk = &self.order[self.next..end];
            self.next = end;
            // The rows left over (less than a batch) are copied, in the order they were to be
            // given, into one set of rows that leads the read's games; every game read before
            // goes back to the reader, its memory for this read. (Kept where they are, the
            // left-over rows, spread over every game of the last reads by the shuffle, would
            // hold several reads' memory.)
            let mut left = std::mem::take(&mut self.left_over);
            left.clear();
            for &(g, r) in &self.queue[self.at..] {
                left.push_row_from(&self.waiting[g as usize], r as usize);
            }
            let mut last_left = None;
            for (i, rows) in self.waiting.drain(..).enumerate() {
                if i == 0 && self.leads {
                    last_left = Some(rows);
                } else {
                    self.reader.recycle(rows);
                }
            }
            self.queue.clear();
            self.at = 0;
            self.leads = !left.cols.is_empty();
            if self.leads {
                let n = left.cols.len();
                self.waiting.push(left);
                self.queue.extend((0..n as u32).map(|r| (0, r)));
                // The last read's left-over rows, emptied, take the next read's.
                self.left_over = last_left.unwrap_or_default();
            } else {
                self.left_over = left;
                if let Some(rows) = last_left {
                    self.reader.recycle(rows);
                }
            }
            // The read's games follow, their rows where the workers wrote them.
            let paths: Vec<&PathBuf> = chunk.iter().map(|(_, p)| p).collect();
            let sources = load(&paths);
            let first = self.waiting.len();
            let totals = self.reader.read_rows(&sources, &mut self.waiting);
            // The first game read fixes the family (the action table) of every later batch.
            if self.reader.options.family.is_none() {
                self.reader.options.family = totals.family;
            }
            for (g, rows) in self.waiting.iter_mut().enumerate().skip(first) {
                for f in &mut rows.cols.file {
                    *f = chunk[*f as usize].0 as u32;
                }
                let n = rows.cols.len();
                self.queue.extend((0..n as u32).map(|r| (g as u32, r)));
            }
            games += totals.games;
            damaged.extend(totals.damaged);
            // The rows left over and the read's, shuffled together.
            if self.shuffle {
                shuffle(&mut self.queue, &mut self.rng);
            }
        }
        self.games += games;
        self.damaged.extend(damaged.iter().cloned());
        (games, damaged)
    }

    /// Writes the next `n` rows of the queue into `out`'s rows `0..n`, marked given: each row
    /// copied once, from where its worker wrote it.
    fn write_batch(&mut self, family: &'static Family, out: &mut ColumnsMut<'_>, n: usize) {
        let w = Widths::of(family);
        for (at, &(g, r)) in self.queue[self.at..self.at + n].iter().enumerate() {
            self.waiting[g as usize].put_row(r as usize, out, at, w);
        }
        self.at += n;
    }

    /// The family and rows of the next batch (after reading as needed), if the corpus has more.
    fn next_rows(&mut self) -> Option<(&'static Family, usize)> {
        self.top_up();
        let waiting = self.queue.len() - self.at;
        let family = self.family().filter(|_| waiting > 0)?;
        Some((family, self.batch.min(waiting)))
    }

    /// The next batch: `batch` rows, fewer only for the last; `None` once the corpus is read.
    pub fn next_batch(&mut self) -> Option<Columns> {
        let (family, n) = self.next_rows()?;
        let mut out = Columns::with_rows(family, n, self.reader.options());
        self.write_batch(family, &mut out.as_mut(), n);
        Some(out)
    }

    /// The next batch written into `out` (cleared first, its room kept: after the first batch,
    /// no new memory); false once the corpus is read. The same rows as [`Stream::next_batch`].
    pub fn next_batch_into(&mut self, out: &mut Columns) -> bool {
        out.clear();
        let Some((family, n)) = self.next_rows() else { return false };
        out.resize_rows(family, n, self.reader.options());
        self.write_batch(family, &mut out.as_mut(), n);
        true
    }

    /// The next batch written into `out`, from its first row, each row copied once from where
    /// its read wrote it: the same rows as [`Stream::next_batch`]. `out` must hold exactly the
    /// columns the options fill, with room for at least a batch (the same rows in each; checked
    /// once the family is known, [`ColumnsMut::check`]); the rows past the batch's are not
    /// touched. `Ok(None)` once the corpus is read; [`Filled`]'s games and reports are those of
    /// the files read for this batch (the stream's own `games` and `damaged` count them all).
    pub fn fill(&mut self, out: &mut ColumnsMut<'_>) -> Result<Option<Filled>, OutError> {
        let (games, damaged) = self.top_up();
        let waiting = self.queue.len() - self.at;
        let Some(family) = self.family().filter(|_| waiting > 0) else {
            return Ok(None);
        };
        let room = out.check(family, self.reader.options())?;
        let n = self.batch.min(waiting);
        if room < n {
            return Err(OutError {
                column: "action",
                message: format!(
                    "room for {room} rows, but a batch is {} rows: give arrays of a batch's rows",
                    self.batch
                ),
            });
        }
        self.write_batch(family, out, n);
        Ok(Some(Filled { rows: n, decisions: n, family: Some(family), games, damaged }))
    }
}
