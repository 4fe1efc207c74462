# div divu rem remu: truncation toward zero, sign of the remainder follows the dividend,
# and the two special cases of the M spec (no traps):
#   x / 0      -> div -1, divu 2^32-1, rem x, remu x
#   -2^31 / -1 -> div -2^31, rem 0 (signed overflow)
#include "test_macros.h"
RVTEST_BEGIN
    TEST_RR_OP(2,  div,  3, 20, 6)
    TEST_RR_OP(3,  div,  -3, -20, 6)
    TEST_RR_OP(4,  div,  -3, 20, -6)
    TEST_RR_OP(5,  div,  3, -20, -6)
    TEST_RR_OP(6,  div,  0xffffffff, 5, 0)                  # divide by zero
    TEST_RR_OP(7,  div,  0xffffffff, 0, 0)
    TEST_RR_OP(8,  div,  0x80000000, 0x80000000, -1)        # overflow
    TEST_RR_OP(9,  div,  0xc0000000, 0x80000000, 2)
    TEST_RR_OP(10, divu, 3, 20, 6)
    TEST_RR_OP(11, divu, 715827879, -20, 6)                 # (2^32-20)/6 = 715827879 r 2
    TEST_RR_OP(12, divu, 0, 20, -6)
    TEST_RR_OP(13, divu, 0xffffffff, 5, 0)
    TEST_RR_OP(14, divu, 0xffffffff, 0, 0)
    TEST_RR_OP(15, divu, 0, 0x80000000, -1)
    TEST_RR_OP(20, rem,  2, 20, 6)
    TEST_RR_OP(21, rem,  -2, -20, 6)
    TEST_RR_OP(22, rem,  2, 20, -6)
    TEST_RR_OP(23, rem,  -2, -20, -6)
    TEST_RR_OP(24, rem,  5, 5, 0)                           # divide by zero: dividend
    TEST_RR_OP(25, rem,  0x80000000, 0x80000000, 0)
    TEST_RR_OP(26, rem,  0, 0x80000000, -1)                 # overflow: 0
    TEST_RR_OP(30, remu, 2, 20, 6)
    TEST_RR_OP(31, remu, 2, -20, 6)
    TEST_RR_OP(32, remu, 20, 20, -6)
    TEST_RR_OP(33, remu, 5, 5, 0)
    TEST_RR_OP(34, remu, 0xffffffff, -1, 0)
    TEST_RR_OP(35, remu, 0x80000000, 0x80000000, -1)
    TEST_RR_ZERODEST(36, div, 7, 0)
    TEST_RR_SRC1_EQ_DEST(37, rem, 1, 13, 4)
    TEST_PASSFAIL
RVTEST_END
