/*
 * spmv: y = A x with A (128 x 128, ~6% non-zeros from an LCG) in CSR form. Bottleneck:
 * dcache_l1 / depend (indirect x[col[k]] loads; manifest: mixed). Check: equals the
 * dense product of the same matrix computed row by row from the dense copy.
 */
#include <stdint.h>

#include "stackscope.h"

#define N 128
#define MAXNZ (N * N / 8)

static int32_t dense[N][N];
static int32_t val[MAXNZ];
static uint16_t col[MAXNZ];
static uint32_t rowptr[N + 1];
static int32_t x[N], y_csr[N], y_dense[N];

int main(void)
{
    uint32_t seed = 3, nnz = 0;
    for (int i = 0; i < N; i++) {
        rowptr[i] = nnz;
        for (int j = 0; j < N; j++) {
            seed = seed * 1664525u + 1013904223u;
            int32_t v = (seed >> 28) == 0 ? (int32_t)((seed >> 8) & 0xff) - 128 : 0;
            dense[i][j] = v;
            if (v != 0 && nnz < MAXNZ) {
                val[nnz] = v;
                col[nnz] = (uint16_t)j;
                nnz++;
            } else {
                dense[i][j] = 0;
            }
        }
    }
    rowptr[N] = nnz;
    for (int j = 0; j < N; j++)
        x[j] = j * 3 - 200;
    for (int rep = 0; rep < 4; rep++) {
        for (int i = 0; i < N; i++) {
            int32_t s = 0;
            for (uint32_t k = rowptr[i]; k < rowptr[i + 1]; k++)
                s += val[k] * x[col[k]];
            y_csr[i] = s;
        }
        ss_keep(y_csr);
    }
    for (int i = 0; i < N; i++) {
        int32_t s = 0;
        for (int j = 0; j < N; j++)
            s += dense[i][j] * x[j];
        y_dense[i] = s;
    }
    ss_check(nnz > N, 1);
    for (int i = 0; i < N; i++)
        ss_check(y_csr[i] == y_dense[i], 2);
    return 0;
}
