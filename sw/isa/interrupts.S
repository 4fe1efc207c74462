# Machine software and timer interrupts through the CLINT (priv spec 3.1.9, 3.2.1):
# mcause = 0x80000003 (MSI) / 0x80000007 (MTI), mepc = the interrupted instruction, and on
# entry mstatus.MIE = 0 with MPIE = 1 (the old MIE); mret restores MIE = 1. Nothing is taken
# while mstatus.MIE = 0 even with the interrupt pending and enabled.
# The waits are bounded loops, so the test ends whatever the timer speed.
#include "test_macros.h"
#define MSIP      0x02000000
#define MTIMECMP  0x02004000
#define MTIME     0x0200bff8
RVTEST_BEGIN
    la      x1, irq_handler
    csrw    mtvec, x1
    li      x20, 0                       # interrupt count, bumped by the handler

    # 2: MSIP pending + MSIE enabled but mstatus.MIE = 0: not taken
test_2:
    li      TESTNUM, 2
    li      x1, 8
    csrw    mie, x1
    li      x2, MSIP
    li      x1, 1
    sw      x1, 0(x2)
    nop
    nop
    bnez    x20, fail
    csrr    x4, mip
    andi    x4, x4, 8
    beqz    x4, fail                     # mip.MSIP reflects the pending line

    # 3: setting mstatus.MIE takes it; handler clears msip
test_3:
    li      TESTNUM, 3
    li      x21, 0x80000003              # expected mcause
    csrsi   mstatus, 8
    li      x5, 1000
1:  bnez    x20, 2f
    addi    x5, x5, -1
    bnez    x5, 1b
    j       fail
2:  li      x7, 1
    bne     x20, x7, fail
    csrr    x4, mstatus
    andi    x4, x4, 8
    beqz    x4, fail                     # mret set MIE back
    csrci   mstatus, 8

    # 4: timer: mtimecmp = mtime + 20 (hi written last-safe: hi = -1, lo, hi)
test_4:
    li      TESTNUM, 4
    li      x21, 0x80000007
    li      x1, 0x80
    csrw    mie, x1
    li      x2, MTIMECMP
    li      x1, -1
    sw      x1, 4(x2)
    li      x10, MTIME
    lw      x6, 0(x10)
    lw      x8, 4(x10)
    addi    x7, x6, 20
    sltu    x9, x7, x6                   # carry into the high word
    add     x8, x8, x9
    sw      x7, 0(x2)
    sw      x8, 4(x2)
    csrsi   mstatus, 8
    li      x5, 100000
1:  li      x7, 2
    beq     x20, x7, 2f
    addi    x5, x5, -1
    bnez    x5, 1b
    j       fail
2:  csrci   mstatus, 8
    csrw    mie, x0
    TEST_PASSFAIL

    .balign 4
irq_handler:
    csrr    x22, mcause
    bne     x22, x21, fail
    csrr    x22, mstatus
    andi    x23, x22, 8                  # MIE cleared on entry
    bnez    x23, fail
    andi    x23, x22, 0x80               # MPIE holds the old MIE = 1
    beqz    x23, fail
    csrr    x23, mepc
    la      x22, test_body
    bltu    x23, x22, fail               # mepc points into the test
    andi    x23, x23, 3
    bnez    x23, fail
    li      x22, 0x80000003
    bne     x21, x22, 3f
    li      x22, MSIP                    # clear the source
    sw      x0, 0(x22)
    j       4f
3:  li      x22, MTIMECMP
    li      x23, -1
    sw      x23, 4(x22)
    sw      x23, 0(x22)
4:  addi    x20, x20, 1
    mret
RVTEST_END
