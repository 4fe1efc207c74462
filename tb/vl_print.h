// Force-included into every Verilated SoC model's sources (tb/verilated.cmake: -CFLAGS
// -include): Verilator prints an RTL assertion's message ($error, $fatal) through VL_PRINTF,
// which is printf to stdout by default. Routed here, the harness keeps the message and turns
// the failure into one line on stderr with its own exit status (tb/rtl_messages.cpp,
// docs/robustness.md "RTL assertion").
#pragma once

int ss_vl_printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
#define VL_PRINTF ss_vl_printf
