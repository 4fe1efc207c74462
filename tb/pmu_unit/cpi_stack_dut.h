// The Verilated cpi_stack behind a narrow interface (set probe, clock, read a component), so
// the cross-check loop and the directed tests stay short. VTop is one verilated configuration.
#pragma once

#include <verilated.h>

#include <cstdint>
#include <memory>
#include <span>

#include "pmu_gen.h"

namespace stackscope::pmu {

// Reads `width` bits at `lsb` out of a Verilator wide word array (word 0 = bits 31:0).
inline uint64_t wide_bits(std::span<const uint32_t> w, unsigned lsb, unsigned width) {
  uint64_t v = 0;
  for (unsigned b = 0; b < width; b += 32 - (lsb + b) % 32) {
    const unsigned pos = lsb + b, take = std::min(32 - pos % 32, width - b);
    const uint64_t chunk = (w[pos / 32] >> (pos % 32)) & ((uint64_t{1} << take) - 1);
    v |= chunk << b;
  }
  return v;
}

template <class VTop>
class CpiStackDut {
 public:
  static constexpr unsigned kCntBits = 48;

  CpiStackDut() : ctx_(std::make_unique<VerilatedContext>()) {
    ctx_->fatalOnError(false);  // an assertion failure is reported, then we stop cleanly
    top_ = std::make_unique<VTop>(ctx_.get(), "cpi_stack");
    top_->clk_i = 0;
    top_->rst_ni = 0;
    top_->we_i = 0;
    top_->eval();
    top_->rst_ni = 1;
    top_->eval();
  }
  ~CpiStackDut() { top_->final(); }

  // Drives one cycle: probe (and an optional CSR write), then a rising and falling edge.
  void cycle(const Probe& p, bool we = false, CpiStage ws = CpiStage::kDispatch,
             CpiComp wc = CpiComp::kBase, uint64_t wdata = 0) {
    std::array<uint32_t, kProbeWords> words{};
    pack(p, words);
    for (unsigned i = 0; i < kProbeWords; ++i) top_->probe_i[i] = words[i];
    top_->we_i = we;
    top_->wstage_i = static_cast<uint8_t>(ws);
    top_->wcomp_i = static_cast<uint8_t>(wc);
    top_->wdata_i = wdata;
    top_->clk_i = 1;
    top_->eval();
    top_->clk_i = 0;
    top_->eval();
    top_->we_i = 0;
  }

  uint64_t get(CpiStage s, CpiComp c) const {
    const unsigned idx = static_cast<unsigned>(s) * kNumCpiComps + static_cast<unsigned>(c);
    return wide_bits(std::span<const uint32_t>(top_->cnt_o.data(), top_->cnt_o.Words),
                     idx * kCntBits, kCntBits);
  }

  bool assertion_failed() const { return ctx_->gotError(); }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<VTop> top_;
};

}  // namespace stackscope::pmu
