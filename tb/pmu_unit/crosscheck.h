// Per-cycle cross-check of one RTL unit against its C++ golden model on a random probe
// stream: stops at the first difference with cycle, counter, expected and actual.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "cpi_stack.h"
#include "flops_stack.h"
#include "probe_random.h"
#include "topdown.h"
#include "unit_dut.h"

namespace stackscope::pmu {

// Test-only corruption: at `cycle`, RTL counter `index` is written to its value + 1 through
// the CSR write port while the model is told the write kept the old value.
struct Mutation {
  unsigned index;
  uint64_t cycle;
};

struct CrossCheckResult {
  bool ok = true;
  uint64_t cycles = 0;
  std::string message;  // first difference, or the summary
  double seconds = 0;
};

// The model side of a unit under a flat counter index (same order as the RTL cnt_o).
struct CpiModel {
  CpiStack m;
  static constexpr unsigned kNum = kNumCpiStages * kNumCpiComps;
  static std::string name(unsigned i) {
    return "cpi." + std::string(kCpiStageNames[i / kNumCpiComps]) + "." +
           std::string(kCpiCompNames[i % kNumCpiComps]);
  }
  void step(const Probe& p) { m.step(p); }
  void write(unsigned i, uint64_t v) {
    m.write(static_cast<CpiStage>(i / kNumCpiComps), static_cast<CpiComp>(i % kNumCpiComps), v);
  }
  uint64_t get(unsigned i) const {
    return m.get(static_cast<CpiStage>(i / kNumCpiComps), static_cast<CpiComp>(i % kNumCpiComps));
  }
  void check() const { m.check_invariant(); }
};

struct TopDownModel {
  TopDown m;
  static constexpr unsigned kNum = kNumTdCounters;
  static std::string name(unsigned i) { return "topdown." + std::string(kTdCounterNames[i]); }
  void step(const Probe& p) { m.step(p); }
  void write(unsigned i, uint64_t v) { m.write(static_cast<TdCounter>(i), v); }
  uint64_t get(unsigned i) const { return m.get(static_cast<TdCounter>(i)); }
  void check() const { check_level1(m.counters()); }
};

struct FlopsModel {
  FlopsStack m;
  static constexpr unsigned kNum = kNumFlopsComps;
  static std::string name(unsigned i) { return "flops." + std::string(kFlopsCompNames[i]); }
  void step(const Probe& p) { m.step(p); }
  void write(unsigned i, uint64_t v) { m.write(static_cast<FlopsComp>(i), v); }
  uint64_t get(unsigned i) const { return m.get(static_cast<FlopsComp>(i)); }
  void check() const { m.check_invariant(); }
};

template <class Dut, class Model>
CrossCheckResult crosscheck(Dut& dut, Model& model, ProbeRandom& gen, uint64_t cycles,
                            std::optional<Mutation> mutation) {
  CrossCheckResult r;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t c = 0; c < cycles && r.ok; ++c) {
    const Probe p = gen.next();
    if (mutation && mutation->cycle == c) {
      const uint64_t old = dut.get(mutation->index);
      model.write(mutation->index, old);
      dut.cycle(p, true, mutation->index, old + 1);
    } else {
      dut.cycle(p);
    }
    model.step(p);
    r.cycles = c + 1;
    if (dut.assertion_failed()) {
      r.ok = false;
      r.message = "cycle " + std::to_string(c) + ": RTL assertion failed";
      break;
    }
    model.check();
    for (unsigned i = 0; i < Model::kNum; ++i) {
      const uint64_t want = model.get(i), got = dut.get(i);
      if (want != got) {
        r.ok = false;
        r.message = "cycle " + std::to_string(c) + ": " + Model::name(i) + " expected " +
                    std::to_string(want) + " actual " + std::to_string(got);
        break;
      }
    }
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!r.ok) return r;
  // A random run that never moves a counter has not tested it (the 4-op bin of the
  // OpsExecuted histogram needs a 4-wide issue stage, so it is exempt).
  if (cycles >= 10000)
    for (unsigned i = 0; i < Model::kNum; ++i)
      if (model.get(i) == 0 && Model::name(i).find("ops_executed_4") == std::string::npos) {
        r.ok = false;
        r.message = "coverage: " + Model::name(i) + " never counted";
        return r;
      }
  r.message = "all " + std::to_string(Model::kNum) + " counters match every cycle";
  return r;
}

}  // namespace stackscope::pmu
