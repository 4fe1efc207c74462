# Exits with CODE (-DCODE=N): the exit-status scheme (docs/robustness.md) must map every
# non-zero program exit value to status 1, never to 0 or a tool condition (2..6).
#include "htif.h"
#ifndef CODE
#define CODE 0
#endif
  .section .text.init
  .globl _start
_start:
  li a0, CODE
  EXIT(a0)
TOHOST
