// Force-included into every Verilated SoC model's sources (tb/verilated.cmake: -CFLAGS
// -include): Verilator prints an RTL assertion's message ($error, $fatal) through VL_PRINTF,
// which is printf to stdout by default. Routed here, the harness keeps the message and turns
// the failure into one line on stderr with its own exit status (tb/rtl_messages.cpp,
// docs/robustness.md "RTL assertion"). Only a macro, no declaration: a C token before the
// model's precompiled header would make GCC refuse the header. The function is declared inside
// a GNU statement expression where Verilator's runtime calls it (verilated.cpp).
#pragma once

#define VL_PRINTF(...)                                 \
  ({                                                   \
    extern int ss_vl_printf(const char* fmt, ...);     \
    ss_vl_printf(__VA_ARGS__);                         \
  })
