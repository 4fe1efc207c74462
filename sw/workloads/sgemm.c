/*
 * sgemm_{naive,blocked,unrolled}: C = A * B in single precision (RV32F).
 * N x N with N = SG_N = 48 (9 KiB per matrix: the three fit the 64 KiB L2, not the 8 KiB
 * L1D).
 *
 *  naive     ijk, one fmadd chain per C element (dependent: FMA latency bound).
 *  blocked   8 x 8 tiles of C, k in 8-blocks, tiles of A and B reused from the L1D.
 *  unrolled  register-blocked: each 6 x 4 block of C in 24 independent accumulators
 *            (24 fmadd.s per k from 6 A and 4 B loads: an outer product), so FMAs issue
 *            back to back, 24 of every ~37 instructions; rows 1-5's A loads four FMAs
 *            ahead of their users and the next k's loads among the last row's FMAs
 *            (software pipelined); B in three column passes of 16 that each stay in the L1D.
 *
 * Every multiply-add is an explicit fmaf (fmadd.s): the C standard's default contraction
 * is off under -std=c11. Values are small integers (A in -8..7, B in -4..3), so every partial
 * sum is an integer below 2^24 and exact in binary32 whatever the summation order: the
 * result must equal the integer product exactly. Check, sharing no code with the kernels:
 * the same product in int32. Exit 1 + i on the first wrong row.
 */
#include <math.h>
#include <stdint.h>

#include "ss_roi.h"
#include "stackscope.h"

#define SG_N 48
#define SG_T 8
_Static_assert(SG_N % SG_T == 0, "tiles divide N");

/* Line-aligned (32 B): a row is then 6 whole lines, so sg_unrolled's 16-byte runs of 4 floats
 * never straddle two lines and its blocks map onto the L1D's sets as counted below. */
static float A[SG_N][SG_N] __attribute__((aligned(32)));
static float B[SG_N][SG_N] __attribute__((aligned(32)));
static float C[SG_N][SG_N] __attribute__((aligned(32)));
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

/* Columns of B per pass of sg_unrolled: B[.][jh .. jh + SG_JH) is 2 lines of each of the 48
 * rows (96 lines, 3 KiB), and their sets (6 k + 0/1 + jh / 8 mod 128) are all different; the
 * 6-row block of A a pass meets is 36 consecutive lines, different sets again. So no set of
 * the 8 KiB two-way L1D (128 sets of 32 B) holds more than two of the lines a block reads, and
 * B stays in the L1D while every 6-row block of A passes over it. Measured on the 4-wide
 * build (docs/flops.md): 16 columns beat 24 (whose 3 lines a row share sets with A's) and 12
 * or 8 (more passes, so A is read again more often). */
#define SG_JH 16
_Static_assert(SG_N % SG_JH == 0 && SG_JH % 4 == 0 && SG_N % 6 == 0, "whole blocks");

/* Row r of a 6 x 4 block at one k: c[r][0..3] += a * b[0..3], with the A value of the next
 * row (an) loaded first, four FMAs ahead of its users in program order. */
#define SG_ROW(r, a, an, next)                    \
    do {                                          \
        an = (next);                              \
        c##r##0 = fmaf(a, b0, c##r##0);           \
        c##r##1 = fmaf(a, b1, c##r##1);           \
        c##r##2 = fmaf(a, b2, c##r##2);           \
        c##r##3 = fmaf(a, b3, c##r##3);           \
    } while (0)
/* One k of a block (pa = &A[i][k], pb = &B[k][j]): rows 0..5 alternate the A value between
 * a0 and a1. With MORE, the next k's four B values each load just after row 5's last use of
 * the register they replace, and the next k's row-0 A value last: software pipelining across
 * k, so the FMAs at the head of each k find their operands loaded. (Loading that row-0 value
 * before row 5's FMAs instead, four FMAs ahead like the others, saves no kernel cycles on
 * the 4-wide or the default build.) */
#define SG_KSTEP(MORE)                                                 \
    do {                                                               \
        SG_ROW(0, a0, a1, pa[1 * SG_N]);                               \
        SG_ROW(1, a1, a0, pa[2 * SG_N]);                               \
        SG_ROW(2, a0, a1, pa[3 * SG_N]);                               \
        SG_ROW(3, a1, a0, pa[4 * SG_N]);                               \
        SG_ROW(4, a0, a1, pa[5 * SG_N]);                               \
        c50 = fmaf(a1, b0, c50);                                       \
        if (MORE) b0 = pb[SG_N];                                       \
        c51 = fmaf(a1, b1, c51);                                       \
        if (MORE) b1 = pb[SG_N + 1];                                   \
        c52 = fmaf(a1, b2, c52);                                       \
        if (MORE) b2 = pb[SG_N + 2];                                   \
        c53 = fmaf(a1, b3, c53);                                       \
        if (MORE) {                                                    \
            b3 = pb[SG_N + 3];                                         \
            a0 = pa[1];                                                \
        }                                                              \
    } while (0)
#define SG_STORE(r)                                                                      \
    do {                                                                                 \
        C[i + r][j] = c##r##0;                                                           \
        C[i + r][j + 1] = c##r##1;                                                       \
        C[i + r][j + 2] = c##r##2;                                                       \
        C[i + r][j + 3] = c##r##3;                                                       \
    } while (0)

/* 6 x 4 blocks of C in 24 accumulators: per k, 4 B loads, 6 A loads and 24 FMAs (an outer
 * product) plus the loop's steps. 24 accumulators + 4 B + 2 A = 30 of the 32 f registers stay
 * live, so nothing spills. */
static void __attribute__((noinline, unused)) sg_unrolled(void)
{
    for (int jh = 0; jh < SG_N; jh += SG_JH)
        for (int i = 0; i < SG_N; i += 6)
            for (int j = jh; j < jh + SG_JH; j += 4) {
                float c00 = 0.0f, c01 = 0.0f, c02 = 0.0f, c03 = 0.0f;
                float c10 = 0.0f, c11 = 0.0f, c12 = 0.0f, c13 = 0.0f;
                float c20 = 0.0f, c21 = 0.0f, c22 = 0.0f, c23 = 0.0f;
                float c30 = 0.0f, c31 = 0.0f, c32 = 0.0f, c33 = 0.0f;
                float c40 = 0.0f, c41 = 0.0f, c42 = 0.0f, c43 = 0.0f;
                float c50 = 0.0f, c51 = 0.0f, c52 = 0.0f, c53 = 0.0f;
                const float *pa = &A[i][0], *pb = &B[0][j];
                float b0 = pb[0], b1 = pb[1], b2 = pb[2], b3 = pb[3];
                float a0 = pa[0], a1;
                for (int k = 0; k < SG_N - 1; k++, pa++, pb += SG_N)
                    SG_KSTEP(1);
                SG_KSTEP(0);
                SG_STORE(0);
                SG_STORE(1);
                SG_STORE(2);
                SG_STORE(3);
                SG_STORE(4);
                SG_STORE(5);
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
    SS_ROI_BEGIN();
#if defined(SG_NAIVE)
    sg_naive();
#elif defined(SG_BLOCKED)
    sg_blocked();
#elif defined(SG_UNROLLED)
    sg_unrolled();
#else
#error "define SG_NAIVE, SG_BLOCKED or SG_UNROLLED"
#endif
    SS_ROI_END();
    for (int i = 0; i < SG_N; i++)
        for (int j = 0; j < SG_N; j++) {
            int32_t s = 0;
            for (int k = 0; k < SG_N; k++)
                s += Ai[i][k] * Bi[k][j];
            ss_check(C[i][j] == (float)s, 1 + i);
        }
    SS_ROI_PRINT();
    return 0;
}
