// TIP (Gottschall et al.): the oracle time-proportional profile and a model of the
// sampling hardware (TIP, NCI, LCI and dispatch-tagging samplers on one trigger).
// Profiles are in integer units of 1/12 cycle, so 1/n for n = 1..4 committing uops is exact.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>

#include "pmu_gen.h"

namespace stackscope::pmu {

inline constexpr uint64_t kTipUnitsPerCycle = 12;        // lcm(1, 2, 3, 4)
using Profile = std::unordered_map<uint32_t, uint64_t>;  // pc -> 1/12-cycle units

// Commit-stage state of one cycle (Gottschall et al., oracle clock-cycle attribution).
struct TipCycle {
  TipState state;
  uint32_t blamed_pc;  // stalled / flushed / drained: the one instruction charged
};

// The oracle: every cycle to the instruction(s) whose latency the core exposes.
class TipOracle {
 public:
  explicit TipOracle(unsigned commit_width);
  void step(const Probe& p);  // attributes this cycle
  const Profile& profile() const { return profile_; }
  uint64_t cycles() const { return cycles_; }
  // Cycles attributed in each TipState (computing, stalled, flushed, drained).
  const std::array<uint64_t, 4>& cycles_per_state() const { return per_state_; }
  // Classifies a cycle; `flushed` = the ROB has been empty since a flush.
  static TipCycle classify(const Probe& p, unsigned width, bool flushed, uint32_t offending);

 private:
  unsigned width_;
  bool flushed_ = false;
  uint32_t offending_ = 0;
  uint64_t cycles_ = 0;
  std::array<uint64_t, 4> per_state_{};
  Profile profile_;
};

enum class TipMode : uint8_t { kOff = 0, kPeriodic = 1, kRandom = 2 };

struct TipConfig {
  unsigned commit_width = 2;
  TipMode mode = TipMode::kPeriodic;
  uint32_t period = 97;  // periodic: cycles between samples; random: mask, interval 1+(lfsr&mask)
  void validate() const;
};

// What software reads after a trigger (the RTL's sample registers).
struct TipSample {
  bool valid = false;
  TipState state = TipState::kComputing;
  uint32_t head_valid = 0, head_commit = 0;
  std::array<uint32_t, kMaxWidth> head_pc{};
  uint32_t offending = 0, next_pc = 0;
};

class TipSampler {
 public:
  explicit TipSampler(const TipConfig& cfg);
  // One cycle; `ack` = software consumed the samples this cycle.
  void step(const Probe& p, bool ack);
  void write_samples(uint64_t v) { pending_count_write_ = v & kMask48; }
  // Trigger control written by software at run time (pmu_top's tipctrl CSR): takes effect
  // from the next step(). Modes other than periodic/random mean off; a periodic period of 0
  // behaves as the 16-bit hardware counter does (next trigger 65536 cycles later).
  void set_trigger(TipMode mode, uint32_t period) {
    cfg_.mode = mode;
    cfg_.period = period & 0xFFFFu;
  }

  const TipSample& tip() const { return tip_; }
  bool nci_valid() const { return nci_valid_; }
  uint32_t nci_pc() const { return nci_pc_; }
  bool lci_valid() const { return lci_valid_; }
  uint32_t lci_pc() const { return lci_pc_; }
  bool disp_valid() const { return disp_valid_; }
  uint32_t disp_pc() const { return disp_pc_; }
  uint64_t samples() const { return samples_; }
  std::array<uint64_t, 4> samples_per_state() const { return per_state_; }

  // Profiles built from every sample taken (each sample weighs one cycle = 12 units).
  const Profile& tip_profile() const { return prof_tip_; }
  const Profile& nci_profile() const { return prof_nci_; }
  const Profile& lci_profile() const { return prof_lci_; }
  const Profile& disp_profile() const { return prof_disp_; }

 private:
  static constexpr uint64_t kMask48 = (uint64_t{1} << 48) - 1;
  TipConfig cfg_;
  uint32_t countdown_ = 0;
  uint16_t lfsr_ = 0xACE1;
  bool flushed_ = false;
  uint32_t offending_ = 0;
  TipSample tip_;
  bool nci_valid_ = false, nci_armed_ = false, lci_valid_ = false, lci_seen_ = false;
  bool disp_valid_ = false, disp_armed_ = false;
  uint32_t nci_pc_ = 0, lci_pc_ = 0, last_commit_pc_ = 0, disp_pc_ = 0;
  uint64_t samples_ = 0;
  int64_t pending_count_write_ = -1;
  std::array<uint64_t, 4> per_state_{};
  Profile prof_tip_, prof_nci_, prof_lci_, prof_disp_;
};

// Instruction-level profile error: half the sum over pcs of |sampled share - oracle share|
// (0 = identical distributions, 1 = disjoint).
double profile_error(const Profile& sampled, const Profile& oracle);

}  // namespace stackscope::pmu
