/* Negative test of the shared run-time: an ecall nobody expects must end the run through
 * crt0's handler with exit code SS_EXIT_TRAP + mcause = 64 + 11 = 75. */
#include "stackscope.h"

int main(void)
{
    __asm__ volatile("ecall");
    return 0;
}
