# Zicntr machine counters. csrr reads the count of instructions retired before it, so two
# reads with k instructions between them differ by exactly k + 1. mcountinhibit.IR (bit 2)
# and .CY (bit 0) freeze minstret and mcycle. A write to minstret suppresses that
# instruction's own increment, so the next read sees exactly the written value.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_CASE(2, x6, 1, csrr x4, minstret; csrr x5, minstret; sub x6, x5, x4)
    TEST_CASE(3, x6, 6, csrr x4, minstret; nop; addi x7, x0, 1; add x8, x7, x7; \
              nop; nop; csrr x5, minstret; sub x6, x5, x4)
    TEST_CASE(4, x6, 3, csrr x4, instret; nop; nop; csrr x5, instret; sub x6, x5, x4)
    # a taken branch counts as one instruction
    TEST_CASE(5, x6, 3, csrr x4, minstret; beq x0, x0, 1f; nop; 1: nop; csrr x5, minstret; \
              sub x6, x5, x4)
    TEST_CASE(6, x4, 100, li x1, 100; csrw minstret, x1; csrr x4, minstret)
    TEST_CASE(7, x4, 0, csrw minstreth, x0; csrr x4, minstreth)
    # inhibit IR: minstret frozen
    TEST_CASE(10, x6, 0, li x1, 4; csrw mcountinhibit, x1; csrr x4, minstret; nop; nop; \
              nop; csrr x5, minstret; sub x6, x5, x4; csrw mcountinhibit, x0)
    TEST_CASE(11, x4, 4, li x1, 4; csrw mcountinhibit, x1; csrr x4, mcountinhibit; \
              csrw mcountinhibit, x0)
    # inhibit CY: mcycle frozen
    TEST_CASE(12, x6, 0, li x1, 1; csrw mcountinhibit, x1; csrr x4, mcycle; nop; nop; \
              nop; csrr x5, mcycle; sub x6, x5, x4; csrw mcountinhibit, x0)
    # released again: both advance (mcycle by at least one cycle)
    TEST_CASE(13, x6, 1, csrr x4, mcycle; nop; nop; nop; csrr x5, mcycle; sltu x6, x4, x5)
    TEST_CASE(14, x6, 4, csrr x4, minstret; nop; nop; nop; csrr x5, minstret; sub x6, x5, x4)
    TEST_PASSFAIL
RVTEST_END
