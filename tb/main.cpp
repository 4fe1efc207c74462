// build/stackscope: the ISS, the Verilated SoC and the reports behind one CLI.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>

#include "cli_main.h"
#include "commands.h"
#include "interrupt.h"

int main(int argc, char** argv) {
  // Logs and errors go to stderr: stdout belongs to the simulated program's console.
  spdlog::set_default_logger(spdlog::stderr_color_mt("stackscope"));
  stackscope::install_signal_handlers();
  CLI::App app{"StackScope: performance-counter hardware around an out-of-order RISC-V core"};
  int exit_code = 0;
  stackscope::add_iss_command(app, exit_code);
  stackscope::add_run_command(app, exit_code);
  stackscope::add_sweep_command(app, exit_code);
  return stackscope::cli_main(app, exit_code, argc, argv);
}
