// mem_unit: constrained-random traffic on soc_mem against a reference memory.
//   mem_unit --config default --requests 200000 --seed 1 --footprint 4096
//   mem_unit --config tiny --perfect-l1d --latency 30 --bandwidth 4 --outstanding 2
// Exit 0 when every check held, 1 on the first violation (printed with its cycle), 2 on
// bad usage.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdio>

#include "Vsoc_mem.h"
#include "Vsoc_mem_tiny.h"
#include "mem_random.h"

using namespace stackscope::tb;

namespace {
template <class Top>
RandomStats run(const RandomConfig& c) {
  RandomTest<Top> t(c);
  return t.run();
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"soc_mem random-traffic check against a reference memory"};
  std::string config = "default";
  RandomConfig c;
  app.add_option("--config", config,
                 "default = soc_mem defaults; tiny = 4-set L1s, 2 MSHRs, 16-set 2-way L2")
      ->check(CLI::IsMember({"default", "tiny"}));
  app.add_option("--requests", c.requests, "D-port accesses to complete")
      ->check(CLI::Range(1ull, 1ull << 40));
  app.add_option("--seed", c.seed, "random seed");
  app.add_option("--footprint", c.footprint, "bytes of cacheable RAM touched (<= 512 KiB)")
      ->check(CLI::Range(64u, 512u << 10));
  app.add_option("--latency", c.timing.latency, "memory latency (cycles)")
      ->check(CLI::Range(1u, 1000u));
  app.add_option("--bandwidth", c.timing.bandwidth, "line port bytes per cycle")
      ->check(CLI::Range(1u, 32u));
  app.add_option("--outstanding", c.timing.outstanding, "line requests in flight at most")
      ->check(CLI::Range(1u, 64u));
  app.add_option("--kill-permille", c.kill_permille,
                 "chance per cycle that the fetch unit kills its fetches in flight (redirect)")
      ->check(CLI::Range(0u, 1000u));
  app.add_flag("--perfect-l1i", c.timing.perfect_l1i, "ideal L1I");
  app.add_flag("--perfect-l1d", c.timing.perfect_l1d, "ideal L1D");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::fprintf(stderr, "mem_unit: %s\n", e.what());  // one line, exit 2, as pmu_unit
    return 2;
  }
  try {
    const RandomStats s = config == "tiny" ? run<Vsoc_mem_tiny>(c) : run<Vsoc_mem>(c);
    std::printf(
        "PASS %llu cycles: %llu loads, %llu stores, %llu fetches (%llu killed by %llu kills), "
        "%llu fence.i; level "
        "L1 %llu L2 %llu mem %llu uncached %llu; max mem_outstanding %u, max L1 miss tags %u\n",
        (unsigned long long)s.cycles, (unsigned long long)s.loads, (unsigned long long)s.stores,
        (unsigned long long)s.fetches, (unsigned long long)s.killed_fetches,
        (unsigned long long)s.kills, (unsigned long long)s.fences,
        (unsigned long long)s.level[0], (unsigned long long)s.level[1],
        (unsigned long long)s.level[2], (unsigned long long)s.level[3], s.max_outstanding,
        s.max_l1miss);
    return 0;
  } catch (const RandomError& e) {
    std::fprintf(stderr, "MISMATCH %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
