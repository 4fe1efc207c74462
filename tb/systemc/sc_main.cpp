// build/stackscope-sc: `stackscope run` with the SoC as a module of a SystemC/TLM-2.0 virtual
// platform (docs/systemc.md). Same options, reports and exit statuses, plus --platform.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <cstdlib>

#include "cli_main.h"
#include "commands.h"
#include "interrupt.h"
#include "sc_engine.h"
#include <systemc>

namespace stackscope::sc {
void register_example_platforms();  // examples/systemc/
}

// SystemC's start-up (sc_elab_and_sim) calls this.
int sc_main(int argc, char** argv) {
  spdlog::set_default_logger(spdlog::stderr_color_mt("stackscope-sc"));
  stackscope::install_signal_handlers();
  stackscope::sc::register_example_platforms();
  CLI::App app{"StackScope on SystemC: the SoC as a TLM-2.0 initiator in a virtual platform"};
  int exit_code = 0;
  stackscope::sc::ScEngine engine;
  CLI::App* run = stackscope::add_run_command(app, exit_code, &engine);
  std::vector<std::string> names;
  for (const auto& [name, factory] : stackscope::sc::platforms()) names.push_back(name);
  run->add_option("--platform", engine.platform, "the virtual platform around the SoC")
      ->check(CLI::IsMember(names))
      ->capture_default_str();
  return stackscope::cli_main(app, exit_code, argc, argv);
}

// libsystemc's own main() would print SystemC's banner to stdout, which carries the program's
// console (or the JSON): this one turns it off first.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
