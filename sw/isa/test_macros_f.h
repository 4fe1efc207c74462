/*
 * RV32F self-checking test macros (on top of test_macros.h). Operands and results are bit
 * patterns (binary32), so the expected values are exact; each case also checks fflags, which
 * it clears first. f1, f2, f3 hold the operands, f4 the result; x14 the result read back,
 * x15 the flags. `rm` is an assembler rounding-mode name (rne rtz rdn rup rmm dyn).
 */
#ifndef SS_TEST_MACROS_F_H
#define SS_TEST_MACROS_F_H

#include "test_macros.h"

#define FP_LOAD3(a, b, c)                           \
    li x1, a; fmv.w.x f1, x1;                       \
    li x1, b; fmv.w.x f2, x1;                       \
    li x1, c; fmv.w.x f3, x1;                       \
    csrwi fflags, 0

#define FP_CHECK(result, flags)                     \
    csrr x15, fflags;                               \
    li x7, result; bne x14, x7, fail;               \
    li x7, flags; bne x15, x7, fail

/* f4 = inst f1, f2 (, rm) */
#define TEST_FP_RR(n, inst, rm, flags, result, a, b) \
test_##n: li TESTNUM, n; FP_LOAD3(a, b, 0);         \
    inst f4, f1, f2, rm; fmv.x.w x14, f4;           \
    FP_CHECK(result, flags)

/* f4 = inst f1, f2 (no rounding mode: fmin fmax fsgnj*) */
#define TEST_FP_RR_NORM(n, inst, flags, result, a, b) \
test_##n: li TESTNUM, n; FP_LOAD3(a, b, 0);         \
    inst f4, f1, f2; fmv.x.w x14, f4;               \
    FP_CHECK(result, flags)

/* f4 = inst f1, rm (fsqrt) */
#define TEST_FP_R(n, inst, rm, flags, result, a)    \
test_##n: li TESTNUM, n; FP_LOAD3(a, 0, 0);         \
    inst f4, f1, rm; fmv.x.w x14, f4;               \
    FP_CHECK(result, flags)

/* f4 = inst f1, f2, f3, rm (fused multiply-add family) */
#define TEST_FP_R4(n, inst, rm, flags, result, a, b, c) \
test_##n: li TESTNUM, n; FP_LOAD3(a, b, c);         \
    inst f4, f1, f2, f3, rm; fmv.x.w x14, f4;       \
    FP_CHECK(result, flags)

/* x14 = inst f1, f2 (feq flt fle) */
#define TEST_FP_CMP(n, inst, flags, result, a, b)   \
test_##n: li TESTNUM, n; FP_LOAD3(a, b, 0);         \
    inst x14, f1, f2;                               \
    FP_CHECK(result, flags)

/* x14 = fclass.s f1 */
#define TEST_FP_CLASS(n, result, a)                 \
test_##n: li TESTNUM, n; FP_LOAD3(a, 0, 0);         \
    fclass.s x14, f1;                               \
    FP_CHECK(result, 0)

/* x14 = inst f1, rm (fcvt.w[u].s) */
#define TEST_FP_TO_INT(n, inst, rm, flags, result, a) \
test_##n: li TESTNUM, n; FP_LOAD3(a, 0, 0);         \
    inst x14, f1, rm;                               \
    FP_CHECK(result, flags)

/* f4 = inst x1, rm (fcvt.s.w[u]) */
#define TEST_INT_TO_FP(n, inst, rm, flags, result, xval) \
test_##n: li TESTNUM, n; csrwi fflags, 0;           \
    li x1, xval; inst f4, x1, rm; fmv.x.w x14, f4;  \
    FP_CHECK(result, flags)

#endif
