// The example platform of docs/systemc.md: the SoC's memory socket into a router with two
// memory regions, one of them slow, plus the console, the CLINT and a device that answers
// every access with an error. `stackscope-sc run --platform two-region PROG` runs a program
// on it; sw/systemc/slow_region.c shows the slow region as memory stalls in its CPI stack.
//
//   soc.socket -> router -> [0x80c0_0000, +1 MiB)  slow RAM    (--mem-latency + 80 cycles)
//                        -> [0x8000_0000, RAM)     fast RAM    (--mem-latency cycles)
//                        -> [0x1000_0000, +4)      console
//                        -> [0x0200_0000, +64 KiB) CLINT
//                        -> [0x4000_0000, +64 KiB) bus-error device (TLM_GENERIC_ERROR_RESPONSE)
//   anything else: TLM_ADDRESS_ERROR_RESPONSE from the router
// Errors answer after --mem-latency, as every access does natively.
//
// The router takes the first range that holds an access, so the slow window comes before the
// RAM that contains it. Both RAM targets serve the same memory image (the program's).
#include <memory>

#include "sc_engine.h"
#include "tlm_targets.h"

namespace stackscope::sc {

namespace {

constexpr uint32_t kSlowBase = 0x80c00000u, kSlowSize = 1u << 20;
constexpr unsigned kSlowExtra = 80;  // cycles more than the fast region
constexpr uint32_t kErrorBase = 0x40000000u;

struct TwoRegionPlatform : sc_core::sc_module {
  Router router;
  IssTarget slow, fast, console, clint;
  ErrorTarget bus_error;
  TwoRegionPlatform(sc_core::sc_module_name name, PlatformContext& c)
      : sc_module(name),
        router("router", {{kSlowBase, kSlowSize},
                          {iss::mmap::kRamBase, c.mem.ram_size()},
                          {iss::mmap::kConsole, 4},
                          {iss::mmap::kMsip, 0x10000},
                          {kErrorBase, 0x10000}},
               c.mem_latency * c.period),
        slow("slow", c.mem, kSlowBase, kSlowSize, c.mem_latency + kSlowExtra, c.period),
        fast("fast", c.mem, iss::mmap::kRamBase, c.mem.ram_size(), c.mem_latency, c.period),
        console("console", c.mem, iss::mmap::kConsole, 4, c.mem_latency, c.period),
        clint("clint", c.mem, iss::mmap::kMsip, 0x10000, c.mem_latency, c.period),
        bus_error("bus_error", c.mem_latency * c.period) {
    c.soc.socket.bind(router.in);
    router.out[0].bind(slow.socket);
    router.out[1].bind(fast.socket);
    router.out[2].bind(console.socket);
    router.out[3].bind(clint.socket);
    router.out[4].bind(bus_error.socket);
  }
};

}  // namespace

void register_example_platforms() {
  platforms()["two-region"] = [](PlatformContext& c) { return std::make_unique<TwoRegionPlatform>("platform", c); };
}

}  // namespace stackscope::sc
