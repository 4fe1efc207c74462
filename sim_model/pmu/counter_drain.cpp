#include "counter_drain.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace stackscope::pmu {

CounterDrain::CounterDrain(std::string name, unsigned num, unsigned width, unsigned inc_w)
    : name_(std::move(name)),
      num_(num),
      pend_w_(drain_pend_w(num, inc_w)),
      mask_(width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1) {
  if (num == 0 || num > kMaxNum) throw std::invalid_argument("CounterDrain: 1..32 counters");
}

void CounterDrain::step(std::span<const uint64_t> before, std::span<const uint64_t> after) {
  ++cycle_;
  // The drain's specification: a write of w stores the written value (the architectural value
  // after the cycle) and stalls the drain unless w is the counter due; otherwise the counter due
  // stores its value before this cycle's increment and the drain moves to the next counter.
  if (write_ && wrote_last_)
    throw std::logic_error("drain " + name_ + ": writes in consecutive cycles (cycle " +
                           std::to_string(cycle_) + ")");
  for (unsigned c = 0; c < num_; ++c) ++since_[c];
  if (write_ && *write_ < num_) {
    ram_[*write_] = after[*write_];
    since_[*write_] = 0;
    if (*write_ == next_) next_ = (next_ + 1) % num_;
  } else {
    ram_[next_] = before[next_];
    since_[next_] = 0;
    next_ = (next_ + 1) % num_;
  }
  wrote_last_ = write_.has_value();
  write_.reset();
  const uint64_t limit = pend_w_ >= 64 ? ~uint64_t{0} : (uint64_t{1} << pend_w_) - 1;
  for (unsigned c = 0; c < num_; ++c) {
    const uint64_t pending = (after[c] - ram_[c]) & mask_;
    max_pending_ = std::max(max_pending_, pending);
    max_wait_ = std::max(max_wait_, since_[c]);
    if (pending > limit)
      throw std::logic_error("drain " + name_ + ": counter " + std::to_string(c) + " pending " +
                             std::to_string(pending) + " does not fit " + std::to_string(pend_w_) +
                             " bits (cycle " + std::to_string(cycle_) + ")");
    if (since_[c] > uint64_t{kDrainRounds} * num_)
      throw std::logic_error("drain " + name_ + ": counter " + std::to_string(c) +
                             " not drained for " + std::to_string(since_[c]) + " cycles (cycle " +
                             std::to_string(cycle_) + ")");
  }
}

}  // namespace stackscope::pmu
