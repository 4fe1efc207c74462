// The whole PMU as pmu_top presents it to a core: every unit's golden model on one probe
// stream, behind the counter-CSR port (standard counter CSRs + StackScope's custom ones:
// bank select, TIP trigger control and acknowledge, and the read-only window 0xFC0-0xFFF).
// Sync: rtl/pmu/pmu_top.sv (address map), sw/lib/pmu.h, docs/pmu.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "cpi_stack.h"
#include "flops_stack.h"
#include "pmu_csr.h"
#include "pmu_gen.h"
#include "tip.h"
#include "topdown.h"

namespace stackscope::pmu {

namespace custom_csr {
inline constexpr uint16_t kBank = 0xBC0, kTipCtrl = 0xBC1, kTipAck = 0xBC2, kWindow = 0xFC0,
                          kWindowLast = 0xFFF;
// Banks of the window: word w of the selected bank at kWindow + w; a 48-bit counter is two
// words (low half first).
inline constexpr unsigned kBankCpi = 0;    // word 2*(stage*kNumCpiComps + comp)
inline constexpr unsigned kBankTdFl = 1;   // Top-Down i at 2*i, FLOPS j at 2*(kNumTdCounters+j)
inline constexpr unsigned kBankTip = 2;    // kTipWord* below
inline constexpr unsigned kBankSpec = 3;   // speculative CPI counter i (CpiSpec index) at 2*i
inline constexpr unsigned kTipWordStatus = 0;  // [0] valid [2:1] state [7:4] head_valid
                                               // [11:8] head_commit [12] nci [13] lci [14] disp
inline constexpr unsigned kTipWordHeadPc0 = 1, kTipWordOffending = 5, kTipWordNextPc = 6,
                          kTipWordNciPc = 7, kTipWordLciPc = 8, kTipWordDispPc = 9,
                          kTipWordSamplesLo = 10, kTipWordSamplesHi = 11, kTipWords = 12;
// tipctrl: [1:0] mode, [2] IRQ (a waiting sample raises mip.LCOFIP), [31:16] period.
inline constexpr uint32_t kTipCtrlIrq = 1u << 2;
inline constexpr uint32_t tipctrl(TipMode mode, uint32_t period, bool irq = false) {
  return (period << 16) | (irq ? kTipCtrlIrq : 0u) | static_cast<uint32_t>(mode);
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
  // pmu_top as soc_top instantiates it for a core of these widths (soc_top pmu_widths_o):
  // one idle FP unit, v = 1, four mhpmcounters.
  // `spec_blocks` and `rob_entries`: pmu_top SpecBlocks / RobEntries (0 blocks: not built).
  static PmuModelConfig for_core(unsigned dispatch_width, unsigned issue_width,
                                 unsigned commit_width, unsigned spec_blocks = 16,
                                 unsigned rob_entries = 32);
  static PmuModelConfig sequential_core() { return for_core(1, 1, 1); }
};

// Families of the test-only write port (pmu_top dbg_unit_i).
enum class PmuUnit : uint8_t {
  kCpi = 0,
  kTopDown = 1,
  kFlops = 2,
  kTipSamples = 3,
  kCsr = 4,
  kSpec = 5  // speculative CPI counters, CpiSpec flat index
};

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
  // Oracle for wrong-path accounting (seed 000 §III-B). A dispatched uop is on the wrong path
  // exactly when a mispredicted branch older than it flushes it: every uop that commits is
  // on the true path (the lockstep checks each against the ISS), and a uop discarded by any
  // other flush (exception, interrupt, machine clear, serialising CSR op) is a true-path uop
  // that is fetched and dispatched again. So the model follows the window (how many uops are
  // dispatched and neither committed nor flushed: the youngest ROB indices, and the issue
  // slots each took) and, at each flush, books what is left behind the committing uops to
  // the wrong path if the flush is a committed misprediction (cmt_br_mispred), else to the
  // squashed uops. Each took one dispatch base slot, and one issue base slot per issue, in
  // the hardware count; the correct-path stacks move them from base to bpred (wrong path)
  // and to other (squashed: the work a clear throws away).
  uint64_t wrong_path_dispatched() const { return wrong_path_disp_; }
  uint64_t squashed_dispatched() const { return squashed_disp_; }
  uint64_t wrong_path_issued() const { return wrong_path_iss_; }
  uint64_t squashed_issued() const { return squashed_iss_; }
  uint64_t uops_issued() const { return issued_; }  // issue slots used since reset
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
  uint64_t wrong_path_disp_ = 0, squashed_disp_ = 0;
  uint64_t wrong_path_iss_ = 0, squashed_iss_ = 0, issued_ = 0;
  uint64_t window_ = 0;    // uops dispatched and neither committed nor flushed
  uint32_t rob_tail_ = 0;  // ROB index the next dispatched uop takes
  std::array<uint32_t, 1u << kRobIdxW> issue_slots_{};  // per ROB index, since its dispatch
  bool tip_irq_ = false;
  TipMode tip_mode_;
  uint32_t tip_period_;
  std::optional<CsrWrite> dbg_csr_;
  bool debug_written_ = false;
};

}  // namespace stackscope::pmu
