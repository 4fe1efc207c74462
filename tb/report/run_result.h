// What one `stackscope run` of one program produced: its configuration, completion status and
// the raw counters of every unit. Everything the report prints is derived from these raw
// counters (tb/report/report_json.cpp), never kept separately.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cpi_stack.h"
#include "flops_stack.h"
#include "pmu_gen.h"
#include "run_options_gen.h"
#include "tip.h"

namespace stackscope::report {

// The run's configuration, validated (config.cpp) against what the Verilated model was built
// with. Widths are per-build; memory timing, idealisations and sampling are per-run. Its
// settings and their defaults are the run-time options table's (run_options_gen.h, generated
// from scripts/stackscope/spec/options.py).
struct RunConfig : RunOptionValues {
  bool crosscheck = true;  // RTL PMU against the golden models, where the SoC has one

  unsigned slots() const;  // W = min stage width (docs/terms.md)
};

// One event as the multiplexing emulation read it (perf's count / time_enabled / time_running).
struct MuxEvent {
  std::string name;   // "fetch_bubbles" etc.: the Top-Down counter it stands for
  uint8_t event_id;   // mhpmevent id (pmu_gen.h kEvents)
  unsigned threshold; // counter-mask threshold
  bool invert;
  unsigned group;
  uint64_t count = 0, time_enabled = 0, time_running = 0;
};

struct MuxResult {
  unsigned counters = 0;
  uint64_t slice = 0, rotations = 0, switch_cycles = 0;
  std::vector<MuxEvent> events;
};

struct RunResult {
  std::string workload, elf;
  std::string status = "complete";  // complete | cycle_limit
  bool exited = false;
  int exit_code = 0;
  int expected_exit = 0;
  uint64_t cycles = 0, instructions = 0;
  double sim_seconds = 0;
  // PMU cross-check (tb/harness/pmu_check): registers compared every cycle (0: off), CSR reads
  // checked.
  unsigned crosscheck_regs = 0;
  uint64_t csr_reads_checked = 0;
  RunConfig config;
  std::array<uint64_t, pmu::kNumTdCounters> topdown{};
  std::array<pmu::CpiComponents, pmu::kNumCpiStages> cpi{};
  // Wrong path (Eyerman et al. §III-B): method (b)'s speculative stacks (dispatch, issue; proven
  // blocks only), its block merges, and the oracle's bpred slots (dispatch, issue; 0 without
  // it).
  std::array<pmu::CpiComponents, pmu::kNumSpecStages> spec_cpi{};
  std::array<uint64_t, pmu::kNumSpecStages> oracle_bpred{};
  uint64_t spec_merges = 0;
  bool spec_available = false, oracle_available = false;
  // With the oracle (cross-checked runs): the cycles in which method (b)'s base (proven + in
  // flight) equalled the oracle's (dispatch, issue; tb/harness/pmu_check), and the uops that
  // flushes other than mispredictions squashed, dispatched and issued (correct-path work thrown
  // away, which stays base).
  std::array<uint64_t, pmu::kNumSpecStages> spec_oracle_cycles{};
  uint64_t squashed_dispatched = 0, squashed_issued = 0;
  pmu::FlopsComponents flops{};
  uint64_t tip_samples = 0;
  std::array<uint64_t, 4> tip_samples_per_state{};
  std::array<uint64_t, 4> oracle_cycles_per_state{};
  // Profiles in 1/12-cycle units (pmu::kTipUnitsPerCycle).
  pmu::Profile oracle, tip, nci, lci, disp;
  MuxResult mux;
};

}  // namespace stackscope::report
