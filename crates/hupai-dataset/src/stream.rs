//! Batches of a fixed size over a corpus larger than memory: the files in an order shuffled with
//! a seed, read a few at a time (on every core), their rows shuffled together with what the last
//! read left over, and cut into batches. What is held at once is one read's rows and less than a
//! batch left over, whatever the corpus's size. The rows read wait where the read wrote them,
//! in memory kept from read to read, and each batch copies its rows from there once, into new
//! columns ([`Stream::next_batch`]) or into memory the caller keeps ([`Stream::fill`],
//! [`Stream::next_batch_into`]).

use std::path::PathBuf;

use crate::action_table::Family;
use crate::reader::{Columns, ColumnsMut, Damaged, Filled, Options, OutError, Reader, load};

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
    /// The rows read, as the reads wrote them (some of them given already).
    waiting: Columns,
    /// The order the rows of `waiting` are given in: `queue[at..]` are still to give.
    queue: Vec<usize>,
    at: usize,
    /// The rows left over when the next read comes, on their way to the front of `waiting`.
    left_over: Columns,
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
            waiting: Columns { family: options.family, ..Columns::default() },
            queue: Vec::new(),
            at: 0,
            left_over: Columns::default(),
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
            // The rows still waiting go to the front, in the order they were to be given (less
            // than a batch: copied twice, through `left_over`, so that neither buffer holds two
            // reads' worth); the read's rows follow them, into the room the last read left.
            self.left_over.clear();
            self.left_over.gather_from(&self.waiting, &self.queue[self.at..]);
            let family = self.waiting.family;
            self.waiting.clear();
            self.waiting.family = family;
            let kept: Vec<usize> = (0..self.left_over.len()).collect();
            self.waiting.gather_from(&self.left_over, &kept);
            let start = self.waiting.len();
            let paths: Vec<&PathBuf> = chunk.iter().map(|(_, p)| p).collect();
            let sources = load(&paths);
            self.reader.append_texts(&sources, &mut self.waiting);
            // The first game read fixes the family (the action table) of every later batch.
            if self.reader.options.family.is_none() {
                self.reader.options.family = self.waiting.family;
            }
            for f in &mut self.waiting.file[start..] {
                *f = chunk[*f as usize].0 as u32;
            }
            games += std::mem::take(&mut self.waiting.games);
            damaged.append(&mut self.waiting.damaged);
            self.queue.clear();
            self.queue.extend(0..self.waiting.len());
            self.at = 0;
            if self.shuffle {
                shuffle(&mut self.queue, &mut self.rng);
            }
        }
        self.games += games;
        self.damaged.extend(damaged.iter().cloned());
        (games, damaged)
    }

    /// The rows of the next batch: `queue[at..at + n]`, marked given.
    fn take_batch(&mut self) -> std::ops::Range<usize> {
        let n = self.batch.min(self.queue.len() - self.at);
        self.at += n;
        self.at - n..self.at
    }

    /// The next batch: `batch` rows, fewer only for the last; `None` once the corpus is read.
    pub fn next_batch(&mut self) -> Option<Columns> {
        let mut out = Columns::default();
        self.next_batch_into(&mut out).then_some(out)
    }

    /// The next batch written into `out` (cleared first, its room kept: after the first batch,
    /// no new memory); false once the corpus is read. The same rows as [`Stream::next_batch`].
    pub fn next_batch_into(&mut self, out: &mut Columns) -> bool {
        out.clear();
        self.top_up();
        if self.queue.len() == self.at {
            return false;
        }
        let rows = self.take_batch();
        out.family = self.waiting.family;
        out.gather_from(&self.waiting, &self.queue[rows]);
        true
    }

    /// The next batch written into `out`, from its first row, each row copied once from where
    /// the read wrote it: the same rows as [`Stream::next_batch`]. `out` must hold exactly the
    /// columns the options fill, with room for at least a batch (the same rows in each; checked
    /// once the family is known, [`ColumnsMut::check`]); the rows past the batch's are not
    /// touched. `Ok(None)` once the corpus is read; [`Filled`]'s games and reports are those of
    /// the files read for this batch (the stream's own `games` and `damaged` count them all).
    pub fn fill(&mut self, out: &mut ColumnsMut<'_>) -> Result<Option<Filled>, OutError> {
        let (games, damaged) = self.top_up();
        let waiting = self.queue.len() - self.at;
        let Some(family) = self.waiting.family.filter(|_| waiting > 0) else {
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
        let rows = self.take_batch();
        out.put_rows(&self.waiting, &self.queue[rows]);
        Ok(Some(Filled { rows: n, decisions: n, family: Some(family), games, damaged }))
    }
}
