// Constrained-random probe streams for the PMU unit harnesses (no core). The stream moves
// through phases (front-end miss, backend full, long miss at the head, steady state) so that
// every Table II branch is taken, and keeps every n within its stage width.
#pragma once

#include <cstdint>
#include <random>

#include "pmu_gen.h"

namespace stackscope::pmu {

struct StageWidths {
  unsigned dispatch = 2, issue = 3, commit = 2;
  unsigned fp_vec_len = 1;  // v: unmasked elements never exceed it
};

class ProbeRandom {
 public:
  ProbeRandom(uint64_t seed, StageWidths w) : rng_(seed), w_(w) {}
  Probe next();

 private:
  unsigned pick(unsigned hi) { return std::uniform_int_distribution<unsigned>(0, hi)(rng_); }
  bool chance(unsigned percent) { return pick(99) < percent; }
  InstrCls any_class() { return static_cast<InstrCls>(pick(4)); }

  std::mt19937_64 rng_;
  StageWidths w_;
  unsigned phase_ = 0;
  unsigned phase_left_ = 0;
  uint64_t uncommitted_ = 0;  // dispatched, not yet committed: commit never exceeds it
};

}  // namespace stackscope::pmu
