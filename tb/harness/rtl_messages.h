// What the Verilated RTL printed (tb/harness/vl_print.h routes Verilator's VL_PRINTF here): an
// assertion's message is kept, so a failure becomes one line on stderr and exit status
// kRtlAssertion instead of Verilator's abort with its message on stdout.
#pragma once
#include <stdexcept>
#include <string>

namespace stackscope::tb {

// An RTL assertion failed ($error / $fatal in a Verilated model). what() is one line.
struct RtlAssertion : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The first error line the RTL printed since the last take_rtl_message() (empty: none), with
// Verilator's "[time] %Error: " prefix removed; the buffer is emptied.
std::string take_rtl_message();

}  // namespace stackscope::tb
