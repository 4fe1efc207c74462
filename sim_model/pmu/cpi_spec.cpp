#include "cpi_spec.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

namespace stackscope::pmu {

void validate_rob_entries(unsigned rob_entries) {
  if (rob_entries < 1 || rob_entries > (1u << kRobIdxW) || (rob_entries & (rob_entries - 1)))
    throw std::invalid_argument("ROB entries must be a power of two <= " +
                                std::to_string(1u << kRobIdxW));
}

void CpiSpecConfig::validate() const {
  if (blocks < 1 || blocks > 64) throw std::invalid_argument("speculative blocks must be 1..64");
  validate_rob_entries(rob_entries);
  if (block_bits < 4 || block_bits > 32) throw std::invalid_argument("block bits must be 4..32");
  if (nbr_bits < 1 || nbr_bits > 8) throw std::invalid_argument("branch-count bits must be 1..8");
  if (counter_bits < 8 || counter_bits > 64)
    throw std::invalid_argument("counter bits must be 8..64");
}

CpiSpec::CpiSpec(const CpiSpecConfig& cfg)
    : cfg_(cfg),
      mask_(cfg.counter_bits == 64 ? ~uint64_t{0} : (uint64_t{1} << cfg.counter_bits) - 1),
      block_max_((uint64_t{1} << cfg.block_bits) - 1),
      nbr_max_((1u << cfg.nbr_bits) - 1) {
  cfg_.validate();
  blocks_.resize(cfg_.blocks);
}

void CpiSpec::book(unsigned e, unsigned stage, CpiComp c, uint64_t slots) {
  booked_[stage] += slots;
  if (direct_) return add_global(stage * kNumCpiComps + static_cast<unsigned>(c), slots);
  uint64_t& v = blocks_[e].cnt[stage][static_cast<unsigned>(c)];
  if (v + slots > block_max_) {
    saturated_ = true;
    v = block_max_;
  } else {
    v += slots;
  }
}

void CpiSpec::add_global(unsigned i, uint64_t v) {
  if (pending_write_ == static_cast<int>(i)) {
    if (i < kSpecMergesIndex) written_[i / kNumCpiComps] -= v;  // the write replaced it
    return;
  }
  global_[i] = (global_[i] + v) & mask_;
}

void CpiSpec::write(unsigned i, uint64_t value) {
  if (i < kSpecMergesIndex) written_[i / kNumCpiComps] += (value & mask_) - global_[i];
  global_[i] = value & mask_;
  pending_write_ = static_cast<int>(i);
}

void CpiSpec::step(const Probe& p, const std::array<StageBooking, kNumSpecStages>& booking) {
  constexpr unsigned kD = 0, kI = 1;
  const unsigned n_blocks = cfg_.blocks, r_mask = cfg_.rob_entries - 1;
  const auto tag_at_start = tag_;  // issue reads the tags as they were at the cycle's start
  const unsigned start_next = (tail() + 1) % n_blocks;  // the drain queue's port order
  // Nothing speculative: one live block, no block-ending uop in it and none dispatching now.
  // Every uop in flight is then older than any branch that could mispredict, so this cycle's
  // slots (all booked into that block) are correct path and go straight to the globals.
  const unsigned n_disp = std::min<unsigned>(p.disp_n, kMaxWidth);
  direct_ = count_ == 1 && blocks_[head_].nbr == 0 &&
            std::none_of(p.disp_br_mask.begin(), p.disp_br_mask.begin() + n_disp,
                         [](auto m) { return m != 0; });

  // 1. Dispatch: each uop books one base slot into the open block; a block-ending uop closes
  //    it and opens the next (or, with no free entry, the next block shares it: a merge).
  unsigned t = tail();
  for (unsigned j = 0; j < std::min<unsigned>(p.disp_n, kMaxWidth); ++j) {
    tag_[(p.disp_rob_idx + j) & r_mask] = static_cast<uint8_t>(t);
    book(t, kD, CpiComp::kBase, 1);
    if (!p.disp_br_mask[j]) continue;
    blocks_[t].nbr = std::min(blocks_[t].nbr + 1, nbr_max_);
    // (with the drain queue an entry still waiting for the drain port is not free)
    if (count_ < n_blocks && !blocks_[(t + 1) % n_blocks].leaving) {
      ++count_;
      t = tail();
      blocks_[t] = Block{};
    } else {
      add_global(kSpecMergesIndex, 1);
    }
  }
  // Unused dispatch slots belong to the block the next uop will join.
  if (booking[kD].stalled) book(t, kD, booking[kD].blame, booking[kD].stalled);

  // 2. Issue: each issued uop books one base slot into its own block; unused slots go to the
  //    block of the oldest uop still waiting in the RSs (the one the main stack blames).
  auto block_of = [&](uint32_t rob_idx) {
    const unsigned e = tag_at_start[rob_idx & r_mask];
    return live(e) ? e : t;
  };
  for (unsigned k = 0; k < std::min<unsigned>(p.iss_n, kMaxWidth); ++k)
    book(block_of(p.iss_rob_idx[k]), kI, CpiComp::kBase, 1);
  if (booking[kI].stalled)
    book(p.rs_empty ? t : block_of(p.iss_old_rob_idx), kI, booking[kI].blame,
         booking[kI].stalled);

  if (cfg_.drain_queue) {
    step_queue(p, start_next);
    pending_write_ = -1;
    return;
  }
  // 3. Commit: a committing block-ending uop proves its block correct-path.
  auto drain = [&](unsigned e, bool to_bpred) {
    add_block(e, to_bpred);
    blocks_[e] = Block{};
  };
  for (unsigned b = 0; b < p.cmt_br_n && blocks_[head_].nbr > 0; ++b) {
    if (--blocks_[head_].nbr > 0) continue;
    drain(head_, false);
    if (count_ > 1) {
      head_ = (head_ + 1) % n_blocks;
      --count_;
    }
  }

  // 4. Flush: what is left in flight is younger than the flushing uop. Behind a committed
  //    misprediction it is all wrong path (bpred); any other flush discards correct-path uops
  //    that will be fetched again, whose cycles stay what they were.
  if (p.flush) {
    for (unsigned i = 0; i < count_; ++i) drain((head_ + i) % n_blocks, p.cmt_br_mispred != 0);
    head_ = 0;
    count_ = 1;
    blocks_[0] = Block{};
  }
  pending_write_ = -1;
}

void CpiSpec::add_block(unsigned e, bool to_bpred) {
  for (unsigned s = 0; s < kNumSpecStages; ++s)
    for (unsigned c = 0; c < kNumCpiComps; ++c) {
      const unsigned to = to_bpred ? static_cast<unsigned>(CpiComp::kBpred) : c;
      add_global(s * kNumCpiComps + to, blocks_[e].cnt[s][c]);
    }
}

// Steps 3-4 with the drain queue (docs/dev/pmu.md): a block that leaves waits in its entry for the
// drain port, which adds one block per cycle to the globals. Written from the specification:
// which block leaves is decided exactly as without the queue; then the port serves, in this
// order of need, the proven block that stays the open one, the entry a flush opens if it is
// not free, or the waiting entry (one that was waiting when the cycle began) that the FIFO
// would reach first: the first after the tail as the cycle began.
void CpiSpec::step_queue(const Probe& p, unsigned first_after_tail) {
  const unsigned n_blocks = cfg_.blocks;
  std::array<bool, 64> waiting{};  // leaving when the cycle began: the port's regular queue
  for (unsigned e = 0; e < n_blocks; ++e) waiting[e] = blocks_[e].leaving;
  auto leave = [&](unsigned e, bool to_bpred) {
    blocks_[e].leaving = true;
    blocks_[e].to_bpred = to_bpred;
    blocks_[e].nbr = 0;
  };
  auto port = [&](unsigned e) {
    add_block(e, blocks_[e].to_bpred);
    blocks_[e] = Block{};
  };
  auto serve = [&](std::optional<unsigned> forced) {
    if (forced) return port(*forced);
    for (unsigned i = 0; i < n_blocks; ++i)
      if (const unsigned e = (first_after_tail + i) % n_blocks; waiting[e]) return port(e);
  };
  // 3. Commit: a committing block-ending uop proves its block; the only block stays open.
  std::optional<unsigned> stays;
  for (unsigned b = 0; b < p.cmt_br_n && blocks_[head_].nbr > 0; ++b) {
    if (--blocks_[head_].nbr > 0) continue;
    leave(head_, false);
    if (count_ > 1) {
      head_ = (head_ + 1) % n_blocks;
      --count_;
    } else {
      stays = head_;
    }
  }
  // 4. Flush: every live block leaves; the open block is the stayer, else the entry after the
  //    last live block (drained first unless it is free).
  std::optional<unsigned> forced = stays;
  if (p.flush) {
    const bool bp = p.cmt_br_mispred != 0;
    unsigned open = head_;
    if (!stays) {
      for (unsigned i = 0; i < count_; ++i) leave((head_ + i) % n_blocks, bp);
      open = (head_ + count_) % n_blocks;
      if (blocks_[open].leaving) forced = open;
    }
    serve(forced);
    blocks_[open] = Block{};
    head_ = open;
    count_ = 1;
    return;
  }
  serve(forced);
}

uint64_t CpiSpec::in_flight(unsigned stage) const {
  uint64_t sum = 0;
  for (unsigned i = 0; i < count_; ++i)
    for (uint64_t v : blocks_[(head_ + i) % cfg_.blocks].cnt[stage]) sum += v;
  for (const Block& b : blocks_)
    if (b.leaving)
      for (uint64_t v : b.cnt[stage]) sum += v;
  return sum;
}

uint64_t CpiSpec::in_flight(unsigned stage, CpiComp c) const {
  uint64_t sum = 0;
  for (unsigned i = 0; i < count_; ++i)
    sum += blocks_[(head_ + i) % cfg_.blocks].cnt[stage][static_cast<unsigned>(c)];
  for (const Block& b : blocks_) {
    if (!b.leaving) continue;
    if (!b.to_bpred) {
      sum += b.cnt[stage][static_cast<unsigned>(c)];
    } else if (c == CpiComp::kBpred) {  // the whole row joins bpred
      for (uint64_t v : b.cnt[stage]) sum += v;
    }
  }
  return sum;
}

void CpiSpec::check_invariant() const {
  if (saturated_) return;  // a saturated block counter dropped slots by design
  for (unsigned s = 0; s < kNumSpecStages; ++s) {
    uint64_t sum = 0;
    for (unsigned c = 0; c < kNumCpiComps; ++c) sum += global_[s * kNumCpiComps + c];
    sum += in_flight(s);
    const uint64_t expect = booked_[s] + written_[s];
    if ((sum & mask_) != (expect & mask_))
      throw std::logic_error("speculative " + std::string(kCpiStageNames[s]) +
                             " stack: globals + blocks in flight = " +
                             std::to_string(sum & mask_) + ", slots booked " +
                             std::to_string(expect & mask_));
  }
}

}  // namespace stackscope::pmu
