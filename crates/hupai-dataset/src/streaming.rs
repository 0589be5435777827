//! Streaming (non-temporal) stores: rows written into the output without bringing its lines into
//! the caches.
//!
//! A read writes far more than the caches hold (a hanchan's float32 planes are 9 MB) into memory
//! nobody reads before the read is over. A plain store first reads the line it writes into
//! the cache (to merge the bytes it does not write), then writes it back when it is evicted: two
//! trips to memory for one. A streaming store writes whole lines straight to memory, one trip,
//! and leaves the caches to the replay (on this project's 2-core guest: rows copied plainly 10
//! GB/s, streamed 19 GB/s). The rows are built in a small place the first-level cache holds
//! (a seat's planes, a block of mask rows) and streamed out from there.
//!
//! Streaming stores are not ordered with other stores: they are fenced before the memory is
//! handed on (at the end of each block of masks, and when a [`Streams`] is dropped).
//!
//! The one module of the crate with `unsafe` code: the stores take raw pointers.

#![allow(unsafe_code)]

use std::mem::MaybeUninit;

/// Cell types copied as their bytes by [`Streams::copy`].
///
/// # Safety
///
/// Every pattern of `size_of::<Self>()` bytes is a value of the type, and it has no padding (a
/// value's bytes are all initialized).
pub(crate) unsafe trait Plain: Copy {}

// SAFETY: one byte, any pattern a `u8`.
unsafe impl Plain for u8 {}
// SAFETY: four bytes, no padding, any pattern an `f32` (a NaN among them).
unsafe impl Plain for f32 {}

/// `cells` as their bytes.
fn bytes<T: Plain>(cells: &[T]) -> &[u8] {
    // SAFETY: the slice's bytes, all initialized (`Plain`: no padding), read as bytes for as long
    // as the slice is borrowed; `u8` has no alignment to keep.
    unsafe { std::slice::from_raw_parts(cells.as_ptr().cast::<u8>(), std::mem::size_of_val(cells)) }
}

/// `cells` as bytes to write (which may not all be initialized yet).
fn bytes_mut<T: Plain>(cells: &mut [MaybeUninit<T>]) -> &mut [MaybeUninit<u8>] {
    // SAFETY: the slice's bytes, written (never read) as bytes for as long as the slice is
    // borrowed exclusively; the bytes written are those of values of `T` (`Plain`), so the cells
    // hold values of `T` once written; `MaybeUninit<u8>` has no alignment to keep.
    unsafe {
        std::slice::from_raw_parts_mut(cells.as_mut_ptr().cast::<MaybeUninit<u8>>(), std::mem::size_of_val(cells))
    }
}

/// `src` into `dst` with plain stores (`<[MaybeUninit<u8>]>::write_copy_of_slice`, newer than the
/// Rust the workspace supports; the loop compiles to a copy).
fn write_bytes(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
    assert_eq!(dst.len(), src.len(), "a row copied whole");
    for (d, &s) in dst.iter_mut().zip(src) {
        d.write(s);
    }
}

/// Initialized `cells`, to write again.
fn uninit<T: Plain>(cells: &mut [T]) -> &mut [MaybeUninit<T>] {
    // SAFETY: the same memory as cells that may be uninitialized: only values of `T` (`Plain`)
    // are written there (`bytes_mut`), so it stays initialized.
    unsafe { std::slice::from_raw_parts_mut(cells.as_mut_ptr().cast::<MaybeUninit<T>>(), cells.len()) }
}

/// Streaming stores made through this value, fenced when it is dropped: rows copied out one after
/// another and fenced once (a fence after every row of float32 planes took the copy from 19 to
/// 13 GB/s), before the function that made it returns, whichever way it does.
#[derive(Debug)]
pub(crate) struct Streams(());

impl Streams {
    /// No store made yet.
    pub(crate) fn new() -> Streams {
        Streams(())
    }

    /// `dst.copy_from_slice(src)`, the aligned pieces of `dst` written with streaming stores: of
    /// 32 bytes where the CPU has AVX, else of 16 (plain stores on other targets).
    pub(crate) fn copy<T: Plain>(&mut self, dst: &mut [T], src: &[T]) {
        assert_eq!(dst.len(), src.len(), "a row copied whole");
        stream_copy(bytes_mut(uninit(dst)), bytes(src));
    }

    /// `out.extend_from_slice(from)`, the cells written with streaming stores as by
    /// [`Streams::copy`].
    pub(crate) fn extend<T: Plain>(&mut self, out: &mut Vec<T>, from: &[T]) {
        let (len, n) = (out.len(), from.len());
        out.reserve(n);
        stream_copy(bytes_mut(&mut out.spare_capacity_mut()[..n]), bytes(from));
        // SAFETY: the `n` cells past the length are written (above) with values of `T`.
        unsafe { out.set_len(len + n) };
    }

    /// `out.append(from)`, the cells written with streaming stores as by [`Streams::copy`].
    pub(crate) fn append<T: Plain>(&mut self, out: &mut Vec<T>, from: &mut Vec<T>) {
        self.extend(out, from);
        from.clear();
    }
}

impl Drop for Streams {
    fn drop(&mut self) {
        fence();
    }
}

#[cfg(target_arch = "x86_64")]
fn stream_copy(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
    // The answer is kept by `std` after the first question: a load and a test.
    if std::is_x86_feature_detected!("avx") {
        // SAFETY: the CPU has AVX, which the function is compiled for.
        unsafe { x86::stream_copy_avx(dst, src) }
    } else {
        x86::stream_copy_sse2(dst, src);
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn stream_copy(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
    write_bytes(dst, src);
}

/// Orders the streaming stores made so far before every later store (a no-op where there are
/// none).
fn fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE, which `sfence` needs, is part of x86-64's baseline: every such CPU has it.
    unsafe {
        std::arch::x86_64::_mm_sfence();
    }
}

/// `dst.copy_from_slice(src)` then `src.fill(false)`, the aligned pieces of `dst` written with
/// streaming stores: of 32 bytes where the CPU has AVX (half the instructions), else of 16; fenced.
#[cfg(target_arch = "x86_64")]
pub(crate) fn stream_move(dst: &mut [bool], src: &mut [bool]) {
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
pub(crate) fn stream_move(dst: &mut [bool], src: &mut [bool]) {
    dst.copy_from_slice(src);
    src.fill(false);
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm_stream_si128, _mm256_loadu_si256, _mm256_stream_si256,
    };
    use std::mem::MaybeUninit;

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
        super::fence();
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

    /// The bytes of `dst` before its first address aligned to `align` (all if none is), copied
    /// from `src`; the rest of each returned.
    fn copy_head<'d, 's>(
        dst: &'d mut [MaybeUninit<u8>],
        src: &'s [u8],
        align: usize,
    ) -> (&'d mut [MaybeUninit<u8>], &'s [u8]) {
        assert_eq!(dst.len(), src.len(), "a row copied whole");
        let head = dst.as_ptr().align_offset(align).min(dst.len());
        let (dst_head, dst) = dst.split_at_mut(head);
        let (src_head, src) = src.split_at(head);
        super::write_bytes(dst_head, src_head);
        (dst, src)
    }

    /// 16 bytes copied from `from` to `to` with a streaming store.
    ///
    /// # Safety
    ///
    /// `to`'s address is a multiple of 16.
    #[inline(always)]
    unsafe fn copy16(to: &mut [MaybeUninit<u8>; 16], from: &[u8; 16]) {
        // SAFETY: 16 bytes of `from` (an unaligned load).
        let v = unsafe { _mm_loadu_si128(from.as_ptr().cast::<__m128i>()) };
        // SAFETY: the 16 bytes of `to`, aligned (the caller's) as the aligned store needs.
        unsafe { _mm_stream_si128(to.as_mut_ptr().cast::<__m128i>(), v) };
    }

    /// 32 bytes copied from `from` to `to` with a streaming store.
    ///
    /// # Safety
    ///
    /// `to`'s address is a multiple of 32, and the CPU has AVX.
    #[inline]
    #[target_feature(enable = "avx")]
    unsafe fn copy32(to: &mut [MaybeUninit<u8>; 32], from: &[u8; 32]) {
        // SAFETY: 32 bytes of `from` (an unaligned load); AVX (the caller's).
        let v = unsafe { _mm256_loadu_si256(from.as_ptr().cast::<__m256i>()) };
        // SAFETY: the 32 bytes of `to`, aligned (the caller's) as the aligned store needs; AVX
        // (the caller's).
        unsafe { _mm256_stream_si256(to.as_mut_ptr().cast::<__m256i>(), v) };
    }

    /// [`super::stream_copy`] in pieces of 16 bytes (SSE2, x86-64's baseline), not fenced.
    pub(super) fn stream_copy_sse2(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
        let (dst, src) = copy_head(dst, src, 16);
        let (lines_to, dst) = dst.as_chunks_mut::<64>();
        let (lines_from, src) = src.as_chunks::<64>();
        for (to, from) in lines_to.iter_mut().zip(lines_from) {
            for (to, from) in to.as_chunks_mut::<16>().0.iter_mut().zip(from.as_chunks::<16>().0) {
                // SAFETY: `to` is aligned to 16 (`copy_head`).
                unsafe { copy16(to, from) };
            }
        }
        let (pieces_to, dst) = dst.as_chunks_mut::<16>();
        let (pieces_from, src) = src.as_chunks::<16>();
        for (to, from) in pieces_to.iter_mut().zip(pieces_from) {
            // SAFETY: `to` is aligned to 16 (`copy_head`).
            unsafe { copy16(to, from) };
        }
        super::write_bytes(dst, src);
    }

    /// [`super::stream_copy`] in pieces of 32 bytes, not fenced.
    ///
    /// # Safety
    ///
    /// The CPU has AVX.
    #[target_feature(enable = "avx")]
    pub(super) unsafe fn stream_copy_avx(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
        let (dst, src) = copy_head(dst, src, 32);
        let (runs_to, dst) = dst.as_chunks_mut::<128>();
        let (runs_from, src) = src.as_chunks::<128>();
        for (to, from) in runs_to.iter_mut().zip(runs_from) {
            for (to, from) in to.as_chunks_mut::<32>().0.iter_mut().zip(from.as_chunks::<32>().0) {
                // SAFETY: `to` is aligned to 32 (`copy_head`); AVX (the caller's).
                unsafe { copy32(to, from) };
            }
        }
        let (pieces_to, dst) = dst.as_chunks_mut::<32>();
        let (pieces_from, src) = src.as_chunks::<32>();
        for (to, from) in pieces_to.iter_mut().zip(pieces_from) {
            // SAFETY: `to` is aligned to 32 (`copy_head`); AVX (the caller's).
            unsafe { copy32(to, from) };
        }
        super::write_bytes(dst, src);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Each way of copying (the one this CPU takes and, on x86-64, both) copies every length of
    /// both cell types at every alignment of either side, the cells around untouched.
    #[test]
    fn every_stream_copies() {
        fn check<T: Plain + PartialEq + std::fmt::Debug>(
            name: &str,
            way: fn(&mut [MaybeUninit<u8>], &[u8]),
            cell: fn(usize) -> T,
        ) {
            // The planes' rows (2,142 cells for four-player riichi), lengths about the pieces'.
            for len in [0usize, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 2142] {
                for dst_shift in 0..40 {
                    for src_shift in [0usize, 1, 7] {
                        let src: Vec<T> = (0..src_shift + len).map(|i| cell(i + 1)).collect();
                        let mut dst: Vec<T> = vec![cell(0); dst_shift + len + 3];
                        let mut streams = Streams::new();
                        let (to, from) = (&mut dst[dst_shift..dst_shift + len], &src[src_shift..]);
                        if name == "chosen" {
                            streams.copy(to, from);
                        } else {
                            way(bytes_mut(uninit(to)), bytes(from));
                        }
                        drop(streams);
                        let at = format!("{name}: {len} cells, shifts {dst_shift} and {src_shift}");
                        assert!(dst[..dst_shift].iter().all(|c| *c == cell(0)), "{at}: before");
                        assert!(dst[dst_shift + len..].iter().all(|c| *c == cell(0)), "{at}: after");
                        assert_eq!(&dst[dst_shift..dst_shift + len], from, "{at}: copied");
                    }
                }
            }
        }
        #[allow(clippy::type_complexity)]
        let mut ways: Vec<(&str, fn(&mut [MaybeUninit<u8>], &[u8]))> = vec![("chosen", stream_copy)];
        #[cfg(target_arch = "x86_64")]
        {
            ways.push(("sse2", x86::stream_copy_sse2));
            if std::is_x86_feature_detected!("avx") {
                // SAFETY: the CPU has AVX.
                ways.push(("avx", |d, s| unsafe { x86::stream_copy_avx(d, s) }));
            }
        }
        for (name, way) in ways {
            check(name, way, |i| (i * 37 % 251) as u8);
            check(name, way, |i| i as f32 * 0.25 - 3.0);
        }
    }

    /// Appending streams the cells after those already there, whatever the room and the
    /// alignment, and leaves the source empty.
    #[test]
    fn appending_streams_after_the_cells_there() {
        for before in [0usize, 1, 5, 8, 33] {
            for n in [0usize, 1, 31, 32, 2142, 5000] {
                let old: Vec<f32> = (0..before).map(|i| i as f32).collect();
                let new: Vec<f32> = (0..n).map(|i| -(i as f32) - 0.5).collect();
                for room in [0usize, n / 2, n + 7] {
                    let mut out = Vec::with_capacity(before + room);
                    out.extend_from_slice(&old);
                    let mut from = new.clone();
                    Streams::new().append(&mut out, &mut from);
                    assert_eq!(out, [&old[..], &new[..]].concat(), "{before} before, {n} appended, room {room}");
                    assert!(from.is_empty());
                }
            }
        }
    }
}
