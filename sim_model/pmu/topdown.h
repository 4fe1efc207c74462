// Golden model of the Top-Down events (Yasin, Table 1) and the Level 1-3 metric
// tree (Table 2), written from the paper. Events count in integer slots/cycles.
#pragma once

#include <array>
#include <cstdint>

#include "pmu_gen.h"

namespace stackscope::pmu {

struct TopDownConfig {
  unsigned dispatch_width = 2;  // W: Yasin's machine issue width (our dispatch)
  unsigned exec_few = 1;        // MemStalls.Stores and #ExecutionStalls: iss_n <= exec_few
  unsigned mem_bw_threshold = 4;
  unsigned counter_bits = 48;
  void validate() const;
};

class TopDown {
 public:
  explicit TopDown(const TopDownConfig& cfg);
  void step(const Probe& p);
  void write(TdCounter c, uint64_t value);  // CSR write: wins over this cycle's increment
  uint64_t get(TdCounter c) const { return cnt_[static_cast<unsigned>(c)]; }
  const std::array<uint64_t, kNumTdCounters>& counters() const { return cnt_; }
  const TopDownConfig& config() const { return cfg_; }

 private:
  TopDownConfig cfg_;
  uint64_t mask_;
  std::array<uint64_t, kNumTdCounters> cnt_{};
  int pending_write_ = -1;
};

// Level 1 in exact slots (sums to total_slots by construction; backend is the remainder as in
// Table 2) and Levels 2-3 as fractions, Table 2's formulas.
struct TopDownMetrics {
  int64_t total_slots, frontend_slots, bad_spec_slots, retiring_slots, backend_slots;
  double frontend, bad_spec, retiring, backend;  // Level 1
  double fetch_latency, fetch_bandwidth, branch_mispredicts, machine_clears, micro_sequencer, base,
      memory_bound, core_bound;                 // Level 2
  double l1_bound, l2_bound, ext_memory_bound;  // Level 3
  // Table 2 as printed: MEM Bandwidth = Ext[>=THR] / Ext[>=1] (a share of memory-busy
  // cycles). Its MEM Latency = Ext[>=1]/Clocks - that share mixes units and can go negative,
  // so latency and bandwidth are reported as the two parts of Ext[>=1]/Clocks instead.
  double mem_bandwidth_share, mem_bandwidth, mem_latency;
};

// Throws std::logic_error unless Level 1 is a partition of TotalSlots with no negative part.
void check_level1(const std::array<uint64_t, kNumTdCounters>& c);

// Throws std::domain_error when there are no cycles to divide by.
TopDownMetrics topdown_metrics(const std::array<uint64_t, kNumTdCounters>& c,
                               const TopDownConfig& cfg);

}  // namespace stackscope::pmu
