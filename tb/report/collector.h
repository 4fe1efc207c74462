// Steps the golden PMU models on the probe stream of a run and fills a RunResult's raw
// counters: Top-Down, the three CPI stacks, the FLOPS stack, TIP (oracle + samplers) and the
// perf-style multiplexing emulation. Core-independent: it sees only pmu::Probe.
#pragma once

#include <optional>

#include "multiplex.h"
#include "pmu_model.h"
#include "run_result.h"

namespace stackscope::report {

class Collector {
 public:
  // `stepped`: a PMU model that something else (the per-cycle cross-check) already steps on
  // the same probe; its Top-Down, CPI, FLOPS and TIP-oracle counters are read from there
  // rather than computed twice. Null: the collector steps its own. The TIP samplers (at the
  // run's period and mode) and the multiplexing emulation are always the collector's.
  explicit Collector(const RunConfig& cfg, const pmu::PmuModel* stepped = nullptr);
  void step(const pmu::Probe& p);
  // Copies the raw counters into `r` (cycles, instructions and status are the caller's).
  void fill(RunResult& r) const;

 private:
  struct Counters {
    pmu::TopDown td;
    pmu::CpiStack cpi;
    pmu::FlopsStack flops;
    pmu::TipOracle oracle;
  };
  RunConfig cfg_;
  const pmu::PmuModel* stepped_;
  std::optional<Counters> own_;
  pmu::TipSampler sampler_;
  Multiplexer mux_;
};

}  // namespace stackscope::report
