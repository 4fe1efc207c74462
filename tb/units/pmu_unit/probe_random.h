// Constrained-random probe streams for the PMU unit harnesses (no core). The stream moves
// through phases (front-end miss, backend full, long miss at the head, steady state) so that
// every Table II branch is taken, and keeps every n within its stage width. A small ROB
// model gives the speculative-counter fields (ROB indices, block-ending branches, flushes)
// the values a core would produce, with a few per cent deliberately inconsistent ones.
#pragma once

#include <cstdint>
#include <deque>
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

  static constexpr unsigned kRobEntries = 32;  // as the verilated cpi_stack's RobEntries
  struct Uop {
    uint32_t rob_idx;
    bool branch;  // ends a basic block (disp_br_mask kind)
    bool issued;
  };
  void drive_rob(Probe& p);

  std::mt19937_64 rng_;
  StageWidths w_;
  unsigned phase_ = 0;
  unsigned phase_left_ = 0;
  std::deque<Uop> rob_;    // dispatched, not yet committed, oldest first
  uint32_t rob_tail_ = 0;  // ROB index the next dispatched uop gets
};

}  // namespace stackscope::pmu
