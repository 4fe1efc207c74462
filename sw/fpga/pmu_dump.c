/* The FPGA prototype's counter dump (docs/fpga.md): some work, then every PMU CSR the core
 * forwards to the PMU read once and printed over the console (the FPGA top's UART) as
 * "pmu ADDR VALUE" (hex): mcycle, minstret, mhpmcounter3..6 and mhpmevent3..6 (both halves),
 * mcountinhibit, mcounteren, the bank and TIP control registers, then every word of the four
 * banks of the counter window. `stackscope_fpga run --csr-log` records the golden model's
 * value of each read; ctest fpga_pmu_dump checks the UART printed exactly those. Linked for
 * the FPGA's 128 KiB RAM (sw/Makefile). */
#include <stdint.h>
#include <stdio.h>

#include "pmu.h"

#define DUMP(num) printf("pmu %03x %08x\n", (unsigned)(num), (unsigned)PMU_CSRR(num))

/* One window word by a run-time index: csrr takes the CSR number as an immediate. */
#define W1(n) case n: DUMP(PMU_CSR_WINDOW + n); break;
#define W4(n) W1(n) W1(n + 1) W1(n + 2) W1(n + 3)
#define W16(n) W4(n) W4(n + 4) W4(n + 8) W4(n + 12)
static void dump_window(unsigned w) {
    switch (w) {
        W16(0) W16(16) W16(32) W16(48)
        default: break;
    }
}

static volatile uint32_t data[256];

int main(void) {
    PMU_SET_HPMEVENT(3, PMU_EVENT(PMU_EV_SLOTS_RETIRED, 0, 0, 0));
    PMU_SET_HPMEVENT(4, PMU_EVENT(PMU_EV_BR_MISPRED_RETIRED, 0, 0, 0));
    PMU_SET_HPMEVENT(5, PMU_EVENT(PMU_EV_MEM_STALLS_ANY_LOAD, 0, 0, 0));
    PMU_SET_HPMEVENT(6, PMU_EVENT(PMU_EV_FETCH_BUBBLES, 0, 0, 0));
    PMU_CSRW(PMU_CSR_TIPCTRL, PMU_TIPCTRL(PMU_TIP_PERIODIC, 97, 0));
    /* Work with data-dependent branches, loads and stores (the counters move). */
    uint32_t x = 12345, sum = 0;
    for (unsigned i = 0; i < 2000; ++i) {
        x = x * 1103515245u + 12345u;
        data[x % 256] += i;
        if ((x >> 16) & 1) sum += data[(x >> 8) % 256];
        else sum ^= x;
    }
    printf("work %08x\n", (unsigned)sum);

    DUMP(PMU_CSR_MCYCLE);
    DUMP(PMU_CSR_MCYCLE | PMU_CSR_HIGH_HALF);
    DUMP(PMU_CSR_MINSTRET);
    DUMP(PMU_CSR_MINSTRET | PMU_CSR_HIGH_HALF);
#define HPM(n)                                                          \
    DUMP(PMU_CSR_MHPMCOUNTER3 - 3 + n);                                 \
    DUMP((PMU_CSR_MHPMCOUNTER3 - 3 + n) | PMU_CSR_HIGH_HALF);           \
    DUMP(PMU_CSR_MHPMEVENT3 - 3 + n);                                   \
    DUMP(PMU_CSR_MHPMEVENT3H - 3 + n);
    HPM(3) HPM(4) HPM(5) HPM(6)
    DUMP(PMU_CSR_MCOUNTINHIBIT);
    DUMP(PMU_CSR_MCOUNTEREN);
    DUMP(PMU_CSR_BANK);
    DUMP(PMU_CSR_TIPCTRL);
    static const unsigned words[4] = {
        [PMU_BANK_CPI] = 2 * PMU_NUM_CPI_STAGES * PMU_NUM_CPI_COMPS,
        [PMU_BANK_TD_FL] = 2 * (PMU_NUM_TD + PMU_NUM_FL),
        [PMU_BANK_TIP] = PMU_TIP_WORDS,
        [PMU_BANK_SPEC] = 2 * 2 * PMU_NUM_CPI_COMPS + 2,
    };
    for (unsigned bank = 0; bank < 4; ++bank) {
        pmu_select_bank(bank);
        for (unsigned w = 0; w < words[bank]; ++w) dump_window(w);
    }
    return 0;
}
