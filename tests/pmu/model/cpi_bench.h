// A CPI stack's golden model and its Verilated RTL (default configuration D2/I3/C2, 8
// speculative blocks; CpiQueueBench: the same with the speculative blocks' drain queue) driven
// with the same probe; the directed tests check both.
#pragma once
#include <catch2/catch.hpp>

#include "Vcpi_stack_d2i3c2.h"
#include "Vcpi_stack_queue.h"
#include "cpi_stack.h"
#include "unit_dut.h"

namespace stackscope::pmu {

template <class Top>
struct CpiBenchOf {
  CpiStack model;
  CpiStackDut<Top> dut;

  explicit CpiBenchOf(const CpiStackConfig& cfg = {}) : model(cfg) {}

  void run(const Probe& p, unsigned cycles = 1) {
    for (unsigned i = 0; i < cycles; ++i) {
      model.step(p);
      dut.cycle(p);
    }
    REQUIRE_FALSE(dut.assertion_failed());
    REQUIRE_NOTHROW(model.check_invariant());
  }
};

using CpiBench = CpiBenchOf<Vcpi_stack_d2i3c2>;

inline CpiStackConfig queue_config() {  // as Vcpi_stack_queue is verilated
  CpiStackConfig c;
  c.spec.drain_queue = true;
  return c;
}
struct CpiQueueBench : CpiBenchOf<Vcpi_stack_queue> {
  CpiQueueBench() : CpiBenchOf(queue_config()) {}
};

}  // namespace stackscope::pmu
