// pmu_unit: per-cycle RTL-vs-model cross-check of the PMU units on random probe streams.
//   pmu_unit --unit cpi --config default --cycles 1000000 --seed 1 [--mutate dispatch.depend@500]
// Exit 0 when every counter matched every cycle, 1 on the first difference, 2 on bad usage.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

#include "Vcpi_stack_d2i3c2.h"
#include "Vcpi_stack_d4i4c3.h"
#include "cpi_crosscheck.h"

using namespace stackscope::pmu;

namespace {

template <class E, std::size_t N>
E lookup(const std::array<std::string_view, N>& names, const std::string& s, const char* what) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<E>(i);
  throw std::invalid_argument(std::string("unknown ") + what + " '" + s + "'");
}

// "STAGE.COMP@CYCLE", e.g. "issue.dcache_mem@1234".
Mutation parse_mutation(const std::string& spec) {
  const auto dot = spec.find('.'), at = spec.find('@');
  if (dot == std::string::npos || at == std::string::npos || at < dot)
    throw std::invalid_argument("--mutate wants STAGE.COMP@CYCLE, got '" + spec + "'");
  Mutation m{lookup<CpiStage>(kCpiStageNames, spec.substr(0, dot), "stage"),
             lookup<CpiComp>(kCpiCompNames, spec.substr(dot + 1, at - dot - 1), "component"),
             0};
  try {
    m.cycle = std::stoull(spec.substr(at + 1));
  } catch (const std::exception&) {
    throw std::invalid_argument("--mutate: bad cycle in '" + spec + "'");
  }
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"PMU unit cross-check: RTL vs golden model on random probe streams"};
  std::string unit = "cpi", config = "default", mutate;
  uint64_t cycles = 1000000, seed = 1;
  app.add_option("--unit", unit, "unit to check")->check(CLI::IsMember({"cpi"}));
  app.add_option("--config", config, "default = D2 I3 C2, wide = D4 I4 C3")
      ->check(CLI::IsMember({"default", "wide"}));
  app.add_option("--cycles", cycles, "cycles to simulate")->check(CLI::Range(1ull, 1ull << 40));
  app.add_option("--seed", seed, "random stream seed");
  app.add_option("--mutate", mutate, "corrupt one RTL counter by one: STAGE.COMP@CYCLE");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::fprintf(stderr, "pmu_unit: %s\n", e.what());
    return 2;
  }
  try {
    std::optional<Mutation> m;
    if (!mutate.empty()) m = parse_mutation(mutate);
    CpiStackConfig cfg;
    CrossCheckResult r;
    if (config == "wide") {
      cfg.dispatch_width = 4, cfg.issue_width = 4, cfg.commit_width = 3;
      r = cpi_crosscheck<Vcpi_stack_d4i4c3>(cfg, cycles, seed, m);
    } else {
      r = cpi_crosscheck<Vcpi_stack_d2i3c2>(cfg, cycles, seed, m);
    }
    const std::string repro = "pmu_unit --unit " + unit + " --config " + config + " --cycles " +
                              std::to_string(cycles) + " --seed " + std::to_string(seed) +
                              (mutate.empty() ? "" : " --mutate " + mutate);
    if (!r.ok) {
      std::fprintf(stderr, "pmu_unit: MISMATCH %s (reproduce: %s)\n", r.message.c_str(),
                   repro.c_str());
      return 1;
    }
    std::printf("%s[%s W=%u]: %llu cycles, seed %llu: %s, %.0f cycles/s\n", unit.c_str(),
                config.c_str(), cfg.slots(), static_cast<unsigned long long>(r.cycles),
                static_cast<unsigned long long>(seed), r.message.c_str(),
                r.seconds > 0 ? r.cycles / r.seconds : 0.0);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pmu_unit: %s\n", e.what());
    return 2;
  }
}
