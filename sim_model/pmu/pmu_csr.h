// Golden model of the counter CSRs: Zicntr/Zihpm (mcycle, minstret, mhpmcounter3.. with
// mhpmevent), Sscofpmf (OF, MINH, local counter-overflow interrupt LCOFI = cause 13),
// mcountinhibit and mcounteren, plus the counter-mask extensions (threshold, invert, edge).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "pmu_events.h"
#include "pmu_gen.h"

namespace stackscope::pmu {

struct PmuCsrConfig {
  unsigned num_hpm = 4;         // mhpmcounter3 .. 3 + num_hpm - 1
  unsigned dispatch_width = 2;  // W of the slot events
  unsigned exec_few = 1;        // MemStallsStores: iss_n <= exec_few
  void validate() const;
};

// mhpmevent fields (64-bit view; RV32 software sees bits 63:32 at mhpmeventh).
struct HpmEvent {
  static constexpr unsigned kThresholdShift = 8, kInvertBit = 12, kEdgeBit = 13;
  static constexpr unsigned kMinhBit = 62, kOfBit = 63;
  static uint64_t make(uint8_t id, unsigned threshold = 0, bool invert = false, bool edge = false) {
    return id | (uint64_t{threshold & 15u} << kThresholdShift) | (uint64_t{invert} << kInvertBit) |
           (uint64_t{edge} << kEdgeBit);
  }
};

// Addresses: csr_addr in pmu_csr_map.h (generated, through pmu_gen.h).

struct CsrWrite {
  uint16_t addr;
  uint32_t data;
};

class PmuCsr {
 public:
  explicit PmuCsr(const PmuCsrConfig& cfg);
  // One cycle: the probe's events count, and an optional CSR write takes effect at the end
  // of the cycle (a write to a counter replaces that cycle's increment).
  void step(const Probe& p, std::optional<CsrWrite> w = std::nullopt);
  uint32_t read(uint16_t addr) const;  // 0 for addresses this block does not implement
  // The counter (0 mcycle, 1 minstret, 2.. hpm) whose low or high half `addr` names.
  std::optional<unsigned> counter_of(uint16_t addr) const;

  uint64_t counter(unsigned i) const { return cnt_[i]; }  // 0 mcycle, 1 minstret, 2.. hpm
  std::span<const uint64_t> counters() const { return std::span(cnt_).first(2 + cfg_.num_hpm); }
  uint64_t event(unsigned k) const { return event_[k]; }
  uint32_t inhibit() const { return inhibit_; }
  uint32_t counteren() const { return counteren_; }
  bool lcofip() const { return lcofip_; }
  unsigned overflows() const { return overflows_; }

  // Per-cycle increment of event `id` before threshold etc.: the hand-written
  // pmu::event_increment (pmu_events.h) with this block's W and FEW.
  static uint32_t event_increment(unsigned id, const Probe& p, const PmuCsrConfig& cfg) {
    return pmu::event_increment(id, p, EventParams{cfg.dispatch_width, cfg.exec_few});
  }

 private:
  PmuCsrConfig cfg_;
  // Sized for the most counters (2 + kMaxHpm), num_hpm of them used: no allocation per cycle.
  std::array<uint64_t, 2 + csr_addr::kMaxHpm> cnt_{};
  std::array<uint64_t, csr_addr::kMaxHpm> event_{};
  std::array<bool, csr_addr::kMaxHpm> cond_prev_{};
  uint32_t inhibit_ = 0, counteren_ = 0;
  bool lcofip_ = false;
  unsigned overflows_ = 0;
};

}  // namespace stackscope::pmu
