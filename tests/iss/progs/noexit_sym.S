# A valid RV32 program without the `tohost` symbol: the loader must refuse it.
  .section .text.init
  .globl _start
_start:
  j _start
