//! Batches of a fixed size over a corpus larger than memory: the files in an order shuffled with
//! a seed, read a few at a time (on every core), their rows shuffled together with what the last
//! read left over, and cut into batches. What is held at once is one read's rows and less than a
//! batch left over, whatever the corpus's size.

use std::path::PathBuf;

use crate::reader::{Columns, Damaged, Options, read};

/// The batches of a corpus, in a seeded order.
#[derive(Debug)]
pub struct Stream {
    /// The files, in the order they are read, with their index in the list given.
    order: Vec<(usize, PathBuf)>,
    next: usize,
    options: Options,
    batch: usize,
    files_per_read: usize,
    shuffle: bool,
    rng: u64,
    left: Columns,
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
            options,
            batch: batch.max(1),
            files_per_read: files_per_read.max(1),
            shuffle: shuffle_with.is_some(),
            rng,
            left: Columns { family: options.family, ..Columns::default() },
            games: 0,
            damaged: Vec::new(),
        }
    }

    /// The next batch: `batch` rows, fewer only for the last; `None` once the corpus is read.
    pub fn next_batch(&mut self) -> Option<Columns> {
        while self.left.len() < self.batch && self.next < self.order.len() {
            let end = (self.next + self.files_per_read).min(self.order.len());
            let chunk = &self.order[self.next..end];
            self.next = end;
            let paths: Vec<&PathBuf> = chunk.iter().map(|(_, p)| p).collect();
            let mut cols = read(&paths, &self.options);
            // The first game read fixes the family (the action table) of every later batch.
            if self.options.family.is_none() {
                self.options.family = cols.family;
                self.left.family = cols.family;
            }
            for f in &mut cols.file {
                *f = chunk[*f as usize].0 as u32;
            }
            self.games += cols.games;
            self.damaged.append(&mut cols.damaged);
            self.left.append(cols);
            if self.shuffle {
                let mut order: Vec<usize> = (0..self.left.len()).collect();
                shuffle(&mut order, &mut self.rng);
                self.left = self.left.take(&order);
            }
        }
        if self.left.is_empty() {
            return None;
        }
        let rest = self.left.split_off(self.batch.min(self.left.len()));
        Some(std::mem::replace(&mut self.left, rest))
    }
}
