# Not a trap loop: ecall traps to a handler that skips it (mepc += 4), 3 times in a row at
# different pcs, and an illegal instruction the handler also skips; exits 0.
#include "htif.h"
  .section .text.init
  .globl _start
_start:
  la t0, handler
  csrw mtvec, t0
  ecall
  ecall
  .word 0
  ecall
  li a0, 0
  EXIT(a0)
  .balign 4
handler:
  csrr t1, mepc
  addi t1, t1, 4
  csrw mepc, t1
  mret
TOHOST
