//! The module's exports (wasm32 only). JavaScript asks for an input buffer of a length
//! (`hupai_buffer`), writes `name\0arguments` into it as UTF-8, calls `hupai_call`, and reads the
//! answer from `hupai_output` (its length is `hupai_call`'s result; a negative result is an error
//! whose JSON `{"kind", "message"}` is the output). Pointers cross as plain byte offsets into the
//! module's memory: Rust never dereferences one JavaScript gives it, so there is no `unsafe` block;
//! only `#[unsafe(no_mangle)]`, which names the exports, counts as unsafe code.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The call's input, written by JavaScript between `hupai_buffer` and `hupai_call`.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last answer, read by JavaScript after `hupai_call`.
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Makes the input buffer `len` bytes (zeroed) and returns its offset in memory.
#[unsafe(no_mangle)]
pub extern "C" fn hupai_buffer(len: u32) -> u32 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len as usize, 0);
        input.as_mut_ptr() as usize as u32
    })
}

/// Answers the call in the input buffer: the answer's length in bytes, or minus the error's.
#[unsafe(no_mangle)]
pub extern "C" fn hupai_call() -> i32 {
    let result = INPUT.with_borrow(|input| {
        let text =
            std::str::from_utf8(input).map_err(|e| crate::Failure::argument(format!("arguments: not UTF-8: {e}")))?;
        let (name, arguments) =
            text.split_once('\0').ok_or_else(|| crate::Failure::argument("arguments: no function name".to_owned()))?;
        crate::call_json(name, arguments)
    });
    let (text, sign) = match result {
        Ok(answer) => (answer, 1),
        Err(failure) => (failure.to_json(), -1),
    };
    let len = text.len() as i32;
    OUTPUT.set(text);
    sign * len
}

/// The offset of the last answer in memory.
#[unsafe(no_mangle)]
pub extern "C" fn hupai_output() -> u32 {
    OUTPUT.with_borrow(|output| output.as_ptr() as usize as u32)
}
