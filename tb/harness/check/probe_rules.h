// Every rule the harness checks the core's probe by, in one place (docs/dev/probe.md "Checking
// the probe against the machine"). The per-cycle cross-check (tb/harness/pmu_check.h) proves
// the RTL PMU equals its golden model on the SAME probe, so it cannot see a probe field wired to
// the wrong signal; these rules hold the probe against what the machine shows elsewhere:
// - the ROB window, followed here from the probe's counts (ProbeCheck::check);
// - the core's observation port (ProbeCheck::check_obs);
// - the commit port, in the same cycle (check_probe_commits) and later (ProbeHistoryCheck);
// - the harness memory model: its line requests in flight (rule mem_outstanding) and its
//   record of which level served each miss, for the level the probe names for a blamed load
//   or store-buffer wait (LevelCheck).
// The golden model keeps nothing for them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "commit_check.h"
#include "level_check.h"
#include "lockstep.h"
#include "memory_model.h"
#include "pmu_gen.h"
#include "probe_check.h"
#include "rob_window.h"

namespace stackscope::check {

// What the harness sees besides the probe in one cycle.
struct MachineView {
  uint64_t cycle = 0;
  std::optional<pmu::CoreObs> obs;  // the core's observation port (SoC runs)
  uint32_t mem_lines = 0;  // the memory's line requests in flight as the probe was sampled
  std::span<const tb::RtlCommit> commits;  // the records committed in the cycle, oldest first
  // The memory model's line reads (null: a memory the harness does not model, as the FPGA
  // top's; the levels are then not judged).
  const tb::LineReadLog* line_reads = nullptr;
};

class ProbeRules {
 public:
  // A core with these widths, `rob_entries` ROB entries and `fp_units` FP pipes.
  ProbeRules(unsigned rob_entries, unsigned dispatch_width, unsigned commit_width,
             unsigned fp_units);
  // One cycle, in order. Empty if every rule holds, else "probe rule NAME: what was seen".
  std::string step(const pmu::Probe& p, const MachineView& m);

 private:
  uint32_t rob_mask_;
  ProbeCheck window_check_;
  ProbeHistoryCheck history_;
  LevelCheck levels_;
  pmu::RobWindow window_;  // before this cycle
};

}  // namespace stackscope::check
