# alu_dep: one long chain of dependent adds, 64 per iteration.
# Bottleneck: depend. Each add needs the previous result, so at most 1 instruction per
# ALU latency (1 cycle) issues: IPC <= 1 whatever the width; the rest is dependence stall.
# Dynamic count: 2000 * (64 + 2) + ~10 = ~132 k. Check: t0 = 2000 * 64 * 3 = 384000.
    .text
    .globl main
main:
    li      t6, 2000
    li      t0, 0
    li      t1, 3
1:
    .rept 64
    add     t0, t0, t1
    .endr
    addi    t6, t6, -1
    bnez    t6, 1b
    li      a0, 384000
    sub     a0, t0, a0
    snez    a0, a0
    ret
