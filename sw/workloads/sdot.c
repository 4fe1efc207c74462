/*
 * sdot: s = sum x[i] * y[i] with one accumulator (a single dependent fmadd.s chain: bound by
 * the FMA latency, "depend"), SD_N = 4096 elements x SD_REPS passes over 32 KiB. RV32F, ISS
 * only until the core has F (issue 17 item 4). x[i] = i % 7 - 3, y[i] = i % 5 - 2: every
 * partial sum is a small integer, exact in binary32; the check is the same sum in int32.
 */
#include <math.h>
#include <stdint.h>

#include "stackscope.h"

#define SD_N 4096
#define SD_REPS 4

static float x[SD_N], y[SD_N];

static float __attribute__((noinline)) sdot(const float *a, const float *b, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s = fmaf(a[i], b[i], s);
    return s;
}

int main(void)
{
    int32_t want = 0;
    for (int i = 0; i < SD_N; i++) {
        x[i] = (float)(i % 7 - 3);
        y[i] = (float)(i % 5 - 2);
        want += (i % 7 - 3) * (i % 5 - 2);
    }
    for (int r = 0; r < SD_REPS; r++)
        ss_check(sdot(x, y, SD_N) == (float)want, 1 + r);
    return 0;
}
