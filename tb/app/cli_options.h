// The options of `stackscope iss` and `stackscope run` and their validation, apart from the
// simulation: registering them on a CLI11 subcommand and checking what was parsed touch no
// file but the config file they read. The commands (cmd_iss.cpp, cmd_run.cpp) and the CLI
// fuzzer (fuzz/fuzz_cli.cpp) share them, so the fuzzer parses exactly what users type.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "memory.h"
#include "pmu_check.h"
#include "run_result.h"
#ifdef SS_FPGA_TOP
#include "fpga_image.h"
#endif

#ifndef STACKSCOPE_SW_DIR
#define STACKSCOPE_SW_DIR "build/sw"
#endif

namespace stackscope {

struct IssOptions {
  std::string prog;
  bool suite = false;
  uint64_t max_insns = 100'000'000;
  std::string log_commits;
  uint32_t ram_size = iss::mmap::kDefaultRamSize;
  std::string sw_dir = STACKSCOPE_SW_DIR;
  std::string manifest;
  // The ISS's ISA for `stackscope iss`. Empty: RV32IMF, as on the RTL core (whose lockstep
  // ISS always has F), plus C for an ELF whose e_flags say it was built with C. rv32im makes
  // F instructions trap as illegal; an explicit ISA without C refuses an ELF built with C.
  std::string isa;
};

// Adds iss's options to `cmd` (not its callback).
void add_iss_options(CLI::App* cmd, IssOptions& o);
// Throws std::runtime_error (one line) when the parsed options cannot run.
void check_iss_options(const IssOptions& o);

struct RunOptions {
  std::string target;
  std::string config_file;
#ifdef SS_FPGA_TOP
  uint32_t ram_size = tb::kFpgaRamBytes;  // the FPGA top's BRAM (stackscope_fpga)
#else
  uint32_t ram_size = iss::mmap::kDefaultRamSize;
#endif
  std::string fst, pipeview, json, csv, plots, text_dir;
  std::string sw_dir = STACKSCOPE_SW_DIR, manifest;
  std::string tree = "dominant";
  unsigned top = 10;
  bool no_check = false;  // PMU cross-check (tb/harness/pmu_check) is on by default
  std::string mutate;     // COUNTER@CYCLE (test-only)
  uint32_t rtl_ram_size = 0;  // test-only: the RAM size the RTL is told (0: the real one)
  std::string csr_log;  // test: every PMU CSR read the cross-check verified, "ADDR VALUE" lines
  std::vector<std::function<void(report::RunConfig&)>> overrides;  // CLI options given, in order
};

// Adds run's options to `cmd` (not its callback); `built` is what the model was built with
// (the defaults the options show).
void add_run_options(CLI::App* cmd, RunOptions& o, const report::RunConfig& built);

// What a checked `run` command line asks for.
struct CheckedRun {
  report::RunConfig cfg;
  std::optional<tb::PmuMutation> mutation;
  // Test only (docs/dev/probe.md "Probe mutants"): the id of the probe mutant the environment
  // variable STACKSCOPE_TEST_PROBE_MUTANT names (0: none), so a ctest can rerun any other
  // test's commands on a miswired probe; the test being rerun calls stackscope through its
  // own scripts, hence a variable and not an option.
  uint8_t probe_mutant = 0;
};

// The config file, then the options in order, validated against `built`, and every option
// that needs no file checked. Throws std::runtime_error (one line) on anything bad.
CheckedRun check_run_options(const RunOptions& o, const report::RunConfig& built);

}  // namespace stackscope
