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
        stream_move(to, held);
        self.first += self.rows;
        self.rows = 0;
    }
}

/// `dst.copy_from_slice(src)` then `src.fill(false)`, the aligned pieces of `dst` written with
/// streaming stores: of 32 bytes where the CPU has AVX (half the instructions), else of 16.
#[cfg(target_arch = "x86_64")]
fn stream_move(dst: &mut [bool], src: &mut [bool]) {
    // The answer is kept by `std` after the first question: a load and a test.
    if std::is_x86_feature_detected!("avx") {
        // SAFETY: the CPU has AVX, which the function is compiled for.
        unsafe { x86::stream_move_avx(dst, src) }
    } else {
        x86::stream_move_sse2(dst, src);
    }
}

/// `dst.copy_from_slice(src)` then `src.fill(false)` (no streaming store on this target).
#[cfg(not(target_arch = "x86_64"))]
fn stream_move(dst: &mut [bool], src: &mut [bool]) {
    dst.copy_from_slice(src);
    src.fill(false);
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm_sfence, _mm_stream_si128, _mm256_loadu_si256, _mm256_stream_si256,
    };

    /// The bytes of `dst` before its first address aligned to `align` (all if none is), copied
    /// from `src` and cleared there; the rest of each returned.
    fn head<'d, 's>(dst: &'d mut [bool], src: &'s mut [bool], align: usize) -> (&'d mut [bool], &'s mut [bool]) {
        assert_eq!(dst.len(), src.len(), "a block copied whole");
        let head = dst.as_ptr().align_offset(align).min(dst.len());
        let (dst_head, dst) = dst.split_at_mut(head);
        let (src_head, src) = src.split_at_mut(head);
        dst_head.copy_from_slice(src_head);
        src_head.fill(false);
        (dst, src)
    }

    /// The bytes left after the whole pieces, copied and cleared, and the streaming stores
    /// fenced: they are not ordered with later stores, and the memory is then handed to another
    /// thread (or read back).
    fn tail(dst: &mut [bool], src: &mut [bool]) {
        dst.copy_from_slice(src);
        src.fill(false);
        // SAFETY: SSE, which `sfence` needs, is part of x86-64's baseline: every such CPU has it.
        unsafe { _mm_sfence() };
    }

    /// 16 bytes moved from `from` to `to` with a streaming store, `from` left false.
    ///
    /// # Safety
    ///
    /// `to`'s address is a multiple of 16.
    #[inline(always)]
    unsafe fn piece16(to: &mut [bool; 16], from: &mut [bool; 16]) {
        // SAFETY: 16 bytes of `from` (an unaligned load).
        let v = unsafe { _mm_loadu_si128(from.as_ptr().cast::<__m128i>()) };
        // SAFETY: the 16 bytes of `to`, aligned (the caller's) as the aligned store needs. The
        // bytes stored are `from`'s, each a `bool` (0 or 1), so `to` holds valid `bool`s.
        unsafe { _mm_stream_si128(to.as_mut_ptr().cast::<__m128i>(), v) };
        *from = [false; 16];
    }

    /// 32 bytes moved from `from` to `to` with a streaming store, `from` left false.
    ///
    /// # Safety
    ///
    /// `to`'s address is a multiple of 32, and the CPU has AVX.
    #[inline]
    #[target_feature(enable = "avx")]
    unsafe fn piece32(to: &mut [bool; 32], from: &mut [bool; 32]) {
        // SAFETY: 32 bytes of `from` (an unaligned load); AVX (the caller's).
        let v = unsafe { _mm256_loadu_si256(from.as_ptr().cast::<__m256i>()) };
        // SAFETY: the 32 bytes of `to`, aligned (the caller's) as the aligned store needs; AVX
        // (the caller's). The bytes stored are `from`'s, each a `bool` (0 or 1), so `to` holds
        // valid `bool`s.
        unsafe { _mm256_stream_si256(to.as_mut_ptr().cast::<__m256i>(), v) };
        *from = [false; 32];
    }

    /// [`super::stream_move`] in pieces of 16 bytes (SSE2, x86-64's baseline).
    pub(super) fn stream_move_sse2(dst: &mut [bool], src: &mut [bool]) {
        let (dst, src) = head(dst, src, 16);
        // Lines of 64 bytes, four pieces each (as one loop of pieces, its steps and bounds were
        // most of the copy's instructions), then the pieces left, then the bytes left. Every
        // piece of `dst` starts at a multiple of 16 past its start, which `head` aligned.
        let (lines_to, dst) = dst.as_chunks_mut::<64>();
        let (lines_from, src) = src.as_chunks_mut::<64>();
        for (to, from) in lines_to.iter_mut().zip(lines_from) {
            for (to, from) in to.as_chunks_mut::<16>().0.iter_mut().zip(from.as_chunks_mut::<16>().0) {
                // SAFETY: `to` is aligned to 16 (above).
                unsafe { piece16(to, from) };
            }
        }
        let (pieces_to, dst) = dst.as_chunks_mut::<16>();
        let (pieces_from, src) = src.as_chunks_mut::<16>();
        for (to, from) in pieces_to.iter_mut().zip(pieces_from) {
            // SAFETY: `to` is aligned to 16 (above).
            unsafe { piece16(to, from) };
        }
        tail(dst, src);
    }

    /// [`super::stream_move`] in pieces of 32 bytes.
    ///
    /// # Safety
    ///
    /// The CPU has AVX.
    #[target_feature(enable = "avx")]
    pub(super) unsafe fn stream_move_avx(dst: &mut [bool], src: &mut [bool]) {
        let (dst, src) = head(dst, src, 32);
        // Runs of 128 bytes (two lines), four pieces each, then the pieces left, then the bytes
        // left. Every piece of `dst` starts at a multiple of 32 past its start, which `head`
        // aligned.
        let (runs_to, dst) = dst.as_chunks_mut::<128>();
        let (runs_from, src) = src.as_chunks_mut::<128>();
        for (to, from) in runs_to.iter_mut().zip(runs_from) {
            for (to, from) in to.as_chunks_mut::<32>().0.iter_mut().zip(from.as_chunks_mut::<32>().0) {
                // SAFETY: `to` is aligned to 32 (above); AVX (the caller's).
                unsafe { piece32(to, from) };
            }
        }
        let (pieces_to, dst) = dst.as_chunks_mut::<32>();
        let (pieces_from, src) = src.as_chunks_mut::<32>();
        for (to, from) in pieces_to.iter_mut().zip(pieces_from) {
            // SAFETY: `to` is aligned to 32 (above); AVX (the caller's).
            unsafe { piece32(to, from) };
        }
        tail(dst, src);
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

    /// Each way of streaming (the one this CPU takes and, on x86-64, both) copies every length
    /// at every alignment of either side and leaves the source false.
    #[test]
    fn every_stream_moves_and_clears() {
        #[allow(clippy::type_complexity)]
        let mut ways: Vec<(&str, fn(&mut [bool], &mut [bool]))> = vec![("chosen", stream_move)];
        #[cfg(target_arch = "x86_64")]
        {
            ways.push(("sse2", x86::stream_move_sse2));
            if std::is_x86_feature_detected!("avx") {
                // SAFETY: the CPU has AVX.
                ways.push(("avx", |d, s| unsafe { x86::stream_move_avx(d, s) }));
            }
        }
        for (name, way) in ways {
            for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200, 476, 3 * 476] {
                for dst_shift in 0..40 {
                    for src_shift in [0usize, 1, 7] {
                        let pattern = |i: usize| (i * 7 + len).is_multiple_of(5);
                        let mut src = vec![true; src_shift + len + 3];
                        for (i, b) in src[src_shift..src_shift + len].iter_mut().enumerate() {
                            *b = pattern(i);
                        }
                        let mut dst = vec![true; dst_shift + len + 3];
                        way(&mut dst[dst_shift..dst_shift + len], &mut src[src_shift..src_shift + len]);
                        let at = format!("{name}: {len} bytes, shifts {dst_shift} and {src_shift}");
                        assert!(dst[..dst_shift].iter().all(|&b| b), "{at}: before");
                        assert!(dst[dst_shift + len..].iter().all(|&b| b), "{at}: after");
                        assert!((0..len).all(|i| dst[dst_shift + i] == pattern(i)), "{at}: copied");
                        assert!(src[src_shift..src_shift + len].iter().all(|&b| !b), "{at}: cleared");
                        assert!(src[..src_shift].iter().chain(&src[src_shift + len..]).all(|&b| b), "{at}: around");
                    }
                }
            }
        }
    }
}
