// libFuzzer target: the JSON config file (tb/report/config.cpp apply_config_text) and the
// validation every run applies (report::validate, report::check_limit). Bad input must end
// in std::invalid_argument (one line, exit 2 in `stackscope run --config`); any other
// exception, a crash or a sanitizer report is a bug. A config that validates must also keep
// every limited setting inside its range (checked again here, independently of validate()).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace stackscope::report;
  const RunConfig built = built_model();
  RunConfig cfg = built;
  try {
    apply_config_text("fuzz.json", std::string(reinterpret_cast<const char*>(data), size), cfg);
    validate(cfg, built);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  // Accepted: the values a run would use are the ones the limits allow.
  const struct {
    const char* key;
    uint64_t v;
  } limited[] = {{"memory.latency", cfg.mem_latency},   {"memory.bandwidth", cfg.mem_bandwidth},
                 {"memory.outstanding", cfg.mem_outstanding}, {"pmu.tip_period", cfg.tip_period},
                 {"pmu.mux_counters", cfg.mux_counters}, {"pmu.mux_slice", cfg.mux_slice},
                 {"max_cycles", cfg.max_cycles}};
  for (const auto& l : limited) check_limit(l.key, l.v);  // throws: a bug, the fuzzer stops
  if (cfg.tip_mode != "periodic" && cfg.tip_mode != "random") std::abort();
  return 0;
}
