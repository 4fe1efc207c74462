/*
 * roi_pchase_{l2,mem}: the pointer chase of sw/workloads/pchase.c (one random single cycle
 * through LINES nodes of 64 bytes, built with Sattolo's algorithm) with the CPI stacks read
 * around the chase only (sw/pmu/roi.h), so the set-up that builds the cycle -- for a big
 * footprint most of the run, and booked mostly to store-buffer stalls -- is not part of what
 * the test judges. The chase is three instructions per step (lw, addi, bnez) in asm, so the
 * per-step analysis in tests/pmu/soc/CMakeLists.txt does not depend on the compiler.
 *
 * FOOTPRINT (bytes of nodes) and PASSES (times round the cycle inside the ROI) come from
 * cflags. Only the first 32-byte line of each node is touched (LineBytes = 32), and bit 5 of
 * every node address is 0, so the nodes use half the sets of each cache: the L1D holds at
 * most 128 node lines, the L2 at most 1024.
 *   l2:  64 KiB = 1024 nodes, one warm-up pass outside the ROI, then 4 passes: every load
 *        misses the L1D (at most 128 of 1024 lines fit) and hits the L2.
 *   mem: 512 KiB = 8192 nodes, 1 pass: every node is loaded once; at most 1024 of them can
 *        still be in the L2 from the set-up, so at least 7/8 of the loads go to memory.
 * Checks: the permutation is one cycle (an index walk returns to 0 after exactly LINES
 * steps and not before), and the pointer chase ends on node 0 after PASSES * LINES steps.
 */
#include <stdint.h>

#include "single_cycle.h"

#include "roi.h"

#ifndef FOOTPRINT
#define FOOTPRINT 65536
#endif
#ifndef PASSES
#define PASSES 4
#endif
#ifndef WARM
#define WARM 1
#endif

#define NODE 64
#define LINES (FOOTPRINT / NODE)

struct node {
    struct node *next;
    uint32_t pad[NODE / 4 - 1];
};

static struct node nodes[LINES] SS_NOINIT __attribute__((aligned(NODE)));
static uint32_t perm[LINES] SS_NOINIT;

/* steps loads, each address the previous load's data: lw / addi / bnez per step. */
static struct node *chase(struct node *p, uint32_t steps)
{
    __asm__ volatile("1: lw %0, 0(%0)\n"
                     "   addi %1, %1, -1\n"
                     "   bnez %1, 1b\n"
                     : "+r"(p), "+r"(steps)
                     :
                     : "memory");
    return p;
}

int main(void)
{
    single_cycle_perm(perm, LINES, 12345);
    for (uint32_t i = 0; i < LINES; i++)
        nodes[i].next = &nodes[perm[i]];
    /* One cycle: the index walk first returns to 0 after exactly LINES steps. */
    uint32_t k = 0, first_return = 0;
    for (uint32_t s = 1; s <= LINES && first_return == 0; s++) {
        k = perm[k];
        if (k == 0)
            first_return = s;
    }
    ss_check(first_return == LINES, 1);

    struct node *p = &nodes[0];
    if (WARM)
        p = chase(p, LINES);
    roi_snap_t b, e;
    roi_begin(&b);
    p = chase(p, PASSES * LINES);
    roi_snap(&e);
    ss_check(p == &nodes[0], 2);
    roi_print(&b, &e);
    return 0;
}
