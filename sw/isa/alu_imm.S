# RV32I immediate ALU ops: addi slti sltiu xori ori andi slli srli srai.
# The 12-bit immediate is sign-extended (also for sltiu and the logical ops).
#include "test_macros.h"
RVTEST_BEGIN
    TEST_IMM_OP(2,  addi, 0x00000000, 0x00000000, 0)
    TEST_IMM_OP(3,  addi, 0x0000000a, 0x00000003, 7)
    TEST_IMM_OP(4,  addi, 0xfffff800, 0x00000000, -2048)
    TEST_IMM_OP(5,  addi, 0x000007ff, 0x00000000, 2047)
    TEST_IMM_OP(6,  addi, 0x80000000, 0x7fffffff, 1)
    TEST_IMM_OP(7,  addi, 0x7fffffff, 0x80000000, -1)
    TEST_IMM_ZERODEST(8, addi, 33, 50)
    TEST_CASE(9, x1, 0x00000010, li x1, 13; addi x1, x1, 3)
    TEST_CASE(10, x1, 0x00000020, addi x1, x0, 32)

    TEST_IMM_OP(12, slti, 1, 0xfffff800, -2047)
    TEST_IMM_OP(13, slti, 0, 0x00000000, -1)
    TEST_IMM_OP(14, slti, 1, 0x80000000, 0)
    TEST_IMM_OP(15, sltiu, 1, 0x00000000, -1)                 # imm -> 0xffffffff
    TEST_IMM_OP(16, sltiu, 0, 0xffffffff, -1)
    TEST_IMM_OP(17, sltiu, 1, 0x00000000, 1)                  # seqz idiom
    TEST_IMM_OP(18, sltiu, 0, 0x00000007, 1)

    TEST_IMM_OP(20, xori, 0xff00f00f, 0x00ff0f00, -241)       # imm 0xf0f -> 0xffffff0f
    TEST_IMM_OP(21, xori, 0xfffffffe, 0x00000001, -1)         # not idiom
    TEST_IMM_OP(22, ori,  0xffffffff, 0x0ff00ff0, -241)       # 0x0ff00ff0 | 0xffffff0f
    TEST_IMM_OP(23, ori,  0x0ff00fff, 0x0ff00ff0, 0x00f)
    TEST_IMM_OP(24, andi, 0x0ff00f00, 0x0ff00ff0, -241)
    TEST_IMM_OP(25, andi, 0x000000f0, 0xff00fff0, 0x0f0)

    TEST_IMM_OP(30, slli, 0x00000001, 0x00000001, 0)
    TEST_IMM_OP(31, slli, 0x80000000, 0x00000001, 31)
    TEST_IMM_OP(32, slli, 0x42424200, 0x21212121, 9)          # (0x21212121 << 9) mod 2^32
    TEST_IMM_OP(33, srli, 0x00000001, 0x80000000, 31)
    TEST_IMM_OP(34, srli, 0x00ff00ff, 0xff00ff00, 8)
    TEST_IMM_OP(35, srai, 0xffffffff, 0x80000000, 31)
    TEST_IMM_OP(36, srai, 0xffff00ff, 0xff00ff00, 8)
    TEST_IMM_OP(37, srai, 0x003fffff, 0x7fffffff, 9)
    TEST_PASSFAIL
RVTEST_END
