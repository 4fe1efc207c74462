# fcvt.w.s fcvt.wu.s fcvt.s.w fcvt.s.wu. Out of range and NaN (F chapter, conversion
# table): w: NaN and too large -> 2^31-1, too negative -> -2^31; wu: NaN and too large ->
# 2^32-1, negative (after rounding) -> 0; only NV is raised then. In range, NX if inexact.
# 2^24 + 1 is the tie between 2^24 and 2^24 + 2.
#include "test_macros_f.h"
RVTEST_BEGIN
    TEST_FP_TO_INT(2,  fcvt.w.s, rne, 0x01, 2, 0x40200000)             # 2.5
    TEST_FP_TO_INT(3,  fcvt.w.s, rmm, 0x01, 3, 0x40200000)
    TEST_FP_TO_INT(4,  fcvt.w.s, rdn, 0x01, -3, 0xc0200000)            # -2.5
    TEST_FP_TO_INT(5,  fcvt.w.s, rup, 0x01, -2, 0xc0200000)
    TEST_FP_TO_INT(6,  fcvt.w.s, rtz, 0x01, -2, 0xc0200000)
    TEST_FP_TO_INT(7,  fcvt.w.s, rtz, 0x10, 0x7fffffff, 0x4f000000)    # 2^31
    TEST_FP_TO_INT(8,  fcvt.w.s, rtz, 0x00, 0x80000000, 0xcf000000)    # -2^31 fits
    TEST_FP_TO_INT(9,  fcvt.w.s, rtz, 0x10, 0x7fffffff, 0x7fc00000)    # NaN
    TEST_FP_TO_INT(10, fcvt.w.s, rtz, 0x10, 0x80000000, 0xff800000)    # -inf
    TEST_FP_TO_INT(11, fcvt.w.s, rtz, 0x10, 0x7fffffff, 0x7f800000)    # +inf
    TEST_FP_TO_INT(12, fcvt.w.s, rne, 0x00, 0x7fffff80, 0x4effffff)    # 2^31 - 128
    TEST_FP_TO_INT(13, fcvt.w.s, rne, 0x00, 0, 0x80000000)             # -0
    TEST_FP_TO_INT(14, fcvt.w.s, rup, 0x01, 1, 0x00000001)             # 2^-149 up
    TEST_FP_TO_INT(15, fcvt.w.s, rdn, 0x01, -1, 0x80000001)
    TEST_FP_TO_INT(16, fcvt.w.s, rne, 0x10, 0x80000000, 0xcf000001)    # below -2^31
    TEST_FP_TO_INT(20, fcvt.wu.s, rne, 0x00, 3, 0x40400000)
    TEST_FP_TO_INT(21, fcvt.wu.s, rtz, 0x10, 0, 0xbf800000)            # -1
    TEST_FP_TO_INT(22, fcvt.wu.s, rtz, 0x01, 0, 0xbf000000)            # -0.5 -> -0: in range
    TEST_FP_TO_INT(23, fcvt.wu.s, rdn, 0x10, 0, 0xbf000000)            # -0.5 -> -1: invalid
    TEST_FP_TO_INT(24, fcvt.wu.s, rtz, 0x10, 0xffffffff, 0x4f800000)   # 2^32
    TEST_FP_TO_INT(25, fcvt.wu.s, rtz, 0x00, 0xffffff00, 0x4f7fffff)   # 2^32 - 256
    TEST_FP_TO_INT(26, fcvt.wu.s, rtz, 0x10, 0xffffffff, 0x7fc00000)   # NaN
    TEST_FP_TO_INT(27, fcvt.wu.s, rtz, 0x10, 0, 0xff800000)            # -inf
    TEST_FP_TO_INT(28, fcvt.wu.s, rmm, 0x01, 3, 0x40200000)            # 2.5
    TEST_INT_TO_FP(30, fcvt.s.w, rne, 0x01, 0x4b800000, 0x01000001)    # 2^24 + 1
    TEST_INT_TO_FP(31, fcvt.s.w, rmm, 0x01, 0x4b800001, 0x01000001)
    TEST_INT_TO_FP(32, fcvt.s.w, rup, 0x01, 0x4b800001, 0x01000001)
    TEST_INT_TO_FP(33, fcvt.s.w, rne, 0x00, 0xbf800000, -1)
    TEST_INT_TO_FP(34, fcvt.s.w, rne, 0x00, 0xcf000000, 0x80000000)    # -2^31
    TEST_INT_TO_FP(35, fcvt.s.w, rne, 0x01, 0x4f000000, 0x7fffffff)
    TEST_INT_TO_FP(36, fcvt.s.w, rtz, 0x01, 0x4effffff, 0x7fffffff)
    TEST_INT_TO_FP(37, fcvt.s.w, rne, 0x00, 0x00000000, 0)             # +0
    TEST_INT_TO_FP(38, fcvt.s.w, rdn, 0x01, 0xcb800001, -0x01000001)   # -(2^24+1) down
    TEST_INT_TO_FP(40, fcvt.s.wu, rne, 0x01, 0x4f800000, 0xffffffff)
    TEST_INT_TO_FP(41, fcvt.s.wu, rtz, 0x01, 0x4f7fffff, 0xffffffff)
    TEST_INT_TO_FP(42, fcvt.s.wu, rne, 0x00, 0x4f000000, 0x80000000)   # 2^31, unsigned
    TEST_INT_TO_FP(43, fcvt.s.wu, rne, 0x00, 0x3f800000, 1)
    TEST_PASSFAIL
RVTEST_END
