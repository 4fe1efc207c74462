// A probe stream for the step-0 sequential core, which has no probe bus: rebuilt in the
// harness from its commit trace and its stall-reason outputs (soc_top status_o, l1i/l1d_miss).
// The core holds one instruction at a time, so it is a machine of width 1 whose "ROB" is
// that instruction. Stall cycles are buffered until the instruction commits, so they are
// attributed to it with its class (did it miss, is it a load) known. Replaced by the RTL probe
// bus as soon as the SoC drives one (docs/report.md, "Probe source").
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "pmu_gen.h"

namespace stackscope::report {

struct SeqCycle {
  bool commit = false, trap = false;  // a record committed at this cycle's edge
  uint32_t pc = 0, insn = 0;
  bool fetch_wait = false, mem_wait = false, muldiv_busy = false;
  bool l1i_miss = false, l1d_miss = false;
};

class SeqProbe {
 public:
  using Sink = std::function<void(const pmu::Probe&)>;
  explicit SeqProbe(Sink sink) : sink_(std::move(sink)) {}
  void cycle(const SeqCycle& c);
  // End of run (cycle limit): the buffered cycles go to `next_pc`, the instruction in flight.
  void finish(uint32_t next_pc);

 private:
  void emit(uint32_t pc, uint32_t insn, bool committed);
  Sink sink_;
  std::vector<SeqCycle> pending_;
};

}  // namespace stackscope::report
