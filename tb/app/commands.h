// Subcommand registration for build/stackscope: each cmd_*.cpp adds one CLI11 subcommand.
#pragma once

#include <CLI/CLI.hpp>

namespace stackscope {

// Each adds its subcommand to `app`; the subcommand's callback does the work and throws
// std::runtime_error (caught once in main and printed as one line) on bad input.
void add_iss_command(CLI::App& app, int& exit_code);
class SocEngine;  // tb/harness/run_checks.h
// `engine`: what steps the SoC (null: the native loop; tb/systemc passes its platform's).
CLI::App* add_run_command(CLI::App& app, int& exit_code, SocEngine* engine = nullptr);
void add_sweep_command(CLI::App& app, int& exit_code);
void add_fpga_image_command(CLI::App& app, int& exit_code);

}  // namespace stackscope
