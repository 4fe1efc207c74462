// `stackscope-sc run`: the SoC module (sc_soc.h) in a SystemC virtual platform, stepped by the
// SystemC kernel instead of `run`'s native loop; everything else -- options, checks, reports,
// exit statuses -- is `stackscope run`'s (tb/app/cmd_run.cpp, through SocEngine).
//
// A platform is a function that builds the interconnect and targets around the SoC's initiator
// socket (docs/systemc.md "Your own platform"); `--platform NAME` picks one of those
// registered in the binary. The platform, clock, SoC and checkers are elaborated once per
// process, before the first program; each program then gets a fresh SocSim and memory image
// and the kernel resumes (sc_pause ends each run).
#pragma once
#include <systemc>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "run_checks.h"
#include "sc_soc.h"

namespace stackscope::sc {

// What a platform is built from.
struct PlatformContext {
  ScSoc& soc;               // bind soc.socket to the platform's interconnect
  iss::Memory& mem;         // the program's image: RAM, console, CLINT (tlm_targets.h IssTarget)
  unsigned mem_latency;     // --mem-latency: the cycles a RAM access takes in the native run
  sc_core::sc_time period;  // the SoC's clock period
};
// Builds the platform's modules (kept alive by the returned object) and binds soc.socket.
using PlatformFactory = std::function<std::unique_ptr<sc_core::sc_module>(PlatformContext&)>;

// The registered platforms: "default" (the native run's memory map: RAM, console and CLINT
// behind a router, every target at --mem-latency) and the ones the binary adds.
std::map<std::string, PlatformFactory>& platforms();

class ScEngine final : public SocEngine {
 public:
  std::string platform = "default";  // --platform
  iss::Memory& new_memory(uint32_t ram_size, unsigned mem_latency) override;
  tb::MemPort* port() override { return soc_.get(); }
  bool run(tb::SocSim& sim, const RunWatch& w) override;

 private:
  void elaborate(unsigned mem_latency);
  static constexpr double kPeriodNs = 10;  // 100 MHz
  std::optional<iss::Memory> mem_;
  RunState state_;
  std::unique_ptr<sc_core::sc_clock> clock_;
  std::unique_ptr<ScSoc> soc_;
  std::unique_ptr<ScPmuCheck> pmu_check_;
  std::unique_ptr<ScLockstep> lockstep_;
  std::unique_ptr<sc_core::sc_module> platform_;
};

}  // namespace stackscope::sc
