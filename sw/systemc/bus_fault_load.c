/* A load from the example platform's bus-error device (0x4000_0000, TLM_GENERIC_ERROR_RESPONSE;
 * outside RAM natively): a precise load access fault (mcause 5), so crt0's trap handler exits
 * with SS_EXIT_TRAP + 5. */
#include <stdint.h>

int main(void) { return (int)*(volatile uint32_t *)0x40000000u; }
