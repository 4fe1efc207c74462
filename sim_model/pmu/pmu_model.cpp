#include "pmu_model.h"

#include <algorithm>
#include <bit>

namespace stackscope::pmu {

PmuModelConfig PmuModelConfig::for_core(unsigned dispatch_width, unsigned issue_width,
                                        unsigned commit_width, unsigned spec_blocks,
                                        unsigned rob_entries, unsigned fp_units) {
  PmuModelConfig c;
  c.cpi.spec.blocks = spec_blocks;
  c.cpi.spec.rob_entries = rob_entries;
  c.cpi.dispatch_width = dispatch_width;
  c.cpi.issue_width = issue_width;
  c.cpi.commit_width = commit_width;
  c.td.dispatch_width = dispatch_width;
  c.fl.units = fp_units;
  c.fl.vec_len = 1;
  c.csr.num_hpm = 4;
  c.csr.dispatch_width = dispatch_width;
  c.commit_width = commit_width;
  return c;
}

namespace {
TipConfig tip_config(const PmuModelConfig& c) {
  TipConfig t;
  t.commit_width = c.commit_width;
  t.mode = c.tip_reset_mode;
  t.period = c.tip_reset_period;
  return t;
}
uint32_t half(uint64_t v, unsigned word) { return static_cast<uint32_t>(word & 1 ? v >> 32 : v); }
}  // namespace

PmuModel::PmuModel(const PmuModelConfig& cfg)
    : cfg_(cfg),
      cpi_(cfg.cpi),
      td_(cfg.td),
      fl_(cfg.fl),
      tip_(tip_config(cfg)),
      oracle_(cfg.commit_width),
      csr_(cfg.csr),
      wrong_path_(cfg.cpi.spec.rob_entries, cfg.probe_stage),
      tip_mode_(cfg.tip_reset_mode),
      tip_period_(cfg.tip_reset_period),
      // increment widths of pmu_top's banks: TdIncW; clog2(2kv + 1); NW; cpi_spec GIncW
      td_drain_("topdown", kNumTdCounters, cfg.td.counter_bits, kTdIncW),
      fl_drain_("flops", kNumFlopsComps, cfg.fl.counter_bits,
                static_cast<unsigned>(std::bit_width(cfg.fl.full()))),
      cpi_drain_{CounterDrain("cpi dispatch", kNumCpiComps, cfg.cpi.counter_bits, kNW),
                 CounterDrain("cpi issue", kNumCpiComps, cfg.cpi.counter_bits, kNW),
                 CounterDrain("cpi commit", kNumCpiComps, cfg.cpi.counter_bits, kNW)},
      csr_drain_("csr counters", 2 + cfg.csr.num_hpm, 64, kEvIncW) {
  if (cfg.cpi.spec.blocks > 0) {
    // cpi_spec GIncW: a flush adds up to every block's row; the drain queue one block's row
    const unsigned n = kNumCpiComps * (cfg.cpi.spec.drain_queue ? 1 : cfg.cpi.spec.blocks);
    spec_drain_.emplace("cpi spec", kNumSpecCnt, cfg.cpi.spec.counter_bits,
                        cfg.cpi.spec.block_bits + static_cast<unsigned>(std::bit_width(n - 1)));
  }
}

void PmuModel::debug_write(PmuUnit u, unsigned index, uint64_t value) {
  debug_written_ = true;
  switch (u) {
    case PmuUnit::kCpi:
      cpi_drain_[index / kNumCpiComps].write(index % kNumCpiComps);
      cpi_.write(static_cast<CpiStage>(index / kNumCpiComps),
                 static_cast<CpiComp>(index % kNumCpiComps), value);
      break;
    case PmuUnit::kTopDown:
      td_drain_.write(index);
      td_.write(static_cast<TdCounter>(index), value);
      break;
    case PmuUnit::kFlops:
      fl_drain_.write(index);
      fl_.write(static_cast<FlopsComp>(index), value);
      break;
    case PmuUnit::kTipSamples:
      tip_.write_samples(value);
      break;
    case PmuUnit::kCsr:
      dbg_csr_ = CsrWrite{static_cast<uint16_t>(index), static_cast<uint32_t>(value)};
      break;
    case PmuUnit::kSpec:
      if (spec_drain_) spec_drain_->write(index);
      cpi_.write_spec(index, value);
      break;
  }
}

void PmuModel::step(const Probe& p, std::optional<CsrWrite> w) {
  if (dbg_csr_) w = dbg_csr_;  // the test port replaces the core's write (pmu_top mux)
  dbg_csr_.reset();
  wrong_path_.step(p);
  // What the counting units count this cycle (pmu_top probe_cnt): this probe, or last
  // cycle's; staged_ takes this one at the end.
  const Probe& q = cfg_.probe_stage ? staged_ : p;
  // the architectural values before this cycle, for the drain checks
  const auto td_before = td_.counters();
  const FlopsComponents fl_before = fl_.components();
  std::array<CpiComponents, kNumCpiStages> cpi_before{}, cpi_after{};
  std::array<uint64_t, kNumSpecCnt> spec_before{}, spec_after{};
  auto cpi_values = [&](std::array<CpiComponents, kNumCpiStages>& v,
                        std::array<uint64_t, kNumSpecCnt>& sv) {
    for (unsigned s = 0; s < kNumCpiStages; ++s)
      for (unsigned c = 0; c < kNumCpiComps; ++c)
        v[s][c] = cpi_.get(static_cast<CpiStage>(s), static_cast<CpiComp>(c));
    if (const CpiSpec* sp = cpi_.spec())
      for (unsigned i = 0; i < kNumSpecCnt; ++i) sv[i] = sp->get(i);
  };
  cpi_values(cpi_before, spec_before);
  cpi_.step(q);
  td_.step(q);
  fl_.step(q);
  cpi_values(cpi_after, spec_after);
  td_drain_.step(td_before, td_.counters());
  fl_drain_.step(fl_before, fl_.components());
  for (unsigned s = 0; s < kNumCpiStages; ++s) cpi_drain_[s].step(cpi_before[s], cpi_after[s]);
  if (spec_drain_) spec_drain_->step(spec_before, spec_after);
  tip_.step(q, w && w->addr == custom_csr::kTipAck);
  oracle_.step(q);
  std::array<uint64_t, CounterDrain::kMaxNum> csr_before;
  const auto csr_before_n = std::ranges::copy(csr_.counters(), csr_before.begin()).out;
  if (w)
    if (const auto c = csr_.counter_of(w->addr)) csr_drain_.write(*c);
  csr_.step(p, w);
  csr_drain_.step({csr_before.begin(), csr_before_n}, csr_.counters());
  if (cfg_.probe_stage) staged_ = p;  // (after every use of q, which may refer to it)
  if (w && w->addr == custom_csr::kBank) bank_ = w->data & 3u;
  if (w && w->addr == custom_csr::kTipCtrl) {
    tip_mode_ = static_cast<TipMode>(w->data & 3u);
    tip_period_ = w->data >> custom_csr::kTipCtrlPeriodShift;
    tip_irq_ = (w->data & custom_csr::kTipCtrlIrq) != 0;
    tip_.set_trigger(tip_mode_, tip_period_);
  }
}

namespace {
// A stage's correct-path stack: its wrong-path base slots to bpred, its squashed ones to other.
CpiComponents correct_path(CpiComponents c, uint64_t wrong_path, uint64_t squashed) {
  // At issue the base lags the issued uops by the width carry (at most 2^carry_bits - 1), so
  // it can be below what left the window in a run's first cycles.
  auto& base = c[static_cast<unsigned>(CpiComp::kBase)];
  const uint64_t moved = std::min(base, wrong_path + squashed);
  base -= moved;
  c[static_cast<unsigned>(CpiComp::kBpred)] += std::min(moved, wrong_path);
  c[static_cast<unsigned>(CpiComp::kOther)] += moved - std::min(moved, wrong_path);
  return c;
}
}  // namespace

CpiComponents PmuModel::oracle_dispatch_stack() const {
  return correct_path(cpi_.stage(CpiStage::kDispatch), wrong_path_.wrong_path_dispatched(),
                      wrong_path_.squashed_dispatched());
}

CpiComponents PmuModel::oracle_issue_stack() const {
  return correct_path(cpi_.stage(CpiStage::kIssue), wrong_path_.wrong_path_issued(),
                      wrong_path_.squashed_issued());
}

uint32_t PmuModel::window(unsigned w) const {
  using namespace custom_csr;
  const unsigned k = w / 2;
  if (bank_ == kBankCpi && k < kNumCpiStages * kNumCpiComps)
    return half(cpi_.get(static_cast<CpiStage>(k / kNumCpiComps),
                         static_cast<CpiComp>(k % kNumCpiComps)),
                w);
  if (bank_ == kBankTdFl && k - kWinTdBase / 2 < kNumTdCounters)  // unsigned: k >= base too
    return half(td_.get(static_cast<TdCounter>(k - kWinTdBase / 2)), w);
  if (bank_ == kBankTdFl && k - kWinFlBase / 2 < kNumFlopsComps)
    return half(fl_.get(static_cast<FlopsComp>(k - kWinFlBase / 2)), w);
  if (bank_ == kBankSpec)
    return k < kNumSpecCounters && cpi_.spec() ? half(cpi_.spec()->get(k), w) : 0;
  if (bank_ != kBankTip || w >= kTipWords) return 0;
  const TipSample& t = tip_.tip();
  switch (w) {
    case kTipWordStatus:
      return uint32_t{t.valid} | static_cast<uint32_t>(t.state) << 1 | t.head_valid << 4 |
             t.head_commit << 8 | uint32_t{tip_.nci_valid()} << 12 |
             uint32_t{tip_.lci_valid()} << 13 | uint32_t{tip_.disp_valid()} << 14;
    case kTipWordOffending:
      return t.offending;
    case kTipWordNextPc:
      return t.next_pc;
    case kTipWordNciPc:
      return tip_.nci_pc();
    case kTipWordLciPc:
      return tip_.lci_pc();
    case kTipWordDispPc:
      return tip_.disp_pc();
    case kTipWordSamplesLo:
    case kTipWordSamplesHi:
      return half(tip_.samples(), w);
    default:
      return t.head_pc[w - kTipWordHeadPc0];
  }
}

uint32_t PmuModel::read(uint16_t a) const {
  using namespace custom_csr;
  if (a >= kWindow && a <= kWindowLast) return window(a - kWindow);
  if (a == kBank) return bank_;
  if (a == kTipCtrl) return tipctrl();
  if (a == kTipAck) return 0;
  return csr_.read(a);
}

}  // namespace stackscope::pmu
