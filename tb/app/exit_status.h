// The process exit status of `stackscope iss` and `stackscope run` (docs/robustness.md).
// A program's own exit value never becomes the status: it is printed and put in the JSON
// report (status.exit_code), and any non-zero value gives kProgramFailed. So no failing
// program exits 0 (exit 256 would be 0 modulo 256), and no program value looks like a tool
// condition.
#pragma once

namespace stackscope::exit_status {

constexpr int kOk = 0;             // the program exited 0 (suite: every workload as expected)
constexpr int kProgramFailed = 1;  // the program exited non-zero (suite: a workload did not
                                   // exit with its expected_exit)
constexpr int kBadInput = 2;       // bad command line, ELF, config, manifest or output path
constexpr int kLimit = 3;          // instruction or cycle limit reached, no exit
constexpr int kLockstep = 4;       // RTL and ISS disagree
constexpr int kCrosscheck = 5;     // RTL PMU and golden model disagree
constexpr int kTrapLoop = 6;       // the same trap again with no progress (iss/trap_loop.h)
constexpr int kRtlAssertion = 7;   // an RTL assertion failed (tb/harness/rtl_messages.h)
constexpr int kSignalBase = 128;   // SIGINT 130, SIGTERM 143: interrupted, nothing written

}  // namespace stackscope::exit_status
