#include "flops_stack.h"

#include <stdexcept>
#include <string>

namespace stackscope::pmu {

void FlopsStackConfig::validate() const {
  if (units < 1 || units > kMaxFpUnits) throw std::invalid_argument("FLOPS: k outside 1..4");
  if (vec_len < 1 || vec_len > kMaxVecLen) throw std::invalid_argument("FLOPS: v outside 1..8");
  if (counter_bits < 8 || counter_bits > 64)
    throw std::invalid_argument("FLOPS: counter bits must be 8..64");
}

FlopsStack::FlopsStack(const FlopsStackConfig& cfg)
    : cfg_(cfg),
      mask_(cfg.counter_bits == 64 ? ~uint64_t{0} : (uint64_t{1} << cfg.counter_bits) - 1) {
  cfg_.validate();
}

void FlopsStack::write(FlopsComp c, uint64_t value) {
  const unsigned i = static_cast<unsigned>(c);
  written_ += (value & mask_) - comps_[i];
  comps_[i] = value & mask_;
  pending_write_ = static_cast<int>(i);
}

void FlopsStack::step(const Probe& p) {
  const uint64_t k = cfg_.units, v = cfg_.vec_len;
  FlopsComponents inc{};
  auto at = [&](FlopsComp c) -> uint64_t& { return inc[static_cast<unsigned>(c)]; };
  // Table III with f = a*n*m/(2kv): in units of 1/(2kv), issued ops give a*m to base,
  // (2-a)*m to non_fma (l.4-5) and n*(v-m)/(kv) = 2*(v-m) each to mask (l.6-7).
  uint64_t n = 0;
  for (unsigned j = 0; j < k; ++j) {
    if (!(p.fp_issue[j] & 1u)) continue;
    ++n;
    const uint64_t a = (p.fp_fma[j] & 1u) ? 2 : 1, m = p.fp_elems[j] & 15u;
    at(FlopsComp::kBase) += a * m;
    at(FlopsComp::kNonFma) += (2 - a) * m;
    at(FlopsComp::kMask) += 2 * (v - m);
  }
  // l.8-18: (k-n)/k of a cycle = 2v(k-n) units to the first matching cause.
  if (n < k) {
    FlopsComp cause = FlopsComp::kDepend;
    if (!p.fp_wait_rs)
      cause = FlopsComp::kFrontend;
    else if (p.fp_unit_nonfp)
      cause = FlopsComp::kNonVfp;
    else if (p.fp_prod_load)
      cause = FlopsComp::kMem;
    at(cause) += 2 * v * (k - n);
  }
  for (unsigned i = 0; i < kNumFlopsComps; ++i) {
    if (static_cast<int>(i) == pending_write_)
      written_ -= inc[i];
    else
      comps_[i] = (comps_[i] + inc[i]) & mask_;
  }
  pending_write_ = -1;
  ++cycles_;
}

void FlopsStack::check_invariant() const {
  uint64_t sum = 0;
  for (uint64_t c : comps_) sum += c;
  const uint64_t expect = cfg_.full() * cycles_ + written_;
  if ((sum & mask_) != (expect & mask_))
    throw std::logic_error("FLOPS stack sums to " + std::to_string(sum & mask_) +
                           ", expected 2kv*cycles " + std::to_string(expect & mask_));
}

double flops_per_cycle(const FlopsComponents& c, uint64_t cycles) {
  if (cycles == 0) throw std::domain_error("FLOPS: no cycles counted");
  // base is in units of 1/(2kv) cycle at 2kv flops per cycle: one unit is one flop.
  return static_cast<double>(c[static_cast<unsigned>(FlopsComp::kBase)]) / cycles;
}

}  // namespace stackscope::pmu
