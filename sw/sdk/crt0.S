# Shared start-up: sp/gp, .bss zeroing, a trap handler that turns any unexpected trap
# into a failing HTIF exit, then exit(main()).
#include "htif_regs.h"

    .section .text.init, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, __stack_top
    la      t0, ss_unexpected_trap
    csrw    mtvec, t0
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  li      a0, 0
    li      a1, 0
    call    main
    tail    _exit

    # Exit code SS_EXIT_TRAP + mcause so a failing run says which trap it was.
    .text
    .balign 4
    .globl ss_unexpected_trap
ss_unexpected_trap:
    csrr    a0, mcause
    andi    a0, a0, 0x3f
    addi    a0, a0, SS_EXIT_TRAP
    slli    a0, a0, 1
    ori     a0, a0, 1
    la      t0, tohost
    sw      a0, 0(t0)
3:  j       3b

    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost:   .dword 0
    .balign 64
    .globl fromhost
fromhost: .dword 0
