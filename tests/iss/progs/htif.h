# Shared HTIF exit: `EXIT reg` stores (reg << 1) | 1 to tohost.
#define EXIT(reg) slli reg, reg, 1; ori reg, reg, 1; la t6, tohost; sw reg, 0(t6); 1: j 1b
#define TOHOST .section .tohost, "aw"; .balign 8; .globl tohost; tohost: .dword 0; \
  .globl fromhost; fromhost: .dword 0
