# Zicsr: csrrw/csrrs/csrrc and the immediate forms on mscratch (old value in rd, new value
# = write / old|mask / old&~mask); rs1 = x0 or uimm = 0 for csrrs/csrrc means no write, so
# reading a read-only CSR that way is legal, while a real write to one is illegal (cause 2).
#include "test_macros.h"
RVTEST_BEGIN
    TEST_CASE(2, x4, 0x12345678, li x1, 0x12345678; csrw mscratch, x1; csrr x4, mscratch)
    TEST_CASE(3, x4, 0x12345678, li x5, 0xaaaa5555; csrrw x4, mscratch, x5)
    TEST_CASE(4, x4, 0xaaaa5555, csrr x4, mscratch)
    TEST_CASE(5, x4, 0xaaaa5555, li x5, 0x0000000f; csrrs x4, mscratch, x5)
    TEST_CASE(6, x4, 0xaaaa555f, csrr x4, mscratch)
    TEST_CASE(7, x4, 0xaaaa555f, li x5, 0xaaaa0000; csrrc x4, mscratch, x5)
    TEST_CASE(8, x4, 0x0000555f, csrr x4, mscratch)
    TEST_CASE(9, x4, 0x0000555f, csrrwi x4, mscratch, 0x1f)
    TEST_CASE(10, x4, 0x0000001f, csrrci x4, mscratch, 0x0f)
    TEST_CASE(11, x4, 0x00000010, csrrsi x4, mscratch, 0x03)
    TEST_CASE(12, x4, 0x00000013, csrrsi x4, mscratch, 0)   # uimm 0: read only
    TEST_CASE(13, x4, 0x00000013, csrrci x4, mscratch, 0)
    TEST_CASE(14, x4, 0x00000013, csrrs x4, mscratch, x0)
    TEST_CASE(15, x4, 0x00000013, csrrc x4, mscratch, x0)
    TEST_CASE(16, x4, 0x00000013, csrr x4, mscratch)
    # csrrw with rd = x0 still writes
    TEST_CASE(17, x4, 0x00000abc, li x5, 0xabc; csrrw x0, mscratch, x5; csrr x4, mscratch)
    # the write uses rs1's value read before rd is written (rd == rs1)
    TEST_CASE(18, x5, 0x00000abc, li x5, 0x777; csrrw x5, mscratch, x5)
    TEST_CASE(19, x4, 0x00000777, csrr x4, mscratch)
    # read-only CSRs read with rs1 = x0 / uimm = 0: no trap; mhartid of the only hart is 0
    TEST_CASE(20, x4, 0, csrrs x4, mhartid, x0)
    TEST_CASE(21, x4, 0, csrrsi x4, mhartid, 0)
    TEST_CASE(22, x0, 0, csrrs x4, mvendorid, x0)
    # misa is WARL; an RV32 hart reports MXL = 1 in bits 31:30 and has I (bit 8) and M (bit 12)
    TEST_CASE(23, x4, 0x40001100, csrr x1, misa; li x2, 0xc0001100; and x4, x1, x2)
    # csrrs to a read-only CSR with rs1 != x0 writes (even a zero mask): illegal instruction
    li      x5, 0
    TEST_TRAP_ANYTVAL(30, 2, csrrs x4, mhartid, x5)
    lw      x6, 0(x30)                  # mtval is 0 or the instruction bits
    beqz    TR_TVAL, 1f
    bne     TR_TVAL, x6, fail
1:
    TEST_TRAP_ANYTVAL(31, 2, csrrw x4, cycle, x0)  # user counters are read-only
    TEST_TRAP_ANYTVAL(32, 2, csrrsi x4, mvendorid, 1)
    TEST_PASSFAIL
RVTEST_END
