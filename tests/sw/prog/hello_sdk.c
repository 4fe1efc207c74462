/* A user's program built with the SDK (sw/sdk/) from outside sw/: printf through the
   console, the heap (malloc), the stack, and an exit status from main. The expected output
   is computed here and printed by the test driver independently (sdk_case.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(void)
{
    /* 64 KiB from the heap, filled and summed: the heap lies between .bss and the stack. */
    const size_t n = 1u << 14;
    unsigned *buf = malloc(n * sizeof *buf);
    if (!buf) {
        printf("malloc failed\n");
        return 1;
    }
    unsigned long long sum = 0;
    for (size_t i = 0; i < n; ++i) buf[i] = (unsigned)i;
    for (size_t i = 0; i < n; ++i) sum += buf[i];
    free(buf);
    char word[16];
    strcpy(word, "StackScope");
    printf("hello from %s: sum %llu, fib(12) %u\n", word, sum, fib(12));
    return 0;
}
