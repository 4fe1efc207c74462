// The add-a-counter proof (tests/pmu/add_counter/check_add_counter.py builds this in a scratch
// copy of the tree after adding one event and one Top-Down counter to the generator): the
// regenerated topdown RTL and its C++ model must agree on every counter, every cycle, and the
// new counter, and the model's new event (pmu_events.h), must equal a count made here from the
// probe stream alone.
#include <cstdio>
#include <cstdlib>

#include "pmu_events.h"
#include "probe_random.h"
#include "topdown.h"
#include "unit_dut.h"
#include "Vtopdown.h"

using namespace stackscope::pmu;

int main() {
  constexpr unsigned kCycles = 20000;
  TopDownConfig cfg;  // W = 2, FEW = 1, THR = 4: topdown's parameter defaults
  TopDown model(cfg);
  UnitDut<Vtopdown, TopDownUnit> dut;
  ProbeRandom gen(7, StageWidths{});
  const auto dummy = static_cast<unsigned>(TdCounter::kDummyRobFullRecover);
  uint64_t expect = 0;  // the dummy counter's definition, evaluated independently
  uint64_t event = 0;   // the model's event increment summed
  const EventParams params{cfg.dispatch_width, cfg.exec_few};
  for (unsigned c = 0; c < kCycles; ++c) {
    const Probe p = gen.next();
    expect += (p.rob_full & 1u) && (p.fe_bpred_recover & 1u);
    event += event_increment(static_cast<unsigned>(PmuEvent::kDummyRobFullRecover), p, params);
    model.step(p);
    dut.cycle(p);
    if (dut.assertion_failed()) {
      std::fprintf(stderr, "add_counter: RTL assertion failed at cycle %u\n", c);
      return 1;
    }
    for (unsigned i = 0; i < kNumTdCounters; ++i) {
      if (dut.get(i) != model.counters()[i]) {
        std::fprintf(stderr, "add_counter: cycle %u counter %s: RTL %llu model %llu\n", c,
                     std::string(kTdCounterNames[i]).c_str(),
                     static_cast<unsigned long long>(dut.get(i)),
                     static_cast<unsigned long long>(model.counters()[i]));
        return 1;
      }
    }
  }
  const uint64_t got = model.counters()[dummy];
  std::printf("add_counter: %u counters agree for %u cycles; %s = %llu (expected %llu)\n",
              kNumTdCounters, kCycles, std::string(kTdCounterNames[dummy]).c_str(),
              static_cast<unsigned long long>(got), static_cast<unsigned long long>(expect));
  const auto ev = static_cast<unsigned>(PmuEvent::kDummyRobFullRecover);
  std::printf("add_counter: event %s summed %llu\n", std::string(kEventNames[ev]).c_str(),
              static_cast<unsigned long long>(event));
  return got == expect && event == expect && expect > 0 ? 0 : 1;
}
