/* TIP sample interrupt (docs/dev/pmu.md "TIP"): with tipctrl.IRQ set, a waiting TIP sample raises
 * mip.LCOFIP (cause 13, shared with counter overflow); the handler tells the two apart by the
 * TIP status word's valid bit, reads the sample through the custom CSR window and
 * acknowledges it (tipack), which drops the line. Every value read here is compared by the
 * harness with the golden PMU model in that cycle, and the LCOFIP line itself every cycle.
 * Checks (exit code = the failing one):
 *   1  with IRQ clear, samples wait (status valid) but no interrupt is taken over 4 periods;
 *   2  each interrupt has mcause = interrupt | 13 and a valid TIP sample (not an overflow);
 *   3  the sample count (status words 10-11) grows by >= 1 between interrupts, and by at most
 *      the periods elapsed (one trigger per PERIOD cycles);
 *   4  after tipack, mip.LCOFIP reads 0 inside the handler (the line has dropped);
 *   5  the latched ROB-head pc of each sample lies in the program's code;
 *   6  WANT interrupts arrive within the cycle budget (one per period plus handler time);
 *   7  with TIP off again, no further interrupt. */
#include "../lib/pmu.h"
#include "stackscope.h"

#define PERIOD 400u
#define WANT 16u

extern char tohost[]; /* first byte after .text and .rodata (sw/common/link.ld) */

static volatile uint32_t taken, fail_code;
static volatile uint32_t last_samples;
static volatile uint64_t last_cycle;

static void fail_once(uint32_t code)
{
    if (fail_code == 0)
        fail_code = code;
}

static void __attribute__((interrupt("machine"), aligned(4))) tip_handler(void)
{
    uint32_t cause;
    __asm__ volatile("csrr %0, mcause" : "=r"(cause));
    const uint64_t now = pmu_mcycle();
    pmu_select_bank(PMU_BANK_TIP);
    const uint32_t status = PMU_WINDOW(PMU_TIP_STATUS);
    const uint32_t head_pc = PMU_WINDOW(PMU_TIP_HEAD_PC0);
    const uint32_t samples = PMU_WINDOW(PMU_TIP_SAMPLES_LO);
    if (cause != 0x8000000du || (status & 1u) == 0)
        fail_once(2);
    if (taken > 0) {
        const uint64_t periods = (now - last_cycle) / PERIOD + 1;
        if (samples == last_samples || samples - last_samples > periods)
            fail_once(3);
    }
    if ((status >> 4) & 1u) { /* head_valid[0]: the pc is meaningful */
        if (head_pc < 0x80000000u || head_pc >= (uint32_t)(uintptr_t)tohost)
            fail_once(5);
    }
    PMU_CSRW(PMU_CSR_TIPACK, 1);
    uint32_t mip;
    __asm__ volatile("csrr %0, mip" : "=r"(mip));
    if (mip & PMU_MIP_LCOF)
        fail_once(4);
    last_samples = samples;
    last_cycle = now;
    taken = taken + 1;
}

static uint32_t work(uint32_t x, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        x = x * 1103515245u + 12345u + (x >> 7);
    return x;
}

static uint64_t spin_cycles(uint64_t cycles, uint32_t *x)
{
    const uint64_t t0 = pmu_mcycle();
    while (pmu_mcycle() - t0 < cycles)
        *x = work(*x, 16);
    return pmu_mcycle() - t0;
}

int main(void)
{
    uint32_t x = 1;
    __asm__ volatile("csrw mtvec, %0" : : "r"(&tip_handler));
    __asm__ volatile("csrw mie, %0" : : "r"(PMU_MIP_LCOF));
    __asm__ volatile("csrsi mstatus, 8");

    /* 1: sampling without IRQ: samples wait, nothing interrupts. */
    PMU_CSRW(PMU_CSR_TIPCTRL, PMU_TIPCTRL(PMU_TIP_PERIODIC, PERIOD, 0));
    spin_cycles(4 * PERIOD, &x);
    ss_check(taken == 0 && (PMU_TIP(PMU_TIP_STATUS) & 1u) == 1, 1);

    /* 2-6: interrupts on; the waiting sample interrupts at once. */
    PMU_CSRW(PMU_CSR_TIPCTRL, PMU_TIPCTRL(PMU_TIP_PERIODIC, PERIOD, 1));
    const uint64_t t0 = pmu_mcycle();
    while (taken < WANT && pmu_mcycle() - t0 < 4ull * WANT * PERIOD)
        x = work(x, 16);
    if (fail_code != 0)
        ss_exit((int)fail_code);
    ss_check(taken >= WANT, 6);

    /* 7: off again (mode 0, IRQ clear): no further interrupt. */
    PMU_CSRW(PMU_CSR_TIPCTRL, PMU_TIPCTRL(PMU_TIP_OFF, PERIOD, 0));
    const uint32_t seen = taken;
    spin_cycles(4 * PERIOD, &x);
    ss_check(taken == seen, 7);
    ss_keep(x);
    return 0;
}
