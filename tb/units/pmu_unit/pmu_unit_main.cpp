// pmu_unit: per-cycle RTL-vs-model cross-check of the PMU units on random probe streams.
//   pmu_unit --unit cpi --config default --cycles 1000000 --seed 1 [--mutate dispatch.depend@500]
//   pmu_unit --unit topdown --config wide --mutate fetch_bubbles@99
// Exit 0 when every counter matched every cycle, 1 on the first difference, 2 on bad usage.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

#include "Vcpi_stack_d2i3c2.h"
#include "Vcpi_stack_d4i4c3.h"
#include "Vcpi_stack_queue.h"
#include "Vcpi_stack_queue_wide.h"
#include "Vcpi_stack_sat.h"
#include "Vflops_stack_k2v1.h"
#include "Vflops_stack_k4v8.h"
#include "Vpmu_csr_k4.h"
#include "Vpmu_csr_k4_ram.h"
#include "Vtip_sampler_c2.h"
#include "Vtip_sampler_c4.h"
#include "Vtopdown_d2.h"
#include "Vtopdown_d4.h"
#include "crosscheck.h"

using namespace stackscope::pmu;

namespace {

template <class E, std::size_t N>
E lookup(const std::array<std::string_view, N>& names, const std::string& s, const char* what) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<E>(i);
  throw std::invalid_argument(std::string("unknown ") + what + " '" + s + "'");
}

// "COUNTER@CYCLE" with COUNTER as the harness names it, e.g. "issue.dcache_mem@1234" for
// cpi (stage.component) or "fetch_bubbles@99" for topdown.
template <class Model>
Mutation parse_mutation(const std::string& spec, const std::string& prefix) {
  const auto at = spec.find('@');
  if (at == std::string::npos) throw std::invalid_argument("--mutate wants COUNTER@CYCLE");
  Mutation m{Model::kNum, 0};
  for (unsigned i = 0; i < Model::kNum; ++i)
    if (Model::name(i) == prefix + spec.substr(0, at)) m.index = i;
  if (m.index == Model::kNum)
    throw std::invalid_argument("--mutate: unknown counter '" + spec.substr(0, at) + "'");
  if constexpr (requires { Model::writable(0u); })
    if (!Model::writable(m.index))
      throw std::invalid_argument("--mutate: '" + spec.substr(0, at) + "' is not writable");
  try {
    m.cycle = std::stoull(spec.substr(at + 1));
  } catch (const std::exception&) {
    throw std::invalid_argument("--mutate: bad cycle in '" + spec + "'");
  }
  return m;
}

template <class Dut, class Model, class Cfg>
CrossCheckResult run(const Cfg& cfg, StageWidths widths, uint64_t cycles, uint64_t seed,
                     const std::string& mutate, const std::string& prefix) {
  std::optional<Mutation> m;
  if (!mutate.empty()) m = parse_mutation<Model>(mutate, prefix);
  Dut dut;
  Model model{cfg};
  if constexpr (requires { model.rng.seed(1u); }) model.rng.seed(static_cast<unsigned>(seed));
  ProbeRandom gen(seed, widths);
  return crosscheck(dut, model, gen, cycles, m);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"PMU unit cross-check: RTL vs golden model on random probe streams"};
  std::string unit = "cpi", config = "default", mutate;
  uint64_t cycles = 1000000, seed = 1;
  app.add_option("--unit", unit, "unit to check")
      ->check(CLI::IsMember({"cpi", "topdown", "flops", "tip", "csr"}));
  app.add_option("--config", config,
                 "default = D2 I3 C2, FP k=2 v=1; wide = D4 I4 C3, FP k=4 v=8; sat = default "
                 "with 2 speculative blocks of 4-bit counters, 1-bit branch counts (cpi only); "
                 "ram = the counters in RAM + pending registers (csr only); queue, queue_wide = "
                 "default / wide with the speculative blocks' drain queue (cpi only)")
      ->check(CLI::IsMember({"default", "wide", "sat", "ram", "queue", "queue_wide"}));
  app.add_option("--cycles", cycles, "cycles to simulate")->check(CLI::Range(1ull, 1ull << 40));
  app.add_option("--seed", seed, "random stream seed");
  app.add_option("--mutate", mutate, "corrupt one RTL counter by one: COUNTER@CYCLE");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::fprintf(stderr, "pmu_unit: %s\n", e.what());
    return 2;
  }
  try {
    const bool queue = config == "queue" || config == "queue_wide";
    const bool wide = config == "wide" || config == "queue_wide", sat = config == "sat";
    if ((sat || queue) && unit != "cpi")
      throw std::invalid_argument("--config " + config + " is for --unit cpi only");
    if (config == "ram" && unit != "csr")
      throw std::invalid_argument("--config ram is for --unit csr only");
    const StageWidths widths = wide ? StageWidths{4, 4, 3, 8} : StageWidths{2, 3, 2, 1};
    unsigned slots = 0;
    CrossCheckResult r;
    if (unit == "cpi") {
      CpiStackConfig cfg;
      cfg.dispatch_width = widths.dispatch;
      cfg.issue_width = widths.issue;
      cfg.commit_width = widths.commit;
      // as verilated (tb/units/pmu_unit/CMakeLists.txt): wide has 4 blocks to merge often; sat
      // makes block counters and branch counts saturate (the slot invariant then stops, by
      // design)
      cfg.spec.blocks = wide ? 4 : sat ? 2 : 8;
      cfg.spec.drain_queue = queue;
      if (sat) {
        cfg.spec.block_bits = 4;
        cfg.spec.nbr_bits = 1;
      }
      slots = cfg.slots();
      if (config == "queue")
        r = run<CpiStackDut<Vcpi_stack_queue>, CpiModel>(cfg, widths, cycles, seed, mutate,
                                                         "cpi.");
      else if (config == "queue_wide")
        r = run<CpiStackDut<Vcpi_stack_queue_wide>, CpiModel>(cfg, widths, cycles, seed, mutate,
                                                              "cpi.");
      else if (wide)
        r = run<CpiStackDut<Vcpi_stack_d4i4c3>, CpiModel>(cfg, widths, cycles, seed, mutate,
                                                          "cpi.");
      else if (sat)
        r = run<CpiStackDut<Vcpi_stack_sat>, CpiModel>(cfg, widths, cycles, seed, mutate, "cpi.");
      else
        r = run<CpiStackDut<Vcpi_stack_d2i3c2>, CpiModel>(cfg, widths, cycles, seed, mutate,
                                                          "cpi.");
    } else if (unit == "csr") {
      PmuCsrConfig cfg;  // 4 hpm counters, W = 2 (one configuration)
      slots = cfg.dispatch_width;
      if (config == "ram")
        r = run<CsrDut<Vpmu_csr_k4_ram>, CsrModel>(cfg, StageWidths{}, cycles, seed, mutate,
                                                   "csr.");
      else
        r = run<CsrDut<Vpmu_csr_k4>, CsrModel>(cfg, StageWidths{}, cycles, seed, mutate, "csr.");
    } else if (unit == "tip") {
      // default: periodic every 97 cycles, commit bank 2; wide: LFSR-random, mask 127, bank 4
      TipConfig cfg;
      cfg.commit_width = wide ? 4 : 2;
      cfg.mode = wide ? TipMode::kRandom : TipMode::kPeriodic;
      cfg.period = wide ? 127 : 97;
      slots = cfg.commit_width;
      r = wide ? run<TipDut<Vtip_sampler_c4>, TipModel>(cfg, widths, cycles, seed, mutate, "tip.")
               : run<TipDut<Vtip_sampler_c2>, TipModel>(cfg, widths, cycles, seed, mutate, "tip.");
    } else if (unit == "flops") {
      FlopsStackConfig cfg;
      cfg.units = wide ? 4 : 2;
      cfg.vec_len = widths.fp_vec_len;
      slots = cfg.full();
      r = wide ? run<FlopsStackDut<Vflops_stack_k4v8>, FlopsModel>(cfg, widths, cycles, seed,
                                                                   mutate, "flops.")
               : run<FlopsStackDut<Vflops_stack_k2v1>, FlopsModel>(cfg, widths, cycles, seed,
                                                                   mutate, "flops.");
    } else {
      TopDownConfig cfg;
      cfg.dispatch_width = widths.dispatch;
      slots = cfg.dispatch_width;
      r = wide ? run<TopDownDut<Vtopdown_d4>, TopDownModel>(cfg, widths, cycles, seed, mutate,
                                                            "topdown.")
               : run<TopDownDut<Vtopdown_d2>, TopDownModel>(cfg, widths, cycles, seed, mutate,
                                                            "topdown.");
    }
    const std::string repro = "pmu_unit --unit " + unit + " --config " + config + " --cycles " +
                              std::to_string(cycles) + " --seed " + std::to_string(seed) +
                              (mutate.empty() ? "" : " --mutate " + mutate);
    if (!r.ok) {
      std::fprintf(stderr, "pmu_unit: MISMATCH %s (reproduce: %s)\n", r.message.c_str(),
                   repro.c_str());
      return 1;
    }
    std::printf("%s[%s slots=%u]: %llu cycles, seed %llu: %s, %.0f cycles/s\n", unit.c_str(),
                config.c_str(), slots, static_cast<unsigned long long>(r.cycles),
                static_cast<unsigned long long>(seed), r.message.c_str(),
                r.seconds > 0 ? r.cycles / r.seconds : 0.0);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pmu_unit: %s\n", e.what());
    return 2;
  }
}
