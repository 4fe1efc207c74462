/* Your own program on StackScope: README "Quick start". It sorts 2,000 pseudo-random numbers,
   checks the result, and prints one line; main's return value is the exit status. */
#include <stdio.h>
#include <stdlib.h>

#define N 2000

static int cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    static int v[N];
    unsigned s = 12345u;
    for (int i = 0; i < N; ++i) {
        s = s * 1103515245u + 12345u; /* the C standard's example generator */
        v[i] = (int)(s >> 16);
    }
    qsort(v, N, sizeof v[0], cmp);
    for (int i = 1; i < N; ++i)
        if (v[i - 1] > v[i]) {
            printf("not sorted at %d\n", i);
            return 1;
        }
    printf("sorted %d numbers: min %d, max %d\n", N, v[0], v[N - 1]);
    return 0;
}
