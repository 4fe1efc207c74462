// The per-cycle work of `stackscope run` around one SoC cycle, in the two parts tb/systemc runs
// as two sc_modules and the native loop calls in turn: the PMU side (cross-check of every PMU
// register against its golden model, the report's collector) and the commit side (lockstep
// against the ISS, trap-loop detection, the HTIF exit). SocEngine is what steps the SoC: the
// native loop here, or the SystemC platform of tb/systemc (`stackscope-sc`).
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>

#include "collector.h"
#include "lockstep.h"
#include "memory.h"
#include "memory_model.h"
#include "pmu_check.h"
#include "soc_sim.h"
#include "trap_loop.h"

namespace stackscope {

// A run's failures, each with its exit status (cmd_run.cpp): 4, 5, 6.
struct LockstepError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct CrosscheckError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct TrapLoopError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class PmuWatch {
 public:
  // `check` null: no cross-check (the collector then steps its own models).
  PmuWatch(std::string name, tb::SocSim& sim, tb::PmuCheck* check, report::Collector& collector,
           std::string fst_hint);
  void before_tick();  // a due test-only debug write (--mutate) for the coming cycle
  void after_tick();   // throws CrosscheckError

 private:
  std::string name_, fst_hint_;
  tb::SocSim& sim_;
  tb::PmuCheck* check_;
  report::Collector& collector_;
  tb::PmuRegs regs_;
};

class CommitWatch {
 public:
  // `lockstep` null: --no-lockstep.
  CommitWatch(std::string name, const tb::SocSim& sim, const iss::Memory& mem,
              tb::Lockstep* lockstep, uint32_t tohost);
  // The records committed at the edge that ended cycle `cycle - 1`; throws LockstepError or
  // TrapLoopError.
  void step(std::span<const tb::RtlCommit> commits, uint64_t cycle);
  // The HTIF exit store has committed and the program's exit is seen: memory saw the store
  // (soc_top), or the FPGA top's UART sent its exit message (SocSim::program_exit).
  bool done() const { return exit_committed_ && sim_.program_exit(mem_).has_value(); }
  uint64_t retired() const { return retired_; }

 private:
  std::string name_;
  const tb::SocSim& sim_;
  const iss::Memory& mem_;
  tb::Lockstep* lockstep_;
  uint32_t tohost_;
  iss::TrapLoopDetector trap_loop_;
  uint64_t retired_ = 0;
  bool exit_committed_ = false;
};

// What one run hands the engine.
struct RunWatch {
  PmuWatch& pmu;
  CommitWatch& commits;
  std::function<void(uint64_t cycle)> before_cycle;  // pipeview, progress, Ctrl-C (may throw)
  uint64_t max_cycles;
};

class SocEngine {
 public:
  virtual ~SocEngine() = default;
  // A fresh memory of `ram_size` bytes for the next run (the program is loaded into it);
  // `mem_latency` is the run's --mem-latency (a platform's RAM targets take it).
  virtual iss::Memory& new_memory(uint32_t ram_size, unsigned mem_latency) = 0;
  // The port the SoC's memory accesses go through (null: the memory itself).
  virtual tb::MemPort* port() = 0;
  // Steps `sim` until w.commits.done() (true) or w.max_cycles cycles (false); rethrows what a
  // check threw.
  virtual bool run(tb::SocSim& sim, const RunWatch& w) = 0;
};

// The native engine: a plain loop.
class NativeEngine final : public SocEngine {
 public:
  iss::Memory& new_memory(uint32_t ram_size, unsigned mem_latency) override;
  tb::MemPort* port() override { return nullptr; }
  bool run(tb::SocSim& sim, const RunWatch& w) override;

 private:
  std::optional<iss::Memory> mem_;
};

}  // namespace stackscope
