// The Verilated SoC (rtl/top/soc_top.sv) with its main-memory model: reset, one clock
// cycle per tick(), commit-trace decoding and optional FST tracing.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "lockstep.h"
#include "memory_model.h"

class Vsoc_top;
class VerilatedContext;
class VerilatedFstC;

namespace stackscope::tb {

struct SocConfig {
  MemTiming mem;
  bool fast_alu = false;
  std::string fst;  // empty: no waveform
};

// Stall reasons of the cycle just simulated (before its edge), for a probe rebuilt in the
// harness (tb/report/seq_probe.h) while the core drives no probe bus.
struct SocStatus {
  bool fetch_wait = false, mem_wait = false, muldiv_busy = false;
  bool l1i_miss = false, l1d_miss = false;
};

class SocSim {
 public:
  SocSim(iss::Memory& mem, uint32_t boot_addr, const SocConfig& cfg);
  ~SocSim();
  SocSim(const SocSim&) = delete;
  SocSim& operator=(const SocSim&) = delete;
  // One clock cycle; returns the record committed at its rising edge (valid=false if none).
  RtlCommit tick();
  uint64_t cycle() const { return cycle_; }
  const SocStatus& status() const { return status_; }

 private:
  void eval_dump();
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vsoc_top> top_;
  std::unique_ptr<VerilatedFstC> fst_;
  MemoryModel mem_;
  uint64_t cycle_ = 0;
  SocStatus status_;
};

}  // namespace stackscope::tb
