// The Verilated SoC as a SystemC module (docs/systemc.md): one SoC cycle (tb/harness/soc_sim.h
// SocSim::tick) at each rising edge of `clk`, its main memory behind the TLM-2.0 initiator
// `socket`, and the two checkers of `stackscope run` as modules watching it.
//
// The socket protocol: each request the SoC's memory ports make in a cycle is one b_transport,
// called at that cycle's edge, that moves all its bytes at once; the delay the target
// annotates, in clock periods, is that request's latency to its first data. The port's
// timing (bandwidth of the line bus, outstanding line requests, in-order answers) stays in the
// SoC's MemoryModel, the one the native run uses, which schedules the answer from that
// latency -- so a platform whose targets annotate `--mem-latency` periods gives the native
// run's cycles by construction. Targets must not wait() (the call comes from a method
// process) and must set a response status; an error status is an access fault in the core.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <exception>
#include <functional>

#include "memory_model.h"
#include "run_checks.h"
#include "soc_sim.h"

namespace stackscope::sc {

// Where a run stands: what the modules report to the engine (tb/systemc/sc_engine.h).
struct RunState {
  const RunWatch* watch = nullptr;  // null: no run (the SoC idles)
  tb::SocSim* sim = nullptr;
  bool finished = false, done = false;  // done: the program exited (else: cycle limit)
  std::exception_ptr error;             // what a check threw
  void finish(bool program_done);       // ends the run (sc_pause)
  void fail();                          // the current exception ends the run
  // A process's work for one cycle, if a run is on; what it throws ends the run (an exception
  // must not leave a SystemC process: the kernel would turn it into its own error).
  template <class F>
  void step(F f) {
    if (!watch || finished) return;
    try {
      f(*this);
    } catch (...) {
      fail();
    }
  }
};

class ScSoc : public sc_core::sc_module, public tb::MemPort {
 public:
  sc_core::sc_in<bool> clk;
  tlm_utils::simple_initiator_socket<ScSoc> socket;
  SC_HAS_PROCESS(ScSoc);
  ScSoc(sc_core::sc_module_name name, sc_core::sc_time clock_period, RunState& state);
  // Notified (immediately) after each cycle: the probe, the PMU registers and the commit
  // records of SocSim hold that cycle's values.
  const sc_core::sc_event& cycle_event() const { return cycle_ev_; }
  // Notified one delta cycle later, for the commit port's checker.
  const sc_core::sc_event& commit_event() const { return commit_ev_; }
  RunState& state() { return state_; }
  // tb::MemPort: one b_transport through `socket`.
  bool access(bool we, bool ifetch, uint32_t addr, uint8_t* data, unsigned len,
              unsigned& latency) override;

 private:
  void on_clock();
  RunState& state_;
  sc_core::sc_time period_;
  sc_core::sc_event cycle_ev_, commit_ev_;
  tlm::tlm_generic_payload gp_;  // reused: no allocation per access
};

// The PMU cross-check (and the report's counters) on the probe, every cycle.
class ScPmuCheck : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(ScPmuCheck);
  ScPmuCheck(sc_core::sc_module_name name, ScSoc& soc);

 private:
  void on_cycle();
  ScSoc& soc_;
};

// Lockstep against the ISS, trap loops and the HTIF exit, on the commit port.
class ScLockstep : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(ScLockstep);
  ScLockstep(sc_core::sc_module_name name, ScSoc& soc);

 private:
  void on_commit();
  ScSoc& soc_;
};

}  // namespace stackscope::sc
