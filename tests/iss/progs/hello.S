# Prints "hi\n" on the console and exits 0.
#include "htif.h"
  .section .text.init
  .globl _start
  .type _start, @function
_start:
  li t0, 0x10000000
  li t1, 'h'
  sb t1, 0(t0)
  li t1, 'i'
  sb t1, 0(t0)
  li t1, '\n'
  sb t1, 0(t0)
  li a0, 0
  EXIT(a0)
  .size _start, . - _start
TOHOST
