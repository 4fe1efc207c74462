# load_chain: a dependent chain of loads that hit the L1D, for the FPGA top's load-to-use
# timing (docs/dev/core.md "LSQ stages"). `cell` holds its own address, so
# `lw a0, 0(a0)` leaves a0 unchanged and each load waits for the previous one's answer: the
# loop runs at the load-to-use latency. 32 loads per iteration, 1000 iterations; the loop
# counter runs beside the chain. Check: a0 == &cell.
    .data
    .balign 4
cell:
    .word cell

    .text
    .globl main
main:
    li      t6, 1000
    la      a0, cell
    mv      t1, a0
1:
    .rept 32
    lw      a0, 0(a0)
    .endr
    addi    t6, t6, -1
    bnez    t6, 1b
    sub     a0, a0, t1
    snez    a0, a0
    ret
