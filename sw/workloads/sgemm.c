/*
 * sgemm_{naive,blocked,unrolled}: C = A * B in single precision (RV32F; issue 17 item 4).
 * N x N with N = SG_N = 48 (9 KiB per matrix: the three fit the 64 KiB L2, not the 8 KiB
 * L1D).
 *
 *  naive     ijk, one fmadd chain per C element (dependent: FMA latency bound).
 *  blocked   8 x 8 tiles of C, k in 8-blocks, tiles of A and B reused from the L1D.
 *  unrolled  ikj with the j loop unrolled by 4 into 4 independent accumulator chains per
 *            row pass (fmadd.s on 4 registers), so FMAs issue back to back.
 *
 * Every multiply-add is an explicit fmaf (fmadd.s): the C standard's default contraction
 * is off under -std=c11. Values are small integers (A in -8..7, B in -4..3), so every partial
 * sum is an integer below 2^24 and exact in binary32 whatever the summation order: the
 * result must equal the integer product exactly. Check, sharing no code with the kernels:
 * the same product in int32. Exit 1 + i on the first wrong row.
 */
#include <math.h>
#include <stdint.h>

#include "stackscope.h"

#define SG_N 48
#define SG_T 8
_Static_assert(SG_N % SG_T == 0 && SG_N % 4 == 0, "tiles and unroll divide N");

static float A[SG_N][SG_N], B[SG_N][SG_N], C[SG_N][SG_N];
static int32_t Ai[SG_N][SG_N], Bi[SG_N][SG_N];

static void __attribute__((noinline, unused)) sg_naive(void)
{
    for (int i = 0; i < SG_N; i++)
        for (int j = 0; j < SG_N; j++) {
            float s = 0.0f;
            for (int k = 0; k < SG_N; k++)
                s = fmaf(A[i][k], B[k][j], s);
            C[i][j] = s;
        }
}

static void __attribute__((noinline, unused)) sg_blocked(void)
{
    for (int i = 0; i < SG_N; i++)
        for (int j = 0; j < SG_N; j++)
            C[i][j] = 0.0f;
    for (int ii = 0; ii < SG_N; ii += SG_T)
        for (int jj = 0; jj < SG_N; jj += SG_T)
            for (int kk = 0; kk < SG_N; kk += SG_T)
                for (int i = ii; i < ii + SG_T; i++)
                    for (int j = jj; j < jj + SG_T; j++) {
                        float s = C[i][j];
                        for (int k = kk; k < kk + SG_T; k++)
                            s = fmaf(A[i][k], B[k][j], s);
                        C[i][j] = s;
                    }
}

static void __attribute__((noinline, unused)) sg_unrolled(void)
{
    for (int i = 0; i < SG_N; i++)
        for (int j = 0; j < SG_N; j += 4) {
            float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
            for (int k = 0; k < SG_N; k++) {
                const float a = A[i][k];
                const float *b = &B[k][j];
                s0 = fmaf(a, b[0], s0);
                s1 = fmaf(a, b[1], s1);
                s2 = fmaf(a, b[2], s2);
                s3 = fmaf(a, b[3], s3);
            }
            C[i][j] = s0;
            C[i][j + 1] = s1;
            C[i][j + 2] = s2;
            C[i][j + 3] = s3;
        }
}

int main(void)
{
    uint32_t seed = 11;
    for (int i = 0; i < SG_N; i++)
        for (int j = 0; j < SG_N; j++) {
            seed = seed * 1664525u + 1013904223u;
            Ai[i][j] = (int32_t)(seed >> 28) - 8;
            Bi[i][j] = (int32_t)((seed >> 20) & 7) - 4;
            A[i][j] = (float)Ai[i][j];
            B[i][j] = (float)Bi[i][j];
        }
#if defined(SG_NAIVE)
    sg_naive();
#elif defined(SG_BLOCKED)
    sg_blocked();
#elif defined(SG_UNROLLED)
    sg_unrolled();
#else
#error "define SG_NAIVE, SG_BLOCKED or SG_UNROLLED"
#endif
    for (int i = 0; i < SG_N; i++)
        for (int j = 0; j < SG_N; j++) {
            int32_t s = 0;
            for (int k = 0; k < SG_N; k++)
                s += Ai[i][k] * Bi[k][j];
            ss_check(C[i][j] == (float)s, 1 + i);
        }
    return 0;
}
