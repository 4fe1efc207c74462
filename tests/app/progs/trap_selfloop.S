# A handler whose first instruction is illegal: the illegal instruction traps to itself
# (cause 2, pc = tval's instruction, no instruction retired in between). A trap loop.
#include "htif.h"
  .section .text.init
  .globl _start
_start:
  la t0, handler
  csrw mtvec, t0
  ecall
  li a0, 0
  EXIT(a0)
  .balign 4
handler:
  .word 0          # all-zero: illegal
TOHOST
