// Per-cycle cross-check of the RTL cpi_stack against the C++ golden model on a random probe
// stream: stops at the first difference with cycle, counter, expected and actual.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "cpi_stack.h"
#include "cpi_stack_dut.h"
#include "probe_random.h"

namespace stackscope::pmu {

// Test-only corruption: at `cycle`, the RTL counter is written to its value + 1 through the
// CSR write port while the model is told the write kept the old value.
struct Mutation {
  CpiStage stage;
  CpiComp comp;
  uint64_t cycle;
};

struct CrossCheckResult {
  bool ok = true;
  uint64_t cycles = 0;
  std::string message;  // first difference, or the summary
  double seconds = 0;
};

template <class VTop>
CrossCheckResult cpi_crosscheck(const CpiStackConfig& cfg, uint64_t cycles, uint64_t seed,
                                std::optional<Mutation> mutation) {
  CpiStackDut<VTop> dut;
  CpiStack model(cfg);
  ProbeRandom gen(seed, {cfg.dispatch_width, cfg.issue_width, cfg.commit_width});
  CrossCheckResult r;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t c = 0; c < cycles; ++c) {
    const Probe p = gen.next();
    if (mutation && mutation->cycle == c) {
      const uint64_t old = dut.get(mutation->stage, mutation->comp);
      model.write(mutation->stage, mutation->comp, old);
      dut.cycle(p, true, mutation->stage, mutation->comp, old + 1);
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
    model.check_invariant();
    for (unsigned s = 0; s < kNumCpiStages && r.ok; ++s) {
      for (unsigned k = 0; k < kNumCpiComps; ++k) {
        const auto st = static_cast<CpiStage>(s);
        const auto cp = static_cast<CpiComp>(k);
        const uint64_t want = model.get(st, cp), got = dut.get(st, cp);
        if (want != got) {
          r.ok = false;
          r.message = "cycle " + std::to_string(c) + ": cpi." + std::string(kCpiStageNames[s]) +
                      "." + std::string(kCpiCompNames[k]) + " expected " + std::to_string(want) +
                      " actual " + std::to_string(got);
          break;
        }
      }
    }
    if (!r.ok) break;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!r.ok) return r;
  // A random run that never books a component has not tested it.
  if (cycles >= 10000) {
    for (unsigned s = 0; s < kNumCpiStages; ++s)
      for (unsigned k = 0; k < kNumCpiComps; ++k)
        if (model.get(static_cast<CpiStage>(s), static_cast<CpiComp>(k)) == 0) {
          r.ok = false;
          r.message = "coverage: cpi." + std::string(kCpiStageNames[s]) + "." +
                      std::string(kCpiCompNames[k]) + " never booked";
          return r;
        }
  }
  r.message = "all " + std::to_string(kNumCpiStages * kNumCpiComps) +
              " counters match every cycle";
  return r;
}

}  // namespace stackscope::pmu
