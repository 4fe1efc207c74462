#include "pmu_csr.h"

#include <stdexcept>
#include <string>

namespace stackscope::pmu {

void PmuCsrConfig::validate() const {
  if (num_hpm < 1 || num_hpm > csr_addr::kMaxHpm)
    throw std::invalid_argument("CSR: num_hpm outside 1.." + std::to_string(csr_addr::kMaxHpm));
  if (dispatch_width < 1 || dispatch_width > kMaxWidth)
    throw std::invalid_argument("CSR: dispatch width outside 1..4");
}

PmuCsr::PmuCsr(const PmuCsrConfig& cfg) : cfg_(cfg) { cfg_.validate(); }

std::optional<unsigned> PmuCsr::counter_of(uint16_t addr) const {
  // low half at addr, high half at addr | 0x080
  const uint16_t lo = addr & ~csr_addr::kHighHalf;
  if ((lo & 0xF00) != (csr_addr::kMcycle & 0xF00)) return std::nullopt;
  if (lo == csr_addr::kMcycle) return 0;
  if (lo == csr_addr::kMinstret) return 1;
  if (lo >= csr_addr::kMhpmcounter3 && lo < csr_addr::kMhpmcounter3 + cfg_.num_hpm)
    return 2 + (lo - csr_addr::kMhpmcounter3);
  return std::nullopt;
}

void PmuCsr::step(const Probe& p, std::optional<CsrWrite> w) {
  const unsigned k = cfg_.num_hpm;
  std::array<uint64_t, 2 + csr_addr::kMaxHpm> inc{};
  inc[0] = (inhibit_ & 1u) ? 0 : 1;
  inc[1] = (inhibit_ & 4u) ? 0 : (p.cmt_n & 7u);
  std::array<bool, csr_addr::kMaxHpm> cond{};
  for (unsigned i = 0; i < k; ++i) {
    const uint64_t ev = event_[i];
    const uint32_t raw = event_increment(ev & 0xFF, p, cfg_);
    const unsigned threshold = (ev >> HpmEvent::kThresholdShift) & 15u;
    const bool invert = (ev >> HpmEvent::kInvertBit) & 1u, edge = (ev >> HpmEvent::kEdgeBit) & 1u;
    // Counter mask: count cycles whose increment reaches the threshold (>= 1 when it is 0),
    // optionally inverted, optionally only the cycle the condition becomes true.
    cond[i] = (threshold == 0 ? raw != 0 : raw >= threshold) != invert;
    if (edge)
      inc[2 + i] = cond[i] && !cond_prev_[i];
    else if (threshold != 0 || invert)
      inc[2 + i] = cond[i];
    else
      inc[2 + i] = raw;
    if (((inhibit_ >> (3 + i)) & 1u) || ((ev >> HpmEvent::kMinhBit) & 1u)) inc[2 + i] = 0;
  }
  const std::optional<unsigned> target = w ? counter_of(w->addr) : std::nullopt;
  const int written = target ? static_cast<int>(*target) : -1;
  const bool high = w && (w->addr & csr_addr::kHighHalf) != 0;
  bool new_overflow = false;
  for (unsigned i = 0; i < 2 + k; ++i) {
    if (static_cast<int>(i) == written) {
      cnt_[i] = high ? (uint64_t{w->data} << 32) | (cnt_[i] & 0xFFFFFFFFu)
                     : (cnt_[i] & ~uint64_t{0xFFFFFFFFu}) | w->data;
      continue;
    }
    const uint64_t before = cnt_[i];
    cnt_[i] += inc[i];
    if (i >= 2 && cnt_[i] < before) {  // wrapped: Sscofpmf sets OF, LCOFI if OF was clear
      const uint64_t of = uint64_t{1} << HpmEvent::kOfBit;
      if (!(event_[i - 2] & of)) new_overflow = true;
      event_[i - 2] |= of;
      ++overflows_;
    }
  }
  if (w) {
    for (unsigned i = 0; i < k; ++i) {
      if (w->addr == csr_addr::kMhpmevent3 + i)
        event_[i] = (event_[i] & ~uint64_t{0xFFFFFFFFu}) | w->data;
      if (w->addr == csr_addr::kMhpmevent3h + i)
        event_[i] = (event_[i] & 0xFFFFFFFFu) | (uint64_t{w->data} << 32);
    }
    if (w->addr == csr_addr::kMcountinhibit) inhibit_ = w->data & ~2u;  // bit 1 (TM) is 0
    if (w->addr == csr_addr::kMcounteren) counteren_ = w->data;
  }
  const uint64_t warl_zero = ((uint64_t{1} << 48) - 1) << 14;  // bits 61:14 read 0
  for (unsigned i = 0; i < k; ++i) event_[i] &= ~warl_zero;
  if (new_overflow)
    lcofip_ = true;
  else if (w && w->addr == csr_addr::kMip)
    lcofip_ = (w->data >> 13) & 1u;
  for (unsigned i = 0; i < k; ++i) cond_prev_[i] = cond[i];
}

uint32_t PmuCsr::read(uint16_t addr) const {
  const unsigned k = cfg_.num_hpm;
  if (const auto c = counter_of(addr))
    return static_cast<uint32_t>(addr & csr_addr::kHighHalf ? cnt_[*c] >> 32 : cnt_[*c]);
  for (unsigned i = 0; i < k; ++i) {
    if (addr == csr_addr::kMhpmevent3 + i) return static_cast<uint32_t>(event_[i]);
    if (addr == csr_addr::kMhpmevent3h + i) return static_cast<uint32_t>(event_[i] >> 32);
  }
  if (addr == csr_addr::kMcountinhibit) return inhibit_;
  if (addr == csr_addr::kMcounteren) return counteren_;
  if (addr == csr_addr::kMip) return lcofip_ ? 1u << 13 : 0;
  return 0;
}

}  // namespace stackscope::pmu
