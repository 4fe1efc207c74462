# flw fsw fmv.w.x fmv.x.w: bit-exact moves (a signalling NaN passes unchanged, no flags),
# loads/stores at offsets, misaligned flw/fsw trap (cause 4/6, mtval = the address) without
# writing the register or memory.
#include "test_macros_f.h"
RVTEST_BEGIN
test_2:
    li TESTNUM, 2
    csrwi fflags, 0
    li x1, 0x7f800001; fmv.w.x f5, x1; fmv.x.w x14, f5
    FP_CHECK(0x7f800001, 0)
test_3:
    li TESTNUM, 3
    la x1, fdat; flw f6, 4(x1); fmv.x.w x14, f6
    FP_CHECK(0xff812345, 0)
test_4:
    li TESTNUM, 4
    la x1, fdat; flw f6, 0(x1); fsw f6, 8(x1); lw x14, 8(x1)
    FP_CHECK(0x3fc00000, 0)
test_5:
    li TESTNUM, 5
    la x1, fdat; li x2, 0x12345678; fmv.w.x f7, x2; fsw f7, -4(x1); lw x14, -4(x1)
    FP_CHECK(0x12345678, 0)
    # misaligned flw: trap, f8 keeps its value
    li x1, 0x55555555; fmv.w.x f8, x1
    la x1, fdat; addi x29, x1, 2
    TEST_TRAP(6, 4, flw f8, 2(x1))
    fmv.x.w x14, f8; li x7, 0x55555555; bne x14, x7, fail
    la x1, fdat; addi x29, x1, 6
    TEST_TRAP(7, 6, fsw f8, 6(x1))
    la x1, fdat; lw x14, 4(x1); li x7, 0xff812345; bne x14, x7, fail
    TEST_PASSFAIL
RVTEST_END
    .word 0
fdat:
    .word 0x3fc00000, 0xff812345, 0, 0
