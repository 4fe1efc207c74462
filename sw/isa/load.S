# lb lh lw lbu lhu: little-endian byte order, sign vs zero extension, negative offsets.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_LD(2,  lb,  0xffffffff, 0, tdat)       # byte 0xff
    TEST_LD(3,  lb,  0x00000000, 1, tdat)
    TEST_LD(4,  lb,  0xfffffff0, 2, tdat)
    TEST_LD(5,  lb,  0x0000000f, 3, tdat)
    TEST_LD(6,  lbu, 0x000000ff, 0, tdat)
    TEST_LD(7,  lbu, 0x000000f0, 2, tdat)
    TEST_LD(8,  lh,  0x000000ff, 0, tdat)       # halfword 0x00ff
    TEST_LD(9,  lh,  0xffffff00, 4, tdat)       # halfword 0xff00
    TEST_LD(10, lh,  0x00000ff0, 6, tdat)
    TEST_LD(11, lh,  0x00000ff0, 2, tdat)       # bytes f0 0f
    TEST_LD(12, lhu, 0x0000ff00, 4, tdat)
    TEST_LD(13, lhu, 0x0000ff00, 4, tdat)
    TEST_LD(14, lw,  0x0ff000ff, 0, tdat)
    TEST_LD(15, lw,  0x0ff0ff00, 4, tdat)
    TEST_LD(16, lw,  0x0ff000ff, -8, tdat + 8)
    TEST_LD(17, lbu, 0x0000000f, -5, tdat + 8)
    TEST_LD(18, lhu, 0x00000ff0, -2, tdat + 8)
    TEST_CASE(19, x0, 0, la x1, tdat; lw x0, 0(x1))  # load to x0 is discarded
    TEST_CASE(20, x1, 0x0ff0ff00, la x1, tdat; lw x1, 4(x1))  # rd == base
    TEST_PASSFAIL
RVTEST_END
tdat:
    .word 0x0ff000ff        # bytes ff 00 f0 0f
    .word 0x0ff0ff00        # bytes 00 ff f0 0f
