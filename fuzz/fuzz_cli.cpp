// libFuzzer target: the command line of `stackscope iss` and `stackscope run` (CLI11 parsing,
// tb/app/size_arg.cpp, tb/app/cli_options.cpp: the config overrides, report::validate, --mutate)
// without running anything. The input is an argument vector: arguments separated by NUL or
// newline bytes. Bad input must end in a CLI11 parse error, std::runtime_error or
// std::invalid_argument (each one line and exit 2 in `stackscope`); any other exception, a
// crash or a sanitizer report is a bug. `--config FILE` is not read (its parser has its own
// target, fuzz_config): a fuzzed path could name a device or a FIFO.
#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_options.h"
#include "config.h"

namespace {

std::vector<std::string> split_args(const uint8_t* data, size_t size) {
  std::vector<std::string> args{"stackscope"};
  std::string cur;
  for (size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\0' || c == '\n') {
      args.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) args.push_back(cur);
  return args;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_default_logger(spdlog::null_logger_mt("fuzz"));
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace stackscope;
  const std::vector<std::string> args = split_args(data, size);
  if (args.size() > 64) return 0;
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());

  report::RunConfig built = report::built_model();
  built.core = "ooo";
  // As main.cpp: one subcommand, a log level, iss and run with their own options.
  CLI::App app{"fuzz"};
  app.require_subcommand(1);
  std::string log_level = "info";
  app.add_option("--log-level", log_level)
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error"}));
  IssOptions iss;
  CLI::App* iss_cmd = app.add_subcommand("iss");
  add_iss_options(iss_cmd, iss);
  iss_cmd->callback([&] { check_iss_options(iss); });
  RunOptions run;
  CLI::App* run_cmd = app.add_subcommand("run");
  add_run_options(run_cmd, run, built);
  std::optional<CheckedRun> checked;
  run_cmd->callback([&] {
    run.config_file.clear();
    checked = check_run_options(run, built);
  });
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::Error&) {
    return 0;
  } catch (const std::runtime_error&) {
    return 0;
  } catch (const std::invalid_argument&) {
    return 0;
  }
  if (checked) {
    // Accepted: the values a run would use are inside their limits (outside the try: a
    // throw here is a bug the fuzzer reports).
    const report::RunConfig& c = checked->cfg;
    for (const auto& [key, v] : {std::pair<const char*, uint64_t>{"memory.latency", c.mem_latency},
                                 {"memory.bandwidth", c.mem_bandwidth},
                                 {"memory.outstanding", c.mem_outstanding},
                                 {"pmu.tip_period", c.tip_period},
                                 {"pmu.mux_slice", c.mux_slice},
                                 {"max_cycles", c.max_cycles}})
      report::check_limit(key, v);
    if (run.ram_size == 0 || run.ram_size % 4 != 0) __builtin_trap();
  }
  return 0;
}
