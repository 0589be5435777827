"""hupai from Python through ctypes. Works from any folder: the library is $HUPAI_LIB (an absolute
path, e.g. $HUPAI/target/release/libhupai_ffi.so), else libhupai_ffi.so beside this file.

    HUPAI_LIB="$HUPAI/target/release/libhupai_ffi.so" python3 hello.py
"""
import ctypes
import os

here = os.path.dirname(os.path.abspath(__file__))
lib = ctypes.CDLL(os.environ.get("HUPAI_LIB") or os.path.join(here, "libhupai_ffi.so"))
lib.hupai_is_win.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
lib.hupai_is_win.restype = ctypes.c_int32
lib.hupai_waits.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint8)]
lib.hupai_waits.restype = ctypes.c_int32
lib.hupai_last_error.restype = ctypes.c_char_p

print("win", lib.hupai_is_win(b"111z222z333z44z***", None))
kinds = (ctypes.c_uint8 * 34)()
n = lib.hupai_waits(b"1112345678999m", b"riichi", kinds)
print("waits", *kinds[:n])
if lib.hupai_is_win(b"123m456p789s11122x", None) < 0:
    print("error", lib.hupai_last_error().decode())
