// Per-cycle cross-check of one RTL unit against its C++ golden model on a random probe
// stream: stops at the first difference with cycle, counter, expected and actual.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <string>

#include "cpi_stack.h"
#include "flops_stack.h"
#include "pmu_csr.h"
#include "probe_random.h"
#include "tip.h"
#include "topdown.h"
#include "unit_dut.h"

namespace stackscope::pmu {

// Test-only corruption: at `cycle`, RTL counter `index` is written to its value + 1 through
// the CSR write port while the model is told the write kept the old value.
struct Mutation {
  unsigned index;
  uint64_t cycle;
};

struct CrossCheckResult {
  bool ok = true;
  uint64_t cycles = 0;
  std::string message;  // first difference, or the summary
  double seconds = 0;
};

// For counter units: a random run that never moves a counter has not tested it.
template <class Model>
std::string counters_never_moved(const Model& model) {
  for (unsigned i = 0; i < Model::kNum; ++i)
    if (model.get(i) == 0 && !Model::exempt(i)) return Model::name(i) + " never counted";
  return "";
}

// The model side of a unit under a flat counter index (same order as the RTL cnt_o).
// pre_cycle() drives unit-specific inputs; coverage_gap() names what a run never exercised.
struct CounterModelBase {
  template <class Dut>
  void pre_cycle(Dut&, uint64_t) {}
  static bool exempt(unsigned) { return false; }
  std::string summary() const { return ""; }
};

// The three main stacks, then the speculative counters (the RTL is built with them; a model
// configured without them reads 0, as the RTL's SpecBlocks = 0 does).
struct CpiModel : CounterModelBase {
  CpiStack m;
  explicit CpiModel(const CpiStackConfig& c) : m(c) {}
  static constexpr unsigned kNum = kCpiSpecBase + kNumSpecCounters;
  static std::string name(unsigned i) {
    if (i >= kCpiSpecBase) {
      const unsigned j = i - kCpiSpecBase;
      if (j == kSpecMergesIndex) return "cpi.spec_merges";
      return std::string(j < kNumCpiComps ? "cpi.spec_dispatch." : "cpi.spec_issue.") +
             std::string(kCpiCompNames[j % kNumCpiComps]);
    }
    return "cpi." + std::string(kCpiStageNames[i / kNumCpiComps]) + "." +
           std::string(kCpiCompNames[i % kNumCpiComps]);
  }
  void step(const Probe& p) { m.step(p); }
  void write(unsigned i, uint64_t v) {
    if (i >= kCpiSpecBase) return m.write_spec(i - kCpiSpecBase, v);
    m.write(static_cast<CpiStage>(i / kNumCpiComps), static_cast<CpiComp>(i % kNumCpiComps), v);
  }
  uint64_t get(unsigned i) const {
    if (i >= kCpiSpecBase) return m.spec() ? m.spec()->get(i - kCpiSpecBase) : 0;
    return m.get(static_cast<CpiStage>(i / kNumCpiComps), static_cast<CpiComp>(i % kNumCpiComps));
  }
  void check() const { m.check_invariant(); }
  std::string coverage_gap() const { return counters_never_moved(*this); }
  // Method (b) at dispatch against the main stack: bpred share and blocks merged.
  std::string summary() const {
    const CpiSpec* s = m.spec();
    if (!s) return "";
    uint64_t spec_slots = 0;
    for (unsigned c = 0; c < kNumCpiComps; ++c) spec_slots += s->get(c);
    const uint64_t main_slots = uint64_t{m.slots()} * m.cycles();
    char buf[200];
    std::snprintf(
        buf, sizeof buf,
        "; dispatch bpred: main %.1f%%, speculative %.1f%% of %llu proven/squashed "
        "slots; %llu merges",
        100.0 * m.get(CpiStage::kDispatch, CpiComp::kBpred) / std::max<uint64_t>(1, main_slots),
        100.0 * s->get(0, CpiComp::kBpred) / std::max<uint64_t>(1, spec_slots),
        static_cast<unsigned long long>(spec_slots), static_cast<unsigned long long>(s->merges()));
    return buf;
  }
};

struct TopDownModel : CounterModelBase {
  TopDown m;
  explicit TopDownModel(const TopDownConfig& c) : m(c) {}
  static constexpr unsigned kNum = kNumTdCounters;
  static std::string name(unsigned i) { return "topdown." + std::string(kTdCounterNames[i]); }
  void step(const Probe& p) { m.step(p); }
  void write(unsigned i, uint64_t v) { m.write(static_cast<TdCounter>(i), v); }
  uint64_t get(unsigned i) const { return m.get(static_cast<TdCounter>(i)); }
  void check() const { check_level1(m.counters()); }
  // The 4-op bin of the OpsExecuted histogram needs a 4-wide issue stage.
  static bool exempt(unsigned i) { return i == static_cast<unsigned>(TdCounter::kOpsExec4); }
  std::string coverage_gap() const { return counters_never_moved(*this); }
};

struct FlopsModel : CounterModelBase {
  FlopsStack m;
  explicit FlopsModel(const FlopsStackConfig& c) : m(c) {}
  static constexpr unsigned kNum = kNumFlopsComps;
  static std::string name(unsigned i) { return "flops." + std::string(kFlopsCompNames[i]); }
  void step(const Probe& p) { m.step(p); }
  void write(unsigned i, uint64_t v) { m.write(static_cast<FlopsComp>(i), v); }
  uint64_t get(unsigned i) const { return m.get(static_cast<FlopsComp>(i)); }
  void check() const { m.check_invariant(); }
  std::string coverage_gap() const { return counters_never_moved(*this); }
};

// TIP: trigger mode and period come from the config; software acknowledges every 7th cycle.
struct TipModel {
  TipSampler m;
  TipConfig cfg;
  TipOracle oracle{cfg.commit_width};
  bool ack = false;
  explicit TipModel(const TipConfig& c) : m(c), cfg(c) {}
  static constexpr unsigned kNum = kTipRegNames.size();
  static std::string name(unsigned i) { return "tip." + std::string(kTipRegNames[i]); }
  template <class Dut>
  void pre_cycle(Dut& dut, uint64_t c) {
    ack = c % 7 == 3;
    dut.top().ack_i = ack;
    dut.top().mode_i = static_cast<uint8_t>(cfg.mode);
    dut.top().period_i = cfg.period;
  }
  void step(const Probe& p) {
    m.step(p, ack);
    oracle.step(p);
  }
  void write(unsigned, uint64_t v) { m.write_samples(v); }
  static bool writable(unsigned i) { return i == kTipSamplesReg; }
  uint64_t get(unsigned i) const {
    const TipSample& t = m.tip();
    switch (i) {
      case 0:
        return t.valid;
      case 1:
        return static_cast<uint64_t>(t.state);
      case 2:
        return t.head_valid;
      case 3:
        return t.head_commit;
      case 4:
      case 5:
      case 6:
      case 7:
        return t.head_pc[i - 4];
      case 8:
        return t.offending;
      case 9:
        return t.next_pc;
      case 10:
        return m.nci_valid();
      case 11:
        return m.nci_pc();
      case 12:
        return m.lci_valid();
      case 13:
        return m.lci_pc();
      case 14:
        return m.disp_valid();
      case 15:
        return m.disp_pc();
      case 16:
        return m.samples();
      default:
        return t.valid;  // irq = a TIP sample waits
    }
  }
  void check() const {}
  // Profile error of each sampler against the oracle over this run (Gottschall et al.'s metric).
  std::string summary() const {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "; %llu samples, profile error vs oracle: TIP %.1f%%, NCI %.1f%%, LCI %.1f%%, "
                  "dispatch %.1f%%",
                  static_cast<unsigned long long>(m.samples()),
                  100 * profile_error(m.tip_profile(), oracle.profile()),
                  100 * profile_error(m.nci_profile(), oracle.profile()),
                  100 * profile_error(m.lci_profile(), oracle.profile()),
                  100 * profile_error(m.disp_profile(), oracle.profile()));
    return buf;
  }
  std::string coverage_gap() const {
    const auto per = m.samples_per_state();
    for (unsigned s = 0; s < per.size(); ++s)
      if (per[s] == 0) return "no TIP sample in state " + std::string(kTipStateNames[s]);
    if (m.nci_profile().empty() || m.lci_profile().empty() || m.disp_profile().empty())
      return "a baseline sampler never sampled";
    return "";
  }
};

// CSRs: a seeded random program of CSR writes (event selection with threshold / invert /
// edge / MINH, inhibit, counters set just below overflow, mip clears) on odd cycles only,
// so mutations on even cycles never collide with a regular write.
struct CsrModel {
  PmuCsr m;
  std::mt19937 rng{12345};
  std::optional<CsrWrite> pending;
  unsigned target = 0;
  explicit CsrModel(const PmuCsrConfig& c) : m(c) {}
  static constexpr unsigned kNum = kCsrRegNames.size();
  static std::string name(unsigned i) { return "csr." + std::string(kCsrRegNames[i]); }
  static bool writable(unsigned i) { return i < 2 + kCsrNumHpm; }
  unsigned pick(unsigned hi) { return std::uniform_int_distribution<unsigned>(0, hi)(rng); }
  template <class Dut>
  void pre_cycle(Dut& dut, uint64_t c) {
    pending.reset();
    const unsigned hpm = pick(kCsrNumHpm - 1);
    if (c % 8 == 1) {
      const unsigned threshold = pick(1) ? 0 : pick(15);
      pending =
          CsrWrite{static_cast<uint16_t>(csr_addr::kMhpmevent3 + hpm),
                   static_cast<uint32_t>(HpmEvent::make(static_cast<uint8_t>(pick(21)), threshold,
                                                        pick(4) == 0, pick(4) == 0))};
    } else if (c % 8 == 3 && pick(3) == 0) {  // clear OF, sometimes set MINH
      pending = CsrWrite{static_cast<uint16_t>(csr_addr::kMhpmevent3h + hpm),
                         pick(9) == 0 ? 1u << 30 : 0u};
    } else if (c % 64 == 5) {
      pending = CsrWrite{csr_addr::kMcountinhibit, pick(3) == 0 ? pick(127) : 0u};
    } else if (c % 128 == 7) {
      target = pick(1 + kCsrNumHpm);
      pending =
          CsrWrite{static_cast<uint16_t>(csr_reg_addr(target) | csr_addr::kHighHalf), 0xFFFFFFFFu};
    } else if (c % 128 == 15) {
      pending = CsrWrite{csr_reg_addr(target), 0xFFFFFF00u + pick(255)};
    } else if (c % 256 == 11) {
      pending = CsrWrite{csr_addr::kMip, 0};
    } else if (c % 32 == 13) {
      pending = CsrWrite{csr_addr::kMcounteren, pick(0xFFFF)};
    }
    dut.top().csr_we_i = pending.has_value();
    dut.top().csr_addr_i = pending ? pending->addr : 0;
    dut.top().csr_wdata_i = pending ? pending->data : 0;
  }
  std::optional<CsrWrite> mutation_write;
  void step(const Probe& p) {
    m.step(p, mutation_write ? mutation_write : pending);
    mutation_write.reset();
  }
  // The harness's mutation writes value+1 to the RTL; the model sees the old low half.
  void write(unsigned i, uint64_t v) {
    mutation_write = CsrWrite{csr_reg_addr(i), static_cast<uint32_t>(v)};
  }
  uint64_t get(unsigned i) const {
    if (i < 2 + kCsrNumHpm) return m.counter(i);
    if (i < 2 + 2 * kCsrNumHpm) return m.event(i - 2 - kCsrNumHpm);
    if (i == 10) return m.inhibit();
    if (i == 11) return m.counteren();
    return m.lcofip();
  }
  void check() const {}
  std::string summary() const { return "; " + std::to_string(m.overflows()) + " overflows"; }
  std::string coverage_gap() const {
    if (m.overflows() == 0) return "no counter overflowed";
    return "";
  }
};

template <class Dut, class Model>
CrossCheckResult crosscheck(Dut& dut, Model& model, ProbeRandom& gen, uint64_t cycles,
                            std::optional<Mutation> mutation) {
  CrossCheckResult r;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t c = 0; c < cycles && r.ok; ++c) {
    const Probe p = gen.next();
    model.pre_cycle(dut, c);
    if (mutation && mutation->cycle == c) {
      const uint64_t old = dut.get(mutation->index);
      model.write(mutation->index, old);
      dut.cycle(p, true, mutation->index, old + 1);
    } else {
      dut.cycle(p);
    }
    model.step(p);
    r.cycles = c + 1;
    if (dut.assertion_failed()) {
      r.ok = false;
      r.message = "cycle " + std::to_string(c) + ": RTL assertion failed";
      break;
    }
    model.check();
    for (unsigned i = 0; i < Model::kNum; ++i) {
      const uint64_t want = model.get(i), got = dut.get(i);
      if (want != got) {
        r.ok = false;
        r.message = "cycle " + std::to_string(c) + ": " + Model::name(i) + " expected " +
                    std::to_string(want) + " actual " + std::to_string(got);
        break;
      }
    }
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!r.ok) return r;
  if (cycles >= 10000) {
    const std::string gap = model.coverage_gap();
    if (!gap.empty()) {
      r.ok = false;
      r.message = "coverage: " + gap;
      return r;
    }
  }
  r.message =
      "all " + std::to_string(Model::kNum) + " registers match every cycle" + model.summary();
  return r;
}

}  // namespace stackscope::pmu
