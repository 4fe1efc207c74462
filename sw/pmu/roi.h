/* Region-of-interest CPI stacks: a program snapshots all 27 CPI-stack components (and mcycle,
 * minstret) before and after its kernel and prints the differences, so a test can judge the
 * kernel's stacks without the set-up phase that builds its data. Every value read here is
 * also checked by the harness against the golden PMU model in the cycle it was read
 * (stackscope run, "PMU CSR reads checked"), so the printed numbers are cross-checked ones.
 *
 * Output, one line per stage, the same "comp=slots" form as the harness's own lines:
 *   ROI cycles=C instret=I
 *   ROI CPI stack dispatch: base=.. icache=.. bpred=.. dcache_l1=.. ... other=..
 * A snapshot is 81 CSR reads (27 components x high/low/high), each serialised at commit:
 * some hundreds of cycles, booked inside the ROI; the kernels run tens of thousands or more.
 * Component k is read at the same offset from mcycle in both snapshots only if both take the
 * same time, so roi_begin() runs the snapshot once to warm its code into the L1I (a cold first
 * snapshot takes some hundreds of cycles longer, so the later components' windows would come
 * out that much shorter than the mcycle window). */
#ifndef SS_PMU_ROI_H
#define SS_PMU_ROI_H

#include <stdint.h>

#include "../lib/pmu.h"
#include "stackscope.h"

typedef struct {
    uint64_t cycles, instret;
    uint64_t comp[PMU_NUM_CPI_STAGES][PMU_NUM_CPI_COMPS];
#ifdef ROI_FLOPS
    uint64_t flops[PMU_NUM_FL];
#endif
} roi_snap_t;

/* CSR numbers must be constants: one read per (stage, comp), unrolled. */
#define ROI_RD_(s, c) snap->comp[s][c] = PMU_WINDOW48(2 * ((s) * PMU_NUM_CPI_COMPS + (c)))
#define ROI_RD_STAGE_(s)                                                                   \
    do {                                                                                   \
        ROI_RD_(s, 0); ROI_RD_(s, 1); ROI_RD_(s, 2); ROI_RD_(s, 3); ROI_RD_(s, 4);         \
        ROI_RD_(s, 5); ROI_RD_(s, 6); ROI_RD_(s, 7); ROI_RD_(s, 8);                        \
    } while (0)

static void __attribute__((noinline)) roi_snap(roi_snap_t *snap)
{
    snap->cycles = pmu_mcycle();
    snap->instret = pmu_minstret();
    pmu_select_bank(PMU_BANK_CPI);
    ROI_RD_STAGE_(PMU_ST_DISPATCH);
    ROI_RD_STAGE_(PMU_ST_ISSUE);
    ROI_RD_STAGE_(PMU_ST_COMMIT);
#ifdef ROI_FLOPS
    /* ROI_FLOPS (the FP programs): the 7 FLOPS-stack components too, printed as
     * "ROI FLOPS stack: base=.. non_fma=.. ..." in units of 1/(2kv) cycle. */
    pmu_select_bank(PMU_BANK_TD_FL);
#define ROI_RD_FL_(j) snap->flops[j] = PMU_WINDOW48(PMU_WIN_FL_BASE + 2 * (j))
    ROI_RD_FL_(0); ROI_RD_FL_(1); ROI_RD_FL_(2); ROI_RD_FL_(3); ROI_RD_FL_(4); ROI_RD_FL_(5);
    ROI_RD_FL_(6);
#undef ROI_RD_FL_
#endif
}

/* The ROI starts here: a warm-up snapshot, then the real one into *snap. */
static void __attribute__((noinline)) roi_begin(roi_snap_t *snap)
{
    roi_snap(snap);
    roi_snap(snap);
}

static void roi_put_u64(uint64_t v)
{
    char buf[21];
    int i = 20;
    buf[i] = '\0';
    do {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    ss_puts(&buf[i]);
}

/* Prints end - begin (48-bit components: the difference taken modulo 2^48, so a wrap inside
 * the ROI still gives the right count). */
static void roi_print(const roi_snap_t *b, const roi_snap_t *e)
{
    static const char *const stage[PMU_NUM_CPI_STAGES] = {"dispatch", "issue", "commit"};
    static const char *const comp[PMU_NUM_CPI_COMPS] = {
        "base", "icache", "bpred", "dcache_l1", "dcache_l2",
        "dcache_mem", "alu_lat", "depend", "other"};
    const uint64_t mask48 = (1ull << 48) - 1;
    ss_puts("ROI cycles=");
    roi_put_u64(e->cycles - b->cycles);
    ss_puts(" instret=");
    roi_put_u64(e->instret - b->instret);
    ss_puts("\n");
    for (int s = 0; s < PMU_NUM_CPI_STAGES; ++s) {
        ss_puts("ROI CPI stack ");
        ss_puts(stage[s]);
        ss_puts(":");
        for (int c = 0; c < PMU_NUM_CPI_COMPS; ++c) {
            ss_puts(" ");
            ss_puts(comp[c]);
            ss_puts("=");
            roi_put_u64((e->comp[s][c] - b->comp[s][c]) & mask48);
        }
        ss_puts("\n");
    }
#ifdef ROI_FLOPS
    static const char *const fl[PMU_NUM_FL] = {"base", "non_fma", "mask", "frontend",
                                               "non_vfp", "mem", "depend"};
    ss_puts("ROI FLOPS stack:");
    for (int j = 0; j < PMU_NUM_FL; ++j) {
        ss_puts(" ");
        ss_puts(fl[j]);
        ss_puts("=");
        roi_put_u64((e->flops[j] - b->flops[j]) & mask48);
    }
    ss_puts("\n");
#endif
}

#endif
