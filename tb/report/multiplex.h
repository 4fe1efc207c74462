// perf-style counter multiplexing on the golden Zihpm model (pmu::PmuCsr): the Top-Down events
// are split into groups of K, each group programmed onto mhpmcounter3.. for one time slice,
// round robin. Reprogramming costs cycles (one CSR write each, counters inhibited meanwhile),
// as a perf driver's does. Counts are scaled by time_enabled / time_running like perf's.
#pragma once

#include <optional>
#include <vector>

#include "pmu_csr.h"
#include "run_result.h"

namespace stackscope::report {

// The Top-Down events a multiplexed reading needs, in the order they are grouped.
std::vector<MuxEvent> topdown_mux_events(const RunConfig& cfg);

class Multiplexer {
 public:
  explicit Multiplexer(const RunConfig& cfg);
  void step(const pmu::Probe& p);
  // Closes the current slice (counts so far are read) and returns the result.
  MuxResult result() const;

 private:
  void read_group(MuxResult& r) const;  // adds the running group's counts into r
  std::optional<pmu::CsrWrite> next_write();

  unsigned k_;
  uint64_t slice_;
  pmu::PmuCsr csr_;
  MuxResult res_;
  unsigned groups_ = 1, group_ = 0;
  uint64_t cycle_ = 0, slice_start_ = 0, running_since_ = 0;
  bool counting_ = false;
  std::vector<pmu::CsrWrite> pending_;  // the reprogramming sequence, one write per cycle
};

}  // namespace stackscope::report
