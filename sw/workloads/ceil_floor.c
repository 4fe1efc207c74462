/*
 * ceil_floor_{flags,noflags}: Gottschall et al.'s ceil/floor case study in RV32F. floor and
 * ceil of an array of floats by fcvt.w.s with a static rounding mode (rdn / rup) and back
 * with fcvt.s.w. libm's floorf/ceilf must not raise inexact, so the CF_FLAGS version saves
 * fflags with frflags before the conversion and restores them with fsflags after it (the
 * flag instructions serialise on a core that renames no fcsr); CF_NOFLAGS is the same code
 * without them. Inputs are multiples of 1/4 in [-64, 64): |x| < 2^31, so the conversion is
 * exact in range. Checks: every result against integer floor/ceil of the quarter count, and
 * fflags after the loop: 0 with the save/restore, NX (1) without it.
 */
#include <stdint.h>

#include "stackscope.h"

#define CF_N 4096

static float in[CF_N], lo[CF_N], hi[CF_N];

static inline float cvt_round(float v, int up)
{
    int32_t i;
    float r;
#if defined(CF_FLAGS)
    uint32_t saved;
    __asm__ volatile("frflags %0" : "=r"(saved));
#endif
    if (up)
        __asm__ volatile("fcvt.w.s %0, %1, rup" : "=r"(i) : "f"(v));
    else
        __asm__ volatile("fcvt.w.s %0, %1, rdn" : "=r"(i) : "f"(v));
#if defined(CF_FLAGS)
    __asm__ volatile("fsflags %0" : : "r"(saved));
#endif
    __asm__ volatile("fcvt.s.w %0, %1" : "=f"(r) : "r"(i));
    return r;
}

static void __attribute__((noinline)) floor_ceil(int n)
{
    for (int i = 0; i < n; i++) {
        lo[i] = cvt_round(in[i], 0);
        hi[i] = cvt_round(in[i], 1);
    }
}

static int32_t floor_div4(int32_t q) { return q >= 0 ? q / 4 : -((-q + 3) / 4); }

int main(void)
{
    __asm__ volatile("fsflags zero");
    for (int i = 0; i < CF_N; i++)
        in[i] = (float)((i * 37) % 512 - 256) * 0.25f;
    floor_ceil(CF_N);
    for (int i = 0; i < CF_N; i++) {
        const int32_t q = (i * 37) % 512 - 256;  // in[i] = q / 4
        const int32_t f = floor_div4(q), c = -floor_div4(-q);
        ss_check(lo[i] == (float)f, 1);
        ss_check(hi[i] == (float)c, 2);
    }
    uint32_t flags;
    __asm__ volatile("frflags %0" : "=r"(flags));
#if defined(CF_FLAGS)
    ss_check(flags == 0, 3);
#elif defined(CF_NOFLAGS)
    ss_check(flags == 1, 4);
#else
#error "define CF_FLAGS or CF_NOFLAGS"
#endif
    return 0;
}
