/* A random permutation that is one cycle through all its entries (Sattolo's shuffle), for
 * pointer chases that must visit every node before returning to the first. */
#ifndef STACKSCOPE_SINGLE_CYCLE_H
#define STACKSCOPE_SINGLE_CYCLE_H

#include <stdint.h>

static inline void single_cycle_perm(uint32_t *perm, uint32_t n, uint32_t seed)
{
    for (uint32_t i = 0; i < n; i++)
        perm[i] = i;
    for (uint32_t i = n - 1; i > 0; i--) {
        /* j in [0, i), not [0, i] (which would be Fisher-Yates): that makes it one cycle. */
        seed = seed * 1664525u + 1013904223u;
        uint32_t j = (uint32_t)(((uint64_t)seed * i) >> 32);
        uint32_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
}

#endif
