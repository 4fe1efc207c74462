#include "pmu_check.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string_view>


namespace stackscope::tb {

namespace {

constexpr std::array<std::string_view, kNumTipRegs> kTipNames{
    "tip_valid",    "tip_state",    "tip_head_valid", "tip_head_commit", "tip_head_pc0",
    "tip_head_pc1", "tip_head_pc2", "tip_head_pc3",   "tip_offending",   "tip_next_pc",
    "nci_valid",    "nci_pc",       "lci_valid",      "lci_pc",          "disp_valid",
    "disp_pc",      "samples"};
constexpr unsigned kTipSamplesIdx = 16;
static_assert(pmu::kCsrRegs.size() == kNumCsrRegs);
// The CSR address behind csr register i (mutation writes its low half there): generated.
using pmu::csr_reg_addr;

uint64_t get(const PmuRegs& r, pmu::PmuUnit u, unsigned i) {
  switch (u) {
    case pmu::PmuUnit::kCpi:
      return r.cpi[i];
    case pmu::PmuUnit::kSpec:
      return r.spec[i];
    case pmu::PmuUnit::kTopDown:
      return r.td[i];
    case pmu::PmuUnit::kFlops:
      return r.fl[i];
    case pmu::PmuUnit::kTipSamples:
      return r.tip[i];
    default:
      return r.csr[i];
  }
}

// Splits an "&"-free spec "NAME@CYCLE".
uint64_t parse_u64(const std::string& s, const std::string& what) {
  size_t pos = 0;
  uint64_t v = 0;
  // Digits only: stoull would take "-1" as 2^64 - 1 and skip leading blanks.
  if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0])))
    throw std::invalid_argument("bad " + what + " '" + s + "'");
  try {
    v = std::stoull(s, &pos, 0);
  } catch (const std::exception&) {
    pos = 0;
  }
  if (s.empty() || pos != s.size()) throw std::invalid_argument("bad " + what + " '" + s + "'");
  return v;
}

}  // namespace

std::string pmu_reg_name(PmuRegId r) {
  switch (r.unit) {
    case pmu::PmuUnit::kCpi:
      return fmt::format("cpi.{}.{}", pmu::kCpiStageNames[r.index / pmu::kNumCpiComps],
                         pmu::kCpiCompNames[r.index % pmu::kNumCpiComps]);
    case pmu::PmuUnit::kSpec:
      if (r.index == pmu::kSpecMergesIndex) return "cpi.spec_merges";
      return fmt::format("cpi.spec_{}.{}", pmu::kCpiStageNames[r.index / pmu::kNumCpiComps],
                         pmu::kCpiCompNames[r.index % pmu::kNumCpiComps]);
    case pmu::PmuUnit::kTopDown:
      return fmt::format("topdown.{}", pmu::kTdCounterNames[r.index]);
    case pmu::PmuUnit::kFlops:
      return fmt::format("flops.{}", pmu::kFlopsCompNames[r.index]);
    case pmu::PmuUnit::kTipSamples:
      return fmt::format("tip.{}", kTipNames[r.index]);
    default:
      return fmt::format("csr.{}", pmu::kCsrRegs[r.index].name);
  }
}

std::optional<PmuRegId> parse_pmu_reg(const std::string& name) {
  auto find = [&](pmu::PmuUnit u, unsigned n) -> std::optional<PmuRegId> {
    for (unsigned i = 0; i < n; ++i)
      if (pmu_reg_name({u, i}) == name) return PmuRegId{u, i};
    return std::nullopt;
  };
  for (auto [u, n] : {std::pair{pmu::PmuUnit::kCpi, kNumCpiRegs},
                      std::pair{pmu::PmuUnit::kSpec, pmu::kNumSpecCounters},
                      std::pair{pmu::PmuUnit::kTopDown, pmu::kNumTdCounters},
                      std::pair{pmu::PmuUnit::kFlops, pmu::kNumFlopsComps},
                      std::pair{pmu::PmuUnit::kTipSamples, kNumTipRegs},
                      std::pair{pmu::PmuUnit::kCsr, kNumCsrRegs}})
    if (auto r = find(u, n)) return r;
  return std::nullopt;
}

PmuMutation parse_pmu_mutation(const std::string& spec) {
  const size_t at = spec.find('@');
  if (at == std::string::npos) throw std::invalid_argument("--mutate wants COUNTER@CYCLE");
  const std::string name = spec.substr(0, at);
  const auto reg = parse_pmu_reg(name);
  if (!reg) throw std::invalid_argument("--mutate: unknown PMU register '" + name + "'");
  // Only counters take the corruption: the TIP sample latches and the CSR file's flags have
  // no write port (the TIP sample counter and the CSR counters/selectors do).
  const bool ok = reg->unit == pmu::PmuUnit::kTipSamples ? reg->index == kTipSamplesIdx
                  : reg->unit == pmu::PmuUnit::kCsr     ? reg->index < 12 && reg->index != 12
                                                         : true;
  if (!ok) throw std::invalid_argument("--mutate: " + name + " has no write port");
  const uint64_t cycle = parse_u64(spec.substr(at + 1), "--mutate cycle");
  // The SoC registers the debug port's target: a write is announced in the cycle before it.
  if (cycle == 0) throw std::invalid_argument("--mutate: CYCLE must be at least 1");
  return {*reg, cycle};
}

std::optional<uint16_t> pmu_forwarded_csr(uint16_t a) {
  namespace ca = pmu::csr_addr;      // generated address map
  constexpr uint16_t kBlock = 0xFE0;  // a block of 32 CSRs
  uint16_t ra = a;
  // user aliases cycle.. / cycleh.. -> the machine counters (time stays with the CLINT)
  if ((a & 0xF00) == 0xC00 && (a & 0x60) == 0) {
    if ((a & 0x1F) == 1) return std::nullopt;
    ra = static_cast<uint16_t>(a - 0x100);
  }
  const unsigned lo5 = ra & 0x1F;
  if (((ra & kBlock) == ca::kMcycle || (ra & kBlock) == (ca::kMcycle | ca::kHighHalf)) && lo5 != 1)
    return ra;
  if (((a & kBlock) == (ca::kMhpmevent3 & kBlock) || (a & kBlock) == (ca::kMhpmevent3h & kBlock)) &&
      (a & 0x1F) >= 3)
    return a;
  if (a == ca::kMcountinhibit || a == ca::kMcounteren) return a;
  if (a >= pmu::custom_csr::kBank && a <= pmu::custom_csr::kTipAck) return a;
  if (a >= pmu::custom_csr::kWindow) return a;
  return std::nullopt;
}

PmuRegs expected_regs(const pmu::PmuModel& m) {
  PmuRegs r;
  for (unsigned i = 0; i < kNumCpiRegs; ++i)
    r.cpi[i] = m.cpi().get(static_cast<pmu::CpiStage>(i / pmu::kNumCpiComps),
                           static_cast<pmu::CpiComp>(i % pmu::kNumCpiComps));
  if (const pmu::CpiSpec* sp = m.cpi().spec())
    for (unsigned i = 0; i < pmu::kNumSpecCounters; ++i) r.spec[i] = sp->get(i);
  r.td = m.topdown().counters();
  r.fl = m.flops().components();
  const pmu::TipSampler& s = m.tip();
  const pmu::TipSample& t = s.tip();
  r.tip = {t.valid,         static_cast<uint64_t>(t.state),
           t.head_valid,    t.head_commit,
           t.head_pc[0],    t.head_pc[1],
           t.head_pc[2],    t.head_pc[3],
           t.offending,     t.next_pc,
           s.nci_valid(),   s.nci_pc(),
           s.lci_valid(),   s.lci_pc(),
           s.disp_valid(),  s.disp_pc(),
           s.samples()};
  const pmu::PmuCsr& c = m.csr();
  for (unsigned i = 0; i < 6; ++i) r.csr[i] = c.counter(i);
  for (unsigned i = 0; i < 4; ++i) r.csr[6 + i] = c.event(i);
  r.csr[10] = c.inhibit();
  r.csr[11] = c.counteren();
  r.csr[12] = m.lcofi();
  r.csr[13] = m.bank();
  r.csr[14] = m.tipctrl();
  return r;
}

PmuCheck::PmuCheck(const pmu::PmuModelConfig& cfg, std::optional<PmuMutation> mutation)
    : model_(cfg), mutation_(mutation) {
  if (cfg.check_probe)
    probe_rules_.emplace(cfg.cpi.spec.rob_entries, cfg.cpi.dispatch_width, cfg.commit_width,
                         cfg.fl.units);
}

std::optional<PmuInputs> PmuCheck::debug_target(uint64_t cycle) const {
  if (!mutation_ || mutation_->cycle != cycle) return std::nullopt;
  PmuInputs in;
  in.dbg_we = true;
  in.dbg_unit = mutation_->reg.unit;
  in.dbg_idx = static_cast<uint16_t>(in.dbg_unit == pmu::PmuUnit::kCsr
                                         ? csr_reg_addr(mutation_->reg.index)
                                         : mutation_->reg.index);
  return in;
}

std::optional<PmuInputs> PmuCheck::debug_write(uint64_t cycle, const PmuRegs& now) const {
  std::optional<PmuInputs> in = debug_target(cycle);
  if (!in) return in;
  in->dbg_wdata = get(now, mutation_->reg.unit, mutation_->reg.index) + 1;
  if (in->dbg_unit == pmu::PmuUnit::kCsr) in->dbg_wdata &= 0xFFFFFFFFu;
  return in;
}

std::string PmuCheck::step(uint64_t cycle, const PmuInputs& in,
                           std::span<const RtlCommit> commits, const PmuRegs& rtl) {
  // A CSR instruction that read a PMU CSR read it in this cycle, before this cycle's update.
  for (const RtlCommit& c : commits) {
    const uint32_t funct3 = (c.insn >> 12) & 7;
    if (!c.valid || c.trap || !c.rd_we || (c.insn & 0x7f) != 0x73 || funct3 == 0 || funct3 == 4)
      continue;
    if (const auto a = pmu_forwarded_csr(static_cast<uint16_t>(c.insn >> 20))) {
      ++csr_reads_;
      const uint32_t want = model_.read(*a);
      if (csr_log_) csr_log_->emplace_back(*a, want);
      if (want != c.rd_wdata)
        return fmt::format("cycle {}: csr read {:#05x} at pc {:08x} expected {:#x} actual {:#x}",
                           cycle, *a, c.pc, want, c.rd_wdata);
    }
  }
  if (in.dbg_we) {
    // The model is told the write kept the old value: only the RTL gains the +1.
    uint64_t old = in.dbg_wdata - 1;
    model_.debug_write(in.dbg_unit,
                       in.dbg_unit == pmu::PmuUnit::kCsr ? in.dbg_idx
                       : in.dbg_unit == pmu::PmuUnit::kTipSamples ? kTipSamplesIdx
                                                                   : in.dbg_idx,
                       in.dbg_unit == pmu::PmuUnit::kCsr ? (old & 0xFFFFFFFFu) : old);
  }
  const pmu::Probe p = pmu::unpack(in.probe);
  if (probe_rules_)
    if (std::string e = probe_rules_->step(p, {cycle, in.obs, in.mem_lines, commits, in.line_reads});
        !e.empty())
      return fmt::format("cycle {}: {}", cycle, e);
  std::optional<pmu::CsrWrite> w;
  if (in.csr_we) w = pmu::CsrWrite{in.csr_addr, in.csr_wdata};
  model_.step(p, w);
  cycles_ = cycle + 1;
  const PmuRegs want = expected_regs(model_);
  auto cmp = [&](pmu::PmuUnit u, const auto& e, const auto& a) -> std::string {
    for (unsigned i = 0; i < e.size(); ++i)
      if (e[i] != a[i])
        return fmt::format("cycle {}: {} expected {} actual {}", cycle, pmu_reg_name({u, i}),
                           e[i], a[i]);
    return {};
  };
  std::string d = cmp(pmu::PmuUnit::kCpi, want.cpi, rtl.cpi);
  if (d.empty()) d = cmp(pmu::PmuUnit::kSpec, want.spec, rtl.spec);
  if (d.empty()) d = cmp(pmu::PmuUnit::kTopDown, want.td, rtl.td);
  if (d.empty()) d = cmp(pmu::PmuUnit::kFlops, want.fl, rtl.fl);
  if (d.empty()) d = cmp(pmu::PmuUnit::kTipSamples, want.tip, rtl.tip);
  if (d.empty()) d = cmp(pmu::PmuUnit::kCsr, want.csr, rtl.csr);
  if (d.empty()) d = check_spec_oracle(cycle);
  return d;
}

// Two independent golden-model routes to the wrong-path uops at dispatch and at issue must
// agree: the oracle follows the window's ROB indices (and the issue slots each took) up to
// each mispredict flush, method (b) the base slots of the blocks younger than the mispredicted
// branch. Exact while no block merged or saturated. Method (b) books base per uop, without the
// width carry, so it is compared with the uops processed: dispatch base at dispatch (exact
// only when the dispatch width is W), the issue slots used at issue.
std::string PmuCheck::check_spec_oracle(uint64_t cycle) {
  const pmu::CpiSpec* spec = model_.cpi().spec();
  if (!spec || spec->merges() != 0 || !spec->exact() || model_.debug_written()) return {};
  const pmu::CpiStackConfig& c = model_.config().cpi;
  constexpr auto kBase = pmu::CpiComp::kBase;
  if (c.dispatch_width == c.slots()) {
    ++spec_oracle_cycles_[0];
    const uint64_t spec_base = spec->get(0, kBase) + spec->in_flight(0, kBase);
    const uint64_t oracle_base =
        model_.cpi().get(pmu::CpiStage::kDispatch, kBase) - model_.wrong_path_dispatched();
    if (spec_base != oracle_base)
      return fmt::format("cycle {}: method (b) dispatch base {} (proven + in flight) != dispatch "
                         "base - oracle wrong path {}",
                         cycle, spec_base, oracle_base);
  }
  ++spec_oracle_cycles_[1];
  const uint64_t spec_base = spec->get(1, kBase) + spec->in_flight(1, kBase);
  const uint64_t oracle_base = model_.uops_issued() - model_.wrong_path_issued();
  if (spec_base == oracle_base) return {};
  return fmt::format("cycle {}: method (b) issue base {} (proven + in flight) != uops issued - "
                     "oracle wrong path {}",
                     cycle, spec_base, oracle_base);
}

PmuRunResults PmuCheck::results() const {
  PmuRunResults r;
  r.checked = true;
  r.cycles = cycles_;
  r.csr_reads_checked = csr_reads_;
  for (unsigned s = 0; s < pmu::kNumCpiStages; ++s)
    r.cpi[s] = model_.cpi().stage(static_cast<pmu::CpiStage>(s));
  r.td = model_.topdown().counters();
  r.fl = model_.flops().components();
  const pmu::TipSampler& t = model_.tip();
  const pmu::Profile& o = model_.oracle().profile();
  r.tip_samples = t.samples();
  // A run shorter than the TIP period has no sample: no error to state (0).
  auto error = [&](const pmu::Profile& sampled) {
    return sampled.empty() || o.empty() ? 0.0 : pmu::profile_error(sampled, o);
  };
  r.tip_error = error(t.tip_profile());
  r.nci_error = error(t.nci_profile());
  r.lci_error = error(t.lci_profile());
  r.disp_error = error(t.disp_profile());
  // Wrong path: method (a) and method (b) bpred per stage against the oracle's correct-path
  // stack.
  const auto bpred = static_cast<unsigned>(pmu::CpiComp::kBpred);
  const double slots = static_cast<double>(cycles_) * model_.cpi().slots();
  auto slot_error = [&](uint64_t a, uint64_t b) {
    return slots > 0 ? std::abs(static_cast<double>(a) - static_cast<double>(b)) / slots : 0.0;
  };
  const pmu::CpiSpec* spec = model_.cpi().spec();
  for (unsigned s = 0; s < pmu::kNumSpecStages; ++s) {
    WrongPathError& d = r.wrong_path[s];
    d.simple_bpred = pmu::wrong_path_adjusted(
        r.cpi[s], r.cpi[static_cast<unsigned>(pmu::CpiStage::kCommit)])[bpred];
    d.oracle_bpred =
        (s == 0 ? model_.oracle_dispatch_stack() : model_.oracle_issue_stack())[bpred];
    if (spec) {
      d.spec_available = true;
      for (unsigned c = 0; c < pmu::kNumCpiComps; ++c)
        r.spec_cpi[s][c] = spec->get(s, static_cast<pmu::CpiComp>(c));
      d.spec_bpred = r.spec_cpi[s][bpred];
    }
    d.simple_error = slot_error(d.simple_bpred, d.oracle_bpred);
    if (spec) d.spec_error = slot_error(d.spec_bpred, d.oracle_bpred);
  }
  if (spec) r.spec_merges = spec->merges();
  return r;
}

}  // namespace stackscope::tb
