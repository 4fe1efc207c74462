/*
 * pchase_{l1,l2,mem}: pointer chasing over one random cycle through FOOTPRINT bytes, one
 * node per 64-byte line. Bottleneck: dcache_l1 / dcache_l2 / dcache_mem. Every load's
 * address is the previous load's data, so loads serialise: CPI ~ load-to-use latency of
 * the level the footprint fits in (4 KiB: L1, 64 KiB: L2, 2 MiB: memory), and a random
 * order defeats next-line prefetch.
 * The cycle is built with Sattolo's algorithm, which yields a single cycle through all
 * LINES nodes, so chasing exactly PASSES * LINES steps must end on the start node and
 * visit LINES distinct nodes per pass -- checked.
 */
#include <stdint.h>

#include "single_cycle.h"

#include "stackscope.h"

#ifndef FOOTPRINT
#define FOOTPRINT 4096
#endif
#ifndef STEPS
#define STEPS 20000
#endif

#define LINE 64
#define LINES (FOOTPRINT / LINE)
#define PASSES ((STEPS + LINES - 1) / LINES)

struct node {
    struct node *next;
    uint32_t pad[LINE / 4 - 1];
};

static struct node nodes[LINES] SS_NOINIT __attribute__((aligned(LINE)));

int main(void)
{
    static uint32_t perm[LINES] SS_NOINIT;
    single_cycle_perm(perm, LINES, 12345);
    for (uint32_t i = 0; i < LINES; i++)
        nodes[i].next = &nodes[perm[i]];

    struct node *p = &nodes[0];
    uint32_t returns = 0;
    for (uint32_t s = 0; s < PASSES * LINES; s++) {
        p = p->next;
        returns += (p == &nodes[0]);
    }
    ss_check(p == &nodes[0], 1);
    ss_check(returns == PASSES, 2);
    return 0;
}
