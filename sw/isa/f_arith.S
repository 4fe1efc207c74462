# fadd.s fsub.s fmul.s fdiv.s fsqrt.s: results and fflags (NX 1, UF 2, OF 4, DZ 8, NV 16)
# worked out by hand from IEEE 754 and the RISC-V F chapter:
# - 1 + 2^-24 is the tie between 1.0 and 1 + 2^-23: RNE/RTZ give 1.0, RMM/RUP 0x3f800001.
# - (1 + 2^-23) * 2^-126 (1 - 2^-23) = 2^-126 (1 - 2^-46): rounded to 24 bits it is 2^-126, so
#   it is not tiny after rounding (RISC-V): RNE gives 2^-126 with NX only; RTZ keeps it tiny
#   (0x007fffff, UF NX).
# - 1/3 = 0x3eaaaaaa + 2/3 ulp: RNE/RUP 0x3eaaaaab, RTZ/RDN 0x3eaaaaaa.
# - sqrt(2) lies between 0x3fb504f3 (1.41421353...) and 0x3fb504f4, nearer the first.
# - every NaN result is the canonical 0x7fc00000; signalling NaN operands raise NV.
#include "test_macros_f.h"
RVTEST_BEGIN
    TEST_FP_RR(2,  fadd.s, rne, 0x00, 0x40400000, 0x3f800000, 0x40000000)   # 1 + 2 = 3
    TEST_FP_RR(3,  fadd.s, rne, 0x01, 0x3f800000, 0x3f800000, 0x33800000)
    TEST_FP_RR(4,  fadd.s, rmm, 0x01, 0x3f800001, 0x3f800000, 0x33800000)
    TEST_FP_RR(5,  fadd.s, rup, 0x01, 0x3f800001, 0x3f800000, 0x33800000)
    TEST_FP_RR(6,  fadd.s, rtz, 0x01, 0x3f800000, 0x3f800000, 0x33800000)
    TEST_FP_RR(7,  fadd.s, rdn, 0x01, 0xbf800001, 0xbf800000, 0xb3800000)
    TEST_FP_RR(8,  fadd.s, rne, 0x10, 0x7fc00000, 0x7f800000, 0xff800000)   # inf - inf
    TEST_FP_RR(9,  fadd.s, rne, 0x00, 0x7fc00000, 0x7fc00123, 0x3f800000)   # qNaN payload dropped
    TEST_FP_RR(10, fadd.s, rne, 0x10, 0x7fc00000, 0x7f800001, 0x3f800000)   # sNaN
    TEST_FP_RR(11, fadd.s, rne, 0x05, 0x7f800000, 0x7f7fffff, 0x7f7fffff)   # overflow
    TEST_FP_RR(12, fadd.s, rtz, 0x05, 0x7f7fffff, 0x7f7fffff, 0x7f7fffff)
    TEST_FP_RR(13, fadd.s, rne, 0x00, 0x00000002, 0x00000001, 0x00000001)   # subnormals, exact
    TEST_FP_RR(14, fadd.s, rne, 0x00, 0x80000000, 0x80000000, 0x80000000)   # -0 + -0
    TEST_FP_RR(15, fadd.s, rne, 0x00, 0x00000000, 0x00000000, 0x80000000)   # +0 + -0
    TEST_FP_RR(16, fadd.s, rdn, 0x00, 0x80000000, 0x00000000, 0x80000000)
    TEST_FP_RR(20, fsub.s, rne, 0x00, 0x40000000, 0x40400000, 0x3f800000)   # 3 - 1
    TEST_FP_RR(21, fsub.s, rne, 0x00, 0x00000000, 0x3f800000, 0x3f800000)   # x - x = +0
    TEST_FP_RR(22, fsub.s, rdn, 0x00, 0x80000000, 0x3f800000, 0x3f800000)   # ... -0 rounding down
    TEST_FP_RR(23, fsub.s, rne, 0x10, 0x7fc00000, 0x7f800000, 0x7f800000)
    TEST_FP_RR(24, fsub.s, rne, 0x01, 0x3f800000, 0x3f800000, 0x33000000)   # 1 - 2^-25: tie, even
    TEST_FP_RR(25, fsub.s, rtz, 0x01, 0x3f7fffff, 0x3f800000, 0x33000000)
    TEST_FP_RR(30, fmul.s, rne, 0x00, 0x41200000, 0x40200000, 0x40800000)   # 2.5 * 4 = 10
    TEST_FP_RR(31, fmul.s, rne, 0x05, 0x7f800000, 0x7f7fffff, 0x40000000)
    TEST_FP_RR(32, fmul.s, rdn, 0x05, 0x7f7fffff, 0x7f7fffff, 0x40000000)
    TEST_FP_RR(33, fmul.s, rup, 0x05, 0xff7fffff, 0xff7fffff, 0x40000000)
    TEST_FP_RR(34, fmul.s, rne, 0x01, 0x00800000, 0x3f800001, 0x007fffff)   # tininess after rounding
    TEST_FP_RR(35, fmul.s, rtz, 0x03, 0x007fffff, 0x3f800001, 0x007fffff)
    TEST_FP_RR(36, fmul.s, rne, 0x03, 0x00000000, 0x00000001, 0x3f000000)   # 2^-150: tie to 0
    TEST_FP_RR(37, fmul.s, rmm, 0x03, 0x00000001, 0x00000001, 0x3f000000)   # ... away: 2^-149
    TEST_FP_RR(38, fmul.s, rne, 0x10, 0x7fc00000, 0x7f800000, 0x00000000)   # inf * 0
    TEST_FP_RR(39, fmul.s, rne, 0x00, 0x80000000, 0x80000000, 0x40a00000)   # -0 * 5
    TEST_FP_RR(40, fdiv.s, rne, 0x08, 0x7f800000, 0x3f800000, 0x00000000)   # 1/0
    TEST_FP_RR(41, fdiv.s, rne, 0x08, 0xff800000, 0xbf800000, 0x00000000)
    TEST_FP_RR(42, fdiv.s, rne, 0x10, 0x7fc00000, 0x00000000, 0x00000000)   # 0/0
    TEST_FP_RR(43, fdiv.s, rne, 0x10, 0x7fc00000, 0x7f800000, 0xff800000)   # inf/inf
    TEST_FP_RR(44, fdiv.s, rne, 0x01, 0x3eaaaaab, 0x3f800000, 0x40400000)   # 1/3
    TEST_FP_RR(45, fdiv.s, rtz, 0x01, 0x3eaaaaaa, 0x3f800000, 0x40400000)
    TEST_FP_RR(46, fdiv.s, rup, 0x01, 0x3eaaaaab, 0x3f800000, 0x40400000)
    TEST_FP_RR(47, fdiv.s, rdn, 0x01, 0x3eaaaaaa, 0x3f800000, 0x40400000)
    TEST_FP_RR(48, fdiv.s, rne, 0x00, 0x40000000, 0x40c00000, 0x40400000)   # 6/3 = 2
    TEST_FP_RR(49, fdiv.s, rne, 0x00, 0x00000000, 0x3f800000, 0x7f800000)   # 1/inf
    TEST_FP_R(50, fsqrt.s, rne, 0x00, 0x40000000, 0x40800000)               # sqrt 4 = 2
    TEST_FP_R(51, fsqrt.s, rne, 0x01, 0x3fb504f3, 0x40000000)               # sqrt 2
    TEST_FP_R(52, fsqrt.s, rup, 0x01, 0x3fb504f4, 0x40000000)
    TEST_FP_R(53, fsqrt.s, rtz, 0x01, 0x3fb504f3, 0x40000000)
    TEST_FP_R(54, fsqrt.s, rne, 0x10, 0x7fc00000, 0xbf800000)               # sqrt -1
    TEST_FP_R(55, fsqrt.s, rne, 0x00, 0x80000000, 0x80000000)               # sqrt -0 = -0
    TEST_FP_R(56, fsqrt.s, rne, 0x00, 0x7f800000, 0x7f800000)
    TEST_FP_R(57, fsqrt.s, rne, 0x01, 0x1a3504f3, 0x00000001)               # sqrt 2^-149 = 2^-75 sqrt 2
    TEST_FP_R(58, fsqrt.s, rne, 0x10, 0x7fc00000, 0xff800000)               # sqrt -inf
    TEST_PASSFAIL
RVTEST_END
