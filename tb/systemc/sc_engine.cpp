#include "sc_engine.h"

#include <fmt/format.h>

#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "tlm_targets.h"

namespace stackscope::sc {

namespace {

// The native run's memory map (iss/memory.h): RAM, the console byte and the CLINT words, at
// --mem-latency; anything else is an address error after --mem-latency, an access fault as
// natively.
struct DefaultPlatform : sc_core::sc_module {
  Router router;
  IssTarget ram, console, clint;
  DefaultPlatform(sc_core::sc_module_name name, PlatformContext& c)
      : sc_module(name),
        router("router", {{iss::mmap::kRamBase, c.mem.ram_size()}, {iss::mmap::kConsole, 4},
                          {iss::mmap::kMsip, 0x10000}},
               c.mem_latency * c.period),
        ram("ram", c.mem, iss::mmap::kRamBase, c.mem.ram_size(), c.mem_latency, c.period),
        console("console", c.mem, iss::mmap::kConsole, 4, c.mem_latency, c.period),
        clint("clint", c.mem, iss::mmap::kMsip, 0x10000, c.mem_latency, c.period) {
    c.soc.socket.bind(router.in);
    router.out[0].bind(ram.socket);
    router.out[1].bind(console.socket);
    router.out[2].bind(clint.socket);
  }
};

// Test only (STACKSCOPE_TEST_SC_MISUSE set; ctests systemc_misuse_*): platforms that misuse
// TLM, to show each is one line and a non-zero exit. "test-unbound" leaves the SoC's socket
// unbound; "test-zero-length" is an interconnect that zeroes every transaction's length.
struct UnboundPlatform : sc_core::sc_module {
  explicit UnboundPlatform(sc_core::sc_module_name name) : sc_module(name) {}
};

struct ZeroLengthPlatform : sc_core::sc_module {
  tlm_utils::simple_target_socket<ZeroLengthPlatform> in;
  tlm_utils::simple_initiator_socket<ZeroLengthPlatform> out;
  IssTarget ram;
  ZeroLengthPlatform(sc_core::sc_module_name name, PlatformContext& c)
      : sc_module(name), in("in"), out("out"),
        ram("ram", c.mem, iss::mmap::kRamBase, c.mem.ram_size(), c.mem_latency, c.period) {
    in.register_b_transport(this, &ZeroLengthPlatform::b_transport);
    c.soc.socket.bind(in);
    out.bind(ram.socket);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    gp.set_data_length(0);
    out->b_transport(gp, delay);
  }
};

}  // namespace

std::map<std::string, PlatformFactory>& platforms() {
  static std::map<std::string, PlatformFactory> p = [] {
    std::map<std::string, PlatformFactory> m{
        {"default", [](PlatformContext& c) { return std::make_unique<DefaultPlatform>("platform", c); }}};
    if (std::getenv("STACKSCOPE_TEST_SC_MISUSE")) {
      m["test-unbound"] = [](PlatformContext&) { return std::make_unique<UnboundPlatform>("platform"); };
      m["test-zero-length"] = [](PlatformContext& c) {
        return std::make_unique<ZeroLengthPlatform>("platform", c);
      };
    }
    return m;
  }();
  return p;
}

iss::Memory& ScEngine::new_memory(uint32_t ram_size, unsigned mem_latency) {
  if (!mem_) {
    mem_.emplace(ram_size);
    elaborate(mem_latency);
  } else {
    *mem_ = iss::Memory(ram_size);  // the targets keep referring to the same object
  }
  return *mem_;
}

void ScEngine::elaborate(unsigned mem_latency) {
  const auto it = platforms().find(platform);
  if (it == platforms().end()) throw std::runtime_error("unknown platform '" + platform + "'");
  const sc_core::sc_time period(kPeriodNs, sc_core::SC_NS);
  clock_ = std::make_unique<sc_core::sc_clock>("clk", period);
  soc_ = std::make_unique<ScSoc>("soc", period, state_);
  soc_->clk(*clock_);
  pmu_check_ = std::make_unique<ScPmuCheck>("pmu_check", *soc_);
  lockstep_ = std::make_unique<ScLockstep>("lockstep", *soc_);
  PlatformContext ctx{*soc_, *mem_, mem_latency, period};
  platform_ = it->second(ctx);
}

bool ScEngine::run(tb::SocSim& sim, const RunWatch& w) {
  state_ = {};
  state_.watch = &w;
  state_.sim = &sim;
  RunState s;
  try {
    w.pmu.before_tick();
    // Returns at sc_pause (RunState::finish); elaborates on the first call. The clock has no
    // end, so the kernel never runs out of events.
    sc_core::sc_start();
    s = std::exchange(state_, {});
    if (s.error) std::rethrow_exception(s.error);
  } catch (const sc_core::sc_report& e) {
    state_ = {};
    // SystemC's own errors (an unbound socket, a zero-length transaction): one line.
    const std::string what = e.what();
    throw std::runtime_error("SystemC: " + what.substr(0, what.find('\n')));
  }
  if (!s.finished) throw std::runtime_error("SystemC: the simulation stopped before the program ended");
  return s.done;
}

}  // namespace stackscope::sc
