# jal/jalr: link = pc + 4, jalr clears target bit 0, rd = rs1 reads rs1 before the write.
#include "test_macros.h"
RVTEST_BEGIN
test_2:
    li      TESTNUM, 2
    jal     x1, 1f
0:  j       fail
1:  la      x2, 0b
    bne     x1, x2, fail
test_3:                                 # jal x0 (plain jump) does not write x0
    li      TESTNUM, 3
    jal     x0, 1f
    j       fail
1:  bnez    x0, fail
test_4:                                 # jalr with a negative offset, link checked
    li      TESTNUM, 4
    la      x5, 1f + 4
    jalr    x1, -4(x5)
0:  j       fail
1:  la      x2, 0b
    bne     x1, x2, fail
test_4b:
    li      TESTNUM, 5
    la      x5, 3f
    addi    x5, x5, 1                   # bit 0 set: cleared by jalr, no trap
    jalr    x1, 0(x5)
    j       fail
3:  nop
test_6:                                 # rd == rs1: target uses the old rs1
    li      TESTNUM, 6
    la      x1, 4f
    jalr    x1, 0(x1)
5:  j       fail
4:  la      x2, 5b
    bne     x1, x2, fail
    TEST_PASSFAIL
RVTEST_END
