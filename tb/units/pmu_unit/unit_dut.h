// The Verilated PMU units behind one narrow interface (drive a probe, clock, read counter i),
// so the cross-check loop and the directed tests stay short. VTop is one verilated config.
#pragma once

#include <verilated.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

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
    // Raise then drop rst_ni: the async reset acts on a negedge, which a signal that starts
    // at 0 never has (registers with non-zero reset values, e.g. the TIP LFSR, need it).
    top_->clk_i = 0;
    top_->rst_ni = 1;
    top_->eval();
    top_->rst_ni = 0;
    Unit::set_write(*top_, false, 0, 0);
    if constexpr (requires { top_->ack_i; }) top_->ack_i = 0;
    if constexpr (requires { top_->csr_we_i; }) top_->csr_we_i = 0;
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
    // Settle the inputs before the edge: concurrent assertions sample the values of the
    // previous evaluation, so without this they would check last cycle's probe.
    top_->eval();
    top_->clk_i = 1;
    top_->eval();
    top_->clk_i = 0;
    top_->eval();
  }

  uint64_t get(unsigned index) const { return Unit::get(*top_, index); }
  bool assertion_failed() const { return ctx_->gotError(); }
  VTop& top() { return *top_; }  // for unit-specific inputs (trigger mode, acknowledge)

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<VTop> top_;
};

// Counter i of a unit whose counters are one packed cnt_o array of 48-bit entries.
struct PackedCounters {
  template <class V>
  static uint64_t get(V& top, unsigned i) {
    return wide_bits(std::span<const uint32_t>(top.cnt_o.data(), top.cnt_o.Words), i * 48, 48);
  }
};

// cpi_stack: counter index = stage * kNumCpiComps + component for the main stacks, then
// kCpiSpecBase + the speculative counters' flat index (spec_cnt_o, spec_we_i).
inline constexpr unsigned kCpiSpecBase = kNumCpiStages * kNumCpiComps;

struct CpiUnit {
  template <class V>
  static void set_write(V& top, bool we, unsigned index, uint64_t data) {
    const bool spec = index >= kCpiSpecBase;
    top.we_i = we && !spec;
    top.wstage_i = spec ? 0 : index / kNumCpiComps;
    top.wcomp_i = spec ? 0 : index % kNumCpiComps;
    top.spec_we_i = we && spec;
    top.spec_widx_i = spec ? index - kCpiSpecBase : 0;
    top.wdata_i = data;
  }
  template <class V>
  static uint64_t get(V& top, unsigned i) {
    if (i < kCpiSpecBase) return PackedCounters::get(top, i);
    return wide_bits(std::span<const uint32_t>(top.spec_cnt_o.data(), top.spec_cnt_o.Words),
                     (i - kCpiSpecBase) * 48, 48);
  }
};

// topdown: counter index = td_counter_e.
struct TopDownUnit : PackedCounters {
  template <class V>
  static void set_write(V& top, bool we, unsigned index, uint64_t data) {
    top.we_i = we;
    top.widx_i = index;
    top.wdata_i = data;
  }
};

// flops_stack: counter index = flops_comp_e.
using FlopsUnit = TopDownUnit;

// tip_sampler: the sample registers in kTipRegNames order; only the sample counter is
// writable.
inline constexpr std::array<std::string_view, 18> kTipRegNames{
    "tip_valid",     "tip_state",    "tip_head_valid", "tip_head_commit",
    "tip_head_pc0",  "tip_head_pc1", "tip_head_pc2",   "tip_head_pc3",
    "tip_offending", "tip_next_pc",  "nci_valid",      "nci_pc",
    "lci_valid",     "lci_pc",       "disp_valid",     "disp_pc",
    "samples",       "irq"};
inline constexpr unsigned kTipSamplesReg = 16;

struct TipUnit {
  template <class V>
  static void set_write(V& top, bool we, unsigned, uint64_t data) {
    top.cnt_we_i = we;
    top.cnt_wdata_i = data;
  }
  template <class V>
  static uint64_t get(V& top, unsigned i) {
    switch (i) {
      case 0:
        return top.tip_valid_o;
      case 1:
        return top.tip_state_o;
      case 2:
        return top.tip_head_valid_o;
      case 3:
        return top.tip_head_commit_o;
      case 4:
      case 5:
      case 6:
      case 7:
        return top.tip_head_pc_o[i - 4];
      case 8:
        return top.tip_offending_o;
      case 9:
        return top.tip_next_pc_o;
      case 10:
        return top.nci_valid_o;
      case 11:
        return top.nci_pc_o;
      case 12:
        return top.lci_valid_o;
      case 13:
        return top.lci_pc_o;
      case 14:
        return top.disp_valid_o;
      case 15:
        return top.disp_pc_o;
      case 16:
        return top.samples_o;
      default:
        return top.irq_o;
    }
  }
};

// pmu_csr: registers read back through the CSR read port, in kCsrRegNames order (64-bit
// counters and events as two 32-bit reads). Writes go through the CSR write port; `index`
// is a CSR address.
inline constexpr unsigned kCsrNumHpm = pmu::kCrossCheckHpm;
// The first 13 registers of the generated pmu::kCsrRegs (the rest are pmu_top's).
inline constexpr std::array<std::string_view, 13> kCsrRegNames = [] {
  std::array<std::string_view, 13> n{};
  for (unsigned i = 0; i < n.size(); ++i) n[i] = pmu::kCsrRegs[i].name;
  return n;
}();
using pmu::csr_reg_addr;

struct CsrUnit {
  template <class V>
  static void set_write(V& top, bool we, unsigned index, uint64_t data) {
    if (!we) return;  // regular writes are driven by the model adapter's pre_cycle
    top.csr_we_i = 1;
    top.csr_addr_i = csr_reg_addr(index);
    top.csr_wdata_i = static_cast<uint32_t>(data);
  }
  template <class V>
  static uint64_t get(V& top, unsigned i) {
    auto rd = [&](uint16_t a) {
      top.csr_addr_i = a;
      top.eval();
      return static_cast<uint64_t>(top.csr_rdata_o);
    };
    const uint16_t a = csr_reg_addr(i);
    if (i < 2 + kCsrNumHpm) return rd(a) | rd(a | pmu::csr_addr::kHighHalf) << 32;
    if (i < 2 + 2 * kCsrNumHpm)
      return rd(a) | rd(a + (pmu::csr_addr::kMhpmevent3h - pmu::csr_addr::kMhpmevent3)) << 32;
    if (i == 12) return (rd(a) >> 13) & 1;
    return rd(a);
  }
};

template <class VTop>
using CpiStackDut = UnitDut<VTop, CpiUnit>;
template <class VTop>
using TopDownDut = UnitDut<VTop, TopDownUnit>;
template <class VTop>
using FlopsStackDut = UnitDut<VTop, FlopsUnit>;
template <class VTop>
using TipDut = UnitDut<VTop, TipUnit>;
template <class VTop>
using CsrDut = UnitDut<VTop, CsrUnit>;

inline unsigned cpi_index(CpiStage s, CpiComp c) {
  return static_cast<unsigned>(s) * kNumCpiComps + static_cast<unsigned>(c);
}

}  // namespace stackscope::pmu
