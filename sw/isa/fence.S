# fence / fence.i: fence orders memory (architecturally a nop on one hart); fence.i makes a
# store to instruction memory visible to later fetches. The store writes the encoding of
# `addi a0, x0, 42` = imm 42 << 20 | rd 10 << 7 | opcode 0x13 = 0x02a00513.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_CASE(2, x14, 0x1234, la x1, tdat; li x2, 0x1234; sw x2, 0(x1); fence; lw x14, 0(x1))
    TEST_CASE(3, x14, 0x5678, la x1, tdat; li x2, 0x5678; sw x2, 0(x1); fence rw, rw; \
              lw x14, 0(x1))
    TEST_CASE(4, x14, 7, li x14, 7; fence r, r; fence w, w; fence.i)
test_5:
    li      TESTNUM, 5
    li      a0, 1
    jal     x1, patch_site                  # first run: the original addi a0, x0, 7
    li      x7, 7
    bne     a0, x7, fail
    la      x1, patch_site
    li      x2, 0x02a00513
    sw      x2, 0(x1)
    fence.i
    jal     x1, patch_site
    li      x7, 42
    bne     a0, x7, fail
    TEST_PASSFAIL
patch_site:
    addi    a0, x0, 7
    ret
RVTEST_END
tdat:
    .word 0
