// build/stackscope: the ISS, the Verilated SoC and the reports behind one CLI.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_main.h"
#include "commands.h"
#include "exit_status.h"
#include "interrupt.h"
#include "rtl_messages.h"
#include "run_process.h"

namespace {
// `stackscope run --fpga-top ...` is `stackscope_fpga run ...` (the Verilated FPGA top,
// docs/fpga.md), the binary beside this one; -1 if the option is not given.
int run_fpga_top(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) != "run") return -1;
  std::vector<std::string> args;
  bool fpga = false;
  for (int i = 0; i < argc; ++i) {
    if (std::string(argv[i]) == "--fpga-top") fpga = true;
    else args.emplace_back(argv[i]);
  }
#ifdef SS_FPGA_TOP
  (void)fpga;
  return -1;  // this is the FPGA top: the option is a no-op (CLI11 ignores it below)
#else
  if (!fpga) return -1;
  args[0] = (std::filesystem::read_symlink("/proc/self/exe").parent_path() / "stackscope_fpga").string();
  return stackscope::run_process(args);
#endif
}
}  // namespace

int main(int argc, char** argv) {
  // Logs and errors go to stderr: stdout belongs to the simulated program's console.
  spdlog::set_default_logger(spdlog::stderr_color_mt("stackscope"));
  stackscope::install_signal_handlers();
  try {
    if (const int rc = run_fpga_top(argc, argv); rc >= 0) return rc;
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    return stackscope::exit_status::kBadInput;
  }
  CLI::App app{"StackScope: performance-counter hardware around an out-of-order RISC-V core"};
  int exit_code = 0;
  try {  // `run` reads the Verilated model's configuration, whose own checks may fail
    stackscope::add_iss_command(app, exit_code);
    stackscope::add_run_command(app, exit_code);
    stackscope::add_sweep_command(app, exit_code);
    stackscope::add_fpga_image_command(app, exit_code);
  } catch (const stackscope::tb::RtlAssertion& e) {
    spdlog::error("{}", e.what());
    return stackscope::exit_status::kRtlAssertion;
  }
  return stackscope::cli_main(app, exit_code, argc, argv);
}
