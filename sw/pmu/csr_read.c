/* Reads every PMU register software can see -- counter CSRs, every CPI-stack component,
 * speculative (method b) counter, Top-Down counter, FLOPS component and TIP word -- while
 * doing some loads, multiplies and branches. The harness (stackscope run, PMU cross-check on) compares each value read with
 * what the golden PMU model held in that cycle; the program itself checks the invariants it
 * can see: each stack sums to W * cycles at some moment between the mcycle reads around it
 * (W = the stage's width, 1..4: 1 on a 1-wide core; found as the only W that fits),
 * and the event counters it programs move. */
#include "../lib/pmu.h"
#include "stackscope.h"

#define N 512
static volatile uint32_t buf[N];

static uint64_t sum_cpi_stage_commit(void)
{
    return PMU_CPI(PMU_ST_COMMIT, 0) + PMU_CPI(PMU_ST_COMMIT, 1) + PMU_CPI(PMU_ST_COMMIT, 2) +
           PMU_CPI(PMU_ST_COMMIT, 3) + PMU_CPI(PMU_ST_COMMIT, 4) + PMU_CPI(PMU_ST_COMMIT, 5) +
           PMU_CPI(PMU_ST_COMMIT, 6) + PMU_CPI(PMU_ST_COMMIT, 7) + PMU_CPI(PMU_ST_COMMIT, 8);
}
static uint64_t sum_cpi_stage_dispatch(void)
{
    return PMU_CPI(PMU_ST_DISPATCH, 0) + PMU_CPI(PMU_ST_DISPATCH, 1) +
           PMU_CPI(PMU_ST_DISPATCH, 2) + PMU_CPI(PMU_ST_DISPATCH, 3) +
           PMU_CPI(PMU_ST_DISPATCH, 4) + PMU_CPI(PMU_ST_DISPATCH, 5) +
           PMU_CPI(PMU_ST_DISPATCH, 6) + PMU_CPI(PMU_ST_DISPATCH, 7) +
           PMU_CPI(PMU_ST_DISPATCH, 8);
}
static uint64_t sum_cpi_stage_issue(void)
{
    return PMU_CPI(PMU_ST_ISSUE, 0) + PMU_CPI(PMU_ST_ISSUE, 1) + PMU_CPI(PMU_ST_ISSUE, 2) +
           PMU_CPI(PMU_ST_ISSUE, 3) + PMU_CPI(PMU_ST_ISSUE, 4) + PMU_CPI(PMU_ST_ISSUE, 5) +
           PMU_CPI(PMU_ST_ISSUE, 6) + PMU_CPI(PMU_ST_ISSUE, 7) + PMU_CPI(PMU_ST_ISSUE, 8);
}
/* Method (b)'s proven dispatch slots (bank 3): at most W per cycle so far. */
static uint64_t sum_spec_dispatch(void)
{
    return PMU_SPEC_CPI(0, 0) + PMU_SPEC_CPI(0, 1) + PMU_SPEC_CPI(0, 2) + PMU_SPEC_CPI(0, 3) +
           PMU_SPEC_CPI(0, 4) + PMU_SPEC_CPI(0, 5) + PMU_SPEC_CPI(0, 6) + PMU_SPEC_CPI(0, 7) +
           PMU_SPEC_CPI(0, 8);
}
static uint64_t sum_spec_issue_and_merges(void)
{
    return PMU_SPEC_CPI(1, 0) + PMU_SPEC_CPI(1, 1) + PMU_SPEC_CPI(1, 2) + PMU_SPEC_CPI(1, 3) +
           PMU_SPEC_CPI(1, 4) + PMU_SPEC_CPI(1, 5) + PMU_SPEC_CPI(1, 6) + PMU_SPEC_CPI(1, 7) +
           PMU_SPEC_CPI(1, 8) + PMU_SPEC_MERGES();
}
static uint64_t sum_flops(void)
{
    return PMU_FLOPS(0) + PMU_FLOPS(1) + PMU_FLOPS(2) + PMU_FLOPS(3) + PMU_FLOPS(4) +
           PMU_FLOPS(5) + PMU_FLOPS(6);
}

static uint32_t work(uint32_t seed)
{
    uint32_t acc = seed;
    for (unsigned i = 0; i < N; i += 7) {
        buf[(i * 37u) % N] += acc;
        acc = acc * 1103515245u + buf[(i * 11u) % N];
        if (acc & 1)
            acc ^= 0x5a5a;
    }
    return acc;
}

/* The stage width W in 1..4 with c0 * W <= sum <= c1 * W, or 0 if none (the intervals of
 * successive W are disjoint once c1 - c0 < c0 / 4). */
static unsigned stage_width(uint64_t sum, uint64_t c0, uint64_t c1)
{
    uint64_t lo = 0, hi = 0;
    for (unsigned w = 1; w <= 4; ++w) {
        lo += c0;
        hi += c1;
        if (lo <= sum && sum <= hi)
            return w;
    }
    return 0;
}

int main(void)
{
    /* Programmable counters: cycles, retired, memory stalls, fetch bubbles (>= 1 form). */
    PMU_SET_HPMEVENT(3, PMU_EVENT(PMU_EV_CYCLES, 0, 0, 0));
    PMU_SET_HPMEVENT(4, PMU_EVENT(PMU_EV_INST_RETIRED, 0, 0, 0));
    PMU_SET_HPMEVENT(5, PMU_EVENT(PMU_EV_MEM_STALLS_ANY_LOAD, 0, 0, 0));
    PMU_SET_HPMEVENT(6, PMU_EVENT(PMU_EV_FETCH_BUBBLES, 1, 0, 1)); /* edge: bubble episodes */
    uint32_t acc = 1;
    for (int round = 0; round < 4; ++round) {
        acc = work(acc);
        ss_keep(acc);

        const uint64_t c0 = pmu_mcycle();
        const uint64_t commit = sum_cpi_stage_commit();
        const uint64_t c1 = pmu_mcycle();
        ss_check(stage_width(commit, c0, c1) != 0, 10 + round);
        const uint64_t disp = sum_cpi_stage_dispatch();
        const uint64_t iss = sum_cpi_stage_issue();
        const uint64_t c2 = pmu_mcycle();
        ss_check(stage_width(disp, c1, c2) != 0 && stage_width(iss, c1, c2) != 0, 20 + round);
        /* Blocks of work()'s loop have committed (proven) by now; none can hold more than
         * the W slots per cycle that were booked. */
        const uint64_t spec = sum_spec_dispatch();
        ss_keep(sum_spec_issue_and_merges());
        const uint64_t c2s = pmu_mcycle();
        ss_check(spec > 0 && spec <= stage_width(disp, c1, c2) * c2s, 25 + round);
        /* k = FpUnits = 2 (soc_top, every build), v = 1: 2kv = 4 units per cycle */
        const uint64_t fl = sum_flops();
        const uint64_t td_clocks = PMU_TD(PMU_TD_CLOCKS);
        const uint64_t c3 = pmu_mcycle();
        ss_check(4 * c2 <= fl && fl <= td_clocks * 4 && td_clocks <= c3, 30 + round);
        const uint64_t retired = PMU_TD(PMU_TD_SLOTS_RETIRED);
        ss_check(retired <= pmu_minstret() && retired > 0, 40 + round);
        /* Every other Top-Down counter and TIP word, for the harness to compare. */
        uint64_t td = 0;
        td += PMU_TD(1) + PMU_TD(2) + PMU_TD(4) + PMU_TD(5) + PMU_TD(6) + PMU_TD(7);
        td += PMU_TD(8) + PMU_TD(9) + PMU_TD(10) + PMU_TD(11) + PMU_TD(12) + PMU_TD(13);
        td += PMU_TD(14) + PMU_TD(15) + PMU_TD(16) + PMU_TD(17) + PMU_TD(18) + PMU_TD(19);
        td += PMU_TD(20) + PMU_TD(21);
        ss_keep(td);
        uint32_t tip = PMU_TIP(PMU_TIP_STATUS);
        tip ^= PMU_TIP(1) ^ PMU_TIP(2) ^ PMU_TIP(3) ^ PMU_TIP(4) ^ PMU_TIP(5) ^ PMU_TIP(6);
        tip ^= PMU_TIP(7) ^ PMU_TIP(8) ^ PMU_TIP(9) ^ PMU_TIP(10) ^ PMU_TIP(11);
        ss_keep(tip);
        ss_check(PMU_TIP(PMU_TIP_SAMPLES_LO) > 0, 50 + round); /* periodic after reset */
        PMU_CSRW(PMU_CSR_TIPACK, 1);
        const uint64_t h3 = PMU_HPMCOUNTER(3), h4 = PMU_HPMCOUNTER(4);
        const uint64_t h5 = PMU_HPMCOUNTER(5), h6 = PMU_HPMCOUNTER(6);
        ss_check(h3 > h4 && h4 > 0 && h3 >= h5 && h6 > 0, 60 + round);
        /* Events and control registers read back. */
        ss_check(PMU_CSRR(0x323) == PMU_EVENT(PMU_EV_CYCLES, 0, 0, 0), 70 + round);
        ss_check(PMU_CSRR(0x326) == PMU_EVENT(PMU_EV_FETCH_BUBBLES, 1, 0, 1), 70 + round);
        ss_check((PMU_CSRR(PMU_CSR_TIPCTRL) & 3) == 1, 70 + round);
        ss_check(PMU_CSRR(0x320) == 0 && PMU_CSRR(0x306) == 0, 70 + round);
        /* user aliases read the same counters */
        ss_check(PMU_CSRR(0xC04) <= PMU_CSRR(0xB04), 80 + round);
    }
    /* Random TIP trigger (mask 63), then off. */
    PMU_CSRW(PMU_CSR_TIPCTRL, (63u << 16) | 2);
    acc = work(acc);
    ss_keep(acc);
    PMU_CSRW(PMU_CSR_TIPCTRL, 0);
    ss_check((PMU_CSRR(PMU_CSR_TIPCTRL) & 3) == 0, 90);
    return 0;
}
