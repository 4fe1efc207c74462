// Checks of the probe against state the model tracks on its own (issue 15, docs/probe.md
// "Checking the probe against the machine"). The per-cycle cross-check proves the RTL units
// equal their models on the SAME probe; it cannot see a probe flag wired to the wrong signal.
// ProbeCheck follows the ROB window from the counts alone (+disp_n, -cmt_n, a flush empties
// it; the ROB allocates in order from disp_rob_idx) and requires every flag that describes the
// window to agree with it, every cycle, on a core whose ROB has `rob_entries` entries.
#pragma once

#include <cstdint>
#include <string>

#include "pmu_gen.h"

namespace stackscope::pmu {

class ProbeCheck {
 public:
  ProbeCheck(unsigned rob_entries, unsigned dispatch_width, unsigned commit_width);
  // One cycle; empty if every rule holds, else "probe rule NAME: what was seen".
  std::string step(const Probe& p);
  uint64_t window() const { return window_; }

 private:
  unsigned rob_entries_, dispatch_width_, commit_width_;
  uint64_t window_ = 0;    // uops dispatched, neither committed nor flushed
  uint32_t rob_tail_ = 0;  // the ROB index the next dispatched uop takes
  bool started_ = false;   // disp_rob_idx seen once (the core's reset index)
};

}  // namespace stackscope::pmu
