# fmadd.s fmsub.s fnmsub.s fnmadd.s: (+/-)(a*b) (+/-) c with one rounding.
# - (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly (0xa8800000); a separate multiply would round
#   the product to 1.0 and give 0, so this checks the fusion.
# - 0 * inf + qNaN raises NV (RISC-V requires it even with a quiet NaN addend).
# - 1*1 + 2^-24 is a tie: RNE 1.0, RMM 0x3f800001.
#include "test_macros_f.h"
RVTEST_BEGIN
    TEST_FP_R4(2,  fmadd.s,  rne, 0x00, 0x40e00000, 0x40000000, 0x40400000, 0x3f800000)  # 2*3+1
    TEST_FP_R4(3,  fmsub.s,  rne, 0x00, 0x40a00000, 0x40000000, 0x40400000, 0x3f800000)  # 2*3-1
    TEST_FP_R4(4,  fnmsub.s, rne, 0x00, 0xc0a00000, 0x40000000, 0x40400000, 0x3f800000)  # -(2*3)+1
    TEST_FP_R4(5,  fnmadd.s, rne, 0x00, 0xc0e00000, 0x40000000, 0x40400000, 0x3f800000)  # -(2*3)-1
    TEST_FP_R4(6,  fmsub.s,  rne, 0x00, 0xa8800000, 0x3f800001, 0x3f7ffffe, 0x3f800000)  # fused
    TEST_FP_R4(7,  fmadd.s,  rne, 0x10, 0x7fc00000, 0x00000000, 0x7f800000, 0x7fc00000)  # 0*inf+qNaN
    TEST_FP_R4(8,  fmadd.s,  rne, 0x00, 0x7fc00000, 0x3f800000, 0x3f800000, 0x7fc00000)  # 1*1+qNaN
    TEST_FP_R4(9,  fmadd.s,  rne, 0x10, 0x7fc00000, 0x7f800000, 0x3f800000, 0xff800000)  # inf-inf
    TEST_FP_R4(10, fmadd.s,  rne, 0x01, 0x3f800000, 0x3f800000, 0x3f800000, 0x33800000)
    TEST_FP_R4(11, fmadd.s,  rmm, 0x01, 0x3f800001, 0x3f800000, 0x3f800000, 0x33800000)
    TEST_FP_R4(12, fmadd.s,  rne, 0x00, 0x80000000, 0x3f800000, 0x80000000, 0x80000000)  # -0 + -0
    TEST_FP_R4(13, fmadd.s,  rne, 0x00, 0x00000000, 0x3f800000, 0x80000000, 0x00000000)  # -0 + +0
    TEST_FP_R4(14, fnmadd.s, rne, 0x00, 0x80000000, 0x3f800000, 0x00000000, 0x00000000)  # -(+0) - +0
    TEST_FP_R4(15, fmadd.s,  rne, 0x05, 0x7f800000, 0x7f7fffff, 0x40000000, 0x00000000)  # overflow
    TEST_FP_R4(16, fnmsub.s, rne, 0x10, 0x7fc00000, 0x7f800001, 0x3f800000, 0x3f800000)  # sNaN
    TEST_FP_R4(17, fmsub.s,  rdn, 0x00, 0x80000000, 0x3f800000, 0x3f800000, 0x3f800000)  # 1-1 = -0 (rdn)
    TEST_PASSFAIL
RVTEST_END
