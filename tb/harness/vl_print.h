// Force-included into the Verilator runtime's own sources of each Verilated SoC model
// (verilated.cmake here: OPT_GLOBAL): the runtime prints an RTL assertion's message ($error,
// $fatal) through VL_PRINTF, which is printf to stdout by default. Routed here, the harness
// keeps the message and turns the failure into one line on stderr with its own exit status
// (rtl_messages.cpp, docs/robustness.md "RTL assertion"). Only the runtime (verilated.cpp)
// calls VL_PRINTF; the generated model does not, and its precompiled header would be refused
// by GCC if anything were included before it.
#pragma once

int ss_vl_printf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
#define VL_PRINTF ss_vl_printf
