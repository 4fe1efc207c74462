# Counter-overflow interrupt (Sscofpmf LCOFI, cause 13) on the SoC's PMU:
#  2: mhpmcounter3 counting retired instructions, preset to 2^64 - 10: the 10th of 14 counted
#     steps wraps it; OF is set and the interrupt is taken precisely (mepc = the first step
#     not done) at a boundary the core reaches after the wrap, within 4 steps (a 1-wide core
#     that has already fetched the 11th takes it after 11; a wider core may commit more
#     in the wrap cycle), never before it.
#  3: a write to the counter in the cycle its increment would wrap it: the write wins, the
#     overflow never happens (no interrupt, OF clear), the written value is kept.
#  4: the wrap in the same cycle as a write to mhpmevent3 (event selection): the write is
#     kept AND the overflow sets OF and raises the interrupt.
#  5: the wrap in the same cycle as a write to mhpmeventh3 (OF = 0): the write wins over OF,
#     but the interrupt is still raised (LCOFIP set: OF was clear before).
#  6: mcycle-event counter preset 200 cycles before the wrap: no interrupt before the wrap
#     (the handler sees the high half wrapped to 0).
# Handler: x20 = count, x28 = x5 on entry, x21 mcause, x22 mepc, x23 mhpmeventh3, x24 mhpmcounter3 (low),
# x25 mip, x26 mhpmcounter3h; it clears OF and LCOFIP.
#include "test_macros.h"
#define EV_CYCLES  1
#define EV_INSTRET 2
#define LCOF       0x2000
#define CAUSE_LCOF 0x8000000d
#define MHPMEVENTH3 0x723  /* the assembler lacks the Sscofpmf CSR names */
RVTEST_BEGIN
    la      x1, lcof_handler
    csrw    mtvec, x1
    li      x20, 0
    li      x1, LCOF
    csrw    mie, x1
    csrsi   mstatus, 8

test_2:
    li      TESTNUM, 2
    li      x1, EV_INSTRET
    csrw    mhpmevent3, x1
    csrw    MHPMEVENTH3, x0
    li      x1, -1
    csrw    mhpmcounter3h, x1
    li      x1, -10
    li      x5, 0
    csrw    mhpmcounter3, x1             # write wins over its own increment: 2^64 - 10
addi_base:                               # 14 counted steps; the 10th retire wraps the counter
    .rept 14
    addi    x5, x5, 1
    .endr
    li      x7, 1
    bne     x20, x7, fail
    li      x7, CAUSE_LCOF
    bne     x21, x7, fail
    li      x7, 14
    bne     x5, x7, fail                 # none skipped or repeated
    li      x7, 10
    bltu    x28, x7, fail                # k = steps done at the interrupt: never before the wrap
    li      x7, 14
    bltu    x7, x28, fail
    slli    x8, x28, 2                   # precise: mepc is step k + 1, all k before it done
    la      x7, addi_base
    add     x7, x7, x8
    bne     x22, x7, fail
    bgez    x23, fail                    # OF (bit 31) was set
    addi    x7, x28, -6                  # retired since the wrap: k - 10 steps, then the
    bne     x24, x7, fail                # handler's mv and 3 csrr before it reads the counter
    bnez    x26, fail                    # high half wrapped too
    li      x7, LCOF
    and     x8, x25, x7
    beqz    x8, fail                     # mip.LCOFIP seen in the handler
    csrr    x8, MHPMEVENTH3
    bltz    x8, fail                     # the handler cleared OF
    csrr    x8, mip
    and     x8, x8, x7
    bnez    x8, fail

test_3:
    li      TESTNUM, 3
    li      x1, -1
    csrw    mhpmcounter3h, x1
    li      x6, 5
    csrw    mhpmcounter3, x1             # 2^64 - 1: the next retire would wrap it
    csrw    mhpmcounter3, x6             # ... in this instruction's cycle: the write wins
    csrr    x4, mhpmcounter3
    bne     x4, x6, fail                 # 5 + 0 retired before the read
    csrr    x4, mhpmcounter3h
    li      x7, -1
    bne     x4, x7, fail                 # a low-half write keeps the high half
    nop
    nop
    li      x7, 1
    bne     x20, x7, fail                # no interrupt
    csrr    x8, MHPMEVENTH3
    bltz    x8, fail                     # no OF

test_4:
    li      TESTNUM, 4
    li      x1, -1
    li      x2, EV_CYCLES
    csrw    mhpmcounter3h, x1
    csrw    mhpmcounter3, x1             # 2^64 - 1 (still counting retired instructions)
    csrw    mhpmevent3, x2               # its retire wraps the counter; the write stays
    nop
    nop
    li      x7, 2
    bne     x20, x7, fail                # interrupt taken
    li      x7, CAUSE_LCOF
    bne     x21, x7, fail
    bgez    x23, fail                    # OF was set
    csrr    x4, mhpmevent3
    bne     x4, x2, fail                 # event write kept

test_5:
    li      TESTNUM, 5
    li      x2, EV_INSTRET
    csrw    mhpmevent3, x2
    li      x1, -1
    csrw    mhpmcounter3h, x1
    csrw    mhpmcounter3, x1             # 2^64 - 1
    csrw    MHPMEVENTH3, x0              # its retire wraps the counter; OF = 0 written
    nop
    nop
    li      x7, 3
    bne     x20, x7, fail                # interrupt still raised
    bltz    x23, fail                    # the write of OF = 0 won over the overflow

test_6:
    li      TESTNUM, 6
    li      x1, EV_CYCLES
    csrw    mhpmevent3, x1
    li      x1, -1
    csrw    mhpmcounter3h, x1
    li      x1, -200
    csrw    mhpmcounter3, x1
    li      x9, 1000
1:  li      x7, 4
    beq     x20, x7, 2f
    addi    x9, x9, -1
    bnez    x9, 1b
    j       fail
2:  bnez    x26, fail                    # the handler saw the high half wrapped to 0
    li      x7, CAUSE_LCOF
    bne     x21, x7, fail
    bgez    x23, fail
    csrw    mhpmevent3, x0
    TEST_PASSFAIL

    .balign 4
lcof_handler:
    mv      x28, x5                      # steps of test 2 done when the interrupt was taken
    csrr    x21, mcause
    csrr    x22, mepc
    csrr    x23, MHPMEVENTH3
    csrr    x24, mhpmcounter3
    csrr    x25, mip
    csrr    x26, mhpmcounter3h
    addi    x20, x20, 1
    csrw    MHPMEVENTH3, x0
    li      x27, LCOF
    csrc    mip, x27
    mret
RVTEST_END
