/*
 * strsearch: naive substring search for "xyzzy" in 16 KiB of text over {a,b,c,d} into
 * which the pattern was planted at every 512-byte boundary offset 100 (32 copies).
 * Bottleneck: bpred (byte-compare branches whose outcome depends on random text).
 * Check: 'x', 'y' and 'z' occur nowhere else, so exactly 32 matches, at the planted
 * offsets, and a second search (memchr for 'x' then memcmp) agrees.
 */
#include <stdint.h>
#include <string.h>

#include "stackscope.h"

#define LEN 16384
#define PLANT_EVERY 512
#define PLANT_AT 100

static char text[LEN + 1];

int main(void)
{
    static const char pat[] = "xyzzy";
    const int m = 5;
    uint32_t seed = 99;
    for (int i = 0; i < LEN; i++) {
        seed = seed * 1664525u + 1013904223u;
        text[i] = (char)('a' + (seed >> 30));
    }
    for (int i = PLANT_AT; i + m <= LEN; i += PLANT_EVERY)
        memcpy(text + i, pat, (size_t)m);

    int found = 0;
    for (int i = 0; i + m <= LEN; i++) {
        int j = 0;
        while (j < m && text[i + j] == pat[j])
            j++;
        if (j == m) {
            ss_check(i % PLANT_EVERY == PLANT_AT, 1);
            found++;
        }
    }
    ss_check(found == LEN / PLANT_EVERY, 2);

    int again = 0;
    const char *p = text;
    while ((p = memchr(p, 'x', (size_t)(text + LEN - p))) != NULL) {
        again += memcmp(p, pat, (size_t)m) == 0;
        p++;
    }
    ss_check(again == found, 3);
    return 0;
}
