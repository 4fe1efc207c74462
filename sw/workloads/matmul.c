/*
 * matmul_{naive,interchange,blocked}: C = A * B, N = 32, int32 -- the three variants of
 * Yasin's Top-Down case study (seed 001, Table 4). naive (ijk) walks B down a column, one
 * line per element: dcache-bound (bottleneck dcache_l1/l2 by cache size; manifest: mixed).
 * interchange (ikj) walks B and C along rows: unit stride, the bottleneck moves to the
 * core (base). blocked tiles 8x8 and unrolls the inner loop by 4: fewer loads per multiply.
 * Check: sum over all of C equals sum_k colsum(A)[k] * rowsum(B)[k], an O(N^2) identity
 * that shares no code with the multiply.
 */
#include <stdint.h>

#include "stackscope.h"

#define N 32
#define BS 8

static int32_t A[N][N], B[N][N], C[N][N];

static void __attribute__((noinline, unused)) mm_naive(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++)
                s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
}

static void __attribute__((noinline, unused)) mm_interchange(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            C[i][j] = 0;
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++) {
            int32_t a = A[i][k];
            for (int j = 0; j < N; j++)
                C[i][j] += a * B[k][j];
        }
}

static void __attribute__((noinline, unused)) mm_blocked(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            C[i][j] = 0;
    for (int ii = 0; ii < N; ii += BS)
        for (int kk = 0; kk < N; kk += BS)
            for (int jj = 0; jj < N; jj += BS)
                for (int i = ii; i < ii + BS; i++)
                    for (int k = kk; k < kk + BS; k++) {
                        int32_t a = A[i][k];
                        for (int j = jj; j < jj + BS; j += 4) {
                            C[i][j] += a * B[k][j];
                            C[i][j + 1] += a * B[k][j + 1];
                            C[i][j + 2] += a * B[k][j + 2];
                            C[i][j + 3] += a * B[k][j + 3];
                        }
                    }
}

int main(void)
{
    uint32_t seed = 7;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            seed = seed * 1664525u + 1013904223u;
            A[i][j] = (int32_t)(seed >> 24) - 128;
            seed = seed * 1664525u + 1013904223u;
            B[i][j] = (int32_t)(seed >> 24) - 128;
        }
#if defined(MM_NAIVE)
    mm_naive();
#elif defined(MM_INTERCHANGE)
    mm_interchange();
#elif defined(MM_BLOCKED)
    mm_blocked();
#else
#error "define MM_NAIVE, MM_INTERCHANGE or MM_BLOCKED"
#endif
    int32_t total = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            total += C[i][j];
    int32_t expect = 0;
    for (int k = 0; k < N; k++) {
        int32_t col = 0, row = 0;
        for (int i = 0; i < N; i++)
            col += A[i][k];
        for (int j = 0; j < N; j++)
            row += B[k][j];
        expect += col * row;
    }
    ss_check(total == expect, 1);
    return 0;
}
