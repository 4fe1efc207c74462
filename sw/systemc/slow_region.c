/* The example program of docs/systemc.md: the same dependent chase over 2048 new lines, first in
 * the fast RAM, then in the slow window of the example platform (examples/systemc/two_region.cpp,
 * 0x80c0_0000, 1 MiB). Each load's address is the last one's plus 32 plus the value it loaded,
 * which is 0 (the simulators' RAM starts zeroed and nothing writes either buffer), so the loads
 * are dependent and each touches a line no earlier access brought in: one line fill from memory
 * per load, none overlapping. On the example platform every slow fill takes 80 cycles more. */
#include <stdint.h>

#include "stackscope.h"

#define LINES 2048
#define SLOW_WINDOW 0x80c00000u

static uint32_t fast_buf[LINES * 8] SS_NOINIT;

static uintptr_t chase(uintptr_t p, unsigned n) {
    for (unsigned i = 0; i < n; ++i)
        p += 32 + *(volatile uint32_t *)p;
    return p;
}

int main(void) {
    const uintptr_t f = (uintptr_t)fast_buf;
    ss_check(chase(f, LINES) == f + LINES * 32, 1);
    ss_check(chase(SLOW_WINDOW, LINES) == SLOW_WINDOW + LINES * 32, 2);
    return 0;
}
