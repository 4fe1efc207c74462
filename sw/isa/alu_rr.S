# RV32I register-register ALU ops: add sub sll slt sltu xor srl sra or and.
# Expected values worked by hand from the ISA manual (two's complement, shamt = rs2[4:0]).
#include "test_macros.h"
RVTEST_BEGIN
    TEST_RR_OP(2,  add, 0x00000000, 0x00000000, 0x00000000)
    TEST_RR_OP(3,  add, 0x0000000a, 0x00000003, 0x00000007)
    TEST_RR_OP(4,  add, 0x80000000, 0x7fffffff, 0x00000001)   # wraps, no trap
    TEST_RR_OP(5,  add, 0x00000000, 0xffffffff, 0x00000001)
    TEST_RR_OP(6,  add, 0xfffffffe, 0x80000000, 0x7ffffffe)
    TEST_RR_SRC1_EQ_DEST(7, add, 24, 13, 11)
    TEST_RR_SRC12_EQ_DEST(8, add, 26, 13)
    TEST_RR_ZERODEST(9, add, 16, 30)
    TEST_RR_ZEROSRC1(10, add, 15, 15)
    TEST_RR_ZEROSRC2(11, add, 32, 32)

    TEST_RR_OP(12, sub, 0x00000000, 0x00000003, 0x00000003)
    TEST_RR_OP(13, sub, 0xfffffffc, 0x00000003, 0x00000007)
    TEST_RR_OP(14, sub, 0x7fffffff, 0x80000000, 0x00000001)
    TEST_RR_OP(15, sub, 0x80000001, 0x00000000, 0x7fffffff)
    TEST_RR_ZEROSRC1(16, sub, 0xfffffff1, 15)
    TEST_RR_ZERODEST(17, sub, 16, 30)

    TEST_RR_OP(20, sll, 0x00000001, 0x00000001, 0)
    TEST_RR_OP(21, sll, 0x80000000, 0x00000001, 31)
    TEST_RR_OP(22, sll, 0x00000002, 0x00000001, 33)           # only rs2[4:0] used
    TEST_RR_OP(23, sll, 0x90909080, 0x21212121, 0xffffffe7)   # shamt 7
    TEST_RR_OP(24, sll, 0x80000000, 0x21212121, 0xffffffff)   # shamt 31, bit 0 survives
    TEST_RR_OP(25, srl, 0x01000000, 0x80000000, 7)
    TEST_RR_OP(26, srl, 0x00000001, 0x80000000, 31)
    TEST_RR_OP(27, srl, 0x00000001, 0xffffffff, 0xffffffff)
    TEST_RR_OP(28, sra, 0xff000000, 0x80000000, 7)
    TEST_RR_OP(29, sra, 0xffffffff, 0x80000000, 31)
    TEST_RR_OP(30, sra, 0x00ffffff, 0x7fffffff, 7)
    TEST_RR_OP(31, sra, 0x80000000, 0x80000000, 0xffffffe0) # shamt 0

    TEST_RR_OP(40, slt, 0, 0x00000000, 0x00000000)
    TEST_RR_OP(41, slt, 1, 0x80000000, 0x00000000)
    TEST_RR_OP(42, slt, 0, 0x7fffffff, 0x80000000)
    TEST_RR_OP(43, slt, 1, 0xffffffff, 0x00000001)
    TEST_RR_OP(44, sltu, 0, 0x80000000, 0x00000000)
    TEST_RR_OP(45, sltu, 1, 0x7fffffff, 0x80000000)
    TEST_RR_OP(46, sltu, 0, 0xffffffff, 0x00000001)
    TEST_RR_ZEROSRC1(47, sltu, 1, 5)                          # snez idiom
    TEST_RR_ZEROSRC1(48, sltu, 0, 0)

    TEST_RR_OP(50, xor, 0xf0f0f0f0, 0xff00ff00, 0x0ff00ff0)
    TEST_RR_OP(51, or,  0xfff0fff0, 0xff00ff00, 0x0ff00ff0)
    TEST_RR_OP(52, and, 0x0f000f00, 0xff00ff00, 0x0ff00ff0)
    TEST_RR_OP(53, xor, 0x00000000, 0x12345678, 0x12345678)
    TEST_RR_SRC12_EQ_DEST(54, or, 0x12345678, 0x12345678)
    TEST_RR_ZERODEST(55, and, 0xffffffff, 0xffffffff)
    TEST_PASSFAIL
RVTEST_END
