/*
 * store_burst: bursts of 32 back-to-back word stores to consecutive lines of a 32 KiB
 * buffer with only the loop overhead between them. Bottleneck: store. Stores retire into
 * the store buffer faster than the cache drains it, so dispatch stalls on a full store
 * buffer. Check: buffer word k ends as 3 * k + (PASSES - 1) (the last pass's value),
 * summed in closed form: sum_k (3k + P - 1) = 3 * n(n-1)/2 + n(P - 1).
 */
#include <stdint.h>

#include "stackscope.h"

#define N 8192u
#define PASSES 6u

static uint32_t buf[N] __attribute__((aligned(64)));

int main(void)
{
    for (uint32_t p = 0; p < PASSES; p++) {
        for (uint32_t i = 0; i < N; i += 32) {
            uint32_t v = 3 * i + p;
#pragma GCC unroll 32
            for (uint32_t k = 0; k < 32; k++)
                buf[i + k] = v + 3 * k;
        }
        ss_keep(buf);
    }
    uint32_t sum = 0;
    for (uint32_t i = 0; i < N; i++)
        sum += buf[i];
    ss_check(sum == 3u * (N * (N - 1) / 2) + N * (PASSES - 1), 1);
    return 0;
}
