/*
 * sdot: s = sum x[i] * y[i] with one accumulator (a single dependent fmadd.s chain: bound by
 * the FMA latency, "depend"), SD_N = 4096 elements x SD_REPS passes over 32 KiB. RV32F.
 * x[i] = i % 7 - 3, y[i] = i % 5 - 2: every
 * partial sum is a small integer, exact in binary32; the check is the same sum in int32.
 */
#include <math.h>
#include <stdint.h>

#include "ss_roi.h"
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
    /* i % 7 - 3 and i % 5 - 2 as wrapping counters: no division in the set-up, so the
     * kernel is most of the run */
    int32_t want = 0, u = -3, v = -2;
    for (int i = 0; i < SD_N; i++) {
        x[i] = (float)u;
        y[i] = (float)v;
        want += u * v;
        u = u == 3 ? -3 : u + 1;
        v = v == 2 ? -2 : v + 1;
    }
    float got[SD_REPS];
    SS_ROI_BEGIN();
    for (int r = 0; r < SD_REPS; r++)
        got[r] = sdot(x, y, SD_N);
    SS_ROI_END();
    for (int r = 0; r < SD_REPS; r++)
        ss_check(got[r] == (float)want, 1 + r);
    SS_ROI_PRINT();
    return 0;
}
