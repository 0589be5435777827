/* hupai from C. Works from any folder: the include and library paths and the rpath are absolute.
 * HUPAI is the checkout, built with `cargo build --release -p hupai-ffi`:
 *
 *   cc -I "$HUPAI/crates/hupai-ffi/include" hello.c -o hello \
 *      -L "$HUPAI/target/release" -lhupai_ffi -Wl,-rpath,"$HUPAI/target/release"
 *   ./hello
 *
 * To ship the library beside the program instead, copy libhupai_ffi.so next to it and link with
 * -Wl,-rpath,'$ORIGIN' (quoted, so the shell leaves $ORIGIN to the loader). */
#include <stdio.h>
#include "hupai.h"

int main(void) {
    if (hupai_abi_version() != HUPAI_ABI_VERSION) return 1;
    printf("win %d\n", hupai_is_win("111z222z333z44z***", NULL));
    uint8_t kinds[HUPAI_KINDS];
    int32_t n = hupai_waits("1112345678999m", "riichi", kinds);
    printf("waits");
    for (int32_t i = 0; i < n; i++) printf(" %u", (unsigned)kinds[i]);
    printf("\n");
    if (hupai_is_win("123m456p789s11122x", NULL) < 0) printf("error %s\n", hupai_last_error());
    return 0;
}
