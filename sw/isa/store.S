# sb sh sw: only the addressed bytes change; read back with the full word too.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_ST(2,  lw,  sw, 0x12345678, 0, tdat)
    TEST_ST(3,  lw,  sw, 0xdeadbeef, 4, tdat)
    TEST_ST(4,  lbu, sb, 0x000000aa, 8, tdat)
    TEST_ST(5,  lhu, sh, 0x0000beef, 10, tdat)
    TEST_ST(6,  lhu, sh, 0x00001234, -4, tdat + 16)
    TEST_ST(7,  lbu, sb, 0x000000ff, -1, tdat + 16)
    # sb to byte 1 of 0x12345678 leaves 0x1234cd78
    TEST_CASE(8, x14, 0x1234cd78, la x1, tdat; li x2, 0xcd; sb x2, 1(x1); lw x14, 0(x1))
    # sh to the upper half of 0xdeadbeef leaves 0x5555beef; only rs2[15:0] stored
    TEST_CASE(9, x14, 0x5555beef, la x1, tdat; li x2, 0xaaaa5555; sh x2, 6(x1); lw x14, 4(x1))
    # word 2 holds bytes aa ?? ef be -> after test 4/5 = 0xbeef00aa (byte 9 was zero)
    TEST_CASE(10, x14, 0xbeef00aa, la x1, tdat; lw x14, 8(x1))
    # word 3: sh 0x1234 at 12, sb 0xff at 15 -> 0xff001234
    TEST_CASE(11, x14, 0xff001234, la x1, tdat; lw x14, 12(x1))
    TEST_PASSFAIL
RVTEST_END
tdat:
    .word 0, 0, 0, 0
