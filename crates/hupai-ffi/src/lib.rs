//! hupai's C ABI: win checks and waits for game servers written in C, C++, Go (cgo), C#
//! (P/Invoke), Java (JNA / Panama), Node (koffi), Python (ctypes) or Lua (LuaJIT FFI), through one
//! exact implementation, the [`hupai`] front door.
//!
//! The header `include/hupai.h` is generated from this file by `cargo xtask header` (cbindgen);
//! `docs/ffi.md` is the user's guide: ownership of every pointer, error codes, ABI versioning and
//! examples in several languages.
//!
//! # Contract
//!
//! - Every function returns a non-negative answer or a negative [`HupaiError`] code; the message
//!   for the calling thread's last error is [`hupai_last_error`], the same text the `hupai` CLI
//!   prints.
//! - No panic crosses the boundary: every entry point catches unwinding and returns
//!   [`HupaiError::Internal`].
//! - No global mutable state except the thread-local last-error message, so every function may be
//!   called from any number of threads at once.
//! - NULL pointers and non-UTF-8 text give error codes. A string without its terminating NUL, or a
//!   buffer shorter than 34 bytes, is undefined behaviour that no C ABI can detect.
//! - `rules` is rules text in the grammar every door reads: a preset (`standard`, `riichi`, `sanma`,
//!   `chinese`, `taiwan`, `sichuan`, `hongzhong`, `changsha`, `gb`) followed by options
//!   (`+void-m|p|s|any`, `+258`, `+tiles-108|112|136|144|sanma`, `+wild-7z`, `+5th`); NULL means
//!   `standard`. The rules' wildcard tile (`7z` under `hongzhong`) turns a hand's copies of it into
//!   wildcards, as on the command line and in Python.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use hupai::{Error, Hand, PackedHand, Rules, TileSet};

/// The version of this ABI. It changes only when an existing function changes its signature or
/// meaning (functions may be added without a change); compare it with `hupai_abi_version()` at
/// start-up to detect a header and a library that do not match.
pub const HUPAI_ABI_VERSION: u32 = 1;

/// Number of tile kinds, the length of every count array and wait buffer: `1m`–`9m` (0–8),
/// `1p`–`9p` (9–17), `1s`–`9s` (18–26), then `1z`–`7z` (27–33: East, South, West, North, White,
/// Green, Red).
pub const HUPAI_KINDS: usize = 34;

/// Why a call failed. Functions return these as negative `int32_t` values; every answer is
/// non-negative, so `result < 0` is the one test for an error.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HupaiError {
    /// A required pointer (hand, counts, output buffer or out-parameter) is NULL.
    NullArgument = -1,
    /// `hand` or `rules` is not valid UTF-8.
    InvalidUtf8 = -2,
    /// `hand` is not valid hand notation (the message names the character and its position).
    Parse = -3,
    /// `rules` is not rules text: a preset followed by options (`+void-p`, `+tiles-108`, `+5th`, …).
    UnknownRules = -4,
    /// The hand has the wrong number of tiles for the question: a win check needs a complete hand
    /// (14 tiles, 17 under `taiwan`), waits need one tile fewer, shanten 3k + 1 or 3k + 2 tiles.
    WrongSize = -5,
    /// The hand cannot exist: more than four copies of a kind, more declared melds than the
    /// rules allow, or a tile outside the rules' tile set; or (shanten) it can never win, having
    /// a declared meld of the void suit.
    InvalidHand = -6,
    /// The engine cannot answer this hand under these rules; it never guesses.
    Unsupported = -7,
    /// A bug in hupai (a caught panic); the message says where. Please report it.
    Internal = -8,
    /// `hupai_score`: the situation cannot be scored: it is not a JSON object with the situation
    /// keys, a key holds a bad value, the hand does not win or has no yaku, or the situation is
    /// impossible (the message names which).
    Situation = -9,
    /// An output buffer is too small for the answer; the message says how many bytes it needs.
    BufferTooSmall = -10,
    /// A game's rules or an action is not what it should be: rules JSON or a preset name that
    /// does not read, or an action that is not JSON or not an mjai action object (the message
    /// names the key).
    Json = -11,
    /// The game refused the action: the game is over, the seat has nothing to decide now, or the
    /// action is not among its legal actions (the message says which and why). The game is
    /// unchanged.
    Illegal = -12,
}

impl HupaiError {
    /// The error class of a hupai error.
    fn of(error: &Error) -> HupaiError {
        match error {
            Error::UnexpectedChar { .. }
            | Error::MissingSuit { .. }
            | Error::BadRank { .. }
            | Error::UnclosedMeld { .. }
            | Error::NotAMeld { .. } => HupaiError::Parse,
            Error::HandSize { .. } | Error::WrongShape { .. } | Error::ShantenSize { .. } => HupaiError::WrongSize,
            Error::Unsupported { .. } => HupaiError::Unsupported,
            // Too many copies or melds, and any hand error added later: the hand itself is wrong.
            _ => HupaiError::InvalidHand,
        }
    }
}

/// A failed call: its code and its message.
#[derive(Debug)]
struct Failure {
    code: HupaiError,
    message: String,
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure { code: HupaiError::of(&error), message: error.to_string() }
    }
}

fn failure(code: HupaiError, message: impl Into<String>) -> Failure {
    Failure { code, message: message.into() }
}

thread_local! {
    /// The calling thread's last error message. Replaced by the next failing call on the same thread.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_last_error(message: &str) {
    // A C string cannot hold NUL; the messages never contain one, but a panic message might.
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // `try_with` fails only while the thread is being torn down; the code is still returned.
    let _ = LAST_ERROR.try_with(|slot| *slot.borrow_mut() = text);
}

/// Runs one entry point: its answer, or its error code with the message recorded; a panic becomes
/// [`HupaiError::Internal`] and never unwinds into the caller.
fn guard(entry: impl FnOnce() -> Result<i32, Failure>) -> i32 {
    let failure = match catch_unwind(AssertUnwindSafe(entry)) {
        Ok(Ok(answer)) => return answer,
        Ok(Err(failure)) => failure,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            failure(HupaiError::Internal, format!("internal error in hupai (please report it): {what}"))
        }
    };
    // Recording the message allocates; should even that panic, the code still gets out.
    let code = failure.code as i32;
    let _ = catch_unwind(AssertUnwindSafe(|| set_last_error(&failure.message)));
    code
}

/// Reads a C string argument: `None` for NULL.
///
/// # Safety
/// `text` is NULL or points to a NUL-terminated string that stays valid and unchanged for the call.
unsafe fn text<'a>(text: *const c_char, what: &str) -> Result<Option<&'a str>, Failure> {
    if text.is_null() {
        return Ok(None);
    }
    // SAFETY: not NULL, and the caller guarantees a NUL-terminated string valid for the call.
    let bytes = unsafe { CStr::from_ptr(text) };
    match bytes.to_str() {
        Ok(s) => Ok(Some(s)),
        Err(e) => Err(failure(
            HupaiError::InvalidUtf8,
            format!("{what} is not valid UTF-8: invalid byte at position {}", e.valid_up_to() + 1),
        )),
    }
}

/// Parses `rules`: NULL is `standard`; otherwise rules text (`Rules`'s grammar: a preset, then
/// options such as `+void-p`, `+tiles-108`, `+wild-7z`, `+5th`).
fn rules(text: Option<&str>) -> Result<Rules, Failure> {
    match text {
        None => Ok(Rules::STANDARD),
        Some(text) => text.parse().map_err(|_: hupai::UnknownRules| {
            failure(HupaiError::UnknownRules, hupai::UnknownRules(shortened(text)).to_string())
        }),
    }
}

/// Most characters of a caller's text echoed in an error message.
const ECHOED_CHARS: usize = 64;

/// `text`, or its start and its length when it is long: an error message echoes what was given
/// without copying megabytes of it.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(ECHOED_CHARS) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}… ({} bytes)", &text[..end], text.len()),
    }
}

/// The parsed hand and rules of a string entry point.
///
/// # Safety
/// As for [`text`], for both pointers.
unsafe fn hand_and_rules(hand: *const c_char, rules_text: *const c_char) -> Result<(Hand, Rules), Failure> {
    // SAFETY: forwarded from the caller.
    let hand = unsafe { text(hand, "hand") }?;
    // SAFETY: forwarded from the caller.
    let rules_text = unsafe { text(rules_text, "rules") }?;
    let rules = rules(rules_text)?;
    let hand = hand.ok_or_else(|| failure(HupaiError::NullArgument, "hand is NULL"))?;
    Ok((hupai::parse_hand(hand, &rules)?, rules))
}

/// The 34 counts of a counts entry point.
///
/// # Safety
/// `counts` is NULL or points to 34 readable bytes.
unsafe fn counts<'a>(counts: *const u8) -> Result<&'a [u8; HUPAI_KINDS], Failure> {
    if counts.is_null() {
        return Err(failure(HupaiError::NullArgument, "counts is NULL"));
    }
    // SAFETY: not NULL, and the caller guarantees 34 readable bytes; `u8` has no alignment needs.
    Ok(unsafe { &*counts.cast::<[u8; HUPAI_KINDS]>() })
}

/// The caller's 34-byte wait buffer.
///
/// # Safety
/// `out` is NULL or points to 34 writable bytes that nothing else reads or writes during the call.
unsafe fn out_buffer<'a>(out: *mut u8) -> Result<&'a mut [u8; HUPAI_KINDS], Failure> {
    if out.is_null() {
        return Err(failure(HupaiError::NullArgument, "out_kinds is NULL"));
    }
    // SAFETY: not NULL, and the caller guarantees 34 writable bytes used by no one else meanwhile.
    Ok(unsafe { &mut *out.cast::<[u8; HUPAI_KINDS]>() })
}

/// Writes the waits' kind indexes in ascending order; returns how many.
fn write_waits(waits: TileSet, out: &mut [u8; HUPAI_KINDS]) -> i32 {
    let mut n = 0;
    for (slot, tile) in out.iter_mut().zip(waits.iter()) {
        *slot = tile.index() as u8;
        n += 1;
    }
    n
}

/// The version of the ABI this library implements: `HUPAI_ABI_VERSION` of the header it was built
/// with.
#[unsafe(no_mangle)]
pub extern "C" fn hupai_abi_version() -> u32 {
    HUPAI_ABI_VERSION
}

/// Does the complete hand `hand` (mpsz notation: `123m456p789s11122z`, `*` per wildcard, `[789s]`
/// per declared meld) win under `rules`? Returns 1 if it wins, 0 if not, a negative `HupaiError`
/// otherwise (a hand one tile short is `HUPAI_ERROR_WRONG_SIZE`).
///
/// # Safety
/// `hand` is a NUL-terminated string (NULL gives an error code); `rules` is NULL or a
/// NUL-terminated string. Neither is kept after the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_is_win(hand: *const c_char, rules: *const c_char) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let (hand, rules) = unsafe { hand_and_rules(hand, rules) }?;
        Ok(hupai::is_win(&hand, &rules)? as i32)
    })
}

/// The kinds that complete `hand`, a hand one tile short: writes their indexes (0–33, ascending) to
/// the first entries of `out_kinds` and returns how many (0 to 34), or a negative `HupaiError`.
/// On error `out_kinds` is left as it was.
///
/// # Safety
/// As for `hupai_is_win`; `out_kinds` points to 34 writable bytes (NULL gives an error code).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_waits(hand: *const c_char, rules: *const c_char, out_kinds: *mut u8) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let (hand, rules) = unsafe { hand_and_rules(hand, rules) }?;
        // SAFETY: the caller's guarantee for `out_kinds`.
        let out = unsafe { out_buffer(out_kinds) }?;
        let waits = hupai::waits(&hand, &rules)?;
        Ok(write_waits(waits, out))
    })
}

/// `hupai_is_win` for a concealed hand given as 34 counts (in kind order, see `HUPAI_KINDS`) and
/// a number of wildcards: no parsing, for hot loops. A count above 4 is `HUPAI_ERROR_INVALID_HAND`.
///
/// # Safety
/// `counts` points to 34 readable bytes (NULL gives an error code); `rules` as for
/// `hupai_is_win`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_is_win_counts(counts: *const u8, wildcards: u8, rules: *const c_char) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantee for `rules`.
        let rules = self::rules(unsafe { text(rules, "rules") }?)?;
        // SAFETY: the caller's guarantee for `counts`.
        let counts = unsafe { self::counts(counts) }?;
        Ok(PackedHand::from_counts(counts, wildcards)?.is_win(&rules)? as i32)
    })
}

/// `hupai_waits` for a concealed hand given as 34 counts and a number of wildcards.
///
/// # Safety
/// As for `hupai_is_win_counts`; `out_kinds` points to 34 writable bytes (NULL gives an error
/// code).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_waits_counts(
    counts: *const u8,
    wildcards: u8,
    rules: *const c_char,
    out_kinds: *mut u8,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantee for `rules`.
        let rules = self::rules(unsafe { text(rules, "rules") }?)?;
        // SAFETY: the caller's guarantee for `counts`.
        let counts = unsafe { self::counts(counts) }?;
        // SAFETY: the caller's guarantee for `out_kinds`.
        let out = unsafe { out_buffer(out_kinds) }?;
        let waits = PackedHand::from_counts(counts, wildcards)?.waits(&rules)?;
        Ok(write_waits(waits, out))
    })
}

/// The shanten number of `hand`, a hand of 3k + 1 or 3k + 2 tiles up to the rules' complete size
/// (wildcards and 3 per declared meld count): writes -1 (it wins), 0 (ready: one tile from a win),
/// 1, 2, ... to `*out_shanten` and returns 0; or returns a negative `HupaiError` and leaves
/// `*out_shanten` as it was. The answer goes through `out_shanten` so that -1 (a win) is never
/// mistaken for an error code. Seven pairs and thirteen orphans count under rules that allow them.
///
/// # Safety
/// As for `hupai_is_win`; `out_shanten` points to a writable `int32_t` (NULL gives an error code).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_shanten(hand: *const c_char, rules: *const c_char, out_shanten: *mut i32) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let (hand, rules) = unsafe { hand_and_rules(hand, rules) }?;
        if out_shanten.is_null() {
            return Err(failure(HupaiError::NullArgument, "out_shanten is NULL"));
        }
        let number = hupai::shanten(&hand, &rules)?.number;
        // SAFETY: not NULL, and the caller guarantees a writable, aligned `int32_t`.
        unsafe { out_shanten.write(i32::from(number)) };
        Ok(0)
    })
}

/// Scores one winning situation under a scored rule set and writes the answer, a JSON object
/// followed by a NUL, to `out` (at most `out_len` bytes); returns the answer's length in bytes
/// (without the NUL).
///
/// `rules` is `riichi`, `sanma`, `gb`, `sichuan`, `changsha` or `hongzhong` (NULL: `riichi`);
/// `situation` is a JSON object with the keys `hupai score` reads on a line (`hand`, `win`,
/// `tsumo`, `riichi`, …, `options`; docs/scoring.md), and the answer is the line it prints. A
/// situation that cannot be scored returns `HUPAI_ERROR_SITUATION` (or the hand's own error class)
/// with the reason in `hupai_last_error()`; a buffer too small returns
/// `HUPAI_ERROR_BUFFER_TOO_SMALL` naming the size needed, and `out` is left as it was.
///
/// # Safety
/// `rules` and `situation` are NULL or NUL-terminated strings valid for the call; `out` points to
/// `out_len` writable bytes that nothing else uses during the call (NULL gives an error code).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_score(
    rules: *const c_char,
    situation: *const c_char,
    out: *mut c_char,
    out_len: usize,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let rules = unsafe { text(rules, "rules") }?.unwrap_or("riichi");
        // SAFETY: as above.
        let situation = unsafe { text(situation, "situation") }?
            .ok_or_else(|| failure(HupaiError::NullArgument, "situation is NULL"))?;
        if out.is_null() {
            return Err(failure(HupaiError::NullArgument, "out is NULL"));
        }
        let scorer =
            hupai_score::Scorer::shared(rules).map_err(|e| failure(HupaiError::UnknownRules, e.to_string()))?;
        let object = match serde_json::from_str::<serde_json::Value>(situation) {
            Ok(serde_json::Value::Object(object)) => object,
            Ok(_) => return Err(failure(HupaiError::Situation, "situation: expected a JSON object")),
            Err(e) => return Err(failure(HupaiError::Situation, format!("situation: not JSON: {e}"))),
        };
        let answer = scorer.score_object(&object).map_err(|e| match e {
            hupai_score::ScoreError::Hand(error) => Failure::from(error),
            other => failure(HupaiError::Situation, other.to_string()),
        })?;
        let text = answer.to_string();
        let needed = text.len() + 1;
        if needed > out_len {
            return Err(failure(
                HupaiError::BufferTooSmall,
                format!("the answer needs {needed} bytes (with its NUL); out_len is {out_len}"),
            ));
        }
        let length = i32::try_from(text.len())
            .map_err(|_| failure(HupaiError::BufferTooSmall, "the answer is longer than 2 GiB"))?;
        // SAFETY: `out` is not NULL and the caller guarantees `out_len >= needed` writable bytes.
        let buffer = unsafe { std::slice::from_raw_parts_mut(out.cast::<u8>(), needed) };
        buffer[..text.len()].copy_from_slice(text.as_bytes());
        buffer[text.len()] = 0;
        Ok(length)
    })
}

/// The message of the calling thread's last error, the same text the `hupai` CLI prints; an empty
/// string if no call on this thread has failed. Never NULL.
///
/// The string belongs to the library: do not free or modify it. It stays valid until the same
/// thread's next call into hupai that fails (successful calls, this function and
/// `hupai_abi_version` leave it alone) or until the thread exits; copy it to keep it longer.
#[unsafe(no_mangle)]
pub extern "C" fn hupai_last_error() -> *const c_char {
    let current = catch_unwind(|| LAST_ERROR.try_with(|slot| slot.borrow().as_ptr()).ok());
    current.ok().flatten().unwrap_or(c"".as_ptr())
}

/// One line of `hupai_discard_ev`: a discard and its draw odds.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HupaiDiscardEv {
    /// The kind discarded (0–33, see `HUPAI_KINDS`), or -1 for a wildcard.
    pub discard: i32,
    /// The shanten after the discard.
    pub shanten: i32,
    /// Probability of being ready (tenpai), or having won, after the last draw.
    pub tenpai: f64,
    /// Probability of winning by the last draw.
    pub win: f64,
    /// Expected score under the rules' scorer (riichi points, GB fans, regional totals); NaN for
    /// rules without a scorer (`standard`, `chinese`, `taiwan`).
    pub score: f64,
}

/// `hupai_discard_ev`'s `policy` flag: the player may also keep a draw that does not lower the
/// shanten, discarding a tile that keeps it (hand changes).
pub const HUPAI_POLICY_HAND_CHANGES: u32 = 1;
/// `hupai_discard_ev`'s `policy` flag: once, a discard may leave the hand one shanten above the best.
pub const HUPAI_POLICY_SHANTEN_BACK: u32 = 2;
/// `hupai_discard_ev`'s `policy` flag (riichi and sanma rules): riichi is declared on reaching
/// closed tenpai with a draw left. The hand is then locked, the expected score counts riichi and
/// the ura-dora by expectation, and loses the 1,000-point deposit when the hand does not win.
/// Under other rules `HUPAI_ERROR_UNSUPPORTED`.
pub const HUPAI_POLICY_RIICHI_AT_TENPAI: u32 = 4;
/// The most lines `hupai_discard_ev` writes: 34 kinds and a wildcard.
pub const HUPAI_MAX_DISCARDS: usize = 35;

/// The draw odds of every distinct discard of `hand` (3k + 2 tiles) over `turns` remaining draws,
/// best first (the model and policy classes: `docs/odds.md`; `policy` 0 is the shortest-path
/// class without riichi, or `HUPAI_POLICY_*` flags; other bits are ignored). `visible` is NULL or the tiles seen outside the hand in hand
/// notation; `wildcard_tile` is a kind (0–33) whose copies, held and drawn, are wildcards, or -1
/// for the rules' own (`7z` under `hongzhong`, none for most rules). Writes the first `out_len` lines to `out` (`HUPAI_MAX_DISCARDS` always suffice) and
/// returns how many lines there are, or a negative `HupaiError` (`out` left as it was). A hand
/// too far from ready for the policy and horizon is `HUPAI_ERROR_UNSUPPORTED`.
///
/// # Safety
/// As for `hupai_is_win`, and `visible` is NULL or a NUL-terminated string; `out` points to
/// `out_len` writable `HupaiDiscardEv` (NULL gives an error code unless `out_len` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_discard_ev(
    hand: *const c_char,
    rules: *const c_char,
    turns: u8,
    visible: *const c_char,
    wildcard_tile: i32,
    policy: u32,
    out: *mut HupaiDiscardEv,
    out_len: usize,
) -> i32 {
    use hupai::odds::ev::{self, EvError, EvOptions, Policy};
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let (hand, rules) = unsafe { hand_and_rules(hand, rules) }?;
        // SAFETY: the caller's guarantee for `visible`.
        let visible = unsafe { visible_counts(visible) }?;
        let wildcard_tile = match wildcard_tile {
            // The rules' own wildcard tile (7z under hongzhong), none for most rules.
            -1 => rules.wildcard_tile,
            k => Some(usize::try_from(k).ok().and_then(hupai::Tile::new).ok_or_else(|| {
                failure(HupaiError::InvalidHand, format!("wildcard_tile {k} is not a kind (0 to 33) or -1"))
            })?),
        };
        if out.is_null() && out_len > 0 {
            return Err(failure(HupaiError::NullArgument, "out is NULL"));
        }
        let flags = policy;
        let policy = Policy::SHORTEST_PATH
            .with_hand_changes(flags & HUPAI_POLICY_HAND_CHANGES != 0)
            .with_shanten_back(flags & HUPAI_POLICY_SHANTEN_BACK != 0);
        // The rules' scorer values each reachable win, as on the command line and in Python.
        let scorer = hupai_score::Scorer::for_rules(&rules);
        let options = EvOptions {
            turns,
            policy,
            riichi: flags & HUPAI_POLICY_RIICHI_AT_TENPAI != 0,
            visible,
            wildcard_tile,
            scorer: scorer.as_ref().map(|s| s as &dyn ev::WinValue),
            ..EvOptions::default()
        };
        let table = ev::discard_ev(&hand, &rules, &options).map_err(|e| match e {
            EvError::Hand(e) => Failure::from(e),
            EvError::TooManySeen { .. } => failure(HupaiError::InvalidHand, e.to_string()),
            EvError::TooManyHands { .. } | EvError::NoRiichi => failure(HupaiError::Unsupported, e.to_string()),
            _ => failure(HupaiError::Internal, e.to_string()),
        })?;
        for (i, line) in table.iter().take(out_len).enumerate() {
            let row = HupaiDiscardEv {
                discard: match line.discard {
                    hupai::Discard::Tile(t) => t.index() as i32,
                    hupai::Discard::Wildcard => -1,
                },
                shanten: i32::from(line.shanten),
                tenpai: line.tenpai(),
                win: line.win(),
                score: line.score().unwrap_or(f64::NAN),
            };
            // SAFETY: `i < out_len`, and the caller guarantees `out_len` lines at `out` (not NULL
            // here, since `out_len > 0`): the offset stays inside that allocation.
            let slot = unsafe { out.add(i) };
            // SAFETY: `slot` is one of the caller's `out_len` writable, aligned lines.
            unsafe { slot.write(row) };
        }
        Ok(table.len() as i32)
    })
}

/// The tiles seen outside the hand, from hand notation (NULL: none).
///
/// # Safety
/// As for [`text`].
unsafe fn visible_counts(visible: *const c_char) -> Result<hupai::TileCounts, Failure> {
    // SAFETY: forwarded from the caller.
    match unsafe { text(visible, "visible") }? {
        None => Ok(hupai::TileCounts::EMPTY),
        Some(text) => {
            let seen: Hand = text.parse().map_err(|e: Error| failure(HupaiError::Parse, format!("visible: {e}")))?;
            Ok(seen.physical_counts())
        }
    }
}

/// The effective tiles of `hand`, a hand of 3k + 1 tiles: the kinds whose draw lowers its shanten.
/// Writes the shanten to `*out_shanten`, the kinds in ascending order to `out_kinds` and, at the same
/// positions, their unseen copies (4 less the hand's copies and `visible`'s) to `out_unseen`; returns
/// how many kinds (0–34), or a negative `HupaiError` with nothing written. `visible` is NULL or
/// the tiles seen outside the hand in hand notation. The same answer as Python's
/// `effective_tiles` and the CLI's `check`.
///
/// # Safety
/// As for `hupai_is_win`; `visible` is NULL or a NUL-terminated string; `out_kinds` and
/// `out_unseen` point to 34 writable bytes each and `out_shanten` to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_effective_tiles(
    hand: *const c_char,
    rules: *const c_char,
    visible: *const c_char,
    out_kinds: *mut u8,
    out_unseen: *mut u8,
    out_shanten: *mut i32,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let (hand, rules) = unsafe { hand_and_rules(hand, rules) }?;
        // SAFETY: as above.
        let visible = unsafe { visible_counts(visible) }?;
        if out_shanten.is_null() || out_unseen.is_null() {
            return Err(failure(HupaiError::NullArgument, "out_unseen or out_shanten is NULL"));
        }
        // SAFETY: the caller's guarantee for `out_kinds`.
        let kinds = unsafe { out_buffer(out_kinds) }?;
        let effective = hupai::effective_tiles(&hand, &rules, &visible)?;
        // SAFETY: not NULL, and the caller guarantees 34 writable bytes used by no one else.
        let unseen = unsafe { &mut *out_unseen.cast::<[u8; HUPAI_KINDS]>() };
        for (i, t) in effective.tiles.iter().enumerate() {
            kinds[i] = t.tile.index() as u8;
            unseen[i] = t.unseen;
        }
        // SAFETY: not NULL, and the caller guarantees a writable, aligned `int32_t`.
        unsafe { out_shanten.write(i32::from(effective.shanten)) };
        Ok(effective.tiles.len() as i32)
    })
}

/// One line of `hupai_discard_advice`: a discard, the shanten after it and its effective tiles.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HupaiDiscardOption {
    /// The kind discarded (0–33, see `HUPAI_KINDS`), or -1 for a wildcard.
    pub discard: i32,
    /// The shanten after the discard.
    pub shanten: i32,
    /// Unseen copies of the effective tiles after the discard, together.
    pub unseen: i32,
    /// The effective tiles after the discard: bit `k` set for kind `k`.
    pub effective: u64,
}

/// Discard advice for `hand`, a hand of 3k + 2 tiles: every distinct discard, best first (lowest
/// shanten after it, then most unseen effective tiles), as Python's `discard_advice` and the CLI's
/// `check` give it. Writes the first `out_len` lines to `out` (`HUPAI_MAX_DISCARDS` always suffice)
/// and returns how many there are, or a negative `HupaiError` with `out` left as it was.
///
/// # Safety
/// As for `hupai_is_win`; `visible` is NULL or a NUL-terminated string; `out` points to `out_len`
/// writable `HupaiDiscardOption` (NULL gives an error code unless `out_len` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_discard_advice(
    hand: *const c_char,
    rules: *const c_char,
    visible: *const c_char,
    out: *mut HupaiDiscardOption,
    out_len: usize,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let (hand, rules) = unsafe { hand_and_rules(hand, rules) }?;
        // SAFETY: as above.
        let visible = unsafe { visible_counts(visible) }?;
        if out.is_null() && out_len > 0 {
            return Err(failure(HupaiError::NullArgument, "out is NULL"));
        }
        let advice = hupai::discard_advice(&hand, &rules, &visible)?;
        for (i, option) in advice.iter().take(out_len).enumerate() {
            let row = HupaiDiscardOption {
                discard: match option.discard {
                    hupai::Discard::Tile(t) => t.index() as i32,
                    hupai::Discard::Wildcard => -1,
                },
                shanten: i32::from(option.shanten()),
                unseen: i32::try_from(option.after.unseen()).unwrap_or(i32::MAX),
                effective: option.after.tiles.iter().fold(0, |bits, t| bits | 1 << t.tile.index()),
            };
            // SAFETY: `i < out_len`, and the caller guarantees `out_len` lines at `out` (not NULL
            // here, since `out_len > 0`): the offset stays inside that allocation.
            let slot = unsafe { out.add(i) };
            // SAFETY: `slot` is one of the caller's `out_len` writable, aligned lines.
            unsafe { slot.write(row) };
        }
        Ok(advice.len() as i32)
    })
}

/// A game of riichi mahjong (four or three players) played through the C ABI: create it with
/// `hupai_game_new`, ask `hupai_game_to_act` and `hupai_game_legal_actions`, answer with
/// `hupai_game_apply`, read the log with `hupai_game_events`, and free it with `hupai_game_free`.
/// Opaque: only pointers to it cross the boundary. One game is used by one thread at a time.
pub struct HupaiGame {
    game: hupai_game::Game,
}

/// The game behind a handle.
///
/// # Safety
/// `game` is NULL or a pointer `hupai_game_new` returned and `hupai_game_free` has not freed,
/// used by no other thread during the call.
unsafe fn game_ref<'a>(game: *const HupaiGame) -> Result<&'a HupaiGame, Failure> {
    if game.is_null() {
        return Err(failure(HupaiError::NullArgument, "game is NULL"));
    }
    // SAFETY: not NULL, and the caller guarantees a live handle from `hupai_game_new`.
    Ok(unsafe { &*game })
}

/// Writes `text` and a NUL to the caller's buffer; returns the length without the NUL.
///
/// # Safety
/// `out` is NULL or points to `out_len` writable bytes that nothing else uses during the call.
unsafe fn write_text(text: &str, out: *mut c_char, out_len: usize) -> Result<i32, Failure> {
    if out.is_null() {
        return Err(failure(HupaiError::NullArgument, "out is NULL"));
    }
    let needed = text.len() + 1;
    if needed > out_len {
        return Err(failure(
            HupaiError::BufferTooSmall,
            format!("the answer needs {needed} bytes (with its NUL); out_len is {out_len}"),
        ));
    }
    let length = i32::try_from(text.len())
        .map_err(|_| failure(HupaiError::BufferTooSmall, "the answer is longer than 2 GiB"))?;
    // SAFETY: `out` is not NULL and the caller guarantees `out_len >= needed` writable bytes.
    let buffer = unsafe { std::slice::from_raw_parts_mut(out.cast::<u8>(), needed) };
    buffer[..text.len()].copy_from_slice(text.as_bytes());
    buffer[text.len()] = 0;
    Ok(length)
}

/// A seat of a game, checked.
fn game_seat(game: &hupai_game::Game, seat: i32) -> Result<u8, Failure> {
    match u8::try_from(seat) {
        Ok(s) if s < game.players() => Ok(s),
        _ => Err(failure(
            HupaiError::Illegal,
            format!(
                "seat {seat} does not exist: the table has {} players (seats 0-{})",
                game.players(),
                game.players() - 1
            ),
        )),
    }
}

/// Starts a game and writes its handle to `out_game`; returns 0, or a negative `HupaiError` with
/// `out_game` left as it was.
///
/// `rules` is a preset name (`tenhou`, `mahjong-soul`, `m-league`, `wrc`, `tenhou-3p`,
/// `mahjong-soul-3p`; NULL: `tenhou`) or a JSON object of rule flags
/// (`{"preset": "tenhou", "length": "east"}`, docs/game.md); `seed` picks the walls (hupai's
/// seeded shuffle: hand k of the game is dealt from the seed and k), so the same rules, seed and
/// actions give the same game everywhere. The first hand is dealt and the dealer has drawn.
/// Free the handle with `hupai_game_free`.
///
/// # Safety
/// `rules` is NULL or a NUL-terminated string valid for the call; `out_game` points to a writable
/// `HupaiGame *` (NULL gives an error code).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_new(rules: *const c_char, seed: u64, out_game: *mut *mut HupaiGame) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let rules = unsafe { text(rules, "rules") }?.unwrap_or("tenhou");
        if out_game.is_null() {
            return Err(failure(HupaiError::NullArgument, "out_game is NULL"));
        }
        let rules = hupai_game::GameRules::from_json(rules)
            .map_err(|e| failure(HupaiError::Json, format!("rules {}: {e}", shortened(rules))))?;
        let handle = Box::into_raw(Box::new(HupaiGame { game: hupai_game::Game::new(rules, seed) }));
        // SAFETY: not NULL, and the caller guarantees a writable, aligned pointer slot.
        unsafe { out_game.write(handle) };
        Ok(0)
    })
}

/// Frees a game. NULL is allowed (nothing happens); a handle may be freed once.
///
/// # Safety
/// `game` is NULL or a handle from `hupai_game_new` not freed before and used by no other thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_free(game: *mut HupaiGame) {
    if game.is_null() {
        return;
    }
    // Dropping a game runs no code that can panic; the guard is there all the same.
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller guarantees a live handle from `hupai_game_new`, owned by the library.
        drop(unsafe { Box::from_raw(game) });
    }));
}

/// The seats that must decide now, a bit per seat (`1 << seat`): the seat to move, or every seat
/// still to answer a discard or a kan; 0 when the game is over. Or a negative `HupaiError`.
///
/// # Safety
/// As for `hupai_game_free`, `game` not NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_to_act(game: *const HupaiGame) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        Ok(i32::from(game.game.to_act()))
    })
}

/// 1 when the game is over, 0 while it goes on, or a negative `HupaiError`.
///
/// # Safety
/// As for `hupai_game_to_act`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_is_over(game: *const HupaiGame) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        Ok(i32::from(game.game.is_over()))
    })
}

/// The legal actions of `seat` now, as a JSON array of mjai action objects
/// (`[{"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false}, …, {"type":"none"}]`; empty when
/// the seat has nothing to decide), followed by a NUL, into `out` (at most `out_len` bytes; 4096
/// always suffice); returns its length without the NUL, or a negative `HupaiError`
/// (`HUPAI_ERROR_BUFFER_TOO_SMALL` names the size needed; `out` is then left as it was).
///
/// # Safety
/// As for `hupai_game_to_act`; `out` points to `out_len` writable bytes nothing else uses during
/// the call (NULL gives an error code).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_legal_actions(
    game: *const HupaiGame,
    seat: i32,
    out: *mut c_char,
    out_len: usize,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        let seat = game_seat(&game.game, seat)?;
        let target = game.game.claim_target().unwrap_or(seat);
        let list: Vec<serde_json::Value> =
            game.game.legal_actions(seat).iter().map(|a| hupai_game::mjai::action_json(seat, target, a)).collect();
        let text = serde_json::Value::Array(list).to_string();
        // SAFETY: as above.
        unsafe { write_text(&text, out, out_len) }
    })
}

/// The action a built-in player chooses for `seat` now, as an mjai action object (what
/// `hupai_game_legal_actions` lists; `null` when the seat has nothing to decide), followed by a NUL,
/// into `out` (at most `out_len` bytes; 256 always suffice); returns its length without the NUL, or
/// a negative `HupaiError`. `policy` names the player: `hupai` (decides from the seat's view alone:
/// docs/player.md), `efficiency` or `random` (seeded with `seed`); NULL is `hupai`; another name is
/// `HUPAI_ERROR_JSON`. The game is not changed: pass the answer to `hupai_game_apply`.
///
/// # Safety
/// As for `hupai_game_legal_actions`; `policy` is NULL or a NUL-terminated string valid for the
/// call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_choose(
    game: *const HupaiGame,
    seat: i32,
    policy: *const c_char,
    seed: u64,
    out: *mut c_char,
    out_len: usize,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        // SAFETY: as above.
        let name = unsafe { text(policy, "policy") }?.unwrap_or("hupai");
        let kind: hupai_player::PlayerKind =
            name.parse().map_err(|e: hupai_player::PlayerError| failure(HupaiError::Json, format!("policy: {e}")))?;
        let seat = game_seat(&game.game, seat)?;
        let legal = game.game.legal_actions(seat);
        let text = if legal.is_empty() {
            "null".to_string()
        } else {
            let action = kind.build(seed).choose(&game.game, seat, &legal);
            let target = game.game.claim_target().unwrap_or(seat);
            hupai_game::mjai::action_json(seat, target, &action).to_string()
        };
        // SAFETY: as above.
        unsafe { write_text(&text, out, out_len) }
    })
}

/// Why the `hupai` player chooses what it does for `seat` now, as a JSON object (`action`, `pai`,
/// `mode`, `reason`, `threat`, and `candidates`: each action weighed, best first, with its
/// `shanten`, `tenpai` and `win` probabilities, expected `score`, `danger`, expected `loss`,
/// `value` and whether it is `chosen`; `null` when the seat has nothing to decide), followed by a
/// NUL, into `out` (at most `out_len` bytes; 16384 always suffice); returns its length without the
/// NUL, or a negative `HupaiError`.
///
/// # Safety
/// As for `hupai_game_legal_actions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_explain(
    game: *const HupaiGame,
    seat: i32,
    out: *mut c_char,
    out_len: usize,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        let seat = game_seat(&game.game, seat)?;
        let text = match hupai_player::Hupai::new().explain(&game.game, seat) {
            Some(why) => serde_json::to_string(&why).map_err(|e| failure(HupaiError::Internal, e.to_string()))?,
            None => "null".to_string(),
        };
        // SAFETY: as above.
        unsafe { write_text(&text, out, out_len) }
    })
}

/// Does `action` for `seat`: an mjai action object as `hupai_game_legal_actions` lists them
/// (`{"type":"none"}` passes; an `actor`, if given, must be `seat`). Returns 0, or a negative
/// `HupaiError` with the game unchanged: `HUPAI_ERROR_JSON` when the text is not an action,
/// `HUPAI_ERROR_ILLEGAL` when the game refuses it (the message says why).
///
/// # Safety
/// `game` is a live handle from `hupai_game_new` used by no other thread during the call;
/// `action` is NULL or a NUL-terminated string valid for the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_apply(game: *mut HupaiGame, seat: i32, action: *const c_char) -> i32 {
    guard(|| {
        if game.is_null() {
            return Err(failure(HupaiError::NullArgument, "game is NULL"));
        }
        // SAFETY: not NULL, and the caller guarantees a live handle used by no one else.
        let game = unsafe { &mut *game };
        // SAFETY: the caller's guarantees, as documented above.
        let action =
            unsafe { text(action, "action") }?.ok_or_else(|| failure(HupaiError::NullArgument, "action is NULL"))?;
        let seat = game_seat(&game.game, seat)?;
        let value: serde_json::Value = serde_json::from_str(action)
            .map_err(|e| failure(HupaiError::Json, format!("action {}: not JSON: {e}", shortened(action))))?;
        let (actor, action) = hupai_game::mjai::action_from_json(&value)
            .map_err(|e| failure(HupaiError::Json, format!("action {}: {e}", shortened(&value.to_string()))))?;
        if let Some(actor) = actor.filter(|&a| a != seat) {
            return Err(failure(HupaiError::Illegal, format!("the action's actor is {actor}, not seat {seat}")));
        }
        game.game.apply(seat, action).map_err(|e| failure(HupaiError::Illegal, e.to_string()))?;
        Ok(0)
    })
}

/// How many events the game has logged so far (the lines `hupai_game_events` writes), or a
/// negative `HupaiError`.
///
/// # Safety
/// As for `hupai_game_to_act`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_event_count(game: *const HupaiGame) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        i32::try_from(game.game.events().len()).map_err(|_| failure(HupaiError::BufferTooSmall, "over 2^31 events"))
    })
}

/// The events from number `from` on (0: the whole log) as mjai JSON lines, each ending with a
/// newline, followed by a NUL, into `out` (at most `out_len` bytes); returns the length without
/// the NUL, or a negative `HupaiError` (`HUPAI_ERROR_BUFFER_TOO_SMALL` names the size needed).
/// A server polls with `from` = the count it has already read (`hupai_game_event_count`).
///
/// # Safety
/// As for `hupai_game_legal_actions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_events(
    game: *const HupaiGame,
    from: usize,
    out: *mut c_char,
    out_len: usize,
) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        let events = game.game.events();
        let players = game.game.players();
        let mut text = String::new();
        for event in events.get(from..).unwrap_or(&[]) {
            text.push_str(&hupai_game::mjai::event_json(event, players).to_string());
            text.push('\n');
        }
        // SAFETY: as above.
        unsafe { write_text(&text, out, out_len) }
    })
}

/// Writes the scores in seat order to `out_scores` (4 `int32_t`; with three players the fourth
/// is 0) and returns the number of players, or a negative `HupaiError`.
///
/// # Safety
/// As for `hupai_game_to_act`; `out_scores` points to 4 writable `int32_t` (NULL gives an error code).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hupai_game_scores(game: *const HupaiGame, out_scores: *mut i32) -> i32 {
    guard(|| {
        // SAFETY: the caller's guarantees, as documented above.
        let game = unsafe { game_ref(game) }?;
        if out_scores.is_null() {
            return Err(failure(HupaiError::NullArgument, "out_scores is NULL"));
        }
        // SAFETY: not NULL, and the caller guarantees 4 writable, aligned `int32_t`.
        let out = unsafe { &mut *out_scores.cast::<[i32; 4]>() };
        *out = game.game.scores();
        Ok(i32::from(game.game.players()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai::Suit;

    fn last_error() -> String {
        // SAFETY: `hupai_last_error` never returns NULL and the string stays valid until this
        // thread's next failing call, which does not happen before the copy.
        unsafe { CStr::from_ptr(hupai_last_error()) }.to_string_lossy().into_owned()
    }

    #[test]
    fn a_panic_becomes_an_internal_error_with_its_message() {
        let code = guard(|| panic!("boom at the boundary"));
        assert_eq!(code, HupaiError::Internal as i32);
        assert!(last_error().contains("boom at the boundary"), "{}", last_error());
        let code = guard(|| std::panic::panic_any(42_u32));
        assert_eq!(code, HupaiError::Internal as i32);
        assert!(last_error().contains("unknown panic"), "{}", last_error());
    }

    #[test]
    fn a_nul_in_a_message_does_not_lose_the_message() {
        assert_eq!(guard(|| Err(failure(HupaiError::Parse, "a\0b"))), HupaiError::Parse as i32);
        assert_eq!(last_error(), "a\\0b");
    }

    #[test]
    fn rules_names() {
        assert_eq!(rules(None).unwrap(), Rules::STANDARD);
        for (name, preset) in Rules::PRESETS {
            assert_eq!(rules(Some(name)).unwrap(), preset);
            assert_eq!(rules(Some(&format!("{name}+5th"))).unwrap(), preset.with_wildcard_fifth_copy(true));
            assert_eq!(rules(Some(&format!("{name}+void-p"))).unwrap(), preset.with_void(Suit::Pin));
            assert_eq!(
                rules(Some(&format!("{name}+void-s+5th"))).unwrap(),
                preset.with_void(Suit::Sou).with_wildcard_fifth_copy(true)
            );
        }
        // The whole grammar: options in any order, the wildcard tile included.
        assert_eq!(rules(Some("sichuan+5th+void-p")).unwrap(), rules(Some("sichuan+void-p+5th")).unwrap());
        assert_eq!(rules(Some("changsha+tiles-108")).unwrap().to_string(), "changsha+tiles-108");
        assert_eq!(rules(Some("standard+wild-5z")).unwrap().wildcard_tile, Some(hupai::Tile::WHITE));
        for bad in ["sichuan+void-z", "sichuan+void-", "sichuan+void-pp", "sichuan+void-p+void-s", "gb+wild-0m"] {
            assert_eq!(rules(Some(bad)).unwrap_err().code, HupaiError::UnknownRules, "{bad:?}");
        }
        for bad in ["", "+5th", "Riichi", "riichi+5th+5th", "riichi +5th", "mahjong"] {
            let e = rules(Some(bad)).unwrap_err();
            assert_eq!(e.code, HupaiError::UnknownRules, "{bad:?}");
            assert!(e.message.contains("expected a preset (standard, riichi"), "{}", e.message);
        }
    }

    #[test]
    fn every_hand_error_has_a_class() {
        let cases = [
            ("123m456p789s11122x", HupaiError::Parse),
            ("123m456p789s11122", HupaiError::Parse),
            ("8z", HupaiError::Parse),
            ("[12m", HupaiError::Parse),
            ("[124m]", HupaiError::Parse),
            ("11111m", HupaiError::InvalidHand),
        ];
        for (text, code) in cases {
            let e: Failure = text.parse::<Hand>().unwrap_err().into();
            assert_eq!(e.code, code, "{text}: {}", e.message);
        }
    }
}
