// The C++ side of check_add_option.py, compiled against a scratch copy's generated
// run_options_gen.h with the copy's cli_options.cpp, config.cpp and report_json.cpp: the
// `stackscope run` command line as the CLI registers it, and what a parsed command line
// becomes.
//
//   add_option_main help                 prints `stackscope run --help`
//   add_option_main run ARGS...          parses ARGS as `stackscope run` would, then prints
//                                        one line "soc_ctrl BITS" (soc_top's ctrl_i for the
//                                        run, through the RunConfig -> SocConfig copy) and
//                                        the run's report JSON (one run, no cycles)
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli_options.h"
#include "config.h"
#include "report.h"
#include "soc_sim.h"

using namespace stackscope;

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const std::string mode = argv[1];
  CLI::App app("stackscope");
  CLI::App* run = app.add_subcommand("run", "run a program on the SoC model");
  RunOptions o;
  const report::RunConfig built = report::built_model();
  add_run_options(run, o, built);
  if (mode == "help") {
    std::cout << run->help();
    return 0;
  }
  std::vector<std::string> args = {"run"};
  for (int i = 2; i < argc; ++i) args.emplace_back(argv[i]);
  std::reverse(args.begin(), args.end());  // CLI11 parses a reversed vector
  try {
    app.parse(args);
    const CheckedRun checked = check_run_options(o, built);
    tb::SocConfig sc;
#define SS_X(member, soc_field) sc.soc_field = checked.cfg.member;
    SS_RUN_TO_SOC(SS_X)
#undef SS_X
    std::printf("soc_ctrl %llu\n",
                static_cast<unsigned long long>(tb::soc_ctrl_bits(sc.ctrl)));
    report::RunResult r;
    r.workload = "none";
    r.elf = "none.elf";
    r.config = checked.cfg;
    std::cout << report::document({report::run_json(r, report::Symbolizer{})}, false).dump(1)
              << "\n";
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "add_option_main: %s\n", e.what());
    return 1;
  }
  return 0;
}
