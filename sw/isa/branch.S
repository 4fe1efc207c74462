# beq bne blt bge bltu bgeu: signed vs unsigned compares, equality edges, backward targets.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_BR_TAKEN(2, beq, 0, 0)
    TEST_BR_TAKEN(3, beq, -1, -1)
    TEST_BR_NOT_TAKEN(4, beq, 0, 1)
    TEST_BR_NOT_TAKEN(5, beq, 0x80000000, 0)
    TEST_BR_TAKEN(6, bne, 0, 1)
    TEST_BR_TAKEN(7, bne, 0x80000000, 0)
    TEST_BR_NOT_TAKEN(8, bne, 5, 5)
    TEST_BR_TAKEN(10, blt, -1, 1)
    TEST_BR_TAKEN(11, blt, 0x80000000, 0x7fffffff)
    TEST_BR_NOT_TAKEN(12, blt, 1, -1)
    TEST_BR_NOT_TAKEN(13, blt, 3, 3)
    TEST_BR_TAKEN(14, bge, 3, 3)
    TEST_BR_TAKEN(15, bge, 1, -1)
    TEST_BR_NOT_TAKEN(16, bge, 0x80000000, 0)
    TEST_BR_TAKEN(20, bltu, 1, -1)
    TEST_BR_TAKEN(21, bltu, 0x7fffffff, 0x80000000)
    TEST_BR_NOT_TAKEN(22, bltu, -1, 1)
    TEST_BR_NOT_TAKEN(23, bltu, 3, 3)
    TEST_BR_TAKEN(24, bgeu, -1, 1)
    TEST_BR_TAKEN(25, bgeu, 0, 0)
    TEST_BR_NOT_TAKEN(26, bgeu, 0x7fffffff, 0x80000000)
    # Backward branch: a 3-iteration countdown loop must leave x4 = 3.
    TEST_CASE(30, x4, 3, li x1, 3; li x4, 0; 8: addi x4, x4, 1; addi x1, x1, -1; bnez x1, 8b)
    TEST_PASSFAIL
RVTEST_END
