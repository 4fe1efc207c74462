/* Negative test of ss_check: a false condition exits with its id (5), not 0. */
#include "stackscope.h"

int main(void)
{
    volatile int one = 1;
    ss_check(one == 1, 4);
    ss_check(one == 2, 5);
    return 0;
}
