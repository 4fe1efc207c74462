// Golden model of the multi-stage CPI stacks (Eyerman et al., Table II and §III),
// written from the paper in integer slot units: a cycle is W slots, W = min stage width.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "cpi_spec.h"
#include "pmu_gen.h"

namespace stackscope::pmu {

struct CpiStackConfig {
  unsigned dispatch_width = 2;
  unsigned issue_width = 3;
  unsigned commit_width = 2;
  unsigned counter_bits = 48;  // components wrap modulo 2^counter_bits
  unsigned carry_bits = 6;     // width-carry register saturates at 2^carry_bits - 1
  CpiSpecConfig spec;          // speculative per-block counters (spec.blocks = 0: none)

  unsigned slots() const;  // W
  void validate() const;   // throws std::invalid_argument
};

using CpiComponents = std::array<uint64_t, kNumCpiComps>;

class CpiStack {
 public:
  explicit CpiStack(const CpiStackConfig& cfg);

  // One cycle of Table II at all three stages.
  void step(const Probe& p);
  // A CSR write of one component; wins over that component's increment in the same cycle,
  // so call it before step() for the cycle in which the write happens.
  void write(CpiStage s, CpiComp c, uint64_t value);

  uint64_t get(CpiStage s, CpiComp c) const {
    return comps_[static_cast<unsigned>(s)][static_cast<unsigned>(c)];
  }
  const CpiComponents& stage(CpiStage s) const { return comps_[static_cast<unsigned>(s)]; }
  uint64_t cycles() const { return cycles_; }
  // Speculative per-block counters (wrong-path method b), or nullptr if not configured.
  const CpiSpec* spec() const { return spec_ ? &*spec_ : nullptr; }
  // CSR write of speculative global counter i (CpiSpec flat index); call before step().
  void write_spec(unsigned i, uint64_t value);
  unsigned slots() const { return w_; }
  // Throws std::logic_error unless every stage sums to W * cycles (mod 2^counter_bits).
  void check_invariant() const;

  // The component a stage's unused slots go to this cycle (Table II lines 3-16).
  static CpiComp blame(CpiStage s, const Probe& p);

 private:
  CpiStackConfig cfg_;
  unsigned w_;
  uint64_t mask_;
  uint64_t cycles_ = 0;
  std::array<CpiComponents, kNumCpiStages> comps_{};
  std::array<uint64_t, kNumCpiStages> carry_{};
  std::array<uint64_t, kNumCpiStages> written_{};  // sum adjustment from CSR writes
  std::array<int, kNumCpiStages> pending_write_{-1, -1, -1};
  std::optional<CpiSpec> spec_;
};

// Eyerman et al. §III-B simple method for wrong-path slots: the dispatch/issue base in excess
// of the commit base moves to bpred (commit base is exact: wrong-path uops never commit).
CpiComponents wrong_path_adjusted(const CpiComponents& stage, const CpiComponents& commit);

}  // namespace stackscope::pmu
