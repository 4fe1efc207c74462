/* StackScope PMU from software: the standard counter CSRs and the custom read-only window
 * onto every stack component and TIP sample register (map: docs/dev/pmu.md "Custom CSRs"). The
 * addresses, banks and enums between the GENERATED markers come from stackscope.spec.pmu,
 * like the RTL's and the model's. CSR numbers must be compile-time constants, so the
 * accessors are macros. */
#ifndef SS_PMU_H
#define SS_PMU_H

#include <stdint.h>

/* BEGIN GENERATED MAP */
/* GENERATED from stackscope.spec.pmu by scripts/gen.py -- do not edit (ctest pmu_gen_in_sync). */
#define PMU_CSR_BANK 0xBC0 /* RW */
#define PMU_CSR_TIPCTRL 0xBC1 /* RW */
#define PMU_CSR_TIPACK 0xBC2 /* W */
#define PMU_CSR_WINDOW 0xFC0 /* RO: + word of the selected bank */
#define PMU_CSR_MCOUNTEREN 0x306
#define PMU_CSR_MCOUNTINHIBIT 0x320
#define PMU_CSR_MHPMEVENT3 0x323
#define PMU_CSR_MIP 0x344
#define PMU_CSR_MHPMEVENT3H 0x723
#define PMU_CSR_MCYCLE 0xB00
#define PMU_CSR_MINSTRET 0xB02
#define PMU_CSR_MHPMCOUNTER3 0xB03
#define PMU_CSR_HIGH_HALF 0x080 /* counter high half: address | this */
#define PMU_BANK_CPI 0 /* CPI stacks */
#define PMU_BANK_TD_FL 1 /* Top-Down + FLOPS */
#define PMU_BANK_TIP 2 /* TIP */
#define PMU_BANK_SPEC 3 /* speculative CPI (method b) */
#define PMU_WIN_CPI_BASE 0
#define PMU_WIN_TD_BASE 0
#define PMU_WIN_FL_BASE 44
#define PMU_WIN_TIP_BASE 0
#define PMU_WIN_SPEC_BASE 0
#define PMU_TIPCTRL_IRQ (1u << 2)
#define PMU_TIPCTRL_PERIOD_SHIFT 16
/* cpi_stage_e */
enum {
    PMU_ST_DISPATCH, PMU_ST_ISSUE, PMU_ST_COMMIT, PMU_NUM_CPI_STAGES
};
/* cpi_comp_e */
enum {
    PMU_CPI_BASE, PMU_CPI_ICACHE, PMU_CPI_BPRED, PMU_CPI_DCACHE_L1, PMU_CPI_DCACHE_L2,
    PMU_CPI_DCACHE_MEM, PMU_CPI_ALU_LAT, PMU_CPI_DEPEND, PMU_CPI_OTHER, PMU_NUM_CPI_COMPS
};
/* td_counter_e */
enum {
    PMU_TD_CLOCKS, PMU_TD_TOTAL_SLOTS, PMU_TD_SLOTS_ISSUED, PMU_TD_SLOTS_RETIRED,
    PMU_TD_FETCH_BUBBLES, PMU_TD_FETCH_BUBBLES_GE_W, PMU_TD_RECOVERY_BUBBLES,
    PMU_TD_BR_MISPRED_RETIRED, PMU_TD_MACHINE_CLEARS, PMU_TD_MS_SLOTS_RETIRED,
    PMU_TD_OPS_EXEC0, PMU_TD_OPS_EXEC1, PMU_TD_OPS_EXEC2, PMU_TD_OPS_EXEC3,
    PMU_TD_OPS_EXEC4, PMU_TD_MEM_STALLS_ANY_LOAD, PMU_TD_MEM_STALLS_L1_MISS,
    PMU_TD_MEM_STALLS_L2_MISS, PMU_TD_MEM_STALLS_STORES, PMU_TD_EXT_MEM_OUTSTANDING,
    PMU_TD_EXT_MEM_GE1, PMU_TD_EXT_MEM_GE_THR, PMU_NUM_TD
};
/* flops_comp_e */
enum {
    PMU_FL_BASE, PMU_FL_NON_FMA, PMU_FL_MASK, PMU_FL_FRONTEND, PMU_FL_NON_VFP, PMU_FL_MEM,
    PMU_FL_DEPEND, PMU_NUM_FL
};
/* pmu_event_e */
enum {
    PMU_EV_NONE, PMU_EV_CYCLES, PMU_EV_INST_RETIRED, PMU_EV_TOTAL_SLOTS,
    PMU_EV_SLOTS_ISSUED, PMU_EV_SLOTS_RETIRED, PMU_EV_FETCH_BUBBLES,
    PMU_EV_RECOVERY_BUBBLES, PMU_EV_BR_MISPRED_RETIRED, PMU_EV_MACHINE_CLEARS,
    PMU_EV_MS_SLOTS_RETIRED, PMU_EV_OPS_EXECUTED, PMU_EV_MEM_STALLS_ANY_LOAD,
    PMU_EV_MEM_STALLS_L1_MISS, PMU_EV_MEM_STALLS_L2_MISS, PMU_EV_MEM_STALLS_STORES,
    PMU_EV_EXT_MEM_OUTSTANDING, PMU_EV_EXCEPTIONS, PMU_EV_ROB_FULL, PMU_EV_FP_OPS,
    PMU_NUM_EV
};
/* TIP bank words */
enum {
    PMU_TIP_STATUS, PMU_TIP_HEAD_PC0, PMU_TIP_HEAD_PC1, PMU_TIP_HEAD_PC2, PMU_TIP_HEAD_PC3,
    PMU_TIP_OFFENDING, PMU_TIP_NEXT_PC, PMU_TIP_NCI_PC, PMU_TIP_LCI_PC, PMU_TIP_DISP_PC,
    PMU_TIP_SAMPLES_LO, PMU_TIP_SAMPLES_HI, PMU_TIP_WORDS
};
/* END GENERATED MAP */
/* Banks of the window: PMU_BANK_CPI word 2*(stage*PMU_NUM_CPI_COMPS + comp) (+1 = high half);
 * PMU_BANK_TD_FL Top-Down counter i at 2*i, FLOPS component j at 2*(PMU_NUM_TD + j);
 * PMU_BANK_TIP the PMU_TIP_* words (status: [0] valid [2:1] state [7:4] head_valid
 * [11:8] head_commit [12] nci valid [13] lci valid [14] dispatch-tag valid);
 * PMU_BANK_SPEC speculative CPI counters (method b), 2*(stage*PMU_NUM_CPI_COMPS + comp) for
 * stage 0 dispatch, 1 issue; merges after them. */
#define PMU_EVENT(id, threshold, invert, edge) \
    ((uint32_t)(id) | ((uint32_t)(threshold) << 8) | ((uint32_t)(invert) << 12) | \
     ((uint32_t)(edge) << 13))
#define PMU_EVENTH_OF   (1u << 31) /* mhpmeventh: overflow (Sscofpmf) */
#define PMU_EVENTH_MINH (1u << 30)
#define PMU_MIP_LCOF    (1u << 13)
/* tipctrl value; with irq set a waiting TIP sample raises mip.LCOFIP (cause 13, shared with
 * counter overflow: the TIP status word's bit 0 tells them apart); writing tipack drops it. */
#define PMU_TIP_OFF      0u
#define PMU_TIP_PERIODIC 1u
#define PMU_TIP_RANDOM   2u
#define PMU_TIPCTRL(mode, period, irq) \
    ((uint32_t)(mode) | ((irq) ? PMU_TIPCTRL_IRQ : 0u) | ((uint32_t)(period) << PMU_TIPCTRL_PERIOD_SHIFT))

/* Any CSR by number. */
#define PMU_CSRR(num)                                                \
    ({                                                               \
        uint32_t v_;                                                 \
        __asm__ volatile("csrr %0, %1" : "=r"(v_) : "i"(num));       \
        v_;                                                          \
    })
#define PMU_CSRW(num, val) __asm__ volatile("csrw %0, %1" : : "i"(num), "r"((uint32_t)(val)))

/* A 64-bit counter read as high, low, high (retried if the low half carried in between). */
#define PMU_READ64(lo_num, hi_num)                                   \
    ({                                                               \
        uint32_t h_, l_, h2_;                                        \
        do {                                                         \
            h_ = PMU_CSRR(hi_num);                                   \
            l_ = PMU_CSRR(lo_num);                                   \
            h2_ = PMU_CSRR(hi_num);                                  \
        } while (h_ != h2_);                                         \
        ((uint64_t)h_ << 32) | l_;                                   \
    })

static inline void pmu_select_bank(uint32_t bank) { PMU_CSRW(PMU_CSR_BANK, bank); }

/* Word w (a constant) of the selected bank. */
#define PMU_WINDOW(w) PMU_CSRR(PMU_CSR_WINDOW + (w))
/* A 48-bit window counter at word w (select its bank first). */
#define PMU_WINDOW48(w) PMU_READ64(PMU_CSR_WINDOW + (w), PMU_CSR_WINDOW + (w) + 1)

/* Stack components; each selects its bank. Arguments must be constants. */
#define PMU_CPI(stage, comp) \
    (pmu_select_bank(PMU_BANK_CPI), PMU_WINDOW48(2 * ((stage) * PMU_NUM_CPI_COMPS + (comp))))
#define PMU_TD(i) (pmu_select_bank(PMU_BANK_TD_FL), PMU_WINDOW48(2 * (PMU_WIN_TD_BASE / 2 + (i))))
#define PMU_FLOPS(j) (pmu_select_bank(PMU_BANK_TD_FL), PMU_WINDOW48(PMU_WIN_FL_BASE + 2 * (j)))
#define PMU_TIP(word) (pmu_select_bank(PMU_BANK_TIP), PMU_WINDOW(word))
/* Speculative (method b) CPI stack of stage 0 (dispatch) or 1 (issue): proven blocks only. */
#define PMU_SPEC_CPI(stage, comp) \
    (pmu_select_bank(PMU_BANK_SPEC), PMU_WINDOW48(2 * ((stage) * PMU_NUM_CPI_COMPS + (comp))))
#define PMU_SPEC_MERGES() (pmu_select_bank(PMU_BANK_SPEC), PMU_WINDOW48(2 * 2 * PMU_NUM_CPI_COMPS))

static inline uint64_t pmu_mcycle(void) {
    return PMU_READ64(PMU_CSR_MCYCLE, PMU_CSR_MCYCLE | PMU_CSR_HIGH_HALF);
}
static inline uint64_t pmu_minstret(void) {
    return PMU_READ64(PMU_CSR_MINSTRET, PMU_CSR_MINSTRET | PMU_CSR_HIGH_HALF);
}
/* mhpmcounterN / mhpmeventN, N a constant 3..6. */
#define PMU_HPMCOUNTER(n) \
    PMU_READ64(PMU_CSR_MHPMCOUNTER3 - 3 + (n), (PMU_CSR_MHPMCOUNTER3 - 3 + (n)) | PMU_CSR_HIGH_HALF)
#define PMU_SET_HPMEVENT(n, ev) PMU_CSRW(PMU_CSR_MHPMEVENT3 - 3 + (n), ev)

#endif
