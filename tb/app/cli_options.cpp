#include "cli_options.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "config.h"
#include "size_arg.h"

namespace stackscope {

using report::RunConfig;

void add_iss_options(CLI::App* cmd, IssOptions& o) {
  cmd->add_option("prog", o.prog, "ELF to run, or `suite`");
  cmd->add_flag("--suite", o.suite, "run every workload in sw/workloads.json");
  cmd->add_option("--max-insns", o.max_insns, "instruction limit (reaching it is an error)")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 62));
  cmd->add_option("--log-commits", o.log_commits, "write a Spike-style commit log to FILE");
  add_ram_size_option(cmd, o.ram_size);
  cmd->add_option("--sw-dir", o.sw_dir, "directory with the built workloads")
      ->capture_default_str();
  cmd->add_option("--manifest", o.manifest, "workload manifest (default: sw/workloads.json)");
  cmd->add_option("--isa", o.isa,
                  "rv32imf (F on, as the RTL core), rv32im (F instructions trap), or either "
                  "with c (rv32imfc, rv32imc: compressed instructions). Default rv32imf, "
                  "rv32imfc for an ELF built with C (e_flags RVC)")
      ->check(CLI::IsMember({"rv32im", "rv32imf", "rv32imc", "rv32imfc"}));
}

void check_iss_options(const IssOptions& o) {
  if (!o.suite && o.prog != "suite" && o.prog.empty())
    throw std::runtime_error("iss: give an ELF or --suite");
}

namespace {

template <class T>
void cfg_option(CLI::App* cmd, RunOptions& o, const RunConfig& built, const std::string& name,
                T report::RunOptionValues::*field, const std::string& desc) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // Read 64 bits wide and range-checked by the config file's rule (report::check_limit)
    // before narrowing: 4294967316 must not become 20.
    auto store = std::make_shared<uint64_t>(built.*field);
    CLI::Option* opt = cmd->add_option(name, *store, desc)->capture_default_str();
    o.overrides.push_back([opt, store, field, name](RunConfig& c) {
      if (!opt->count()) return;
      report::check_limit(name.substr(2), *store);
      c.*field = static_cast<T>(*store);
    });
  } else {
    auto store = std::make_shared<T>(built.*field);
    CLI::Option* opt = cmd->add_option(name, *store, desc)->capture_default_str();
    o.overrides.push_back([opt, store, field](RunConfig& c) {
      if (opt->count()) c.*field = *store;
    });
  }
}

void cfg_flag(CLI::App* cmd, RunOptions& o, const std::string& name,
              bool report::RunOptionValues::*field, bool value, const std::string& desc) {
  CLI::Option* opt = cmd->add_flag(name, desc);
  o.overrides.push_back([opt, field, value](RunConfig& c) {
    if (opt->count()) c.*field = value;
  });
}

// The run-time options table's flags of one group (run_options_gen.h), in its order.
void table_options(CLI::App* cmd, RunOptions& o, const RunConfig& built, report::CliGroup g) {
  using report::CliGroup;
#define SS_Value(member, value, flag, desc) \
  cfg_option(cmd, o, built, flag, &report::RunOptionValues::member, desc)
#define SS_Flag(member, value, flag, desc) \
  cfg_flag(cmd, o, flag, &report::RunOptionValues::member, value, desc)
#define SS_X(group, member, flag, kind, value, desc) \
  if (g == CliGroup::group) SS_##kind(member, value, flag, desc);
  SS_RUN_CLI(SS_X)
#undef SS_X
#undef SS_Flag
#undef SS_Value
}

}  // namespace

void add_run_options(CLI::App* cmd, RunOptions& o, const RunConfig& built) {
  using report::CliGroup;
  cmd->add_option("target", o.target, "PROG.elf, a workload name, or `suite` (default: suite)");
  cmd->add_option("--config", o.config_file, "JSON config file (sections as the report's \"config\")");
  table_options(cmd, o, built, CliGroup::kCore);
  add_ram_size_option(cmd, o.ram_size);
  table_options(cmd, o, built, CliGroup::kMemory);
  table_options(cmd, o, built, CliGroup::kIdeal);
  // Handled before parsing (tb/app/main.cpp): the run goes to build/stackscope_fpga.
  cmd->add_flag("--fpga-top")->description("run on the FPGA top (soc_fpga_top: BRAM, UART; docs/fpga.md)");
  table_options(cmd, o, built, CliGroup::kCheck);
  cmd->add_flag("--no-check,--no-crosscheck", o.no_check,
                "do not cross-check the RTL PMU against its golden model every cycle");
  cmd->add_option("--csr-log", o.csr_log,
                  "write each PMU CSR read the cross-check verified to FILE, one 'ADDR VALUE' "
                  "line (hex, the golden model's value) per read");
  cmd->add_option("--mutate", o.mutate,
                  "test only: corrupt PMU register NAME by one at CYCLE (NAME@CYCLE); the "
                  "cross-check must stop with exit 5");
  cmd->add_option_function<std::string>(
      "--inject-rtl-ram-size",
      [&o](const std::string& s) { o.rtl_ram_size = parse_ram_size(s, "--inject-rtl-ram-size"); },
      "test only: tell the RTL a RAM size other than the memory's, so a store the RTL takes for "
      "RAM faults after commit (an RTL assertion: exit 7)");
  table_options(cmd, o, built, CliGroup::kPmu);
  cmd->add_option("--json", o.json, "write the report as JSON (docs/report.md); - for stdout");
  cmd->add_option("--csv", o.csv, "write the report tables as CSV");
  cmd->add_option("--plots", o.plots, "draw PNG and SVG plots into DIR (needs --json)");
  cmd->add_option("--text-dir", o.text_dir, "write each run's text report to DIR/NAME.txt");
  cmd->add_option("--tree", o.tree, "Top-Down tree: dominant (expand the bottleneck) | all");
  cmd->add_option("--top", o.top, "TIP rows per table")->check(CLI::Range(1u, 50u));
  cmd->add_option("--fst", o.fst, "write an FST waveform to FILE");
  cmd->add_option("--pipeview", o.pipeview, "write a Kanata pipeline trace (Konata) to FILE");
  cmd->add_option("--sw-dir", o.sw_dir, "directory with the built workloads")->capture_default_str();
  cmd->add_option("--manifest", o.manifest, "workload manifest (default: sw/workloads.json)");
}

CheckedRun check_run_options(const RunOptions& o, const RunConfig& built) {
  CheckedRun out{built, std::nullopt};
  RunConfig& cfg = out.cfg;
  try {
    if (!o.config_file.empty()) report::apply_config_file(o.config_file, cfg);
    for (const auto& f : o.overrides) f(cfg);
    cfg.crosscheck = !o.no_check;
    cfg.crosscheck_status = cfg.crosscheck ? "on" : "off";
    report::validate(cfg, built);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(e.what());
  }
  if (o.tree != "dominant" && o.tree != "all")
    throw std::runtime_error("--tree " + o.tree + ": must be dominant or all");
  for (const auto& [name, path] : {std::pair{"--csv", o.csv},
                                   {"--fst", o.fst},
                                   {"--pipeview", o.pipeview},
                                   {"--plots", o.plots},
                                   {"--text-dir", o.text_dir}})
    if (path == "-")
      throw std::runtime_error(std::string(name) + " -: only --json can go to stdout");
  if (!o.plots.empty() && (o.json.empty() || o.json == "-"))
    throw std::runtime_error("--plots needs --json FILE (the plots are drawn from the JSON)");
  if (!o.mutate.empty()) {
    if (!cfg.crosscheck) throw std::runtime_error("--mutate needs the PMU cross-check (drop --no-check)");
    try {
      out.mutation = tb::parse_pmu_mutation(o.mutate);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(e.what());
    }
  }
  if (const char* v = std::getenv("STACKSCOPE_TEST_PROBE_MUTANT"); v && *v) {
    const auto& m = pmu::kProbeMutants;
    const auto it = std::find_if(m.begin(), m.end(), [&](const auto& x) { return x.name == v; });
    if (it == m.end())
      throw std::runtime_error(std::string("STACKSCOPE_TEST_PROBE_MUTANT=") + v + ": no such probe mutant");
    out.probe_mutant = static_cast<uint8_t>(it - m.begin() + 1);
  }
  return out;
}

}  // namespace stackscope
