# Self-checking RV32C / RV32FC program in the manner of riscv-tests' rv32uc/rvc.S: every
# compressed instruction, written with its c. mnemonic, and its result compared with a value
# worked out by hand. Built with -march=rv32imfc (e_flags RVC). Exits 0, or the number of
# the first failing case.
#include "htif.h"

#define FAIL_IF_NE(n, reg, val) li gp, n; li t5, val; bne reg, t5, fail

  .section .text.init
  .globl _start
  .type _start, @function
_start:
  la sp, data

  # c.addi4spn, c.addi16sp
  c.addi4spn a0, sp, 1020
  sub a0, a0, sp
  FAIL_IF_NE(1, a0, 1020)
  mv s1, sp
  c.addi16sp sp, 496
  sub a0, sp, s1
  FAIL_IF_NE(2, a0, 496)
  c.addi16sp sp, -496
  li gp, 3
  bne sp, s1, fail

  # c.li, c.lui, c.addi, c.mv, c.add, c.nop
  c.li a0, -1
  FAIL_IF_NE(4, a0, -1)
  c.lui a1, 0xfffe0
  FAIL_IF_NE(5, a1, 0xfffe0000)
  c.addi a0, 31
  FAIL_IF_NE(6, a0, 30)
  c.mv a2, a0
  c.add a2, a0
  FAIL_IF_NE(7, a2, 60)
  c.nop

  # c.srli, c.srai, c.slli, c.andi
  li s0, 0x80000010
  c.srli s0, 4
  FAIL_IF_NE(8, s0, 0x08000001)
  li s0, 0x80000010
  c.srai s0, 4
  FAIL_IF_NE(9, s0, 0xf8000001)
  li a3, 3
  c.slli a3, 30
  FAIL_IF_NE(10, a3, 0xc0000000)
  li a4, 0x7f
  c.andi a4, -32
  FAIL_IF_NE(11, a4, 0x60)

  # c.sub, c.xor, c.or, c.and
  li a4, 5
  li a5, 7
  c.sub a4, a5
  FAIL_IF_NE(12, a4, -2)
  li a4, 0xff00ff00
  li a5, 0x0ff00ff0
  c.xor a4, a5
  FAIL_IF_NE(13, a4, 0xf0f0f0f0)
  li a4, 0xff00ff00
  c.or a4, a5
  FAIL_IF_NE(14, a4, 0xfff0fff0)
  li a4, 0xff00ff00
  c.and a4, a5
  FAIL_IF_NE(15, a4, 0x0f000f00)

  # c.sw, c.lw, c.swsp, c.lwsp
  mv s0, sp
  li a5, 0x12345678
  c.sw a5, 124(s0)
  c.lw a3, 124(s0)
  FAIL_IF_NE(16, a3, 0x12345678)
  li a5, 0x0badcafe
  c.swsp a5, 252(sp)
  c.lwsp t0, 252(sp)
  FAIL_IF_NE(17, t0, 0x0badcafe)

  # c.flw, c.fsw, c.flwsp, c.fswsp (the bits pass unchanged)
  li a5, 0x3fc00000
  sw a5, 8(s0)
  c.flw fa0, 8(s0)
  c.fsw fa0, 12(s0)
  lw a3, 12(s0)
  FAIL_IF_NE(18, a3, 0x3fc00000)
  li a5, 0xff800001
  sw a5, 16(sp)
  c.flwsp ft0, 16(sp)
  c.fswsp ft0, 20(sp)
  lw a3, 20(sp)
  FAIL_IF_NE(19, a3, 0xff800001)

  # c.j, c.jal (links pc + 2), c.jr, c.jalr
  li gp, 20
  c.j 1f
  j fail
1:
  li gp, 21
  c.jal 2f
3:
  j fail
2:
  la t0, 3b
  bne ra, t0, fail
  li gp, 22
  la t1, 4f
  c.jr t1
  j fail
4:
  li gp, 23
  la t1, 5f
  c.jalr t1
6:
  j fail
5:
  la t0, 6b
  bne ra, t0, fail

  # c.beqz, c.bnez, taken and not (their reach is +-256 bytes: fail through a near jump)
  li gp, 24
  li s1, 0
  c.bnez s1, 7f
  c.beqz s1, 8f
7:
  j fail
8:
  li gp, 25
  li s1, 1
  c.beqz s1, 9f
  c.bnez s1, 10f
9:
  j fail
10:

  # A 32-bit instruction at an address 2 mod 4, and a branch to a 2-aligned target.
  li gp, 26
  .balign 4
  c.nop
  .option push
  .option norvc
  addi a0, zero, 0x123
  .option pop
  FAIL_IF_NE(26, a0, 0x123)
  li gp, 27
  .balign 4
  beq zero, zero, 11f
  c.nop
11:
  c.nop
  la t0, 11b
  andi t0, t0, 3
  FAIL_IF_NE(27, t0, 2)

  li a0, 0
  EXIT(a0)
fail:
  mv a0, gp
  EXIT(a0)
  .size _start, . - _start

  .data
  .balign 16
data:
  .skip 1024
TOHOST
