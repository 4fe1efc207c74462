// The Verilated SoC (rtl/top/soc_top.sv) with its main-memory model: reset, one clock
// cycle per tick(), commit-trace decoding and optional FST tracing.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lockstep.h"
#ifdef SS_FPGA_TOP
#include <ostream>

#include "uart_rx.h"
#endif
#include "memory_model.h"
#include "pmu_check.h"
#include "run_options_gen.h"

// The Verilated model: Vsoc_top (default 2/3/2 core), or another configuration of soc_top
// built under its own prefix (tb/harness/verilated.cmake) for the stackscope_<cfg> binaries.
#ifndef SOC_MODEL
#define SOC_MODEL Vsoc_top
#define SOC_MODEL_HEADER "Vsoc_top.h"
#endif
class SOC_MODEL;
class VerilatedContext;
class VerilatedFstC;

namespace stackscope::tb {

struct SocConfig {
  MemTiming mem;
  SocCtrl ctrl;  // soc_top's ctrl_i: the run's switches (run_options_gen.h)
  std::string fst;  // empty: no waveform
  uint8_t probe_mutant = 0;   // test only: probe_pkg::probe_mutate id (0: none)
  uint32_t rtl_ram_size = 0;  // test-only fault injection: the RAM size soc_top is told (0: the memory's)
  std::ostream* console = nullptr;  // SS_FPGA_TOP: where the decoded UART bytes go (null: dropped)
};

// Parameters the Verilated model was built with (what `stackscope run` may be asked for).
struct SocParams {
  unsigned dispatch_width = 0, issue_width = 0, commit_width = 0, rob_entries = 0;
  unsigned fp_units = 0;  // FP pipes: the FLOPS stack's k
};

struct HarnessLink;  // soc_sim.cpp

class SocSim {
 public:
  static SocParams built_params();
  // `port`: where main-memory accesses go (null: `mem`; tb/systemc passes its TLM socket).
  SocSim(iss::Memory& mem, uint32_t boot_addr, const SocConfig& cfg, MemPort* port = nullptr);
  ~SocSim();
  SocSim(const SocSim&) = delete;
  SocSim& operator=(const SocSim&) = delete;
  // One clock cycle; returns the records committed at its rising edge, oldest first.
  const std::vector<RtlCommit>& tick();
  const std::vector<RtlCommit>& commits() const { return commits_; }  // of the last tick()
  uint64_t cycle() const { return cycle_; }
  // PMU observation for tb/harness/pmu_check: the inputs of the cycle the last tick() simulated
  // (sampled before its edge) and every PMU register after it.
  const PmuInputs& pmu_inputs() const { return pmu_in_; }
  void read_pmu(PmuRegs& r) const;
  // The golden PMU model's configuration for this SoC's pmu_top (widths read from soc_top's
  // pmu_o.widths, so it follows whatever configuration was Verilated).
  pmu::PmuModelConfig pmu_model_config() const;
  // The program's exit value once the run is over: the memory saw the HTIF exit store
  // (soc_top), or the FPGA top's UART sent its exit message (SS_FPGA_TOP, docs/fpga.md).
  std::optional<int> program_exit(const iss::Memory& mem) const;
  // Test-only write through pmu_top's debug port, applied in the next tick() only. The SoC
  // Verilated with SS_HARNESS_DPI registers the port's strobe and target (soc_top), so each
  // write must also have been announced (strobe and target, no data) in the tick() before its
  // own; the write's tick() throws if it was not. Other models take the port as it is and
  // ignore the announcement.
  void set_pmu_debug_write(const PmuInputs& w) { pmu_dbg_ = w; }
  void announce_pmu_debug_write(const PmuInputs& target) { pmu_dbg_next_ = target; }

 private:
  void eval_dump();
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<SOC_MODEL> top_;
  std::unique_ptr<VerilatedFstC> fst_;
  MemoryModel mem_;
  uint64_t cycle_ = 0;
  bool line_answered_ = false;  // the memory model returned a line answer at the last edge
  std::vector<RtlCommit> commits_;
  PmuInputs pmu_in_;
  std::optional<PmuInputs> pmu_dbg_;
  std::optional<PmuInputs> pmu_dbg_next_;  // announced for the next tick()
  std::optional<PmuInputs> pmu_dbg_armed_;  // announced last tick(): soc_top holds its target
  std::unique_ptr<HarnessLink> link_;  // SS_HARNESS_DPI builds: ss_harness_edge's target
#ifdef SS_FPGA_TOP
  void uart_step();
  std::optional<UartRx> uart_;
  std::ostream* console_ = nullptr;
  bool byte_after_exit_ = false;  // the byte on the line started after the exit
  std::string exit_msg_;          // the exit message's bytes so far
  std::optional<int> uart_exit_;
#endif
};

}  // namespace stackscope::tb
