/* Shared by C and assembly: exit codes and device addresses. */
#ifndef SS_HTIF_REGS_H
#define SS_HTIF_REGS_H

#define SS_CONSOLE_ADDR 0x10000000
#define SS_CLINT_MTIME  0x0200BFF8
#define SS_CLINT_MSIP   0x02000000
#define SS_CLINT_MTIMECMP 0x02004000
/* Unexpected traps exit with SS_EXIT_TRAP + mcause (low 6 bits). */
#define SS_EXIT_TRAP    64

#endif
