/*
 * saxpy: y = a * x + y over SX_N = 65536 floats per vector (2 x 256 KiB = 8x the 64 KiB L2):
 * one fmadd.s per two loads and a store, streaming from memory (memory bound). RV32F.
 * Values are small integers, so every result is
 * exact: y[i] = 3 * (i & 255) + (i >> 8) - 100, checked in integers. Two passes; exit 1 + pass
 * on a wrong element.
 */
#include <math.h>
#include <stdint.h>

#include "ss_roi.h"
#include "stackscope.h"

#define SX_N 65536

static float x[SX_N], y[SX_N];

static void __attribute__((noinline)) saxpy(float a, const float *xs, float *ys, int n)
{
    for (int i = 0; i < n; i++)
        ys[i] = fmaf(a, xs[i], ys[i]);
}

int main(void)
{
    for (int i = 0; i < SX_N; i++) {
        x[i] = (float)(i & 255);
        y[i] = (float)((i >> 8) - 100);
    }
    SS_ROI_BEGIN();
    saxpy(1.0f, x, y, SX_N);
    saxpy(2.0f, x, y, SX_N);
    SS_ROI_END();
    for (int i = 0; i < SX_N; i++)
        ss_check(y[i] == (float)(3 * (i & 255) + (i >> 8) - 100), 1);
    SS_ROI_PRINT();
    return 0;
}
