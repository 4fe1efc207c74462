# lui places imm[31:12] and zeroes the low bits; auipc adds it to its own pc.
#include "test_macros.h"
RVTEST_BEGIN
    TEST_CASE(2, x1, 0x00000000, lui x1, 0)
    TEST_CASE(3, x1, 0xfffff000, lui x1, 0xfffff)
    TEST_CASE(4, x1, 0x7ffff000, lui x1, 0x7ffff)
    TEST_CASE(5, x1, 0x80000000, lui x1, 0x80000)
    TEST_CASE(6, x1, 0xfffff800, lui x1, 0xfffff; srai x1, x1, 1)
    TEST_CASE(7, x0, 0, lui x0, 0x80000)
    # auipc 0 yields its own address; auipc 1 is 0x1000 more than that.
    TEST_CASE(8, x2, 0, 5: auipc x1, 0; la x2, 5b; sub x2, x1, x2)
    TEST_CASE(9, x2, 0x1000, 6: auipc x1, 1; la x2, 6b; sub x2, x1, x2)
    TEST_CASE(10, x2, 0xfffff000, 7: auipc x1, 0xfffff; la x2, 7b; sub x2, x1, x2)
    TEST_PASSFAIL
RVTEST_END
