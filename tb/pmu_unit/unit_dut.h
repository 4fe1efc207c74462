// The Verilated PMU units behind one narrow interface (drive a probe, clock, read counter i),
// so the cross-check loop and the directed tests stay short. VTop is one verilated config.
#pragma once

#include <verilated.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "pmu_gen.h"

namespace stackscope::pmu {

// Reads `width` bits at `lsb` out of a Verilator wide word array (word 0 = bits 31:0).
inline uint64_t wide_bits(std::span<const uint32_t> w, unsigned lsb, unsigned width) {
  uint64_t v = 0;
  for (unsigned b = 0; b < width;) {
    const unsigned pos = lsb + b, take = std::min(32 - pos % 32, width - b);
    const uint64_t chunk = (uint64_t{w[pos / 32]} >> (pos % 32)) & ((uint64_t{1} << take) - 1);
    v |= chunk << b;
    b += take;
  }
  return v;
}

// Common Verilator plumbing; Unit supplies set_write(top, we, index, data).
template <class VTop, class Unit>
class UnitDut {
 public:
  static constexpr unsigned kCntBits = 48;

  UnitDut() : ctx_(std::make_unique<VerilatedContext>()) {
    ctx_->fatalOnError(false);  // an assertion failure is reported, then the harness stops
    top_ = std::make_unique<VTop>(ctx_.get(), "dut");
    top_->clk_i = 0;
    top_->rst_ni = 0;
    Unit::set_write(*top_, false, 0, 0);
    top_->eval();
    top_->rst_ni = 1;
    top_->eval();
  }
  ~UnitDut() { top_->final(); }
  UnitDut(const UnitDut&) = delete;
  UnitDut& operator=(const UnitDut&) = delete;

  // One clock cycle with probe p and, optionally, a CSR write of counter `index`.
  void cycle(const Probe& p, bool we = false, unsigned index = 0, uint64_t wdata = 0) {
    std::array<uint32_t, kProbeWords> words{};
    pack(p, words);
    for (unsigned i = 0; i < kProbeWords; ++i) top_->probe_i[i] = words[i];
    Unit::set_write(*top_, we, index, wdata);
    top_->clk_i = 1;
    top_->eval();
    top_->clk_i = 0;
    top_->eval();
  }

  uint64_t get(unsigned index) const {
    return wide_bits(std::span<const uint32_t>(top_->cnt_o.data(), top_->cnt_o.Words),
                     index * kCntBits, kCntBits);
  }
  bool assertion_failed() const { return ctx_->gotError(); }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<VTop> top_;
};

// cpi_stack: counter index = stage * kNumCpiComps + component.
struct CpiUnit {
  template <class V>
  static void set_write(V& top, bool we, unsigned index, uint64_t data) {
    top.we_i = we;
    top.wstage_i = index / kNumCpiComps;
    top.wcomp_i = index % kNumCpiComps;
    top.wdata_i = data;
  }
};

// topdown: counter index = td_counter_e.
struct TopDownUnit {
  template <class V>
  static void set_write(V& top, bool we, unsigned index, uint64_t data) {
    top.we_i = we;
    top.widx_i = index;
    top.wdata_i = data;
  }
};

// flops_stack: counter index = flops_comp_e.
using FlopsUnit = TopDownUnit;

template <class VTop>
using CpiStackDut = UnitDut<VTop, CpiUnit>;
template <class VTop>
using TopDownDut = UnitDut<VTop, TopDownUnit>;
template <class VTop>
using FlopsStackDut = UnitDut<VTop, FlopsUnit>;

inline unsigned cpi_index(CpiStage s, CpiComp c) {
  return static_cast<unsigned>(s) * kNumCpiComps + static_cast<unsigned>(c);
}

}  // namespace stackscope::pmu
