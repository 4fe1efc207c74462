/* picolibc glue: stdout through the console byte register, _exit through HTIF. */
#include <stdint.h>
#include <stdio.h>

#include "htif_regs.h"

extern volatile uint32_t tohost[2];

static int console_putc(char c, FILE *file)
{
    (void)file;
    *(volatile uint8_t *)SS_CONSOLE_ADDR = (uint8_t)c;
    return (unsigned char)c;
}

static FILE console_stdout = FDEV_SETUP_STREAM(console_putc, NULL, NULL, _FDEV_SETUP_WRITE);

FILE *const stdin = NULL;
FILE *const stdout = &console_stdout;
FILE *const stderr = &console_stdout;

void __attribute__((noreturn)) _exit(int code)
{
    /* A 32-bit store: the HTIF contract only looks at the low word. */
    tohost[0] = ((uint32_t)code << 1) | 1u;
    for (;;) {
    }
}

