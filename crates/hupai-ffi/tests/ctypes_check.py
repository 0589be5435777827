"""hupai's C ABI from Python's ctypes: the same shared library the C example links, loaded at run
time as a managed-language game server would (Go's cgo, C#'s P/Invoke and Node's koffi bind it
the same way). Run by tests/consumers.rs:

    python3 tests/ctypes_check.py target/debug/libhupai_ffi.so [CASES]

CASES is the file the Rust test writes: `win RULES 0|1 HAND`, `waits RULES K1,K2,... HAND` or
`shanten RULES N HAND` lines with the answers it computed in Rust. Exits 0 only if every check passed.
"""

import ctypes
import sys
import threading

ERRORS = {
    "NULL_ARGUMENT": -1,
    "INVALID_UTF8": -2,
    "PARSE": -3,
    "UNKNOWN_RULES": -4,
    "WRONG_SIZE": -5,
    "INVALID_HAND": -6,
    "UNSUPPORTED": -7,
    "INTERNAL": -8,
}

passed = 0
failed = 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what} (last error: {last_error()!r})", file=sys.stderr)


lib = ctypes.CDLL(sys.argv[1])
Kinds = ctypes.c_uint8 * 34
lib.hupai_abi_version.restype = ctypes.c_uint32
lib.hupai_abi_version.argtypes = []
lib.hupai_is_win.restype = ctypes.c_int32
lib.hupai_is_win.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
lib.hupai_waits.restype = ctypes.c_int32
lib.hupai_waits.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint8)]
lib.hupai_is_win_counts.restype = ctypes.c_int32
lib.hupai_is_win_counts.argtypes = [ctypes.POINTER(ctypes.c_uint8), ctypes.c_uint8, ctypes.c_char_p]
lib.hupai_waits_counts.restype = ctypes.c_int32
lib.hupai_waits_counts.argtypes = [
    ctypes.POINTER(ctypes.c_uint8),
    ctypes.c_uint8,
    ctypes.c_char_p,
    ctypes.POINTER(ctypes.c_uint8),
]
lib.hupai_shanten.restype = ctypes.c_int32
lib.hupai_shanten.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int32)]
lib.hupai_last_error.restype = ctypes.c_char_p
lib.hupai_last_error.argtypes = []


def last_error():
    return lib.hupai_last_error().decode("utf-8")


def is_win(hand, rules=None):
    return lib.hupai_is_win(hand.encode("utf-8"), rules.encode("utf-8") if rules else None)


def shanten(hand, rules=None):
    out = ctypes.c_int32(99)
    status = lib.hupai_shanten(hand.encode("utf-8"), rules.encode("utf-8") if rules else None, ctypes.byref(out))
    return status if status < 0 else out.value


def waits(hand, rules=None):
    out = Kinds()
    n = lib.hupai_waits(hand.encode("utf-8"), rules.encode("utf-8") if rules else None, out)
    return n if n < 0 else list(out[:n])


check(lib.hupai_abi_version() == 1, "ABI version 1")
check(last_error() == "", "no error yet")

# The seed articles' examples.
check(is_win("111z222z333z44z***") == 1, "three wildcards form a fresh triplet")
check(is_win("123m456p789s1111z*", "standard") == 0, "no fifth copy")
check(is_win("123m456p789s1111z*", "standard+5th") == 1, "fifth copy allowed")
check(is_win("19m19p19s1234567z*", "riichi") == 1, "thirteen orphans with a wildcard")
check(is_win("🀇🀈🀉🀉🀊🀋🀆🀆🀆🀐🀐🀝🀝🀝🀟🀠🀡", "taiwan") == 1, "17 Unicode tiles")
check(waits("1112345678999m") == list(range(9)), "nine gates")
check(shanten("19m19p19s1234567z*", "riichi") == -1, "shanten of a win")
check(shanten("123m456p789s1134z", "riichi") == 1, "shanten 1")
check(shanten("123456m") == ERRORS["WRONG_SIZE"], "shanten of 3k tiles")
check(lib.hupai_shanten(b"1112345678999m", None, None) == ERRORS["NULL_ARGUMENT"], "NULL out_shanten")
counts = Kinds(3, 1, 1, 1, 1, 1, 1, 1, 3)
out = Kinds()
check(lib.hupai_waits_counts(counts, 0, None, out) == 9 and list(out[:9]) == list(range(9)), "by counts")
check(lib.hupai_is_win_counts(counts, 1, b"standard") == 1, "nine gates and a wildcard")

# Bad input: codes and the CLI's messages.
check(is_win("123m456p789s11122x") == ERRORS["PARSE"], "bad letter")
check("position 18" in last_error(), "the message names the position")
check(is_win("1234m") == ERRORS["WRONG_SIZE"], "4 tiles")
check(last_error().startswith("hand has 4 tiles"), "size message")
check(is_win("123m456p789s11122z", "mahjong") == ERRORS["UNKNOWN_RULES"], "unknown rules")
check(lib.hupai_is_win(b"123m\xff", None) == ERRORS["INVALID_UTF8"], "invalid UTF-8")
check(lib.hupai_is_win_counts(Kinds(5), 0, None) == ERRORS["INVALID_HAND"], "a count of 5")
check(last_error().startswith("5 copies of 1m"), "count message")

# NULL pointers.
check(lib.hupai_is_win(None, None) == ERRORS["NULL_ARGUMENT"], "NULL hand")
check(last_error() == "hand is NULL", "NULL message")
check(lib.hupai_waits(b"1112345678999m", None, None) == ERRORS["NULL_ARGUMENT"], "NULL out_kinds")
check(lib.hupai_is_win_counts(None, 0, None) == ERRORS["NULL_ARGUMENT"], "NULL counts")

# Threads: ctypes releases the GIL around each call, so these run in the library at once.
questions = [("111z222z333z44z***", None), ("1133m5577p2244s66z", "riichi"), ("123m456p789s11122x", None)]
expected = [is_win(h, r) for h, r in questions]
results = {}


def work(t):
    bad = Kinds()
    bad[t] = 5
    wrong = 0
    for i in range(5000):
        h, r = questions[(i + t) % len(questions)]
        if is_win(h, r) != expected[(i + t) % len(questions)]:
            wrong += 1
        if i % 100 == 0:
            lib.hupai_is_win_counts(bad, 0, None)
            if not last_error().startswith(f"5 copies of {t + 1}m"):
                wrong += 1
    results[t] = wrong


threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
for th in threads:
    th.start()
for th in threads:
    th.join()
check(all(results.get(t) == 0 for t in range(4)), f"threads agree: {results}")

# The reference engine's answers, when given.
if len(sys.argv) > 2:
    lines = 0
    with open(sys.argv[2], encoding="utf-8") as cases:
        for line in cases:
            kind, rules, want, hand = line.split()
            lines += 1
            if kind == "shanten":
                check(shanten(hand, rules) == int(want), f"shanten of {hand} under {rules}")
            elif kind == "win":
                check(is_win(hand, rules) == int(want), f"{hand} under {rules}")
            else:
                got = waits(hand, rules)
                want_list = [] if want == "-" else [int(k) for k in want.split(",")]
                check(got == want_list, f"waits of {hand} under {rules}: {got}, expected {want_list}")
    check(lines > 0, "the cases file has cases")
    print(f"{lines} cases from {sys.argv[2]}")

print(f"ctypes_check.py: {passed} passed, {failed} failed")
sys.exit(0 if failed == 0 else 1)
