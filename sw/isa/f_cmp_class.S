# feq.s (quiet: NV only for signalling NaNs), flt.s / fle.s (signalling: NV for any NaN),
# +0 == -0; fclass.s sets exactly one of bits 0..9.
#include "test_macros_f.h"
RVTEST_BEGIN
    TEST_FP_CMP(2,  feq.s, 0x00, 1, 0x3f800000, 0x3f800000)
    TEST_FP_CMP(3,  feq.s, 0x00, 1, 0x00000000, 0x80000000)
    TEST_FP_CMP(4,  feq.s, 0x00, 0, 0x7fc00000, 0x3f800000)
    TEST_FP_CMP(5,  feq.s, 0x10, 0, 0x7f800001, 0x3f800000)
    TEST_FP_CMP(6,  feq.s, 0x00, 0, 0x7fc00000, 0x7fc00000)
    TEST_FP_CMP(7,  flt.s, 0x00, 1, 0x3f800000, 0x40000000)
    TEST_FP_CMP(8,  flt.s, 0x00, 0, 0x40000000, 0x3f800000)
    TEST_FP_CMP(9,  flt.s, 0x10, 0, 0x7fc00000, 0x3f800000)
    TEST_FP_CMP(10, flt.s, 0x00, 0, 0x80000000, 0x00000000)
    TEST_FP_CMP(11, flt.s, 0x00, 1, 0xff800000, 0xff7fffff)
    TEST_FP_CMP(12, fle.s, 0x00, 1, 0x80000000, 0x00000000)
    TEST_FP_CMP(13, fle.s, 0x00, 1, 0x3f800000, 0x3f800000)
    TEST_FP_CMP(14, fle.s, 0x10, 0, 0x7fc00000, 0x7fc00000)
    TEST_FP_CMP(15, fle.s, 0x00, 0, 0x00000001, 0x80000001)
    TEST_FP_CLASS(20, 0x001, 0xff800000)   # -inf
    TEST_FP_CLASS(21, 0x002, 0xbf800000)   # negative normal
    TEST_FP_CLASS(22, 0x004, 0x807fffff)   # negative subnormal
    TEST_FP_CLASS(23, 0x008, 0x80000000)   # -0
    TEST_FP_CLASS(24, 0x010, 0x00000000)   # +0
    TEST_FP_CLASS(25, 0x020, 0x00000001)   # positive subnormal
    TEST_FP_CLASS(26, 0x040, 0x7f7fffff)   # positive normal
    TEST_FP_CLASS(27, 0x080, 0x7f800000)   # +inf
    TEST_FP_CLASS(28, 0x100, 0xff800001)   # signalling NaN
    TEST_FP_CLASS(29, 0x200, 0x7fc00000)   # quiet NaN
    TEST_PASSFAIL
RVTEST_END
