# fmin.s fmax.s (IEEE 754-2019 minimumNumber/maximumNumber: a NaN operand yields the other
# operand, -0 < +0, two NaNs give the canonical NaN, sNaN raises NV) and fsgnj.s fsgnjn.s
# fsgnjx.s (pure sign-bit operations: NaN payloads pass, no flags).
#include "test_macros_f.h"
RVTEST_BEGIN
    TEST_FP_RR_NORM(2,  fmin.s, 0x00, 0x3f800000, 0x3f800000, 0x40000000)
    TEST_FP_RR_NORM(3,  fmax.s, 0x00, 0x40000000, 0x3f800000, 0x40000000)
    TEST_FP_RR_NORM(4,  fmin.s, 0x00, 0x80000000, 0x00000000, 0x80000000)
    TEST_FP_RR_NORM(5,  fmax.s, 0x00, 0x00000000, 0x80000000, 0x00000000)
    TEST_FP_RR_NORM(6,  fmin.s, 0x00, 0x3f800000, 0x7fc00000, 0x3f800000)
    TEST_FP_RR_NORM(7,  fmax.s, 0x10, 0x3f800000, 0x7f800001, 0x3f800000)
    TEST_FP_RR_NORM(8,  fmin.s, 0x00, 0x7fc00000, 0x7fc00001, 0xffc00000)
    TEST_FP_RR_NORM(9,  fmax.s, 0x10, 0x7fc00000, 0x7fa00000, 0x7fc00000)
    TEST_FP_RR_NORM(10, fmin.s, 0x00, 0xff800000, 0xff800000, 0x40a00000)
    TEST_FP_RR_NORM(11, fmax.s, 0x00, 0xbf800000, 0xc0000000, 0xbf800000)
    TEST_FP_RR_NORM(20, fsgnj.s,  0x00, 0xbf800000, 0x3f800000, 0xc0000000)
    TEST_FP_RR_NORM(21, fsgnjn.s, 0x00, 0x3f800000, 0x3f800000, 0xc0000000)
    TEST_FP_RR_NORM(22, fsgnjx.s, 0x00, 0x3f800000, 0xbf800000, 0xc0000000)
    TEST_FP_RR_NORM(23, fsgnjx.s, 0x00, 0xbf800000, 0xbf800000, 0x40000000)
    TEST_FP_RR_NORM(24, fsgnj.s,  0x00, 0xff800001, 0x7f800001, 0xbf800000)   # sNaN kept, no NV
    TEST_FP_RR_NORM(25, fsgnjn.s, 0x00, 0xbf800000, 0x3f800000, 0x3f800000)   # fneg.s
    TEST_FP_RR_NORM(26, fsgnjx.s, 0x00, 0x3f800000, 0xbf800000, 0xbf800000)   # fabs.s
    TEST_PASSFAIL
RVTEST_END
