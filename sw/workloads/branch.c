/*
 * branch_random / branch_predictable: one conditional branch per iteration whose
 * direction is bit 31 of an LCG (random: unpredictable, ~50% mispredicts; bottleneck bpred)
 * or bit 4 of the loop counter (predictable: runs of 16, a counter predictor misses ~1/16,
 * a history predictor ~0; bottleneck base). The taken side must not be if-converted, hence
 * the empty asm. Check: the branchy count equals a branch-free recount of the same bits.
 */
#include <stdint.h>

#include "stackscope.h"

#define ITERS 20000u

static inline uint32_t direction(uint32_t i, uint32_t x)
{
#ifdef RANDOM
    (void)i;
    return x >> 31;
#else
    (void)x;
    return (i >> 4) & 1u;
#endif
}

int main(void)
{
    uint32_t x = 1, taken = 0, acc = 0;
    for (uint32_t i = 0; i < ITERS; i++) {
        x = x * 1664525u + 1013904223u;
        if (direction(i, x)) {
            __asm__ volatile("");
            taken++;
        } else {
            acc ^= x;
        }
    }
    ss_keep(acc);
    uint32_t y = 1, recount = 0;
    for (uint32_t i = 0; i < ITERS; i++) {
        y = y * 1664525u + 1013904223u;
        recount += direction(i, y);
    }
    ss_check(taken == recount, 1);
#ifndef RANDOM
    ss_check(taken == ITERS / 2, 2);  /* bit 4 of i is set for exactly half of 0..19999 */
#endif
    return 0;
}
