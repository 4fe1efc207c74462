# Long-running loop for the MIPS figure: N iterations of a 6-instruction ALU/memory body,
# then exit 0 if the checksum matches the closed form (sum of 1..N, mod 2^32).
#include "htif.h"
#ifndef N
#define N 10000000
#endif
  .section .text.init
  .globl _start
_start:
  li t0, N
  li t1, 0
  la t2, scratch
loop:
  add t1, t1, t0
  sw t1, 0(t2)
  lw t3, 0(t2)
  addi t0, t0, -1
  xor t4, t3, t1
  bnez t0, loop
  li t5, (N * (N + 1) / 2) & 0xffffffff
  sub a0, t1, t5
  snez a0, a0
  EXIT(a0)
  .section .bss
  .balign 4
scratch: .word 0
TOHOST
