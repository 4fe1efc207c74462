// The whole PMU as pmu_top presents it to a core: every unit's golden model on one probe
// stream, behind the counter-CSR port (standard counter CSRs + StackScope's custom ones:
// bank select, TIP trigger control and acknowledge, and the read-only window). The address
// map is generated with the RTL's from scripts/stackscope/spec/pmu.py (pmu_csr_map.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "counter_drain.h"
#include "cpi_stack.h"
#include "flops_stack.h"
#include "pmu_csr.h"
#include "pmu_gen.h"
#include "tip.h"
#include "topdown.h"
#include "wrong_path.h"

namespace stackscope::pmu {

// Addresses, banks and window words: custom_csr in pmu_csr_map.h (generated). tipctrl layout:
// [1:0] mode, [2] IRQ (a waiting sample raises mip.LCOFIP), [31:16] period.
namespace custom_csr {
inline constexpr uint32_t tipctrl(TipMode mode, uint32_t period, bool irq = false) {
  return (period << kTipCtrlPeriodShift) | (irq ? kTipCtrlIrq : 0u) | static_cast<uint32_t>(mode);
}
}  // namespace custom_csr

struct PmuModelConfig {
  CpiStackConfig cpi;
  TopDownConfig td;
  FlopsStackConfig fl;
  PmuCsrConfig csr;
  unsigned commit_width = 2;
  TipMode tip_reset_mode = TipMode::kPeriodic;  // pmu_top TipResetMode / TipResetPeriod
  uint32_t tip_reset_period = 97;
  // pmu_top as soc_top instantiates it for a core of these widths (soc_top pmu_o.widths):
  // `fp_units` FP units (the FLOPS stack's k), v = 1, four mhpmcounters.
  // `spec_blocks` and `rob_entries`: pmu_top SpecBlocks / RobEntries (0 blocks: not built).
  static PmuModelConfig for_core(unsigned dispatch_width, unsigned issue_width,
                                 unsigned commit_width, unsigned spec_blocks = 16,
                                 unsigned rob_entries = 32, unsigned fp_units = 1);
  static PmuModelConfig sequential_core() { return for_core(1, 1, 1); }
  // The harness also checks the probe against the machine (its probe rules,
  // tb/harness/check): on for a real core's probe, off for synthetic probe streams. The model
  // itself neither reads nor keeps anything for them.
  bool check_probe = false;
  // pmu_top ProbeStage (soc_top pmu_o.probe_stage): the counting units (CPI stacks and the
  // speculative counters, Top-Down, FLOPS, TIP and its oracle) count each cycle's probe one
  // cycle later, starting from the all-zero probe the stage resets to; the counter CSRs count
  // it as it comes.
  bool probe_stage = false;
};

// Families of the test-only write port: PmuUnit in pmu_gen.h (pmu_pkg dbg_unit_e).

class PmuModel {
 public:
  explicit PmuModel(const PmuModelConfig& cfg);
  // One cycle: the probe counts; the CSR write (if any) takes effect at the end of the cycle.
  void step(const Probe& p, std::optional<CsrWrite> w);
  // Test-only write of one register, winning over this cycle's increment: call before step().
  // kCsr: index = CSR address, low 32 bits of value (it replaces the core's write).
  void debug_write(PmuUnit u, unsigned index, uint64_t value);
  // What pmu_top's read port returns now (before this cycle's step).
  uint32_t read(uint16_t addr) const;

  const CpiStack& cpi() const { return cpi_; }
  const TopDown& topdown() const { return td_; }
  const FlopsStack& flops() const { return fl_; }
  const TipSampler& tip() const { return tip_; }
  const TipOracle& oracle() const { return oracle_; }
  const PmuCsr& csr() const { return csr_; }
  // The wrong-path oracle (Eyerman et al. §III-B, wrong_path.h) on the same probes, and each
  // stage's correct-path stack from it. With a probe stage these are the counts up to the
  // cycle the counting units have reached.
  uint64_t wrong_path_dispatched() const { return wrong_path_.wrong_path_dispatched(); }
  uint64_t squashed_dispatched() const { return wrong_path_.squashed_dispatched(); }
  uint64_t wrong_path_issued() const { return wrong_path_.wrong_path_issued(); }
  uint64_t squashed_issued() const { return wrong_path_.squashed_issued(); }
  uint64_t uops_issued() const { return wrong_path_.uops_issued(); }
  CpiComponents oracle_dispatch_stack() const;
  CpiComponents oracle_issue_stack() const;
  // The mip.LCOFIP line pmu_top drives: counter overflow, or a waiting TIP sample with
  // tipctrl.IRQ set.
  bool lcofi() const { return csr_.lcofip() || (tip_.tip().valid && tip_irq_); }
  uint32_t bank() const { return bank_; }
  uint32_t tipctrl() const { return custom_csr::tipctrl(tip_mode_, tip_period_, tip_irq_); }
  const PmuModelConfig& config() const { return cfg_; }
  // A test-port write happened (counters no longer follow from the probe alone).
  bool debug_written() const { return debug_written_; }

 private:
  uint32_t window(unsigned word) const;
  PmuModelConfig cfg_;
  CpiStack cpi_;
  TopDown td_;
  FlopsStack fl_;
  TipSampler tip_;
  TipOracle oracle_;
  PmuCsr csr_;
  uint32_t bank_ = 0;
  WrongPathOracle wrong_path_;
  Probe staged_{};  // the probe stage's register (reset: the all-zero probe, as Probe{} is)
  bool tip_irq_ = false;
  TipMode tip_mode_;
  uint32_t tip_period_;
  std::optional<CsrWrite> dbg_csr_;
  bool debug_written_ = false;
  // Drain-invariant checks of the cheap counter storage (counter_drain.h), one per RAM bank of
  // pmu_top: Top-Down, FLOPS, the three CPI stages, the speculative globals (if built).
  CounterDrain td_drain_, fl_drain_;
  std::array<CounterDrain, kNumCpiStages> cpi_drain_;
  std::optional<CounterDrain> spec_drain_;
  CounterDrain csr_drain_;  // pmu_csr's counters (one bank of 2 + K, EvIncW increments)

 public:
  const CounterDrain& topdown_drain() const { return td_drain_; }
  const CounterDrain& cpi_drain(unsigned stage) const { return cpi_drain_[stage]; }
};

}  // namespace stackscope::pmu
