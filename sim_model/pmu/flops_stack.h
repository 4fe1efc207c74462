// Golden model of the FLOPS stack (Eyerman et al. §III-C, Table III) in integer
// units of 1/(2*k*v) of a cycle, so that a cycle always adds 2*k*v over the components.
#pragma once

#include <array>
#include <cstdint>

#include "pmu_gen.h"

namespace stackscope::pmu {

struct FlopsStackConfig {
  unsigned units = 2;    // k: FMA units
  unsigned vec_len = 1;  // v: elements per op (1 on the scalar core)
  unsigned counter_bits = 48;
  void validate() const;
  unsigned full() const { return 2 * units * vec_len; }  // units per cycle at peak
};

using FlopsComponents = std::array<uint64_t, kNumFlopsComps>;

class FlopsStack {
 public:
  explicit FlopsStack(const FlopsStackConfig& cfg);
  void step(const Probe& p);
  void write(FlopsComp c, uint64_t value);  // CSR write: wins over this cycle's increment
  uint64_t get(FlopsComp c) const { return comps_[static_cast<unsigned>(c)]; }
  const FlopsComponents& components() const { return comps_; }
  uint64_t cycles() const { return cycles_; }
  // Throws std::logic_error unless the components sum to 2*k*v*cycles (mod 2^counter_bits).
  void check_invariant() const;

 private:
  FlopsStackConfig cfg_;
  uint64_t mask_;
  uint64_t cycles_ = 0;
  uint64_t written_ = 0;
  FlopsComponents comps_{};
  int pending_write_ = -1;
};

// FLOPS = base / cycles * freq * 2kv (Eyerman et al. §III-C): here as flops per cycle.
double flops_per_cycle(const FlopsComponents& c, uint64_t cycles);

}  // namespace stackscope::pmu
