// The ROB window as the probe's counts describe it: uops dispatched and neither committed nor
// flushed (+disp_n, -cmt_n, a flush empties it), and the ROB index the next one takes (the ROB
// allocates in order from disp_rob_idx; after a flush, the one after the last committed uop).
// A value type: the wrong-path oracle (wrong_path.h) and the harness's probe checks
// (tb/harness/check) each follow their own.
#pragma once

#include <algorithm>
#include <cstdint>

#include "pmu_gen.h"

namespace stackscope::pmu {

struct RobWindow {
  uint64_t uops = 0;
  uint32_t next_idx = 0;
  // This cycle's dispatches and commits, in a ROB of rob_mask + 1 entries.
  void advance(const Probe& p, uint32_t rob_mask) {
    if (p.disp_n) next_idx = (p.disp_rob_idx + p.disp_n) & rob_mask;
    uops += p.disp_n;
    uops -= std::min<uint64_t>(uops, p.cmt_n);
  }
  // A flush discards every uop left (this cycle's dispatches included): the ROB frees them.
  void discard(uint32_t rob_mask) {
    next_idx = (next_idx - static_cast<uint32_t>(uops)) & rob_mask;
    uops = 0;
  }
  // One cycle.
  void step(const Probe& p, uint32_t rob_mask) {
    advance(p, rob_mask);
    if (p.flush) discard(rob_mask);
  }
  // ROB index of the oldest uop in the window.
  uint32_t oldest(uint32_t rob_mask) const {
    return (next_idx - static_cast<uint32_t>(uops)) & rob_mask;
  }
};

}  // namespace stackscope::pmu
