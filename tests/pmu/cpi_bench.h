// A CPI stack's golden model and its Verilated RTL (default configuration D2/I3/C2, 8
// speculative blocks) driven with the same probe; the directed tests check both.
#pragma once
#include <catch2/catch.hpp>

#include "Vcpi_stack_d2i3c2.h"
#include "cpi_stack.h"
#include "unit_dut.h"

namespace stackscope::pmu {

struct CpiBench {
  CpiStack model{CpiStackConfig{}};
  CpiStackDut<Vcpi_stack_d2i3c2> dut;

  void run(const Probe& p, unsigned cycles = 1) {
    for (unsigned i = 0; i < cycles; ++i) {
      model.step(p);
      dut.cycle(p);
    }
    REQUIRE_FALSE(dut.assertion_failed());
    REQUIRE_NOTHROW(model.check_invariant());
  }
};

}  // namespace stackscope::pmu
