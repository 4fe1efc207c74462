# mul mulh mulhsu mulhu: low and high words of the 64-bit product with each signedness.
# -2^31 * -2^31 = 2^62 -> high 0x40000000; -2^31 * (2^32-1) = -2^63 + 2^31 -> mulhsu high
# = floor(-2^31 + 0.5) = 0x80000000; (2^32-1)^2 = 2^64 - 2^33 + 1 -> mulhu 0xfffffffe, mul 1.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_RR_OP(2,  mul, 0x00000000, 0x00000000, 0x00000000)
    TEST_RR_OP(3,  mul, 0x0000000f, 0x00000003, 0x00000005)
    TEST_RR_OP(4,  mul, 0x00000000, 0x80000000, 0x80000000)
    TEST_RR_OP(5,  mul, 0x80000000, 0x80000000, 0xffffffff)
    TEST_RR_OP(6,  mul, 0x00000001, 0xffffffff, 0xffffffff)
    TEST_RR_OP(7,  mul, 0xfffffff9, 0xffffffff, 0x00000007)   # -1 * 7
    TEST_RR_OP(10, mulh, 0x40000000, 0x80000000, 0x80000000)
    TEST_RR_OP(11, mulh, 0x00000000, 0x80000000, 0xffffffff)  # -2^31 * -1 = 2^31
    TEST_RR_OP(12, mulh, 0x00000000, 0xffffffff, 0xffffffff)
    TEST_RR_OP(13, mulh, 0xffffffff, 0xffffffff, 0x00000007)  # -7 sign-extends
    TEST_RR_OP(14, mulh, 0x3fffffff, 0x7fffffff, 0x7fffffff)
    TEST_RR_OP(20, mulhsu, 0xc0000000, 0x80000000, 0x80000000) # -2^31 * 2^31 = -2^62
    TEST_RR_OP(21, mulhsu, 0x80000000, 0x80000000, 0xffffffff)
    TEST_RR_OP(22, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff) # -1 * (2^32-1)
    TEST_RR_OP(23, mulhsu, 0x00000000, 0x00000001, 0xffffffff)
    TEST_RR_OP(30, mulhu, 0x40000000, 0x80000000, 0x80000000)
    TEST_RR_OP(31, mulhu, 0x7fffffff, 0x80000000, 0xffffffff)
    TEST_RR_OP(32, mulhu, 0xfffffffe, 0xffffffff, 0xffffffff)
    TEST_RR_OP(33, mulhu, 0x00000000, 0x0000ffff, 0x0000ffff)
    TEST_RR_SRC12_EQ_DEST(34, mul, 0x00000090, 12)
    TEST_RR_ZERODEST(35, mulhu, 0xffffffff, 0xffffffff)
    TEST_PASSFAIL
RVTEST_END
