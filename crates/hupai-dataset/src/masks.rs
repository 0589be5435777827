//! Legal-action masks written out a block of rows at a time.
//!
//! A mask row is the action table's width in bytes (476 for four-player riichi), almost all of
//! them false: a read of 200 hanchan writes about 75 MB of masks, and at this machine's ~10 GB/s
//! that is a tenth of the read. Zeroing each row in the output and then setting its few ids
//! brings every line of the output into the caches and writes it back later. Here the rows are
//! built in a small block that stays in the first-level cache ([`MaskBlock`]), and each full
//! block goes to the output with streaming (non-temporal) stores, which write whole lines to
//! memory without reading them first or evicting the data the replay is using.
//!
//! The one module of the crate with `unsafe` code: the streaming store takes a raw pointer.

#![allow(unsafe_code)]

/// Rows built in a block before they go out: 64 rows of 476 bytes are 30 KB, within the
/// first-level cache with room to spare.
const BLOCK_ROWS: usize = 64;

/// Mask rows for consecutive output rows, built in a block and streamed out when it is full (and
/// by [`MaskBlock::finish`]).
#[derive(Debug, Default)]
pub(crate) struct MaskBlock {
    /// `BLOCK_ROWS` rows, false but for the ids of the rows held.
    block: Vec<bool>,
    /// The table's width.
    actions: usize,
    /// The output row of the block's first row.
    first: usize,
    /// Rows held.
    rows: usize,
    /// The cells set in the block, cleared one by one after it is written (a few a row, rather
    /// than the whole block).
    set: Vec<u32>,
}

impl MaskBlock {
    /// Starts a run of rows of `actions` columns, the first to go to output row `first`.
    pub(crate) fn start(&mut self, actions: usize, first: usize) {
        // Rows of a run left unfinished (a game that failed) are dropped.
        self.clear();
        if self.actions != actions || self.block.len() != BLOCK_ROWS * actions {
            self.block.clear();
            self.block.resize(BLOCK_ROWS * actions, false);
            self.actions = actions;
        }
        self.first = first;
        self.rows = 0;
    }

    /// The next row (output row `first + rows` so far) with each of `ids` set, the block written
    /// into `out` (a whole mask column, `actions` a row) first if it is full.
    #[inline]
    pub(crate) fn push(&mut self, out: &mut [bool], ids: impl Iterator<Item = u16>) {
        if self.rows == BLOCK_ROWS {
            self.flush(out);
        }
        let a = self.actions;
        let at = self.rows * a;
        let row = &mut self.block[at..at + a];
        for id in ids {
            row[usize::from(id)] = true;
            self.set.push((at + usize::from(id)) as u32);
        }
        self.rows += 1;
    }

    /// Writes the rows held into `out` and empties the block.
    pub(crate) fn finish(&mut self, out: &mut [bool]) {
        self.flush(out);
    }

    fn flush(&mut self, out: &mut [bool]) {
        let a = self.actions;
        let held = &mut self.block[..self.rows * a];
        let to = &mut out[self.first * a..(self.first + self.rows) * a];
        stream_copy(to, held);
        self.first += self.rows;
        self.clear();
    }

    /// Every cell set back to false, no row held.
    fn clear(&mut self) {
        for &cell in &self.set {
            self.block[cell as usize] = false;
        }
        self.set.clear();
        self.rows = 0;
    }
}

/// `dst.copy_from_slice(src)`, the aligned 16-byte blocks of `dst` written with streaming stores.
#[cfg(target_arch = "x86_64")]
fn stream_copy(dst: &mut [bool], src: &[bool]) {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_sfence, _mm_stream_si128};
    assert_eq!(dst.len(), src.len(), "a block copied whole");
    let head = dst.as_ptr().align_offset(16).min(dst.len());
    let body = head + (dst.len() - head) / 16 * 16;
    dst[..head].copy_from_slice(&src[..head]);
    for i in (head..body).step_by(16) {
        // SAFETY: the 16 bytes read are a slice of `src` (an unaligned load).
        let v = unsafe { _mm_loadu_si128(src[i..i + 16].as_ptr().cast::<__m128i>()) };
        // SAFETY: the 16 bytes written are a slice of `dst` whose address is a multiple of 16
        // (`head` aligns it, and the steps are of 16), as the aligned store needs. The bytes
        // stored are `src`'s, each a `bool` (0 or 1), so `dst` holds valid `bool`s.
        unsafe { _mm_stream_si128(dst[i..i + 16].as_mut_ptr().cast::<__m128i>(), v) };
    }
    dst[body..].copy_from_slice(&src[body..]);
    // Streaming stores are not ordered with later stores: fenced before the memory is handed to
    // another thread (or read back).
    // SAFETY: SSE, which `sfence` needs, is part of x86-64's baseline: every such CPU has it.
    unsafe { _mm_sfence() };
}

/// `dst.copy_from_slice(src)` (no streaming store on this target).
#[cfg(not(target_arch = "x86_64"))]
fn stream_copy(dst: &mut [bool], src: &[bool]) {
    dst.copy_from_slice(src);
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
                for shift in [0usize, 5] {
                    let mut out = vec![true; shift + expected.len()];
                    let mut block = MaskBlock::default();
                    block.start(actions, first);
                    for r in 0..rows {
                        block.push(&mut out[shift..], ids(r).into_iter().map(|i| i as u16));
                    }
                    block.finish(&mut out[shift..]);
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
