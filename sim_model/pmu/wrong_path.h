// Oracle for wrong-path accounting (Eyerman et al. §III-B), on the probe stream alone. A
// dispatched uop is on the wrong path exactly when a mispredicted branch older than it flushes
// it: every uop that commits is on the true path (the lockstep checks each against the ISS),
// and a uop discarded by any other flush (exception, interrupt, machine clear, serialising CSR
// op) is a true-path uop that is fetched and dispatched again. So the oracle follows the ROB
// window (rob_window.h) and the issue slots each of its uops took and, at each flush, books
// what is left behind the committing uops to the wrong path if the flush is a committed
// misprediction (cmt_br_mispred), else to the squashed uops. Each took one dispatch base slot,
// and one issue base slot per issue, in the hardware count; the correct-path stacks
// (PmuModel::oracle_dispatch_stack / oracle_issue_stack) move them from base to bpred (wrong
// path) and to other (squashed: the work a clear throws away).
#pragma once

#include <array>
#include <cstdint>

#include "pmu_gen.h"
#include "rob_window.h"

namespace stackscope::pmu {

class WrongPathOracle {
 public:
  // rob_entries: the core's ROB (a power of two the probe's indices cover). probe_stage: the
  // counts read back lag one cycle, as the counting units behind pmu_top's probe stage do.
  WrongPathOracle(unsigned rob_entries, bool probe_stage);
  void step(const Probe& p);
  uint64_t wrong_path_dispatched() const { return seen_.wrong_path_disp; }
  uint64_t squashed_dispatched() const { return seen_.squashed_disp; }
  uint64_t wrong_path_issued() const { return seen_.wrong_path_iss; }
  uint64_t squashed_issued() const { return seen_.squashed_iss; }
  uint64_t uops_issued() const { return seen_.issued; }  // issue slots used since reset

 private:
  struct Counts {
    uint64_t wrong_path_disp = 0, squashed_disp = 0;
    uint64_t wrong_path_iss = 0, squashed_iss = 0, issued = 0;
  };
  uint32_t rob_mask_;
  bool probe_stage_;
  Counts now_, seen_;  // after this cycle's probe; as the counting units have it
  RobWindow window_;
  std::array<uint32_t, 1u << kRobIdxW> issue_slots_{};  // per ROB index, since its dispatch
};

}  // namespace stackscope::pmu
