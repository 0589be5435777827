// hupai from Go through cgo. Works from any folder: the flags come from the environment with
// absolute paths, the rpath included (HUPAI is the checkout, built with
// `cargo build --release -p hupai-ffi`):
//
//	CGO_CFLAGS="-I$HUPAI/crates/hupai-ffi/include" \
//	CGO_LDFLAGS="-L$HUPAI/target/release -lhupai_ffi -Wl,-rpath,$HUPAI/target/release" \
//	go run hello.go
package main

// #include <stdlib.h>
// #include "hupai.h"
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"
)

func main() {
	// hupai_last_error is per OS thread: stay on one between a call and its error.
	runtime.LockOSThread()
	wild := C.CString("111z222z333z44z***")
	defer C.free(unsafe.Pointer(wild))
	fmt.Println("win", C.hupai_is_win(wild, nil))

	hand, rules := C.CString("1112345678999m"), C.CString("riichi")
	defer C.free(unsafe.Pointer(hand))
	defer C.free(unsafe.Pointer(rules))
	var kinds [C.HUPAI_KINDS]C.uint8_t
	n := C.hupai_waits(hand, rules, &kinds[0])
	fmt.Print("waits")
	for _, k := range kinds[:n] {
		fmt.Print(" ", k)
	}
	fmt.Println()

	bad := C.CString("123m456p789s11122x")
	defer C.free(unsafe.Pointer(bad))
	if C.hupai_is_win(bad, nil) < 0 {
		fmt.Println("error", C.GoString(C.hupai_last_error()))
	}
}
