/*
 * roi_branch_random: branch_random's unpredictable branch (bit 31 of the same LCG, ~50%
 * mispredicted) without its multiply chain. The set-up draws the 20000 directions with the
 * LCG and packs them into words; the kernel (asm, inside the CPI-stack ROI of sw/pmu/roi.h)
 * loads one word per 32 branches and tests each bit with one shift:
 *     slli t1, w, k ; bltz t1, 1f ; addi n, n, 1 ; 1:
 * so after a misprediction the next branch depends only on a committed register and the
 * refill, not a 4-cycle mul/add chain, is what follows every flush. In branch_random the
 * chain restarting behind each flush (booked to alu_lat / depend at commit, as Table II
 * says) and the branch-free recount loop outweigh the commit stage's bpred component.
 * Check: the number of not-taken branches equals 32 * words - popcount(words), counted
 * branch-free after the ROI.
 */
#include <stdint.h>

#include "roi.h"

#define ITERS 20000u
#define WORDS (ITERS / 32u)

static uint32_t bits[WORDS] SS_NOINIT;

static uint32_t kernel(const uint32_t *w, const uint32_t *end)
{
    uint32_t n = 0;
    __asm__ volatile("2: lw t0, 0(%1)\n"
                     ".irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,"
                     "24,25,26,27,28,29,30,31\n"
                     "   slli t1, t0, \\k\n"
                     "   bltz t1, 1f\n"
                     "   addi %0, %0, 1\n"
                     "1:\n"
                     ".endr\n"
                     "   addi %1, %1, 4\n"
                     "   bne %1, %2, 2b\n"
                     : "+r"(n), "+r"(w)
                     : "r"(end)
                     : "t0", "t1", "memory");
    return n;
}

int main(void)
{
    uint32_t x = 1;
    for (uint32_t i = 0; i < WORDS; i++) {
        uint32_t v = 0;
        for (uint32_t b = 0; b < 32; b++) {
            x = x * 1664525u + 1013904223u;
            v = (v << 1) | (x >> 31); /* first draw in bit 31: tested first (k = 0) */
        }
        bits[i] = v;
    }
    roi_snap_t b, e;
    roi_begin(&b);
    const uint32_t not_taken = kernel(bits, bits + WORDS);
    roi_snap(&e);
    uint32_t ones = 0;
    for (uint32_t i = 0; i < WORDS; i++) {
        uint32_t v = bits[i];
        v = v - ((v >> 1) & 0x55555555u);
        v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
        ones += (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
    }
    ss_check(not_taken == 32 * WORDS - ones, 1);
    ss_check(ones > WORDS * 12 && ones < WORDS * 20, 2); /* the LCG's bit 31 is balanced */
    roi_print(&b, &e);
    return 0;
}
