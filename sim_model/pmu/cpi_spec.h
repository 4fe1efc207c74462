// Golden model of the speculative per-block CPI counters (Eyerman et al. §III-B, the "more
// accurate" wrong-path method): the dispatch and issue stages book each cycle's slots into the
// counters of a basic block, a block's counters join the global ones when the branch ending it
// commits, and a misprediction sends every younger block to bpred. Specification: docs/dev/pmu.md,
// "Speculative per-block CPI counters"; RTL twin rtl/pmu/cpi_spec.sv.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "pmu_gen.h"

namespace stackscope::pmu {

struct CpiSpecConfig {
  unsigned blocks = 8;         // N: block entries (0 = not built)
  unsigned rob_entries = 32;   // R: power of two, <= 2^kRobIdxW
  unsigned block_bits = 16;    // a block's counters saturate at 2^block_bits - 1
  unsigned nbr_bits = 4;       // a block's branch count saturates at 2^nbr_bits - 1
  unsigned counter_bits = 48;  // global counters wrap
  // How leaving blocks join the globals (cpi_spec Drain): false, all in the cycle they leave;
  // true, through the drain queue, one block per cycle (docs/dev/pmu.md).
  bool drain_queue = false;

  void validate() const;  // throws std::invalid_argument
};

// ROB entries as the probe's ROB indices allow: a power of two <= 2^kRobIdxW (throws
// std::invalid_argument).
void validate_rob_entries(unsigned rob_entries);

// The two stages that can see wrong-path uops.
inline constexpr unsigned kNumSpecStages = 2;  // 0 dispatch, 1 issue
// Flat counter index: stage * kNumCpiComps + component, then merges.
inline constexpr unsigned kSpecMergesIndex = kNumSpecStages * kNumCpiComps;
inline constexpr unsigned kNumSpecCounters = kSpecMergesIndex + 1;
static_assert(kNumSpecCounters == kNumSpecCnt, "cpi_spec layout differs from pmu_pkg NumSpecCnt");

// What the main stack booked for one stage this cycle: the unused slots and their component.
struct StageBooking {
  unsigned stalled = 0;
  CpiComp blame = CpiComp::kOther;
};

class CpiSpec {
 public:
  explicit CpiSpec(const CpiSpecConfig& cfg);

  // One cycle: booking[0] dispatch, booking[1] issue, as the main stack computed them.
  void step(const Probe& p, const std::array<StageBooking, kNumSpecStages>& booking);
  // CSR write of global counter i (flat index); wins over this cycle's increment, so call it
  // before step() of the cycle the write happens in.
  void write(unsigned i, uint64_t value);

  uint64_t get(unsigned i) const { return global_[i]; }
  uint64_t get(unsigned stage, CpiComp c) const {
    return global_[stage * kNumCpiComps + static_cast<unsigned>(c)];
  }
  uint64_t merges() const { return global_[kSpecMergesIndex]; }
  // Slots booked but not yet in the globals for one stage: in live blocks (not yet proven or
  // squashed) and, with the drain queue, in blocks waiting for the drain port. Per component:
  // live blocks by their own components, waiting blocks by the component they will join (a
  // block squashed behind a misprediction: its whole row on bpred).
  uint64_t in_flight(unsigned stage) const;
  uint64_t in_flight(unsigned stage, CpiComp c) const;
  // False once a block counter saturated (dropping slots by design).
  bool exact() const { return !saturated_; }
  unsigned live_blocks() const { return count_; }
  // Throws std::logic_error unless every slot booked is in a global counter or a live block.
  void check_invariant() const;

 private:
  struct Block {
    unsigned nbr = 0;
    std::array<std::array<uint64_t, kNumCpiComps>, kNumSpecStages> cnt{};
    bool leaving = false;   // drain queue: left, waiting for the drain port
    bool to_bpred = false;  // ... its slots go to bpred (else to their own components)
  };
  void add_block(unsigned e, bool to_bpred);  // block e's counters into the globals
  // steps 3-4 with the drain queue; first_after_tail: the entry after the tail as the cycle began
  void step_queue(const Probe& p, unsigned first_after_tail);
  bool live(unsigned e) const { return (e + cfg_.blocks - head_) % cfg_.blocks < count_; }
  unsigned tail() const { return (head_ + count_ - 1) % cfg_.blocks; }
  void book(unsigned e, unsigned stage, CpiComp c, uint64_t slots);
  void add_global(unsigned i, uint64_t v);

  CpiSpecConfig cfg_;
  uint64_t mask_, block_max_;
  unsigned nbr_max_;
  std::vector<Block> blocks_;
  std::array<uint8_t, 1u << kRobIdxW> tag_{};  // block entry per ROB index
  unsigned head_ = 0, count_ = 1;
  std::array<uint64_t, kNumSpecCounters> global_{};
  // Invariant bookkeeping: slots ever booked per stage, CSR write adjustments, saturation.
  std::array<uint64_t, kNumSpecStages> booked_{}, written_{};
  bool saturated_ = false;
  bool direct_ = false;  // this cycle's bookings go straight to the globals (step())
  int pending_write_ = -1;
};

}  // namespace stackscope::pmu
