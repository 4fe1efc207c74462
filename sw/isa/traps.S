# Synchronous exceptions (priv spec table 3.6): misaligned load (4) / store (6) with mtval =
# the address and no register or memory update, misaligned jump/branch target (0, mtval =
# target, mepc = the jump), ecall (11, mtval 0), ebreak (3), illegal instruction (2).
# Without C, only 4-byte aligned targets are legal; jalr clears bit 0 but not bit 1.
#include "test_macros.h"
RVTEST_BEGIN
    la      x1, tdat
    li      x14, 0x5a5a5a5a
    addi    x29, x1, 1
    TEST_TRAP(2, 4, lw x14, 1(x1))
    li      x7, 0x5a5a5a5a
    bne     x14, x7, fail                # rd untouched
    addi    x29, x1, 2
    TEST_TRAP(3, 4, lw x14, 2(x1))
    addi    x29, x1, 3
    TEST_TRAP(4, 4, lh x14, 3(x1))
    addi    x29, x1, 1
    TEST_TRAP(5, 4, lhu x14, 1(x1))
    TEST_CASE(6, x14, 0x00000022, la x1, tdat; lbu x14, 1(x1))   # bytes never misalign
    TEST_CASE(7, x14, 0x00004433, la x1, tdat; lhu x14, 2(x1))
    li      x2, -1
    addi    x29, x1, 2
    TEST_TRAP(8, 6, sw x2, 2(x1))
    addi    x29, x1, 3
    TEST_TRAP(9, 6, sh x2, 3(x1))
    TEST_CASE(10, x14, 0x44332211, lw x14, 0(x1))                # memory untouched

    # jalr to a 2-byte aligned target: traps on the jalr, rd not written
    la      x1, 1f
    li      x5, 0x77
    addi    x29, x1, 2
    TEST_TRAP(11, 0, jalr x5, 2(x1))
    li      x7, 0x77
    bne     x5, x7, fail
    j       2f
1:  j       fail
    j       fail
2:
    # taken branch / jal to pc + 6 (hand-encoded: the assembler refuses odd halfword targets)
    li      x29, 0
    la      x29, 3f + 6
    TEST_TRAP(12, 0, 3: .word 0x00000363)          # beq x0, x0, .+6
    la      x29, 5f + 6
    TEST_TRAP(13, 0, 5: .word 0x0060006f)          # jal x0, .+6
test_14:                                           # not taken: no trap
    li      TESTNUM, 14
    .word   0x00001363                             # bne x0, x0, .+6
    nop

    li      x29, 0
    TEST_TRAP(15, 11, ecall)
    TEST_TRAP_ANYTVAL(16, 3, ebreak)
    beqz    TR_TVAL, 6f                            # mtval is 0 or the pc
    bne     TR_TVAL, x30, fail
6:
    li      x29, 0
    TEST_TRAP(17, 2, .word 0x00000000)             # all-zero word is defined illegal
    TEST_TRAP_ANYTVAL(18, 2, .word 0xffffffff)
    beqz    TR_TVAL, 7f
    li      x7, 0xffffffff
    bne     TR_TVAL, x7, fail
7:
    # mret returns to mepc: after the handler the next instruction runs exactly once
    TEST_CASE(19, x4, 1, li x4, 0; li TR_EXPECT, 1; ecall; addi x4, x4, 1)
    TEST_PASSFAIL
RVTEST_END
tdat:
    .word 0x44332211
    .word 0
