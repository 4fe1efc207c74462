// Per-cycle cross-check of the SoC's PMU (pmu_top) against the golden PMU model
// (sim_model/pmu/pmu_model.h) stepped on the same probe and CSR accesses: after every cycle
// every PMU register is compared; a CSR instruction that reads a PMU CSR is checked against
// the value the model held in that cycle. `stackscope run` drives it (on by default).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "lockstep.h"
#include "memory_model.h"
#include "pmu_gen.h"
#include "pmu_model.h"
#include "probe_rules.h"

namespace stackscope::tb {

// The PMU's inputs in one cycle, sampled before the clock edge (filled by SocSim).
struct PmuInputs {
  std::array<uint32_t, pmu::kProbeWords> probe{};
  bool csr_we = false;
  uint16_t csr_addr = 0;
  uint32_t csr_wdata = 0;
  uint32_t mem_lines = 0;  // the harness memory's line requests in flight as the probe was sampled
  const LineReadLog* line_reads = nullptr;  // the harness memory's line reads (probe rules)
  std::optional<pmu::CoreObs> obs;  // the core's observation port (SoC runs; probe rules)
  bool dbg_we = false;  // the test-only write port (mutation)
  pmu::PmuUnit dbg_unit = pmu::PmuUnit::kCpi;
  uint16_t dbg_idx = 0;
  uint64_t dbg_wdata = 0;
};

// Every PMU register of the RTL after a clock edge (filled by SocSim from soc_top's outputs).
inline constexpr unsigned kNumCpiRegs = pmu::kNumCpiStages * pmu::kNumCpiComps;
// tip_valid .. samples (tb/units/pmu_unit kTipRegNames)
inline constexpr unsigned kNumTipRegs = 17;
inline constexpr unsigned kNumCsrRegs = 15;  // see csr_reg_name()
inline constexpr unsigned kNumPmuRegs =  // every register the cross-check compares
    kNumCpiRegs + pmu::kNumSpecCounters + pmu::kNumTdCounters + pmu::kNumFlopsComps +
    kNumTipRegs + kNumCsrRegs;
struct PmuRegs {
  std::array<uint64_t, kNumCpiRegs> cpi{};
  std::array<uint64_t, pmu::kNumSpecCounters> spec{};  // speculative CPI counters (0: none)
  std::array<uint64_t, pmu::kNumTdCounters> td{};
  std::array<uint64_t, pmu::kNumFlopsComps> fl{};
  std::array<uint64_t, kNumTipRegs> tip{};
  std::array<uint64_t, kNumCsrRegs> csr{};  // mcycle, minstret, hpm3..6, event3..6,
                                            // mcountinhibit, mcounteren, lcofip, bank, tipctrl
};

// One register of the flat list the check walks: family + index, with a printable name.
struct PmuRegId {
  pmu::PmuUnit unit;
  unsigned index;
};
std::string pmu_reg_name(PmuRegId r);
// "cpi.commit.base", "cpi.spec_issue.bpred", "cpi.spec_merges", "topdown.clocks",
// "flops.frontend", "tip.samples", "csr.mcycle" ...
std::optional<PmuRegId> parse_pmu_reg(const std::string& name);

// Wrong-path accounting error (Eyerman et al. §III-B) per stage with a wrong path (dispatch,
// issue): each method's bpred component against the oracle correct-path stack, in slots and
// as a fraction of W * cycles.
struct WrongPathError {
  uint64_t oracle_bpred = 0;    // correct-path stack (the true path known from the ISS)
  uint64_t simple_bpred = 0;    // method (a): stage base - commit base moved to bpred
  uint64_t spec_bpred = 0;      // method (b): speculative per-block counters (RTL param)
  double simple_error = 0, spec_error = 0;
  bool spec_available = false;  // method (b) built in this configuration
};

// What one cross-checked run produced, for the report.
struct PmuRunResults {
  bool checked = false;  // false: --no-check (counters below are the RTL's)
  uint64_t cycles = 0, csr_reads_checked = 0;
  std::array<pmu::CpiComponents, pmu::kNumCpiStages> cpi{};
  std::array<uint64_t, pmu::kNumTdCounters> td{};
  pmu::FlopsComponents fl{};
  uint64_t tip_samples = 0;
  // Gottschall et al.'s profile error of each sampler against the oracle (0..1; 0 without samples).
  double tip_error = 0, nci_error = 0, lci_error = 0, disp_error = 0;
  std::array<WrongPathError, 2> wrong_path{};  // dispatch, issue
  // Method (b)'s global speculative counters (dispatch, issue) and block merges.
  std::array<pmu::CpiComponents, pmu::kNumSpecStages> spec_cpi{};
  uint64_t spec_merges = 0;
};

// Test-only corruption: at `cycle`, register `reg` of the RTL is written to its value + 1
// through pmu_top's test port while the model is told the write kept the old value.
struct PmuMutation {
  PmuRegId reg;
  uint64_t cycle;
};
// "NAME@CYCLE"; throws std::invalid_argument with a one-line message.
PmuMutation parse_pmu_mutation(const std::string& spec);

class PmuCheck {
 public:
  explicit PmuCheck(const pmu::PmuModelConfig& cfg, std::optional<PmuMutation> mutation = {});
  // Before the cycle `cycle` is simulated: the test-port write to apply in it, if any
  // (the mutation), given the RTL registers as they are now.
  std::optional<PmuInputs> debug_write(uint64_t cycle, const PmuRegs& now) const;
  // The same write's strobe and target (dbg_we, dbg_unit, dbg_idx; no data), which the SoC
  // takes a cycle ahead (SocSim::announce_pmu_debug_write).
  std::optional<PmuInputs> debug_target(uint64_t cycle) const;
  // After cycle `cycle`: its inputs, the records it committed (oldest first) and the
  // registers after its edge. Empty if all agree, else "cycle N: REG expected E actual A".
  std::string step(uint64_t cycle, const PmuInputs& in, std::span<const RtlCommit> commits,
                   const PmuRegs& rtl);
  // The same with at most one record (none if !c.valid).
  std::string step(uint64_t cycle, const PmuInputs& in, const RtlCommit& c, const PmuRegs& rtl) {
    return step(cycle, in, std::span(&c, c.valid ? 1 : 0), rtl);
  }
  PmuRunResults results() const;
  // Every PMU CSR read step() verifies is appended to `log` (CSR address, the model's value),
  // oldest first; null: none (the default).
  void record_csr_reads(std::vector<std::pair<uint16_t, uint32_t>>* log) { csr_log_ = log; }
  // Cycles in which method (b)'s base (proven + in flight) was checked against the oracle,
  // per stage (dispatch, issue): it must equal the uops the stage processed minus the
  // oracle's wrong-path uops while no block merged (docs/dev/pmu.md, "Speculative per-block CPI
  // counters"). Dispatch is checked only when its width is W (no width carry).
  uint64_t spec_oracle_cycles(unsigned stage) const { return spec_oracle_cycles_[stage]; }
  const pmu::PmuModel& model() const { return model_; }

 private:
  std::string check_spec_oracle(uint64_t cycle);
  pmu::PmuModel model_;
  std::optional<check::ProbeRules> probe_rules_;  // PmuModelConfig::check_probe
  std::optional<PmuMutation> mutation_;
  uint64_t cycles_ = 0, csr_reads_ = 0;
  std::vector<std::pair<uint16_t, uint32_t>>* csr_log_ = nullptr;
  std::array<uint64_t, pmu::kNumSpecStages> spec_oracle_cycles_{};
};

// PmuRegs as the model holds them (the expected side of the comparison).
PmuRegs expected_regs(const pmu::PmuModel& m);
// The CSR address pmu_top sees for a core access to `addr`, if the core forwards it
// (user counter aliases fold onto the machine ones; mirrors core_csr's is_pmu).
std::optional<uint16_t> pmu_forwarded_csr(uint16_t addr);

}  // namespace stackscope::tb
