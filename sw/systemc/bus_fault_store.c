/* A store to an address no target of a platform maps (0x3000_0000: the router's
 * TLM_ADDRESS_ERROR_RESPONSE; outside RAM natively): a precise store access fault (mcause 7),
 * so crt0's trap handler exits with SS_EXIT_TRAP + 7. */
#include <stdint.h>

int main(void) {
    *(volatile uint32_t *)0x30000000u = 1;
    return 0;
}
