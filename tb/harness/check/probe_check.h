// The probe's flags against the ROB window and the core's observation port (docs/dev/probe.md
// "Checking the probe against the machine"). The per-cycle cross-check proves the RTL units
// equal their models on the SAME probe; it cannot see a probe flag wired to the wrong signal.
// The checker follows the ROB window from the counts alone (pmu::RobWindow: +disp_n, -cmt_n, a
// flush empties it; the ROB allocates in order from disp_rob_idx), and ProbeCheck requires
// every flag that describes the window to agree with it, every cycle, on a core whose ROB has
// `rob_entries` entries.
#pragma once

#include <string>

#include "pmu_gen.h"
#include "rob_window.h"

namespace stackscope::check {

using pmu::CoreObs;
using pmu::Probe;
using pmu::RobWindow;

class ProbeCheck {
 public:
  ProbeCheck(unsigned rob_entries, unsigned dispatch_width, unsigned commit_width);
  // One cycle, given the window before it; empty if every rule holds, else
  // "probe rule NAME: what was seen".
  std::string check(const Probe& p, RobWindow before) const;
  // The flags that describe the reservation stations, the load queue, the store buffer and
  // the front end's decode redirects, against the core's observation port (raw occupancy
  // counts, probe_pkg::core_obs_t), each re-derived from the flag's documented meaning.
  // Call once per cycle, in order (the misfetch rule looks one cycle back).
  std::string check_obs(const Probe& p, const CoreObs& o);

 private:
  unsigned rob_entries_, dispatch_width_, commit_width_;
  bool have_prev_ = false;
  CoreObs prev_obs_{};
  uint32_t prev_misfetch_ = 0;
};

}  // namespace stackscope::check
