/*
 * qsort: picolibc qsort of 1500 LCG words. Bottleneck: mixed (compare callbacks, data-
 * dependent branches). Check: ascending order, and the multiset is unchanged (sum and xor
 * of all elements, and sum of squares, equal those taken before sorting).
 */
#include <stdint.h>
#include <stdlib.h>

#include "stackscope.h"

#define N 1500

static uint32_t v[N];

static int cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    uint32_t seed = 42, sum = 0, x = 0, sq = 0;
    for (int i = 0; i < N; i++) {
        seed = seed * 1664525u + 1013904223u;
        v[i] = seed;
        sum += seed;
        x ^= seed;
        sq += seed * seed;
    }
    qsort(v, N, sizeof v[0], cmp);
    uint32_t sum2 = 0, x2 = 0, sq2 = 0;
    for (int i = 0; i < N; i++) {
        if (i > 0)
            ss_check(v[i - 1] <= v[i], 1);
        sum2 += v[i];
        x2 ^= v[i];
        sq2 += v[i] * v[i];
    }
    ss_check(sum == sum2 && x == x2 && sq == sq2, 2);
    return 0;
}
