# x0 is hard-wired to zero: writes by every instruction class are discarded.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_CASE(2, x0, 0, li x1, 5; add x0, x1, x1)
    TEST_CASE(3, x0, 0, addi x0, x0, 1)
    TEST_CASE(4, x0, 0, lui x0, 0x12345)
    TEST_CASE(5, x0, 0, auipc x0, 1)
    TEST_CASE(6, x0, 0, li x1, 3; li x2, 4; mul x0, x1, x2)
    TEST_CASE(7, x0, 0, li x1, 3; li x2, 4; div x0, x1, x2)
    TEST_CASE(8, x0, 0, la x1, tdat; lw x0, 0(x1))
    TEST_CASE(9, x0, 0, csrr x0, mscratch)
    TEST_CASE(10, x0, 0, jal x0, 1f; 1: nop)
    # x0 as a source reads zero even right after an attempted write
    TEST_CASE(11, x4, 9, li x1, 9; addi x0, x1, 0; add x4, x1, x0)
    TEST_CASE(12, x4, 0, li x1, 9; addi x0, x1, 0; sub x4, x0, x0)
    TEST_PASSFAIL
RVTEST_END
tdat:
    .word 0xdeadbeef
