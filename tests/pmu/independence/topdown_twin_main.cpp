// The Top-Down cross-check of tests/pmu/independence/check_topdown_twin.py, built in a scratch
// copy of the tree: topdown (Verilated from the generated pmu_pkg) and the model TopDown
// (sim_model/pmu/topdown.cpp, written by hand) on one random probe stream, every counter
// compared every cycle. Exit 0 when all agree, 1 at the first difference (one MISMATCH line).
#include <cstdio>
#include <string>

#include "Vtopdown.h"
#include "probe_random.h"
#include "topdown.h"
#include "unit_dut.h"

using namespace stackscope::pmu;

int main() {
  constexpr unsigned kCycles = 20000;
  TopDownConfig cfg;  // W = 2, FEW = 1, THR = 4: topdown's parameter defaults
  TopDown model(cfg);
  UnitDut<Vtopdown, TopDownUnit> dut;
  ProbeRandom gen(11, StageWidths{});
  for (unsigned c = 0; c < kCycles; ++c) {
    const Probe p = gen.next();
    model.step(p);
    dut.cycle(p);
    if (dut.assertion_failed()) {
      std::printf("topdown_twin: RTL assertion failed at cycle %u\n", c);
      return 1;
    }
    for (unsigned i = 0; i < kNumTdCounters; ++i) {
      if (dut.get(i) != model.counters()[i]) {
        std::printf("MISMATCH cycle %u: topdown.%s expected %llu actual %llu\n", c,
                    std::string(kTdCounterNames[i]).c_str(),
                    static_cast<unsigned long long>(model.counters()[i]),
                    static_cast<unsigned long long>(dut.get(i)));
        return 1;
      }
    }
  }
  std::printf("topdown_twin: %u counters agree for %u cycles\n", kNumTdCounters, kCycles);
  return 0;
}
