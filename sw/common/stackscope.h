/* Helpers for StackScope workloads: counters, self-checks, exit. */
#ifndef SS_STACKSCOPE_H
#define SS_STACKSCOPE_H

#include <stdint.h>

#include "htif_regs.h"

#define SS_CSR_READ(name)                                   \
    ({                                                      \
        uint32_t v_;                                        \
        __asm__ volatile("csrr %0, " #name : "=r"(v_));     \
        v_;                                                 \
    })

static inline uint32_t ss_mcycle(void) { return SS_CSR_READ(mcycle); }
static inline uint32_t ss_minstret(void) { return SS_CSR_READ(minstret); }

/* mhpmcounterN needs N as a literal CSR name, hence a macro. */
#define ss_mhpmcounter(n) SS_CSR_READ(mhpmcounter##n)

void _exit(int code) __attribute__((noreturn));

static inline void __attribute__((noreturn)) ss_exit(int code) { _exit(code); }
static inline void __attribute__((noreturn)) ss_pass(void) { _exit(0); }

/* Fails the run with exit code `id` (non-zero) when `cond` is false. */
#define ss_check(cond, id)   \
    do {                     \
        if (!(cond))         \
            _exit(id);       \
    } while (0)

/* Keeps the compiler from folding a value whose computation is the point of the workload. */
#define ss_keep(x) __asm__ volatile("" : : "r"(x) : "memory")

/* Buffers the program initialises itself go here, skipping crt0's .bss zeroing. */
#define SS_NOINIT __attribute__((section(".noinit")))

static inline void ss_putc(char c) { *(volatile uint8_t *)SS_CONSOLE_ADDR = (uint8_t)c; }

static inline void ss_puts(const char *s)
{
    while (*s)
        ss_putc(*s++);
}

#endif
