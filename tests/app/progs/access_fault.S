# An access outside RAM (or to a missing device) must trap precisely, identically on the ISS
# and the RTL. Built with -DOP=sw|sb|sh|lw|lb|lbu -DADDR=... -DCAUSE=c:
# CAUSE 7 store access fault, 5 load access fault, 0 no trap (the access is inside RAM).
# The handler checks mcause == CAUSE and mtval == ADDR, counts the trap and skips the access.
# Exit 0: exactly the expected traps, with the expected cause and tval; 1: the trap count is
# wrong (a store committed that should have faulted, or the reverse); 2: wrong mcause;
# 3: wrong mtval.
#include "htif.h"
  .section .text.init
  .globl _start
_start:
  la t0, handler
  csrw mtvec, t0
  li s0, 0                  # traps taken
  li s1, ADDR
  li t3, 0x5a5a5a5a
  OP t3, 0(s1)
  # A few instructions after the access, so a store that wrongly committed has drained.
  addi t4, zero, 1
  addi t4, t4, 1
#if CAUSE
  li t5, 1                  # one trap expected
#else
  li t5, 0
#endif
  bne s0, t5, wrong_count
  li a0, 0
  EXIT(a0)
wrong_count:
  li a0, 1
  EXIT(a0)
  .balign 4
handler:
  csrr t1, mcause
  li t2, CAUSE
  bne t1, t2, wrong_cause
  csrr t1, mtval
  bne t1, s1, wrong_tval
  addi s0, s0, 1
  csrr t1, mepc
  addi t1, t1, 4
  csrw mepc, t1
  mret
wrong_cause:
  li a0, 2
  EXIT(a0)
wrong_tval:
  li a0, 3
  EXIT(a0)
TOHOST
