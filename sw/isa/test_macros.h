/*
 * Self-checking ISA test macros (riscv-tests style, written for StackScope).
 * x3 (TESTNUM) holds the current test number; a failure exits through HTIF with it as
 * the exit code, so "exit 7" means test case 7 failed. Registers x24-x31 belong to the
 * trap machinery; test bodies use x1, x2, x4-x23.
 */
#ifndef SS_TEST_MACROS_H
#define SS_TEST_MACROS_H

#define TESTNUM x3

/* Trap checker state. */
#define TR_CAUSE x24
#define TR_TVAL  x25
#define TR_EPC   x26
#define TR_EXPECT x28
#define TR_FLAG  x31

#define RVTEST_BEGIN                                \
    .section .text.init, "ax";                      \
    .globl _start;                                  \
_start:                                             \
    la      x1, test_trap_handler;                  \
    csrw    mtvec, x1;                              \
    li      TR_EXPECT, 0;                           \
    li      TESTNUM, 0;                             \
    .text;                                          \
    .balign 4;                                      \
test_body:

/* Records the trap, fails unless one was expected (TR_EXPECT != 0), skips the insn. */
#define RVTEST_END                                  \
pass:                                               \
    li      x1, 1;                                  \
    la      x2, tohost;                             \
    sw      x1, 0(x2);                              \
1:  j       1b;                                     \
fail:                                               \
    beqz    TESTNUM, 2f;                            \
    slli    x1, TESTNUM, 1;                         \
    ori     x1, x1, 1;                              \
    la      x2, tohost;                             \
    sw      x1, 0(x2);                              \
2:  li      TESTNUM, 1000;                          \
    j       fail;                                   \
    .balign 4;                                      \
test_trap_handler:                                  \
    csrr    TR_CAUSE, mcause;                       \
    csrr    TR_TVAL, mtval;                         \
    csrr    TR_EPC, mepc;                           \
    beqz    TR_EXPECT, fail;                        \
    li      TR_EXPECT, 0;                           \
    li      TR_FLAG, 1;                             \
    addi    x27, TR_EPC, 4;                         \
    csrw    mepc, x27;                              \
    mret;                                           \
    .section .tohost, "aw", @progbits;              \
    .balign 64;                                     \
    .globl tohost;                                  \
tohost: .dword 0;                                   \
    .balign 64;                                     \
    .globl fromhost;                                \
fromhost: .dword 0;                                 \
    .data;                                          \
    .balign 16

#define TEST_CASE(n, testreg, correctval, code...)  \
test_##n:                                           \
    li      TESTNUM, n;                             \
    code;                                           \
    li      x7, correctval;                         \
    bne     testreg, x7, fail

/* rd = op(rs1, rs2), plus the rd == rs1, rd == rs2 and rs1 == rs2 forms where meaningful. */
#define TEST_RR_OP(n, inst, result, val1, val2)     \
    TEST_CASE(n, x14, result,                       \
        li x1, val1; li x2, val2; inst x14, x1, x2)

#define TEST_RR_SRC1_EQ_DEST(n, inst, result, val1, val2) \
    TEST_CASE(n, x1, result,                        \
        li x1, val1; li x2, val2; inst x1, x1, x2)

#define TEST_RR_SRC12_EQ_DEST(n, inst, result, val1) \
    TEST_CASE(n, x1, result, li x1, val1; inst x1, x1, x1)

#define TEST_RR_ZERODEST(n, inst, val1, val2)       \
    TEST_CASE(n, x0, 0, li x1, val1; li x2, val2; inst x0, x1, x2)

#define TEST_RR_ZEROSRC1(n, inst, result, val)      \
    TEST_CASE(n, x2, result, li x1, val; inst x2, x0, x1)

#define TEST_RR_ZEROSRC2(n, inst, result, val)      \
    TEST_CASE(n, x2, result, li x1, val; inst x2, x1, x0)

#define TEST_IMM_OP(n, inst, result, val1, imm)     \
    TEST_CASE(n, x14, result, li x1, val1; inst x14, x1, imm)

#define TEST_IMM_ZERODEST(n, inst, val1, imm)       \
    TEST_CASE(n, x0, 0, li x1, val1; inst x0, x1, imm)

/* Loads from label `base` at `offset`, result compared with the hand-computed value. */
#define TEST_LD(n, inst, result, offset, base)      \
    TEST_CASE(n, x14, result, la x1, base; inst x14, offset(x1))

/* Store then read back with `load`. */
#define TEST_ST(n, load, store, result, offset, base) \
    TEST_CASE(n, x14, result,                       \
        la x1, base; li x2, result; store x2, offset(x1); load x14, offset(x1))

#define TEST_BR_TAKEN(n, inst, val1, val2)          \
test_##n:                                           \
    li      TESTNUM, n;                             \
    li      x1, val1;                               \
    li      x2, val2;                               \
    inst    x1, x2, 2f;                             \
    j       fail;                                   \
2:

#define TEST_BR_NOT_TAKEN(n, inst, val1, val2)      \
test_##n:                                           \
    li      TESTNUM, n;                             \
    li      x1, val1;                               \
    li      x2, val2;                               \
    inst    x1, x2, 2f;                             \
    j       3f;                                     \
2:  j       fail;                                   \
3:

/*
 * The single instruction `insn` must trap with `cause`; the handler skips it. The test
 * checks mcause, mepc (= the insn) and mtval (= expected value left in x29 by the caller).
 */
#define TEST_TRAP(n, cause, insn...)                \
test_##n:                                           \
    li      TESTNUM, n;                             \
    li      TR_FLAG, 0;                             \
    li      TR_EXPECT, 1;                           \
    la      x30, 4f;                                \
4:  insn;                                           \
    beqz    TR_FLAG, fail;                          \
    li      x7, cause;                              \
    bne     TR_CAUSE, x7, fail;                     \
    bne     TR_EPC, x30, fail;                      \
    bne     TR_TVAL, x29, fail

/* As TEST_TRAP where the manual lets mtval be either of two values: the caller checks it. */
#define TEST_TRAP_ANYTVAL(n, cause, insn...)        \
test_##n:                                           \
    li      TESTNUM, n;                             \
    li      TR_FLAG, 0;                             \
    li      TR_EXPECT, 1;                           \
    la      x30, 4f;                                \
4:  insn;                                           \
    beqz    TR_FLAG, fail;                          \
    li      x7, cause;                              \
    bne     TR_CAUSE, x7, fail;                     \
    bne     TR_EPC, x30, fail

#define TEST_PASSFAIL                               \
    bnez    x0, fail;                               \
    j       pass

#endif
