# alu_indep: 8 independent add/xor chains interleaved, unrolled 64 per iteration.
# Bottleneck: base. No instruction depends on the previous 7, so a W-wide core with >= W
# ALUs dispatches W per cycle: ideal IPC = W (CPI stack = base only, apart from the loop
# branch). Dynamic count: 2000 iterations * (64 + 2) + ~20 = ~132 k instructions.
# Check: chain r gets +1 per use, 8 uses per iteration -> each register = 8 * 2000 = 16000.
    .text
    .globl main
main:
    li      t6, 2000
    li      t0, 0
    li      t1, 0
    li      t2, 0
    li      t3, 0
    li      t4, 0
    li      t5, 0
    li      a1, 0
    li      a2, 0
1:
    .rept 8
    addi    t0, t0, 1
    addi    t1, t1, 1
    addi    t2, t2, 1
    addi    t3, t3, 1
    addi    t4, t4, 1
    addi    t5, t5, 1
    addi    a1, a1, 1
    addi    a2, a2, 1
    .endr
    addi    t6, t6, -1
    bnez    t6, 1b
    li      a0, 16000
    add     t0, t0, t1
    add     t2, t2, t3
    add     t4, t4, t5
    add     a1, a1, a2
    add     t0, t0, t2
    add     t4, t4, a1
    add     t0, t0, t4
    slli    a0, a0, 3                # 8 chains * 16000
    sub     a0, t0, a0
    snez    a0, a0
    ret
