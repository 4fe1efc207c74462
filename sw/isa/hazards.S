# Back-to-back dependences a pipelined / out-of-order core must forward or rename:
# RAW through ALU, mul, div and loads; WAW (last writer wins); WAR; store-to-load through
# memory at the same, overlapping and different widths. Expected values worked by hand.
#include "test_macros.h"
RVTEST_BEGIN
    # RAW chain: 1 -> 2 -> 4 -> 8 -> 16
    TEST_CASE(2, x5, 16, li x1, 1; add x2, x1, x1; add x3, x2, x2; add x4, x3, x3; \
              add x5, x4, x4)
    # mul result used at once, then div of it: (7 * 6) / 3 = 14, + 1 = 15
    TEST_CASE(3, x5, 15, li x1, 7; li x2, 6; li x6, 3; mul x3, x1, x2; div x4, x3, x6; \
              addi x5, x4, 1)
    # load-use: loaded 0x0ff000ff + 1
    TEST_CASE(4, x5, 0x0ff00100, la x1, tdat; lw x4, 0(x1); addi x5, x4, 1)
    # load feeding a load's address (pointer chase through tptr -> tdat)
    TEST_CASE(5, x5, 0x0ff000ff, la x1, tptr; lw x4, 0(x1); lw x5, 0(x4))
    # WAW: the later write wins even when the earlier one is slower (div)
    TEST_CASE(6, x4, 5, li x1, 100; li x2, 7; div x4, x1, x2; li x4, 5)
    TEST_CASE(7, x4, 9, la x1, tdat; lw x4, 0(x1); li x4, 9)
    # WAR: x2 read by the add before being overwritten
    TEST_CASE(8, x3, 12, li x1, 5; li x2, 7; add x3, x1, x2; li x2, 1000)
    # store then load same address, then overlapping narrower load (little endian)
    TEST_CASE(9, x4, 0xcafebabe, la x1, tbuf; li x2, 0xcafebabe; sw x2, 0(x1); lw x4, 0(x1))
    TEST_CASE(10, x4, 0xffffcafe, la x1, tbuf; li x2, 0xcafebabe; sw x2, 0(x1); lh x4, 2(x1))
    TEST_CASE(11, x4, 0x0000cabe, la x1, tbuf; li x2, 0xcafebabe; sw x2, 0(x1); \
              li x3, 0xca; sb x3, 1(x1); lhu x4, 0(x1))
    # two stores to one word, narrow then wide and wide then narrow
    TEST_CASE(12, x4, 0x11223344, la x1, tbuf; li x2, 0x55; sb x2, 0(x1); \
              li x2, 0x11223344; sw x2, 0(x1); lw x4, 0(x1))
    TEST_CASE(13, x4, 0x11223366, la x1, tbuf; li x2, 0x66; sb x2, 0(x1); lw x4, 0(x1))
    # store data produced by the instruction just before it
    TEST_CASE(14, x4, 42, la x1, tbuf; li x2, 40; addi x3, x2, 2; sw x3, 4(x1); lw x4, 4(x1))
    # branch on a just-loaded value
    TEST_CASE(15, x5, 1, la x1, tdat; li x5, 0; lw x4, 0(x1); beqz x4, 1f; li x5, 1; 1: nop)
    # jalr through a just-computed address
    TEST_CASE(16, x5, 2, li x5, 0; la x1, 2f; addi x1, x1, 0; jalr x0, 0(x1); li x5, 1; \
              2: addi x5, x5, 2)
    TEST_PASSFAIL
RVTEST_END
tdat:
    .word 0x0ff000ff
tptr:
    .word tdat
tbuf:
    .word 0, 0
