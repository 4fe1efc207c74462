# muldiv_chain: a dependent chain alternating mul and divu.
# Bottleneck: alu_lat. Each op waits for the previous one's full latency (mul: multi-cycle,
# divu: iterative tens of cycles), so CPI ~ (lat_mul + lat_div) / 2 and the front end idles.
# t0 <- t0 * 7; t0 <- t0 / 7 returns the same value exactly (no overflow: t0 = 12345),
# 16 pairs per iteration, 2000 iterations: ~68 k instructions. Check: t0 == 12345.
    .text
    .globl main
main:
    li      t6, 2000
    li      t0, 12345
    li      t1, 7
1:
    .rept 16
    mul     t0, t0, t1
    divu    t0, t0, t1
    .endr
    addi    t6, t6, -1
    bnez    t6, 1b
    li      a0, 12345
    sub     a0, t0, a0
    snez    a0, a0
    ret
