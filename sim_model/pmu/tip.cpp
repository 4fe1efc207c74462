#include "tip.h"

#include <cmath>
#include <stdexcept>

namespace stackscope::pmu {

namespace {

unsigned committing(const Probe& p, unsigned width) {
  unsigned n = 0;
  for (unsigned j = 0; j < width; ++j) n += p.head_commit[j] & 1u;
  return n;
}

// Charges one cycle of `c` to profile `prof` (computing: 12/n units to each committing uop).
void charge(Profile& prof, const Probe& p, unsigned width, const TipCycle& c) {
  if (c.state == TipState::kComputing) {
    const uint64_t share = kTipUnitsPerCycle / committing(p, width);
    for (unsigned j = 0; j < width; ++j)
      if (p.head_commit[j] & 1u) prof[p.head_pc[j]] += share;
  } else {
    prof[c.blamed_pc] += kTipUnitsPerCycle;
  }
}

}  // namespace

TipOracle::TipOracle(unsigned commit_width) : width_(commit_width) {
  if (width_ < 1 || width_ > kMaxWidth) throw std::invalid_argument("TIP: bad commit width");
}

TipCycle TipOracle::classify(const Probe& p, unsigned width, bool flushed, uint32_t offending) {
  // Gottschall et al., "Oracle clock cycle attribution": committing -> computing; not committing
  // with uops in the ROB -> stalled on the head; ROB empty because of a flush -> flushed,
  // charged to the flushing instruction; ROB empty otherwise -> drained, charged to the next
  // instruction to enter the ROB.
  if (committing(p, width) > 0) return {TipState::kComputing, 0};
  if (p.head_valid[0] & 1u) return {TipState::kStalled, p.head_pc[0]};
  if (flushed || (p.flush & 1u)) return {TipState::kFlushed, p.flush ? p.flush_pc : offending};
  return {TipState::kDrained, p.next_pc};
}

void TipOracle::step(const Probe& p) {
  const TipCycle c = classify(p, width_, flushed_, offending_);
  charge(profile_, p, width_, c);
  ++per_state_[static_cast<unsigned>(c.state)];
  if (p.flush & 1u) {
    flushed_ = true;
    offending_ = p.flush_pc;
  } else if (p.head_valid[0] & 1u) {
    flushed_ = false;
  }
  ++cycles_;
}

void TipConfig::validate() const {
  if (commit_width < 1 || commit_width > kMaxWidth)
    throw std::invalid_argument("TIP: commit width outside 1..4");
  if (period > 0xFFFF) throw std::invalid_argument("TIP: period above 16 bits");
  if (mode == TipMode::kPeriodic && period == 0)
    throw std::invalid_argument("TIP: periodic sampling needs a period >= 1");
}

TipSampler::TipSampler(const TipConfig& cfg) : cfg_(cfg) { cfg_.validate(); }

void TipSampler::step(const Probe& p, bool ack) {
  const unsigned w = cfg_.commit_width;
  const bool on = cfg_.mode == TipMode::kPeriodic || cfg_.mode == TipMode::kRandom;
  const bool trigger = on && countdown_ == 0;
  const bool any_commit = committing(p, w) > 0;
  const bool rob_busy = p.head_valid[0] & 1u;
  const uint32_t offending_now = (p.flush & 1u) ? p.flush_pc : offending_;
  const TipCycle now = TipOracle::classify(p, w, flushed_, offending_);
  // LCI: the last (youngest) instruction committed so far, this cycle's commits included
  // (Gottschall et al.: "I1 is the last-committed instruction from cycle 1 to cycle 41", and the
  // drained example blames I2, the younger of the co-committed I1 and I2).
  uint32_t youngest = 0;
  for (unsigned j = 0; j < w; ++j)
    if (p.head_commit[j] & 1u) youngest = p.head_pc[j];

  if (ack) tip_.valid = nci_valid_ = lci_valid_ = disp_valid_ = false;
  if (trigger) {
    const uint32_t bank = (1u << w) - 1;
    tip_.valid = true;
    tip_.state = now.state;
    tip_.head_valid = tip_.head_commit = 0;
    for (unsigned j = 0; j < kMaxWidth; ++j) {
      tip_.head_valid |= (p.head_valid[j] & 1u) << j;
      tip_.head_commit |= (p.head_commit[j] & 1u) << j;
      tip_.head_pc[j] = p.head_pc[j];
    }
    tip_.head_valid &= bank;
    tip_.head_commit &= bank;
    tip_.offending = offending_now;
    tip_.next_pc = p.next_pc;
    ++per_state_[static_cast<unsigned>(now.state)];
    charge(prof_tip_, p, w, now);
    if (any_commit || lci_seen_) {
      lci_valid_ = true;
      lci_pc_ = any_commit ? youngest : last_commit_pc_;
      prof_lci_[lci_pc_] += kTipUnitsPerCycle;
    }
  }
  if ((trigger || nci_armed_) && (any_commit || rob_busy)) {
    nci_valid_ = true;
    nci_pc_ = p.head_pc[0];  // oldest committing uop, or the head that commits next
    prof_nci_[nci_pc_] += kTipUnitsPerCycle;
    nci_armed_ = false;
  } else {
    nci_armed_ = trigger || nci_armed_;
  }
  if ((trigger || disp_armed_) && (p.disp_n & 7u) != 0) {
    disp_valid_ = true;
    disp_pc_ = p.next_pc;
    prof_disp_[disp_pc_] += kTipUnitsPerCycle;
    disp_armed_ = false;
  } else {
    disp_armed_ = trigger || disp_armed_;
  }
  if (any_commit) {
    last_commit_pc_ = youngest;
    lci_seen_ = true;
  }

  if (pending_count_write_ >= 0) {
    samples_ = static_cast<uint64_t>(pending_count_write_);
    pending_count_write_ = -1;
  } else if (trigger) {
    samples_ = (samples_ + 1) & kMask48;
  }
  if (p.flush & 1u) {
    flushed_ = true;
    offending_ = p.flush_pc;
  } else if (rob_busy) {
    flushed_ = false;
  }
  // Next trigger: periodic every `period` cycles; random after 1 + (lfsr & period) cycles.
  if (trigger)
    countdown_ =
        cfg_.mode == TipMode::kRandom ? (lfsr_ & cfg_.period) : (cfg_.period - 1) & 0xFFFFu;
  else if (countdown_ > 0)
    --countdown_;
  lfsr_ = static_cast<uint16_t>((lfsr_ >> 1) ^ ((lfsr_ & 1u) ? 0xB400u : 0u));
}

double profile_error(const Profile& sampled, const Profile& oracle) {
  double ts = 0, to = 0;
  for (const auto& [pc, v] : sampled) ts += static_cast<double>(v);
  for (const auto& [pc, v] : oracle) to += static_cast<double>(v);
  if (ts == 0 || to == 0) throw std::domain_error("TIP: empty profile");
  double err = 0;
  for (const auto& [pc, v] : oracle) {
    const auto it = sampled.find(pc);
    err += std::fabs((it == sampled.end() ? 0.0 : it->second / ts) - v / to);
  }
  for (const auto& [pc, v] : sampled)
    if (!oracle.count(pc)) err += v / ts;
  return err / 2;
}

}  // namespace stackscope::pmu
