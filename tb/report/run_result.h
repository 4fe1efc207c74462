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
#include "tip.h"

namespace stackscope::report {

// The run's configuration, validated (config.cpp) against what the Verilated model was built
// with. Widths are per-build; memory timing, idealisations and sampling are per-run.
struct RunConfig {
  std::string core = "seq";  // which core the SoC model holds (its probe source)
  unsigned dispatch_width = 1, issue_width = 1, commit_width = 1;
  unsigned rob_entries = 1;
  unsigned fp_units = 1, vec_len = 1;  // FLOPS stack k and v
  unsigned l1i_sets = 128, l1i_ways = 2, l1d_sets = 128, l1d_ways = 2, line_bytes = 32;
  unsigned mem_latency = 20, mem_bandwidth = 8, mem_outstanding = 4;
  bool perfect_l1i = false, perfect_l1d = false, perfect_bp = false, fast_alu = false;
  std::string tip_mode = "periodic";  // periodic | random
  unsigned tip_period = 97;
  unsigned exec_few = 1, mem_bw_threshold = 4;
  unsigned mux_counters = 4;       // K programmable counters for the multiplexing emulation
  uint64_t mux_slice = 2000;       // cycles per time slice
  double freq_hz = 1e9;            // for FLOP/s
  uint64_t max_cycles = 20'000'000;
  bool lockstep = true;            // commits checked against the ISS
  bool crosscheck = true;          // RTL PMU against the golden models, where the SoC has one
  std::string crosscheck_status = "on";  // on | off

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
