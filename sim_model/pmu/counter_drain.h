// Drain-invariant check of the cheap counter storage (pmu_counter_bank Store = 1, docs/cost.md):
// a model of the drain written from its specification, not from the RTL. It does not keep
// pending registers: it remembers, per counter, the architectural value the RAM holds (the value
// at the counter's last drain or write) and derives the pending increment as architectural value
// minus RAM word. After every cycle it checks that this pending amount fits the bank's
// pending register (pmu_gen drain_pend_w bits; nothing can be lost to a wrap) and that every
// counter was drained within DrainRounds x Num cycles (the premise of that width). Together with
// the per-cycle comparison of the architectural values (RAM + pending in the RTL) with the golden
// model, this shows the drain neither loses nor double-counts an increment. Throws
// std::logic_error on a violation.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "pmu_gen.h"

namespace stackscope::pmu {

class CounterDrain {
 public:
  static constexpr unsigned kMaxNum = 32;
  // `name` names the bank in error messages; num counters of `width` bits, inc_w-bit increments.
  CounterDrain(std::string name, unsigned num, unsigned width, unsigned inc_w);
  // A write of counter `index` in this cycle (the test port); call before step().
  void write(unsigned index) { write_ = index; }
  // End of a cycle: `before` / `after` are the architectural values before and after it.
  void step(std::span<const uint64_t> before, std::span<const uint64_t> after);
  unsigned pend_width() const { return pend_w_; }
  uint64_t max_pending() const { return max_pending_; }  // largest pending amount seen
  uint64_t max_wait() const { return max_wait_; }        // longest wait for a drain, cycles

 private:
  std::string name_;
  unsigned num_, pend_w_;
  uint64_t mask_;
  std::array<uint64_t, kMaxNum> ram_{};   // the word each counter's RAM entry holds
  std::array<uint64_t, kMaxNum> since_{}; // cycles since each counter's last drain or write
  unsigned next_ = 0;                     // the counter due for the drain
  std::optional<unsigned> write_;
  bool wrote_last_ = false;
  uint64_t max_pending_ = 0, max_wait_ = 0, cycle_ = 0;
};

}  // namespace stackscope::pmu
