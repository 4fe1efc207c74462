/*
 * stream_load: sums a 128 KiB array sequentially, 8 independent loads per iteration.
 * Bottleneck: bandwidth. Loads are independent and sequential, so misses overlap and the
 * limit is line-fill bandwidth (or load ports), not latency. The array is filled with
 * a[i] = i, so the sum of one pass is n(n-1)/2 = 32768 * 32767 / 2 = 536854528.
 */
#include <stdint.h>

#include "stackscope.h"

#define N 32768u
#define PASSES 2u

static uint32_t a[N] SS_NOINIT __attribute__((aligned(64)));

int main(void)
{
    for (uint32_t i = 0; i < N; i++)
        a[i] = i;
    ss_keep(a);
    uint32_t total = 0;
    for (uint32_t p = 0; p < PASSES; p++) {
        uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (uint32_t i = 0; i < N; i += 8) {
            s0 += a[i] + a[i + 4];
            s1 += a[i + 1] + a[i + 5];
            s2 += a[i + 2] + a[i + 6];
            s3 += a[i + 3] + a[i + 7];
        }
        total += s0 + s1 + s2 + s3;
        ss_keep(total);
    }
    ss_check(total == PASSES * 536854528u, 1);
    return 0;
}
