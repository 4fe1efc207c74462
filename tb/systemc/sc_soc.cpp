#include "sc_soc.h"

#include <fmt/format.h>

#include <stdexcept>

namespace stackscope::sc {

void RunState::finish(bool program_done) {
  finished = true;
  done = program_done;
  sc_core::sc_pause();
}

void RunState::fail() {
  error = std::current_exception();
  finish(false);
}

ScSoc::ScSoc(sc_core::sc_module_name name, sc_core::sc_time clock_period, RunState& state)
    : sc_module(name), clk("clk"), socket("socket"), state_(state), period_(clock_period) {
  SC_METHOD(on_clock);
  sensitive << clk.pos();
  dont_initialize();
}

void ScSoc::on_clock() {
  state_.step([this](RunState& s) {
    s.watch->before_cycle(s.sim->cycle());
    if (s.sim->cycle() >= s.watch->max_cycles) return s.finish(false);
    s.sim->tick();
    cycle_ev_.notify();
    commit_ev_.notify(sc_core::SC_ZERO_TIME);
  });
}

// TLM-2.0 has no instruction-fetch attribute: a fetch is a read (the SoC's fetches are line
// reads anyway; only the ideal fetch port's 16-byte reads are marked, docs/systemc.md).
bool ScSoc::access(bool we, bool /*ifetch*/, uint32_t addr, uint8_t* data, unsigned len,
                   unsigned& latency) {
  gp_.set_command(we ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp_.set_address(addr);
  gp_.set_data_ptr(data);
  gp_.set_data_length(len);
  gp_.set_streaming_width(len);
  gp_.set_byte_enable_ptr(nullptr);
  gp_.set_byte_enable_length(0);
  gp_.set_dmi_allowed(false);
  gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  socket->b_transport(gp_, delay);
  if (gp_.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE)
    throw std::runtime_error(fmt::format("{}: the target of 0x{:08x} returned no response status",
                                         name(), addr));
  // Whole periods, rounded up: a target's delay is a latency in cycles.
  latency = static_cast<unsigned>((delay + period_ - sc_core::sc_time(1, sc_core::SC_PS)) / period_);
  return gp_.is_response_ok();
}

ScPmuCheck::ScPmuCheck(sc_core::sc_module_name name, ScSoc& soc) : sc_module(name), soc_(soc) {
  SC_METHOD(on_cycle);
  sensitive << soc_.cycle_event();
  dont_initialize();
}

void ScPmuCheck::on_cycle() {
  soc_.state().step([](RunState& s) {
    s.watch->pmu.after_tick();
    s.watch->pmu.before_tick();  // the next cycle's debug write, if one is due
  });
}

ScLockstep::ScLockstep(sc_core::sc_module_name name, ScSoc& soc) : sc_module(name), soc_(soc) {
  SC_METHOD(on_commit);
  sensitive << soc_.commit_event();
  dont_initialize();
}

void ScLockstep::on_commit() {
  soc_.state().step([](RunState& s) {
    s.watch->commits.step(s.sim->commits(), s.sim->cycle());
    if (s.watch->commits.done()) s.finish(true);
  });
}

}  // namespace stackscope::sc
