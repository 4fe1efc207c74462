/*
 * fp_mixed: a kernel of separate fadd.s and fmul.s (no fused multiply-add: the FLOPS stack's
 * non-FMA case), t = (x + 1) * 0.25; s = s + t; u = u * 1 + t * 0.5. RV32F.
 * -std=c11 does not contract a * b + c, and the source writes
 * each operation separately. x[i] = i % 64: every value is a multiple of 1/8 below 2^20,
 * exact in binary32, so the sums are checked exactly against integers (in eighths).
 */
#include <stdint.h>

#include "stackscope.h"

#define FM_N 8192

static float x[FM_N];

static void __attribute__((noinline)) mixed(const float *xs, int n, float *s_out, float *u_out)
{
    float s = 0.0f, u = 0.0f;
    for (int i = 0; i < n; i++) {
        const float t = (xs[i] + 1.0f) * 0.25f;  // fadd, fmul
        s = s + t;                               // fadd
        const float h = t * 0.5f;                // fmul
        u = u + h;                               // fadd
    }
    *s_out = s;
    *u_out = u;
}

int main(void)
{
    int32_t s8 = 0;  // sum of (x + 1) * 2 = eighths of s
    for (int i = 0; i < FM_N; i++) {
        x[i] = (float)(i % 64);
        s8 += (i % 64 + 1) * 2;
    }
    float s, u;
    mixed(x, FM_N, &s, &u);
    ss_check(s * 8.0f == (float)s8, 1);
    ss_check(u * 16.0f == (float)s8, 2);
    return 0;
}
