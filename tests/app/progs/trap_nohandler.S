# mtvec stays 0 (its reset value): the ecall traps to pc 0, where the fetch faults
# (cause 1, tval 0) again and again without progress. Must stop at once as a trap loop.
#include "htif.h"
  .section .text.init
  .globl _start
_start:
  li a0, 1
  ecall
  li a0, 0
  EXIT(a0)
TOHOST
