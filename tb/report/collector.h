// Steps the golden PMU models on the probe stream of a run and fills a RunResult's raw
// counters: Top-Down, the three CPI stacks, the FLOPS stack, TIP (oracle + samplers) and the
// perf-style multiplexing emulation. Core-independent: it sees only pmu::Probe.
#pragma once

#include <memory>

#include "multiplex.h"
#include "run_result.h"
#include "topdown.h"

namespace stackscope::report {

class Collector {
 public:
  explicit Collector(const RunConfig& cfg);
  void step(const pmu::Probe& p);
  uint64_t cycles() const { return td_.get(pmu::TdCounter::kClocks); }
  // Copies the raw counters into `r` (cycles, instructions and status are the caller's).
  void fill(RunResult& r) const;

 private:
  RunConfig cfg_;
  pmu::TopDown td_;
  pmu::CpiStack cpi_;
  pmu::FlopsStack flops_;
  pmu::TipOracle oracle_;
  pmu::TipSampler sampler_;
  Multiplexer mux_;
  bool flushed_ = false;
  uint32_t offending_ = 0;
  std::array<uint64_t, 4> oracle_states_{};
};

}  // namespace stackscope::report
