/* hello: console output through picolibc's stdout; bottleneck: none (a few hundred insns). */
#include <stdio.h>

int main(void)
{
    printf("Hello from StackScope!\n");
    return 0;
}
