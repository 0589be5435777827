//! Legal-action masks written out a block of rows at a time.
//!
//! A mask row is the action table's width in bytes (476 for four-player riichi), almost all of
//! them false: a read of 200 hanchan writes about 75 MB of masks, and at this machine's ~10 GB/s
//! that is a tenth of the read. Zeroing each row in the output and then setting its few ids
//! brings every line of the output into the caches and writes it back later. Here the rows are
//! built in a small block that stays in the first-level cache ([`MaskBlock`]), and each full
//! block goes to the output with streaming (non-temporal) stores, which write whole lines to
//! memory without reading them first or evicting the data the replay is using ([`crate::streaming`]).

use crate::streaming;

/// Rows built in a block before they go out: 64 rows of 476 bytes are 30 KB, within the
/// first-level cache with room to spare.
const BLOCK_ROWS: usize = 64;

/// Mask rows for consecutive output rows, built in a block and streamed out when it is full (and
/// by [`MaskBlock::finish`]).
#[derive(Debug, Default)]
pub(crate) struct MaskBlock {
    /// `BLOCK_ROWS` rows, false but for the ids of the rows held (each block's cells are set back
    /// to false as they are streamed out).
    block: Vec<bool>,
    /// The table's width.
    actions: usize,
    /// The output row of the block's first row.
    first: usize,
    /// Rows held.
    rows: usize,
}

impl MaskBlock {
    /// Starts a run of rows of `actions` columns, the first to go to output row `first`.
    pub(crate) fn start(&mut self, actions: usize, first: usize) {
        // Rows of a run left unfinished (a game that failed) are dropped.
        self.block[..self.rows * self.actions].fill(false);
        if self.actions != actions || self.block.len() != BLOCK_ROWS * actions {
            self.block.clear();
            self.block.resize(BLOCK_ROWS * actions, false);
            self.actions = actions;
        }
        self.first = first;
        self.rows = 0;
    }

    /// The next row (output row `first + rows` so far), all false, for its ids to be set; the
    /// block is written into `out` (a whole mask column, `actions` a row) first if it is full.
    #[inline]
    pub(crate) fn next_row(&mut self, out: &mut [bool]) -> &mut [bool] {
        if self.rows == BLOCK_ROWS {
            self.flush(out);
        }
        let a = self.actions;
        let at = self.rows * a;
        self.rows += 1;
        &mut self.block[at..at + a]
    }

    /// The next row with each of `ids` set (see [`MaskBlock::next_row`]).
    #[inline]
    pub(crate) fn push(&mut self, out: &mut [bool], ids: impl Iterator<Item = u16>) {
        let row = self.next_row(out);
        for id in ids {
            // An id past the row (`u16::MAX`: an action the family's table does not hold) is
            // skipped.
            if let Some(cell) = row.get_mut(usize::from(id)) {
                *cell = true;
            }
        }
    }

    /// Writes the rows held into `out` and empties the block.
    pub(crate) fn finish(&mut self, out: &mut [bool]) {
        self.flush(out);
    }

    /// Writes the rows held into `out`, each cell of the block set back to false as it goes, and
    /// empties the block. (Clearing the block as it is read costs a store a 16 bytes; keeping a
    /// list of the cells set to clear them one by one afterwards cost a push at every id.)
    fn flush(&mut self, out: &mut [bool]) {
        let a = self.actions;
        let held = &mut self.block[..self.rows * a];
        let to = &mut out[self.first * a..(self.first + self.rows) * a];
        streaming::stream_move(to, held);
        self.first += self.rows;
        self.rows = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows pushed across several blocks, at every alignment of the output, land where plain
    /// writes put them, and the bytes around them are untouched.
    #[test]
    fn rows_land_where_plain_writes_put_them() {
        for actions in [1usize, 15, 16, 17, 476] {
            for first in [0usize, 1, 3] {
                let rows = 2 * BLOCK_ROWS + 5;
                let ids = |r: usize| [(r * 7) % actions, (r * 13 + 1) % actions];
                let mut expected = vec![true; (first + rows + 1) * actions];
                for r in 0..rows {
                    let row = &mut expected[(first + r) * actions..(first + r + 1) * actions];
                    row.fill(false);
                    for id in ids(r) {
                        row[id] = true;
                    }
                }
                // An offset of the whole column too: the output need not start aligned.
                for shift in [0usize, 5, 17, 31] {
                    let mut out = vec![true; shift + expected.len()];
                    let mut block = MaskBlock::default();
                    block.start(actions, first);
                    for r in 0..rows {
                        block.push(&mut out[shift..], ids(r).into_iter().map(|i| i as u16));
                    }
                    block.finish(&mut out[shift..]);
                    assert!(block.block.iter().all(|&b| !b), "the block left false");
                    assert!(out[..shift].iter().all(|&b| b), "before the column");
                    assert_eq!(&out[shift..], &expected[..], "{actions} actions, first row {first}, shift {shift}");
                    // A run left unfinished leaves nothing behind for the next.
                    block.start(actions, 0);
                    block.push(&mut out[shift..], [0u16, (actions - 1) as u16].into_iter());
                    block.start(actions, 0);
                    block.push(&mut out[shift..], std::iter::empty());
                    block.finish(&mut out[shift..]);
                    assert!(out[shift..shift + actions].iter().all(|&b| !b), "an empty row after an unfinished run");
                }
            }
        }
    }
}
